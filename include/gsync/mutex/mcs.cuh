/* gsync/mutex/mcs.cuh: MCS queue lock among the blocks of one thread-block
 * cluster, in distributed shared memory (sm_90).  gsync's own design
 * (mcsMutexCluster), and the cluster half of the cohort lock.
 *
 * Algorithm: Mellor-Crummey and Scott's queue lock.  A block swaps its rank
 *            into the queue's tail (a word in the rank-0 block's shared
 *            memory), links itself into its predecessor's `next` and polls
 *            `go` in its own shared memory; the holder hands over by writing
 *            its successor's `go` (a value of the caller's, so that a lock
 *            built on this one can pass more than the turn).  With no
 *            successor it empties the queue with a CAS on the tail, unless
 *            one is linking in, which it then waits for.
 * Ordering:  all at `scope` (cluster).  A holder's leaving is one
 *            fence.release, then relaxed writes: the hand-over, or the CAS
 *            that empties the queue.  The same fence is the release for its
 *            next swap and link, which are otherwise relaxed (the swap
 *            acquires), so joining pays no fence; a node's words go back to 0
 *            when consumed, before that fence.  Polls are relaxed, and a
 *            fence.acquire follows the value that ends them.  Each block
 *            polls only its own shared memory.
 * Progress:  FIFO, starvation-free.
 * Requires:  launch in clusters; every block calls gs_mutex_mcs_begin before
 *            its first lock and gs_mutex_mcs_end before it exits (all
 *            threads), so that no shared memory goes while a peer may write
 *            it.  Without clusters every block is alone in its queue.
 * Memory:    16 bytes of shared memory per block.  One thread per block.
 */
#ifndef GSYNC_MUTEX_MCS_CUH
#define GSYNC_MUTEX_MCS_CUH

#include "../cluster.cuh"
#include "../wait.cuh"

typedef struct gs_mutex_mcs_node {
    unsigned long long go; /* 0 while queued; the predecessor's hand-over */
    unsigned int next;     /* successor's rank + 1; 0 while there is none */
    unsigned int tail;     /* rank 0's only: last queued block's rank + 1 */
} gs_mutex_mcs_node_t;

/* The node of the block of rank `rank` in this cluster. */
static __device__ __forceinline__ gs_mutex_mcs_node_t *gs__mcs_peer(gs_mutex_mcs_node_t *mine, unsigned int rank)
{
    return (gs_mutex_mcs_node_t *)gs_cluster_map(mine, rank);
}

/* All threads, once per block before the first lock. */
static __device__ __forceinline__ void gs_mutex_mcs_begin(gs_mutex_mcs_node_t *mine)
{
    if (threadIdx.x == 0) {
        mine->go = 0ull;
        mine->next = mine->tail = 0u;
    }
    gs_cluster_sync();
}

/* All threads, once per block before it exits. */
static __device__ __forceinline__ void gs_mutex_mcs_end(void)
{
    gs_cluster_sync();
}

/* Joins the queue and waits for its turn.  *go: 0 when the queue was empty,
 * else what the predecessor handed over.  False when the watchdog gave up. */
static __device__ __forceinline__ bool gs_mutex_mcs_acquire(gs_mutex_mcs_node_t *mine, unsigned long long *go,
                                                            enum gs_scope scope)
{
    const unsigned int me = gs_cluster_rank() + 1u;
    /* swap and link: released by this block's last leaving fence (or begin's cluster barrier) */
    const unsigned int prev = gs_atom_exch_acquire(&gs__mcs_peer(mine, 0u)->tail, me, scope);
    *go = 0ull;
    if (prev != 0u) {
        gs_wait_t w = GS_WAIT_INIT;
        gs_st_relaxed(&gs__mcs_peer(mine, prev - 1u)->next, me, scope);
        while ((*go = gs_ld_relaxed_u64(&mine->go, scope)) == 0ull)
            if (gs_wait_spin(&w))
                return false;
        gs_fence_acquire(scope);
        gs_st_relaxed_u64(&mine->go, 0ull, scope); /* idle again, before the leaving fence */
    }
    return true;
}

/* The successor that has linked in (its rank + 1), or 0. */
static __device__ __forceinline__ unsigned int gs_mutex_mcs_successor(gs_mutex_mcs_node_t *mine, enum gs_scope scope)
{
    const unsigned int next = gs_ld_relaxed(&mine->next, scope);
    if (next != 0u)
        gs_fence_acquire(scope); /* its node's reset happened before our write to it */
    return next;
}

/* Hands `value` (nonzero) to successor `next` (from gs_mutex_mcs_successor);
 * with none seen yet, empties the queue or waits for the one linking in. */
static __device__ __forceinline__ void gs_mutex_mcs_pass(gs_mutex_mcs_node_t *mine, unsigned int next,
                                                         unsigned long long value, enum gs_scope scope)
{
    if (next == 0u) {
        const unsigned int me = gs_cluster_rank() + 1u;
        gs_fence_release(scope); /* the next swap acquires the section through the emptied tail */
        if (gs_atom_cas_relaxed(&gs__mcs_peer(mine, 0u)->tail, me, 0u, scope) == me)
            return;
        gs_wait_t w = GS_WAIT_INIT;
        while ((next = gs_ld_relaxed(&mine->next, scope)) == 0u)
            if (gs_wait_spin(&w))
                return;
        gs_fence_acquire(scope);
    }
    gs_st_relaxed(&mine->next, 0u, scope); /* consumed; reset before the fence that releases our next link */
    gs_fence_release(scope);
    gs_st_relaxed_u64(&gs__mcs_peer(mine, next - 1u)->go, value, scope);
}

/* The plain lock: one thread per block; false when the watchdog gave up. */
static __device__ __forceinline__ bool gs_mutex_mcs_lock(gs_mutex_mcs_node_t *mine, enum gs_scope scope)
{
    unsigned long long go;
    return gs_mutex_mcs_acquire(mine, &go, scope);
}

static __device__ __forceinline__ void gs_mutex_mcs_unlock(gs_mutex_mcs_node_t *mine, enum gs_scope scope)
{
    gs_mutex_mcs_pass(mine, gs_mutex_mcs_successor(mine, scope), 1ull, scope);
}

#endif
