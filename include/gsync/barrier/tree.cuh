/* gsync/barrier/tree.cuh: gsync's device-wide barrier (CLI name gsBarrier),
 * with a split-phase form.
 *
 * Algorithm: up to GS_BARRIER_FLAT_MAX blocks, flat: each block adds 1 to one
 *            counter with atom.acq_rel; the block whose add completes the
 *            episode (old value blocks * (epoch + 1) - 1) goes on without
 *            polling, the others poll the counter until it reaches
 *            blocks * (epoch + 1).  The counter is never reset.
 *            Above that, gathered: a block adds 1 with red.release (no
 *            reply awaited) to its group's counter, GS_BARRIER_GROUP blocks
 *            per counter; block 0's first warp polls the counters, a lane
 *            per counter, then writes the episode into release flags,
 *            GS_BARRIER_FLAG_GROUP blocks per flag, each in a line of its
 *            own; every other block polls only its flag.
 *            The wide form (gs_barrier_tree_wide_*), for grids above
 *            GS_BARRIER_WIDE_MIN blocks (gs_barrier_tree_wide_pays), is the
 *            same barrier with 32 counters and 32 flags, one of each per
 *            lane of the gatherer: block b arrives at counter b % 32 and
 *            polls flag smid % 32, so that all the blocks of an SM poll
 *            one line.
 * Why:       measured on an H200 (tools/barrier_designs.cu,
 *            bench/results/h200/tuning/barrier-designs-*.csv): every release
 *            costs a MEMBAR.ALL.GPU (134 ns with nothing in flight, more
 *            under load), and a line that many blocks poll while arrivals
 *            update it serves one request every ~2 ns.  Flat pays one
 *            release per episode on the critical path and is fastest while
 *            the counter's line keeps up (to about 4 blocks per SM); an
 *            arrival that waits for its atom's reply polls later, which
 *            unloads the line.  Above that, arrivals spread over counters
 *            that only one lane polls, and the release is one fence plus
 *            stores to flags that only their group polls: two releases on
 *            the critical path but no hot line.  A tree of dynamic leaders
 *            (three releases) and a gatherer that reads per-block slots
 *            both measured slower.
 *            Wide: at 4224 blocks (32 per SM on 132 SMs) the gathered
 *            form has more counters than the gatherer has lanes, and one
 *            lane polls two in turn.  32 interleaved counters (a mask, no
 *            division) measured 15% and 11% faster there on two machines;
 *            counters of 256 blocks instead were 8% faster on two and 8%
 *            slower on a third.  Flags by SM made the wide form another
 *            6-8% faster bare at 3696 to 4224 blocks (28 to 32 per SM),
 *            and 0.2-1.4% with data.  From 1188 to 3432 blocks it was up
 *            to 3.4% faster bare but up to 1.5% slower with data than the
 *            gathered form, hence GS_BARRIER_WIDE_MIN.  A flag per 4
 *            neighbouring SMs instead of smid % 32 was up to 2% slower
 *            (bench/results/h200/tuning/wide-form/).  A block that
 *            migrates to another SM still polls a flag that is written, so
 *            %smid only moves the speed.  It has functions and
 *            a kernel of its own because a kernel choosing the group size
 *            at run time ran the flat form 2.6% slower (code layout, as in
 *            spread.cuh).
 * Ordering:  flat: arrival is atom.acq_rel.gpu; waiters poll with
 *            ld.relaxed.gpu until they read a value of the counter's chain
 *            of adds past every arrival of the episode, then issue
 *            fence.acquire.gpu: that read and fence form an acquire pattern
 *            that synchronizes with each arrival.  On sm_90 the fence is
 *            only an L1 invalidation, so polls skip the invalidation that
 *            ld.acquire does on every read, and no round trip follows the
 *            sighting.
 *            Gathered and wide: arrival is red.release.gpu; the gatherer's
 *            lanes poll with ld.relaxed.gpu and each ends with
 *            fence.acquire.gpu; the warp joins (__syncwarp) and each lane
 *            issues fence.release.gpu, so each relaxed flag store after it
 *            is a release that carries every arrival the warp acquired
 *            (release patterns are cumulative).  On sm_90 fence.acq_rel
 *            would add an L1 invalidation (CCTL.IVALL) between the MEMBAR
 *            and the stores, on the critical path; the lanes' acquires
 *            have already invalidated L1.  Waiters poll their flag as flat
 *            waiters poll the counter.  No fence.sc.
 * Footprint: 128 bytes flat; 128 * (1 + groups + flags) bytes gathered
 *            (gs_barrier_tree_bytes, enough for the wide form too).
 * Co-residency: required (launch cooperatively).  Progress: blocking; an
 *            arrival never waits on another block.  In split phase the
 *            gathered form completes once every block has arrived and
 *            block 0 has entered its wait.
 * Caller:    every thread of the block calls gs_barrier_tree_sync (every
 *            block of a grid the same form); the split form is called by the
 *            block's first warp (threads 0..31, or all of a smaller block),
 *            1-D blocks.
 */
