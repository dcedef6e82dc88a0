/* mutex_bench.cuh: HeteroSync's mutex microbenchmark, shared by every mutex.
 *
 * Each block runs `iters` times: thread 0 takes the lock, the block joins with
 * __syncthreads(), every thread read-modify-writes `ldst` words of the shared
 * data (coalesced), the block joins, and thread 0 releases.  A lock that lets
 * two blocks in loses increments, which the host's golden model catches.  The
 * verifying launch (check_exclusion) also has thread 0 bump a non-atomic
 * counter and count, with an atomic, the blocks already inside; the timed
 * launches leave both out so that they time the lock and the body alone.
 *
 * GS_MUTEX_BENCH(NAME, INIT, LOCK, UNLOCK) makes the kernels and the extern
 * "C" launch and occupancy functions for one lock: INIT runs on one thread
 * before the launch, LOCK is an expression that takes the lock and is false
 * when the watchdog abandoned it, UNLOCK a statement.  They see `a` (the
 * gs_bench_args, whose a.state is the lock) and `token` (an unsigned int
 * that LOCK may set and UNLOCK read).
 */
#ifndef GSYNC_MUTEX_BENCH_CUH
#define GSYNC_MUTEX_BENCH_CUH

#include "bench_common.cuh"

static __device__ __forceinline__ void gs_mutex_bench_cs(const gs_bench_args *a)
{
    const unsigned int inc = blockIdx.x + 1u;
    if (a->check_exclusion && threadIdx.x == 0 &&
        gs_atom_add_relaxed(&a->check[GS_CHECK_INSIDE], 1u, GS_SCOPE_GPU) != 0u)
        gs_atom_add_relaxed(&a->check[GS_CHECK_VIOLATIONS], 1u, GS_SCOPE_GPU);
    /* Plain accesses on purpose: only the lock orders them.  Loads go out in
     * batches of GS_CS_BATCH before their stores, as in HeteroSync's body
     * (whose loads the compiler can hoist), so that the body costs about one
     * memory round trip per batch rather than one per word. */
    unsigned int *d = a->data + threadIdx.x;
    /* the counter's load goes out with the data's, not a round trip after */
    const bool counts = a->check_exclusion && threadIdx.x == 0;
    const unsigned int count = counts ? a->check[GS_CHECK_CS_COUNT] : 0u;
    for (unsigned int j0 = 0; j0 < a->ldst; j0 += GS_CS_BATCH) {
        unsigned int v[GS_CS_BATCH];
        gs_bench_load_batch(d, j0, a->ldst, v);
#pragma unroll
        for (unsigned int k = 0; k < GS_CS_BATCH; ++k)
            if (j0 + k < a->ldst)
                d[(j0 + k) * blockDim.x] = v[k] + inc;
    }
    if (counts) {
        a->check[GS_CHECK_CS_COUNT] = count + 1u;
        gs_atom_add_relaxed(&a->check[GS_CHECK_INSIDE], ~0u, GS_SCOPE_GPU);
    }
}

#define GS_MUTEX_BENCH(NAME, INIT, LOCK, UNLOCK)                                                    \
    GS_BENCH_KERNELS(mutex, NAME, unsigned int token = 0u /* unused by locks with no ticket */, INIT, \
                     LOCK, gs_mutex_bench_cs(&a), UNLOCK, (void)0)

/* The same for a lock whose blocks also set up shared state (SETUP, after
 * `token` is declared) and take it down (FINISH) around the loop. */
#define GS_MUTEX_BENCH_SETUP(NAME, SETUP, INIT, LOCK, UNLOCK, FINISH)                     \
    GS_BENCH_KERNELS(mutex, NAME, unsigned int token = 0u; SETUP, INIT, LOCK, gs_mutex_bench_cs(&a), \
                     UNLOCK, FINISH)

#endif
