/* gsync/host.h: gsync's host module, C-callable (link gsync::host).
 *
 * What needs the CUDA runtime lives here, apart from the device headers:
 * occupancy and co-residency, launching in thread-block clusters, and the
 * plan of the device-wide barrier (which form, and where its counters go).
 * Every function returns a cudaError_t; on an error its outputs are
 * unspecified.
 */
#ifndef GSYNC_HOST_H
#define GSYNC_HOST_H

#include <cuda_runtime_api.h>
#include <stddef.h>

#include "barrier/counter.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- occupancy ---- */

/* Blocks of `kernel` that one SM holds at once, and that the whole current
 * device holds at once (the most a barrier's grid may have). */
cudaError_t gs_blocks_per_sm(const void *kernel, unsigned int threads, size_t smem, unsigned int *per_sm);
cudaError_t gs_max_coresident(const void *kernel, unsigned int threads, size_t smem, unsigned int *blocks);

/* ---- thread-block clusters (sm_90) ---- */

/* The largest power-of-two cluster, up to max_cluster (8 is portable), that
 * divides `blocks` and that `kernel` can run in; 1 when none (or before
 * sm_90).  *resident_blocks: how many blocks the device holds at once in
 * clusters of that size (0 when *cluster is 1).  Above 8 it allows the
 * kernel non-portable cluster sizes (cudaFuncAttributeNonPortableClusterSizeAllowed). */
cudaError_t gs_cluster_pick(const void *kernel, unsigned int blocks, unsigned int threads, size_t smem,
                            unsigned int max_cluster, unsigned int *cluster, unsigned int *resident_blocks);
/* Launches a 1-D grid in clusters of `cluster` blocks (cudaLaunchKernelExC). */
cudaError_t gs_launch_clusters(const void *kernel, unsigned int blocks, unsigned int threads, unsigned int cluster,
                               void **args, size_t smem, cudaStream_t stream);

/* ---- the device-wide barrier's plan ---- */

/* Fills *b for a grid of `blocks` blocks of `threads` threads on the current
 * device, on `state` (gs_barrier_bytes(blocks) bytes of device memory).
 * form: GS_BARRIER_AUTO lets the chooser pick from the device's thresholds
 * (gs_barrier_choose); a form forces it.  The spread form measures which of
 * the state's lines lie in different L2 slices, and under AUTO it is kept
 * only if a timed trial beats the flat form; where that fails the plan is
 * flat (b->form says what was chosen).  Synchronous; launches kernels on
 * `stream` (cooperatively: the grid must fit, see gs_max_coresident) and
 * leaves the state zeroed and b->epoch 0.  `blocks` counts the blocks of a
 * grid of any shape, `threads` the threads of a block. */
cudaError_t gs_barrier_plan(gs_barrier_t *b, unsigned int *state, unsigned int blocks, unsigned int threads,
                            int form, cudaStream_t stream);

/* Before launching again on the same state: zeroes it on `stream` (ordered
 * after the last launch there) and sets b->epoch 0.  A handle from
 * GS_BARRIER_FLAT_INIT gets its one counter zeroed. */
cudaError_t gs_barrier_reset(gs_barrier_t *b, cudaStream_t stream);

/* Launches `kernel` cooperatively (grid and block of any shape), after the
 * checks of gs_barrier_check_launch and co-residency.  args, smem, stream as
 * for cudaLaunchCooperativeKernel; the kernel's handle is any copy of *b.
 * On success marks *b launched, so that a second launch without
 * gs_barrier_reset is refused.  Refuses with
 *   cudaErrorInvalidValue              no handle or state, an empty grid;
 *   cudaErrorInvalidConfiguration      a grid of other than the planned
 *                                      block count, or a spread form with
 *                                      fewer threads a block than counters;
 *   cudaErrorIllegalState              launched since the last plan or reset
 *                                      (or b->epoch not 0);
 *   cudaErrorCooperativeLaunchTooLarge more blocks than the device holds at
 *                                      once in this shape. */
cudaError_t gs_barrier_launch(const void *kernel, dim3 grid, dim3 block, void **args, size_t smem,
                              cudaStream_t stream, gs_barrier_t *b);
/* The checks that need no device: the first three refusals above. */
cudaError_t gs_barrier_check_launch(const gs_barrier_t *b, dim3 grid, dim3 block);

/* The thresholds the chooser uses, in blocks per SM: flat below spread_from,
 * spread below gathered_from, gathered below wide_from, wide from there. */
typedef struct gs_barrier_thresholds {
    const char *device;  /* matched as a substring of the device's name */
    double spread_from, gathered_from, wide_from;
    unsigned int spread_k; /* counters of the spread form: 2 or 4 */
} gs_barrier_thresholds;

/* The row for a device name; the default row when no row matches. */
const gs_barrier_thresholds *gs_barrier_thresholds_for(const char *device_name);
/* The form for a grid of `blocks` blocks on `sms` SMs under thresholds t. */
int gs_barrier_choose(const gs_barrier_thresholds *t, unsigned int blocks, unsigned int sms);
/* "flat", "spread", "gathered", "wide" (and "auto"); NULL for no form. */
const char *gs_barrier_form_name(int form);
/* The form named `name` (or GS_BARRIER_AUTO for "auto"); -2 when none. */
int gs_barrier_form_parse(const char *name);

/* ---- the synchronization server (gsync/msg/server.cuh) ---- */

/* Launches a server kernel cooperatively: `blocks` blocks in a 1-D grid,
 * the first `servers` serving, after gs_server_check_launch and a check
 * that the device holds every block at once.  smem: the kernel's dynamic
 * shared memory, the copies (gs_msgq_copies_bytes(blocks)) included where
 * the kernel keeps them there.  Refuses with cudaErrorInvalidValue (see
 * gs_server_check_launch) or cudaErrorCooperativeLaunchTooLarge. */
cudaError_t gs_server_launch(const void *kernel, unsigned int blocks, dim3 block, void **args, size_t smem,
                             cudaStream_t stream, unsigned int servers, unsigned int capacity);
/* The checks that need no device: 1-D blocks of whole warps, 32 to 1024
 * threads and no more than `capacity` (a block's answers fit its queue),
 * 1 to blocks - 1 servers, a capacity that gs_msgq_capacity_ok accepts. */
cudaError_t gs_server_check_launch(unsigned int blocks, dim3 block, unsigned int servers, unsigned int capacity);

#ifdef __cplusplus
}
#endif
#endif
