/* gsync/barrier/lf_tree.cuh: two-level lock-free (flag) tree barrier.
 * BASELINE: HeteroSync's lfTreeBarrUniq, fences as in its CUDA (UVM) version.
 *
 * Algorithm: block b is in group b % groups and is that group's member
 *            b / groups; member 0 is the group's master.  Each block sets its
 *            in-flag; the master's threads watch the group's in-flags, then
 *            the master joins the global barrier the same way (block 0, the
 *            masters' master, watches the masters' in-flags and sets their
 *            out-flags); back from it, the master clears its group's
 *            in-flags and sets their out-flags; each block spins on its
 *            out-flag and clears it.  No atomics.
 * Ordering:  fence.sc.gpu before setting an in-flag, after the master sets
 *            out-flags and after a block leaves; flags are read and written
 *            with relaxed (volatile in HeteroSync) accesses.  HeteroSync
 *            fences the group level at block scope, which orders nothing
 *            between blocks; we fence it at gpu scope.
 * LocalExch: gs_barrier_lf_tree_local is the group level alone, which
 *            lfTreeBarrUniqLocalExch runs mid-episode to trade data within
 *            the group.
 * Footprint: 2 words per block + 2 per group.  Co-residency: required.
 * Progress:  blocking.
 */
#ifndef GSYNC_BARRIER_LF_TREE_CUH
#define GSYNC_BARRIER_LF_TREE_CUH

#include "common.cuh"

typedef struct gs_barrier_lf_tree {
    unsigned int *global; /* in[groups], out[groups]: zeroed                  */
    unsigned int *local;  /* per group: in[per_group], out[per_group]: zeroed */
    unsigned int groups;
    unsigned int per_group; /* at least ceil(blocks / groups) */
} gs_barrier_lf_tree_t;

/* Thread 0: set this block's in-flag. */
static __device__ __forceinline__ void gs_barrier_lf_arrive(unsigned int *in, unsigned int idx)
{
    gs_fence_sc(GS_SCOPE_GPU);
    gs_st_relaxed(&in[idx], 1u, GS_SCOPE_GPU);
}

/* The master block's threads: wait for `count` in-flags.  Nonzero (in every
 * thread) when the watchdog gave up. */
static __device__ __forceinline__ int gs_barrier_lf_gather(unsigned int *in, unsigned int count, gs_wait_t *w)
{
    int abandon = 0;
    for (unsigned int i = gs_barrier_thread(); i < count && !abandon; i += gs_barrier_threads())
        while (gs_ld_relaxed(&in[i], GS_SCOPE_GPU) != 1u)
            if (gs_wait_spin(w)) {
                abandon = 1;
                break;
            }
    gs_fence_sc(GS_SCOPE_GPU);
    return __syncthreads_or(abandon);
}

/* The master block's threads: clear the in-flags and set the out-flags (the
 * gather's fence.sc orders them after what the master acquired). */
static __device__ __forceinline__ void gs_barrier_lf_release(unsigned int *in, unsigned int *out, unsigned int count)
{
    for (unsigned int i = gs_barrier_thread(); i < count; i += gs_barrier_threads()) {
        gs_st_relaxed(&in[i], 0u, GS_SCOPE_GPU);
        gs_st_relaxed(&out[i], 1u, GS_SCOPE_GPU);
    }
    __syncthreads();
    gs_fence_sc(GS_SCOPE_GPU);
}

/* Thread 0: wait for this block's out-flag, then clear it. */
static __device__ __forceinline__ int gs_barrier_lf_leave(unsigned int *out, unsigned int idx, gs_wait_t *w)
{
    while (gs_ld_relaxed(&out[idx], GS_SCOPE_GPU) != 1u)
        if (gs_wait_spin(w))
            return 1;
    gs_st_relaxed(&out[idx], 0u, GS_SCOPE_GPU);
    gs_fence_sc(GS_SCOPE_GPU);
    return 0;
}

/* One flag barrier among `count` blocks, whose master has idx 0. */
static __device__ __forceinline__ bool gs_barrier_lf_level(unsigned int *in, unsigned int *out, unsigned int idx,
                                                           unsigned int count)
{
    gs_wait_t w = GS_WAIT_INIT;
    int abandon = 0;
    __syncthreads();
    if (gs_barrier_thread() == 0u)
        gs_barrier_lf_arrive(in, idx);
    __syncthreads();
    if (idx == 0 && !(abandon = gs_barrier_lf_gather(in, count, &w)))
        gs_barrier_lf_release(in, out, count);
    if (gs_barrier_thread() == 0u && !abandon)
        abandon = gs_barrier_lf_leave(out, idx, &w);
    return gs_barrier_join(!abandon);
}

static __device__ __forceinline__ bool gs_barrier_lf_tree_sync(gs_barrier_lf_tree_t b)
{
    const unsigned int n = gs_barrier_blocks(), me = gs_barrier_block_id();
    const unsigned int groups = b.groups < n ? b.groups : n, g = me % groups, m = me / groups;
    const unsigned int members = (n - g + groups - 1u) / groups;
    unsigned int *in = b.local + 2u * b.per_group * g, *out = in + b.per_group;
    gs_wait_t w = GS_WAIT_INIT;
    int abandon = 0;
    if (b.per_group <= 1u) /* one block per group: the global level alone */
        return gs_barrier_lf_level(b.global, b.global + groups, g, groups);
    __syncthreads();
    if (gs_barrier_thread() == 0u)
        gs_barrier_lf_arrive(in, m);
    __syncthreads();
    if (m == 0) { /* the group's master: gather, join the masters, release */
        abandon = gs_barrier_lf_gather(in, members, &w);
        if (!abandon)
            abandon = !gs_barrier_lf_level(b.global, b.global + groups, g, groups);
        if (!abandon)
            gs_barrier_lf_release(in, out, members);
    }
    if (gs_barrier_thread() == 0u && !abandon)
        abandon = gs_barrier_lf_leave(out, m, &w);
    return gs_barrier_join(!abandon);
}

/* The group (local) flag barrier alone, for the LocalExch variant. */
static __device__ __forceinline__ bool gs_barrier_lf_tree_local(gs_barrier_lf_tree_t b)
{
    const unsigned int n = gs_barrier_blocks(), me = gs_barrier_block_id();
    const unsigned int groups = b.groups < n ? b.groups : n, g = me % groups;
    unsigned int *in = b.local + 2u * b.per_group * g;
    if (b.per_group <= 1u)
        return true;
    return gs_barrier_lf_level(in, in + b.per_group, me / groups, (n - g + groups - 1u) / groups);
}

#endif
