#!/bin/sh
# cli_expect.sh RC REGEX CMD...: runs CMD, expects exit status RC and, when
# REGEX is not empty, exactly one line on stderr that matches REGEX.
want_rc=$1; regex=$2; shift 2
err=$(mktemp); out=$(mktemp)
"$@" >"$out" 2>"$err"; rc=$?
status=0
if [ "$rc" != "$want_rc" ]; then echo "exit status $rc, expected $want_rc: $*"; status=1; fi
if [ -n "$regex" ]; then
  lines=$(wc -l <"$err")
  if [ "$lines" != 1 ]; then echo "expected one line on stderr, got $lines"; status=1; fi
  if ! grep -Eq -- "$regex" "$err"; then echo "stderr does not match '$regex'"; status=1; fi
fi
cat "$err"
rm -f "$err" "$out"
exit $status
