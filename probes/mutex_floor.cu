// Design probe (not built by make test): where a lock's critical section goes.
// nvcc -O3 -arch=sm_90 -std=c++17 -Iinclude probes/mutex_floor.cu -o mutex_floor
// Part A: two-block ping-pong with each release/acquire mechanism.
// Part B: the mutex benchmark's loop (32-thread blocks, iters 20, loads before
// stores) with variants of the ticket lock that leave one step out or change it.
#include <gsync/gsync.cuh>
#include <cuda/semaphore>
#include <new>
#include <stdio.h>
#include <stdlib.h>
#include <algorithm>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)
#define G GS_SCOPE_GPU
#define CHAIN 4096

static __device__ __forceinline__ unsigned int ld_relaxed_nc(const unsigned int *p) { return gs_ld_relaxed(p, G); }

// ---------- Part A: ping-pong ----------
// kind: 0 st.release/ld.acquire, 1 relaxed/relaxed, 2 st.release / ld.relaxed+fence.acquire,
// 3 fence.release+st.relaxed / ld.acquire, 4 st.release / ld.relaxed (no acquire),
// 5 st.relaxed / ld.acquire, 6 red.release.add / ld.acquire, 7 st.release / ld.relaxed + ld.acquire once
// 8 like 0 with 32 threads storing a word before the release and loading after (data hand-off),
// 9 like 8 with fence.acquire acquire
template <int K>
__global__ void pp(unsigned int *flags, unsigned int *data, unsigned long long *ns)
{
    unsigned int *mine = flags + 32u * blockIdx.x, *other = flags + 32u * (1u - blockIdx.x);
    __shared__ unsigned int ok;
    const unsigned long long t0 = gs_globaltimer();
    unsigned int acc = 0;
    for (unsigned int i = 1; i <= CHAIN; ++i) {
        for (int side = 0; side < 2; ++side) {
            const bool wait = (side == 0) == (blockIdx.x == 1);
            if (wait) {
                if (threadIdx.x == 0) {
                    if (K == 0 || K == 3 || K == 5 || K == 6 || K == 8)
                        while (gs_ld_acquire(mine, G) != i) {}
                    else if (K == 1 || K == 4)
                        while (gs_ld_relaxed(mine, G) != i) {}
                    else if (K == 2 || K == 9) {
                        while (gs_ld_relaxed(mine, G) != i) {}
                        gs_fence_acquire(G);
                    } else if (K == 7) {
                        while (gs_ld_relaxed(mine, G) != i) {}
                        (void)gs_ld_acquire(mine, G);
                    }
                    ok = 1;
                }
                if (K >= 8) { __syncthreads(); acc += data[threadIdx.x]; }
            } else {
                if (K >= 8) { data[threadIdx.x] = i + acc; __syncthreads(); }
                if (threadIdx.x == 0) {
                    if (K == 0 || K == 2 || K == 4 || K == 7 || K >= 8)
                        gs_st_release(other, i, G);
                    else if (K == 1 || K == 5)
                        gs_st_relaxed(other, i, G);
                    else if (K == 3) {
                        gs_fence_release(G);
                        gs_st_relaxed(other, i, G);
                    } else if (K == 6)
                        gs_red_add_release(other, 1u, G);
                }
            }
        }
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) ns[0] = gs_globaltimer() - t0;
    if (acc == 12345678u) ns[1] = acc;
}

template <int K> static double run_pp(int threads)
{
    unsigned int *f, *d; unsigned long long *ns, h;
    CK(cudaMalloc(&f, 4096)); CK(cudaMalloc(&d, 4096)); CK(cudaMalloc(&ns, 16));
    double best = 1e30;
    for (int r = 0; r < 4; ++r) {
        CK(cudaMemset(f, 0, 4096));
        void *args[] = {&f, &d, &ns};
        CK(cudaLaunchCooperativeKernel((void *)pp<K>, 2, threads, args, 0, 0));
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(&h, ns, 8, cudaMemcpyDeviceToHost));
        if (r) best = std::min(best, (double)h / (2.0 * CHAIN));
    }
    cudaFree(f); cudaFree(d); cudaFree(ns);
    return best;
}

