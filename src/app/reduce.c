/* reduce.c: Reduce, a sum of 32-bit integers (one strided pass, then
 * halving stages), and reduce-float, its stages in single precision on the
 * same input / 2^16; beside them CUB's DeviceReduce::Sum of the same terms. */
#include "app/program.h"
#include "core/cuda_check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* CUB's reduction's longest chain: blocks of 256 threads, then a pass over
 * their partial sums; taken as 128 threads. */
#define CUB_SUM_CHAINS 128.0

typedef struct reduce {
    unsigned long long size, expected; /* the point's elements and their exact sum */
    unsigned int *in;
    float *terms; /* reduce-float's, for CUB's sum */
    unsigned long long *part;
} reduce;

static int single(const gs_app_ctx *c)
{
    return c->prog->kernel == GS_APP_REDUCE_FLOAT;
}

static int prepare(gs_app_ctx *c, char *err, size_t n)
{
    reduce *d = c->st;
    int rc = 0;
    (void)err, (void)n;
    d->size = c->opt->size ? c->opt->size : (1ull << 20) * c->per_sm;
    d->expected = 0;
    for (unsigned long long i = 0; i < d->size; ++i)
        d->expected += gs_app_reduce_value(i);
    GS_CK_OUT(cudaMalloc((void **)&d->part, (size_t)c->blocks * c->threads * 8));
    GS_CK_OUT(cudaMalloc((void **)&d->in, d->size * 4));
    if (single(c))
        GS_CK_OUT(cudaMalloc((void **)&d->terms, d->size * 4));
    GS_CK_OUT((cudaError_t)gs_app_fill_reduce(d->in, d->terms, d->size));
out:
    return rc;
}

static void describe(const gs_app_ctx *c, gs_app_row *r)
{
    const reduce *d = c->st;
    snprintf(r->graph, sizeof r->graph, "%llu ints", d->size);
    r->n = (unsigned int)d->size;
}

static int args(gs_app_ctx *c, gs_app_args *a, char *err, size_t n)
{
    reduce *d = c->st;
    (void)err, (void)n;
    a->size = d->size, a->in = d->in, a->part = d->part, a->max_iters = 64u;
    return 0;
}

/* part[0] against the exact sum; reduce-float: within the bound of a float
 * sum whose longest chain of additions is `chains` threads' terms in a row
 * plus their stages plus 1. */
static int check(gs_app_ctx *c, double chains, gs_app_row *r, char *err, size_t n)
{
    reduce *d = c->st;
    int rc = 0;
    (void)err, (void)n;
    if (single(c)) {
        const double exact = (double)d->expected / 65536.0;
        const double k = ceil((double)d->size / chains) + ceil(log2(chains)) + 1.0;
        const double bound = k * ldexp(1.0, -24) * exact;
        float f = 0.0f;
        GS_CK_OUT(cudaMemcpy(&f, d->part, 4, cudaMemcpyDeviceToHost));
        if (!(fabs((double)f - exact) <= bound)) {
            r->verdict = GS_FAIL;
            snprintf(r->detail, sizeof r->detail, "sum %.9g, the host's %.9g: off by more than %.3g", (double)f,
                     exact, bound);
        }
    } else {
        unsigned long long sum = 0;
        GS_CK_OUT(cudaMemcpy(&sum, d->part, 8, cudaMemcpyDeviceToHost));
        if (sum != d->expected) {
            r->verdict = GS_FAIL;
            snprintf(r->detail, sizeof r->detail, "sum %llu, the host's %llu", sum, d->expected);
        }
    }
out:
    return rc;
}

static int verify(gs_app_ctx *c, const gs_app_args *a, gs_app_row *r, char *err, size_t n)
{
    (void)a;
    return check(c, (double)c->blocks * c->threads, r, err, n);
}

/* The barrier modes, and CUB's sum of the same terms (reduce-float's as floats). */
static int run(gs_app_ctx *c, unsigned int mode, gs_app_row *r, double *ms, char *err, size_t n)
{
    reduce *d = c->st;
    cudaEvent_t t0 = NULL, t1 = NULL;
    float f = 0.0f;
    int rc = 0;
    if (mode != GS_SYNC_CUB_REDUCE)
        return gs_app_run_barrier(c, mode, r, ms, err, n);
    r->share = -1.0;
    GS_CK_OUT(cudaEventCreate(&t0));
    GS_CK_OUT(cudaEventCreate(&t1));
    GS_CK_OUT(cudaMemset(d->part, 0, 8));
    GS_CK_OUT((cudaError_t)gs_app_cub_sum(single(c), single(c) ? (const void *)d->terms : d->in, d->part,
                                          (unsigned int)d->size, t0, t1));
    GS_CK_OUT(cudaEventElapsedTime(&f, t0, t1));
    *ms = f;
    rc = check(c, CUB_SUM_CHAINS, r, err, n);
out:
    gs_app_events_destroy(t0, t1);
    return rc;
}

static void release(gs_app_ctx *c)
{
    reduce *d = c->st;
    cudaFree(d->in), cudaFree(d->terms), cudaFree(d->part);
    memset(d, 0, sizeof *d);
}

#define REDUCE(id, name_, summary_)                                                                                \
    {.name = name_, .summary = summary_, .kernel = id, .takes = GS_SYNC_BARRIER_TAKES, .own = GS_SYNC_BARRIERS,   \
     .peers = GS_SYNC_BIT(GS_SYNC_CUB_REDUCE), .twin = GS_SYNC_BROKEN_NONE, .unit = GS_APP_UNIT_NONE,            \
     .state_bytes = sizeof(reduce), .occupancy = gs_app_barrier_occupancy, .prepare = prepare,                    \
     .describe = describe, .args = args, .verify = verify, .run = run, .release = release, .free = release}

const gs_app_program gs_app_reduce = REDUCE(GS_APP_REDUCE, "reduce",
                                            "a sum of 32-bit integers (--size): one strided pass, then halving stages");
const gs_app_program gs_app_reduce_float = REDUCE(GS_APP_REDUCE_FLOAT, "reduce-float",
                                                  "Reduce's stages in single precision, on the same input / 2^16");
