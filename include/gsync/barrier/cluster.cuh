/* gsync/barrier/cluster.cuh: gsync's device-wide barrier for kernels launched
 * in thread-block clusters (CLI name gsClusterBarrier).
 *
 * Algorithm: first level, the hardware cluster barrier: every thread
 *            arrives with barrier.cluster.arrive.release; only the cluster's
 *            rank-0 block waits for it, then its thread 0 arrives at gsBarrier's
 *            protocol (gs_barrier_tree_arrive_as) as one of gs_cluster_count()
 *            members.  Thread 0 of every block polls the release, so no block
 *            waits on a second cluster barrier; the other blocks wait on the
 *            cluster barrier only after the release, when it has long
 *            completed, so that each thread still alternates arrive and wait.
 * Why faster: the global counter takes one arrival per cluster instead of
 *            one per block (a cluster of 8 cuts its atomics 8x), and the
 *            cluster barrier is a hardware one.
 * Ordering:  arrive.release / wait.acquire at cluster scope gather the
 *            cluster's writes to its leader; the leader's red.release.gpu (or
 *            the tree's acq_rel chain) is cumulative, so it publishes them at
 *            gpu scope; waiting ends with ld.acquire.gpu and __syncthreads.
 * Footprint: gs_barrier_tree_bytes(clusters).
 * Co-residency: required: every cluster resident at once (check
 *            cudaOccupancyMaxActiveClusters before the launch).
 * Progress:  blocking.  The cluster barrier waits only for non-exited
 *            threads, so a block that leaves early cannot hang its peers.
 * Without clusters (a cluster of one) this is gsBarrier.
 */
#ifndef GSYNC_BARRIER_CLUSTER_CUH
#define GSYNC_BARRIER_CLUSTER_CUH

#include "../cluster.cuh"
#include "tree.cuh"

/* Block-collective.  `b` must hold gs_barrier_tree_bytes(gs_cluster_count()). */
static __device__ __forceinline__ bool gs_barrier_cluster_sync(gs_barrier_tree_t b, unsigned int epoch)
{
    if (gs_cluster_size() == 1u)
        return gs_barrier_tree_sync(b, epoch);
    const unsigned int n = gs_cluster_count(), me = gs_cluster_id();
    const bool leader = gs_cluster_rank() == 0u;
    int abandon = 0;
    gs_cluster_arrive_release();
    if (leader) {
        gs_cluster_wait_acquire();
        if (threadIdx.x == 0)
            gs_barrier_tree_arrive_as(b, epoch, n, me);
    }
    if (threadIdx.x == 0)
        abandon = gs_barrier_tree_wait_as(b, epoch, n, me);
    if (!leader)
        gs_cluster_wait_acquire();
    return gs_barrier_join(!abandon);
}

#endif
