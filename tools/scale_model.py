#!/usr/bin/env python3
"""scale_model.py [--figure PNG | --check DOC]: the model of gsync's barrier, cohort lock
and queue across nodes (docs/multi-nodes.md), at 2, 8, 64 and 512 GPUs, 8 a
node, beside what NVSHMEM's and NCCL's own algorithms would cost.  Prints
the tables as Markdown; with --figure, draws the projected barrier latency
against GPUs (matplotlib, `make figures`' environment).

Inputs (microseconds), each named where it comes from:
  measured here (bench/results/h200x4/, docs/multi-measured.md):
    NODE_BARRIER 2.72  gsync's barrier across the 4 GPUs of a node, 1 block an SM
    HANDOFF      1.36  one release/acquire hand-off between two GPUs over NVLink
    GRID_SYNC    1.0   one whole-grid barrier inside a GPU (h200/plain.csv, 0.93-1.0)
  published:
    NET_NCCL     5.0   NCCL's per-step network latency (Tree, LL), which folds in its
                       proxy thread: NVIDIA/nccl src/graph/tuning.cc, hwLatencies NET row
    NET_NIC      0.6   a ConnectX-6 adapter's latency ("sub-600ns", ConnectX-6 user manual)
    SWITCH_HOP   0.13  an HDR switch port to port ("sub-130ns", Quantum QM8790 data sheet)
  assumed (no published number found): a GPU-initiated signal (IBGDA) costs two
  adapters, three switch hops and a PCIe write at each end (0.5 each):
    NET_GPU = 2 * 0.6 + 3 * 0.13 + 2 * 0.5 = 2.59
  and a head issues each signal of a round past the first in ISSUE = 0.1.
"""
import math
import sys

NODE_BARRIER, HANDOFF, GRID_SYNC = 2.72, 1.36, 1.0
NET_NCCL, NET_NIC, SWITCH_HOP, PCIE = 5.0, 0.6, 0.13, 0.5
NET_GPU = 2 * NET_NIC + 3 * SWITCH_HOP + 2 * PCIE
ISSUE = 0.1
PER_NODE = 8
GPUS = (2, 8, 64, 512)


