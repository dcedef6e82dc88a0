/* floor_kernels.cu: what no primitive can beat on this GPU.  Each function
 * runs one measurement and returns a cudaError_t; times are nanoseconds. */
#include <gsync/gsync.cuh>

#include "probes/floor.h"
#include "core/bench_args.h"
#include "gsync/host.h"

#define CHAIN 4096 /* dependent operations per measurement */

/* One thread: a chain of dependent operations on global memory, timed with
 * %globaltimer.  kind 0: atom.add.relaxed.gpu; 1: ld.acquire.gpu. */
static __global__ void chain_kernel(unsigned int *p, int kind, unsigned long long *ns)
{
    unsigned int v = 0u;
    const unsigned long long t0 = gs_globaltimer();
    for (int i = 0; i < CHAIN; ++i) {
        unsigned int *q = p + 32u * (v & 1u); /* the address depends on the last result */
        v = kind == 0 ? gs_atom_add_relaxed(q, 1u, GS_SCOPE_GPU) : gs_ld_acquire(q, GS_SCOPE_GPU) + 2u;
    }
    ns[0] = gs_globaltimer() - t0;
    ns[1] = v; /* keeps the chain */
}

/* Two blocks pass a counter back and forth: st.release.gpu seen by
 * ld.acquire.gpu (kind 0) or relaxed both ways (kind 1).  Unbounded waits are
 * safe: two blocks, launched cooperatively. */
static __global__ void ping_pong_kernel(unsigned int *flags, int kind, unsigned long long *ns)
{
    unsigned int *mine = flags + 32u * blockIdx.x, *other = flags + 32u * (1u - blockIdx.x);
    const unsigned long long t0 = gs_globaltimer();
    if (threadIdx.x != 0)
        return;
    for (unsigned int i = 1; i <= CHAIN; ++i) {
        if (blockIdx.x == 1)
            while ((kind == 0 ? gs_ld_acquire(mine, GS_SCOPE_GPU) : gs_ld_relaxed(mine, GS_SCOPE_GPU)) != i) {
            }
        if (kind == 0)
            gs_st_release(other, i, GS_SCOPE_GPU);
        else
            gs_st_relaxed(other, i, GS_SCOPE_GPU);
        if (blockIdx.x == 0)
            while ((kind == 0 ? gs_ld_acquire(mine, GS_SCOPE_GPU) : gs_ld_relaxed(mine, GS_SCOPE_GPU)) != i) {
            }
    }
    if (blockIdx.x == 0)
        ns[0] = gs_globaltimer() - t0;
}

/* The same between the two blocks of a cluster, each polling a word of its
 * own shared memory that the other writes over the cluster's network:
 * st.release.cluster seen by ld.acquire.cluster (sm_90). */
static __global__ void cluster_ping_pong_kernel(unsigned long long *ns)
{
    __shared__ unsigned int flag;
    const unsigned int rank = gs_cluster_rank();
    if (threadIdx.x == 0)
        flag = 0u;
    gs_cluster_sync();
    unsigned int *other = (unsigned int *)gs_cluster_map(&flag, 1u - rank);
    const unsigned long long t0 = gs_globaltimer();
    if (threadIdx.x == 0)
        for (unsigned int i = 1; i <= CHAIN; ++i) {
            if (rank == 1)
                while (gs_ld_acquire(&flag, GS_SCOPE_CLUSTER) != i) {
                }
            gs_st_release(other, i, GS_SCOPE_CLUSTER);
            if (rank == 0)
                while (gs_ld_acquire(&flag, GS_SCOPE_CLUSTER) != i) {
                }
        }
    if (rank == 0 && threadIdx.x == 0)
        ns[0] = gs_globaltimer() - t0;
    gs_cluster_sync(); /* the peer's shared memory stays until both are done */
}

/* Every thread of a cluster of blocks: barrier.cluster.arrive.release +
 * barrier.cluster.wait.acquire (sm_90); the host skips it before sm_90. */
static __global__ void cluster_kernel(unsigned long long *ns)
{
#if __CUDA_ARCH__ >= 900
    const unsigned long long t0 = gs_globaltimer();
    for (int i = 0; i < CHAIN; ++i)
        asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
    if (blockIdx.x == 0 && threadIdx.x == 0)
        ns[0] = gs_globaltimer() - t0;
#else
    (void)ns;
#endif
}

extern "C" int gs_floor_chain(int kind, double *ns_per_op)
{
    unsigned int *p = NULL;
    unsigned long long *d = NULL, h[2];
    cudaError_t e;
    if ((e = cudaMalloc((void **)&p, 4096)) != cudaSuccess)
        return (int)e;
    if ((e = cudaMalloc((void **)&d, sizeof h)) == cudaSuccess && (e = cudaMemset(p, 0, 4096)) == cudaSuccess) {
        chain_kernel<<<1, 1>>>(p, kind, d); /* warm-up */
        chain_kernel<<<1, 1>>>(p, kind, d);
        if ((e = cudaGetLastError()) == cudaSuccess &&
            (e = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost)) == cudaSuccess)
            *ns_per_op = (double)h[0] / CHAIN;
    }
    cudaFree(p);
    cudaFree(d);
    return (int)e;
}

extern "C" int gs_floor_handoff(int kind, double *ns_one_way)
{
    unsigned int *flags = NULL;
    unsigned long long *d = NULL, h = 0;
    cudaError_t e;
    void *args[] = {&flags, &kind, &d};
    if ((e = cudaMalloc((void **)&flags, 4096)) != cudaSuccess)
        return (int)e;
    if ((e = cudaMalloc((void **)&d, sizeof h)) == cudaSuccess) {
        for (int rep = 0; rep < 2 && e == cudaSuccess; ++rep) /* the first warms up */
            if ((e = cudaMemset(flags, 0, 4096)) == cudaSuccess)
                e = cudaLaunchCooperativeKernel((void *)ping_pong_kernel, 2, 32, args, 0, 0);
        if (e == cudaSuccess && (e = cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost)) == cudaSuccess)
            *ns_one_way = (double)h / (2.0 * CHAIN);
    }
    cudaFree(flags);
    cudaFree(d);
    return (int)e;
}

/* Runs `kernel(ns)` twice (the first warms up) as one cluster of `cluster`
 * blocks; *ns_out gets the second run's nanoseconds over `per`. */
static int time_cluster(const void *kernel, unsigned int cluster, double per, double *ns_out)
{
    unsigned long long *d = NULL, h = 0;
    void *args[] = {&d};
    cudaError_t e;
    if ((e = cudaMalloc((void **)&d, sizeof h)) != cudaSuccess)
        return (int)e;
    for (int rep = 0; rep < 2 && e == cudaSuccess; ++rep)
        e = gs_launch_clusters(kernel, cluster, 32, cluster, args, 0, 0);
    if (e == cudaSuccess && (e = cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost)) == cudaSuccess)
        *ns_out = (double)h / per;
    cudaFree(d);
    return (int)e;
}

extern "C" int gs_floor_cluster(unsigned int cluster, double *ns_per_barrier)
{
    return time_cluster((const void *)cluster_kernel, cluster, CHAIN, ns_per_barrier);
}

extern "C" int gs_floor_cluster_handoff(double *ns_one_way)
{
    return time_cluster((const void *)cluster_ping_pong_kernel, 2, 2.0 * CHAIN, ns_one_way);
}

/* An empty kernel, relaunched by gs_relaunch (launch.c). */
static __global__ void empty_kernel(gs_bench_args a)
{
    (void)a;
}
extern "C" const void *gs_floor_empty_kernel(void)
{
    return (const void *)empty_kernel;
}
