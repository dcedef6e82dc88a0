/* gsync/multi/barrier.cuh: gsync's whole-grid barrier across the GPUs of a
 * node, the calls a kernel makes (gsync's own design; docs/multi.md).
 *
 * What:      gs_multi_barrier_sync(&bar): every thread of every block of
 *            every GPU, as gs_barrier_sync is on one GPU; split phase
 *            gs_multi_barrier_arrive / gs_multi_barrier_wait.  The handle,
 *            planned by gs_multi_barrier_plan (gsync/multi/host.h), counts
 *            its own episodes: pass it to the kernel by value, take the
 *            parameter's address.  Its form (handle.h) picks the algorithm:
 *            direct (default) and hierarchical in hier_barrier.cuh, flat in
 *            flat_barrier.cuh.
 * Ordering:  every write before the barrier, by any thread of any block of
 *            any GPU, is visible to every read after it (release and acquire
 *            at .sys between GPUs, .gpu inside one; each form's file says
 *            how).
 * Progress:  blocking: every block of every GPU must be resident.
 * Rules, each enforced (misuse.cuh: one printed line, every GPU's launch
 *            fails, none hangs):
 *            - the state is zeroed on every GPU before any GPU launches:
 *              gs_multi_launch does it; a launch on state left from an
 *              earlier one stops at its first arrival (every build);
 *            - the grid on each GPU is the planned one (any shape, counted
 *              linearly; grids may differ between GPUs): checked by
 *              gs_multi_launch, and at each arrival (every build);
 *            - each thread has its own copy of the handle (watchdog builds);
 *            - the PEs of a node reach each other by pointer (NVLink, or
 *              PCIe P2P with .sys atomics); a plan across nodes needs the
 *              kernel built with GSYNC_MULTI_NODES (remote.cuh; else one
 *              line at the first arrival, every build).
 * Memory:    gs_multi_barrier_bytes() of symmetric memory a GPU (and four lines: the plan's exchanges, its table); a 56-byte
 *            handle.
 */
#ifndef GSYNC_MULTI_BARRIER_CUH
#define GSYNC_MULTI_BARRIER_CUH

#include "flat_barrier.cuh"
#include "hier_barrier.cuh"

/* Thread 0: the checks every arrival makes, then the form's arrival. */
static __device__ __forceinline__ void gs__multi_arrive(gs_multi_barrier_t *b)
{
    const unsigned int n = gs_barrier_blocks(), e = b->epoch + 1u;
#ifdef GSYNC_WATCHDOG
    if (__isShared(b) || __isGlobal(b))
        gs__multi_misuse(b, GS__MULTI_COPY, 0u);
#endif
    if (b->grid != 0u && b->grid != n)
        gs__multi_misuse(b, GS__MULTI_GRID, n);
#ifdef GSYNC_MULTI_NODES
    if (gs__multi_nodes(b) > 1u) {
        if (b->form != GS_MULTI_FORM_HIER) /* the plan made it hierarchical: changed since */
            gs__multi_misuse(b, GS__MULTI_FORM, b->form);
        gs__multi_remote_quiet(); /* this block's puts to other nodes are complete before it arrives */
    }
#else
    if (gs__multi_nodes(b) > 1u) /* every GPU's table says so: every GPU stops at its first arrival */
        gs__multi_misuse(b, GS__MULTI_NODES, gs__multi_nodes(b));
#endif
    if (b->form == GS_MULTI_FORM_FLAT) {
        bool stale;
        const unsigned int old = gs__multi_flat_arrive(b, e, &stale);
        b->leader = stale ? old | 1u : 0u; /* reported after the wait (nonzero: stale; its count, near enough) */
    } else {
        b->leader = gs__multi_hier_arrive(b, e);
    }
}

/* Split phase, block-collective: this block's writes before the call are
 * published; returns at once. */
static __device__ __forceinline__ void gs_multi_barrier_arrive(gs_multi_barrier_t *b)
{
    __syncthreads();
    if (gs_barrier_thread() == 0u)
        gs__multi_arrive(b);
}

/* Split phase, block-collective: waits until every block of every GPU has
 * arrived.  True; false only when a watchdog build's watchdog gave up. */
static __device__ __forceinline__ bool gs_multi_barrier_wait(gs_multi_barrier_t *b)
{
    const unsigned int t = gs_barrier_thread(), e = b->epoch + 1u;
    int abandon = 0;
    if (b->form == GS_MULTI_FORM_FLAT) {
        const unsigned int width = min(gs_barrier_threads(), 32u);
        if (t < width) /* the first warp's lanes (all of a smaller block) poll the counters between them */
            abandon = gs__multi_flat_wait(b, e, t, width);
        if (t == 0u && b->leader) /* the first warp is past its votes: the other threads wait in the join */
            gs__multi_misuse(b, GS__MULTI_STALE, b->leader);
        if (t == 0u && abandon == 2)
            gs__multi_misuse(b, GS__MULTI_PEER, 0u);
    } else if (t == 0u) {
        abandon = gs__multi_hier_wait(b, e, b->leader);
    }
    b->epoch++;
    return gs_barrier_join(!abandon);
}

/* Block-collective: every thread of every block of every GPU. */
static __device__ __forceinline__ bool gs_multi_barrier_sync(gs_multi_barrier_t *b)
{
    gs_multi_barrier_arrive(b);
    return gs_multi_barrier_wait(b);
}

#endif
