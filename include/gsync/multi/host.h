/* gsync/multi/host.h: the host side of gsync's barrier across GPUs, of one
 * node or several (gsync::multi, C-callable; needs NVSHMEM, initialised by
 * the caller, one PE a GPU; installed with the package where CMake finds
 * NVSHMEM: find_package(gsync COMPONENTS multi)).
 *
 * gs_multi_barrier_plan allocates the barrier's symmetric state and fills a
 * handle; gs_multi_launch zeroes that state (and any symmetric buffers the
 * caller names: locks, semaphores, queues, done counters) on every GPU,
 * orders the zeroing before any GPU's launch, checks the grid against the
 * plan and the device's co-residency, agrees with every PE, and launches
 * collectively.  A relaunch therefore needs no reset, and a launch that one
 * PE refuses is refused by all (none is left waiting).  Both calls are
 * collective over NVSHMEM_TEAM_WORLD: every PE calls them, in the same
 * order.  Every function returns a cudaError_t.
 *
 * Nodes: the plan groups the PEs that reach each other's memory by pointer
 * (nvshmem_ptr) into nodes; between nodes the barrier signals through
 * NVSHMEM's device API (gsync/multi/remote.cuh).  GSYNC_MULTI_NODE_SIZE=K in
 * the environment (1..GS_MULTI_MAX_PES, the same on every PE) treats PEs p
 * and q as one node only when p / K == q / K: K=1 makes every peer remote,
 * so the remote path runs over NVLink on one machine.
 */
#ifndef GSYNC_MULTI_HOST_H
#define GSYNC_MULTI_HOST_H

#include <cuda_runtime_api.h>
#include <stddef.h>

#include "handle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fills *b for a grid of `blocks` blocks (this PE's; PEs may differ) in
 * `form` (enum gs_multi_form; -1: the default, GS_MULTI_FORM_DIRECT), on fresh
 * zeroed symmetric state.  Every PE returns the same result: the largest
 * error any PE found (the state freed on every PE), of
 *   cudaErrorInvalidValue            no handle, 0 blocks, a form unknown, more
 *                                    than GS_MULTI_MAX_PES PEs, a bad
 *                                    GSYNC_MULTI_NODE_SIZE (one line on stderr);
 *   cudaErrorMemoryAllocation        nvshmem_malloc failed (NVSHMEM_SYMMETRIC_SIZE);
 *   cudaErrorPeerAccessUnsupported   the PEs do not fall into nodes (some PE
 *                                    reaches a peer by pointer that another
 *                                    of its node does not);
 *   any CUDA error of a PE's own calls (a copy, a memset).
 * Where the plan spans nodes, every form is planned as the hierarchical one
 * (b->form says so). */
cudaError_t gs_multi_barrier_plan(gs_multi_barrier_t *b, unsigned int blocks, int form);

/* Frees the state (collective).  The handle is then unusable. */
cudaError_t gs_multi_barrier_free(gs_multi_barrier_t *b);

/* Launches `kernel` on every PE (nvshmemx_collective_launch), the kernel's
 * handle any copy of *b, after zeroing b's state and the `nzero` symmetric
 * buffers zero[i] (zero_bytes[i] bytes each; NULL, NULL, 0 for none) on
 * `stream` and a barrier of every PE on every PE's stream.  Every PE
 * returns the same result: the largest error any PE found of
 *   cudaErrorInvalidValue              no handle, an empty grid, a buffer NULL;
 *   cudaErrorInvalidConfiguration      a grid of other than the planned
 *                                      block count on some PE;
 *   cudaErrorCooperativeLaunchTooLarge more blocks than some device holds at
 *                                      once in this shape. */
cudaError_t gs_multi_launch(const void *kernel, dim3 grid, dim3 block, void **args, size_t smem, cudaStream_t stream,
                            gs_multi_barrier_t *b, void *const *zero, const size_t *zero_bytes, unsigned int nzero);

/* The plan's grouping into nodes (pure host code, used by the plan):
 * gs_multi_nodes_head gives the lowest PE that `t->peer` reaches (this PE's
 * head, what it says to the others); gs_multi_nodes_group fills t->nodes,
 * node, head and heads from what every PE said (heads[p]: PE p's head plus
 * 1), and returns cudaErrorPeerAccessUnsupported where some PE reaches a
 * peer by pointer that names another head, or names a head it does not
 * reach (the nodes are not cliques), cudaErrorInvalidValue for bad
 * arguments. */
unsigned int gs_multi_nodes_head(const gs_multi_peers_t *t, unsigned int npes, unsigned int pe);
cudaError_t gs_multi_nodes_group(gs_multi_peers_t *t, const unsigned int *heads, unsigned int npes, unsigned int pe);

/* The name of a form ("direct", "hier", "flat"), NULL for none. */
const char *gs_multi_form_name(int form);

#ifdef __cplusplus
}
#endif
#endif
