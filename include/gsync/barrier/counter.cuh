/* gsync/barrier/counter.cuh: gsync's device-wide barrier (gsBarrier).
 *
 * Algorithm: arrivals count up counters that are never reset; the episode's
 *            goal grows by the block count.  The form is a field of the
 *            handle, chosen once on the host (gs_barrier_plan):
 *            flat: one counter, atom.acq_rel arrivals; the arrival that
 *              completes the episode goes on, the others poll the counter.
 *            spread: the same on 2 or 4 counters in different L2 slices;
 *              lanes 0..k-1 of the first warp each poll one, the warp sums.
 *            gathered: red.release arrivals on a counter per 128 blocks;
 *              block 0's first warp polls them, a lane each, then writes the
 *              episode into a flag per 64 blocks, which the others poll.
 *            wide: gathered with 32 counters (block b on b % 32) and 32 flags
 *              (a block polls flag smid % 32: an SM's blocks share a line).
 * Ordering:  arrivals release (atom.acq_rel / red.release, gpu scope);
 *            waiters poll with ld.relaxed.gpu and end with fence.acquire.gpu,
 *            so the last read acquires every arrival it observed; block 0's
 *            gatherer acquires, joins its warp, then fence.release.gpu makes
 *            each relaxed flag store a cumulative release.  No fence.sc.
 * Progress:  blocking; arrivals never wait.  Split phase: gathered and
 *            wide complete once block 0 enters its wait.
 * Requires:  every block resident (launch cooperatively); blocks and grids
 *            of any shape (spread: >= 4 threads a block); a handle per thread;
 *            the state zeroed before each launch (gs_barrier_reset, or
 *            gs_barrier_launch, which refuses a second launch without it).
 *            Every build traps, with one printed line, on state left from
 *            an earlier launch; watchdog builds also on a shared handle
 *            (docs/barrier.md, "Rules").
 * Memory:    gs_barrier_bytes(blocks) of zeroed state; a 32-byte handle.
 */
#ifndef GSYNC_BARRIER_COUNTER_CUH
#define GSYNC_BARRIER_COUNTER_CUH

#include "common.cuh"
#include "counter.h"
#include <stdio.h> /* printf: the misuse message */

static __device__ __forceinline__ unsigned int *gs__barrier_line(const gs_barrier_t *b, unsigned int line)
{
    return b->words + GS_BARRIER_LINE * line;
}
/* spread: slot i's counter (i < 4); gathered and wide: counter g, flag f */
static __device__ __forceinline__ unsigned int *gs__barrier_slot(const gs_barrier_t *b, unsigned int i)
{
    return gs__barrier_line(b, (b->lines >> (8u * i)) & 0xffu);
}
static __device__ __forceinline__ unsigned int *gs__barrier_counter(const gs_barrier_t *b, unsigned int g)
{
    return gs__barrier_line(b, 1u + g);
}
static __device__ __forceinline__ unsigned int *gs__barrier_flag(const gs_barrier_t *b, unsigned int n,
                                                                unsigned int f)
{
    return gs__barrier_line(b, 1u + gs_barrier_groups(n, b->form) + f);
}

/* Misuse: one line, then the launch fails (__trap).  Out of line and
 * noreturn, so that the caller keeps its registers. */
static __device__ __noinline__ __attribute__((noreturn)) void gs__barrier_misuse(unsigned int stale, unsigned int old,
                                                                                unsigned int epoch)
{
    const bool first = gs__misuse_first();
    if (!first)
        ;
    else if (stale == 1u)
        printf("gsync: misuse of gs_barrier_t (block %u): state left from an earlier launch (count %u at epoch %u); "
               "zero it between launches (gs_barrier_reset)\n", gs_barrier_block_id(), old, epoch);
    else if (stale == 3u)
        printf("gsync: misuse of gs_barrier_t (block %u): state left from an earlier launch (a spread counter past "
               "this episode's arrivals at epoch %u); zero it between launches (gs_barrier_reset)\n",
               gs_barrier_block_id(), epoch);
    else if (stale == 2u)
        printf("gsync: misuse of gs_barrier_t (block %u): blocks of %u threads; the spread form was planned for "
               "blocks of at least %u (gs_barrier_plan's threads)\n", gs_barrier_block_id(), old, epoch);
    else
        printf("gsync: misuse of gs_barrier_t (block %u): the handle is in shared or global memory; give each "
               "thread its own copy\n", gs_barrier_block_id());
    gs__misuse_trap(first);
}

