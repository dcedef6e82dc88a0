/* gsync/mutex/array.cuh: array-based queue lock (Anderson's lock) with a
 * ticket in every slot.  gsync's own design (CLI name arrayMutex).
 *
 * Algorithm: a relaxed fetch-and-add on `next` gives ticket t; the waiter
 *            polls only its own slot, t mod nslots, until it holds t.  The
 *            holder releases by storing t + 1 into the next slot.  Slots hold
 *            tickets rather than flags, so zeroed memory is a valid initial
 *            state (slot 0 holds ticket 0) and no slot needs resetting.  Each
 *            slot has its own 128-byte line, so the handoff store reaches the
 *            one block that waits for it and no other poller shares its line.
 * Ordering:  acquire load at gpu scope to enter, release store at gpu scope
 *            to leave (no fence.sc).
 * Footprint: 128 bytes per slot plus 128; nslots must be a power of two at
 *            least the number of blocks that can wait at once.
 * Co-residency: not needed.
 * Progress:  starvation-free, FIFO.
 * Caller:    one thread per block; keep the ticket for unlock.
 */
#ifndef GSYNC_MUTEX_ARRAY_CUH
#define GSYNC_MUTEX_ARRAY_CUH

#include "../wait.cuh"

#define GS_MUTEX_ARRAY_STRIDE 32u /* words per slot: one 128-byte line */
#ifndef GS_MUTEX_ARRAY_MAX_POLL_NS
#define GS_MUTEX_ARRAY_MAX_POLL_NS 256u
#endif

typedef struct gs_mutex_array {
    unsigned int *next;  /* one word, in its own line                 */
    unsigned int *slots; /* nslots * GS_MUTEX_ARRAY_STRIDE words, zeroed */
    unsigned int nslots; /* power of two                               */
} gs_mutex_array_t;

static __device__ __forceinline__ bool gs_mutex_array_lock(gs_mutex_array_t m, unsigned int *ticket)
{
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int t = gs_atom_add_relaxed(m.next, 1u, GS_SCOPE_GPU);
    const unsigned int *slot = m.slots + (t & (m.nslots - 1u)) * GS_MUTEX_ARRAY_STRIDE;
    *ticket = t;
    while (gs_ld_acquire(slot, GS_SCOPE_GPU) != t) {
        /* a short capped backoff: polls hit a private line, so they only
         * cost L2 bandwidth, not the handoff's latency */
        if (w.backoff_ns > GS_MUTEX_ARRAY_MAX_POLL_NS)
            w.backoff_ns = GS_MUTEX_ARRAY_MAX_POLL_NS;
        if (gs_wait_backoff(&w))
            return false;
    }
    return true;
}

static __device__ __forceinline__ void gs_mutex_array_unlock(gs_mutex_array_t m, unsigned int ticket)
{
    const unsigned int n = ticket + 1u;
    gs_st_release(m.slots + (n & (m.nslots - 1u)) * GS_MUTEX_ARRAY_STRIDE, n, GS_SCOPE_GPU);
}

#endif
