/* barrier_bench.cuh: the device-wide barrier microbenchmark, shared by the
 * barrier family's kernel files (HeteroSync's model: each block works on one
 * region of the data, meets the barrier, and moves on to the next block's).
 *
 * Episode e (1..iters), block b, thread t: region r = (b + e - 1) mod blocks.
 * The block reads its `ldst` words of r and checks each holds
 * gs_barrier_word(e - 1, r, j, t), which block b + 1 wrote before the last
 * barrier; it writes gs_barrier_word(e, r, j, t) and, from thread 0, the
 * stamp e into its slot of a double-buffered stamp array; then the barrier;
 * then each thread checks one other block's stamp, a different one every
 * episode.  A stale read is counted (GS_CHECK_VIOLATIONS, the last such
 * episode in GS_CHECK_LAST_BAD); the host also checks the final data.  With
 * --ldst 0 the timed launches run the bare barrier in a loop; the verifying
 * launch keeps the stamps and their check.
 *
 * GS_BARRIER_BENCH(NAME, SETUP, INIT, SYNC): SYNC is a block-collective
 * expression, false when the watchdog gave up; it sees `a`, `p` (the
 * parameters), `epoch` (barriers passed) and what SETUP declares.
 * GS_BARRIER_EXCH_BENCH(NAME, LOCAL, SYNC) is HeteroSync's LocalExch model:
 * mid-episode, after the group barrier LOCAL, each block also checks and
 * rewrites the region its group's next member worked on, so an episode
 * writes two versions of the data (none with one block per group).
 */
#ifndef GSYNC_BARRIER_BENCH_CUH
#define GSYNC_BARRIER_BENCH_CUH

#include "core/bench.cuh"

#include "families/barrier_state.h"

typedef struct barrier_params {
    gs_barrier_t gs;     /* gsBarrier's plan */
    unsigned int groups; /* HeteroSync's groups: one per SM, or one per block when fewer */
} barrier_params;

/* The value of word (j, t) of region r after episode e (0: the initial data). */
static __host__ __device__ __forceinline__ unsigned int gs_barrier_word(unsigned int episode, unsigned int region,
                                                                        unsigned int j, unsigned int t)
{
    return (episode * 2654435761u) ^ (region * 40503u + j * 1031u + t);
}

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

static __device__ __forceinline__ void gs_barrier_bench_report(const gs_bench_args *a, unsigned int stale,
                                                               unsigned int last_bad)
{
    if (stale && a->sync) {
        gs_atom_add_relaxed(&a->check[GS_CHECK_VIOLATIONS], stale, GS_SCOPE_GPU);
        atomicMax(&a->check[GS_CHECK_LAST_BAD], last_bad);
    }
}

/* Both models' kernels; EXCH is 1 for LocalExch. */
#define GS_BARRIER_BENCH_MODEL(NAME, SETUP, INIT, LOCAL, SYNC, EXCH)                                \
    GS_BENCH_INIT(barrier, NAME, INIT)                                                              \
    static __global__ void gs_barrier_kernel_##NAME(gs_bench_args a)                                \
    {                                                                                               \
        const barrier_params *p = GS_PARAMS(barrier_params, a);                                     \
        const unsigned int n = gridDim.x, b = blockIdx.x;                                           \
        const unsigned int k = (EXCH) && p->groups < n ? 2u : 1u; /* data versions per episode */   \
        const bool stamp = a.ldst != 0u || a.check_exclusion; /* bare: timed, --ldst 0 */            \
        unsigned int *stamps = a.data + (size_t)n * a.ldst * blockDim.x;                            \
        unsigned int stale = 0u, last_bad = 0u;                                                     \
        /* regions and the stamp to check advance one step an episode, kept        \
         * incrementally so that no kernel pays a division per episode */           \
        unsigned int r = b, pr = k == 2u ? gs_barrier_bench_partner(b, n, p->groups) : 0u;          \
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
            r = r + 1u == n ? 0u : r + 1u;                                                          \
            pr = pr + 1u == n ? 0u : pr + 1u;                                                       \
            seen = seen + seen_step >= n ? seen + seen_step - n : seen + seen_step;                 \
        }                                                                                           \
        gs_barrier_bench_report(&a, stale, last_bad);                                               \
    }                                                                                               \
    GS_BENCH_EXPORT(barrier, NAME)

#define GS_BARRIER_BENCH(NAME, SETUP, INIT, SYNC) GS_BARRIER_BENCH_MODEL(NAME, SETUP, INIT, true, SYNC, 0)
#define GS_BARRIER_EXCH_BENCH(NAME, LOCAL, SYNC) GS_BARRIER_BENCH_MODEL(NAME, (void)0, (void)0, LOCAL, SYNC, 1)

/* --wrap: the barriers' epoch at the launch's start, 2^32 - a.wrap / blocks
 * (a.wrap, a multiple of the blocks, is where their counters start short of
 * 2^32); 0 without. */
static __device__ __forceinline__ unsigned int gs_barrier_bench_epoch0(const gs_bench_args *a)
{
    return 0u - a->wrap / a->blocks;
}

/* Views of a.state for the baselines whose state is several arrays. */
/* The baselines' views of the state (barrier_state.h). */
static __device__ __forceinline__ gs_barrier_fx_lockfree_t fx_view(const gs_bench_args *a)
{
    return gs_state_fx_lockfree((unsigned int *)a->state, a->blocks);
}
static __device__ __forceinline__ gs_barrier_atomic_tree_t atomic_tree_view(const gs_bench_args *a)
{
    return gs_state_atomic_tree((unsigned int *)a->state, GS_PARAMS(barrier_params, *a)->groups);
}
static __device__ __forceinline__ gs_barrier_lf_tree_t lf_tree_view(const gs_bench_args *a)
{
    return gs_state_lf_tree((unsigned int *)a->state, a->blocks, GS_PARAMS(barrier_params, *a)->groups);
}
static __device__ __forceinline__ gs_barrier_sr_t sr_view(const gs_bench_args *a)
{
    return gs_state_sr((unsigned int *)a->state, GS_PARAMS(barrier_params, *a)->groups);
}

#endif
