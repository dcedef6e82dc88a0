/* gsync/multi/cohort.cuh: cohort lock across the GPUs of a node: passed
 * among the blocks of one GPU before it crosses NVLink.  gsync's own design
 * after Dice, Marathe and Shavit's lock cohorting (C-TKT-TKT).
 *
 * Algorithm: a ticket lock per GPU (`local`, in that GPU's memory, .gpu
 *            scope) in front of the cross-GPU ticket lock (multi/ticket.cuh,
 *            on one PE).  The local holder takes the global lock unless the
 *            GPU owns it already.  Unlocking with local waiters (`next` past
 *            our ticket + 1) passes the local lock with the global one still
 *            owned, up to GS_MULTI_COHORT_MAX_RUN times in a row; otherwise it
 *            releases the global lock, then the local one.
 * Ordering:  local lock ld.acquire.gpu / st.release.gpu, global .sys; a
 *            pass inside a GPU carries every earlier holder's writes (the
 *            chain of releases is cumulative, causality transitive), and the
 *            global release.sys then covers the whole run.  `owned`, `run`
 *            and `ticket` are read and written only under the local lock.
 * Progress:  starvation-free: both locks FIFO, runs bounded.
 * Requires:  one thread a block; `local` reached only by its own GPU's blocks.
 *            Zeroed once, or before each launch on every GPU before any GPU
 *            starts (gs_multi_launch's zero list orders that); between
 *            launches with every holder gone it needs no reset.
 * Memory:    256 bytes on one PE, 384 bytes per GPU.
 */
#ifndef GSYNC_MULTI_COHORT_CUH
#define GSYNC_MULTI_COHORT_CUH

#include "ticket.cuh"

#ifndef GS_MULTI_COHORT_MAX_RUN
#define GS_MULTI_COHORT_MAX_RUN 64u
#endif

typedef struct gs_multi_cohort_local {
    gs_mutex_ticket_t lock;                 /* this GPU's blocks queue here */
    unsigned int owned, run, ticket;        /* the global lock: owned by this GPU, passes so far, its ticket */
    unsigned int pad[29];
} gs_multi_cohort_local_t;

/* One thread a block; keep *ticket (the local one).  False when the watchdog gave up. */
static __device__ __forceinline__ bool gs_multi_cohort_lock(gs_multi_ticket_t *global, gs_multi_cohort_local_t *local,
                                                            unsigned int *ticket)
{
    if (!gs_mutex_ticket_lock(&local->lock, ticket, GS_SCOPE_GPU))
        return false;
    if (local->owned)
        return true; /* passed with the global lock */
    if (!gs_multi_ticket_lock(global, &local->ticket))
        return false;
    local->owned = 1u, local->run = 0u;
    return true;
}

static __device__ __forceinline__ void gs_multi_cohort_unlock(gs_multi_ticket_t *global,
                                                              gs_multi_cohort_local_t *local, unsigned int ticket)
{
    const unsigned int next = gs_ld_relaxed(&local->lock.next, GS_SCOPE_GPU);
    if (next != ticket + 1u && local->run < GS_MULTI_COHORT_MAX_RUN) {
        ++local->run; /* a waiter on this GPU: it gets both */
    } else {
        local->owned = 0u;
        gs_multi_ticket_unlock(global, local->ticket);
    }
    gs_mutex_ticket_unlock(&local->lock, ticket, GS_SCOPE_GPU);
}

#endif