// ---------- Part B: the lock loop ----------
struct lockst { unsigned int next, p0[31], serving, p1[31]; unsigned int slots[64 * 8192]; };

// variants
enum { V_TICKET, V_NOSYNC, V_RELAXPOLL, V_FENCEREL, V_REDREL, V_NOSLEEP, V_PIPE2, V_NOLOCK, V_LIBCU,
       V_RELAXPOLL_NOSYNC, V_ARRAY, V_SLEEPD1, V_NV };
static const char *vname[] = {"ticket", "ticket-syncwarp", "ticket-relaxedpoll+fence.acquire", "ticket-fence.release+st.relaxed",
                              "ticket-red.release", "ticket-nosleep", "ticket-pipelined2", "nolock(body only)", "libcu",
                              "ticket-relaxedpoll-syncwarp", "array-ownline-relaxedpoll", "ticket-d1-sleep100"};

template <int V>
__global__ void lockk(lockst *m, unsigned int *data, unsigned int iters, unsigned int ldst, unsigned int nslots)
{
    __shared__ unsigned int tok;
    unsigned int *d = data + threadIdx.x;
    const unsigned int inc = blockIdx.x + 1u;
    typedef cuda::binary_semaphore<cuda::thread_scope_device> sem;
    for (unsigned int it = 0; it < iters; ++it) {
        if (threadIdx.x == 0 && V != V_NOLOCK) {
            if (V == V_LIBCU) {
                ((sem *)m)->acquire();
            } else if (V == V_ARRAY) {
                const unsigned int t = gs_atom_add_relaxed(&m->next, 1u, G);
                unsigned int *slot = &m->slots[(t & (nslots - 1u)) * 32u];
                while (gs_ld_relaxed(slot, G) != t) {}
                gs_fence_acquire(G);
                tok = t;
            } else {
                const unsigned int t = gs_atom_add_relaxed(&m->next, 1u, G);
                unsigned int dd;
                if (V == V_RELAXPOLL || V == V_RELAXPOLL_NOSYNC) {
                    while ((dd = t - gs_ld_relaxed(&m->serving, G)) != 0u)
                        if (dd > 1u) gs_nanosleep((dd - 1u) * 200u);
                    gs_fence_acquire(G);
                } else if (V == V_PIPE2) {
                    for (;;) {
                        dd = t - gs_ld_relaxed(&m->serving, G);
                        if (dd == 0u) break;
                        if (dd > 1u) { gs_nanosleep((dd - 1u) * 200u); continue; }
                        // two polls in flight, half a round trip apart
                        unsigned int a = gs_ld_relaxed(&m->serving, G);
                        gs_nanosleep(40);
                        unsigned int b = gs_ld_relaxed(&m->serving, G);
                        if (a == t || b == t) break;
                    }
                    gs_fence_acquire(G);
                } else if (V == V_NOSLEEP) {
                    while (gs_ld_acquire(&m->serving, G) != t) {}
                } else if (V == V_SLEEPD1) {
                    while ((dd = t - gs_ld_acquire(&m->serving, G)) != 0u) gs_nanosleep(dd * 100u);
                } else {
                    while ((dd = t - gs_ld_acquire(&m->serving, G)) != 0u)
                        if (dd > 1u) gs_nanosleep((dd - 1u) * 200u);
                }
                tok = t;
            }
        }
        if (V == V_NOSYNC || V == V_RELAXPOLL_NOSYNC) __syncwarp(); else __syncthreads();
        for (unsigned int j0 = 0; j0 < ldst; j0 += 10) {
            unsigned int v[10];
#pragma unroll
            for (unsigned int k = 0; k < 10; ++k) if (j0 + k < ldst) v[k] = d[(j0 + k) * blockDim.x];
#pragma unroll
            for (unsigned int k = 0; k < 10; ++k) if (j0 + k < ldst) d[(j0 + k) * blockDim.x] = v[k] + inc;
        }
        if (V == V_NOSYNC || V == V_RELAXPOLL_NOSYNC) __syncwarp(); else __syncthreads();
        if (threadIdx.x == 0 && V != V_NOLOCK) {
            if (V == V_LIBCU) ((sem *)m)->release();
            else if (V == V_ARRAY) {
                const unsigned int t = tok + 1u;
                gs_st_release(&m->slots[(t & (nslots - 1u)) * 32u], t, G);
            } else if (V == V_FENCEREL) { gs_fence_release(G); gs_st_relaxed(&m->serving, tok + 1u, G); }
            else if (V == V_REDREL) gs_red_add_release(&m->serving, 1u, G);
            else gs_st_release(&m->serving, tok + 1u, G);
        }
    }
}

