/* async_kernels.cu: BFS and SSSP without a barrier per level (--sync async).
 *
 * Algorithm: label-correcting, one persistent kernel, every warp on its own.
 *            A vertex's word is distance << 32 | queued bit.  An arc relaxes
 *            with atom.min of nd << 32 | 1, which lowers the distance and
 *            sets the bit at once; the one that sets the bit owns the
 *            vertex's only live item.  A warp takes up to 32 items a round,
 *            clears their bits with atom.and (which reads their distance),
 *            relaxes their arcs 128 at a time (4 a lane; up to 32: 1), keeps up to
 *            GS_ASYNC_KEEP improved vertices for its next round and pushes
 *            the rest on a ring of ids (slots EMPTY or an id; a 64-bit head;
 *            a 64-bit word of tail | pending << 36, pending = items not yet
 *            relaxed).
 * Ordering:  the atom.and reads every atom.min before it; any after it pushes
 *            again.  Lane 0 adds a batch to tail and pending, __syncwarp, then
 *            each lane's release CAS publishes an id; the taker's acquire exch
 *            puts that add before the taker's own, which subtracts its items
 *            after adding all they produced: pending is 0 only when no item
 *            exists, and then none can appear.
 * Progress:  live ring entries are distinct queued vertices, so tail - head <=
 *            n <= slots: a pusher facing a full slot has a taker holding it,
 *            and every wait also takes for its own lanes.  Idle warps sleep.
 * Requires:  all blocks co-resident (cooperative launch); n + threads < 2^28.
 * Memory:    8 bytes a vertex, 4 a slot; GS_ASYNC_BUF x 12 + 256 bytes shared a warp.
 */
#include "core/bench.cuh"

#include "app/app.h"

/* Knobs: a warp's buffer of improved vertices and the arcs a lane relaxes in
 * one pass (-D; the buffer a multiple of 32 that holds a pass).  The defaults
 * of the tuning knobs, which the environment may override per run
 * (GSYNC_ASYNC_KEEP, ...): at most how many improved vertices a warp keeps
 * for itself (0: none), which it does only while pending is below KEEP_BELOW
 * items a thread of the grid (a short ring: latency matters; a long one:
 * FIFO order wastes less work); PRECHECK N: a round of at least N arcs reads
 * each neighbour's word before its atom.min (0: never; BFS and SSSP have
 * their own defaults); an idle warp's longest sleep; DEFER 1: a round that
 * keeps every vertex it improved and pushes none leaves pending as it is
 * (the warp owes the difference, paid with its next update: the items it
 * took stay counted meanwhile); PRED 1: a pass's loads and atomics
 * predicated on global addresses (ASYNC_IF), 0: each under a branch; NARROW
 * 1: a round of at most 32 arcs relaxes them in one pass of one a lane
 * (BFS and SSSP have their own defaults). */
#ifndef GS_ASYNC_BUF
#define GS_ASYNC_BUF 128u
#endif
#ifndef GS_ASYNC_ARCS
#define GS_ASYNC_ARCS 4u
#endif
#if GS_ASYNC_BUF % 32u != 0u || GS_ASYNC_BUF < 32u * GS_ASYNC_ARCS
#error "GS_ASYNC_BUF: a multiple of 32 that holds a pass (32 x GS_ASYNC_ARCS)"
#endif
#ifndef GS_ASYNC_KEEP
#define GS_ASYNC_KEEP 32u
#endif
#ifndef GS_ASYNC_KEEP_BELOW
#define GS_ASYNC_KEEP_BELOW 1u
#endif
#ifndef GS_ASYNC_PRECHECK
#define GS_ASYNC_PRECHECK 1u
#endif
#ifndef GS_ASYNC_PRECHECK_BFS
#define GS_ASYNC_PRECHECK_BFS 129u
#endif
#ifndef GS_ASYNC_IDLE_NS
#define GS_ASYNC_IDLE_NS 1024u
#endif
#ifndef GS_ASYNC_DEFER
#define GS_ASYNC_DEFER 1u
#endif
#ifndef GS_ASYNC_PRED
#define GS_ASYNC_PRED 1u
#endif
#ifndef GS_ASYNC_NARROW
#define GS_ASYNC_NARROW 0u
#endif
#ifndef GS_ASYNC_NARROW_BFS
#define GS_ASYNC_NARROW_BFS 1u
#endif