#ifndef GSYNC_BARRIER_TREE_CUH
#define GSYNC_BARRIER_TREE_CUH

#include "common.cuh"

#ifndef GS_BARRIER_FLAT_MAX
#define GS_BARRIER_FLAT_MAX 768u /* H200: flat wins to 528 blocks, gathered from 1056 */
#endif
#ifndef GS_BARRIER_GROUP
#define GS_BARRIER_GROUP 128u /* blocks per arrival counter */
#endif
#ifndef GS_BARRIER_FLAG_GROUP
#define GS_BARRIER_FLAG_GROUP 64u /* blocks per release flag */
#endif
#ifndef GS_BARRIER_WIDE_MIN /* H200, with data: gathered faster at 3432 blocks, wide at 3696 */
#define GS_BARRIER_WIDE_MIN 3600u
#endif

#define GS_BARRIER_LINE 32u /* words per 128-byte line */

typedef struct gs_barrier_tree {
    unsigned int *words; /* zeroed: the flat counter, then arrival counters, then flags, a line each */
} gs_barrier_tree_t;

/* Arrival counters and release flags of the gathered form (0 when flat).
 * Narrow: GS_BARRIER_GROUP consecutive blocks a counter, GS_BARRIER_FLAG_GROUP
 * a flag.  Wide: GS_BARRIER_WIDE lanes' worth, block b on counter
 * b % GS_BARRIER_WIDE (a mask, so no division on the arrival path) and flag
 * smid % GS_BARRIER_WIDE (gs__barrier_tree_wait). */
