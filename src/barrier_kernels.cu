/* barrier_kernels.cu: the barrier microbenchmark for gsync's barriers and
 * the seeds' baselines.  State layouts are carved out of a.state.  Built
 * with the same flags as the peers (barrier_peers.cu), so that the shared
 * benchmark loop compiles alike for both; the LocalExch baselines, which
 * need a register cap, are in barrier_exch_kernels.cu. */
#include "barrier_views.cuh"

#include <cstdio>

#define WORDS ((unsigned int *)a.state)

GS_BARRIER_BENCH(fx_lock, (void)0, (void)0, gs_barrier_fx_lock_sync((gs_barrier_fx_lock_t *)a.state, epoch, true))
GS_BARRIER_BENCH(fx_lock_nofence, (void)0, (void)0,
                 gs_barrier_fx_lock_sync((gs_barrier_fx_lock_t *)a.state, epoch, false))
GS_BARRIER_BENCH(fx_lockfree, (void)0, (void)0, gs_barrier_fx_lockfree_sync(fx_view(&a), epoch, true))
GS_BARRIER_BENCH(fx_lockfree_nofence, (void)0, (void)0, gs_barrier_fx_lockfree_sync(fx_view(&a), epoch, false))
GS_BARRIER_BENCH(atomic_tree, (void)0, (void)0, gs_barrier_atomic_tree_sync(atomic_tree_view(&a)))
GS_BARRIER_BENCH(lf_tree, (void)0, (void)0, gs_barrier_lf_tree_sync(lf_tree_view(&a)))
GS_BARRIER_BENCH(sense_reversing, (void)0, (void)0, gs_barrier_sr_sync(sr_view(&a), epoch))
/* gsBarrier: tree.cuh's flat and gathered forms, its wide form for the
 * largest grids, and spread.cuh's form for the grids it is placed on.  Each
 * form has its own kernel (spread.cuh and tree.cuh say why); the launcher
 * places the spread counters on the zeroed state, outside the timed region,
 * as a user would once before the kernel, and launches the kernel of the
 * form that grid takes. */
static __device__ __forceinline__ gs_barrier_spread_t spread_view(const gs_bench_args *a)
{
    gs_barrier_spread_t s = {(unsigned int *)a->state, a->spread, a->spread_lines};
    return s;
}

/* The split-phase forms: arrive, do the independent part of the next
 * episode's work (here: nothing the barrier guards), then wait.  tree.cuh's
 * two forms through its internal calls, whose `wide` picks the form (the
 * same SASS as gs_barrier_tree_arrive / _wait and their wide ones). */
