/* The hubs and their parts (src/app/hubs.c), which the warps of PageRank,
 * bfs-topo and sssp-topo take: a graph's hubs in order, the most arcs
 * first, and parts that cover each hub's arcs once, at most part_arcs
 * each, at the offsets the kernels compute, the largest first; on a graph
 * small enough to write the lists by hand, and on RMAT over many settings.
 * The checker must reject a list with a part lost, doubled, moved, out of
 * order, or a hub out of order. */
#include "../check.h"
#include "app/program.h"

#include <stdlib.h>
#include <string.h>

static char err[256];

/* NULL when hubs and parts are g's for hub_min and part_arcs, else what is wrong. */
static const char *hub_check(const gs_graph *g, unsigned int hub_min, unsigned int part_arcs, const unsigned int *hubs,
                             unsigned int nhubs, const unsigned int *parts, unsigned int nparts)
{
    static char why[128];
    unsigned int want = 0, *seen;
    unsigned long long need = 0;
    const unsigned int pa = part_arcs ? part_arcs : ~0u;
    for (unsigned int u = 0; u < g->n && hub_min; ++u)
        want += g->row[u + 1] - g->row[u] > hub_min;
    if (nhubs != want)
        return snprintf(why, sizeof why, "%u hubs, want %u", nhubs, want), why;
    for (unsigned int i = 0; i < nhubs; ++i) {
        const unsigned int u = hubs[i], d = g->row[u + 1] - g->row[u];
        if (u >= g->n || d <= hub_min)
            return snprintf(why, sizeof why, "hub %u: vertex %u is not a hub", i, u), why;
        if (i > 0) {
            const unsigned int v = hubs[i - 1], dv = g->row[v + 1] - g->row[v];
            if (dv < d || (dv == d && v >= u))
                return snprintf(why, sizeof why, "hub %u (vertex %u) out of order", i, u), why;
        }
        need += d / pa + (d % pa != 0u);
    }
    if (nparts != need)
        return snprintf(why, sizeof why, "%u parts, want %llu", nparts, need), why;
    if (!(seen = calloc(g->m + 1u, sizeof *seen)))
        return "out of memory";
    for (unsigned int j = 0; j < nparts; ++j) {
        const unsigned int h = parts[2 * j], lo = parts[2 * j + 1];
        const unsigned int e0 = h < nhubs ? g->row[hubs[h]] : 0u, f = h < nhubs ? g->row[hubs[h] + 1] : 0u;
        const unsigned int hi = f - lo > pa ? lo + pa : f;
        if (h >= nhubs || lo < e0 || lo >= f || (lo - e0) % pa != 0u) {
            snprintf(why, sizeof why, "part %u: (hub %u, arc %u) does not start a part", j, h, lo);
            break;
        }
        if (j > 0) {
            const unsigned int ph = parts[2 * j - 2], plo = parts[2 * j - 1], pf = g->row[hubs[ph] + 1];
            const unsigned int parcs = pf - plo > pa ? pa : pf - plo;
            if (parcs < hi - lo || (parcs == hi - lo && (ph > h || (ph == h && plo >= lo)))) {
                snprintf(why, sizeof why, "part %u out of order", j);
                break;
            }
        }
        for (unsigned int e = lo; e < hi; ++e)
            ++seen[e];
        why[0] = 0;
    }
    for (unsigned int i = 0; i < nhubs && nparts && !why[0]; ++i)
        for (unsigned int e = g->row[hubs[i]]; e < g->row[hubs[i] + 1]; ++e)
            if (seen[e] != 1u) {
                snprintf(why, sizeof why, "arc %u of hub %u taken %u times", e, i, seen[e]);
                break;
            }
    free(seen);
    return nparts && why[0] ? why : NULL;
}

/* g: the rows of vertices with degrees deg[0 .. n - 1] (the heads do not matter here). */
static void rows(gs_graph *g, const unsigned int *deg, unsigned int n)
{
    memset(g, 0, sizeof *g);
    g->n = n;
    g->row = calloc(n + 1u, sizeof *g->row);
    for (unsigned int u = 0; u < n; ++u)
        g->row[u + 1] = g->row[u] + deg[u];
    g->m = g->row[n];
    g->col = calloc(g->m + 1u, sizeof *g->col);
}

