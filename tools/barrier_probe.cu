/* tools/barrier_probe.cu: where a flat barrier's time goes on this GPU.
 *
 *   rt      per SM, the atomic and acquire-load round trip to each of 8 lines
 *           (one block on one SM at a time): is the L2 near for some SMs and
 *           far for others?
 *   membar  fence.acq_rel.gpu issued by every block at once, at 1 and 32
 *           blocks per SM: does a fence cost more when all SMs fence?
 *   trace   the flat barrier (red.release, ld.acquire polls) at 1 block/SM,
 *           with %globaltimer stamps per block and episode: when each block
 *           arrived and when it saw the release.
 *   gtrace  the same for the gathered barrier (red.release on a counter per
 *           AG blocks; block 0's warp polls the counters, fences, and writes
 *           a flag per RG blocks), at 4 and 32 blocks/SM, with the
 *           gatherer's own stamps.
 *
 * Build: nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude tools/barrier_probe.cu -o build/barrier_probe
 * Run:   ./build/barrier_probe > probe.txt
 */
#include <gsync/ptx.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define TOOL_NAME "barrier_probe"
#include "tool_check.cuh"

#define CHAIN 256

/* The block that landed on SM `target` times a dependent chain on line `line`. */
static __global__ void rt_kernel(unsigned int *lines, unsigned int target, unsigned int line, unsigned long long *out)
{
    if (threadIdx.x != 0 || gs_smid() != target)
        return;
    unsigned int *p = lines + 32u * line, v = 0u;
    unsigned long long t0 = gs_globaltimer();
    for (int i = 0; i < CHAIN; ++i)
        v = gs_atom_add_relaxed(p + (v == 0xdeadbeefu), 1u, GS_SCOPE_GPU);
    unsigned long long t1 = gs_globaltimer();
    for (int i = 0; i < CHAIN; ++i)
        v = gs_ld_acquire(p + (v == 0xdeadbeefu), GS_SCOPE_GPU);
    unsigned long long t2 = gs_globaltimer();
    out[0] = t1 - t0;
    out[1] = t2 - t1;
    out[2] = v;
}

static __global__ void membar_kernel(unsigned long long *out)
{
    unsigned long long t0 = gs_globaltimer();
    for (int i = 0; i < 1024; ++i)
        gs_fence_acq_rel(GS_SCOPE_GPU);
    unsigned long long t = gs_globaltimer() - t0;
    if (threadIdx.x == 0)
        atomicMax(out, t);
}

#define TRACE_EPISODES 64

/* Flat barrier; stamps[e][b] = {arrive, seen} in globaltimer ns. */
static __global__ void trace_kernel(unsigned int *root, unsigned long long *stamps)
{
    const unsigned int n = gridDim.x, b = blockIdx.x;
    for (unsigned int e = 0; e < TRACE_EPISODES; ++e) {
        __syncthreads();
        if (threadIdx.x == 0) {
            unsigned long long ta = gs_globaltimer();
            gs_red_add_release(root, 1u, GS_SCOPE_GPU);
            while ((int)(gs_ld_acquire(root, GS_SCOPE_GPU) - n * (e + 1u)) < 0) {
            }
            unsigned long long ts = gs_globaltimer();
            stamps[2u * ((size_t)e * n + b)] = ta;
            stamps[2u * ((size_t)e * n + b) + 1u] = ts;
        }
        __syncthreads();
    }
}

/* Gathered barrier; stamps[e][b] = {arrive, seen}; gather[e] = {all
 * counters seen, flags written}. */
