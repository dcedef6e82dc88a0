/* multi_kernels.cu: one rank of `gsync-bench multi` (multi.h): NVSHMEM's
 * bootstrap from a unique id, symmetric memory and peer pointers; the
 * kernels of every way (watchdog build); verification and timing.  Built
 * with relocatable device code into gsync_multi, the only target that links
 * NVSHMEM. */
#define GSYNC_WATCHDOG
#include <cooperative_groups.h>
#include <nvshmem.h>
#include <nvshmemx.h>

#include <gsync/multi/host.h> /* gs_multi_nodes_group */

#include "core/cuda_check.h"
#include "multi/multi_args.cuh"
extern "C" {
#include "core/stats.h"
}

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static __global__ void k_barrier(mg_args a, int kind)
{
    mg_barrier_run(&a, kind);
}

/* grid.sync(); block 0's thread 0 releases to each peer in turn, polls its
 * own flags with acquire loads; grid.sync() */
static __global__ void k_naive(mg_args a)
{
    cooperative_groups::grid_group g = cooperative_groups::this_grid();
    gs_wait_t w = GS_WAIT_INIT;
    int dead = 0;
    for (unsigned int e = 1; e <= a.iters; ++e) {
        stamp(&a, e);
        g.sync();
        if (blockIdx.x == 0 && threadIdx.x == 0 && !dead) {
            for (unsigned int p = 0; p < a.npes; ++p)
                if (p != a.pe)
                    gs_st_release(flag_of(&a, p, a.pe), e, GS_SCOPE_SYS);
            for (unsigned int p = 0; p < a.npes && !dead; ++p)
                while (p != a.pe && (int)(gs_ld_acquire(flag_of(&a, a.pe, p), GS_SCOPE_SYS) - e) < 0)
                    if ((dead = gs_wait_spin(&w)))
                        break;
        }
        g.sync();
        check(&a, e);
    }
}

/* NVSHMEM's device barrier between two grid.sync() */
static __global__ void k_nvshmem_grid(mg_args a)
{
    cooperative_groups::grid_group g = cooperative_groups::this_grid();
    for (unsigned int e = 1; e <= a.iters; ++e) {
        stamp(&a, e);
        g.sync();
        if (blockIdx.x == 0)
            nvshmemx_barrier_all_block();
        g.sync();
        check(&a, e);
    }
}

/* nvshmem_barrier_all from one thread a GPU */
static __global__ void k_nvshmem_all(mg_args a)
{
    for (unsigned int e = 1; e <= a.iters; ++e) {
        stamp(&a, e);
        nvshmem_barrier_all();
        check(&a, e);
    }
}

/* The floor between GPUs 0 and 1: a count passed back and forth, the
 * writer's store into the other's memory, the reader polling its own. */
static __global__ void k_ping(mg_args a, int relacq)
{
    const unsigned int other = 1u - a.pe;
    unsigned int *mine = flag_of(&a, a.pe, other), *theirs = flag_of(&a, other, a.pe);
    gs_wait_t w = GS_WAIT_INIT;
    for (unsigned int i = 1; i <= a.iters; ++i) {
        if (a.pe == 1)
            while ((relacq ? gs_ld_acquire(mine, GS_SCOPE_SYS) : gs_ld_relaxed(mine, GS_SCOPE_SYS)) != i)
                if (gs_wait_spin(&w))
                    return;
        if (relacq)
            gs_st_release(theirs, i, GS_SCOPE_SYS);
        else
            gs_st_relaxed(theirs, i, GS_SCOPE_SYS);
        if (a.pe == 0)
            while ((relacq ? gs_ld_acquire(mine, GS_SCOPE_SYS) : gs_ld_relaxed(mine, GS_SCOPE_SYS)) != i)
                if (gs_wait_spin(&w))
                    return;
    }
}

/* The cross-GPU ticket lock (cohort 0) or the cohort lock (1): a non-atomic
 * count and a word a thread on GPU 0; 2: the cohort lock, those words in
 * this GPU's own memory (cohortOwnData); 3: brokenLock, the cohort lock
 * with this GPU's own copy of the global part: nothing excludes another
 * GPU's holder, and the words on GPU 0 lose updates */