#define ASYNC_EMPTY 0xffffffffu
#define ASYNC_NO_RES (~0ull)
#define ASYNC_HEAD GS_APP_ASYNC_HEAD
#define ASYNC_TAIL GS_APP_ASYNC_TAIL
#define ASYNC_VISITS GS_APP_ASYNC_VISITS
#define ASYNC_TAIL_MASK ((1ull << GS_APP_ASYNC_TAIL_BITS) - 1ull)

/* A warp's buffer: improved vertices and their arcs' bounds (read when they
 * improved, so a kept one starts at once). */
typedef struct async_warp {
    unsigned int v[GS_ASYNC_BUF], b[GS_ASYNC_BUF], e[GS_ASYNC_BUF];
    unsigned int oj[32], oe[32]; /* a narrow round: at an item's first arc, its lane and first arc - that */
} async_warp;

/* A relaxed gpu-scope load, atom.min or atom.and of a 64-bit word in global
 * memory, done only where `on`, as a predicated instruction rather than
 * under a branch (GSYNC_ASYNC_PRED): the compiler then issues a pass's
 * operations back to back and waits at their first use, where a branch
 * around each makes it wait for each at the branch's end.  The .global
 * space matters too: on a generic address a 64-bit atom.min or atom.and
 * compiles to a test for shared memory and a branch to a CAS loop.  0 where
 * not done. */
#define ASYNC_IF(name, op)                                                                                          \
    static __device__ __forceinline__ unsigned long long name(bool on, unsigned long long *p, unsigned long long x) \
    {                                                                                                               \
        unsigned long long v = 0ull;                                                                                \
        asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.u32 q, %3, 0;\n\t@q " op "\n\t}"                              \
                     : "+l"(v) : "l"(__cvta_generic_to_global(p)), "l"(x), "r"((unsigned int)on) : "memory");       \
        return v;                                                                                                   \
    }
ASYNC_IF(async_ld_if, "ld.relaxed.gpu.global.u64 %0, [%1];") /* x unused */
ASYNC_IF(async_min_if, "atom.relaxed.gpu.global.min.u64 %0, [%1], %2;")
ASYNC_IF(async_and_if, "atom.relaxed.gpu.global.and.b64 %0, [%1], %2;")

/* A lane with a reservation looks at its slot once and takes what is there
 * (any item in that slot is as good: takers and pushers of a slot pair up
 * by count, not by index). */
static __device__ __forceinline__ void async_take(const gs_app_args &a, unsigned long long *res, unsigned int *got)
{
    if (*res == ASYNC_NO_RES)
        return;
    unsigned int *slot = &a.ring[*res & a.ring_mask];
    if (gs_ld_relaxed(slot, GS_SCOPE_GPU) == ASYNC_EMPTY)
        return;
    const unsigned int v = gs_atom_exch_acquire(slot, ASYNC_EMPTY, GS_SCOPE_GPU); /* the pusher's add before ours */
    if (v != ASYNC_EMPTY)
        *got = v, *res = ASYNC_NO_RES;
}

/* Warp-collective: adds `delta` to pending and pushes the buffer's entries
 * from..to-1 (counted in delta) on the ring; lane 0's *pend gets pending as
 * it left it.  False: the watchdog fired. */