typedef void (*kfn)(lockst *, unsigned int *, unsigned int, unsigned int, unsigned int);
static kfn kernels[] = {lockk<0>, lockk<1>, lockk<2>, lockk<3>, lockk<4>, lockk<5>, lockk<6>, lockk<7>, lockk<8>, lockk<9>, lockk<10>, lockk<11>};

__global__ void init_libcu(lockst *m) { new (m) cuda::binary_semaphore<cuda::thread_scope_device>(1); }


// ---------- Part C: geography, fences, cluster hand-off ----------
// C1: block 0 and block `partner` (1 block/SM grid) pass a 32-word section:
// 32 stores, st.release.gpu; relaxed poll + fence.acquire; 32 loads.
__global__ void pair_k(unsigned int *flags, unsigned int *data, unsigned long long *ns, unsigned int partner)
{
    if (blockIdx.x != 0 && blockIdx.x != partner) return;
    const unsigned int me = blockIdx.x == 0 ? 0u : 1u;
    unsigned int *mine = flags + 32u * me, *other = flags + 32u * (1u - me);
    unsigned int acc = 0;
    const unsigned long long t0 = gs_globaltimer();
    for (unsigned int i = 1; i <= CHAIN; ++i)
        for (int side = 0; side < 2; ++side) {
            const bool wait = (side == 0) == (me == 1);
            if (wait) {
                if (threadIdx.x == 0) { while (gs_ld_relaxed(mine, G) != i) {} gs_fence_acquire(G); }
                __syncthreads(); acc += data[threadIdx.x];
            } else {
                data[threadIdx.x] = i + acc; __syncthreads();
                if (threadIdx.x == 0) gs_st_release(other, i, G);
            }
        }
    if (threadIdx.x == 0) { if (me == 0) ns[0] = gs_globaltimer() - t0; ns[1 + me] = gs_smid(); }
    if (acc == 12345678u) ns[3] = acc;
}

// C2: one thread, CHAIN times: kind 0 fence.acq_rel.gpu; 1 st + fence.acq_rel.gpu; 2 fence.acq_rel.cluster;
// 3 st + fence.acq_rel.cluster; 4 fence.acquire.gpu; 5 st.release.gpu; 6 red.release.gpu; 7 st.relaxed only
template <int K> __global__ void fence_k(unsigned int *p, unsigned long long *ns)
{
    const unsigned long long t0 = gs_globaltimer();
    for (unsigned int i = 0; i < CHAIN; ++i) {
        if (K == 1 || K == 3 || K == 7) gs_st_relaxed(p + (i & 31u) * 32u, i, G);
        if (K == 0 || K == 1) gs_fence_acq_rel(G);
        if (K == 2 || K == 3) gs_fence_acq_rel(GS_SCOPE_CLUSTER);
        if (K == 4) gs_fence_acquire(G);
        if (K == 5) gs_st_release(p, i, G);
        if (K == 6) gs_red_add_release(p, 1u, G);
    }
    ns[0] = gs_globaltimer() - t0;
}

// C3: a cluster of 2 blocks pass a 32-word global section; the flag in the
// receiver's shared memory (written over DSMEM).  K 0: release/acquire at
// cluster scope; 1: at gpu scope; 2: cluster, relaxed poll + fence.acquire.cluster
template <int K> __global__ void cl_k(unsigned int *data, unsigned long long *ns)
{
    __shared__ unsigned int flag;
    const unsigned int rank = gs_cluster_rank();
    if (threadIdx.x == 0) flag = 0u;
    gs_cluster_sync();
    unsigned int *other = (unsigned int *)gs_cluster_map(&flag, 1u - rank);
    const enum gs_scope S = K == 1 ? G : GS_SCOPE_CLUSTER;
    unsigned int acc = 0;
    const unsigned long long t0 = gs_globaltimer();
    for (unsigned int i = 1; i <= CHAIN; ++i)
        for (int side = 0; side < 2; ++side) {
            const bool wait = (side == 0) == (rank == 1);
            if (wait) {
                if (threadIdx.x == 0) {
                    if (K == 2) { while (gs_ld_relaxed(&flag, S) != i) {} gs_fence_acquire(S); }
                    else while (gs_ld_acquire(&flag, S) != i) {}
                }
                __syncthreads(); acc += data[threadIdx.x];
            } else {
                data[threadIdx.x] = i + acc; __syncthreads();
                if (threadIdx.x == 0) gs_st_release(other, i, S);
            }
        }
    if (rank == 0 && threadIdx.x == 0) ns[0] = gs_globaltimer() - t0;
    if (acc == 12345678u) ns[3] = acc;
    gs_cluster_sync();
}

