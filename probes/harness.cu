// Design probe: why gsync-bench's mutex loop reads more than the same lock in a plain kernel.
// nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude -Isrc probes/harness.cu -o harness
#include "../src/mutex_kernels.cu"
#include <stdio.h>
#include <stdlib.h>
#include <vector>
#include <algorithm>

#define CKP(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

// the bench loop with a plain body (no gs_bench_args pointer, no counters)
static __device__ __forceinline__ void simple_body(const gs_bench_args &a)
{
    unsigned int *d = a.data + threadIdx.x;
    const unsigned int inc = blockIdx.x + 1u;
    for (unsigned int j0 = 0; j0 < a.ldst; j0 += 10) {
        unsigned int v[10];
#pragma unroll
        for (unsigned int k = 0; k < 10; ++k) if (j0 + k < a.ldst) v[k] = d[(j0 + k) * blockDim.x];
#pragma unroll
        for (unsigned int k = 0; k < 10; ++k) if (j0 + k < a.ldst) d[(j0 + k) * blockDim.x] = v[k] + inc;
    }
}
GS_BENCH_LOCK_KERNELS(probe, cohort_simple, __shared__ gs_mutex_cohort_node_t node; gs_mutex_cohort_begin(&node), (void)0,
                      gs_mutex_cohort_lock((gs_mutex_cohort_t *)a.state, &node), simple_body(a),
                      gs_mutex_cohort_unlock((gs_mutex_cohort_t *)a.state, &node), gs_mutex_cohort_end())
// the bench body without its counting code
static __device__ __forceinline__ void body_nocount(const gs_bench_args *a, gs_bench_where w)
{
    const unsigned int inc = blockIdx.x + 1u;
    unsigned int *d = w.data + threadIdx.x;
    for (unsigned int j0 = 0; j0 < a->ldst; j0 += GS_CS_BATCH) {
        unsigned int v[GS_CS_BATCH];
        gs_bench_load_batch(d, j0, a->ldst, v);
#pragma unroll
        for (unsigned int k = 0; k < GS_CS_BATCH; ++k)
            if (j0 + k < a->ldst)
                d[(j0 + k) * blockDim.x] = v[k] + inc;
    }
}
// the bench body with the counting code after the section only
static __device__ __forceinline__ void body_countafter(const gs_bench_args *a, gs_bench_where w)
{
    body_nocount(a, w);
    if (a->check_exclusion && threadIdx.x == 0) {
        *w.count += 1u;
        gs_atom_add_relaxed(w.inside, ~0u, GS_SCOPE_GPU);
    }
}
#define WHERE gs_bench_where w = {a.data, &a.check[GS_CHECK_CS_COUNT], &a.check[GS_CHECK_INSIDE], NULL, NULL}
GS_BENCH_LOCK_KERNELS(probe, cohort_nocount, __shared__ gs_mutex_cohort_node_t node; gs_mutex_cohort_begin(&node); WHERE, (void)0,
                      gs_mutex_cohort_lock((gs_mutex_cohort_t *)a.state, &node), body_nocount(&a, w),
                      gs_mutex_cohort_unlock((gs_mutex_cohort_t *)a.state, &node), gs_mutex_cohort_end())
GS_BENCH_LOCK_KERNELS(probe, cohort_countafter, __shared__ gs_mutex_cohort_node_t node; gs_mutex_cohort_begin(&node); WHERE, (void)0,
                      gs_mutex_cohort_lock((gs_mutex_cohort_t *)a.state, &node), body_countafter(&a, w),
                      gs_mutex_cohort_unlock((gs_mutex_cohort_t *)a.state, &node), gs_mutex_cohort_end())
// the plain loop: no a.sync, no held flag
__global__ void plain_cohort(gs_bench_args a)
{
    __shared__ gs_mutex_cohort_node_t node;
    gs_mutex_cohort_begin(&node);
    for (unsigned int it = 0; it < a.iters; ++it) {
        if (threadIdx.x == 0) gs_mutex_cohort_lock((gs_mutex_cohort_t *)a.state, &node);
        __syncthreads();
        simple_body(a);
        __syncthreads();
        if (threadIdx.x == 0) gs_mutex_cohort_unlock((gs_mutex_cohort_t *)a.state, &node);
    }
    gs_mutex_cohort_end();
}

