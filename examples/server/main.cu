/* A user's program on gsync's synchronization server, built as the README
 * shows (no watchdog): client blocks add to counters that server blocks
 * own, each lane its own counter; a third of the lanes sit out each step,
 * and every fourth step the odd warps' lanes ask their counter's server for
 * an answer and check it.  With COMBINE, the lanes that only add merge a
 * warp's adds to one counter first (gs_server_send_combined).  The host
 * replays the steps and compares every counter.  Prints one line; exit 0
 * when every counter and answer is right.
 *
 *   server_example [THREADS [BLOCKS_PER_SM [SERVER_PCT [CAPACITY [ITEMS [LF [HOT [STEPS [COMBINE]]]]]]]]]
 *   (256 4 25 4096 65536 0 0 64 0; LF 1: gs_server_serve_lf; HOT 1: a quarter of the adds on counter 0)
 */
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda/atomic>
#include <gsync/host.h>
#include <gsync/msg/server.cuh>

struct plan {
    unsigned int threads, per_sm, share, capacity, items, lf, hot, steps, combine;
};

__host__ __device__ static unsigned int item_of(unsigned int client, unsigned int step, const plan &p)
{
    unsigned int x = client * 0x9e3779b9u ^ (step + 1u) * 0x85ebca6bu;
    x ^= x >> 15, x *= 0x2c1b3c6du, x ^= x >> 12;
    return p.hot && (x & 3u) == 0u ? 0u : (x >> 2) % p.items;
}
__host__ __device__ static bool sends(unsigned int thread, unsigned int step)
{
    return (thread + step) % 3u != 0u;
}

__global__ void work(gs_server_t s, plan p, unsigned long long *counts, unsigned int *wrong)
{
    extern __shared__ unsigned long long copies[];
    s.copies = copies;
    gs_server_init(s);
    if (gs_server_is_server(s)) {
        auto add = [&](const uint4 &m, unsigned long long) {
            cuda::atomic_ref<unsigned long long, cuda::thread_scope_block>(counts[m.x]).fetch_add(
                m.y ? 1ull : m.z, cuda::memory_order_relaxed); /* only this block touches its counters */
            if (m.y)
                gs_server_reply(s, m.z, make_uint4(m.w, 3u * m.x + 1u, 0u, 0u));
        };
        if (p.lf)
            gs_server_serve_lf(s, add);
        else
            gs_server_serve(s, add);
        return;
    }
    __shared__ unsigned int answers[1024];
    unsigned long long head = gs_server_head(s);
    const unsigned int client = (blockIdx.x - s.servers) * blockDim.x + threadIdx.x;
    for (unsigned int step = 0; step < p.steps; ++step) {
        const unsigned int item = item_of(client, step, p);
        const bool have = sends(threadIdx.x, step);
        const bool ask = have && step % 4u == 3u && (threadIdx.x / 32u) % 2u == 1u;
        /* an ask names its lane for the answer; an add carries its count (1, or a warp's merged adds) */
        const uint4 m = ask ? make_uint4(item, 1u, blockIdx.x, threadIdx.x) : make_uint4(item, 0u, 1u, 0u);
        if (p.combine) {
            gs_server_send(s, ask, item, m);
            gs_server_send_combined(s, have && !ask, item, m,
                                    [](uint4 a, uint4 b) { return make_uint4(a.x, 0u, a.z + b.z, 0u); });
        } else
            gs_server_send(s, have, item, m);
        const unsigned int expect = __syncthreads_count(ask);
        if (expect) {
            gs_server_collect(s, expect, &head, false,
                              [&](const uint4 &r, unsigned long long) { answers[r.x] = r.y; });
            if (ask && answers[threadIdx.x] != 3u * item + 1u)
                atomicAdd(wrong, 1u);
        }
    }
    gs_server_client_done(s);
}

static unsigned int arg(int argc, char **argv, int i, unsigned int fallback)
{
    if (argc <= i)
        return fallback;
    char *end = NULL;
    const unsigned long v = std::strtoul(argv[i], &end, 10);
    if (!*argv[i] || *end || v > 1u << 30) {
        std::fprintf(stderr, "server_example: argument %d '%s' is not a whole number\n", i, argv[i]);
        std::exit(2);
    }
    return (unsigned int)v;
}

