#!/usr/bin/env python3
"""Generates bench/results/README.md (the headline tables, then every CSV with its
command) and docs/results/<gpu>.md (every CSV of that GPU as a table, in pages
by group where long) from the CSVs under bench/results/<gpu>/ and the NAME.cmd
beside each (its command lines).

Usage: python3 tools/results_readme.py [--root bench/results] [--tables docs/results]
                                       [--out bench/results/README.md] [--check]

Each CSV is recognised by its header, not its name:
  family sweep   (gsync-bench run):     has `primitive` and `ns_per_op`
  plain barriers (plain-build compare): has `barrier` and `ns_median`
  form tuning:                          has `form` and `best`
  floor:                                has `measure` and `ns`
  decompose:                            has `blocks` and `barrier_ns`
  multi (gsync-bench multi):            has `way`, `gpus`, `per` and `ns_median`
                                        (a file whose rows all FAIL: a broken twin)
anything else is listed by name only.  Only the CSVs directly inside each GPU
folder are read.  It exits 1 on a CSV without its .cmd or a .cmd without its
CSV; --check also when the README or a tables page on disk differs from what
would be generated, or a page is no longer made.  Standard library only.
"""
import argparse
import csv
import re
import os
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
META = ["gsync_version", "device", "sm_count", "clock_mhz", "cc", "driver",
        "runtime", "command"]
PLAIN_BARRIERS = ["gs_barrier_sync", "grid.sync", "cuda::barrier",
                  "unordered counter"]
PLAIN_PEERS = ["grid.sync", "cuda::barrier"]


# ---------------------------------------------------------------- helpers

def num(s):
    """float(s), or None when s is empty or not a number."""
    try:
        v = float(s)
    except (TypeError, ValueError):
        return None
    return v if v == v else None  # NaN -> None


def int_key(s):
    v = num(s)
    return (0, v, "") if v is not None else (1, 0.0, str(s))


def md(s):
    return str(s).replace("|", "\\|").replace("\n", " ")


def table(header, rows, right_from=1):
    out = ["| " + " | ".join(md(h) for h in header) + " |",
           "| " + " | ".join("---" if i < right_from else "---:"
                             for i in range(len(header))) + " |"]
    for r in rows:
        out.append("| " + " | ".join(md(c) for c in r) + " |")
    return out


def ns_cell(ns, noise):
    """Integer ns, plus ' ±N.N%' when the noise is at least 1%."""
    v = num(ns)
    if v is None:
        return "-"
    try:  # round half up on the decimal text, not half-even on a binary float
        s = str(Decimal(str(ns).strip()).quantize(Decimal(1), ROUND_HALF_UP))
    except ArithmeticError:
        s = f"{v:.0f}"
    n = num(noise)
    if n is not None and n >= 1.0:
        s += f" ±{n:.1f}%"
    return s


def tbs_label(t):
    v = num(t)
    return f"{v:g}/SM" if v is not None else f"{t}/SM"


def cuda_version(s):
    v = num(s)
    if v is None or v != int(v) or v < 1000:
        return str(s)
    v = int(v)
    return f"{v // 1000}.{(v % 1000) // 10}"


def read_csv(path):
    """(header, rows as dicts); rows that repeat the header (files made by
    concatenation), comment rows and rows of the wrong width are skipped."""
    with open(path, newline="") as f:
        lines = list(csv.reader(f))
    if not lines:
        return [], []
    header = [h.strip() for h in lines[0]]
    rows = []
    for r in lines[1:]:
        if not r or r[0].startswith("#") or len(r) != len(header):
            continue
        if [c.strip() for c in r] == header:
            continue
        rows.append(dict(zip(header, r)))
    return header, rows


def kind_of(header):
    h = set(header)
    if {"primitive", "ns_per_op"} <= h:
        return "sweep"
    if {"form", "best"} <= h:
        return "tune"
    if {"barrier", "ns_median"} <= h:
        return "plain"
    if {"measure", "ns"} <= h:
        return "floor"
    if {"blocks", "barrier_ns"} <= h:
        return "decompose"
    if {"program", "sync", "ms_median"} <= h:
        return "app"
    if {"workload", "way", "mops_per_s"} <= h:
        return "server"
    if {"way", "gpus", "per", "ns_median"} <= h:
        return "multi"
    return None


def uniform(rows, col):
    vals = {r.get(col, "") for r in rows}
    return vals.pop() if len(vals) == 1 else None


def ratio_text(ratio):
    if f"{ratio:.2f}" == "1.00":
        return "1.00x (same)"
    if ratio > 1.0:
        return f"{ratio:.2f}x faster"
    return f"{1.0 / ratio:.2f}x slower"


def passed(r, col):
    """The number in r[col] when r is a row that PASSed, else None."""
    return num(r.get(col)) if r and r.get("verdict") == "PASS" else None


