/* gsync/sem/spin.cuh: reader-writer spin semaphore guarded by a lock.
 * BASELINE: HeteroSync's spinSem (and, with backoff, spinSemEBO), fences as
 * in its CUDA (UVM) version.
 *
 * Algorithm: `count` starts at size + 1.  To enter, a block takes the lock
 *            word with a CAS; a reader may enter when count > 1 and no writer
 *            waits, and takes 1; a writer may enter when count == size + 1
 *            (nobody inside), and takes all of it.  A writer that cannot
 *            enter raises `writer_waiting` so that no new reader enters.  A
 *            block that cannot enter releases the lock and tries again (after
 *            a capped exponential busy wait when `backoff`, the EBO variant).
 *            To leave, a block spins on the same lock and gives back what it
 *            took.  Leaving blocks compete for the lock with entering ones,
 *            which on a full GPU can keep them out indefinitely (livelock;
 *            the thesis reports it beyond 1-2 blocks per SM).
 *            HeteroSync reads count and writer_waiting as plain data under
 *            the lock; we use relaxed strong accesses so that no stale L1
 *            copy can be read.
 * Ordering:  relaxed CAS + fence.sc.gpu to take the lock; fence.sc.gpu +
 *            relaxed exchange to drop it (gpu scope).
 * Footprint: four 32-bit words.
 * Co-residency: not needed.
 * Progress:  none guaranteed: entering blocks can starve leaving ones.
 * Caller:    one thread per block.
 */
#ifndef GSYNC_SEM_SPIN_CUH
#define GSYNC_SEM_SPIN_CUH

#include "../wait.cuh"
#include "../mutex/spin_ebo.cuh" /* GS_MUTEX_EBO_MAX_CYCLES */

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

/* The lock around the count; HeteroSync's CAS loop. */
static __device__ __forceinline__ bool gs_sem_spin_take_lock(unsigned int *lock, gs_wait_t *w)
{
    while (gs_atom_cas_relaxed(lock, 0u, 1u, GS_SCOPE_GPU) != 0u)
        if (gs_wait_spin(w))
            return false;
    gs_fence_sc(GS_SCOPE_GPU);
    return true;
}

static __device__ __forceinline__ void gs_sem_spin_drop_lock(unsigned int *lock)
{
    gs_fence_sc(GS_SCOPE_GPU);
    gs_atom_exch_relaxed(lock, 0u, GS_SCOPE_GPU);
}

/* The pause after a failed attempt to enter: HeteroSync's capped exponential
 * busy wait in the EBO variants, else none.  Nonzero: the watchdog fired. */
static __device__ __forceinline__ int gs_sem_spin_retry_pause(gs_wait_t *w, unsigned int *pause, bool backoff)
{
    if (!backoff)
        return gs_wait_spin(w);
    const int abandon = gs_wait_cycles(w, *pause);
    *pause = ((*pause << 1) + 1u) & GS_MUTEX_EBO_MAX_CYCLES;
    return abandon;
}

/* One attempt to enter: HeteroSync's TryWait. */
static __device__ __forceinline__ bool gs_sem_spin_try_enter(gs_sem_spin_t *s, bool writer, unsigned int size)
{
    unsigned int c;
    bool ok;
    if (gs_atom_cas_relaxed(&s->lock, 0u, 1u, GS_SCOPE_GPU) != 0u)
        return false;
    gs_fence_sc(GS_SCOPE_GPU);
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
    gs_sem_spin_drop_lock(&s->lock);
    return ok;
}

/* Enter (HeteroSync's "wait").  False only if the watchdog gave up. */
static __device__ __forceinline__ bool gs_sem_spin_enter(gs_sem_spin_t *s, bool writer, unsigned int size,
                                                         bool backoff)
{
    gs_wait_t w = GS_WAIT_INIT;
    unsigned int pause = 1u;
    while (!gs_sem_spin_try_enter(s, writer, size))
        if (gs_sem_spin_retry_pause(&w, &pause, backoff))
            return false;
    return true;
}

/* Leave (HeteroSync's "post"). */
static __device__ __forceinline__ bool gs_sem_spin_leave(gs_sem_spin_t *s, bool writer, unsigned int size)
{
    gs_wait_t w = GS_WAIT_INIT;
    if (!gs_sem_spin_take_lock(&s->lock, &w))
        return false;
    const unsigned int c = gs_ld_relaxed(&s->count, GS_SCOPE_GPU);
    gs_st_relaxed(&s->count, c + (writer ? size + 1u : 1u), GS_SCOPE_GPU);
    gs_sem_spin_drop_lock(&s->lock);
    return true;
}

#endif
