#include "core/device.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Whether a failure of cudaGetDeviceCount means there is no GPU to use:
 * none present, only the toolkit's stub driver, or no NVIDIA driver at all
 * (which CUDA reports as a driver too old; with a driver loaded, that is a
 * real failure). */
static int no_gpu(cudaError_t e)
{
    return e == cudaErrorNoDevice || e == cudaErrorStubLibrary ||
           (e == cudaErrorInsufficientDriver && access("/proc/driver/nvidia/version", F_OK) != 0);
}

int gs_device_count_why(char *why, size_t n)
{
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e == cudaSuccess && count > 0)
        return count;
    if (why)
        snprintf(why, n, e == cudaSuccess ? "no NVIDIA GPU found" : no_gpu(e) ? "no NVIDIA GPU or driver found (%s)"
                                                                                : "CUDA failed to start (%s: %s)",
                 cudaGetErrorName(e), cudaGetErrorString(e));
    return e == cudaSuccess || no_gpu(e) ? 0 : -1;
}

int gs_device_count(void)
{
    return gs_device_count_why(NULL, 0);
}

int gs_device_open(int ordinal, gs_device_info *d, char *err, size_t n)
{
    struct cudaDeviceProp prop;
    cudaError_t e;
    int count = 0, clock_khz = 0;
    if ((count = gs_device_count_why(err, n)) <= 0)
        return GS_EXIT_RUNTIME;
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
    if (prop.major < 8) {
        snprintf(err, n, "device %d (%s) has compute capability %d.%d; gsync needs 8.0 or later", ordinal, prop.name,
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
    if ((e = cudaDriverGetVersion(&d->driver_version)) != cudaSuccess ||
        (e = cudaRuntimeGetVersion(&d->runtime_version)) != cudaSuccess) {
        snprintf(err, n, "CUDA versions: %s", cudaGetErrorString(e));
        return GS_EXIT_RUNTIME;
    }
    return GS_EXIT_OK;
}
