/* gsync/multi/flat_barrier.cuh: the leaderless form of gsync's barrier
 * across the GPUs of a node: every block releases for itself, in parallel,
 * and counts itself on every GPU (gsync's own design; docs/multi.md).
 * Kernels call it through barrier.cuh.
 *
 * Algorithm: each GPU holds GS_MULTI_FLAT_LINES counters, a line each, never
 *            reset.  Block b's thread 0 issues fence.release.sys, then adds
 *            1 with red.relaxed.sys to counter j = b % LINES of every GPU
 *            (in a launch's first episode its own GPU's add is an
 *            atom.acq_rel.gpu before the fence, its old value checked).
 *            Episode e is over when each counter j of the block's own GPU
 *            reaches e * goal(j), goal(j) the blocks of all GPUs on j (from
 *            the planned grids, which may differ); the first warp's lanes
 *            poll the counters between them, locally.
 * Ordering:  observation order runs through atomic adds, so the last add on
 *            a counter carries every earlier adder's release: a poll that
 *            reads the goal (ld.relaxed.sys) then fence.acquire.sys acquires
 *            every block of every GPU (the first episode's own atom releases
 *            at .gpu to its own GPU's pollers).  The first episode's own add
 *            precedes the fence, so every add of episode 2 follows it.
 * Checks:    in a launch's first episode the own add's old value must lie
 *            in [0, goal) (from `start`): state left from an earlier launch
 *            fails it (one atom a block a launch); the grid must be the
 *            planned one; a poisoned poll stops this GPU (misuse.cuh).
 * Progress:  blocking.  Split phase: arrive never waits.
 * Memory:    the handle's state (handle.h).
 */
#ifndef GSYNC_MULTI_FLAT_BARRIER_CUH
#define GSYNC_MULTI_FLAT_BARRIER_CUH

#include "misuse.cuh"

/* Thread 0, episode e.  The first episode of a launch (epoch == start)
 * adds on its own GPU with an atom whose old value is checked, before the
 * fence; the others add with red after it, as on every other GPU. */
static __device__ __forceinline__ void gs__multi_flat_arrive(const gs_multi_barrier_t *b, unsigned int e)
{
    const unsigned int j = gs_barrier_block_id() % GS_MULTI_FLAT_LINES;
    unsigned int *own = gs_multi_line(b->peer[b->pe], GS_MULTI_FLAT_LINE(j));
    const bool first = b->epoch == b->start;
    unsigned int old = 0u;
    if (first)
        old = gs_atom_add_acq_rel(own, 1u, GS_SCOPE_GPU);
    gs_fence_release(GS_SCOPE_SYS); /* this block's writes, once, for every GPU */
    for (unsigned int p = 0; p < b->npes; ++p)
        if (p != b->pe || !first)
            gs_red_add_relaxed(gs_multi_line(b->peer[p], GS_MULTI_FLAT_LINE(j)), 1u, GS_SCOPE_SYS);
    if (first) {
        const unsigned int goal = gs__multi_flat_goal(b, j);
        if (old - (e - 1u) * goal >= goal)
            gs__multi_misuse(b, GS__MULTI_STALE, old);
    }
}

/* The first warp (lanes 0 .. width - 1), episode e.  Nonzero in every
 * polling lane: the watchdog fired. */
static __device__ __forceinline__ int gs__multi_flat_wait(const gs_multi_barrier_t *b, unsigned int e,
                                                          unsigned int lane, unsigned int width)
{
    const unsigned int lanes = __activemask();
    const unsigned int *own = b->peer[b->pe];
    gs_wait_t w = GS_WAIT_INIT;
    for (;;) {
        bool done = true, poison = false;
        for (unsigned int j = lane; j < GS_MULTI_FLAT_LINES; j += width) {
            const unsigned int target = e * gs__multi_flat_goal(b, j);
            const unsigned int v = gs_ld_relaxed(gs_multi_line(own, GS_MULTI_FLAT_LINE(j)), GS_SCOPE_SYS);
            done &= (int)(v - target) >= 0;
            poison |= (int)(v - target) >= 0 && gs__multi_poisoned(v, target);
        }
        if (__any_sync(lanes, poison) && lane == 0u) /* one line, from lane 0; the trap ends the others */
            gs__multi_misuse(b, GS__MULTI_PEER, 0u);
        if (__all_sync(lanes, done))
            break;
        if (__any_sync(lanes, gs_wait_spin(&w))) /* the warp gives up together */
            return 1;
    }
    gs_fence_acquire(GS_SCOPE_SYS); /* each lane acquires the adds its counters carry */
    return 0;
}

#endif
