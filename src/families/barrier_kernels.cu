/* barrier_kernels.cu: the barrier microbenchmark (barrier_bench.cuh) for
 * gsync's barrier and the seeds' baselines, kernel relaunch, and the broken
 * twins of the tests.  Built with the same flags as the peers
 * (barrier_peers.cu), so that the shared loop compiles alike for both. */
#include "families/barrier_bench.cuh"

/* --wrap (init, one thread): each barrier's state as e0 = epoch0 episodes
 * left it, so that its counters (e0 * blocks) and its epoch cross 2^32 in
 * the launch; the kernels pass e0 + epoch.  e0 0 leaves the zeroed state. */
static __device__ __forceinline__ void fx_lockfree_wrap(gs_barrier_fx_lockfree_t b, unsigned int n, unsigned int e0)
{
    for (unsigned int i = 0; i < n && e0; ++i)
        b.arrive[i] = b.leave[i] = e0;
}
static __device__ __forceinline__ void sr_wrap(gs_barrier_sr_t b, unsigned int n, unsigned int e0)
{
    const unsigned int groups = b.groups < n ? b.groups : n;
    b.global[1] = e0 & 1u; /* the sense episode e0 - 1 left */
    for (unsigned int g = 0; g < groups; ++g)
        b.local[2u * g + 1u] = e0 & 1u;
}
/* gsBarrier: every arrival counter holds e0 times its blocks, every flag e0
 * (the handle's epoch is set to e0 in the kernel). */
static __device__ __forceinline__ void gs_wrap(gs_barrier_t b, unsigned int n, unsigned int e0)
{
    const bool wide = b.form == GS_BARRIER_WIDE;
    const unsigned int groups = gs_barrier_groups(n, b.form), flags = gs_barrier_flags(n, b.form);
    if (e0 == 0u)
        return;
    if (b.form == GS_BARRIER_FLAT) {
        b.words[0] = e0 * n;
    } else if (b.form == GS_BARRIER_SPREAD) { /* block m arrives on slot m & 3; slots may share a line */
        for (unsigned int i = 0; i < 4u; ++i)
            *gs__barrier_slot(&b, i) += e0 * ((n + 3u - i) / 4u);
    } else {
        for (unsigned int g = 0; g < groups; ++g)
            *gs__barrier_counter(&b, g) = e0 * (wide ? (n - 1u - g) / GS_BARRIER_LANES + 1u
                                                     : (g + 1u < groups ? GS_BARRIER_GROUP : n - g * GS_BARRIER_GROUP));
        for (unsigned int f = 0; f < flags; ++f)
            *gs__barrier_flag(&b, n, f) = e0;
    }
}

#define FX ((gs_barrier_fx_lock_t *)a.state)
#define E0 const unsigned int e0 = gs_barrier_bench_epoch0(&a)
#define FX_WRAP FX->count = gs_barrier_bench_epoch0(&a) * a.blocks
#define FX_LOCKFREE_WRAP fx_lockfree_wrap(fx_view(&a), a.blocks, gs_barrier_bench_epoch0(&a))
GS_BARRIER_BENCH(fx_lock, E0, FX_WRAP, gs_barrier_fx_lock_sync(FX, e0 + epoch, true, true))
GS_BARRIER_BENCH(fx_lock_nofence, E0, FX_WRAP, gs_barrier_fx_lock_sync(FX, e0 + epoch, false, true))
GS_BARRIER_BENCH(fx_lockfree, E0, FX_LOCKFREE_WRAP, gs_barrier_fx_lockfree_sync(fx_view(&a), e0 + epoch, true))
GS_BARRIER_BENCH(fx_lockfree_nofence, E0, FX_LOCKFREE_WRAP,
                 gs_barrier_fx_lockfree_sync(fx_view(&a), e0 + epoch, false))
GS_BARRIER_BENCH(atomic_tree, (void)0, (void)0, gs_barrier_atomic_tree_sync(atomic_tree_view(&a)))
GS_BARRIER_BENCH(lf_tree, (void)0, (void)0, gs_barrier_lf_tree_sync(lf_tree_view(&a)))
GS_BARRIER_BENCH(sense_reversing, E0, sr_wrap(sr_view(&a), a.blocks, gs_barrier_bench_epoch0(&a)),
                 gs_barrier_sr_sync(sr_view(&a), e0 + epoch))

/* gsync's barrier, on the host's plan, through the public calls; the split
 * form arrives, would do independent work, then waits. */
static __device__ __forceinline__ bool split_sync(gs_barrier_t *bar)
{
    const unsigned int token = gs_barrier_arrive(bar);
    /* ... work that does not touch what the barrier guards ... */
    return gs_barrier_wait(bar, token);
}
#define GS_SETUP gs_barrier_t bar = p->gs; bar.epoch = gs_barrier_bench_epoch0(&a)
#define GS_WRAP gs_wrap(GS_PARAMS(barrier_params, a)->gs, a.blocks, gs_barrier_bench_epoch0(&a))
GS_BARRIER_BENCH(gs, GS_SETUP, GS_WRAP, gs_barrier_sync(&bar))
GS_BARRIER_BENCH(gs_split, GS_SETUP, GS_WRAP, split_sync(&bar))

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
/* wrap: the fenced counter barrier waiting while count < goal, unsigned, so
 * that where the goal has wrapped and the count not yet, early blocks pass at
 * once; under --wrap the visibility check must turn it red. */
static __device__ __forceinline__ bool wrap_unsafe_sync(gs_barrier_fx_lock_t *b, unsigned int epoch)
{
    bool ok = true;
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned int goal = gs_barrier_blocks() * (epoch + 1u);
        gs_wait_t w = GS_WAIT_INIT;
        gs_atom_add_release(&b->count, 1u, GS_SCOPE_GPU);
        while (gs_ld_acquire(&b->count, GS_SCOPE_GPU) < goal)
            if (gs_wait_spin(&w)) {
                ok = false;
                break;
            }
    }
    return gs_barrier_join(ok);
}
GS_BARRIER_BENCH(broken_wrap, E0, FX_WRAP, wrap_unsafe_sync(FX, e0 + epoch))

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
