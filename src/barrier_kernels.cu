/* barrier_kernels.cu: the barrier microbenchmark (barrier_bench.cuh) for
 * gsync's barrier and the seeds' baselines, kernel relaunch, and the broken
 * twins of the tests.  Built with the same flags as the peers
 * (barrier_peers.cu), so that the shared loop compiles alike for both. */
#include "barrier_bench.cuh"

#define FX ((gs_barrier_fx_lock_t *)a.state)
GS_BARRIER_BENCH(fx_lock, (void)0, (void)0, gs_barrier_fx_lock_sync(FX, epoch, true, true))
GS_BARRIER_BENCH(fx_lock_nofence, (void)0, (void)0, gs_barrier_fx_lock_sync(FX, epoch, false, true))
GS_BARRIER_BENCH(fx_lockfree, (void)0, (void)0, gs_barrier_fx_lockfree_sync(fx_view(&a), epoch, true))
GS_BARRIER_BENCH(fx_lockfree_nofence, (void)0, (void)0, gs_barrier_fx_lockfree_sync(fx_view(&a), epoch, false))
GS_BARRIER_BENCH(atomic_tree, (void)0, (void)0, gs_barrier_atomic_tree_sync(atomic_tree_view(&a)))
GS_BARRIER_BENCH(lf_tree, (void)0, (void)0, gs_barrier_lf_tree_sync(lf_tree_view(&a)))
GS_BARRIER_BENCH(sense_reversing, (void)0, (void)0, gs_barrier_sr_sync(sr_view(&a), epoch))

/* gsync's barrier, on the host's plan, through the public calls; the split
 * form arrives, would do independent work, then waits. */
static __device__ __forceinline__ bool split_sync(gs_barrier_t *bar)
{
    const unsigned int token = gs_barrier_arrive(bar);
    /* ... work that does not touch what the barrier guards ... */
    return gs_barrier_wait(bar, token);
}
GS_BARRIER_BENCH(gs, gs_barrier_t bar = p->gs, (void)0, gs_barrier_sync(&bar))
GS_BARRIER_BENCH(gs_split, gs_barrier_t bar = p->gs, (void)0, split_sync(&bar))

/* CPU implicit synchronization: a launch per episode, the kernel boundary
 * standing in for the barrier.  Launch e (1..iters+1) checks the stamps of
 * episode e - 1, then, up to iters, does episode e's work and stamp. */
static __global__ void gs_barrier_kernel_relaunch(gs_bench_args a)
{
    const unsigned int n = gridDim.x, b = blockIdx.x, e = a.episode;
    unsigned int *stamps = a.data + (size_t)n * a.ldst * blockDim.x;
    unsigned int stale = 0u;
    if (e > 1u && a.sync) {
        const unsigned int prev = e - 1u;
        stale += stamps[(prev & 1u) * n + (b + 1u + threadIdx.x + 32u * prev) % n] != prev;
    }
    if (e <= a.iters) {
        stale += gs_barrier_bench_work(&a, (b + e - 1u) % n, e - 1u, e);
        if (threadIdx.x == 0)
            stamps[(e & 1u) * n + b] = e;
    }
    gs_barrier_bench_report(&a, stale, e - 1u);
}
extern "C" const gs_kernels gs_kernels_barrier_relaunch = {NULL, (const void *)gs_barrier_kernel_relaunch};

/* Broken on purpose, for the tests.  unordered: the counter barrier with
 * neither release nor acquire; the visibility check must turn it red.
 * stuck: every block waits for one arrival more than the grid makes; the
 * watchdog must end it as TIMEOUT and the closing join must take every
 * thread out with its thread 0 (a thread the join lets through would stay
 * 30 s, past the test's limit on the wall clock). */
GS_BARRIER_BENCH(broken_unordered, (void)0, (void)0, gs_barrier_fx_lock_sync(FX, epoch, false, false))
static __device__ __forceinline__ bool stuck_sync(gs_barrier_fx_lock_t *b, unsigned int epoch)
{
    if (!gs_barrier_fx_lock_sync(b, epoch + 1u, true, false)) /* goal: one round more than all arrive */
        return false;
    for (const unsigned long long t0 = gs_globaltimer(); gs_globaltimer() - t0 < 30000000000ull;)
        gs_nanosleep(1000000u);
    return false;
}
GS_BARRIER_BENCH(broken_stuck, (void)0, (void)0, stuck_sync(FX, epoch))

extern "C" unsigned int gs_barrier_bench_word(unsigned int episode, unsigned int region, unsigned int j,
                                              unsigned int t)
{
    return gs_barrier_word(episode, region, j, t);
}

extern "C" void gs_barrier_params_fill(gs_bench_args *a, const gs_barrier_t *gs, unsigned int groups)
{
    barrier_params p;
    memset(&p, 0, sizeof p);
    if (gs)
        p.gs = *gs;
    p.groups = groups;
    memcpy(a->params, &p, sizeof p);
}
