/* gsync/multi/misuse.cuh: how gsync's barrier across GPUs ends a launch
 * that broke a rule (gsync's own design; docs/multi.md, "Rules").
 *
 * What:      a block that finds the rules broken (state left from an
 *            earlier launch, a grid other than the planned one) prints one
 *            line, poisons every GPU's release words, flags and flat
 *            counters (another node's: its round counts, by NVSHMEM signal
 *            adds of GS_MULTI_REMOTE_POISON), then traps: its GPU's launch fails.  A block of a
 *            peer GPU that waits reads a poisoned word as "reached", tells a
 *            poisoned value from a real one (an episode's target plus
 *            2^29..2^31, never reached in use), prints one line and traps,
 *            so no GPU is left waiting for a GPU that stopped.
 * Ordering:  the poison is relaxed .sys stores: nothing is published by it;
 *            the launch is over on every GPU that reads it.
 * Progress:  the trap ends the grid; waits elsewhere end at the poison.
 * Requires:  nothing beyond the barrier's own requirements.
 * Memory:    none.  The misuse paths are inlined: in a relocatable-device-
 *            code build (NVSHMEM's) an out-of-line call raises the register
 *            count of every kernel that includes the barrier (docs/multi.md).
 */
#ifndef GSYNC_MULTI_MISUSE_CUH
#define GSYNC_MULTI_MISUSE_CUH

#include <stdio.h> /* printf: the one line */

#include "../barrier/common.cuh"
#include "handle.h"
#include "remote.cuh"

/* PE p's state and planned grid, from the table (ld.global.nc). */
static __device__ __forceinline__ unsigned int *gs__multi_peer(const gs_multi_barrier_t *b, unsigned int p)
{
    return (unsigned int *)__ldg((const unsigned long long *)&b->peers->peer[p]);
}
static __device__ __forceinline__ unsigned int gs__multi_blocks(const gs_multi_barrier_t *b, unsigned int p)
{
    return __ldg(&b->peers->blocks[p]);
}

/* GS_MULTI_POISON, GS_MULTI_POISON_FROM and their remote pair: handle.h. */

/* Whether v, read after a wait on `target` ended, is poison. */
static __device__ __forceinline__ bool gs__multi_poisoned(unsigned int v, unsigned int target)
{
    return v - target >= GS_MULTI_POISON_FROM;
}

/* The flat form's goal on counter j for one episode: the blocks of every
 * GPU that add to it (the plan's table; unplanned: npes grids like this one). */
static __device__ __forceinline__ unsigned int gs__multi_flat_goal(const gs_multi_barrier_t *b, unsigned int j)
{
    const unsigned int g = __ldg(&b->peers->goal[j]);
    return g ? g : b->npes * gs_multi_flat_share(gs_barrier_blocks(), j);
}

/* Poisons every word any GPU may be waiting on for episode e, then traps. */
static __device__ __forceinline__ void gs__multi_stop(const gs_multi_barrier_t h,
                                                                              unsigned int e)
{
    const gs_multi_barrier_t *b = &h;
    GS__MULTI_FOR_PES(p, b) {
        unsigned int *w = gs__multi_peer(b, p);
        if (!w) { /* another node: its head waits on the rounds' signals */
            for (unsigned int k = 0; k < GS_MULTI_DISS_ROUNDS; ++k)
                gs__multi_remote_add(b, GS_MULTI_DISS_LINE(k), GS_MULTI_REMOTE_POISON, p);
            continue;
        }
        gs_st_relaxed(gs_multi_line(w, GS_MULTI_DOWN_LINE), e + GS_MULTI_POISON, GS_SCOPE_SYS);
        const unsigned int release = b->form == GS_MULTI_FORM_DIRECT ? e * b->npes : e;
        gs_st_relaxed(gs_multi_line(w, GS_MULTI_RELEASE_LINE), release + GS_MULTI_POISON, GS_SCOPE_SYS);
        gs_st_relaxed(gs_multi_line(w, GS_MULTI_FLAG_LINE(b->pe)), e + GS_MULTI_POISON, GS_SCOPE_SYS);
        for (unsigned int j = 0; j < GS_MULTI_FLAT_LINES; ++j)
            gs_st_relaxed(gs_multi_line(w, GS_MULTI_FLAT_LINE(j)), e * gs__multi_flat_goal(b, j) + GS_MULTI_POISON,
                          GS_SCOPE_SYS);
    }
    gs_fence_release(GS_SCOPE_SYS); /* the poison leaves before the trap ends this grid */
    if (gs__multi_nodes(b) > 1u)
        gs__multi_remote_quiet(); /* and the signals to other nodes are delivered */
    gs__misuse_trap(true);
}

enum { GS__MULTI_STALE = 0, GS__MULTI_GRID = 1, GS__MULTI_PEER = 2, GS__MULTI_COPY = 3, GS__MULTI_NODES = 4,
       GS__MULTI_FORM = 5 };

/* One line naming the rule, then gs__multi_stop.  Out of line; the handle
 * by value (a copy of the caller's, whatever memory that lives in). */
static __device__ __forceinline__ void gs__multi_misuse_at(const gs_multi_barrier_t h,
                                                                                   int what, unsigned int v)
{
    const gs_multi_barrier_t *b = &h;
    const unsigned int e = b->epoch + 1u, blk = gs_barrier_block_id();
    const bool first = gs__misuse_first();
    if (!first)
        gs__misuse_trap(false);
    if (what == GS__MULTI_STALE)
        printf("gsync: misuse of gs_multi_barrier_t (GPU %u, block %u): state left from an earlier launch (count %u "
               "at episode %u); launch with gs_multi_launch, or zero the state on every GPU and order that before "
               "any GPU's launch\n", b->pe, blk, v, e);
    else if (what == GS__MULTI_GRID)
        printf("gsync: misuse of gs_multi_barrier_t (GPU %u): a grid of %u blocks where %u were planned "
               "(gs_multi_barrier_plan)\n", b->pe, v, b->grid);
    else if (what == GS__MULTI_PEER)
        printf("gsync: gs_multi_barrier_t (GPU %u, block %u): another GPU stopped the barrier at episode %u "
               "(see its message); this launch stops too\n", b->pe, blk, e);
    else if (what == GS__MULTI_FORM)
        printf("gsync: misuse of gs_multi_barrier_t (GPU %u): the plan spans nodes, where only the hierarchical form "
               "runs, and the handle's form was changed to %u after the plan\n", b->pe, v);
    else if (what == GS__MULTI_NODES)
        printf("gsync: misuse of gs_multi_barrier_t (GPU %u): the plan spans %u nodes, and this kernel was built "
               "without GSYNC_MULTI_NODES (gsync/multi/remote.cuh)\n", b->pe, v);
    else
        printf("gsync: misuse of gs_multi_barrier_t (GPU %u, block %u): the handle is in shared or global memory; "
               "give each thread its own copy\n", b->pe, blk);
    gs__multi_stop(h, e);
}
#define gs__multi_misuse(b, what, v) gs__multi_misuse_at(*(b), (what), (v))

#endif
