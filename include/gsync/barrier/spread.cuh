/* gsync/barrier/spread.cuh: gsync's device-wide barrier for mid-size grids
 * (part of gsBarrier, with tree.cuh): a flat barrier whose arrivals are
 * spread over counters in different L2 slices.
 *
 * Algorithm: k counters (2 or 4) on lines that gs_barrier_spread_place
 *            measured to lie in different L2 slices.  Block b adds 1 with atom.acq_rel to the
 *            counter of slot b & 3 (four slots; with 2 counters, slots 2 and
 *            3 repeat 0 and 1) and, once the reply is back, lanes 0..k-1 of
 *            its first warp each poll one counter and the warp sums them
 *            (redux) until the sum reaches blocks * (epoch + 1).  Counters
 *            are never reset.
 * Why:       measured on an H200 (bench/results/h200/tuning/
 *            spread-lines.csv, spread-library/): the atomics on one line are
 *            served one after another by its L2 slice (~2 ns each), which
 *            is what slows a flat barrier from about 4 blocks per SM; k
 *            slices take the arrivals in parallel while the barrier keeps
 *            one release on its critical path.  Every waiter reads k lines
 *            instead of one, which costs less than the queue it removes up
 *            to about 8 blocks per SM.  The lines must be measured:
 *            neighbouring lines often share a slice, and then two counters
 *            are slower than one.  The arrival awaits its atom's reply, so
 *            that the block's polls do not queue at the lines ahead of other
 *            blocks' arrivals (with red.release, 1.32 against 0.89 us at 4
 *            blocks/SM).
 * Ordering:  arrival is atom.acq_rel.gpu; each polling lane reads its
 *            counter with ld.relaxed.gpu and ends with fence.acquire.gpu,
 *            then the warp joins (__syncwarp).  Counters only grow, and no
 *            block arrives at epoch + 1 before every block arrived at epoch,
 *            so a sum of reads (taken at different times) that reaches
 *            blocks * (epoch + 1) proves that each read is past every
 *            arrival on its counter: each lane's read and fence acquire
 *            them, and the join carries them to the block.  No fence.sc.
 * Placement: gs_barrier_spread_place (host, once, on the zeroed state,
 *            before the kernel) times an atomic to each line of the pool
 *            from 8 SMs and picks lines of different slices (place.h); then
 *            it times a trial of the grid's own shape (cooperative, blocks
 *            of the caller's thread count) with 2 and with 4 of those
 *            counters against tree.cuh's barrier, and keeps the fastest:
 *            one machine's picked lines made 4 counters slower than
 *            tree.cuh at 8 blocks/SM (tuning/spread-library/), so the lines
 *            alone are not enough.
 *            It leaves the state zeroed.  Where tree.cuh's barrier wins,
 *            outside GS_BARRIER_SPREAD_MIN..MAX blocks, for blocks of fewer
 *            than 4 threads, or when fewer than two slices were told apart,
 *            it sets k = 1 (the pool's first line, a plain flat barrier) and
 *            *spreads = 0: use tree.cuh there.
 * Why apart from tree.cuh: a kernel holding both forms behind a run-time
 *            test measured 1-8% slower on the flat and gathered paths
 *            (bench/results/h200/tuning/spread-library/ab-inline/, ab-noinline/), though it
 *            never ran the spread code; so the host picks the form and
 *            launches a kernel built with that one (gsync-bench's gsBarrier
 *            does).
 * Footprint: gs_barrier_spread_bytes(): 128 * GS_PLACE_POOL_LINES (16 KiB).
 * Co-residency: required (launch cooperatively).  Progress: blocking; an
 *            arrival never waits on another block.
 * Caller:    every thread of the block calls gs_barrier_spread_sync; the
 *            split form is called by the block's first warp, 1-D blocks of
 *            the thread count given to the placement.
 */
#ifndef GSYNC_BARRIER_SPREAD_CUH
#define GSYNC_BARRIER_SPREAD_CUH

#include "common.cuh"
#include "place.cuh"
#include "tree.cuh"

#ifndef GS_BARRIER_SPREAD_MIN
#define GS_BARRIER_SPREAD_MIN 400u /* H200: flat as fast to 264 blocks, spread faster at 528 */
#endif
#ifndef GS_BARRIER_SPREAD_MAX
#define GS_BARRIER_SPREAD_MAX 1100u /* H200: spread faster at 1056 blocks, gathered at 2112 */
#endif
#define GS_BARRIER_SPREAD_TRIAL 256u /* episodes per timed trial of the placement */
#ifndef GS_BARRIER_SPREAD_FORCE
#define GS_BARRIER_SPREAD_FORCE 0u /* test builds: take this many counters whatever the trials say */
#endif
#ifndef GS_BARRIER_SPREAD_BURST
#define GS_BARRIER_SPREAD_BURST 4u /* polls per turn of the wait (divides GS_WAIT_CHECK_EVERY) */
#endif

typedef struct gs_barrier_spread {
    unsigned int *words; /* zeroed, gs_barrier_spread_bytes() long */
    unsigned int k;      /* counters: 1, 2 or 4 (gs_barrier_spread_place sets it) */
    unsigned int lines;  /* their lines, counted from words, in four slots of a byte each */
} gs_barrier_spread_t;

