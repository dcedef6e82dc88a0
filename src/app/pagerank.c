/* pagerank.c: PageRank, pull-based over the sweep's graph's transpose, to
 * a tolerance on the L1 change; each rank against the host's in double. */
#include "app/program.h"
#include "core/cuda_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PR_MAX_ITERS 1000u
#ifndef PR_HUB_MIN
#define PR_HUB_MIN 256u /* in-arcs past which a vertex is a hub, gathered by a warp */
#endif

#ifndef PR_PART_ARCS
#define PR_PART_ARCS 16384u /* a hub's part, a warp's: at most this many arcs */
#endif

typedef struct pagerank {
    float *rank0, *rank1, *fsum;  /* the point's */
    float *contrib0, *contrib1;   /* the ranks / out-degree, n + 1 (the last stays 0) */
    float *host_rank;             /* 1/n, the first iteration's ranks */
    float *host_contrib;          /* and their contributions */
    gs_app_hubs hubs;             /* the vertices of more than GSYNC_PAGERANK_HUB in-arcs, in parts */
    float *hub_sum;               /* a sum and a count of parts done a hub (device) */
    unsigned int *hub_done;
    unsigned int gather;          /* GSYNC_PAGERANK_GATHER */
} pagerank;

static int prepare(gs_app_ctx *c, char *err, size_t n)
{
    pagerank *p = c->st;
    gs_app_input *x = c->x;
    const gs_graph *g = &x->g;
    const size_t v = (size_t)g->n + 1;
    int rc = 0;
    if (!x->rank) {
        if (!(x->rank = malloc((size_t)g->n * sizeof *x->rank)))
            return gs_app_no_answer(x, err, n);
        x->rank_iters = gs_ref_pagerank(g, &x->in, c->opt->damping, c->opt->tol, PR_MAX_ITERS, x->rank);
        if (x->rank_iters == 0)
            return gs_app_no_answer(x, err, n);
    }
    GS_CK_OUT(cudaMalloc((void **)&p->rank0, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&p->rank1, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&p->contrib0, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&p->contrib1, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&p->fsum, GS_APP_PR_FLOATS * sizeof(float)));
    if (!(p->host_rank = malloc(v * sizeof *p->host_rank)) || !(p->host_contrib = malloc(v * sizeof *p->host_contrib))) {
        snprintf(err, n, "out of host memory");
        return GS_EXIT_RUNTIME;
    }
    for (size_t i = 0; i < v; ++i) {
        const unsigned int out = i < g->n ? g->row[i + 1] - g->row[i] : 0u;
        p->host_rank[i] = 1.0f / (float)g->n;
        p->host_contrib[i] = out ? p->host_rank[i] * (1.0f / (float)out) : 0.0f; /* as the kernel computes it */
    }
    /* 1: the contributions, PR_ARCS arcs of two vertices at once; 0: the
     * earlier gather, two reads an arc (app_kernels.cu) */
    p->gather = gs_app_knob("GSYNC_PAGERANK_GATHER", 1u) != 0u;
    /* the gather's hubs, more than GSYNC_PAGERANK_HUB in-arcs (0: none), in
     * parts of at most GSYNC_PAGERANK_PART arcs (0: a hub is one part), a
     * warp each; a graph without them skips the hub path */
    if ((rc = gs_app_hubs_build(&p->hubs, &x->in, p->gather ? gs_app_knob("GSYNC_PAGERANK_HUB", PR_HUB_MIN) : 0u,
                                gs_app_knob("GSYNC_PAGERANK_PART", PR_PART_ARCS), err, n)))
        goto out;
    if (p->hubs.nhubs) {
        GS_CK_OUT(cudaMalloc((void **)&p->hub_sum, (size_t)p->hubs.nhubs * sizeof *p->hub_sum));
        GS_CK_OUT(cudaMalloc((void **)&p->hub_done, (size_t)p->hubs.nhubs * sizeof *p->hub_done));
    }
out:
    return rc;
}

