/* app.c: `gsync-bench app`: whole programs (app_kernels.cu) over a sweep of
 * blocks per SM, every synchronization mode side by side at each point,
 * every run verified against the host's answer (reference.c).  Inputs:
 * the graphs of graph.h (src/inputs/), the thesis's pairing of graph size
 * with blocks per SM unless --graph names one. */
#include "app/app.h"
#include "app/app_cli.h"
#include "app/graph.h"
#include "app/sequence.h"
#include "app/uts_hs.h"
#include "cuda_check.h"
#include "launch.h"
#include "report.h"
#include "stats.h"

#include "gsync/host.h"
#include "gsync/watchdog.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_ROWS 2048
#define MAX_REPEAT GS_APP_MAX_REPEAT /* (the command line refuses more) */
#define PR_MAX_ITERS 1000u

typedef struct app_row {
    unsigned int program, mode, per_sm, blocks, threads;
    char graph[96];
    unsigned int n, m; /* vertices and arcs; Reduce: elements, 0 */
    enum gs_verdict verdict;
    unsigned int iters;
    gs_stats ms;
    double share;   /* cycles in the barrier over all cycles (thread 0s); < 0: not measured */
    double vs_grid; /* gridSync's median over this one; 0: none */
    char detail[160];
} app_row;

/* What one graph (or none, for Reduce) puts on the device, and the host's answers. */
typedef struct app_input {
    gs_graph g, in;       /* in: the transpose, for PageRank */
    int have_graph, have_in;
    unsigned int *levels, *dist; /* host references, NULL until asked */
    double *rank;
    unsigned int rank_iters;
    unsigned int *d_row, *d_col, *d_w, *d_in_row, *d_in_col;
    float *d_inv_out;
} app_input;

static const char *const pairing[][2] = {{"1", "road:100000"}, {"2", "road:ny"}, {"4", "road:fla"},
                                        {"8", "road:w"},       {"16", "road:usa"}};

static const char *graph_for(const gs_app_options *ao, unsigned int per_sm)
{
    if (ao->graph[0])
        return ao->graph;
    for (size_t i = 0; i < sizeof pairing / sizeof pairing[0]; ++i)
        if ((unsigned int)atoi(pairing[i][0]) >= per_sm)
            return pairing[i][1];
    return "road:usa";
}

static int is_graph_program(unsigned int p)
{
    return p <= GS_APP_PAGERANK;
}

static void input_free(app_input *x)
{
    if (x->have_graph)
        gs_graph_free(&x->g);
    if (x->have_in)
        gs_graph_free(&x->in);
    free(x->levels), free(x->dist), free(x->rank);
    cudaFree(x->d_row), cudaFree(x->d_col), cudaFree(x->d_w);
    cudaFree(x->d_in_row), cudaFree(x->d_in_col), cudaFree(x->d_inv_out);
    memset(x, 0, sizeof *x);
}

static int upload(unsigned int **d, const unsigned int *h, size_t count, char *err, size_t n)
{
    int rc = 0;
    GS_CK_OUT(cudaMalloc((void **)d, count * sizeof **d + 4));
    GS_CK_OUT(cudaMemcpy(*d, h, count * sizeof **d, cudaMemcpyHostToDevice));
out:
    return rc;
}

/* Loads `spec`, checks what the programs need of it, and puts it on the
 * device (with its transpose when PageRank runs). */
static int input_load(const gs_app_options *ao, app_input *x, const char *spec, int need_in, int need_sssp,
                      int progress, char *err, size_t n)
{
    char dir[4096];
    size_t free_b = 0, total_b = 0;
    int rc;
    gs_graph_cache_dir(dir, sizeof dir);
    if (progress)
        fprintf(stderr, "\rapp: loading %s%40s", spec, "");
    if ((rc = gs_graph_load(spec, dir[0] ? dir : NULL, &x->g, err, n)))
        return rc;
    x->have_graph = 1;
    const gs_graph *g = &x->g;
    if (ao->source >= g->n) {
        snprintf(err, n, "--source %u is out of range: %s has %u vertices", ao->source, g->name, g->n);
        return GS_EXIT_USAGE;
    }
    if (need_sssp && g->neg_line) {
        snprintf(err, n, "%s: line %lu has the negative weight %lld: SSSP needs weights of 0 or more", g->name,
                 g->neg_line, g->neg_weight);
        return GS_EXIT_USAGE;
    }
    /* the graph, its transpose, and the programs' arrays (about 8 words a vertex) */
    const double need = 4.0 * ((double)g->n + 1 + 2.0 * g->m) * (need_in ? 2 : 1) + 40.0 * g->n;
    GS_CK_OUT(cudaMemGetInfo(&free_b, &total_b));
    if (need > 0.9 * (double)free_b) {
        snprintf(err, n, "%s needs about %.0f MiB of device memory; the GPU has %.0f MiB free", g->name,
                 need / 1048576.0, (double)free_b / 1048576.0);
        return GS_EXIT_USAGE;
    }
    if ((rc = upload(&x->d_row, g->row, (size_t)g->n + 1, err, n)) || (rc = upload(&x->d_col, g->col, g->m, err, n)) ||
        (rc = upload(&x->d_w, g->w, g->m, err, n)))
        return rc;
    if (need_in) {
        float *inv = malloc((size_t)g->n * sizeof *inv);
        if (!inv || gs_graph_transpose(g, &x->in)) {
            free(inv);
            snprintf(err, n, "%s: out of host memory for its transpose", g->name);
            return GS_EXIT_RUNTIME;
        }
        x->have_in = 1;
        for (unsigned int u = 0; u < g->n; ++u)
            inv[u] = g->row[u + 1] > g->row[u] ? 1.0f / (float)(g->row[u + 1] - g->row[u]) : 0.0f;
        rc = upload(&x->d_in_row, x->in.row, (size_t)g->n + 1, err, n);
        if (!rc)
            rc = upload(&x->d_in_col, x->in.col, g->m, err, n);
        if (!rc)
            rc = upload((unsigned int **)&x->d_inv_out, (const unsigned int *)inv, g->n, err, n);
        free(inv);
        return rc;
    }
    return 0;
out:
    return rc;
}

/* ---- verification against the host ---- */

static int check_exact(const char *what, const unsigned int *got, const unsigned int *want, unsigned int count,
                       char *detail, size_t n)
{
    for (unsigned int v = 0; v < count; ++v)
        if (got[v] != want[v]) {
            snprintf(detail, n, "vertex %u: %s %u, the host's %u", v, what, got[v], want[v]);
            return 1;
        }
    return 0;
}

/* PageRank: each rank within 1e-3 of the host's, relatively, plus 1e-3/n. */
static int check_ranks(const float *got, const double *want, unsigned int count, char *detail, size_t n)
{
    for (unsigned int v = 0; v < count; ++v)
        if (!(fabs(got[v] - want[v]) <= 1e-3 * want[v] + 1e-3 / count)) {
            snprintf(detail, n, "vertex %u: rank %.9g, the host's %.9g", v, got[v], want[v]);
            return 1;
        }
    return 0;
}

static unsigned long long reduce_expected(unsigned long long size)
{
    unsigned long long s = 0;
    for (unsigned long long i = 0; i < size; ++i)
        s += gs_app_reduce_value(i);
    return s;
}

/* ---- Smith-Waterman's and bitonic sort's inputs: once a command ---- */

static struct {
    char *q, *t; /* the sequences */
    unsigned int qlen, tlen;
    char name[96];
    gs_sw_scoring sc;
    int *h_ref, best;
    unsigned int bi, bj;
    unsigned char *d_q, *d_t;
    void *keys, *sorted, *d_keys_in;    /* bitonic: the input, the host's sort, the input on the device */
    unsigned int nkeys, key_bits;       /* keys of key_bits bits: unsigned int or unsigned long long */
    unsigned int *steps, nsteps, *d_steps;
    unsigned long long uts_nodes, uts_leaves, uts_sum, fertile_below; /* UTS: the host's count */
    int uts_ready;
    gs_uts_hs_tree hs; /* uts-hs: HeteroSync's tree, for hs.cores local stacks */
} extra;

static void extra_free(void)
{
    free(extra.q), free(extra.t), free(extra.h_ref), free(extra.keys), free(extra.sorted), free(extra.steps);
    cudaFree(extra.d_q), cudaFree(extra.d_t), cudaFree(extra.d_keys_in), cudaFree(extra.d_steps);
    gs_uts_hs_free(&extra.hs);
    memset(&extra, 0, sizeof extra);
}

