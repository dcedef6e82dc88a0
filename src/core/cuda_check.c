/* cuda_check.c: the message of a failed CUDA call (cuda_check.h). */
#include "core/cuda_check.h"

#include <cuda_runtime_api.h>
#include <stdarg.h>
#include <stdio.h>

int gs_cuda_error(int e, char *err, size_t n, const char *what, ...)
{
    char text[256];
    va_list ap;
    if (e == (int)cudaSuccess)
        return GS_EXIT_OK;
    va_start(ap, what);
    vsnprintf(text, sizeof text, what, ap);
    va_end(ap);
    snprintf(err, n, "CUDA: %s: %s: %s", text, cudaGetErrorName((cudaError_t)e), cudaGetErrorString((cudaError_t)e));
    return GS_EXIT_RUNTIME;
}
