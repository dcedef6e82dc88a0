/* mutex_kernels.cu: HeteroSync's mutex microbenchmark, for every mutex.
 *
 * Each block runs `iters` times: thread 0 takes the lock, the block joins,
 * the critical section (gs_bench_mutex_body) runs on the shared data, the
 * block joins, thread 0 releases.  A lock that lets two blocks in loses
 * increments, which the host's golden model catches (mutex.c).
 */
#include <cuda/semaphore>
#include <new>

#include "core/bench.cuh"

typedef struct mutex_params {
    unsigned int nslots; /* ring and array slots: a power of two >= blocks */
} mutex_params;

/* The grid is one group: its counters are the shared check words. */
static __device__ __forceinline__ void gs_mutex_bench_cs(const gs_bench_args *a)
{
    const gs_bench_where w = {a->data, &a->check[GS_CHECK_CS_COUNT], &a->check[GS_CHECK_INSIDE], NULL, NULL};
    gs_bench_mutex_body(a, w);
}

/* GS_MUTEX_BENCH(NAME, INIT, LOCK, UNLOCK): LOCK is an expression, false when
 * the watchdog gave up; they see `a` (a.state is the lock) and `token`.
 * GS_MUTEX_BENCH_SETUP adds per-block SETUP and FINISH around the loop. */
#define GS_MUTEX_BENCH_SETUP(NAME, SETUP, INIT, LOCK, UNLOCK, FINISH)                                   \
    GS_BENCH_LOCK_KERNELS(mutex, NAME, unsigned int token = 0u; SETUP, INIT, LOCK, gs_mutex_bench_cs(&a), \
                          UNLOCK, FINISH)
#define GS_MUTEX_BENCH(NAME, INIT, LOCK, UNLOCK) GS_MUTEX_BENCH_SETUP(NAME, (void)0, INIT, LOCK, UNLOCK, (void)0)

/* The ring and array locks: counters in the first lines, slots after. */
static __device__ __forceinline__ gs_mutex_sleep_t sleep_view(const gs_bench_args *a)
{
    gs_mutex_sleep_t m = {(unsigned int *)a->state, (unsigned int *)a->state + 32,
                          GS_PARAMS(mutex_params, *a)->nslots};
    return m;
}
static __device__ __forceinline__ gs_mutex_array_t array_view(const gs_bench_args *a)
{
    gs_mutex_array_t m = {(unsigned int *)a->state, (unsigned int *)a->state + 32, (unsigned int *)a->state + 64,
                          GS_PARAMS(mutex_params, *a)->nslots};
    return m;
}

/* --wrap, the array lock (init, one thread): ticket t0's slot holds t0,
 * every other slot the last ticket before t0 that used it. */
static __device__ __forceinline__ void array_wrap(gs_mutex_array_t m, unsigned int wrap)
{
    const unsigned int t0 = 0u - wrap, mask = m.nslots - 1u;
    if (!wrap)
        return;
    *m.next = *m.serving = t0;
    for (unsigned int j = 0; j < m.nslots; ++j)
        m.slots[j * GS_MUTEX_ARRAY_STRIDE] = t0 - ((t0 - j) & mask);
}

#define GPU GS_SCOPE_GPU
GS_MUTEX_BENCH(spin, (void)0, gs_mutex_spin_lock((gs_mutex_spin_t *)a.state, GPU),
               gs_mutex_spin_unlock((gs_mutex_spin_t *)a.state, GPU))
GS_MUTEX_BENCH(spin_ebo, (void)0, gs_mutex_spin_ebo_lock((gs_mutex_spin_ebo_t *)a.state, GPU),
               gs_mutex_spin_ebo_unlock((gs_mutex_spin_ebo_t *)a.state, GPU))
GS_MUTEX_BENCH(fa, gs_bench_wrap_fa((gs_mutex_fa_t *)a.state, a.wrap), gs_mutex_fa_lock((gs_mutex_fa_t *)a.state, &token, GPU),
               gs_mutex_fa_unlock((gs_mutex_fa_t *)a.state, token, GPU))
GS_MUTEX_BENCH(sleep, gs_mutex_sleep_init(sleep_view(&a)), gs_mutex_sleep_lock(sleep_view(&a), &token, GPU),
               gs_mutex_sleep_unlock(sleep_view(&a), token, GPU))
GS_MUTEX_BENCH(ticket, gs_bench_wrap_ticket((gs_mutex_ticket_t *)a.state, a.wrap), gs_mutex_ticket_lock((gs_mutex_ticket_t *)a.state, &token, GPU),
               gs_mutex_ticket_unlock((gs_mutex_ticket_t *)a.state, token, GPU))
GS_MUTEX_BENCH(array, array_wrap(array_view(&a), a.wrap), gs_mutex_array_lock(array_view(&a), &token, GPU),
               gs_mutex_array_unlock(array_view(&a), token, GPU))
/* The cohort lock: the global part in a.state, a node in each block's shared
 * memory; launched in clusters. */
GS_MUTEX_BENCH_SETUP(cohort, __shared__ gs_mutex_cohort_node_t node; gs_mutex_cohort_begin(&node),
                     gs_bench_wrap_ticket((gs_mutex_cohort_t *)a.state, a.wrap),
                     gs_mutex_cohort_lock((gs_mutex_cohort_t *)a.state, &node),
                     gs_mutex_cohort_unlock((gs_mutex_cohort_t *)a.state, &node), gs_mutex_cohort_end())

/* The CUDA peer: libcu++'s cuda::binary_semaphore at device scope, as a
 * CUDA user would lock with it (acquire blocks in libcu++'s own wait, which
 * no watchdog bounds; its holder always releases, so it cannot deadlock). */
typedef cuda::binary_semaphore<cuda::thread_scope_device> libcu_mutex;
static __device__ __forceinline__ bool libcu_lock(libcu_mutex *m)
{
    m->acquire();
    return true;
}
GS_MUTEX_BENCH(libcu, new (a.state) libcu_mutex(1), libcu_lock((libcu_mutex *)a.state),
               ((libcu_mutex *)a.state)->release())

/* Broken on purpose, for the tests: they prove that the checks catch what
 * they claim to catch.  racy: check-then-set with no atomic, two blocks can
 * both enter (exclusion count and golden data must turn red).  deadlock:
 * never released, so the run must end as TIMEOUT, not hang. */
GS_MUTEX_BENCH(broken_racy, (void)0, gs_bench_racy_lock((unsigned int *)a.state),
               gs_st_release((unsigned int *)a.state, 0u, GPU))
GS_MUTEX_BENCH(broken_deadlock, (void)0, gs_mutex_spin_lock((gs_mutex_spin_t *)a.state, GPU), (void)0)

extern "C" void gs_mutex_params_fill(gs_bench_args *a, unsigned int nslots)
{
    mutex_params p = {nslots};
    memcpy(a->params, &p, sizeof p);
}
