/* The barrier's chooser (src/lib/barrier_plan.c): forms by grid size from a
 * device's thresholds, the default row for unknown GPUs, the form names. */
#include "../check.h"
#include "gsync/host.h"

#include <string.h>

int main(void)
{
    const gs_barrier_thresholds t = {"test", 3.0, 8.5, 27.0, 4u};
    const gs_barrier_thresholds *unknown = gs_barrier_thresholds_for("Some Future GPU");
    const gs_barrier_thresholds *h100 = gs_barrier_thresholds_for("NVIDIA H100 80GB HBM3");

    /* 132 SMs: 1 and 2 per SM flat, 4 spread, 16 gathered, 32 wide */
    CHECK(gs_barrier_choose(&t, 132, 132) == GS_BARRIER_FLAT);
    CHECK(gs_barrier_choose(&t, 395, 132) == GS_BARRIER_FLAT);
    CHECK(gs_barrier_choose(&t, 396, 132) == GS_BARRIER_SPREAD);
    CHECK(gs_barrier_choose(&t, 528, 132) == GS_BARRIER_SPREAD);
    CHECK(gs_barrier_choose(&t, 2112, 132) == GS_BARRIER_GATHERED);
    CHECK(gs_barrier_choose(&t, 3564, 132) == GS_BARRIER_WIDE);
    CHECK(gs_barrier_choose(&t, 4224, 132) == GS_BARRIER_WIDE);
    CHECK(gs_barrier_choose(&t, 1, 0) == GS_BARRIER_FLAT); /* no SM count: blocks taken as per SM */
    /* the rows: a known GPU by a substring of its name, else the default */
    CHECK(strcmp(h100->device, "H100") == 0);
    CHECK(unknown != NULL && strcmp(unknown->device, "") == 0);
    CHECK(unknown->spread_from <= unknown->gathered_from && unknown->gathered_from <= unknown->wide_from);
    CHECK(h100->spread_k == 2u || h100->spread_k == 4u);
    CHECK(gs_barrier_thresholds_for(NULL) == unknown);
    /* names both ways */
    for (int f = 0; f < GS_BARRIER_FORMS; ++f)
        CHECK(gs_barrier_form_parse(gs_barrier_form_name(f)) == f);
    CHECK(gs_barrier_form_parse("auto") == GS_BARRIER_AUTO && strcmp(gs_barrier_form_name(GS_BARRIER_AUTO), "auto") == 0);
    CHECK(gs_barrier_form_parse("tree") == -2 && gs_barrier_form_name(7) == NULL);
    /* the state covers every form: 16 KiB of pool up to ~5400 blocks, then the gathered form's lines */
    CHECK(gs_barrier_bytes(132) == 16384ull && gs_barrier_bytes(4224) == 16384ull);
    CHECK(gs_barrier_bytes(100000) >= 128ull * (1ull + gs_barrier_groups(100000, GS_BARRIER_GATHERED) +
                                                gs_barrier_flags(100000, GS_BARRIER_GATHERED)));
    CHECK(gs_barrier_groups(4224, GS_BARRIER_WIDE) == 32u && gs_barrier_groups(20, GS_BARRIER_WIDE) == 20u);
    CHECK(gs_barrier_groups(4224, GS_BARRIER_GATHERED) == 33u && gs_barrier_flags(4224, GS_BARRIER_GATHERED) == 66u);
    /* a plan refuses bad arguments before touching the GPU */
    gs_barrier_t b;
    CHECK(gs_barrier_plan(&b, NULL, 132, 32, GS_BARRIER_AUTO, 0) == cudaErrorInvalidValue);
    CHECK(gs_barrier_plan(NULL, (unsigned int *)&b, 132, 32, GS_BARRIER_AUTO, 0) == cudaErrorInvalidValue);
    CHECK(gs_barrier_plan(&b, (unsigned int *)&b, 132, 32, 9, 0) == cudaErrorInvalidValue);
    /* the launch checks that need no device (gs_barrier_check_launch) */
    {
        unsigned int words[4] = {0};
        gs_barrier_t b = GS_BARRIER_FLAT_INIT(words);
        const dim3 grid = {8, 4, 2}, block = {8, 4, 1}, other = {64, 1, 1}, empty = {0, 1, 1};
        b.blocks = 64u;
        CHECK(gs_barrier_check_launch(&b, grid, block) == cudaSuccess); /* 8 * 4 * 2 blocks, any shape */
        CHECK(gs_barrier_check_launch(&b, other, block) == cudaSuccess);
        CHECK(gs_barrier_check_launch(&b, block, block) == cudaErrorInvalidConfiguration); /* 32 blocks */
        CHECK(gs_barrier_launch(NULL, block, block, NULL, 0, 0, &b) == cudaErrorInvalidConfiguration);
        CHECK(gs_barrier_check_launch(&b, empty, block) == cudaErrorInvalidValue);
        CHECK(gs_barrier_check_launch(NULL, grid, block) == cudaErrorInvalidValue);
        b.launched = 1u; /* launched, not reset */
        CHECK(gs_barrier_check_launch(&b, grid, block) == cudaErrorIllegalState);
        CHECK(gs_barrier_launch(NULL, grid, block, NULL, 0, 0, &b) == cudaErrorIllegalState);
        b.launched = 0u, b.epoch = 3u;
        CHECK(gs_barrier_check_launch(&b, grid, block) == cudaErrorIllegalState);
        b.epoch = 0u, b.form = GS_BARRIER_SPREAD, b.k = 4u;
        CHECK(gs_barrier_check_launch(&b, grid, (dim3){2, 1, 1}) == cudaErrorInvalidConfiguration);
        CHECK(gs_barrier_check_launch(&b, grid, (dim3){2, 2, 1}) == cudaSuccess);
        b.form = GS_BARRIER_FLAT, b.blocks = 0u; /* GS_BARRIER_FLAT_INIT: any grid */
        CHECK(gs_barrier_check_launch(&b, block, block) == cudaSuccess);
        CHECK(gs_barrier_reset(NULL, 0) == cudaErrorInvalidValue);
        b.form = GS_BARRIER_WIDE; /* unplanned and not flat: its size is unknown */
        CHECK(gs_barrier_reset(&b, 0) == cudaErrorInvalidValue);
    }
    return check_done();
}
