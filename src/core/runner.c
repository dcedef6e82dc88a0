/* runner.c: one configuration from allocation to verdict, the same for
 * every family: allocate, prepare (the family's), launch through gs_launch,
 * time, verify against the family's golden model, summarise. */
#include "core/runner.h"

#include "core/cuda_check.h"
#include "core/family.h"
#include "core/stats.h"

#include "gsync/host.h"
#include "gsync/watchdog.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Largest cluster tried for primitives launched in clusters (portable). */
#define CLUSTER_MAX 8u

typedef struct buffers {
    void *state, *watchdog;
    unsigned int *data, *check;
    size_t state_bytes, data_bytes, check_words;
    cudaEvent_t t0, t1;
} buffers;

static int alloc_buffers(const gs_config *c, buffers *b, char *err, size_t n)
{
    const gs_family *f = c->prim->family;
    memset(b, 0, sizeof *b);
    b->state_bytes = f->state_bytes(c);
    b->data_bytes = f->data_words(c) * sizeof(unsigned int);
    GS_CK(cudaMalloc(&b->state, b->state_bytes));
    GS_CK(cudaMalloc(&b->watchdog, sizeof(gs_watchdog_t)));
    GS_CK(cudaMalloc((void **)&b->data, b->data_bytes ? b->data_bytes : 4u));
    b->check_words = f->check_words ? f->check_words(c) : GS_CHECK_WORDS;
    GS_CK(cudaMalloc((void **)&b->check, b->check_words * sizeof(unsigned int)));
    GS_CK(cudaEventCreate(&b->t0));
    GS_CK(cudaEventCreate(&b->t1));
    return GS_EXIT_OK;
}

static void free_buffers(buffers *b)
{
    cudaFree(b->state);
    cudaFree(b->watchdog);
    cudaFree(b->data);
    cudaFree(b->check);
    if (b->t0)
        cudaEventDestroy(b->t0);
    if (b->t1)
        cudaEventDestroy(b->t1);
}

/* --wrap: how far short of 2^32 the counters of a launch of `iters`
 * operations per block start (the family's init sets them); 0: from 0. */
static unsigned int wrap_of(const gs_config *c, unsigned int iters)
{
    const gs_family *f = c->prim->family;
    return c->wrap && (c->prim->flags & GS_PRIM_WRAP) && f->wrap ? f->wrap(c, iters) : 0u;
}

/* The family's note, then what --wrap did. */
static void note_wrap(const gs_config *c, gs_result *r)
{
    const size_t len = strlen(r->detail);
    const unsigned int w = wrap_of(c, c->prim->family->launch_iters(c, 1));
    if (!c->wrap)
        return;
    if (w)
        snprintf(r->detail + len, sizeof r->detail - len, "%s--wrap: counters %u short of their wrap", len ? "; " : "", w);
    else
        snprintf(r->detail + len, sizeof r->detail - len, "%sno counter: --wrap leaves it as it is", len ? "; " : "");
}

/* The arguments every launch of c shares; the family fills its parameters. */
static int prepare(const gs_config *c, buffers *b, gs_bench_args *a, gs_result *r, char *err, size_t n)
{
    unsigned int resident = 0u;
    memset(a, 0, sizeof *a);
    a->state = b->state;
    a->data = b->data;
    a->check = b->check;
    a->watchdog = b->watchdog;
    a->timeout_ns = c->timeout_ns;
    a->ldst = c->ldst;
    a->blocks = c->blocks;
    a->threads = c->threads;
    a->cluster = 1u;
    if (c->prim->launch == GS_LAUNCH_CLUSTERS) {
        const int want = c->prim->family->cluster_size ? c->prim->family->cluster_size(c->fopt, c->prim) : 0;
        GS_CK(gs_cluster_pick(c->prim->kernels->kernel, c->blocks, c->threads, 0,
                              want ? (unsigned int)want : CLUSTER_MAX, &a->cluster, &resident));
        if (want && a->cluster != (unsigned int)want) {
            snprintf(err, n, "%s: %u blocks cannot run in clusters of %d here", c->prim->name, c->blocks, want);
            return GS_EXIT_RUNTIME;
        }
        if (a->cluster > 1u && resident < c->blocks)
            snprintf(r->detail, sizeof r->detail, "clusters of %u: %u of %u blocks resident at once", a->cluster,
                     resident, c->blocks);
    }
    r->cluster = a->cluster;
    GS_CK(cudaMemset(b->state, 0, b->state_bytes));
    GS_CK(c->prim->family->prepare(c, a, r->detail[0] ? NULL : r->detail, r->detail[0] ? 0 : sizeof r->detail));
    note_wrap(c, r);
    return GS_EXIT_OK;
}

/* One launch.  *ms gets its time; *timed_out whether the watchdog fired.
 * The data starts as `init` (zeros when NULL); with `check` given, `data`
 * and `check` come back filled with what the launch left. */