static __device__ __forceinline__ bool async_publish(const gs_app_args &a, const async_warp *w, unsigned int from,
                                                     unsigned int to, int delta, unsigned long long *res,
                                                     unsigned int *got, unsigned long long *pend)
{
    const unsigned int lane = threadIdx.x & 31u, n = to - from;
    unsigned long long base = 0ull;
    if (n == 0u && delta == 0)
        return true;
    if (lane == 0u) {
        const unsigned long long old = gs_atom_add_relaxed_u64(&a.ctl[ASYNC_TAIL], gs_app_async_add(n, delta), GS_SCOPE_GPU);
        base = old & ASYNC_TAIL_MASK;
        *pend = (old >> GS_APP_ASYNC_TAIL_BITS) + (unsigned long long)(long long)delta;
    }
    base = __shfl_sync(~0u, base, 0);
    __syncwarp(); /* lane 0's add before every lane's release below */
    gs_wait_t wt = GS_WAIT_INIT;
    for (unsigned int j0 = from; j0 < to; j0 += 32u) {
        const unsigned int j = j0 + lane;
        bool todo = j < to;
        for (;;) {
            if (todo)
                todo = gs_atom_cas_release(&a.ring[(base + (j - from)) & a.ring_mask], ASYNC_EMPTY, w->v[j],
                                           GS_SCOPE_GPU) != ASYNC_EMPTY;
            if (!__any_sync(~0u, todo))
                break;
            async_take(a, res, got); /* the full slot's taker may be this warp */
            int stop = 0;
            if (lane == 0u)
                stop = gs_wait_spin(&wt);
            if (__shfl_sync(~0u, stop, 0))
                return false;
        }
    }
    return true;
}

/* The lane whose item holds arc k of a round: the last lane whose first arc
 * (excl, an inclusive scan's exclusive part) is at or before k. */
static __device__ __forceinline__ unsigned int async_owner(unsigned int excl, unsigned int k)
{
    unsigned int j = 0u;
    for (unsigned int step = 16u; step > 0u; step >>= 1)
        if (__shfl_sync(~0u, excl, j + step) <= k)
            j += step;
    return j;
}

/* Warp-collective: one pass over the round's arcs base .. base + 32 x ARCS - 1
 * (ARCS a lane, each step's loads and atomics all issued before any is waited
 * for); the improved vertices it owns go to the buffer from *nb on.  du: the
 * item's distance (PRED 0), else read from `armed`, the re-arm's answer,
 * after the arcs' loads are issued; pre: each neighbour read first.  NARROW
 * (ARCS 1, total <= 32): lane k finds its arc's item through the warp's oj and
 * oe, written at each item's first arc, and the bit mask of first arcs
 * `starts`, instead of a binary search of shuffles. */
template <unsigned int ARCS, bool PRED, bool NARROW>
static __device__ __forceinline__ void async_pass(const gs_app_args &a, async_warp *w, unsigned int base,
                                                  unsigned int total, unsigned int excl, unsigned int cb,
                                                  unsigned int du, unsigned long long armed, bool unit, bool pre,
                                                  unsigned int starts, unsigned int *nb)
{
    const unsigned int lane = threadIdx.x & 31u, below = (1u << lane) - 1u;
    unsigned int v[ARCS], nd[ARCS], vb[ARCS], ve[ARCS], jj[ARCS];
    unsigned long long old[ARCS];
    bool live[ARCS];
#pragma unroll
    for (unsigned int i = 0; i < ARCS; ++i) {
        const unsigned int k = base + 32u * i + lane;
        unsigned int j, eb, ej;
        if (NARROW) { /* the last first arc at or before k (arc 0 is one) */
            const unsigned int p = 31u - __clz(starts & (~0u >> (31u - lane)));
            j = w->oj[p], eb = w->oe[p], ej = 0u;
        } else {
            j = async_owner(excl, k);
            eb = __shfl_sync(~0u, cb, j), ej = __shfl_sync(~0u, excl, j);
        }
        live[i] = k < total, jj[i] = j, old[i] = 0ull, vb[i] = ve[i] = 0u;
        if (PRED) { /* every lane loads an arc (past the pass's arcs: arc 0, so a real vertex) */
            const unsigned int e = live[i] ? eb + (k - ej) : 0u;
            v[i] = a.col[e];
            nd[i] = unit ? 1u : a.w[e];
        } else {
            v[i] = 0u, nd[i] = 1u;
            if (live[i]) {
                v[i] = a.col[eb + (k - ej)];
                if (!unit)
                    nd[i] = a.w[eb + (k - ej)];
            }
        }
    }
    if (PRED)
        du = (unsigned int)(armed >> 32); /* the re-arm awaited here, behind the arcs' loads */
#pragma unroll
    for (unsigned int i = 0; i < ARCS; ++i) {
        const unsigned int dj = __shfl_sync(~0u, du, jj[i]);
        nd[i] += dj;
        live[i] = live[i] && nd[i] >= dj; /* no wrap */
    }
    if (pre) {
#pragma unroll
        for (unsigned int i = 0; i < ARCS; ++i)
            if (PRED)
                old[i] = async_ld_if(live[i], &a.dq[v[i]], 0ull);
            else if (live[i])
                old[i] = gs_ld_relaxed_u64(&a.dq[v[i]], GS_SCOPE_GPU);
#pragma unroll
        for (unsigned int i = 0; i < ARCS; ++i)
            live[i] = live[i] && nd[i] < (unsigned int)(old[i] >> 32);
    }
#pragma unroll
    for (unsigned int i = 0; i < ARCS; ++i)
        if (PRED) {
            old[i] = async_min_if(live[i], &a.dq[v[i]], (unsigned long long)nd[i] << 32 | 1ull);
            vb[i] = a.row[v[i]], ve[i] = a.row[v[i] + 1u]; /* every lane: v[i] is a vertex */
        } else if (live[i]) {
            old[i] = gs_atom_min_relaxed_u64(&a.dq[v[i]], (unsigned long long)nd[i] << 32 | 1ull, GS_SCOPE_GPU);
            vb[i] = a.row[v[i]], ve[i] = a.row[v[i] + 1u]; /* in flight with the atom.min */
        }
#pragma unroll
    for (unsigned int i = 0; i < ARCS; ++i) {
        /* it lowered the distance, and the vertex was not queued: its item is ours */
        const bool better = live[i] && old[i] > ((unsigned long long)nd[i] << 32 | 1ull) && (old[i] & 1ull) == 0ull;
        const unsigned int m = __ballot_sync(~0u, better);
        if (better) {
            const unsigned int pos = *nb + __popc(m & below);
            w->v[pos] = v[i], w->b[pos] = vb[i], w->e[pos] = ve[i];
        }
        *nb += __popc(m);
    }
}

