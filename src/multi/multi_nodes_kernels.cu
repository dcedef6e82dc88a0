/* multi_nodes_kernels.cu: the kernel of `gsync-bench multi`'s way hierNodes
 * (multi.h): gsync's hierarchical barrier planned with every peer on another
 * node, so that each episode's signals between GPUs go through NVSHMEM's
 * device API (gsync/multi/remote.cuh) over NVLink, beside the pointer forms.
 * A unit of its own because GSYNC_MULTI_NODES raises the registers of every
 * kernel built with it; its watchdog hook is this unit's, armed by
 * mg_nodes_arm before each launch. */
#define GSYNC_WATCHDOG
#define GSYNC_MULTI_NODES

#include "multi/multi_args.cuh"

static __global__ void k_barrier_nodes(mg_args a, int kind)
{
    mg_barrier_run(&a, kind);
}

static __global__ void k_arm_nodes(gs_watchdog_t *wd, unsigned long long ns)
{
    gs_watchdog_arm(wd, ns);
}

const void *mg_nodes_kernel(void)
{
    return (const void *)k_barrier_nodes;
}

cudaError_t mg_nodes_arm(gs_watchdog_t *wd, unsigned long long ns, cudaStream_t s)
{
    k_arm_nodes<<<1, 1, 0, s>>>(wd, ns);
    return cudaGetLastError();
}
