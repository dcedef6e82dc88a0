/* gsync/mutex/array.cuh: array-based queue lock (Anderson's lock) with a
 * ticket in every slot and proportional backoff.  gsync's own design
 * (arrayMutex).
 *
 * Algorithm: a relaxed fetch-and-add on `next` gives ticket t; the waiter
 *            polls its own slot, t mod nslots, until it holds t.  The holder
 *            releases by storing t + 1 into the next slot, so the handoff
 *            travels on a line no other block polls, then publishes t + 1 in
 *            `serving`, a relaxed hint by which waiters further back sleep in
 *            proportion to their distance (only the next one polls hard).
 *            Slots hold tickets, not flags: zeroed memory is a valid state.
 * Ordering:  ld.acquire of the slot to enter, st.release of the next slot to
 *            leave, at `scope`; `serving` carries no data (relaxed).
 * Progress:  starvation-free, FIFO.  Co-residency: not needed.
 * Memory:    128 bytes per slot plus 256; nslots is a power of two at least
 *            the number of blocks that can wait at once.
 * Caller:    one thread per block; keep the ticket for unlock.
 */
#ifndef GSYNC_MUTEX_ARRAY_CUH
#define GSYNC_MUTEX_ARRAY_CUH

#include "../wait.cuh"

#define GS_MUTEX_ARRAY_STRIDE 32u /* words per slot: one 128-byte line */
#ifndef GS_MUTEX_ARRAY_NS_PER_WAITER
#define GS_MUTEX_ARRAY_NS_PER_WAITER 200u
#endif

typedef struct gs_mutex_array {
    unsigned int *next;    /* one word in its own line                 */
    unsigned int *serving; /* one word in its own line: a hint, no data */
    unsigned int *slots;   /* nslots * GS_MUTEX_ARRAY_STRIDE words, zeroed */
    unsigned int nslots;   /* power of two                             */
} gs_mutex_array_t;

static __device__ __forceinline__ bool gs_mutex_array_lock(gs_mutex_array_t m, unsigned int *ticket,
                                                           enum gs_scope scope)
{
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int t = gs_atom_add_relaxed(m.next, 1u, scope);
    const unsigned int *slot = m.slots + (t & (m.nslots - 1u)) * GS_MUTEX_ARRAY_STRIDE;
    unsigned int d = 2u;
    *ticket = t;
    while (gs_ld_acquire(slot, scope) != t) {
        if (d > 1u) /* once next in line, stop reading the hint */
            d = t - gs_ld_relaxed(m.serving, scope);
        if (gs_wait_behind(&w, d > 1u ? d - 1u : 0u, GS_MUTEX_ARRAY_NS_PER_WAITER, GS_WAIT_MAX_SLEEP_NS))
            return false;
    }
    return true;
}

static __device__ __forceinline__ void gs_mutex_array_unlock(gs_mutex_array_t m, unsigned int ticket,
                                                             enum gs_scope scope)
{
    const unsigned int n = ticket + 1u;
    gs_st_release(m.slots + (n & (m.nslots - 1u)) * GS_MUTEX_ARRAY_STRIDE, n, scope);
    gs_st_relaxed(m.serving, n, scope);
}

#endif