def passed_at(cells, key, col):
    """t -> the number in col of cells[(key, t)] when that row PASSed."""
    return lambda t: passed(cells.get((key, t)), col)


def ratio_points(tbs_vals, ours, other):
    """'1.58x faster at 1/SM', ... at each tbs_per_sm where both ours(t) and
    other(t) (times: lower is faster) are numbers."""
    pts = []
    for t in tbs_vals:
        o, p = ours(t), other(t)
        if o and p:
            pts.append(f"{ratio_text(p / o)} at {tbs_label(t)}")
    return pts


# ---------------------------------------------------------------- sections

def caption(rel, rows, section_device, what):
    bits = [f"`{rel}`"]
    dev = uniform(rows, "device")
    if dev and section_device and dev != section_device:
        bits.append(dev)
    return ", ".join(bits) + f": {what}"


def sweep_section(rel, header, rows, section_device):
    out = []
    if not rows:
        return [f"`{rel}`: no rows.", ""]
    # Group by the columns that vary within the file: run tag (gsync_version,
    # for files that concatenate several runs), ldst and threads.
    group_cols = [c for c in ("gsync_version", "ldst", "threads")
                  if c in header and uniform(rows, c) is None]
    groups = {}
    for r in rows:
        groups.setdefault(tuple(r.get(c, "") for c in group_cols), []).append(r)
    names = {"gsync_version": "run", "ldst": "ldst", "threads": "threads"}
    for key in sorted(groups, key=lambda k: [int_key(x) for x in k]):
        g = groups[key]
        tbs_vals = sorted({r.get("tbs_per_sm", "") for r in g}, key=int_key)
        # rows in file order; a second row for the same primitive and
        # tbs_per_sm (a repeated run) becomes a row of its own.
        labels, cells, origin, clusters = [], {}, {}, {}
        for r in g:
            p, t = r.get("primitive", ""), r.get("tbs_per_sm", "")
            label, n = p, 1
            while (label, t) in cells:
                n += 1
                label = f"{p} #{n}"
            if label not in origin:
                labels.append(label)
                origin[label] = r.get("origin", "")
                clusters[label] = set()
            cells[(label, t)] = r
            c = r.get("cluster", "")
            if c not in ("", "1", "0"):
                clusters[label].add(c)
        desc = []
        for c in ("ldst", "threads", "iters", "repeat"):
            v = uniform(g, c)
            if v not in (None, ""):
                desc.append({"ldst": f"ldst {v}", "threads": f"{v} threads",
                             "iters": f"{v} iters",
                             "repeat": f"median of {v}"}[c])
        # ldst and threads are in desc already (uniform within a group)
        sub = ", ".join(f"{names[c]} {v}" for c, v in zip(group_cols, key)
                        if c == "gsync_version")
        what = "ns per op" + (f" ({', '.join(desc)})" if desc else "")
        if sub:
            what = f"{sub}: {what}"
        out.append(caption(rel, g, section_device, what + "; ±noise shown "
                           "when >= 1%."))
        out.append("")
        body = []
        for label in labels:
            org = origin[label]
            if clusters[label]:
                org += " (cluster " + ",".join(
                    sorted(clusters[label], key=int_key)) + ")"
            line = [f"`{label}`", org]
            for t in tbs_vals:
                r = cells.get((label, t))
                if r is None:
                    line.append("")
                elif r.get("verdict", "") != "PASS":
                    line.append(r.get("verdict", "") or "-")
                else:
                    line.append(ns_cell(r.get("ns_per_op"), r.get("noise_pct")))
            body.append(line)
        out += table(["primitive", "origin"] + [tbs_label(t) for t in tbs_vals],
                     body, right_from=2)
        out.append("")

        def best(t, pred):
            vals = [num(r.get("ns_per_op")) for (lab, tt), r in cells.items()
                    if tt == t and pred(origin[lab])
                    and r.get("verdict") == "PASS"]
            vals = [v for v in vals if v is not None and v > 0]
            return min(vals) if vals else None

        notes = []
        for label in labels:
            if origin[label] != "gsync":
                continue
            parts = []
            for what, pred in (
                    ("best baseline", lambda o: o.endswith("baseline")),
                    ("best CUDA peer", lambda o: o == "CUDA peer")):
                pts = ratio_points(tbs_vals, passed_at(cells, label, "ns_per_op"),
                                   lambda t: best(t, pred))
                if pts:
                    parts.append(f"vs {what}: " + ", ".join(pts))
            if parts:
                notes.append(f"- `{label}` " + "; ".join(parts))
        # a cluster primitive against the same algorithm at gpu scope
        for label in labels:
            glob = label.replace("Cluster", "")
            if "Cluster" not in label or glob not in origin:
                continue
            pts = ratio_points(tbs_vals, passed_at(cells, label, "ns_per_op"), passed_at(cells, glob, "ns_per_op"))
            if pts:
                notes.append(f"- `{label}` vs `{glob}` (the same algorithm at gpu scope): " + ", ".join(pts))
        if notes:
            out += notes
            out.append("")
    return out


