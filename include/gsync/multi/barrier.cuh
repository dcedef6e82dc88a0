/* gsync/multi/barrier.cuh: hierarchical whole-grid barrier across the GPUs
 * of a node (gsync's own design; docs/multi.md).
 *
 * Algorithm: thread 0 of each block adds 1 to its GPU's arrival counter
 *            (never reset); the arrival reading e * n - 1 leads episode e:
 *            one fence.release.sys, then a relaxed .sys store of e into its
 *            slot of every peer's flags (peer pointers); it polls its own
 *            flags, fence.acquire.sys, and stores e into its GPU's release
 *            word, which the other blocks poll.  Direct (`direct`): the
 *            leader adds 1 to every GPU's release word instead and every
 *            block polls its own for e * npes: no release inside the GPU.
 * Ordering:  arrivals atom.acq_rel.gpu; the leader's one .sys release is
 *            cumulative over its GPU, a peer's relaxed .sys poll then
 *            fence.acquire.sys acquires it (direct: through the adds'
 *            observation order); inside the GPU st.release.gpu, then
 *            ld.relaxed.gpu + fence.acquire.gpu.  One .sys release a GPU.
 * Progress:  blocking; split phase: arrive never waits.
 * Requires:  every block of every GPU resident (cooperative launches); peer
 *            pointers (NVLink or PCIe P2P); npes <= GS_MULTI_MAX_PES; the
 *            words zeroed before each launch.
 * Memory:    per GPU 2 lines + one 128-byte line per PE (gs_multi_barrier_bytes).
 */
#ifndef GSYNC_MULTI_BARRIER_CUH
#define GSYNC_MULTI_BARRIER_CUH

#include "../barrier/common.cuh"

#define GS_MULTI_MAX_PES 8u
#define GS_MULTI_LINE 32u /* unsigned ints per 128-byte line */
#define gs_multi_barrier_bytes(npes) ((2u + (npes)) * GS_MULTI_LINE * 4u)

typedef struct gs_multi_barrier {
    unsigned int *words;                      /* this GPU's: count, release, flags[npes] (a line each) */
    unsigned int *peer[GS_MULTI_MAX_PES];     /* each PE's `words`, as this GPU reaches it (own: words) */
    unsigned int pe, npes;
    unsigned int direct;                      /* nonzero: every block polls the GPUs' adds itself */
} gs_multi_barrier_t;

static __device__ __forceinline__ unsigned int *gs__multi_flag(unsigned int *words, unsigned int pe)
{
    return words + GS_MULTI_LINE * (2u + pe);
}

/* Thread 0 only.  Nonzero: this block leads episode e (it must call the wait). */
static __device__ __forceinline__ int gs_multi_barrier_arrive_thread(const gs_multi_barrier_t *b, unsigned int e)
{
    const unsigned int n = gs_barrier_blocks();
    if (gs_atom_add_acq_rel(b->words, 1u, GS_SCOPE_GPU) != e * n - 1u)
        return 0;
    gs_fence_release(GS_SCOPE_SYS); /* once: covers every store below and every arrival acquired above */
    for (unsigned int p = 0; p < b->npes; ++p)
        if (b->direct)
            gs_red_add_relaxed(b->peer[p] + GS_MULTI_LINE, 1u, GS_SCOPE_SYS);
        else if (p != b->pe)
            gs_st_relaxed(gs__multi_flag(b->peer[p], b->pe), e, GS_SCOPE_SYS);
    return 1;
}

/* Thread 0 only.  false: the watchdog fired. */
static __device__ __forceinline__ bool gs_multi_barrier_wait_thread(const gs_multi_barrier_t *b, unsigned int e,
                                                                    int leader)
{
    gs_wait_t w = GS_WAIT_INIT;
    if (b->direct) { /* the adds of every GPU's leader, each a release at .sys (observation runs through adds) */
        const unsigned int *done = b->words + GS_MULTI_LINE;
        while ((int)(gs_ld_relaxed(done, GS_SCOPE_SYS) - e * b->npes) < 0)
            if (gs_wait_spin(&w))
                return false;
        gs_fence_acquire(GS_SCOPE_SYS);
        return true;
    }
    if (!leader) {
        if (gs_barrier_poll_geq(b->words + GS_MULTI_LINE, e, &w))
            return false;
        gs_fence_acquire(GS_SCOPE_GPU);
        return true;
    }
    for (unsigned int p = 0; p < b->npes; ++p)
        while (p != b->pe && (int)(gs_ld_relaxed(gs__multi_flag(b->words, p), GS_SCOPE_SYS) - e) < 0)
            if (gs_wait_spin(&w))
                return false;
    gs_fence_acquire(GS_SCOPE_SYS); /* once: acquires every peer's release read above */
    gs_st_release(b->words + GS_MULTI_LINE, e, GS_SCOPE_GPU);
    return true;
}

/* The whole block, episode e = 1, 2, ...: arrive, then wait.  Split phase:
 * gs_multi_barrier_arrive before independent work, gs_multi_barrier_wait after. */
static __device__ __forceinline__ int gs_multi_barrier_arrive(const gs_multi_barrier_t *b, unsigned int e)
{
    int leader = 0;
    __syncthreads();
    if (gs_barrier_thread() == 0u)
        leader = gs_multi_barrier_arrive_thread(b, e);
    return leader; /* meaningful in thread 0 only */
}

static __device__ __forceinline__ bool gs_multi_barrier_wait(const gs_multi_barrier_t *b, unsigned int e, int leader)
{
    bool ok = true;
    if (gs_barrier_thread() == 0u)
        ok = gs_multi_barrier_wait_thread(b, e, leader);
    return gs_barrier_join(ok);
}

static __device__ __forceinline__ bool gs_multi_barrier_sync(const gs_multi_barrier_t *b, unsigned int e)
{
    return gs_multi_barrier_wait(b, e, gs_multi_barrier_arrive(b, e));
}

#endif