// V1: the plain loop with the held flag broadcast through shared memory
__global__ void v_held(gs_bench_args a)
{
    __shared__ gs_mutex_cohort_node_t node;
    __shared__ int held;
    gs_mutex_cohort_begin(&node);
    for (unsigned int it = 0; it < a.iters; ++it) {
        if (threadIdx.x == 0) held = (int)gs_mutex_cohort_lock((gs_mutex_cohort_t *)a.state, &node);
        __syncthreads();
        if (!held) break;
        simple_body(a);
        __syncthreads();
        if (threadIdx.x == 0) gs_mutex_cohort_unlock((gs_mutex_cohort_t *)a.state, &node);
    }
    gs_mutex_cohort_end();
}
// V2: the plain loop with a.sync tests only
__global__ void v_sync(gs_bench_args a)
{
    __shared__ gs_mutex_cohort_node_t node;
    gs_mutex_cohort_begin(&node);
    for (unsigned int it = 0; it < a.iters; ++it) {
        if (threadIdx.x == 0 && a.sync) gs_mutex_cohort_lock((gs_mutex_cohort_t *)a.state, &node);
        __syncthreads();
        simple_body(a);
        __syncthreads();
        if (threadIdx.x == 0 && a.sync) gs_mutex_cohort_unlock((gs_mutex_cohort_t *)a.state, &node);
    }
    gs_mutex_cohort_end();
}
// V3: the bench macro's loop written out, node declared before held
__global__ void v_order(gs_bench_args a)
{
    __shared__ gs_mutex_cohort_node_t node;
    __shared__ int held;
    gs_mutex_cohort_begin(&node);
    for (unsigned int it = 0; it < a.iters; ++it) {
        if (threadIdx.x == 0) held = a.sync ? (int)gs_mutex_cohort_lock((gs_mutex_cohort_t *)a.state, &node) : 1;
        __syncthreads();
        if (!held) break;
        simple_body(a);
        __syncthreads();
        if (threadIdx.x == 0 && a.sync) gs_mutex_cohort_unlock((gs_mutex_cohort_t *)a.state, &node);
    }
    gs_mutex_cohort_end();
}
// V4: the plain loop, held broadcast with __syncthreads_or instead of shared memory
__global__ void v_or(gs_bench_args a)
{
    __shared__ gs_mutex_cohort_node_t node;
    gs_mutex_cohort_begin(&node);
    for (unsigned int it = 0; it < a.iters; ++it) {
        int held = 1;
        if (threadIdx.x == 0 && a.sync) held = (int)gs_mutex_cohort_lock((gs_mutex_cohort_t *)a.state, &node);
        if (!__syncthreads_and(held)) break;
        simple_body(a);
        __syncthreads();
        if (threadIdx.x == 0 && a.sync) gs_mutex_cohort_unlock((gs_mutex_cohort_t *)a.state, &node);
    }
    gs_mutex_cohort_end();
}

static double run(const void *init, const void *kernel, gs_bench_args a, unsigned int cluster, int memsets)
{
    std::vector<float> ts;
    cudaEvent_t t0, t1; CKP(cudaEventCreate(&t0)); CKP(cudaEventCreate(&t1));
    void *args[] = {&a};
    for (int r = 0; r < 6; ++r) {
        if (memsets) { CKP(cudaMemset(a.state, 0, 4096)); CKP(cudaMemset(a.data, 0, 32 * 64 * 4)); CKP(cudaMemset(a.check, 0, 256)); CKP(cudaMemset(a.watchdog, 0, 64)); }
        else CKP(cudaMemset(a.state, 0, 4096));
        if (init) CKP(cudaLaunchKernel(init, dim3(1), dim3(1), args, 0, 0));
        CKP(cudaEventRecord(t0));
        cudaLaunchConfig_t cfg = {}; cudaLaunchAttribute at[1];
        cfg.gridDim = dim3(a.blocks); cfg.blockDim = dim3(a.threads);
        at[0].id = cudaLaunchAttributeClusterDimension; at[0].val.clusterDim.x = cluster; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
        cfg.attrs = at; cfg.numAttrs = 1;
        CKP(cudaLaunchKernelExC(&cfg, kernel, args));
        CKP(cudaEventRecord(t1)); CKP(cudaEventSynchronize(t1));
        float ms; CKP(cudaEventElapsedTime(&ms, t0, t1)); if (r) ts.push_back(ms);
    }
    std::sort(ts.begin(), ts.end());
    return ts[ts.size() / 2] * 1e6 / ((double)a.blocks * a.iters);
}

int main()
{
    int sms; CKP(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    gs_bench_args a; memset(&a, 0, sizeof a);
    CKP(cudaMalloc(&a.state, 4096)); CKP(cudaMalloc(&a.data, 32 * 64 * 4)); CKP(cudaMalloc(&a.check, 256)); CKP(cudaMalloc(&a.watchdog, 64));
    a.timeout_ns = 10000000000ull; a.threads = 32; a.iters = 20; a.sync = 1; a.cluster = 1;
    printf("tbs_per_sm,ldst,cluster,bench_kernel,bench_loop_simplebody,plain_loop,nocount,countafter\n");
    for (unsigned int p : {1u, 4u, 32u})
        for (unsigned int L : {1u, 10u}) {
            a.blocks = p * sms; a.ldst = L;
            const unsigned int c = a.blocks % 8 == 0 ? 8 : 4; a.cluster = c;
            const void *in = gs_kernels_probe_cohort_simple.init;
            printf("%u,%u,%u,%.1f,%.1f,%.1f,%.1f,%.1f\n", p, L, c,
                   run(gs_kernels_mutex_cohort.init, gs_kernels_mutex_cohort.kernel, a, c, 1),
                   run(in, gs_kernels_probe_cohort_simple.kernel, a, c, 1),
                   run(in, (const void *)plain_cohort, a, c, 1),
                   run(in, gs_kernels_probe_cohort_nocount.kernel, a, c, 1),
                   run(in, gs_kernels_probe_cohort_countafter.kernel, a, c, 1));
            fflush(stdout);
        }
    return 0;
}