static __global__ void gtrace_kernel(unsigned int *w, unsigned int ag, unsigned int rg, unsigned long long *stamps,
                                     unsigned long long *gather)
{
    const unsigned int n = gridDim.x, b = blockIdx.x, lane = threadIdx.x;
    const unsigned int na = (n + ag - 1u) / ag, nr = (n + rg - 1u) / rg;
    for (unsigned int e = 0; e < TRACE_EPISODES; ++e) {
        const unsigned int goal = e + 1u;
        __syncthreads();
        unsigned long long ta = gs_globaltimer();
        if (lane == 0u)
            gs_red_add_release(w + 32u * (1u + b / ag), 1u, GS_SCOPE_GPU);
        if (b == 0u) {
            for (unsigned int i = lane; i < na; i += 32u)
                while ((int)(gs_ld_relaxed(w + 32u * (1u + i), GS_SCOPE_GPU) - goal * min(ag, n - i * ag)) < 0) {
                }
            __syncwarp();
            unsigned long long tg = gs_globaltimer();
            gs_fence_acq_rel(GS_SCOPE_GPU);
            for (unsigned int i = lane; i < nr; i += 32u)
                gs_st_relaxed(w + 32u * (1u + na + i), goal, GS_SCOPE_GPU);
            if (lane == 0u) {
                gather[2u * e] = tg;
                gather[2u * e + 1u] = gs_globaltimer();
            }
        } else if (lane == 0u) {
            while ((int)(gs_ld_acquire(w + 32u * (1u + na + b / rg), GS_SCOPE_GPU) - goal) < 0) {
            }
        }
        if (lane == 0u) {
            stamps[2u * ((size_t)e * n + b)] = ta;
            stamps[2u * ((size_t)e * n + b) + 1u] = gs_globaltimer();
        }
        __syncthreads();
    }
}

