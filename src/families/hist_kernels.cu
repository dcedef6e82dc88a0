/* hist_kernels.cu: the histogram competition of the relaxed family, over
 * 32-bit samples into a power-of-two count of bins (bin = sample >> shift):
 *   histAtomic: one relaxed gpu-scope red.add per sample into global bins;
 *   histCub*:   CUB's DeviceHistogram, the CUDA peer, called each way that
 *               may be its fastest (hist_cub_call): HistogramEven with
 *               64-bit levels over the 32-bit samples (histCub); with
 *               32-bit levels (histCubInt, histCubIntScale), float levels
 *               (histCubFloat) or on 8-bit samples (histCubByte), all on
 *               samples pre-scaled into [0, bins) by hist_scale_kernel
 *               before the timing (histCubIntScale: inside it); and
 *               HistogramRange with 64-bit levels (histCubRange);
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
#include "core/bench.cuh"
#include "families/relaxed.h"

#include "gsync/host.h"

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

/* ---- the CUB peers ---- */

/* The CUB peers' pre-scaling: sample >> shift, a bin index, as T. */
static __device__ __forceinline__ void hist_put4(unsigned int *o, uint4 v)
{
    *(uint4 *)o = v;
}
static __device__ __forceinline__ void hist_put4(float *o, uint4 v)
{
    *(float4 *)o = make_float4((float)v.x, (float)v.y, (float)v.z, (float)v.w);
}
static __device__ __forceinline__ void hist_put4(unsigned char *o, uint4 v)
{
    *(uchar4 *)o = make_uchar4((unsigned char)v.x, (unsigned char)v.y, (unsigned char)v.z, (unsigned char)v.w);
}
template <typename T>
static __global__ void hist_scale_kernel(const unsigned int *in, T *out, unsigned int n, unsigned int shift)
{
    const unsigned int n4 = n / 4u, stride = gridDim.x * blockDim.x;
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        const uint4 s = __ldg(&((const uint4 *)in)[i]);
        hist_put4(out + 4u * i, make_uint4(s.x >> shift, s.y >> shift, s.z >> shift, s.w >> shift));
    }
    for (unsigned int i = 4u * n4 + blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        out[i] = (T)(__ldg(&in[i]) >> shift);
}

/* HistogramRange's levels: k << shift for k = 0 .. bins (the last 2^32). */
static __global__ void hist_levels_kernel(unsigned long long *levels, unsigned int bins, unsigned int shift)
{
    for (unsigned int k = blockIdx.x * blockDim.x + threadIdx.x; k <= bins; k += gridDim.x * blockDim.x)
        levels[k] = (unsigned long long)k << shift;
}

/* Bytes a peer's pre-scaled sample takes (0: it reads the samples as they are). */
static size_t hist_scaled_bytes(unsigned int bench)
{
    switch (bench) {
    case GS_RX_HIST_CUB_INT:
    case GS_RX_HIST_CUB_INT_SCALE:
    case GS_RX_HIST_CUB_FLOAT:
        return 4u;
    case GS_RX_HIST_CUB_BYTE:
        return 1u;
    default:
        return 0u;
    }
}

static size_t hist_round(size_t bytes)
{
    return (bytes + 255u) & ~(size_t)255u;
}

/* A peer's state: its pre-scaled samples at 0, its levels at *levels, CUB's
 * temporary storage (*temp bytes) at *at; returns the total. */
static size_t hist_cub_layout(unsigned int bench, unsigned int samples, unsigned int bins, size_t *levels,
                              size_t *at, size_t *temp, cudaError_t *e)
{
    *temp = 0;
    *e = gs_hist_cub_call(bench, NULL, *temp, NULL, NULL, samples, bins, NULL);
    *levels = hist_round(hist_scaled_bytes(bench) * samples);
    *at = *levels + (bench == GS_RX_HIST_CUB_RANGE ? hist_round(8u * ((size_t)bins + 1u)) : 0u);
    return *at + *temp;
}

/* The samples pre-scaled, or the levels: what the call takes beside the samples. */
static cudaError_t hist_cub_inputs(const gs_bench_args *a, const gs_rx_params *p, unsigned long long *levels)
{
    void *st = a->state;
    switch (p->bench) {
    case GS_RX_HIST_CUB_INT:
    case GS_RX_HIST_CUB_INT_SCALE:
        hist_scale_kernel<<<a->blocks, a->threads>>>(a->data, (unsigned int *)st, p->samples, p->bin_shift);
        break;
    case GS_RX_HIST_CUB_FLOAT:
        hist_scale_kernel<<<a->blocks, a->threads>>>(a->data, (float *)st, p->samples, p->bin_shift);
        break;
    case GS_RX_HIST_CUB_BYTE:
        hist_scale_kernel<<<a->blocks, a->threads>>>(a->data, (unsigned char *)st, p->samples, p->bin_shift);
        break;
    case GS_RX_HIST_CUB_RANGE:
        hist_levels_kernel<<<(p->bins + 256u) / 256u, 256>>>(levels, p->bins, p->bin_shift);
        break;
    default:
        return cudaSuccess; /* histCub: nothing beside the samples */
    }
    return cudaGetLastError();
}

/* Every CUB peer: its inputs before t0 (histCubIntScale: after), the call. */
static cudaError_t hist_cub_host(gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1)
{
    const gs_rx_params *p = GS_PARAMS(gs_rx_params, *a);
    const int timed = p->bench == GS_RX_HIST_CUB_INT_SCALE;
    unsigned char *st = (unsigned char *)a->state;
    size_t at_levels = 0, at = 0, bytes = 0;
    cudaError_t e;
    hist_cub_layout(p->bench, p->samples, p->bins, &at_levels, &at, &bytes, &e);
    unsigned long long *levels = (unsigned long long *)(st + at_levels);
    if (e != cudaSuccess || (!timed && (e = hist_cub_inputs(a, p, levels)) != cudaSuccess) ||
        (e = cudaEventRecord(t0, 0)) != cudaSuccess || (timed && (e = hist_cub_inputs(a, p, levels)) != cudaSuccess))
        return e;
    if ((e = gs_hist_cub_call(p->bench, st + at, bytes, hist_scaled_bytes(p->bench) ? (const void *)st : a->data,
                           a->data + p->samples, p->samples, p->bins, levels)) != cudaSuccess)
        return e;
    return cudaEventRecord(t1, 0);
}

extern "C" size_t gs_hist_cub_state_bytes(unsigned int bench, unsigned int samples, unsigned int bins, int *err)
{
    size_t levels = 0, at = 0, temp = 0;
    cudaError_t e;
    const size_t total = hist_cub_layout(bench, samples, bins, &levels, &at, &temp, &e);
    *err = (int)e;
    return e == cudaSuccess ? total : 0u;
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
