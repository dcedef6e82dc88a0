/* gsync/multi/remote.cuh: how gsync's barrier across GPUs reaches a PE of
 * another node, where no pointer reaches its memory (gsync's own design;
 * docs/multi-nodes.md).
 *
 * What:      a signal: NVSHMEM's nvshmemx_signal_op with NVSHMEM_SIGNAL_ADD
 *            on a 64-bit word of the barrier's symmetric state (the same
 *            offset on every PE), and nvshmem_quiet, which completes the
 *            calling PE's puts and atomics before a block arrives.
 * Ordering:  the sender issues a release fence at .sys (gs_fence_release)
 *            before the signal, so the signal follows everything its GPU
 *            wrote or acquired; NVSHMEM's
 *            signal operations are atomic among themselves, and adds commute,
 *            so two episodes' signals may arrive in either order and the
 *            word still counts the episodes.  The receiver polls its own
 *            word (ld.relaxed.sys of the low 32 bits, which count modulo
 *            2^32 like every episode number) and then issues
 *            fence.acquire.sys.  Data put to another node before the barrier
 *            is complete there before the signal leaves (the quiet).
 * Progress:  the signal never waits on a peer; NVSHMEM's transport delivers
 *            it (over NVLink where peers are only treated as remote; a proxy
 *            thread or the NIC across nodes).
 * Requires:  GSYNC_MULTI_NODES defined before gsync's headers (or -D), with
 *            NVSHMEM's device library and relocatable device code (every
 *            program over gsync::multi links them already).  A kernel that
 *            may call NVSHMEM's device functions is given more registers
 *            (docs/multi-nodes.md), so they are compiled only on request.  Without GSYNC_MULTI_NODES a plan
 *            across nodes ends at every GPU's first arrival with one line
 *            (misuse.cuh): no GPU waits for a signal never sent.
 * Memory:    none of its own.
 */
#ifndef GSYNC_MULTI_REMOTE_CUH
#define GSYNC_MULTI_REMOTE_CUH

#ifdef GSYNC_MULTI_NODES
#include <nvshmem.h>
#include <nvshmemx.h>
#endif

#include "handle.h"

/* Adds v to the 64-bit word at line `line` of PE pe's state. */
static __device__ __forceinline__ void gs__multi_remote_add(const gs_multi_barrier_t *b, unsigned int line,
                                                            unsigned int v, unsigned int pe)
{
#ifdef GSYNC_MULTI_NODES
    nvshmemx_signal_op((uint64_t *)gs_multi_line(b->words, line), (uint64_t)v, NVSHMEM_SIGNAL_ADD, (int)pe);
#else
    (void)b, (void)line, (void)v, (void)pe; /* not reached: the first arrival stops such a plan */
#endif
}

/* The nodes of b's plan (the handle's copy of its table's count, so that
 * an arrival reads no memory for it): more than 1 when some PE is reached
 * only through NVSHMEM. */
static __device__ __forceinline__ unsigned int gs__multi_nodes(const gs_multi_barrier_t *b)
{
    return b->nodes;
}

/* Thread 0 of a block, before it arrives, where the plan spans nodes: the
 * block's puts and atomics to other nodes are complete. */
static __device__ __forceinline__ void gs__multi_remote_quiet(void)
{
#ifdef GSYNC_MULTI_NODES
    nvshmem_quiet();
#endif
}

#endif
