#!/usr/bin/env python3
"""Figures from gsync-bench's CSVs: tools/plot.py [bench/results] writes
bench/results/<gpu>/figures/NAME.png and NAME.svg for each CSV it knows:
time per operation against blocks per SM for each family sweep (log scale),
the synchronization share of each barrier's episode, where each semaphore
completes, the plain-build barrier comparison and its forms, Feng and Xiao's
decomposition, the floor, the whole programs' times, and what relaxing
atomics buys with the histograms' throughput, the synchronization
server against locks and atomics over contention, and gsync-bench multi's
barriers and locks across GPUs.  `make figures` runs it in build/venv.

Every series name (a primitive, a program's sync mode, a server way, ...)
has one colour and marker in every figure: a first pass collects the names
of every CSV drawn, sorted, and gives each its own (colour, marker) pair.
The line style tells the origin: gsync's own solid and thicker, baselines
dashed, CUDA peers (and the CPU's relaunches) dotted; a series that is not
a correct synchronization (a reference for speed only) is thin and grey."""
import csv
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, NullFormatter, NullLocator  # noqa: E402

plt.rcParams["svg.hashsalt"] = "gsync"  # the SVGs' ids the same every run: make figures gives the same bytes twice


def num(s):
    try:
        v = float(s)
        return v if math.isfinite(v) else None
    except (TypeError, ValueError):
        return None


def rows_of(path):
    with open(path, newline="") as f:
        return [r for r in csv.DictReader(f) if r.get("gsync_version") != "gsync_version"]


def save(fig, out, name):
    os.makedirs(out, exist_ok=True)
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(out, f"{name}.{ext}"), dpi=110, bbox_inches="tight",
                    metadata={"Date": None} if ext == "svg" else None)
    plt.close(fig)


def device(rows):
    return rows[0].get("device", "") if rows else ""


def in_order(values):
    """The distinct values in the order they first come."""
    seen = []
    for v in values:
        if v not in seen:
            seen.append(v)
    return seen


# ---- one colour and marker per series name, in every figure ----------------

# 18 colours that tell apart on white, without grey (grey is for the
# references that are not correct), and 11 markers.
PALETTE = ["tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple", "tab:brown", "tab:pink", "tab:olive",
           "tab:cyan", "#000080", "#8b0000", "#006400", "#b8860b", "#4b0082", "#008080", "#ff1493", "#556b2f",
           "#d2691e"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "<", ">", "h", "*"]
REGISTRY = {}  # name -> (colour, marker), filled by main() before drawing
ORIGIN = {  # the series whose CSVs have no origin column
    "gs_barrier_sync": "gsync", "grid.sync": "CUDA peer", "cuda::barrier": "CUDA peer",
    "flat": "gsync", "spread": "gsync", "gathered": "gsync", "wide": "gsync",
    "atomic add": "measure", "counter checking": "measure", "__syncthreads": "measure", "fence": "measure",
    "histGsync": "gsync", "histCub": "CUDA peer", "histAtomic": "baseline",
    "AcqRel": "measure", "Relaxed": "measure",
    "server": "gsync", "serverLF": "gsync", "serverCombine": "gsync", "hsTicket": "gsync", "hsFixed": "HeteroSync baseline",
    "hsShipped": "HeteroSync baseline", "cubMergeSort": "CUDA peer", "cubRadixSort": "CUDA peer",
    "relaunchStream": "CPU implicit sync", "relaunchGraph": "CPU implicit sync",
}


def build_registry(names, figures):
    """Each name (sorted) its own (colour, marker) pair: of the pairs no name
    has yet, the colour fewest of the names it shares a figure with have,
    then the marker fewest of those have; ties go to the name's place in
    the rotation, so the same CSVs give the same pairs every run."""
    names = sorted(set(names))
    if len(names) > len(PALETTE) * len(MARKERS):
        sys.exit(f"plot.py: {len(names)} series names, more than {len(PALETTE) * len(MARKERS)} colour-marker pairs")
    beside = {n: set() for n in names}
    for fig in figures:
        for n in fig:
            beside[n] |= set(fig) - {n}
    REGISTRY.clear()
    used = set()
    for i, n in enumerate(names):
        near = [REGISTRY[m] for m in sorted(beside[n]) if m in REGISTRY]
        colours = [PALETTE[(i + k) % len(PALETTE)] for k in range(len(PALETTE))]
        markers = [MARKERS[(i + k) % len(MARKERS)] for k in range(len(MARKERS))]
        free = [(c, m) for c in colours for m in markers if (c, m) not in used]
        pair = min(free, key=lambda cm: (sum(c == cm[0] for c, _ in near),
                                         sum(m == cm[1] for c, m in near if c == cm[0]),
                                         sum(m == cm[1] for _, m in near),
                                         colours.index(cm[0]), markers.index(cm[1])))
        REGISTRY[n] = pair
        used.add(pair)


