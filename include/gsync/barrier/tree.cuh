/* gsync/barrier/tree.cuh: gsync's device-wide barrier (CLI name gsBarrier),
 * with a split-phase form.
 *
 * Algorithm: up to GS_BARRIER_FLAT_MAX blocks, flat: each block adds 1 to one
 *            counter with atom.acq_rel; the block whose add completes the
 *            episode (old value blocks * (epoch + 1) - 1) goes on without
 *            polling, the others poll the counter until it reaches
 *            blocks * (epoch + 1).  The counter is never reset.
 *            Spread (from GS_BARRIER_SPREAD_MIN to GS_BARRIER_SPREAD_MAX
 *            blocks, once gs_barrier_tree_place has run): k counters (2,
 *            or 4 from GS_BARRIER_SPREAD_FOUR blocks) on lines measured to
 *            lie in different L2 slices; block b adds 1 with atom.acq_rel
 *            to counter b % k and, once the reply is back, lanes 0..k-1
 *            each poll one counter and the warp sums them until the sum
 *            reaches blocks * (epoch + 1).  Blocks of fewer than k threads
 *            keep the unplaced form.
 *            Above that, gathered: a block adds 1 with red.release (no
 *            reply awaited) to its group's counter, GS_BARRIER_GROUP blocks
 *            per counter; block 0's first warp polls the counters, a lane
 *            per counter, then writes the episode into release flags,
 *            GS_BARRIER_FLAG_GROUP blocks per flag, each in a line of its
 *            own; every other block polls only its flag.
 * Why:       measured on an H200 (tools/barrier_designs.cu,
 *            bench/results/h200/tuning/barrier-designs-*.csv): every release
 *            costs a MEMBAR.ALL.GPU (134 ns with nothing in flight, more
 *            under load), and the atomics on one line are served one after
 *            another by its L2 slice, ~2 ns each.  Flat pays one release per
 *            episode on the critical path and is fastest while one slice
 *            keeps up (to about 2 blocks per SM); an arrival that waits for
 *            its atom's reply polls later, which unloads the line.  Spread
 *            keeps the one release and splits the arrivals over k slices;
 *            every waiter reads k lines instead of one, which costs less
 *            than the queue it removes up to about 8 blocks per SM
 *            (tuning/spread-lines.csv), but only if the lines really are
 *            in different slices: neighbouring lines often are not, hence
 *            the measured placement (place.h).  Above that, arrivals spread
 *            over counters that only one lane polls, and the release is one
 *            fence plus stores to flags that only their group polls: two
 *            releases on the critical path but no hot line.  A tree of
 *            dynamic leaders (three releases) and a gatherer that reads
 *            per-block slots both measured slower.
 * Ordering:  flat: arrival is atom.acq_rel.gpu; waiters poll with
 *            ld.relaxed.gpu until they read a value of the counter's chain
 *            of adds past every arrival of the episode, then issue
 *            fence.acquire.gpu: that read and fence form an acquire pattern
 *            that synchronizes with each arrival.  On sm_90 the fence is
 *            only an L1 invalidation, so polls skip the invalidation that
 *            ld.acquire does on every read, and no round trip follows the
 *            sighting.
 *            Spread: arrival is atom.acq_rel.gpu (its reply is awaited, as
 *            flat's is: with red.release the polls started at once and
 *            queued at the lines ahead of the arrivals, 1.32 against 0.89 us
 *            at 4 blocks/SM, tuning/spread-library/); each polling lane reads its
 *            counter with ld.relaxed.gpu and ends with fence.acquire.gpu,
 *            then the warp joins (__syncwarp).  Counters only grow, and no
 *            block arrives at epoch + 1 before every block arrived at epoch,
 *            so a sum of reads (taken at different times) that reaches
 *            blocks * (epoch + 1) proves that each read is past every
 *            arrival on its counter: each lane's read and fence acquire
 *            them.
 *            Gathered: arrival is red.release.gpu; the gatherer's lanes poll
 *            with ld.relaxed.gpu and each ends with fence.acquire.gpu; the
 *            warp joins (__syncwarp) and each lane issues fence.acq_rel.gpu,
 *            so each relaxed flag store after it is a release that carries
 *            every arrival the warp acquired; waiters poll their flag as
 *            flat waiters poll the counter.  No fence.sc.
 * Footprint: gs_barrier_tree_bytes: 128 bytes flat; 128 * (1 + pool) in the
 *            spread range (the pool the placement measures, 16 KiB);
 *            128 * (1 + groups + flags) gathered.
 * Placement: gs_barrier_tree_place (host, once, on the zeroed state, before
 *            the kernel) measures the pool and fills the handle's lines; it
 *            leaves the state zeroed.  A handle without it (spread 0, e.g.
 *            {words}) runs flat up to GS_BARRIER_FLAT_MAX blocks and
 *            gathered above, as before.
 * Co-residency: required (launch cooperatively).  Progress: blocking; an
 *            arrival never waits on another block.  In split phase the
 *            gathered form completes once every block has arrived and
 *            block 0 has entered its wait.
 * Caller:    every thread of the block calls gs_barrier_tree_sync; the split
 *            form is called by the block's first warp (threads 0..31, or
 *            all of a smaller block), 1-D blocks.
 */
