/* multi.h: `gsync-bench multi`, synchronization across the GPUs of one node
 * (docs/multi.md).  The command (multi.c) starts one process per GPU, each
 * the same binary with GSYNC_MULTI_RANK in its environment; the processes
 * bootstrap NVSHMEM from a unique id that rank 0 writes into a shared
 * folder, run the same plan (multi_kernels.cu; multi_none.c where NVSHMEM
 * was not found) and each write their rows there, which the first process
 * merges and reports. */
#ifndef GSYNC_MULTI_H
#define GSYNC_MULTI_H

#include "core/gsync_bench.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum gs_multi_way {
    GS_MULTI_HIER,          /* gsync's hierarchical barrier, every block of every GPU */
    GS_MULTI_HIER_DIRECT,   /* hier, the leaders' adds polled by every block: no release inside the GPU */
    GS_MULTI_FLAT,          /* gsync's flat barrier: every block releases and counts itself on every GPU */
    GS_MULTI_HIER_SPLIT,    /* hier split: arrive, the episode's work, wait */
    GS_MULTI_DIRECT_SPLIT,  /* hierDirect split: the same */
    GS_MULTI_FLAT_SPLIT,    /* flat split: the same */
    GS_MULTI_WORK,          /* the episode's work alone, no barrier (what a split barrier can hide behind) */
    GS_MULTI_NAIVE,         /* grid.sync(), block 0 releases to each peer in turn, grid.sync() */
    GS_MULTI_NVSHMEM_GRID,  /* grid.sync(), block 0 nvshmemx_barrier_all_block, grid.sync() */
    GS_MULTI_NVSHMEM_ALL,   /* nvshmem_barrier_all from one thread a GPU */
    GS_MULTI_PING_RELAXED,  /* floor: remote st.relaxed.sys, local ld.relaxed.sys poll */
    GS_MULTI_PING_RELACQ,   /* floor: st.release.sys, ld.acquire.sys */
    GS_MULTI_TICKET,        /* the cross-GPU ticket lock */
    GS_MULTI_COHORT,        /* the cohort lock: passed inside a GPU before crossing */
    GS_MULTI_QUEUE,         /* message queues at .sys scope, per-lane random receivers on every GPU */
    GS_MULTI_NCCL_GRID,     /* grid.sync(), block 0 NCCL's LSA barrier (ncclLsaBarrierSession), grid.sync() */
    GS_MULTI_SEM,           /* the cross-GPU ticket semaphore, capacity --sem-size, every block weight 1 */
    GS_MULTI_PAGERANK,      /* a program: PageRank, a vertex range a GPU, shares replicated (pagerank_kernels.cuh) */
    GS_MULTI_SERVER,        /* the synchronization server with servers on every GPU: counters (multi_server.cuh) */
    GS_MULTI_COHORT_OWN,    /* probe: cohortLock, each GPU's section data in its own memory (no NVLink inside) */
    GS_MULTI_HIER_NODES,    /* hier with every peer on another node: its signals through NVSHMEM (multi_nodes_kernels.cu) */
    GS_MULTI_BROKEN,        /* brokenNoExchange: hier without the exchange (must FAIL) */
    GS_MULTI_BROKEN_QUEUE,  /* brokenQueue: queue whose receiver 0 of GPU 0 loses a message (must FAIL) */
    GS_MULTI_BROKEN_SEM,    /* brokenSem: ticketSem whose semaphore starts GS_MULTI_SEM_EXTRA permits over (must FAIL) */
    GS_MULTI_BROKEN_PAGERANK, /* brokenPagerank: pagerank whose GPUs update only their own replica (must FAIL) */
    GS_MULTI_BROKEN_SERVER, /* brokenServer: server whose servers drop every 1000th arrival (must FAIL) */
    GS_MULTI_BROKEN_LOCK,   /* brokenLock: cohortLock whose GPUs each take a global part of their own (must FAIL) */
    GS_MULTI_WAYS
};
#define GS_MULTI_DEFAULT_WAYS GS_MULTI_BROKEN /* `all`: every way before the broken twins */
#define GS_MULTI_MAX_GPUS 8u
#define GS_MULTI_LOCK_DATA 32u /* words of the lock's critical section, one a thread */
#define GS_MULTI_WORK_FMAS 1024u /* the split ways' work an episode: dependent FMAs a thread */
#define GS_MULTI_SEM_FMAS 64u    /* ticketSem's work inside the semaphore: dependent FMAs a thread */
#define GS_MULTI_SEM_SIZE 8u     /* ticketSem's capacity unless --sem-size says */
#define GS_MULTI_SEM_MAX 1024u   /* --sem-size's largest */
#define GS_MULTI_SEM_EXTRA 64u   /* brokenSem's sizing bug: permits over the capacity checked */
#define GS_MULTI_GRAPH 512        /* bytes of --graph (pagerank's input) */

