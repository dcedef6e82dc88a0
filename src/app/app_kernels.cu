/* app_kernels.cu: the app family's programs, each written once as one
 * iteration (app_iteration) and an end test (app_done), and run two ways:
 * a persistent kernel whose blocks loop over iterations with a device-wide
 * barrier between them (the barrier a template parameter), or a launch per
 * iteration (from a stream, or batches replayed as a CUDA graph).
 *
 * Iteration `it` writes its result count (next worklist size, change
 * flag) into rotating slot (it + 1) % 3 and counts the hub parts taken in
 * slot 3 + (it + 1) % 3, and block 0 clears slots (it + 2) % 3 and
 * 3 + (it + 2) % 3 for the iteration after: every read of those slots
 * happened before the barrier that ended iteration it - 1.  So
 * one barrier per iteration suffices, and every block takes the same end
 * decision.
 * Ordering: the program's own updates are relaxed atomics and plain stores;
 * the barrier (release/acquire at gpu scope, or the kernel boundary) makes
 * them visible to the next iteration. */
#include "core/bench.cuh"

#include <cooperative_groups.h>
#include <cuda/barrier>
#include <new>

#include "app/app.h"
#include "families/barrier_state.h"
#include "gsync/host.h"

typedef cuda::barrier<cuda::thread_scope_device> app_device_barrier;

/* The kernels' own program numbers: the programs, and bitonic sort on
 * 64-bit keys (--key-bits 64), a kernel of its own but not a program name. */
#define APP_BITONIC64 GS_APP_PROGRAMS
#define APP_KERNELS (GS_APP_PROGRAMS + 1)

static unsigned int kernel_of(unsigned int program, unsigned int key_bits)
{
    return program == GS_APP_BITONIC && key_bits == 64u ? APP_BITONIC64 : program;
}

static __device__ __forceinline__ unsigned int global_thread(void)
{
    return blockIdx.x * blockDim.x + threadIdx.x;
}

/* The size of the grid Reduce's stage `stage` leaves (stage 0: a partial
 * sum a thread). */
static __device__ __forceinline__ unsigned int reduce_left(unsigned int threads, unsigned int stage)
{
    unsigned int cur = threads;
    for (unsigned int s = 0; s < stage && cur > 1u; ++s)
        cur = (cur + 1u) / 2u;
    return cur;
}

/* PageRank's sums (the L1 change, the dangling rank) in rotating slots,
 * each spread over GS_APP_PR_LANES counters a line apart: block b adds
 * into lane b mod 32, so that the blocks' atomics do not queue on one
 * address before their barrier arrival.  pr_sum is warp-collective. */
