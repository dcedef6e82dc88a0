/* local_kernels.cu: the local-synchronization microbenchmarks: each group of
 * blocks has its own lock, semaphore or barrier and its own data.  Groups
 * are HeteroSync's (block b in group b % groups, which HeteroSync assumes
 * share an SM; lock state in global memory) or thread-block clusters (state
 * in the rank-0 block's shared memory, reached at cluster scope).
 *
 * Mutexes: block b adds b + 1 to each of its group's `ldst` words per
 * thread under the lock; the verifying launch also counts, per group, the
 * acquisitions with a non-atomic counter and the entries that found another
 * block of the group inside.  Semaphores: member 0 of each group writes
 * stamped data, the others read a third of it (as sem_kernels.cu), with
 * capacity, writer exclusion and torn reads counted.  Barriers: the barrier
 * benchmark (barrier_bench.cuh) with regions traded inside a cluster.
 * Check words: the shared ones, then GS_LOCAL_CHECK per group.
 */
#include "families/barrier_bench.cuh"

#define GS_LOCAL_CHECK 4u /* per group: count, inside / readers, writers, last stamp */

typedef struct local_params {
    unsigned int groups; /* HeteroSync's grouping: b % groups */
    unsigned int stride; /* words of lock state per group (global memory) */
    unsigned int nslots; /* sleepMutexUniq's ring slots per group */
    unsigned int size;   /* semaphores: readers at once */
    unsigned int words;  /* semaphores: words a writer writes per thread */
    int backoff;         /* the EBO variants */
} local_params;

/* The block's group and its place in it. */
static __device__ __forceinline__ unsigned int local_group(const gs_bench_args *a, bool cluster)
{
    return cluster ? blockIdx.x / a->cluster : blockIdx.x % GS_PARAMS(local_params, *a)->groups;
}
static __device__ __forceinline__ unsigned int local_member(const gs_bench_args *a, bool cluster)
{
    return cluster ? gs_cluster_rank() : blockIdx.x / GS_PARAMS(local_params, *a)->groups;
}
static __device__ __forceinline__ unsigned int *local_check(const gs_bench_args *a, unsigned int g)
{
    return a->check + GS_CHECK_WORDS + GS_LOCAL_CHECK * g;
}
static __device__ __forceinline__ unsigned int *local_state(const gs_bench_args *a, unsigned int g)
{
    return (unsigned int *)a->state + g * GS_PARAMS(local_params, *a)->stride;
}

/* The critical sections on group g's data and counters. */
static __device__ __forceinline__ void local_mutex_cs(const gs_bench_args *a, unsigned int g)
{
    unsigned int *gc = local_check(a, g);
    const gs_bench_where w = {a->data + (size_t)g * a->ldst * blockDim.x, &gc[0], &gc[1], NULL, NULL};
    gs_bench_mutex_body(a, w);
}
static __device__ __forceinline__ void local_sem_cs(const gs_bench_args *a, unsigned int g, bool writer,
                                                    unsigned int it)
{
    const local_params *p = GS_PARAMS(local_params, *a);
    unsigned int *gc = local_check(a, g);
    const gs_bench_where w = {a->data + (size_t)g * p->words * blockDim.x, NULL, &gc[1], &gc[2], &gc[3]};
    gs_bench_sem_body(a, w, writer, it, p->size, p->words);
}

/* GS_LOCAL_MUTEX(NAME, CLUSTER, SETUP, INIT, LOCK, UNLOCK, FINISH) and
 * GS_LOCAL_SEM(...): LOCK/ENTER see `a`, `p`, `g` (the group), `st` (the
 * group's state in global memory), `token` and, for semaphores, `writer`. */
#define GS_LOCAL_SETUP(CLUSTER)                                                                     \
    const local_params *p = GS_PARAMS(local_params, a);                                             \
    const unsigned int g = local_group(&a, CLUSTER);                                                \
    unsigned int *st = local_state(&a, g), token = 0u
#define GS_LOCAL_MUTEX(NAME, CLUSTER, SETUP, INIT, LOCK, UNLOCK, FINISH)                                  \
    GS_BENCH_LOCK_KERNELS(local, NAME, GS_LOCAL_SETUP(CLUSTER); SETUP, INIT, LOCK, local_mutex_cs(&a, g), \
                          UNLOCK, FINISH)
