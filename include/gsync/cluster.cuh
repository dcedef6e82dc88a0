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

/* mapa.u64: the generic address of `p` (a __shared__ variable of this block)
 * in the block of rank `rank` of this cluster (sm_90).  Generic loads, stores
 * and atomics at .cluster scope then reach it over the cluster's network. */
template <typename T>
static __device__ __forceinline__ T *gs_cluster_map(T *p, unsigned int rank)
{
#if GS__HAVE_CLUSTERS
    T *q;
    asm volatile("mapa.u64 %0, %1, %2;" : "=l"(q) : "l"(p), "r"(rank));
    return q;
#else
    (void)rank;
    return p;
#endif
}

/* barrier.cluster.arrive.release + barrier.cluster.wait.acquire (sm_90):
 * every thread of every block of the cluster; waits for every non-exited
 * thread of the cluster, acquiring what each released at cluster scope.  Not
 * .aligned, so a diverged warp may call it.  A cluster of one (or before
 * sm_90): the block barrier. */
static __device__ __forceinline__ void gs_cluster_sync(void)
{
#if GS__HAVE_CLUSTERS
    asm volatile("barrier.cluster.arrive.release;\n\tbarrier.cluster.wait.acquire;" ::: "memory");
#else
    __syncthreads();
#endif
}

#endif