#define CUDA(call)                                                                                    \
    do {                                                                                              \
        const cudaError_t e_ = (call);                                                                \
        if (e_ == cudaErrorNoDevice || e_ == cudaErrorInsufficientDriver) {                           \
            std::printf("server_example: no NVIDIA GPU or driver found: skipped\n");                 \
            return 77;                                                                                \
        }                                                                                             \
        if (e_ != cudaSuccess) {                                                                      \
            std::fprintf(stderr, "server_example: %s: %s\n", #call, cudaGetErrorString(e_));        \
            return 1;                                                                                 \
        }                                                                                             \
    } while (0)

int main(int argc, char **argv)
{
    const plan p = {arg(argc, argv, 1, 256u), arg(argc, argv, 2, 4u), arg(argc, argv, 3, 25u),
                    arg(argc, argv, 4, 4096u), arg(argc, argv, 5, 65536u), arg(argc, argv, 6, 0u),
                    arg(argc, argv, 7, 0u), arg(argc, argv, 8, 64u), arg(argc, argv, 9, 0u)};
    int dev = 0, sms = 0;
    if (p.items == 0u || p.share == 0u || p.share >= 100u) {
        std::fprintf(stderr, "server_example: ITEMS at least 1, SERVER_PCT from 1 to 99\n");
        return 2;
    }
    CUDA(cudaGetDevice(&dev));
    CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    const unsigned int blocks = p.per_sm * (unsigned int)sms;
    unsigned int servers = (blocks * p.share + 50u) / 100u;
    servers = servers < 1u ? 1u : servers;
    const size_t smem = gs_msgq_copies_bytes(blocks);
    CUDA(cudaFuncSetAttribute((const void *)work, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    gs_server_t s = {NULL, p.capacity, servers, NULL, NULL};
    unsigned long long *counts = NULL;
    unsigned int *wrong = NULL;
    CUDA(cudaMalloc(&s.queues, gs_msgq_bytes(p.capacity) * blocks));
    CUDA(cudaMemset(s.queues, 0, gs_msgq_bytes(p.capacity) * blocks));
    CUDA(cudaMalloc((void **)&s.done, sizeof(unsigned int)));
    CUDA(cudaMemset(s.done, 0, sizeof(unsigned int)));
    CUDA(cudaMalloc((void **)&counts, 8u * p.items));
    CUDA(cudaMemset(counts, 0, 8u * p.items));
    CUDA(cudaMalloc((void **)&wrong, sizeof(unsigned int)));
    CUDA(cudaMemset(wrong, 0, sizeof(unsigned int)));
    cudaEvent_t t0, t1;
    CUDA(cudaEventCreate(&t0));
    CUDA(cudaEventCreate(&t1));
    void *args[] = {&s, (void *)&p, &counts, &wrong};
    const dim3 block = {p.threads, 1u, 1u};
    CUDA(cudaEventRecord(t0));
    CUDA(gs_server_launch((const void *)work, blocks, block, args, smem, 0, servers, p.capacity));
    CUDA(cudaEventRecord(t1));
    CUDA(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA(cudaEventElapsedTime(&ms, t0, t1));
    std::vector<unsigned long long> got(p.items), want(p.items, 0ull);
    unsigned int bad = 0u;
    unsigned long long messages = 0ull;
    CUDA(cudaMemcpy(got.data(), counts, 8u * p.items, cudaMemcpyDeviceToHost));
    CUDA(cudaMemcpy(&bad, wrong, sizeof bad, cudaMemcpyDeviceToHost));
    for (unsigned int b = servers; b < blocks; ++b)
        for (unsigned int t = 0; t < p.threads; ++t)
            for (unsigned int step = 0; step < p.steps; ++step)
                if (sends(t, step))
                    ++want[item_of((b - servers) * p.threads + t, step, p)], ++messages;
    unsigned int off = 0u;
    for (unsigned int i = 0; i < p.items; ++i)
        off += got[i] != want[i];
    std::printf("%s threads=%u blocks=%u servers=%u capacity=%u items=%u %s%s%s: %llu messages in %.3f ms, "
                "%.2f G/s; %u counters off, %u answers wrong\n",
                off || bad ? "FAIL" : "PASS", p.threads, blocks, servers, p.capacity, p.items,
                p.lf ? "serve_lf" : "serve", p.hot ? " hot" : "", p.combine ? " combined" : "", messages, ms,
                messages / (ms * 1e6), off, bad);
    return off || bad ? 1 : 0;
}