def incorrect(name):
    """Not a correct synchronization: drawn as a speed reference only."""
    return "NoFence" in name or name.startswith("broken") or name in ("unordered counter", "hsShipped")


def style(name, origin=None, ms=4):
    """plot()'s keywords for a series: its registry colour and marker, the
    line its origin gets, and a note in its label when it is not correct."""
    o = origin if origin is not None else ORIGIN.get(name, ORIGIN.get(name.split(" (")[0], ""))
    colour, marker = REGISTRY.get(name, ("tab:olive", "o"))
    kw = dict(color=colour, marker=marker, ms=ms, ls="--", lw=1.3)
    if incorrect(name):
        kw.update(color="0.6", ls="-.", lw=0.9, mfc="white")
    elif o == "gsync":
        kw.update(ls="-", lw=2.4)
    elif o in ("CUDA peer", "NVIDIA peer", "CPU implicit sync", "CPU"):
        kw.update(ls=":", lw=1.5)
    elif o == "measure":
        kw.update(ls="-", lw=1.6)
    return kw


def note(name, label):
    if not incorrect(name):
        return label
    what = "barrier" if ("Barrier" in name or name == "unordered counter") else "synchronization"
    return f"{label} (not a correct {what}: reference only)"


# ---- axes people can read ---------------------------------------------------

def plain(v, _pos=None):
    """A tick's number as people write it: 2000, 0.05, 1048576."""
    return str(int(v)) if v == int(v) and abs(v) < 1e8 else f"{v:g}"


def readable(ax, axis, values, log=True):
    """A value axis: log with labelled ticks at 1-2-5 (under three decades) or
    at 1, 1.5, 2, 3, ... (under one) so that no log axis shows a lone label;
    linear where the data span less than 3x; plain numbers either way."""
    vs = [v for v in values if v is not None and v > 0]
    a = ax.yaxis if axis == "y" else ax.xaxis
    setscale = ax.set_yscale if axis == "y" else ax.set_xscale
    if not log or not vs or max(vs) / min(vs) < 3:
        setscale("linear")
        return
    setscale("log")
    span = max(vs) / min(vs)
    subs = (1.0,) if span >= 1000 else (1.0, 2.0, 5.0) if span >= 10 else (1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0)
    a.set_major_locator(LogLocator(base=10, subs=subs, numticks=40))
    a.set_major_formatter(FuncFormatter(plain))
    a.set_minor_locator(LogLocator(base=10, subs=tuple(range(1, 10)), numticks=40))
    a.set_minor_formatter(NullFormatter())


def log2_x(ax, xs=None, labels=None):
    """Blocks per SM (or bins) on a log2 axis: a labelled tick at each value
    the data have (or at powers of 2), in plain numbers."""
    ax.set_xscale("log", base=2)
    if xs:
        ax.xaxis.set_major_locator(FixedLocator(xs))
        ax.set_xticks(xs, labels if labels else [plain(x) for x in xs])
    else:
        ax.xaxis.set_major_formatter(FuncFormatter(plain))
    ax.xaxis.set_minor_locator(NullLocator())


def outside_legend(ax, **kw):
    """The legend beside the axes, off the data."""
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0, **kw)


# What one operation of each family's sweep is.
UNIT = {"mutex": "ns per critical section", "sem": "ns per critical section (in the semaphore)",
        "barrier": "ns per barrier episode", "local": "ns per critical section or barrier episode",
        "relaxed": "ns per operation of the pattern"}
WHAT = {"mutex": "a lock's critical section", "sem": "a semaphore's critical section",
        "barrier": "a barrier episode", "local": "locks, semaphores and barriers local to a cluster or a block"}


def sweep(rows, out, name):
    """ns per operation against blocks per SM, a line per primitive."""
    fam = rows[0].get("family", "")
    unit = UNIT.get(fam, "ns per operation")
    if fam == "local" and not any("Barrier" in r["primitive"] for r in rows):
        unit = "ns per critical section"  # locks and semaphores only
    fig, ax = plt.subplots(figsize=(8, 5))
    xs, ys = set(), []
    for p in in_order(r["primitive"] for r in rows):
        pts = [(num(r["tbs_per_sm"]), num(r["ns_per_op"])) for r in rows
               if r["primitive"] == p and r["verdict"] == "PASS"]
        pts = [(x, y) for x, y in pts if x and y]
        if not pts:
            continue
        origin = next(r["origin"] for r in rows if r["primitive"] == p)
        ax.plot([x for x, _ in pts], [y for _, y in pts], label=note(p, f"{p} ({origin})"), **style(p, origin, 3.5))
        xs |= {x for x, _ in pts}
        ys += [y for _, y in pts]
    log2_x(ax, sorted(xs))
    readable(ax, "y", ys)
    ax.set_xlabel("blocks per SM")
    ax.set_ylabel(f"{unit} (median)")
    ax.set_title(f"{name}: {WHAT.get(fam, fam)}, {device(rows)}\n(missing points: FAIL or TIMEOUT)", fontsize=11)
    ax.grid(True, which="both", alpha=0.3)
    outside_legend(ax)
    save(fig, out, name)


