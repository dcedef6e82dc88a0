/* gsync/barrier/atomic_tree.cuh: two-level atomic tree barrier.  BASELINE:
 * HeteroSync's atomicTreeBarrUniq, fences as in its CUDA (UVM) version.
 *
 * Algorithm: blocks are grouped as HeteroSync groups them by SM: block b is
 *            in group b % groups, and the group's block with b < groups is
 *            its leader.  A group meets at a local barrier, the leaders at
 *            the global barrier, then the group meets again.  Each barrier
 *            is two counter barriers in a row, standing in for sense
 *            reversal: a block adds 1, then polls with a CAS that resets a
 *            full counter to 0 and proceeds once it reads 0.  The global
 *            barrier backs off linearly between polls.
 * Ordering:  fence.sc.gpu around the atomics.  HeteroSync fences the local
 *            barrier at block scope, which orders nothing between blocks;
 *            we fence it at gpu scope.  Groups need not share an SM.
 * LocalExch: gs_barrier_atomic_tree_local is the group barrier alone, which
 *            HeteroSync's atomicTreeBarrUniqLocalExch runs mid-episode to
 *            trade data within the group before the full barrier.
 * Footprint: 2 words per group + 2.  Co-residency: required.
 * Progress:  blocking.
 */
#ifndef GSYNC_BARRIER_ATOMIC_TREE_CUH
#define GSYNC_BARRIER_ATOMIC_TREE_CUH

#include "common.cuh"

typedef struct gs_barrier_atomic_tree {
    unsigned int *global; /* 2 words, zeroed                 */
    unsigned int *local;  /* 2 words per group, zeroed       */
    unsigned int groups;  /* HeteroSync: the number of SMs   */
} gs_barrier_atomic_tree_t;

/* One counter barrier for `count` blocks (thread 0); HeteroSync's
 * cudaBarrierAtomicSub.  Nonzero when the watchdog gave up. */
static __device__ __forceinline__ int gs_barrier_atomic_tree_sub(unsigned int *counter, unsigned int count,
                                                                 bool backoff, gs_wait_t *w)
{
    gs_fence_sc(GS_SCOPE_GPU);
    gs_atom_inc_relaxed(counter, 0x7fffffffu, GS_SCOPE_GPU);
    w->pause = 1u;
    while (gs_atom_cas_relaxed(counter, count, 0u, GS_SCOPE_GPU) != 0u)
        if (backoff ? gs_wait_linear(w) : gs_wait_spin(w))
            return 1;
    gs_fence_sc(GS_SCOPE_GPU);
    return 0;
}

static __device__ __forceinline__ bool gs_barrier_atomic_tree_sync(gs_barrier_atomic_tree_t b)
{
    const unsigned int n = gs_barrier_blocks(), me = gs_barrier_block_id();
    const unsigned int groups = b.groups < n ? b.groups : n, g = me % groups;
    const unsigned int per_group = n / groups ? n / groups : 1u; /* HeteroSync assumes equal groups */
    gs_wait_t w = GS_WAIT_INIT;
    int abandon = 0;
    __syncthreads();
    if (gs_barrier_thread() == 0u) {
        unsigned int *local = b.local + 2u * g;
        if (per_group > 1u)
            abandon = gs_barrier_atomic_tree_sub(&local[0], per_group, false, &w) ||
                      gs_barrier_atomic_tree_sub(&local[1], per_group, false, &w);
        if (!abandon && me < groups)
            abandon = gs_barrier_atomic_tree_sub(&b.global[0], groups, true, &w) ||
                      gs_barrier_atomic_tree_sub(&b.global[1], groups, true, &w);
        if (!abandon && per_group > 1u)
            abandon = gs_barrier_atomic_tree_sub(&local[0], per_group, false, &w) ||
                      gs_barrier_atomic_tree_sub(&local[1], per_group, false, &w);
    }
    return gs_barrier_join(!abandon);
}

/* The group (local) barrier alone: HeteroSync's cudaBarrierAtomicLocal, which
 * its LocalExch variant runs before exchanging data within the group. */
static __device__ __forceinline__ bool gs_barrier_atomic_tree_local(gs_barrier_atomic_tree_t b)
{
    const unsigned int n = gs_barrier_blocks(), me = gs_barrier_block_id();
    const unsigned int groups = b.groups < n ? b.groups : n, g = me % groups;
    const unsigned int per_group = n / groups ? n / groups : 1u;
    gs_wait_t w = GS_WAIT_INIT;
    int abandon = 0;
    __syncthreads();
    if (gs_barrier_thread() == 0u && per_group > 1u)
        abandon = gs_barrier_atomic_tree_sub(&b.local[2u * g], per_group, false, &w) ||
                  gs_barrier_atomic_tree_sub(&b.local[2u * g + 1u], per_group, false, &w);
    return gs_barrier_join(!abandon);
}

#endif
