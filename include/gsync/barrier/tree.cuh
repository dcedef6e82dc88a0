/* gsync/barrier/tree.cuh: gsync's device-wide barrier (CLI name gsBarrier),
 * with a split-phase form.
 *
 * Algorithm: up to GS_BARRIER_FLAT_MAX blocks, one counter: a block arrives
 *            with red.release and polls the counter with ld.acquire until it
 *            reaches blocks * (epoch + 1); no block waits on another's
 *            atomic, and the counter is never reset.  Above that, groups of
 *            GS_BARRIER_GROUP consecutive blocks, each with a counter and a
 *            release flag in lines of their own: a block arrives with an
 *            acq_rel fetch-and-add on its group's counter; the last of the
 *            group (dynamic leader) adds to the root counter; the last
 *            leader fans the release out, writing epoch + 1 into every
 *            group's flag, and each block polls only its group's flag, so no
 *            line is polled by more than a group.  We chose these by
 *            measurement on an H200: the flat form is the faster up to a few
 *            blocks per SM, the tree from 8 blocks per SM up.
 * Ordering:  arrival is a release at gpu scope (red.release, or the acq_rel
 *            add; leaders chain acq_rel adds so each acquires its group's
 *            releases); the fan-out is fence.acq_rel + relaxed stores (a
 *            release per flag); waiting ends with ld.acquire.gpu.  No
 *            fence.sc.
 * Footprint: 128 bytes per group + 128 (gs_barrier_tree_bytes).
 * Co-residency: required (launch cooperatively).
 * Progress:  blocking; a block's arrival never waits.
 */
#ifndef GSYNC_BARRIER_TREE_CUH
#define GSYNC_BARRIER_TREE_CUH

#include "common.cuh"

#ifndef GS_BARRIER_FLAT_MAX
#define GS_BARRIER_FLAT_MAX 1024u
#endif
#ifndef GS_BARRIER_GROUP
#define GS_BARRIER_GROUP 128u
#endif
/* Tunables measured on the H200: a pause between polls, in ns (0: none), and
 * whether a flat arrival waits for its atomic's return (1) or not (0). */
#ifndef GS_BARRIER_POLL_NS
#define GS_BARRIER_POLL_NS 0u
#endif
#ifndef GS_BARRIER_FLAT_ATOM
#define GS_BARRIER_FLAT_ATOM 0
#endif
/* Flat barriers above this many blocks release through a flag that the last
 * arriver writes, so that waiters do not poll the word arrivals update. */
#ifndef GS_BARRIER_FLAG_MIN
#define GS_BARRIER_FLAG_MIN 0xffffffffu
#endif
#define GS_BARRIER_LINE 32u /* words per 128-byte line */

typedef struct gs_barrier_tree {
    unsigned int *words; /* zeroed: root, then per group a counter and a flag */
} gs_barrier_tree_t;

static __host__ __device__ __forceinline__ unsigned int gs_barrier_tree_groups(unsigned int blocks)
{
    return blocks <= GS_BARRIER_FLAT_MAX ? 1u : (blocks + GS_BARRIER_GROUP - 1u) / GS_BARRIER_GROUP;
}
static __host__ __device__ __forceinline__ unsigned long long gs_barrier_tree_bytes(unsigned int blocks)
{
    return 128ull * (3ull + 2ull * gs_barrier_tree_groups(blocks)); /* >= 3 lines: the flat flag */
}

/* Split phase, thread 0 of each block: announce this block's arrival.  The
 * block must have joined (__syncthreads) after the writes it publishes. */
static __device__ __forceinline__ void gs_barrier_tree_arrive(gs_barrier_tree_t b, unsigned int epoch)
{
    const unsigned int n = gs_barrier_blocks(), me = gs_barrier_block_id(), goal = epoch + 1u;
    unsigned int *root = b.words;
    if (n <= GS_BARRIER_FLAT_MAX && n > GS_BARRIER_FLAG_MIN) {
        if (gs_atom_add_acq_rel(root, 1u, GS_SCOPE_GPU) == goal * n - 1u)
            gs_st_release(b.words + 2u * GS_BARRIER_LINE, goal, GS_SCOPE_GPU);
        return;
    }
    if (n <= GS_BARRIER_FLAT_MAX) {
        if (GS_BARRIER_FLAT_ATOM)
            gs_atom_add_release(root, 1u, GS_SCOPE_GPU);
        else
            gs_red_add_release(root, 1u, GS_SCOPE_GPU);
        return;
    }
    const unsigned int groups = gs_barrier_tree_groups(n), g = me / GS_BARRIER_GROUP;
    const unsigned int in_group = g + 1u < groups ? GS_BARRIER_GROUP : n - g * GS_BARRIER_GROUP;
    unsigned int *count = b.words + GS_BARRIER_LINE * (1u + 2u * g);
    if (gs_atom_add_acq_rel(count, 1u, GS_SCOPE_GPU) != goal * in_group - 1u)
        return;
    if (gs_atom_add_acq_rel(root, 1u, GS_SCOPE_GPU) != goal * groups - 1u)
        return;
    gs_fence_acq_rel(GS_SCOPE_GPU); /* makes each flag store below a release */
    for (unsigned int i = 0; i < groups; ++i)
        gs_st_relaxed(b.words + GS_BARRIER_LINE * (2u + 2u * i), goal, GS_SCOPE_GPU);
}

/* Split phase, thread 0: wait for every block's arrival at this epoch.
 * Nonzero when the watchdog gave up. */
static __device__ __forceinline__ int gs_barrier_tree_wait(gs_barrier_tree_t b, unsigned int epoch)
{
    const unsigned int n = gs_barrier_blocks();
    gs_wait_t w = GS_WAIT_INIT;
    if (n <= GS_BARRIER_FLAT_MAX && n > GS_BARRIER_FLAG_MIN)
        return gs_barrier_wait_geq(b.words + 2u * GS_BARRIER_LINE, epoch + 1u, &w, GS_BARRIER_POLL_NS);
    if (n <= GS_BARRIER_FLAT_MAX)
        return gs_barrier_wait_geq(b.words, n * (epoch + 1u), &w, GS_BARRIER_POLL_NS);
    const unsigned int g = gs_barrier_block_id() / GS_BARRIER_GROUP;
    return gs_barrier_wait_geq(b.words + GS_BARRIER_LINE * (2u + 2u * g), epoch + 1u, &w, GS_BARRIER_POLL_NS);
}

/* Block-collective barrier. */
static __device__ __forceinline__ bool gs_barrier_tree_sync(gs_barrier_tree_t b, unsigned int epoch)
{
    int abandon = 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        gs_barrier_tree_arrive(b, epoch);
        abandon = gs_barrier_tree_wait(b, epoch);
    }
    return gs_barrier_join(!abandon);
}

#endif