def plain_section(rel, header, rows, section_device):
    out = []
    if not rows:
        return [f"`{rel}`: no rows.", ""]
    groups = {}
    multi_threads = uniform(rows, "threads") is None
    for r in rows:
        groups.setdefault(r.get("threads", "") if multi_threads else "",
                          []).append(r)
    for thr in sorted(groups, key=int_key):
        g = groups[thr]
        cells, tbs_vals, blocks = {}, [], {}
        for r in g:
            t = r.get("tbs_per_sm", "")
            if t not in blocks:
                tbs_vals.append(t)
                blocks[t] = r.get("blocks", "")
            cells.setdefault((t, r.get("barrier", "")), r)
        tbs_vals.sort(key=int_key)
        barriers = [b for b in PLAIN_BARRIERS
                    if any(k[1] == b for k in cells)]
        others = sorted({k[1] for k in cells} - set(PLAIN_BARRIERS))
        barriers += others
        desc = []
        v = uniform(g, "threads")
        if v:
            desc.append(f"{v} threads")
        v = uniform(g, "rounds")
        if v:
            desc.append(f"{v} rounds")
        what = "plain-build barriers, ns median" + (
            f" ({', '.join(desc)})" if desc else "") + \
            "; * = within the combined noise."
        out.append(caption(rel, g, section_device, what))
        out.append("")
        body = []
        for t in tbs_vals:
            line = [tbs_label(t), blocks[t]]
            for b in barriers:
                r = cells.get((t, b))
                line.append(ns_cell(r.get("ns_median"), r.get("noise_pct"))
                            if r else "")
            ours = cells.get((t, "gs_barrier_sync"))
            line.append(ours.get("form", "") if ours else "")
            o = num(ours.get("ns_median")) if ours else None
            on = num(ours.get("noise_pct")) if ours else None
            peer = None
            for b in PLAIN_PEERS:
                r = cells.get((t, b))
                p = num(r.get("ns_median")) if r else None
                if p is not None and (peer is None or p < peer[0]):
                    peer = (p, num(r.get("noise_pct")) or 0.0)
            if o and peer:
                s = f"{peer[0] / o:.2f}x"
                if abs(o - peer[0]) <= (o * (on or 0.0) +
                                        peer[0] * peer[1]) / 100.0:
                    s += "*"
                line.append(s)
            else:
                line.append("-")
            u = cells.get((t, "unordered counter"))
            un = num(u.get("ns_median")) if u else None
            line.append(f"{o / un:.2f}x" if o and un else "-")
            body.append(line)
        out += table(["tbs/SM", "blocks"] + barriers +
                     ["form", "vs best peer", "vs unordered"], body)
        out.append("")
    return out


def tune_section(rel, header, rows, section_device):
    if not rows:
        return [f"`{rel}`: no rows.", ""]
    forms, tbs_vals, blocks, cells, best = [], [], {}, {}, {}
    for r in rows:
        t, f = r.get("tbs_per_sm", ""), r.get("form", "")
        if f not in forms:
            forms.append(f)
        if t not in blocks:
            tbs_vals.append(t)
            blocks[t] = r.get("blocks", "")
        cells.setdefault((t, f), r)
    tbs_vals.sort(key=int_key)
    for r in rows:
        t, b = r.get("tbs_per_sm", ""), r.get("best", "").strip()
        if b in forms:
            best.setdefault(t, b)
        elif b.lower() not in ("", "0", "-", "no", "false", "n"):
            best.setdefault(t, r.get("form", ""))
    body = []
    for t in tbs_vals:
        line = [tbs_label(t), blocks[t]]
        for f in forms:
            r = cells.get((t, f))
            line.append(ns_cell(r.get("ns_median"), r.get("noise_pct"))
                        if r else "")
        line.append(best.get(t, "-"))
        body.append(line)
    out = [caption(rel, rows, section_device,
                   "gs_barrier_sync forms, ns median."), ""]
    out += table(["tbs/SM", "blocks"] + forms + ["best"], body)
    out.append("")
    return out


def floor_section(rel, header, rows, section_device):
    body = []
    for r in rows:
        m = r.get("measure", "")
        if r.get("note", "").strip():
            m += f" ({r['note'].strip()})"
        v = num(r.get("ns"))
        body.append([m, f"{v:.1f}" if v is not None else r.get("ns", "")])
    out = [caption(rel, rows, section_device, "latency floor."), ""]
    out += table(["measure", "ns"], body)
    out.append("")
    return out


