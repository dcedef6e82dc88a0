#!/bin/sh
# docs_options.sh BENCH: every --option that README.md and docs/*.md name is
# one that gsync-bench's help names (the tools' own flags excepted), so that
# a renamed or removed option cannot live on in the documents.
bench=$1; root=$(dirname "$0")/..
known=$(mktemp); trap 'rm -f "$known"' EXIT
{ "$bench" --help; for c in $("$bench" --help | sed -n 's/^[a-z: ]*gsync-bench \([a-z][a-z]*\).*/\1/p' | sort -u); do
    "$bench" "$c" --help; done; } 2>/dev/null | grep -o -- '--[a-z][a-z0-9-]*' | sort -u >"$known"
# cmake, pkg-config, compute-sanitizer and gsync-bench --version: not options of a command
printf '%s\n' --install --build --prefix --libs --cflags --tool --version >>"$known"
[ "$(wc -l <"$known")" -gt 40 ] || { echo "docs_options: too few options read from $bench --help"; exit 1; }
bad=0
for f in "$root"/README.md "$root"/docs/*.md; do
  for o in $(sed 's/](#[^)]*)//g' "$f" | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
    if ! grep -qxF -- "$o" "$known"; then echo "$(basename "$f"): $o is no option of gsync-bench"; bad=1; fi
  done
done
exit $bad
