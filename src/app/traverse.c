/* traverse.c: BFS and SSSP, data-driven (a worklist) and topology-driven,
 * on the sweep's graph; their levels and distances against the host's
 * (reference.c), and, without a barrier (--sync async), against the same. */
#include "app/program.h"
#include "core/cuda_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TOPO_HUB_MIN
#define TOPO_HUB_MIN 256u    /* out-arcs past which a vertex is a hub of bfs-topo and sssp-topo */
#endif
#ifndef TOPO_PART_ARCS
#define TOPO_PART_ARCS 2048u /* a hub's part, a warp's: at most this many arcs */
#endif

typedef struct traverse {
    unsigned int *dist, *stamp, *wl0, *wl1; /* the point's, a word a vertex */
    gs_app_hubs hubs;                       /* topology-driven: the hubs, in parts */
    unsigned long long *dq, *ctl;           /* async: allocated by its first run of a point */
    unsigned int *ring, ring_mask, tune[7]; /* tune: the knobs of its last run */
} traverse;

static int is_sssp(const gs_app_ctx *c)
{
    return c->prog->kernel == GS_APP_SSSP || c->prog->kernel == GS_APP_SSSP_TOPO;
}

static int is_topo(const gs_app_ctx *c)
{
    return c->prog->kernel == GS_APP_BFS_TOPO || c->prog->kernel == GS_APP_SSSP_TOPO;
}

static int is_async(unsigned int mode)
{
    return mode == GS_SYNC_ASYNC || mode == GS_SYNC_ASYNC_BROKEN;
}

/* The host's answer (once a graph, shared by both forms) and the point's buffers. */
static int prepare(gs_app_ctx *c, char *err, size_t n)
{
    traverse *t = c->st;
    gs_app_input *x = c->x;
    const gs_graph *g = &x->g;
    const size_t v = (size_t)g->n + 1;
    int rc = 0;
    if (!is_sssp(c) && !x->levels) {
        if (!(x->levels = malloc((size_t)g->n * 4)))
            return gs_app_no_answer(x, err, n);
        gs_ref_bfs(g, c->opt->source, x->levels);
    }
    if (is_sssp(c) && !x->dist) {
        if (!(x->dist = malloc((size_t)g->n * 4)))
            return gs_app_no_answer(x, err, n);
        if (gs_ref_sssp(g, c->opt->source, x->dist)) {
            snprintf(err, n, "%s: a shortest distance does not fit in 32 bits (or the host ran out of memory)",
                     g->name);
            return GS_EXIT_USAGE;
        }
    }
    GS_CK_OUT(cudaMalloc((void **)&t->dist, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&t->stamp, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&t->wl0, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&t->wl1, v * 4));
    /* topology-driven: the vertices of more than GSYNC_TOPO_HUB out-arcs (0:
     * none) in parts of at most GSYNC_TOPO_PART arcs (0: a hub is one part),
     * a warp each; a graph without them skips the hub path */
    if (is_topo(c))
        rc = gs_app_hubs_build(&t->hubs, g, gs_app_knob("GSYNC_TOPO_HUB", TOPO_HUB_MIN),
                               gs_app_knob("GSYNC_TOPO_PART", TOPO_PART_ARCS), err, n);
out:
    return rc;
}

/* async: its vertex words, ring and control words, once a point. */
static int async_bufs(gs_app_ctx *c, gs_app_args *a, char *err, size_t n)
{
    traverse *t = c->st;
    const unsigned int nv = a->n;
    const unsigned long long slots = gs_app_async_ring(nv);
    int rc = 0;
    if (!gs_app_async_fits(nv, (unsigned long long)c->blocks * c->threads)) {
        snprintf(err, n, "async: %u vertices and %u threads overflow its pending count (2^%u)", nv,
                 c->blocks * c->threads, 64u - GS_APP_ASYNC_TAIL_BITS);
        return GS_EXIT_USAGE;
    }
    if (!t->dq) {
        GS_CK_OUT(cudaMalloc((void **)&t->dq, ((size_t)nv + 1) * 8));
        GS_CK_OUT(cudaMalloc((void **)&t->ctl, GS_APP_ASYNC_CTL * 8));
        GS_CK_OUT(cudaMalloc((void **)&t->ring, (size_t)slots * 4));
        t->ring_mask = (unsigned int)(slots - 1u);
    }
    a->dq = t->dq, a->ctl = t->ctl, a->ring = t->ring, a->ring_mask = t->ring_mask;
out:
    return rc;
}

