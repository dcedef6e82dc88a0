/* gs_barrier_spread_place, in a watchdog build (its trials' waits are
 * bounded), on a grid in the middle of the spread range:
 *   - its trials run under a watchdog of their own, and afterwards the
 *     kernels of the caller's translation unit must find the caller's
 *     watchdog again, not the trials' freed one;
 *   - it judges co-residency, and runs its trial, in the caller's block
 *     shape: 1024-thread blocks that cannot all be resident get no trial and
 *     no spread form, though as many 32-thread blocks get a trial.
 * Each returns 0 (as said), 1 (not; why says how) or 77 (this GPU cannot
 * tell, why says why). */
#define GSYNC_WATCHDOG
#include <gsync/barrier/spread.cuh>

#include <stdio.h>

static const unsigned int place_blocks = (GS_BARRIER_SPREAD_MIN + GS_BARRIER_SPREAD_MAX) / 2u;

/* Zeroed placement state for s; false (why filled in) on an error. */
static bool place_state(gs_barrier_spread_t *s, char *why, size_t n)
{
    cudaError_t e;
    *s = (gs_barrier_spread_t){NULL, 1u, 0u};
    if ((e = cudaMalloc((void **)&s->words, gs_barrier_spread_bytes())) != cudaSuccess ||
        (e = cudaMemset(s->words, 0, gs_barrier_spread_bytes())) != cudaSuccess) {
        snprintf(why, n, "setup: %s", cudaGetErrorString(e));
        return false;
    }
    return true;
}

/* The watchdog check on zeroed state s. */
static int place_keeps_watchdog(gs_barrier_spread_t *s, char *why, size_t n)
{
    gs_watchdog_t *mine = NULL, *after = NULL;
    int spreads = 0, timed = 0, verdict = 1;
    cudaError_t e;
    if ((e = cudaMalloc((void **)&mine, sizeof *mine)) != cudaSuccess)
        return snprintf(why, n, "setup: %s", cudaGetErrorString(e)), 1;
    gs_watchdog_arm_kernel<<<1, 1>>>(mine, 10000000000ull);
    if ((e = cudaGetLastError()) != cudaSuccess ||
        (e = gs_barrier_spread_place(s, place_blocks, 32u, 0, &spreads, &timed)) != cudaSuccess ||
        (e = cudaMemcpyFromSymbol(&after, gs_watchdog_ptr, sizeof after)) != cudaSuccess)
        snprintf(why, n, "placement: %s", cudaGetErrorString(e));
    else if (after != mine)
        snprintf(why, n, "watchdog pointer %p after placement, %p armed before", (void *)after, (void *)mine);
    else if (!timed)
        verdict = 77, snprintf(why, n, "the placement ran no trial here");
    else
        verdict = 0, snprintf(why, n, "kept");
    cudaFree(mine);
    return verdict;
}

/* The shape check on zeroed state s. */
static int place_shape(gs_barrier_spread_t *s, char *why, size_t n)
{
    const unsigned int big = 1024u;
    int dev = 0, sms = 0, per_sm = 0, spreads = 0, timed = 0;
    cudaError_t e;
    if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)) != cudaSuccess ||
        (e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, gs__barrier_spread_trial, (int)big, 0)) !=
            cudaSuccess)
        return snprintf(why, n, "setup: %s", cudaGetErrorString(e)), 1;
    if ((unsigned long long)per_sm * (unsigned int)sms >= place_blocks)
        return snprintf(why, n, "%u blocks of %u threads fit on this GPU", place_blocks, big), 77;
    if ((e = gs_barrier_spread_place(s, place_blocks, 32u, 0, &spreads, &timed)) != cudaSuccess)
        return snprintf(why, n, "placement, 32 threads: %s", cudaGetErrorString(e)), 1;
    if (!timed)
        return snprintf(why, n, "the 32-thread placement ran no trial here"), 77;
    s->k = 1u, s->lines = 0u;
    if ((e = gs_barrier_spread_place(s, place_blocks, big, 0, &spreads, &timed)) != cudaSuccess)
        return snprintf(why, n, "placement, %u threads: %s", big, cudaGetErrorString(e)), 1;
    if (timed || spreads || s->k != 1u)
        return snprintf(why, n, "%u blocks of %u threads (%d resident at most): timed %d, spreads %d, k %u",
                        place_blocks, big, per_sm * sms, timed, spreads, s->k),
               1;
    return snprintf(why, n, "%u blocks: timed with 32 threads, refused with %u", place_blocks, big), 0;
}

/* The entry points: each check on fresh zeroed state. */
static int place_check(int (*check)(gs_barrier_spread_t *, char *, size_t), char *why, size_t n)
{
    gs_barrier_spread_t s;
    const int verdict = place_state(&s, why, n) ? check(&s, why, n) : 1;
    cudaFree(s.words);
    return verdict;
}
extern "C" int gs_test_place_keeps_watchdog(char *why, size_t n)
{
    return place_check(place_keeps_watchdog, why, n);
}
extern "C" int gs_test_place_shape(char *why, size_t n)
{
    return place_check(place_shape, why, n);
}
