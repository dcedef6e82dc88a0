#!/usr/bin/env python3
"""Figures from gsync-bench's CSVs: tools/plot.py [bench/results] writes
bench/results/<gpu>/figures/NAME.png and NAME.svg for each CSV it knows:
time per operation against blocks per SM for each family sweep (log scale),
the synchronization share of each barrier's episode, where each semaphore
completes, the plain-build barrier comparison and its forms, Feng and Xiao's
decomposition, the floor, the whole programs' times, and what relaxing
atomics buys with the histograms' throughput, and the synchronization
server against locks and atomics over contention.  `make figures` runs it in build/venv."""
import csv
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams["svg.hashsalt"] = "gsync"  # the SVGs' ids the same every run: make figures gives the same bytes twice

STYLE = {"gsync": "-", "CUDA peer": ":", "CPU implicit sync": ":"}


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


def sweep(rows, out, name):
    """ns per operation against blocks per SM, a line per primitive."""
    prims = []
    for r in rows:
        if r["primitive"] not in prims:
            prims.append(r["primitive"])
    fig, ax = plt.subplots(figsize=(8, 5))
    for p in prims:
        pts = [(num(r["tbs_per_sm"]), num(r["ns_per_op"])) for r in rows
               if r["primitive"] == p and r["verdict"] == "PASS"]
        pts = [(x, y) for x, y in pts if x and y]
        if not pts:
            continue
        origin = next(r["origin"] for r in rows if r["primitive"] == p)
        ax.plot([x for x, _ in pts], [y for _, y in pts], STYLE.get(origin, "--"), marker="o", ms=3,
                label=f"{p} ({origin})", lw=2.2 if origin == "gsync" else 1.2)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xlabel("blocks per SM")
    ax.set_ylabel("ns per operation (median)")
    ax.set_title(f"{name}: {device(rows)} (missing points: FAIL or TIMEOUT)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, ncol=2)
    save(fig, out, name)


def sync_share(rows, out, name):
    """The share of each barrier episode spent synchronizing (sync / total)."""
    fig, ax = plt.subplots(figsize=(8, 5))
    prims = []
    for r in rows:
        if r["primitive"] not in prims:
            prims.append(r["primitive"])
    for p in prims:
        pts = [(num(r["tbs_per_sm"]), num(r["sync_ns"]), num(r["ns_per_op"])) for r in rows
               if r["primitive"] == p and r["verdict"] == "PASS"]
        pts = [(x, s / t) for x, s, t in pts if x and s is not None and t]
        if pts:
            origin = next(r["origin"] for r in rows if r["primitive"] == p)
            ax.plot([x for x, _ in pts], [100 * y for _, y in pts], STYLE.get(origin, "--"), marker="o", ms=3,
                    label=p, lw=2.2 if origin == "gsync" else 1.2)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("blocks per SM")
    ax.set_ylabel("synchronization share of an episode (%)")
    ax.set_title(f"{name}: {device(rows)}")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7, ncol=2)
    save(fig, out, name)


def completion(rows, out, name):
    """Where each semaphore completes (PASS) and where it livelocks (TIMEOUT)."""
    prims = []
    for r in rows:
        if r["primitive"] not in prims:
            prims.append(r["primitive"])
    tbs = sorted({int(r["tbs_per_sm"]) for r in rows})
    fig, ax = plt.subplots(figsize=(7, 0.28 * len(prims) + 1.5))
    colors = {"PASS": "tab:green", "TIMEOUT": "tab:red", "FAIL": "black"}
    for i, p in enumerate(prims):
        for r in rows:
            if r["primitive"] == p:
                ax.scatter(tbs.index(int(r["tbs_per_sm"])), i, c=colors.get(r["verdict"], "grey"), s=40)
    ax.set_yticks(range(len(prims)), prims, fontsize=7)
    ax.set_xticks(range(len(tbs)), [str(t) for t in tbs])
    ax.set_xlabel("blocks per SM (green PASS, red TIMEOUT, black FAIL)")
    ax.set_title(f"{name}: {device(rows)}")
    ax.invert_yaxis()
    save(fig, out, name)


def lines(out, name, title, xlabel, ylabel, series, logy=True):
    """One figure of lines: series is [(label, [(x, y)], ours)], x on a log2 axis."""
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for label, pts, ours in series:
        pts = [(x, y) for x, y in pts if x and y is not None]
        if pts:
            ax.plot([x for x, _ in pts], [y for _, y in pts], "-" if ours else "--", marker="o", label=label,
                    lw=2.2 if ours else 1.2)
    ax.set_xscale("log", base=2)
    if logy:
        ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    save(fig, out, name)


def plain(rows, out, name):
    series = [(b, [(num(r["tbs_per_sm"]), num(r["ns_median"])) for r in rows if r["barrier"] == b],
               b.startswith("gs")) for b in ["gs_barrier_sync", "grid.sync", "cuda::barrier", "unordered counter"]]
    lines(out, name, f"the barrier as a user calls it: {device(rows)}", "blocks per SM",
          "ns per barrier (median of interleaved rounds)", series)


