/* uts.c: unbalanced tree search with a locked stack a block and work
 * stealing, no barrier, run with each stack lock (uts_kernels.cu); the
 * nodes, leaves and leaf sum against the host's count of the same tree. */
#include "app/program.h"
#include "core/cuda_check.h"
#include "core/launch.h"

#include "gsync/watchdog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct uts {
    unsigned long long nodes, leaves, sum, fertile_below; /* the host's count, made once */
    int ready;
    unsigned long long *tree, *out; /* the point's */
    unsigned int *stack_hdr, *slots, nslots;
} uts;

/* The tree counted on the host (depth first), its parameters checked. */
static int count(const gs_app_options *ao, uts *u, char *err, size_t n)
{
    const unsigned int f = ao->fertility, m = ao->branch;
    unsigned long long *stack, cap = 1u << 20, top = 0;
    if (f * m >= 100u) {
        snprintf(err, n, "uts: fertility %u %% x %u children is at least 1 child a node: the tree would not end", f, m);
        return GS_EXIT_USAGE;
    }
    u->fertile_below = f == 100u ? ~0ull : (~0ull / 100u) * f;
    if (!(stack = malloc(cap * sizeof *stack)))
        goto oom;
    stack[top++] = GS_APP_UTS_ROOT;
    while (top) {
        const unsigned long long id = stack[--top];
        const unsigned int c = gs_app_uts_children(id, ao->root, m, u->fertile_below);
        if (++u->nodes > (1ull << 31)) {
            free(stack);
            snprintf(err, n, "uts: the tree has more than 2^31 nodes; lower --root or --fertility");
            return GS_EXIT_USAGE;
        }
        if (c == 0u)
            ++u->leaves, u->sum += id;
        if (top + c > cap) {
            unsigned long long *bigger = realloc(stack, 2 * (cap + c) * sizeof *stack);
            if (!bigger) {
                free(stack);
                goto oom;
            }
            stack = bigger, cap = 2 * (cap + c);
        }
        for (unsigned int i = 0; i < c; ++i)
            stack[top++] = gs_app_uts_child(id, i);
    }
    free(stack);
    u->ready = 1;
    return 0;
oom:
    snprintf(err, n, "uts: out of host memory");
    return GS_EXIT_RUNTIME;
}

/* The count once; the point's stacks, their headers and arrayMutex's slots. */
static int prepare(gs_app_ctx *c, char *err, size_t n)
{
    uts *u = c->st;
    const gs_app_options *ao = c->opt;
    size_t free_b = 0, total_b = 0;
    double need;
    int rc = 0;
    if (!u->ready && (rc = count(ao, u, err, n)))
        return rc;
    for (u->nslots = 1u; u->nslots < c->blocks && u->nslots < GS_APP_UTS_SLOTS; u->nslots <<= 1)
        ; /* arrayMutex: a slot a waiting block, up to GS_APP_UTS_SLOTS */
    need = (8.0 * ao->stack + 128.0 * u->nslots) * c->blocks;
    GS_CK_OUT(cudaMemGetInfo(&free_b, &total_b));
    if (need > 0.9 * (double)free_b) {
        snprintf(err, n, "uts: %u stacks of %u nodes need %.0f MiB; the GPU has %.0f MiB free", c->blocks, ao->stack,
                 need / 1048576.0, (double)free_b / 1048576.0);
        return GS_EXIT_USAGE;
    }
    GS_CK_OUT(cudaMalloc((void **)&u->tree, (size_t)ao->stack * c->blocks * 8));
    GS_CK_OUT(cudaMalloc((void **)&u->stack_hdr, (size_t)c->blocks * GS_APP_UTS_HDR * 4));
    GS_CK_OUT(cudaMalloc((void **)&u->slots, (size_t)c->blocks * u->nslots * 128));
    GS_CK_OUT(cudaMalloc((void **)&u->out, 5 * 8));
out:
    return rc;
}