#define GS_LOCAL_SEM(NAME, CLUSTER, SETUP, INIT, ENTER, LEAVE, FINISH)                                   \
    GS_BENCH_LOCK_KERNELS(local, NAME, GS_LOCAL_SETUP(CLUSTER);                                           \
                          const bool writer = local_member(&a, CLUSTER) == 0u; SETUP, INIT, ENTER,         \
                          local_sem_cs(&a, g, writer, it), LEAVE, FINISH)

/* ---- HeteroSync's ...Uniq ports: per-group state in global memory, the
 * seed's block-scope fences (GS_SCOPE_CTA), gpu-scope atomics ---- */
#define CTA GS_SCOPE_CTA
#define FOR_GROUPS for (unsigned int q = 0; q < GS_PARAMS(local_params, a)->groups; ++q)
GS_LOCAL_MUTEX(spin_uniq, false, (void)0, (void)0, gs_mutex_spin_lock((gs_mutex_spin_t *)st, CTA),
               gs_mutex_spin_unlock((gs_mutex_spin_t *)st, CTA), (void)0)
GS_LOCAL_MUTEX(spin_ebo_uniq, false, (void)0, (void)0, gs_mutex_spin_ebo_lock((gs_mutex_spin_ebo_t *)st, CTA),
               gs_mutex_spin_ebo_unlock((gs_mutex_spin_ebo_t *)st, CTA), (void)0)
GS_LOCAL_MUTEX(fa_uniq, false, (void)0, FOR_GROUPS gs_bench_wrap_fa((gs_mutex_fa_t *)local_state(&a, q), a.wrap),
               gs_mutex_fa_lock((gs_mutex_fa_t *)st, &token, CTA),
               gs_mutex_fa_unlock((gs_mutex_fa_t *)st, token, CTA), (void)0)
static __device__ __forceinline__ gs_mutex_sleep_t sleep_view(unsigned int *st, unsigned int nslots)
{
    gs_mutex_sleep_t m = {st, st + 32, nslots};
    return m;
}
GS_LOCAL_MUTEX(sleep_uniq, false, (void)0,
               FOR_GROUPS gs_mutex_sleep_init(sleep_view(local_state(&a, q), GS_PARAMS(local_params, a)->nslots)),
               gs_mutex_sleep_lock(sleep_view(st, p->nslots), &token, CTA),
               gs_mutex_sleep_unlock(sleep_view(st, p->nslots), token, CTA), (void)0)
GS_LOCAL_SEM(spin_sem_uniq, false, (void)0,
             FOR_GROUPS gs_sem_spin_init((gs_sem_spin_t *)local_state(&a, q), GS_PARAMS(local_params, a)->size),
             gs_sem_spin_enter((gs_sem_spin_t *)st, writer, p->size, p->backoff, CTA),
             gs_sem_spin_leave((gs_sem_spin_t *)st, writer, p->size, CTA), (void)0)

/* ---- gsync's, per cluster: the same algorithm files at cluster scope on
 * the rank-0 block's shared memory ---- */
#define CL GS_SCOPE_CLUSTER
/* Each block zeroes its copy (--wrap: WRAP(&mine, a.wrap) sets its counters
 * near 2^32); rank 0's is the one used.  The cluster barrier orders the
 * zeroing before any use, and the closing one keeps rank 0's shared memory
 * until every block is done with it. */
#define GS_LOCAL_SHARED(TYPE, WRAP)                                            \
    __shared__ TYPE mine;                                                      \
    if (threadIdx.x == 0) {                                                    \
        memset(&mine, 0, sizeof mine);                                         \
        WRAP(&mine, a.wrap);                                                   \
    }                                                                          \
    gs_cluster_sync();                                                         \
    TYPE *const m = (TYPE *)gs_cluster_map(&mine, 0u)
#define GS_LOCAL_TICKET_MUTEX(NAME, SCOPE)                                                               \
    GS_LOCAL_MUTEX(NAME, true, GS_LOCAL_SHARED(gs_mutex_ticket_t, gs_bench_wrap_ticket), (void)0,       \
                   gs_mutex_ticket_lock(m, &token, SCOPE), gs_mutex_ticket_unlock(m, token, SCOPE),     \
                   gs_cluster_sync())