/* The persistent kernel's body: unit weights (BFS) or the graph's (SSSP);
 * `broken`: a popped vertex's bit is never re-armed (the twin); PRED: a
 * pass's memory operations predicated (ASYNC_IF), else each under a branch. */
template <bool PRED>
static __device__ __forceinline__ void async_run(const gs_app_args &a, bool unit, bool broken)
{
    extern __shared__ async_warp async_smem[];
    async_warp *w = &async_smem[threadIdx.x / 32u];
    const unsigned int lane = threadIdx.x & 31u, below = (1u << lane) - 1u;
    unsigned int got = ASYNC_EMPTY, nkeep = 0u, pause = 32u, quiet = 0u;
    int owed = 0; /* pending's change not yet applied (DEFER), the same in every lane */
    unsigned long long res = ASYNC_NO_RES, visits = 0ull, idle = 0ull, pend = 1ull; /* pend: lane 0's last look */
    const unsigned long long keep_below = (unsigned long long)a.tune[1] * a.blocks * a.threads;
    const unsigned int keep = a.tune[0] < 32u ? a.tune[0] : 32u, idle_ns = a.tune[3];
    const unsigned int precheck = a.tune[2]; /* the arcs a round holds from which it reads each neighbour first */
    const bool defer = a.tune[4] != 0u, narrow = a.tune[6] != 0u;
    const long long start = clock64();
    gs_wait_t wt = GS_WAIT_INIT;
    for (;;) {
        /* the kept vertices go to the free lanes (no reservation, nothing taken) */
        const bool open = res == ASYNC_NO_RES && got == ASYNC_EMPTY;
        const unsigned int rank = __popc(__ballot_sync(~0u, open) & below);
        unsigned int cur = ASYNC_EMPTY, cb = 0u, ce = 0u, peek = ASYNC_EMPTY;
        unsigned long long tw = ~0ull; /* lane 0: the tail word, when it read it this round */
        bool fresh = false; /* taken from the ring: its arcs' bounds not read yet */
        if (open && rank < nkeep)
            cur = w->v[rank], cb = w->b[rank], ce = w->e[rank];
        __syncwarp();
        if (nkeep == 0u) {
            /* no work of its own: the free lanes reserve what the ring holds
             * (a snapshot: a race may reserve past the tail; such a lane
             * waits for a push), and every reservation is looked at now */
            const unsigned int want = __ballot_sync(~0u, open);
            if (want) {
                unsigned long long base = 0ull;
                unsigned int k = 0u;
                if (lane == 0u) {
                    const unsigned long long h = gs_ld_relaxed_u64(&a.ctl[ASYNC_HEAD], GS_SCOPE_GPU);
                    tw = gs_ld_relaxed_u64(&a.ctl[ASYNC_TAIL], GS_SCOPE_GPU);
                    const unsigned long long t = tw & ASYNC_TAIL_MASK;
                    k = t > h ? (t - h < (unsigned long long)__popc(want) ? (unsigned int)(t - h) : __popc(want))
                              : 0u;
                    if (k)
                        base = gs_atom_add_relaxed_u64(&a.ctl[ASYNC_HEAD], k, GS_SCOPE_GPU);
                }
                k = __shfl_sync(~0u, k, 0);
                base = __shfl_sync(~0u, base, 0);
                const unsigned int r = __popc(want & below);
                if (((want >> lane) & 1u) && r < k)
                    res = base + r;
            }
            async_take(a, &res, &got);
        } else if (res != ASYNC_NO_RES) {
            /* working on kept vertices: a look at the slot now, taken at the
             * round's end, so that the load does not hold the round up */
            peek = gs_ld_relaxed(&a.ring[res & a.ring_mask], GS_SCOPE_GPU);
        }
        if (cur == ASYNC_EMPTY && got != ASYNC_EMPTY)
            cur = got, got = ASYNC_EMPTY, fresh = true;
        const unsigned int busy = __ballot_sync(~0u, cur != ASYNC_EMPTY);
        if (!busy) { /* nothing: the end when nothing is pending, else sleep and look again */
            int stop = 0;
            if (lane == 0u) {
                const long long t = clock64();
                if (tw == ~0ull && (++quiet & 7u) == 0u) /* every lane waits on a slot: a look now and then */
                    tw = gs_ld_relaxed_u64(&a.ctl[ASYNC_TAIL], GS_SCOPE_GPU);
                if (tw != ~0ull && (tw >> GS_APP_ASYNC_TAIL_BITS) == 0ull) {
                    stop = 1;
                } else {
                    gs_nanosleep(pause);
                    pause = pause * 2u < idle_ns ? pause * 2u : idle_ns;
                    stop = gs_wait_spin(&wt);
                }
                idle += (unsigned long long)(clock64() - t);
            }
            if (__shfl_sync(~0u, stop, 0))
                break;
            continue;
        }
        pause = 32u, wt = (gs_wait_t)GS_WAIT_INIT;
        /* re-arm each item's bit, reading its distance now */
        unsigned int du = 0u;
        unsigned long long armed = 0ull; /* PRED: the word as the re-arm found it */
        if (PRED) {
            const bool have = cur != ASYNC_EMPTY;
            unsigned long long *q = &a.dq[have ? cur : 0u];
            armed = broken ? async_ld_if(have, q, 0ull) : async_and_if(have, q, ~1ull);
            if (fresh)
                cb = a.row[cur], ce = a.row[cur + 1u];
        } else if (cur != ASYNC_EMPTY) {
            const unsigned long long old = broken ? gs_ld_relaxed_u64(&a.dq[cur], GS_SCOPE_GPU)
                                                  : gs_atom_and_relaxed_u64(&a.dq[cur], ~1ull, GS_SCOPE_GPU);
            if (fresh)
                cb = a.row[cur], ce = a.row[cur + 1u];
            du = (unsigned int)(old >> 32);
        }
        /* the items' arcs, 32 at a time over the warp: lane j of a pass takes
         * arc base + j, its item the last whose first arc is at or before it */
        const unsigned int deg = ce - cb, total = __reduce_add_sync(~0u, deg);
        const bool pre = precheck != 0u && total >= precheck;
        unsigned int nb = 0u; /* the buffer's entries */
        if (narrow && total != 0u && total <= 32u) {
            /* one pass of one arc a lane; each degree below 64: the scan by
             * its bits' ballots, and each item's lane and first arc at its
             * first arc's index */
            unsigned int excl = 0u;
#pragma unroll
            for (unsigned int bit = 0u; bit < 6u; ++bit)
                excl += (unsigned int)__popc(__ballot_sync(~0u, (deg >> bit) & 1u) & below) << bit;
            if (deg)
                w->oj[excl] = lane, w->oe[excl] = cb - excl;
            const unsigned int starts = __reduce_or_sync(~0u, deg ? 1u << excl : 0u);
            __syncwarp();
            async_pass<1u, PRED, true>(a, w, 0u, total, excl, cb, du, armed, unit, pre, starts, &nb);
        } else {
            /* the items' arcs, 32 x ARCS a pass: lane j of a pass takes arc
             * base + j, its item the last whose first arc is at or before it */
            unsigned int incl = deg;
            for (unsigned int o = 1u; o < 32u; o <<= 1) {
                const unsigned int x = __shfl_up_sync(~0u, incl, o);
                if (lane >= o)
                    incl += x;
            }
            const unsigned int excl = incl - deg;
            for (unsigned int base = 0u; base < total; base += 32u * GS_ASYNC_ARCS) {
                if (nb + 32u * GS_ASYNC_ARCS > GS_ASYNC_BUF) { /* it may not hold this pass: push it all */
                    if (!async_publish(a, w, 0u, nb, (int)nb, &res, &got, &pend))
                        goto out;
                    nb = 0u;
                    __syncwarp();
                }
                async_pass<GS_ASYNC_ARCS, PRED, false>(a, w, base, total, excl, cb, du, armed, unit, pre, 0u, &nb);
            }
        }
        __syncwarp();
        /* the round's end: keep what the free lanes can take, push the rest;
         * pending gains every new item and loses the items relaxed */
        {
            const unsigned int nproc = __popc(busy);
            const unsigned int nfree = __popc(__ballot_sync(~0u, res == ASYNC_NO_RES && got == ASYNC_EMPTY));
            const unsigned int most = __shfl_sync(~0u, pend < keep_below ? keep : 0u, 0);
            nkeep = nb < nfree ? nb : nfree;
            nkeep = nkeep < most ? nkeep : most;
            visits += nproc;
            if (peek != ASYNC_EMPTY)
                async_take(a, &res, &got);
            owed += (int)nb - (int)nproc;
            if (defer && nkeep > 0u && nkeep == nb)
                continue; /* pending counts items this warp took and has not subtracted: it stays above 0 */
            if (!async_publish(a, w, nkeep, nb, owed, &res, &got, &pend))
                goto out;
            owed = 0;
        }
    }
out:
    if (lane == 0u) {
        atomicAdd(&a.ctl[ASYNC_VISITS], visits);
        atomicAdd(&a.cycles[0], idle);
        atomicAdd(&a.cycles[1], (unsigned long long)(clock64() - start));
    }
}