static __device__ __forceinline__ float *pr_cell(const gs_app_args &a, unsigned int slot, unsigned int q,
                                                 unsigned int lane)
{
    return a.fsum + ((slot * 2u + q) * GS_APP_PR_LANES + lane) * GS_APP_PR_STRIDE;
}
static __device__ __forceinline__ float pr_sum(const gs_app_args &a, unsigned int slot, unsigned int q)
{
    float v = __uint_as_float(gs_ld_relaxed((const unsigned int *)pr_cell(a, slot, q, threadIdx.x & 31u), GS_SCOPE_GPU));
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

/* Whether the program ended before iteration `it` (it >= 1); every thread
 * of a warp calls it. */
template <int P>
static __device__ __forceinline__ bool app_done(const gs_app_args &a, unsigned int it)
{
    if (it >= a.max_iters)
        return true;
    if (P == GS_APP_REDUCE || P == GS_APP_REDUCE_FLOAT)
        return reduce_left(a.blocks * a.threads, it - 1u) == 1u;
    if (P == GS_APP_SW)
        return it >= a.qlen + a.tlen - 1u; /* the anti-diagonals */
    if (P == GS_APP_BITONIC || P == APP_BITONIC64)
        return it >= a.nsteps;
    if (P == GS_APP_PAGERANK)
        return pr_sum(a, it % 3u, 0u) < a.tol;
    return gs_ld_relaxed(&a.count[it % 3u], GS_SCOPE_GPU) == 0u;
}

/* Pushes v on the next worklist. */
static __device__ __forceinline__ void push(const gs_app_args &a, unsigned int it, unsigned int v)
{
    const unsigned int slot = atomicAdd(&a.count[(it + 1u) % 3u], 1u); /* relaxed */
    a.wl[(it + 1u) & 1u][slot] = v;
}

/* Arc e out of a vertex at distance du: its head's distance improved, and
 * the head marked (stamp it + 2) for iteration it + 1 and, data-driven,
 * pushed once. */
template <bool WORKLIST>
static __device__ __forceinline__ void sssp_arc(const gs_app_args &a, unsigned int it, unsigned int du, unsigned int e)
{
    const unsigned int v = a.col[e], nd = du + a.w[e];
    if (nd < du || nd >= gs_ld_relaxed(&a.dist[v], GS_SCOPE_GPU))
        return;
    if (atomicMin(&a.dist[v], nd) <= nd) /* relaxed */
        return;
    if (WORKLIST) {
        if (atomicExch(&a.stamp[v], it + 2u) != it + 2u)
            push(a, it, v);
    } else {
        gs_st_relaxed(&a.stamp[v], it + 2u, GS_SCOPE_GPU);
        gs_st_relaxed(&a.count[(it + 1u) % 3u], 1u, GS_SCOPE_GPU);
    }
}

/* bfs-topo's arc into v: v reached at level it + 1, and the change flag set. */
static __device__ __forceinline__ void bfs_topo_arc(const gs_app_args &a, unsigned int it, unsigned int v)
{
    if (gs_ld_relaxed(&a.dist[v], GS_SCOPE_GPU) == GS_UNREACHED &&
        atomicCAS(&a.dist[v], GS_UNREACHED, it + 1u) == GS_UNREACHED) /* relaxed */
        gs_st_relaxed(&a.count[(it + 1u) % 3u], 1u, GS_SCOPE_GPU);
}

/* Whether u is a hub whose arcs the warps take in parts (hub_parts), not
 * the thread that holds u. */
static __device__ __forceinline__ bool is_hub(const gs_app_args &a, unsigned int u)
{
    return a.nparts != 0u && a.row[u + 1u] - a.row[u] > a.hub_min;
}

/* The next hub part for the calling warp (every lane gets it): a relaxed
 * atomic on slot 3 + (it + 1) % 3, which iteration it - 1 cleared. */
static __device__ __forceinline__ unsigned int hub_take(const gs_app_args &a, unsigned int it)
{
    unsigned int j = 0u;
    if ((threadIdx.x & 31u) == 0u)
        j = atomicAdd(&a.count[3u + (it + 1u) % 3u], 1u); /* relaxed */
    return __shfl_sync(~0u, j, 0);
}

/* bfs-topo's and sssp-topo's hubs: a warp takes a part at a time, the
 * largest first, and, when its hub is in this iteration's frontier, its
 * lanes take the part's arcs 32 apart. */
template <int P>
static __device__ __forceinline__ void topo_hubs(const gs_app_args &a, unsigned int it)
{
    for (unsigned int j = hub_take(a, it); j < a.nparts; j = hub_take(a, it)) {
        const unsigned int u = a.hubs[a.hub_part[2u * j]], lo = a.hub_part[2u * j + 1u];
        if (P == GS_APP_BFS_TOPO ? gs_ld_relaxed(&a.dist[u], GS_SCOPE_GPU) != it
                                 : gs_ld_relaxed(&a.stamp[u], GS_SCOPE_GPU) != it + 1u)
            continue;
        const unsigned int f = a.row[u + 1u], hi = f - lo > a.part_arcs ? lo + a.part_arcs : f;
        const unsigned int du = P == GS_APP_SSSP_TOPO ? gs_ld_relaxed(&a.dist[u], GS_SCOPE_GPU) : 0u;
        for (unsigned int e = lo + (threadIdx.x & 31u); e < hi; e += 32u)
            if (P == GS_APP_BFS_TOPO)
                bfs_topo_arc(a, it, a.col[e]);
            else
                sssp_arc<false>(a, it, du, e);
    }
}

/* PageRank's gather for PR_VERTS vertices of a thread, v0 + q * stride
 * (those past the end and hubs compute nothing): each sums its in-neighbours'
 * contributions (rank / out-degree, written by the iteration before),
 * PR_ARCS arcs of each vertex a step.  Every load of a stage is issued
 * before any is used: the row bounds, the out-degrees and old ranks, then
 * the arcs, then (past a branch, which keeps the compiler from interleaving
 * the stages) the contributions.  A lane past a vertex's arcs takes
 * contribution n, which stays 0, and adds it: with no select between a load
 * and its add, the compiler issues a stage's loads together in every
 * kernel the gather is inlined into.  The graph is read-only for the whole
 * kernel (non-coherent loads); the contributions and ranks are plain loads
 * after the barrier.  Sums in arc order. */
#ifndef GS_PR_VERTS
#define GS_PR_VERTS 2u /* a thread's vertices at once (-D; they set the registers) */
#endif
#ifndef GS_PR_ARCS
#define GS_PR_ARCS 4u
#endif
#ifndef GS_PR_HUB_ARCS
#define GS_PR_HUB_ARCS 4u /* a lane's arcs of a hub a trip */
#endif
#define PR_VERTS GS_PR_VERTS
#define PR_ARCS GS_PR_ARCS
#define PR_HUB_ARCS GS_PR_HUB_ARCS
static __device__ __forceinline__ unsigned int pr_ld_graph(const unsigned int *p)
{
    unsigned int v;
    asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(v) : "l"(p));
    return v;
}
static __device__ __forceinline__ float pr_ld(const float *p)
{
    float v;
    asm volatile("ld.global.f32 %0, [%1];" : "=f"(v) : "l"(p));
    return v;
}
/* A vertex's new rank r: written, its contribution, and its share of the
 * iteration's change and dangling sum. */
static __device__ __forceinline__ void pr_finish(const gs_app_args &a, float *dst, float *dc, unsigned int u, float r,
                                                 float inv, float old, float *change, float *dang)
{
    dst[u] = r;
    dc[u] = r * inv;
    *change += fabsf(r - old);
    if (inv == 0.0f)
        *dang += r;
}