/* Thread 0's arrival.  Returns nonzero when this arrival completed a flat
 * episode (the block need not poll).  In every build it traps, in the flat
 * and spread forms, on a count that this episode cannot have replaced: an
 * episode's arrivals on a counter of c blocks find epoch * c .. epoch * c +
 * c - 1 (mod 2^32) (the gathered and wide forms: block 0's gather checks
 * the flags); in a watchdog build also when the handle is not the thread's
 * own (in shared or global memory every thread's epoch++ races).  That the
 * grid is the plan's is checked on the host (gs_barrier_launch). */
#define GS__BARRIER_STALE 2u /* a spread arrival's token: the state is stale */
static __device__ __forceinline__ unsigned int gs__barrier_arrive(const gs_barrier_t *b)
{
    const unsigned int n = gs_barrier_blocks(), me = gs_barrier_block_id(), goal = b->epoch + 1u;
    unsigned int old;
#ifdef GSYNC_WATCHDOG
    if (__isShared(b) || __isGlobal(b))
        gs__barrier_misuse(0u, 0u, 0u);
#endif
    switch (b->form) {
    case GS_BARRIER_FLAT:
        old = gs_atom_add_acq_rel(b->words, 1u, GS_SCOPE_GPU);
        break;
    case GS_BARRIER_SPREAD: /* the reply is awaited: polls then do not queue ahead of arrivals */
        old = gs_atom_add_acq_rel(gs__barrier_slot(b, me & 3u), 1u, GS_SCOPE_GPU);
        break;
    case GS_BARRIER_GATHERED:
        gs_red_add_release(gs__barrier_counter(b, me / GS_BARRIER_GROUP), 1u, GS_SCOPE_GPU);
        return 0u;
    default:
        gs_red_add_release(gs__barrier_counter(b, me % GS_BARRIER_LANES), 1u, GS_SCOPE_GPU);
        return 0u;
    }
    { /* blocks on this counter: all (flat), those equal to me mod k (spread) */
        const unsigned int c = b->form == GS_BARRIER_FLAT ? n : (n + b->k - 1u - (me & (b->k - 1u))) >> (b->k >> 1);
        if (old - b->epoch * c >= c) {
            if (b->form == GS_BARRIER_FLAT)
                gs__barrier_misuse(1u, old, b->epoch);
            return GS__BARRIER_STALE; /* spread: its wait traps once the warp is done with warp-wide reductions */
        }
    }
    return b->form == GS_BARRIER_FLAT && old == goal * n - 1u;
}

/* spread: the first warp's lanes 0..k-1 poll a counter each until their sum
 * reaches the goal.  Counters only grow and no block arrives at epoch + 1
 * before all arrived at epoch, so a sum of reads that reaches the goal
 * proves each read is past every arrival on its counter. */
static __device__ __forceinline__ int gs__barrier_wait_spread(const gs_barrier_t *b, unsigned int token, gs_wait_t *w)
{
    const unsigned int total = (b->epoch + 1u) * gs_barrier_blocks(), lane = gs_barrier_thread();
    const unsigned int threads = gs_barrier_threads(), mask = threads < 32u ? (1u << threads) - 1u : ~0u;
    const bool polls = lane < b->k;
    const unsigned int *mine = gs__barrier_slot(b, polls ? lane : 0u);
    if (threads < b->k) /* planned for larger blocks: cannot wait */
        gs__barrier_misuse(2u, threads, b->k);
    for (unsigned int turn = 1u;; ++turn) {
        bool seen = false;
#pragma unroll
        for (unsigned int i = 0; i < 4u && !seen; ++i) {
            const unsigned int v = polls ? gs_ld_relaxed(mine, GS_SCOPE_GPU) : 0u;
            seen = (int)(__reduce_add_sync(mask, v) - total) >= 0;
        }
        if (seen)
            break;
        if (turn % (GS_WAIT_CHECK_EVERY / 4u) == 0u && __any_sync(mask, gs_wait_check(w)))
            return lane == 0u;
    }
    gs_fence_acquire(GS_SCOPE_GPU); /* this lane's last read becomes an acquire */
    __syncwarp(mask);
    if (token == GS__BARRIER_STALE) /* lane 0, the warp past its last reduction: the others wait in the join */
        gs__barrier_misuse(3u, 0u, b->epoch);
    return 0;
}