def nodes_of(n):
    return max(1, n // PER_NODE)


def gsync_barrier(n, net, radix=2):
    """Inside the node as measured; across nodes the heads' dissemination
    (ceil(log_radix nodes) rounds), then the head's down word (one hand-off)."""
    k = nodes_of(n)
    if k == 1:
        return NODE_BARRIER
    rounds = math.ceil(math.log(k, radix) - 1e-9)
    signals = min(radix, k) - 1  # a round's signals
    return NODE_BARRIER + rounds * (net + (signals - 1) * ISSUE) + HANDOFF


def nvshmem_composition(n, net):
    """grid.sync() + nvshmemx_barrier_all_block + grid.sync(): NVSHMEM's
    dissemination of radix 2 over every PE (its default), partners at
    distance < 8 inside the node (a hand-off), the rest across."""
    rounds = math.ceil(math.log2(n))
    inside = min(rounds, int(math.log2(min(n, PER_NODE))))
    return 2 * GRID_SYNC + inside * HANDOFF + (rounds - inside) * net


def nccl_allreduce(n):
    """NCCL's own cost model of an 8-byte all-reduce (Tree, LL): base 6.8 +
    2 ((GPUs a node - 1) 0.6 + log2(nodes) 5.0); tuning.cc's formula."""
    ppn, k = min(n, PER_NODE), nodes_of(n)
    return 6.8 + 2 * ((ppn - 1) * 0.6 + math.log2(k) * NET_NCCL)


def cohort_lock(n, net, run=64):
    """An acquisition, averaged over a run of `run` holders on one node: a
    run pays one remote ticket (fetch-add and its answer: 2 net) and one
    remote release (net); each holder one hand-off inside the node."""
    if nodes_of(n) == 1:
        return HANDOFF
    return HANDOFF + 3 * net / run


def queue_send(n, net, credit=32):
    """A message to another node: a put with its signal (net, one way),
    and a credit returned every `credit` messages (net / credit)."""
    if nodes_of(n) == 1:
        return HANDOFF
    return net + net / credit


def pair(a, b, digits):
    """One value where both hops give it, else 'GPU-initiated / NCCL's'."""
    x, y = "%.*f" % (digits, a), "%.*f" % (digits, b)
    return x if x == y else "%s / %s" % (x, y)


def table():
    """The table of docs/multi-nodes.md, row for row."""
    rows = ["| GPUs | gsync, radix 2 | gsync, one all-to-all round | NVSHMEM composition | NCCL 8-byte all-reduce "
            "(its model) | cohort lock, an acquisition | queue, a message |",
            "| ---: | --- | --- | --- | ---: | --- | --- |"]
    for n in GPUS:
        k = nodes_of(n)
        rows.append("| %d | %s | %s | %s | %.1f | %s | %s |" % (
            n, pair(gsync_barrier(n, NET_GPU), gsync_barrier(n, NET_NCCL), 1),
            pair(gsync_barrier(n, NET_GPU, max(2, k)), gsync_barrier(n, NET_NCCL, max(2, k)), 1),
            pair(nvshmem_composition(n, NET_GPU), nvshmem_composition(n, NET_NCCL), 1), nccl_allreduce(n),
            pair(cohort_lock(n, NET_GPU), cohort_lock(n, NET_NCCL), 2),
            pair(queue_send(n, NET_GPU), queue_send(n, NET_NCCL), 2)))
    return "\n".join(rows)


def nvl72():
    """One NVLink domain of 72 GPUs: every peer by pointer (one node); the
    direct form's leaders add to 72 release words: the measured 2.72 plus
    the adds' issue, modelled as one hand-off per 8 peers past the first 4."""
    return NODE_BARRIER + HANDOFF * (72 - 4) / 8


def figure(path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    gpus = [2, 4, 8, 16, 32, 64, 128, 256, 512]
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    for label, f, style in (
            ("gsync, radix 2, GPU-initiated hop", lambda n: gsync_barrier(n, NET_GPU), "-o"),
            ("gsync, radix 2, NCCL's hop", lambda n: gsync_barrier(n, NET_NCCL), "--o"),
            ("gsync, one all-to-all round, GPU-initiated", lambda n: gsync_barrier(n, NET_GPU, max(2, nodes_of(n))), "-s"),
            ("NVSHMEM composition, GPU-initiated hop", lambda n: nvshmem_composition(n, NET_GPU), "-^"),
            ("NCCL 8-byte all-reduce (NCCL's model)", nccl_allreduce, ":x")):
        ax.plot(gpus, [f(n) for n in gpus], style, label=label, markersize=4)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("GPUs (8 a node)")
    ax.set_ylabel("projected latency (µs)")
    ax.set_title("A whole-grid barrier across nodes: the model (not measured)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv):
    """No argument: print; --figure PNG: print and draw; --check DOC: every
    row of the table is in DOC as printed (exit 1 naming the first that is not)."""
    if len(argv) not in (1, 3) or (len(argv) == 3 and argv[1] not in ("--figure", "--check")):
        print("usage: scale_model.py [--figure PNG | --check DOC]", file=sys.stderr)
        return 2
    if len(argv) == 3 and argv[1] == "--check":
        with open(argv[2], encoding="utf-8") as f:
            doc = f.read()
        for row in table().splitlines():
            if row not in doc:
                print("scale_model.py: %s lacks the model's row: %s" % (argv[2], row), file=sys.stderr)
                return 1
        print("scale_model.py: %s holds the model's table" % argv[2])
        return 0
    print(table())
    print("\nNVL72 (one NVLink domain, direct form): %.1f us" % nvl72())
    print("64 GPUs / 8 GPUs: radix 2 %.1fx-%.1fx, one round %.1fx-%.1fx" % (
        gsync_barrier(64, NET_GPU) / gsync_barrier(8, NET_GPU), gsync_barrier(64, NET_NCCL) / gsync_barrier(8, NET_NCCL),
        gsync_barrier(64, NET_GPU, 8) / gsync_barrier(8, NET_GPU), gsync_barrier(64, NET_NCCL, 8) / gsync_barrier(8, NET_NCCL)))
    if len(argv) == 3:
        figure(argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
