/* gsync/mutex/spin.cuh: test-and-set spin lock.  BASELINE: HeteroSync's
 * spinMutex reproduced as its CUDA (UVM) version has it, fences included.
 *
 * Algorithm: CAS 0 -> 1 until it succeeds; release by exchanging 0 in.
 * Ordering:  as HeteroSync: a relaxed gpu-scope CAS (CUDA's atomicCAS)
 *            followed by fence.sc at `scope` to acquire; fence.sc then a
 *            relaxed exchange to release.  `scope` is the fences' only: gpu
 *            as HeteroSync's global version (__threadfence), cta as its
 *            ...Uniq versions (__threadfence_block), which orders nothing
 *            between blocks.  Two full fences per critical section.
 * Footprint: one 32-bit word.
 * Co-residency: not needed (the holder is always a running block).
 * Progress:  deadlock-free, not starvation-free; every waiter hammers the
 *            same word, so contention grows with the number of waiters.
 * Caller:    one thread per block; the block joins with __syncthreads().
 */
#ifndef GSYNC_MUTEX_SPIN_CUH
#define GSYNC_MUTEX_SPIN_CUH

#include "../wait.cuh"

typedef struct gs_mutex_spin {
    unsigned int locked;
} gs_mutex_spin_t;
#define GS_MUTEX_SPIN_INIT {0u}

/* Returns true once held; false only if the watchdog abandoned the wait. */
static __device__ __forceinline__ bool gs_mutex_spin_lock(gs_mutex_spin_t *m, enum gs_scope scope)
{
    gs_wait_t w = GS_WAIT_INIT;
    while (gs_atom_cas_relaxed(&m->locked, 0u, 1u, GS_SCOPE_GPU) != 0u)
        if (gs_wait_spin(&w))
            return false;
    gs_fence_sc(scope); /* HeteroSync: "atomicCAS acts as a load acquire" */
    return true;
}

static __device__ __forceinline__ void gs_mutex_spin_unlock(gs_mutex_spin_t *m, enum gs_scope scope)
{
    gs_fence_sc(scope); /* HeteroSync: "atomicExch acts as a store release" */
    gs_atom_exch_relaxed(&m->locked, 0u, GS_SCOPE_GPU);
}

#endif