/* gathered and wide, block 0: a lane per counter, then the flags. */
static __device__ __forceinline__ int gs__barrier_gather(const gs_barrier_t *b, gs_wait_t *w)
{
    const unsigned int n = gs_barrier_blocks(), goal = b->epoch + 1u, lane = gs_barrier_thread();
    const unsigned int threads = gs_barrier_threads(), lanes = threads < 32u ? threads : 32u;
    const unsigned int mask = lanes == 32u ? ~0u : (1u << lanes) - 1u;
    const bool wide = b->form == GS_BARRIER_WIDE;
    const unsigned int groups = gs_barrier_groups(n, b->form), flags = gs_barrier_flags(n, b->form);
    int abandon = 0;
    /* flag 0 holds the last episode block 0 released: anything else is state left from an earlier launch */
    const unsigned int last = lane == 0u ? gs_ld_relaxed(gs__barrier_flag(b, n, 0u), GS_SCOPE_GPU) : b->epoch;
    for (unsigned int g = lane; g < groups && !abandon; g += lanes) {
        const unsigned int members = wide ? (n - 1u - g) / GS_BARRIER_LANES + 1u
                                          : (g + 1u < groups ? GS_BARRIER_GROUP : n - g * GS_BARRIER_GROUP);
        abandon = gs_barrier_poll_geq(gs__barrier_counter(b, g), goal * members, w);
    }
    gs_fence_acquire(GS_SCOPE_GPU); /* this lane's last reads become acquires */
    __syncwarp(mask);               /* every lane's acquires before any lane's release */
    if (__any_sync(mask, abandon))
        return lane == 0u;
    if (last != b->epoch)
        gs__barrier_misuse(1u, last, b->epoch);
    gs_fence_release(GS_SCOPE_GPU); /* makes each flag store below a release */
    for (unsigned int f = lane; f < flags; f += lanes)
        gs_st_relaxed(gs__barrier_flag(b, n, f), goal, GS_SCOPE_GPU);
    return 0;
}

/* The first warp's wait.  Nonzero in thread 0 when the watchdog gave up. */
static __device__ __forceinline__ int gs__barrier_wait(const gs_barrier_t *b, unsigned int token)
{
    const unsigned int n = gs_barrier_blocks(), me = gs_barrier_block_id(), goal = b->epoch + 1u;
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int *p;
    if (b->form == GS_BARRIER_SPREAD)
        return gs__barrier_wait_spread(b, token, &w);
    if (b->form != GS_BARRIER_FLAT && me == 0u)
        return gs__barrier_gather(b, &w);
    if (gs_barrier_thread() != 0u || token)
        return 0;
    if (b->form == GS_BARRIER_FLAT)
        p = b->words;
    else if (b->form == GS_BARRIER_GATHERED)
        p = gs__barrier_flag(b, n, me / GS_BARRIER_FLAG_GROUP);
    else /* any flag is correct (all are written); the SM's own is fastest */
        p = gs__barrier_flag(b, n, n < GS_BARRIER_LANES ? me : gs_smid() % GS_BARRIER_LANES);
    if (gs_barrier_poll_geq(p, b->form == GS_BARRIER_FLAT ? goal * n : goal, &w))
        return 1;
    gs_fence_acquire(GS_SCOPE_GPU); /* the last poll becomes an acquire */
    return 0;
}

/* Block-collective barrier: every thread of every block.  Returns true; false
 * only when a watchdog build's watchdog gave up the wait. */
static __device__ __forceinline__ bool gs_barrier_sync(gs_barrier_t *b)
{
    const unsigned int t = gs_barrier_thread(); /* 0..31: the first warp */
    int abandon = 0;
    __syncthreads();
    if (t < 32u)
        abandon = gs__barrier_wait(b, t == 0u ? gs__barrier_arrive(b) : 0u);
    b->epoch++;
    return gs_barrier_join(!abandon);
}

/* Split phase, block-collective: announce this block's arrival (its writes
 * before the call are published); returns the token for gs_barrier_wait.
 * Work between arrive and wait must not touch what the barrier guards. */
static __device__ __forceinline__ unsigned int gs_barrier_arrive(gs_barrier_t *b)
{
    __syncthreads();
    return gs_barrier_thread() == 0u ? gs__barrier_arrive(b) : 0u;
}

/* Split phase, block-collective: wait until every block has arrived. */
static __device__ __forceinline__ bool gs_barrier_wait(gs_barrier_t *b, unsigned int token)
{
    int abandon = 0;
    if (gs_barrier_thread() < 32u)
        abandon = gs__barrier_wait(b, token);
    b->epoch++;
    return gs_barrier_join(!abandon);
}

#endif
