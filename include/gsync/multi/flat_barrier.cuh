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
 * Requires:  the rules of barrier.cuh; the grids planned (else every GPU
 *            is taken to run this GPU's grid).
 * Memory:    the handle's state (handle.h).
 */
#ifndef GSYNC_MULTI_FLAT_BARRIER_CUH
#define GSYNC_MULTI_FLAT_BARRIER_CUH

#include "misuse.cuh"

/* Thread 0, episode e.  The first episode of a launch (epoch == start)
 * adds on its own GPU with an atom whose old value is checked, before the
 * fence; the others add with red after it, as on every other GPU.  Returns
 * the old value when it fails the check (state left from an earlier
 * launch: the wait reports it once its warp is done), else 0 with
 * *stale false. */
static __device__ __forceinline__ unsigned int gs__multi_flat_arrive(const gs_multi_barrier_t *b, unsigned int e,
                                                                     bool *stale)
{
    const unsigned int j = gs_barrier_block_id() % GS_MULTI_FLAT_LINES;
    unsigned int *own = gs_multi_line(b->words, GS_MULTI_FLAT_LINE(j));
    const bool first = b->epoch == b->start;
    unsigned int old = 0u;
    if (first)
        old = gs_atom_add_acq_rel(own, 1u, GS_SCOPE_GPU);
    gs_fence_release(GS_SCOPE_SYS); /* this block's writes, once, for every GPU */
    GS__MULTI_FOR_PES(p, b)
        if (p != b->pe || !first)
            gs_red_add_relaxed(gs_multi_line(gs__multi_peer(b, p), GS_MULTI_FLAT_LINE(j)), 1u, GS_SCOPE_SYS);
    *stale = false;
    if (first) {
        const unsigned int goal = gs__multi_flat_goal(b, j);
        *stale = old - (e - 1u) * goal >= goal;
    }
    return old;
}

/* The first warp (lanes 0 .. width - 1), episode e.  0: passed; 1 (every
 * lane): the watchdog fired; 2 (every lane): a counter is poisoned (another
 * GPU stopped): the caller's thread 0 stops too, the warp done with its
 * warp-wide votes. */
static __device__ __forceinline__ int gs__multi_flat_wait(const gs_multi_barrier_t *b, unsigned int e,
                                                          unsigned int lane, unsigned int width)
{
    const unsigned int lanes = __activemask();
    const unsigned int *own = b->words;
    /* a lane's first counter's target, read once (blocks of 8 threads or more: its only one) */
    const unsigned int target0 = lane < GS_MULTI_FLAT_LINES ? e * gs__multi_flat_goal(b, lane) : 0u;
    gs_wait_t w = GS_WAIT_INIT;
    for (;;) {
        bool done = true, poison = false;
        for (unsigned int j = lane; j < GS_MULTI_FLAT_LINES; j += width) {
            const unsigned int target = j == lane ? target0 : e * gs__multi_flat_goal(b, j);
            const unsigned int v = gs_ld_relaxed(gs_multi_line(own, GS_MULTI_FLAT_LINE(j)), GS_SCOPE_SYS);
            done &= (int)(v - target) >= 0;
            poison |= (int)(v - target) >= 0 && gs__multi_poisoned(v, target);
        }
        if (__any_sync(lanes, poison))
            return 2;
        if (__all_sync(lanes, done))
            break;
        if (__any_sync(lanes, gs_wait_spin(&w))) /* the warp gives up together */
            return 1;
    }
    gs_fence_acquire(GS_SCOPE_SYS); /* each lane acquires the adds its counters carry */
    return 0;
}

#endif
