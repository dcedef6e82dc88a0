/* gsync/barrier/fx_lock.cuh: the counter barrier.  BASELINE: Feng and Xiao's
 * lock-based __gpu_sync, with and without its __threadfence(); also gsync's
 * one unordered counter barrier (the reference a barrier's cost is measured
 * against) and the barrier of the Feng-Xiao decomposition.
 *
 * Algorithm: one global counter; each block adds 1 and spins until the
 *            counter reaches goal = blocks * (epoch + 1), so that it is never
 *            reset.  `exact` spins for equality, as published: a fast block
 *            that arrives at the next barrier before a slow one has seen the
 *            goal makes the slow one miss it (deadlock, TIMEOUT under the
 *            watchdog); otherwise it spins for >= goal.
 * Ordering:  with `fence`, fence.sc.gpu before the add, as published; the add
 *            and the polls are relaxed.  Without `fence` nothing orders the
 *            blocks' data: the barrier then only measures the cost of
 *            meeting, and fails gsync's visibility check.
 * Footprint: one word.  Co-residency: required.  Progress: blocking.
 */
#ifndef GSYNC_BARRIER_FX_LOCK_CUH
#define GSYNC_BARRIER_FX_LOCK_CUH

#include "common.cuh"

typedef struct gs_barrier_fx_lock {
    unsigned int count;
} gs_barrier_fx_lock_t;

/* Block-collective; false when the watchdog gave up. */
static __device__ __forceinline__ bool gs_barrier_fx_lock_sync(gs_barrier_fx_lock_t *b, unsigned int epoch, bool fence,
                                                               bool exact)
{
    bool ok = true;
    __syncthreads();
    if (gs_barrier_thread() == 0u) {
        const unsigned int goal = gs_barrier_blocks() * (epoch + 1u);
        gs_wait_t w = GS_WAIT_INIT;
        unsigned int seen;
        if (fence)
            gs_fence_sc(GS_SCOPE_GPU);
        gs_atom_add_relaxed(&b->count, 1u, GS_SCOPE_GPU);
        while (seen = gs_ld_relaxed(&b->count, GS_SCOPE_GPU), exact ? seen != goal : (int)(seen - goal) < 0)
            if (gs_wait_spin(&w)) {
                ok = false;
                break;
            }
    }
    return gs_barrier_join(ok);
}

#endif