static __global__ void k_lock(mg_args a, int cohort)
{
    __shared__ int held;
    unsigned int *cs = cohort == 2 ? a.cs_own : a.cs;
    gs_multi_ticket_t *lock = cohort == 3 ? a.lock_own : a.lock;
    for (unsigned int i = 0; i < a.iters; ++i) {
        unsigned int t = 0;
        if (threadIdx.x == 0)
            held = cohort ? gs_multi_cohort_lock(lock, a.local, &t) : gs_multi_ticket_lock(lock, &t);
        __syncthreads();
        if (!held)
            return;
        if (threadIdx.x == 0)
            cs[0] += 1u;
        if (threadIdx.x < GS_MULTI_LOCK_DATA)
            cs[1u + threadIdx.x] += 1u;
        __syncthreads();
        if (threadIdx.x == 0) {
            if (cohort)
                gs_multi_cohort_unlock(lock, a.local, t);
            else
                gs_multi_ticket_unlock(lock, t);
        }
    }
}

/* The cross-GPU semaphore, every block with weight 1 (brokenSem: the same
 * semaphore, started with GS_MULTI_SEM_EXTRA permits over by the host).
 * Thread 0 counts its block inside on GPU 0 after entering (ordered after
 * the entry's ld.acquire.sys by program order) and out before leaving
 * (before the red.release.sys), with .sys atomics, and keeps the most it
 * saw: as the semaphore admits at most sem_size, the count never passes it
 * (docs/multi.md).  The section's work is FMAs, so that holders overlap. */
static __global__ void k_sem(mg_args a)
{
    __shared__ int held;
    unsigned int *count = a.semw, *inside = a.semw + GS_MULTI_LINE, *most = a.semw + 2u * GS_MULTI_LINE;
    for (unsigned int i = 0; i < a.iters; ++i) {
        if (threadIdx.x == 0 && (held = gs_multi_sem_enter(a.sem, 1u, a.sem_size))) {
            gs_atom_max_relaxed(most, gs_atom_add_relaxed(inside, 1u, GS_SCOPE_SYS) + 1u, GS_SCOPE_SYS);
            gs_red_add_relaxed(count, 1u, GS_SCOPE_SYS);
        }
        __syncthreads();
        if (!held)
            return;
        work(&a, GS_MULTI_SEM_FMAS);
        __syncthreads();
        if (threadIdx.x == 0) {
            gs_red_add_relaxed(inside, ~0u, GS_SCOPE_SYS); /* minus 1 */
            gs_multi_sem_leave(a.sem, 1u);
        }
    }
}

/* gsync's message queues between GPUs (multi_queue.cuh); brokenQueue loses a message */
static __global__ void k_queue(mg_args a, int broken)
{
    mq_block(&a.q, a.pe, a.npes, a.verify, broken);
}

/* the server with servers on every GPU (multi_server.cuh); brokenServer drops messages */
static __global__ void k_server(mg_args a, int broken)
{
    ms_block(&a.srv, broken);
}

static __global__ void k_arm(gs_watchdog_t *wd, unsigned long long ns)
{
    gs_watchdog_arm(wd, ns);
}

#include "multi/multi_nccl.cuh" /* ncclGrid: k_nccl_grid, mg_nccl_start/stop/skip */
#include "multi/pagerank_kernels.cuh" /* pagerank, brokenPagerank: mpr_way, mpr_init/fini */

/* ---- host ---- */

typedef struct rank_state {
    unsigned int pe, npes, sms;
    unsigned int *words, *flags, *stamps, *cs; /* symmetric */
    gs_multi_ticket_t *lock;                   /* symmetric */
    gs_multi_sem_t *sem;                       /* symmetric */
    unsigned int *semw;                        /* symmetric: 3 lines */
    gs_multi_cohort_local_t *local;            /* symmetric */
    unsigned int *stale, *sink;
    mq_state mq;                               /* the queue ways' */
    ms_state ms;                               /* the server ways' */
    mpr_state mpr;                             /* the pagerank ways' */
    gs_watchdog_t *wd;
    size_t stamp_words;
    cudaEvent_t t0, t1;
    cudaStream_t s;
} rank_state;

#define LOCK(way) \
    ((way) == GS_MULTI_TICKET || (way) == GS_MULTI_COHORT || (way) == GS_MULTI_COHORT_OWN || (way) == GS_MULTI_BROKEN_LOCK)
#define SEM(way) ((way) == GS_MULTI_SEM || (way) == GS_MULTI_BROKEN_SEM)
#define SECTIONS(way) (LOCK(way) || SEM(way)) /* iters/20 sections a block, a plain launch, no stamps */

