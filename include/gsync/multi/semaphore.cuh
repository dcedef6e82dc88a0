/* gsync/multi/semaphore.cuh: weighted ticket semaphore shared by the blocks
 * of every GPU of a node (gsync's own design; docs/multi.md).
 *
 * Algorithm: gsync's ticket semaphore (sem/ticket.cuh), its word pair in one
 *            PE's memory reached by every GPU through nvshmem_ptr(sem, 0), at
 *            .sys: a request of weight w (1 .. size) takes positions
 *            [s, s + w) with one relaxed fetch-and-add on `next`, enters once
 *            `released` reaches s + w - size, and leaves with one
 *            red.release.sys add of w.  At most `size` weight is inside,
 *            whichever GPUs hold it.  A waiter sleeps GS_MULTI_SEM_NS_PER_TURN
 *            per turnover (size positions) it is short of (chosen, not swept).
 * Ordering:  enter ends with ld.acquire.sys of `released`; leave is
 *            red.release.sys, so an entry synchronizes with every leave its
 *            read counts (observation order runs through the adds) and sees
 *            those holders' accesses (any thread, before __syncthreads() and
 *            the leave) on any GPU.  Holders inside together are unordered.
 * Progress:  starvation- and livelock-free, FIFO by position over every GPU;
 *            leaving never waits.  Co-residency: not needed.
 * Requires:  one word pair reached by every caller (NVLink, or PCIe P2P with
 *            .sys atomics); one thread a block; the same size in every call;
 *            at most 2^31 positions pending.
 *            Zeroed once, or before each launch on every GPU before any GPU
 *            starts (gs_multi_launch's zero list orders that); between
 *            launches with every holder gone it needs no reset.
 * Memory:    256 bytes on one PE.
 * No cohort form: a .gpu front semaphore per GPU would be safe (every holder
 *            still holds a global permit; a global holder never waits on a
 *            front one) but passes nothing inside a GPU, unlike the cohort
 *            lock: every entry still pays the .sys add and acquire over
 *            NVLink.  Passing global permits among a GPU's blocks needs a
 *            count of held permits under a lock and bounded runs: not built.
 */
#ifndef GSYNC_MULTI_SEMAPHORE_CUH
#define GSYNC_MULTI_SEMAPHORE_CUH

#include "../sem/ticket.cuh"

#ifndef GS_MULTI_SEM_NS_PER_TURN
#define GS_MULTI_SEM_NS_PER_TURN 1000u
#endif

typedef gs_sem_ticket_t gs_multi_sem_t;
#define GS_MULTI_SEM_INIT GS_SEM_TICKET_INIT

/* Enter with weight 1 .. size.  True once inside; false only if the
 * watchdog abandoned the wait (the positions stay taken: the run is over). */
static __device__ __forceinline__ bool gs_multi_sem_enter(gs_multi_sem_t *s, unsigned int weight, unsigned int size)
{
    return gs_sem_ticket_enter_ns(s, weight, size, GS_SCOPE_SYS, GS_MULTI_SEM_NS_PER_TURN);
}

static __device__ __forceinline__ void gs_multi_sem_leave(gs_multi_sem_t *s, unsigned int weight)
{
    gs_sem_ticket_leave(s, weight, GS_SCOPE_SYS);
}

#endif
