/* launch.h: the families' launch path: every timed launch of a family's
 * primitive goes through gs_launch, with CUDA events around the timed part
 * (docs/architecture.md, "Launches", states the rule for the others). */
#ifndef GSYNC_LAUNCH_H
#define GSYNC_LAUNCH_H

#include "core/bench_args.h"

#ifdef __cplusplus
extern "C" {
#endif

enum gs_launch_kind {
    GS_LAUNCH_PLAIN,           /* one ordinary launch                                */
    GS_LAUNCH_COOPERATIVE,     /* one cooperative launch: every block resident, or an error */
    GS_LAUNCH_CLUSTERS,        /* in clusters of a->cluster blocks (plain when 1)     */
    GS_LAUNCH_RELAUNCH_STREAM, /* iters + 1 launches from a stream, a->episode 1..   */
    GS_LAUNCH_RELAUNCH_GRAPH   /* the same launches captured once, replayed as a graph */
};

/* Runs k->init (when set) on one thread, records t0, launches k->kernel on
 * a->blocks x a->threads as `kind` says, records t1.  A graph is built and
 * instantiated before t0, so that only its replay is timed. */
cudaError_t gs_launch(const gs_kernels *k, enum gs_launch_kind kind, gs_bench_args *a, cudaEvent_t t0,
                      cudaEvent_t t1);
/* `count` launches of kernel(a), a->episode = 1..count, from `stream` or as
 * one CUDA graph replayed on it; t0 and t1 around them. */
cudaError_t gs_relaunch(const void *kernel, gs_bench_args *a, unsigned int count, int graph, cudaStream_t stream,
                        cudaEvent_t t0, cudaEvent_t t1);
/* Test hook: true when the environment variable GSYNC_FAULT is "launch".
 * gs_launch and gs_relaunch then fail with cudaErrorLaunchFailure after
 * their callers have allocated, so that tests can drive the error paths. */
int gs_fault_injected(void);
/* Seconds on the monotonic clock. */
double gs_now_s(void);
/* Waits for event `done` (recorded after a launch) like cudaEventSynchronize,
 * but when it has not happened limit_s seconds of wall clock later (a kernel
 * the watchdog failed to end) says so on stderr and ends the process at
 * once (exit status 1): a stuck GPU can be neither freed nor waited on. */
cudaError_t gs_wait_launch(cudaEvent_t done, double limit_s);
/* The wall-clock limit for a launch whose watchdog deadline is timeout_ns. */
#define GS_WAIT_LAUNCH_LIMIT_S(timeout_ns) ((double)(timeout_ns) * 1e-9 + 30.0)
/* Whether the watchdog record `wd` (device memory) fired. */
cudaError_t gs_watchdog_fired(const void *wd, int *fired);

#ifdef __cplusplus
}
#endif
#endif
