/* uts_hs_program.c: `app uts-hs`, HeteroSync's UTS ported (its tree in
 * uts_hs.c, its kernel in uts_hs_kernels.cu), run as HeteroSync's host runs
 * it: the tree and the first stacks copied in, one launch, its checks. */
#include "app/program.h"
#include "app/uts_hs.h"
#include "core/cuda_check.h"
#include "core/launch.h"

#include "gsync/watchdog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct uts_hs {
    gs_uts_hs_tree hs; /* HeteroSync's tree, for hs.cores local stacks */
    gs_uts_hs_node *tree; /* the point's */
    int *stacks, *heads;
    unsigned int *locks, *out, global;
} uts_hs;

static unsigned int fertility(const gs_app_options *ao)
{
    return ao->fertility_given ? ao->fertility : 90u;
}

/* The tree and first stacks for the point's grid (--threads is a multiple
 * of 32: a task front is a warp), and its buffers with HeteroSync's sizes:
 * a global stack of max(N, 256). */
static int prepare(gs_app_ctx *c, char *err, size_t n)
{
    uts_hs *u = c->st;
    const gs_app_options *ao = c->opt;
    const unsigned int f = fertility(ao);
    const unsigned int cores = c->blocks < GS_UTS_HS_CORES ? c->blocks : GS_UTS_HS_CORES;
    int e, rc = 0;
    if (!u->hs.nodes || u->hs.cores != cores) {
        gs_uts_hs_free(&u->hs);
        if ((e = gs_uts_hs_build(ao->nodes, f, c->blocks, &u->hs)) == -1) {
            snprintf(err, n, "uts-hs: out of host memory");
            return GS_EXIT_RUNTIME;
        }
        if (e) {
            snprintf(err, n, e == -2 ? "uts-hs: fertility %u %% does not grow a tree of %u nodes"
                                     : "uts-hs: %u %% of %u nodes cannot put 16 on each local stack",
                     f, ao->nodes);
            return GS_EXIT_USAGE;
        }
        if ((u->hs.nfirst + u->hs.cores - 1u) / u->hs.cores > ao->local_stack) {
            snprintf(err, n, "uts-hs: --local-stack %u holds fewer than the %u first nodes a stack", ao->local_stack,
                     (u->hs.nfirst + u->hs.cores - 1u) / u->hs.cores);
            return GS_EXIT_USAGE;
        }
    }
    u->global = u->hs.n > 256u ? u->hs.n : 256u;
    GS_CK_OUT(cudaMalloc((void **)&u->tree, (size_t)u->hs.n * sizeof(gs_uts_hs_node)));
    GS_CK_OUT(cudaMalloc((void **)&u->stacks, ((size_t)u->global + (size_t)ao->local_stack * u->hs.cores) * 4));
    GS_CK_OUT(cudaMalloc((void **)&u->heads, (u->hs.cores + 1u) * 4));
    GS_CK_OUT(cudaMalloc((void **)&u->locks, (u->hs.cores + 1u) * GS_UTS_HS_LOCK_BYTES));
    GS_CK_OUT(cudaMalloc((void **)&u->out, 4 * 4));
out:
    return rc;
}

static void describe(const gs_app_ctx *c, gs_app_row *r)
{
    const uts_hs *u = c->st;
    snprintf(r->graph, sizeof r->graph, "hs tree %u@%u%% local %u", u->hs.n, fertility(c->opt), c->opt->local_stack);
    r->n = u->hs.n;
}

/* One launch, then HeteroSync's checks: leaves and leaf sum against the
 * host's, every node processed, every stack empty. */
