#!/usr/bin/env bash
# tools/sanitize.sh OUT_DIR: compute-sanitizer over small configurations
# (8 blocks, 3 sections or episodes, one timed launch) of every primitive,
# on a build (OUT_DIR/san, for this GPU: SAN_ARCH, default native) whose
# barriers verify over 100 episodes (racecheck is slow).
# SAN_TOOLS picks the tools (memcheck racecheck synccheck); SAN_ORIGIN=gsync
# runs only gsync's own primitives, SAN_FAMILY=local only that family's.  Writes OUT_DIR/sanitize.csv (tool,
# primitive, origin, verdict, errors) and OUT_DIR/sanitize.log.
set -uo pipefail
out=${1:-build}
mkdir -p "$out"
export PATH="$PATH:/usr/local/cuda/bin"
log=$(mktemp)
cmake -S . -B "$out/san" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES="${SAN_ARCH:-native}" \
  -DCMAKE_C_FLAGS=-DGS_BARRIER_VERIFY_EPISODES=100 >"$log" 2>&1 &&
  cmake --build "$out/san" -j "$(nproc)" --target gsync-bench >>"$log" 2>&1 || { tail -20 "$log"; rm -f "$log"; exit 1; }
rm -f "$log"
B=$out/san/gsync-bench
echo "tool,primitive,origin,verdict,errors" >"$out/sanitize.csv"
: >"$out/sanitize.log"
$B list | tail -n +2 | while read -r prim family origin rest; do
  [ "$origin" = CUDA ] && origin="CUDA peer"
  [ -n "${SAN_ORIGIN:-}" ] && [ "$origin" != "$SAN_ORIGIN" ] && continue
  [ -n "${SAN_FAMILY:-}" ] && [ "$family" != "$SAN_FAMILY" ] && continue
  [ "$origin" = test ] && continue # the tests' broken twins
  extra=""
  [ "$family" = relaxed ] && case $prim in hist* | hg*) extra="--samples 65536" ;; esac
  for tool in ${SAN_TOOLS:-memcheck racecheck synccheck}; do
    # shellcheck disable=SC2086
    log=$(compute-sanitizer --tool "$tool" $B run "$prim" --tbs 8 --iters 3 --repeat 1 --timeout 5 $extra 2>&1)
    verdict=$(echo "$log" | grep -oE " (PASS|FAIL|TIMEOUT)" | head -1 | tr -d ' ')
    errors=$(echo "$log" | grep -oE "(ERROR SUMMARY: [0-9]+ error|RACECHECK SUMMARY: [0-9]+ hazard)" | grep -oE "[0-9]+" | head -1)
    echo "$tool,$prim,\"$origin\",${verdict:-ERROR},${errors:-?}" >>"$out/sanitize.csv"
    { echo "== $tool $prim"; echo "$log" | grep -E "PASS|FAIL|TIMEOUT|SUMMARY|rror" | head -8; } >>"$out/sanitize.log"
  done
done
awk -F, 'NR > 1 && $5 != "0" { print "reported:", $0 }' "$out/sanitize.csv"
echo "$(($(wc -l <"$out/sanitize.csv") - 1)) runs"
