/* gsync/sem/priority.cuh: the priority semaphore of the 2020 thesis
 * (Listings 3.3 and 3.4).  BASELINE, fences as in the thesis.
 *
 * Algorithm: HeteroSync's lock-guarded reader-writer semaphore (sem/spin.cuh)
 *            plus a `priority` word.  A leaving block that fails to take the
 *            lock sets priority; an entering block first waits, backing off,
 *            until priority is 0, so leaving blocks win the lock; the leaving
 *            block clears priority after it drops the lock.  With `backoff`
 *            (priorSemEBO) a failed entry attempt also backs off.
 * Ordering:  relaxed gpu-scope CAS + fence.sc to take the lock; fence.sc +
 *            relaxed exchange to drop it; `scope` is the fences'; priority is
 *            relaxed (no data).
 * Progress:  leaving blocks are favoured, which removes the baseline's
 *            livelock in practice; entry is not fair (no FIFO order).
 * Memory:    five words.  Co-residency: not needed.  One thread per block.
 */
#ifndef GSYNC_SEM_PRIORITY_CUH
#define GSYNC_SEM_PRIORITY_CUH

#include "spin.cuh"

typedef struct gs_sem_priority {
    gs_sem_spin_t sem;
    unsigned int priority;
} gs_sem_priority_t;

static __device__ __forceinline__ void gs_sem_priority_init(gs_sem_priority_t *s, unsigned int size)
{
    gs_sem_spin_init(&s->sem, size);
    s->priority = 0u;
}

static __device__ __forceinline__ bool gs_sem_priority_enter(gs_sem_priority_t *s, bool writer, unsigned int size,
                                                             bool backoff, enum gs_scope scope)
{
    gs_wait_t w = GS_WAIT_INIT, retry = GS_WAIT_INIT;
    for (;;) {
        /* the thesis reads priority with atomicCAS(priority, 0, 0) */
        while (gs_atom_cas_relaxed(&s->priority, 0u, 0u, GS_SCOPE_GPU) != 0u)
            if (gs_wait_backoff(&w))
                return false;
        if (gs_sem_spin_try_enter(&s->sem, writer, size, scope))
            return true;
        if (backoff ? gs_wait_ebo(&retry) : gs_wait_spin(&retry))
            return false;
    }
}

static __device__ __forceinline__ bool gs_sem_priority_leave(gs_sem_priority_t *s, bool writer, unsigned int size,
                                                             enum gs_scope scope)
{
    gs_wait_t w = GS_WAIT_INIT;
    while (gs_atom_cas_relaxed(&s->sem.lock, 0u, 1u, GS_SCOPE_GPU) != 0u) {
        gs_atom_exch_relaxed(&s->priority, 1u, GS_SCOPE_GPU); /* the thesis: atomicOr(priority, 1) */
        if (gs_wait_spin(&w))
            return false;
    }
    gs_fence_sc(scope);
    gs_sem_spin_give_back(&s->sem, writer, size, scope);
    gs_sem_spin_drop_lock(&s->sem.lock, scope);
    gs_atom_exch_relaxed(&s->priority, 0u, GS_SCOPE_GPU); /* the thesis: atomicAnd(priority, 0) */
    return true;
}

#endif
