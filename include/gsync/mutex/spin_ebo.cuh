/* gsync/mutex/spin_ebo.cuh: test-and-set lock with exponential backoff.
 * BASELINE: HeteroSync's spinMutexEBO, fences as in its CUDA (UVM) version.
 *
 * Algorithm: as gs_mutex_spin, but after each failed CAS the waiter pauses
 *            in a busy loop whose length doubles (2n+1) up to 1023
 *            (gs_wait_ebo).  HeteroSync counts loop iterations; we count SM
 *            clock cycles so that the compiler cannot drop the loop.
 * Ordering:  relaxed gpu-scope CAS + fence.sc to acquire, fence.sc + relaxed
 *            exchange to release; `scope` is the fences' (mutex/spin.cuh).
 * Footprint: one 32-bit word.
 * Co-residency: not needed.
 * Progress:  deadlock-free, not starvation-free.
 * Caller:    one thread per block.
 */
#ifndef GSYNC_MUTEX_SPIN_EBO_CUH
#define GSYNC_MUTEX_SPIN_EBO_CUH

#include "../wait.cuh"

typedef struct gs_mutex_spin_ebo {
    unsigned int locked;
} gs_mutex_spin_ebo_t;
#define GS_MUTEX_SPIN_EBO_INIT {0u}

static __device__ __forceinline__ bool gs_mutex_spin_ebo_lock(gs_mutex_spin_ebo_t *m, enum gs_scope scope)
{
    gs_wait_t w = GS_WAIT_INIT;
    while (gs_atom_cas_relaxed(&m->locked, 0u, 1u, GS_SCOPE_GPU) != 0u)
        if (gs_wait_ebo(&w))
            return false;
    gs_fence_sc(scope);
    return true;
}

static __device__ __forceinline__ void gs_mutex_spin_ebo_unlock(gs_mutex_spin_ebo_t *m, enum gs_scope scope)
{
    gs_fence_sc(scope);
    gs_atom_exch_relaxed(&m->locked, 0u, GS_SCOPE_GPU);
}

#endif