static const void *kernel_of(unsigned int way)
{
    switch (way) {
    case GS_MULTI_NAIVE: return (const void *)k_naive;
    case GS_MULTI_NVSHMEM_GRID: return (const void *)k_nvshmem_grid;
    case GS_MULTI_NVSHMEM_ALL: return (const void *)k_nvshmem_all;
    case GS_MULTI_PING_RELAXED:
    case GS_MULTI_PING_RELACQ: return (const void *)k_ping;
    case GS_MULTI_TICKET:
    case GS_MULTI_COHORT:
    case GS_MULTI_COHORT_OWN:
    case GS_MULTI_BROKEN_LOCK: return (const void *)k_lock;
    case GS_MULTI_SEM:
    case GS_MULTI_BROKEN_SEM: return (const void *)k_sem;
    case GS_MULTI_QUEUE:
    case GS_MULTI_BROKEN_QUEUE: return (const void *)k_queue;
    case GS_MULTI_NCCL_GRID: return (const void *)k_nccl_grid;
    case GS_MULTI_SERVER:
    case GS_MULTI_BROKEN_SERVER: return (const void *)k_server;
    case GS_MULTI_HIER_NODES: return mg_nodes_kernel();
    default: return (const void *)k_barrier;
    }
}

/* Dynamic shared memory of a block of `way` (the queue and server ways'). */
static size_t smem_of(const rank_state *r, unsigned int way, unsigned int blocks)
{
    return mq_smem(way, r->npes, blocks) + ms_smem(way, r->npes, blocks);
}

/* The second argument of the way's kernel: k_ping's relacq, k_lock's kind,
 * k_queue's and k_server's broken, k_barrier's kind. */
static int kernel_flag(unsigned int way)
{
    switch (way) {
    case GS_MULTI_PING_RELACQ:
    case GS_MULTI_COHORT:
    case GS_MULTI_BROKEN_QUEUE:
    case GS_MULTI_BROKEN_SERVER: return 1;
    case GS_MULTI_COHORT_OWN: return 2;
    case GS_MULTI_BROKEN_LOCK: return 3;
    case GS_MULTI_HIER_SPLIT:
    case GS_MULTI_DIRECT_SPLIT:
    case GS_MULTI_FLAT_SPLIT: return K_SPLIT;
    case GS_MULTI_WORK: return K_WORK;
    default: return K_PLAIN;
    }
}

/* Blocks a GPU runs for this way at per_sm blocks an SM. */
static unsigned int blocks_of(const rank_state *r, unsigned int way, unsigned int per_sm)
{
    return way == GS_MULTI_NVSHMEM_ALL || way == GS_MULTI_PING_RELAXED || way == GS_MULTI_PING_RELACQ
               ? 1u
               : per_sm * r->sms;
}

/* --wrap (one thread): this GPU's barrier words as e0 episodes of n blocks
 * a GPU would have left them: the arrivals e0 * n, the release word e0 (the
 * direct form: e0 * npes adds), every flag e0, the flat counters e0 times
 * their blocks of every GPU. */
static __global__ void k_wrap_init(mg_args a, unsigned int n)
{
    unsigned int *w = a.bar.words;
    *gs_multi_line(w, GS_MULTI_COUNT_LINE) = a.e0 * n;
    *gs_multi_line(w, GS_MULTI_RELEASE_LINE) = a.bar.form == GS_MULTI_FORM_DIRECT ? a.e0 * a.bar.npes : a.e0;
    for (unsigned int p = 0; p < a.bar.npes; ++p)
        *gs_multi_line(w, GS_MULTI_FLAG_LINE(p)) = a.e0;
    for (unsigned int j = 0; j < GS_MULTI_FLAT_LINES; ++j)
        *gs_multi_line(w, GS_MULTI_FLAT_LINE(j)) = a.e0 * a.bar.npes * gs_multi_flat_share(n, j);
}

/* Every way's state zeroed; brokenSem's semaphore (on PE 0) starts
 * GS_MULTI_SEM_EXTRA permits over: `released` ahead of `next`. */