static void by_hand(void)
{
    const unsigned int deg[] = {5, 1, 7, 7, 0, 3};
    /* more than 2 arcs: vertices 2 and 3 (7, the lower first), 0 (5), 5 (3); parts of 3 arcs */
    const unsigned int hubs[] = {2, 3, 0, 5};
    const unsigned int parts[] = {0, 6, 0, 9, 1, 13, 1, 16, 2, 0, 3, 20, 2, 3, 0, 12, 1, 19};
    unsigned int *h, *p, nh, np;
    gs_graph g;
    rows(&g, deg, 6);
    CHECK(gs_app_hub_lists(&g, 2, 3, &h, &nh, &p, &np, err, sizeof err) == 0);
    CHECK(nh == 4 && !memcmp(h, hubs, sizeof hubs));
    CHECK(np == 9 && !memcmp(p, parts, sizeof parts));
    CHECK(hub_check(&g, 2, 3, h, nh, p, np) == NULL);
    /* the checker's broken twins: each must be refused */
    {
        unsigned int q[18], hh[4];
        memcpy(q, p, sizeof q);
        CHECK(hub_check(&g, 2, 3, h, nh, q, np - 1) != NULL); /* a part lost */
        memcpy(q, p, sizeof q), q[17] = 16;
        CHECK(hub_check(&g, 2, 3, h, nh, q, np) != NULL); /* a part doubled, one missing */
        memcpy(q, p, sizeof q), q[1] = 7;
        CHECK(hub_check(&g, 2, 3, h, nh, q, np) != NULL); /* a part moved off its offset */
        memcpy(q, p, sizeof q), q[12] = q[0], q[13] = q[1], q[0] = 2, q[1] = 3;
        CHECK(hub_check(&g, 2, 3, h, nh, q, np) != NULL); /* a smaller part first */
        memcpy(hh, h, sizeof hh), hh[0] = 3, hh[1] = 2;
        CHECK(hub_check(&g, 2, 3, hh, nh, p, np) != NULL); /* a tie of hubs out of order */
        CHECK(hub_check(&g, 4, 3, h, nh, p, np) != NULL);  /* vertex 5 (3 arcs) listed though not a hub */
    }
    free(h), free(p);
    /* a hub a part (part_arcs 0): the hubs' order; no hubs (0, or more than any degree) */
    CHECK(gs_app_hub_lists(&g, 2, 0, &h, &nh, &p, &np, err, sizeof err) == 0);
    {
        const unsigned int whole[] = {0, 6, 1, 13, 2, 0, 3, 20};
        CHECK(nh == 4 && np == 4 && !memcmp(p, whole, sizeof whole) && hub_check(&g, 2, 0, h, nh, p, np) == NULL);
    }
    free(h), free(p);
    CHECK(gs_app_hub_lists(&g, 0, 3, &h, &nh, &p, &np, err, sizeof err) == 0 && !h && !p && nh == 0 && np == 0);
    CHECK(gs_app_hub_lists(&g, 7, 3, &h, &nh, &p, &np, err, sizeof err) == 0 && !h && !p && nh == 0 && np == 0);
    CHECK(hub_check(&g, 7, 3, NULL, 0, NULL, 0) == NULL);
    /* a part of 1 arc: every hub arc its own part, in hub order */
    CHECK(gs_app_hub_lists(&g, 2, 1, &h, &nh, &p, &np, err, sizeof err) == 0);
    CHECK(np == 22 && p[0] == 0 && p[1] == 6 && p[42] == 3 && p[43] == 22 && hub_check(&g, 2, 1, h, nh, p, np) == NULL);
    free(h), free(p);
    free(g.row), free(g.col);
}

static void on_rmat(void)
{
    const unsigned int hub_min[] = {1, 3, 16, 100, 256}, part[] = {0, 1, 5, 64, 2048};
    gs_graph g;
    CHECK(gs_graph_rmat(12, 16, 7, &g, err, sizeof err) == 0);
    for (unsigned int i = 0; i < sizeof hub_min / sizeof *hub_min; ++i)
        for (unsigned int k = 0; k < sizeof part / sizeof *part; ++k) {
            unsigned int *h, *p, nh, np;
            const char *why;
            CHECK(gs_app_hub_lists(&g, hub_min[i], part[k], &h, &nh, &p, &np, err, sizeof err) == 0);
            why = hub_check(&g, hub_min[i], part[k], h, nh, p, np);
            if (why)
                fprintf(stderr, "rmat:12, hubs over %u, parts of %u: %s\n", hub_min[i], part[k], why);
            CHECK(why == NULL && nh > 0);
            free(h), free(p);
        }
    gs_graph_free(&g);
}

int main(void)
{
    by_hand();
    on_rmat();
    return check_done();
}
