/* bench_common.cuh: what every gsync-bench kernel file shares: the watchdog
 * build of the library, the launch sequence, and the extern "C" entry points
 * that host code reaches. */
#ifndef GSYNC_BENCH_COMMON_CUH
#define GSYNC_BENCH_COMMON_CUH

#ifndef GSYNC_WATCHDOG
#define GSYNC_WATCHDOG
#endif
#include <gsync/gsync.cuh>
#include "bench_kernels.h"

/* Loads go out in batches of this many before their stores, so that a
 * critical section costs about one memory round trip per batch.  10 keeps
 * the kernels under 64 registers, i.e. 32 blocks of 32 threads per SM. */
#define GS_CS_BATCH 10u

/* Loads words j0 .. j0 + GS_CS_BATCH - 1 (those below ldst) of this thread,
 * d[j * blockDim.x], into v: every load issued before any is used.  Plain
 * loads on purpose: only the primitive under test orders them. */
static __device__ __forceinline__ void gs_bench_load_batch(const unsigned int *d, unsigned int j0, unsigned int ldst,
                                                           unsigned int v[GS_CS_BATCH])
{
#pragma unroll
    for (unsigned int k = 0; k < GS_CS_BATCH; ++k)
        if (j0 + k < ldst)
            v[k] = d[(j0 + k) * blockDim.x];
}

typedef void (*gs_bench_kernel_t)(gs_bench_args);

/* Largest cluster tried; 8 is the portable maximum. */
#ifndef GS_BENCH_CLUSTER_MAX
#define GS_BENCH_CLUSTER_MAX 8u
#endif

static cudaLaunchConfig_t gs_bench_cluster_config(unsigned int blocks, unsigned int threads, unsigned int cluster,
                                                  cudaLaunchAttribute *attr)
{
    cudaLaunchConfig_t cfg = {};
    attr->id = cudaLaunchAttributeClusterDimension;
    attr->val.clusterDim.x = cluster;
    attr->val.clusterDim.y = 1;
    attr->val.clusterDim.z = 1;
    cfg.gridDim = dim3(blocks);
    cfg.blockDim = dim3(threads);
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    return cfg;
}

/* Launches in clusters of a->cluster blocks (not cooperatively: the
 * primitives launched in clusters do not need every block resident). */
static cudaError_t gs_bench_launch_clusters(gs_bench_kernel_t kernel, const gs_bench_args *a)
{
    cudaLaunchAttribute attr;
    const cudaLaunchConfig_t cfg = gs_bench_cluster_config(a->blocks, a->threads, a->cluster, &attr);
    return cudaLaunchKernelEx(&cfg, kernel, *a);
}

/* The cluster size a launch of `blocks` blocks will use: the largest power
 * of two up to GS_BENCH_CLUSTER_MAX that divides the grid; 1 (no clusters)
 * when none does, when the kernel cannot run in clusters that size, or
 * before sm_90.  *resident_blocks: how many blocks the
 * device holds at once in clusters of that size. */
static int gs_bench_pick_cluster(gs_bench_kernel_t kernel, unsigned int blocks, unsigned int threads,
                                 unsigned int *cluster, unsigned int *resident_blocks)
{
    int dev, major, clusters = 0;
    unsigned int c = GS_BENCH_CLUSTER_MAX;
    cudaLaunchAttribute attr;
    cudaError_t e;
    *cluster = 1u;
    *resident_blocks = 0u;
    if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev)) != cudaSuccess)
        return (int)e;
    while (c > 1u && blocks % c)
        c /= 2u;
    if (major < 9 || c == 1u)
        return 0;
    const cudaLaunchConfig_t cfg = gs_bench_cluster_config(blocks, threads, c, &attr);
    if ((e = cudaOccupancyMaxActiveClusters(&clusters, kernel, &cfg)) != cudaSuccess)
        return (int)e;
    if (clusters == 0)
        return 0; /* this kernel cannot run in clusters of c: none */
    *cluster = c;
    *resident_blocks = (unsigned int)clusters * c;
    return 0;
}

/* Arms the watchdog, runs the one-thread init kernel, records t0, then
 * launches the benchmark kernel (cooperatively: every block resident, or an
 * error) and records t1.  Returns a cudaError_t. */