template <int K> static void run_fence(const char *name)
{
    unsigned int *p; unsigned long long *ns, h;
    CK(cudaMalloc(&p, 8192)); CK(cudaMalloc(&ns, 16)); CK(cudaMemset(p, 0, 8192));
    double best = 1e30;
    for (int r = 0; r < 3; ++r) { fence_k<K><<<1, 1>>>(p, ns); CK(cudaDeviceSynchronize()); CK(cudaMemcpy(&h, ns, 8, cudaMemcpyDeviceToHost)); if (r) best = std::min(best, (double)h / CHAIN); }
    printf("C2,%s,%.1f\n", name, best);
    cudaFree(p); cudaFree(ns);
}

template <int K> static void run_cl(const char *name)
{
    unsigned int *d; unsigned long long *ns, h;
    CK(cudaMalloc(&d, 4096)); CK(cudaMalloc(&ns, 32));
    double best = 1e30;
    for (int r = 0; r < 3; ++r) {
        cudaLaunchConfig_t cfg = {}; cudaLaunchAttribute at[1];
        cfg.gridDim = dim3(2); cfg.blockDim = dim3(32);
        at[0].id = cudaLaunchAttributeClusterDimension; at[0].val.clusterDim.x = 2; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
        cfg.attrs = at; cfg.numAttrs = 1;
        CK(cudaLaunchKernelEx(&cfg, cl_k<K>, d, ns));
        CK(cudaDeviceSynchronize()); CK(cudaMemcpy(&h, ns, 8, cudaMemcpyDeviceToHost));
        if (r) best = std::min(best, (double)h / (2.0 * CHAIN));
    }
    printf("C3,%s,%.1f\n", name, best);
    cudaFree(d); cudaFree(ns);
}

static void part_c(int sms)
{
    unsigned int *f, *d; unsigned long long *ns, h[3];
    CK(cudaMalloc(&f, 4096)); CK(cudaMalloc(&d, 4096)); CK(cudaMalloc(&ns, 32));
    printf("part,partner,sm0,sm1,ns\n");
    for (unsigned int k = 1; k < (unsigned int)sms; ++k) {
        CK(cudaMemset(f, 0, 4096));
        void *args[] = {&f, &d, &ns, &k};
        CK(cudaLaunchCooperativeKernel((void *)pair_k, sms, 32, args, 0, 0));
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(h, ns, 24, cudaMemcpyDeviceToHost));
        printf("C1,%u,%llu,%llu,%.1f\n", k, h[1], h[2], (double)h[0] / (2.0 * CHAIN));
    }
    cudaFree(f); cudaFree(d); cudaFree(ns);
    printf("part,kind,ns\n");
    run_fence<0>("fence.acq_rel.gpu alone"); run_fence<1>("st.relaxed + fence.acq_rel.gpu");
    run_fence<2>("fence.acq_rel.cluster alone"); run_fence<3>("st.relaxed + fence.acq_rel.cluster");
    run_fence<4>("fence.acquire.gpu alone"); run_fence<5>("st.release.gpu"); run_fence<6>("red.release.gpu");
    run_fence<7>("st.relaxed alone");
    run_cl<0>("cluster pair: data + st.release.cluster to DSMEM flag / ld.acquire.cluster");
    run_cl<1>("cluster pair: data + st.release.gpu to DSMEM flag / ld.acquire.gpu");
    run_cl<2>("cluster pair: data + st.release.cluster / relaxed poll + fence.acquire.cluster");
}

