# tools/session_lib.sh: sourced by tools/gpu_session.sh and tools/multi_session.sh
# once they have set B (the gsync-bench binary), OUT and LOG.  CSV_TIMEOUT
# (seconds, unset: none) bounds each gsync-bench run.

# csv NAME ARGS...: gsync-bench ARGS --format csv > NAME.csv, the command in NAME.cmd
csv() {
  local name=$1; shift
  echo "gsync-bench $* --format csv" >"$OUT/$name.cmd"
  local t0=$SECONDS
  ${CSV_TIMEOUT:+timeout "$CSV_TIMEOUT"} $B "$@" --format csv >"$OUT/$name.csv" 2>>"$LOG"
  echo "$name rc=$? $((SECONDS - t0)) s" | tee -a "$LOG"
}

# csvs NAME -- [VAR=VALUE...] ARGS... [-- ...]: several gsync-bench runs into one NAME.csv (one
# header), each command a line of NAME.cmd; leading VAR=VALUE words go to that run's environment
csvs() {
  local name=$1 first=1; shift 2
  : >"$OUT/$name.cmd"; : >"$OUT/$name.csv"
  while [ $# -gt 0 ]; do
    local args=() envs=()
    while [ $# -gt 0 ] && [[ $1 =~ ^[A-Z_][A-Z0-9_]*= ]]; do envs+=("$1"); shift; done
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    echo "${envs[*]}${envs[*]:+ }gsync-bench ${args[*]} --format csv" >>"$OUT/$name.cmd"
    local t0=$SECONDS
    ${CSV_TIMEOUT:+timeout "$CSV_TIMEOUT"} env "${envs[@]}" $B "${args[@]}" --format csv 2>>"$LOG" |
      { [ $first = 1 ] && cat || tail -n +2; } >>"$OUT/$name.csv"
    echo "$name: ${args[*]}: rc=${PIPESTATUS[0]} $((SECONDS - t0)) s" | tee -a "$LOG"
    first=0
  done
}
