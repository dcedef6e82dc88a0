/* gsync/mutex/sleep.cuh: decentralized ticket lock on a ring buffer.
 * BASELINE: HeteroSync's sleepMutex, fences as in its CUDA (UVM) version.
 *
 * Algorithm: a wrapping increment of `tail` gives each waiter its own slot in
 *            a ring of `nslots` words; the waiter polls its slot until it
 *            reads 1.  To release, the holder marks its slot -1 and writes 1
 *            into the next slot.  Slot 0 starts at 1 (gs_mutex_sleep_init).
 *            The slots are adjacent words, as in HeteroSync.
 * Ordering:  relaxed gpu-scope polls + fence.sc to acquire; to release,
 *            fence.sc then relaxed exchanges; `scope` is the fences'.  HeteroSync places that fence after the
 *            exchanges, where it does not order the critical section before
 *            the handoff; we place it before, as its other mutexes do.
 * Footprint: nslots + 1 words.  nslots must be at least the number of blocks
 *            that can wait at once, or two waiters share a slot.
 * Co-residency: not needed.
 * Progress:  starvation-free, FIFO.
 * Caller:    one thread per block; keep the slot for unlock.
 */
#ifndef GSYNC_MUTEX_SLEEP_CUH
#define GSYNC_MUTEX_SLEEP_CUH

#include "../wait.cuh"

typedef struct gs_mutex_sleep {
    unsigned int *tail;  /* one word                 */
    unsigned int *slots; /* nslots words, zeroed     */
    unsigned int nslots;
} gs_mutex_sleep_t;

/* Single thread, before any lock: the first waiter may go. */
static __device__ __forceinline__ void gs_mutex_sleep_init(gs_mutex_sleep_t m)
{
    *m.tail = 0u;
    for (unsigned int i = 0; i < m.nslots; ++i)
        m.slots[i] = 0u;
    m.slots[0] = 1u;
}

static __device__ __forceinline__ bool gs_mutex_sleep_lock(gs_mutex_sleep_t m, unsigned int *slot, enum gs_scope scope)
{
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int s = gs_atom_inc_relaxed(m.tail, m.nslots - 1u, GS_SCOPE_GPU);
    *slot = s;
    while (gs_ld_relaxed(&m.slots[s], GS_SCOPE_GPU) != 1u)
        if (gs_wait_spin(&w))
            return false;
    gs_fence_sc(scope);
    return true;
}

static __device__ __forceinline__ void gs_mutex_sleep_unlock(gs_mutex_sleep_t m, unsigned int slot, enum gs_scope scope)
{
    const unsigned int next = (slot + 1u == m.nslots) ? 0u : slot + 1u;
    gs_fence_sc(scope);
    gs_atom_exch_relaxed(&m.slots[slot], (unsigned int)-1, GS_SCOPE_GPU);
    gs_atom_exch_relaxed(&m.slots[next], 1u, GS_SCOPE_GPU);
}

#endif