#ifndef GSYNC_BARRIER_TREE_CUH
#define GSYNC_BARRIER_TREE_CUH

#include "common.cuh"
#include "place.cuh"

#ifndef GS_BARRIER_FLAT_MAX
#define GS_BARRIER_FLAT_MAX 768u /* H200: flat wins to 528 blocks, gathered from 1056 */
#endif
#ifndef GS_BARRIER_GROUP
#define GS_BARRIER_GROUP 128u /* blocks per arrival counter */
#endif
#ifndef GS_BARRIER_FLAG_GROUP
#define GS_BARRIER_FLAG_GROUP 64u /* blocks per release flag */
#endif
#ifndef GS_BARRIER_SPREAD_MIN
#define GS_BARRIER_SPREAD_MIN 400u /* H200: flat as fast to 264 blocks, spread faster at 528 */
#endif
#ifndef GS_BARRIER_SPREAD_MAX
#define GS_BARRIER_SPREAD_MAX 1100u /* H200: spread faster at 1056 blocks, gathered at 2112 */
#endif
#ifndef GS_BARRIER_SPREAD_FOUR
#define GS_BARRIER_SPREAD_FOUR 800u /* H200: 2 counters best at 528 blocks, 4 at 1056 */
#endif
#define GS_BARRIER_SPREAD_LINES 4u /* spread counters at most: the four slots of the handle */
#ifndef GS_BARRIER_SPREAD_BURST
#define GS_BARRIER_SPREAD_BURST 4u /* polls per turn of the spread wait (divides GS_WAIT_CHECK_EVERY) */
#endif
#define GS_BARRIER_LINE 32u /* words per 128-byte line */

typedef struct gs_barrier_tree {
    unsigned int *words; /* zeroed: the flat counter, then arrival counters, then flags (or the
                            spread pool), a line each */
    unsigned int spread; /* spread counters, 2 or 4; 0: none placed (gs_barrier_tree_place sets it) */
    unsigned int lines;  /* their lines, counted from words, in four slots of a byte each: block b
                            arrives on slot b & 3's; with 2 counters, slots 2 and 3 repeat 0 and 1 */
} gs_barrier_tree_t;

/* Spread counters this grid would use: 2 or 4, a power of two so that a
 * block finds its slot with a mask (0: flat or gathered). */
static __host__ __device__ __forceinline__ unsigned int gs_barrier_tree_spread_for(unsigned int blocks)
{
    if (blocks < GS_BARRIER_SPREAD_MIN || blocks > GS_BARRIER_SPREAD_MAX)
        return 0u;
    return blocks < GS_BARRIER_SPREAD_FOUR ? 2u : 4u;
}

/* Arrival counters and release flags of the gathered form (0 when flat). */
static __host__ __device__ __forceinline__ unsigned int gs_barrier_tree_groups(unsigned int blocks)
{
    return blocks <= GS_BARRIER_FLAT_MAX ? 0u : (blocks + GS_BARRIER_GROUP - 1u) / GS_BARRIER_GROUP;
}
static __host__ __device__ __forceinline__ unsigned int gs_barrier_tree_flags(unsigned int blocks)
{
    return blocks <= GS_BARRIER_FLAT_MAX ? 0u : (blocks + GS_BARRIER_FLAG_GROUP - 1u) / GS_BARRIER_FLAG_GROUP;
}
static __host__ __device__ __forceinline__ unsigned long long gs_barrier_tree_bytes(unsigned int blocks)
{
    const unsigned long long lines = 1ull + gs_barrier_tree_groups(blocks) + gs_barrier_tree_flags(blocks);
    const unsigned long long placed = 1ull + GS_PLACE_POOL_LINES;
    return 128ull * (gs_barrier_tree_spread_for(blocks) && placed > lines ? placed : lines);
}

