/* gsync/multi/ticket.cuh: FIFO ticket lock shared by the blocks of every
 * GPU of a node (gsync's own design; docs/multi.md).
 *
 * Algorithm: gsync's ticket lock (mutex/ticket.cuh), one word pair in one
 *            PE's memory that every GPU reaches through a peer pointer
 *            (nvshmem_ptr(lock, 0)): a relaxed fetch-and-add on `next`, polls
 *            of `serving` with proportional backoff of
 *            GS_MULTI_TICKET_NS_PER_WAITER per waiter ahead (a handoff across
 *            NVLink takes longer than one inside a GPU), unlock a store.
 * Ordering:  lock ld.acquire.sys, unlock st.release.sys: the critical
 *            section's accesses, made by any thread of the block after
 *            __syncthreads(), reach the next holder on any GPU.
 * Progress:  starvation-free, FIFO.  Co-residency: not needed.
 * Requires:  every holder's pointer reaches the same word pair (peer
 *            memory: NVLink or PCIe P2P with atomics); one thread a block.
 *            Zeroed once, or before each launch on every GPU before any GPU
 *            starts (gs_multi_launch's zero list orders that); between
 *            launches with every holder gone it needs no reset.
 * Memory:    256 bytes on one PE.
 */
#ifndef GSYNC_MULTI_TICKET_CUH
#define GSYNC_MULTI_TICKET_CUH

#include "../mutex/ticket.cuh"

#ifndef GS_MULTI_TICKET_NS_PER_WAITER
#define GS_MULTI_TICKET_NS_PER_WAITER 1000u
#endif

typedef gs_mutex_ticket_t gs_multi_ticket_t;

/* True once held; false only if the watchdog abandoned the wait. */
static __device__ __forceinline__ bool gs_multi_ticket_lock(gs_multi_ticket_t *m, unsigned int *ticket)
{
    return gs_mutex_ticket_lock_ns(m, ticket, GS_SCOPE_SYS, GS_MULTI_TICKET_NS_PER_WAITER);
}

static __device__ __forceinline__ void gs_multi_ticket_unlock(gs_multi_ticket_t *m, unsigned int ticket)
{
    gs_mutex_ticket_unlock(m, ticket, GS_SCOPE_SYS);
}

#endif
