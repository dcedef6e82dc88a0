/* pagerank_kernels.cuh: the ways `pagerank` and `brokenPagerank` of
 * `gsync-bench multi` (docs/multi-programs.md, "A program across GPUs"), included by
 * multi_kernels.cu after k_arm (its run_way hands these ways to mpr_way; its
 * rank calls mpr_init and mpr_fini).  The host side is multi_pagerank.c.
 *
 * GPU pe computes the ranks of its vertex range [lo, hi) (multi_pagerank.h)
 * from the in-arcs of that range.  Every GPU holds, in symmetric memory, a
 * replica of every vertex's rank in two buffers: an iteration reads buffer
 * it & 1 of its own replica only, and writes the ranks of its range into
 * buffer (it + 1) & 1 of every GPU's replica (plain coalesced stores through
 * nvshmem_ptr's peer pointers).  The sums an
 * iteration needs (the L1 change, the dangling rank) go in fixed point
 * (value * 2^50, 64-bit) into rotating slots on every GPU with relaxed .sys
 * adds, so that every GPU reads the same integer and takes the same end
 * decision whatever order the adds arrived in.  One cross-GPU barrier
 * (gsync's hierarchical barrier, direct form) an iteration orders it all.
 * brokenPagerank writes the ranks into its own replica only: on 2 GPUs or
 * more the ranks come out wrong and the host comparison must FAIL. */
#ifndef GSYNC_MULTI_PAGERANK_CUH
#define GSYNC_MULTI_PAGERANK_CUH

#include <gsync/multi/barrier.cuh>
#include <nvshmem.h>
#include <nvshmemx.h>

#include "core/cuda_check.h"
#include "multi/multi.h"
#include "multi/multi_pagerank.h"
extern "C" {
#include "core/stats.h"
}

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MPR(way) ((way) == GS_MULTI_PAGERANK || (way) == GS_MULTI_BROKEN_PAGERANK)

typedef struct mpr_args {
    gs_multi_barrier_t bar;                     /* direct form */
    float *rep[GS_MULTI_MAX_PES];               /* each GPU's replica as this GPU reaches it: 2 buffers of n */
    unsigned long long *sums[GS_MULTI_MAX_PES]; /* each GPU's sums: GS_MPR_SUM_WORDS */
    const unsigned int *row, *col;              /* the range's in-arcs: row rebased to 0, col global */
    const float *inv_out;                       /* n */
    unsigned int *iters;                        /* out: the iterations run */
    unsigned int n, lo, hi, pe, npes, max_iters, broken;
    float damping, dangling0;
    double tol;
} mpr_args;

/* Cell `lane` of sum k (0: L1 change, 1: dangling rank) of slot `slot`. */
static __device__ __forceinline__ unsigned long long *mpr_cell(unsigned long long *s, unsigned int slot,
                                                               unsigned int k, unsigned int lane)
{
    return s + ((size_t)(slot * 2u + k) * GS_MPR_LANES + lane) * GS_MPR_CELL;
}

/* Warp-collective: sum k of slot `slot`, every block of every GPU's part,
 * from this GPU's copy (the same integer on every GPU). */
static __device__ __forceinline__ double mpr_total(const mpr_args &a, unsigned int slot, unsigned int k)
{
    unsigned long long v = gs_ld_relaxed_u64(mpr_cell(a.sums[a.pe], slot, k, threadIdx.x & 31u), GS_SCOPE_SYS);
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return (double)v / (double)(1ull << GS_MPR_FIX_BITS);
}

/* The block's L1 change and dangling rank, summed in a fixed order, into
 * cell blockIdx.x % 32 of slot `slot` of every GPU. */
