/* mutex_kernels.cu: the mutex microbenchmark instantiated for every mutex. */
#include "mutex_bench.cuh"

/* One size fits all: the array lock's slots (a line each) plus two lines. */
extern "C" unsigned int gs_mutex_slots(unsigned int blocks)
{
    unsigned int n = 1u;
    while (n < blocks)
        n <<= 1;
    return n;
}
extern "C" size_t gs_mutex_state_bytes(unsigned int blocks)
{
    return 256u + (size_t)gs_mutex_slots(blocks) * GS_MUTEX_ARRAY_STRIDE * sizeof(unsigned int);
}

/* The ring and array locks: counters in the first lines, slots after. */
static __device__ __forceinline__ gs_mutex_sleep_t sleep_view(const gs_bench_args *a)
{
    gs_mutex_sleep_t m = {(unsigned int *)a->state, (unsigned int *)a->state + 32, a->nslots};
    return m;
}
static __device__ __forceinline__ gs_mutex_array_t array_view(const gs_bench_args *a)
{
    gs_mutex_array_t m = {(unsigned int *)a->state, (unsigned int *)a->state + 32, (unsigned int *)a->state + 64,
                          a->nslots};
    return m;
}

GS_MUTEX_BENCH(spin, (void)0, gs_mutex_spin_lock((gs_mutex_spin_t *)a.state),
               gs_mutex_spin_unlock((gs_mutex_spin_t *)a.state))
GS_MUTEX_BENCH(spin_ebo, (void)0, gs_mutex_spin_ebo_lock((gs_mutex_spin_ebo_t *)a.state),
               gs_mutex_spin_ebo_unlock((gs_mutex_spin_ebo_t *)a.state))
GS_MUTEX_BENCH(fa, (void)0, gs_mutex_fa_lock((gs_mutex_fa_t *)a.state, &token),
               gs_mutex_fa_unlock((gs_mutex_fa_t *)a.state, token))
GS_MUTEX_BENCH(sleep, gs_mutex_sleep_init(sleep_view(&a)), gs_mutex_sleep_lock(sleep_view(&a), &token),
               gs_mutex_sleep_unlock(sleep_view(&a), token))
GS_MUTEX_BENCH(ticket, (void)0, gs_mutex_ticket_lock((gs_mutex_ticket_t *)a.state, &token),
               gs_mutex_ticket_unlock((gs_mutex_ticket_t *)a.state, token))
GS_MUTEX_BENCH(array, (void)0, gs_mutex_array_lock(array_view(&a), &token),
               gs_mutex_array_unlock(array_view(&a), token))

/* The cohort lock: the global part in a.state, a node in each block's
 * shared memory; launched in clusters (gs_mutex_cluster_cohort picks the
 * size). */
GS_MUTEX_BENCH_SETUP(cohort, __shared__ gs_mutex_cohort_node_t node; gs_mutex_cohort_begin(&node), (void)0,
                     gs_mutex_cohort_lock((gs_mutex_cohort_t *)a.state, &node),
                     gs_mutex_cohort_unlock((gs_mutex_cohort_t *)a.state, &node), gs_mutex_cohort_end())
GS_BENCH_CLUSTER_ENTRY_POINT(mutex, cohort)
