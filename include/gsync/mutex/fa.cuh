/* gsync/mutex/fa.cuh: centralized ticket lock (fetch-and-add mutex).
 * BASELINE: HeteroSync's faMutex, fences as in its CUDA (UVM) version.
 *
 * Algorithm: take a ticket with a wrapping increment of `next`; poll
 *            `serving` until it equals the ticket, pausing between polls
 *            with the same capped exponential busy loop as spinMutexEBO
 *            (HeteroSync's README describes backoff while polling); release
 *            by incrementing `serving`.  Both counters wrap at
 *            GS_MUTEX_FA_WRAP as HeteroSync's do.  The two words share a
 *            cache line, as in HeteroSync.
 * Ordering:  relaxed gpu-scope loads + fence.sc to acquire, fence.sc +
 *            relaxed increment to release; `scope` is the fences'
 *            (mutex/spin.cuh).
 * Footprint: two 32-bit words.
 * Co-residency: not needed (a block takes a ticket only while running).
 * Progress:  starvation-free, FIFO.
 * Caller:    one thread per block; keep the ticket for unlock.
 */
#ifndef GSYNC_MUTEX_FA_CUH
#define GSYNC_MUTEX_FA_CUH

#include "../wait.cuh"

#define GS_MUTEX_FA_WRAP 1000000000u

typedef struct gs_mutex_fa {
    unsigned int next;
    unsigned int serving;
} gs_mutex_fa_t;
#define GS_MUTEX_FA_INIT {0u, 0u}

static __device__ __forceinline__ bool gs_mutex_fa_lock(gs_mutex_fa_t *m, unsigned int *ticket, enum gs_scope scope)
{
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int t = gs_atom_inc_relaxed(&m->next, GS_MUTEX_FA_WRAP, GS_SCOPE_GPU);
    *ticket = t;
    while (gs_ld_relaxed(&m->serving, GS_SCOPE_GPU) != t)
        if (gs_wait_ebo(&w))
            return false;
    gs_fence_sc(scope);
    return true;
}

static __device__ __forceinline__ void gs_mutex_fa_unlock(gs_mutex_fa_t *m, unsigned int ticket, enum gs_scope scope)
{
    (void)ticket;
    gs_fence_sc(scope);
    gs_atom_inc_relaxed(&m->serving, GS_MUTEX_FA_WRAP, GS_SCOPE_GPU);
}

#endif