// ---------- Part D: one cluster of N blocks, one lock, 32-thread blocks ----------
// K 0: library MCS lock (cluster scope, DSMEM); 1: round robin through DSMEM flags
// (no queue protocol: the pass alone); 2: library ticket lock at gpu scope;
// 3: library ticket lock at cluster scope (global words)
template <int K> __global__ void dk(gs_mutex_ticket_t *t, unsigned int *data, unsigned int iters, unsigned int ldst)
{
    __shared__ gs_mutex_mcs_node_t node;
    __shared__ unsigned int flag;
    const unsigned int rank = gs_cluster_rank(), n = gridDim.x;
    if (threadIdx.x == 0) flag = 0u;
    gs_mutex_mcs_begin(&node);
    unsigned int *succ = (unsigned int *)gs_cluster_map(&flag, (rank + 1u) % n);
    unsigned int *d = data + threadIdx.x, tok = 0;
    const unsigned int inc = rank + 1u;
    for (unsigned int it = 0; it < iters; ++it) {
        if (threadIdx.x == 0) {
            if (K == 0) gs_mutex_mcs_lock(&node, GS_SCOPE_CLUSTER);
            if (K == 1) { if (!(it == 0 && rank == 0)) while (gs_ld_acquire(&flag, GS_SCOPE_CLUSTER) != it * n + rank) {} }
            if (K == 2) gs_mutex_ticket_lock(t, &tok, G);
            if (K == 3) gs_mutex_ticket_lock(t, &tok, GS_SCOPE_CLUSTER);
        }
        __syncthreads();
        for (unsigned int j0 = 0; j0 < ldst; j0 += 10) {
            unsigned int v[10];
#pragma unroll
            for (unsigned int k = 0; k < 10; ++k) if (j0 + k < ldst) v[k] = d[(j0 + k) * blockDim.x];
#pragma unroll
            for (unsigned int k = 0; k < 10; ++k) if (j0 + k < ldst) d[(j0 + k) * blockDim.x] = v[k] + inc;
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            if (K == 0) gs_mutex_mcs_unlock(&node, GS_SCOPE_CLUSTER);
            if (K == 1) gs_st_release(succ, it * n + rank + 1u, GS_SCOPE_CLUSTER);
            if (K == 2) gs_mutex_ticket_unlock(t, tok, G);
            if (K == 3) gs_mutex_ticket_unlock(t, tok, GS_SCOPE_CLUSTER);
        }
    }
    gs_mutex_mcs_end();
}

template <int K> static void run_d(const char *name, unsigned int n, unsigned int ldst)
{
    gs_mutex_ticket_t *t; unsigned int *d;
    CK(cudaMalloc(&t, sizeof *t)); CK(cudaMalloc(&d, 32 * 64 * 4));
    const unsigned int iters = 2000;
    std::vector<float> ts;
    cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    for (int r = 0; r < 4; ++r) {
        CK(cudaMemset(t, 0, sizeof *t)); CK(cudaMemset(d, 0, 32 * 64 * 4));
        cudaLaunchConfig_t cfg = {}; cudaLaunchAttribute at[1];
        cfg.gridDim = dim3(n); cfg.blockDim = dim3(32);
        at[0].id = cudaLaunchAttributeClusterDimension; at[0].val.clusterDim.x = n; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
        cfg.attrs = at; cfg.numAttrs = 1;
        CK(cudaEventRecord(a));
        CK(cudaLaunchKernelEx(&cfg, dk<K>, t, d, iters, ldst));
        CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
        float ms; CK(cudaEventElapsedTime(&ms, a, b)); if (r) ts.push_back(ms);
    }
    std::vector<unsigned int> h(32 * ldst);
    CK(cudaMemcpy(h.data(), d, h.size() * 4, cudaMemcpyDeviceToHost));
    const unsigned int want = n * (n + 1) / 2 * iters; int bad = 0; for (auto x : h) if (x != want) bad = 1;
    std::sort(ts.begin(), ts.end());
    printf("D,%s,%u,%u,%.1f,%s\n", name, n, ldst, ts[0] * 1e6 / ((double)n * iters), bad ? "FAIL" : "PASS");
    cudaFree(t); cudaFree(d);
}

