/* barrier_place.cu (gsync host module): the kernels behind gs_barrier_plan:
 * timing the pool's lines, and the timed trial of a planned barrier.  A
 * plain build: the trial's grid is co-resident by the caller's check, and
 * the barrier is correct on any lines, so nothing here can wait forever. */
#undef GSYNC_WATCHDOG /* a plain build: the trial arms no watchdog */
#include "gsync/barrier/counter.cuh"

#include "gsync/host.h"
#include "lib/barrier_place.h"

/* One probe: the fastest of 16 round trips to *w, in SM cycles. */
static __device__ __forceinline__ unsigned int round_trip(unsigned int *w, unsigned int *sink)
{
    unsigned int best = GS_PLACE_MISSING;
    for (int i = 0; i < 16; ++i) {
        const long long t0 = clock64();
        const unsigned int v = gs_atom_add_relaxed(w, 1u, GS_SCOPE_GPU);
        if (v == GS_PLACE_MISSING) /* a branch on the reply: the clock below waits for it */
            *sink = v;
        const long long t1 = clock64();
        best = min(best, (unsigned int)(t1 - t0));
    }
    return best;
}

/* Two blocks per SM; a block runs probe p if it is the first to land on
 * that probe's SM (claim[p]), so a probe whose SM got no block leaves
 * GS_PLACE_MISSING.  Relaxed atomics on the pool only. */
static __global__ void probe_kernel(unsigned int *pool, unsigned int sms, unsigned int *claim, unsigned int *rt)
{
    if (threadIdx.x != 0u)
        return;
    const unsigned int me = gs_smid();
    for (unsigned int p = 0; p < GS_PLACE_PROBES; ++p)
        if (me == p * sms / GS_PLACE_PROBES && atomicCAS(claim + p, 0u, 1u) == 0u)
            for (unsigned int l = 0; l < GS_BARRIER_POOL_LINES; ++l)
                rt[p * GS_BARRIER_POOL_LINES + l] = round_trip(pool + 32u * l, claim + GS_PLACE_PROBES);
}

static __global__ void trial_kernel(gs_barrier_t b, unsigned int episodes)
{
    for (unsigned int e = 0; e < episodes; ++e)
        gs_barrier_sync(&b);
}

extern "C" const void *gs_place_trial_kernel(void)
{
    return (const void *)trial_kernel;
}

extern "C" cudaError_t gs_place_measure(unsigned int *pool, unsigned int *rt, cudaStream_t stream)
{
    const size_t rt_bytes = sizeof(unsigned int) * GS_PLACE_PROBES * GS_BARRIER_POOL_LINES;
    unsigned int *d_rt = NULL, *claim = NULL;
    int dev = 0, sms = 0;
    cudaError_t e;
    if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)) != cudaSuccess ||
        (e = cudaMalloc((void **)&d_rt, rt_bytes)) != cudaSuccess)
        return e;
    if ((e = cudaMalloc((void **)&claim, sizeof(unsigned int) * (GS_PLACE_PROBES + 1u))) == cudaSuccess &&
        (e = cudaMemsetAsync(d_rt, 0xff, rt_bytes, stream)) == cudaSuccess &&
        (e = cudaMemsetAsync(claim, 0, sizeof(unsigned int) * (GS_PLACE_PROBES + 1u), stream)) == cudaSuccess) {
        probe_kernel<<<2u * (unsigned int)sms, 32, 0, stream>>>(pool, (unsigned int)sms, claim, d_rt);
        if ((e = cudaGetLastError()) == cudaSuccess &&
            (e = cudaMemsetAsync(pool, 0, 128u * GS_BARRIER_POOL_LINES, stream)) == cudaSuccess &&
            (e = cudaMemcpyAsync(rt, d_rt, rt_bytes, cudaMemcpyDeviceToHost, stream)) == cudaSuccess)
            e = cudaStreamSynchronize(stream);
    }
    cudaFree(claim);
    cudaFree(d_rt);
    return e;
}

extern "C" cudaError_t gs_place_trial(const gs_barrier_t *b, unsigned int blocks, unsigned int threads,
                                      cudaStream_t stream, float *best_ms)
{
    cudaEvent_t e0, e1;
    gs_barrier_t copy = *b;
    unsigned int episodes = GS_PLACE_TRIAL_EPISODES;
    void *args[] = {&copy, &episodes};
    cudaError_t e = cudaEventCreate(&e0);
    if (e != cudaSuccess)
        return e;
    if ((e = cudaEventCreate(&e1)) == cudaSuccess) {
        *best_ms = 1e30f;
        for (int r = 0; r < 2 && e == cudaSuccess; ++r) {
            float ms = 0.0f;
            if ((e = cudaMemsetAsync(b->words, 0, gs_barrier_bytes(blocks), stream)) == cudaSuccess &&
                (e = cudaEventRecord(e0, stream)) == cudaSuccess &&
                (e = cudaLaunchCooperativeKernel((const void *)trial_kernel, blocks, threads, args, 0, stream)) ==
                    cudaSuccess &&
                (e = cudaEventRecord(e1, stream)) == cudaSuccess && (e = cudaEventSynchronize(e1)) == cudaSuccess &&
                (e = cudaEventElapsedTime(&ms, e0, e1)) == cudaSuccess && ms < *best_ms)
                *best_ms = ms;
        }
        cudaEventDestroy(e1);
    }
    cudaEventDestroy(e0);
    return e;
}