static __device__ __forceinline__ void pr_group(const gs_app_args &a, const float *src, float *dst, const float *sc,
                                                float *dc, unsigned int v0, unsigned int stride, float base,
                                                float *change, float *dang)
{
    unsigned int e[PR_VERTS], f[PR_VERTS];
    float s[PR_VERTS], inv[PR_VERTS], old[PR_VERTS];
#pragma unroll
    for (unsigned int q = 0; q < PR_VERTS; ++q) {
        const unsigned long long uq = (unsigned long long)v0 + (unsigned long long)q * stride;
        const unsigned int u = uq < a.n ? (unsigned int)uq : v0; /* v0 < n */
        e[q] = pr_ld_graph(&a.row[u]), f[q] = pr_ld_graph(&a.row[u + 1u]);
        inv[q] = __uint_as_float(pr_ld_graph((const unsigned int *)&a.inv_out[u])), old[q] = pr_ld(&src[u]);
        s[q] = 0.0f;
    }
    bool mine[PR_VERTS]; /* past the end, or a hub (pr_hubs gathers it): nothing to gather or write */
#pragma unroll
    for (unsigned int q = 0; q < PR_VERTS; ++q) {
        mine[q] = (unsigned long long)v0 + (unsigned long long)q * stride < a.n &&
                  (a.hub_min == 0u || f[q] - e[q] <= a.hub_min);
        if (!mine[q])
            f[q] = e[q];
    }
    for (;;) {
        bool more = false;
#pragma unroll
        for (unsigned int q = 0; q < PR_VERTS; ++q)
            more = more || e[q] < f[q];
        if (!more)
            break;
        unsigned int c[PR_VERTS][PR_ARCS];
        float x[PR_VERTS][PR_ARCS];
#pragma unroll
        for (unsigned int q = 0; q < PR_VERTS; ++q)
#pragma unroll
            for (unsigned int k = 0; k < PR_ARCS; ++k)
                c[q][k] = e[q] + k < f[q] ? pr_ld_graph(&a.col[e[q] + k]) : a.n;
        /* a guard (a checked graph has no arc out of range), and the branch
         * that keeps the compiler from interleaving the two stages' loads */
        unsigned int hi = 0u;
#pragma unroll
        for (unsigned int q = 0; q < PR_VERTS; ++q)
#pragma unroll
            for (unsigned int k = 0; k < PR_ARCS; ++k)
                hi = c[q][k] > hi ? c[q][k] : hi;
        if (hi > a.n)
            break;
#pragma unroll
        for (unsigned int q = 0; q < PR_VERTS; ++q)
#pragma unroll
            for (unsigned int k = 0; k < PR_ARCS; ++k)
                x[q][k] = pr_ld(&sc[c[q][k]]);
#pragma unroll
        for (unsigned int q = 0; q < PR_VERTS; ++q) {
#pragma unroll
            for (unsigned int k = 0; k < PR_ARCS; ++k)
                s[q] += x[q][k];
            e[q] = f[q] - e[q] > PR_ARCS ? e[q] + PR_ARCS : f[q];
        }
    }
#pragma unroll
    for (unsigned int q = 0; q < PR_VERTS; ++q)
        if (mine[q])
            pr_finish(a, dst, dc, v0 + q * stride, base + a.damping * s[q], inv[q], old[q], change, dang);
}

/* The warp's sum of the contributions over arcs lo .. hi - 1: lane l takes
 * lo + l, lo + l + 32, ..., PR_HUB_ARCS arcs a trip, and loads the next trip's
 * arcs before this trip's contributions, so that a contribution's load
 * waits on an arc loaded a trip earlier, in whatever order ptxas issues
 * them.  A lane past the arcs takes contribution n (0). */
static __device__ __forceinline__ float pr_warp_sum(const gs_app_args &a, const float *sc, unsigned int lo,
                                                    unsigned int hi)
{
    unsigned int e = lo + (threadIdx.x & 31u), c[PR_HUB_ARCS];
    float s = 0.0f;
#pragma unroll
    for (unsigned int k = 0; k < PR_HUB_ARCS; ++k)
        c[k] = e + 32u * k < hi ? pr_ld_graph(&a.col[e + 32u * k]) : a.n;
    for (; e < hi; e += 32u * PR_HUB_ARCS) {
        const unsigned int next = e + 32u * PR_HUB_ARCS;
        unsigned int d[PR_HUB_ARCS];
        float x[PR_HUB_ARCS];
#pragma unroll
        for (unsigned int k = 0; k < PR_HUB_ARCS; ++k)
            d[k] = next + 32u * k < hi ? pr_ld_graph(&a.col[next + 32u * k]) : a.n;
#pragma unroll
        for (unsigned int k = 0; k < PR_HUB_ARCS; ++k)
            x[k] = pr_ld(&sc[c[k]]);
#pragma unroll
        for (unsigned int k = 0; k < PR_HUB_ARCS; ++k)
            s += x[k], c[k] = d[k];
    }
    for (unsigned int o = 16u; o > 0u; o >>= 1)
        s += __shfl_xor_sync(~0u, s, o);
    return s;
}

