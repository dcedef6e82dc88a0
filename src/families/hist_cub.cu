/* hist_cub.cu: the histogram competition's CUDA peer, CUB's
 * DeviceHistogram, called each way that may be its fastest (hist_kernels.cu
 * names them: histCub, histCubInt, histCubIntScale, histCubFloat,
 * histCubByte, histCubRange).  A file of its own, so that CUB's large
 * templates compile in parallel with the kernels rather than after them. */
#include "families/relaxed.h"

#include <cub/device/device_histogram.cuh>

cudaError_t gs_hist_cub_call(unsigned int bench, void *temp, size_t &bytes, const void *in, unsigned int *out,
                             unsigned int samples, unsigned int bins, const unsigned long long *levels)
{
    const int n = (int)samples, nlevels = (int)bins + 1;
    switch (bench) {
    case GS_RX_HIST_CUB_INT:
    case GS_RX_HIST_CUB_INT_SCALE:
        return cub::DeviceHistogram::HistogramEven(temp, bytes, (const unsigned int *)in, out, nlevels, 0u, bins, n);
    case GS_RX_HIST_CUB_FLOAT:
        return cub::DeviceHistogram::HistogramEven(temp, bytes, (const float *)in, out, nlevels, 0.0f, (float)bins, n);
    case GS_RX_HIST_CUB_BYTE:
        return cub::DeviceHistogram::HistogramEven(temp, bytes, (const unsigned char *)in, out, nlevels, 0, (int)bins,
                                                   n);
    case GS_RX_HIST_CUB_RANGE:
        return cub::DeviceHistogram::HistogramRange(temp, bytes, (const unsigned int *)in, out, nlevels, levels, n);
    default:
        return cub::DeviceHistogram::HistogramEven(temp, bytes, (const unsigned int *)in, out, nlevels, 0ull,
                                                   1ull << 32, n);
    }
}
