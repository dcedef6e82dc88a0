/* A user's program that breaks the rules of gsync's one-GPU primitives on
 * purpose, built as the README shows (plain; the test builds it again with
 * -DGSYNC_WATCHDOG).  Each case must end in PASS (the primitive works
 * anyway) or in a clear error (a host return code naming the rule, or a
 * device trap after one printed "gsync: " line), never in stale data, lost
 * messages or a hang (tests/misuse_expect.sh runs each under timeout).
 *
 *   misuse_one CASE [ARG]
 *   barrier-relaunch FORM  the device-wide barrier (flat, spread, gathered, wide) launched
 *                          twice by the user's own cooperative launch, zeroed before the
 *                          first only: the second must stop with a clear error
 *   barrier-launch         the same through gs_barrier_launch: the second launch is refused
 *   barrier-reset          gs_barrier_launch, gs_barrier_reset, gs_barrier_launch: PASS
 *   queue-2d SHAPE         raw warp sends from blocks of SHAPE (16x2, 8x4, 32x3, 4x8x2):
 *                          every message arrives once: PASS
 *   server-relaunch        the server launched twice, `done` zeroed before the first only:
 *                          a clear error (server-relaunch-lf: the same with gs_server_serve_lf)
 *   server-2d              the server in 16x2 blocks, by the user's own launch: a clear error
 *   Prints one line "misuse_one CASE: PASS|ERROR|FAIL ..."; exit 0 PASS, 3 a clear error, 1
 *   FAIL (a silent wrong result), 2 a bad argument, 77 no GPU.
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <gsync/barrier/counter.cuh>
#include <gsync/host.h>
#include <gsync/msg/server.cuh>

static const char *the_case = "";

#define CUDA(call)                                                                                   \
    do {                                                                                             \
        const cudaError_t e_ = (call);                                                               \
        if (e_ != cudaSuccess)                                                                       \
            return report(e_, #call);                                                                \
    } while (0)

/* A failed call: no GPU (77), or a clear error (3): the launch stopped or was refused. */
static int report(cudaError_t e, const char *call)
{
    if (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver) {
        printf("misuse_one %s: no NVIDIA GPU or driver found: skipped\n", the_case);
        return 77;
    }
    printf("misuse_one %s: ERROR %s: %s (%s)\n", the_case, call, cudaGetErrorName(e), cudaGetErrorString(e));
    return 3;
}

/* ---- the barrier: each episode every block writes its slot, then reads another block's ---- */

__global__ void episodes(gs_barrier_t bar, unsigned int *slots, unsigned int *stale, unsigned int n_episodes,
                         unsigned int base)
{
    const unsigned int b = gs_barrier_block_id(), n = gs_barrier_blocks(), t = gs_barrier_thread();
    for (unsigned int e = 1; e <= n_episodes; ++e) {
        if (t == 0u)
            slots[(e & 1u) * n + b] = base + e;
        gs_barrier_sync(&bar);
        if (t == 0u && slots[(e & 1u) * n + (b + e) % n] != base + e)
            atomicAdd(stale, 1u);
        gs_barrier_sync(&bar); /* the slots of e are read before e + 2 writes them */
    }
}

static int barrier_case(int how, const char *form_name)
{
    const int form = gs_barrier_form_parse(form_name ? form_name : "auto");
    if (form == -2) {
        fprintf(stderr, "misuse_one: FORM is flat, spread, gathered, wide or auto\n");
        return 2;
    }
    int dev = 0, sms = 0;
    unsigned int per_sm = form == GS_BARRIER_GATHERED || form == GS_BARRIER_WIDE ? 8u : 2u, fit = 0;
    CUDA(cudaGetDevice(&dev));
    CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CUDA(gs_blocks_per_sm((const void *)episodes, 64u, 0, &fit));
    per_sm = per_sm < fit ? per_sm : fit;
    const dim3 grid(sms * per_sm / 2u, 2u), block(32u, 2u); /* 2-D grids and blocks: any shape */
    const unsigned int blocks = grid.x * grid.y, n_episodes = 500u;
    unsigned int *state, *slots, *stale, got = 0u;
    CUDA(cudaMalloc(&state, gs_barrier_bytes(blocks)));
    CUDA(cudaMalloc(&slots, 2u * blocks * sizeof(unsigned int)));
    CUDA(cudaMalloc(&stale, sizeof(unsigned int)));
    gs_barrier_t bar;
    CUDA(gs_barrier_plan(&bar, state, blocks, 64u, form, 0));
    unsigned int base = 0u;
    void *args[] = {&bar, &slots, &stale, (void *)&n_episodes, &base};
    for (unsigned int launch = 0; launch < 2u; ++launch) {
        base = launch * 1000u; /* each launch writes values of its own */
        CUDA(cudaMemset(slots, 0, 2u * blocks * sizeof(unsigned int)));
        CUDA(cudaMemset(stale, 0, sizeof(unsigned int)));
        if (how == 0) /* the user's own launch; the state zeroed by the plan only */
            CUDA(cudaLaunchCooperativeKernel((const void *)episodes, grid, block, args, 0, 0));
        else {
            if (how == 2 && launch == 1u)
                CUDA(gs_barrier_reset(&bar, 0));
            CUDA(gs_barrier_launch((const void *)episodes, grid, block, args, 0, 0, &bar));
        }
        CUDA(cudaDeviceSynchronize());
        CUDA(cudaMemcpy(&got, stale, sizeof got, cudaMemcpyDeviceToHost));
        if (got) {
            printf("misuse_one %s: FAIL: launch %u, %s form: %u stale reads, no error\n", the_case, launch + 1u,
                   gs_barrier_form_name((int)bar.form), got);
            return 1;
        }
    }
    printf("misuse_one %s: PASS: 2 launches of %u blocks (%ux%u of %ux%u threads), %s form, %u episodes each, "
           "0 stale reads\n", the_case, blocks, grid.x, grid.y, block.x, block.y, gs_barrier_form_name((int)bar.form),
           n_episodes);
    return 0;
}