/* PageRank's hubs (more than hub_min in-arcs), cut into parts of at most
 * part_arcs arcs, a warp a part; without this, the thread (or warp) that
 * holds the largest hub alone sets an iteration's length on a power-law
 * graph.  A warp done with its vertices takes the next part from a counter
 * (relaxed atomic; the slot iteration it - 1 cleared), the largest first
 * (the host's order).  A hub of one part is finished by its warp; otherwise
 * each part adds its sum (relaxed) and counts itself done (acq_rel: the
 * last part's warp sees every part's sum), and the last finishes the hub
 * and resets its sum and count for the next iteration. */
static __device__ __forceinline__ void pr_hubs(const gs_app_args &a, unsigned int it, const float *src, float *dst,
                                               const float *sc, float *dc, float base, float *change, float *dang)
{
    for (unsigned int j = hub_take(a, it); j < a.nparts; j = hub_take(a, it)) {
        const unsigned int h = a.hub_part[2u * j], lo = a.hub_part[2u * j + 1u], u = a.hubs[h];
        const unsigned int e0 = pr_ld_graph(&a.row[u]), f = pr_ld_graph(&a.row[u + 1u]);
        float s = pr_warp_sum(a, sc, lo, f - lo > a.part_arcs ? lo + a.part_arcs : f);
        if ((threadIdx.x & 31u) != 0u)
            continue;
        if (f - e0 > a.part_arcs) {
            const unsigned int parts = (f - e0) / a.part_arcs + ((f - e0) % a.part_arcs != 0u);
            atomicAdd(&a.hub_sum[h], s); /* relaxed */
            if (gs_atom_add_acq_rel(&a.hub_done[h], 1u, GS_SCOPE_GPU) != parts - 1u)
                continue;
            s = __uint_as_float(gs_atom_exch_relaxed((unsigned int *)&a.hub_sum[h], 0u, GS_SCOPE_GPU));
            gs_st_relaxed(&a.hub_done[h], 0u, GS_SCOPE_GPU);
        }
        pr_finish(a, dst, dc, u, base + a.damping * s,
                  __uint_as_float(pr_ld_graph((const unsigned int *)&a.inv_out[u])), pr_ld(&src[u]), change, dang);
    }
}

/* Sums v over the block into *out (one atomic a block). */
static __device__ __forceinline__ void block_add(float v, float *out)
{
    __shared__ float sum;
    if (threadIdx.x == 0)
        sum = 0.0f;
    __syncthreads();
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31u) == 0 && v != 0.0f)
        atomicAdd(&sum, v);
    __syncthreads();
    if (threadIdx.x == 0 && sum != 0.0f)
        atomicAdd(out, sum); /* relaxed */
}

/* Smith-Waterman, anti-diagonal d (0-based): the cells (i, j), 1-based, with
 * i + j = d + 2.  Each depends on diagonals d - 1 and d - 2 only. */
static __device__ __forceinline__ void sw_diagonal(const gs_app_args &a, unsigned int d)
{
    const unsigned int w = a.tlen + 1u, stride = gridDim.x * blockDim.x;
    const unsigned int i0 = d + 1u > a.tlen ? d + 2u - a.tlen : 1u; /* the first row on it */
    const unsigned int i1 = d + 1u < a.qlen ? d + 1u : a.qlen;                  /* the last */
    for (unsigned int i = i0 + global_thread(); i <= i1; i += stride) {
        const unsigned int j = d + 2u - i;
        const size_t c = (size_t)i * w + j;
        const int e = max(a.e[c - 1] - a.gap_extend, a.h[c - 1] - a.gap_open - a.gap_extend);
        const int f = max(a.f[c - w] - a.gap_extend, a.h[c - w] - a.gap_open - a.gap_extend);
        const int diag = a.h[c - w - 1] + (a.qs[i - 1] == a.ts[j - 1] ? a.match : a.mismatch);
        a.e[c] = e, a.f[c] = f;
        a.h[c] = max(max(0, diag), max(e, f));
    }
}

/* Bitonic sort, step s, on keys of type K (unsigned int or unsigned long
 * long): one compare-exchange stride j of merge size k over the whole
 * array, or, for j < GS_APP_TILE, strides j .. 1 of each tile in shared
 * memory (a tile holds every pair those strides touch; GS_APP_TILE keys of
 * K a block, so 64-bit keys take twice the shared memory). */
template <typename K>
static __device__ __forceinline__ void bitonic_step(const gs_app_args &a, unsigned int s)
{
    __shared__ K tile[GS_APP_TILE];
    K *const keys = (K *)a.keys;
    const unsigned int k = a.steps[2u * s], j = a.steps[2u * s + 1u], n = (unsigned int)a.size;
    if (j >= GS_APP_TILE) {
        for (unsigned int t = global_thread(); t < n / 2u; t += gridDim.x * blockDim.x) {
            const unsigned int lo = 2u * t - (t & (j - 1u)), hi = lo + j; /* the pair's two indices */
            const K x = keys[lo], y = keys[hi];
            if ((x > y) == ((lo & k) == 0u))
                keys[lo] = y, keys[hi] = x;
        }
        return;
    }
    for (unsigned int base = blockIdx.x * GS_APP_TILE; base < n; base += gridDim.x * GS_APP_TILE) {
        __syncthreads(); /* the tile's last use is over */
        for (unsigned int t = threadIdx.x; t < GS_APP_TILE; t += blockDim.x)
            tile[t] = keys[base + t];
        for (unsigned int jj = j; jj > 0u; jj >>= 1) {
            __syncthreads();
            for (unsigned int t = threadIdx.x; t < GS_APP_TILE / 2u; t += blockDim.x) {
                const unsigned int lo = 2u * t - (t & (jj - 1u)), hi = lo + jj;
                const K x = tile[lo], y = tile[hi];
                if ((x > y) == (((base + lo) & k) == 0u))
                    tile[lo] = y, tile[hi] = x;
            }
        }
        __syncthreads();
        for (unsigned int t = threadIdx.x; t < GS_APP_TILE; t += blockDim.x)
            keys[base + t] = tile[t];
    }
}

