#!/usr/bin/env python3
"""async_model.py: a model of async BFS and SSSP's protocol (src/app/async_kernels.cu, async_run).

Each warp is a coroutine that yields after each of its global memory steps, the
32 lanes of a step in lock step; a scheduler interleaves the warps at random.
The model keeps the kernel's ring (EMPTY slots, head, tail | pending << 36),
its distance words (distance << 32 | queued), the kept buffer, reservations,
peeks and takes, and checks the distances against Dijkstra and that the run
ends (a step budget).  It checks the protocol, not the CUDA code: ordering
is sequentially consistent here, which the kernel's release/acquire pairs
provide for the steps whose order the argument in docs/app.md uses.

  async_model.py [--quick]   every case passes; the broken twin (a taken
                             vertex stays queued) fails SSSP.  Exit 1 if not.
"""
import heapq
import random
import sys

ARCS = 4  # GS_ASYNC_ARCS
EMPTY = 0xffffffff; NORES = None; TB = 36; TMASK = (1 << TB) - 1; UNR = 0xffffffff
M64 = (1 << 64) - 1

def graph_road(n, seed):
    r = random.Random(seed); side = int(n ** 0.5) + 1
    edges = set()
    for v in range(n):
        x, y = v % side, v // side
        for (dx, dy) in ((1, 0), (0, 1)):
            u = (y + dy) * side + x + dx
            if x + dx < side and u < n and r.random() < 0.7:
                edges.add((v, u))
    adj = [[] for _ in range(n)]
    for (a, b) in edges:
        w = r.randint(1, 20); adj[a].append((b, w)); adj[b].append((a, w))
    for v in range(n):
        if r.random() < 0.05:  # a hub
            for _ in range(r.randint(30, 80)):
                u = r.randrange(n); w = r.randint(1, 20); adj[v].append((u, w)); adj[u].append((v, w))
    row = [0]; col = []; wt = []
    for v in range(n):
        for (u, w) in adj[v]: col.append(u); wt.append(w)
        row.append(len(col))
    return row, col, wt

def dijkstra(row, col, wt, src, unit):
    n = len(row) - 1; d = [UNR] * n; d[src] = 0; h = [(0, src)]
    while h:
        du, u = heapq.heappop(h)
        if du > d[u]: continue
        for e in range(row[u], row[u + 1]):
            nd = du + (1 if unit else wt[e])
            if nd < d[col[e]]: d[col[e]] = nd; heapq.heappush(h, (nd, col[e]))
    return d

class G: pass

