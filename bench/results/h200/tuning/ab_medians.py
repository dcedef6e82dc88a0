#!/usr/bin/env python3
"""Medians of an interleaved A/B CSV (gsync-bench rows, each prefixed with
<variant>-r<round>-l<ldst>): ns per barrier by primitive, ldst and blocks
per SM, one column per variant, each against the baseline variant (the
second argument; A if none).  Rows that did not PASS are listed at the end."""
import collections
import csv
import statistics
import sys

runs, failed, variants = collections.defaultdict(list), [], []
baseline = sys.argv[2] if len(sys.argv) > 2 else 'A'
for row in csv.reader(open(sys.argv[1])):
    if len(row) < 27 or row[1] == 'gsync_version':
        continue
    variant, _, ldst = row[0].split('-')
    if variant not in variants:
        variants.append(variant)
    key = (row[9], ldst, int(row[12]))  # primitive, ldst, tbs_per_sm
    if row[26] != 'PASS':
        failed.append((variant,) + key + (row[26],))
    else:
        runs[key + (variant,)].append(float(row[19]))  # ns_per_op
print('primitive,ldst,tbs_per_sm,' + ','.join(variants))
for key in sorted({k[:3] for k in runs}):
    base = runs.get(key + (baseline,))
    base = statistics.median(base) if base else None
    cells = []
    for v in variants:
        x = runs.get(key + (v,))
        if not x:
            cells.append('-')
            continue
        m = statistics.median(x)
        cells.append(f'{m:.0f}' if v == baseline or base is None else f'{m:.0f} ({100 * (m / base - 1):+.1f}%)')
    print(','.join([key[0], key[1], str(key[2])] + cells))
print('not PASS:', failed if failed else 'none')