/* One iteration of program P, by the whole grid. */
template <int P>
static __device__ __forceinline__ void app_iteration(const gs_app_args &a, unsigned int it)
{
    const unsigned int stride = gridDim.x * blockDim.x, t0 = global_thread();
    if (blockIdx.x == 0 && threadIdx.x == 0 && P <= GS_APP_PAGERANK) {
        gs_st_relaxed(&a.count[(it + 2u) % 3u], 0u, GS_SCOPE_GPU);
        if (P == GS_APP_BFS_TOPO || P == GS_APP_SSSP_TOPO || P == GS_APP_PAGERANK) /* the hubs' parts */
            gs_st_relaxed(&a.count[3u + (it + 2u) % 3u], 0u, GS_SCOPE_GPU);
    }
    if (P == GS_APP_PAGERANK && blockIdx.x == 0 && threadIdx.x < 32u)
        for (unsigned int q = 0; q < 2u; ++q)
            gs_st_relaxed((unsigned int *)pr_cell(a, (it + 2u) % 3u, q, threadIdx.x), 0u, GS_SCOPE_GPU);
    if (P == GS_APP_BFS) {
        const unsigned int size = gs_ld_relaxed(&a.count[it % 3u], GS_SCOPE_GPU);
        const unsigned int *in = a.wl[it & 1u];
        for (unsigned int i = t0; i < size; i += stride) {
            const unsigned int u = in[i];
            for (unsigned int e = a.row[u]; e < a.row[u + 1u]; ++e) {
                const unsigned int v = a.col[e];
                if (gs_ld_relaxed(&a.dist[v], GS_SCOPE_GPU) == GS_UNREACHED &&
                    atomicCAS(&a.dist[v], GS_UNREACHED, it + 1u) == GS_UNREACHED)
                    push(a, it, v);
            }
        }
    } else if (P == GS_APP_BFS_TOPO) {
        for (unsigned int u = t0; u < a.n; u += stride)
            if (gs_ld_relaxed(&a.dist[u], GS_SCOPE_GPU) == it && !is_hub(a, u))
                for (unsigned int e = a.row[u]; e < a.row[u + 1u]; ++e)
                    bfs_topo_arc(a, it, a.col[e]);
        topo_hubs<P>(a, it);
    } else if (P == GS_APP_SSSP) {
        const unsigned int size = gs_ld_relaxed(&a.count[it % 3u], GS_SCOPE_GPU);
        for (unsigned int i = t0; i < size; i += stride) {
            const unsigned int u = a.wl[it & 1u][i], du = gs_ld_relaxed(&a.dist[u], GS_SCOPE_GPU);
            for (unsigned int e = a.row[u]; e < a.row[u + 1u]; ++e)
                sssp_arc<true>(a, it, du, e);
        }
    } else if (P == GS_APP_SSSP_TOPO) {
        for (unsigned int u = t0; u < a.n; u += stride)
            if (gs_ld_relaxed(&a.stamp[u], GS_SCOPE_GPU) == it + 1u && !is_hub(a, u)) {
                const unsigned int du = gs_ld_relaxed(&a.dist[u], GS_SCOPE_GPU);
                for (unsigned int e = a.row[u]; e < a.row[u + 1u]; ++e)
                    sssp_arc<false>(a, it, du, e);
            }
        topo_hubs<P>(a, it);
    } else if (P == GS_APP_PAGERANK) {
        const float *src = a.rank[it & 1u];
        float *dst = a.rank[(it + 1u) & 1u];
        const float dangling = pr_sum(a, it % 3u, 1u);
        const float base = (1.0f - a.damping) / a.n + a.damping * dangling / a.n;
        float change = 0.0f, dang = 0.0f;
        if (a.tune[0] == 0u) { /* the earlier gather: two reads an arc, an arc at a time */
            for (unsigned int v = t0; v < a.n; v += stride) {
                float s = 0.0f;
                for (unsigned int e = a.row[v]; e < a.row[v + 1u]; ++e)
                    s += src[a.col[e]] * a.inv_out[a.col[e]];
                const float r = base + a.damping * s;
                dst[v] = r;
                change += fabsf(r - src[v]);
                if (a.inv_out[v] == 0.0f)
                    dang += r;
            }
        } else {
            const float *sc = a.contrib[it & 1u];
            float *dc = a.contrib[(it + 1u) & 1u];
            for (unsigned long long v = t0; v < a.n; v += (unsigned long long)PR_VERTS * stride)
                pr_group(a, src, dst, sc, dc, (unsigned int)v, stride, base, &change, &dang);
            if (a.nparts != 0u)
                pr_hubs(a, it, src, dst, sc, dc, base, &change, &dang);
        }
        block_add(change, pr_cell(a, (it + 1u) % 3u, 0u, blockIdx.x % GS_APP_PR_LANES));
        block_add(dang, pr_cell(a, (it + 1u) % 3u, 1u, blockIdx.x % GS_APP_PR_LANES));
    } else if (P == GS_APP_SW) {
        sw_diagonal(a, it);
    } else if (P == GS_APP_BITONIC) {
        bitonic_step<unsigned int>(a, it);
    } else if (P == APP_BITONIC64) {
        bitonic_step<unsigned long long>(a, it);
    } else if (P == GS_APP_REDUCE) {
        const unsigned int threads = a.blocks * a.threads;
        if (it == 0u) {
            unsigned long long s = 0ull;
            for (unsigned long long i = t0; i < a.size; i += threads)
                s += a.in[i];
            a.part[t0] = s;
        } else {
            const unsigned int before = reduce_left(threads, it - 1u), after = reduce_left(threads, it);
            for (unsigned int i = t0; i < before - after; i += stride)
                a.part[i] += a.part[i + after];
        }
    } else if (P == GS_APP_REDUCE_FLOAT) {
        const unsigned int threads = a.blocks * a.threads;
        float *part = (float *)a.part;
        if (it == 0u) {
            float s = 0.0f;
            for (unsigned long long i = t0; i < a.size; i += threads)
                s += (float)a.in[i] * (1.0f / 65536.0f);
            part[t0] = s;
        } else {
            const unsigned int before = reduce_left(threads, it - 1u), after = reduce_left(threads, it);
            for (unsigned int i = t0; i < before - after; i += stride)
                part[i] += part[i + after];
        }
    }
}

