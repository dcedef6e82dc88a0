/* A user's program on gsync's synchronization server across the GPUs of a
 * node (gsync/multi/server.cuh) and its message queues at system scope
 * (gsync/msg/queue.cuh), built as docs/multi.md shows (no watchdog; one
 * process a GPU over NVSHMEM: examples/multi/ranks.h).  Server part: on every
 * GPU the first SERVER_PCT % of the blocks serve; each step every client lane,
 * by a hash, sends nothing, one update, 2 to 4 updates, or a lookup whose
 * answer (the item's value, from its owner) it collects and checks; an update
 * adds 1 to its item's count and 1..16 to its sum at the item's server,
 * wherever it lives.  Queue part: the same blocks receive, a queue each; every
 * other lane sends 0 to QMSGS messages to receivers of any GPU, numbered per
 * receiver; a receiver checks each sender lane's messages come once, in
 * order.  Each rank checks its items' counts, sums and lookups against a host
 * replay of every lane's hashes; the first process prints PASS or FAIL.
 *
 *   multi_server_example [THREADS [BLOCKS_PER_SM [STEPS [GPUS [SERVER_PCT [ITEMS [LF [QMSGS [BROKEN]]]]]]]]]
 *   (256 2 32 0 25 4096 0 8 0; THREADS a multiple of 32; GPUS 0: every GPU; LF 1: gs_multi_server_serve_lf;
 *    BROKEN, a twin that must FAIL: 1 server 0 of GPU 0 drops an update, 2 a client sends an update to
 *    the wrong server, 3 receiver 0 of GPU 0 skips a message)
 *   Exit 0 PASS, 1 FAIL or a rank's error, 2 a bad argument, 77 fewer than 2 GPUs.
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <gsync/msg/queue.cuh>
#include <gsync/multi/server.cuh>

#define EXAMPLE_NAME "multi_server_example"
#include "../multi/ranks.h" /* one process a GPU over NVSHMEM: the ranks, their bootstrap, their results */

#define CAPACITY 4096u /* slots a queue: holds a client block's answers (at most its threads) */
#define QMAX 32u       /* QMSGS at most */
#define DONE 255u      /* a receiver's mark: that sender's last message came */

struct plan {
    unsigned int threads, per_sm, steps, gpus, share, items, lf, qmsgs, broken;
};

struct job {
    gs_multi_server_t srv;           /* the server part; copies: each block's shared memory */
    unsigned long long *tally;       /* this GPU's: count, sum, lookups of every item (its servers write theirs) */
    unsigned int *misrouted, *wrong; /* this GPU's: updates at a server not their item's; answers wrong */
    void *rq[GS_MULTI_MAX_PES];      /* the queue part: each GPU's receivers' queues */
    unsigned int *expect;            /* this GPU's receivers: messages each takes */
    unsigned char *next;             /* per receiver and sender lane of any GPU: the number it expects next */
    unsigned int *qbad, *finals;     /* this GPU's: messages wrong or out of order; per receiver, last messages */
    plan p;
    unsigned int pe, blocks, servers;
};

/* splitmix64's finalizer. */
__host__ __device__ static unsigned long long mix(unsigned long long x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}
/* A lane's name: GPU (3 bits), block (16), lane (10). */
__host__ __device__ static unsigned int lane_id(unsigned int gpu, unsigned int block, unsigned int lane)
{
    return gpu << 26 | block << 10 | lane;
}
/* A below-n number from a hash. */
__host__ __device__ static unsigned int scale(unsigned long long h, unsigned int n)
{
    return (unsigned int)(((h >> 32) * n) >> 32);
}
/* Client lane `id`'s hash at step `step`: its low 3 bits pick what it does. */
__host__ __device__ static unsigned long long step_hash(unsigned int id, unsigned int step)
{
    return mix((unsigned long long)id << 32 | step);
}
/* Its messages at that step: 0 (3 bits 0, 1), an update (2 to 4), 2 to 4 updates (5, 6), a lookup (7). */
__host__ __device__ static unsigned int sends_of(unsigned long long h)
{
    const unsigned int r = (unsigned int)h & 7u;
    return r < 2u ? 0u : r < 5u ? 1u : r < 7u ? 2u + (unsigned int)(h >> 3) % 3u : 1u;
}
__host__ __device__ static bool asks(unsigned long long h)
{
    return (h & 7u) == 7u;
}
/* Message k's item and value (1..16). */
__host__ __device__ static unsigned int item_of(unsigned long long h, unsigned int k, unsigned int items)
{
    return scale(mix(h + 0x9e3779b97f4a7c15ull * (k + 1u)), items);
}
__host__ __device__ static unsigned int value_of(unsigned long long h, unsigned int k)
{
    return 1u + (unsigned int)(mix(h + 0x9e3779b97f4a7c15ull * (k + 1u)) & 15u);
}
/* What a lookup of an item answers. */
__device__ static unsigned int table_of(unsigned int item)
{
    return (unsigned int)mix(item ^ 0x5851f42d4c957f2dull) | 1u;
}
/* The queue part: messages sender lane `id` sends (0 .. qmsgs), and message
 * i's receiver among `total` (every GPU's, GPU by GPU). */