/* The command's options (gs_options.own). */
typedef struct gs_multi_options {
    unsigned int gpus;                 /* 0: every GPU */
    unsigned int sem_size;             /* ticketSem's capacity */
    unsigned int ways[GS_MULTI_WAYS];
    int nways;
    char graph[GS_MULTI_GRAPH];        /* --graph; "": GS_MPR_DEFAULT_GRAPH */
} gs_multi_options;

/* What every process runs: the parent writes it, each rank reads it. */
typedef struct gs_multi_plan {
    unsigned int gpus, iters, lock_iters, repeat, threads, sem_size;
    unsigned int per_sm[64];
    int nper_sm;
    unsigned int ways[GS_MULTI_WAYS];
    int nways;
    unsigned long long timeout_ns;
    unsigned int wrap; /* --wrap: the barriers' episodes start iters/2 short of 2^32 */
    char graph[GS_MULTI_GRAPH];        /* pagerank's graph */
} gs_multi_plan;

/* Whether ways[0..nways) holds way a or way b (a way and its twin; b = a for one). */
static inline int gs_multi_has(const unsigned int *ways, int nways, unsigned int a, unsigned int b)
{
    for (int i = 0; i < nways; ++i)
        if (ways[i] == a || ways[i] == b)
            return 1;
    return 0;
}

enum gs_multi_verdict { GS_MULTI_PASS, GS_MULTI_FAIL, GS_MULTI_TIMEOUT, GS_MULTI_SKIP };

/* One row of one rank; the parent merges the ranks' rows of a point. */
typedef struct gs_multi_row {
    unsigned int way, per_sm, blocks, threads, iters;
    int measured;                       /* this rank timed it (the floor probes: ranks 0 and 1) */
    double ns_median, ns_min, ns_max, noise_pct; /* per operation */
    int verdict;                        /* enum gs_multi_verdict */
    char detail[160];
} gs_multi_row;
#define GS_MULTI_MAX_ROWS (64 * GS_MULTI_WAYS)

const char *gs_multi_way_name(unsigned int way);
const char *gs_multi_way_unit(unsigned int way);

/* The unique id's exchange through a folder (multi.c): publish writes the
 * bytes under a temporary name and renames it into place; read waits up to
 * timeout_ms for it.  0, or -1 with err set.  The _file pair does the same
 * for any file `name` of the folder, `what` naming it in errors (NCCL's
 * unique id and each rank's word on whether NCCL started). */
int gs_multi_uid_publish(const char *dir, const void *id, size_t len, char *err, size_t n);
int gs_multi_uid_read(const char *dir, void *id, size_t len, unsigned int timeout_ms, char *err, size_t n);
int gs_multi_file_publish(const char *dir, const char *name, const char *what, const void *p, size_t len, char *err,
                          size_t n);
int gs_multi_file_read(const char *dir, const char *name, const char *what, void *p, size_t len,
                       unsigned int timeout_ms, char *err, size_t n);

/* Merges rank r's rows into the totals (same order on every rank): times
 * the slowest rank's, the verdict the worst, the first failure's detail. */
void gs_multi_merge(gs_multi_row *total, const gs_multi_row *rank_rows, int n, int first);

/* ticketSem's checks after the verifying launch (GPU 0's words): the most
 * holders inside at once within the capacity, every acquisition counted,
 * none left inside, and (capacity 2 or more) at least 2 inside at some
 * point.  Sets x's verdict (FAIL) and detail (PASS too: the most inside). */
void gs_multi_sem_verdict(unsigned int size, unsigned int want, unsigned int count, unsigned int inside,
                          unsigned int most, gs_multi_row *x);

/* multi_kernels.cu (multi_none.c without NVSHMEM): 1 when built with NVSHMEM. */
int gs_multi_available(void);
/* Rank `rank` of plan->gpus, on device `rank` (already current): bootstraps
 * NVSHMEM through dir, runs the plan, fills rows.  GS_EXIT_OK, or an exit
 * status with err set. */
int gs_multi_pe(const gs_multi_plan *plan, unsigned int rank, const char *dir, const gs_device_info *dev,
                gs_multi_row *rows, int *nrows, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
