/* litmus_cli.c: the litmus command's options (--shape, --order, --iters,
 * --stress; the words are litmus.c's), parsed without touching the GPU, so
 * that the command-line tests and the fuzz test cover them. */
#include "litmus/litmus.h"
#include "core/cli.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

GS_OWN_FITS(gs_litmus_options);

static const char *const on_off[] = {"off", "on"};

static gs_litmus_options *own(gs_options *o)
{
    return GS_OWN(o, gs_litmus_options);
}

static void defaults(gs_options *o)
{
    gs_litmus_options *l = own(o);
    for (unsigned int i = 0; i < GS_LITMUS_PLAIN_SHAPES; ++i)
        l->shapes[l->nshapes++] = i;
    l->all_shapes = 1;
    for (unsigned int i = 0; i < GS_LITMUS_ORDERS; ++i)
        l->orders[l->norders++] = i;
    l->iters = 1000000u;
    l->stress = 1;
}

static int shape_all(gs_options *o, const char *value, char *err, size_t n)
{
    (void)err, (void)n;
    own(o)->all_shapes = strcasecmp(value, "all") == 0;
    return 0;
}

/* A shape with its order built in runs with --order acqrel only: named with
 * orders that lack it, it is an error; `all` takes it only where acqrel is
 * asked. */
static int check(gs_options *o, char *err, size_t n)
{
    const gs_litmus_options *l = own(o);
    int acqrel = 0;
    for (int i = 0; i < l->norders; ++i)
        acqrel |= l->orders[i] == GS_LITMUS_ACQREL;
    for (int i = 0; i < l->nshapes && !acqrel && !l->all_shapes; ++i)
        if (!GS_LITMUS_ANY_ORDER(l->shapes[i])) {
            snprintf(err, n, "%s runs with --order acqrel only (%s)", gs_litmus_shape_names[l->shapes[i]],
                     GS_LITMUS_IS_TWIN(l->shapes[i]) ? "it claims acqrel's forbidden outcome"
                                                     : "its order is built in");
            return -1;
        }
    return 0;
}

#define AT(f) .at = offsetof(gs_litmus_options, f)
static const gs_opt opts[] = {
    {"--shape", GS_OPT_NAMES, .def = "MP,SB,LB,IRIW", AT(shapes), .count_at = offsetof(gs_litmus_options, nshapes),
     .words = gs_litmus_shape_names, .nwords = GS_LITMUS_SHAPES, .all = GS_LITMUS_PLAIN_SHAPES, .parse = shape_all},
    {"--order", GS_OPT_NAMES, .def = "all", AT(orders), .count_at = offsetof(gs_litmus_options, norders),
     .words = gs_litmus_order_names, .nwords = GS_LITMUS_ORDERS, .all = GS_LITMUS_ORDERS},
    {"--iters", GS_OPT_UINT, GS_LITMUS_MIN_ITERS, GS_LITMUS_MAX_ITERS, "1000000", AT(iters)},
    {"--stress", GS_OPT_WORD, .def = "on", AT(stress), .words = on_off, .nwords = 2},
};
#undef AT

/* One block an SM, iterations its own option. */
const gs_command gs_cmd_litmus = {
    .name = "litmus",
    .summary = "gsync-bench litmus [--shape LIST] [--order LIST] [--iters N] [--stress on|off]\n"
               "                                     litmus tests (MP, SB, LB, IRIW, MP through the library's\n"
               "                                     publish patterns) of gsync's ptx.cuh between SMs\n",
    .usage = "usage: gsync-bench litmus [--shape LIST|all] [--order LIST|all] [--iters N] [--stress on|off]\n"
             "                          [--timeout S] [--format F] [--device N]\n"
             "  litmus tests of gsync's ordering layer (include/gsync/ptx.cuh): each role of a shape in a\n"
             "  block of its own SM, thousands of instances a launch, every outcome counted.  A weak outcome\n"
             "  that the PTX memory model forbids for the order is a FAIL (exit 1); an allowed one is\n"
             "  counted (docs/litmus.md).\n"
             "  --shape   MP, SB, LB, IRIW; MP through the library's publish patterns: MPfence\n"
             "            (fence.release, fence.acquire), MPatomOr (the queue's atom.release.or), MPcluster\n"
             "            (st.release/ld.acquire.cluster in a cluster peer's shared memory; SKIP before sm_90),\n"
             "            MPsyncwarp (a lane's store, __syncwarp, another lane's release); all: these eight.\n"
             "            Broken twins, which must FAIL: MPbrokenAcquire (MP acqrel, relaxed flag load),\n"
             "            MPfenceBroken and MPatomOrBroken (no fence.acquire), MPclusterBroken (.cta scope),\n"
             "            MPsyncwarpBroken (no __syncwarp); a twin that shows no forbidden outcome in\n"
             "            --iters runs on, doubling, up to 1000 times as many (its detail says so)\n"
             "  --order   relaxed (ld/st.relaxed.gpu), acqrel (st.release.gpu, ld.acquire.gpu),\n"
             "            sc (relaxed accesses, fence.sc.gpu between a thread's two) (all: these); the\n"
             "            publish patterns and the twins run with acqrel only\n"
             "  --iters   iterations of each shape and order, at least; 1000 to 1000000000 (1000000)\n"
             "  --stress  on: the other warps of each block hammer unrelated lines with stores and\n"
             "            atomics; off: they idle (on)\n"
             "  --timeout watchdog deadline per launch in seconds (5)\n",
    .shared = GS_SH(FORMAT) | GS_SH(DEVICE) | GS_SH(TIMEOUT), .opts = opts, .nopts = sizeof opts / sizeof opts[0],
    .defaults = defaults, .check = check, .run = gs_litmus_command, .schema = &gs_litmus_schema,
};
