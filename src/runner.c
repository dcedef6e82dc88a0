#include "runner.h"

#include "bench_kernels.h"
#include "golden.h"
#include "prims.h"
#include "stats.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct buffers {
    void *state, *watchdog;
    unsigned int *data, *check;
    size_t state_bytes, data_bytes;
    cudaEvent_t t0, t1;
    unsigned int cluster; /* blocks per cluster of every launch; 1: none */
} buffers;

#define CK(call)                                                                                 \
    do {                                                                                         \
        cudaError_t e_ = (call);                                                                 \
        if (e_ != cudaSuccess) {                                                                 \
            snprintf(err, n, "CUDA: %s: %s", #call, cudaGetErrorString(e_));                     \
            return GS_EXIT_RUNTIME;                                                              \
        }                                                                                        \
    } while (0)

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Waits for the launch; the watchdog ends a stuck kernel by itself, and this
 * host-side limit only guards against a watchdog that failed. */
static int wait_event(cudaEvent_t ev, double limit_s, char *err, size_t n)
{
    const double end = now_s() + limit_s;
    cudaError_t e;
    while ((e = cudaEventQuery(ev)) == cudaErrorNotReady) {
        if (now_s() > end) {
            snprintf(err, n, "a kernel did not end %.0f s past its watchdog deadline; giving up", limit_s);
            return GS_EXIT_RUNTIME;
        }
        struct timespec ts = {0, 200000};
        nanosleep(&ts, NULL);
    }
    CK(e);
    return GS_EXIT_OK;
}

/* Words per thread of the guarded data: semaphore writers write more. */
static unsigned int words_per_thread(const gs_config *c)
{
    return c->prim->family_id == GS_FAMILY_SEM ? GS_SEM_WRITE_FACTOR * c->ldst : c->ldst;
}

/* Words of data: barriers have a region per block, and their stamps. */
static size_t data_words(const gs_config *c)
{
    if (c->prim->family_id == GS_FAMILY_BARRIER)
        return (size_t)c->blocks * c->ldst * c->threads + 2u * (size_t)c->blocks;
    return (size_t)c->threads * words_per_thread(c);
}

/* HeteroSync's barrier groups: one per SM, or one per block when fewer. */
static unsigned int groups_of(const gs_config *c)
{
    return c->sm_count && c->sm_count < c->blocks ? c->sm_count : c->blocks;
}

/* Barriers verify over at least this many episodes (a sanitizer's test
 * build may lower it: under racecheck an episode takes milliseconds). */
#ifndef GS_BARRIER_VERIFY_EPISODES
#define GS_BARRIER_VERIFY_EPISODES 10000u
#endif

static unsigned int launch_iters(const gs_config *c, int verifying)
{
    if (verifying && c->prim->family_id == GS_FAMILY_BARRIER && c->iters < GS_BARRIER_VERIFY_EPISODES)
        return GS_BARRIER_VERIFY_EPISODES;
    return c->iters;
}

/* The data version a barrier launch leaves: LocalExch writes two an episode
 * when groups have more than one block. */
static unsigned int final_version(const gs_config *c, unsigned int episodes, unsigned int groups)
{
    return c->prim->exchange && groups < c->blocks ? 2u * episodes : episodes;
}

/* Operations one launch times: critical sections, or barrier episodes. */
static double ops_per_launch(const gs_config *c)
{
    return c->prim->family_id == GS_FAMILY_BARRIER ? (double)c->iters : (double)c->blocks * c->iters;
}

static int alloc_buffers(const gs_config *c, buffers *b, char *err, size_t n)
{
    memset(b, 0, sizeof *b);
    b->state_bytes = gs_mutex_state_bytes(c->blocks); /* covers every primitive; gsBarrier checked below */
    if (b->state_bytes < gs_barrier_gs_state_bytes(c->blocks))
        b->state_bytes = gs_barrier_gs_state_bytes(c->blocks);
    b->data_bytes = data_words(c) * sizeof(unsigned int);
    CK(cudaMalloc(&b->state, b->state_bytes));
    CK(cudaMalloc(&b->watchdog, GS_WATCHDOG_BYTES));
    CK(cudaMalloc((void **)&b->data, b->data_bytes));
    CK(cudaMalloc((void **)&b->check, GS_CHECK_WORDS * sizeof(unsigned int)));
    CK(cudaEventCreate(&b->t0));
    CK(cudaEventCreate(&b->t1));
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

/* One launch.  *ms gets its time; *timed_out whether the watchdog fired.
 * The data starts as `init` (zeros when NULL); with `check` given, `data`
 * and `check` come back filled with what the launch left. */
static int launch_once(const gs_config *c, buffers *b, int sync, int check_exclusion, double *ms, int *timed_out,
                       const unsigned int *init, unsigned int *data, unsigned int *check, char *err, size_t n)
{
    gs_bench_args a;
    unsigned int wd[4];
    float f = 0.0f;
    int rc;
    CK(cudaMemset(b->state, 0, b->state_bytes));
    if (init)
        CK(cudaMemcpy(b->data, init, b->data_bytes, cudaMemcpyHostToDevice));
    else
        CK(cudaMemset(b->data, 0, b->data_bytes));
    CK(cudaMemset(b->check, 0, GS_CHECK_WORDS * sizeof(unsigned int)));
    CK(cudaMemset(b->watchdog, 0, GS_WATCHDOG_BYTES)); /* launches that arm no watchdog read as not fired */
    memset(&a, 0, sizeof a);
    a.state = b->state;
    a.nslots = gs_mutex_slots(c->blocks);
    a.data = b->data;
    a.ldst = c->ldst;
    a.iters = launch_iters(c, check_exclusion);
    a.check = b->check;
    a.watchdog = b->watchdog;
    a.timeout_ns = c->timeout_ns;
    a.sync = sync;
    a.check_exclusion = check_exclusion;
    a.groups = groups_of(c);
    a.sem_size = c->prim->sem_size;
    a.writer_every = c->group;
    a.backoff = c->prim->backoff;
    a.blocks = c->blocks;
    a.threads = c->threads;
    a.cluster = b->cluster;
    CK((cudaError_t)c->prim->launch(&a, b->t0, b->t1));
    if ((rc = wait_event(b->t1, c->timeout_ns * 1e-9 + 30.0, err, n)))
        return rc;
    CK(cudaGetLastError());
    CK(cudaEventElapsedTime(&f, b->t0, b->t1));
    *ms = f;
    CK(cudaMemcpy(wd, b->watchdog, sizeof wd, cudaMemcpyDeviceToHost));
    *timed_out = wd[2] != 0; /* gs_watchdog_t: deadline (2 words), abort */
    if (check) {
        CK(cudaMemcpy(data, b->data, b->data_bytes, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(check, b->check, GS_CHECK_WORDS * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    }
    return GS_EXIT_OK;
}

/* The golden check of one launch; `counted` for the verifying launch. */
static int verify(const gs_config *c, const unsigned int *data, const unsigned int *check, int counted, char *detail,
                  size_t n)
{
    if (c->prim->family_id == GS_FAMILY_BARRIER)
        return gs_golden_barrier_check(data, c->blocks, c->threads, c->ldst,
                                       final_version(c, launch_iters(c, counted), groups_of(c)),
                                       check[GS_CHECK_VIOLATIONS], check[GS_CHECK_LAST_BAD], detail, n);
    if (c->prim->family_id == GS_FAMILY_SEM) {
        const gs_sem_counts counts = {check[GS_CHECK_VIOLATIONS], check[GS_CHECK_ENTERED], check[GS_CHECK_LEFT]};
        return gs_golden_sem_check(data, c->threads, words_per_thread(c), check[GS_CHECK_TORN],
                                   check[GS_CHECK_LAST_STAMP], counted ? &counts : NULL, c->blocks, c->iters,
                                   c->group, detail, n);
    } else {
        const gs_mutex_counts counts = {check[GS_CHECK_CS_COUNT], check[GS_CHECK_VIOLATIONS]};
        return gs_golden_mutex_check(data, c->threads * (size_t)c->ldst, counted ? &counts : NULL, c->blocks,
                                     c->iters, detail, n);
    }
}

/* The cluster size of a primitive launched in clusters; its note in the
 * result says when the device cannot hold the grid at once. */
static int pick_cluster(const gs_config *c, buffers *b, gs_result *r, char *err, size_t n)
{
    unsigned int resident = 0u;
    b->cluster = 1u;
    if (c->prim->cluster)
        CK((cudaError_t)c->prim->cluster(c->blocks, c->threads, &b->cluster, &resident));
    r->cluster = b->cluster;
    if (b->cluster > 1u && resident < c->blocks)
        snprintf(r->detail, sizeof r->detail, "clusters of %u: %u of %u blocks resident at once", b->cluster,
                 resident, c->blocks);
    return GS_EXIT_OK;
}

static int measure(const gs_config *c, buffers *b, gs_result *r, const unsigned int *init, unsigned int *data,
                   double *ms, char *err, size_t n)
{
    unsigned int check[GS_CHECK_WORDS];
    const double per_cs = 1e6 / ops_per_launch(c); /* ms -> ns per operation */
    gs_stats s;
    int i, rc, timed_out = 0;

    /* warm-up and the exclusion check, untimed; then the timed launches,
     * each checked against the golden model on its data */
    if ((rc = launch_once(c, b, 1, 1, &ms[0], &timed_out, init, data, check, err, n)))
        return rc;
    for (i = 0; i <= (int)c->repeat && !timed_out; ++i) {
        if (verify(c, data, check, i == 0, r->detail, sizeof r->detail)) {
            r->verdict = GS_FAIL;
            return GS_EXIT_OK;
        }
        if (i == (int)c->repeat)
            break;
        if ((rc = launch_once(c, b, 1, 0, &ms[i], &timed_out, init, data, check, err, n)))
            return rc;
    }
    if (timed_out) {
        r->verdict = GS_TIMEOUT;
        snprintf(r->detail, sizeof r->detail, "watchdog fired after %.3f s", c->timeout_ns * 1e-9);
        return GS_EXIT_OK;
    }
    gs_stats_compute(ms, (int)c->repeat, &s);
    r->ns_median = s.median * per_cs;
    r->ns_min = s.min * per_cs;
    r->ns_max = s.max * per_cs;
    r->noise_pct = s.noise_pct;
    /* the body alone: the same accesses with no lock (races allowed) */
    for (i = 0; i < (int)c->repeat; ++i)
        if ((rc = launch_once(c, b, 0, 0, &ms[i], &timed_out, init, data, NULL, err, n)))
            return rc;
    gs_stats_compute(ms, (int)c->repeat, &s);
    r->body_ns = s.median * per_cs;
    r->verdict = GS_PASS;
    if (!r->detail[0] && c->prim->note && c->prim->note())
        snprintf(r->detail, sizeof r->detail, "%s", c->prim->note());
    return GS_EXIT_OK;
}

int gs_run_config(const gs_config *c, gs_result *r, char *err, size_t n)
{
    buffers b;
    unsigned int *data, *init = NULL;
    double *ms;
    int rc;
    memset(r, 0, sizeof *r);
    r->cfg = *c;
    data = malloc(data_words(c) * sizeof(unsigned int));
    ms = malloc(((size_t)c->repeat + 1) * sizeof(double));
    if (c->prim->family_id != GS_FAMILY_MUTEX) /* the initial data, computed once */
        init = malloc(data_words(c) * sizeof(unsigned int));
    if (!data || !ms || (c->prim->family_id != GS_FAMILY_MUTEX && !init)) {
        free(data);
        free(ms);
        free(init);
        snprintf(err, n, "out of host memory");
        return GS_EXIT_RUNTIME;
    }
    if (c->prim->family_id == GS_FAMILY_SEM)
        gs_golden_sem_init(init, c->threads, words_per_thread(c));
    else if (c->prim->family_id == GS_FAMILY_BARRIER)
        gs_golden_barrier_init(init, c->blocks, c->threads, c->ldst);
    rc = alloc_buffers(c, &b, err, n);
    if (rc == GS_EXIT_OK)
        rc = pick_cluster(c, &b, r, err, n);
    if (rc == GS_EXIT_OK)
        rc = measure(c, &b, r, init, data, ms, err, n);
    free_buffers(&b);
    free(data);
    free(init);
    free(ms);
    return rc;
}