static __device__ __forceinline__ void mpr_block_add(const mpr_args &a, unsigned int slot, float change, float dang)
{
    __shared__ float part[2][32];
    for (int o = 16; o > 0; o >>= 1) {
        change += __shfl_down_sync(0xffffffffu, change, o);
        dang += __shfl_down_sync(0xffffffffu, dang, o);
    }
    if ((threadIdx.x & 31u) == 0u)
        part[0][threadIdx.x >> 5] = change, part[1][threadIdx.x >> 5] = dang;
    __syncthreads();
    if (threadIdx.x == 0u) {
        float c = 0.0f, d = 0.0f;
        for (unsigned int w = 0; w < blockDim.x / 32u; ++w)
            c += part[0][w], d += part[1][w];
        const double scale = (double)(1ull << GS_MPR_FIX_BITS);
        const unsigned long long fc = __double2ull_rn((double)c * scale), fd = __double2ull_rn((double)d * scale);
        const unsigned int lane = blockIdx.x % GS_MPR_LANES;
        for (unsigned int q = 0; q < a.npes; ++q) { /* atomic with every GPU's adds: .sys */
            if (fc)
                (void)gs_atom_add_relaxed_u64(mpr_cell(a.sums[q], slot, 0u, lane), fc, GS_SCOPE_SYS);
            if (fd)
                (void)gs_atom_add_relaxed_u64(mpr_cell(a.sums[q], slot, 1u, lane), fd, GS_SCOPE_SYS);
        }
    }
    /* part is written again only after the barrier's __syncthreads */
}

/* Iteration `it` of this GPU's range: the app family's arithmetic (app_kernels.cu).
 * The previous rank of v comes from the buffer read (its own range is current in
 * its own replica): no separate rank array to read back and write (docs/multi-programs.md). */
static __device__ __forceinline__ void mpr_iteration(const mpr_args &a, unsigned int it)
{
    const size_t n = a.n, next = (size_t)((it + 1u) & 1u) * n;
    const float *src = a.rep[a.pe] + (size_t)(it & 1u) * n;
    const unsigned int stride = gridDim.x * blockDim.x;
    /* slot (it + 2) % 3 was last read before the barrier that ended iteration it - 1 */
    if (blockIdx.x == 0u && threadIdx.x < 2u * GS_MPR_LANES)
        gs_st_relaxed_u64(mpr_cell(a.sums[a.pe], (it + 2u) % 3u, threadIdx.x / GS_MPR_LANES, threadIdx.x % GS_MPR_LANES),
                          0ull, GS_SCOPE_SYS);
    const float dangling = it == 0u ? a.dangling0 : (float)mpr_total(a, it % 3u, 1u);
    const float base = (1.0f - a.damping) / a.n + a.damping * dangling / a.n;
    float change = 0.0f, dang = 0.0f;
    for (unsigned int v = a.lo + blockIdx.x * blockDim.x + threadIdx.x; v < a.hi; v += stride) {
        const unsigned int i = v - a.lo;
        float s = 0.0f;
        for (unsigned int e = a.row[i]; e < a.row[i + 1u]; ++e)
            s += src[a.col[e]] * a.inv_out[a.col[e]];
        const float r = base + a.damping * s;
        change += fabsf(r - src[v]);
        if (a.inv_out[v] == 0.0f)
            dang += r;
        for (unsigned int q = 0; q < a.npes; ++q)
            if (!a.broken || q == a.pe) /* brokenPagerank: its own replica only */
                a.rep[q][next + v] = r;
    }
    mpr_block_add(a, (it + 1u) % 3u, change, dang);
}

/* The persistent kernel: iterations until the L1 change is below tol (the
 * same decision on every GPU) or max_iters; one barrier each. */
static __global__ void __launch_bounds__(GS_MPR_THREADS, 4) k_mpr(mpr_args a)
{
    unsigned int it = 0;
    for (;; ++it) {
        mpr_iteration(a, it);
        if (!gs_multi_barrier_sync(&a.bar))
            break; /* the watchdog */
        if (it + 1u >= a.max_iters || mpr_total(a, (it + 1u) % 3u, 0u) < a.tol)
            break;
    }
    if (blockIdx.x == 0u && threadIdx.x == 0u)
        *a.iters = it + 1u;
}

/* Before each launch: this GPU's replica (buffer 0: the first iteration's
 * ranks 1/n, as the app family's first iteration reads them; buffer 1: zero). */
static __global__ void k_mpr_reset(mpr_args a)
{
    const float r0 = 1.0f / (float)a.n;
    float *mine = a.rep[a.pe];
    const size_t stride = (size_t)gridDim.x * blockDim.x, t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (size_t u = t; u < a.n; u += stride)
        mine[u] = r0, mine[a.n + u] = 0.0f;
}

