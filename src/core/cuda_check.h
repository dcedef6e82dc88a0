/* cuda_check.h: the one check of a CUDA call in gsync-bench. */
#ifndef GSYNC_CUDA_CHECK_H
#define GSYNC_CUDA_CHECK_H

#include "core/gsync_bench.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* e (a cudaError_t) as GS_EXIT_OK, or as GS_EXIT_RUNTIME with
 * "CUDA: WHAT: cudaErrorName: what it means" in err (WHAT from the format). */
int gs_cuda_error(int e, char *err, size_t n, const char *what, ...) __attribute__((format(printf, 4, 5)));

#ifdef __cplusplus
}
#endif

/* In a function with `char *err, size_t n`: when CALL fails, return
 * GS_EXIT_RUNTIME from it (GS_CK), or set rc and go to `out:`, where it
 * frees what it holds (GS_CK_OUT). */
#define GS_CK(call)                                                                                                    \
    do {                                                                                                               \
        const int ck_ = gs_cuda_error((int)(call), err, n, "%s", #call);                                                     \
        if (ck_)                                                                                                       \
            return ck_;                                                                                                \
    } while (0)
#define GS_CK_OUT(call)                                                                                                \
    do {                                                                                                               \
        if ((rc = gs_cuda_error((int)(call), err, n, "%s", #call)) != 0)                                                     \
            goto out;                                                                                                  \
    } while (0)
/* In CUDA code that hands a failure to its caller (with cudaError_t e). */
#define GS_CK_RETURN(call)                                                                                             \
    do {                                                                                                               \
        if ((e = (call)) != cudaSuccess)                                                                               \
            return e;                                                                                                  \
    } while (0)

#endif