/* The sequences (files or generated), on the device, and the host's matrix. */
static int sw_prepare(const gs_app_options *ao, char *err, size_t n)
{
    int rc = 0, *e = NULL, *f = NULL;
    size_t cells, free_b = 0, total_b = 0;
    if (extra.h_ref)
        return 0;
    if (ao->query[0]) {
        if ((rc = gs_fasta_read(ao->query, &extra.q, &extra.qlen, err, n)) ||
            (rc = gs_fasta_read(ao->target, &extra.t, &extra.tlen, err, n)))
            return rc == 1 ? GS_EXIT_RUNTIME : GS_EXIT_USAGE;
        const char *a = strrchr(ao->query, '/'), *b = strrchr(ao->target, '/');
        snprintf(extra.name, sizeof extra.name, "%.40s x %.40s", a ? a + 1 : ao->query,
                 b ? b + 1 : ao->target);
    } else {
        if (gs_sw_generate((ao->protein ? "protein" : "dna"), ao->length, ao->mutation, 0x5357ull, &extra.q,
                           &extra.qlen, &extra.t, &extra.tlen))
            goto oom;
        snprintf(extra.name, sizeof extra.name, "%s %ux%u", (ao->protein ? "protein" : "dna"), extra.qlen, extra.tlen);
    }
    extra.sc.match = (int)ao->match, extra.sc.mismatch = -(int)ao->mismatch;
    extra.sc.gap_open = (int)ao->gap_open, extra.sc.gap_extend = (int)ao->gap_extend;
    cells = ((size_t)extra.qlen + 1) * ((size_t)extra.tlen + 1);
    GS_CK_OUT(cudaMemGetInfo(&free_b, &total_b));
    if (cells > 0x7fffffffu || 3.0 * 4.0 * (double)cells > 0.9 * (double)free_b) {
        snprintf(err, n, "sw: %u x %u cells need %.0f MiB of device memory; the GPU has %.0f MiB free", extra.qlen,
                 extra.tlen, 12.0 * (double)cells / 1048576.0, (double)free_b / 1048576.0);
        return GS_EXIT_USAGE;
    }
    extra.h_ref = malloc(cells * sizeof(int)), e = malloc(cells * sizeof(int)), f = malloc(cells * sizeof(int));
    if (!extra.h_ref || !e || !f)
        goto oom;
    gs_sw_host(extra.q, extra.qlen, extra.t, extra.tlen, &extra.sc, extra.h_ref, e, f, &extra.best, &extra.bi,
               &extra.bj);
    GS_CK_OUT(cudaMalloc((void **)&extra.d_q, extra.qlen));
    GS_CK_OUT(cudaMalloc((void **)&extra.d_t, extra.tlen));
    GS_CK_OUT(cudaMemcpy(extra.d_q, extra.q, extra.qlen, cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemcpy(extra.d_t, extra.t, extra.tlen, cudaMemcpyHostToDevice));
out:
    free(e), free(f);
    return rc;
oom:
    free(e), free(f);
    snprintf(err, n, "sw: out of host memory");
    return GS_EXIT_RUNTIME;
}

/* The keys, their host sort, and the steps: (k, j) for each stride of each
 * merge down to GS_APP_TILE, then one shared-memory step for the rest. */
static int bitonic_prepare(const gs_app_options *ao, char *err, size_t n)
{
    int rc = 0;
    const unsigned int keys = ao->size ? ao->size : 1u << 22, bytes = ao->key_bits / 8u;
    if (extra.keys)
        return 0;
    /* (a --size that is not a power of two of at least GS_APP_TILE: refused with the command line) */
    extra.nkeys = keys, extra.key_bits = ao->key_bits;
    extra.keys = malloc((size_t)keys * bytes), extra.sorted = malloc((size_t)keys * bytes);
    extra.steps = malloc(2048 * 4);
    if (!extra.keys || !extra.sorted || !extra.steps) {
        snprintf(err, n, "bitonic: out of host memory");
        return GS_EXIT_RUNTIME;
    }
    gs_bitonic_keys(extra.key_bits, keys, 0xb170ull, extra.keys);
    memcpy(extra.sorted, extra.keys, (size_t)keys * bytes);
    gs_bitonic_sort_host(extra.key_bits, keys, extra.sorted);
    extra.nsteps = 0;
    for (unsigned int k = 2; k <= keys; k <<= 1)
        for (unsigned int j = k / 2u; j > 0u; j >>= 1) {
            extra.steps[2 * extra.nsteps] = k, extra.steps[2 * extra.nsteps + 1] = j;
            ++extra.nsteps;
            if (j < GS_APP_TILE)
                break; /* strides j .. 1 in shared memory */
        }
    GS_CK_OUT(cudaMalloc(&extra.d_keys_in, (size_t)keys * bytes));
    GS_CK_OUT(cudaMalloc((void **)&extra.d_steps, (size_t)extra.nsteps * 8));
    GS_CK_OUT(cudaMemcpy(extra.d_keys_in, extra.keys, (size_t)keys * bytes, cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemcpy(extra.d_steps, extra.steps, (size_t)extra.nsteps * 8, cudaMemcpyHostToDevice));
out:
    return rc;
}

/* uts-hs: HeteroSync's tree and first stacks for a grid of `blocks` blocks
 * (--threads is a multiple of 32: a task front is a warp). */
static int uts_hs_prepare(const gs_app_options *ao, unsigned int blocks, char *err, size_t n)
{
    const unsigned int f = ao->fertility_given ? ao->fertility : 90u;
    const unsigned int cores = blocks < GS_UTS_HS_CORES ? blocks : GS_UTS_HS_CORES;
    int e;
    if (extra.hs.nodes && extra.hs.cores == cores)
        return 0;
    gs_uts_hs_free(&extra.hs);
    if ((e = gs_uts_hs_build(ao->nodes, f, blocks, &extra.hs)) == -1) {
        snprintf(err, n, "uts-hs: out of host memory");
        return GS_EXIT_RUNTIME;
    }
    if (e) {
        snprintf(err, n, e == -2 ? "uts-hs: fertility %u %% does not grow a tree of %u nodes"
                                 : "uts-hs: %u %% of %u nodes cannot put 16 on each local stack",
                 f, ao->nodes);
        return GS_EXIT_USAGE;
    }
    if ((extra.hs.nfirst + extra.hs.cores - 1u) / extra.hs.cores > ao->local_stack) {
        snprintf(err, n, "uts-hs: --local-stack %u holds fewer than the %u first nodes a stack", ao->local_stack,
                 (extra.hs.nfirst + extra.hs.cores - 1u) / extra.hs.cores);
        return GS_EXIT_USAGE;
    }
    return 0;
}

/* UTS: the tree counted on the host (depth first), its parameters checked. */
static int uts_prepare(const gs_app_options *ao, char *err, size_t n)
{
    const unsigned int f = ao->fertility, m = ao->branch;
    unsigned long long *stack, cap = 1u << 20, top = 0;
    if (extra.uts_ready)
        return 0;
    if (f * m >= 100u) {
        snprintf(err, n, "uts: fertility %u %% x %u children is at least 1 child a node: the tree would not end", f, m);
        return GS_EXIT_USAGE;
    }
    extra.fertile_below = f == 100u ? ~0ull : (~0ull / 100u) * f;
    if (!(stack = malloc(cap * sizeof *stack)))
        goto oom;
    stack[top++] = GS_APP_UTS_ROOT;
    while (top) {
        const unsigned long long id = stack[--top];
        const unsigned int c = gs_app_uts_children(id, ao->root, m, extra.fertile_below);
        if (++extra.uts_nodes > (1ull << 31)) {
            free(stack);
            snprintf(err, n, "uts: the tree has more than 2^31 nodes; lower --root or --fertility");
            return GS_EXIT_USAGE;
        }
        if (c == 0u)
            ++extra.uts_leaves, extra.uts_sum += id;
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
    extra.uts_ready = 1;
    return 0;
oom:
    snprintf(err, n, "uts: out of host memory");
    return GS_EXIT_RUNTIME;
}

/* ---- one point: every mode of one program at one grid ---- */

typedef struct app_point {
    unsigned int program, per_sm, blocks, threads, groups;
    unsigned long long size, expected; /* Reduce */
    double timeout_s;
    unsigned int repeat;
    const gs_app_options *opt;
} app_point;

typedef struct app_bufs {
    unsigned int *dist, *stamp, *wl0, *wl1, *count, *in, *iters_out, *state;
    float *rank0, *rank1, *fsum, *terms; /* terms: reduce-float's, for CUB's sum */
    unsigned long long *part, *cycles;
    int *h, *e, *f;     /* Smith-Waterman */
    void *keys;         /* bitonic: extra.key_bits a key */
    unsigned long long *tree, *uts_out; /* UTS */
    unsigned int *stack_hdr, *slots, nslots;
    gs_uts_hs_node *hs_tree; /* uts-hs */
    int *hs_stacks, *hs_heads;
    unsigned int *hs_locks, *hs_out, hs_global;
    unsigned long long *dq, *ctl; /* async: allocated by its first run */
    unsigned int *ring, ring_mask, tune[4]; /* tune: the knobs of its last run */
    void *watchdog;
    size_t state_bytes;
    float *host_rank; /* 1/n, the first iteration's ranks */
    gs_barrier_t gs;
    int planned;
} app_bufs;

static void bufs_free(app_bufs *b)
{
    cudaFree(b->dist), cudaFree(b->stamp), cudaFree(b->wl0), cudaFree(b->wl1), cudaFree(b->count);
    cudaFree(b->in), cudaFree(b->iters_out), cudaFree(b->state), cudaFree(b->rank0), cudaFree(b->rank1);
    cudaFree(b->fsum), cudaFree(b->terms), cudaFree(b->part), cudaFree(b->cycles), cudaFree(b->watchdog);
    cudaFree(b->h), cudaFree(b->e), cudaFree(b->f), cudaFree(b->keys);
    cudaFree(b->tree), cudaFree(b->uts_out), cudaFree(b->stack_hdr), cudaFree(b->slots);
    cudaFree(b->hs_tree), cudaFree(b->hs_stacks), cudaFree(b->hs_heads), cudaFree(b->hs_locks), cudaFree(b->hs_out);
    cudaFree(b->dq), cudaFree(b->ctl), cudaFree(b->ring);
    free(b->host_rank);
    memset(b, 0, sizeof *b);
}

static int bufs_alloc(app_bufs *b, const app_point *pt, const app_input *x, char *err, size_t n)
{
    const gs_app_options *ao = pt->opt;
    int rc = 0;
    const size_t v = x->have_graph ? (size_t)x->g.n + 1 : 1;
    memset(b, 0, sizeof *b);
    b->state_bytes = gs_app_state_bytes(pt->blocks, pt->groups);
    GS_CK_OUT(cudaMalloc((void **)&b->dist, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&b->stamp, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&b->wl0, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&b->wl1, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&b->count, 16));
    GS_CK_OUT(cudaMalloc((void **)&b->iters_out, 4));
    GS_CK_OUT(cudaMalloc((void **)&b->state, b->state_bytes));
    GS_CK_OUT(cudaMalloc((void **)&b->rank0, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&b->rank1, v * 4));
    GS_CK_OUT(cudaMalloc((void **)&b->fsum, GS_APP_PR_FLOATS * sizeof(float)));
    GS_CK_OUT(cudaMalloc((void **)&b->part, (size_t)pt->blocks * pt->threads * 8));
    GS_CK_OUT(cudaMalloc((void **)&b->cycles, 16));
    GS_CK_OUT(cudaMalloc(&b->watchdog, sizeof(gs_watchdog_t)));
    if (pt->program == GS_APP_SW) {
        const size_t cells = ((size_t)extra.qlen + 1) * ((size_t)extra.tlen + 1);
        GS_CK_OUT(cudaMalloc((void **)&b->h, cells * 4));
        GS_CK_OUT(cudaMalloc((void **)&b->e, cells * 4));
        GS_CK_OUT(cudaMalloc((void **)&b->f, cells * 4));
    }
    if (pt->program == GS_APP_BITONIC)
        GS_CK_OUT(cudaMalloc(&b->keys, (size_t)extra.nkeys * (extra.key_bits / 8u)));
    if (pt->program == GS_APP_UTS) {
        size_t free_b = 0, total_b = 0;
        double need;
        for (b->nslots = 1u; b->nslots < pt->blocks && b->nslots < GS_APP_UTS_SLOTS; b->nslots <<= 1)
            ; /* arrayMutex: a slot a waiting block, up to GS_APP_UTS_SLOTS */
        need = (8.0 * ao->stack + 128.0 * b->nslots) * pt->blocks;
        GS_CK_OUT(cudaMemGetInfo(&free_b, &total_b));
        if (need > 0.9 * (double)free_b) {
            snprintf(err, n, "uts: %u stacks of %u nodes need %.0f MiB; the GPU has %.0f MiB free", pt->blocks,
                     ao->stack, need / 1048576.0, (double)free_b / 1048576.0);
            return GS_EXIT_USAGE;
        }
        GS_CK_OUT(cudaMalloc((void **)&b->tree, (size_t)ao->stack * pt->blocks * 8));
        GS_CK_OUT(cudaMalloc((void **)&b->stack_hdr, (size_t)pt->blocks * GS_APP_UTS_HDR * 4));
        GS_CK_OUT(cudaMalloc((void **)&b->slots, (size_t)pt->blocks * b->nslots * 128));
        GS_CK_OUT(cudaMalloc((void **)&b->uts_out, 5 * 8));
    }
    if (pt->program == GS_APP_UTS_HS) { /* HeteroSync's sizes: a global stack of max(N, 256) */
        const unsigned int c = extra.hs.cores;
        b->hs_global = extra.hs.n > 256u ? extra.hs.n : 256u;
        GS_CK_OUT(cudaMalloc((void **)&b->hs_tree, (size_t)extra.hs.n * sizeof(gs_uts_hs_node)));
        GS_CK_OUT(cudaMalloc((void **)&b->hs_stacks, ((size_t)b->hs_global + (size_t)ao->local_stack * c) * 4));
        GS_CK_OUT(cudaMalloc((void **)&b->hs_heads, (c + 1u) * 4));
        GS_CK_OUT(cudaMalloc((void **)&b->hs_locks, (c + 1u) * GS_UTS_HS_LOCK_BYTES));
        GS_CK_OUT(cudaMalloc((void **)&b->hs_out, 4 * 4));
    }
    if (pt->program == GS_APP_REDUCE || pt->program == GS_APP_REDUCE_FLOAT) {
        GS_CK_OUT(cudaMalloc((void **)&b->in, pt->size * 4));
        if (pt->program == GS_APP_REDUCE_FLOAT)
            GS_CK_OUT(cudaMalloc((void **)&b->terms, pt->size * 4));
        GS_CK_OUT((cudaError_t)gs_app_fill_reduce(b->in, b->terms, pt->size));
    }
    if (pt->program == GS_APP_PAGERANK) {
        if (!(b->host_rank = malloc(v * sizeof *b->host_rank))) {
            snprintf(err, n, "out of host memory");
            return GS_EXIT_RUNTIME;
        }
        for (size_t i = 0; i < v; ++i)
            b->host_rank[i] = 1.0f / (float)x->g.n;
    }
out:
    return rc;
}

/* Smith-Waterman: the device's H equals the host's in every cell, and the
 * traceback through the device's matrices scores the best cell's value. */
static int sw_verify(const app_bufs *b, app_row *r, char *err, size_t n)
{
    const size_t cells = ((size_t)extra.qlen + 1) * ((size_t)extra.tlen + 1);
    int *h = malloc(cells * 4), *e = malloc(cells * 4), *f = malloc(cells * 4), rc = 0;
    unsigned int cols = 0;
    long score = 0;
    if (!h || !e || !f) {
        snprintf(err, n, "out of host memory");
        rc = GS_EXIT_RUNTIME;
        goto out;
    }
    GS_CK_OUT(cudaMemcpy(h, b->h, cells * 4, cudaMemcpyDeviceToHost));
    GS_CK_OUT(cudaMemcpy(e, b->e, cells * 4, cudaMemcpyDeviceToHost));
    GS_CK_OUT(cudaMemcpy(f, b->f, cells * 4, cudaMemcpyDeviceToHost));
    for (size_t c = 0; c < cells; ++c)
        if (h[c] != extra.h_ref[c]) {
            r->verdict = GS_FAIL;
            snprintf(r->detail, sizeof r->detail, "H(%zu, %zu) is %d, the host's %d", c / (extra.tlen + 1),
                     c % (extra.tlen + 1), h[c], extra.h_ref[c]);
            goto out;
        }
    if (gs_sw_traceback(extra.q, extra.t, extra.tlen, &extra.sc, h, e, f, extra.bi, extra.bj, &cols, &score) ||
        score != extra.best) {
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail, "the traceback from (%u, %u) scores %ld, not %d", extra.bi, extra.bj,
                 score, extra.best);
        goto out;
    }
    snprintf(r->detail, sizeof r->detail, "score %d at (%u, %u), %u columns", extra.best, extra.bi, extra.bj, cols);
out:
    free(h), free(e), free(f);
    return rc;
}

static void events_destroy(cudaEvent_t t0, cudaEvent_t t1)
{
    if (t0)
        cudaEventDestroy(t0);
    if (t1)
        cudaEventDestroy(t1);
}

/* Bitonic key i of keys (extra.key_bits bits a key). */
static unsigned long long key_at(const void *keys, unsigned int i)
{
    return extra.key_bits == 64u ? ((const unsigned long long *)keys)[i] : ((const unsigned int *)keys)[i];
}

/* Bitonic: the keys equal the host's sort of the input, so they are sorted
 * and a permutation of the input; the detail names which of the two failed. */
static int bitonic_verify(const app_bufs *b, app_row *r, char *err, size_t n)
{
    const size_t bytes = (size_t)extra.nkeys * (extra.key_bits / 8u);
    void *got = malloc(bytes);
    int rc = 0;
    if (!got) {
        snprintf(err, n, "out of host memory");
        return GS_EXIT_RUNTIME;
    }
    GS_CK_OUT(cudaMemcpy(got, b->keys, bytes, cudaMemcpyDeviceToHost));
    if (memcmp(got, extra.sorted, bytes) == 0)
        goto out;
    r->verdict = GS_FAIL;
    for (unsigned int i = 0; i + 1u < extra.nkeys; ++i)
        if (key_at(got, i) > key_at(got, i + 1u)) {
            snprintf(r->detail, sizeof r->detail, "keys %u and %u out of order: %#llx > %#llx", i, i + 1u,
                     key_at(got, i), key_at(got, i + 1u));
            goto out;
        }
    for (unsigned int i = 0; i < extra.nkeys; ++i)
        if (key_at(got, i) != key_at(extra.sorted, i)) {
            snprintf(r->detail, sizeof r->detail,
                     "sorted but not a permutation of the input: key %u is %#llx, the host's sort has %#llx", i,
                     key_at(got, i), key_at(extra.sorted, i));
            break;
        }
out:
    free(got);
    return rc;
}

/* Reduce: part[0] against the exact sum; reduce-float: within the bound of
 * a float sum whose longest chain of additions is `chains` threads' terms
 * in a row plus their stages plus 1. */
static int reduce_verify(const app_point *pt, const app_bufs *b, double chains, app_row *r, char *err, size_t n)
{
    int rc = 0;
    if (pt->program == GS_APP_REDUCE_FLOAT) {
        const double exact = (double)pt->expected / 65536.0;
        const double k = ceil((double)pt->size / chains) + ceil(log2(chains)) + 1.0;
        const double bound = k * ldexp(1.0, -24) * exact;
        float f = 0.0f;
        GS_CK_OUT(cudaMemcpy(&f, b->part, 4, cudaMemcpyDeviceToHost));
        if (!(fabs((double)f - exact) <= bound)) {
            r->verdict = GS_FAIL;
            snprintf(r->detail, sizeof r->detail, "sum %.9g, the host's %.9g: off by more than %.3g", (double)f,
                     exact, bound);
        }
    } else {
        unsigned long long sum = 0;
        GS_CK_OUT(cudaMemcpy(&sum, b->part, 8, cudaMemcpyDeviceToHost));
        if (sum != pt->expected) {
            r->verdict = GS_FAIL;
            snprintf(r->detail, sizeof r->detail, "sum %llu, the host's %llu", sum, pt->expected);
        }
    }
out:
    return rc;
}

/* CUB's reduction's longest chain, for reduce_verify: blocks of 256
 * threads, then a pass over their partial sums; taken as 128 threads. */
#define CUB_SUM_CHAINS 128.0

/* The peers beside bitonic sort, CUB's sorts of the same keys, and beside
 * Reduce, CUB's sum of the same terms (reduce-float's as floats). */
static int run_cub(const app_point *pt, unsigned int mode, app_bufs *b, app_row *r, double *ms, char *err, size_t n)
{
    cudaEvent_t t0 = NULL, t1 = NULL;
    float f = 0.0f;
    int rc = 0;
    r->share = -1.0;
    GS_CK_OUT(cudaEventCreate(&t0));
    GS_CK_OUT(cudaEventCreate(&t1));
    if (mode == GS_SYNC_CUB_REDUCE) {
        const int single = pt->program == GS_APP_REDUCE_FLOAT;
        GS_CK_OUT(cudaMemset(b->part, 0, 8));
        GS_CK_OUT((cudaError_t)gs_app_cub_sum(single, single ? (const void *)b->terms : b->in, b->part,
                                              (unsigned int)pt->size, t0, t1));
    } else {
        GS_CK_OUT(cudaMemset(b->keys, 0, (size_t)extra.nkeys * (extra.key_bits / 8u)));
        GS_CK_OUT((cudaError_t)gs_app_cub_sort(mode == GS_SYNC_CUB_MERGE, extra.key_bits, extra.d_keys_in, b->keys,
                                               extra.nkeys, t0, t1));
    }
    GS_CK_OUT(cudaEventElapsedTime(&f, t0, t1));
    *ms = f;
    rc = mode == GS_SYNC_CUB_REDUCE ? reduce_verify(pt, b, CUB_SUM_CHAINS, r, err, n) : bitonic_verify(b, r, err, n);
out:
    events_destroy(t0, t1);
    return rc;
}

/* UTS with one stack lock: the root on block 0's stack (or, with --spread 1,
 * its children dealt round-robin to every block's stack), one launch, and
 * the counts against the host's.  The locks' state starts zeroed. */
static int run_uts(const app_point *pt, unsigned int lock, app_bufs *b, app_row *r, double *ms, char *err, size_t n)
{
    const gs_app_options *ao = pt->opt;
    gs_app_args a;
    cudaEvent_t t0 = NULL, t1 = NULL;
    float f = 0.0f;
    int rc = 0, fired = 0;
    const unsigned long long root = GS_APP_UTS_ROOT, one = 1ull;
    unsigned int count = 1u, cluster = 1u;
    unsigned long long out[5];
    memset(&a, 0, sizeof a);
    a.mode = lock, a.program = GS_APP_UTS, a.blocks = pt->blocks, a.threads = pt->threads;
    a.timeout_ns = (unsigned long long)(pt->timeout_s * 1e9);
    a.state = b->state, a.watchdog = b->watchdog, a.iters_out = b->iters_out, a.cycles = b->cycles, a.count = b->count;
    a.tree = b->tree, a.stack_hdr = b->stack_hdr, a.uts_out = b->uts_out, a.cap = ao->stack;
    a.slots = b->slots, a.nslots = b->nslots, a.steal_half = ao->steal_half;
    a.root_children = ao->root, a.branch = ao->branch, a.fertile_below = extra.fertile_below;
    r->share = -1.0;
    GS_CK_OUT(cudaMemset(b->stack_hdr, 0, (size_t)pt->blocks * GS_APP_UTS_HDR * 4));
    GS_CK_OUT(cudaMemset(b->uts_out, 0, 5 * 8));
    if (lock == GS_SYNC_UTS_ARRAY)
        GS_CK_OUT(cudaMemset(b->slots, 0, (size_t)pt->blocks * b->nslots * 128));
    if (ao->spread) { /* the root expanded here, its children dealt round-robin (same tree) */
        const unsigned int nb = pt->blocks, nr = ao->root, per = (nr + nb - 1u) / nb;
        const unsigned long long kids = nr;
        unsigned long long *slice;
        unsigned int *hdr;
        cudaError_t ce = cudaSuccess;
        if (per > ao->stack) {
            snprintf(err, n, "uts: --spread 1 puts %u of the root's children on a stack of %u nodes; raise --stack", per,
                     ao->stack);
            rc = GS_EXIT_USAGE;
            goto out;
        }
        if (!(slice = malloc((size_t)per * 8)) || !(hdr = calloc((size_t)nb * GS_APP_UTS_HDR, 4))) {
            free(slice);
            snprintf(err, n, "uts: out of host memory");
            rc = 1;
            goto out;
        }
        for (unsigned int k = 0; k < nb && ce == cudaSuccess; ++k) {
            unsigned int c = 0;
            for (unsigned int i = k; i < nr; i += nb)
                slice[c++] = gs_app_uts_child(GS_APP_UTS_ROOT, i);
            hdr[(size_t)k * GS_APP_UTS_HDR + 64] = c;
            if (c)
                ce = cudaMemcpy(b->tree + (size_t)k * ao->stack, slice, (size_t)c * 8, cudaMemcpyHostToDevice);
        }
        if (ce == cudaSuccess)
            ce = cudaMemcpy(b->stack_hdr, hdr, (size_t)nb * GS_APP_UTS_HDR * 4, cudaMemcpyHostToDevice);
        free(slice), free(hdr);
        GS_CK_OUT(ce);
        GS_CK_OUT(cudaMemcpy(b->uts_out, &one, 8, cudaMemcpyHostToDevice));      /* nodes: the root */
        GS_CK_OUT(cudaMemcpy(b->uts_out + 4, &kids, 8, cudaMemcpyHostToDevice)); /* pending: its children */
    } else {
        GS_CK_OUT(cudaMemcpy(b->tree, &root, 8, cudaMemcpyHostToDevice));
        GS_CK_OUT(cudaMemcpy(b->stack_hdr + 64, &count, 4, cudaMemcpyHostToDevice));
        GS_CK_OUT(cudaMemcpy(b->uts_out + 4, &one, 8, cudaMemcpyHostToDevice)); /* pending: the root */
    }
    GS_CK_OUT((cudaError_t)gs_app_setup(&a));
    GS_CK_OUT(cudaEventCreate(&t0));
    GS_CK_OUT(cudaEventCreate(&t1));
    GS_CK_OUT((cudaError_t)gs_app_run_uts(&a, lock, &cluster, t0, t1));
    GS_CK_OUT(gs_wait_launch(t1, GS_WAIT_LAUNCH_LIMIT_S(a.timeout_ns)));
    GS_CK_OUT(cudaEventElapsedTime(&f, t0, t1));
    *ms = f;
    GS_CK_OUT(gs_watchdog_fired(b->watchdog, &fired));
    GS_CK_OUT(cudaMemcpy(out, b->uts_out, sizeof out, cudaMemcpyDeviceToHost));
    if (fired) {
        r->verdict = GS_TIMEOUT;
        snprintf(r->detail, sizeof r->detail, "the watchdog ended the run after %.1f s", pt->timeout_s);
    } else if (out[3]) {
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail, "%llu pushes overflowed a stack of %u nodes (raise --stack)", out[3],
                 ao->stack);
    } else if (out[0] != extra.uts_nodes || out[1] != extra.uts_leaves || out[2] != extra.uts_sum) {
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail, "%llu nodes, %llu leaves; the host's %llu, %llu (or the leaf sum differs)",
                 out[0], out[1], extra.uts_nodes, extra.uts_leaves);
    } else if (lock == GS_SYNC_UTS_COHORT) {
        snprintf(r->detail, sizeof r->detail, "%llu nodes, %llu leaves; clusters of %u", out[0], out[1], cluster);
    } else {
        snprintf(r->detail, sizeof r->detail, "%llu nodes, %llu leaves", out[0], out[1]);
    }
out:
    events_destroy(t0, t1);
    return rc;
}

