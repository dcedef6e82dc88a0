/* launch.c: gsync-bench's one launch path (see launch.h). */
#include "core/launch.h"

#include "gsync/host.h"
#include "gsync/watchdog.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int gs_fault_injected(void)
{
    const char *f = getenv("GSYNC_FAULT");
    return f && !strcmp(f, "launch");
}

double gs_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

cudaError_t gs_wait_launch(cudaEvent_t done, double limit_s)
{
    const double end = gs_now_s() + limit_s;
    cudaError_t e;
    while ((e = cudaEventQuery(done)) == cudaErrorNotReady) {
        if (gs_now_s() > end) {
            fprintf(stderr, "gsync-bench: error: a kernel did not end within %.0f s of waiting, past its watchdog "
                            "deadline; giving up\n", limit_s);
            fflush(stdout);
            _exit(1); /* GS_EXIT_RUNTIME; exit() would wait on the stuck GPU in the runtime's teardown */
        }
        const struct timespec ts = {0, 200000};
        nanosleep(&ts, NULL);
    }
    return e;
}

static cudaError_t launch_episodes(const void *kernel, gs_bench_args *a, unsigned int count, cudaStream_t s)
{
    cudaError_t e = cudaSuccess;
    void *args[] = {a};
    for (unsigned int ep = 1; ep <= count && e == cudaSuccess; ++ep) {
        const dim3 grid = {a->blocks, 1, 1}, block = {a->threads, 1, 1};
        a->episode = ep;
        e = cudaLaunchKernel(kernel, grid, block, args, 0, s);
    }
    return e;
}

cudaError_t gs_relaunch(const void *kernel, gs_bench_args *a, unsigned int count, int graph, cudaStream_t stream,
                        cudaEvent_t t0, cudaEvent_t t1)
{
    cudaGraph_t g = NULL;
    cudaGraphExec_t x = NULL;
    cudaError_t e, e2;
    if (gs_fault_injected())
        return cudaErrorLaunchFailure;
    if (!graph) {
        if ((e = cudaEventRecord(t0, stream)) != cudaSuccess ||
            (e = launch_episodes(kernel, a, count, stream)) != cudaSuccess)
            return e;
        return cudaEventRecord(t1, stream);
    }
    if ((e = cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal)) != cudaSuccess)
        return e;
    e = launch_episodes(kernel, a, count, stream);
    e2 = cudaStreamEndCapture(stream, &g);
    if (e == cudaSuccess)
        e = e2;
    if (e == cudaSuccess)
        e = cudaGraphInstantiate(&x, g, 0);
    if (e == cudaSuccess && (e = cudaEventRecord(t0, stream)) == cudaSuccess &&
        (e = cudaGraphLaunch(x, stream)) == cudaSuccess)
        e = cudaEventRecord(t1, stream);
    if (e == cudaSuccess)
        e = cudaStreamSynchronize(stream); /* before the graph goes */
    if (x)
        cudaGraphExecDestroy(x);
    if (g)
        cudaGraphDestroy(g);
    return e;
}

cudaError_t gs_launch(const gs_kernels *k, enum gs_launch_kind kind, gs_bench_args *a, cudaEvent_t t0,
                      cudaEvent_t t1)
{
    const dim3 one = {1, 1, 1}, grid = {a->blocks, 1, 1}, block = {a->threads, 1, 1};
    void *args[] = {a};
    cudaStream_t s = 0;
    cudaError_t e;
    if (gs_fault_injected())
        return cudaErrorLaunchFailure;
    if (k->init && ((e = cudaLaunchKernel(k->init, one, one, args, 0, 0)) != cudaSuccess))
        return e;
    if (k->host)
        return k->host(a, t0, t1);
    switch (kind) {
    case GS_LAUNCH_RELAUNCH_STREAM:
    case GS_LAUNCH_RELAUNCH_GRAPH:
        /* a blocking stream: ordered after the resets and init on stream 0 */
        if (kind == GS_LAUNCH_RELAUNCH_GRAPH && (e = cudaStreamCreateWithFlags(&s, cudaStreamDefault)) != cudaSuccess)
            return e;
        e = gs_relaunch(k->kernel, a, a->iters + 1u, kind == GS_LAUNCH_RELAUNCH_GRAPH, s, t0, t1);
        if (s)
            cudaStreamDestroy(s);
        return e;
    default:
        break;
    }
    if ((e = cudaEventRecord(t0, 0)) != cudaSuccess)
        return e;
    if (kind == GS_LAUNCH_CLUSTERS && a->cluster > 1u)
        e = gs_launch_clusters(k->kernel, a->blocks, a->threads, a->cluster, args, 0, 0);
    else if (kind == GS_LAUNCH_COOPERATIVE)
        e = cudaLaunchCooperativeKernel(k->kernel, grid, block, args, 0, 0);
    else
        e = cudaLaunchKernel(k->kernel, grid, block, args, 0, 0);
    if (e != cudaSuccess)
        return e;
    return cudaEventRecord(t1, 0);
}

cudaError_t gs_watchdog_fired(const void *wd, int *fired)
{
    unsigned int abort = 0u;
    const cudaError_t e = cudaMemcpy(&abort, (const char *)wd + offsetof(gs_watchdog_t, abort), sizeof abort,
                                     cudaMemcpyDeviceToHost);
    if (e == cudaSuccess)
        *fired = abort != 0u;
    return e;
}
