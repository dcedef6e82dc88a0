/* gsync/mutex/array.cuh: array-based queue lock (Anderson's lock) with a
 * ticket in every slot and proportional backoff.  gsync's own design (CLI
 * name arrayMutex).
 *
 * Algorithm: a relaxed fetch-and-add on `next` gives ticket t; the waiter
 *            polls its own slot, t mod nslots, until it holds t.  The holder
 *            releases by storing t + 1 into the next slot, so the handoff
 *            travels on a line that no other block polls.  It then publishes
 *            t + 1 in `serving`, a relaxed hint that waiters further back read
 *            to sleep about (d - 1) * GS_MUTEX_ARRAY_NS_PER_WAITER, d being
 *            their distance from the head; only the next waiter polls hard.
 *            Slots hold tickets, not flags, so zeroed memory is a valid
 *            initial state and no slot needs resetting.
 * Ordering:  acquire load at gpu scope to enter, release store at gpu scope
 *            to leave (no fence.sc); `serving` carries no data (relaxed).
 * Footprint: 128 bytes per slot plus 256; nslots must be a power of two at
 *            least the number of blocks that can wait at once.
 * Co-residency: not needed.
 * Progress:  starvation-free, FIFO.
 * Caller:    one thread per block; keep the ticket for unlock.
 */
#ifndef GSYNC_MUTEX_ARRAY_CUH
#define GSYNC_MUTEX_ARRAY_CUH

#include "../wait.cuh"

#define GS_MUTEX_ARRAY_STRIDE 32u /* words per slot: one 128-byte line */
#ifndef GS_MUTEX_ARRAY_NS_PER_WAITER
#define GS_MUTEX_ARRAY_NS_PER_WAITER 200u
#endif
#define GS_MUTEX_ARRAY_MAX_SLEEP_NS 1000000u

typedef struct gs_mutex_array {
    unsigned int *next;    /* one word in its own line                      */
    unsigned int *serving; /* one word in its own line: a hint, no data      */
    unsigned int *slots;   /* nslots * GS_MUTEX_ARRAY_STRIDE words, zeroed   */
    unsigned int nslots;   /* power of two                                   */
} gs_mutex_array_t;

static __device__ __forceinline__ bool gs_mutex_array_lock(gs_mutex_array_t m, unsigned int *ticket)
{
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int t = gs_atom_add_relaxed(m.next, 1u, GS_SCOPE_GPU);
    const unsigned int *slot = m.slots + (t & (m.nslots - 1u)) * GS_MUTEX_ARRAY_STRIDE;
    unsigned int d = 2u;
    *ticket = t;
    while (gs_ld_acquire(slot, GS_SCOPE_GPU) != t) {
        unsigned int ns = 0u;
        if (d > 1u) { /* once next in line, stop reading the hint */
            d = t - gs_ld_relaxed(m.serving, GS_SCOPE_GPU);
            if (d > 1u + GS_MUTEX_ARRAY_MAX_SLEEP_NS / GS_MUTEX_ARRAY_NS_PER_WAITER)
                ns = GS_MUTEX_ARRAY_MAX_SLEEP_NS;
            else if (d > 1u)
                ns = (d - 1u) * GS_MUTEX_ARRAY_NS_PER_WAITER;
        }
        if (gs_wait_sleep(&w, ns))
            return false;
    }
    return true;
}

static __device__ __forceinline__ void gs_mutex_array_unlock(gs_mutex_array_t m, unsigned int ticket)
{
    const unsigned int n = ticket + 1u;
    gs_st_release(m.slots + (n & (m.nslots - 1u)) * GS_MUTEX_ARRAY_STRIDE, n, GS_SCOPE_GPU);
    gs_st_relaxed(m.serving, n, GS_SCOPE_GPU);
}

#endif
