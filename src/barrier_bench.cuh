/* barrier_bench.cuh: the device-wide barrier microbenchmark (HeteroSync's
 * model: each block works on one region of the data, meets the barrier, and
 * moves on to the next block's region).
 *
 * Episode e (1..iters), block b, thread t: region r = (b + e - 1) mod blocks.
 * The block reads its `ldst` words of r and checks each holds
 * gs_barrier_word(e - 1, r, j, t), which block b + 1 wrote before the last
 * barrier; it writes gs_barrier_word(e, r, j, t) and, from thread 0, the
 * stamp e into its slot of a double-buffered stamp array; then the barrier;
 * then each thread checks one other block's stamp, a different one every
 * episode, so that over the run every block checks every other.  A stale
 * read anywhere is counted (GS_CHECK_VIOLATIONS, with the last such episode
 * in GS_CHECK_LAST_BAD); the host also checks the final data.
 *
 * The body is inlined into each barrier's kernel, and the compiler lays it
 * out differently around each barrier: the body alone (body_ns) then differs
 * by up to 16% between kernels, more than a barrier costs at large ldst and
 * low occupancy (bench/results/README.md, "Over critical-section sizes",
 * says which layouts were tried and why this one stays).
 *
 * With --ldst 0 the episode has no data: the verifying launch keeps the
 * stamps and their check, and the timed launches run the bare barrier in a
 * loop, which is how per-barrier figures such as grid.sync()'s are quoted.
 *
 * GS_BARRIER_BENCH(NAME, SETUP, INIT, SYNC): SYNC is a block-collective
 * expression, false when the watchdog gave up; it sees `a`, `epoch` (the
 * barriers passed so far) and what SETUP declares.
 *
 * GS_BARRIER_EXCH_BENCH(NAME, SETUP, LOCAL, SYNC) is HeteroSync's LocalExch
 * model: mid-episode, after the group barrier LOCAL, each block also checks
 * and rewrites the region its group's next member worked on (groups are
 * block % a.groups).  Each episode then writes two versions of the data,
 * 2e - 1 and 2e, and the host checks version 2 * iters at the end; with one
 * block per group there is no exchange, as in HeteroSync.
 */
#ifndef GSYNC_BARRIER_BENCH_CUH
#define GSYNC_BARRIER_BENCH_CUH

#include "bench_common.cuh"

/* Check that this thread's words of region r hold version `expect`, then
 * write version `write`.  Returns the stale words found. */
static __device__ __forceinline__ unsigned int gs_barrier_bench_work(const gs_bench_args *a, unsigned int r,
                                                                     unsigned int expect, unsigned int write)
{
    unsigned int *d = a->data + (size_t)r * a->ldst * blockDim.x + threadIdx.x, stale = 0u;
    for (unsigned int j0 = 0; j0 < a->ldst; j0 += GS_CS_BATCH) {
        unsigned int v[GS_CS_BATCH];
        gs_bench_load_batch(d, j0, a->ldst, v);
#pragma unroll
        for (unsigned int k = 0; k < GS_CS_BATCH; ++k)
            if (j0 + k < a->ldst) {
                stale += v[k] != gs_barrier_word(expect, r, j0 + k, threadIdx.x);
                d[(j0 + k) * blockDim.x] = gs_barrier_word(write, r, j0 + k, threadIdx.x);
            }
    }
    return stale;
}

/* The block whose region block b trades with: its group's next member. */
static __device__ __forceinline__ unsigned int gs_barrier_bench_partner(unsigned int b, unsigned int n,
                                                                        unsigned int groups)
{
    const unsigned int g = b % groups, members = (n - g + groups - 1u) / groups;
    return g + ((b / groups + 1u) % members) * groups;
}

/* Both models' kernels; EXCH is 1 for LocalExch, whose exchange runs only
 * when the groups have more than one block (HeteroSync skips it otherwise). */
