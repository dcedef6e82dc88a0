/* A kernel that steps through a computation with gsync's device-wide
 * barrier: each block writes its slot, the barrier, each block reads its
 * neighbour's.  Launched twice on one plan, the state reset in between.
 * Prints the number of stale reads (0 on a correct barrier). */
#include <cstdio>

#include <gsync/barrier/counter.cuh>
#include <gsync/host.h>

__global__ void steps(gs_barrier_t bar, unsigned int *slots, unsigned int *stale, unsigned int n)
{
    for (unsigned int step = 1; step <= n; ++step) {
        if (threadIdx.x == 0)
            slots[blockIdx.x] = step;
        gs_barrier_sync(&bar); /* every block's slot now holds this step */
        if (threadIdx.x == 0 && slots[(blockIdx.x + 1) % gridDim.x] < step)
            atomicAdd(stale, 1u);
        gs_barrier_sync(&bar); /* nobody writes the next step before all have read */
    }
}

int main()
{
    const unsigned int threads = 64;
    unsigned int blocks = 0, *state = NULL, *slots = NULL, *stale = NULL, host = 0, n = 100;
    gs_barrier_t bar;
    cudaError_t e;
    if ((e = gs_max_coresident((const void *)steps, threads, 0, &blocks)) != cudaSuccess ||
        (e = cudaMalloc((void **)&state, gs_barrier_bytes(blocks))) != cudaSuccess ||
        (e = cudaMalloc((void **)&slots, blocks * sizeof(unsigned int))) != cudaSuccess ||
        (e = cudaMalloc((void **)&stale, sizeof(unsigned int))) != cudaSuccess ||
        (e = cudaMemset(stale, 0, sizeof(unsigned int))) != cudaSuccess ||
        (e = gs_barrier_plan(&bar, state, blocks, threads, GS_BARRIER_AUTO, 0)) != cudaSuccess) {
        if (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver) {
            std::printf("barrier_example: no NVIDIA GPU or driver found: skipped\n");
            return 77;
        }
        std::fprintf(stderr, "barrier_example: %s\n", cudaGetErrorString(e));
        return 1;
    }
    void *args[] = {&bar, &slots, &stale, &n};
    const dim3 grid(blocks), block(threads);
    for (int launch = 1; launch <= 2; ++launch) {
        /* a second launch on the same state needs it zeroed again; without
         * gs_barrier_reset, gs_barrier_launch refuses (cudaErrorIllegalState) */
        if ((launch > 1 && (e = gs_barrier_reset(&bar, 0)) != cudaSuccess) ||
            (e = gs_barrier_launch((const void *)steps, grid, block, args, 0, 0, &bar)) != cudaSuccess ||
            (e = cudaMemcpy(&host, stale, sizeof host, cudaMemcpyDeviceToHost)) != cudaSuccess) {
            std::fprintf(stderr, "barrier_example: %s\n", cudaGetErrorString(e));
            return 1;
        }
        std::printf("launch %d: %u blocks, %s form, %u steps: %u stale reads\n", launch, blocks,
                    gs_barrier_form_name((int)bar.form), n, host);
    }
    return host != 0;
}