__host__ __device__ static unsigned int qcount(unsigned int id, unsigned int qmsgs)
{
    return (unsigned int)(mix((unsigned long long)id << 32 | 0xfffffffful) % (qmsgs + 1u));
}
__host__ __device__ static unsigned int qdest(unsigned int id, unsigned int i, unsigned int total)
{
    return scale(mix((unsigned long long)id << 32 | (0x80000000u | i)), total);
}
__device__ static unsigned int qtag(unsigned int id, unsigned int i)
{
    return (unsigned int)mix((unsigned long long)id << 32 ^ i ^ 0x2545f4914f6cdd1dull);
}

/* The server part: a server counts its items' updates and answers lookups;
 * a client lane sends its step's messages, then collects the block's answers. */
__global__ void counters(job j)
{
    extern __shared__ unsigned long long copies[];
    __shared__ uint2 answers[1024]; /* by lane: the value and the server that answered */
    __shared__ unsigned int dropped;
    gs_multi_server_t s = j.srv;
    s.copies = copies;
    gs_multi_server_init(s);
    if (gs_multi_server_is_server(s)) {
        const unsigned int me = j.pe * s.servers + blockIdx.x;
        if (threadIdx.x == 0)
            dropped = 0u;
        __syncthreads();
        auto handle = [&](const uint4 &m, unsigned long long) {
            const bool mine = m.x < j.p.items && gs_multi_server_owner(s, m.x) == me;
            if (!mine) /* read by the host after the launch */
                gs_red_add_relaxed(j.misrouted, 1u, GS_SCOPE_GPU);
            unsigned long long *t = &j.tally[3ull * (mine ? m.x : 0u)];
            if (m.y == 0u) { /* a lookup: always answered, or its client would wait forever */
                if (mine)
                    (void)gs_atom_add_relaxed_u64(&t[2], 1ull, GS_SCOPE_CTA); /* only this block has the item */
                (void)gs_multi_server_reply(s, m.z >> 26, (m.z >> 10) & 0xffffu,
                                            make_uint4(m.z & 1023u, mine ? table_of(m.x) : 0u, me, 0u));
                return;
            }
            if (!mine || (j.p.broken == 1u && me == 0u && gs_atom_exch_relaxed(&dropped, 1u, GS_SCOPE_CTA) == 0u))
                return; /* the twin: one update lost */
            (void)gs_atom_add_relaxed_u64(&t[0], 1ull, GS_SCOPE_CTA);
            (void)gs_atom_add_relaxed_u64(&t[1], m.y, GS_SCOPE_CTA);
        };
        if (j.p.lf)
            (void)gs_multi_server_serve_lf(s, handle);
        else
            (void)gs_multi_server_serve(s, handle);
        return;
    }
    const unsigned int lane = threadIdx.x, id = lane_id(j.pe, blockIdx.x, lane);
    unsigned long long head = gs_multi_server_head(s);
    unsigned int wrong = 0u;
    bool ok = true, misroute = j.p.broken == 2u && j.pe == 0u && blockIdx.x == s.servers && lane == 0u;
    for (unsigned int step = 0; step < j.p.steps && ok; ++step) {
        const unsigned long long h = step_hash(id, step);
        const unsigned int n = sends_of(h), rounds = __reduce_max_sync(~0u, n);
        const bool ask = asks(h);
        for (unsigned int k = 0; k < rounds; ++k) { /* every lane of the warp, each round */
            const bool have = k < n;
            const unsigned int item = item_of(h, k, j.p.items);
            const unsigned int route = have && !ask && misroute ? item + 1u : item; /* the twin: another owner */
            misroute = misroute && !(have && !ask);
            ok = gs_multi_server_send(s, have, route, make_uint4(item, ask ? 0u : value_of(h, k), id, 0u)) && ok;
        }
        const unsigned int expected = __syncthreads_count(ask);
        if (expected) /* the block's answers, before any lane asks again */
            ok = gs_multi_server_collect(s, expected, &head, !ok, [&](const uint4 &r, unsigned long long) {
                answers[r.x] = make_uint2(r.y, r.z);
            });
        const unsigned int item = item_of(h, 0u, j.p.items);
        if (ask && ok && (answers[lane].x != table_of(item) || answers[lane].y != gs_multi_server_owner(s, item)))
            ++wrong;
        ok = !__syncthreads_or(!ok); /* only a watchdog's build: every lane leaves the loop together */
    }
    if (wrong) /* read by the host after the launch */
        gs_red_add_relaxed(j.wrong, wrong, GS_SCOPE_GPU);
    gs_multi_server_client_done(s);
}