def sync_share(rows, out, name):
    """The share of each barrier episode spent synchronizing (sync / total)."""
    fig, ax = plt.subplots(figsize=(8, 5))
    xs = set()
    for p in in_order(r["primitive"] for r in rows):
        pts = [(num(r["tbs_per_sm"]), num(r["sync_ns"]), num(r["ns_per_op"])) for r in rows
               if r["primitive"] == p and r["verdict"] == "PASS"]
        pts = [(x, s / t) for x, s, t in pts if x and s is not None and t]
        if pts:
            origin = next(r["origin"] for r in rows if r["primitive"] == p)
            ax.plot([x for x, _ in pts], [100 * y for _, y in pts], label=note(p, f"{p} ({origin})"),
                    **style(p, origin, 3.5))
            xs |= {x for x, _ in pts}
    log2_x(ax, sorted(xs))
    ax.set_xlabel("blocks per SM")
    ax.set_ylabel("synchronization share of a barrier episode (%)")
    ax.set_title(f"{name}: {device(rows)}")
    ax.grid(True, alpha=0.3)
    outside_legend(ax)
    save(fig, out, name)


OUTCOMES = [("PASS", "tab:green", "o", "PASS: completes"), ("TIMEOUT", "tab:red", "X", "TIMEOUT: livelocks"),
            ("FAIL", "black", "s", "FAIL: wrong result")]


def completion(rows, out, name):
    """Where each semaphore completes (PASS) and where it livelocks (TIMEOUT):
    each outcome its own colour and marker shape."""
    prims = in_order(r["primitive"] for r in rows)
    tbs = sorted({int(r["tbs_per_sm"]) for r in rows})
    fig, ax = plt.subplots(figsize=(7, 0.28 * len(prims) + 1.8))
    known = {v for v, _, _, _ in OUTCOMES}
    seen = set()
    for verdict, colour, marker, label in OUTCOMES + [("other", "0.5", "d", "other")]:
        pts = [(tbs.index(int(r["tbs_per_sm"])), prims.index(r["primitive"])) for r in rows
               if r["verdict"] == verdict or (verdict == "other" and r["verdict"] not in known)]
        if pts:
            seen.add(verdict)
        ax.scatter([x for x, _ in pts], [y for _, y in pts], c=colour, marker=marker, s=42,
                   edgecolors="none", label=label)
    ax.set_yticks(range(len(prims)), prims, fontsize=7)
    ax.set_xticks(range(len(tbs)), [str(t) for t in tbs])
    ax.set_xlabel("blocks per SM")
    ax.set_title(f"{name}: where each semaphore completes, {device(rows)}", fontsize=11, pad=24)
    ax.set_ylim(len(prims) - 0.5, -0.5)
    handles, labels = ax.get_legend_handles_labels()
    keep = [(h, lab) for (h, lab), (v, _, _, _) in zip(zip(handles, labels), OUTCOMES + [("other",) * 4])
            if v in seen or v in ("PASS", "TIMEOUT")]
    ax.legend([h for h, _ in keep], [lab for _, lab in keep], fontsize=8, loc="lower center",
              bbox_to_anchor=(0.5, 1.0), ncol=len(keep), borderaxespad=0.3, frameon=False)
    save(fig, out, name)


def draw_lines(ax, series, logy=True):
    """Lines on ax: series is [(name, label, [(x, y)], style)], x on a log2
    axis; points without x or y are left out."""
    xs, ys = set(), []
    for key, label, pts, kw in series:
        pts = [(x, y) for x, y in pts if x and y is not None]
        if pts:
            ax.plot([x for x, _ in pts], [y for _, y in pts], label=note(key, label), **kw)
            xs |= {x for x, _ in pts}
            ys += [y for _, y in pts]
    log2_x(ax, sorted(xs))
    readable(ax, "y", ys, logy)
    ax.grid(True, which="both", alpha=0.3)


def lines(out, name, title, xlabel, ylabel, series, logy=True):
    """One figure of lines: series is [(name, label, [(x, y)])], x on a log2 axis."""
    fig, ax = plt.subplots(figsize=(7, 4.5))
    draw_lines(ax, [(key, label, pts, style(key, ms=5)) for key, label, pts in series], logy)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    save(fig, out, name)


PLAIN = ["gs_barrier_sync", "grid.sync", "cuda::barrier", "unordered counter"]
FORMS = ["flat", "spread", "gathered", "wide"]
PARTS = [("t_a_ns", "atomic add"), ("t_c_ns", "counter checking"), ("t_s_ns", "__syncthreads"), ("t_f_ns", "fence")]


