/* multi_pagerank.c: the host side of multi's pagerank ways
 * (multi_pagerank.h): the vertex ranges, a rank's share of the graph, the
 * host reference and the app family's comparison. */
#include "multi/multi_pagerank.h"
#include "inputs/graph.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gs_mpr_partition(const unsigned int *in_row, unsigned int n, unsigned int npes, unsigned int *bounds)
{
    const unsigned long long total = (unsigned long long)in_row[n] + n;
    bounds[0] = 0;
    for (unsigned int p = 1; p < npes; ++p) {
        /* the first v whose work before it reaches p / npes of the total */
        const unsigned long long goal = total * p / npes;
        unsigned int lo = bounds[p - 1], hi = n;
        while (lo < hi) {
            const unsigned int mid = lo + (hi - lo) / 2u;
            if ((unsigned long long)in_row[mid] + mid < goal)
                lo = mid + 1u;
            else
                hi = mid;
        }
        bounds[p] = lo;
    }
    bounds[npes] = n;
}

static void free_graph(gs_mpr_input *in)
{
    if (in->graph) {
        gs_graph_free(&in->graph[0]);
        gs_graph_free(&in->graph[1]);
        free(in->graph);
        in->graph = NULL;
    }
}

void gs_mpr_free(gs_mpr_input *in)
{
    free(in->row), free(in->col), free(in->inv_out), free(in->ref);
    free_graph(in);
    memset(in, 0, sizeof *in);
}

int gs_mpr_share(const gs_graph *g, const gs_graph *t, unsigned int pe, unsigned int npes, gs_mpr_input *in,
                 char *err, size_t n)
{
    memset(in, 0, sizeof *in);
    snprintf(in->name, sizeof in->name, "%s", g->name);
    in->n = g->n, in->m = g->m, in->npes = npes, in->pe = pe;
    gs_mpr_partition(t->row, g->n, npes, in->bounds);
    in->lo = in->bounds[pe], in->hi = in->bounds[pe + 1];
    const unsigned int k = in->hi - in->lo, base = t->row[in->lo], arcs = t->row[in->hi] - base;
    in->row = malloc(((size_t)k + 1) * sizeof *in->row);
    in->col = malloc(((size_t)arcs + 1) * sizeof *in->col);
    in->inv_out = malloc(((size_t)g->n + 1) * sizeof *in->inv_out);
    if (!in->row || !in->col || !in->inv_out) {
        gs_mpr_free(in);
        snprintf(err, n, "%s: out of host memory for GPU %u's share", g->name, pe);
        return 1;
    }
    for (unsigned int i = 0; i <= k; ++i)
        in->row[i] = t->row[in->lo + i] - base;
    memcpy(in->col, t->col + base, (size_t)arcs * sizeof *in->col);
    /* as src/app/app_input.c and src/app/pagerank.c compute them */
    for (unsigned int u = 0; u < g->n; ++u) {
        const unsigned int out = g->row[u + 1] - g->row[u];
        in->inv_out[u] = out ? 1.0f / (float)out : 0.0f;
        if (!out)
            in->dangling0 += 1.0f / (float)g->n;
    }
    return 0;
}

int gs_mpr_load(const char *spec, unsigned int pe, unsigned int npes, int reference, gs_mpr_input *in, char *err,
                size_t n)
{
    char dir[4096];
    gs_graph g, t, *keep = NULL;
    int rc;
    memset(&g, 0, sizeof g), memset(&t, 0, sizeof t), memset(in, 0, sizeof *in);
    gs_graph_cache_dir(dir, sizeof dir);
    if ((rc = gs_graph_load(spec, dir[0] ? dir : NULL, &g, err, n)))
        return rc;
    if (g.n == 0) {
        snprintf(err, n, "%s has no vertices", g.name);
        rc = 2;
    } else if (gs_graph_transpose(&g, &t) || (reference && !(keep = calloc(2, sizeof *keep)))) {
        snprintf(err, n, "%s: out of host memory for its transpose", g.name);
        rc = 1;
    } else if (!(rc = gs_mpr_share(&g, &t, pe, npes, in, err, n)) && keep) {
        keep[0] = g, keep[1] = t;
        in->graph = keep; /* for gs_mpr_reference */
        return 0;
    }
    free(keep);
    gs_graph_free(&t);
    gs_graph_free(&g);
    return rc;
}

int gs_mpr_reference(gs_mpr_input *in, char *err, size_t n)
{
    const gs_graph *g = &in->graph[0], *t = &in->graph[1];
    if (!(in->ref = malloc((size_t)g->n * sizeof *in->ref)) ||
        !(in->ref_iters = gs_ref_pagerank(g, t, GS_MPR_DAMPING, GS_MPR_TOL, GS_MPR_MAX_ITERS, in->ref))) {
        snprintf(err, n, "%s: out of host memory for the host's PageRank", g->name);
        free_graph(in);
        return 1;
    }
    free_graph(in);
    return 0;
}

int gs_mpr_compare(const gs_mpr_input *in, const float *got, unsigned int iters, char *detail, size_t n)
{
    if (iters + 2u < in->ref_iters || iters > in->ref_iters + 2u) {
        snprintf(detail, n, "%u iterations, the host's %u", iters, in->ref_iters);
        return 1;
    }
    for (unsigned int v = 0; v < in->n; ++v)
        if (!(fabs(got[v] - in->ref[v]) <= 1e-3 * in->ref[v] + 1e-3 / in->n)) {
            unsigned int q = 0;
            while (q + 1u < in->npes && v >= in->bounds[q + 1])
                ++q;
            snprintf(detail, n, "vertex %u (GPU %u's): rank %.9g, the host's %.9g", v, q, got[v], in->ref[v]);
            return 1;
        }
    return 0;
}

int gs_mpr_prepare(const char *spec, char *err, size_t n)
{
    char dir[4096], v[32];
    gs_graph g;
    int rc;
    memset(&g, 0, sizeof g);
    gs_graph_cache_dir(dir, sizeof dir);
    if ((rc = gs_graph_load(spec, dir[0] ? dir : NULL, &g, err, n)))
        return rc;
    /* NVSHMEM's default heap is 1 GiB; leave 256 MiB of it to the other ways */
    const double need = gs_mpr_symmetric_bytes(g.n), mib = 1048576.0;
    if (!getenv("NVSHMEM_SYMMETRIC_SIZE") && need > 768.0 * mib) {
        snprintf(v, sizeof v, "%.0f", (ceil(need / mib) + 512.0) * mib);
        setenv("NVSHMEM_SYMMETRIC_SIZE", v, 1);
    }
    gs_graph_free(&g);
    return 0;
}