static void part_d(void)
{
    printf("part,kind,cluster,ldst,ns_per_cs,verdict\n");
    for (unsigned int n : {2u, 4u, 8u})
        for (unsigned int L : {1u, 10u}) {
            run_d<0>("mcs (library) cluster scope", n, L);
            run_d<1>("round robin DSMEM flags", n, L);
            run_d<2>("ticket gpu scope, one cluster", n, L);
            run_d<3>("ticket cluster scope, one cluster", n, L);
        }
}

// ---------- Part E: the library's cohort lock over the whole grid ----------
__global__ void ek(gs_mutex_cohort_t *m, unsigned int *data, unsigned int iters, unsigned int ldst)
{
    __shared__ gs_mutex_cohort_node_t node;
    __shared__ int held;
    gs_mutex_cohort_begin(&node);
    unsigned int *d = data + threadIdx.x;
    const unsigned int inc = blockIdx.x + 1u;
    for (unsigned int it = 0; it < iters; ++it) {
        if (threadIdx.x == 0) held = gs_mutex_cohort_lock(m, &node);
        __syncthreads();
        for (unsigned int j0 = 0; j0 < ldst; j0 += 10) {
            unsigned int v[10];
#pragma unroll
            for (unsigned int k = 0; k < 10; ++k) if (j0 + k < ldst) v[k] = d[(j0 + k) * blockDim.x];
#pragma unroll
            for (unsigned int k = 0; k < 10; ++k) if (j0 + k < ldst) d[(j0 + k) * blockDim.x] = v[k] + inc;
        }
        __syncthreads();
        if (threadIdx.x == 0) gs_mutex_cohort_unlock(m, &node);
    }
    gs_mutex_cohort_end();
}

#ifdef GSYNC_WATCHDOG
__global__ void arm_k(gs_watchdog_t *wd) { gs_watchdog_arm(wd, 10000000000ull); }
#endif
static void part_e(int sms)
{
    gs_mutex_cohort_t *m; unsigned int *d;
#ifdef GSYNC_WATCHDOG
    gs_watchdog_t *wd; CK(cudaMalloc(&wd, sizeof *wd));
#endif
    CK(cudaMalloc(&m, sizeof *m)); CK(cudaMalloc(&d, 32 * 64 * 4));
    printf("part,kind,tbs_per_sm,cluster,iters,ldst,ns_per_cs,verdict\n");
    for (unsigned int p : {1u, 4u, 32u})
        for (unsigned int c : {2u, 4u, 8u})
            for (unsigned int iters : {20u})
                for (unsigned int L : {1u, 10u}) {
                    unsigned int n = p * sms; if (n % c) continue;
                    std::vector<float> ts;
                    cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
                    for (int r = 0; r < 4; ++r) {
                        CK(cudaMemset(m, 0, sizeof *m)); CK(cudaMemset(d, 0, 32 * 64 * 4));
#ifdef GSYNC_WATCHDOG
                        arm_k<<<1, 1>>>(wd);
#endif
                        cudaLaunchConfig_t cfg = {}; cudaLaunchAttribute at[1];
                        cfg.gridDim = dim3(n); cfg.blockDim = dim3(32);
                        at[0].id = cudaLaunchAttributeClusterDimension; at[0].val.clusterDim.x = c; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
                        cfg.attrs = at; cfg.numAttrs = 1;
                        CK(cudaEventRecord(a));
                        CK(cudaLaunchKernelEx(&cfg, ek, m, d, iters, L));
                        CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
                        float ms; CK(cudaEventElapsedTime(&ms, a, b)); if (r) ts.push_back(ms);
                    }
                    std::vector<unsigned int> h(32 * L);
                    CK(cudaMemcpy(h.data(), d, h.size() * 4, cudaMemcpyDeviceToHost));
                    unsigned long long nn = n; const unsigned int want = (unsigned int)((nn * (nn + 1) / 2 * iters) & 0xffffffffu);
                    int bad = 0; for (auto x : h) if (x != want) bad = 1;
                    std::sort(ts.begin(), ts.end());
                    printf("E,cohort,%u,%u,%u,%u,%.1f,%s\n", p, c, iters, L, ts[1] * 1e6 / ((double)n * iters), bad ? "FAIL" : "PASS");
                    fflush(stdout);
                }
}