static int args(gs_app_ctx *c, gs_app_args *a, char *err, size_t n)
{
    pagerank *p = c->st;
    const gs_app_input *x = c->x;
    const unsigned int nv = x->g.n;
    float dangling = 0.0f; /* of the first iteration: slot 0's second sum, its lane 0 */
    int rc = 0;
    (void)err, (void)n;
    a->n = nv, a->m = x->g.m, a->src = c->opt->source;
    a->damping = (float)c->opt->damping, a->tol = (float)c->opt->tol;
    a->row = x->d_in_row, a->col = x->d_in_col, a->inv_out = x->d_inv_out;
    a->rank[0] = p->rank0, a->rank[1] = p->rank1, a->fsum = p->fsum;
    a->contrib[0] = p->contrib0, a->contrib[1] = p->contrib1;
    a->max_iters = PR_MAX_ITERS;
    a->tune[0] = p->gather;
    gs_app_hubs_args(&p->hubs, a);
    a->hub_sum = p->hub_sum, a->hub_done = p->hub_done;
    for (unsigned int u = 0; u < nv; ++u)
        if (x->g.row[u + 1] == x->g.row[u])
            dangling += 1.0f / (float)nv;
    GS_CK_OUT(cudaMemset(p->fsum, 0, GS_APP_PR_FLOATS * sizeof(float)));
    if (p->hubs.nhubs) { /* a run cut short leaves them set */
        GS_CK_OUT(cudaMemset(p->hub_sum, 0, (size_t)p->hubs.nhubs * sizeof *p->hub_sum));
        GS_CK_OUT(cudaMemset(p->hub_done, 0, (size_t)p->hubs.nhubs * sizeof *p->hub_done));
    }
    GS_CK_OUT(cudaMemcpy(p->fsum + GS_APP_PR_LANES * GS_APP_PR_STRIDE, &dangling, sizeof dangling,
                         cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemcpy(p->rank0, p->host_rank, (size_t)nv * 4, cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemcpy(p->contrib0, p->host_contrib, ((size_t)nv + 1) * 4, cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemset(p->contrib1, 0, ((size_t)nv + 1) * 4));
out:
    return rc;
}

/* Iterations within 2 of the host's (float against double), and each rank
 * within 1e-3 of the host's, relatively, plus 1e-3/n. */
static int verify(gs_app_ctx *c, const gs_app_args *a, gs_app_row *r, char *err, size_t n)
{
    pagerank *p = c->st;
    const gs_app_input *x = c->x;
    const unsigned int nv = x->g.n;
    float *got = malloc((size_t)nv * 4 + 4);
    int rc = 0;
    (void)a;
    if (!got) {
        snprintf(err, n, "out of host memory");
        return GS_EXIT_RUNTIME;
    }
    GS_CK_OUT(cudaMemcpy(got, (r->iters & 1u) ? p->rank1 : p->rank0, (size_t)nv * 4, cudaMemcpyDeviceToHost));
    if (r->iters + 2u < x->rank_iters || r->iters > x->rank_iters + 2u) {
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail, "%u iterations, the host's %u", r->iters, x->rank_iters);
        goto out;
    }
    for (unsigned int v = 0; v < nv; ++v)
        if (!(fabs(got[v] - x->rank[v]) <= 1e-3 * x->rank[v] + 1e-3 / nv)) {
            r->verdict = GS_FAIL;
            snprintf(r->detail, sizeof r->detail, "vertex %u: rank %.9g, the host's %.9g", v, got[v], x->rank[v]);
            break;
        }
    if (r->verdict != GS_FAIL) {
        const int k = snprintf(r->detail, sizeof r->detail, "gather %u, ", p->gather);
        gs_app_hubs_describe(&p->hubs, r->detail + k, sizeof r->detail - (size_t)k);
    }
out:
    free(got);
    return rc;
}

static void release(gs_app_ctx *c)
{
    pagerank *p = c->st;
    cudaFree(p->rank0), cudaFree(p->rank1), cudaFree(p->fsum), cudaFree(p->contrib0), cudaFree(p->contrib1);
    gs_app_hubs_free(&p->hubs), cudaFree(p->hub_sum), cudaFree(p->hub_done);
    free(p->host_rank), free(p->host_contrib);
    memset(p, 0, sizeof *p);
}

const gs_app_program gs_app_pagerank = {
    .name = "pagerank", .summary = "PageRank, pull-based, to a tolerance on the L1 change (--tol, --damping)",
    .kernel = GS_APP_PAGERANK, .input = GS_APP_IN_GRAPH | GS_APP_IN_TRANSPOSE, .takes = GS_SYNC_BARRIER_TAKES,
    .own = GS_SYNC_BARRIERS, .twin = GS_SYNC_BROKEN_NONE, .unit = GS_APP_UNIT_NONE, .state_bytes = sizeof(pagerank),
    .occupancy = gs_app_barrier_occupancy, .prepare = prepare, .describe = gs_app_describe_graph, .args = args,
    .verify = verify, .release = release, .free = release,
};