/* The queue part: receivers take their queue's messages until they have
 * their count, checking each sender lane's numbers; senders send theirs. */
__global__ void relay(job j)
{
    extern __shared__ unsigned long long copies[]; /* a copy of every receiver's read index */
    const unsigned int r = j.servers, total = r * j.srv.npes, senders = j.srv.npes * (j.blocks - r) * j.p.threads;
    if (blockIdx.x < r) {
        const unsigned int me = blockIdx.x, d = j.pe * r + me;
        const gs_msgq_t q = gs_msgq_at_scoped(j.rq[j.pe], me, CAPACITY, GS_SCOPE_SYS);
        unsigned long long head = gs_msg_head(q);
        unsigned int taken = 0u, bad = 0u, finals = 0u;
        gs_wait_t w = GS_WAIT_INIT;
        while (taken < j.expect[me]) {
            const unsigned int n = gs_msg_peek(q, head); /* its senders' writes acquired */
            if (n == 0u) {
                const bool stuck = threadIdx.x == 0u && gs_wait_spin(&w);
                if (__syncthreads_or(stuck))
                    break; /* only a watchdog's build */
                continue;
            }
            /* every thread walks the run in order and checks the senders that are its own */
            for (unsigned int k = 0; k < n; ++k) {
                if (j.p.broken == 3u && j.pe == 0u && me == 0u && head + k == 0ull)
                    continue; /* the twin: its first message taken, not seen */
                const uint4 m = q.slots[(head + k) & (CAPACITY - 1u)];
                const unsigned int g = m.x >> 26, b = (m.x >> 10) & 0xffffu, l = m.x & 1023u, i = m.y & 255u;
                const bool named = g < j.srv.npes && b >= r && b < j.blocks && l < j.p.threads && i < j.p.qmsgs;
                const unsigned int sender = named ? (g * (j.blocks - r) + (b - r)) * j.p.threads + l : k;
                if (sender % blockDim.x != threadIdx.x)
                    continue;
                if (!named || m.z != qtag(m.x, i) || qdest(m.x, i, total) != d) { /* not a message sent to it */
                    ++bad;
                    continue;
                }
                unsigned char *next = &j.next[(size_t)me * senders + sender]; /* only this thread's */
                const unsigned int seq = (m.y >> 8) & 255u, last = m.y >> 16;
                bad += *next != seq;
                *next = (unsigned char)(last ? DONE : seq + 1u);
                finals += last;
            }
            head = gs_msg_free(q, head, n);
            taken += n;
            const gs_wait_t fresh = GS_WAIT_INIT;
            w = fresh;
        }
        if (bad) /* read by the host after the launch */
            gs_red_add_relaxed(j.qbad, bad, GS_SCOPE_GPU);
        if (finals)
            gs_red_add_relaxed(&j.finals[me], finals, GS_SCOPE_GPU);
        return;
    }
    for (unsigned int k = threadIdx.x; k < total; k += blockDim.x)
        copies[k] = 0ull; /* a value each index once had: the queues are zeroed before the launch */
    __syncthreads();
    const unsigned int id = lane_id(j.pe, blockIdx.x, threadIdx.x), n = qcount(id, j.p.qmsgs);
    unsigned int dest[QMAX];
    for (unsigned int i = 0; i < n; ++i)
        dest[i] = qdest(id, i, total);
    const unsigned int rounds = __reduce_max_sync(~0u, n);
    for (unsigned int i = 0; i < rounds; ++i) {
        const bool have = i < n;
        const unsigned int d = have ? dest[i] : 0u, g = d / r;
        unsigned int seq = 0u, last = 1u; /* its number among this lane's messages to d; whether it is the last */
        for (unsigned int k = 0; k < n; ++k)
            if (dest[k] == d) {
                seq += k < i;
                last = last && k <= i;
            }
        const uint4 m[1] = {make_uint4(id, i | seq << 8 | last << 16, qtag(id, i), 0u)};
        const gs_msgq_t to = gs_msgq_at_scoped(j.rq[g], d - g * r, CAPACITY, GS_SCOPE_SYS);
        if (__any_sync(~0u, !gs_msg_send_warp_to<1u>(to, d, have, m, &copies[d])))
            return; /* only a watchdog's build */
    }
}

