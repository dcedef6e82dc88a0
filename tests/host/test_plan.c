/* Planning against a device described by hand: no GPU needed. */
#include "../check.h"
#include "families/plan.h"
#include "families/run.h"

#include <stdio.h>
#include <string.h>

/* what run passes gs_plan for its options o */
#define FOPT(p) gs_run_family_opts(&o, (p)->family)
#define QUICK gs_run_own(&o)->quick

/* A family that refuses odd blocks per SM, as a cluster family refuses
 * grids that do not divide into its clusters. */
static int even_only(const gs_config *c, char *err, size_t n)
{
    if (c->tbs_per_sm % 2) {
        snprintf(err, n, "odd blocks per SM");
        return GS_EXIT_USAGE;
    }
    return GS_EXIT_OK;
}

int main(void)
{
    gs_device_info h200;
    gs_options o;
    gs_config c[64];
    char err[512];
    int n;
    const gs_prim *spin = gs_prim_find("spinMutex");
    gs_prim coresident = *spin;
    coresident.flags |= GS_PRIM_CORESIDENT;

    memset(&h200, 0, sizeof h200);
    h200.sm_count = 132;
    h200.max_threads_per_block = 1024;

    gs_options_default(&o, NULL);
    /* default sweep: 1..32 per SM */
    CHECK(gs_plan(&o, spin, &h200, 32, FOPT(spin), QUICK, c, 64, &n, err, sizeof err) == 0 && n == 6);
    CHECK(c[0].tbs_per_sm == 1 && c[0].blocks == 132 && c[5].tbs_per_sm == 32 && c[5].blocks == 4224);
    CHECK(c[0].ldst == 10 && c[0].threads == 32 && c[0].timeout_ns == 5000000000ull && c[0].iters == 20);
    CHECK(c[0].sm_count == 132 && c[5].group == 32);
    /* barriers: every block resident; more episodes by default */
    CHECK(gs_plan(&o, gs_prim_find("gsBarrier"), &h200, 32, FOPT(gs_prim_find("gsBarrier")), QUICK, c, 64, &n, err, sizeof err) == 0 && c[0].iters == 2000);
    /* --ldst 0, the bare barrier: barriers only */
    o.ldst = 0;
    CHECK(gs_plan(&o, gs_prim_find("gsBarrier"), &h200, 32, FOPT(gs_prim_find("gsBarrier")), QUICK, c, 64, &n, err, sizeof err) == 0 && c[0].ldst == 0);
    CHECK(gs_plan(&o, spin, &h200, 32, FOPT(spin), QUICK, c, 64, &n, err, sizeof err) == 2 && strstr(err, "barriers only, not to spinMutex"));
    o.ldst = 10;
    /* capped by occupancy, and the cap itself is a point */
    CHECK(gs_plan(&o, spin, &h200, 12, FOPT(spin), QUICK, c, 64, &n, err, sizeof err) == 0 && n == 5 && c[4].tbs_per_sm == 12);
    CHECK(gs_plan(&o, spin, &h200, 16, FOPT(spin), QUICK, c, 64, &n, err, sizeof err) == 0 && n == 5 && c[4].tbs_per_sm == 16);
    /* explicit list above the cap is refused with the device's maximum */
    o.ntbs_per_sm = 2;
    o.tbs_per_sm[0] = 4;
    o.tbs_per_sm[1] = 64;
    CHECK(gs_plan(&o, spin, &h200, 32, FOPT(spin), QUICK, c, 64, &n, err, sizeof err) == 2 && strstr(err, "above the 32 blocks"));
    o.tbs_per_sm[1] = 8;
    CHECK(gs_plan(&o, spin, &h200, 32, FOPT(spin), QUICK, c, 64, &n, err, sizeof err) == 0 && n == 2 && c[1].blocks == 1056);
    /* --tbs: a count; per-SM shown only when it divides evenly */
    gs_options_default(&o, NULL);
    o.tbs = 528;
    CHECK(gs_plan(&o, spin, &h200, 32, FOPT(spin), QUICK, c, 64, &n, err, sizeof err) == 0 && n == 1 && c[0].tbs_per_sm == 4);
    o.tbs = 100;
    CHECK(gs_plan(&o, spin, &h200, 32, FOPT(spin), QUICK, c, 64, &n, err, sizeof err) == 0 && c[0].tbs_per_sm == 0);
    /* more blocks than can be resident: fine for a mutex, refused for a
     * primitive that needs co-residency, naming the maximum */
    o.tbs = 5000;
    CHECK(gs_plan(&o, spin, &h200, 32, FOPT(spin), QUICK, c, 64, &n, err, sizeof err) == 0);
    CHECK(gs_plan(&o, &coresident, &h200, 32, FOPT(&coresident), QUICK, c, 64, &n, err, sizeof err) == 2 && strstr(err, "at most 4224"));
    o.tbs = 4224;
    CHECK(gs_plan(&o, &coresident, &h200, 32, FOPT(&coresident), QUICK, c, 64, &n, err, sizeof err) == 0);
    o.tbs = 4225;
    CHECK(gs_plan(&o, gs_prim_find("gridSync"), &h200, 32, FOPT(gs_prim_find("gridSync")), QUICK, c, 64, &n, err, sizeof err) == 2 &&
          strstr(err, "gridSync needs every block resident") && strstr(err, "at most 4224"));
    /* threads above the device's limit; a block that does not fit at all */
    o.threads = 1024;
    h200.max_threads_per_block = 512;
    CHECK(gs_plan(&o, spin, &h200, 32, FOPT(spin), QUICK, c, 64, &n, err, sizeof err) == 2 && strstr(err, "limit of 512"));
    h200.max_threads_per_block = 1024;
    CHECK(gs_plan(&o, spin, &h200, 0, FOPT(spin), QUICK, c, 64, &n, err, sizeof err) == 2 && strstr(err, "no block of 1024"));
    /* the default sweep leaves out what the family refuses; a list asks for it */
    {
        gs_family fam = *spin->family;
        gs_prim even = *spin;
        fam.check = even_only;
        even.family = &fam;
        gs_options_default(&o, NULL);
        CHECK(gs_plan(&o, &even, &h200, 32, FOPT(&even), QUICK, c, 64, &n, err, sizeof err) == 0 && n == 5 && c[0].tbs_per_sm == 2);
        CHECK(gs_plan(&o, &even, &h200, 1, FOPT(&even), QUICK, c, 64, &n, err, sizeof err) == 2 && strstr(err, "odd"));
        o.ntbs_per_sm = 2, o.tbs_per_sm[0] = 1, o.tbs_per_sm[1] = 2;
        CHECK(gs_plan(&o, &even, &h200, 32, FOPT(&even), QUICK, c, 64, &n, err, sizeof err) == 2 && strstr(err, "odd"));
    }
    return check_done();
}
