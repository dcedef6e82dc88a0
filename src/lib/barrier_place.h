/* barrier_place.h (gsync host module, internal): placing the spread form's
 * counters on lines of different L2 slices.
 *
 * The atomics on one 128-byte line are served one after another by the L2
 * slice that holds it, and neighbouring lines often share a slice, so which
 * lines to use is measured, not computed: a few SMs ("probes") each time an
 * atomic round trip to every line of the pool (barrier_place.cu).  A line's
 * round trips from the probes are its signature; lines whose signatures
 * differ by more than `tol` cycles at some probe lie in different slices.
 * The picker takes lines fastest first, skipping any within `tol` of a taken
 * line at every probe (two slices equally far from every probe look alike:
 * the error is on the safe side).
 */
#ifndef GSYNC_BARRIER_PLACE_H
#define GSYNC_BARRIER_PLACE_H

#include <cuda_runtime_api.h>

#include "gsync/barrier/counter.h"

#define GS_PLACE_PROBES 8u       /* SMs that time the pool */
#define GS_PLACE_TOLERANCE 10u   /* cycles: round-trip noise is about 3 */
#define GS_PLACE_MISSING 0xffffffffu
#define GS_PLACE_TRIAL_EPISODES 256u

#ifdef __cplusplus
extern "C" {
#endif

/* rt[p * stride + l]: probe p's round trip to line l in cycles, or
 * GS_PLACE_MISSING for every line of a probe that did not run; only the
 * first GS_BARRIER_POOL_LINES lines are considered.  Writes up to k line
 * indices to out, fastest first; returns how many it found. */
unsigned int gs_place_pick(const unsigned int *rt, unsigned int probes, unsigned int stride, unsigned int k,
                           unsigned int tol, unsigned int *out);

/* barrier_place.cu: times the pool's lines (rt: GS_PLACE_PROBES *
 * GS_BARRIER_POOL_LINES on the host) and zeroes the pool again. */
cudaError_t gs_place_measure(unsigned int *pool, unsigned int *rt, cudaStream_t stream);
/* The best of two timed trials of barrier b (GS_PLACE_TRIAL_EPISODES
 * episodes each, on zeroed state, launched cooperatively), in ms. */
cudaError_t gs_place_trial(const gs_barrier_t *b, unsigned int blocks, unsigned int threads, cudaStream_t stream,
                           float *best_ms);
/* The trial kernel, for occupancy. */
const void *gs_place_trial_kernel(void);

#ifdef __cplusplus
}
#endif
#endif
