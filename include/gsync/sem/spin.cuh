/* gsync/sem/spin.cuh: reader-writer spin semaphore guarded by a lock.
 * BASELINE: HeteroSync's spinSem (and, with backoff, spinSemEBO), fences as
 * in its CUDA (UVM) version.
 *
 * Algorithm: `count` starts at size + 1.  To enter, a block takes the lock
 *            word with a CAS; a reader may enter when count > 1 and no writer
 *            waits, and takes 1; a writer may enter when count == size + 1
 *            (nobody inside) and takes all of it; a writer that cannot raises
 *            `writer_waiting` so that no new reader enters.  A block that
 *            cannot enter drops the lock and tries again (after a capped
 *            exponential busy wait with `backoff`, the EBO variant).  To
 *            leave, a block takes the same lock and gives back what it took.
 *            HeteroSync reads count and writer_waiting as plain data under
 *            the lock; we use relaxed strong accesses (no stale L1 copy).
 * Ordering:  relaxed gpu-scope CAS + fence.sc to take the lock; fence.sc +
 *            relaxed exchange to drop it; `scope` is the fences' (gpu, or
 *            cta for HeteroSync's ...Uniq versions: see mutex/spin.cuh).
 * Progress:  none: entering blocks can starve leaving ones (livelock).
 * Memory:    four words.  Co-residency: not needed.  One thread per block.
 */
#ifndef GSYNC_SEM_SPIN_CUH
#define GSYNC_SEM_SPIN_CUH

#include "../wait.cuh"

typedef struct gs_sem_spin {
    unsigned int count;
    unsigned int lock;
    unsigned int writer_waiting;
    unsigned int pad;
} gs_sem_spin_t;

/* One thread, before use. */
static __device__ __forceinline__ void gs_sem_spin_init(gs_sem_spin_t *s, unsigned int size)
{
    s->count = size + 1u;
    s->lock = 0u;
    s->writer_waiting = 0u;
}

/* The lock around the count: HeteroSync's CAS loop. */
static __device__ __forceinline__ bool gs_sem_spin_take_lock(unsigned int *lock, gs_wait_t *w, enum gs_scope scope)
{
    while (gs_atom_cas_relaxed(lock, 0u, 1u, GS_SCOPE_GPU) != 0u)
        if (gs_wait_spin(w))
            return false;
    gs_fence_sc(scope);
    return true;
}

static __device__ __forceinline__ void gs_sem_spin_drop_lock(unsigned int *lock, enum gs_scope scope)
{
    gs_fence_sc(scope);
    gs_atom_exch_relaxed(lock, 0u, GS_SCOPE_GPU);
}

/* Gives back what a reader (1) or a writer (size + 1) took; lock held. */
static __device__ __forceinline__ void gs_sem_spin_give_back(gs_sem_spin_t *s, bool writer, unsigned int size,
                                                             enum gs_scope scope)
{
    const unsigned int c = gs_ld_relaxed(&s->count, GS_SCOPE_GPU);
    gs_st_relaxed(&s->count, c + (writer ? size + 1u : 1u), GS_SCOPE_GPU);
}

/* One attempt to enter: HeteroSync's TryWait. */
static __device__ __forceinline__ bool gs_sem_spin_try_enter(gs_sem_spin_t *s, bool writer, unsigned int size,
                                                             enum gs_scope scope)
{
    unsigned int c;
    bool ok;
    if (gs_atom_cas_relaxed(&s->lock, 0u, 1u, GS_SCOPE_GPU) != 0u)
        return false;
    gs_fence_sc(scope);
    c = gs_ld_relaxed(&s->count, GS_SCOPE_GPU);
    if (writer)
        ok = c == size + 1u;
    else
        ok = gs_ld_relaxed(&s->writer_waiting, GS_SCOPE_GPU) == 0u && c > 1u;
    if (!ok) {
        if (writer)
            gs_st_relaxed(&s->writer_waiting, 1u, GS_SCOPE_GPU);
    } else if (writer) {
        gs_st_relaxed(&s->count, c - (size + 1u), GS_SCOPE_GPU);
        gs_st_relaxed(&s->writer_waiting, 0u, GS_SCOPE_GPU);
    } else {
        gs_st_relaxed(&s->count, c - 1u, GS_SCOPE_GPU);
    }
    gs_sem_spin_drop_lock(&s->lock, scope);
    return ok;
}

/* Enter (HeteroSync's "wait").  False only if the watchdog gave up. */
static __device__ __forceinline__ bool gs_sem_spin_enter(gs_sem_spin_t *s, bool writer, unsigned int size,
                                                         bool backoff, enum gs_scope scope)
{
    gs_wait_t w = GS_WAIT_INIT;
    while (!gs_sem_spin_try_enter(s, writer, size, scope))
        if (backoff ? gs_wait_ebo(&w) : gs_wait_spin(&w))
            return false;
    return true;
}

/* Leave (HeteroSync's "post"). */
static __device__ __forceinline__ bool gs_sem_spin_leave(gs_sem_spin_t *s, bool writer, unsigned int size,
                                                         enum gs_scope scope)
{
    gs_wait_t w = GS_WAIT_INIT;
    if (!gs_sem_spin_take_lock(&s->lock, &w, scope))
        return false;
    gs_sem_spin_give_back(s, writer, size, scope);
    gs_sem_spin_drop_lock(&s->lock, scope);
    return true;
}

#endif
