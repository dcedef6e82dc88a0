/* barrier_state.h: the one layout of the baseline barriers' words in a
 * launch's state (HeteroSync's atomic and lock-free trees and sense
 * reversal, Feng and Xiao's lock-free barrier), for the barrier family and
 * the app programs alike; gsync's own barrier keeps gs_barrier_bytes. */
#ifndef GSYNC_BARRIER_STATE_H
#define GSYNC_BARRIER_STATE_H

#include "gsync/barrier/counter.h"

#include <stddef.h>

/* The state's bytes: gsync's barrier's or the baselines' (4 words a block
 * and a group, and 64), whichever is more. */
static inline size_t gs_barrier_state_bytes(unsigned int blocks, unsigned int groups)
{
    const size_t baselines = 4u * (4u * (size_t)blocks + 4u * groups + 64u);
    const size_t gs = (size_t)gs_barrier_bytes(blocks);
    return gs > baselines ? gs : baselines;
}

#ifdef __CUDACC__
/* Each baseline's view of the state st, for `blocks` blocks in `groups`
 * (after gsync.cuh, which bench.cuh includes with the watchdog on). */
static __device__ __forceinline__ gs_barrier_atomic_tree_t gs_state_atomic_tree(unsigned int *st, unsigned int groups)
{
    gs_barrier_atomic_tree_t v = {st, st + 32, groups};
    return v;
}
static __device__ __forceinline__ gs_barrier_lf_tree_t gs_state_lf_tree(unsigned int *st, unsigned int blocks,
                                                                        unsigned int groups)
{
    gs_barrier_lf_tree_t v = {st, st + 2u * groups, groups, (blocks + groups - 1u) / groups};
    return v;
}
static __device__ __forceinline__ gs_barrier_sr_t gs_state_sr(unsigned int *st, unsigned int groups)
{
    gs_barrier_sr_t v = {st, st + 32, groups};
    return v;
}
static __device__ __forceinline__ gs_barrier_fx_lockfree_t gs_state_fx_lockfree(unsigned int *st, unsigned int blocks)
{
    gs_barrier_fx_lockfree_t v = {st, st + blocks};
    return v;
}
#endif

#endif