static int launch_once(const gs_config *c, buffers *b, gs_bench_args *a, int sync, int verifying, double *ms,
                       int *timed_out, const unsigned int *init, unsigned int *data, unsigned int *check, char *err,
                       size_t n)
{
    float f = 0.0f;
    GS_CK(cudaMemset(b->state, 0, b->state_bytes));
    if (init)
        GS_CK(cudaMemcpy(b->data, init, b->data_bytes, cudaMemcpyHostToDevice));
    else
        GS_CK(cudaMemset(b->data, 0, b->data_bytes));
    GS_CK(cudaMemset(b->check, 0, b->check_words * sizeof(unsigned int)));
    GS_CK(cudaMemset(b->watchdog, 0, sizeof(gs_watchdog_t))); /* launches that arm none read as not fired */
    a->iters = c->prim->family->launch_iters(c, verifying);
    a->wrap = wrap_of(c, a->iters);
    a->sync = sync;
    a->check_exclusion = verifying;
    GS_CK(gs_launch(c->prim->kernels, c->prim->launch, a, b->t0, b->t1));
    GS_CK(gs_wait_launch(b->t1, GS_WAIT_LAUNCH_LIMIT_S(c->timeout_ns)));
    GS_CK(cudaGetLastError());
    GS_CK(cudaEventElapsedTime(&f, b->t0, b->t1));
    *ms = f;
    GS_CK(gs_watchdog_fired(b->watchdog, timed_out));
    if (check) {
        GS_CK(cudaMemcpy(data, b->data, b->data_bytes, cudaMemcpyDeviceToHost));
        GS_CK(cudaMemcpy(check, b->check, b->check_words * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    }
    return GS_EXIT_OK;
}

/* A FAIL's or TIMEOUT's reason, then the family's note (which form ran). */
static void note_verdict(gs_result *r, const char *why)
{
    char note[sizeof r->detail];
    snprintf(note, sizeof note, "%s", r->detail);
    snprintf(r->detail, sizeof r->detail, note[0] ? "%s (%s)" : "%s", why, note);
}

static int measure(const gs_config *c, buffers *b, gs_bench_args *a, gs_result *r, const unsigned int *init,
                   unsigned int *data, unsigned int *check, double *ms, char *err, size_t n)
{
    const gs_family *f = c->prim->family;
    const double per_op = 1e6 / f->ops_per_launch(c); /* ms -> ns per operation */
    char detail[sizeof r->detail] = "";
    gs_stats s;
    int i, rc, timed_out = 0;

    /* the verifying launch (also the warm-up), untimed; then the timed
     * launches, each checked against the golden model on its data */
    if ((rc = launch_once(c, b, a, 1, 1, &ms[0], &timed_out, init, data, check, err, n)))
        return rc;
    for (i = 0; i <= (int)c->repeat && !timed_out; ++i) {
        if (f->verify(c, data, check, i == 0, detail, sizeof detail)) {
            r->verdict = GS_FAIL;
            note_verdict(r, detail);
            return GS_EXIT_OK;
        }
        if (i == (int)c->repeat)
            break;
        if ((rc = launch_once(c, b, a, 1, 0, &ms[i], &timed_out, init, data, check, err, n)))
            return rc;
    }
    if (timed_out) {
        r->verdict = GS_TIMEOUT;
        snprintf(detail, sizeof detail, "watchdog fired after %.3f s", c->timeout_ns * 1e-9);
        note_verdict(r, detail);
        return GS_EXIT_OK;
    }
    if (detail[0] && !r->detail[0]) /* what the last check saw, when the family tells it on a pass */
        snprintf(r->detail, sizeof r->detail, "%s", detail);
    gs_stats_compute(ms, (int)c->repeat, &s);
    r->ns_median = s.median * per_op;
    r->ns_min = s.min * per_op;
    r->ns_max = s.max * per_op;
    r->noise_pct = s.noise_pct;
    /* the body alone: the same accesses with no primitive (races allowed) */
    for (i = 0; i < (int)c->repeat && !f->no_body; ++i)
        if ((rc = launch_once(c, b, a, 0, 0, &ms[i], &timed_out, init, data, NULL, err, n)))
            return rc;
    if (!f->no_body) {
        gs_stats_compute(ms, (int)c->repeat, &s);
        r->body_ns = s.median * per_op;
    }
    r->verdict = GS_PASS;
    return GS_EXIT_OK;
}

int gs_run_config(const gs_config *c, gs_result *r, char *err, size_t n)
{
    const gs_family *f = c->prim->family;
    const size_t words = f->data_words(c);
    buffers b;
    gs_bench_args a;
    unsigned int *data = malloc(words * sizeof(unsigned int) + 4u), *init = NULL;
    double *ms = malloc(((size_t)c->repeat + 1) * sizeof(double));
    int rc;
    memset(r, 0, sizeof *r);
    r->cfg = *c;
    if (f->init_data) /* the initial data, computed once */
        init = malloc(words * sizeof(unsigned int) + 4u);
    if (!data || !ms || (f->init_data && !init)) {
        free(data);
        free(ms);
        free(init);
        snprintf(err, n, "out of host memory");
        return GS_EXIT_RUNTIME;
    }
    if (init)
        f->init_data(c, init);
    rc = alloc_buffers(c, &b, err, n);
    if (rc == GS_EXIT_OK)
        rc = prepare(c, &b, &a, r, err, n);
    if (rc == GS_EXIT_OK) {
        unsigned int *check = malloc(b.check_words * sizeof(unsigned int));
        if (!check) {
            snprintf(err, n, "out of host memory");
            rc = GS_EXIT_RUNTIME;
        } else
            rc = measure(c, &b, &a, r, init, data, check, ms, err, n);
        free(check);
    }
    free_buffers(&b);
    free(data);
    free(init);
    free(ms);
    return rc;
}
