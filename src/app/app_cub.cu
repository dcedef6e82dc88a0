/* app_cub.cu: the CUB peers of the app family, timed as a user calls them:
 * DeviceRadixSort and DeviceMergeSort of bitonic's keys (32 or 64 bits) and
 * DeviceReduce::Sum of Reduce's terms (--sync cubRadixSort, cubMergeSort,
 * cubReduce).  A file of its own, so that CUB's large templates compile in
 * parallel with the program kernels rather than after them in one file. */
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>

#include "app/app.h"

struct app_less {
    template <typename K>
    __device__ bool operator()(K x, K y) const
    {
        return x < y;
    }
};

/* A CUB call, call(tmp, bytes): once to size its scratch, which is then
 * allocated, and again timed between t0 and t1. */
template <typename F> static cudaError_t cub_timed(F call, cudaEvent_t t0, cudaEvent_t t1)
{
    void *tmp = NULL;
    size_t bytes = 0;
    cudaError_t e = call(tmp, bytes);
    if (e == cudaSuccess && (e = cudaMalloc(&tmp, bytes)) == cudaSuccess && (e = cudaEventRecord(t0, 0)) == cudaSuccess) {
        e = call(tmp, bytes);
        if (e == cudaSuccess)
            e = cudaEventRecord(t1, 0);
        if (e == cudaSuccess)
            e = cudaEventSynchronize(t1);
    }
    const cudaError_t f = cudaFree(tmp);
    return e == cudaSuccess ? f : e;
}

/* CUB's radix sort (merge 0) or merge sort (merge 1) of n keys of type K. */
template <typename K>
static cudaError_t cub_sort(int merge, const K *in, K *out, unsigned int n, cudaEvent_t t0, cudaEvent_t t1)
{
    return cub_timed(
        [&](void *tmp, size_t &bytes) {
            return merge ? cub::DeviceMergeSort::SortKeysCopy(tmp, bytes, in, out, (int)n, app_less())
                         : cub::DeviceRadixSort::SortKeys(tmp, bytes, in, out, (int)n);
        },
        t0, t1);
}

extern "C" int gs_app_cub_sort(int merge, unsigned int key_bits, const void *in, void *out, unsigned int n,
                               cudaEvent_t t0, cudaEvent_t t1)
{
    return key_bits == 64u ? (int)cub_sort(merge, (const unsigned long long *)in, (unsigned long long *)out, n, t0, t1)
                           : (int)cub_sort(merge, (const unsigned int *)in, (unsigned int *)out, n, t0, t1);
}

/* CUB's DeviceReduce::Sum of n terms of type T into one of type S. */
template <typename T, typename S>
static cudaError_t cub_sum(const T *in, S *out, unsigned int n, cudaEvent_t t0, cudaEvent_t t1)
{
    return cub_timed([&](void *tmp, size_t &bytes) { return cub::DeviceReduce::Sum(tmp, bytes, in, out, n); }, t0, t1);
}

extern "C" int gs_app_cub_sum(int single, const void *in, void *out, unsigned int n, cudaEvent_t t0, cudaEvent_t t1)
{
    return single ? (int)cub_sum((const float *)in, (float *)out, n, t0, t1)
                  : (int)cub_sum((const unsigned int *)in, (unsigned long long *)out, n, t0, t1);
}