def decompose_section(rel, header, rows, section_device):
    cols = [h for h in header if h not in META]
    out = [caption(rel, rows, section_device, "barrier decomposition, ns."),
           ""]
    out += table(cols, [[r.get(c, "") for c in cols] for r in rows])
    out.append("")
    return out


def app_section(rel, header, rows, section_device):
    """Per program and point: gsBarrier's time and each mode's time as a
    ratio to gridSync's (above 1: faster than grid.sync())."""
    modes = []
    for r in rows:
        if r["sync"] not in modes:
            modes.append(r["sync"])
    body = []
    # a file that runs a program several ways (block sizes, a knob named in the detail) pairs rows of one way
    several_threads = len({x.get("threads", "") for x in rows}) > 1
    several_details = len({x.get("detail", "") for x in rows if x["sync"] == "gridSync"}) > 1
    way = lambda x: (x["program"], x["graph"], x["blocks_per_sm"], x.get("threads", ""),
                     x.get("detail", "") if several_details else "")
    for r in rows:
        if r["sync"] != "gridSync":
            continue
        same = [x for x in rows if way(x) == way(r)]
        prog = r["program"] + (f" ({r['detail']})" if several_details and r["detail"] else "")
        tbs = r["blocks_per_sm"] + (f" x {r['threads']}" if several_threads else "")
        cells = [prog, r["graph"], tbs, r["iterations"], f"{num(r['ms_median']):.3f}"]
        for m in modes:
            if m == "gridSync":
                continue
            x = next((y for y in same if y["sync"] == m), None)
            if x is None:
                cells.append("")
            elif x["verdict"] != "PASS":
                cells.append(x["verdict"])
            else:
                cells.append(f"{num(x['x_gridsync']):.2f}")
        body.append(cells)
    if not body:  # no grid.sync() rows (UTS: locks; async knobs): each mode's median time
        # runs under several knob settings (the detail after ';', app-async-knobs.csv): a column each
        knobs = {r["detail"].partition("; ")[2] for r in rows}
        if len(knobs) > 1:
            rows = [dict(r, sync=f"{r['sync']} ({r['detail'].partition('; ')[2]})") for r in rows]
            modes = list(dict.fromkeys(r["sync"] for r in rows))
        points = []
        for r in rows:
            key = (r["program"], r["graph"], r["blocks_per_sm"])
            if key not in points:
                points.append(key)
        def cell(x):
            return f"{num(x['ms_median']):.3f}" if x["verdict"] == "PASS" else x["verdict"]
        for key in points:
            same = {}  # a setting run twice at one point (a knob's default named again) keeps both runs
            for x in rows:
                if (x["program"], x["graph"], x["blocks_per_sm"]) == key:
                    same.setdefault(x["sync"], []).append(cell(x))
            body.append(list(key) + [" / ".join(same.get(m, [])) for m in modes])
        out = [caption(rel, rows, section_device, "whole programs; each mode's median time, ms."), ""]
        out += table(["program", "input", "TB/SM"] + modes, body)
        out.append("")
        return out
    out = [caption(rel, rows, section_device,
                   "whole programs; gridSync's median time, and every other mode's speed "
                   "relative to it (above 1.00: faster than grid.sync())."), ""]
    out += table(["program", "graph", "TB/SM", "iters", "gridSync ms"] + [m for m in modes if m != "gridSync"],
                 body)
    out.append("")
    return out


ORDERINGS = ("SC", "AcqRel", "Relaxed")


def small_ns_cell(ns, noise):
    """Three significant digits (times below 1 ns are per-element throughputs)."""
    v = num(ns)
    if v is None:
        return "-"
    s = f"{v:.3g}" if v < 100 else f"{v:.0f}"
    n = num(noise)
    return s + (f" ±{n:.1f}%" if n is not None and n >= 1.0 else "")


