/* barrier_peers.cu: the peers gsync's barrier is measured against in the
 * barrier microbenchmark: cooperative groups' grid.sync() and libcu++'s
 * cuda::barrier<thread_scope_device>.  C++ APIs, confined to this file. */
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <new>

#include "families/barrier_bench.cuh"

static __device__ __forceinline__ bool grid_sync()
{
    cooperative_groups::this_grid().sync();
    return true;
}
GS_BARRIER_BENCH(grid_sync, (void)0, (void)0, grid_sync())

typedef cuda::barrier<cuda::thread_scope_device> device_barrier;

/* One arrival per block, from thread 0; the block joins around it. */
static __device__ __forceinline__ bool libcu_sync(device_barrier *bar)
{
    __syncthreads();
    if (threadIdx.x == 0)
        bar->arrive_and_wait();
    __syncthreads();
    return true;
}
GS_BARRIER_BENCH(cuda_barrier, (void)0, new (a.state) device_barrier(a.blocks), libcu_sync((device_barrier *)a.state))
