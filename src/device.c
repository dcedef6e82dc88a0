#include "device.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <string.h>

int gs_device_count(void)
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess)
        return 0;
    return n;
}

int gs_device_open(int ordinal, gs_device_info *d, char *err, size_t n)
{
    struct cudaDeviceProp prop;
    cudaError_t e;
    int count = 0, clock_khz = 0;
    e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        snprintf(err, n, "no CUDA device found (%s)", e != cudaSuccess ? cudaGetErrorString(e) : "none visible");
        return GS_EXIT_RUNTIME;
    }
    if (ordinal < 0 || ordinal >= count) {
        snprintf(err, n, "--device %d does not exist: this machine has %d CUDA device%s (0..%d)", ordinal, count,
                 count == 1 ? "" : "s", count - 1);
        return GS_EXIT_USAGE;
    }
    if ((e = cudaSetDevice(ordinal)) != cudaSuccess || (e = cudaGetDeviceProperties(&prop, ordinal)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, ordinal)) != cudaSuccess) {
        snprintf(err, n, "CUDA device %d: %s", ordinal, cudaGetErrorString(e));
        return GS_EXIT_RUNTIME;
    }
    if (prop.major < 7) {
        snprintf(err, n, "device %d (%s) has compute capability %d.%d; gsync needs 7.0 or later", ordinal, prop.name,
                 prop.major, prop.minor);
        return GS_EXIT_RUNTIME;
    }
    memset(d, 0, sizeof *d);
    d->ordinal = ordinal;
    snprintf(d->name, sizeof d->name, "%s", prop.name);
    d->sm_count = prop.multiProcessorCount;
    d->max_threads_per_block = prop.maxThreadsPerBlock;
    d->clock_mhz = clock_khz / 1000;
    d->cc_major = prop.major;
    d->cc_minor = prop.minor;
    cudaDriverGetVersion(&d->driver_version);
    cudaRuntimeGetVersion(&d->runtime_version);
    return GS_EXIT_OK;
}