/* Both kernels' dynamic shared memory: a read-index copy per queue of every GPU. */
static size_t smem_of(unsigned int gpus, unsigned int blocks)
{
    return (size_t)gs_msgq_copies_bytes(gpus * blocks);
}
static void set_smem(size_t smem)
{
    CHECK(cudaFuncSetAttribute((const void *)counters, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CHECK(cudaFuncSetAttribute((const void *)relay, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
}

/* Host: every item's count, sum and lookups (3 words an item), and what
 * each of GPU pe's receivers takes and how many senders end there. */
static void replay(const plan &p, unsigned int blocks, unsigned int servers, unsigned int pe,
                   std::vector<unsigned long long> &want, std::vector<unsigned int> &expect,
                   std::vector<unsigned int> &finals)
{
    const unsigned int total = servers * p.gpus;
    want.assign(3u * (size_t)p.items, 0ull), expect.assign(servers, 0u), finals.assign(servers, 0u);
    for (unsigned int g = 0; g < p.gpus; ++g)
        for (unsigned int b = servers; b < blocks; ++b)
            for (unsigned int t = 0; t < p.threads; ++t) {
                const unsigned int id = lane_id(g, b, t);
                for (unsigned int step = 0; step < p.steps; ++step) {
                    const unsigned long long h = step_hash(id, step);
                    for (unsigned int k = 0, n = sends_of(h); k < n; ++k) {
                        unsigned long long *w = &want[3u * (size_t)item_of(h, k, p.items)];
                        if (asks(h))
                            w[2] += 1u;
                        else
                            w[0] += 1u, w[1] += value_of(h, k);
                    }
                }
                unsigned int dest[QMAX];
                const unsigned int n = qcount(id, p.qmsgs);
                for (unsigned int i = 0; i < n; ++i)
                    dest[i] = qdest(id, i, total);
                for (unsigned int i = 0; i < n; ++i) {
                    bool last = true;
                    for (unsigned int k = i + 1u; k < n; ++k)
                        last = last && dest[k] != dest[i];
                    if (dest[i] / servers == pe)
                        expect[dest[i] % servers] += 1u, finals[dest[i] % servers] += last;
                }
            }
}

/* ---- a rank: one GPU ---- */

static int rank_main(const plan &p, unsigned int rank, unsigned int blocks, unsigned int servers, const char *dir)
{
    rank_join(rank, p.gpus, dir);
    std::vector<unsigned long long> want, got(3u * (size_t)p.items);
    std::vector<unsigned int> expect, finals, got_finals(servers);
    replay(p, blocks, servers, rank, want, expect, finals);

    /* symmetric: every PE allocates the same, in the same order */
    const size_t sq = gs_msgq_bytes(CAPACITY) * blocks, rq = gs_msgq_bytes(CAPACITY) * servers;
    void *queues = nvshmem_malloc(sq), *rqueues = nvshmem_malloc(rq);
    unsigned int *done = (unsigned int *)nvshmem_malloc(128u);
    if (!queues || !rqueues || !done)
        die("nvshmem_malloc failed (NVSHMEM_SYMMETRIC_SIZE?)");
    job j;
    memset(&j, 0, sizeof j);
    for (unsigned int q = 0; q < p.gpus; ++q) {
        j.srv.queues[q] = nvshmem_ptr(queues, (int)q);
        j.srv.done[q] = (unsigned int *)nvshmem_ptr(done, (int)q);
        j.rq[q] = nvshmem_ptr(rqueues, (int)q);
        if (!j.srv.queues[q] || !j.srv.done[q] || !j.rq[q]) {
            fprintf(stderr, "%s: GPU %u does not reach GPU %u's memory directly (nvshmem_ptr is NULL: no NVLink "
                            "or P2P)\n", who, rank, q);
            exit(1);
        }
    }
    j.srv.capacity = CAPACITY, j.srv.servers = servers, j.srv.pe = rank, j.srv.npes = p.gpus;
    j.p = p, j.pe = rank, j.blocks = blocks, j.servers = servers;
    const size_t next_bytes = (size_t)servers * p.gpus * (blocks - servers) * p.threads;
    CHECK(cudaMalloc(&j.tally, got.size() * sizeof got[0]));
    CHECK(cudaMalloc(&j.misrouted, 4u * sizeof(unsigned int))); /* misrouted, wrong, qbad */
    CHECK(cudaMalloc(&j.expect, servers * sizeof(unsigned int)));
    CHECK(cudaMalloc(&j.finals, servers * sizeof(unsigned int)));
    CHECK(cudaMalloc(&j.next, next_bytes));
    j.wrong = j.misrouted + 1, j.qbad = j.misrouted + 2;

    cudaStream_t st;
    cudaEvent_t t0, t1;
    CHECK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    CHECK(cudaMemsetAsync(queues, 0, sq, st)); /* zeroed on every GPU before any GPU launches */
    CHECK(cudaMemsetAsync(rqueues, 0, rq, st));
    CHECK(cudaMemsetAsync(done, 0, 128u, st));
    CHECK(cudaMemsetAsync(j.tally, 0, got.size() * sizeof got[0], st));
    CHECK(cudaMemsetAsync(j.misrouted, 0, 4u * sizeof(unsigned int), st));
    CHECK(cudaMemsetAsync(j.finals, 0, servers * sizeof(unsigned int), st));
    CHECK(cudaMemsetAsync(j.next, 0, next_bytes, st));
    CHECK(cudaMemcpyAsync(j.expect, expect.data(), servers * sizeof(unsigned int), cudaMemcpyHostToDevice, st));
    CHECK(cudaStreamSynchronize(st));
    const size_t smem = smem_of(p.gpus, blocks);
    set_smem(smem);
    nvshmem_barrier_all();
    void *args[] = {&j};
    CHECK(cudaEventRecord(t0, st));
    SHMEM(nvshmemx_collective_launch((const void *)counters, dim3(blocks), dim3(p.threads), args, smem, st));
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(t1, st));
    /* its own queues: a peer's senders may start while this GPU still serves */
    SHMEM(nvshmemx_collective_launch((const void *)relay, dim3(blocks), dim3(p.threads), args, smem, st));
    CHECK(cudaGetLastError());
    CHECK(cudaStreamSynchronize(st));
    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, t0, t1));
    nvshmem_barrier_all(); /* every GPU's kernels have ended: no message is still coming */

    unsigned int counts[4];
    CHECK(cudaMemcpy(got.data(), j.tally, got.size() * sizeof got[0], cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(counts, j.misrouted, sizeof counts, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(got_finals.data(), j.finals, servers * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    /* this GPU's items: the host's; the others: untouched here */
    unsigned int off = 0u, qoff = 0u;
    char first[200] = "";
    for (unsigned int x = 0; x < p.items; ++x) {
        const bool own = x % (servers * p.gpus) / servers == rank;
        const unsigned long long *g = &got[3u * (size_t)x], *w = &want[3u * (size_t)x];
        if (g[0] == (own ? w[0] : 0u) && g[1] == (own ? w[1] : 0u) && g[2] == (own ? w[2] : 0u))
            continue;
        if (!off++)
            snprintf(first, sizeof first, "item %u (server %u): count %llu sum %llu lookups %llu, the host's %llu %llu "
                     "%llu", x, x % (servers * p.gpus), g[0], g[1], g[2], own ? w[0] : 0ull, own ? w[1] : 0ull,
                     own ? w[2] : 0ull);
    }
    /* the queue part: each receiver saw every sender's last message, and no more was reserved than it took */
    for (unsigned int q = 0; q < servers; ++q) {
        unsigned long long reserved = 0ull;
        CHECK(cudaMemcpy(&reserved, (char *)rqueues + gs_msgq_bytes(CAPACITY) * q, sizeof reserved,
                         cudaMemcpyDeviceToHost)); /* queue.h: the write index leads each queue */
        if (got_finals[q] == finals[q] && reserved == expect[q])
            continue;
        if (!qoff++ && !off)
            snprintf(first, sizeof first, "receiver %u: %u senders' last messages of %u, %llu messages sent of %u",
                     rank * servers + q, got_finals[q], finals[q], reserved, expect[q]);
    }
    char line[400];
    const int len = snprintf(line, sizeof line, "%u %u %u %u %u %.6f %s\n", off, counts[0], counts[1], counts[2], qoff,
                             (double)ms, first);
    char name[32];
    snprintf(name, sizeof name, "result.%u", rank);
    publish(dir, name, line, (size_t)len);
    CHECK(cudaEventDestroy(t0));
    CHECK(cudaEventDestroy(t1));
    CHECK(cudaStreamDestroy(st));
    CHECK(cudaFree(j.next));
    CHECK(cudaFree(j.finals));
    CHECK(cudaFree(j.expect));
    CHECK(cudaFree(j.misrouted));
    CHECK(cudaFree(j.tally));
    nvshmem_free(done);
    nvshmem_free(rqueues);
    nvshmem_free(queues);
    nvshmem_finalize();
    return 0;
}

/* ---- the first process: the ranks, their verdict ---- */

int main(int argc, char **argv)
{
    plan p;
    p.threads = arg(argc, argv, 1, 256, 32, 1024);
    p.per_sm = arg(argc, argv, 2, 2, 1, 32);
    p.steps = arg(argc, argv, 3, 32, 1, 100000);
    p.gpus = arg(argc, argv, 4, 0, 0, GS_MULTI_MAX_PES);
    p.share = arg(argc, argv, 5, 25, 1, 99);
    p.items = arg(argc, argv, 6, 4096, 1, 1u << 20);
    p.lf = arg(argc, argv, 7, 0, 0, 1);
    p.qmsgs = arg(argc, argv, 8, 8, 0, QMAX);
    p.broken = arg(argc, argv, 9, 0, 0, 3);
    unsigned int rank, blocks;
    const char *rank_dir;
    const auto servers_of = [&](unsigned int b) {
        const unsigned int s = (b * p.share + 50u) / 100u;
        return s < 1u ? 1u : s > b - 1u ? b - 1u : s;
    };
    if (rank_env(&rank, &blocks, &rank_dir))
        return rank_main(p, rank, blocks, servers_of(blocks), rank_dir);
    if (p.threads % 32u) {
        fprintf(stderr, "%s: THREADS %u is not a multiple of 32 (the server's blocks are whole warps)\n", EXAMPLE_NAME,
                p.threads);
        return 2;
    }
    if (p.gpus == 1u) {
        fprintf(stderr, "%s: GPUS 1: the server is across 2 GPUs or more (0: every GPU)\n", EXAMPLE_NAME);
        return 2;
    }
    if (p.broken == 3u && p.qmsgs == 0u) {
        fprintf(stderr, "%s: BROKEN 3 skips a message of the queue part: QMSGS must be 1 or more\n", EXAMPLE_NAME);
        return 2;
    }
    p.gpus = ranks_gpus(p.gpus);
    /* every GPU runs the same grid: BLOCKS_PER_SM on the fewest SMs, every block resident at once */
    blocks = p.per_sm * ranks_sms(p.gpus);
    const size_t smem = smem_of(p.gpus, blocks);
    int fit = 0, fit2 = 0, most = 0;
    cudaFuncAttributes fa;
    CHECK(cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
    CHECK(cudaFuncGetAttributes(&fa, counters));
    if (blocks >= 65536u || smem + fa.sharedSizeBytes > (size_t)most) {
        fprintf(stderr, "%s: %u blocks a GPU: more than the server's %s\n", EXAMPLE_NAME, blocks,
                blocks >= 65536u ? "65535" : "shared memory holds (a read-index copy per queue of every GPU)");
        return 2;
    }
    set_smem(smem);
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, counters, (int)p.threads, smem));
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit2, relay, (int)p.threads, smem));
    CHECK(cudaDeviceReset()); /* no context held while the ranks run (exclusive-process GPUs) */
    fit = fit2 < fit ? fit2 : fit;
    if (fit < (int)p.per_sm) {
        fprintf(stderr, "%s: %u blocks of %u threads an SM are not all resident (%d fit); the server needs every "
                        "block resident\n", EXAMPLE_NAME, p.per_sm, p.threads, fit);
        return 2;
    }
    const unsigned int servers = servers_of(blocks);
    const unsigned int given[9] = {p.threads, p.per_sm, p.steps, p.gpus, p.share, p.items, p.lf, p.qmsgs, p.broken};
    char dir[64];
    int failed_status = 0;
    const int failed = ranks_run(argv[0], given, 9u, p.gpus, blocks, dir, sizeof dir, &failed_status);
    /* every rank's line: items off, misrouted, answers wrong, queue messages wrong, receivers off, ms, first */
    unsigned int sum[5] = {0, 0, 0, 0, 0}, have = 0;
    double ms = 0.0;
    char first[480] = "", path[4096];
    for (unsigned int r = 0; r < p.gpus && failed < 0; ++r) {
        char name[32], rest[400] = "";
        unsigned int v[5];
        double t = 0.0;
        snprintf(name, sizeof name, "result.%u", r);
        path_of(path, sizeof path, dir, name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        if (fscanf(f, "%u %u %u %u %u %lf ", &v[0], &v[1], &v[2], &v[3], &v[4], &t) == 6) {
            ++have, ms = t > ms ? t : ms;
            for (unsigned int k = 0; k < 5u; ++k)
                sum[k] += v[k];
            if (fgets(rest, sizeof rest, f) && !first[0] && rest[0] != '\n') {
                rest[strcspn(rest, "\n")] = '\0';
                snprintf(first, sizeof first, "; GPU %u's first: %s", r, rest);
            }
        }
        fclose(f);
    }
    ranks_said(dir, p.gpus);
    ranks_clean(dir);
    if (failed >= 0 || have != p.gpus) {
        ranks_print_failed(failed, failed_status);
        return 1;
    }
    static const char *const twins[4] = {"", "broken twin (server 0 of GPU 0 drops an update), ",
                                         "broken twin (a client sends an update to the wrong server), ",
                                         "broken twin (receiver 0 of GPU 0 skips a message), "};
    const bool pass = sum[0] == 0u && sum[1] == 0u && sum[2] == 0u && sum[3] == 0u && sum[4] == 0u;
    printf("%s %s: %s%u GPUs, %u threads, %u blocks a GPU (%u an SM, %u serve), %u items, %s, %u steps, %u "
           "queue messages a lane at most: %u items off, %u updates misrouted, %u answers wrong, %u queue messages "
           "wrong or out of order, %u receivers short or over%s; the server part %.3f ms\n",
           EXAMPLE_NAME, pass ? "PASS" : "FAIL", twins[p.broken], p.gpus, p.threads, blocks, p.per_sm, servers,
           p.items, p.lf ? "serve_lf" : "serve", p.steps, p.qmsgs, sum[0], sum[1], sum[2], sum[3], sum[4], first, ms);
    return pass ? 0 : 1;
}
