/* gs_barrier_spread_place in a watchdog build: its trials run under a
 * watchdog of their own, and afterwards the kernels of the caller's
 * translation unit must find the caller's watchdog again, not the trials'
 * freed one. */
#define GSYNC_WATCHDOG
#include <gsync/barrier/spread.cuh>

#include <stdio.h>

/* 0: kept; 1: lost (why says how); 77: the placement ran no trial on this
 * GPU (fewer than two slices told apart, or the grid cannot be resident),
 * so there was nothing to check. */
extern "C" int gs_test_place_keeps_watchdog(char *why, size_t n)
{
    const unsigned int blocks = (GS_BARRIER_SPREAD_MIN + GS_BARRIER_SPREAD_MAX) / 2u;
    unsigned int rt[GS_PLACE_PROBES * GS_PLACE_POOL_LINES], got[4], *state = NULL;
    gs_watchdog_t *mine = NULL, *after = NULL;
    int dev = 0, sms = 0, per_sm = 0, spreads = 0, verdict = 1;
    cudaError_t e;
    if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)) != cudaSuccess ||
        (e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, gs__barrier_spread_trial, 32, 0)) !=
            cudaSuccess ||
        (e = cudaMalloc((void **)&mine, sizeof *mine)) != cudaSuccess ||
        (e = cudaMalloc((void **)&state, gs_barrier_spread_bytes())) != cudaSuccess ||
        (e = cudaMemset(state, 0, gs_barrier_spread_bytes())) != cudaSuccess) {
        snprintf(why, n, "setup: %s", cudaGetErrorString(e));
    } else if ((unsigned long long)per_sm * (unsigned int)sms < blocks ||
               (e = gs_place_measure(state, rt, 0)) != cudaSuccess ||
               gs_place_pick(rt, GS_PLACE_PROBES, GS_PLACE_POOL_LINES, 4u, GS_PLACE_TOLERANCE, got) < 2u) {
        verdict = e == cudaSuccess ? 77 : 1;
        snprintf(why, n, "%s", e == cudaSuccess ? "no trial would run here" : cudaGetErrorString(e));
    } else {
        gs_barrier_spread_t s = {state, 1u, 0u};
        gs_watchdog_arm_kernel<<<1, 1>>>(mine, 10000000000ull);
        if ((e = cudaGetLastError()) != cudaSuccess ||
            (e = gs_barrier_spread_place(&s, blocks, 32u, 0, &spreads)) != cudaSuccess ||
            (e = cudaMemcpyFromSymbol(&after, gs_watchdog_ptr, sizeof after)) != cudaSuccess)
            snprintf(why, n, "placement: %s", cudaGetErrorString(e));
        else if (after != mine)
            snprintf(why, n, "watchdog pointer %p after placement, %p armed before", (void *)after, (void *)mine);
        else
            verdict = 0;
    }
    cudaFree(state);
    cudaFree(mine);
    return verdict;
}