static __device__ __forceinline__ bool split_sync(gs_barrier_tree_t tb, unsigned int epoch, bool wide)
{
    int abandon = 0;
    unsigned int token = 0u;
    __syncthreads();
    if (threadIdx.x < 32u)
        token = gs__barrier_tree_arrive(tb, epoch, wide);
    /* ... independent work would go here ... */
    if (threadIdx.x < 32u)
        abandon = gs__barrier_tree_wait(tb, epoch, token, wide);
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
GS_BARRIER_BENCH_KERNELS(wide, gs_barrier_tree_t tb = {WORDS}, (void)0, true, gs_barrier_tree_wide_sync(tb, epoch), 0)
GS_BARRIER_BENCH_KERNELS(wide_split, gs_barrier_tree_t tb = {WORDS}, (void)0, true, split_sync(tb, epoch, true), 0)

/* The placement, once per state buffer and grid: gsync-bench launches each
 * configuration several times (the verifying launch, the warm-up, the timed
 * repeats) on the same buffer, zeroed before each, and every one of them
 * must run the same lines and form.  Placing again would cost trials each
 * time and could pick other lines.  A buffer allocated again at the same
 * address keeps the placement; if it maps other memory the lines may be
 * slower, never wrong (the barrier is correct on any lines). */
static cudaError_t place_cached(const gs_bench_args *a, gs_barrier_spread_t *s, int *spreads)
{
    static void *state = NULL;
    static unsigned int blocks = 0u, threads = 0u;
    static gs_barrier_spread_t placed;
    static int placed_spreads = 0;
    if (state != a->state || blocks != a->blocks || threads != a->threads) {
        gs_barrier_spread_t fresh = {(unsigned int *)a->state, 1u, 0u};
        int fresh_spreads = 0;
        const cudaError_t e = gs_barrier_spread_place(&fresh, a->blocks, a->threads, 0, &fresh_spreads, NULL);
        if (e != cudaSuccess)
            return e;
        state = a->state;
        blocks = a->blocks;
        threads = a->threads;
        placed = fresh;
        placed_spreads = fresh_spreads;
    }
    *s = placed;
    *spreads = placed_spreads;
    return cudaSuccess;
}

/* A launch of gsBarrier: the wide form's kernel where it pays, else the
 * spread form's or tree.cuh's, as the placement chose. */
typedef struct {
    gs_bench_kernel_t init, kernel;
} gs_form_kernels;

/* The form the last launch took, for the result's detail: the tables then
 * say which form each point measured (the spread form's placement is timed,
 * so it can differ between machines and runs). */
static char form_note[96];
extern "C" const char *gs_barrier_note_tree(void)
{
    return form_note;
}
static void note_form(unsigned int blocks, int wide, const gs_barrier_spread_t *s, int spreads)
{
    if (wide)
        snprintf(form_note, sizeof form_note, "wide form: %u counters, %u flags",
                 gs_barrier_tree_groups(blocks, true), gs_barrier_tree_flags(blocks, true));
    else if (spreads)
        snprintf(form_note, sizeof form_note, "spread form: %u counters", s->k);
    else if (blocks <= GS_BARRIER_FLAT_MAX)
        snprintf(form_note, sizeof form_note, "flat form");
    else
        snprintf(form_note, sizeof form_note, "gathered form: %u counters, %u flags",
                 gs_barrier_tree_groups(blocks, false), gs_barrier_tree_flags(blocks, false));
}

static int launch_gs(gs_form_kernels tree, gs_form_kernels spread, gs_form_kernels wide, const gs_bench_args *a,
                     cudaEvent_t t0, cudaEvent_t t1)
{
    gs_bench_args placed = *a;
    gs_barrier_spread_t s;
    int spreads = 0;
    form_note[0] = 0;
    if (gs_barrier_tree_wide_pays(a->blocks)) {
        note_form(a->blocks, 1, NULL, 0);
        return gs_bench_launch_cooperative(wide.init, wide.kernel, a, t0, t1);
    }
    const cudaError_t e = place_cached(a, &s, &spreads);
    if (e != cudaSuccess)
        return (int)e;
    note_form(a->blocks, 0, &s, spreads);
    placed.spread = s.k;
    placed.spread_lines = s.lines;
    const gs_form_kernels form = spreads ? spread : tree;
    return gs_bench_launch_cooperative(form.init, form.kernel, &placed, t0, t1);
}
static int launch_tree(gs_bench_kernel_t init, gs_bench_kernel_t kernel, const gs_bench_args *a, cudaEvent_t t0,
                       cudaEvent_t t1)
{
    const gs_form_kernels tree = {init, kernel}, spread = {gs_barrier_init_spread, gs_barrier_kernel_spread},
                          wide = {gs_barrier_init_wide, gs_barrier_kernel_wide};
    return launch_gs(tree, spread, wide, a, t0, t1);
}
static int launch_tree_split(gs_bench_kernel_t init, gs_bench_kernel_t kernel, const gs_bench_args *a,
                             cudaEvent_t t0, cudaEvent_t t1)
{
    const gs_form_kernels tree = {init, kernel},
                          spread = {gs_barrier_init_spread_split, gs_barrier_kernel_spread_split},
                          wide = {gs_barrier_init_wide_split, gs_barrier_kernel_wide_split};
    return launch_gs(tree, spread, wide, a, t0, t1);
}

extern "C" size_t gs_barrier_gs_state_bytes(unsigned int blocks)
{
    const unsigned long long tree = gs_barrier_tree_bytes(blocks), spread = gs_barrier_spread_bytes();
    return (size_t)(tree > spread ? tree : spread);
}

GS_BARRIER_BENCH_MODEL(tree, gs_barrier_tree_t tb = {WORDS}, (void)0, true, gs_barrier_tree_sync(tb, epoch), 0,
                       launch_tree)
GS_BARRIER_BENCH_MODEL(tree_split, gs_barrier_tree_t tb = {WORDS}, (void)0, true, split_sync(tb, epoch, false), 0,
                       launch_tree_split)
