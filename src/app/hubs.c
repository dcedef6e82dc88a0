/* hubs.c: a graph's hubs (more than hub_min arcs in its rows) and their
 * parts (at most part_arcs arcs each), on the device, for the programs
 * whose warps take a hub's part each (PageRank, bfs-topo, sssp-topo):
 * without them the thread holding the largest hub alone sets an
 * iteration's length on a power-law graph. */
#include "app/program.h"
#include "core/cuda_check.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct hub_part {
    unsigned int arcs, hub, first;
} hub_part;

static int u64_order(const void *x, const void *y)
{
    const unsigned long long a = *(const unsigned long long *)x, b = *(const unsigned long long *)y;
    return (a > b) - (a < b);
}

/* The larger part first, then the earlier hub, then the earlier arc. */
static int part_order(const void *x, const void *y)
{
    const hub_part *a = x, *b = y;
    if (a->arcs != b->arcs)
        return a->arcs < b->arcs ? 1 : -1;
    if (a->hub != b->hub)
        return a->hub < b->hub ? -1 : 1;
    return (a->first > b->first) - (a->first < b->first);
}

int gs_app_hub_lists(const gs_graph *g, unsigned int hub_min, unsigned int part_arcs, unsigned int **hubs,
                     unsigned int *nhubs, unsigned int **parts, unsigned int *nparts, char *err, size_t n)
{
    unsigned long long *key = NULL;
    unsigned int *h = NULL, *pw = NULL, k = 0, np = 0;
    hub_part *part = NULL;
    part_arcs = part_arcs ? part_arcs : ~0u;
    *hubs = *parts = NULL, *nhubs = *nparts = 0u;
    if (hub_min == 0u)
        return 0;
    for (unsigned int u = 0; u < g->n; ++u)
        k += g->row[u + 1] - g->row[u] > hub_min;
    if (k == 0u)
        return 0;
    if (!(key = malloc((size_t)k * sizeof *key)) || !(h = malloc((size_t)k * sizeof *h)))
        goto oom;
    k = 0;
    for (unsigned int u = 0; u < g->n; ++u) { /* more arcs: a smaller key */
        const unsigned int d = g->row[u + 1] - g->row[u];
        if (d > hub_min)
            key[k++] = (unsigned long long)(~d) << 32 | u;
    }
    qsort(key, k, sizeof *key, u64_order);
    for (unsigned int i = 0; i < k; ++i) {
        const unsigned int d = g->row[(unsigned int)key[i] + 1] - g->row[(unsigned int)key[i]];
        h[i] = (unsigned int)key[i];
        np += d / part_arcs + (d % part_arcs != 0u);
    }
    if (!(part = malloc((size_t)np * sizeof *part)) || !(pw = malloc((size_t)np * 2 * sizeof *pw)))
        goto oom;
    np = 0;
    for (unsigned int i = 0; i < k; ++i)
        for (unsigned int e = g->row[h[i]], f = g->row[h[i] + 1]; e < f;) {
            const unsigned int arcs = f - e > part_arcs ? part_arcs : f - e;
            part[np++] = (hub_part){arcs, i, e};
            e += arcs;
        }
    qsort(part, np, sizeof *part, part_order);
    for (unsigned int j = 0; j < np; ++j)
        pw[2 * j] = part[j].hub, pw[2 * j + 1] = part[j].first;
    free(key), free(part);
    *hubs = h, *nhubs = k, *parts = pw, *nparts = np;
    return 0;
oom:
    free(key), free(h), free(part), free(pw);
    snprintf(err, n, "out of host memory");
    return GS_EXIT_RUNTIME;
}

int gs_app_hubs_build(gs_app_hubs *hb, const gs_graph *g, unsigned int hub_min, unsigned int part_arcs, char *err,
                      size_t n)
{
    unsigned int *h = NULL, *pw = NULL, k = 0, np = 0;
    int rc = gs_app_hub_lists(g, hub_min, part_arcs, &h, &k, &pw, &np, err, n);
    hb->hub_min = hub_min, hb->part_arcs = part_arcs ? part_arcs : ~0u;
    if (rc || k == 0u)
        return rc;
    GS_CK_OUT(cudaMalloc((void **)&hb->hubs, (size_t)k * sizeof *h));
    GS_CK_OUT(cudaMemcpy(hb->hubs, h, (size_t)k * sizeof *h, cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMalloc((void **)&hb->parts, (size_t)np * 2 * sizeof *pw));
    GS_CK_OUT(cudaMemcpy(hb->parts, pw, (size_t)np * 2 * sizeof *pw, cudaMemcpyHostToDevice));
    hb->nhubs = k, hb->nparts = np;
out:
    free(h), free(pw);
    return rc;
}

void gs_app_hubs_args(const gs_app_hubs *hb, gs_app_args *a)
{
    a->hubs = hb->hubs, a->nhubs = hb->nhubs, a->hub_min = hb->hub_min;
    a->hub_part = hb->parts, a->nparts = hb->nparts, a->part_arcs = hb->part_arcs;
}

int gs_app_hubs_describe(const gs_app_hubs *hb, char *out, size_t n)
{
    return snprintf(out, n, "%u hubs over %u, %u parts of %u", hb->nhubs, hb->hub_min, hb->nparts,
                    hb->part_arcs == ~0u ? 0u : hb->part_arcs);
}

void gs_app_hubs_free(gs_app_hubs *hb)
{
    cudaFree(hb->hubs), cudaFree(hb->parts);
    hb->hubs = hb->parts = NULL, hb->nhubs = hb->nparts = 0u;
}
