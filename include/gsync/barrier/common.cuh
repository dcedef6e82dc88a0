/* gsync/barrier/common.cuh: what the device-wide barriers share.
 *
 * Every barrier here is block-collective: every thread of every block calls
 * it, and it needs every block of the grid resident at once (launch the
 * kernel cooperatively, or check occupancy first).  One thread per block runs
 * the protocol; the block joins before and after with __syncthreads(), whose
 * ordering the protocol's release and acquire extend to the whole block.
 * The caller keeps `epoch`, a per-block count of barriers passed, starting
 * at 0 for zeroed state; it is the same in every block.
 */
#ifndef GSYNC_BARRIER_COMMON_CUH
#define GSYNC_BARRIER_COMMON_CUH

#include "../wait.cuh"

/* Blocks in the grid (1-D grids: gridDim.x). */
static __device__ __forceinline__ unsigned int gs_barrier_blocks(void)
{
    return gridDim.x * gridDim.y * gridDim.z;
}

static __device__ __forceinline__ unsigned int gs_barrier_block_id(void)
{
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

/* Waits until *p, a counter that only grows (mod 2^32), reaches goal,
 * polling with ld.relaxed.gpu (no L1 invalidation per poll); the caller
 * makes the last read an acquire with a fence after it (fence.acquire.gpu,
 * or a fence.acq_rel.gpu it needs anyway).  Nonzero when the watchdog gave
 * up.
 * The polls come in unrolled bursts, the watchdog's check between bursts:
 * the compiler then emits one YIELD per burst instead of one per poll.  On
 * two H200s, with the same code otherwise, bursts made gsBarrier 2% faster
 * at 4 blocks/SM and 3-8% at 8 and 16, level at 32, and 2% slower at 1 and
 * 2 (bench/results/h200/tuning/poll-bursts.csv). */
static __device__ __forceinline__ int gs_barrier_poll_geq(const unsigned int *p, unsigned int goal, gs_wait_t *w)
{
    for (;;) {
#pragma unroll
        for (unsigned int k = 0; k < GS_WAIT_CHECK_EVERY; ++k)
            if ((int)(gs_ld_relaxed(p, GS_SCOPE_GPU) - goal) >= 0)
                return 0;
        if (gs_wait_check(w))
            return 1;
    }
}

/* The baselines' pause between polls: HeteroSync's linear busy wait, 5 more
 * cycles each poll, starting over after 16 polls; none when !backoff.
 * `pause` and `polls` start at 1 and 0.  Nonzero: the watchdog fired. */
static __device__ __forceinline__ int gs_barrier_linear_pause(gs_wait_t *w, bool backoff, unsigned int *pause,
                                                              unsigned int *polls)
{
    if (!backoff)
        return gs_wait_spin(w);
    *pause += 5u;
    if (++*polls > 15u)
        *polls = 0u, *pause = 1u;
    return gs_wait_cycles(w, *pause);
}

/* The closing join: every thread learns whether thread 0 completed.
 * Without the watchdog thread 0 always completes, and the join is one
 * __syncthreads().  With it, a block of one full warp (gsync-bench's 32
 * threads) gets thread 0's verdict by shuffle after the __syncthreads(),
 * any other block through a shared word that thread 0 writes before it.
 * On an H200, the shuffle made gsBarrier 2.4% and 2.7% faster bare at 1
 * and 2 blocks/SM than the shared word and moved the rest of the sweep by
 * -1.5% to +0.6%; a __syncwarp() in place of that __syncthreads() was
 * faster still at 1 and 2 (-4.2% with data) but up to 4.8% slower from 4
 * up (bench/results/h200/tuning/watchdog-join/shuffle-ab.csv).  Joining
 * only flat and spread grids' one-warp blocks by __syncwarp() before and
 * after gained 3-7% at 1-4 blocks/SM, but its kernels ran the 1000-word
 * benchmark episode 1.8-2.6x slower at 4-16 (tuning/warp-join/).  The word
 * beat __syncthreads_and() by ~70 ns (the reduction and its result read
 * sit on the critical path).  Thread 0 writes the word again only after
 * the next barrier's opening __syncthreads(), which every barrier here
 * begins with, so every thread has read it by then. */
static __device__ __forceinline__ bool gs_barrier_join(bool ok)
{
#ifdef GSYNC_WATCHDOG
    if (blockDim.x * blockDim.y * blockDim.z == 32u) {
        __syncthreads();
        return __shfl_sync(~0u, (int)ok, 0) != 0;
    }
    __shared__ int gs__barrier_abandoned;
    if (threadIdx.x == 0)
        gs__barrier_abandoned = !ok;
    __syncthreads();
    return !gs__barrier_abandoned;
#else
    (void)ok;
    __syncthreads();
    return true;
#endif
}

#endif
