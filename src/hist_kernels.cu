/* hist_kernels.cu: the histogram competition of the relaxed family, over
 * 32-bit samples into a power-of-two count of bins (bin = sample >> shift):
 *   histAtomic: one relaxed gpu-scope red.add per sample into global bins;
 *   histCub:    CUB's DeviceHistogram::HistogramEven, the CUDA peer;
 *   histGsync:  gsync's design.  Bins that fit in one block's shared memory:
 *               replicas of the histogram per block (warp w adds into
 *               replica w % R, relaxed cta-scope atomics), merged into the
 *               global bins with relaxed red.add, a bin only when nonzero.
 *               Bins that fit in a cluster's shared memory (sm_90): each
 *               block of the cluster owns a slice; a sample's increment goes
 *               to its owner's slice, remote ones through distributed shared
 *               memory (red.relaxed.cluster; local ones at cluster scope too,
 *               so that both are atomic to each other), the cluster barrier
 *               (release / acquire) before and after; then each block merges
 *               its slice.
 *               Larger: as histAtomic.
 * Samples are read with 16-byte loads (the tail one at a time).
 * Requires: shared memory opt-in up to the device's per-block limit; the
 * cluster path a grid that divides into its clusters (the host picks it).
 */
#include "bench.cuh"
#include "relaxed.h"

#include "gsync/host.h"

#include <cub/device/device_histogram.cuh>
#include <cuda/atomic>

#define RXP GS_PARAMS(gs_rx_params, a)
#define HIST_MAX_REPLICAS 8u
#define HIST_SMEM_TARGET (96u * 1024u) /* replicas stop growing here: two blocks per SM */

/* Calls f(sample) for every sample, 16-byte loads where aligned. */
template <typename F> static __device__ __forceinline__ void hist_each(const gs_bench_args &a, F f)
{
    const gs_rx_params *p = RXP;
    const unsigned int n4 = p->samples / 4u, stride = gridDim.x * blockDim.x;
    const uint4 *v = (const uint4 *)a.data;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        const uint4 s = __ldg(&v[i]);
        f(s.x);
        f(s.y);
        f(s.z);
        f(s.w);
    }
    for (unsigned int i = 4u * n4 + blockIdx.x * blockDim.x + threadIdx.x; i < p->samples; i += stride)
        f(__ldg(&a.data[i]));
}

static __global__ void hist_atomic_kernel(gs_bench_args a)
{
    const gs_rx_params *p = RXP;
    unsigned int *bins = a.data + p->samples;
    const unsigned int shift = p->bin_shift;
    hist_each(a, [&](unsigned int s) { gs_red_add_relaxed(&bins[s >> shift], 1u, GS_SCOPE_GPU); });
}

/* Adds a block's (or a cluster slice's) counts into the global bins. */
static __device__ __forceinline__ void hist_merge(const unsigned int *sh, unsigned int replicas, unsigned int count,
                                                  unsigned int *bins)
{
    for (unsigned int b = threadIdx.x; b < count; b += blockDim.x) {
        unsigned int sum = 0u;
        for (unsigned int r = 0; r < replicas; ++r)
            sum += sh[r * count + b];
        if (sum)
            gs_red_add_relaxed(&bins[b], sum, GS_SCOPE_GPU);
    }
}

static __global__ void hist_shared_kernel(gs_bench_args a)
{
    extern __shared__ unsigned int sh[];
    const gs_rx_params *p = RXP;
    const unsigned int shift = p->bin_shift, words = p->replicas * p->bins;
    for (unsigned int i = threadIdx.x; i < words; i += blockDim.x)
        sh[i] = 0u;
    __syncthreads();
    unsigned int *mine = sh + (threadIdx.x / 32u % p->replicas) * p->bins;
    hist_each(a, [&](unsigned int s) {
        cuda::atomic_ref<unsigned int, cuda::thread_scope_block>(mine[s >> shift])
            .fetch_add(1u, cuda::memory_order_relaxed);
    });
    __syncthreads();
    hist_merge(sh, p->replicas, p->bins, a.data + p->samples);
}

static __global__ void hist_cluster_kernel(gs_bench_args a)
{
    extern __shared__ unsigned int sh[];
    const gs_rx_params *p = RXP;
    const unsigned int shift = p->bin_shift, slice = p->bins / p->cluster, rank = gs_cluster_rank();
    for (unsigned int i = threadIdx.x; i < slice; i += blockDim.x)
        sh[i] = 0u;
    gs_cluster_sync(); /* every slice zeroed before any remote add */
    hist_each(a, [&](unsigned int s) {
        const unsigned int bin = s >> shift, owner = bin / slice, at = bin % slice;
        if (owner == rank) /* cluster scope too: remote blocks add to the same words */
            gs_red_add_relaxed_shared(&sh[at], 1u, GS_SCOPE_CLUSTER);
        else
            gs_red_add_relaxed((unsigned int *)gs_cluster_map(sh + at, owner), 1u, GS_SCOPE_CLUSTER);
    });
    gs_cluster_sync(); /* every remote add in before the slices are read (and before any block leaves) */
    hist_merge(sh, 1u, slice, a.data + p->samples + rank * slice);
}

static __global__ void hist_init(gs_bench_args a)
{
    gs_watchdog_arm((gs_watchdog_t *)a.watchdog, a.timeout_ns);
}

