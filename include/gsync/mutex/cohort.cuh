/* gsync/mutex/cohort.cuh: a cluster cohort lock.  gsync's own design
 * (cohortMutex), for kernels launched in thread-block clusters (sm_90).
 *
 * Algorithm: a global ticket lock (mutex/ticket.cuh) held by a cluster, and
 *            inside each cluster an MCS queue in distributed shared memory:
 *            a block swaps itself into the tail (in the rank-0 block's shared
 *            memory), links into its predecessor's `next` and polls `go` in
 *            its own shared memory.  The queue's head takes the global lock.
 *            A holder with a successor passes the global lock with its `go`
 *            store, up to GS_MUTEX_COHORT_MAX_RUN passes in a row; then it
 *            releases the global lock and lets the successor queue for it.
 * Ordering:  the link and the pass are st.release.cluster read by
 *            ld.acquire.cluster; the global lock's release is at gpu scope and
 *            cumulative, so the next cluster sees every earlier holder's
 *            writes (causality is transitive across the two scopes).
 * Progress:  starvation-free: both queues are FIFO and runs are bounded.
 * Requires:  every block calls gs_mutex_cohort_begin before its first lock
 *            and gs_mutex_cohort_end before it exits (all threads), so that
 *            no block's shared memory goes while a peer may still write it.
 *            Without clusters every block is a cluster of one: a ticket lock.
 * Memory:    256 bytes global, 24 bytes of shared memory per block.
 */
#ifndef GSYNC_MUTEX_COHORT_CUH
#define GSYNC_MUTEX_COHORT_CUH

#include "../cluster.cuh"
#include "ticket.cuh"

/* Passes inside a cluster in a row before the global lock must be offered
 * to other clusters. */
#ifndef GS_MUTEX_COHORT_MAX_RUN
#define GS_MUTEX_COHORT_MAX_RUN 64u
#endif

typedef gs_mutex_ticket_t gs_mutex_cohort_t; /* the global part */
#define GS_MUTEX_COHORT_INIT GS_MUTEX_TICKET_INIT

/* `go` as the predecessor writes it: the global ticket in the high word; in
 * the low word the run so far, a bit for "the global lock comes with it",
 * and a bit that makes it nonzero. */
#define GS__COHORT_GO 0x80000000ull
#define GS__COHORT_OWNED 0x40000000ull
#define GS__COHORT_RUN 0x3fffffffull

typedef struct gs_mutex_cohort_node {
    unsigned long long go;   /* 0 while queued; the pass from the predecessor */
    unsigned long long held; /* the pass this block holds by (its own thread 0) */
    unsigned int next;       /* successor's rank + 1; 0 while there is none  */
    unsigned int tail;       /* rank 0's only: last queued block's rank + 1  */
} gs_mutex_cohort_node_t;

/* The node of the block of rank `rank` in this cluster. */
static __device__ __forceinline__ gs_mutex_cohort_node_t *gs__cohort_peer(gs_mutex_cohort_node_t *mine,
                                                                          unsigned int rank)
{
    return (gs_mutex_cohort_node_t *)gs_cluster_map(mine, rank);
}

/* All threads, once per block before the first lock. */
static __device__ __forceinline__ void gs_mutex_cohort_begin(gs_mutex_cohort_node_t *mine)
{
    if (threadIdx.x == 0) {
        mine->go = mine->held = 0ull;
        mine->next = mine->tail = 0u;
    }
    gs_cluster_sync();
}

/* All threads, once per block before it exits. */
static __device__ __forceinline__ void gs_mutex_cohort_end(void)
{
    gs_cluster_sync();
}

/* One thread per block; `mine` is the block's own node.  False when the
 * watchdog gave up. */
static __device__ __forceinline__ bool gs_mutex_cohort_lock(gs_mutex_cohort_t *m, gs_mutex_cohort_node_t *mine)
{
    const unsigned int me = gs_cluster_rank() + 1u;
    gs_st_relaxed_u64(&mine->go, 0ull, GS_SCOPE_CLUSTER);
    gs_st_relaxed(&mine->next, 0u, GS_SCOPE_CLUSTER);
    const unsigned int prev = gs_atom_exch_acq_rel(&gs__cohort_peer(mine, 0u)->tail, me, GS_SCOPE_CLUSTER);
    if (prev != 0u) {
        gs_wait_t w = GS_WAIT_INIT;
        unsigned long long go;
        gs_st_release(&gs__cohort_peer(mine, prev - 1u)->next, me, GS_SCOPE_CLUSTER);
        while ((go = gs_ld_acquire_u64(&mine->go, GS_SCOPE_CLUSTER)) == 0ull)
            if (gs_wait_spin(&w))
                return false;
        if (go & GS__COHORT_OWNED) {
            mine->held = go; /* for unlock: the run and the global ticket */
            return true;
        }
    }
    unsigned int g;
    if (!gs_mutex_ticket_lock(m, &g, GS_SCOPE_GPU))
        return false;
    mine->held = (unsigned long long)g << 32 | GS__COHORT_GO | GS__COHORT_OWNED;
    return true;
}

static __device__ __forceinline__ void gs_mutex_cohort_unlock(gs_mutex_cohort_t *m, gs_mutex_cohort_node_t *mine)
{
    const unsigned int me = gs_cluster_rank() + 1u;
    const unsigned long long held = mine->held;
    const unsigned int gticket = (unsigned int)(held >> 32), run = (unsigned int)(held & GS__COHORT_RUN);
    unsigned int next = gs_ld_acquire(&mine->next, GS_SCOPE_CLUSTER);
    if (next != 0u && run < GS_MUTEX_COHORT_MAX_RUN) {
        gs_st_release_u64(&gs__cohort_peer(mine, next - 1u)->go, held + 1u, GS_SCOPE_CLUSTER);
        return;
    }
    gs_mutex_ticket_unlock(m, gticket, GS_SCOPE_GPU);
    if (next == 0u) {
        /* no successor yet: empty the queue, unless one is linking in now */
        if (gs_atom_cas_relaxed(&gs__cohort_peer(mine, 0u)->tail, me, 0u, GS_SCOPE_CLUSTER) == me)
            return;
        gs_wait_t w = GS_WAIT_INIT;
        while ((next = gs_ld_acquire(&mine->next, GS_SCOPE_CLUSTER)) == 0u)
            if (gs_wait_spin(&w))
                return;
    }
    gs_st_release_u64(&gs__cohort_peer(mine, next - 1u)->go, GS__COHORT_GO, GS_SCOPE_CLUSTER);
}

#endif
