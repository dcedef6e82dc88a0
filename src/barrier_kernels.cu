/* barrier_kernels.cu: the barrier microbenchmark for gsync's barriers and
 * the seeds' baselines.  State layouts are carved out of a.state.  Built
 * with the same flags as the peers (barrier_peers.cu), so that the shared
 * benchmark loop compiles alike for both; the LocalExch baselines, which
 * need a register cap, are in barrier_exch_kernels.cu. */
#include "barrier_views.cuh"

#define WORDS ((unsigned int *)a.state)

GS_BARRIER_BENCH(fx_lock, (void)0, (void)0, gs_barrier_fx_lock_sync((gs_barrier_fx_lock_t *)a.state, epoch, true))
GS_BARRIER_BENCH(fx_lock_nofence, (void)0, (void)0,
                 gs_barrier_fx_lock_sync((gs_barrier_fx_lock_t *)a.state, epoch, false))
GS_BARRIER_BENCH(fx_lockfree, (void)0, (void)0, gs_barrier_fx_lockfree_sync(fx_view(&a), epoch, true))
GS_BARRIER_BENCH(fx_lockfree_nofence, (void)0, (void)0, gs_barrier_fx_lockfree_sync(fx_view(&a), epoch, false))
GS_BARRIER_BENCH(atomic_tree, (void)0, (void)0, gs_barrier_atomic_tree_sync(atomic_tree_view(&a)))
GS_BARRIER_BENCH(lf_tree, (void)0, (void)0, gs_barrier_lf_tree_sync(lf_tree_view(&a)))
GS_BARRIER_BENCH(sense_reversing, (void)0, (void)0, gs_barrier_sr_sync(sr_view(&a), epoch))
/* gsBarrier's handle: the state, and the placement gs_bench_launch_placed
 * measured before the launch. */
static __device__ __forceinline__ gs_barrier_tree_t tree_view(const gs_bench_args *a)
{
    gs_barrier_tree_t tb = {(unsigned int *)a->state, a->spread, a->spread_lines};
    return tb;
}

/* Cooperative launch after placing gsBarrier's counters on the zeroed state
 * (outside the timed region, as a user would once before the kernel). */
static int gs_bench_launch_placed(gs_bench_kernel_t init, gs_bench_kernel_t kernel, const gs_bench_args *a,
                                  cudaEvent_t t0, cudaEvent_t t1)
{
    gs_bench_args placed = *a;
    gs_barrier_tree_t tb = {(unsigned int *)a->state, 0u, 0u};
    const cudaError_t e = gs_barrier_tree_place(&tb, a->blocks, 0);
    if (e != cudaSuccess)
        return (int)e;
    placed.spread = tb.spread;
    placed.spread_lines = tb.lines;
    return gs_bench_launch_cooperative(init, kernel, &placed, t0, t1);
}

extern "C" size_t gs_barrier_tree_state_bytes(unsigned int blocks)
{
    return (size_t)gs_barrier_tree_bytes(blocks);
}

GS_BARRIER_BENCH_VIA(tree, gs_barrier_tree_t tb = tree_view(&a), (void)0, gs_barrier_tree_sync(tb, epoch),
                     gs_bench_launch_placed)

/* The split-phase form: arrive, do the independent part of the next
 * episode's work (here: nothing the barrier guards), then wait. */
static __device__ __forceinline__ bool split_sync(gs_barrier_tree_t tb, unsigned int epoch)
{
    int abandon = 0;
    unsigned int token = 0u;
    __syncthreads();
    if (threadIdx.x < 32u)
        token = gs_barrier_tree_arrive(tb, epoch);
    /* ... independent work would go here ... */
    if (threadIdx.x < 32u)
        abandon = gs_barrier_tree_wait(tb, epoch, token);
    return gs_barrier_join(!abandon);
}
GS_BARRIER_BENCH_VIA(tree_split, gs_barrier_tree_t tb = tree_view(&a), (void)0, split_sync(tb, epoch),
                     gs_bench_launch_placed)
