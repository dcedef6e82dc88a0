/* gsync/barrier/cluster.cuh: gsync's device-wide barrier for kernels launched
 * in thread-block clusters (CLI name gsClusterBarrier).
 *
 * Algorithm: inside a cluster, through distributed shared memory: thread 0
 *            of each block adds 1 (red.release.cluster) to a counter in the
 *            shared memory of the cluster's rank-0 block, whose thread 0
 *            polls it locally.  Once its cluster is in, that leader arrives
 *            at gsBarrier's protocol (gs_barrier_tree_arrive_as) as one of
 *            gs_cluster_count() members and is the cluster's only poller of
 *            the global release; it then writes the episode into a `go` word
 *            in each peer's shared memory, which the peer polls locally.
 * Why this shape: the global counter takes one arrival per cluster, not per
 *            block, and L2 sees one poller per cluster; the two extra hops
 *            are one-way stores over the cluster network, each seen by a
 *            poll of the block's own shared memory.  (A first version used
 *            the hardware cluster barrier for the gather and had every block
 *            poll L2; it was slower than gsBarrier at 1 and 8 blocks per SM,
 *            see bench/results/README.md.)
 * Ordering:  arrival red.release.cluster / leader ld.acquire.cluster; the
 *            leader's gpu-scope arrival is a release and cumulative, so it
 *            publishes its peers' writes; ld.acquire.gpu on the release;
 *            fence.acq_rel.cluster then relaxed stores of `go` (each a
 *            release) / peer ld.acquire.cluster.  __syncthreads() extends
 *            each to the block.
 * Footprint: gs_barrier_tree_bytes(clusters) of global memory, 8 bytes of
 *            shared memory a block.
 * Co-residency: every cluster resident at once (check
 *            cudaOccupancyMaxActiveClusters before the launch).
 * Progress:  blocking.
 * Caller:    gs_barrier_cluster_begin / _end (all threads) around the
 *            block's use, so that no block's shared memory goes while a peer
 *            may still write it.  Without clusters (a cluster of one) this is
 *            gsBarrier.
 */
#ifndef GSYNC_BARRIER_CLUSTER_CUH
#define GSYNC_BARRIER_CLUSTER_CUH

#include "../cluster.cuh"
#include "tree.cuh"

typedef struct gs_barrier_cluster_node {
    unsigned int arrived; /* rank 0's only: peers' arrivals, never reset */
    unsigned int go;      /* the last episode released to this block     */
} gs_barrier_cluster_node_t;

static __device__ __forceinline__ void gs_barrier_cluster_begin(gs_barrier_cluster_node_t *mine)
{
    if (threadIdx.x == 0)
        mine->arrived = mine->go = 0u;
    gs_cluster_sync();
}

static __device__ __forceinline__ void gs_barrier_cluster_end(void)
{
    gs_cluster_sync();
}

/* Thread 0 of a block: the barrier; nonzero when the watchdog gave up. */
static __device__ __forceinline__ int gs_barrier_cluster_thread0(gs_barrier_tree_t b, gs_barrier_cluster_node_t *mine,
                                                                  unsigned int epoch)
{
    const unsigned int size = gs_cluster_size(), goal = epoch + 1u;
    gs_wait_t w = GS_WAIT_INIT;
    if (gs_cluster_rank() != 0u) {
        gs_red_add_release(&gs_cluster_map(mine, 0u)->arrived, 1u, GS_SCOPE_CLUSTER);
        while ((int)(gs_ld_acquire(&mine->go, GS_SCOPE_CLUSTER) - goal) < 0)
            if (gs_wait_spin(&w))
                return 1;
        return 0;
    }
    while ((int)(gs_ld_acquire(&mine->arrived, GS_SCOPE_CLUSTER) - (size - 1u) * goal) < 0)
        if (gs_wait_spin(&w))
            return 1;
    const unsigned int n = gs_cluster_count(), me = gs_cluster_id();
    gs_barrier_tree_arrive_as(b, epoch, n, me);
    if (gs_barrier_tree_wait_as(b, epoch, n, me))
        return 1;
    gs_fence_acq_rel(GS_SCOPE_CLUSTER); /* makes each store below a release */
    for (unsigned int r = 1u; r < size; ++r)
        gs_st_relaxed(&gs_cluster_map(mine, r)->go, goal, GS_SCOPE_CLUSTER);
    return 0;
}

/* Block-collective.  `b` must hold gs_barrier_tree_bytes(gs_cluster_count()). */
static __device__ __forceinline__ bool gs_barrier_cluster_sync(gs_barrier_tree_t b, gs_barrier_cluster_node_t *mine,
                                                               unsigned int epoch)
{
    int abandon = 0;
    if (gs_cluster_size() == 1u)
        return gs_barrier_tree_sync(b, epoch);
    __syncthreads();
    if (threadIdx.x == 0)
        abandon = gs_barrier_cluster_thread0(b, mine, epoch);
    return gs_barrier_join(!abandon);
}

#endif
