/* barrier.c: the device-wide barrier family: its primitives (arg[0]: the
 * LocalExch model; arg[1]: gsync's barrier, planned by gs_barrier_plan), its
 * option --form, and the golden model of the barrier microbenchmark
 * (barrier_bench.cuh). */
#include "families/barrier_state.h"
#include "core/cli.h"
#include "families/golden.h"

#include "gsync/host.h"

#include <stdio.h>
#include <string.h>

extern const gs_kernels gs_kernels_barrier_fx_lock, gs_kernels_barrier_fx_lock_nofence,
    gs_kernels_barrier_fx_lockfree, gs_kernels_barrier_fx_lockfree_nofence, gs_kernels_barrier_atomic_tree,
    gs_kernels_barrier_lf_tree, gs_kernels_barrier_atomic_tree_exch, gs_kernels_barrier_lf_tree_exch,
    gs_kernels_barrier_sense_reversing, gs_kernels_barrier_grid_sync, gs_kernels_barrier_cuda_barrier,
    gs_kernels_barrier_relaunch, gs_kernels_barrier_gs, gs_kernels_barrier_gs_split;
void gs_barrier_params_fill(gs_bench_args *a, const gs_barrier_t *gs, unsigned int groups);

/* Barriers verify over at least this many episodes (a sanitizer's build may
 * lower it: under racecheck an episode takes milliseconds). */
#ifndef GS_BARRIER_VERIFY_EPISODES
#define GS_BARRIER_VERIFY_EPISODES 10000u
#endif