static __host__ __device__ __forceinline__ unsigned long long gs_barrier_spread_bytes(void)
{
    return 128ull * GS_PLACE_POOL_LINES;
}

/* Whether the placement tries counters for a grid of `blocks` blocks of
 * `threads` threads (k is 2 or 4, a power of two so that a block finds its
 * slot with a mask, and a lane polls each). */
static __host__ __device__ __forceinline__ bool gs_barrier_spread_tries(unsigned int blocks, unsigned int threads)
{
    return blocks >= GS_BARRIER_SPREAD_MIN && blocks <= GS_BARRIER_SPREAD_MAX && threads >= 4u;
}

/* Slot i's counter (i < 4).  The lines are packed in one word: an array in
 * the handle, indexed at run time, went to local memory. */
static __device__ __forceinline__ unsigned int *gs__barrier_spread_line(gs_barrier_spread_t s, unsigned int i)
{
    return s.words + 32u * ((s.lines >> (8u * i)) & 0xffu);
}

/* Split phase, the block's first warp, after the block joined behind the
 * writes it publishes: the arrival.  The reply is awaited (see Why). */
static __device__ __forceinline__ void gs_barrier_spread_arrive(gs_barrier_spread_t s)
{
    if (threadIdx.x == 0u)
        (void)gs_atom_add_acq_rel(gs__barrier_spread_line(s, gs_barrier_block_id() & 3u), 1u, GS_SCOPE_GPU);
}

/* Split phase, the block's first warp: wait until every block has arrived
 * at this epoch.  Polls come GS_BARRIER_SPREAD_BURST to a turn (one YIELD
 * per turn), the watchdog's check every GS_WAIT_CHECK_EVERY polls.  Nonzero
 * in thread 0 when the watchdog gave up, or at once when the block has fewer
 * lanes than counters (the placement was told another block size). */
static __device__ __forceinline__ int gs_barrier_spread_wait(gs_barrier_spread_t s, unsigned int epoch)
{
    const unsigned int total = (epoch + 1u) * gs_barrier_blocks(), lane = threadIdx.x;
    const unsigned int mask = blockDim.x < 32u ? (1u << blockDim.x) - 1u : ~0u;
    if (blockDim.x < s.k)
        return lane == 0u;
    const bool polls = lane < s.k;
    const unsigned int *mine = gs__barrier_spread_line(s, polls ? lane : 0u);
    gs_wait_t w = GS_WAIT_INIT;
    for (unsigned int turn = 1u;; ++turn) {
        bool seen = false;
#pragma unroll
        for (unsigned int i = 0; i < GS_BARRIER_SPREAD_BURST && !seen; ++i) {
            const unsigned int v = polls ? gs_ld_relaxed(mine, GS_SCOPE_GPU) : 0u;
            seen = (int)(__reduce_add_sync(mask, v) - total) >= 0;
        }
        if (seen)
            break;
        if (turn % (GS_WAIT_CHECK_EVERY / GS_BARRIER_SPREAD_BURST) == 0u && __any_sync(mask, gs_wait_check(&w)))
            return lane == 0u;
    }
    gs_fence_acquire(GS_SCOPE_GPU); /* this lane's last read becomes an acquire */
    __syncwarp(mask);
    return 0;
}

/* Block-collective barrier. */
static __device__ __forceinline__ bool gs_barrier_spread_sync(gs_barrier_spread_t s, unsigned int epoch)
{
    int abandon = 0;
    __syncthreads();
    if (threadIdx.x < 32u) {
        gs_barrier_spread_arrive(s);
        abandon = gs_barrier_spread_wait(s, epoch);
    }
    return gs_barrier_join(!abandon);
}

/* The placement's trial: `episodes` barriers of one form (k > 1: spread,
 * else tree.cuh's), on a grid of the size being placed. */
static __global__ void gs__barrier_spread_trial(gs_barrier_spread_t s, gs_barrier_tree_t t, unsigned int episodes)
{
    for (unsigned int e = 0; e < episodes; ++e)
        if (!(s.k > 1u ? gs_barrier_spread_sync(s, e) : gs_barrier_tree_sync(t, e)))
            return;
}

/* The best of two timed trials of handle s (k 1: tree.cuh's barrier on t),
 * each on zeroed state, in ms. */
