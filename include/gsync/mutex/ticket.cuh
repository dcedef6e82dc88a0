/* gsync/mutex/ticket.cuh: ticket lock with proportional backoff.  gsync's
 * own design (ticketMutex).
 *
 * Algorithm: a relaxed fetch-and-add on `next` hands out tickets; the holder
 *            releases by storing ticket + 1 into `serving` (only the holder
 *            writes it: a store, no read-modify-write).  A waiter d places
 *            from the head sleeps about (d - 1) * GS_MUTEX_TICKET_NS_PER_WAITER
 *            before it polls again, so only the next one or two waiters poll,
 *            whatever the queue's length.  `next` and `serving` sit in
 *            separate 128-byte lines so that ticket takers do not slow the
 *            handoff.  No fence.sc, no retried atomics.
 * Ordering:  lock is ld.acquire, unlock st.release, at `scope` (gpu, or
 *            cluster for blocks of one cluster); thread 0's acquire and
 *            release cover the block's accesses through __syncthreads().
 *            Trylock: ld.acquire of `serving`, then a relaxed CAS of `next`
 *            from that value: it takes the ticket being served, or nothing.
 * Progress:  starvation-free, FIFO.  Co-residency: not needed.
 * Memory:    256 bytes.  Caller: one thread per block; keep the ticket.
 */
#ifndef GSYNC_MUTEX_TICKET_CUH
#define GSYNC_MUTEX_TICKET_CUH

#include "../wait.cuh"

#ifndef GS_MUTEX_TICKET_NS_PER_WAITER
#define GS_MUTEX_TICKET_NS_PER_WAITER 200u
#endif

typedef struct gs_mutex_ticket {
    unsigned int next;
    unsigned int pad0[31];
    unsigned int serving;
    unsigned int pad1[31];
} gs_mutex_ticket_t;
#define GS_MUTEX_TICKET_INIT {0u, {0u}, 0u, {0u}}

/* The same with the pause per waiter ahead given (gsync/multi/ticket.cuh
 * waits longer across GPUs). */
static __device__ __forceinline__ bool gs_mutex_ticket_lock_ns(gs_mutex_ticket_t *m, unsigned int *ticket,
                                                               enum gs_scope scope, unsigned int ns_per_waiter)
{
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int t = gs_atom_add_relaxed(&m->next, 1u, scope);
    unsigned int d;
    *ticket = t;
    while ((d = t - gs_ld_acquire(&m->serving, scope)) != 0u)
        if (gs_wait_behind(&w, d - 1u, ns_per_waiter, GS_WAIT_MAX_SLEEP_NS))
            return false;
    return true;
}

/* True once held; false only if the watchdog abandoned the wait. */
static __device__ __forceinline__ bool gs_mutex_ticket_lock(gs_mutex_ticket_t *m, unsigned int *ticket,
                                                            enum gs_scope scope)
{
    return gs_mutex_ticket_lock_ns(m, ticket, scope, GS_MUTEX_TICKET_NS_PER_WAITER);
}

/* One attempt: true (the lock held, *ticket set) only if no one held it or
 * waited for it.  Never waits. */
static __device__ __forceinline__ bool gs_mutex_ticket_trylock(gs_mutex_ticket_t *m, unsigned int *ticket,
                                                               enum gs_scope scope)
{
    const unsigned int s = gs_ld_acquire(&m->serving, scope); /* the last holder's section before ours */
    if (gs_atom_cas_relaxed(&m->next, s, s + 1u, scope) != s)
        return false; /* held, or tickets taken beyond it */
    *ticket = s;
    return true;
}

static __device__ __forceinline__ void gs_mutex_ticket_unlock(gs_mutex_ticket_t *m, unsigned int ticket,
                                                              enum gs_scope scope)
{
    gs_st_release(&m->serving, ticket + 1u, scope);
}

#endif
