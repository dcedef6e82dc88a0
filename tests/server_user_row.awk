# One line of examples/server ("VERDICT threads=T blocks=B servers=S
# capacity=C items=I serve|serve_lf [hot]: N messages in MS ms, R G/s;
# K counters off, A answers wrong") as a CSV row in server_user_expect.sh's
# columns; other lines print nothing.
/^(PASS|FAIL) threads=/ {
    hot = $8 == "hot:" ? 1 : 0
    serve = $7; sub(/:$/, "", serve)
    for (i = 2; i <= 6; ++i) { split($i, kv, "="); v[i] = kv[2] }
    k = 8 + hot; sub(/,$/, "", $(k + 3)); sub(/;$/, "", $(k + 5))
    print $1 "," v[2] "," v[3] "," v[4] "," v[5] "," v[6] "," serve "," hot "," $k "," $(k + 3) "," $(k + 5) "," $(k + 7) "," $(k + 10)
}