GS_LOCAL_TICKET_MUTEX(ticket_cluster, CL)
GS_LOCAL_MUTEX(mcs_cluster, true, __shared__ gs_mutex_mcs_node_t node; gs_mutex_mcs_begin(&node), (void)0,
               gs_mutex_mcs_lock(&node, CL), gs_mutex_mcs_unlock(&node, CL), gs_mutex_mcs_end())
GS_LOCAL_SEM(ticket_sem_cluster, true, GS_LOCAL_SHARED(gs_sem_ticket_t, gs_bench_wrap_sem_ticket), (void)0,
             gs_sem_ticket_enter(m, writer ? p->size : 1u, p->size, CL),
             gs_sem_ticket_leave(m, writer ? p->size : 1u, CL), gs_cluster_sync())

/* For the tests: the seed's grouping with gpu-scope fences, which is sound
 * whichever SMs the blocks run on; it must PASS on any grid. */
GS_LOCAL_MUTEX(sound_uniq, false, (void)0, (void)0, gs_mutex_spin_lock((gs_mutex_spin_t *)st, GS_SCOPE_GPU),
               gs_mutex_spin_unlock((gs_mutex_spin_t *)st, GS_SCOPE_GPU), (void)0)

/* Broken on purpose, for the tests: the cluster ticket lock at cta scope,
 * which orders nothing between the cluster's blocks; and a lock with no
 * atomic at all, which two blocks of a group can take at once. */
GS_LOCAL_TICKET_MUTEX(broken_cta, CTA)
GS_LOCAL_MUTEX(broken_racy, false, (void)0, (void)0, gs_bench_racy_lock(st), gs_st_release(st, 0u, GS_SCOPE_GPU), (void)0)

/* ---- the hardware cluster barrier (barrier.cluster, sm_90), whole and
 * split, in the barrier benchmark with regions traded inside the cluster:
 * in episode e the block of rank r works on its cluster's region
 * (r + e - 1) mod size, which rank r + 1 wrote before the last barrier ---- */
static __device__ __forceinline__ void cluster_barrier_split(void)
{
    gs_cluster_arrive_release();
    /* ... work that does not touch what the barrier guards ... */
    gs_cluster_wait_acquire();
}
#define GS_LOCAL_BARRIER(NAME, SYNC)                                                                   \
    GS_BENCH_INIT(local, NAME, (void)0)                                                                \
    static __global__ void gs_local_kernel_##NAME(gs_bench_args a)                                     \
    {                                                                                                  \
        const unsigned int n = gridDim.x, size = gs_cluster_size(), rank = gs_cluster_rank();          \
        const unsigned int first = blockIdx.x - rank;                                                  \
        const bool stamp = a.ldst != 0u || a.check_exclusion;                                          \
        unsigned int *stamps = a.data + (size_t)n * a.ldst * blockDim.x;                               \
        unsigned int stale = 0u, last_bad = 0u, r = rank, seen = (rank + 1u + threadIdx.x) % size;     \
        for (unsigned int epoch = 0; epoch < a.iters; ++epoch) {                                       \
            const unsigned int e = epoch + 1u, before = stale;                                         \
            stale += gs_barrier_bench_work(&a, first + r, epoch, e);                                   \
            if (stamp && threadIdx.x == 0)                                                             \
                stamps[(e & 1u) * n + blockIdx.x] = e;                                                 \
            if (a.sync)                                                                                \
                SYNC;                                                                                  \
            if (stamp)                                                                                 \
                stale += stamps[(e & 1u) * n + first + seen] != e;                                     \
            if (stale != before)                                                                       \
                last_bad = e;                                                                          \
            r = r + 1u == size ? 0u : r + 1u;                                                          \
            seen = seen + 1u == size ? 0u : seen + 1u;                                                 \
        }                                                                                              \
        gs_barrier_bench_report(&a, stale, last_bad);                                                  \
    }                                                                                                  \
    GS_BENCH_EXPORT(local, NAME)
GS_LOCAL_BARRIER(cluster_barrier, gs_cluster_sync())
GS_LOCAL_BARRIER(cluster_barrier_split, cluster_barrier_split())

extern "C" void gs_local_params_fill(gs_bench_args *a, unsigned int groups, unsigned int stride, unsigned int nslots,
                                     unsigned int size, unsigned int words, int backoff)
{
    local_params p = {groups, stride, nslots, size, words, backoff};
    memcpy(a->params, &p, sizeof p);
}
