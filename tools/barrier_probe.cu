/* tools/barrier_probe.cu: where a flat barrier's time goes on this GPU.
 *
 *   rt      per SM, the atomic and acquire-load round trip to each of 8 lines
 *           (one block on one SM at a time): is the L2 near for some SMs and
 *           far for others?
 *   membar  fence.acq_rel.gpu issued by every block at once, at 1 and 32
 *           blocks per SM: does a fence cost more when all SMs fence?
 *   mload   chains of releases and atomics (each kind of release), loads
 *           and fences, timed by one block on SM 0 or SM 2 while one block
 *           on every other SM idles, polls one shared line, polls a line
 *           of its own, fences in a loop, or adds to the shared line: what
 *           does the last arrival of a flat barrier cost, and is a release
 *           slower while other blocks poll?
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

/* mload: what the other blocks do while the timing block fences. */
enum load { LOAD_IDLE, LOAD_POLL_SHARED, LOAD_POLL_OWN, LOAD_FENCE, LOAD_ADD_SHARED, LOADS };
static const char *load_name[] = {"idle", "poll one line", "poll own lines", "fence", "add to one line"};
#define MLOAD_REPS 256
#define MLOAD_BUSY_NS 4000000ull /* the others' load lasts this long; the 13 chains take under 2 ms */

/* The timing block's chains: each step waits for the last one's reply. */
enum step { STEP_ATOM, STEP_FENCE_ATOM, STEP_ATOM_ACQ_REL, STEP_ATOM_RELEASE, STEP_FENCE_SC_ATOM, STEP_STORE_FENCE_ATOM,
            STEP_FENCE_REL_ATOM, STEP_STORE_FENCE_REL_ATOM, STEP_LOAD, STEP_FENCE_LOAD, STEP_LOAD_FENCE_ACQ, STEP_FENCE,
            STEP_FENCE_REL, STEPS };
static const char *step_name[] = {"atom.relaxed", "fence.acq_rel+atom.relaxed", "atom.acq_rel", "atom.release",
                                  "fence.sc+atom.relaxed", "st.relaxed+fence.acq_rel+atom.relaxed",
                                  "fence.release+atom.relaxed", "st.relaxed+fence.release+atom.relaxed",
                                  "ld.relaxed", "fence.acq_rel+ld.relaxed", "ld.relaxed+fence.acquire",
                                  "fence.acq_rel", "fence.release"};

static __device__ __forceinline__ unsigned int mload_step(int step, unsigned int *p, unsigned int *own)
{
    switch (step) {
    case STEP_ATOM: return gs_atom_add_relaxed(p, 1u, GS_SCOPE_GPU);
    case STEP_FENCE_ATOM: gs_fence_acq_rel(GS_SCOPE_GPU); return gs_atom_add_relaxed(p, 1u, GS_SCOPE_GPU);
    case STEP_ATOM_ACQ_REL: return gs_atom_add_acq_rel(p, 1u, GS_SCOPE_GPU);
    case STEP_ATOM_RELEASE: return gs_atom_add_release(p, 1u, GS_SCOPE_GPU);
    case STEP_FENCE_SC_ATOM: gs_fence_sc(GS_SCOPE_GPU); return gs_atom_add_relaxed(p, 1u, GS_SCOPE_GPU);
    case STEP_STORE_FENCE_ATOM:
        gs_st_relaxed(own, 1u, GS_SCOPE_GPU);
        gs_fence_acq_rel(GS_SCOPE_GPU);
        return gs_atom_add_relaxed(p, 1u, GS_SCOPE_GPU);
    case STEP_FENCE_REL_ATOM: gs_fence_release(GS_SCOPE_GPU); return gs_atom_add_relaxed(p, 1u, GS_SCOPE_GPU);
    case STEP_STORE_FENCE_REL_ATOM:
        gs_st_relaxed(own, 1u, GS_SCOPE_GPU);
        gs_fence_release(GS_SCOPE_GPU);
        return gs_atom_add_relaxed(p, 1u, GS_SCOPE_GPU);
    case STEP_LOAD: return gs_ld_relaxed(p, GS_SCOPE_GPU);
    case STEP_FENCE_LOAD: gs_fence_acq_rel(GS_SCOPE_GPU); return gs_ld_relaxed(p, GS_SCOPE_GPU);
    case STEP_LOAD_FENCE_ACQ: {
        const unsigned int v = gs_ld_relaxed(p, GS_SCOPE_GPU);
        gs_fence_acquire(GS_SCOPE_GPU);
        return v;
    }
    case STEP_FENCE: gs_fence_acq_rel(GS_SCOPE_GPU); return 0u;
    default: gs_fence_release(GS_SCOPE_GPU); return 0u;
    }
}

