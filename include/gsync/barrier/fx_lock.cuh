/* gsync/barrier/fx_lock.cuh: GPU lock-based barrier.  BASELINE: Feng and
 * Xiao's __gpu_sync, with and without its __threadfence().
 *
 * Algorithm: one global counter; each block adds 1 and spins until the
 *            counter equals goal = blocks * (epoch + 1), the goal growing by
 *            the block count at every barrier so that the counter is never
 *            reset.
 * Ordering:  as published: with `fence`, fence.sc.gpu before the add; the
 *            add is relaxed and the spin reads the counter with relaxed
 *            (volatile in the paper) loads.  Without `fence` nothing orders
 *            the blocks' data: kept to measure what the fence costs, as the
 *            paper did, and expected to fail gsync's visibility check.
 * Footprint: one word.  Co-residency: required.
 * Progress:  blocking; every block waits for the slowest.
 */
#ifndef GSYNC_BARRIER_FX_LOCK_CUH
#define GSYNC_BARRIER_FX_LOCK_CUH

#include "common.cuh"

typedef struct gs_barrier_fx_lock {
    unsigned int count;
} gs_barrier_fx_lock_t;

static __device__ __forceinline__ bool gs_barrier_fx_lock_sync(gs_barrier_fx_lock_t *b, unsigned int epoch, bool fence)
{
    bool ok = true;
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned int goal = gs_barrier_blocks() * (epoch + 1u);
        gs_wait_t w = GS_WAIT_INIT;
        if (fence)
            gs_fence_sc(GS_SCOPE_GPU);
        gs_atom_add_relaxed(&b->count, 1u, GS_SCOPE_GPU);
        while (gs_ld_relaxed(&b->count, GS_SCOPE_GPU) != goal)
            if (gs_wait_spin(&w)) {
                ok = false;
                break;
            }
    }
    return gs_barrier_join(ok);
}

#endif
