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
/* gsBarrier: tree.cuh's flat and gathered forms, and spread.cuh's form for
 * the grids it is placed on.  Each form has its own kernel (spread.cuh says
 * why); the launcher places the spread counters on the zeroed state,
 * outside the timed region, as a user would once before the kernel, and
 * launches the kernel of the form the placement chose. */
static __device__ __forceinline__ gs_barrier_spread_t spread_view(const gs_bench_args *a)
{
    gs_barrier_spread_t s = {(unsigned int *)a->state, a->spread, a->spread_lines};
    return s;
}

/* The split-phase forms: arrive, do the independent part of the next
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
static __device__ __forceinline__ bool spread_split_sync(gs_barrier_spread_t s, unsigned int epoch)
{
    int abandon = 0;
    __syncthreads();
    if (threadIdx.x < 32u)
        gs_barrier_spread_arrive(s);
    /* ... independent work would go here ... */
    if (threadIdx.x < 32u)
        abandon = gs_barrier_spread_wait(s, epoch);
    return gs_barrier_join(!abandon);
}

GS_BARRIER_BENCH_KERNELS(spread, gs_barrier_spread_t sb = spread_view(&a), (void)0, true,
                         gs_barrier_spread_sync(sb, epoch), 0)
GS_BARRIER_BENCH_KERNELS(spread_split, gs_barrier_spread_t sb = spread_view(&a), (void)0, true,
                         spread_split_sync(sb, epoch), 0)

static int launch_placed(gs_bench_kernel_t init, gs_bench_kernel_t kernel, gs_bench_kernel_t spread_init,
                         gs_bench_kernel_t spread_kernel, const gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1)
{
    gs_bench_args placed = *a;
    gs_barrier_spread_t s = {(unsigned int *)a->state, 1u, 0u};
    int spreads = 0;
    const cudaError_t e = gs_barrier_spread_place(&s, a->blocks, a->threads, 0, &spreads);
    if (e != cudaSuccess)
        return (int)e;
    placed.spread = s.k;
    placed.spread_lines = s.lines;
    return spreads ? gs_bench_launch_cooperative(spread_init, spread_kernel, &placed, t0, t1)
                   : gs_bench_launch_cooperative(init, kernel, &placed, t0, t1);
}
static int launch_tree(gs_bench_kernel_t init, gs_bench_kernel_t kernel, const gs_bench_args *a, cudaEvent_t t0,
                       cudaEvent_t t1)
{
    return launch_placed(init, kernel, gs_barrier_init_spread, gs_barrier_kernel_spread, a, t0, t1);
}
static int launch_tree_split(gs_bench_kernel_t init, gs_bench_kernel_t kernel, const gs_bench_args *a,
                             cudaEvent_t t0, cudaEvent_t t1)
{
    return launch_placed(init, kernel, gs_barrier_init_spread_split, gs_barrier_kernel_spread_split, a, t0, t1);
}

extern "C" size_t gs_barrier_gs_state_bytes(unsigned int blocks)
{
    const unsigned long long tree = gs_barrier_tree_bytes(blocks), spread = gs_barrier_spread_bytes();
    return (size_t)(tree > spread ? tree : spread);
}

GS_BARRIER_BENCH_MODEL(tree, gs_barrier_tree_t tb = {WORDS}, (void)0, true, gs_barrier_tree_sync(tb, epoch), 0,
                       launch_tree)
GS_BARRIER_BENCH_MODEL(tree_split, gs_barrier_tree_t tb = {WORDS}, (void)0, true, split_sync(tb, epoch), 0,
                       launch_tree_split)