/* One block per SM (cooperative launch).  The block on SM `target` waits
 * 20 us for the others' load to start, then times MLOAD_REPS steps of
 * every kind (out[step]); out[STEPS] is 1 when the load lasted through. */
static __global__ void mload_kernel(unsigned int *w, int load, unsigned int target, unsigned long long *out)
{
    if (threadIdx.x != 0)
        return;
    unsigned int *shared_line = w, *own = w + 32u * (1u + blockIdx.x), sink = 0u;
    const unsigned long long start = gs_globaltimer();
    if (gs_smid() != target) {
        while (gs_globaltimer() - start < MLOAD_BUSY_NS) {
            for (int i = 0; i < 16; ++i)
                switch (load) {
                case LOAD_POLL_SHARED: sink += gs_ld_relaxed(shared_line + 1, GS_SCOPE_GPU); break;
                case LOAD_POLL_OWN: sink += gs_ld_relaxed(own, GS_SCOPE_GPU); break;
                case LOAD_FENCE: gs_fence_acq_rel(GS_SCOPE_GPU); break;
                case LOAD_ADD_SHARED: sink += gs_atom_add_relaxed(shared_line + 2, 1u, GS_SCOPE_GPU); break;
                default: break;
                }
        }
        if (sink == 0xdeadbeefu)
            out[STEPS + 1] = sink; /* keeps the loads */
        return;
    }
    while (gs_globaltimer() - start < 20000ull) {
    }
    /* each step starts once the last one's reply is back: the branch on it
     * keeps the compiler from issuing the next step's fence while the last
     * atomic is still in flight (which it does otherwise, and which hides
     * the fence's cost); the step kind is a constant in each loop, so that
     * no branch on it runs inside the chain */
#define MLOAD_TIME(k)                                                               \
    {                                                                               \
        unsigned int v = 0u;                                                        \
        const unsigned long long t0 = gs_globaltimer();                             \
        for (int i = 0; i < MLOAD_REPS; ++i) {                                      \
            v = mload_step(k, shared_line, own);                                    \
            if (v == 0xdeadbeefu)                                                   \
                break;                                                              \
        }                                                                           \
        out[k] = gs_globaltimer() - t0 + (v == 0xdeadbeefu);                        \
    }
    MLOAD_TIME(STEP_ATOM) MLOAD_TIME(STEP_FENCE_ATOM) MLOAD_TIME(STEP_ATOM_ACQ_REL) MLOAD_TIME(STEP_ATOM_RELEASE)
    MLOAD_TIME(STEP_FENCE_SC_ATOM) MLOAD_TIME(STEP_STORE_FENCE_ATOM) MLOAD_TIME(STEP_FENCE_REL_ATOM)
    MLOAD_TIME(STEP_STORE_FENCE_REL_ATOM) MLOAD_TIME(STEP_LOAD) MLOAD_TIME(STEP_FENCE_LOAD)
    MLOAD_TIME(STEP_LOAD_FENCE_ACQ) MLOAD_TIME(STEP_FENCE) MLOAD_TIME(STEP_FENCE_REL)
#undef MLOAD_TIME
    out[STEPS] = gs_globaltimer() - start < MLOAD_BUSY_NS; /* 1: the load lasted through the timing */
}

static void mload(int sms)
{
    unsigned int *w;
    unsigned long long *out, h[STEPS + 1];
    CK(cudaMalloc(&w, 128u * (1u + (unsigned int)sms)));
    CK(cudaMalloc(&out, (STEPS + 2) * sizeof(unsigned long long)));
    printf("# mload: timing SM, what the other SMs do, then ns per step of a dependent chain:");
    for (int step = 0; step < STEPS; ++step)
        printf(" %s%s", step_name[step], step + 1 < STEPS ? "," : "\n");
    for (unsigned int target : {0u, 2u})
        for (int load = 0; load < LOADS; ++load) {
            CK(cudaMemset(w, 0, 128u * (1u + (unsigned int)sms)));
            CK(cudaMemset(out, 0, (STEPS + 2) * sizeof(unsigned long long)));
            void *args[] = {&w, &load, &target, &out};
            CK(cudaLaunchCooperativeKernel((void *)mload_kernel, sms, 32, args, 0, 0));
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
            printf("mload,%u,%s", target, load_name[load]);
            if (h[STEPS] != 1u)
                printf(",no block on that SM or the load ended early\n");
            else
                for (int step = 0; step < STEPS; ++step)
                    printf(",%.1f%s", h[step] / (double)MLOAD_REPS, step + 1 < STEPS ? "" : "\n");
        }
    CK(cudaFree(w));
    CK(cudaFree(out));
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

    mload(sms);

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