def relaxed_section(rel, header, rows, section_device):
    """The relaxed family: per pattern and grid, each ordering's time and
    its ratio to SC's; the histogram competition in G samples/s."""
    out = [caption(rel, rows, section_device,
                   "relaxed atomics; ns per operation (noise), and SC's time over each "
                   "ordering's (above 1.00: faster than SC)."), ""]
    body, seen = [], []
    for r in rows:
        name = r["primitive"]
        base = next((name[:-len(o)] for o in ORDERINGS if name.endswith(o)), None)
        if base is None or (base, r["tbs"]) in seen:
            continue
        seen.append((base, r["tbs"]))
        same = {x["primitive"][len(base):]: x for x in rows
                if x["tbs"] == r["tbs"] and x["primitive"] in [base + o for o in ORDERINGS]}
        sc = num(same["SC"]["ns_per_op"]) if "SC" in same and same["SC"]["verdict"] == "PASS" else None
        cells = [base, r["tbs"], r["threads"]]
        for o in ORDERINGS:
            x = same.get(o)
            cells.append("" if x is None else small_ns_cell(x["ns_per_op"], x["noise_pct"]) if x["verdict"] == "PASS"
                         else x["verdict"])
        for o in ("AcqRel", "Relaxed"):
            x = same.get(o)
            v = num(x["ns_per_op"]) if x and x["verdict"] == "PASS" else None
            cells.append(f"{sc / v:.2f}" if sc and v else "")
        body.append(cells)
    if body:
        out += table(["pattern", "TBs", "threads", "SC", "AcqRel", "Relaxed", "SC/AcqRel", "SC/Relaxed"], body)
        out.append("")
    others = [r for r in rows if not any(r["primitive"].endswith(o) for o in ORDERINGS)]
    hist = [r for r in others if r["primitive"].startswith("hist")]
    if hist:
        bins = []
        for r in hist:
            b = re.sub(r"^hist(Atomic|Cub|Gsync)", "", r["primitive"])
            if b not in bins:
                bins.append(b)
        hbody = []
        for b in bins:
            cells, rate = [b], {}
            for k in ("Atomic", "Cub", "Gsync"):
                x = next((y for y in hist if y["primitive"] == f"hist{k}{b}"), None)
                v = num(x["ns_per_op"]) if x and x["verdict"] == "PASS" else None
                rate[k] = 1.0 / v if v else None
                cells.append(f"{rate[k]:.1f}" if v else (x["verdict"] if x else ""))
            best = max([v for k, v in rate.items() if k != "Gsync" and v] or [0.0])
            cells.append(f"{rate['Gsync'] / best:.2f}" if rate["Gsync"] and best else "")
            hbody.append(cells)
        out.append("Histograms, G samples/s (and gsync's over the faster of the other two):")
        out.append("")
        out += table(["bins", "global atomics", "CUB", "gsync", "gsync/best"], hbody)
        out.append("")
    rest = [r for r in others if not r["primitive"].startswith("hist")]
    if rest:
        out.append("Not ordered (their FAIL is the finding): " + "; ".join(
            f"{r['primitive']} at {r['tbs']} TBs {r['verdict']}" + (f" ({r['detail']})" if r["detail"] else "")
            for r in rest) + ".")
        out.append("")
    return out


LOCKS = ("spinLock", "ticketLock", "tryLock", "atomic")


def server_variant(r):
    """What else tells a server row's point apart: the graph, the message
    size or the lookups' share (absent from older CSVs)."""
    if r.get("input"):
        return r["input"]
    if r.get("msg_bytes", "0") not in ("", "0"):
        dest = {"lane": ", per-lane destinations", "warp": ", a warp to one server (best case)"}.get(r.get("dest", ""), "")
        return r["msg_bytes"] + " B, " + r["capacity"] + " slots" + dest
    if r["workload"] == "hashtable" and r.get("lookup_pct", "0") not in ("", "0"):
        return r["lookup_pct"] + "% lookups"
    return ""


def stress_section(rel, rows, section_device):
    """A stress matrix: per way, how many configurations PASSed, FAILed or
    TIMEd OUT, the queues that crossed 2^32 (with --wrap), and the spread of
    message rates over the configurations that passed."""
    body = []
    for way in dict.fromkeys(r["way"] for r in rows):
        mine = [r for r in rows if r["way"] == way]
        count = {v: sum(1 for r in mine if r["verdict"] == v) for v in ("PASS", "FAIL", "TIMEOUT")}
        rates = sorted(num(r["mops_per_s"]) for r in mine if r["verdict"] == "PASS" and num(r["mops_per_s"]))
        crossed = sum(1 for r in mine if "queues past 2^32" in r.get("detail", "")
                      and not r["detail"].split("; ")[-1].startswith("0 of"))
        spread = f"{rates[0]:.1f} / {rates[len(rates) // 2]:.1f} / {rates[-1]:.1f}" if rates else ""
        body.append([way, str(len(mine)), str(count["PASS"]), str(count["FAIL"]), str(count["TIMEOUT"]),
                     str(crossed), spread])
    out = [caption(rel, rows, section_device,
                   "the server's stress matrix, a user's programs drawn over block sizes, grids, queue "
                   "capacities, server shares, message sizes, hot items and pings; each configuration "
                   "checked message by message (M messages/s: min / median / max of those that passed)."), ""]
    out += table(["way", "configs", "PASS", "FAIL", "TIMEOUT", "crossed 2^32", "M msg/s"], body)
    out.append("")
    return out