def plain_figure(rows, out, name):
    series = [(b, b, [(num(r["tbs_per_sm"]), num(r["ns_median"])) for r in rows if r["barrier"] == b]) for b in PLAIN]
    lines(out, name, f"the barrier as a user calls it: {device(rows)}", "blocks per SM",
          "ns per barrier episode (median of interleaved rounds)", series)


def tune(rows, out, name):
    series = [(f, f, [(num(r["tbs_per_sm"]), num(r["ns_median"])) for r in rows if r["form"] == f]) for f in FORMS]
    lines(out, name, f"gsBarrier's forms: {device(rows)}", "blocks per SM",
          "ns per barrier episode (median)", series)


def decompose(rows, out, name):
    # a label that starts with "_" would be left out of the legend
    series = [(label, label if not label.startswith("_") else f"block barrier ({label})",
               [(num(r["blocks"]), num(r[col])) for r in rows]) for col, label in PARTS]
    lines(out, name, f"Feng and Xiao's decomposition of a lock-based barrier: {device(rows)}", "blocks",
          "ns of a barrier episode spent in each part", series, logy=False)


def floor(rows, out, name):
    rows = [r for r in rows if num(r["ns"])]
    fig, ax = plt.subplots(figsize=(7, 0.4 * len(rows) + 1))
    ax.barh(range(len(rows)), [num(r["ns"]) for r in rows])
    ax.set_yticks(range(len(rows)), [r["measure"] for r in rows], fontsize=8)
    readable(ax, "x", [num(r["ns"]) for r in rows])
    ax.set_xlabel("ns per measured operation (each bar's label names it)")
    ax.set_title(f"what no primitive can beat: {device(rows)}")
    ax.grid(True, axis="x", which="both", alpha=0.3)
    ax.invert_yaxis()
    save(fig, out, name)


def inputs_share_grid(rows):
    """Whether a program runs several inputs at one grid size in rows (then
    each input gets its own panel)."""
    return any(len({r["graph"] for r in rows if (r["program"], r["blocks_per_sm"]) == k}) > 1
               for k in {(r["program"], r["blocks_per_sm"]) for r in rows})


def app_series(rows):
    """A row's series in an app file: its mode, and where the file runs the
    same point several ways, what tells them apart: the knobs its detail
    names (after '; ', or the whole detail when it has none, as PageRank's
    "gather N") and the block size when there are several.  Where inputs
    share a grid size, each has its own panel (apps), so the input is not
    part of the series."""
    part = lambda r: r.get("detail", "").partition("; ")[2] if "; " in r.get("detail", "") else r.get("detail", "")
    point = lambda r: (r["program"], r["graph"], r["blocks_per_sm"], r.get("threads", ""), r["sync"])
    ways = {}
    for r in rows:
        ways.setdefault(point(r), set()).add(part(r))
    split = any(len(w) > 1 for w in ways.values())
    threads = len({r.get("threads", "") for r in rows}) > 1

    def label(r):
        extra = ([part(r)] if split else []) + ([f"{r['threads']} threads"] if threads else [])
        return r["sync"] + (f" ({', '.join(extra)})" if extra else "")
    return label


def apps(rows, out, name):
    """A panel per program (per program and input where inputs share a grid
    size): ms against blocks per SM, a line per mode; the input each grid
    size ran under its tick where the input grows with it."""
    label = app_series(rows)
    by_input = inputs_share_grid(rows)
    rows = [dict(r, sync=label(r), panel=(r["program"], r["graph"]) if by_input else (r["program"],)) for r in rows]
    progs = in_order(r["panel"] for r in rows)
    cols = min(3, len(progs))
    nrows = (len(progs) + cols - 1) // cols
    fig, axes = plt.subplots(nrows, cols, figsize=(5 * cols, 4.2 * nrows), squeeze=False, layout="constrained")
    inputs = in_order(r["graph"] for r in rows)
    handles = {}
    grows = False
    for ax, key in zip(axes.flat, progs):
        mine = [r for r in rows if r["panel"] == key]
        p = " on ".join(key)
        ys = []
        for m in in_order(r["sync"] for r in mine):
            pts = sorted((num(r["blocks_per_sm"]), num(r["ms_median"])) for r in mine
                         if r["sync"] == m and r["verdict"] == "PASS" and num(r["ms_median"]))
            if not pts:
                continue
            (h,) = ax.plot([x for x, _ in pts], [y for _, y in pts], label=note(m, m), **style(m, ms=3.5))
            handles.setdefault(m, h)
            ys += [y for _, y in pts]
        xs = sorted({num(r["blocks_per_sm"]) for r in mine if num(r["blocks_per_sm"])})
        graph_at = {x: in_order(r["graph"] for r in mine if num(r["blocks_per_sm"]) == x) for x in xs}
        mine_inputs = in_order(r["graph"] for r in mine)
        if len(mine_inputs) > 1:
            grows = True
            log2_x(ax, xs, [plain(x) + "\n" + ",".join(graph_at[x]) for x in xs])
            ax.tick_params(axis="x", labelsize=7)
            ax.set_title(p)
        else:
            log2_x(ax, xs)
            ax.set_title(p if len(inputs) == 1 or by_input else f"{p}: {mine_inputs[0]}", fontsize=10)
        readable(ax, "y", ys)
        ax.set_xlabel("blocks per SM" + (" (and the input)" if len(mine_inputs) > 1 else ""))
        ax.set_ylabel("ms per run (median)")
        ax.grid(True, which="both", alpha=0.3)
    spare = list(axes.flat)[len(progs):]
    for ax in spare:
        ax.axis("off")
    modes = sorted(handles, key=lambda m: in_order(r["sync"] for r in rows).index(m))
    labels = [note(m, m) for m in modes]
    if spare:
        spare[0].legend([handles[m] for m in modes], labels, fontsize=8, loc="center", ncol=2 if len(modes) > 8 else 1)
    else:
        fig.legend([handles[m] for m in modes], labels, fontsize=8, loc="outside right center")
    what = "async (no barrier) against barrier-synchronized versions" if any(m.startswith("async") for m in handles) \
        else "a line per synchronization"
    if len(inputs) == 1:
        where = f"\none input at every grid size: {inputs[0]}"
    elif grows:
        where = "\nthe input grows with blocks per SM (named under each tick)"
    else:
        where = ""
    sep = ":\n" if cols == 1 else ": "
    fig.suptitle(f"whole programs, {what}{sep}{device(rows)}{where}", fontsize=11 if cols == 1 else 12)
    save(fig, out, name)