static int args(gs_app_ctx *c, gs_app_args *a, char *err, size_t n)
{
    traverse *t = c->st;
    const gs_app_input *x = c->x;
    const unsigned int nv = x->g.n;
    int rc = 0;
    a->src = c->opt->source, a->n = nv, a->m = x->g.m;
    a->row = x->d_row, a->col = x->d_col, a->w = x->d_w;
    a->dist = t->dist, a->wl[0] = t->wl0, a->wl[1] = t->wl1;
    a->stamp = is_sssp(c) ? t->stamp : NULL;
    a->max_iters = nv + 2u;
    gs_app_hubs_args(&t->hubs, a);
    GS_CK_OUT(cudaMemset(t->dist, 0xff, (size_t)nv * 4));
    GS_CK_OUT(cudaMemset(t->stamp, 0, (size_t)nv * 4));
    if (is_async(a->mode))
        rc = async_bufs(c, a, err, n);
out:
    return rc;
}

static int verify(gs_app_ctx *c, const gs_app_args *a, gs_app_row *r, char *err, size_t n)
{
    traverse *t = c->st;
    const unsigned int nv = c->x->g.n;
    const unsigned int *want = is_sssp(c) ? c->x->dist : c->x->levels;
    unsigned int *got = malloc((size_t)nv * 4 + 4);
    int rc = 0;
    if (!got) {
        snprintf(err, n, "out of host memory");
        return GS_EXIT_RUNTIME;
    }
    if (a->dq)
        memcpy(t->tune, a->tune, sizeof t->tune); /* the knobs it ran with, for the detail */
    GS_CK_OUT(cudaMemcpy(got, t->dist, (size_t)nv * 4, cudaMemcpyDeviceToHost));
    for (unsigned int v = 0; v < nv; ++v)
        if (got[v] != want[v]) {
            r->verdict = GS_FAIL;
            snprintf(r->detail, sizeof r->detail, "vertex %u: %s %u, the host's %u", v,
                     is_sssp(c) ? "distance" : "level", got[v], want[v]);
            goto out;
        }
    if (is_topo(c))
        gs_app_hubs_describe(&t->hubs, r->detail, sizeof r->detail);
    if (is_async(r->mode)) {
        unsigned long long visits = 0; /* the work done: vertices relaxed, against those reached */
        unsigned int reached = 0;
        GS_CK_OUT(cudaMemcpy(&visits, t->ctl + GS_APP_ASYNC_VISITS, sizeof visits, cudaMemcpyDeviceToHost));
        for (unsigned int v = 0; v < nv; ++v)
            reached += got[v] != GS_UNREACHED;
        snprintf(r->detail, sizeof r->detail, "%llu vertices relaxed, %.2f a reached vertex; keep %u below %u, "
                 "precheck %u, idle %u ns, defer %u, pred %u, narrow %u", visits,
                 reached ? (double)visits / reached : 0.0, t->tune[0], t->tune[1], t->tune[2], t->tune[3], t->tune[4],
                 t->tune[5], t->tune[6]);
    }
out:
    free(got);
    return rc;
}

static void release(gs_app_ctx *c)
{
    traverse *t = c->st;
    cudaFree(t->dist), cudaFree(t->stamp), cudaFree(t->wl0), cudaFree(t->wl1);
    cudaFree(t->dq), cudaFree(t->ctl), cudaFree(t->ring);
    gs_app_hubs_free(&t->hubs);
    memset(t, 0, sizeof *t);
}

static void free_all(gs_app_ctx *c)
{
    release(c);
}

#define ASYNC (GS_SYNC_BIT(GS_SYNC_ASYNC) | GS_SYNC_BIT(GS_SYNC_ASYNC_BROKEN))
#define TRAVERSE(id, name_, summary_, in, async)                                                                  \
    {.name = name_, .summary = summary_, .kernel = id, .input = GS_APP_IN_GRAPH | (in),                          \
     .takes = GS_SYNC_BARRIER_TAKES | (async ? ASYNC : 0ull), .own = GS_SYNC_BARRIERS,                           \
     .unasked = async ? GS_SYNC_BIT(GS_SYNC_ASYNC) : 0ull, .twin = GS_SYNC_BROKEN_NONE, .unit = GS_APP_UNIT_ARCS, \
     .state_bytes = sizeof(traverse), .occupancy = gs_app_barrier_occupancy, .prepare = prepare,                  \
     .describe = gs_app_describe_graph, .args = args, .verify = verify, .release = release, .free = free_all}

const gs_app_program gs_app_bfs = TRAVERSE(GS_APP_BFS, "bfs", "BFS levels from --source, a worklist of the frontier",
                                           0u, 1);
const gs_app_program gs_app_bfs_topo = TRAVERSE(GS_APP_BFS_TOPO, "bfs-topo",
                                                "BFS, every vertex looks at its level each iteration", 0u, 0);
const gs_app_program gs_app_sssp = TRAVERSE(GS_APP_SSSP, "sssp",
                                            "Bellman-Ford, a worklist of the vertices that improved", GS_APP_IN_NONNEG,
                                            1);
const gs_app_program gs_app_sssp_topo = TRAVERSE(GS_APP_SSSP_TOPO, "sssp-topo",
                                                 "SSSP, every vertex checks whether it improved last round",
                                                 GS_APP_IN_NONNEG, 0);
