/* plain_kernels.cu: the kernels of `gsync-bench plain` and `tune`.  A plain
 * build: no GSYNC_WATCHDOG, the library exactly as a user includes it.  Each
 * kernel runs `iters` barriers; with stamps set, thread 0 of each block
 * stamps its slot before a barrier and checks another block's after it. */
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <new>

#include <gsync/gsync.cuh>

#include "probes/plain.h"

typedef cuda::barrier<cuda::thread_scope_device> device_barrier;

#define PLAIN_KERNEL(NAME, SETUP, SYNC)                                                              \
    static __global__ void NAME(gs_plain_args a)                                                     \
    {                                                                                                \
        const unsigned int n = gridDim.x, b = blockIdx.x;                                            \
        SETUP;                                                                                       \
        for (unsigned int e = 1; e <= a.iters; ++e) {                                                \
            if (a.stamps && threadIdx.x == 0)                                                        \
                a.stamps[(e & 1u) * n + b] = e;                                                      \
            SYNC;                                                                                    \
            if (a.stamps && threadIdx.x == 0 && a.stamps[(e & 1u) * n + (b + e) % n] != e)           \
                atomicAdd(a.stale, 1u);                                                              \
        }                                                                                            \
    }

/* gsync's barrier, as the README shows it */
PLAIN_KERNEL(plain_gs, gs_barrier_t bar = a.bar, gs_barrier_sync(&bar))
PLAIN_KERNEL(plain_grid, (void)0, cooperative_groups::this_grid().sync())
/* libcu++: one arrival per block, from thread 0; the block joins around it */
PLAIN_KERNEL(plain_libcu, device_barrier *bar = (device_barrier *)a.state, __syncthreads();
             if (threadIdx.x == 0) bar->arrive_and_wait(); __syncthreads())
/* the counter barrier with relaxed arrivals and polls: what meeting costs
 * with no ordering at all (it may let stale stamps through) */
PLAIN_KERNEL(plain_counter, (void)0, gs_barrier_fx_lock_sync((gs_barrier_fx_lock_t *)a.state, e - 1u, false, false))

static __global__ void libcu_init(unsigned int *state, unsigned int blocks)
{
    new (state) device_barrier(blocks);
}

extern "C" const void *gs_plain_kernel(enum gs_plain_kind kind)
{
    static const void *const k[GS_PLAIN_KINDS] = {(const void *)plain_gs, (const void *)plain_grid,
                                                  (const void *)plain_libcu, (const void *)plain_counter};
    return k[kind];
}

extern "C" cudaError_t gs_plain_reset(enum gs_plain_kind kind, const gs_plain_args *a, unsigned int blocks,
                                      size_t bytes, cudaStream_t stream)
{
    cudaError_t e = cudaMemsetAsync(a->state, 0, bytes, stream);
    if (e == cudaSuccess && kind == GS_PLAIN_LIBCU) {
        libcu_init<<<1, 1, 0, stream>>>(a->state, blocks);
        e = cudaGetLastError();
    }
    return e;
}