static void gtrace(int sms, unsigned int per_sm, unsigned int ag, unsigned int rg)
{
    unsigned int n = per_sm * sms, *w;
    std::vector<unsigned long long> st(2u * TRACE_EPISODES * n), ga(2u * TRACE_EPISODES);
    unsigned long long *dst, *dga;
    CK(cudaMalloc(&w, 128u * (2u + 2u * n)));
    CK(cudaMemset(w, 0, 128u * (2u + 2u * n)));
    CK(cudaMalloc(&dst, st.size() * sizeof(unsigned long long)));
    CK(cudaMalloc(&dga, ga.size() * sizeof(unsigned long long)));
    void *args[] = {&w, &ag, &rg, &dst, &dga};
    CK(cudaLaunchCooperativeKernel((void *)gtrace_kernel, n, 32, args, 0, 0));
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(st.data(), dst, st.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(ga.data(), dga, ga.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
    printf("# gtrace %u blocks/SM, AG %u, RG %u: episode, arrival spread, gathered - last arrival, flags written - "
           "gathered, first seen - flags written, last seen - flags written, period\n",
           per_sm, ag, rg);
    unsigned long long prev = 0;
    for (unsigned int e = 0; e < TRACE_EPISODES; e += 4) {
        unsigned long long a0 = ~0ull, a1 = 0, s0 = ~0ull, s1 = 0;
        for (unsigned int b = 1; b < n; ++b) {
            unsigned long long ta = st[2u * ((size_t)e * n + b)], ts = st[2u * ((size_t)e * n + b) + 1u];
            a0 = std::min(a0, ta), a1 = std::max(a1, ta), s0 = std::min(s0, ts), s1 = std::max(s1, ts);
        }
        printf("gtrace,%u,%u,%lld,%lld,%lld,%lld,%lld,%lld\n", per_sm, e, (long long)(a1 - a0),
               (long long)(ga[2u * e] - a1), (long long)(ga[2u * e + 1u] - ga[2u * e]), (long long)(s0 - ga[2u * e + 1u]),
               (long long)(s1 - ga[2u * e + 1u]), e ? (long long)(ga[2u * e] - prev) / 4 : 0ll);
        prev = ga[2u * e];
    }
    CK(cudaFree(w));
    CK(cudaFree(dst));
    CK(cudaFree(dga));
}

static __global__ void timer_step(unsigned long long *out)
{
    unsigned long long best = ~0ull, last = gs_globaltimer();
    for (int i = 0; i < 100000; ++i) {
        unsigned long long t = gs_globaltimer();
        if (t != last && t - last < best)
            best = t - last;
        last = t;
    }
    *out = best;
}

int main()
{
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    unsigned int *lines;
    unsigned long long *out, h[3];
    CK(cudaMalloc(&lines, 8 * 128));
    CK(cudaMalloc(&out, 3 * sizeof(unsigned long long)));
    CK(cudaMemset(lines, 0, 8 * 128));

    timer_step<<<1, 1>>>(out);
    CK(cudaGetLastError());
    CK(cudaMemcpy(h, out, sizeof h[0], cudaMemcpyDeviceToHost));
    printf("# globaltimer step: %llu ns\n", h[0]);

    printf("# rt: sm, then per line atomic/acquire-load ns\n");
    for (int sm = 0; sm < sms; ++sm) {
        printf("rt,%d", sm);
        for (unsigned int line = 0; line < 8u; ++line) {
            CK(cudaMemset(out, 0, 3 * sizeof(unsigned long long)));
            rt_kernel<<<2 * sms, 32>>>(lines, sm, line, out);
            rt_kernel<<<2 * sms, 32>>>(lines, sm, line, out);
            CK(cudaGetLastError());
            CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
            printf(",%.0f/%.0f", h[0] / (double)CHAIN, h[1] / (double)CHAIN);
        }
        printf("\n");
    }

    for (int per_sm : {1, 8, 32}) {
        CK(cudaMemset(out, 0, sizeof h[0]));
        membar_kernel<<<per_sm * sms, 32>>>(out);
        CK(cudaGetLastError());
        CK(cudaMemcpy(h, out, sizeof h[0], cudaMemcpyDeviceToHost));
        printf("membar,%d blocks/SM,%.1f ns per fence (slowest block)\n", per_sm, h[0] / 1024.0);
    }

    const unsigned int n = (unsigned int)sms;
    std::vector<unsigned long long> st(2u * TRACE_EPISODES * n);
    unsigned long long *dst;
    CK(cudaMalloc(&dst, st.size() * sizeof(unsigned long long)));
    CK(cudaMemset(lines, 0, 8 * 128));
    void *args[] = {&lines, &dst};
    CK(cudaLaunchCooperativeKernel((void *)trace_kernel, n, 32, args, 0, 0));
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(st.data(), dst, st.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
    /* per episode: last arrival; first and last sighting after it; period */
    printf("# trace: episode, last_arrival - first_arrival, first_seen - last_arrival, last_seen - last_arrival, "
           "last arriver's block, last seer's block\n");
    unsigned long long prev_last = 0;
    for (unsigned int e = 0; e < TRACE_EPISODES; ++e) {
        unsigned long long a0 = ~0ull, a1 = 0, s0 = ~0ull, s1 = 0;
        unsigned int la = 0, ls = 0;
        for (unsigned int b = 0; b < n; ++b) {
            unsigned long long ta = st[2u * ((size_t)e * n + b)], ts = st[2u * ((size_t)e * n + b) + 1u];
            a0 = std::min(a0, ta);
            if (ta > a1)
                a1 = ta, la = b;
            s0 = std::min(s0, ts);
            if (ts > s1)
                s1 = ts, ls = b;
        }
        printf("trace,%u,%lld,%lld,%lld,%u,%u,period %lld\n", e, (long long)(a1 - a0), (long long)(s0 - a1),
               (long long)(s1 - a1), la, ls, e ? (long long)(a1 - prev_last) : 0ll);
        prev_last = a1;
    }
    /* per block: mean of (arrive in e+1) - (seen in e), the wake-up-to-arrive gap */
    printf("# per block: mean seen->next arrival, mean arrival->seen\n");
    for (unsigned int b = 0; b < n; b += 11) {
        double gap = 0, wait = 0;
        for (unsigned int e = 1; e < TRACE_EPISODES; ++e) {
            gap += (double)st[2u * ((size_t)e * n + b)] - (double)st[2u * ((size_t)(e - 1) * n + b) + 1u];
            wait += (double)st[2u * ((size_t)e * n + b) + 1u] - (double)st[2u * ((size_t)e * n + b)];
        }
        printf("block,%u,%.0f,%.0f\n", b, gap / (TRACE_EPISODES - 1), wait / (TRACE_EPISODES - 1));
    }
    gtrace(sms, 4, 128, 32);
    gtrace(sms, 32, 128, 32);
    gtrace(sms, 32, 32, 32);
    return 0;
}