def scaling(rows, out, name):
    """Time against the input's size at one grid: a panel per program and
    family of inputs (the part of the name before ':'), a line per mode."""
    progs = in_order(r["program"] for r in rows)
    fams = in_order(r["graph"].split(":")[0] for r in rows)
    fig, axes = plt.subplots(len(progs), len(fams), figsize=(5.2 * len(fams), 4 * len(progs)), squeeze=False,
                             layout="constrained")
    handles = {}
    for i, p in enumerate(progs):
        for j, f in enumerate(fams):
            ax = axes[i][j]
            mine = [r for r in rows if r["program"] == p and r["graph"].split(":")[0] == f]
            xs, ys = [], []
            for m in in_order(r["sync"] for r in mine):
                pts = sorted((num(r["vertices"]), num(r["ms_median"]), r["graph"]) for r in mine
                             if r["sync"] == m and r["verdict"] == "PASS" and num(r["ms_median"]))
                if not pts:
                    continue
                (h,) = ax.plot([x for x, _, _ in pts], [y for _, y, _ in pts], label=note(m, m), **style(m, ms=3.5))
                handles.setdefault(m, h)
                xs += [(x, g) for x, _, g in pts]
                ys += [y for _, y, _ in pts]
            ticks = sorted(set(xs))
            ax.set_xscale("log")
            ax.set_xticks([x for x, _ in ticks], [f"{g.split(':', 1)[1]}\n{plain(x)}" for x, g in ticks], fontsize=7)
            ax.minorticks_off()
            readable(ax, "y", ys)
            ax.set_title(f"{p} on {f} graphs", fontsize=10)
            ax.set_xlabel("input (vertices, log scale)")
            ax.set_ylabel("ms per run (median)")
            ax.grid(True, which="both", alpha=0.3)
    modes = sorted(handles, key=lambda m: in_order(r["sync"] for r in rows).index(m))
    fig.legend([handles[m] for m in modes], [note(m, m) for m in modes], fontsize=8, loc="outside right center")
    bps = in_order(r["blocks_per_sm"] for r in rows)
    fig.suptitle(f"time against the input's size, {bps[0]} blocks per SM: {device(rows)}", fontsize=12)
    save(fig, out, name)


ORDERINGS = ("SC", "AcqRel", "Relaxed")
BINS = {"256": 256, "2K": 2048, "64K": 65536, "1M": 1048576}
HIST = [("Atomic", "global atomics"), ("Cub", "CUB"), ("Gsync", "gsync")]


