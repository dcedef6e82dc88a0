/* gsync/barrier/place.cuh: measuring which lines of a barrier's pool lie in
 * different L2 slices (the picker and the reasons are in place.h).
 *
 * gs_place_measure(pool, rt, stream) times, from GS_PLACE_PROBES SMs spread
 * over the device, an atomic round trip to each of the pool's
 * GS_PLACE_POOL_LINES lines (the fastest of 16), into
 * rt[probe * GS_PLACE_POOL_LINES + line], then zeroes the pool again.  It
 * launches one ordinary kernel of two blocks per SM; a block runs a probe
 * only if it is the first to land on that probe's SM, so a probe whose SM
 * got no block leaves GS_PLACE_MISSING, which the picker ignores.  The
 * timing uses relaxed atomics on the pool only, so nothing else needs to be
 * ordered with it.  Synchronous: it returns after copying rt to the host.
 */
#ifndef GSYNC_BARRIER_PLACE_CUH
#define GSYNC_BARRIER_PLACE_CUH

#include "../ptx.cuh"
#include "place.h"

/* One probe: the fastest of 16 round trips to *w, in SM cycles. */
static __device__ __forceinline__ unsigned int gs__place_round_trip(unsigned int *w, unsigned int *sink)
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

/* claim[probe]: 0 until a block takes that probe. */
static __global__ void gs__place_probe(unsigned int *pool, unsigned int sms, unsigned int *claim, unsigned int *rt)
{
    if (threadIdx.x != 0u)
        return;
    const unsigned int me = gs_smid();
    for (unsigned int p = 0; p < GS_PLACE_PROBES; ++p)
        if (me == p * sms / GS_PLACE_PROBES && atomicCAS(claim + p, 0u, 1u) == 0u)
            for (unsigned int l = 0; l < GS_PLACE_POOL_LINES; ++l)
                rt[p * GS_PLACE_POOL_LINES + l] = gs__place_round_trip(pool + 32u * l, claim + GS_PLACE_PROBES);
}

/* pool: GS_PLACE_POOL_LINES zeroed 128-byte lines; rt: host array of
 * GS_PLACE_PROBES * GS_PLACE_POOL_LINES. */
static inline cudaError_t gs_place_measure(unsigned int *pool, unsigned int *rt, cudaStream_t stream)
{
    const size_t rt_bytes = sizeof(unsigned int) * GS_PLACE_PROBES * GS_PLACE_POOL_LINES;
    unsigned int *d_rt = NULL, *claim = NULL;
    int dev = 0, sms = 0;
    cudaError_t e;
    if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)) != cudaSuccess)
        return e;
    if ((e = cudaMalloc((void **)&d_rt, rt_bytes)) != cudaSuccess)
        return e;
    if ((e = cudaMalloc((void **)&claim, sizeof(unsigned int) * (GS_PLACE_PROBES + 1u))) == cudaSuccess &&
        (e = cudaMemsetAsync(d_rt, 0xff, rt_bytes, stream)) == cudaSuccess &&
        (e = cudaMemsetAsync(claim, 0, sizeof(unsigned int) * (GS_PLACE_PROBES + 1u), stream)) == cudaSuccess) {
        gs__place_probe<<<2u * (unsigned int)sms, 32, 0, stream>>>(pool, (unsigned int)sms, claim, d_rt);
        if ((e = cudaGetLastError()) == cudaSuccess &&
            (e = cudaMemsetAsync(pool, 0, 128u * GS_PLACE_POOL_LINES, stream)) == cudaSuccess &&
            (e = cudaMemcpyAsync(rt, d_rt, rt_bytes, cudaMemcpyDeviceToHost, stream)) == cudaSuccess)
            e = cudaStreamSynchronize(stream);
    }
    cudaFree(claim);
    cudaFree(d_rt);
    return e;
}

#endif
