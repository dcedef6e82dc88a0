#!/usr/bin/env python3
"""Prints a gsync-bench CSV as a compact table: primitive, blocks/SM, ns/op
cluster size,
(median, min, max), noise, body, verdict."""
import csv
import sys

for path in sys.argv[1:]:
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            print(f"{r['primitive']:16} {r['tbs_per_sm']:>3} {r['tbs']:>5} c{r.get('cluster', '1'):<2} {r['ns_per_op']:>9} "
                  f"{r['ns_min']:>9} {r['ns_max']:>9} {r['noise_pct']:>6} {r['body_ns']:>7} "
                  f"{r['verdict']} {r['detail']}")