/* Host, before the kernel, on the zeroed state of a grid of `blocks`:
 * measures the pool and fills b->spread and b->lines (see Placement above).
 * Leaves b->spread 0, which keeps the flat or gathered form, when the grid
 * is outside the spread range or fewer than two slices were told apart. */
static inline cudaError_t gs_barrier_tree_place(gs_barrier_tree_t *b, unsigned int blocks, cudaStream_t stream)
{
    unsigned int rt[GS_PLACE_PROBES * GS_PLACE_POOL_LINES], got[GS_BARRIER_SPREAD_LINES];
    const unsigned int k = gs_barrier_tree_spread_for(blocks);
    b->spread = 0u;
    if (k < 2u)
        return cudaSuccess;
    const cudaError_t e = gs_place_measure(b->words + GS_BARRIER_LINE, rt, stream);
    if (e != cudaSuccess)
        return e;
    unsigned int n = gs_place_pick(rt, GS_PLACE_PROBES, GS_PLACE_POOL_LINES, k, GS_PLACE_TOLERANCE, got);
    n = n >= 4u ? 4u : n >= 2u ? 2u : 0u; /* a power of two, or none */
    b->lines = 0u;
    for (unsigned int i = 0; n && i < GS_BARRIER_SPREAD_LINES; ++i) /* pool lines are 1..128: a byte each */
        b->lines |= (1u + got[i % n]) << (8u * i);
    b->spread = n;
    return cudaSuccess;
}

/* Slot i's counter (i < 4).  The lines are packed in one word: an array in
 * the handle, indexed at run time, went to local memory. */
static __device__ __forceinline__ unsigned int *gs__barrier_tree_spread_line(gs_barrier_tree_t b, unsigned int i)
{
    return b.words + GS_BARRIER_LINE * ((b.lines >> (8u * i)) & 0xffu);
}

/* The spread form runs when placed and the block has a lane per counter
 * (the same in every block, so arrive and wait agree grid-wide). */
static __device__ __forceinline__ bool gs__barrier_tree_spreads(gs_barrier_tree_t b)
{
    return b.spread != 0u && blockDim.x >= b.spread;
}

static __device__ __forceinline__ unsigned int *gs__barrier_tree_counter(gs_barrier_tree_t b, unsigned int g)
{
    return b.words + GS_BARRIER_LINE * (1u + g);
}
static __device__ __forceinline__ unsigned int *gs__barrier_tree_flag(gs_barrier_tree_t b, unsigned int groups,
                                                                     unsigned int f)
{
    return b.words + GS_BARRIER_LINE * (1u + groups + f);
}

/* Split phase, the block's first warp, after the block joined
 * (__syncthreads) behind the writes it publishes: announce the arrival.
 * Returns the token for gs_barrier_tree_wait. */
static __device__ __forceinline__ unsigned int gs_barrier_tree_arrive(gs_barrier_tree_t b, unsigned int epoch)
{
    const unsigned int n = gs_barrier_blocks(), goal = epoch + 1u;
    if (threadIdx.x != 0u)
        return 0u;
    if (gs__barrier_tree_spreads(b)) { /* the reply is awaited: polls start after it, off the lines' queues */
        (void)gs_atom_add_acq_rel(gs__barrier_tree_spread_line(b, gs_barrier_block_id() & 3u), 1u, GS_SCOPE_GPU);
        return 0u;
    }
    if (n <= GS_BARRIER_FLAT_MAX) /* nonzero: this arrival completed the episode */
        return gs_atom_add_acq_rel(b.words, 1u, GS_SCOPE_GPU) == goal * n - 1u;
    gs_red_add_release(gs__barrier_tree_counter(b, gs_barrier_block_id() / GS_BARRIER_GROUP), 1u, GS_SCOPE_GPU);
    return 0u;
}