def warp(g, wid, unit, broken, BUF, KEEP, keep_below, DEFER):
    res = [NORES] * 32; got = [EMPTY] * 32; nkeep = 0; pend = 1; owed = 0
    buf = [(0, 0, 0)] * BUF
    def take(l):
        if res[l] is NORES: return
        s = res[l] & g.mask
        if g.ring[s] == EMPTY: return
        v = g.ring[s]; g.ring[s] = EMPTY
        got[l] = v; res[l] = NORES
    def publish(frm, to, delta):
        nonlocal pend
        n = to - frm
        if n == 0 and delta == 0: return
        old = g.tw; g.tw = (g.tw + n + ((delta << TB) & M64)) & M64
        base = old & TMASK; pend = ((old >> TB) + delta)
        assert (g.tw >> TB) < (1 << 28)
        yield
        for j0 in range(frm, to, 32):
            todo = [j0 + l < to for l in range(32)]
            while True:
                for l in range(32):
                    if todo[l]:
                        s = (base + (j0 + l - frm)) & g.mask
                        if g.ring[s] == EMPTY: g.ring[s] = buf[j0 + l][0]; todo[l] = False
                yield
                if not any(todo): break
                g.fullwaits += 1
                for l in range(32): take(l)
                yield
    while True:
        opn = [res[l] is NORES and got[l] == EMPTY for l in range(32)]
        cur = [EMPTY] * 32; cb = [0] * 32; ce = [0] * 32; fresh = [False] * 32; peek = [EMPTY] * 32
        rank = 0
        for l in range(32):
            if opn[l]:
                if rank < nkeep: cur[l], cb[l], ce[l] = buf[rank]
                rank += 1
        tw = None
        if nkeep == 0:
            want = [l for l in range(32) if opn[l]]
            if want:
                h = g.head; tw = g.tw; yield
                t = tw & TMASK; k = min(t - h, len(want)) if t > h else 0
                if k:
                    base = g.head; g.head += k; yield
                    for r, l in enumerate(want):
                        if r < k: res[l] = base + r
            for l in range(32): take(l)
            yield
        else:
            for l in range(32):
                if res[l] is not NORES: peek[l] = g.ring[res[l] & g.mask]
            yield
        for l in range(32):
            if cur[l] == EMPTY and got[l] != EMPTY: cur[l] = got[l]; got[l] = EMPTY; fresh[l] = True
        busy = [l for l in range(32) if cur[l] != EMPTY]
        if not busy:
            if tw is None: tw = g.tw; yield
            if (tw >> TB) == 0:
                g.exited += 1; return
            continue
        du = [0] * 32
        for l in busy:
            old = g.dq[cur[l]]
            if not broken: g.dq[cur[l]] = old & ~1 & M64
            if fresh[l]: cb[l], ce[l] = g.row[cur[l]], g.row[cur[l] + 1]
            du[l] = old >> 32
            g.visits += 1
        yield
        deg = [ce[l] - cb[l] for l in range(32)]
        excl = [sum(deg[:l]) for l in range(32)]; total = sum(deg)
        nb = 0
        for base in range(0, total, 32 * ARCS):
            if nb + 32 * ARCS > BUF:
                yield from publish(0, nb, nb); nb = 0
            imp = []
            for l in range(32 * ARCS):
                k = base + l
                if k >= total: continue
                j = max(i for i in range(32) if excl[i] <= k)
                e = cb[j] + k - excl[j]; v = g.col[e]; nd = du[j] + (1 if unit else g.w[e])
                if nd < (g.dq[v] >> 32):
                    p = (nd << 32) | 1; old = g.dq[v]; g.dq[v] = min(old, p)
                    if old > p and (old & 1) == 0: imp.append((v, g.row[v], g.row[v + 1]))
            for x in imp: buf[nb] = x; nb += 1
            yield
        nproc = len(busy)
        nfree = sum(1 for l in range(32) if res[l] is NORES and got[l] == EMPTY)
        most = KEEP if pend < keep_below else 0
        nkeep = min(nb, nfree, most)
        for l in range(32):
            if peek[l] != EMPTY: take(l)
        owed += nb - nproc
        if DEFER and nkeep > 0 and nkeep == nb: continue  # keeps all, pushes nothing: pending waits
        yield from publish(nkeep, nb, owed); owed = 0

def run(n, seed, warps, unit, broken=False, BUF=128, KEEP=32, below=None, small=0, defer=1):
    row, col, wt = graph_road(n, seed)
    g = G(); g.row, g.col, g.w = row, col, wt
    cap = 1 if small else 1024  # the kernel's least is 1024; a ring of n slots stresses the full-slot path
    while cap < n: cap <<= 1
    g.mask = cap - 1; g.ring = [EMPTY] * cap; g.head = 0; g.tw = 1 | (1 << TB); g.visits = 0; g.exited = 0; g.fullwaits = 0
    src = 0; g.ring[0] = src
    g.dq = [(UNR << 32)] * n; g.dq[src] = 1
    r = random.Random(seed * 7 + 1)
    ws = [warp(g, i, unit, broken, BUF, KEEP, below if below is not None else warps * 32, defer) for i in range(warps)]
    live = list(range(warps)); steps = 0
    while live:
        i = r.choice(live); steps += 1
        try: next(ws[i])
        except StopIteration: live.remove(i)
        if steps > 5_000_000: return 'HANG', g
    want = dijkstra(row, col, wt, src, unit)
    gotd = [x >> 32 for x in g.dq]
    left = (g.tw >> TB) != 0 or any(x != EMPTY for x in g.ring)  # every warp left: nothing pending, the ring empty
    return ('PASS' if gotd == want and not left else 'FAIL'), g

def main(quick):
    bad = 0
    seeds = range(3 if quick else 12)
    for seed in seeds:
        for unit in (True, False):
            for warps in ((1, 4, 16) if quick else (1, 4, 16, 48)):
                for n in (40, 200, 1000):
                    for small in (0, 1):
                        for keep, below, defer in ((32, None, 1), (32, None, 0), (0, None, 1), (32, 0, 1)):
                            v, g = run(n, seed, warps, unit, False, 128, keep, below, small, defer)
                            if v != 'PASS':
                                bad += 1
                                print('not PASS:', v, 'seed', seed, 'bfs' if unit else 'sssp', 'warps', warps,
                                      'n', n, 'small ring' if small else '', 'keep', keep, 'below', below, 'defer', defer)
        v, g = run(1000, seed, 8, False, True)
        if v != 'FAIL':
            bad += 1
            print('the broken twin did not fail SSSP: seed', seed, v)
    print('async model:', 'PASS' if bad == 0 else '%d cases wrong' % bad)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main('--quick' in sys.argv[1:]))
