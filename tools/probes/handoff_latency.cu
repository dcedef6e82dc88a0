/* handoff_latency.cu: the one-way latency of a flag passed between two
 * blocks, by the ordering of the signal.  Two blocks ping-pong a counter
 * 2000 times; a round trip is two one-way handoffs.  This is the floor under
 * any lock handoff between blocks on different SMs.
 *
 *   nvcc -arch=sm_90 -Iinclude tools/probes/handoff_latency.cu -o handoff && ./handoff
 */
#include <gsync/gsync.cuh>
#include <stdio.h>

enum { RELEASE_ACQUIRE, RELAXED, NMODES };

static __device__ __forceinline__ void signal(unsigned int *p, unsigned int v, int mode)
{
    if (mode == RELEASE_ACQUIRE)
        gs_st_release(p, v, GS_SCOPE_GPU);
    else
        gs_st_relaxed(p, v, GS_SCOPE_GPU);
}

static __device__ __forceinline__ void await(const unsigned int *p, unsigned int v, int mode)
{
    if (mode == RELEASE_ACQUIRE)
        while (gs_ld_acquire(p, GS_SCOPE_GPU) != v) {
        }
    else
        while (gs_ld_relaxed(p, GS_SCOPE_GPU) != v) {
        }
}

/* Unbounded waits are safe here: exactly two blocks, both resident. */
static __global__ void ping_pong(unsigned int *flags, int n, int mode, unsigned long long *cycles)
{
    unsigned int *mine = flags + 32 * blockIdx.x, *other = flags + 32 * (1 - blockIdx.x);
    long long t0 = clock64();
    if (threadIdx.x != 0)
        return;
    for (int i = 1; i <= n; ++i) {
        if (blockIdx.x == 0) {
            signal(other, (unsigned int)i, mode);
            await(mine, (unsigned int)i, mode);
        } else {
            await(mine, (unsigned int)i, mode);
            signal(other, (unsigned int)i, mode);
        }
    }
    if (blockIdx.x == 0)
        cycles[mode] = (unsigned long long)(clock64() - t0) / (2ull * n);
}

#define CK(x)                                                                          \
    do {                                                                               \
        cudaError_t e = (x);                                                           \
        if (e != cudaSuccess) {                                                        \
            fprintf(stderr, "handoff_latency: %s: %s\n", #x, cudaGetErrorString(e));   \
            return 1;                                                                  \
        }                                                                              \
    } while (0)

int main(void)
{
    unsigned int *flags;
    unsigned long long *d_cycles, cycles[NMODES];
    int mode, clock_khz, dev = 0;
    CK(cudaMalloc((void **)&flags, 4096));
    CK(cudaMalloc((void **)&d_cycles, sizeof cycles));
    CK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, dev));
    for (mode = 0; mode < NMODES; ++mode) {
        CK(cudaMemset(flags, 0, 4096));
        ping_pong<<<2, 32>>>(flags, 2000, mode, d_cycles);
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
    }
    CK(cudaMemcpy(cycles, d_cycles, sizeof cycles, cudaMemcpyDeviceToHost));
    printf("one-way handoff, st.release.gpu -> ld.acquire.gpu: %llu cycles (%.0f ns at %d MHz)\n",
           cycles[RELEASE_ACQUIRE], cycles[RELEASE_ACQUIRE] * 1e6 / clock_khz, clock_khz / 1000);
    printf("one-way handoff, st.relaxed.gpu -> ld.relaxed.gpu: %llu cycles (%.0f ns)\n", cycles[RELAXED],
           cycles[RELAXED] * 1e6 / clock_khz);
    return 0;
}
