/* gs_barrier_spread_place judges co-residency, and runs its timed trial, in
 * the block shape the caller gives: a grid of 1024-thread blocks that cannot
 * be resident gets no trial and no spread form, though the same number of
 * 32-thread blocks gets a trial. */
#define GSYNC_WATCHDOG /* the trial's waits are bounded */
#include <gsync/barrier/spread.cuh>

#include <stdio.h>

/* 0: as said; 1: not (why says how); 77: this GPU cannot tell (1024-thread
 * blocks of that grid fit, or the 32-thread placement stopped before its
 * trial). */
extern "C" int gs_test_place_shape(char *why, size_t n)
{
    const unsigned int blocks = (GS_BARRIER_SPREAD_MIN + GS_BARRIER_SPREAD_MAX) / 2u, big = 1024u;
    unsigned int *state = NULL;
    int dev = 0, sms = 0, per_sm = 0, spreads = 0, timed = 0, verdict = 1;
    cudaError_t e;
    gs_barrier_spread_t s = {NULL, 1u, 0u};
    if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)) != cudaSuccess ||
        (e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, gs__barrier_spread_trial, (int)big, 0)) !=
            cudaSuccess ||
        (e = cudaMalloc((void **)&state, gs_barrier_spread_bytes())) != cudaSuccess ||
        (e = cudaMemset(state, 0, gs_barrier_spread_bytes())) != cudaSuccess) {
        snprintf(why, n, "setup: %s", cudaGetErrorString(e));
    } else if ((unsigned long long)per_sm * (unsigned int)sms >= blocks) {
        verdict = 77, snprintf(why, n, "%u blocks of %u threads fit on this GPU", blocks, big);
    } else {
        s.words = state;
        e = gs_barrier_spread_place(&s, blocks, 32u, 0, &spreads, &timed);
        if (e == cudaSuccess && timed) {
            s.k = 1u, s.lines = 0u;
            e = gs_barrier_spread_place(&s, blocks, big, 0, &spreads, &timed);
            if (e == cudaSuccess && (timed || spreads || s.k != 1u))
                snprintf(why, n, "%u blocks of %u threads (%d resident at most): timed %d, spreads %d, k %u",
                         blocks, big, per_sm * sms, timed, spreads, s.k);
            else if (e == cudaSuccess)
                verdict = 0, snprintf(why, n, "%u blocks: timed with 32 threads, refused with %u", blocks, big);
        } else if (e == cudaSuccess) {
            verdict = 77, snprintf(why, n, "the 32-thread placement ran no trial here");
        }
        if (e != cudaSuccess)
            snprintf(why, n, "placement: %s", cudaGetErrorString(e));
    }
    cudaFree(state);
    return verdict;
}
