/* gsync/sem/ticket.cuh: weighted ticket semaphore.  gsync's own design (CLI
 * names ticketSem1, ticketSem2, ...).
 *
 * Algorithm: a request of weight w (a reader 1, a writer the whole size)
 *            takes the positions [s, s + w) with one fetch-and-add on `next`;
 *            leaving adds w to `released`.  A request enters once
 *            released >= s + w - size.  Why that is safe: every request
 *            inside ended its positions at or below released + size when it
 *            entered, and positions are disjoint, so the weight that entered
 *            is at most released + size, and the weight inside (entered
 *            minus released) at most size; a writer, of weight size, is
 *            therefore alone.  Why it cannot livelock or starve: leaving is
 *            one atomic, never a retry, and takes no lock that entering
 *            blocks contend for; the earliest unfinished request always finds
 *            every earlier one released and enters, so each request enters
 *            after a bounded number of others (requests are served in the
 *            order they took positions, up to `size` readers at once).
 *            Waiters sleep in proportion to how many turnovers of the
 *            semaphore (size positions each) `released` is from their goal,
 *            so the polling does not grow with the queue.
 * Ordering:  entering ends with an ld.acquire.gpu of `released` that
 *            observes every earlier leaver's red.release.gpu (a release
 *            sequence of atomics on one word), so readers see the last
 *            writer's data and a writer's stores follow the readers' loads.
 *            Taking positions is relaxed.  No fence.sc, no lock.
 * Footprint: 256 bytes (two words in separate 128-byte lines).
 * Co-residency: not needed.
 * Progress:  starvation-free and livelock-free; FIFO by position.
 * Caller:    one thread per block.  Counters wrap; at most 2^31 positions
 *            may be outstanding.
 */
#ifndef GSYNC_SEM_TICKET_CUH
#define GSYNC_SEM_TICKET_CUH

#include "../wait.cuh"

/* Sleep per full turnover of the semaphore (size positions released) that
 * a waiter is short of: about one critical section. */
#ifndef GS_SEM_TICKET_NS_PER_TURN
#define GS_SEM_TICKET_NS_PER_TURN 200u
#endif
#define GS_SEM_TICKET_MAX_SLEEP_NS 65536u

typedef struct gs_sem_ticket {
    unsigned int next;
    unsigned int pad0[31];
    unsigned int released;
    unsigned int pad1[31];
} gs_sem_ticket_t;
#define GS_SEM_TICKET_INIT {0u, {0u}, 0u, {0u}}

/* Enter with weight 1 (reader) .. size (writer).  False only if the watchdog
 * gave up. */
static __device__ __forceinline__ bool gs_sem_ticket_enter(gs_sem_ticket_t *s, unsigned int weight,
                                                           unsigned int size)
{
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int goal = gs_atom_add_relaxed(&s->next, weight, GS_SCOPE_GPU) + weight - size;
    for (;;) {
        const int short_by = (int)(goal - gs_ld_acquire(&s->released, GS_SCOPE_GPU));
        if (short_by <= 0)
            return true;
        const unsigned int turns = (unsigned int)(short_by - 1) / size;
        const unsigned int ns = turns > GS_SEM_TICKET_MAX_SLEEP_NS / GS_SEM_TICKET_NS_PER_TURN
                                    ? GS_SEM_TICKET_MAX_SLEEP_NS
                                    : turns * GS_SEM_TICKET_NS_PER_TURN;
        if (gs_wait_sleep(&w, ns))
            return false;
    }
}

static __device__ __forceinline__ void gs_sem_ticket_leave(gs_sem_ticket_t *s, unsigned int weight)
{
    gs_red_add_release(&s->released, weight, GS_SCOPE_GPU);
}

#endif