def relaxed(rows, out, name):
    """The relaxed family: each ordering's speed over SC per pattern and
    grid (bars), and the histograms' G samples/s against the bin count."""
    ok = [r for r in rows if r["verdict"] == "PASS" and num(r["ns_per_op"])]
    ordered = [r for r in ok if r["primitive"].endswith(ORDERINGS)]
    hist = [r for r in ok if r["primitive"].startswith("hist")]
    panels = [p for p, have in (("ordered", ordered), ("hist", hist)) if have]
    if not panels:
        return
    fig, axes = plt.subplots(1, len(panels), figsize=(7 * len(panels), 4.5), squeeze=False, layout="constrained")
    for ax, panel in zip(axes.flat, panels):
        if panel == "ordered":
            points = []
            for r in ordered:
                base = next(r["primitive"][:-len(o)] for o in ORDERINGS if r["primitive"].endswith(o))
                if (base, r["tbs"]) not in points:
                    points.append((base, r["tbs"]))
            for k, o in enumerate(("AcqRel", "Relaxed")):
                ys = []
                for base, tbs in points:
                    sc = next((num(r["ns_per_op"]) for r in ordered if r["primitive"] == base + "SC" and r["tbs"] == tbs), None)
                    v = next((num(r["ns_per_op"]) for r in ordered if r["primitive"] == base + o and r["tbs"] == tbs), None)
                    ys.append(sc / v if sc and v else 0.0)
                ax.bar([i + 0.4 * k for i in range(len(points))], ys, width=0.4, label=f"SC time / {o} time",
                       color=REGISTRY.get(o, ("tab:blue", "o"))[0], hatch="//" if o == "Relaxed" else None,
                       edgecolor="white", linewidth=0)
            ax.axhline(1.0, color="k", lw=0.8)
            ax.set_xticks([i + 0.2 for i in range(len(points))])
            ax.set_xticklabels([f"{b}\n{t} TBs" for b, t in points], fontsize=7, rotation=45, ha="right")
            ax.set_ylabel("speed over SC (x):\nSC's ns per operation / this ordering's")
            ax.set_title("what relaxing buys (each HeteroSync pattern, two grids)")
            ax.grid(True, axis="y", alpha=0.3)
        else:
            xs, ys = set(), []
            for k, label in HIST:
                pts = sorted((BINS[r["primitive"][4 + len(k):]], 1.0 / num(r["ns_per_op"])) for r in hist
                             if r["primitive"].startswith("hist" + k) and r["primitive"][4 + len(k):] in BINS)
                if pts:
                    ax.plot([x for x, _ in pts], [y for _, y in pts], label=label, **style("hist" + k, ms=5))
                    xs |= {x for x, _ in pts}
                    ys += [y for _, y in pts]
            xs = sorted(xs)
            log2_x(ax, xs, [next(b for b, v in BINS.items() if v == x) for x in xs])
            readable(ax, "y", ys)
            ax.set_xlabel("bins")
            ax.set_ylabel("G samples/s")
            ax.set_title("histograms: samples binned a second")
            ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle(f"relaxed atomics: {device(rows)}")
    save(fig, out, name)


def server_panel(r, sizes=True):
    """The panel a server row belongs to: its workload, and for the hash
    table its keys a bucket and lookups; None for pingpong, and for the
    queue unless its rows have several message sizes (`sizes`)."""
    wl = r["workload"]
    if wl == "pingpong":
        return None
    if wl == "queue":
        return (wl, "message size") if sizes and r["way"] in ("server", "serverLF") else None
    if wl == "hashtable" and r["keys"] != "0":
        per = int(num(r["keys"]) / max(num(r["items"]), 1))
        sub = f"{per} key{'s' if per != 1 else ''} a bucket"
        if r.get("lookup_pct", "0") not in ("", "0"):
            sub += f", {r['lookup_pct']}% lookups"
        return (wl, sub)
    return (wl, None)


SERVER_UNIT = {"counters": "M counter updates/s", "transfers": "M transfers/s",
               "hashtable": "M hash-table operations/s (upserts, lookups)", "unionfind": "M union-find operations/s",
               "queue": "GB/s of messages"}


def server(rows, out, name):
    """A panel per workload (and key space): Mops/s against the items
    shared (fewer: more contention), a line per way; union-find a point per
    graph; the queues' bandwidth against the message size."""
    sizes = len({r.get("msg_bytes") for r in rows if r["workload"] == "queue"}) > 1
    panels = in_order(k for k in (server_panel(r, sizes) for r in rows) if k)
    if not panels:
        return
    ok = [r for r in rows if r["verdict"] == "PASS"]
    if len({wl for wl, _ in panels}) == 1 and panels[0][0] not in ("queue", "unionfind") and \
            all(len({r["items"] for r in ok if server_panel(r, sizes) == key}) <= 1 for key in panels):
        server_points(rows, ok, out, name, panels, sizes)
        return
    fig, axes = plt.subplots(1, len(panels), figsize=(5 * len(panels), 4.2), squeeze=False, layout="constrained")
    for ax, key in zip(axes.flat, panels):
        wl, sub = key
        mine = [r for r in rows if server_panel(r, sizes) == key and r["verdict"] == "PASS"]
        graphs = in_order(r["input"] for r in mine if r.get("input"))
        xs, ys = set(), []
        for w in sorted({r["way"] for r in mine}, key=lambda x: (x != "server", x)):  # a fixed order
            if wl == "queue":  # at the default capacity
                pts = sorted((num(r.get("msg_bytes") or 16), num(r["mops_per_s"]) * num(r.get("msg_bytes") or 16) / 1e3)
                             for r in mine if r["way"] == w and r["capacity"] == "4096")
            elif wl == "unionfind":
                pts = sorted((graphs.index(r["input"]), num(r["mops_per_s"])) for r in mine if r["way"] == w)
            else:
                pts = sorted((num(r["items"]), num(r["mops_per_s"])) for r in mine if r["way"] == w)
            ax.plot([x for x, _ in pts], [y for _, y in pts], label=note(w, w), **style(w, ms=3.5))
            xs |= {x for x, _ in pts}
            ys += [y for _, y in pts]
        readable(ax, "y", ys)
        if wl == "unionfind":
            ax.set_xticks(range(len(graphs)))
            ax.set_xticklabels(graphs)
            ax.set_xlabel("graph")
        elif wl == "queue":
            log2_x(ax, sorted(xs))
            ax.set_xlabel("bytes a message")
        else:
            log2_x(ax, sorted(xs))
            ax.set_xlabel("items shared (fewer: more contention)")
        ax.set_ylabel(SERVER_UNIT.get(wl, "M operations/s"))
        ax.set_title(wl + (f", {sub}" if sub else ""))
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    sep = ":\n" if len(panels) == 1 else ": "
    fig.suptitle(f"the synchronization server against per-item locks and atomics{sep}{device(rows)}",
                 fontsize=11 if len(panels) == 1 else 12)
    save(fig, out, name)


