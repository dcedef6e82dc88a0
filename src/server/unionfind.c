/* unionfind.c: the server command's unionfind workload: its graphs (each
 * edge once, the components' smallest vertices), its row and the host's
 * check of a launch (no parent above its vertex, every root its
 * component's smallest vertex). */
#include "server/workload.h"

#include "core/cli.h"
#include "core/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static srv_graph graphs[GS_SRV_MAX_LIST];
static int ngraphs;

static unsigned int uf_root(unsigned int *p, unsigned int x)
{
    while (p[x] != x)
        x = p[x] = p[p[x]]; /* halving */
    return x;
}

static int cmp_u64(const void *a, const void *b)
{
    const unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;
    return x < y ? -1 : x > y;
}

/* Loads graphs[k] from spec: its edges and its components' smallest
 * vertices (union by the smaller root).  GS_EXIT_OK or an exit status. */
static int graph_load(srv_graph *x, const char *spec, char *err, size_t n)
{
    char dir[4096];
    int rc;
    memset(x, 0, sizeof *x);
    gs_graph_cache_dir(dir, sizeof dir);
    if ((rc = gs_graph_load(spec, dir[0] ? dir : NULL, &x->g, err, n)))
        return rc == 2 ? GS_EXIT_USAGE : GS_EXIT_RUNTIME;
    const gs_graph *g = &x->g;
    const unsigned long long arcs = g->row[g->n];
    unsigned long long *pairs = malloc(8u * (arcs ? arcs : 1u)), e = 0;
    x->label = malloc(4u * (size_t)(g->n ? g->n : 1u));
    if (!pairs || !x->label) {
        free(pairs);
        snprintf(err, n, "out of host memory for %s's edges", g->name);
        return GS_EXIT_RUNTIME;
    }
    for (unsigned int u = 0; u < g->n; ++u) /* every arc as (smaller, larger); loops dropped */
        for (unsigned int k = g->row[u]; k < g->row[u + 1]; ++k)
            if (g->col[k] != u) {
                const unsigned long long lo = u < g->col[k] ? u : g->col[k], hi = u < g->col[k] ? g->col[k] : u;
                pairs[e++] = lo << 32 | hi;
            }
    qsort(pairs, e, 8u, cmp_u64);
    for (unsigned long long k = 0; k < e; ++k) /* each edge once */
        if (k == 0 || pairs[k] != pairs[k - 1])
            pairs[x->nedges++] = pairs[k];
    if (!(x->edges = malloc(8u * (x->nedges ? x->nedges : 1u)))) {
        free(pairs);
        snprintf(err, n, "out of host memory for %s's edges", g->name);
        return GS_EXIT_RUNTIME;
    }
    for (unsigned long long k = 0; k < x->nedges; ++k)
        x->edges[2 * k] = (unsigned int)(pairs[k] >> 32), x->edges[2 * k + 1] = (unsigned int)pairs[k];
    free(pairs);
    for (unsigned int v = 0; v < g->n; ++v)
        x->label[v] = v;
    for (unsigned long long k = 0; k < x->nedges; ++k) {
        const unsigned int a = uf_root(x->label, x->edges[2 * k]), b = uf_root(x->label, x->edges[2 * k + 1]);
        if (a != b)
            x->label[a > b ? a : b] = a > b ? b : a;
    }
    for (unsigned int v = 0; v < g->n; ++v)
        x->label[v] = uf_root(x->label, v);
    return GS_EXIT_OK;
}

void gs_srv_graphs_free(void)
{
    for (int k = 0; k < ngraphs; ++k) {
        gs_graph_free(&graphs[k].g);
        free(graphs[k].edges), free(graphs[k].label);
    }
    ngraphs = 0;
}

const srv_graph *gs_srv_graph(int k)
{
    return &graphs[k];
}

int gs_srv_ngraphs(void)
{
    return ngraphs;
}

int gs_srv_graphs_load(const gs_srv_options *so, char *err, size_t n)
{
    static const char *const default_graphs[] = {"rmat:14", "rmat:18", "road:ny"};
    int rc, uf = 0;
    for (int w = 0; w < so->nworkloads; ++w)
        uf |= so->workloads[w] == GS_SRV_UNIONFIND;
    for (int k = 0; uf && k < (so->ngraphs ? so->ngraphs : 3); ++k) {
        const char *spec = so->ngraphs ? so->graphs[k] : default_graphs[k];
        gs_progress(k, so->ngraphs ? so->ngraphs : 3, "server", "loading", spec);
        if ((rc = graph_load(&graphs[ngraphs++], spec, err, n))) {
            gs_progress_end(1);
            gs_srv_graphs_free();
            return rc;
        }
    }
    return GS_EXIT_OK;
}

static int check_unionfind(srv_row *r, const srv_result *res, char *d, size_t n)
{
    const gs_srv_launch *l = &r->l;
    const unsigned int *parent = res->items;
    const srv_graph *x = gs_srv_graph(r->graph);
    unsigned int *root = malloc(4u * (size_t)(l->items ? l->items : 1u)), comps = 0;
    int bad = 0;
    if (!root) {
        snprintf(d, n, "out of host memory for the components' check");
        return 1;
    }
    for (unsigned int v = 0; v < l->items && !bad; ++v) { /* parents are below: roots in one pass upward */
        if (parent[v] > v) {
            snprintf(d, n, "vertex %u has the parent %u, above it", v, parent[v]);
            bad = 1;
            break;
        }
        root[v] = parent[v] == v ? v : root[parent[v]];
        comps += parent[v] == v;
        if (root[v] != x->label[v]) {
            snprintf(d, n, "vertex %u's root is %u, but its component's smallest vertex is %u", v, root[v],
                     x->label[v]);
            bad = 1;
        }
    }
    if (!bad)
        snprintf(d, n, "%u components", comps);
    free(root);
    return bad;
}


const gs_srv_workload_def gs_srv_unionfind = {GS_SRV_LOCKS | GS_SRV_W(ATOMIC) | GS_SRV_SERVERS | GS_SRV_W(NOLOCK),
                                               GS_SRV_W(NOLOCK), {0}, check_unionfind};