template <bool PRED>
static __global__ void async_bfs(gs_app_args a)
{
    async_run<PRED>(a, true, false);
}
template <bool PRED>
static __global__ void async_sssp(gs_app_args a)
{
    async_run<PRED>(a, false, false);
}
template <bool PRED>
static __global__ void async_bfs_broken(gs_app_args a)
{
    async_run<PRED>(a, true, true);
}
template <bool PRED>
static __global__ void async_sssp_broken(gs_app_args a)
{
    async_run<PRED>(a, false, true);
}
#define ASYNC_KERNELS(P)                                                                  \
    {{(const void *)async_bfs<P>, (const void *)async_bfs_broken<P>},                   \
     {(const void *)async_sssp<P>, (const void *)async_sssp_broken<P>}}
static const void *const async_kernels[2][2][2] = {ASYNC_KERNELS(false), ASYNC_KERNELS(true)}; /* [pred][sssp][broken] */

/* Before the run: the watchdog, every vertex unreached and not queued, the
 * source at 0 and queued on the ring's first slot, pending 1. */
static __global__ void async_init(gs_app_args a)
{
    const unsigned int stride = gridDim.x * blockDim.x, t0 = blockIdx.x * blockDim.x + threadIdx.x;
    if (t0 == 0u)
        gs_watchdog_arm((gs_watchdog_t *)a.watchdog, a.timeout_ns);
    for (unsigned int v = t0; v < a.n; v += stride)
        a.dq[v] = v == a.src ? 1ull : (unsigned long long)GS_UNREACHED << 32; /* the source at 0, queued */
    for (unsigned long long s = t0; s <= a.ring_mask; s += stride)
        a.ring[s] = s == 0ull ? a.src : ASYNC_EMPTY;
    for (unsigned int i = t0; i < GS_APP_ASYNC_CTL; i += stride)
        a.ctl[i] = i == ASYNC_TAIL ? 1ull | (1ull << GS_APP_ASYNC_TAIL_BITS) : 0ull;
    if (t0 == 0u)
        a.cycles[0] = a.cycles[1] = 0ull, *a.iters_out = 0u;
}

