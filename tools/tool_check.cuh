/* tools/tool_check.cuh: the design tools' CUDA check.  Each tool defines
 * TOOL_NAME (its name, for the message) before including this. */
#ifndef GSYNC_TOOL_CHECK_CUH
#define GSYNC_TOOL_CHECK_CUH

#include <cstdio>
#include <cstdlib>

/* Every CUDA call of a tool: on error, one line naming the call, exit 1. */
#define CK(call)                                                                       \
    do {                                                                               \
        cudaError_t e_ = (call);                                                       \
        if (e_ != cudaSuccess) {                                                       \
            fprintf(stderr, "%s: %s: %s\n", TOOL_NAME, #call, cudaGetErrorString(e_)); \
            exit(1);                                                                   \
        }                                                                              \
    } while (0)

#endif
