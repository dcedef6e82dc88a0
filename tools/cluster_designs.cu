/* tools/cluster_designs.cu: does a hardware cluster barrier as the first
 * level make gsBarrier's flat form faster?  Candidates side by side on one
 * GPU, one build, 32-thread blocks; results in bench/results/<gpu>/tuning/.
 *
 * Every candidate is a persistent loop of barriers over n blocks.  n is the
 * largest multiple of the cluster size c up to blocks-per-SM x SMs, and the
 * unclustered references run on the same n.  Each cluster's rank-0 block
 * is its leader; only leaders touch the global counter (one atom.acq_rel.gpu
 * each, n / c of them an episode; the arrival that completes the episode
 * does not poll, the others poll with ld.relaxed.gpu and end with
 * fence.acquire.gpu, as gsBarrier's flat form).
 *   gsBarrier  the library's gs_barrier_tree_sync, no clusters (reference)
 *   cudaBarrier libcu++'s cuda::barrier<thread_scope_device>, no clusters
 *   c2x        two cluster barriers an episode, every thread: arrive.release
 *              + wait.acquire; the leader's thread 0 runs the global
 *              protocol between them.  Ordering: a block's writes reach its
 *              leader by the first (cluster scope); the leader's
 *              atom.acq_rel.gpu is a release cumulative over what it
 *              acquired, so it publishes them at gpu scope; the leader's
 *              acquire reaches its cluster by the second.
 *   cL2        one cluster barrier: every thread arrives (release); the
 *              leader block waits, then its thread 0 arrives globally; every
 *              block's thread 0 polls the global counter (n pollers, n / c
 *              arrivals), then fence.acquire.gpu; the other blocks wait on
 *              the cluster barrier only then (long completed), so each
 *              thread still alternates arrive and wait
 * (A variant whose second barrier had the leader's thread 0 arrive with
 * .release and the rest of its warp with .relaxed, two different arrive
 * instructions in one diverged warp, never finished its first launch on an
 * H200: keep a warp's arrivals on one instruction.)
 * "check" runs also stamp each block's slot before the barrier and read
 * another block's after it; a stale stamp is counted.  Waits are bounded
 * (SPIN_LIMIT polls, then an error flag and out).
 *
 * Build: nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude tools/cluster_designs.cu -o build/cluster_designs
 * Run:   ./build/cluster_designs [iters] > clusters.csv
 */
#include <cuda/barrier>
#include <gsync/barrier/tree.cuh>
#include <gsync/cluster.cuh>

#include <cstdio>
#include <cstdlib>

#define SPIN_LIMIT (1u << 26)

enum design { GSYNC, CUDA_BARRIER, C2X, CL2 };
static const char *design_name[] = {"gsBarrier", "cudaBarrier", "c2x", "cL2"};

typedef cuda::barrier<cuda::thread_scope_device> device_barrier;

struct params {
    unsigned int *words; /* line 0: the leaders' counter; the library's state from line 1 */
    unsigned int *stamps, *err;
    void *libcu;
    unsigned int iters, check;
};

static __device__ __forceinline__ void arrive_release(void)
{
    asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
}
static __device__ __forceinline__ void wait_acquire(void)
{
    asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
}

/* One thread: poll *w until it reaches goal, then acquire. */
static __device__ __forceinline__ void poll_geq(const params &p, const unsigned int *w, unsigned int goal)
{
    unsigned int spins = 0u;
    while ((int)(gs_ld_relaxed(w, GS_SCOPE_GPU) - goal) < 0)
        if (++spins > SPIN_LIMIT) {
            gs_st_relaxed(p.err + 1, 1u, GS_SCOPE_GPU);
            break;
        }
    gs_fence_acquire(GS_SCOPE_GPU);
}

/* A leader's thread 0: the global flat barrier over `leaders` leaders. */
static __device__ __forceinline__ void leaders_sync(const params &p, unsigned int leaders, unsigned int goal)
{
    if (gs_atom_add_acq_rel(p.words, 1u, GS_SCOPE_GPU) != goal * leaders - 1u)
        poll_geq(p, p.words, goal * leaders);
}