def tune(rows, out, name):
    series = [(f, [(num(r["tbs_per_sm"]), num(r["ns_median"])) for r in rows if r["form"] == f], True)
              for f in ["flat", "spread", "gathered", "wide"]]
    lines(out, name, f"gsBarrier's forms: {device(rows)}", "blocks per SM", "ns per barrier", series)


def decompose(rows, out, name):
    series = [(label, [(num(r["blocks"]), num(r[col])) for r in rows], True)
              for col, label in [("t_a_ns", "atomic add"), ("t_c_ns", "counter checking"),
                                 ("t_s_ns", "__syncthreads"), ("t_f_ns", "fence")]]
    lines(out, name, f"Feng and Xiao's decomposition of a lock-based barrier: {device(rows)}", "blocks",
          "ns per barrier", series, logy=False)


def floor(rows, out, name):
    rows = [r for r in rows if num(r["ns"])]
    fig, ax = plt.subplots(figsize=(7, 0.4 * len(rows) + 1))
    ax.barh(range(len(rows)), [num(r["ns"]) for r in rows])
    ax.set_yticks(range(len(rows)), [r["measure"] for r in rows], fontsize=8)
    ax.set_xscale("log")
    ax.set_xlabel("ns")
    ax.set_title(f"what no primitive can beat: {device(rows)}")
    ax.invert_yaxis()
    save(fig, out, name)


def apps(rows, out, name):
    """A panel per program: ms against blocks per SM, a line per mode."""
    progs = []
    for r in rows:
        if r["program"] not in progs:
            progs.append(r["program"])
    cols = 3
    fig, axes = plt.subplots((len(progs) + cols - 1) // cols, cols, figsize=(15, 4.2 * ((len(progs) + 2) // 3)),
                             squeeze=False)
    for ax, p in zip(axes.flat, progs):
        modes = []
        for r in rows:
            if r["program"] == p and r["sync"] not in modes:
                modes.append(r["sync"])
        for m in modes:
            pts = [(num(r["blocks_per_sm"]), num(r["ms_median"])) for r in rows
                   if r["program"] == p and r["sync"] == m and r["verdict"] == "PASS"]
            ours = m == "gsBarrier"
            ax.plot([x for x, _ in pts], [y for _, y in pts], "-" if ours else ("--" if "relaunch" in m else ":"),
                    marker="o", ms=3, lw=2.4 if ours else 1.1, label=m)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(p)
        ax.set_xlabel("blocks per SM")
        ax.set_ylabel("ms (median)")
        ax.grid(True, which="both", alpha=0.3)
    for ax in list(axes.flat)[len(progs):]:
        ax.axis("off")
    axes.flat[0].legend(fontsize=7)
    fig.suptitle(f"whole programs with every barrier: {device(rows)}")
    fig.tight_layout(rect=(0, 0, 1, 0.96))
    save(fig, out, name)


ORDERINGS = ("SC", "AcqRel", "Relaxed")
BINS = {"256": 256, "2K": 2048, "64K": 65536, "1M": 1048576}


def relaxed(rows, out, name):
    """The relaxed family: each ordering's speed over SC per pattern and
    grid (bars), and the histograms' G samples/s against the bin count."""
    ok = [r for r in rows if r["verdict"] == "PASS" and num(r["ns_per_op"])]
    ordered = [r for r in ok if r["primitive"].endswith(ORDERINGS)]
    hist = [r for r in ok if r["primitive"].startswith("hist")]
    panels = [p for p, have in (("ordered", ordered), ("hist", hist)) if have]
    if not panels:
        return
    fig, axes = plt.subplots(1, len(panels), figsize=(7 * len(panels), 4.5), squeeze=False)
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
                ax.bar([i + 0.4 * k for i in range(len(points))], ys, width=0.4, label=f"SC time / {o} time")
            ax.axhline(1.0, color="k", lw=0.8)
            ax.set_xticks([i + 0.2 for i in range(len(points))])
            ax.set_xticklabels([f"{b}\n{t} TBs" for b, t in points], fontsize=7, rotation=45, ha="right")
            ax.set_ylabel("speed over SC (x)")
            ax.set_title("what relaxing buys")
        else:
            for k in ("Atomic", "Cub", "Gsync"):
                pts = sorted((BINS[r["primitive"][4 + len(k):]], 1.0 / num(r["ns_per_op"])) for r in hist
                             if r["primitive"].startswith("hist" + k) and r["primitive"][4 + len(k):] in BINS)
                if pts:
                    ax.plot([x for x, _ in pts], [y for _, y in pts], "-" if k == "Gsync" else ":", marker="o",
                            lw=2.4 if k == "Gsync" else 1.1, label={"Atomic": "global atomics", "Cub": "CUB",
                                                                   "Gsync": "gsync"}[k])
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_xlabel("bins")
            ax.set_ylabel("G samples/s")
            ax.set_title("histograms")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle(f"relaxed atomics: {device(rows)}")
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    save(fig, out, name)


