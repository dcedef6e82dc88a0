/* multi_args.cuh: what the kernels of `gsync-bench multi` share (multi.h):
 * their argument block, the stamps that check a barrier orders the GPUs,
 * the split ways' work, and gsync's barrier's episode loop.  Included by
 * multi_kernels.cu (every way) and multi_nodes_kernels.cu (hierNodes, built
 * with GSYNC_MULTI_NODES, which raises a kernel's registers: a unit of its
 * own so that the other ways' kernels are built without it); each defines
 * GSYNC_WATCHDOG (and GSYNC_MULTI_NODES) before including it. */
#ifndef GSYNC_MULTI_ARGS_CUH
#define GSYNC_MULTI_ARGS_CUH

#include <nvshmem.h>
#include <nvshmemx.h>

#include <gsync/gsync.cuh>
#include <gsync/multi/barrier.cuh>
#include <gsync/multi/cohort.cuh>
#include <gsync/multi/flat_barrier.cuh>
#include <gsync/multi/semaphore.cuh>

#include "multi/multi.h"
#include "multi/multi_queue.cuh"
#include "multi/multi_server.cuh"

#define MAX_PES GS_MULTI_MAX_PES

typedef struct mg_args {
    gs_multi_barrier_t bar;         /* hier, direct and flat (the form); brokenNoExchange: npes 1 */
    unsigned int *flags[MAX_PES];   /* naive and ping-pong: each PE's flag lines (a line per writer) */
    unsigned int *stamps[MAX_PES];  /* each PE's stamps, 2 * blocks words */
    unsigned int *stale;            /* this GPU's count of stale stamps read */
    gs_multi_ticket_t *lock;        /* PE 0's lock */
    gs_multi_ticket_t *lock_own;    /* this GPU's copy of it (brokenLock's global part) */
    gs_multi_cohort_local_t *local; /* this GPU's part of the cohort lock */
    unsigned int *cs;               /* PE 0's counter, then GS_MULTI_LOCK_DATA words */
    unsigned int *cs_own;           /* the same words in this GPU's memory (cohortOwnData) */
    gs_multi_sem_t *sem;            /* PE 0's semaphore */
    unsigned int *semw;             /* PE 0's acquisitions, holders inside, most inside: a line each */
    unsigned int sem_size;
    unsigned int *sink;             /* the split ways' work: written only if it came out zero */
    mq_args q;                      /* queue, brokenQueue (multi_queue.cuh) */
    ms_args srv;                    /* server, brokenServer (multi_server.cuh) */
    unsigned int pe, npes, iters, verify;
    unsigned int e0; /* the barriers' episodes are e0 + 1 ... e0 + iters (--wrap: iters/2 short of 2^32) */
} mg_args;

/* Thread 0, before episode e: this block's stamp (a plain store); after it:
 * a stamp of a block of another GPU, which must be e, read with
 * ld.relaxed.sys, so that the check does not hang on whether an L1 line of
 * peer memory survives the barrier (NVSHMEM's polls end with no acquire
 * fence); what it checks is that the barrier orders the GPUs. */
static __device__ __forceinline__ void stamp(const mg_args *a, unsigned int e)
{
    if (a->verify && threadIdx.x == 0)
        a->stamps[a->pe][(e & 1u) * gridDim.x + blockIdx.x] = e;
}

static __device__ __forceinline__ void check(const mg_args *a, unsigned int e)
{
    if (a->verify && threadIdx.x == 0) {
        const unsigned int q = (a->pe + 1u + e % (a->npes - 1u)) % a->npes, n = gridDim.x;
        if (gs_ld_relaxed(&a->stamps[q][(e & 1u) * n + (blockIdx.x + e) % n], GS_SCOPE_SYS) != e)
            atomicAdd(a->stale, 1u);
    }
}

static __device__ __forceinline__ unsigned int *flag_of(const mg_args *a, unsigned int owner, unsigned int writer)
{
    return a->flags[owner] + GS_MULTI_LINE * writer;
}

/* Work for the split ways (an episode's) and the semaphore (a section's):
 * `fmas` dependent FMAs, kept by a store that never happens. */
static __device__ __forceinline__ void work(const mg_args *a, unsigned int fmas)
{
    float x = 1.0f + (float)threadIdx.x * 1e-7f;
#pragma unroll 16
    for (unsigned int k = 0; k < fmas; ++k)
        x = fmaf(x, 0.999999f, 1e-7f);
    if (x == 0.0f)
        *a->sink = 1u;
}

enum { K_PLAIN, K_SPLIT, K_WORK };

/* gsync's barrier in the form the handle names (hier, hierDirect, flat;
 * brokenNoExchange: hier planned on this GPU alone); split: arrive, the
 * work, wait; work: the work alone */
/* gsync's barrier in the form the handle names (hier, hierDirect, flat;
 * brokenNoExchange: hier planned on this GPU alone; hierNodes: hier with
 * every peer on another node); split: arrive, the work, wait; work: the
 * work alone */
static __device__ __forceinline__ void mg_barrier_run(mg_args *a, int kind)
{
    for (unsigned int i = 1; i <= a->iters; ++i) {
        const unsigned int e = a->e0 + i;
        stamp(a, e);
        if (kind == K_WORK) {
            work(a, GS_MULTI_WORK_FMAS);
            continue;
        }
        gs_multi_barrier_arrive(&a->bar); /* the handle counts: episode a->bar.epoch + 1 == e */
        if (kind == K_SPLIT)
            work(a, GS_MULTI_WORK_FMAS);
        if (!gs_multi_barrier_wait(&a->bar))
            return;
        check(a, e);
    }
}

/* multi_nodes_kernels.cu: hierNodes' kernel (its arguments as k_barrier's),
 * and the launch that arms that unit's watchdog hook. */
const void *mg_nodes_kernel(void);
cudaError_t mg_nodes_arm(gs_watchdog_t *wd, unsigned long long ns, cudaStream_t s);

#endif
