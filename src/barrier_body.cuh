/* barrier_body.cuh: the barrier benchmark's episode body (see
 * barrier_bench.cuh).  Included by src/barrier_body.cu, which gsync-bench's
 * barrier kernels link against, and inlined by other users. */
#ifndef GSYNC_BARRIER_BODY_CUH
#define GSYNC_BARRIER_BODY_CUH

#include "bench_common.cuh"

#ifndef GS_BARRIER_BODY_EXTERN
#define GS_BARRIER_BODY_EXTERN static __forceinline__
#endif

/* Loads go out a batch at a time, every load before any is used, then the
 * batch is checked and rewritten. */
GS_BARRIER_BODY_EXTERN __device__ unsigned int gs_barrier_bench_body(unsigned int *data, unsigned int ldst,
                                                                     unsigned int r, unsigned int expect,
                                                                     unsigned int write)
{
    unsigned int *d = data + (size_t)r * ldst * blockDim.x + threadIdx.x, stale = 0u;
    for (unsigned int j0 = 0; j0 < ldst; j0 += GS_CS_BATCH) {
        unsigned int v[GS_CS_BATCH];
        gs_bench_load_batch(d, j0, ldst, v);
#pragma unroll
        for (unsigned int k = 0; k < GS_CS_BATCH; ++k)
            if (j0 + k < ldst) {
                stale += v[k] != gs_barrier_word(expect, r, j0 + k, threadIdx.x);
                d[(j0 + k) * blockDim.x] = gs_barrier_word(write, r, j0 + k, threadIdx.x);
            }
    }
    return stale;
}

#endif
