/* gsync/mutex/cohort.cuh: a cluster cohort lock.  gsync's own design (CLI
 * name cohortMutex), for kernels launched in thread-block clusters (sm_90).
 *
 * Algorithm: two ticket locks.  The global one (gs_mutex_ticket_t) is taken
 *            by a cluster, not a block.  The local one lives in the shared
 *            memory of the cluster's rank-0 block and orders the cluster's
 *            own blocks.  A block takes a local ticket (atom.add on the
 *            rank-0 block's counter over the cluster network) and waits for
 *            its turn; the first holder of a run takes the global lock.  On
 *            unlock, when another block of the cluster is queued and the run
 *            has not reached GS_MUTEX_COHORT_MAX_RUN, the holder passes the
 *            lock to it inside the cluster and keeps the global lock;
 *            otherwise it releases the global lock first.
 * Why faster: a pass inside the cluster goes through distributed shared
 *            memory, whose round trip is shorter than L2's, and the next
 *            holder polls a word next to it rather than a global line; at
 *            full contention most passes are local.
 * Ordering:  local turn: st.release.cluster / ld.acquire.cluster; global:
 *            the ticket lock's st.release.gpu / ld.acquire.gpu.  A block of
 *            the next cluster sees the writes of every earlier holder
 *            because causality is transitive: cluster-scope release/acquire
 *            chains inside a cluster, then the gpu-scope release of the run's
 *            last holder covers them (PTX release is cumulative).  The run's
 *            bookkeeping (owned, global ticket, run length) is only touched
 *            by the holder, so relaxed cluster-scope accesses suffice.
 * Footprint: 256 bytes of global memory, 32 bytes of shared memory a block.
 * Co-residency: not needed across clusters; a cluster's blocks are resident
 *            together by construction.
 * Progress:  starvation-free: both queues are FIFO and a run is bounded.
 * Caller:    every block calls gs_mutex_cohort_begin (all threads) before
 *            its first lock and gs_mutex_cohort_end (all threads) before it
 *            exits, so that rank 0's shared memory outlives its peers' use;
 *            lock and unlock are one thread per block.  Without clusters, or
 *            before sm_90, each block is its own cluster and this is the
 *            ticket lock.
 */
#ifndef GSYNC_MUTEX_COHORT_CUH
#define GSYNC_MUTEX_COHORT_CUH

#include "../cluster.cuh"
#include "ticket.cuh"

/* Local passes in a row before the global lock must be offered to others. */
#ifndef GS_MUTEX_COHORT_MAX_RUN
#define GS_MUTEX_COHORT_MAX_RUN 64u
#endif

typedef gs_mutex_ticket_t gs_mutex_cohort_t; /* the global part */
#define GS_MUTEX_COHORT_INIT GS_MUTEX_TICKET_INIT

typedef struct gs_mutex_cohort_local {
    unsigned int next;    /* local tickets handed out                 */
    unsigned int serving; /* local ticket that holds the turn         */
    unsigned int owned;   /* 1 while this cluster holds the global lock */
    unsigned int gticket; /* its global ticket                        */
    unsigned int run;     /* local passes since it was taken          */
} gs_mutex_cohort_local_t;

/* All threads, once per block before the first lock: zeroes the block's
 * local part and waits for the whole cluster to have done so. */
static __device__ __forceinline__ void gs_mutex_cohort_begin(gs_mutex_cohort_local_t *mine)
{
    if (threadIdx.x == 0)
        mine->next = mine->serving = mine->owned = mine->gticket = mine->run = 0u;
    gs_cluster_sync();
}

/* All threads, once per block before it exits. */
static __device__ __forceinline__ void gs_mutex_cohort_end(void)
{
    gs_cluster_sync();
}

/* One thread per block.  `mine` is the block's own local part; the cluster
 * uses rank 0's.  False when the watchdog gave up. */
static __device__ __forceinline__ bool gs_mutex_cohort_lock(gs_mutex_cohort_t *m, gs_mutex_cohort_local_t *mine,
                                                            unsigned int *ticket)
{
    gs_mutex_cohort_local_t *l = gs_cluster_map(mine, 0u);
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int t = gs_atom_add_relaxed(&l->next, 1u, GS_SCOPE_CLUSTER);
    *ticket = t;
    while (gs_ld_acquire(&l->serving, GS_SCOPE_CLUSTER) != t)
        if (gs_wait_spin(&w))
            return false;
    if (gs_ld_relaxed(&l->owned, GS_SCOPE_CLUSTER))
        return true; /* passed inside the cluster */
    unsigned int g;
    if (!gs_mutex_ticket_lock(m, &g))
        return false;
    gs_st_relaxed(&l->gticket, g, GS_SCOPE_CLUSTER);
    gs_st_relaxed(&l->run, 0u, GS_SCOPE_CLUSTER);
    gs_st_relaxed(&l->owned, 1u, GS_SCOPE_CLUSTER);
    return true;
}

static __device__ __forceinline__ void gs_mutex_cohort_unlock(gs_mutex_cohort_t *m, gs_mutex_cohort_local_t *mine,
                                                              unsigned int ticket)
{
    gs_mutex_cohort_local_t *l = gs_cluster_map(mine, 0u);
    const bool queued = gs_ld_relaxed(&l->next, GS_SCOPE_CLUSTER) != ticket + 1u;
    const unsigned int run = gs_ld_relaxed(&l->run, GS_SCOPE_CLUSTER);
    if (queued && run < GS_MUTEX_COHORT_MAX_RUN) {
        gs_st_relaxed(&l->run, run + 1u, GS_SCOPE_CLUSTER);
    } else {
        gs_st_relaxed(&l->owned, 0u, GS_SCOPE_CLUSTER);
        gs_mutex_ticket_unlock(m, gs_ld_relaxed(&l->gticket, GS_SCOPE_CLUSTER));
    }
    gs_st_release(&l->serving, ticket + 1u, GS_SCOPE_CLUSTER);
}

#endif
