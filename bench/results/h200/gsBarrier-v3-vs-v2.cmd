# gsBarrier v3 against v2, side by side in one run on one H200 (2026-11-21, third session).
# v2/ was `git archive c358350` (the previous session's last commit), built alongside build/ (this commit).
# The gsync_version column names the build and round (v2-r1, v3-r1, v2-r2, v3-r2); the peers were
# run by both builds, so each build's peers ran with that build's benchmark loop.
B="run gsBarrier,cudaBarrier,gridSync --tbs-per-sm 1,2,4,8,16,32 --repeat 5 --format csv"
for r in 1 2; do for l in 0 10; do
  ./build/gsync-bench $B --ldst $l | sed "s/^0.1.0,/v3-r$r,/" >> side.csv
  v2/build/gsync-bench $B --ldst $l | sed "s/^0.1.0,/v2-r$r,/" >> side.csv
done; done