/* Rank 0: GPU q's ranks [lo, hi), from GPU q's replica, into dst. */
static __global__ void k_mpr_gather(float *dst, const float *src, unsigned int lo, unsigned int hi)
{
    for (size_t v = lo + (size_t)blockIdx.x * blockDim.x + threadIdx.x; v < hi; v += (size_t)gridDim.x * blockDim.x)
        dst[v] = src[v];
}

/* ---- host: one rank's steps ---- */

typedef struct mpr_state {
    int want;                            /* the plan holds a pagerank way */
    gs_mpr_input in;                     /* this rank's share (rank 0: and the host's answer) */
    float *rep;                          /* symmetric: the replica */
    unsigned long long *sums;            /* symmetric */
    unsigned int *d_row, *d_col, *d_iters;
    float *d_inv, *d_got, *got;          /* rank 0: every GPU's own ranks, on the device and its host copy */
    mpr_args a;
} mpr_state;

/* Collective (every PE alike): the graph's share, the symmetric arrays. */
static int mpr_init(mpr_state *s, const gs_multi_plan *p, unsigned int pe, unsigned int npes, char *err, size_t n)
{
    size_t free_b = 0, total_b = 0;
    int rc;
    memset(s, 0, sizeof *s);
    s->want = gs_multi_has(p->ways, p->nways, GS_MULTI_PAGERANK, GS_MULTI_BROKEN_PAGERANK);
    if (!s->want)
        return GS_EXIT_OK;
    if ((rc = gs_mpr_load(p->graph, pe, npes, pe == 0u, &s->in, err, n)))
        return rc == 1 ? GS_EXIT_RUNTIME : rc;
    const gs_mpr_input *in = &s->in;
    const size_t k = in->hi - in->lo, arcs = in->row[k];
    const double bytes = gs_mpr_symmetric_bytes(in->n) + 4.0 * ((double)k + 1 + (double)arcs + in->n);
    GS_CK(cudaMemGetInfo(&free_b, &total_b));
    if (bytes > 0.9 * (double)free_b) {
        snprintf(err, n, "multi: pagerank on %s needs about %.0f MiB on GPU %u; it has %.0f MiB free", in->name,
                 bytes / 1048576.0, pe, (double)free_b / 1048576.0);
        return GS_EXIT_RUNTIME;
    }
    s->rep = (float *)nvshmem_malloc(2u * (size_t)in->n * sizeof(float));
    s->sums = (unsigned long long *)nvshmem_malloc(GS_MPR_SUM_WORDS * sizeof(unsigned long long));
    if (!s->rep || !s->sums) {
        snprintf(err, n, "multi: nvshmem_malloc of pagerank's %.0f MiB failed on PE %u (NVSHMEM_SYMMETRIC_SIZE?)",
                 gs_mpr_symmetric_bytes(in->n) / 1048576.0, pe);
        return GS_EXIT_RUNTIME;
    }
    for (unsigned int q = 0; q < npes; ++q)
        if (!(s->a.rep[q] = (float *)nvshmem_ptr(s->rep, (int)q)) ||
            !(s->a.sums[q] = (unsigned long long *)nvshmem_ptr(s->sums, (int)q))) {
            snprintf(err, n, "multi: GPU %u does not reach GPU %u's ranks directly (nvshmem_ptr is NULL)", pe, q);
            return GS_EXIT_RUNTIME;
        }
    GS_CK(cudaMalloc((void **)&s->d_row, (k + 1) * sizeof *s->d_row));
    GS_CK(cudaMalloc((void **)&s->d_col, (arcs + 1) * sizeof *s->d_col));
    GS_CK(cudaMalloc((void **)&s->d_inv, (size_t)in->n * sizeof *s->d_inv));
    GS_CK(cudaMalloc((void **)&s->d_iters, sizeof *s->d_iters));
    GS_CK(cudaMemcpy(s->d_row, in->row, (k + 1) * sizeof *s->d_row, cudaMemcpyHostToDevice));
    GS_CK(cudaMemcpy(s->d_col, in->col, arcs * sizeof *s->d_col, cudaMemcpyHostToDevice));
    GS_CK(cudaMemcpy(s->d_inv, in->inv_out, (size_t)in->n * sizeof *s->d_inv, cudaMemcpyHostToDevice));
    if (pe == 0u)
        GS_CK(cudaMalloc((void **)&s->d_got, (size_t)in->n * sizeof *s->d_got));
    if (pe == 0u && !(s->got = (float *)malloc((size_t)in->n * sizeof *s->got))) {
        snprintf(err, n, "multi: out of host memory");
        return GS_EXIT_RUNTIME;
    }
    mpr_args *a = &s->a;
    a->row = s->d_row, a->col = s->d_col, a->inv_out = s->d_inv, a->iters = s->d_iters;
    a->n = in->n, a->lo = in->lo, a->hi = in->hi, a->pe = pe, a->npes = npes, a->max_iters = GS_MPR_MAX_ITERS;
    a->damping = (float)GS_MPR_DAMPING, a->tol = (double)(float)GS_MPR_TOL, a->dangling0 = in->dangling0;
    return GS_EXIT_OK;
}

