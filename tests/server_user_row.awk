# One line of examples/server ("VERDICT threads=T blocks=B servers=S
# capacity=C items=I serve|serve_lf [hot] [combined]: N messages in MS ms,
# R G/s; K counters off, A answers wrong") as a CSV row in
# server_user_expect.sh's columns; other lines print nothing.
/^(PASS|FAIL) threads=/ {
    hot = 0; combined = 0
    for (j = 7; $j !~ /:$/; ++j) ;
    for (i = 7; i <= j; ++i) { w = $i; sub(/:$/, "", w); if (w == "hot") hot = 1; if (w == "combined") combined = 1 }
    serve = $7; sub(/:$/, "", serve)
    for (i = 2; i <= 6; ++i) { split($i, kv, "="); v[i] = kv[2] }
    k = j + 1; sub(/,$/, "", $(k + 3)); sub(/;$/, "", $(k + 5))
    print $1 "," v[2] "," v[3] "," v[4] "," v[5] "," v[6] "," serve "," hot "," combined "," $k "," $(k + 3) "," $(k + 5) "," $(k + 7) "," $(k + 10)
}
