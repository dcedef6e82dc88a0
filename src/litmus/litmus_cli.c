/* litmus_cli.c: the litmus command's words (shapes, orders) and options
 * (--shape, --order, --iters, --stress), parsed without touching the GPU, so
 * that the command-line tests and the fuzz test cover them. */
#include "litmus/litmus.h"
#include "cli.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

gs_litmus_options gs_litmus_opts;

static const char *const shape_names[GS_LITMUS_SHAPES] = {
    "MP",          "SB",           "LB",          "IRIW",           "MPfence",        "MPatomOr",       "MPcluster",
    "MPsyncwarp",  "MPbrokenAcquire", "MPfenceBroken", "MPatomOrBroken", "MPclusterBroken", "MPsyncwarpBroken"};
static const char *const order_names[GS_LITMUS_ORDERS] = {"relaxed", "acqrel", "sc"};

const char *gs_litmus_shape_name(unsigned int s)
{
    return s < GS_LITMUS_SHAPES ? shape_names[s] : "?";
}

const char *gs_litmus_order_name(unsigned int o)
{
    return o < GS_LITMUS_ORDERS ? order_names[o] : "?";
}

void gs_litmus_reset_options(void)
{
    memset(&gs_litmus_opts, 0, sizeof gs_litmus_opts);
    for (unsigned int i = 0; i < GS_LITMUS_PLAIN_SHAPES; ++i)
        gs_litmus_opts.shapes[gs_litmus_opts.nshapes++] = i;
    gs_litmus_opts.all_shapes = 1;
    for (unsigned int i = 0; i < GS_LITMUS_ORDERS; ++i)
        gs_litmus_opts.orders[gs_litmus_opts.norders++] = i;
    gs_litmus_opts.iters = 1000000u;
    gs_litmus_opts.stress = 1;
}

int gs_litmus_option(const char *name, const char *value, char *err, size_t n)
{
    const int known =
        !strcmp(name, "--shape") || !strcmp(name, "--order") || !strcmp(name, "--iters") || !strcmp(name, "--stress");
    if (!known)
        return 0;
    if (!value)
        return 1;
    if (!strcmp(name, "--shape")) {
        gs_litmus_opts.all_shapes = strcasecmp(value, "all") == 0;
        return gs_parse_names(name, value, shape_names, GS_LITMUS_SHAPES, GS_LITMUS_PLAIN_SHAPES, gs_litmus_opts.shapes,
                          &gs_litmus_opts.nshapes, err, n) ? -1 : 1;
    }
    if (!strcmp(name, "--order"))
        return gs_parse_names(name, value, order_names, GS_LITMUS_ORDERS, GS_LITMUS_ORDERS, gs_litmus_opts.orders,
                          &gs_litmus_opts.norders, err, n) ? -1 : 1;
    if (!strcmp(name, "--iters")) {
        if (gs_parse_uint(value, GS_LITMUS_MIN_ITERS, GS_LITMUS_MAX_ITERS, &gs_litmus_opts.iters)) {
            snprintf(err, n, "--iters '%s' is not a whole number from %u to %u", gs_escape(value), GS_LITMUS_MIN_ITERS,
                     GS_LITMUS_MAX_ITERS);
            return -1;
        }
        return 1;
    }
    if (!strcmp(value, "on") || !strcmp(value, "off")) {
        gs_litmus_opts.stress = !strcmp(value, "on");
        return 1;
    }
    snprintf(err, n, "--stress '%s' is not one of on, off", gs_escape(value));
    return -1;
}

/* A shape with its order built in runs with --order acqrel only: named with
 * orders that lack it, it is an error; `all` takes it only where acqrel is
 * asked. */
int gs_litmus_check(char *err, size_t n)
{
    int acqrel = 0;
    for (int i = 0; i < gs_litmus_opts.norders; ++i)
        acqrel |= gs_litmus_opts.orders[i] == GS_LITMUS_ACQREL;
    for (int i = 0; i < gs_litmus_opts.nshapes && !acqrel && !gs_litmus_opts.all_shapes; ++i)
        if (!GS_LITMUS_ANY_ORDER(gs_litmus_opts.shapes[i])) {
            snprintf(err, n, "%s runs with --order acqrel only (%s)", shape_names[gs_litmus_opts.shapes[i]],
                     GS_LITMUS_IS_TWIN(gs_litmus_opts.shapes[i]) ? "it claims acqrel's forbidden outcome"
                                                                 : "its order is built in");
            return -1;
        }
    return 0;
}
