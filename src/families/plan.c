#include "families/plan.h"

#include <stdio.h>

static const unsigned int default_tbs_per_sm[] = {1, 2, 4, 8, 16, 32};
static const unsigned int quick_tbs_per_sm[] = {1, 8, 32}; /* low, medium, the device's most */

unsigned int gs_plan_threads(const gs_options *o, const gs_prim *p)
{
    return !GS_GIVEN(o, THREADS) && p->family->threads ? p->family->threads(p) : o->threads;
}

static void fill(gs_config *c, const gs_options *o, const gs_prim *p, unsigned int per_sm, unsigned int blocks,
                 unsigned int sms, const void *fopt)
{
    c->prim = p;
    c->tbs_per_sm = per_sm;
    c->blocks = blocks;
    c->threads = gs_plan_threads(o, p);
    c->ldst = o->ldst;
    c->iters = o->iters ? o->iters : p->family->iters ? p->family->iters(p) : p->family->default_iters;
    c->repeat = o->repeat;
    c->timeout_ns = (unsigned long long)(o->timeout_s * 1e9);
    c->group = blocks / sms ? blocks / sms : 1u;
    c->sm_count = sms;
    c->wrap = o->wrap;
    c->fopt = fopt;
}

/* The family's own refusal of a point, if any. */
static int family_check(const gs_config *c, char *err, size_t errlen)
{
    return c->prim->family->check ? c->prim->family->check(c, err, errlen) : GS_EXIT_OK;
}

int gs_plan(const gs_options *o, const gs_prim *p, const gs_device_info *d, int max_blocks_per_sm,
            const void *fopt, int quick,
            gs_config *out, int max_out, int *n, char *err, size_t errlen)
{
    const unsigned int sms = (unsigned int)d->sm_count;
    const unsigned int cap = max_blocks_per_sm > 0 ? (unsigned int)max_blocks_per_sm : 0u;
    int i, rc;
    *n = 0;
    if ((int)o->threads > d->max_threads_per_block) {
        snprintf(err, errlen, "--threads %u is above this device's limit of %d threads per block", o->threads,
                 d->max_threads_per_block);
        return GS_EXIT_USAGE;
    }
    if (cap == 0) {
        snprintf(err, errlen, "%s: no block of %u threads fits on an SM of this device%s", p->name,
                 gs_plan_threads(o, p),
                 p->launch == GS_LAUNCH_CLUSTERS ? " in clusters (sm_90 and later)" : "");
        return GS_EXIT_USAGE;
    }
    if (o->tbs) {
        if ((p->flags & GS_PRIM_CORESIDENT) && o->tbs > cap * sms) {
            snprintf(err, errlen,
                     "%s needs every block resident: %u blocks asked, this device holds at most %u (%u per SM x %u SMs)",
                     p->name, o->tbs, cap * sms, cap, sms);
            return GS_EXIT_USAGE;
        }
        fill(&out[*n], o, p, o->tbs % sms ? 0u : o->tbs / sms, o->tbs, sms, fopt);
        if ((rc = family_check(&out[*n], err, errlen)))
            return rc;
        ++*n;
        return GS_EXIT_OK;
    }
    if (o->ntbs_per_sm) {
        for (i = 0; i < o->ntbs_per_sm && *n < max_out; ++i) {
            if (o->tbs_per_sm[i] > cap) {
                snprintf(err, errlen,
                         "--tbs-per-sm %u is above the %u blocks of %u threads that fit on one SM for %s",
                         o->tbs_per_sm[i], cap, gs_plan_threads(o, p), p->name);
                return GS_EXIT_USAGE;
            }
            fill(&out[*n], o, p, o->tbs_per_sm[i], o->tbs_per_sm[i] * sms, sms, fopt);
            if ((rc = family_check(&out[(*n)++], err, errlen)))
                return rc;
        }
        return GS_EXIT_OK;
    }
    /* the default sweep, capped by the device (the cap itself is a point);
     * points the family cannot run (a grid that does not divide into its
     * clusters, say) are left out, and only a sweep left empty is an error */
    if (p->family->default_grid) {
        unsigned int blocks[8];
        const int nb = p->family->default_grid(fopt, p, sms, cap, blocks, 8);
        rc = GS_EXIT_OK;
        for (i = 0; i < nb && *n < max_out; ++i) {
            fill(&out[*n], o, p, blocks[i] % sms ? 0u : blocks[i] / sms, blocks[i], sms, fopt);
            if ((rc = family_check(&out[*n], err, errlen)) == GS_EXIT_OK)
                ++*n;
            else if (rc != GS_EXIT_USAGE)
                return rc;
        }
        return *n ? GS_EXIT_OK : rc;
    }
    const unsigned int *sweep = quick ? quick_tbs_per_sm : default_tbs_per_sm;
    const int nsweep = quick ? 3 : 6;
    unsigned int points[8];
    int np = 0;
    for (i = 0; i < nsweep; ++i)
        if (sweep[i] <= cap)
            points[np++] = sweep[i];
    if (cap < 32 && points[np - 1] != cap)
        points[np++] = cap;
    rc = GS_EXIT_OK;
    for (i = 0; i < np && *n < max_out; ++i) {
        fill(&out[*n], o, p, points[i], points[i] * sms, sms, fopt);
        if ((rc = family_check(&out[*n], err, errlen)) == GS_EXIT_OK)
            ++*n;
        else if (rc != GS_EXIT_USAGE)
            return rc;
    }
    return *n ? GS_EXIT_OK : rc;
}