/* The spread wait: lane i < b.spread polls counter i; the warp adds the
 * reads until they reach `total`.  Polls come GS_BARRIER_SPREAD_BURST to a
 * turn (one YIELD per turn, as the design tool's loop, which the compiler
 * unrolls so; a YIELD per poll was slower), the watchdog's check every
 * GS_WAIT_CHECK_EVERY polls. */
static __device__ __forceinline__ int gs__barrier_tree_wait_spread(gs_barrier_tree_t b, unsigned int total,
                                                                   unsigned int lane, unsigned int mask,
                                                                   gs_wait_t *w)
{
    const bool polls = lane < b.spread;
    const unsigned int *mine = gs__barrier_tree_spread_line(b, polls ? lane : 0u);
    for (unsigned int turn = 1u;; ++turn) {
        bool seen = false;
#pragma unroll
        for (unsigned int i = 0; i < GS_BARRIER_SPREAD_BURST && !seen; ++i) {
            const unsigned int v = polls ? gs_ld_relaxed(mine, GS_SCOPE_GPU) : 0u;
            seen = (int)(__reduce_add_sync(mask, v) - total) >= 0;
        }
        if (seen)
            break;
        if (turn % (GS_WAIT_CHECK_EVERY / GS_BARRIER_SPREAD_BURST) == 0u && __any_sync(mask, gs_wait_check(w)))
            return lane == 0u;
    }
    gs_fence_acquire(GS_SCOPE_GPU); /* this lane's last read becomes an acquire */
    __syncwarp(mask);
    return 0;
}

/* Split phase, the block's first warp: wait until every block has arrived
 * at this epoch.  Nonzero in thread 0 when the watchdog gave up. */
static __device__ __forceinline__ int gs_barrier_tree_wait(gs_barrier_tree_t b, unsigned int epoch,
                                                          unsigned int token)
{
    const unsigned int n = gs_barrier_blocks(), me = gs_barrier_block_id(), goal = epoch + 1u;
    const unsigned int lane = threadIdx.x, lanes = blockDim.x < 32u ? blockDim.x : 32u;
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int mask = lanes == 32u ? ~0u : (1u << lanes) - 1u;
    if (gs__barrier_tree_spreads(b))
        return gs__barrier_tree_wait_spread(b, goal * n, lane, mask, &w);
    const unsigned int groups = gs_barrier_tree_groups(n), flags = gs_barrier_tree_flags(n);
    const bool flat = n <= GS_BARRIER_FLAT_MAX;
    if (flat || me != 0u) { /* poll the flat counter, or this block's flag */
        if (lane != 0u || token)
            return 0;
        const unsigned int *p = flat ? b.words : gs__barrier_tree_flag(b, groups, me / GS_BARRIER_FLAG_GROUP);
        if (gs_barrier_poll_geq(p, flat ? goal * n : goal, &w))
            return 1;
        gs_fence_acquire(GS_SCOPE_GPU); /* the last poll becomes an acquire */
        return 0;
    }
    /* block 0 gathers: a lane per counter */
    int abandon = 0;
    for (unsigned int g = lane; g < groups && !abandon; g += lanes) {
        const unsigned int members = g + 1u < groups ? GS_BARRIER_GROUP : n - g * GS_BARRIER_GROUP;
        abandon = gs_barrier_poll_geq(gs__barrier_tree_counter(b, g), goal * members, &w);
    }
    gs_fence_acquire(GS_SCOPE_GPU); /* this lane's last reads become acquires */
    __syncwarp(mask);                /* every lane's acquires, before any lane's release */
    if (__any_sync(mask, abandon))
        return lane == 0u;
    gs_fence_acq_rel(GS_SCOPE_GPU); /* makes each flag store below a release */
    for (unsigned int f = lane; f < flags; f += lanes)
        gs_st_relaxed(gs__barrier_tree_flag(b, groups, f), goal, GS_SCOPE_GPU);
    return 0;
}

/* Block-collective barrier. */
static __device__ __forceinline__ bool gs_barrier_tree_sync(gs_barrier_tree_t b, unsigned int epoch)
{
    int abandon = 0;
    __syncthreads();
    if (threadIdx.x < 32u)
        abandon = gs_barrier_tree_wait(b, epoch, gs_barrier_tree_arrive(b, epoch));
    return gs_barrier_join(!abandon);
}

#endif
