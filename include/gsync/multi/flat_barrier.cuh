/* gsync/multi/flat_barrier.cuh: whole-grid barrier across the GPUs of a
 * node with no leader: every block releases for itself, in parallel, and
 * counts itself on every GPU (gsync's own design; docs/multi.md).
 *
 * Algorithm: each GPU holds GS_MULTI_FLAT_LINES counters, a line each, never
 *            reset.  Block b's thread 0 issues fence.release.sys, then one
 *            relaxed .sys add on counter b % LINES of every GPU (peer
 *            pointers).  Episode e is over when each counter of the block's
 *            own GPU reaches e times the blocks of all GPUs mapped to it;
 *            the first warp's lanes poll the counters between them, locally.
 * Ordering:  observation order runs through atomic adds, so the last add
 *            on a counter carries every earlier adder's release: a poll
 *            that reads the goal (ld.relaxed.sys) then fence.acquire.sys
 *            acquires every block of every GPU.  No second release: the
 *            .sys release is paid once per block, all blocks at once, and
 *            nothing is forwarded.
 * Progress:  blocking.  Split phase: arrive never waits.
 * Requires:  every block of every GPU resident; the same grid size on every
 *            GPU; peer pointers (NVLink or PCIe P2P) with .sys atomics;
 *            npes <= GS_MULTI_MAX_PES; the counters zeroed before a launch.
 * Memory:    GS_MULTI_FLAT_LINES 128-byte lines per GPU.
 */
#ifndef GSYNC_MULTI_FLAT_BARRIER_CUH
#define GSYNC_MULTI_FLAT_BARRIER_CUH

#include "barrier.cuh"

#define GS_MULTI_FLAT_LINES 8u
#define gs_multi_flat_bytes() (GS_MULTI_FLAT_LINES * GS_MULTI_LINE * 4u)

typedef struct gs_multi_flat {
    unsigned int *counts[GS_MULTI_MAX_PES]; /* each PE's counter lines, as this GPU reaches them */
    unsigned int pe, npes;
} gs_multi_flat_t;

/* The counter block b adds to, and how many of n blocks a GPU add to line j. */
static __device__ __forceinline__ unsigned int gs__multi_flat_line(unsigned int b)
{
    return b % GS_MULTI_FLAT_LINES;
}
static __device__ __forceinline__ unsigned int gs__multi_flat_share(unsigned int n, unsigned int j)
{
    return n / GS_MULTI_FLAT_LINES + (j < n % GS_MULTI_FLAT_LINES ? 1u : 0u);
}

/* The whole block, episode e = 1, 2, ... */
static __device__ __forceinline__ void gs_multi_flat_arrive(const gs_multi_flat_t *b, unsigned int e)
{
    (void)e;
    __syncthreads();
    if (gs_barrier_thread() == 0u) {
        const unsigned int line = GS_MULTI_LINE * gs__multi_flat_line(gs_barrier_block_id());
        gs_fence_release(GS_SCOPE_SYS); /* this block's writes, once, for every GPU */
        for (unsigned int p = 0; p < b->npes; ++p)
            gs_red_add_relaxed(b->counts[p] + line, 1u, GS_SCOPE_SYS);
    }
}

/* Whether every counter line j = lane, lane + width, ... of this GPU has
 * reached episode e's goal (relaxed .sys loads). */
static __device__ __forceinline__ bool gs__multi_flat_done(const gs_multi_flat_t *b, unsigned int e, unsigned int lane,
                                                           unsigned int width)
{
    const unsigned int n = gs_barrier_blocks();
    bool done = true;
    for (unsigned int j = lane; j < GS_MULTI_FLAT_LINES; j += width)
        done &= (int)(gs_ld_relaxed(b->counts[b->pe] + GS_MULTI_LINE * j, GS_SCOPE_SYS) -
                      e * b->npes * gs__multi_flat_share(n, j)) >= 0;
    return done;
}

/* The whole block.  false: the watchdog fired. */
static __device__ __forceinline__ bool gs_multi_flat_wait(const gs_multi_flat_t *b, unsigned int e)
{
    bool ok = true;
    const unsigned int t = gs_barrier_thread(), width = min(gs_barrier_threads(), 32u);
    if (t < width) { /* the first warp's lanes (all of a smaller block) poll the lines between them */
        const unsigned int lanes = __activemask();
        gs_wait_t w = GS_WAIT_INIT;
        while (!__all_sync(lanes, gs__multi_flat_done(b, e, t, width)))
            if (__any_sync(lanes, gs_wait_spin(&w))) { /* the warp gives up together */
                ok = false;
                break;
            }
        gs_fence_acquire(GS_SCOPE_SYS); /* each lane acquires the adds its counters carry */
    }
    return gs_barrier_join(ok);
}

static __device__ __forceinline__ bool gs_multi_flat_sync(const gs_multi_flat_t *b, unsigned int e)
{
    gs_multi_flat_arrive(b, e);
    return gs_multi_flat_wait(b, e);
}

#endif