def server_points(rows, ok, out, name, panels, sizes):
    """One workload whose panels would each hold one point a way (one item
    count): one axes instead, a point a way over each key space."""
    wl = panels[0][0]
    fig, ax = plt.subplots(figsize=(max(5.5, 1.6 * len(panels) + 3), 4.4), layout="constrained")
    cats = []
    for _, sub in panels:
        items = next((r["items"] for r in ok if server_panel(r, sizes) == (wl, sub)), "")
        dist = next((r.get("dist") for r in ok if server_panel(r, sizes) == (wl, sub)), "")
        cats.append("\n".join(x for x in ((sub or "").replace(", ", "\n"), f"{items} items shared",
                                          f"{dist} keys" if dist else "") if x))
    ys = []
    for w in sorted({r["way"] for r in ok if server_panel(r, sizes)}, key=lambda x: (x != "server", x)):
        pts = [(i, next((num(r["mops_per_s"]) for r in ok if r["way"] == w and server_panel(r, sizes) == key), None))
               for i, key in enumerate(panels)]
        pts = [(x, y) for x, y in pts if y]
        ax.plot([x for x, _ in pts], [y for _, y in pts], label=note(w, w), **style(w, ms=6))
        ys += [y for _, y in pts]
    readable(ax, "y", ys)
    ax.set_xticks(range(len(panels)), cats, fontsize=8)
    ax.set_xlim(-0.5, len(panels) - 0.5)
    ax.set_ylabel(SERVER_UNIT.get(wl, "M operations/s"))
    ax.set_title(f"{wl}: {name}", fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    outside_legend(ax)
    fig.suptitle(f"the synchronization server against per-item locks and atomics:\n{device(rows)}", fontsize=11)
    save(fig, out, name)


# gsync-bench multi's ways drawn, with the origin their line gets and what
# the legend adds: the barriers (ns per episode), then the locks.
MULTI_BARRIERS = [("hier", "gsync", ""), ("hierDirect", "gsync", ""), ("flat", "gsync", ""),
                  ("naive", "baseline", "grid.sync, release.sys flags, grid.sync"),
                  ("nvshmemGrid", "NVIDIA peer", ""), ("ncclGrid", "NVIDIA peer", ""),
                  ("nvshmemBarrierAll", "NVIDIA peer", "one thread a GPU: reference"),
                  ("pingPongRelAcq", "measure", "floor: one flag, one way")]
MULTI_LOCKS = [("ticketLock", "gsync", ""), ("cohortLock", "gsync", ""),
               ("cohortOwnData", "measure", "probe: each GPU's section data its own")]


def multi_panel(ax, rows, ways, ylabel, title):
    """One panel of a multi figure: ns against blocks per SM, a line per way."""
    series = []
    for w, origin, what in ways:
        kw = style(w, origin)
        if w == "pingPongRelAcq":
            kw.update(ls="--", lw=1.2)
        series.append((w, f"{w} ({origin}" + (f"; {what}" if what else "") + ")",
                       sorted((num(r["tbs_per_sm"]), num(r["ns_median"])) for r in rows
                              if r["way"] == w and r["verdict"] == "PASS"), kw))
    draw_lines(ax, series)
    ax.set_xlabel("blocks per SM on each GPU")
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2 if len(ways) > 2 else 1)