#define GS_BARRIER_BENCH_KERNELS(NAME, SETUP, INIT, LOCAL, SYNC, EXCH)                              \
    static __global__ void gs_barrier_init_##NAME(gs_bench_args a)                                  \
    {                                                                                               \
        INIT;                                                                                       \
    }                                                                                               \
    static __global__ void gs_barrier_kernel_##NAME(gs_bench_args a)                                \
    {                                                                                               \
        const unsigned int n = gridDim.x, b = blockIdx.x;                                           \
        const unsigned int k = (EXCH) && a.groups < n ? 2u : 1u; /* data versions per episode */    \
        const bool stamp = a.ldst != 0u || a.check_exclusion; /* bare: timed, --ldst 0 */            \
        unsigned int *stamps = a.data + (size_t)n * a.ldst * blockDim.x;                            \
        unsigned int stale = 0u, last_bad = 0u;                                                     \
        /* regions and the stamp to check advance by one step each episode; kept  \
         * incrementally so that no kernel pays a division per episode */          \
        unsigned int r = b, pr = k == 2u ? gs_barrier_bench_partner(b, n, a.groups) : 0u;          \
        unsigned int seen = (b + 1u + threadIdx.x + 32u) % n;                                       \
        const unsigned int seen_step = 32u % n;                                                     \
        SETUP;                                                                                      \
        for (unsigned int epoch = 0; epoch < a.iters; ++epoch) {                                    \
            const unsigned int e = epoch + 1u, before = stale;                                      \
            stale += gs_barrier_bench_work(&a, r, k * epoch, k * epoch + 1u);                       \
            if (stamp && threadIdx.x == 0)                                                          \
                stamps[(e & 1u) * n + b] = e;                                                       \
            if (k == 2u) {                                                                          \
                if (a.sync && !(LOCAL))                                                             \
                    break;                                                                          \
                stale += gs_barrier_bench_work(&a, pr, 2u * e - 1u, 2u * e);                        \
            }                                                                                       \
            if (a.sync && !(SYNC))                                                                  \
                break; /* watchdog: the whole block leaves */                                       \
            if (stamp)                                                                              \
                stale += stamps[(e & 1u) * n + seen] != e;                                          \
            if (stale != before)                                                                    \
                last_bad = e;                                                                       \
            r = r + 1u == n ? 0u : r + 1u;                /* (b + epoch) % n */                     \
            pr = pr + 1u == n ? 0u : pr + 1u;             /* (partner + epoch) % n */               \
            seen = seen + seen_step >= n ? seen + seen_step - n : seen + seen_step; /* (b+1+t+32e) % n */ \
        }                                                                                           \
        if (stale && a.sync) {                                                                      \
            gs_atom_add_relaxed(&a.check[GS_CHECK_VIOLATIONS], stale, GS_SCOPE_GPU);                \
            atomicMax(&a.check[GS_CHECK_LAST_BAD], last_bad);                                       \
        }                                                                                           \
    }
/* ... and their entry points, launched through LAUNCH (which ends in a
 * cooperative launch) */
#define GS_BARRIER_BENCH_MODEL(NAME, SETUP, INIT, LOCAL, SYNC, EXCH, LAUNCH) \
    GS_BARRIER_BENCH_KERNELS(NAME, SETUP, INIT, LOCAL, SYNC, EXCH)           \
    GS_BENCH_ENTRY_POINTS_VIA(barrier, NAME, LAUNCH)

#define GS_BARRIER_BENCH(NAME, SETUP, INIT, SYNC) \
    GS_BARRIER_BENCH_MODEL(NAME, SETUP, INIT, true, SYNC, 0, gs_bench_launch_cooperative)
#define GS_BARRIER_EXCH_BENCH(NAME, SETUP, LOCAL, SYNC) \
    GS_BARRIER_BENCH_MODEL(NAME, SETUP, (void)0, LOCAL, SYNC, 1, gs_bench_launch_cooperative)

#endif