/* After: the distances alone, for the host's check. */
static __global__ void async_out(gs_app_args a)
{
    for (unsigned int v = blockIdx.x * blockDim.x + threadIdx.x; v < a.n; v += gridDim.x * blockDim.x)
        a.dist[v] = (unsigned int)(a.dq[v] >> 32);
}

static size_t async_smem_bytes(unsigned int threads)
{
    return (size_t)(threads / 32u) * sizeof(async_warp);
}

extern "C" int gs_app_async_occupancy(unsigned int threads, int *per_sm)
{
    int most = 1 << 30, x;
    for (int i = 0; i < 8; ++i) {
        const void *k = async_kernels[i / 4][i / 2 % 2][i % 2];
        cudaError_t e = cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             (int)async_smem_bytes(threads)); /* past 48 KiB: a larger BUF */
        if (e == cudaSuccess)
            e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&x, k, (int)threads, async_smem_bytes(threads));
        if (e != cudaSuccess)
            return (int)e;
        most = x < most ? x : most;
    }
    *per_sm = most;
    return 0;
}

extern "C" int gs_app_run_async(gs_app_args *a, cudaEvent_t t0, cudaEvent_t t1)
{
    void *args[] = {a};
    cudaError_t e;
    a->tune[0] = gs_app_knob("GSYNC_ASYNC_KEEP", GS_ASYNC_KEEP);
    a->tune[1] = gs_app_knob("GSYNC_ASYNC_KEEP_BELOW", GS_ASYNC_KEEP_BELOW);
    const bool sssp = a->program == GS_APP_SSSP; /* BFS has its own defaults of PRECHECK and NARROW */
    a->tune[2] = gs_app_knob("GSYNC_ASYNC_PRECHECK", sssp ? GS_ASYNC_PRECHECK : GS_ASYNC_PRECHECK_BFS);
    a->tune[3] = gs_app_knob("GSYNC_ASYNC_IDLE_NS", GS_ASYNC_IDLE_NS);
    a->tune[4] = gs_app_knob("GSYNC_ASYNC_DEFER", GS_ASYNC_DEFER);
    a->tune[5] = gs_app_knob("GSYNC_ASYNC_PRED", GS_ASYNC_PRED) != 0u;
    a->tune[6] = gs_app_knob("GSYNC_ASYNC_NARROW", sssp ? GS_ASYNC_NARROW : GS_ASYNC_NARROW_BFS) != 0u;
    const void *k = async_kernels[a->tune[5]][sssp][a->mode == GS_SYNC_ASYNC_BROKEN];
    if (a->tune[3] < 32u)
        a->tune[3] = 32u;
    async_init<<<1024, 256>>>(*a);
    if ((e = cudaGetLastError()) != cudaSuccess ||
        (e = cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  (int)async_smem_bytes(a->threads))) != cudaSuccess ||
        (e = cudaEventRecord(t0, 0)) != cudaSuccess ||
        (e = cudaLaunchCooperativeKernel(k, a->blocks, a->threads, args, async_smem_bytes(a->threads), 0)) !=
            cudaSuccess ||
        (e = cudaEventRecord(t1, 0)) != cudaSuccess)
        return (int)e;
    async_out<<<1024, 256>>>(*a);
    return (int)cudaGetLastError();
}
