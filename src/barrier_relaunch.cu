/* barrier_relaunch.cu: CPU implicit synchronization, the barrier Feng and
 * Xiao compare against: one kernel launch per episode, the kernel boundary
 * standing in for the barrier, launched from a stream or as one CUDA graph.
 * Same work and checks as barrier_bench.cuh, split at the barrier. */
#include "barrier_bench.cuh"

/* Launch e (1..iters+1): check the stamps of episode e - 1, then, up to
 * iters, do episode e's work and write its stamp. */
static __global__ void gs_relaunch_episode(gs_bench_args a, unsigned int e)
{
    const unsigned int n = gridDim.x, b = blockIdx.x;
    unsigned int *stamps = a.data + (size_t)n * a.ldst * blockDim.x;
    unsigned int stale = 0u;
    if (e > 1u && a.sync) {
        const unsigned int p = e - 1u;
        stale += stamps[(p & 1u) * n + (b + 1u + threadIdx.x + 32u * p) % n] != p;
    }
    if (e <= a.iters) {
        stale += gs_barrier_bench_work(&a, (b + e - 1u) % n, e - 1u, e);
        if (threadIdx.x == 0)
            stamps[(e & 1u) * n + b] = e;
    }
    if (stale && a.sync) {
        gs_atom_add_relaxed(&a.check[GS_CHECK_VIOLATIONS], stale, GS_SCOPE_GPU);
        atomicMax(&a.check[GS_CHECK_LAST_BAD], e - 1u);
    }
}

static cudaError_t launch_all(const gs_bench_args *a, cudaStream_t s)
{
    for (unsigned int e = 1; e <= a->iters + 1u; ++e) {
        gs_relaunch_episode<<<a->blocks, a->threads, 0, s>>>(*a, e);
        cudaError_t err = cudaGetLastError();
        if (err != cudaSuccess)
            return err;
    }
    return cudaSuccess;
}

extern "C" int gs_barrier_launch_relaunch_stream(const gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1)
{
    cudaError_t e;
    if ((e = cudaEventRecord(t0, 0)) != cudaSuccess || (e = launch_all(a, 0)) != cudaSuccess)
        return (int)e;
    return (int)cudaEventRecord(t1, 0);
}

/* The graph is built and instantiated before the first event, so only its
 * replay is timed. */
extern "C" int gs_barrier_launch_relaunch_graph(const gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1)
{
    cudaStream_t s;
    cudaGraph_t g = NULL;
    cudaGraphExec_t x = NULL;
    cudaError_t e, e2;
    if ((e = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)) != cudaSuccess)
        return (int)e;
    if ((e = cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal)) == cudaSuccess) {
        e = launch_all(a, s);
        e2 = cudaStreamEndCapture(s, &g);
        if (e == cudaSuccess)
            e = e2;
    }
    if (e == cudaSuccess)
        e = cudaGraphInstantiate(&x, g, 0);
    if (e == cudaSuccess && (e = cudaEventRecord(t0, s)) == cudaSuccess && (e = cudaGraphLaunch(x, s)) == cudaSuccess)
        e = cudaEventRecord(t1, s);
    if (e == cudaSuccess)
        e = cudaStreamSynchronize(s);
    if (x)
        cudaGraphExecDestroy(x);
    if (g)
        cudaGraphDestroy(g);
    cudaStreamDestroy(s);
    return (int)e;
}

extern "C" int gs_barrier_occupancy_relaunch(unsigned int threads, int *blocks_per_sm)
{
    return (int)cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, gs_relaunch_episode, (int)threads, 0);
}
