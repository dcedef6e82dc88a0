/* gsync/barrier/common.cuh: what the device-wide barriers share: the block's
 * place in the grid, the relaxed poll that ends in an acquire, and the
 * closing join that tells every thread whether its block got through.
 *
 * Every barrier here is block-collective (every thread of every block calls
 * it) and needs every block of the grid resident at once (launch the kernel
 * cooperatively, or check occupancy first).  One thread per block runs the
 * protocol; the block joins before and after with __syncthreads(), whose
 * ordering the protocol's release and acquire extend to the whole block.
 * Blocks and grids may have any shape: threads and blocks are numbered
 * linearly, x fastest (the order in which warps are formed).
 */
#ifndef GSYNC_BARRIER_COMMON_CUH
#define GSYNC_BARRIER_COMMON_CUH

#include "../wait.cuh"

/* This thread's linear index in its block (0 runs the protocol; 0..31 are
 * the first warp) and the block's thread count. */
static __device__ __forceinline__ unsigned int gs_barrier_thread(void)
{
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

static __device__ __forceinline__ unsigned int gs_barrier_threads(void)
{
    return blockDim.x * blockDim.y * blockDim.z;
}

static __device__ __forceinline__ unsigned int gs_barrier_blocks(void)
{
    return gridDim.x * gridDim.y * gridDim.z;
}

static __device__ __forceinline__ unsigned int gs_barrier_block_id(void)
{
    return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

/* Waits until *p, a counter that only grows (mod 2^32), reaches goal,
 * polling with ld.relaxed.gpu (no L1 invalidation per poll) in unrolled
 * bursts with the watchdog's check between bursts.  The caller makes the
 * last read an acquire with a fence after it.  Nonzero: the watchdog fired. */
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

/* The closing join: every thread learns whether thread 0 completed.  Without
 * the watchdog thread 0 always completes and the join is one
 * __syncthreads().  With it, a one-warp block gets thread 0's verdict by
 * shuffle after the __syncthreads(), any other block through a shared word
 * that thread 0 writes before it; thread 0 writes the word again only after
 * the next barrier's opening __syncthreads(), so every thread has read it. */
static __device__ __forceinline__ bool gs_barrier_join(bool ok)
{
#ifdef GSYNC_WATCHDOG
    if (gs_barrier_threads() == 32u) {
        __syncthreads();
        return __shfl_sync(~0u, (int)ok, 0) != 0;
    }
    __shared__ int gs__barrier_abandoned;
    if (gs_barrier_thread() == 0u)
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
