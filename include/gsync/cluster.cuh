/* gsync/cluster.cuh: thread-block clusters (sm_90): where a block sits in its
 * cluster, the address of a peer block's shared memory, and the hardware
 * cluster barrier.
 *
 * Before sm_90 every block is a cluster of one: rank 0 of 1, a peer's
 * address is the block's own, and the cluster barrier is __syncthreads().
 * The same holds on sm_90 for a kernel launched without clusters.
 */
#ifndef GSYNC_CLUSTER_CUH
#define GSYNC_CLUSTER_CUH

#include "ptx.cuh"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define GS__HAVE_CLUSTERS 1
#else
#define GS__HAVE_CLUSTERS 0
#endif

/* mov.u32 %cluster_nctarank: blocks in this block's cluster (sm_90) */
static __device__ __forceinline__ unsigned int gs_cluster_size(void)
{
#if GS__HAVE_CLUSTERS
    unsigned int n;
    asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(n));
    return n;
#else
    return 1u;
#endif
}

/* mov.u32 %cluster_ctarank: this block's rank in its cluster (sm_90) */
static __device__ __forceinline__ unsigned int gs_cluster_rank(void)
{
#if GS__HAVE_CLUSTERS
    unsigned int r;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
    return r;
#else
    return 0u;
#endif
}

/* mapa.u64: the generic address of `p` (this block's shared memory) in the
 * block of rank `rank` of this cluster (sm_90).  Generic loads, stores and
 * atomics at .cluster scope then reach it over the cluster's network.  The
 * caller casts the result back to p's type. */
static __device__ __forceinline__ void *gs_cluster_map(void *p, unsigned int rank)
{
#if GS__HAVE_CLUSTERS
    void *q;
    asm volatile("mapa.u64 %0, %1, %2;" : "=l"(q) : "l"(p), "r"(rank));
    return q;
#else
    (void)rank;
    return p;
#endif
}

/* barrier.cluster.arrive.release (sm_90): this thread arrives at the
 * cluster barrier, releasing its writes at cluster scope.  Not .aligned, so
 * a diverged warp may call it.  A no-op before sm_90 (see gs_cluster_sync). */
static __device__ __forceinline__ void gs_cluster_arrive_release(void)
{
#if GS__HAVE_CLUSTERS
    asm volatile("barrier.cluster.arrive.release;" ::: "memory");
#endif
}

/* barrier.cluster.wait.acquire (sm_90): waits until every non-exited thread
 * of the cluster has arrived, acquiring what each released.  Not .aligned. */
static __device__ __forceinline__ void gs_cluster_wait_acquire(void)
{
#if GS__HAVE_CLUSTERS
    asm volatile("barrier.cluster.wait.acquire;" ::: "memory");
#endif
}

/* The whole cluster barrier, every thread of every block of the cluster:
 * arrive (release) then wait (acquire).  A cluster of one (or before sm_90):
 * the block barrier. */
static __device__ __forceinline__ void gs_cluster_sync(void)
{
#if GS__HAVE_CLUSTERS
    gs_cluster_arrive_release();
    gs_cluster_wait_acquire();
#else
    __syncthreads();
#endif
}

#endif
