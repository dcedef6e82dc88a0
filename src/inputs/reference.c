/* reference.c: the host's answers that every app run is checked against
 * (graph.h): breadth-first levels from a queue, shortest distances by
 * Dijkstra's algorithm over a binary heap with 64-bit keys, and PageRank by
 * power iteration in double precision.  They favour plain, obviously right
 * code over speed, but stay linear (or n log n) so that the USA road graph
 * is checked in seconds. */
#include "inputs/graph.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- BFS ------------------------------------------------------------------- */

/* Without memory for a queue: one sweep over the vertices per level. */
static void bfs_by_sweeps(const gs_graph *g, unsigned int *level)
{
    int grew = 1;
    for (unsigned int d = 0; grew; ++d) {
        grew = 0;
        for (unsigned int u = 0; u < g->n; ++u) {
            if (level[u] != d)
                continue;
            for (unsigned int k = g->row[u]; k < g->row[u + 1]; ++k)
                if (level[g->col[k]] == GS_UNREACHED) {
                    level[g->col[k]] = d + 1;
                    grew = 1;
                }
        }
    }
}

void gs_ref_bfs(const gs_graph *g, unsigned int src, unsigned int *level)
{
    unsigned int *queue, head = 0, tail = 0;
    for (unsigned int v = 0; v < g->n; ++v)
        level[v] = GS_UNREACHED;
    if (src >= g->n)
        return;
    level[src] = 0;
    if (!(queue = malloc((size_t)g->n * sizeof *queue))) {
        bfs_by_sweeps(g, level);
        return;
    }
    queue[tail++] = src;
    while (head < tail) {
        unsigned int u = queue[head++];
        for (unsigned int k = g->row[u]; k < g->row[u + 1]; ++k) {
            unsigned int v = g->col[k];
            if (level[v] == GS_UNREACHED) {
                level[v] = level[u] + 1;
                queue[tail++] = v;
            }
        }
    }
    free(queue);
}

/* ---- SSSP ------------------------------------------------------------------ */

/* A binary min-heap of vertices keyed by their tentative distance, with
 * each vertex's place in it so that a shorter distance moves it up. */
typedef struct heap {
    unsigned int *item;            /* the vertices, item[0] nearest */
    unsigned int *place;           /* place[v]: v's index in item, NOWHERE when not in the heap */
    const unsigned long long *key; /* the distances */
    unsigned int size;
} heap;

#define NOWHERE 0xffffffffu

static void heap_set(heap *h, unsigned int i, unsigned int v)
{
    h->item[i] = v;
    h->place[v] = i;
}

/* Puts v in the hole at i, or above it while its parent is farther. */
static void heap_up(heap *h, unsigned int i, unsigned int v)
{
    while (i > 0 && h->key[h->item[(i - 1) / 2]] > h->key[v]) {
        heap_set(h, i, h->item[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    heap_set(h, i, v);
}

static void heap_down(heap *h, unsigned int i)
{
    unsigned int v = h->item[i];
    for (;;) {
        unsigned int c = 2 * i + 1;
        if (c >= h->size)
            break;
        if (c + 1 < h->size && h->key[h->item[c + 1]] < h->key[h->item[c]])
            ++c;
        if (h->key[h->item[c]] >= h->key[v])
            break;
        heap_set(h, i, h->item[c]);
        i = c;
    }
    heap_set(h, i, v);
}

/* v's distance fell: put it in the heap, or move it up. */
static void heap_push_or_raise(heap *h, unsigned int v)
{
    if (h->place[v] == NOWHERE)
        heap_up(h, h->size++, v);
    else
        heap_up(h, h->place[v], v);
}

static unsigned int heap_pop(heap *h)
{
    unsigned int v = h->item[0];
    h->place[v] = NOWHERE;
    if (--h->size) {
        heap_set(h, 0, h->item[h->size]);
        heap_down(h, 0);
    }
    return v;
}

/* Dijkstra from src over dist64 (all "infinite" but src). */
static void dijkstra(const gs_graph *g, unsigned int src, heap *h, unsigned long long *dist64)
{
    dist64[src] = 0;
    heap_push_or_raise(h, src);
    while (h->size) {
        unsigned int u = heap_pop(h);
        for (unsigned int k = g->row[u]; k < g->row[u + 1]; ++k) {
            unsigned int v = g->col[k];
            unsigned long long d = dist64[u] + g->w[k];
            if (d < dist64[v]) {
                dist64[v] = d;
                heap_push_or_raise(h, v);
            }
        }
    }
}

int gs_ref_sssp(const gs_graph *g, unsigned int src, unsigned int *dist)
{
    unsigned long long *dist64 = malloc(((size_t)g->n + 1) * sizeof *dist64);
    heap h = {malloc(((size_t)g->n + 1) * sizeof *h.item), malloc(((size_t)g->n + 1) * sizeof *h.place), dist64, 0};
    int too_far = 0;
    for (unsigned int v = 0; v < g->n; ++v)
        dist[v] = GS_UNREACHED;
    if (!dist64 || !h.item || !h.place) {
        too_far = 1;
    } else if (src < g->n) {
        for (unsigned int v = 0; v < g->n; ++v) {
            dist64[v] = ~0ull;
            h.place[v] = NOWHERE;
        }
        dijkstra(g, src, &h, dist64);
        for (unsigned int v = 0; v < g->n; ++v) {
            if (dist64[v] != ~0ull && dist64[v] >= GS_UNREACHED)
                too_far = 1;
            else if (dist64[v] != ~0ull)
                dist[v] = (unsigned int)dist64[v];
        }
    }
    free(dist64);
    free(h.item);
    free(h.place);
    return too_far;
}

/* ---- PageRank ---------------------------------------------------------------- */

/* One iteration: next from rank through share[u] = rank(u) / outdeg(u).
 * Returns the L1 change. */
static double pagerank_step(const gs_graph *g, const gs_graph *in, double d, const double *rank, double *share,
                            double *next)
{
    const double n = (double)g->n;
    double dangling = 0.0, change = 0.0;
    for (unsigned int u = 0; u < g->n; ++u) {
        unsigned int out = g->row[u + 1] - g->row[u];
        share[u] = out ? rank[u] / out : 0.0;
        if (!out)
            dangling += rank[u];
    }
    for (unsigned int v = 0; v < g->n; ++v) {
        double sum = 0.0;
        for (unsigned int k = in->row[v]; k < in->row[v + 1]; ++k)
            sum += share[in->col[k]];
        next[v] = (1.0 - d) / n + d * (sum + dangling / n);
        change += fabs(next[v] - rank[v]);
    }
    return change;
}

/* Returns the iterations run; 0 when n is 0, max_iters is 0 or memory ran out. */
unsigned int gs_ref_pagerank(const gs_graph *g, const gs_graph *in, double d, double tol, unsigned int max_iters,
                             double *rank)
{
    double *share, *next;
    unsigned int it = 0;
    for (unsigned int v = 0; v < g->n; ++v)
        rank[v] = 1.0 / g->n;
    if (!g->n)
        return 0;
    share = malloc((size_t)g->n * sizeof *share);
    next = malloc((size_t)g->n * sizeof *next);
    while (share && next && it < max_iters) {
        double change = pagerank_step(g, in, d, rank, share, next);
        memcpy(rank, next, (size_t)g->n * sizeof *rank);
        ++it;
        if (change < tol)
            break;
    }
    free(share);
    free(next);
    return it;
}