/* ---- raw queues from blocks of any shape: blocks 1.. send, block 0 receives ---- */

#define QUEUE_CAPACITY 1024u
#define QUEUE_ROUNDS 40u

__global__ void queue_kernel(void *queues, unsigned long long *sum, unsigned long long *count)
{
    __shared__ unsigned long long copy;
    const unsigned int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned int nt = blockDim.x * blockDim.y * blockDim.z, b = blockIdx.x;
    const unsigned long long expected = (unsigned long long)(gridDim.x - 1u) * nt * QUEUE_ROUNDS;
    if (t == 0u)
        copy = 0ull;
    __syncthreads();
    if (b == 0u) {
        const gs_msgq_t q = gs_msgq_at(queues, 0u, QUEUE_CAPACITY);
        unsigned long long head = gs_msg_head(q), got = 0ull, s = 0ull;
        while (got < expected) {
            const unsigned int n = gs_msg_peek(q, head);
            for (unsigned int j = t; j < n; j += nt) {
                const uint4 m = q.slots[(head + j) & (QUEUE_CAPACITY - 1u)];
                s += m.x;
            }
            got += n;
            if (n)
                head = gs_msg_free(q, head, n);
        }
        atomicAdd(sum, s);
        if (t == 0u)
            *count = got;
        return;
    }
    for (unsigned int r = 0; r < QUEUE_ROUNDS; ++r) { /* every lane sends; odd rounds, lanes take turns by threadIdx.y */
        const unsigned int id = ((b - 1u) * nt + t) * QUEUE_ROUNDS + r;
        gs_msg_send_warp(queues, QUEUE_CAPACITY, true, 0u, make_uint4(id, 0u, 0u, 0u), &copy);
    }
}

static int queue_case(const char *shape)
{
    unsigned int x = 0, y = 1, z = 1;
    if (!shape || sscanf(shape, "%ux%ux%u", &x, &y, &z) < 2 || !x || !y || !z || x * y * z % 32u || x * y * z > 1024u) {
        fprintf(stderr, "misuse_one: SHAPE is XxY or XxYxZ, a multiple of 32 threads up to 1024\n");
        return 2;
    }
    const dim3 block(x, y, z);
    const unsigned int blocks = 9u, nt = x * y * z;
    void *queues;
    unsigned long long *out, got[2];
    CUDA(cudaMalloc(&queues, gs_msgq_bytes(QUEUE_CAPACITY)));
    CUDA(cudaMemset(queues, 0, gs_msgq_bytes(QUEUE_CAPACITY)));
    CUDA(cudaMalloc(&out, 2u * sizeof *out));
    CUDA(cudaMemset(out, 0, 2u * sizeof *out));
    unsigned long long *sum = out, *count = out + 1;
    void *args[] = {&queues, &sum, &count};
    CUDA(cudaLaunchCooperativeKernel((const void *)queue_kernel, dim3(blocks), block, args, 0, 0));
    CUDA(cudaDeviceSynchronize());
    CUDA(cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost));
    const unsigned long long n = (unsigned long long)(blocks - 1u) * nt * QUEUE_ROUNDS, want = n * (n - 1u) / 2u;
    const bool pass = got[0] == want && got[1] == n;
    printf("misuse_one %s: %s: blocks of %ux%ux%u, %llu of %llu messages, id sum %llu (%llu expected)\n", the_case,
           pass ? "PASS" : "FAIL", x, y, z, got[1], n, got[0], want);
    return pass ? 0 : 1;
}