def server_section(rel, header, rows, section_device):
    """Per workload and point: each way's Mops/s, and the server's over the
    faster lock (or atomic)."""
    if rows and all(r["workload"] == "stress" for r in rows):
        return stress_section(rel, rows, section_device)
    ways = []
    for r in rows:
        if r["way"] not in ways:
            ways.append(r["way"])
    points = []
    for r in rows:
        key = (r["workload"], r["items"], r["keys"], server_variant(r),
               r["share_pct"] if r["way"] not in LOCKS else "")
        if r["way"] not in LOCKS and key not in points:
            points.append(key)
    body = []
    variants = any(p[3] for p in points)
    for wl, items, keys, var, share in points:
        same = [x for x in rows if (x["workload"], x["items"], x["keys"], server_variant(x)) == (wl, items, keys, var)
                and (x["way"] in LOCKS or x["share_pct"] == share)]
        cells, rate = [wl, items if items != "0" else "", keys if keys != "0" else ""] + ([var] if variants else []) + \
            [share], {}
        for w in ways:
            x = next((y for y in same if y["way"] == w), None)
            v = num(x["mops_per_s"]) if x and x["verdict"] == "PASS" else None
            rate[w] = v
            cells.append("" if x is None else f"{v:.1f}" if v is not None else x["verdict"])
        best = max([v for w, v in rate.items() if w in LOCKS and v] or [0.0])
        ours = max([v for w, v in rate.items() if w in ("server", "serverLF") and v] or [0.0])
        cells.append(f"{ours / best:.2f}" if ours and best else "")
        body.append(cells)
    out = [caption(rel, rows, section_device,
                   "the synchronization server; millions of operations (messages, round trips) a second "
                   "for each way, and the server's over the fastest lock or atomic."), ""]
    out += table(["workload", "items", "keys"] + (["variant"] if variants else []) + ["server %"] + ways +
                 ["server/best"], body)
    out.append("")
    return out


MULTI_BARRIERS = ("hier", "hierDirect", "flat")
MULTI_PEERS = ("nvshmemGrid", "ncclGrid", "naive")
MULTI_RATES = {"message": "G msgs/s", "update": "G updates/s"}


def multi_cell(r):
    """A multi row's cell: its verdict unless PASS; the queue's and the
    server's (per message, per update) in G a second; the rest in ns as
    ns_cell writes them."""
    if r is None:
        return ""
    if r.get("verdict") != "PASS":
        return r.get("verdict") or "-"
    if r.get("per") in MULTI_RATES:
        v = num(r.get("ns_median"))
        return small_ns_cell(1.0 / v, r.get("noise_pct")) if v else "-"
    return ns_cell(r.get("ns_median"), r.get("noise_pct"))


def multi_section(rel, header, rows, section_device):
    """gsync-bench multi: a row per way (in the CSV's order), a column per
    tbs_per_sm; below, each gsync barrier's speed against the peers."""
    if not rows:
        return [f"`{rel}`: no rows.", ""]
    gpus, repeat = uniform(rows, "gpus"), uniform(rows, "repeat")
    # a row per way, or per way and count of GPUs where the CSV holds several counts
    key = (lambda r: r.get("way", "")) if gpus else (lambda r: f"{r.get('way', '')}, {r.get('gpus', '')} GPU" + ("" if r.get("gpus") == "1" else "s"))
    ways = list(dict.fromkeys(key(r) for r in rows))
    tbs_vals = sorted({r.get("tbs_per_sm", "") for r in rows}, key=int_key)
    cells = {}
    for r in rows:
        cells.setdefault((key(r), r.get("tbs_per_sm", "")), r)
    body = []
    for w in ways:
        per = next(r.get("per", "") for (x, _), r in cells.items() if x == w)
        body.append([f"`{w}`" + (f" ({MULTI_RATES[per]})" if per in MULTI_RATES else ""), per] +
                    [multi_cell(cells.get((w, t))) for t in tbs_vals])
    what = (f"synchronization across {gpus or 'several'} GPUs (gsync-bench multi), ns median"
            + (f" of {repeat}" if repeat else "") + " per unit of the `per` column at each count of "
            "blocks per SM on each GPU (the queue and the server: G a second); ±noise shown when >= 1%.")
    out = [caption(rel, rows, section_device, what), ""]
    out += table(["way", "per"] + [tbs_label(t) for t in tbs_vals], body, right_from=2)
    out.append("")
    notes = []
    for w in (x for x in MULTI_BARRIERS if x in ways):
        vs = {p: ratio_points(tbs_vals, passed_at(cells, w, "ns_median"), passed_at(cells, p, "ns_median"))
              for p in MULTI_PEERS if p in ways}
        parts = [f"vs `{p}`: " + ", ".join(pts) for p, pts in vs.items() if pts]
        if parts:
            notes.append(f"- `{w}` " + "; ".join(parts))
    if not gpus:  # a program's scaling: each count of GPUs against one GPU
        for w in dict.fromkeys(r.get("way", "") for r in rows):
            one = key({"way": w, "gpus": "1"})
            for k in (x for x in ways if x != one and x.startswith(w + ", ")):
                a, b = passed_at(cells, one, "ns_median"), passed_at(cells, k, "ns_median")
                pts = [f"{a(t) / b(t):.2f}x at {tbs_label(t)}" for t in tbs_vals if a(t) and b(t)]
                if pts:
                    notes.append(f"- `{k}` against `{one}`: " + ", ".join(pts) + " (time an iteration, 1 GPU / this)")
    return out + notes + ([""] if notes else [])


