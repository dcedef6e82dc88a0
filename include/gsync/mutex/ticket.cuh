/* gsync/mutex/ticket.cuh: ticket lock with proportional backoff.  gsync's own
 * design (CLI name ticketMutex).
 *
 * Algorithm: a relaxed fetch-and-add on `next` hands out tickets; the holder
 *            releases by storing ticket + 1 into `serving` (only the holder
 *            writes it, so a store suffices, no read-modify-write).  A waiter
 *            that is d places from the head sleeps about
 *            (d - 1) * GS_MUTEX_TICKET_NS_PER_WAITER before it polls again,
 *            so only the next one or two waiters poll at any time, whatever
 *            the queue length: the handoff costs the same at 1 and at 32
 *            blocks per SM.  `next` and `serving` sit in separate 128-byte
 *            lines so that ticket takers do not slow the handoff.
 * Why faster than the baselines: no fence.sc (one ld.acquire.gpu and one
 *            st.release.gpu per critical section), no polling storm on the
 *            handoff word, no retried atomics.
 * Ordering:  lock is an acquire at gpu scope, unlock a release at gpu scope;
 *            thread 0's acquire/release covers the block's accesses through
 *            __syncthreads() (PTX release is cumulative).
 * Footprint: 256 bytes.
 * Co-residency: not needed (a block takes a ticket only while running).
 * Progress:  starvation-free, FIFO.
 * Caller:    one thread per block; keep the ticket for unlock.
 */
#ifndef GSYNC_MUTEX_TICKET_CUH
#define GSYNC_MUTEX_TICKET_CUH

#include "../wait.cuh"

#ifndef GS_MUTEX_TICKET_NS_PER_WAITER
#define GS_MUTEX_TICKET_NS_PER_WAITER 200u
#endif
#define GS_MUTEX_TICKET_MAX_SLEEP_NS 1000000u /* nanosleep's own limit */

typedef struct gs_mutex_ticket {
    unsigned int next;
    unsigned int pad0[31];
    unsigned int serving;
    unsigned int pad1[31];
} gs_mutex_ticket_t;
#define GS_MUTEX_TICKET_INIT {0u, {0u}, 0u, {0u}}

static __device__ __forceinline__ bool gs_mutex_ticket_lock(gs_mutex_ticket_t *m, unsigned int *ticket)
{
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int t = gs_atom_add_relaxed(&m->next, 1u, GS_SCOPE_GPU);
    *ticket = t;
    for (;;) {
        const unsigned int d = t - gs_ld_acquire(&m->serving, GS_SCOPE_GPU);
        if (d == 0u)
            return true;
        unsigned int ns = (d - 1u) * GS_MUTEX_TICKET_NS_PER_WAITER;
        if (d - 1u > GS_MUTEX_TICKET_MAX_SLEEP_NS / GS_MUTEX_TICKET_NS_PER_WAITER)
            ns = GS_MUTEX_TICKET_MAX_SLEEP_NS;
        if (gs_wait_sleep(&w, ns))
            return false;
    }
}

static __device__ __forceinline__ void gs_mutex_ticket_unlock(gs_mutex_ticket_t *m, unsigned int ticket)
{
    gs_st_release(&m->serving, ticket + 1u, GS_SCOPE_GPU);
}

#endif
