/* bench.cuh: what every gsync-bench kernel file shares: the watchdog build of
 * the library, the batched loads of an operation's body, the init kernel and
 * the export of a primitive's kernels to the host (gs_kernels). */
#ifndef GSYNC_BENCH_CUH
#define GSYNC_BENCH_CUH

#ifndef GSYNC_WATCHDOG
#define GSYNC_WATCHDOG
#endif
#include <gsync/gsync.cuh>

#include "bench_args.h"

/* Loads go out in batches of this many before their stores, so that a body
 * costs about one memory round trip per batch.  10 keeps the kernels under
 * 64 registers, i.e. 32 blocks of 32 threads per SM. */
#define GS_CS_BATCH 10u

/* Loads words j0 .. j0 + GS_CS_BATCH - 1 (those below ldst) of this thread,
 * d[j * blockDim.x], into v, every load issued before any is used.  Plain
 * loads on purpose: only the primitive under test orders them. */
static __device__ __forceinline__ void gs_bench_load_batch(const unsigned int *d, unsigned int j0, unsigned int ldst,
                                                           unsigned int v[GS_CS_BATCH])
{
#pragma unroll
    for (unsigned int k = 0; k < GS_CS_BATCH; ++k)
        if (j0 + k < ldst)
            v[k] = d[(j0 + k) * blockDim.x];
}

/* The family's parameters in a launch's arguments. */
#define GS_PARAMS(TYPE, a) ((const TYPE *)(a).params)

/* gs_<FAMILY>_init_<NAME>: arms this file's watchdog, then INIT (one thread). */
#define GS_BENCH_INIT(FAMILY, NAME, INIT)                                            \
    static __global__ void gs_##FAMILY##_init_##NAME(gs_bench_args a)                \
    {                                                                                \
        gs_watchdog_arm((gs_watchdog_t *)a.watchdog, a.timeout_ns);                  \
        INIT;                                                                        \
    }

/* gs_kernels_<FAMILY>_<NAME>, the host's handle on the two kernels. */
#define GS_BENCH_EXPORT(FAMILY, NAME)                                                                 \
    extern "C" const gs_kernels gs_kernels_##FAMILY##_##NAME = {(const void *)gs_##FAMILY##_init_##NAME, \
                                                                (const void *)gs_##FAMILY##_kernel_##NAME};

/* The loop that mutexes and semaphores share: each block runs a.iters times:
 * thread 0 acquires (ACQUIRE, false when the watchdog gave up), the block
 * joins, BODY runs on every thread, the block joins, thread 0 releases
 * (RELEASE).  SETUP declares what they need; FINISH runs on every thread at
 * the end; INIT runs on one thread before the launch. */
#define GS_BENCH_LOCK_KERNELS(FAMILY, NAME, SETUP, INIT, ACQUIRE, BODY, RELEASE, FINISH) \
    GS_BENCH_INIT(FAMILY, NAME, INIT)                                                  \
    static __global__ void gs_##FAMILY##_kernel_##NAME(gs_bench_args a)                \
    {                                                                                  \
        __shared__ int held;                                                           \
        SETUP;                                                                         \
        for (unsigned int it = 0; it < a.iters; ++it) {                                \
            if (threadIdx.x == 0)                                                      \
                held = a.sync ? (int)(ACQUIRE) : 1;                                    \
            __syncthreads();                                                           \
            if (!held)                                                                 \
                break; /* watchdog: the whole block leaves */                          \
            BODY;                                                                      \
            __syncthreads();                                                           \
            if (threadIdx.x == 0 && a.sync) {                                          \
                RELEASE;                                                               \
            }                                                                          \
        }                                                                              \
        FINISH;                                                                        \
    }                                                                                  \
    GS_BENCH_EXPORT(FAMILY, NAME)

#pragma nv_diag_suppress 177, 550 /* variables some primitives leave unused */

#endif