def multi_twin_section(rel, header, rows, section_device):
    """A broken twin of gsync-bench multi (every row FAIL): one line."""
    return [caption(rel, rows, section_device, "broken twin, every row FAIL: " + "; ".join(
        f"`{r.get('way', '')}`" + (f" ({r['detail']})" if r.get("detail") else "") for r in rows) + "."), ""]


SECTIONS = {"sweep": sweep_section, "plain": plain_section,
            "tune": tune_section, "floor": floor_section,
            "decompose": decompose_section, "app": app_section, "relaxed": relaxed_section,
            "server": server_section, "multi": multi_section, "multiTwin": multi_twin_section}
ORDER = ["sweep", "relaxed", "plain", "tune", "floor", "decompose", "app", "server", "multi", "multiTwin"]


# ---------------------------------------------------------------- main

# The headline: these CSVs' tables open the README, in this order (those present).
HEADLINE = [("h200", "plain.csv"), ("h200x2", "multi-barriers.csv"), ("h100", "barrier.csv"), ("h100", "mutex.csv"),
            ("h100", "apps.csv")]


def classify(gdir):
    """The CSVs of one GPU folder: (order, name, kind, path, header, rows), and the names not tabulated."""
    files, unknown = [], []
    for p in sorted(gdir.glob("*.csv")):
        if not p.is_file():
            continue
        try:
            header, rows = read_csv(p)
        except (OSError, UnicodeDecodeError, csv.Error):
            unknown.append(p.name)
            continue
        k = kind_of(header)
        if k == "sweep" and rows and all(r.get("family") == "relaxed" for r in rows):
            k = "relaxed"
        if k == "multi" and rows and all(r.get("verdict") == "FAIL" for r in rows):
            k = "multiTwin"
        if k is None:
            unknown.append(p.name)
        else:
            files.append((ORDER.index(k), p.name, k, p, header, rows))
    files.sort(key=lambda x: (x[0], x[1]))
    return files, unknown


def device_of(files):
    first = next((x for x in files if x[5] and "device" in x[4]), None)
    return (first[5][0].get("device", "") if first else ""), first


def commands_of(p):
    """The command lines of CSV p, from NAME.cmd beside it (comment lines left out)."""
    try:
        text = p.with_suffix(".cmd").read_text()
    except OSError:
        return []
    return [x.strip() for x in text.splitlines() if x.strip() and not x.startswith("#")]


def command_of(p):
    cmds = commands_of(p)
    return cmds[0] if cmds else ""


PAGES = [("families", ("sweep",)), ("relaxed", ("relaxed",)), ("probes", ("plain", "tune", "floor", "decompose")), ("app", ("app",)),
         ("server", ("server",)), ("multi", ("multi", "multiTwin"))]
PAGE_LINES = 300  # a folder's tables longer than this go to one page per group of commands


def gpu_tables(gdir, out_path):
    """{path: text}: docs/results/<gpu>.md, every CSV of the folder as a table; where that runs past
    PAGE_LINES, that page lists pages <gpu>-<group>.md, one per group of commands."""
    files, unknown = classify(gdir)
    device, first = device_of(files)
    head = [f"# Results on {gdir.name}" + (f": {device}" if device else ""), "",
            "Generated by `tools/results_readme.py` (do not edit by hand) from `bench/results/"
            f"{gdir.name}/`, each CSV's command in the `.cmd` file of the same name.", ""]
    if first:
        r = first[5][0]
        head.append(f"{r.get('sm_count', '?')} SMs, CUDA driver API "
                    f"{cuda_version(r.get('driver', '?'))}, runtime "
                    f"{cuda_version(r.get('runtime', '?'))} "
                    f"(from `{first[1]}`).")
        head.append("")
    tail = []
    if unknown:
        tail = ["Other CSVs (not tabulated): " + ", ".join(f"`{n}`" for n in unknown) + ".", ""]

    def body(of_kinds, page):
        lines = []
        for _, name, k, p, header, rows in files:
            if k in of_kinds:
                rel = Path(os.path.relpath(p, page.parent)).as_posix()
                lines += SECTIONS[k](rel, header, rows, device)
        return lines

    def done(lines):
        while lines and lines[-1] == "":
            lines.pop()
        return "\n".join(lines) + "\n"

    whole = body(ORDER, out_path)
    if len(head) + len(whole) + len(tail) <= PAGE_LINES:
        return {out_path: done(head + whole + tail)}
    texts, index = {}, ["The tables, a page per group of commands:", ""]
    for group, kinds in PAGES:
        names = [f[1] for f in files if f[2] in kinds]
        if not names:
            continue
        page = out_path.with_name(f"{gdir.name}-{group}.md")
        texts[page] = done([f"# Results on {gdir.name}: {group}", "",
                            f"Generated by `tools/results_readme.py` (do not edit by hand); the other pages are "
                            f"listed in [{out_path.name}]({out_path.name}).", ""] + body(kinds, page))
        index.append(f"- [{group}]({page.name}): " + ", ".join(f"`{n}`" for n in names))
    texts[out_path] = done(head + index + [""] + tail)
    return texts