/* Collective, like mpr_init. */
static void mpr_fini(mpr_state *s)
{
    if (!s->want)
        return;
    cudaFree(s->d_row), cudaFree(s->d_col), cudaFree(s->d_inv), cudaFree(s->d_iters), cudaFree(s->d_got);
    free(s->got);
    if (s->sums)
        nvshmem_free(s->sums);
    if (s->rep)
        nvshmem_free(s->rep);
    gs_mpr_free(&s->in);
}

/* One launch on every PE: reset, host barrier, the kernel (timed), host
 * barrier; gather: then rank 0 copies every GPU's ranks into s->got before
 * a last host barrier lets a peer reset them. */
static int mpr_launch(mpr_state *s, const mpr_args *a, unsigned int blocks, unsigned long long timeout_ns,
                      gs_watchdog_t *wd, cudaStream_t st, cudaEvent_t t0, cudaEvent_t t1, int gather, float *ms,
                      int *timed_out, unsigned int *iters, char *err, size_t n)
{
    unsigned int fired = 0;
    int rc;
    void *args[] = {(void *)a};
    GS_CK(cudaMemsetAsync(a->bar.words, 0, gs_multi_barrier_bytes(), st));
    GS_CK(cudaMemsetAsync(s->sums, 0, GS_MPR_SUM_WORDS * sizeof(unsigned long long), st));
    GS_CK(cudaMemsetAsync(s->d_iters, 0, sizeof *s->d_iters, st));
    k_mpr_reset<<<blocks, GS_MPR_THREADS, 0, st>>>(*a);
    GS_CK(cudaGetLastError());
    GS_CK(cudaStreamSynchronize(st));
    nvshmem_barrier_all();
    k_arm<<<1, 1, 0, st>>>(wd, timeout_ns);
    GS_CK(cudaGetLastError());
    GS_CK(cudaEventRecord(t0, st));
    if ((rc = nvshmemx_collective_launch((const void *)k_mpr, dim3(blocks), dim3(GS_MPR_THREADS), args, 0, st)) != 0) {
        snprintf(err, n, "multi: nvshmemx_collective_launch (pagerank, %u blocks): error %d", blocks, rc);
        return GS_EXIT_RUNTIME;
    }
    GS_CK(cudaEventRecord(t1, st));
    GS_CK(cudaEventSynchronize(t1));
    GS_CK(cudaEventElapsedTime(ms, t0, t1));
    GS_CK(cudaMemcpy(&fired, &wd->abort, sizeof fired, cudaMemcpyDeviceToHost));
    GS_CK(cudaMemcpy(iters, s->d_iters, sizeof *iters, cudaMemcpyDeviceToHost));
    *timed_out = fired != 0u;
    nvshmem_barrier_all();
    if (!gather)
        return GS_EXIT_OK;
    if (a->pe == 0u) { /* every kernel has ended (the barrier above); no peer resets before the one below */
        /* the host's answer, once, here: the others wait in the host barrier below meanwhile */
        if (!s->in.ref && gs_mpr_reference(&s->in, err, n))
            return GS_EXIT_RUNTIME;
        /* the last iteration (it = iters - 1) wrote buffer iters & 1 */
        for (unsigned int q = 0; q < a->npes; ++q)
            k_mpr_gather<<<blocks, GS_MPR_THREADS, 0, st>>>(s->d_got, a->rep[q] + (size_t)(*iters & 1u) * a->n,
                                                            s->in.bounds[q], s->in.bounds[q + 1]);
        GS_CK(cudaGetLastError());
        GS_CK(cudaStreamSynchronize(st));
        GS_CK(cudaMemcpy(s->got, s->d_got, (size_t)a->n * sizeof(float), cudaMemcpyDeviceToHost));
    }
    nvshmem_barrier_all();
    return GS_EXIT_OK;
}

