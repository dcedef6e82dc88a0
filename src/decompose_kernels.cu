/* decompose_kernels.cu: Feng and Xiao's micro-kernel for decomposing the
 * cost of a lock-based GPU barrier.  Every block repeats `iters` times: each
 * thread computes the mean of two floats, then the mode's synchronization:
 *   0 none; 1 one atomic add per block (no waiting); 2 __syncthreads();
 *   3 the lock-based barrier without a fence; 4 with fence.sc.gpu first.
 * The barrier spins until the counter reaches its goal (>=, not Feng and
 * Xiao's ==, which can deadlock; see barrier/fx_lock.cuh). */
#include "bench_common.cuh"
#include "decompose.h"

static __global__ void gs_decompose_kernel(float *x, unsigned int *count, unsigned int iters, int mode)
{
    const unsigned int n = gridDim.x, i = blockIdx.x * blockDim.x + threadIdx.x;
    float a = x[2u * i], b = x[2u * i + 1u];
    for (unsigned int it = 0; it < iters; ++it) {
        a = 0.5f * (a + b); /* the computation: the mean of two floats */
        b = a + 1.0f;
        if (mode == 2)
            __syncthreads();
        else if (mode == 1 && threadIdx.x == 0)
            gs_red_add_relaxed(count, 1u, GS_SCOPE_GPU);
        else if (mode >= 3) {
            __syncthreads();
            if (threadIdx.x == 0) {
                gs_wait_t w = GS_WAIT_INIT;
                if (mode == 4)
                    gs_fence_sc(GS_SCOPE_GPU);
                gs_atom_add_relaxed(count, 1u, GS_SCOPE_GPU);
                while ((int)(gs_ld_relaxed(count, GS_SCOPE_GPU) - n * (it + 1u)) < 0)
                    if (gs_wait_spin(&w))
                        break;
            }
            __syncthreads();
        }
    }
    x[2u * i] = a; /* keeps the computation */
}

extern "C" int gs_decompose_run(unsigned int blocks, unsigned int threads, unsigned int iters, int mode,
                                unsigned long long timeout_ns, double *ms, int *timed_out)
{
    float *x;
    unsigned int *count;
    gs_watchdog_t *wd;
    cudaEvent_t t0, t1;
    float f = 0.0f;
    unsigned int abort = 0;
    cudaError_t e;
    void *args[4];
    int rep;
    if ((e = cudaMalloc((void **)&x, (size_t)blocks * threads * 2u * sizeof(float))) != cudaSuccess)
        return (int)e;
    if ((e = cudaMalloc((void **)&count, 128)) != cudaSuccess || (e = cudaMalloc((void **)&wd, 64)) != cudaSuccess ||
        (e = cudaMemset(x, 0, (size_t)blocks * threads * 2u * sizeof(float))) != cudaSuccess ||
        (e = cudaEventCreate(&t0)) != cudaSuccess || (e = cudaEventCreate(&t1)) != cudaSuccess)
        return (int)e;
    args[0] = &x;
    args[1] = &count;
    args[2] = &iters;
    args[3] = &mode;
    for (rep = 0; rep < 2 && e == cudaSuccess; ++rep) { /* the first warms up */
        gs_watchdog_arm_kernel<<<1, 1>>>(wd, timeout_ns);
        if ((e = cudaGetLastError()) == cudaSuccess && (e = cudaMemset(count, 0, 128)) == cudaSuccess &&
            (e = cudaEventRecord(t0, 0)) == cudaSuccess &&
            (e = cudaLaunchCooperativeKernel((void *)gs_decompose_kernel, blocks, threads, args, 0, 0)) ==
                cudaSuccess &&
            (e = cudaEventRecord(t1, 0)) == cudaSuccess && (e = cudaEventSynchronize(t1)) == cudaSuccess)
            e = cudaEventElapsedTime(&f, t0, t1);
    }
    if (e == cudaSuccess)
        e = cudaMemcpy(&abort, (char *)wd + 8, sizeof abort, cudaMemcpyDeviceToHost);
    *ms = f;
    *timed_out = abort != 0;
    cudaFree(x);
    cudaFree(count);
    cudaFree(wd);
    cudaEventDestroy(t0);
    cudaEventDestroy(t1);
    return (int)e;
}

extern "C" int gs_decompose_occupancy(unsigned int threads, int *blocks_per_sm)
{
    return (int)cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, gs_decompose_kernel, (int)threads, 0);
}
