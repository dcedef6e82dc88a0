/* gsync/barrier/sense_reversing.cuh: two-level sense-reversing barrier with
 * a dynamically elected leader.  BASELINE: the 2020 thesis's SRB (Listings
 * 3.1 and 3.2), fences as in the thesis.
 *
 * Algorithm: block b belongs to group b % groups (HeteroSync's grouping by
 *            SM).  A block adds 1 to its group's counter; the last to arrive
 *            (the one that reads count - 1) becomes the group's leader,
 *            resets the counter and adds 1 to the global counter; the last
 *            leader resets that and flips the global sense.  Other leaders
 *            spin on the global sense with linear backoff (Listing 3.2; the
 *            thesis does not give its DoBackoff, we use HeteroSync's), then
 *            flip their group's sense; the group's other blocks spin on it.
 *            The sense a barrier waits for is (epoch + 1) & 1, so one barrier
 *            per episode suffices, where HeteroSync's tree needs two.
 * Ordering:  fence.sc.gpu before each arrival and after each wait, as the
 *            thesis's __threadfence() calls; senses and counters relaxed.
 *            A leader's flip of its group's sense needs no fence of its own
 *            (the thesis has one): the fence that closed its wait, or
 *            preceded the global flip, already follows every read through
 *            which it acquired the other leaders (docs/barrier.md).
 * Footprint: 2 words per group + 2.  Co-residency: required.
 * Progress:  blocking.
 */
#ifndef GSYNC_BARRIER_SENSE_REVERSING_CUH
#define GSYNC_BARRIER_SENSE_REVERSING_CUH

#include "common.cuh"

typedef struct gs_barrier_sr {
    unsigned int *global; /* counter, sense: zeroed         */
    unsigned int *local;  /* counter, sense per group: zeroed */
    unsigned int groups;
} gs_barrier_sr_t;

static __device__ __forceinline__ int gs_barrier_sr_wait_sense(const unsigned int *sense, unsigned int want,
                                                               bool backoff, gs_wait_t *w)
{
    while (gs_ld_relaxed(sense, GS_SCOPE_GPU) != want)
        if (backoff ? gs_wait_linear(w) : gs_wait_spin(w)) /* the thesis's DoBackoff() */
            return 1;
    gs_fence_sc(GS_SCOPE_GPU);
    return 0;
}

static __device__ __forceinline__ bool gs_barrier_sr_sync(gs_barrier_sr_t b, unsigned int epoch)
{
    const unsigned int n = gs_barrier_blocks(), me = gs_barrier_block_id();
    const unsigned int groups = b.groups < n ? b.groups : n, g = me % groups;
    const unsigned int in_group = n / groups + (g < n % groups ? 1u : 0u);
    const unsigned int sense = (epoch + 1u) & 1u;
    unsigned int *local = b.local + 2u * g;
    gs_wait_t w = GS_WAIT_INIT;
    int abandon = 0;
    __syncthreads();
    if (gs_barrier_thread() == 0u) {
        gs_fence_sc(GS_SCOPE_GPU);
        if (gs_atom_add_relaxed(&local[0], 1u, GS_SCOPE_GPU) == in_group - 1u) { /* the group's leader */
            gs_st_relaxed(&local[0], 0u, GS_SCOPE_GPU);
            gs_fence_sc(GS_SCOPE_GPU);
            if (gs_atom_add_relaxed(&b.global[0], 1u, GS_SCOPE_GPU) == groups - 1u) {
                gs_st_relaxed(&b.global[0], 0u, GS_SCOPE_GPU);
                gs_fence_sc(GS_SCOPE_GPU);
                gs_st_relaxed(&b.global[1], sense, GS_SCOPE_GPU);
            } else {
                abandon = gs_barrier_sr_wait_sense(&b.global[1], sense, true, &w);
            }
            /* the fence above (the wait's, or the one before the global
             * flip) is this flip's release: it acquired every leader */
            gs_st_relaxed(&local[1], sense, GS_SCOPE_GPU);
        } else {
            abandon = gs_barrier_sr_wait_sense(&local[1], sense, false, &w);
        }
    }
    return gs_barrier_join(!abandon);
}

#endif