/* One point of a pagerank way: a verifying launch (it also warms up), then
 * the timed ones; ns per iteration, the detail with the iterations and the
 * median ms a run (rank 0's). */
static int mpr_way(mpr_state *s, const gs_multi_plan *p, unsigned int way, unsigned int per_sm,
                   const gs_multi_barrier_t *bar, unsigned int sms, gs_watchdog_t *wd, cudaStream_t st,
                   cudaEvent_t t0, cudaEvent_t t1, gs_multi_row *x, char *err, size_t n)
{
    static double ns_each[1000], ms_each[1000];
    const unsigned int blocks = per_sm * sms, reps = p->repeat > 1000u ? 1000u : p->repeat;
    mpr_args a = s->a;
    unsigned int iters = 0;
    int occ = 0, timed_out = 0, rc;
    float ms = 0.0f;
    memset(x, 0, sizeof *x);
    x->way = way, x->per_sm = per_sm, x->blocks = blocks, x->threads = GS_MPR_THREADS;
    a.bar = *bar;
    a.bar.form = GS_MULTI_FORM_DIRECT, a.bar.epoch = 0u;
    a.broken = way == GS_MULTI_BROKEN_PAGERANK;
    GS_CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, (const void *)k_mpr, (int)GS_MPR_THREADS, 0));
    if ((unsigned int)occ * sms < blocks) {
        x->verdict = GS_MULTI_SKIP; /* every rank alike: the same GPUs */
        snprintf(x->detail, sizeof x->detail, "%u blocks of %u threads a GPU are not co-resident (%d an SM fit)",
                 blocks, GS_MPR_THREADS, occ);
        return GS_EXIT_OK;
    }
    if ((rc = mpr_launch(s, &a, blocks, p->timeout_ns, wd, st, t0, t1, 1, &ms, &timed_out, &iters, err, n)))
        return rc;
    x->iters = iters;
    if (timed_out) {
        x->verdict = GS_MULTI_TIMEOUT;
        snprintf(x->detail, sizeof x->detail, "the watchdog fired on GPU %u", a.pe);
    } else if (a.pe == 0u && gs_mpr_compare(&s->in, s->got, iters, x->detail, sizeof x->detail)) {
        x->verdict = GS_MULTI_FAIL;
    }
    /* every rank launches as often whatever its verdict: the launches are collective */
    for (unsigned int k = 0; k < reps; ++k) {
        unsigned int it = 0;
        if ((rc = mpr_launch(s, &a, blocks, p->timeout_ns, wd, st, t0, t1, 0, &ms, &timed_out, &it, err, n)))
            return rc;
        ns_each[k] = ms * 1e6 / (it ? it : 1u);
        ms_each[k] = ms;
        if (timed_out && x->verdict == GS_MULTI_PASS) {
            x->verdict = GS_MULTI_TIMEOUT;
            snprintf(x->detail, sizeof x->detail, "the watchdog fired on GPU %u in a timed launch", a.pe);
        } else if (it != iters && x->verdict == GS_MULTI_PASS) {
            x->verdict = GS_MULTI_FAIL;
            snprintf(x->detail, sizeof x->detail, "GPU %u: %u iterations in a timed launch, %u in the first", a.pe, it,
                     iters);
        }
    }
    if (x->verdict == GS_MULTI_PASS && reps > 0u) {
        gs_stats t, r;
        gs_stats_compute(ns_each, (int)reps, &t);
        gs_stats_compute(ms_each, (int)reps, &r);
        x->ns_median = t.median, x->ns_min = t.min, x->ns_max = t.max, x->noise_pct = t.noise_pct;
        x->measured = 1;
        snprintf(x->detail, sizeof x->detail, "%s (%u vertices, %u arcs): %u iterations, %.3f ms a run on GPU %u",
                 s->in.name,
                 s->in.n, s->in.m, iters, r.median, a.pe);
    }
    return GS_EXIT_OK;
}

#endif