static int run(gs_app_ctx *c, unsigned int mode, gs_app_row *r, double *ms, char *err, size_t n)
{
    uts_hs *u = c->st;
    const gs_app_options *ao = c->opt;
    const gs_uts_hs_tree *t = &u->hs;
    gs_uts_hs_args a;
    cudaEvent_t t0 = NULL, t1 = NULL;
    float f = 0.0f;
    int rc = 0, fired = 0, *stacks = NULL, heads[GS_UTS_HS_CORES + 1];
    unsigned int out[4] = {t->processed, 0u, 0u, 0u}, busy = 0u;
    const size_t words = (size_t)u->global + (size_t)ao->local_stack * t->cores;
    memset(&a, 0, sizeof a);
    memset(heads, 0, sizeof heads);
    a.tree = u->tree, a.stacks = u->stacks, a.heads = u->heads, a.locks = u->locks, a.out = u->out;
    a.total = t->n, a.global_size = u->global, a.local_size = ao->local_stack, a.cores = t->cores;
    a.blocks = c->blocks, a.threads = c->threads, a.watchdog = c->watchdog;
    a.timeout_ns = (unsigned long long)(c->timeout_s * 1e9);
    r->share = -1.0;
    if (!(stacks = calloc(words, 4))) {
        snprintf(err, n, "uts-hs: out of host memory");
        return GS_EXIT_RUNTIME;
    }
    for (unsigned int i = 0; i < t->nfirst; ++i) { /* dealt round-robin */
        stacks[u->global + (size_t)(i % t->cores) * ao->local_stack + i / t->cores] = t->first[i];
        heads[i % t->cores + 1] = (int)(i / t->cores + 1u);
    }
    GS_CK_OUT(cudaMemcpy(u->tree, t->nodes, (size_t)t->n * sizeof(gs_uts_hs_node), cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemcpy(u->stacks, stacks, words * 4, cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemcpy(u->heads, heads, (t->cores + 1u) * 4, cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemset(u->locks, 0, (t->cores + 1u) * GS_UTS_HS_LOCK_BYTES));
    GS_CK_OUT(cudaMemcpy(u->out, out, sizeof out, cudaMemcpyHostToDevice));
    GS_CK_OUT((cudaError_t)gs_uts_hs_setup(&a));
    GS_CK_OUT(cudaEventCreate(&t0));
    GS_CK_OUT(cudaEventCreate(&t1));
    GS_CK_OUT((cudaError_t)gs_uts_hs_run(&a, mode, t0, t1));
    GS_CK_OUT(gs_wait_launch(t1, GS_WAIT_LAUNCH_LIMIT_S(a.timeout_ns)));
    GS_CK_OUT(cudaEventElapsedTime(&f, t0, t1));
    *ms = f;
    GS_CK_OUT(gs_watchdog_fired(c->watchdog, &fired));
    GS_CK_OUT(cudaMemcpy(out, u->out, sizeof out, cudaMemcpyDeviceToHost));
    GS_CK_OUT(cudaMemcpy(heads, u->heads, (t->cores + 1u) * 4, cudaMemcpyDeviceToHost));
    for (unsigned int i = 0; i <= t->cores; ++i)
        busy += heads[i] != 0;
    if (out[3]) { /* a race tore a stack head or a popped index */
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail, "%u stack heads or node indices out of range; %u processed of %u%s",
                 out[3], out[0], t->n, fired ? "; the watchdog fired" : "");
    } else if (fired) {
        r->verdict = GS_TIMEOUT;
        snprintf(r->detail, sizeof r->detail, "the watchdog ended the run after %.1f s (%u of %u nodes processed)",
                 c->timeout_s, out[0], t->n);
    } else if (out[1] != t->leaves || out[2] != t->leaf_sum || out[0] != t->n || busy) {
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail,
                 "%u processed, %u leaves, leaf sum %u; the host's %u, %u, %u; %u stacks not empty", out[0], out[1],
                 out[2], t->n, t->leaves, t->leaf_sum, busy);
    } else {
        snprintf(r->detail, sizeof r->detail, "%u nodes, %u leaves, leaf sum %u", out[0], out[1], out[2]);
    }
out:
    free(stacks);
    gs_app_events_destroy(t0, t1);
    return rc;
}

static int occupancy(const gs_app_program *p, const gs_app_options *o, unsigned int mode, unsigned int threads,
                     int *fit)
{
    (void)p, (void)o, (void)mode;
    return gs_uts_hs_occupancy(threads, fit);
}

static void release(gs_app_ctx *c)
{
    uts_hs *u = c->st;
    cudaFree(u->tree), cudaFree(u->stacks), cudaFree(u->heads), cudaFree(u->locks), cudaFree(u->out);
    u->tree = NULL, u->stacks = u->heads = NULL, u->locks = u->out = NULL;
}

static void free_all(gs_app_ctx *c)
{
    uts_hs *u = c->st;
    release(c);
    gs_uts_hs_free(&u->hs);
}

#define HS(m) GS_SYNC_BIT(GS_SYNC_HS_##m)

const gs_app_program gs_app_uts_hs = {
    .name = "uts-hs", .summary = "HeteroSync's UTS ported: its tree, stacks and kernel (hsShipped, hsFixed, hsTicket)",
    .kernel = GS_APP_UTS_HS, .takes = HS(SHIPPED) | HS(FIXED) | HS(TICKET) | GS_SYNC_BIT(GS_SYNC_BROKEN_NONE),
    .own = HS(SHIPPED) | HS(FIXED) | HS(TICKET), .twin = GS_SYNC_HS_SHIPPED, .unit = GS_APP_UNIT_ITEMS,
    .state_bytes = sizeof(uts_hs), .occupancy = occupancy, .prepare = prepare, .describe = describe, .run = run,
    .release = release, .free = free_all,
};