static cudaError_t hist_atomic_host(gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1)
{
    cudaError_t e;
    if ((e = cudaEventRecord(t0, 0)) != cudaSuccess)
        return e;
    hist_atomic_kernel<<<a->blocks, a->threads>>>(*a);
    if ((e = cudaGetLastError()) != cudaSuccess)
        return e;
    return cudaEventRecord(t1, 0);
}

static cudaError_t hist_gsync_host(gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1)
{
    const gs_rx_params *p = GS_PARAMS(gs_rx_params, *a);
    void *args[] = {a};
    cudaError_t e;
    if (p->smem_bytes == 0u)
        return hist_atomic_host(a, t0, t1);
    const void *k = p->cluster > 1u ? (const void *)hist_cluster_kernel : (const void *)hist_shared_kernel;
    if ((e = cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)p->smem_bytes)) !=
            cudaSuccess ||
        (e = cudaEventRecord(t0, 0)) != cudaSuccess)
        return e;
    if (p->cluster > 1u)
        e = gs_launch_clusters(k, a->blocks, a->threads, p->cluster, args, p->smem_bytes, 0);
    else
        e = cudaLaunchKernel(k, dim3(a->blocks), dim3(a->threads), args, p->smem_bytes, 0);
    if (e != cudaSuccess)
        return e;
    return cudaEventRecord(t1, 0);
}

/* CUB's temporary storage sits in the launch's state. */
static cudaError_t hist_cub_host(gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1)
{
    const gs_rx_params *p = GS_PARAMS(gs_rx_params, *a);
    size_t bytes = 0;
    cudaError_t e;
    if ((e = cub::DeviceHistogram::HistogramEven((void *)NULL, bytes, a->data, a->data + p->samples, (int)p->bins + 1,
                                                 0ull, p->range, (int)p->samples)) != cudaSuccess ||
        (e = cudaEventRecord(t0, 0)) != cudaSuccess)
        return e;
    if ((e = cub::DeviceHistogram::HistogramEven(a->state, bytes, a->data, a->data + p->samples, (int)p->bins + 1,
                                                 0ull, p->range, (int)p->samples)) != cudaSuccess)
        return e;
    return cudaEventRecord(t1, 0);
}

extern "C" size_t gs_hist_cub_temp_bytes(unsigned int samples, unsigned int bins, unsigned long long range, int *err)
{
    size_t bytes = 0;
    *err = (int)cub::DeviceHistogram::HistogramEven((void *)NULL, bytes, (const unsigned int *)NULL,
                                                    (unsigned int *)NULL, (int)bins + 1, 0ull, range, (int)samples);
    return bytes;
}

/* Shared bytes per block and replicas, or a cluster, or neither. */
extern "C" int gs_hist_gsync_shape(unsigned int bins, unsigned int threads, unsigned int cluster, gs_rx_params *p,
                                   unsigned int *per_sm)
{
    int dev = 0, optin = 0, sms = 0;
    cudaError_t e;
    unsigned int got = 0u, resident = 0u;
    if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)) != cudaSuccess)
        return (int)e;
    const unsigned long long one = 4ull * bins;
    p->cluster = 1u;
    p->replicas = 1u;
    p->smem_bytes = 0u;
    *per_sm = 0u;
    if (one <= (unsigned long long)optin) {
        const unsigned int warps = threads / 32u ? threads / 32u : 1u;
        unsigned int r = 1u;
        while (2u * r <= HIST_MAX_REPLICAS && 2u * r <= warps && 2ull * r * one <= HIST_SMEM_TARGET)
            r *= 2u;
        p->replicas = r;
        p->smem_bytes = (unsigned int)(r * one);
        if ((e = cudaFuncSetAttribute((const void *)hist_shared_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                      (int)p->smem_bytes)) != cudaSuccess)
            return (int)e;
        return (int)gs_blocks_per_sm((const void *)hist_shared_kernel, threads, p->smem_bytes, per_sm);
    }
    for (unsigned int c = 2u; c <= 8u; c *= 2u) /* the smallest cluster whose slices fit, or the one asked */
        if (one / c <= (unsigned long long)optin && (!cluster || c == cluster)) {
            p->cluster = c;
            p->smem_bytes = (unsigned int)(one / c);
            if ((e = cudaFuncSetAttribute((const void *)hist_cluster_kernel,
                                          cudaFuncAttributeMaxDynamicSharedMemorySize, (int)p->smem_bytes)) !=
                cudaSuccess)
                return (int)e;
            if ((e = gs_cluster_pick((const void *)hist_cluster_kernel, c * (unsigned int)sms, threads, p->smem_bytes, c,
                                     &got, &resident)) != cudaSuccess)
                return (int)e;
            if (got == c && resident) {
                *per_sm = resident / (unsigned int)sms ? resident / (unsigned int)sms : 1u;
                return 0;
            }
        }
    p->cluster = 1u;
    p->smem_bytes = 0u;
    return (int)gs_blocks_per_sm((const void *)hist_atomic_kernel, threads, 0, per_sm);
}

extern "C" const gs_kernels gs_kernels_relaxed_hist_atomic = {(const void *)hist_init,
                                                              (const void *)hist_atomic_kernel, hist_atomic_host};
extern "C" const gs_kernels gs_kernels_relaxed_hist_cub = {(const void *)hist_init, (const void *)hist_atomic_kernel,
                                                           hist_cub_host};
extern "C" const gs_kernels gs_kernels_relaxed_hist_gsync = {(const void *)hist_init, (const void *)hist_shared_kernel,
                                                             hist_gsync_host};
