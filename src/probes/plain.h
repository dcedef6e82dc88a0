/* plain.h: `gsync-bench plain` and `gsync-bench tune`: gsync's barrier called
 * exactly as a user's kernel calls it (gsync/host.h's plan, a cooperative
 * launch, gs_barrier_sync in a loop; a build without the watchdog), timed
 * side by side with grid.sync(), cuda::barrier and an unordered counter
 * barrier in interleaved rounds; and every form of it, to set the chooser's
 * thresholds. */
#ifndef GSYNC_PLAIN_H
#define GSYNC_PLAIN_H

#include "core/cli.h"
#include "core/gsync_bench.h"
#include "core/report.h"

#include "gsync/host.h"

#ifdef __cplusplus
extern "C" {
#endif

enum gs_plain_kind { GS_PLAIN_GS, GS_PLAIN_GRID, GS_PLAIN_LIBCU, GS_PLAIN_COUNTER, GS_PLAIN_KINDS };

typedef struct gs_plain_args {
    gs_barrier_t bar;      /* GS_PLAIN_GS: the plan                          */
    unsigned int *state;   /* the barrier's state (zeroed before each launch) */
    unsigned int *stamps;  /* NULL: the bare loop; else 2 * blocks words     */
    unsigned int *stale;   /* stale stamps seen, when stamps is set          */
    unsigned int iters;
} gs_plain_args;

/* plain_kernels.cu */
const void *gs_plain_kernel(enum gs_plain_kind kind);
/* Before a launch on `stream`: the state zeroed (and cuda::barrier built). */
cudaError_t gs_plain_reset(enum gs_plain_kind kind, const gs_plain_args *a, unsigned int blocks, size_t bytes,
                           cudaStream_t stream);

/* plain.c: the commands.  GS_EXIT_OK, or an exit status with err set. */
int gs_plain_run(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n);
int gs_tune_run(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
