/* A user's timing of gsync's device-wide barrier, built outside the
 * project as a user builds (nvcc -O3 -arch=sm_90 -I<gsync>/include timing.cu
 * <libgsync_host.a>): the user's own kernel (the handle a kernel parameter,
 * gs_barrier_sync(&bar) ITERS times in 32-thread blocks) beside the same
 * loop on grid.sync() and on cuda::barrier (thread 0 arrives for its block).
 * Each point: one untimed launch of each kernel, then ROUNDS rounds that
 * launch the three in turn, each launch timed with events; the median, min
 * and max ns a barrier.  The first launch of the run is also reported, timed
 * (the "cold" column: what one launch on an idle GPU gives).
 *
 *   barrier_timing [ITERS [ROUNDS [PER_SM_LIST]]]   (20000 7 1,2,4,8,16,32)
 *   CSV on stdout: per_sm,blocks,barrier,form,median_ns,min_ns,max_ns,cold_ns
 */
#include <algorithm>
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda/barrier>
#include <new>
#include <vector>

#include <gsync/barrier/counter.cuh>
#include <gsync/host.h>

typedef cuda::barrier<cuda::thread_scope_device> device_barrier;

__global__ void with_gsync(gs_barrier_t bar, unsigned int iters)
{
    for (unsigned int i = 0; i < iters; ++i)
        gs_barrier_sync(&bar);
}

__global__ void with_grid(unsigned int iters)
{
    for (unsigned int i = 0; i < iters; ++i)
        cooperative_groups::this_grid().sync();
}

__global__ void with_libcu(device_barrier *bar, unsigned int iters)
{
    for (unsigned int i = 0; i < iters; ++i) {
        __syncthreads();
        if (threadIdx.x == 0)
            bar->arrive_and_wait();
        __syncthreads();
    }
}

__global__ void libcu_init(device_barrier *bar, unsigned int blocks)
{
    new (bar) device_barrier(blocks);
}

#define CUDA(call)                                                                                  \
    do {                                                                                            \
        const cudaError_t e_ = (call);                                                              \
        if (e_ == cudaErrorNoDevice || e_ == cudaErrorInsufficientDriver) {                         \
            printf("barrier_timing: no NVIDIA GPU or driver found: skipped\n");                    \
            exit(77);                                                                               \
        }                                                                                           \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "barrier_timing: %s: %s\n", #call, cudaGetErrorString(e_));             \
            exit(1);                                                                                \
        }                                                                                           \
    } while (0)

static unsigned int number(const char *s, unsigned int lo, unsigned int hi)
{
    char *end = NULL;
    const unsigned long v = strtoul(s, &end, 10);
    if (!*s || *end || v < lo || v > hi) {
        fprintf(stderr, "barrier_timing: '%s' is not a whole number from %u to %u\n", s, lo, hi);
        exit(2);
    }
    return (unsigned int)v;
}

int main(int argc, char **argv)
{
    const unsigned int iters = argc > 1 ? number(argv[1], 1, 10000000) : 20000u;
    const unsigned int rounds = argc > 2 ? number(argv[2], 1, 1000) : 7u;
    char list[256] = "1,2,4,8,16,32";
    if (argc > 3)
        snprintf(list, sizeof list, "%s", argv[3]);
    int dev = 0, sms = 0;
    CUDA(cudaGetDevice(&dev));
    CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    const unsigned int threads = 32u;
    cudaEvent_t t0, t1;
    CUDA(cudaEventCreate(&t0));
    CUDA(cudaEventCreate(&t1));
    printf("per_sm,blocks,barrier,form,median_ns,min_ns,max_ns,cold_ns\n");
    bool first_launch = true;
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        const unsigned int per_sm = number(tok, 1, 64);
        unsigned int fit = 0;
        CUDA(gs_blocks_per_sm((const void *)with_gsync, threads, 0, &fit));
        if (per_sm > fit) {
            fprintf(stderr, "barrier_timing: %u blocks an SM do not fit (%u do): skipped\n", per_sm, fit);
            continue;
        }
        const unsigned int blocks = per_sm * (unsigned int)sms;
        unsigned int *state = NULL;
        device_barrier *lb = NULL;
        CUDA(cudaMalloc(&state, gs_barrier_bytes(blocks)));
        CUDA(cudaMalloc(&lb, sizeof *lb));
        gs_barrier_t bar;
        CUDA(gs_barrier_plan(&bar, state, blocks, threads, GS_BARRIER_AUTO, 0));
        std::vector<float> ms[3];
        float cold[3] = {0.f, 0.f, 0.f};
        for (unsigned int r = 0; r <= rounds; ++r) { /* round 0: untimed warm-up (timed: the cold launch) */
            for (int k = 0; k < 3; ++k) {
                unsigned int it = iters;
                void *args_gs[] = {&bar, &it}, *args_grid[] = {&it}, *args_lc[] = {&lb, &it};
                if (k == 0 && bar.launched)
                    CUDA(gs_barrier_reset(&bar, 0));
                if (k == 2)
                    libcu_init<<<1, 1>>>(lb, blocks);
                CUDA(cudaEventRecord(t0));
                if (k == 0)
                    CUDA(gs_barrier_launch((const void *)with_gsync, dim3(blocks), dim3(threads), args_gs, 0, 0, &bar));
                else if (k == 1)
                    CUDA(cudaLaunchCooperativeKernel((const void *)with_grid, dim3(blocks), dim3(threads), args_grid, 0, 0));
                else
                    CUDA(cudaLaunchCooperativeKernel((const void *)with_libcu, dim3(blocks), dim3(threads), args_lc, 0, 0));
                CUDA(cudaEventRecord(t1));
                CUDA(cudaEventSynchronize(t1));
                float t = 0.f;
                CUDA(cudaEventElapsedTime(&t, t0, t1));
                if (r > 0)
                    ms[k].push_back(t);
                else
                    cold[k] = first_launch ? t : 0.f;
                first_launch = false;
            }
        }
        static const char *const names[3] = {"gsBarrier", "gridSync", "cudaBarrier"};
        for (int k = 0; k < 3; ++k) {
            std::sort(ms[k].begin(), ms[k].end());
            const double per = 1e6 / iters;
            printf("%u,%u,%s,%s,%.1f,%.1f,%.1f,%.1f\n", per_sm, blocks, names[k],
                   k == 0 ? gs_barrier_form_name((int)bar.form) : "", ms[k][ms[k].size() / 2] * per, ms[k].front() * per,
                   ms[k].back() * per, cold[k] * per);
        }
        fflush(stdout);
        CUDA(cudaFree(state));
        CUDA(cudaFree(lb));
    }
    return 0;
}