static inline cudaError_t gs__barrier_spread_time(gs_barrier_spread_t s, gs_barrier_tree_t t, unsigned int blocks,
                                                  unsigned int threads, cudaStream_t stream, float *best)
{
    cudaEvent_t e0, e1;
    unsigned int episodes = GS_BARRIER_SPREAD_TRIAL;
    void *args[] = {&s, &t, &episodes};
    cudaError_t e = cudaEventCreate(&e0);
    if (e != cudaSuccess)
        return e;
    if ((e = cudaEventCreate(&e1)) == cudaSuccess) {
        *best = 1e30f;
        for (int r = 0; r < 2 && e == cudaSuccess; ++r) {
            float ms = 0.0f;
            if ((e = cudaMemsetAsync(s.words, 0, gs_barrier_spread_bytes(), stream)) == cudaSuccess &&
                (e = cudaMemsetAsync(t.words, 0, gs_barrier_tree_bytes(blocks), stream)) == cudaSuccess &&
                (e = cudaEventRecord(e0, stream)) == cudaSuccess &&
                (e = cudaLaunchCooperativeKernel((void *)gs__barrier_spread_trial, blocks, threads, args, 0, stream)) ==
                    cudaSuccess &&
                (e = cudaEventRecord(e1, stream)) == cudaSuccess && (e = cudaEventSynchronize(e1)) == cudaSuccess &&
                (e = cudaEventElapsedTime(&ms, e0, e1)) == cudaSuccess && ms < *best)
                *best = ms;
        }
        cudaEventDestroy(e1);
    }
    cudaEventDestroy(e0);
    return e;
}

/* Host, before the kernel, on the zeroed state (s->words set): picks lines,
 * times the trials and fills s->k and s->lines (see Placement).  *spreads
 * is 1 when this grid should use the spread form rather than tree.cuh's.
 * *timed (unless NULL) is 1 when the placement got as far as the timed
 * trials, 0 when it stopped before them (see Placement for when).
 * Synchronous; it launches kernels on `stream`, cooperatively.  With
 * GSYNC_WATCHDOG the trials run under a watchdog of their own, and the one
 * this translation unit had armed is put back afterwards. */
static inline cudaError_t gs_barrier_spread_place(gs_barrier_spread_t *s, unsigned int blocks, unsigned int threads,
                                                  cudaStream_t stream, int *spreads, int *timed)
{
    unsigned int rt[GS_PLACE_PROBES * GS_PLACE_POOL_LINES], got[4];
    int dev = 0, sms = 0, per_sm = 0;
    s->k = 1u;
    s->lines = 0u;
    *spreads = 0;
    if (timed)
        *timed = 0;
    cudaError_t e;
    if (!gs_barrier_spread_tries(blocks, threads))
        return cudaSuccess;
    if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)) != cudaSuccess ||
        (e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, gs__barrier_spread_trial, (int)threads, 0)) !=
            cudaSuccess)
        return e;
    if ((unsigned long long)per_sm * (unsigned int)sms < blocks) /* the trial could not be co-resident */
        return cudaSuccess;
    if ((e = gs_place_measure(s->words, rt, stream)) != cudaSuccess)
        return e;
    const unsigned int n = gs_place_pick(rt, GS_PLACE_PROBES, GS_PLACE_POOL_LINES, 4u, GS_PLACE_TOLERANCE, got);
    if (n < 2u)
        return cudaSuccess;
    if (timed)
        *timed = 1;
    gs_barrier_tree_t t = {NULL};
#ifdef GSYNC_WATCHDOG /* the trials' waits consult a watchdog in this build: arm one, 1 s */
    gs_watchdog_t *wd = NULL, *callers = NULL; /* callers: the one armed before, put back after */
    if ((e = cudaMemcpyFromSymbol(&callers, gs_watchdog_ptr, sizeof callers)) != cudaSuccess ||
        (e = cudaMalloc((void **)&wd, sizeof *wd)) != cudaSuccess)
        return e;
    gs_watchdog_arm_kernel<<<1, 1, 0, stream>>>(wd, 1000000000ull);
    e = cudaGetLastError();
#else
    e = cudaSuccess;
#endif
    float best = 0.0f, ms = 0.0f;
    if (e == cudaSuccess && (e = cudaMalloc((void **)&t.words, gs_barrier_tree_bytes(blocks))) == cudaSuccess &&
        (e = gs__barrier_spread_time(*s, t, blocks, threads, stream, &best)) == cudaSuccess) {
        for (unsigned int k = 2u; k <= n && k <= 4u && e == cudaSuccess; k *= 2u) {
            gs_barrier_spread_t c = {s->words, k, 0u};
            for (unsigned int i = 0; i < 4u; ++i)
                c.lines |= got[i % k] << (8u * i);
            if ((e = gs__barrier_spread_time(c, t, blocks, threads, stream, &ms)) == cudaSuccess &&
                (ms < 0.97f * best || k == GS_BARRIER_SPREAD_FORCE)) {
                best = ms; /* a clear win (3%) over the best so far */
                *s = c;
            }
        }
    }
    if (e == cudaSuccess)
        e = cudaMemsetAsync(s->words, 0, gs_barrier_spread_bytes(), stream);
    if (e == cudaSuccess)
        e = cudaStreamSynchronize(stream);
    cudaFree(t.words);
#ifdef GSYNC_WATCHDOG
    { /* this unit's kernels must not keep pointing at the freed trial watchdog */
        const cudaError_t r = cudaMemcpyToSymbol(gs_watchdog_ptr, &callers, sizeof callers);
        if (e == cudaSuccess)
            e = r;
    }
    cudaFree(wd);
#endif
    *spreads = e == cudaSuccess && s->k > 1u;
    if (!*spreads) {
        s->k = 1u;
        s->lines = 0u;
    }
    return e;
}

#endif