static void describe(const gs_app_ctx *c, gs_app_row *r)
{
    const uts *u = c->st;
    snprintf(r->graph, sizeof r->graph, "tree %u:%u@%u%%", c->opt->root, c->opt->branch, c->opt->fertility);
    r->n = (unsigned int)u->nodes;
}

/* --spread 1: the root expanded here, its children dealt round-robin to
 * the blocks' stacks (the same tree). */
static int spread(gs_app_ctx *c, char *err, size_t n)
{
    uts *u = c->st;
    const gs_app_options *ao = c->opt;
    const unsigned int nb = c->blocks, nr = ao->root, per = (nr + nb - 1u) / nb;
    const unsigned long long kids = nr, one = 1ull;
    unsigned long long *slice;
    unsigned int *hdr;
    cudaError_t ce = cudaSuccess;
    int rc = 0;
    if (per > ao->stack) {
        snprintf(err, n, "uts: --spread 1 puts %u of the root's children on a stack of %u nodes; raise --stack", per,
                 ao->stack);
        return GS_EXIT_USAGE;
    }
    if (!(slice = malloc((size_t)per * 8)) || !(hdr = calloc((size_t)nb * GS_APP_UTS_HDR, 4))) {
        free(slice);
        snprintf(err, n, "uts: out of host memory");
        return 1;
    }
    for (unsigned int k = 0; k < nb && ce == cudaSuccess; ++k) {
        unsigned int cnt = 0;
        for (unsigned int i = k; i < nr; i += nb)
            slice[cnt++] = gs_app_uts_child(GS_APP_UTS_ROOT, i);
        hdr[(size_t)k * GS_APP_UTS_HDR + 64] = cnt;
        if (cnt)
            ce = cudaMemcpy(u->tree + (size_t)k * ao->stack, slice, (size_t)cnt * 8, cudaMemcpyHostToDevice);
    }
    if (ce == cudaSuccess)
        ce = cudaMemcpy(u->stack_hdr, hdr, (size_t)nb * GS_APP_UTS_HDR * 4, cudaMemcpyHostToDevice);
    free(slice), free(hdr);
    GS_CK_OUT(ce);
    GS_CK_OUT(cudaMemcpy(u->out, &one, 8, cudaMemcpyHostToDevice));      /* nodes: the root */
    GS_CK_OUT(cudaMemcpy(u->out + 4, &kids, 8, cudaMemcpyHostToDevice)); /* pending: its children */
out:
    return rc;
}

/* One run with the stack lock `lock`: the root on block 0's stack (or, with
 * --spread 1, its children on every block's), one launch, and the counts
 * against the host's.  The locks' state starts zeroed. */