/* The barrier of mode M, by the whole block; false when the watchdog gave up. */
template <int M>
static __device__ __forceinline__ bool app_sync(const gs_app_args &a, gs_barrier_t *gs, unsigned int epoch)
{
    unsigned int *st = (unsigned int *)a.state;
    switch (M) {
    case GS_SYNC_GRID:
        cooperative_groups::this_grid().sync();
        return true;
    case GS_SYNC_CUDA_BARRIER:
        __syncthreads();
        if (threadIdx.x == 0)
            ((app_device_barrier *)a.state)->arrive_and_wait();
        __syncthreads();
        return true;
    case GS_SYNC_ATOMIC_TREE: {
        gs_barrier_atomic_tree_t b = gs_state_atomic_tree(st, a.groups);
        return gs_barrier_atomic_tree_sync(b);
    }
    case GS_SYNC_LF_TREE: {
        gs_barrier_lf_tree_t b = gs_state_lf_tree(st, a.blocks, a.groups);
        return gs_barrier_lf_tree_sync(b);
    }
    case GS_SYNC_SENSE_REVERSING: {
        gs_barrier_sr_t b = gs_state_sr(st, a.groups);
        return gs_barrier_sr_sync(b, epoch);
    }
    case GS_SYNC_FX_LOCKFREE: {
        gs_barrier_fx_lockfree_t b = gs_state_fx_lockfree(st, a.blocks);
        return gs_barrier_fx_lockfree_sync(b, epoch, true);
    }
    case GS_SYNC_FX_LOCK:
        return gs_barrier_fx_lock_sync((gs_barrier_fx_lock_t *)st, epoch, true, true);
    case GS_SYNC_FX_LOCK_NOFENCE:
        return gs_barrier_fx_lock_sync((gs_barrier_fx_lock_t *)st, epoch, false, true);
    case GS_SYNC_FX_LOCKFREE_NOFENCE: {
        gs_barrier_fx_lockfree_t b = gs_state_fx_lockfree(st, a.blocks);
        return gs_barrier_fx_lockfree_sync(b, epoch, false);
    }
    case GS_SYNC_BROKEN_NONE:
        __syncthreads();
        return true;
    default:
        return gs_barrier_sync(gs);
    }
}

/* The persistent kernel: every block loops over the iterations.  Thread 0
 * of each block times its barrier waits (clock64) for the synchronization
 * share. */
template <int P, int M>
static __global__ void app_persistent(gs_app_args a)
{
    gs_barrier_t gs = a.gs;
    const long long start = clock64();
    long long waited = 0;
    unsigned int it = 0;
    for (;; ++it) {
        app_iteration<P>(a, it);
        const long long t = clock64();
        if (!app_sync<M>(a, &gs, it))
            break; /* the watchdog: every block leaves */
        waited += clock64() - t;
        if (app_done<P>(a, it + 1u))
            break;
    }
    if (threadIdx.x == 0) {
        atomicAdd(&a.cycles[0], (unsigned long long)waited);
        atomicAdd(&a.cycles[1], (unsigned long long)(clock64() - start));
        if (blockIdx.x == 0)
            *a.iters_out = it + 1u;
    }
}

