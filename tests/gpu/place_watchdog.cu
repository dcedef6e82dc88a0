/* gs_barrier_spread_place in a watchdog build: its trials run under a
 * watchdog of their own, and afterwards the kernels of the caller's
 * translation unit must find the caller's watchdog again, not the trials'
 * freed one. */
#define GSYNC_WATCHDOG
#include <gsync/barrier/spread.cuh>

#include <stdio.h>

/* 0: kept; 1: lost (why says how); 77: the placement stopped before its
 * timed trials on this GPU (it says so through `timed`), so it never
 * touched the watchdog and there was nothing to check. */
extern "C" int gs_test_place_keeps_watchdog(char *why, size_t n)
{
    const unsigned int blocks = (GS_BARRIER_SPREAD_MIN + GS_BARRIER_SPREAD_MAX) / 2u;
    unsigned int *state = NULL;
    gs_watchdog_t *mine = NULL, *after = NULL;
    int spreads = 0, timed = 0, verdict = 1;
    cudaError_t e;
    gs_barrier_spread_t s = {NULL, 1u, 0u};
    if ((e = cudaMalloc((void **)&mine, sizeof *mine)) != cudaSuccess ||
        (e = cudaMalloc((void **)&state, gs_barrier_spread_bytes())) != cudaSuccess ||
        (e = cudaMemset(state, 0, gs_barrier_spread_bytes())) != cudaSuccess) {
        snprintf(why, n, "setup: %s", cudaGetErrorString(e));
    } else {
        s.words = state;
        gs_watchdog_arm_kernel<<<1, 1>>>(mine, 10000000000ull);
        if ((e = cudaGetLastError()) != cudaSuccess ||
            (e = gs_barrier_spread_place(&s, blocks, 32u, 0, &spreads, &timed)) != cudaSuccess ||
            (e = cudaMemcpyFromSymbol(&after, gs_watchdog_ptr, sizeof after)) != cudaSuccess)
            snprintf(why, n, "placement: %s", cudaGetErrorString(e));
        else if (after != mine)
            snprintf(why, n, "watchdog pointer %p after placement, %p armed before", (void *)after, (void *)mine);
        else if (!timed)
            verdict = 77, snprintf(why, n, "the placement ran no trial here");
        else
            verdict = 0;
    }
    cudaFree(state);
    cudaFree(mine);
    return verdict;
}
