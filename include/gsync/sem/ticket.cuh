/* gsync/sem/ticket.cuh: weighted ticket semaphore.  gsync's own design
 * (ticketSem1, ticketSem2, ...).
 *
 * Algorithm: a request of weight w (a reader 1, a writer the whole size)
 *            takes positions [s, s + w) with one fetch-and-add on `next`;
 *            leaving adds w to `released`.  A request enters once
 *            released >= s + w - size.  Safe: every request inside ended its
 *            positions at or below released + size when it entered, and
 *            positions are disjoint, so at most `size` weight is inside, and
 *            a writer (weight size) is alone.  Leaving is one atomic, never a
 *            retry, and takes no lock that entering blocks contend for; the
 *            earliest unfinished request always finds every earlier one gone.
 *            Waiters sleep in proportion to the turnovers (size positions
 *            each) they are short of.
 * Ordering:  entering ends with an ld.acquire of `released` that observes
 *            every earlier leaver's red.release (a release sequence on one
 *            word), at `scope`; taking positions is relaxed.  No fence.sc.
 * Progress:  starvation- and livelock-free; FIFO by position.
 * Memory:    256 bytes (two words in separate lines).  Co-residency: not
 *            needed.  One thread per block; at most 2^31 positions pending.
 */
#ifndef GSYNC_SEM_TICKET_CUH
#define GSYNC_SEM_TICKET_CUH

#include "../wait.cuh"

#ifndef GS_SEM_TICKET_NS_PER_TURN
#define GS_SEM_TICKET_NS_PER_TURN 200u /* about one critical section */
#endif
#define GS_SEM_TICKET_MAX_SLEEP_NS 65536u

typedef struct gs_sem_ticket {
    unsigned int next;
    unsigned int pad0[31];
    unsigned int released;
    unsigned int pad1[31];
} gs_sem_ticket_t;
#define GS_SEM_TICKET_INIT {0u, {0u}, 0u, {0u}}

/* The same with the pause per turnover given (gsync/multi/semaphore.cuh
 * waits longer across GPUs). */
static __device__ __forceinline__ bool gs_sem_ticket_enter_ns(gs_sem_ticket_t *s, unsigned int weight,
                                                              unsigned int size, enum gs_scope scope,
                                                              unsigned int ns_per_turn)
{
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int goal = gs_atom_add_relaxed(&s->next, weight, scope) + weight - size;
    int short_by;
    while ((short_by = (int)(goal - gs_ld_acquire(&s->released, scope))) > 0)
        if (gs_wait_behind(&w, (unsigned int)(short_by - 1) / size, ns_per_turn, GS_SEM_TICKET_MAX_SLEEP_NS))
            return false;
    return true;
}

/* Enter with weight 1 (reader) .. size (writer).  False only if the watchdog
 * gave up. */
static __device__ __forceinline__ bool gs_sem_ticket_enter(gs_sem_ticket_t *s, unsigned int weight,
                                                           unsigned int size, enum gs_scope scope)
{
    return gs_sem_ticket_enter_ns(s, weight, size, scope, GS_SEM_TICKET_NS_PER_TURN);
}

static __device__ __forceinline__ void gs_sem_ticket_leave(gs_sem_ticket_t *s, unsigned int weight,
                                                           enum gs_scope scope)
{
    gs_red_add_release(&s->released, weight, scope);
}

#endif