/* Relaunch: iteration *base + k, unless the program ended before it. */
template <int P>
static __global__ void app_step(gs_app_args a, const unsigned int *base, unsigned int k)
{
    const unsigned int it = (base ? *base : 0u) + k;
    if (it > 0u && (*a.iters_out <= it || app_done<P>(a, it))) { /* an end seen stays seen: later slots are stale */
        if (blockIdx.x == 0 && threadIdx.x == 0)
            atomicMin(a.iters_out, it);
        return;
    }
    app_iteration<P>(a, it);
}

/* Stream relaunch: the end test before iteration it, by one warp. */
template <int P>
static __global__ void app_test(gs_app_args a, const unsigned int *base, unsigned int it)
{
    (void)base;
    if (app_done<P>(a, it) && threadIdx.x == 0)
        *a.iters_out = it;
}

static __global__ void app_advance(unsigned int *base, unsigned int by)
{
    *base += by;
}

/* Once per run, one thread: the watchdog, the mode's state, the end-test
 * slots, and the program's first iteration's input. */
static __global__ void app_init(gs_app_args a)
{
    gs_watchdog_arm((gs_watchdog_t *)a.watchdog, a.timeout_ns);
    if (a.mode == GS_SYNC_CUDA_BARRIER)
        new (a.state) app_device_barrier(a.blocks);
    *a.iters_out = a.mode <= GS_SYNC_RELAUNCH_GRAPH ? ~0u : 0u;
    a.cycles[0] = a.cycles[1] = 0ull;
    if (a.count)
        a.count[0] = 1u, a.count[1] = a.count[2] = a.count[3] = a.count[4] = a.count[5] = 0u;
    if (a.dist) {
        a.dist[a.src] = 0u;
        if (a.program == GS_APP_BFS || a.program == GS_APP_SSSP)
            a.wl[0][0] = a.src;
        if (a.stamp)
            a.stamp[a.src] = 1u;
    }
}

/* Fills `in` with Reduce's input, and `terms` (when not NULL) with
 * reduce-float's terms of it, in / 2^16 (exact). */
static __global__ void app_fill(unsigned int *in, float *terms, unsigned long long size)
{
    for (unsigned long long i = global_thread(); i < size; i += (unsigned long long)gridDim.x * blockDim.x) {
        in[i] = gs_app_reduce_value(i);
        if (terms)
            terms[i] = (float)in[i] * (1.0f / 65536.0f);
    }
}

/* ---- the tables of kernels, and the host's calls ---- */

#define MODES(P)                                                                                            \
    {NULL, NULL, (const void *)app_persistent<P, GS_SYNC_GRID>,                                             \
     (const void *)app_persistent<P, GS_SYNC_CUDA_BARRIER>, (const void *)app_persistent<P, GS_SYNC_ATOMIC_TREE>, \
     (const void *)app_persistent<P, GS_SYNC_LF_TREE>, (const void *)app_persistent<P, GS_SYNC_SENSE_REVERSING>,  \
     (const void *)app_persistent<P, GS_SYNC_FX_LOCKFREE>, (const void *)app_persistent<P, GS_SYNC_FX_LOCK>,      \
     (const void *)app_persistent<P, GS_SYNC_GS>, (const void *)app_persistent<P, GS_SYNC_BROKEN_NONE>,      \
     (const void *)app_persistent<P, GS_SYNC_FX_LOCK_NOFENCE>, (const void *)app_persistent<P, GS_SYNC_FX_LOCKFREE_NOFENCE>}
static const void *const persistent[APP_KERNELS][GS_SYNC_ALL_MODES] = {
    MODES(GS_APP_BFS),       MODES(GS_APP_BFS_TOPO), MODES(GS_APP_SSSP),
    MODES(GS_APP_SSSP_TOPO), MODES(GS_APP_PAGERANK), MODES(GS_APP_REDUCE),
    MODES(GS_APP_SW),        MODES(GS_APP_BITONIC),  {NULL},                MODES(GS_APP_REDUCE_FLOAT),
    {NULL} /* uts-hs: uts_hs_kernels.cu */,          MODES(APP_BITONIC64)};
static const void *const step[APP_KERNELS] = {
    (const void *)app_step<GS_APP_BFS>,       (const void *)app_step<GS_APP_BFS_TOPO>,
    (const void *)app_step<GS_APP_SSSP>,      (const void *)app_step<GS_APP_SSSP_TOPO>,
    (const void *)app_step<GS_APP_PAGERANK>, (const void *)app_step<GS_APP_REDUCE>,
    (const void *)app_step<GS_APP_SW>,       (const void *)app_step<GS_APP_BITONIC>,
    NULL /* UTS: no relaunch */,             (const void *)app_step<GS_APP_REDUCE_FLOAT>,
    NULL /* uts-hs */,                       (const void *)app_step<APP_BITONIC64>};

static const void *const test[APP_KERNELS] = {
    (const void *)app_test<GS_APP_BFS>,       (const void *)app_test<GS_APP_BFS_TOPO>,
    (const void *)app_test<GS_APP_SSSP>,      (const void *)app_test<GS_APP_SSSP_TOPO>,
    (const void *)app_test<GS_APP_PAGERANK>, (const void *)app_test<GS_APP_REDUCE>,
    (const void *)app_test<GS_APP_SW>,       (const void *)app_test<GS_APP_BITONIC>,
    NULL /* UTS */,                          (const void *)app_test<GS_APP_REDUCE_FLOAT>,
    NULL /* uts-hs */,                       (const void *)app_test<APP_BITONIC64>};