def multi(rows, out, name):
    """gsync-bench multi: the barriers across GPUs (ns per episode) and, where
    the CSV has them, the cross-GPU locks (ns per critical section)."""
    locks = any(r["way"] == w for w, _, _ in MULTI_LOCKS for r in rows)
    fig, axes = plt.subplots(1, 2 if locks else 1, figsize=(12, 5.6) if locks else (7.5, 5.6), squeeze=False,
                             layout="constrained", gridspec_kw={"width_ratios": [2, 1]} if locks else None)
    multi_panel(axes[0][0], rows, MULTI_BARRIERS, "ns per barrier episode (median)", "barriers across GPUs")
    if locks:
        multi_panel(axes[0][1], rows, MULTI_LOCKS, "ns per critical section (median)", "locks across GPUs")
    gpus = in_order(r["gpus"] for r in rows)
    fig.suptitle(f"{name}: synchronization across GPUs, {'/'.join(gpus)} x {device(rows)}\n(missing points: FAIL, TIMEOUT or SKIP)", fontsize=11)
    save(fig, out, name)


def kind(rows, name):
    """Which figure a CSV makes, or None."""
    cols = rows[0].keys()
    if "primitive" in cols and "ns_per_op" in cols and all(r.get("family") == "relaxed" for r in rows):
        return "relaxed"
    if "primitive" in cols and "ns_per_op" in cols:
        return "sweep"
    if "barrier" in cols and "ns_median" in cols:
        return "plain"
    if "form" in cols and "best" in cols:
        return "tune"
    if "t_a_ns" in cols:
        return "decompose"
    if "measure" in cols:
        return "floor"
    if "program" in cols and "sync" in cols and len({r["blocks_per_sm"] for r in rows}) == 1 \
            and len({r["graph"] for r in rows}) > 2:
        return "scaling"
    if "program" in cols and "sync" in cols:
        return "apps"
    if {"way", "gpus", "per", "ns_median"} <= set(cols):  # gsync-bench multi; its broken twins make none
        barriers = {w for w, _, _ in MULTI_BARRIERS}
        return "multi" if len({r["tbs_per_sm"] for r in rows}) > 1 and \
            any(r["way"] in barriers and r["verdict"] == "PASS" for r in rows) else None
    if "workload" in cols and "way" in cols and all(r["workload"] == "stress" for r in rows):
        return None  # a stress matrix: its verdicts are in the results README, not a figure
    if "workload" in cols and "way" in cols:
        return "server"
    return None


def series_names(k, rows):
    """The series names a figure of kind k draws from rows."""
    if k == "sweep":
        return [r["primitive"] for r in rows]
    if k == "plain":
        return PLAIN
    if k == "tune":
        return FORMS
    if k == "decompose":
        return [label for _, label in PARTS]
    if k == "apps":
        label = app_series(rows)
        return [label(r) for r in rows]
    if k == "scaling":
        return [r["sync"] for r in rows]
    if k == "relaxed":
        return ["hist" + h for h, _ in HIST] + ["AcqRel", "Relaxed"]
    if k == "server":
        sizes = len({r.get("msg_bytes") for r in rows if r["workload"] == "queue"}) > 1
        return [r["way"] for r in rows if server_panel(r, sizes)]
    if k == "multi":
        return [w for w, _, _ in MULTI_BARRIERS + MULTI_LOCKS if any(r["way"] == w for r in rows)]
    return []


def sweep_figures(rows, out, name):
    """A family's sweep, and for barriers their sync share, for semaphores where they complete."""
    sweep(rows, out, name)
    if rows[0].get("family") == "barrier" and "bare" not in name:
        sync_share(rows, out, name + "-sync-share")
    if rows[0].get("family") == "sem":
        completion(rows, out, name + "-completion")


DRAW = {"relaxed": relaxed, "sweep": sweep_figures, "plain": plain_figure, "tune": tune, "decompose": decompose,
        "floor": floor, "apps": apps, "scaling": scaling, "server": server, "multi": multi}


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "bench", "results")
    todo = []
    for gpu in sorted(os.listdir(root)):
        folder = os.path.join(root, gpu)
        if not os.path.isdir(folder):
            continue
        for f in sorted(os.listdir(folder)):
            if not f.endswith(".csv"):
                continue
            rows = rows_of(os.path.join(folder, f))
            k = kind(rows, f[:-4]) if rows else None
            if k:
                todo.append((k, rows, os.path.join(folder, "figures"), f[:-4]))
    # the first pass: every name, its origin, and its colour and marker
    names, figures = [], []
    for k, rows, _, _ in todo:
        figures.append(sorted(set(series_names(k, rows))))
        names += figures[-1]
        for r in rows:
            if r.get("origin") and r.get("primitive"):
                ORIGIN.setdefault(r["primitive"], r["origin"])
    build_registry(names, figures)
    for k, rows, out, name in todo:
        DRAW[k](rows, out, name)
    print(f"{len(todo)} CSVs drawn, {len(REGISTRY)} series names")


if __name__ == "__main__":
    main(sys.argv)