template <int D> static __global__ void loop(params p)
{
    const unsigned int n = gridDim.x, b = blockIdx.x, c = gs_cluster_size();
    const bool leader = gs_cluster_rank() == 0u, t0 = threadIdx.x == 0u;
    unsigned int bad = 0u;
    for (unsigned int e = 0; e < p.iters; ++e) {
        const unsigned int goal = e + 1u;
        if (p.check && t0)
            gs_st_relaxed(p.stamps + (e & 1u) * n + b, goal, GS_SCOPE_GPU);
        if (D == GSYNC) {
            gs_barrier_tree_t tb = {p.words + 32u};
            (void)gs_barrier_tree_sync(tb, e);
        } else if (D == CUDA_BARRIER) {
            __syncthreads();
            if (t0)
                ((device_barrier *)p.libcu)->arrive_and_wait();
            __syncthreads();
        } else if (D == C2X) {
            arrive_release();
            wait_acquire();
            if (leader && t0)
                leaders_sync(p, n / c, goal);
            __syncwarp();
            arrive_release();
            wait_acquire();
        } else { /* CL2 */
            arrive_release();
            if (leader)
                wait_acquire();
            if (t0) {
                if (leader)
                    (void)gs_atom_add_acq_rel(p.words, 1u, GS_SCOPE_GPU);
                poll_geq(p, p.words, goal * (n / c));
            }
            __syncthreads();
            if (!leader)
                wait_acquire();
        }
        if (p.check && t0)
            bad += gs_ld_relaxed(p.stamps + (e & 1u) * n + (b + 1u + 7u * e) % n, GS_SCOPE_GPU) != goal;
    }
    if (bad)
        atomicAdd(p.err, bad);
}

static __global__ void libcu_init(void *where, unsigned int n) { new (where) device_barrier(n); }

#define TOOL_NAME "cluster_designs"
#include "tool_check.cuh"
#include "tool_timing.cuh"

static void *kernels[] = {(void *)loop<GSYNC>, (void *)loop<CUDA_BARRIER>, (void *)loop<C2X>, (void *)loop<CL2>};

/* One candidate on n blocks in clusters of c (1: a cooperative launch). */
static void run(params p, int d, unsigned int per_sm, unsigned int n, unsigned int c, int reps)
{
    printf("%s,%u,%u,%u,%u,", design_name[d], c, per_sm, n, p.check);
    cudaLaunchAttribute attr = {};
    attr.id = cudaLaunchAttributeClusterDimension;
    attr.val.clusterDim = {c, 1u, 1u};
    const cudaLaunchConfig_t cfg = {dim3(n), dim3(32), 0, 0, &attr, 1u};
    if (c > 1u) {
        int clusters = 0;
        CK(cudaOccupancyMaxActiveClusters(&clusters, kernels[d], &cfg));
        if ((unsigned long long)clusters * c < n) {
            printf(",,,refused: %d clusters resident at most\n", clusters);
            return;
        }
    }
    print_timing(time_launches(
        reps, p.iters, p.err,
        [&](bool) {
            CK(cudaMemset(p.words, 0, 128u * 64u));
            if (d == CUDA_BARRIER) {
                libcu_init<<<1, 1>>>(p.libcu, n);
                CK(cudaGetLastError());
            }
        },
        [&] {
            void *args[] = {&p};
            if (c > 1u)
                CK(cudaLaunchKernelEx(&cfg, (void (*)(params))kernels[d], p));
            else
                CK(cudaLaunchCooperativeKernel(kernels[d], n, 32, args, 0, 0));
        }));
}

int main(int argc, char **argv)
{
    const unsigned int iters = argc > 1 ? (unsigned int)atoi(argv[1]) : 10000u;
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    for (int d = C2X; d <= CL2; ++d)
        CK(cudaFuncSetAttribute(kernels[d], cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    params p = {};
    CK(cudaMalloc(&p.words, 128u * 64u));
    CK(cudaMalloc(&p.stamps, 2u * 8u * sms * sizeof(unsigned int)));
    CK(cudaMalloc(&p.err, 2u * sizeof(unsigned int)));
    CK(cudaMalloc(&p.libcu, 256));
    printf("design,cluster,tbs_per_sm,blocks,check,ns_median,ns_min,ns_max,result\n");
    const unsigned int per_sm[] = {1u, 2u, 4u, 8u}, sizes[] = {2u, 4u, 8u, 16u};
    for (unsigned int check = 0; check <= 1u; ++check)
        for (unsigned int s : per_sm)
            for (unsigned int c : sizes) {
                const unsigned int n = s * (unsigned int)sms / c * c;
                p.check = check;
                p.iters = check ? iters / 4u : iters;
                run(p, GSYNC, s, n, 1u, 3);
                run(p, CUDA_BARRIER, s, n, 1u, 3);
                for (int d = C2X; d <= CL2; ++d)
                    run(p, d, s, n, c, 3);
            }
    return 0;
}
