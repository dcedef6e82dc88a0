/* gsync/barrier/place.h: choosing counter lines in different L2 slices, from
 * measured atomic round trips (host code, C or C++).
 *
 * Why:  on an H200 the atomics on one 128-byte line are served one after
 *       another by the L2 slice that holds it (~2 ns each), and neighbouring
 *       lines often share a slice: two counters on lines 26 and 27 were no
 *       faster than one, while two counters on lines with different round
 *       trips from four SMs made a flat barrier 20% faster at 4 blocks/SM
 *       (bench/results/h200/tuning/spread-lines.csv).  Which slice holds a
 *       line depends on its physical address, so it is measured, not
 *       computed.
 * How:  a few SMs ("probes") each time an atomic round trip to every line of
 *       a pool (gsync/barrier/place.cuh).  A line's round trips from the
 *       probes are its signature: the distance from each probe to its slice.
 *       Lines of one slice share a signature; lines whose signatures differ
 *       by more than `tol` cycles at some probe are in different slices.
 *       The picker takes lines fastest first (sum over the probes), skipping
 *       any whose signature is within `tol` of a line already taken at every
 *       probe.  Two slices equally far from every probe look alike and are
 *       treated as one: the error is on the safe side.
 */
#ifndef GSYNC_BARRIER_PLACE_H
#define GSYNC_BARRIER_PLACE_H

#define GS_PLACE_POOL_LINES 128u /* candidate lines (16 KiB) */
#define GS_PLACE_PROBES 8u       /* SMs that time the pool */
#define GS_PLACE_TOLERANCE 10u   /* cycles: round-trip noise is ~3 */
#define GS_PLACE_MISSING 0xffffffffu

/* rt[p * stride + l]: probe p's round trip to line l in cycles, or
 * GS_PLACE_MISSING for every line of a probe that did not run; lines past
 * the first GS_PLACE_POOL_LINES are not considered.  Writes up to k line
 * indices to out, fastest first; returns how many it found. */
static inline unsigned int gs_place_pick(const unsigned int *rt, unsigned int probes, unsigned int stride,
                                         unsigned int k, unsigned int tol, unsigned int *out)
{
    unsigned int got = 0u, taken[GS_PLACE_POOL_LINES];
    unsigned long long cost[GS_PLACE_POOL_LINES];
    const unsigned int lines = stride < GS_PLACE_POOL_LINES ? stride : GS_PLACE_POOL_LINES; /* considered */
    for (unsigned int l = 0; l < lines; ++l) {
        cost[l] = 0ull;
        taken[l] = 0u;
        for (unsigned int p = 0; p < probes; ++p)
            if (rt[p * stride + l] != GS_PLACE_MISSING)
                cost[l] += rt[p * stride + l];
    }
    while (got < k) {
        unsigned int best = lines;
        for (unsigned int l = 0; l < lines; ++l) {
            int alike = taken[l] != 0u; /* taken, or alike a taken line */
            for (unsigned int j = 0; j < got && !alike; ++j) {
                int near_all = 1;
                for (unsigned int p = 0; p < probes && near_all; ++p) {
                    const unsigned int x = rt[p * stride + l], y = rt[p * stride + out[j]];
                    if (x != GS_PLACE_MISSING && y != GS_PLACE_MISSING)
                        near_all = (x > y ? x - y : y - x) <= tol;
                }
                alike = near_all;
            }
            if (!alike && (best == lines || cost[l] < cost[best]))
                best = l;
        }
        if (best == lines)
            break;
        taken[best] = 1u;
        out[got++] = best;
    }
    return got;
}

#endif