extern const gs_family gs_family_barrier;
#define CO GS_LAUNCH_COOPERATIVE
#define BARRIER(name, origin, summary, alg, flags, exch, planned) \
    {name, origin, summary, &gs_family_barrier, &gs_kernels_barrier_##alg, CO, GS_PRIM_CORESIDENT | (flags), {exch, planned}}
#define FX "Feng-Xiao baseline"
#define HS "HeteroSync baseline"
#define WRAP GS_PRIM_WRAP

static const gs_prim prims[] = {
    BARRIER("fxLockBarrier", FX, "one global counter, __threadfence before the add", fx_lock,
            GS_PRIM_HEADLINE | WRAP | GS_PRIM_MAY_HANG, 0, 0), /* a fast block can overrun the exact count */
    BARRIER("fxLockBarrierNoFence", FX, "the same without the fence (unordered)", fx_lock_nofence,
            GS_PRIM_UNORDERED | WRAP, 0, 0),
    BARRIER("fxLockFreeBarrier", FX, "a flag per block, block 0 gathers and releases, fenced", fx_lockfree, WRAP, 0,
            0),
    BARRIER("fxLockFreeBarrierNoFence", FX, "the same without the fences (unordered)", fx_lockfree_nofence,
            GS_PRIM_UNORDERED | WRAP, 0, 0),
    BARRIER("atomicTreeBarrUniq", HS, "two-level atomic tree, static leaders, double barriers", atomic_tree, GS_PRIM_HEADLINE, 0, 0),
    BARRIER("atomicTreeBarrUniqLocalExch", HS, "atomic tree; blocks trade data within their group mid-episode",
            atomic_tree_exch, 0, 1, 0),
    BARRIER("lfTreeBarrUniq", HS, "two-level flag (lock-free) tree, static masters", lf_tree, 0, 0, 0),
    BARRIER("lfTreeBarrUniqLocalExch", HS, "flag tree; blocks trade data within their group mid-episode",
            lf_tree_exch, 0, 1, 0),
    BARRIER("srBarrier", "thesis baseline", "two-level sense-reversing barrier, dynamic leader, backoff",
            sense_reversing, GS_PRIM_HEADLINE | WRAP, 0, 0),
    BARRIER("gridSync", "CUDA peer", "cooperative groups grid.sync()", grid_sync, GS_PRIM_HEADLINE, 0, 0),
    BARRIER("cudaBarrier", "CUDA peer", "libcu++ cuda::barrier<thread_scope_device>, one arrival per block",
            cuda_barrier, GS_PRIM_HEADLINE, 0, 0),
    {"relaunchStream", "CPU implicit sync", "a kernel launch per episode, from a stream (the boundary is the barrier)",
     &gs_family_barrier, &gs_kernels_barrier_relaunch, GS_LAUNCH_RELAUNCH_STREAM, 0, {0, 0}},
    {"relaunchGraph", "CPU implicit sync", "a kernel launch per episode, replayed as one CUDA graph",
     &gs_family_barrier, &gs_kernels_barrier_relaunch, GS_LAUNCH_RELAUNCH_GRAPH, 0, {0, 0}},
    BARRIER("gsBarrier", "gsync", "acquire/release counter barrier; the host's plan picks its form by grid size", gs,
            GS_PRIM_HEADLINE | WRAP, 0, 1),
    BARRIER("gsBarrierSplit", "gsync", "gsBarrier through its split-phase arrive/wait", gs_split, WRAP, 0, 1),
};

/* --form: the form gsBarrier takes (auto: the chooser's). */
typedef struct barrier_options {
    int form;
} barrier_options;
_Static_assert(sizeof(barrier_options) <= GS_FAMILY_OPTION_BYTES, "barrier_options fits");

static int form_of(const gs_config *c)
{
    return c->fopt ? ((const barrier_options *)c->fopt)->form : GS_BARRIER_AUTO;
}

static int option(void *opts, const char *name, const char *value, char *err, size_t n)
{
    int f;
    if (strcmp(name, "--form") != 0)
        return 0;
    if (!value)
        return 1;
    if ((f = gs_barrier_form_parse(value)) == -2) {
        snprintf(err, n, "--form '%s' is not one of auto, flat, spread, gathered, wide", gs_escape(value));
        return -1;
    }
    ((barrier_options *)opts)->form = f;
    return 1;
}

static void reset_options(void *opts)
{
    ((barrier_options *)opts)->form = GS_BARRIER_AUTO;
}

static unsigned int groups_of(const gs_config *c)
{
    return c->sm_count && c->sm_count < c->blocks ? c->sm_count : c->blocks;
}

static unsigned int launch_iters(const gs_config *c, int verifying)
{
    return verifying && !c->short_verify && c->iters < GS_BARRIER_VERIFY_EPISODES ? GS_BARRIER_VERIFY_EPISODES
                                                                                  : c->iters;
}

static size_t state_bytes(const gs_config *c)
{
    return gs_barrier_state_bytes(c->blocks, groups_of(c));
}

/* A region per block, then the two stamp arrays. */
static size_t data_words(const gs_config *c)
{
    return (size_t)c->blocks * c->ldst * c->threads + 2u * (size_t)c->blocks;
}

/* Feng and Xiao's barriers as published (docs/barrier.md). */
static const char *finding(const gs_prim *p, int verdict)
{
    if (verdict == GS_FAIL && (p->flags & GS_PRIM_UNORDERED))
        return "published without the fence: a block reads data of the episode before";
    if (verdict == GS_TIMEOUT && (p->flags & GS_PRIM_MAY_HANG))
        return "its == spin on one counter: a fast block's next arrival can pass the exact count, and all wait";
    return NULL;
}

/* --form changes the gs barrier's runs alone. */
static int option_applies(const gs_prim *p, const char *name)
{
    (void)name;
    return p->arg[1] != 0;
}

static void init_data(const gs_config *c, unsigned int *data)
{
    gs_golden_barrier_init(data, c->blocks, c->threads, c->ldst);
}

static int prepare(const gs_config *c, gs_bench_args *a, char *note, size_t n)
{
    gs_barrier_t gs;
    cudaError_t e;
    if (!c->prim->arg[1]) {
        gs_barrier_params_fill(a, NULL, groups_of(c));
        return 0;
    }
    if ((e = gs_barrier_plan(&gs, (unsigned int *)a->state, c->blocks, c->threads, form_of(c), 0)) != cudaSuccess)
        return (int)e;
    gs_barrier_params_fill(a, &gs, groups_of(c));
    if (gs.form == GS_BARRIER_SPREAD)
        snprintf(note, n, "spread form: %u counters", gs.k);
    else if (gs.form == GS_BARRIER_FLAT)
        snprintf(note, n, "flat form");
    else
        snprintf(note, n, "%s form: %u counters, %u flags", gs_barrier_form_name((int)gs.form),
                 gs_barrier_groups(c->blocks, gs.form), gs_barrier_flags(c->blocks, gs.form));
    return 0;
}

static int verify(const gs_config *c, const unsigned int *data, const unsigned int *check, int verifying,
                  char *detail, size_t n)
{
    const unsigned int episodes = launch_iters(c, verifying);
    const unsigned int version = c->prim->arg[0] && groups_of(c) < c->blocks ? 2u * episodes : episodes;
    return gs_golden_barrier_check(data, c->blocks, c->threads, c->ldst, version, check[GS_CHECK_VIOLATIONS],
                                   check[GS_CHECK_LAST_BAD], detail, n);
}

static double ops_per_launch(const gs_config *c)
{
    return (double)c->iters;
}

/* --wrap: the blocks' arrivals in half the launch's episodes (at most 2^31
 * in all): the barriers start at epoch 2^32 - that half, their counters at
 * 2^32 - this (barrier_kernels.cu). */
static unsigned int wrap(const gs_config *c, unsigned int iters)
{
    const unsigned int most = (1u << 31) / c->blocks, half = iters / 2u + 1u;
    return (half < most ? half : most) * c->blocks;
}

const gs_family gs_family_barrier = {
    .name = "barrier", .prims = prims, .nprims = sizeof prims / sizeof prims[0], .default_iters = 2000u,
    .help = "  --form F            gsBarrier's form: auto (the plan's), flat, spread, gathered, wide (auto)\n",
    .option = option, .options = (const char *const[]){"--form", NULL}, .option_applies = option_applies, .finding = finding, .launch_iters = launch_iters, .state_bytes = state_bytes, .data_words = data_words,
    .init_data = init_data, .prepare = prepare, .verify = verify, .ops_per_launch = ops_per_launch,
    .floor_column = 1, .reset_options = reset_options, .wrap = wrap,
};

/* ---- the golden model ---- */

void gs_golden_barrier_init(unsigned int *data, unsigned int blocks, unsigned int threads, unsigned int ldst)
{
    for (unsigned int r = 0; r < blocks; ++r)
        for (unsigned int j = 0; j < ldst; ++j)
            for (unsigned int t = 0; t < threads; ++t)
                data[((size_t)r * ldst + j) * threads + t] = gs_barrier_bench_word(0u, r, j, t);
    for (unsigned int r = 0; r < 2u * blocks; ++r)
        data[(size_t)blocks * ldst * threads + r] = 0u;
}

int gs_golden_barrier_check(const unsigned int *data, unsigned int blocks, unsigned int threads, unsigned int ldst,
                            unsigned int episodes, unsigned int stale, unsigned int last_bad, char *detail,
                            size_t n)
{
    if (stale) {
        snprintf(detail, n, "visibility: %u stale reads after the barrier, the last in episode %u", stale, last_bad);
        return 1;
    }
    for (unsigned int r = 0; r < blocks; ++r)
        for (unsigned int j = 0; j < ldst; ++j)
            for (unsigned int t = 0; t < threads; ++t) {
                const unsigned int v = data[((size_t)r * ldst + j) * threads + t];
                const unsigned int want = gs_barrier_bench_word(episodes, r, j, t);
                if (v != want) {
                    snprintf(detail, n, "final data: region %u word %u thread %u is %u, expected %u", r, j, t, v,
                             want);
                    return 1;
                }
            }
    detail[0] = 0;
    return 0;
}