// ---------- Part F: semaphores, readers only, one permit each ----------
// K 0: gsync's ticket semaphore (library); 1: cuda::counting_semaphore acquire/release.
// Each block: thread 0 enters, the block reads ldst words a thread, thread 0 leaves.
// check != 0: thread 0 counts blocks inside and the launch records the most seen.
typedef cuda::counting_semaphore<cuda::thread_scope_device, 1024> csem;
template <int K> __global__ void fk(void *st, const unsigned int *data, unsigned int iters, unsigned int ldst,
                                    unsigned int size, unsigned int *chk, unsigned int *sink)
{
    const unsigned int *d = data + threadIdx.x;
    unsigned int acc = 0;
    for (unsigned int it = 0; it < iters; ++it) {
        if (threadIdx.x == 0) {
            if (K == 0) gs_sem_ticket_enter((gs_sem_ticket_t *)st, 1u, size, G);
            else ((csem *)st)->acquire();
            if (chk) { const unsigned int in = atomicAdd(&chk[0], 1u) + 1u; atomicMax(&chk[1], in); }
        }
        __syncthreads();
        for (unsigned int j = 0; j < ldst; ++j) acc += d[j * blockDim.x];
        __syncthreads();
        if (threadIdx.x == 0) {
            if (chk) atomicSub(&chk[0], 1u);
            if (K == 0) gs_sem_ticket_leave((gs_sem_ticket_t *)st, 1u, G);
            else ((csem *)st)->release();
        }
    }
    if (acc == 0xdeadbeefu) sink[0] = acc;
}
__global__ void init_csem(void *st, unsigned int size) { new (st) csem((ptrdiff_t)size); }

template <int K> static void run_f(const char *name, int sms, unsigned int p, unsigned int size, unsigned int L)
{
    void *st; unsigned int *d, *chk, *sink, h[2];
    CK(cudaMalloc(&st, 256)); CK(cudaMalloc(&d, 32 * 64 * 4)); CK(cudaMalloc(&chk, 8)); CK(cudaMalloc(&sink, 4));
    CK(cudaMemset(d, 1, 32 * 64 * 4));
    const unsigned int blocks = p * sms, iters = 20;
    std::vector<float> ts;
    cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    for (int r = 0; r < 6; ++r) {
        CK(cudaMemset(st, 0, 256)); CK(cudaMemset(chk, 0, 8));
        if (K == 1) init_csem<<<1, 1>>>(st, size);
        CK(cudaEventRecord(a));
        fk<K><<<blocks, 32>>>(st, d, iters, L, size, r == 0 ? chk : NULL, sink);
        CK(cudaGetLastError());
        CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b));
        float ms; CK(cudaEventElapsedTime(&ms, a, b)); if (r) ts.push_back(ms);
        if (r == 0) CK(cudaMemcpy(h, chk, 8, cudaMemcpyDeviceToHost));
    }
    std::sort(ts.begin(), ts.end());
    printf("F,%s,%u,%u,%u,%.1f,%.1f,most inside %u,%s\n", name, p, size, L, ts[ts.size() / 2] * 1e6 / ((double)blocks * iters),
           (ts.back() - ts.front()) / ts[ts.size() / 2] * 100.0, h[1], h[1] <= size && h[0] == 0 ? "PASS" : "FAIL");
    fflush(stdout);
    cudaFree(st); cudaFree(d); cudaFree(chk); cudaFree(sink);
}
static void part_f(int sms)
{
    printf("part,kind,tbs_per_sm,size,ldst,ns_per_entry,noise_pct,check,verdict\n");
    for (unsigned int size : {1u, 10u, 120u})
        for (unsigned int L : {1u, 10u})
            for (unsigned int p : {1u, 2u, 4u, 8u, 16u, 32u}) {
                run_f<0>("ticketSem readers", sms, p, size, L);
                run_f<1>("cuda::counting_semaphore readers", sms, p, size, L);
            }
}