#define GRAPH_BATCH 16u /* iterations a replayed graph holds */

extern "C" size_t gs_app_state_bytes(unsigned int blocks, unsigned int groups)
{
    const size_t most = gs_barrier_state_bytes(blocks, groups), lib = sizeof(app_device_barrier);
    return most > lib ? most : lib;
}

extern "C" int gs_app_occupancy(unsigned int program, unsigned int key_bits, unsigned int mode, unsigned int threads,
                                int *per_sm)
{
    const unsigned int p = kernel_of(program, key_bits);
    const void *k = mode <= GS_SYNC_RELAUNCH_GRAPH ? step[p] : persistent[p][mode];
    return (int)cudaOccupancyMaxActiveBlocksPerMultiprocessor(per_sm, k, (int)threads, 0);
}

extern "C" int gs_app_setup(gs_app_args *a)
{
    app_init<<<1, 1>>>(*a);
    return (int)cudaGetLastError();
}

extern "C" int gs_app_fill_reduce(unsigned int *in, float *terms, unsigned long long size)
{
    app_fill<<<1024, 256>>>(in, terms, size);
    return (int)cudaGetLastError();
}

extern "C" int gs_app_run_persistent(gs_app_args *a, cudaEvent_t t0, cudaEvent_t t1)
{
    void *args[] = {a};
    const void *k = persistent[kernel_of(a->program, a->key_bits)][a->mode];
    cudaError_t e;
    if ((e = cudaEventRecord(t0, 0)) != cudaSuccess ||
        (e = cudaLaunchCooperativeKernel(k, a->blocks, a->threads, args, 0, 0)) != cudaSuccess)
        return (int)e;
    return (int)cudaEventRecord(t1, 0);
}

/* A stream: one launch an iteration, the end test read by the host after
 * each (a host-driven program).  A graph: GRAPH_BATCH launches and an
 * advance of the base iteration, captured once, replayed until the
 * program has ended; launches past the end return at once. */
extern "C" int gs_app_run_relaunch(gs_app_args *a, int graph, cudaEvent_t t0, cudaEvent_t t1)
{
    const unsigned int p = kernel_of(a->program, a->key_bits);
    const void *k = step[p];
    unsigned int *base = NULL, *host = NULL, it = 0;
    cudaStream_t s = NULL;
    cudaGraph_t g = NULL;
    cudaGraphExec_t x = NULL;
    cudaError_t e;
    if ((e = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)) != cudaSuccess)
        return (int)e;
    if ((e = cudaMalloc((void **)&base, sizeof *base)) != cudaSuccess ||
        (e = cudaMallocHost((void **)&host, sizeof *host)) != cudaSuccess ||
        (e = cudaMemset(base, 0, sizeof *base)) != cudaSuccess || (e = cudaDeviceSynchronize()) != cudaSuccess)
        goto out;
    if (graph) {
        if ((e = cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal)) != cudaSuccess)
            goto out;
        for (unsigned int i = 0; i < GRAPH_BATCH && e == cudaSuccess; ++i) {
            void *args[] = {a, &base, &i};
            e = cudaLaunchKernel(k, a->blocks, a->threads, args, 0, s);
        }
        if (e == cudaSuccess) {
            app_advance<<<1, 1, 0, s>>>(base, GRAPH_BATCH);
            e = cudaGetLastError();
        }
        const cudaError_t e2 = cudaStreamEndCapture(s, &g);
        if (e == cudaSuccess)
            e = e2;
        if (e == cudaSuccess)
            e = cudaGraphInstantiate(&x, g, 0);
        if (e != cudaSuccess)
            goto out;
    }
    if ((e = cudaEventRecord(t0, s)) != cudaSuccess)
        goto out;
    *host = ~0u;
    while (*host == ~0u && it < a->max_iters) {
        if (graph) {
            e = cudaGraphLaunch(x, s);
            it += GRAPH_BATCH;
        } else {
            const unsigned int *none = NULL;
            void *args[] = {a, &none, &it};
            if ((e = cudaLaunchKernel(k, a->blocks, a->threads, args, 0, s)) == cudaSuccess) {
                ++it;
                e = cudaLaunchKernel(test[p], 1, 32, args, 0, s); /* one warp: the test is warp-collective */
            }
        }
        if (e != cudaSuccess || (e = cudaMemcpyAsync(host, a->iters_out, sizeof *host, cudaMemcpyDeviceToHost, s)) !=
                                    cudaSuccess ||
            (e = cudaStreamSynchronize(s)) != cudaSuccess)
            goto out;
    }
    e = cudaEventRecord(t1, s);
    if (e == cudaSuccess)
        e = cudaStreamSynchronize(s);
out:
    if (x)
        cudaGraphExecDestroy(x);
    if (g)
        cudaGraphDestroy(g);
    cudaFree(base);
    cudaFreeHost(host);
    cudaStreamDestroy(s);
    return (int)e;
}