/* uts-hs, as HeteroSync's host: the tree and the first stacks copied in, one
 * launch, then its checks: leaves and leaf sum against the host's, every
 * node processed, every stack empty. */
static int run_uts_hs(const app_point *pt, unsigned int mode, app_bufs *b, app_row *r, double *ms, char *err, size_t n)
{
    const gs_app_options *ao = pt->opt;
    gs_uts_hs_args a;
    const gs_uts_hs_tree *t = &extra.hs;
    cudaEvent_t t0 = NULL, t1 = NULL;
    float f = 0.0f;
    int rc = 0, fired = 0, *stacks = NULL, heads[GS_UTS_HS_CORES + 1];
    unsigned int out[4] = {t->processed, 0u, 0u, 0u}, busy = 0u;
    const size_t words = (size_t)b->hs_global + (size_t)ao->local_stack * t->cores;
    memset(&a, 0, sizeof a);
    memset(heads, 0, sizeof heads);
    a.tree = b->hs_tree, a.stacks = b->hs_stacks, a.heads = b->hs_heads, a.locks = b->hs_locks, a.out = b->hs_out;
    a.total = t->n, a.global_size = b->hs_global, a.local_size = ao->local_stack, a.cores = t->cores;
    a.blocks = pt->blocks, a.threads = pt->threads, a.watchdog = b->watchdog;
    a.timeout_ns = (unsigned long long)(pt->timeout_s * 1e9);
    r->share = -1.0;
    if (!(stacks = calloc(words, 4))) {
        snprintf(err, n, "uts-hs: out of host memory");
        return GS_EXIT_RUNTIME;
    }
    for (unsigned int i = 0; i < t->nfirst; ++i) { /* dealt round-robin */
        stacks[b->hs_global + (size_t)(i % t->cores) * ao->local_stack + i / t->cores] = t->first[i];
        heads[i % t->cores + 1] = (int)(i / t->cores + 1u);
    }
    GS_CK_OUT(cudaMemcpy(b->hs_tree, t->nodes, (size_t)t->n * sizeof(gs_uts_hs_node), cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemcpy(b->hs_stacks, stacks, words * 4, cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemcpy(b->hs_heads, heads, (t->cores + 1u) * 4, cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemset(b->hs_locks, 0, (t->cores + 1u) * GS_UTS_HS_LOCK_BYTES));
    GS_CK_OUT(cudaMemcpy(b->hs_out, out, sizeof out, cudaMemcpyHostToDevice));
    GS_CK_OUT((cudaError_t)gs_uts_hs_setup(&a));
    GS_CK_OUT(cudaEventCreate(&t0));
    GS_CK_OUT(cudaEventCreate(&t1));
    GS_CK_OUT((cudaError_t)gs_uts_hs_run(&a, mode, t0, t1));
    GS_CK_OUT(gs_wait_launch(t1, GS_WAIT_LAUNCH_LIMIT_S(a.timeout_ns)));
    GS_CK_OUT(cudaEventElapsedTime(&f, t0, t1));
    *ms = f;
    GS_CK_OUT(gs_watchdog_fired(b->watchdog, &fired));
    GS_CK_OUT(cudaMemcpy(out, b->hs_out, sizeof out, cudaMemcpyDeviceToHost));
    GS_CK_OUT(cudaMemcpy(heads, b->hs_heads, (t->cores + 1u) * 4, cudaMemcpyDeviceToHost));
    for (unsigned int i = 0; i <= t->cores; ++i)
        busy += heads[i] != 0;
    if (out[3]) { /* a race tore a stack head or a popped index */
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail, "%u stack heads or node indices out of range; %u processed of %u%s",
                 out[3], out[0], t->n, fired ? "; the watchdog fired" : "");
    } else if (fired) {
        r->verdict = GS_TIMEOUT;
        snprintf(r->detail, sizeof r->detail, "the watchdog ended the run after %.1f s (%u of %u nodes processed)",
                 pt->timeout_s, out[0], t->n);
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
    events_destroy(t0, t1);
    return rc;
}

/* async: its vertex words, ring and control words, allocated once a point,
 * into a (the kernel fills them). */
static int async_bufs(const app_point *pt, unsigned int nv, app_bufs *b, gs_app_args *a, char *err, size_t n)
{
    int rc = 0;
    const unsigned long long slots = gs_app_async_ring(nv);
    if (!gs_app_async_fits(nv, (unsigned long long)pt->blocks * pt->threads)) {
        snprintf(err, n, "async: %u vertices and %u threads overflow its pending count (2^%u)", nv,
                 pt->blocks * pt->threads, 64u - GS_APP_ASYNC_TAIL_BITS);
        return GS_EXIT_USAGE;
    }
    if (!b->dq) {
        GS_CK_OUT(cudaMalloc((void **)&b->dq, ((size_t)nv + 1) * 8));
        GS_CK_OUT(cudaMalloc((void **)&b->ctl, GS_APP_ASYNC_CTL * 8));
        GS_CK_OUT(cudaMalloc((void **)&b->ring, (size_t)slots * 4));
        b->ring_mask = (unsigned int)(slots - 1u);
    }
    a->dq = b->dq, a->ctl = b->ctl, a->ring = b->ring, a->ring_mask = b->ring_mask;
out:
    return rc;
}

/* A run's arguments, and the program's device data reset for it. */
static int run_args(const app_point *pt, unsigned int mode, const app_input *x, app_bufs *b, gs_app_args *a,
                    char *err, size_t n)
{
    const gs_app_options *ao = pt->opt;
    const gs_graph *g = &x->g;
    const unsigned int nv = x->have_graph ? g->n : 0u;
    int rc = 0;
    memset(a, 0, sizeof *a);
    a->program = pt->program, a->mode = mode, a->src = ao->source;
    a->n = nv, a->m = x->have_graph ? g->m : 0u;
    a->blocks = pt->blocks, a->threads = pt->threads, a->groups = pt->groups;
    a->timeout_ns = (unsigned long long)(pt->timeout_s * 1e9);
    a->state = b->state, a->watchdog = b->watchdog, a->iters_out = b->iters_out, a->cycles = b->cycles;
    a->count = b->count;
    a->damping = (float)ao->damping, a->tol = (float)ao->tol;
    if (pt->program == GS_APP_PAGERANK) {
        a->row = x->d_in_row, a->col = x->d_in_col, a->inv_out = x->d_inv_out;
        a->rank[0] = b->rank0, a->rank[1] = b->rank1, a->fsum = b->fsum;
        a->max_iters = PR_MAX_ITERS;
        float dangling = 0.0f; /* of the first iteration: slot 0's second sum, its lane 0 */
        for (unsigned int u = 0; u < nv; ++u)
            if (g->row[u + 1] == g->row[u])
                dangling += 1.0f / (float)nv;
        GS_CK_OUT(cudaMemset(b->fsum, 0, GS_APP_PR_FLOATS * sizeof(float)));
        GS_CK_OUT(cudaMemcpy(b->fsum + GS_APP_PR_LANES * GS_APP_PR_STRIDE, &dangling, sizeof dangling,
                             cudaMemcpyHostToDevice));
        GS_CK_OUT(cudaMemcpy(b->rank0, b->host_rank, (size_t)nv * 4, cudaMemcpyHostToDevice));
    } else if (pt->program == GS_APP_SW) {
        const size_t cells = ((size_t)extra.qlen + 1) * ((size_t)extra.tlen + 1);
        a->qs = extra.d_q, a->ts = extra.d_t, a->qlen = extra.qlen, a->tlen = extra.tlen;
        a->match = extra.sc.match, a->mismatch = extra.sc.mismatch;
        a->gap_open = extra.sc.gap_open, a->gap_extend = extra.sc.gap_extend;
        a->h = b->h, a->e = b->e, a->f = b->f, a->max_iters = extra.qlen + extra.tlen + 1u;
        GS_CK_OUT(cudaMemset(b->h, 0, cells * 4));
        GS_CK_OUT(cudaMemset(b->e, 0xc0, cells * 4)); /* minus infinity on the borders */
        GS_CK_OUT(cudaMemset(b->f, 0xc0, cells * 4));
    } else if (pt->program == GS_APP_BITONIC) {
        a->keys = b->keys, a->key_bits = extra.key_bits, a->steps = extra.d_steps, a->nsteps = extra.nsteps;
        a->size = extra.nkeys, a->max_iters = extra.nsteps + 1u;
        GS_CK_OUT(cudaMemcpy(b->keys, extra.d_keys_in, (size_t)extra.nkeys * (extra.key_bits / 8u),
                             cudaMemcpyDeviceToDevice));
    } else if (pt->program == GS_APP_REDUCE || pt->program == GS_APP_REDUCE_FLOAT) {
        a->size = pt->size, a->in = b->in, a->part = b->part, a->max_iters = 64u;
    } else {
        a->row = x->d_row, a->col = x->d_col, a->w = x->d_w;
        a->dist = b->dist, a->wl[0] = b->wl0, a->wl[1] = b->wl1;
        a->stamp = (pt->program == GS_APP_SSSP || pt->program == GS_APP_SSSP_TOPO) ? b->stamp : NULL;
        a->max_iters = nv + 2u;
        GS_CK_OUT(cudaMemset(b->dist, 0xff, (size_t)nv * 4));
        GS_CK_OUT(cudaMemset(b->stamp, 0, (size_t)nv * 4));
    }
    if ((mode == GS_SYNC_ASYNC || mode == GS_SYNC_ASYNC_BROKEN) && (rc = async_bufs(pt, nv, b, a, err, n)))
        goto out;
    GS_CK_OUT(cudaMemset(b->state, 0, b->state_bytes));
    if (mode == GS_SYNC_GS) {
        if (!b->planned) { /* the plan, once a point: it may time a trial */
            GS_CK_OUT(gs_barrier_plan(&b->gs, b->state, pt->blocks, pt->threads, ao->form, 0));
            b->planned = 1;
        }
        a->gs = b->gs;
        a->gs.epoch = 0;
    }
out:
    return rc;
}

/* One launch of a, timed into *ms; the iterations it ran, its barrier
 * share, and whether the watchdog fired. */
static int run_launch(unsigned int mode, app_bufs *b, gs_app_args *a, app_row *r, double *ms, int *fired, char *err,
                      size_t n)
{
    cudaEvent_t t0 = NULL, t1 = NULL;
    unsigned long long cycles[2] = {0, 0};
    float f = 0.0f;
    int rc = 0;
    GS_CK_OUT((cudaError_t)gs_app_setup(a));
    GS_CK_OUT(cudaEventCreate(&t0));
    GS_CK_OUT(cudaEventCreate(&t1));
    if (a->dq) {
        GS_CK_OUT((cudaError_t)gs_app_run_async(a, t0, t1));
        memcpy(b->tune, a->tune, sizeof b->tune); /* the knobs it ran with, for the report */
    } else if (mode <= GS_SYNC_RELAUNCH_GRAPH)
        GS_CK_OUT((cudaError_t)gs_app_run_relaunch(a, mode == GS_SYNC_RELAUNCH_GRAPH, t0, t1));
    else
        GS_CK_OUT((cudaError_t)gs_app_run_persistent(a, t0, t1));
    GS_CK_OUT(gs_wait_launch(t1, GS_WAIT_LAUNCH_LIMIT_S(a->timeout_ns)));
    GS_CK_OUT(cudaEventElapsedTime(&f, t0, t1));
    *ms = f;
    GS_CK_OUT(gs_watchdog_fired(b->watchdog, fired));
    GS_CK_OUT(cudaMemcpy(&r->iters, b->iters_out, 4, cudaMemcpyDeviceToHost));
    GS_CK_OUT(cudaMemcpy(cycles, b->cycles, sizeof cycles, cudaMemcpyDeviceToHost));
    r->share = mode > GS_SYNC_RELAUNCH_GRAPH && cycles[1] ? (double)cycles[0] / (double)cycles[1] : -1.0;
out:
    events_destroy(t0, t1);
    return rc;
}

/* The run's output against the host's answer: r's verdict and detail. */
static int run_verify(const app_point *pt, const app_input *x, const app_bufs *b, app_row *r, char *err, size_t n)
{
    unsigned int *got = NULL;
    float *fgot = NULL;
    const unsigned int nv = x->have_graph ? x->g.n : 0u;
    int rc = 0;
    if (pt->program == GS_APP_SW)
        return sw_verify(b, r, err, n);
    if (pt->program == GS_APP_BITONIC)
        return bitonic_verify(b, r, err, n);
    if (pt->program == GS_APP_REDUCE || pt->program == GS_APP_REDUCE_FLOAT) {
        rc = reduce_verify(pt, b, (double)pt->blocks * pt->threads, r, err, n);
        goto out;
    }
    if (pt->program == GS_APP_PAGERANK) {
        if (!(fgot = malloc((size_t)nv * 4))) {
            snprintf(err, n, "out of host memory");
            rc = GS_EXIT_RUNTIME;
            goto out;
        }
        GS_CK_OUT(cudaMemcpy(fgot, (r->iters & 1u) ? b->rank1 : b->rank0, (size_t)nv * 4, cudaMemcpyDeviceToHost));
        if (r->iters + 2u < x->rank_iters || r->iters > x->rank_iters + 2u) { /* float against double: +-2 */
            r->verdict = GS_FAIL;
            snprintf(r->detail, sizeof r->detail, "%u iterations, the host's %u", r->iters, x->rank_iters);
        } else if (check_ranks(fgot, x->rank, nv, r->detail, sizeof r->detail))
            r->verdict = GS_FAIL;
        goto out;
    }
    if (!(got = malloc((size_t)nv * 4))) {
        snprintf(err, n, "out of host memory");
        rc = GS_EXIT_RUNTIME;
        goto out;
    }
    GS_CK_OUT(cudaMemcpy(got, b->dist, (size_t)nv * 4, cudaMemcpyDeviceToHost));
    if (pt->program == GS_APP_BFS || pt->program == GS_APP_BFS_TOPO) {
        if (check_exact("level", got, x->levels, nv, r->detail, sizeof r->detail))
            r->verdict = GS_FAIL;
    } else if (check_exact("distance", got, x->dist, nv, r->detail, sizeof r->detail))
        r->verdict = GS_FAIL;
    if ((r->mode == GS_SYNC_ASYNC || r->mode == GS_SYNC_ASYNC_BROKEN) && r->verdict == GS_PASS) {
        unsigned long long visits = 0; /* the work done: vertices relaxed, against those reached */
        unsigned int reached = 0;
        GS_CK_OUT(cudaMemcpy(&visits, b->ctl + GS_APP_ASYNC_VISITS, sizeof visits, cudaMemcpyDeviceToHost));
        for (unsigned int v = 0; v < nv; ++v)
            reached += got[v] != GS_UNREACHED;
        snprintf(r->detail, sizeof r->detail, "%llu vertices relaxed, %.2f a reached vertex; keep %u below %u, "
                 "precheck %u, idle %u ns", visits, reached ? (double)visits / reached : 0.0, b->tune[0], b->tune[1],
                 b->tune[2], b->tune[3]);
    }
out:
    free(got);
    free(fgot);
    return rc;
}

/* One run of (point, mode): reset, launch, fetch, verify.  *ms gets its time. */
static int run_once(const app_point *pt, unsigned int mode, const app_input *x, app_bufs *b, app_row *r, double *ms,
                    char *err, size_t n)
{
    gs_app_args a;
    int rc, fired = 0;
    if ((rc = run_args(pt, mode, x, b, &a, err, n)) || (rc = run_launch(mode, b, &a, r, ms, &fired, err, n)))
        return rc;
    if (fired) {
        r->verdict = GS_TIMEOUT;
        snprintf(r->detail, sizeof r->detail, "the watchdog ended the run after %.1f s", pt->timeout_s);
        return 0;
    }
    return run_verify(pt, x, b, r, err, n);
}

/* The host's answer for `program` on x, computed once. */
static int reference(const gs_app_options *ao, unsigned int program, app_input *x, char *err, size_t n)
{
    const gs_graph *g = &x->g;
    if ((program == GS_APP_BFS || program == GS_APP_BFS_TOPO) && !x->levels) {
        if (!(x->levels = malloc((size_t)g->n * 4)))
            goto oom;
        gs_ref_bfs(g, ao->source, x->levels);
    }
    if ((program == GS_APP_SSSP || program == GS_APP_SSSP_TOPO) && !x->dist) {
        if (!(x->dist = malloc((size_t)g->n * 4)))
            goto oom;
        if (gs_ref_sssp(g, ao->source, x->dist)) {
            snprintf(err, n, "%s: a shortest distance does not fit in 32 bits (or the host ran out of memory)",
                     g->name);
            return GS_EXIT_USAGE;
        }
    }
    if (program == GS_APP_PAGERANK && !x->rank) {
        if (!(x->rank = malloc((size_t)g->n * sizeof *x->rank)))
            goto oom;
        x->rank_iters = gs_ref_pagerank(g, &x->in, ao->damping, ao->tol, PR_MAX_ITERS, x->rank);
        if (x->rank_iters == 0)
            goto oom;
    }
    return 0;
oom:
    snprintf(err, n, "%s: out of host memory for the reference answer", g->name);
    return GS_EXIT_RUNTIME;
}

/* The modes `program` runs: those --sync names that apply to it, else all
 * of its own (every barrier mode; UTS: every lock). */
static unsigned int modes_of(const gs_app_options *ao, unsigned int program, unsigned int *modes)
{
    unsigned int k = 0;
    for (int i = 0; i < ao->nmodes; ++i) {
        unsigned int m = ao->modes[i], j;
        if (!gs_app_mode_applies(program, m))
            continue;
        if (m == GS_SYNC_BROKEN_NONE && program == GS_APP_UTS)
            m = GS_SYNC_UTS_NONE;
        else if (m == GS_SYNC_BROKEN_NONE && program == GS_APP_UTS_HS)
            m = GS_SYNC_HS_SHIPPED;
        for (j = 0; j < k && modes[j] != m; ++j)
            ;
        if (j == k)
            modes[k++] = m;
    }
    if (k == 0 && program == GS_APP_UTS)
        for (unsigned int m = GS_SYNC_UTS_SPIN; m < GS_SYNC_UTS_NONE; ++m)
            modes[k++] = m;
    else if (k == 0 && program == GS_APP_UTS_HS)
        modes[k++] = GS_SYNC_HS_SHIPPED, modes[k++] = GS_SYNC_HS_FIXED, modes[k++] = GS_SYNC_HS_TICKET;
    else if (k == 0)
        for (unsigned int m = 0; m < GS_SYNC_MODES; ++m)
            modes[k++] = m;
    if (k == GS_SYNC_MODES && ao->nmodes == 0 && gs_app_mode_applies(program, GS_SYNC_ASYNC))
        modes[k++] = GS_SYNC_ASYNC; /* none named: bfs and sssp also run without a barrier */
    return k;
}

/* Every mode of pt: rows appended to rows[*nrows]. */
static int run_point(const app_point *pt, app_input *x, app_row *rows, int *nrows, int progress, char *err, size_t n)
{
    const gs_app_options *ao = pt->opt;
    unsigned int modes[GS_SYNC_NAMES];
    unsigned int nm = modes_of(pt->opt, pt->program, modes);
    app_bufs b;
    int rc, first = *nrows;
    if ((rc = bufs_alloc(&b, pt, x, err, n)))
        goto out;
    if (pt->program == GS_APP_BITONIC) /* what a user would call instead, in the same run */
        modes[nm++] = GS_SYNC_CUB_RADIX, modes[nm++] = GS_SYNC_CUB_MERGE;
    else if (pt->program == GS_APP_REDUCE || pt->program == GS_APP_REDUCE_FLOAT)
        modes[nm++] = GS_SYNC_CUB_REDUCE;
    for (unsigned int k = 0; k < nm && *nrows < MAX_ROWS; ++k) {
        app_row *r = &rows[(*nrows)++];
        double t[MAX_REPEAT];
        memset(r, 0, sizeof *r);
        r->program = pt->program, r->mode = modes[k], r->per_sm = pt->per_sm, r->blocks = pt->blocks;
        r->threads = pt->threads, r->verdict = GS_PASS;
        if (x->have_graph) {
            snprintf(r->graph, sizeof r->graph, "%s", x->g.name);
            r->n = x->g.n, r->m = x->g.m;
        } else if (pt->program == GS_APP_SW) {
            snprintf(r->graph, sizeof r->graph, "%s", extra.name);
            r->n = extra.qlen, r->m = extra.tlen;
        } else if (pt->program == GS_APP_BITONIC) {
            snprintf(r->graph, sizeof r->graph, "%u keys of %u bits", extra.nkeys, extra.key_bits);
            r->n = extra.nkeys;
        } else if (pt->program == GS_APP_UTS) {
            snprintf(r->graph, sizeof r->graph, "tree %u:%u@%u%%", ao->root, ao->branch,
                     ao->fertility);
            r->n = (unsigned int)extra.uts_nodes;
        } else if (pt->program == GS_APP_UTS_HS) {
            snprintf(r->graph, sizeof r->graph, "hs tree %u@%u%% local %u", extra.hs.n,
                     ao->fertility_given ? ao->fertility : 90u, ao->local_stack);
            r->n = extra.hs.n;
        } else {
            snprintf(r->graph, sizeof r->graph, "%llu ints", pt->size);
            r->n = (unsigned int)pt->size;
        }
        if (progress)
            fprintf(stderr, "\r%-10s %-14s %2u/SM %-19s", gs_app_program_name(pt->program), r->graph, pt->per_sm,
                    gs_app_sync_name(modes[k]));
        unsigned int i;
        for (i = 0; i < pt->repeat && r->verdict == GS_PASS; ++i)
            if ((rc = modes[k] >= GS_SYNC_CUB_RADIX  ? run_cub(pt, modes[k], &b, r, &t[i], err, n)
                      : modes[k] >= GS_SYNC_ASYNC      ? run_once(pt, modes[k], x, &b, r, &t[i], err, n)
                      : modes[k] >= GS_SYNC_HS_SHIPPED ? run_uts_hs(pt, modes[k], &b, r, &t[i], err, n)
                      : modes[k] >= GS_SYNC_UTS_SPIN ? run_uts(pt, modes[k], &b, r, &t[i], err, n)
                                                     : run_once(pt, modes[k], x, &b, r, &t[i], err, n)))
                goto out;
        gs_stats_compute(t, (int)i, &r->ms);
    }
    for (int i = first; i < *nrows; ++i) /* the ratios to gridSync at this point */
        for (int j = first; j < *nrows; ++j)
            if (rows[j].mode == GS_SYNC_GRID && rows[j].verdict == GS_PASS && rows[i].verdict == GS_PASS)
                rows[i].vs_grid = rows[j].ms.median / rows[i].ms.median;
out:
    bufs_free(&b);
    return rc;
}

/* ---- the report ---- */

/* BFS and SSSP: millions of arcs a second; UTS: millions of nodes; bitonic
 * (and CUB's sorts beside it): millions of keys. */
static double mteps(const app_row *r)
{
    if (r->ms.median <= 0.0 ||
        (r->program > GS_APP_SSSP_TOPO && r->program != GS_APP_UTS && r->program != GS_APP_UTS_HS &&
         r->program != GS_APP_BITONIC))
        return 0.0;
    return (double)(r->program <= GS_APP_SSSP_TOPO ? r->m : r->n) / (r->ms.median * 1e3);
}

enum {
    A_PROGRAM, A_GRAPH, A_VERTICES, A_ARCS, A_PER_SM, A_BLOCKS, A_THREADS, A_SYNC, A_VERDICT, A_ITERS, A_MS, A_MS_MIN,
    A_MS_MAX, A_NOISE, A_US, A_SHARE, A_SHARE_T, A_MTEPS, A_MTEPS_T, A_X_GRID, A_X_GRID_T, A_DETAIL, A_DETAIL_T, A_COLS
};

static const gs_col app_cols[A_COLS] = {
    [A_PROGRAM] = {"program", GS_COL_ALL, NULL, "program", -9, NULL, NULL},
    [A_GRAPH] = {"graph", GS_COL_ALL | GS_COL_QUOTE, NULL, "graph", -14, NULL, NULL}, /* (as wide as the longest) */
    [A_VERTICES] = {"vertices", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [A_ARCS] = {"arcs", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [A_PER_SM] = {"blocks_per_sm", GS_COL_ALL, "%.0f", "TB/SM", 5, NULL, NULL},
    [A_BLOCKS] = {"blocks", GS_COL_ALL, "%.0f", "blocks", 6, NULL, NULL},
    [A_THREADS] = {"threads", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [A_SYNC] = {"sync", GS_COL_ALL, NULL, "sync", -19, NULL, "  "},
    [A_VERDICT] = {"verdict", GS_COL_ALL, NULL, "verdict", -7, NULL, NULL},
    [A_ITERS] = {"iterations", GS_COL_ALL, "%.0f", "iters", 6, NULL, NULL},
    [A_MS] = {"ms_median", GS_COL_ALL, "%.4f", "ms", 10, "%.3f", NULL},
    [A_MS_MIN] = {"ms_min", GS_COL_DATA, "%.4f", NULL, 0, NULL, NULL},
    [A_MS_MAX] = {"ms_max", GS_COL_DATA, "%.4f", NULL, 0, NULL, NULL},
    [A_NOISE] = {"noise_pct", GS_COL_ALL, "%.2f", "noise", 6, "%5.1f%%", NULL},
    [A_US] = {"us_per_iter", GS_COL_ALL, "%.3f", "us/iter", 9, "%.2f", NULL},
    [A_SHARE] = {"sync_share", GS_COL_DATA, "%.4f", NULL, 0, NULL, NULL},
    [A_SHARE_T] = {NULL, GS_COL_TABLE, "%.0f%%", "sync%", 6, NULL, NULL},
    [A_MTEPS] = {"mteps", GS_COL_DATA, "%.1f", NULL, 0, NULL, NULL},
    [A_MTEPS_T] = {NULL, GS_COL_TABLE, "%.0f", "M/s", 7, NULL, NULL},
    [A_X_GRID] = {"x_gridsync", GS_COL_DATA, "%.3f", NULL, 0, NULL, NULL},
    [A_X_GRID_T] = {NULL, GS_COL_TABLE, "%.2f", "x grid", 6, NULL, NULL},
    [A_DETAIL] = {"detail", GS_COL_DATA | GS_COL_QUOTE, NULL, NULL, 0, NULL, NULL},
    [A_DETAIL_T] = {NULL, GS_COL_TABLE, NULL, NULL, 0, NULL, ""},
};

static void report_row(const gs_meta *m, const void *rows, int i, gs_cell *c)
{
    const app_row *r = (const app_row *)rows + i;
    (void)m;
    c[A_PROGRAM] = gs_text(gs_app_program_name(r->program));
    c[A_GRAPH] = gs_text(r->graph);
    c[A_VERTICES] = gs_num(r->n), c[A_ARCS] = gs_num(r->m);
    c[A_PER_SM] = gs_num(r->per_sm), c[A_BLOCKS] = gs_num(r->blocks), c[A_THREADS] = gs_num(r->threads);
    c[A_SYNC] = gs_text(gs_app_sync_name(r->mode));
    c[A_VERDICT] = gs_text(gs_verdict_name(r->verdict));
    c[A_ITERS] = gs_num(r->iters);
    c[A_MS] = gs_num(r->ms.median), c[A_MS_MIN] = gs_num(r->ms.min), c[A_MS_MAX] = gs_num(r->ms.max);
    c[A_NOISE] = gs_num(r->ms.noise_pct);
    c[A_US] = gs_num(r->iters ? r->ms.median * 1e3 / r->iters : 0.0);
    c[A_SHARE] = r->share >= 0.0 ? gs_num(r->share) : gs_none();
    c[A_SHARE_T] = r->share >= 0.0 ? gs_num(100.0 * r->share) : gs_none();
    c[A_MTEPS] = gs_num(mteps(r));
    c[A_MTEPS_T] = mteps(r) > 0.0 ? gs_num(mteps(r)) : gs_none();
    c[A_X_GRID] = gs_num(r->vs_grid);
    c[A_X_GRID_T] = r->vs_grid > 0.0 ? gs_num(r->vs_grid) : gs_none();
    c[A_DETAIL] = gs_text(r->detail);
    c[A_DETAIL_T] = gs_textf("%s%s", r->detail[0] ? "  " : "", r->detail);
}

static int report(enum gs_format fmt, const gs_meta *m, const app_row *rows, int nrows, char *err, size_t n)
{
    gs_col cols[A_COLS];
    const gs_schema schema = {"app", cols, A_COLS, NULL, NULL, 0};
    memcpy(cols, app_cols, sizeof cols);
    for (int i = 0; i < nrows; ++i) /* the graph column: as wide as its longest entry */
        if ((int)strlen(rows[i].graph) > -cols[A_GRAPH].width)
            cols[A_GRAPH].width = -(int)strlen(rows[i].graph);
    return gs_print(stdout, fmt, m, &schema, rows, nrows, report_row, err, n);
}

/* ---- the command ---- */

/* The broken twin and the fence-less barriers: a FAIL or TIMEOUT is their finding. */
static int unordered(unsigned int mode)
{
    return (mode >= GS_SYNC_MODES && mode < GS_SYNC_ALL_MODES) || mode == GS_SYNC_UTS_NONE ||
           mode == GS_SYNC_HS_SHIPPED || mode == GS_SYNC_ASYNC_BROKEN;
}

/* Every point can run: each kernel admits its blocks per SM. */
static int check_points(const gs_options *o, const gs_device_info *dev, const unsigned int *per_sm, int npts,
                        char *err, size_t n)
{
    const gs_app_options *ao = gs_app_own(o);
    unsigned int modes[GS_SYNC_NAMES];
    for (int p = 0; p < ao->nprograms; ++p)
        for (unsigned int k = 0, nm = modes_of(ao, ao->programs[p], modes); k < nm; ++k) {
            int fit = 0;
            const unsigned int prog = ao->programs[p];
            cudaError_t e = (cudaError_t)(prog == GS_APP_UTS      ? gs_app_uts_occupancy(o->threads, &fit)
                                          : prog == GS_APP_UTS_HS ? gs_uts_hs_occupancy(o->threads, &fit)
                                          : modes[k] == GS_SYNC_ASYNC || modes[k] == GS_SYNC_ASYNC_BROKEN
                                              ? gs_app_async_occupancy(o->threads, &fit)
                                                                  : gs_app_occupancy(prog, ao->key_bits,
                                                                                     modes[k], o->threads, &fit));
            if (e != cudaSuccess) {
                snprintf(err, n, "CUDA: app: occupancy: %s", cudaGetErrorName(e));
                return GS_EXIT_RUNTIME;
            }
            for (int i = 0; i < npts; ++i)
                if (per_sm[i] > (unsigned int)fit) {
                    snprintf(err, n, "%u blocks of %u threads per SM do not fit: %s%s with %s admits %d on %s",
                             per_sm[i], o->threads, gs_app_program_name(prog),
                             prog == GS_APP_BITONIC && ao->key_bits == 64u ? " (64-bit keys)" : "",
                             gs_app_sync_name(modes[k]), fit, dev->name);
                    return GS_EXIT_USAGE;
                }
        }
    return 0;
}

int gs_app_command(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
{
    const gs_app_options *ao = gs_app_own(o);
    static app_row rows[MAX_ROWS];
    static const unsigned int default_per_sm[] = {1, 2, 4, 8, 16};
    unsigned int per_sm[64];
    int npts = 0, nrows = 0, rc = 0, need_in = 0, need_sssp = 0, any_graph = 0;
    const int progress = isatty(STDERR_FILENO);
    app_input x;
    char loaded[1024] = "";
    memset(&x, 0, sizeof x);
    if (o->ntbs_per_sm)
        for (int i = 0; i < o->ntbs_per_sm; ++i)
            per_sm[npts++] = o->tbs_per_sm[i];
    else
        for (size_t i = 0; i < sizeof default_per_sm / sizeof default_per_sm[0]; ++i)
            per_sm[npts++] = default_per_sm[i];
    if ((rc = check_points(o, dev, per_sm, npts, err, n)))
        return rc;
    if ((size_t)npts * (size_t)ao->nprograms * (GS_SYNC_NAMES + 2u) > MAX_ROWS) {
        snprintf(err, n, "app: %d points x %d programs may give more than %d rows; run fewer at once", npts,
                 ao->nprograms, MAX_ROWS);
        return GS_EXIT_USAGE;
    }
    for (int p = 0; p < ao->nprograms; ++p) {
        const unsigned int prog = ao->programs[p];
        need_in |= prog == GS_APP_PAGERANK;
        need_sssp |= prog == GS_APP_SSSP || prog == GS_APP_SSSP_TOPO;
        any_graph |= is_graph_program(prog);
    }
    for (int i = 0; i < npts && rc == 0; ++i) {
        app_point pt;
        memset(&pt, 0, sizeof pt);
        pt.opt = ao;
        pt.per_sm = per_sm[i], pt.blocks = per_sm[i] * (unsigned int)dev->sm_count, pt.threads = o->threads;
        pt.groups = (unsigned int)dev->sm_count < pt.blocks ? (unsigned int)dev->sm_count : pt.blocks;
        pt.timeout_s = o->timeout_s, pt.repeat = o->repeat;
        if (any_graph && strcmp(loaded, graph_for(ao, per_sm[i])) != 0) {
            input_free(&x);
            snprintf(loaded, sizeof loaded, "%s", graph_for(ao, per_sm[i]));
            if ((rc = input_load(ao, &x, loaded, need_in, need_sssp, progress, err, n)))
                break;
        }
        for (int p = 0; p < ao->nprograms && rc == 0; ++p) {
            pt.program = ao->programs[p];
            if (pt.program == GS_APP_SW || pt.program == GS_APP_BITONIC || pt.program == GS_APP_UTS ||
                pt.program == GS_APP_UTS_HS) {
                app_input none;
                memset(&none, 0, sizeof none);
                if ((rc = pt.program == GS_APP_SW        ? sw_prepare(ao, err, n)
                          : pt.program == GS_APP_BITONIC ? bitonic_prepare(ao, err, n)
                          : pt.program == GS_APP_UTS_HS  ? uts_hs_prepare(ao, pt.blocks, err, n)
                                                         : uts_prepare(ao, err, n)) == 0)
                    rc = run_point(&pt, &none, rows, &nrows, progress, err, n);
            } else if (pt.program == GS_APP_REDUCE || pt.program == GS_APP_REDUCE_FLOAT) {
                app_input none;
                memset(&none, 0, sizeof none);
                pt.size = ao->size ? ao->size : (1ull << 20) * per_sm[i];
                pt.expected = reduce_expected(pt.size);
                rc = run_point(&pt, &none, rows, &nrows, progress, err, n);
            } else if ((rc = reference(ao, pt.program, &x, err, n)) == 0)
                rc = run_point(&pt, &x, rows, &nrows, progress, err, n);
        }
    }
    if (progress)
        fprintf(stderr, "\r%70s\r", "");
    input_free(&x);
    extra_free();
    if (rc)
        return rc;
    if ((rc = report(o->format, meta, rows, nrows, err, n)))
        return rc;
    for (int i = 0; i < nrows; ++i) /* a FAIL is an error; fxLockBarrier may deadlock (TIMEOUT) */
        if (!unordered(rows[i].mode) && (rows[i].verdict == GS_FAIL ||
                                         (rows[i].verdict == GS_TIMEOUT && rows[i].mode != GS_SYNC_FX_LOCK))) {
            snprintf(err, n, "app: %s with %s at %u blocks/SM: %s: %s", gs_app_program_name(rows[i].program),
                     gs_app_sync_name(rows[i].mode), rows[i].per_sm, gs_verdict_name(rows[i].verdict),
                     rows[i].detail);
            return GS_EXIT_RUNTIME;
        }
    return 0;
}