int main(int argc, char **argv)
{
    int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const char *part = argc > 1 ? argv[1] : "AB";
    if (strchr(part, 'A')) {
        printf("part,kind,threads,ns\n");
        printf("A,st.release/ld.acquire,1,%.1f\n", run_pp<0>(32));
        printf("A,st.relaxed/ld.relaxed,1,%.1f\n", run_pp<1>(32));
        printf("A,st.release/ld.relaxed+fence.acquire,1,%.1f\n", run_pp<2>(32));
        printf("A,fence.release+st.relaxed/ld.acquire,1,%.1f\n", run_pp<3>(32));
        printf("A,st.release/ld.relaxed(no acquire),1,%.1f\n", run_pp<4>(32));
        printf("A,st.relaxed/ld.acquire,1,%.1f\n", run_pp<5>(32));
        printf("A,red.release.add/ld.acquire,1,%.1f\n", run_pp<6>(32));
        printf("A,st.release/ld.relaxed+ld.acquire once,1,%.1f\n", run_pp<7>(32));
        printf("A,data: 32 stores+st.release/ld.acquire+32 loads,32,%.1f\n", run_pp<8>(32));
        printf("A,data: 32 stores+st.release/ld.relaxed+fence.acquire+32 loads,32,%.1f\n", run_pp<9>(32));
    }
    if (strchr(part, 'C')) part_c(sms);
    if (strchr(part, 'D')) part_d();
    if (strchr(part, 'E')) part_e(sms);
    if (strchr(part, 'F')) part_f(sms);
    if (!strchr(part, 'B')) return 0;
    lockst *m; unsigned int *data;
    CK(cudaMalloc(&m, sizeof(lockst)));
    CK(cudaMalloc(&data, 32 * 64 * sizeof(unsigned int)));
    const unsigned int iters = 20;
    printf("part,variant,tbs_per_sm,ldst,ns_per_cs,noise_pct,verdict\n");
    const unsigned int per_sm[] = {1, 2, 4, 8, 16, 32}, ldsts[] = {1, 10, 40};
    for (int v = 0; v < V_NV; ++v)
        for (unsigned int L : ldsts)
            for (unsigned int p : per_sm) {
                const unsigned int blocks = p * sms;
                unsigned int nslots = 1; while (nslots < blocks) nslots <<= 1;
                std::vector<float> t;
                cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
                unsigned int want = 0;
                for (int r = 0; r < 6; ++r) {
                    CK(cudaMemset(m, 0, sizeof(lockst)));
                    if (v == V_LIBCU) init_libcu<<<1, 1>>>(m);
                    if (v == V_ARRAY) { /* slot 0 holds ticket 0; others hold a ticket never drawn first */
                        std::vector<unsigned int> s(64 * 8192, 0u);
                        for (unsigned int j = 1; j < nslots; ++j) s[j * 32] = ~0u;
                        CK(cudaMemcpy(m->slots, s.data(), s.size() * 4, cudaMemcpyHostToDevice));
                    }
                    CK(cudaMemset(data, 0, 32 * 64 * 4));
                    CK(cudaEventRecord(a));
                    kernels[v]<<<blocks, 32>>>(m, data, iters, L, nslots);
                    CK(cudaGetLastError());
                    CK(cudaEventRecord(b));
                    CK(cudaEventSynchronize(b));
                    float ms; CK(cudaEventElapsedTime(&ms, a, b));
                    if (r) t.push_back(ms);
                }
                // verify: every word = sum over blocks of (b+1) * iters
                std::vector<unsigned int> h(32 * L);
                CK(cudaMemcpy(h.data(), data, h.size() * 4, cudaMemcpyDeviceToHost));
                unsigned long long bb = blocks; want = (unsigned int)((bb * (bb + 1) / 2 * iters) & 0xffffffffu);
                int bad = 0; for (auto x : h) if (x != want) bad = 1;
                std::sort(t.begin(), t.end());
                const double med = t[t.size() / 2] * 1e6 / ((double)blocks * iters);
                const double noise = (t.back() - t.front()) / t[t.size() / 2] * 100.0;
                printf("B,%s,%u,%u,%.1f,%.1f,%s\n", vname[v], p, L, med, noise, v == V_NOLOCK ? "n/a" : bad ? "FAIL" : "PASS");
                fflush(stdout);
                cudaEventDestroy(a); cudaEventDestroy(b);
            }
    return 0;
}