static int zero_state(rank_state *r, unsigned int way, char *err, size_t n)
{
    const unsigned int extra = GS_MULTI_SEM_EXTRA;
    GS_CK(cudaMemsetAsync(r->words, 0, gs_multi_barrier_bytes(), r->s));
    GS_CK(cudaMemsetAsync(r->flags, 0, (size_t)GS_MULTI_LINE * 4u * r->npes, r->s));
    GS_CK(cudaMemsetAsync(r->stamps, 0, r->stamp_words * 4u, r->s));
    GS_CK(cudaMemsetAsync(r->cs, 0, (1u + GS_MULTI_LOCK_DATA) * 4u, r->s));
    GS_CK(cudaMemsetAsync(r->lock, 0, sizeof *r->lock, r->s));
    GS_CK(cudaMemsetAsync(r->local, 0, sizeof *r->local, r->s));
    GS_CK(cudaMemsetAsync(r->sem, 0, sizeof *r->sem, r->s));
    GS_CK(cudaMemsetAsync(r->semw, 0, (size_t)GS_MULTI_LINE * 4u * 3u, r->s));
    if (way == GS_MULTI_BROKEN_SEM && r->pe == 0)
        GS_CK(cudaMemcpyAsync(&r->sem->released, &extra, sizeof extra, cudaMemcpyHostToDevice, r->s));
    GS_CK(cudaMemsetAsync(r->stale, 0, 4u, r->s));
    GS_CK(cudaStreamSynchronize(r->s));
    return GS_EXIT_OK;
}

/* One launch on every PE (the host barriers keep the PEs in step and keep
 * a peer from zeroing state that another's kernel still writes). */
static int launch(rank_state *r, unsigned int way, mg_args *a, unsigned int blocks, unsigned int threads,
                  unsigned long long timeout_ns, float *ms, int *timed_out, char *err, size_t n)
{
    int flag = kernel_flag(way), rc;
    unsigned int fired = 0;
    void *args[] = {a, &flag};
    const size_t smem = smem_of(r, way, blocks);
    const int ping = way == GS_MULTI_PING_RELAXED || way == GS_MULTI_PING_RELACQ;
    const int collective = !ping && !SECTIONS(way);
    if ((rc = zero_state(r, way, err, n)) || (rc = mq_zero(&r->mq, &a->q, way, a->verify, r->s, err, n)) ||
        (rc = ms_zero(&r->ms, &a->srv, way, r->s, err, n)))
        return rc;
    if (a->e0 != 0u) { /* before the host barrier: no peer has launched yet */
        k_wrap_init<<<1, 1, 0, r->s>>>(*a, blocks);
        GS_CK(cudaGetLastError());
        GS_CK(cudaStreamSynchronize(r->s));
    }
    nvshmem_barrier_all();
    k_arm<<<1, 1, 0, r->s>>>(r->wd, timeout_ns);
    GS_CK(cudaGetLastError());
    if (way == GS_MULTI_HIER_NODES) /* its unit's own watchdog hook */
        GS_CK(mg_nodes_arm(r->wd, timeout_ns, r->s));
    GS_CK(cudaEventRecord(r->t0, r->s));
    if (collective) {
        if ((rc = nvshmemx_collective_launch(kernel_of(way), dim3(blocks), dim3(threads), args, smem, r->s)) != 0) {
            snprintf(err, n, "multi: nvshmemx_collective_launch (%s, %u blocks): error %d", gs_multi_way_name(way),
                     blocks, rc);
            return GS_EXIT_RUNTIME;
        }
    } else if (!ping || r->pe < 2u) {
        GS_CK(cudaLaunchKernel(kernel_of(way), dim3(blocks), dim3(threads), args, 0, r->s));
    }
    GS_CK(cudaEventRecord(r->t1, r->s));
    GS_CK(cudaEventSynchronize(r->t1));
    GS_CK(cudaEventElapsedTime(ms, r->t0, r->t1));
    GS_CK(cudaMemcpy(&fired, &r->wd->abort, sizeof fired, cudaMemcpyDeviceToHost));
    *timed_out = fired != 0u;
    nvshmem_barrier_all();
    return GS_EXIT_OK;
}

static void skip(gs_multi_row *x, const char *why)
{
    x->verdict = GS_MULTI_SKIP;
    snprintf(x->detail, sizeof x->detail, "%s", why);
}

/* One way at one point: a verifying launch (it also warms up), then the
 * timed launches. */
