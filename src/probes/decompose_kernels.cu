/* decompose_kernels.cu: Feng and Xiao's micro-kernel for decomposing the
 * cost of a lock-based GPU barrier.  Every block repeats `iters` times: each
 * thread computes the mean of two floats, then the mode's synchronization:
 *   0 none; 1 one atomic add per block (no waiting); 2 __syncthreads();
 *   3 the lock-based barrier without a fence; 4 with fence.sc.gpu first.
 * The barrier (barrier/fx_lock.cuh) spins until the counter reaches its
 * goal (>=, not Feng and Xiao's ==, which can deadlock). */
#include "core/bench.cuh"
#include "probes/decompose.h"
#include "core/launch.h"

GS_BENCH_INIT(decompose, one, (void)0)
static __global__ void gs_decompose_kernel_one(gs_bench_args a)
{
    const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x, mode = (unsigned int)a.params[0];
    float *x = (float *)a.data;
    float u = x[2u * i], v = x[2u * i + 1u];
    for (unsigned int it = 0; it < a.iters; ++it) {
        u = 0.5f * (u + v); /* the computation: the mean of two floats */
        v = u + 1.0f;
        if (mode == 2u)
            __syncthreads();
        else if (mode == 1u && threadIdx.x == 0)
            gs_red_add_relaxed((unsigned int *)a.state, 1u, GS_SCOPE_GPU);
        else if (mode >= 3u && !gs_barrier_fx_lock_sync((gs_barrier_fx_lock_t *)a.state, it, mode == 4u, false))
            break;
    }
    x[2u * i] = u; /* keeps the computation */
}
GS_BENCH_EXPORT(decompose, one)

extern "C" int gs_decompose_run(unsigned int blocks, unsigned int threads, unsigned int iters, int mode,
                                unsigned long long timeout_ns, double *ms, int *timed_out)
{
    gs_bench_args a;
    cudaEvent_t t0 = NULL, t1 = NULL;
    float f = 0.0f;
    cudaError_t e;
    memset(&a, 0, sizeof a);
    a.blocks = blocks, a.threads = threads, a.iters = iters, a.timeout_ns = timeout_ns, a.cluster = 1u;
    a.params[0] = (unsigned long long)mode;
    const size_t bytes = (size_t)blocks * threads * 2u * sizeof(float);
    if ((e = cudaMalloc((void **)&a.data, bytes)) == cudaSuccess && (e = cudaMalloc(&a.state, 128)) == cudaSuccess &&
        (e = cudaMalloc(&a.watchdog, sizeof(gs_watchdog_t))) == cudaSuccess &&
        (e = cudaMemset(a.data, 0, bytes)) == cudaSuccess && (e = cudaEventCreate(&t0)) == cudaSuccess &&
        (e = cudaEventCreate(&t1)) == cudaSuccess)
        for (int rep = 0; rep < 2 && e == cudaSuccess; ++rep) /* the first warms up */
            if ((e = cudaMemset(a.state, 0, 128)) == cudaSuccess &&
                (e = gs_launch(&gs_kernels_decompose_one, GS_LAUNCH_COOPERATIVE, &a, t0, t1)) == cudaSuccess &&
                (e = gs_wait_launch(t1, GS_WAIT_LAUNCH_LIMIT_S(timeout_ns))) == cudaSuccess)
                e = cudaEventElapsedTime(&f, t0, t1);
    if (e == cudaSuccess)
        e = gs_watchdog_fired(a.watchdog, timed_out);
    *ms = f;
    cudaFree(a.data);
    cudaFree(a.state);
    cudaFree(a.watchdog);
    if (t0)
        cudaEventDestroy(t0);
    if (t1)
        cudaEventDestroy(t1);
    return (int)e;
}

extern "C" int gs_decompose_occupancy(unsigned int threads, int *blocks_per_sm)
{
    return (int)cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, gs_decompose_kernel_one, (int)threads, 0);
}