# One colour per way in every server figure, whichever ways a file has.
WAY_COLORS = {"server": "tab:blue", "serverLF": "tab:orange", "basic": "tab:purple", "spinLock": "tab:red",
              "ticketLock": "tab:green", "tryLock": "tab:brown", "atomic": "tab:gray", "brokenEarlyBit": "black",
              "brokenNoLock": "black", "brokenEarlyRead": "black"}


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
        sub = str(int(num(r["keys"]) / max(num(r["items"]), 1))) + " keys a bucket"
        if r.get("lookup_pct", "0") not in ("", "0"):
            sub += f", {r['lookup_pct']}% lookups"
        return (wl, sub)
    return (wl, None)


def server(rows, out, name):
    """A panel per workload (and key space): Mops/s against the items
    shared (fewer: more contention), a line per way; union-find a point per
    graph; the queues' bandwidth against the message size."""
    sizes = len({r.get("msg_bytes") for r in rows if r["workload"] == "queue"}) > 1
    panels = []
    for r in rows:
        key = server_panel(r, sizes)
        if key and key not in panels:
            panels.append(key)
    if not panels:
        return
    fig, axes = plt.subplots(1, len(panels), figsize=(5 * len(panels), 4.2), squeeze=False)
    for ax, key in zip(axes.flat, panels):
        wl, sub = key
        mine = [r for r in rows if server_panel(r, sizes) == key and r["verdict"] == "PASS"]
        graphs = []
        for r in mine:
            if r.get("input") and r["input"] not in graphs:
                graphs.append(r["input"])
        for w in sorted({r["way"] for r in mine}, key=lambda x: (x != "server", x)):  # a fixed order
            if wl == "queue":  # at the default capacity
                pts = sorted((num(r.get("msg_bytes") or 16), num(r["mops_per_s"]) * num(r.get("msg_bytes") or 16) / 1e3)
                             for r in mine if r["way"] == w and r["capacity"] == "4096")
            elif wl == "unionfind":
                pts = sorted((graphs.index(r["input"]), num(r["mops_per_s"])) for r in mine if r["way"] == w)
            else:
                pts = sorted((num(r["items"]), num(r["mops_per_s"])) for r in mine if r["way"] == w)
            ax.plot([x for x, _ in pts], [y for _, y in pts], "-" if w == "server" else ":", marker="o", ms=3,
                    lw=2.4 if w == "server" else 1.1, label=w, color=WAY_COLORS.get(w, "tab:olive"))
        ax.set_yscale("log")
        if wl == "unionfind":
            ax.set_xticks(range(len(graphs)))
            ax.set_xticklabels(graphs)
            ax.set_xlabel("graph")
        elif wl == "queue":
            ax.set_xscale("log", base=2)
            ax.set_xlabel("bytes a message")
        else:
            ax.set_xscale("log", base=2)
            ax.set_xlabel("items (fewer: more contention)")
        ax.set_ylabel("GB/s of messages" if wl == "queue" else "M operations/s")
        ax.set_title(wl + (f", {sub}" if sub else ""))
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle(f"the synchronization server against per-item locks and atomics: {device(rows)}")
    fig.tight_layout(rect=(0, 0, 1, 0.93))
    save(fig, out, name)


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "bench", "results")
    made = 0
    for gpu in sorted(os.listdir(root)):
        folder = os.path.join(root, gpu)
        if not os.path.isdir(folder):
            continue
        out = os.path.join(folder, "figures")
        for f in sorted(os.listdir(folder)):
            if not f.endswith(".csv"):
                continue
            rows = rows_of(os.path.join(folder, f))
            name = f[:-4]
            if not rows:
                continue
            cols = rows[0].keys()
            if "primitive" in cols and "ns_per_op" in cols and all(r.get("family") == "relaxed" for r in rows):
                relaxed(rows, out, name)
            elif "primitive" in cols and "ns_per_op" in cols:
                sweep(rows, out, name)
                if rows[0].get("family") == "barrier" and "bare" not in name:
                    sync_share(rows, out, name + "-sync-share")
                if rows[0].get("family") == "sem":
                    completion(rows, out, name + "-completion")
            elif "barrier" in cols and "ns_median" in cols:
                plain(rows, out, name)
            elif "form" in cols and "best" in cols:
                tune(rows, out, name)
            elif "t_a_ns" in cols:
                decompose(rows, out, name)
            elif "measure" in cols:
                floor(rows, out, name)
            elif "program" in cols and "sync" in cols:
                apps(rows, out, name)
            elif "workload" in cols and "way" in cols and all(r["workload"] == "stress" for r in rows):
                continue  # a stress matrix: its verdicts are in the results README, not a figure
            elif "workload" in cols and "way" in cols:
                server(rows, out, name)
            else:
                continue
            made += 1
    print(f"{made} CSVs drawn")


if __name__ == "__main__":
    main(sys.argv)