static int run_way(rank_state *r, const gs_multi_plan *p, unsigned int way, unsigned int per_sm, mg_args base,
                   gs_multi_row *x, char *err, size_t n)
{
    static double ms_each[1000];
    const unsigned int blocks = blocks_of(r, way, per_sm);
    const int ping = way == GS_MULTI_PING_RELAXED || way == GS_MULTI_PING_RELACQ;
    const unsigned int threads = way == GS_MULTI_NVSHMEM_ALL || ping ? 1u
                                 : MQ(way)                           ? GS_MQ_THREADS
                                 : MS(way)                           ? GS_MS_THREADS
                                                                     : p->threads;
    mg_args a = base;
    int occ = 0, timed_out = 0, rc;
    unsigned int stale = 0, reps = p->repeat > 1000u ? 1000u : p->repeat;
    double ops;
    float ms = 0.0f;
    if (MPR(way))
        return mpr_way(&r->mpr, p, way, per_sm, &base.bar, r->sms, r->wd, r->s, r->t0, r->t1, x, err, n);
    memset(x, 0, sizeof *x);
    x->way = way, x->per_sm = per_sm, x->blocks = blocks, x->threads = threads;
    x->iters = SECTIONS(way) ? p->lock_iters : p->iters;
    a.iters = x->iters;
    const void *k = kernel_of(way); /* --wrap: gsync's barriers (the peers keep their own counters) */
    a.e0 = p->wrap && k == (const void *)k_barrier ? 0u - a.iters / 2u : 0u;
    a.bar.form = way == GS_MULTI_FLAT || way == GS_MULTI_FLAT_SPLIT       ? GS_MULTI_FORM_FLAT
                 : way == GS_MULTI_HIER_DIRECT || way == GS_MULTI_DIRECT_SPLIT ? GS_MULTI_FORM_DIRECT
                                                                              : GS_MULTI_FORM_HIER;
    a.bar.epoch = a.bar.start = a.e0;
    if (way == GS_MULTI_BROKEN) { /* its leader exchanges with no one */
        a.bar.peers = (const gs_multi_peers_t *)gs_multi_line(a.bar.words, GS_MULTI_PEERS_LINE + GS_MULTI_PEERS_LINES);
        a.bar.npes = 1u, a.bar.pe = 0u;
    }
    if (way == GS_MULTI_HIER_NODES) { /* every peer on another node: the third table */
        if (p->wrap)
            return skip(x, "--wrap does not apply to hierNodes (its rounds count from the launch's first episode)"),
                   GS_EXIT_OK;
        a.bar.peers =
            (const gs_multi_peers_t *)gs_multi_line(a.bar.words, GS_MULTI_PEERS_LINE + 2u * GS_MULTI_PEERS_LINES);
        a.bar.nodes = a.bar.npes;
    }
    if (way == GS_MULTI_NCCL_GRID && mg_nccl_skip())
        return skip(x, mg_nccl_skip()), GS_EXIT_OK; /* every rank alike (mg_nccl_start) */
    if (MS(way)) { /* the copies of every GPU's queues: past 48 KB on many GPUs */
        int most = 0, dev = 0;
        GS_CK(cudaGetDevice(&dev));
        GS_CK(cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
        if (smem_of(r, way, blocks) > (size_t)most) {
            snprintf(x->detail, sizeof x->detail, "%zu bytes of shared memory a block, more than the %d a block may have",
                     smem_of(r, way, blocks), most);
            x->verdict = GS_MULTI_SKIP;
            return GS_EXIT_OK; /* every rank skips alike: the same GPUs */
        }
        GS_CK(cudaFuncSetAttribute(kernel_of(way), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   (int)smem_of(r, way, blocks)));
    }
    GS_CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, kernel_of(way), (int)threads,
                                                        smem_of(r, way, blocks)));
    if (!SECTIONS(way) && (unsigned int)occ * r->sms < blocks) {
        snprintf(x->detail, sizeof x->detail, "%u blocks of %u threads a GPU are not co-resident (%d an SM fit)",
                 blocks, threads, occ);
        x->verdict = GS_MULTI_SKIP;
        return GS_EXIT_OK; /* every rank skips alike: the same GPUs */
    }
    if (ping && r->npes < 2u)
        return skip(x, "needs 2 GPUs"), GS_EXIT_OK;
    ops = SECTIONS(way) ? (double)blocks * r->npes * a.iters : ping ? 2.0 * a.iters : (double)a.iters;
    if (MQ(way) && ((rc = mq_point(&r->mq, &a.q, p, r->pe, r->npes, blocks, x, &ops, err, n)) ||
                    x->verdict == GS_MULTI_SKIP))
        return rc;
    if (MS(way) && ((rc = ms_point(&r->ms, &a.srv, p, r->npes, blocks, x, &ops)) || x->verdict == GS_MULTI_SKIP))
        return rc;
    a.verify = !ping && !SECTIONS(way);
    if ((rc = launch(r, way, &a, blocks, threads, p->timeout_ns, &ms, &timed_out, err, n)))
        return rc;
    if (MQ(way) && !timed_out && (rc = mq_check(&r->mq, &a.q, r->pe, x, err, n)))
        return rc;
    if (MS(way) && (rc = ms_check(&r->ms, &a.srv, r->pe, r->npes, x, r->s, err, n))) /* every rank: collective */
        return rc;
    if (a.verify)
        GS_CK(cudaMemcpy(&stale, r->stale, sizeof stale, cudaMemcpyDeviceToHost));
    if (LOCK(way) && (r->pe == 0 || way == GS_MULTI_COHORT_OWN) && !timed_out) {
        unsigned int got[1 + GS_MULTI_LOCK_DATA]; /* cohortOwnData: each GPU its own blocks' sections */
        const unsigned int want = way == GS_MULTI_COHORT_OWN ? blocks * a.iters : (unsigned int)ops;
        GS_CK(cudaMemcpy(got, r->cs, sizeof got, cudaMemcpyDeviceToHost));
        for (unsigned int k = 0; k <= GS_MULTI_LOCK_DATA && x->verdict == GS_MULTI_PASS; ++k)
            if (got[k] != want) {
                x->verdict = GS_MULTI_FAIL;
                snprintf(x->detail, sizeof x->detail, "%s on GPU %u is %u after %u acquisitions",
                         k ? "a critical-section word" : "the non-atomic count", r->pe, got[k], want);
            }
    }
    if (SEM(way) && r->pe == 0 && !timed_out) {
        unsigned int w[3 * GS_MULTI_LINE];
        GS_CK(cudaMemcpy(w, r->semw, sizeof w, cudaMemcpyDeviceToHost));
        gs_multi_sem_verdict(p->sem_size, (unsigned int)ops, w[0], w[GS_MULTI_LINE], w[2u * GS_MULTI_LINE], x);
    }
    if (timed_out) {
        x->verdict = GS_MULTI_TIMEOUT;
        snprintf(x->detail, sizeof x->detail, "the watchdog fired on GPU %u", r->pe);
    } else if (stale) {
        x->verdict = GS_MULTI_FAIL;
        snprintf(x->detail, sizeof x->detail, "GPU %u: %u stale reads of another GPU's stamps after the barrier",
                 r->pe, stale);
    }
    a.verify = 0;
    /* every rank launches as often whatever its verdict: the launches are collective */
    for (unsigned int k = 0; k < reps; ++k) {
        if ((rc = launch(r, way, &a, blocks, threads, p->timeout_ns, &ms, &timed_out, err, n)))
            return rc;
        ms_each[k] = ms * 1e6 / ops;
        if (timed_out && x->verdict == GS_MULTI_PASS) {
            x->verdict = GS_MULTI_TIMEOUT;
            snprintf(x->detail, sizeof x->detail, "the watchdog fired on GPU %u in a timed launch", r->pe);
        }
    }
    if (x->verdict == GS_MULTI_PASS && (!ping || r->pe < 2u)) {
        gs_stats s;
        gs_stats_compute(ms_each, (int)reps, &s);
        x->ns_median = s.median, x->ns_min = s.min, x->ns_max = s.max, x->noise_pct = s.noise_pct;
        x->measured = 1;
    }
    return GS_EXIT_OK;
}