#define GS_BARRIER_WIDE 32u
static __host__ __device__ __forceinline__ unsigned int gs_barrier_tree_groups(unsigned int blocks, bool wide)
{
    if (blocks <= GS_BARRIER_FLAT_MAX)
        return 0u;
    if (wide)
        return blocks < GS_BARRIER_WIDE ? blocks : GS_BARRIER_WIDE;
    return (blocks + GS_BARRIER_GROUP - 1u) / GS_BARRIER_GROUP;
}
static __host__ __device__ __forceinline__ unsigned int gs_barrier_tree_flags(unsigned int blocks, bool wide)
{
    if (blocks <= GS_BARRIER_FLAT_MAX)
        return 0u;
    return wide ? gs_barrier_tree_groups(blocks, true) : (blocks + GS_BARRIER_FLAG_GROUP - 1u) / GS_BARRIER_FLAG_GROUP;
}
/* Bytes of zeroed state, for either form. */
static __host__ __device__ __forceinline__ unsigned long long gs_barrier_tree_bytes(unsigned int blocks)
{
    const unsigned int narrow = gs_barrier_tree_groups(blocks, false) + gs_barrier_tree_flags(blocks, false),
                       wide = gs_barrier_tree_groups(blocks, true) + gs_barrier_tree_flags(blocks, true);
    return 128ull * (1ull + (narrow > wide ? narrow : wide));
}
/* Host: whether a grid of `blocks` blocks is faster with the wide form. */
static __host__ __device__ __forceinline__ bool gs_barrier_tree_wide_pays(unsigned int blocks)
{
    return blocks > GS_BARRIER_WIDE_MIN;
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

/* The arrival (see gs_barrier_tree_arrive); `wide` picks the form. */
static __device__ __forceinline__ unsigned int gs__barrier_tree_arrive(gs_barrier_tree_t b, unsigned int epoch,
                                                                      bool wide)
{
    const unsigned int n = gs_barrier_blocks(), me = gs_barrier_block_id(), goal = epoch + 1u;
    if (threadIdx.x != 0u)
        return 0u;
    if (n <= GS_BARRIER_FLAT_MAX) /* nonzero: this arrival completed the episode */
        return gs_atom_add_acq_rel(b.words, 1u, GS_SCOPE_GPU) == goal * n - 1u;
    const unsigned int g = wide ? me % GS_BARRIER_WIDE : me / GS_BARRIER_GROUP;
    gs_red_add_release(gs__barrier_tree_counter(b, g), 1u, GS_SCOPE_GPU);
    return 0u;
}

/* The wait (see gs_barrier_tree_wait); `wide` picks the form. */
static __device__ __forceinline__ int gs__barrier_tree_wait(gs_barrier_tree_t b, unsigned int epoch,
                                                           unsigned int token, bool wide)
{
    const unsigned int n = gs_barrier_blocks(), me = gs_barrier_block_id(), goal = epoch + 1u;
    const unsigned int lane = threadIdx.x, lanes = blockDim.x < 32u ? blockDim.x : 32u;
    gs_wait_t w = GS_WAIT_INIT;
    const unsigned int groups = gs_barrier_tree_groups(n, wide), flags = gs_barrier_tree_flags(n, wide);
    const bool flat = n <= GS_BARRIER_FLAT_MAX;
    if (flat || me != 0u) { /* poll the flat counter, or this block's flag */
        if (lane != 0u || token)
            return 0;
        /* any flag is correct (all are written); the SM's own is fastest */
        const unsigned int f = !wide                ? me / GS_BARRIER_FLAG_GROUP
                               : n < GS_BARRIER_WIDE ? me
                                                     : gs_smid() % GS_BARRIER_WIDE;
        const unsigned int *p = flat ? b.words : gs__barrier_tree_flag(b, groups, f);
        if (gs_barrier_poll_geq(p, flat ? goal * n : goal, &w))
            return 1;
        gs_fence_acquire(GS_SCOPE_GPU); /* the last poll becomes an acquire */
        return 0;
    }
    /* block 0 gathers: a lane per counter */
    const unsigned int mask = lanes == 32u ? ~0u : (1u << lanes) - 1u;
    int abandon = 0;
    for (unsigned int g = lane; g < groups && !abandon; g += lanes) {
        const unsigned int members = wide ? (n - 1u - g) / GS_BARRIER_WIDE + 1u
                                          : (g + 1u < groups ? GS_BARRIER_GROUP : n - g * GS_BARRIER_GROUP);
        abandon = gs_barrier_poll_geq(gs__barrier_tree_counter(b, g), goal * members, &w);
    }
    gs_fence_acquire(GS_SCOPE_GPU); /* this lane's last reads become acquires */
    __syncwarp(mask);                /* every lane's acquires, before any lane's release */
    if (__any_sync(mask, abandon))
        return lane == 0u;
    gs_fence_release(GS_SCOPE_GPU); /* makes each flag store below a release */
    for (unsigned int f = lane; f < flags; f += lanes)
        gs_st_relaxed(gs__barrier_tree_flag(b, groups, f), goal, GS_SCOPE_GPU);
    return 0;
}

/* Split phase, the block's first warp, after the block joined
 * (__syncthreads) behind the writes it publishes: announce the arrival.
 * Returns the token for gs_barrier_tree_wait. */
static __device__ __forceinline__ unsigned int gs_barrier_tree_arrive(gs_barrier_tree_t b, unsigned int epoch)
{
    return gs__barrier_tree_arrive(b, epoch, false);
}

/* Split phase, the block's first warp: wait until every block has arrived
 * at this epoch.  Nonzero in thread 0 when the watchdog gave up. */
static __device__ __forceinline__ int gs_barrier_tree_wait(gs_barrier_tree_t b, unsigned int epoch,
                                                          unsigned int token)
{
    return gs__barrier_tree_wait(b, epoch, token, false);
}

/* Block-collective barrier (the internal form: `wide` picks the form). */
static __device__ __forceinline__ bool gs__barrier_tree_sync(gs_barrier_tree_t b, unsigned int epoch, bool wide)
{
    int abandon = 0;
    __syncthreads();
    if (threadIdx.x < 32u)
        abandon = gs__barrier_tree_wait(b, epoch, gs__barrier_tree_arrive(b, epoch, wide), wide);
    return gs_barrier_join(!abandon);
}
static __device__ __forceinline__ bool gs_barrier_tree_sync(gs_barrier_tree_t b, unsigned int epoch)
{
    return gs__barrier_tree_sync(b, epoch, false);
}

/* The wide form: the same calls for kernels launched on grids where
 * gs_barrier_tree_wide_pays; every block of a grid uses one form. */
static __device__ __forceinline__ unsigned int gs_barrier_tree_wide_arrive(gs_barrier_tree_t b, unsigned int epoch)
{
    return gs__barrier_tree_arrive(b, epoch, true);
}
static __device__ __forceinline__ int gs_barrier_tree_wide_wait(gs_barrier_tree_t b, unsigned int epoch,
                                                               unsigned int token)
{
    return gs__barrier_tree_wait(b, epoch, token, true);
}
static __device__ __forceinline__ bool gs_barrier_tree_wide_sync(gs_barrier_tree_t b, unsigned int epoch)
{
    return gs__barrier_tree_sync(b, epoch, true);
}

#endif
