/* gsync/barrier/fx_lockfree.cuh: GPU lock-free barrier.  BASELINE: Feng
 * and Xiao's lock-free __gpu_sync, with and without __threadfence().
 *
 * Algorithm: block i writes its goal (epoch + 1) into arrive[i]; block 0's
 *            threads each watch a share of arrive[], join, then write the
 *            goal into every leave[i]; block i spins on leave[i].  No atomic.
 * Ordering:  as published: with `fence`, fence.sc.gpu before a block's
 *            arrival and before block 0 releases; flags are read and written
 *            with relaxed (volatile in the paper) accesses.  Without `fence`
 *            nothing orders the data (kept to measure the fence's cost).
 * Footprint: 2 words per block.  Co-residency: required.
 * Progress:  blocking; block 0 gathers, so its block needs >= 1 warp.
 */
#ifndef GSYNC_BARRIER_FX_LOCKFREE_CUH
#define GSYNC_BARRIER_FX_LOCKFREE_CUH

#include "common.cuh"

typedef struct gs_barrier_fx_lockfree {
    unsigned int *arrive; /* one word per block, zeroed */
    unsigned int *leave;  /* one word per block, zeroed */
} gs_barrier_fx_lockfree_t;

static __device__ __forceinline__ bool gs_barrier_fx_lockfree_sync(gs_barrier_fx_lockfree_t b, unsigned int epoch,
                                                                   bool fence)
{
    const unsigned int goal = epoch + 1u, n = gs_barrier_blocks(), me = gs_barrier_block_id();
    const unsigned int t = gs_barrier_thread(), threads = gs_barrier_threads();
    gs_wait_t w = GS_WAIT_INIT;
    bool ok = true;
    __syncthreads();
    if (t == 0u) {
        if (fence)
            gs_fence_sc(GS_SCOPE_GPU);
        gs_st_relaxed(&b.arrive[me], goal, GS_SCOPE_GPU);
    }
    if (me == 0) {
        for (unsigned int i = t; i < n && ok; i += threads)
            while (gs_ld_relaxed(&b.arrive[i], GS_SCOPE_GPU) != goal)
                if (gs_wait_spin(&w)) {
                    ok = false;
                    break;
                }
        __syncthreads();
        if (fence)
            gs_fence_sc(GS_SCOPE_GPU);
        for (unsigned int i = t; i < n; i += threads)
            gs_st_relaxed(&b.leave[i], goal, GS_SCOPE_GPU);
    }
    if (t == 0u && ok)
        while (gs_ld_relaxed(&b.leave[me], GS_SCOPE_GPU) != goal)
            if (gs_wait_spin(&w)) {
                ok = false;
                break;
            }
    return gs_barrier_join(ok);
}

#endif