def generate_all(root, out_path, tables_dir):
    """{path: text} of the README (headline, then an index) and each GPU folder's tables in tables_dir."""
    out_dir = out_path.parent
    gpus = sorted(d for d in root.iterdir() if d.is_dir() and any(d.glob("*.csv")))
    texts = {}
    lines = ["# Results", "",
             "Generated by `tools/results_readme.py` from the CSVs below "
             "(do not edit by hand); each CSV's command is in the `.cmd` file of the same name."
             "  The headline first; then every CSV, a line each, with its command; each "
             "GPU's tables page (in `docs/results/`) tabulates all of its CSVs.", "", "## Headline", ""]
    for gpu, name in HEADLINE:
        p = root / gpu / name
        if not p.is_file():
            continue
        files, _ = classify(root / gpu)
        device, _ = device_of(files)
        for _, n, k, q, header, rows in files:
            if n == name:
                rel = Path(os.path.relpath(q, out_dir)).as_posix()
                lines += SECTIONS[k](rel, header, rows, device)
    lines += ["## Every result", ""]
    problems = []
    for gdir in gpus:
        csvs = {p.name for p in gdir.glob("*.csv")}
        problems += [f"{gdir.name}/{n}: no command (a {Path(n).stem}.cmd beside it)" for n in sorted(csvs)
                     if not commands_of(gdir / n)]
        problems += [f"{gdir.name}/{c.name}: no {c.stem}.csv beside it" for c in sorted(gdir.glob("*.cmd"))
                     if c.with_suffix(".csv").name not in csvs]
        files, unknown = classify(gdir)
        device, _ = device_of(files)
        tables = tables_dir / f"{gdir.name}.md"
        texts.update(gpu_tables(gdir, tables))
        rel = Path(os.path.relpath(tables, out_dir)).as_posix()
        lines.append(f"### {gdir.name}" + (f": {device}" if device else "") + f" ([tables]({rel}))")
        lines.append("")
        for n in sorted([x[1] for x in files] + unknown):
            cmd = command_of(gdir / n)
            lines.append(f"- `{n}`" + (f": `{cmd}`" if cmd else ""))
        lines.append("")
    while lines and lines[-1] == "":
        lines.pop()
    texts[out_path] = "\n".join(lines) + "\n"
    return texts, problems


def shown(p):
    try:
        r = os.path.relpath(p)
    except ValueError:
        return str(p)
    return str(Path(p).resolve()) if r.startswith("..") else r


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Generate bench/results/README.md from the result CSVs.")
    ap.add_argument("--root", default=None,
                    help="results folder (default: bench/results of the repo)")
    ap.add_argument("--out", default=None,
                    help="README to write (default: <root>/README.md)")
    ap.add_argument("--tables", default=None,
                    help="folder of each GPU's tables pages (default: docs/results of the repo)")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if the README on disk is not up to date")
    a = ap.parse_args(argv)
    root = Path(a.root) if a.root else REPO / "bench" / "results"
    out = Path(a.out) if a.out else root / "README.md"
    if not root.is_dir():
        print(f"results_readme: {shown(root)}: not a directory",
              file=sys.stderr)
        return 2
    tables_dir = Path(a.tables) if a.tables else REPO / "docs" / "results"
    texts, problems = generate_all(root, out, tables_dir)
    for m in problems:
        print(m)
    if problems:
        return 1
    stale = sorted(p for p in tables_dir.glob("*.md") if p not in texts)  # pages no longer made
    if a.check:
        if stale:
            print(f"{shown(stale[0])}: a tables page no longer made; run tools/results_readme.py")
            return 1
        for path, text in texts.items():
            try:
                old = path.read_text()
            except OSError:
                print(f"{shown(path)}: missing; run tools/results_readme.py")
                return 1
            if old != text:
                new_l, old_l = text.splitlines(), old.splitlines()
                n = next((i for i, (x, y) in enumerate(zip(new_l, old_l))
                          if x != y), min(len(new_l), len(old_l)))
                print(f"{shown(path)}: out of date (first difference at line "
                      f"{n + 1}); run tools/results_readme.py")
                return 1
        return 0
    for path, text in texts.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        print(shown(path))
    for p in stale:
        p.unlink()
        print(f"{shown(p)}: removed (no longer made)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