/* ---- the server: clients count items, each once a round; servers tally ---- */

__global__ void server_kernel(gs_server_t s, unsigned long long *tally, int lf)
{
    extern __shared__ unsigned long long copies[];
    s.copies = copies;
    gs_server_init(s);
    if (gs_server_is_server(s)) {
        unsigned long long mine = 0ull;
        const auto count = [&](const uint4 &m, unsigned long long) { atomicAdd(tally, (unsigned long long)m.y); };
        if (lf) /* the leader-and-followers loop: the lanes share the count */
            gs_server_serve_lf(s, count);
        else
            gs_server_serve(s, [&](const uint4 &m, unsigned long long) { mine += m.y; });
        atomicAdd(tally, mine);
        return;
    }
    for (unsigned int r = 0; r < 8u; ++r)
        gs_server_send(s, threadIdx.x % 3u != 0u, blockIdx.x * blockDim.x + threadIdx.x + r,
                       make_uint4(0u, 1u, 0u, 0u));
    gs_server_client_done(s);
}

static int server_case(int two_d, int lf)
{
    int dev = 0, sms = 0;
    CUDA(cudaGetDevice(&dev));
    CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    const unsigned int blocks = 2u * (unsigned int)sms, servers = blocks / 4u, capacity = 4096u;
    const size_t smem = gs_msgq_copies_bytes(blocks);
    gs_server_t s = {NULL, capacity, servers, NULL, NULL};
    unsigned long long *tally, got = 0ull;
    CUDA(cudaFuncSetAttribute((const void *)server_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CUDA(cudaMalloc(&s.queues, gs_msgq_bytes(capacity) * blocks));
    CUDA(cudaMemset(s.queues, 0, gs_msgq_bytes(capacity) * blocks));
    CUDA(cudaMalloc((void **)&s.done, sizeof(unsigned int)));
    CUDA(cudaMemset(s.done, 0, sizeof(unsigned int)));
    CUDA(cudaMalloc(&tally, sizeof *tally));
    void *args[] = {&s, &tally, &lf};
    unsigned long long sends = 0ull; /* lanes with threadIdx.x % 3 != 0, 8 rounds each */
    for (unsigned int t = 0; t < 64u; ++t)
        sends += t % 3u != 0u;
    sends *= 8ull * (blocks - servers);
    for (unsigned int launch = 0; launch < 2u; ++launch) {
        CUDA(cudaMemset(tally, 0, sizeof *tally));
        if (two_d) /* the user's own launch: gs_server_launch would refuse the shape on the host */
            CUDA(cudaLaunchCooperativeKernel((const void *)server_kernel, dim3(blocks), dim3(32u, 2u), args, smem, 0));
        else
            CUDA(gs_server_launch((const void *)server_kernel, blocks, dim3(64u), args, smem, 0, servers, capacity));
        CUDA(cudaDeviceSynchronize());
        CUDA(cudaMemcpy(&got, tally, sizeof got, cudaMemcpyDeviceToHost));
        if (got != sends) {
            printf("misuse_one %s: FAIL: launch %u: %llu of %llu messages handled, no error\n", the_case, launch + 1u,
                   got, sends);
            return 1;
        }
    }
    printf("misuse_one %s: PASS: 2 launches, %llu messages each\n", the_case, sends);
    return 0;
}

int main(int argc, char **argv)
{
    the_case = argc > 1 ? argv[1] : "";
    const char *arg = argc > 2 ? argv[2] : NULL;
    if (!strcmp(the_case, "barrier-relaunch"))
        return barrier_case(0, arg);
    if (!strcmp(the_case, "barrier-launch"))
        return barrier_case(1, arg);
    if (!strcmp(the_case, "barrier-reset"))
        return barrier_case(2, arg);
    if (!strcmp(the_case, "queue-2d"))
        return queue_case(arg);
    if (!strcmp(the_case, "server-relaunch"))
        return server_case(0, 0);
    if (!strcmp(the_case, "server-relaunch-lf"))
        return server_case(0, 1);
    if (!strcmp(the_case, "server-2d"))
        return server_case(1, 0);
    fprintf(stderr, "misuse_one: CASE is barrier-relaunch, barrier-launch, barrier-reset, queue-2d, server-relaunch "
                    "server-relaunch-lf or server-2d\n");
    return 2;
}