extern "C" int gs_multi_available(void)
{
    return 1;
}

/* hierNodes' table: this GPU's own state by pointer, every other PE a node of
 * its own, grouped as the plan groups them (gs_multi_nodes_group: each PE
 * heads itself); grids unplanned. */
static void nodes_table(gs_multi_peers_t *t, unsigned int *words, unsigned int pe, unsigned int npes)
{
    unsigned int heads[MAX_PES];
    memset(t, 0, sizeof *t);
    t->peer[pe] = words;
    for (unsigned int q = 0; q < npes; ++q)
        heads[q] = q + 1u;
    gs_multi_nodes_group(t, heads, npes, pe); /* consistent by construction */
}

/* A peer pointer for every PE, or an error naming the one not reached. */
static int peers(const rank_state *r, void *sym, unsigned int **out, const char *what, char *err, size_t n)
{
    for (unsigned int q = 0; q < r->npes; ++q)
        if (!(out[q] = (unsigned int *)nvshmem_ptr(sym, (int)q))) {
            snprintf(err, n, "multi: GPU %u does not reach GPU %u's %s directly (nvshmem_ptr is NULL: no NVLink or "
                     "P2P between them)", r->pe, q, what);
            return -1;
        }
    return 0;
}

extern "C" int gs_multi_pe(const gs_multi_plan *plan, unsigned int rank, const char *dir, const gs_device_info *dev,
                           gs_multi_row *rows, int *nrows, char *err, size_t n)
{
    nvshmemx_uniqueid_t id = NVSHMEMX_UNIQUEID_INITIALIZER;
    nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
    rank_state r;
    mg_args a;
    unsigned int max_per_sm = 1;
    int rc = GS_EXIT_OK;
    *nrows = 0;
    setenv("NVSHMEM_DISABLE_NVLS", "1", 1); /* (the parent set them too) */
    setenv("NCCL_NVLS_ENABLE", "0", 1);
    setenv("NVSHMEM_DISABLE_NCCL", "1", 0); /* NVSHMEM's own work never goes through NCCL (linked for ncclGrid) */
    if (rank == 0 && (nvshmemx_get_uniqueid(&id) != 0 || gs_multi_uid_publish(dir, &id, sizeof id, err, n))) {
        if (!err[0])
            snprintf(err, n, "multi: nvshmemx_get_uniqueid failed");
        return GS_EXIT_RUNTIME;
    }
    if (rank != 0 && gs_multi_uid_read(dir, &id, sizeof id, 60000u, err, n))
        return GS_EXIT_RUNTIME;
    if (nvshmemx_set_attr_uniqueid_args((int)rank, (int)plan->gpus, &id, &attr) != 0 ||
        nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr) != 0) {
        snprintf(err, n, "multi: NVSHMEM did not initialise on rank %u", rank);
        return GS_EXIT_RUNTIME;
    }
    memset(&r, 0, sizeof r);
    r.pe = (unsigned int)nvshmem_my_pe(), r.npes = (unsigned int)nvshmem_n_pes(), r.sms = (unsigned int)dev->sm_count;
    if (r.pe != rank || r.npes != plan->gpus || r.npes > MAX_PES) {
        snprintf(err, n, "multi: NVSHMEM made rank %u PE %u of %u (asked: %u)", rank, r.pe, r.npes, plan->gpus);
        nvshmem_finalize();
        return GS_EXIT_RUNTIME;
    }
    for (int i = 0; i < plan->nper_sm; ++i)
        max_per_sm = plan->per_sm[i] > max_per_sm ? plan->per_sm[i] : max_per_sm;
    r.stamp_words = 2u * (size_t)max_per_sm * r.sms;
    /* the barrier's state, then its peers' table (every GPU) and the twin's (this GPU alone) */
    r.words = (unsigned int *)nvshmem_malloc((GS_MULTI_PEERS_LINE + 3u * GS_MULTI_PEERS_LINES) * GS_MULTI_LINE * 4u);
    r.flags = (unsigned int *)nvshmem_malloc((size_t)GS_MULTI_LINE * 4u * r.npes);
    r.stamps = (unsigned int *)nvshmem_malloc(r.stamp_words * 4u);
    r.cs = (unsigned int *)nvshmem_malloc((1u + GS_MULTI_LOCK_DATA) * 4u);
    r.lock = (gs_multi_ticket_t *)nvshmem_malloc(sizeof *r.lock);
    r.local = (gs_multi_cohort_local_t *)nvshmem_malloc(sizeof *r.local);
    r.sem = (gs_multi_sem_t *)nvshmem_malloc(sizeof *r.sem);
    r.semw = (unsigned int *)nvshmem_malloc((size_t)GS_MULTI_LINE * 4u * 3u);
    memset(&a, 0, sizeof a);
    gs_multi_peers_t tables[3]; /* GS_MULTI_PEERS_LINES each: every GPU; this GPU alone; every GPU a node */
    memset(tables, 0, sizeof tables);
    if (!r.words || !r.flags || !r.stamps || !r.cs || !r.lock || !r.local || !r.sem || !r.semw) {
        snprintf(err, n, "multi: nvshmem_malloc failed on PE %u (NVSHMEM_SYMMETRIC_SIZE?)", r.pe);
        rc = GS_EXIT_RUNTIME;
    } else if (peers(&r, r.words, tables[0].peer, "barrier words", err, n) ||
               peers(&r, r.flags, a.flags, "flags", err, n) || peers(&r, r.stamps, a.stamps, "stamps", err, n) ||
               (tables[1].peer[0] = r.words, 0) || (nodes_table(&tables[2], r.words, r.pe, r.npes), 0) ||
               cudaMemcpy(gs_multi_line(r.words, GS_MULTI_PEERS_LINE), &tables[0], sizeof tables[0],
                          cudaMemcpyHostToDevice) != cudaSuccess ||
               cudaMemcpy(gs_multi_line(r.words, GS_MULTI_PEERS_LINE + GS_MULTI_PEERS_LINES), &tables[1], sizeof tables[1],
                          cudaMemcpyHostToDevice) != cudaSuccess ||
               cudaMemcpy(gs_multi_line(r.words, GS_MULTI_PEERS_LINE + 2u * GS_MULTI_PEERS_LINES), &tables[2],
                          sizeof tables[2], cudaMemcpyHostToDevice) != cudaSuccess) {
        rc = GS_EXIT_RUNTIME;
    } else { /* grids unplanned (0): every GPU runs the same grid, checked by the bench */
        a.bar.pe = r.pe, a.bar.npes = r.npes, a.bar.words = r.words;
        a.bar.peers = (const gs_multi_peers_t *)gs_multi_line(r.words, GS_MULTI_PEERS_LINE);
        a.pe = r.pe, a.npes = r.npes, a.local = r.local;
        a.lock = (gs_multi_ticket_t *)nvshmem_ptr(r.lock, 0);
        a.lock_own = r.lock;
        a.cs = (unsigned int *)nvshmem_ptr(r.cs, 0);
        a.cs_own = r.cs;
        a.sem = (gs_multi_sem_t *)nvshmem_ptr(r.sem, 0);
        a.semw = (unsigned int *)nvshmem_ptr(r.semw, 0);
        a.sem_size = plan->sem_size;
        if (!a.lock || !a.cs || !a.sem || !a.semw) {
            snprintf(err, n, "multi: GPU %u does not reach GPU 0's lock or semaphore directly", r.pe);
            rc = GS_EXIT_RUNTIME;
        }
    }
    if (rc == GS_EXIT_OK)
        rc = mq_init(&r.mq, plan, r.pe, r.npes, r.sms, max_per_sm, err, n);
    if (rc == GS_EXIT_OK)
        rc = ms_init(&r.ms, plan, r.pe, r.npes, r.sms, max_per_sm, err, n);
    if (rc == GS_EXIT_OK)
        rc = mpr_init(&r.mpr, plan, r.pe, r.npes, err, n);
    if (rc == GS_EXIT_OK && (rc = gs_cuda_error((int)cudaMalloc((void **)&r.stale, 4u), err, n, "cudaMalloc")) == 0 &&
        (rc = gs_cuda_error((int)cudaMalloc((void **)&r.sink, 4u), err, n, "cudaMalloc")) == 0 &&
        (rc = gs_cuda_error((int)cudaMalloc((void **)&r.wd, sizeof *r.wd), err, n, "cudaMalloc")) == 0 &&
        (rc = gs_cuda_error((int)cudaStreamCreateWithFlags(&r.s, cudaStreamNonBlocking), err, n, "stream")) == 0 &&
        (rc = gs_cuda_error((int)cudaEventCreate(&r.t0), err, n, "event")) == 0 &&
        (rc = gs_cuda_error((int)cudaEventCreate(&r.t1), err, n, "event")) == 0 &&
        (rc = mg_nccl_start(plan, r.pe, dir, err, n)) == 0) {
        a.stale = r.stale, a.sink = r.sink;
        for (int i = 0; i < plan->nper_sm && rc == GS_EXIT_OK; ++i)
            for (int w = 0; w < plan->nways && rc == GS_EXIT_OK; ++w)
                if ((rc = run_way(&r, plan, plan->ways[w], plan->per_sm[i], a, &rows[*nrows], err, n)) == 0)
                    ++*nrows;
    }
    /* a rank that failed exits without the collective finalize: the first
     * process ends the others */
    if (rc != GS_EXIT_OK || (rc = mg_nccl_stop(r.pe, err, n)) != GS_EXIT_OK)
        return rc;
    cudaFree(r.stale);
    cudaFree(r.sink);
    cudaFree(r.wd);
    cudaEventDestroy(r.t0);
    cudaEventDestroy(r.t1);
    cudaStreamDestroy(r.s);
    mpr_fini(&r.mpr);
    ms_fini(&r.ms);
    mq_fini(&r.mq);
    nvshmem_free(r.semw);
    nvshmem_free(r.sem);
    nvshmem_free(r.local);
    nvshmem_free(r.lock);
    nvshmem_free(r.cs);
    nvshmem_free(r.stamps);
    nvshmem_free(r.flags);
    nvshmem_free(r.words);
    nvshmem_finalize();
    return GS_EXIT_OK;
}
