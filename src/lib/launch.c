/* launch.c (gsync host module): occupancy, co-residency and cluster launch. */
#include "gsync/host.h"

cudaError_t gs_blocks_per_sm(const void *kernel, unsigned int threads, size_t smem, unsigned int *per_sm)
{
    int n = 0;
    const cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, (int)threads, smem);
    if (e == cudaSuccess)
        *per_sm = n > 0 ? (unsigned int)n : 0u;
    return e;
}

cudaError_t gs_max_coresident(const void *kernel, unsigned int threads, size_t smem, unsigned int *blocks)
{
    int dev = 0, sms = 0;
    unsigned int per_sm = 0;
    cudaError_t e;
    if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)) != cudaSuccess ||
        (e = gs_blocks_per_sm(kernel, threads, smem, &per_sm)) != cudaSuccess)
        return e;
    *blocks = per_sm * (unsigned int)sms;
    return cudaSuccess;
}

static cudaLaunchConfig_t cluster_config(unsigned int blocks, unsigned int threads, unsigned int cluster,
                                         size_t smem, cudaStream_t stream, cudaLaunchAttribute *attr)
{
    cudaLaunchConfig_t cfg = {0};
    attr->id = cudaLaunchAttributeClusterDimension;
    attr->val.clusterDim.x = cluster;
    attr->val.clusterDim.y = 1;
    attr->val.clusterDim.z = 1;
    cfg.gridDim.x = blocks, cfg.gridDim.y = cfg.gridDim.z = 1;
    cfg.blockDim.x = threads, cfg.blockDim.y = cfg.blockDim.z = 1;
    cfg.dynamicSmemBytes = smem;
    cfg.stream = stream;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    return cfg;
}

cudaError_t gs_cluster_pick(const void *kernel, unsigned int blocks, unsigned int threads, size_t smem,
                            unsigned int max_cluster, unsigned int *cluster, unsigned int *resident_blocks)
{
    int dev = 0, major = 0, clusters = 0;
    unsigned int c = 1u;
    cudaLaunchAttribute attr;
    cudaError_t e;
    if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev)) != cudaSuccess)
        return e;
    while (c * 2u <= max_cluster)
        c *= 2u;
    while (c > 1u && blocks % c)
        c /= 2u;
    *cluster = 1u;
    *resident_blocks = 0u;
    if (major < 9 || c == 1u)
        return cudaSuccess;
    if (c > 8u && (e = cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1)) != cudaSuccess)
        return e;
    const cudaLaunchConfig_t cfg = cluster_config(blocks, threads, c, smem, 0, &attr);
    if ((e = cudaOccupancyMaxActiveClusters(&clusters, kernel, &cfg)) != cudaSuccess)
        return e;
    if (clusters > 0) { /* else this kernel cannot run in clusters of c: none */
        *cluster = c;
        *resident_blocks = (unsigned int)clusters * c;
    }
    return cudaSuccess;
}

cudaError_t gs_launch_clusters(const void *kernel, unsigned int blocks, unsigned int threads, unsigned int cluster,
                               void **args, size_t smem, cudaStream_t stream)
{
    cudaLaunchAttribute attr;
    const cudaLaunchConfig_t cfg = cluster_config(blocks, threads, cluster, smem, stream, &attr);
    return cudaLaunchKernelExC(&cfg, kernel, args);
}