static int gs_bench_launch_how(gs_bench_kernel_t init, gs_bench_kernel_t kernel, const gs_bench_args *a,
                               cudaEvent_t t0, cudaEvent_t t1, bool cooperative)
{
    cudaError_t e;
    gs_bench_args copy = *a;
    void *params[] = {&copy};
    gs_watchdog_arm_kernel<<<1, 1>>>((gs_watchdog_t *)a->watchdog, a->timeout_ns);
    if ((e = cudaGetLastError()) != cudaSuccess)
        return (int)e;
    init<<<1, 1>>>(*a);
    if ((e = cudaGetLastError()) != cudaSuccess || (e = cudaEventRecord(t0, 0)) != cudaSuccess)
        return (int)e;
    if (a->cluster > 1u)
        e = gs_bench_launch_clusters(kernel, a);
    else if (cooperative)
        e = cudaLaunchCooperativeKernel((void *)kernel, a->blocks, a->threads, params, 0, 0);
    else
        e = cudaLaunchKernel((void *)kernel, a->blocks, a->threads, params, 0, 0);
    if (e != cudaSuccess)
        return (int)e;
    return (int)cudaEventRecord(t1, 0);
}

static int gs_bench_launch(gs_bench_kernel_t init, gs_bench_kernel_t kernel, const gs_bench_args *a,
                           cudaEvent_t t0, cudaEvent_t t1)
{
    return gs_bench_launch_how(init, kernel, a, t0, t1, false);
}

static int gs_bench_launch_cooperative(gs_bench_kernel_t init, gs_bench_kernel_t kernel, const gs_bench_args *a,
                                       cudaEvent_t t0, cudaEvent_t t1)
{
    return gs_bench_launch_how(init, kernel, a, t0, t1, true);
}

/* gs_<FAMILY>_launch_<NAME> and gs_<FAMILY>_occupancy_<NAME>, declared in
 * bench_kernels.h, for the kernels gs_<FAMILY>_init_<NAME> and
 * gs_<FAMILY>_kernel_<NAME>. */
#define GS_BENCH_ENTRY_POINTS(FAMILY, NAME) GS_BENCH_ENTRY_POINTS_VIA(FAMILY, NAME, gs_bench_launch)
#define GS_BENCH_ENTRY_POINTS_VIA(FAMILY, NAME, LAUNCH)                                            \
    extern "C" int gs_##FAMILY##_launch_##NAME(const gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1) \
    {                                                                                              \
        return LAUNCH(gs_##FAMILY##_init_##NAME, gs_##FAMILY##_kernel_##NAME, a, t0, t1);          \
    }                                                                                              \
    extern "C" int gs_##FAMILY##_occupancy_##NAME(unsigned int threads, int *blocks_per_sm)       \
    {                                                                                              \
        return (int)cudaOccupancyMaxActiveBlocksPerMultiprocessor(                                 \
            blocks_per_sm, gs_##FAMILY##_kernel_##NAME, (int)threads, 0);                          \
    }

/* gs_<FAMILY>_cluster_<NAME>, for primitives launched in clusters. */
#define GS_BENCH_CLUSTER_ENTRY_POINT(FAMILY, NAME)                                                  \
    extern "C" int gs_##FAMILY##_cluster_##NAME(unsigned int blocks, unsigned int threads,          \
                                                unsigned int *cluster, unsigned int *resident_blocks) \
    {                                                                                               \
        return gs_bench_pick_cluster(gs_##FAMILY##_kernel_##NAME, blocks, threads, cluster, resident_blocks); \
    }

/* The benchmark kernel every primitive shares: each block runs a.iters
 * times: thread 0 acquires (ACQUIRE, false when the watchdog gave up), the
 * block joins, BODY runs on every thread, the block joins, thread 0 releases
 * (RELEASE).  SETUP declares what the three need and FINISH runs on every
 * thread at the end; INIT runs on one thread before the launch.  Also makes
 * the entry points. */
#define GS_BENCH_KERNELS(FAMILY, NAME, SETUP, INIT, ACQUIRE, BODY, RELEASE, FINISH)         \
    static __global__ void gs_##FAMILY##_init_##NAME(gs_bench_args a)                       \
    {                                                                                       \
        INIT;                                                                               \
    }                                                                                       \
    static __global__ void gs_##FAMILY##_kernel_##NAME(gs_bench_args a)                     \
    {                                                                                       \
        __shared__ int held;                                                                \
        SETUP;                                                                              \
        for (unsigned int it = 0; it < a.iters; ++it) {                                     \
            if (threadIdx.x == 0)                                                           \
                held = a.sync ? (int)(ACQUIRE) : 1;                                         \
            __syncthreads();                                                                \
            if (!held)                                                                      \
                break; /* watchdog: the whole block leaves */                               \
            BODY;                                                                           \
            __syncthreads();                                                                \
            if (threadIdx.x == 0 && a.sync) {                                               \
                RELEASE;                                                                    \
            }                                                                               \
        }                                                                                   \
        FINISH;                                                                             \
    }                                                                                       \
    GS_BENCH_ENTRY_POINTS(FAMILY, NAME)

#pragma nv_diag_suppress 177, 550 /* variables some primitives leave unused */

#endif
