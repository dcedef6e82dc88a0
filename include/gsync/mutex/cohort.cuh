/* gsync/mutex/cohort.cuh: a cluster cohort lock.  gsync's own design
 * (cohortMutex), for kernels launched in thread-block clusters (sm_90).
 *
 * Algorithm: a global ticket lock (mutex/ticket.cuh) held by a cluster, and
 *            inside each cluster an MCS queue in distributed shared memory
 *            (mutex/mcs.cuh).  The queue's head takes the global lock.  A
 *            holder with a successor hands the global lock over with its
 *            turn, up to GS_MUTEX_COHORT_MAX_RUN times in a row; then it
 *            releases the global lock and lets the successor queue for it.
 * Ordering:  the queue's hand-over is a cluster-scope release/acquire
 *            (mutex/mcs.cuh); the global lock's release is at gpu scope and
 *            cumulative, so the next cluster sees every earlier holder's
 *            writes (causality is transitive across the two scopes).
 * Progress:  starvation-free: both queues are FIFO and runs are bounded.
 * Requires:  every block calls gs_mutex_cohort_begin before its first lock
 *            and gs_mutex_cohort_end before it exits (all threads), so that
 *            no block's shared memory goes while a peer may still write it.
 *            Without clusters every block is a cluster of one: a ticket
 *            lock.  A block outside a lock's cluster takes the global part alone.
 * Memory:    256 bytes global, 24 bytes of shared memory per block.
 */
#ifndef GSYNC_MUTEX_COHORT_CUH
#define GSYNC_MUTEX_COHORT_CUH

#include "mcs.cuh"
#include "ticket.cuh"

/* Passes inside a cluster in a row before the global lock must be offered
 * to other clusters. */
#ifndef GS_MUTEX_COHORT_MAX_RUN
#define GS_MUTEX_COHORT_MAX_RUN 64u
#endif

typedef gs_mutex_ticket_t gs_mutex_cohort_t; /* the global part */
#define GS_MUTEX_COHORT_INIT GS_MUTEX_TICKET_INIT

/* The queue's hand-over: the global ticket in the high word; in the low word
 * the run so far, a bit for "the global lock comes with it", and a bit that
 * makes it nonzero. */
#define GS__COHORT_GO 0x80000000ull
#define GS__COHORT_OWNED 0x40000000ull
#define GS__COHORT_RUN 0x3fffffffull

typedef struct gs_mutex_cohort_node {
    gs_mutex_mcs_node_t queue;
    unsigned long long held; /* the hand-over this block holds by (its own thread 0) */
} gs_mutex_cohort_node_t;

/* All threads, once per block before the first lock. */
static __device__ __forceinline__ void gs_mutex_cohort_begin(gs_mutex_cohort_node_t *mine)
{
    if (threadIdx.x == 0)
        mine->held = 0ull;
    gs_mutex_mcs_begin(&mine->queue);
}

/* All threads, once per block before it exits. */
static __device__ __forceinline__ void gs_mutex_cohort_end(void)
{
    gs_mutex_mcs_end();
}

/* One thread per block; `mine` is the block's own node.  False when the
 * watchdog gave up. */
static __device__ __forceinline__ bool gs_mutex_cohort_lock(gs_mutex_cohort_t *m, gs_mutex_cohort_node_t *mine)
{
    unsigned long long go;
    unsigned int g;
    if (!gs_mutex_mcs_acquire(&mine->queue, &go, GS_SCOPE_CLUSTER))
        return false;
    if (go & GS__COHORT_OWNED) {
        mine->held = go; /* for unlock: the run and the global ticket */
        return true;
    }
    if (!gs_mutex_ticket_lock(m, &g, GS_SCOPE_GPU))
        return false;
    mine->held = (unsigned long long)g << 32 | GS__COHORT_GO | GS__COHORT_OWNED;
    return true;
}

static __device__ __forceinline__ void gs_mutex_cohort_unlock(gs_mutex_cohort_t *m, gs_mutex_cohort_node_t *mine)
{
    const unsigned long long held = mine->held;
    const unsigned int next = gs_mutex_mcs_successor(&mine->queue, GS_SCOPE_CLUSTER);
    if (next != 0u && (unsigned int)(held & GS__COHORT_RUN) < GS_MUTEX_COHORT_MAX_RUN) {
        gs_mutex_mcs_pass(&mine->queue, next, held + 1u, GS_SCOPE_CLUSTER); /* with the global lock */
        return;
    }
    gs_mutex_ticket_unlock(m, (unsigned int)(held >> 32), GS_SCOPE_GPU);
    gs_mutex_mcs_pass(&mine->queue, next, GS__COHORT_GO, GS_SCOPE_CLUSTER);
}

/* A block that is not in the lock's cluster (its queue lives in another
 * cluster's shared memory) queues on the global part alone, in the same FIFO
 * as the cohorts' heads; one thread; keep the ticket.  Ordering as the
 * ticket lock's (gpu-scope acquire and release). */
static __device__ __forceinline__ bool gs_mutex_cohort_lock_alone(gs_mutex_cohort_t *m, unsigned int *ticket)
{
    return gs_mutex_ticket_lock(m, ticket, GS_SCOPE_GPU);
}

static __device__ __forceinline__ void gs_mutex_cohort_unlock_alone(gs_mutex_cohort_t *m, unsigned int ticket)
{
    gs_mutex_ticket_unlock(m, ticket, GS_SCOPE_GPU);
}

#endif