static int run(gs_app_ctx *c, unsigned int lock, gs_app_row *r, double *ms, char *err, size_t n)
{
    uts *u = c->st;
    const gs_app_options *ao = c->opt;
    gs_app_args a;
    cudaEvent_t t0 = NULL, t1 = NULL;
    float f = 0.0f;
    int rc = 0, fired = 0;
    const unsigned long long root = GS_APP_UTS_ROOT, one = 1ull;
    unsigned int cnt = 1u, cluster = 1u;
    unsigned long long out[5];
    memset(&a, 0, sizeof a);
    a.mode = lock, a.program = GS_APP_UTS, a.blocks = c->blocks, a.threads = c->threads;
    a.timeout_ns = (unsigned long long)(c->timeout_s * 1e9);
    a.state = c->state, a.watchdog = c->watchdog, a.iters_out = c->iters_out, a.cycles = c->cycles, a.count = c->count;
    a.tree = u->tree, a.stack_hdr = u->stack_hdr, a.uts_out = u->out, a.cap = ao->stack;
    a.slots = u->slots, a.nslots = u->nslots, a.steal_half = ao->steal_half;
    a.root_children = ao->root, a.branch = ao->branch, a.fertile_below = u->fertile_below;
    r->share = -1.0;
    GS_CK_OUT(cudaMemset(u->stack_hdr, 0, (size_t)c->blocks * GS_APP_UTS_HDR * 4));
    GS_CK_OUT(cudaMemset(u->out, 0, 5 * 8));
    if (lock == GS_SYNC_UTS_ARRAY)
        GS_CK_OUT(cudaMemset(u->slots, 0, (size_t)c->blocks * u->nslots * 128));
    if (ao->spread) {
        if ((rc = spread(c, err, n)))
            goto out;
    } else {
        GS_CK_OUT(cudaMemcpy(u->tree, &root, 8, cudaMemcpyHostToDevice));
        GS_CK_OUT(cudaMemcpy(u->stack_hdr + 64, &cnt, 4, cudaMemcpyHostToDevice));
        GS_CK_OUT(cudaMemcpy(u->out + 4, &one, 8, cudaMemcpyHostToDevice)); /* pending: the root */
    }
    GS_CK_OUT((cudaError_t)gs_app_uts_setup(&a)); /* this kernel's watchdog */
    GS_CK_OUT(cudaEventCreate(&t0));
    GS_CK_OUT(cudaEventCreate(&t1));
    GS_CK_OUT((cudaError_t)gs_app_run_uts(&a, lock, &cluster, t0, t1));
    GS_CK_OUT(gs_wait_launch(t1, GS_WAIT_LAUNCH_LIMIT_S(a.timeout_ns)));
    GS_CK_OUT(cudaEventElapsedTime(&f, t0, t1));
    *ms = f;
    GS_CK_OUT(gs_watchdog_fired(c->watchdog, &fired));
    GS_CK_OUT(cudaMemcpy(out, u->out, sizeof out, cudaMemcpyDeviceToHost));
    if (fired) {
        gs_app_timeout(c, r);
    } else if (out[3]) {
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail, "%llu pushes overflowed a stack of %u nodes (raise --stack)", out[3],
                 ao->stack);
    } else if (out[0] != u->nodes || out[1] != u->leaves || out[2] != u->sum) {
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail, "%llu nodes, %llu leaves; the host's %llu, %llu (or the leaf sum differs)",
                 out[0], out[1], u->nodes, u->leaves);
    } else if (lock == GS_SYNC_UTS_COHORT) {
        snprintf(r->detail, sizeof r->detail, "%llu nodes, %llu leaves; clusters of %u", out[0], out[1], cluster);
    } else {
        snprintf(r->detail, sizeof r->detail, "%llu nodes, %llu leaves", out[0], out[1]);
    }
out:
    gs_app_events_destroy(t0, t1);
    return rc;
}

static int occupancy(const gs_app_program *p, const gs_app_options *o, unsigned int mode, unsigned int threads,
                     int *fit)
{
    (void)p, (void)o, (void)mode;
    return gs_app_uts_occupancy(threads, fit);
}

static void release(gs_app_ctx *c)
{
    uts *u = c->st;
    cudaFree(u->tree), cudaFree(u->out), cudaFree(u->stack_hdr), cudaFree(u->slots);
    u->tree = u->out = NULL, u->stack_hdr = u->slots = NULL;
}

#define LOCK(m) GS_SYNC_BIT(GS_SYNC_UTS_##m)
#define LOCKS (LOCK(SPIN) | LOCK(FA) | LOCK(TICKET) | LOCK(ARRAY) | LOCK(COHORT))

const gs_app_program gs_app_uts = {
    .name = "uts", .summary = "unbalanced tree search: a locked stack a block, work stealing, no barrier",
    .kernel = GS_APP_UTS, .takes = LOCKS | LOCK(NONE) | GS_SYNC_BIT(GS_SYNC_BROKEN_NONE), .own = LOCKS,
    .twin = GS_SYNC_UTS_NONE, .unit = GS_APP_UNIT_ITEMS, .state_bytes = sizeof(uts), .occupancy = occupancy,
    .prepare = prepare, .describe = describe, .run = run, .release = release, .free = release,
};
