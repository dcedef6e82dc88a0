/* barrier_views.cuh: views of gs_bench_args' state for the barriers whose
 * state is several arrays, shared by the barrier kernel files. */
#ifndef GSYNC_BARRIER_VIEWS_CUH
#define GSYNC_BARRIER_VIEWS_CUH

#include "barrier_bench.cuh"

static __device__ __forceinline__ gs_barrier_fx_lockfree_t fx_view(const gs_bench_args *a)
{
    gs_barrier_fx_lockfree_t v = {(unsigned int *)a->state, (unsigned int *)a->state + a->blocks};
    return v;
}
static __device__ __forceinline__ gs_barrier_atomic_tree_t atomic_tree_view(const gs_bench_args *a)
{
    gs_barrier_atomic_tree_t v = {(unsigned int *)a->state, (unsigned int *)a->state + 32, a->groups};
    return v;
}
static __device__ __forceinline__ gs_barrier_lf_tree_t lf_tree_view(const gs_bench_args *a)
{
    gs_barrier_lf_tree_t v = {(unsigned int *)a->state, (unsigned int *)a->state + 2u * a->groups, a->groups,
                              (a->blocks + a->groups - 1u) / a->groups};
    return v;
}
static __device__ __forceinline__ gs_barrier_sr_t sr_view(const gs_bench_args *a)
{
    gs_barrier_sr_t v = {(unsigned int *)a->state, (unsigned int *)a->state + 32, a->groups};
    return v;
}

#endif
