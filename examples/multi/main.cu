/* A user's program on gsync's barrier across the GPUs of a node
 * (gsync/multi/barrier.cuh) and its cross-GPU ticket semaphore
 * (gsync/multi/semaphore.cuh), built as docs/multi.md shows (no watchdog):
 * one process a GPU, this binary started again for each with its rank in the
 * environment; NVSHMEM bootstrapped from a unique id that rank 0 writes into
 * a fresh folder; nvshmem_ptr gives the peer pointers,
 * nvshmemx_collective_launch the cooperative launch.  Each episode every lane
 * writes its word, arrives, picks what it will read (split phase), waits, then
 * reads words of other GPUs or of another block of its own GPU, counting the
 * stale ones.  With SEM, each block then enters the semaphore (capacity SEM,
 * weight 1 + (block + episode) % min(SEM, 3)), adds its weight to an inside
 * count on GPU 0 (keeping the most seen), works, takes it off and leaves.
 * Each block adds its counts to a tally on GPU 0 under the cohort lock
 * (gsync/multi/cohort.cuh).  The first process prints one line: PASS when no
 * read was stale, the tally holds every block's reads and weighted entries,
 * and no more than SEM was ever inside (2 blocks or more once, where SEM >= 2).
 *
 *   multi_example [THREADS [BLOCKS_PER_SM [EPISODES [GPUS [LAUNCHES [BROKEN [BARRIER [SEM]]]]]]]]
 *   (256 2 200 0 2 0 0 0; GPUS 0: every GPU, up to 8; BARRIER 0 hierarchical, 1 flat, 2 direct;
 *    SEM 0: no semaphore; BROKEN 1: a twin that must FAIL: the barrier planned on each GPU
 *    alone (no exchange between GPUs), in any form; with SEM, only the semaphore: 64 permits over;
 *    BROKEN 2: the twin of the path between nodes: the plan's nodes forgotten, so each node's
 *    GPUs synchronize among themselves and no signal crosses (run it with GSYNC_MULTI_NODE_SIZE))
 *   Exit 0 PASS, 1 FAIL or a rank's error, 2 a bad argument, 77 fewer than 2 GPUs.
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <gsync/multi/barrier.cuh>
#include <gsync/multi/cohort.cuh>
#include <gsync/multi/host.h>
#include <gsync/multi/semaphore.cuh>

#define EXAMPLE_NAME "multi_example"
#include "ranks.h" /* one process a GPU over NVSHMEM: the ranks, their bootstrap, their results */

#define SEM_EXTRA 64u /* BROKEN's semaphore: permits over SEM (gsync-bench's brokenSem, GS_MULTI_SEM_EXTRA) */

struct plan {
    unsigned int threads, per_sm, episodes, gpus, launches, broken, barrier, sem;
};

struct tally {
    unsigned long long stale, reads, blocks, entries; /* entries: the semaphore's, weighted */
    unsigned int inside, most;                         /* weight inside the semaphore now, and the most seen */
    unsigned int holders, most_holders;                /* blocks inside now, and the most seen */
};

struct job {
    gs_multi_barrier_t bar;               /* every GPU (BROKEN: this GPU only, the same words) */
    unsigned int *data[GS_MULTI_MAX_PES]; /* each GPU's words (2 x blocks x threads), as this GPU reaches them */
    gs_multi_ticket_t *lock;              /* GPU 0's */
    gs_multi_cohort_local_t *local;       /* this GPU's */
    tally *sum;                           /* GPU 0's */
    gs_multi_sem_t *sem;                  /* GPU 0's */
    unsigned int pe, npes, episodes, broken, mode, sem_size; /* broken: the barrier's twin; mode: BARRIER */
};

/* Reads lane t makes an episode. */
__host__ __device__ static unsigned int reads_of(unsigned int t)
{
    return t % 3u == 1u ? 2u : 1u;
}

/* The weight block b asks of a semaphore of capacity sem in episode e:
 * 1 .. min(sem, 3), differing between blocks. */
__host__ __device__ static unsigned int weight_of(unsigned int b, unsigned int e, unsigned int sem)
{
    return 1u + (b + e) % (sem < 3u ? sem : 3u);
}

/* What lane `slot` of GPU pe writes in episode e: never 0 (the zeroed
 * memory), never what it wrote in episode e - 2 (the same half). */
__device__ static unsigned int value_of(unsigned int e, unsigned int pe, unsigned int slot)
{
    return (e * 0x9e3779b1u ^ (pe << 24) ^ slot) | 1u;
}

__global__ void episodes(job j)
{
    __shared__ unsigned int counts[2][32];
    __shared__ bool entered;
    const unsigned int t = threadIdx.x, nt = blockDim.x, b = blockIdx.x, nb = gridDim.x;
    unsigned int stale = 0, reads = 0;
    unsigned long long weights = 0; /* thread 0's: the weight this block entered with */
    float acc = 0.0f;               /* the section's work, kept */
    gs_multi_barrier_t bar = j.bar; /* the handle, copied out of the job: it counts its episodes (a member of
                                     * a struct with arrays would take the whole struct to local memory) */
    for (unsigned int e = 1; e <= j.episodes; ++e) {
        /* episodes alternate halves: e's half was e - 2's, whose readers have
         * all arrived at e - 1, which this block has passed */
        const unsigned int half = (e & 1u) * nb * nt, mine = b * nt + t;
        /* the twin's barrier is planned on one GPU (it exchanges with no other); in its odd episodes
         * the last GPU writes 20 us late, so that what the missing step orders shows on any machine
         * (without the delay the GPUs may keep in step by chance) */
        if (j.broken && (e & 1u) && j.pe == j.npes - 1u)
            for (int k = 0; k < 20; ++k)
                gs_nanosleep(1000u);
        j.data[j.pe][half + mine] = value_of(e, j.pe, mine);
        gs_multi_barrier_arrive(&bar); /* the handle counts the episodes: this is e */
        /* while the GPUs gather: where this lane reads, and what it must find */
        const unsigned int q = (j.pe + 1u + (e + t / 32u) % (j.npes - 1u)) % j.npes; /* another GPU, by warp */
        unsigned int q2 = (q + 1u) % j.npes;
        if (q2 == j.pe)
            q2 = (q2 + 1u) % j.npes;
        unsigned int s0, s1 = 0, g0 = q;
        if (t % 3u == 0u) {
            s0 = (b + e) % nb * nt + (t + e) % nt;
        } else if (t % 3u == 1u) {
            s0 = (7u * b + e) % nb * nt + (nt - 1u - t);
            s1 = (nb - 1u - b + e) % nb * nt + (5u * t + e) % nt;
        } else {
            g0 = j.pe, s0 = (b + 1u + e) % nb * nt + t; /* another block of this GPU */
        }
        const unsigned int w0 = value_of(e, g0, s0), w1 = value_of(e, q2, s1);
        gs_multi_barrier_wait(&bar); /* every block of every GPU has written e */
        stale += j.data[g0][half + s0] != w0;
        if (t % 3u == 1u)
            stale += j.data[q2][half + s1] != w1;
        reads += reads_of(t);
        if (!j.sem_size)
            continue;
        /* the semaphore: thread 0 enters (ld.acquire.sys) and counts its weight
         * in after it, every lane works, thread 0 counts it out and leaves
         * (red.release.sys, ordered after the subtraction) */
        const unsigned int w = weight_of(b, e, j.sem_size);
        if (t == 0u && (entered = gs_multi_sem_enter(j.sem, w, j.sem_size))) {
            gs_atom_max_relaxed(&j.sum->most, gs_atom_add_relaxed(&j.sum->inside, w, GS_SCOPE_SYS) + w, GS_SCOPE_SYS);
            gs_atom_max_relaxed(&j.sum->most_holders, gs_atom_add_relaxed(&j.sum->holders, 1u, GS_SCOPE_SYS) + 1u,
                                GS_SCOPE_SYS);
            weights += w;
        }
        __syncthreads();
        if (!entered) /* only a watchdog's build: the run is over; this block's tally is missing, so it FAILs */
            return;
        float x = (float)(t + e);
        for (unsigned int i = 0; i < 24u + t % 32u; ++i) /* 24 to 55 dependent FMAs, by lane */
            x = fmaf(x, 0.9990234375f, 1.0f);
        acc += x;
        __syncthreads();
        if (t == 0u) {
            gs_red_add_relaxed(&j.sum->inside, 0u - w, GS_SCOPE_SYS);
            gs_red_add_relaxed(&j.sum->holders, 0u - 1u, GS_SCOPE_SYS);
            gs_multi_sem_leave(j.sem, w);
        }
    }
    stale += acc < 0.0f; /* never (acc sums positive values): keeps the work */
    /* the block's counts, a warp's at a time (the last warp may be partial), then thread 0's sum */
    const unsigned int warp = t / 32u, lanes = nt - warp * 32u < 32u ? nt - warp * 32u : 32u;
    const unsigned int mask = lanes == 32u ? ~0u : (1u << lanes) - 1u;
    stale = __reduce_add_sync(mask, stale);
    reads = __reduce_add_sync(mask, reads);
    if (t % 32u == 0u)
        counts[0][warp] = stale, counts[1][warp] = reads;
    __syncthreads();
    if (t == 0u) {
        unsigned long long s = 0, r = 0;
        unsigned int ticket;
        for (unsigned int w = 0; w < (nt + 31u) / 32u; ++w)
            s += counts[0][w], r += counts[1][w];
        gs_multi_cohort_lock(j.lock, j.local, &ticket);
        j.sum->stale += s; /* plain read-modify-writes of GPU 0's memory: the lock orders them */
        j.sum->reads += r;
        j.sum->blocks += 1u;
        j.sum->entries += weights;
        gs_multi_cohort_unlock(j.lock, j.local, ticket);
    }
}

/* ---- a rank: one GPU, one NVSHMEM PE ---- */

static int rank_main(const plan &p, unsigned int rank, unsigned int blocks, const char *dir)
{
    rank_join(rank, p.gpus, dir);

    /* symmetric: every PE allocates the same, in the same order */
    const size_t words = 2u * (size_t)blocks * p.threads;
    job j;
    memset(&j, 0, sizeof j);
    /* the barrier: planned on every GPU (its state, peers and grids), in the form asked */
    static const int forms[3] = {GS_MULTI_FORM_HIER, GS_MULTI_FORM_FLAT, GS_MULTI_FORM_DIRECT};
    gs_multi_barrier_t planned;
    CHECK(gs_multi_barrier_plan(&planned, blocks, forms[p.barrier]));
    j.bar = planned; /* the kernel's copy */
    unsigned int *data = (unsigned int *)nvshmem_malloc(words * sizeof(unsigned int));
    gs_multi_ticket_t *lock = (gs_multi_ticket_t *)nvshmem_malloc(sizeof *lock);
    tally *sum = (tally *)nvshmem_malloc(sizeof *sum);
    gs_multi_sem_t *sem = (gs_multi_sem_t *)nvshmem_malloc(sizeof *sem);
    if (!data || !lock || !sum || !sem)
        die("nvshmem_malloc failed (NVSHMEM_SYMMETRIC_SIZE?)");
    gs_multi_cohort_local_t *local;
    CHECK(cudaMalloc(&local, sizeof *local));

    for (unsigned int q = 0; q < p.gpus; ++q) {
        j.data[q] = (unsigned int *)nvshmem_ptr(data, (int)q);
        if (!j.data[q]) {
            fprintf(stderr, "%s: GPU %u does not reach GPU %u's memory directly (nvshmem_ptr is NULL: no NVLink "
                            "or P2P)\n", who, rank, q);
            exit(1);
        }
    }
    gs_multi_peers_t *alone = NULL;
    if (p.broken == 2u && !p.sem) { /* the nodes' twin: the plan's nodes forgotten (each node alone) */
        if (j.bar.nodes < 2u)
            die("BROKEN 2 needs a plan across nodes (GSYNC_MULTI_NODE_SIZE smaller than GPUS)");
        j.bar.nodes = 0u;
    } else if (p.broken && !p.sem) { /* the twin: the same state, planned as if this GPU were alone */
        gs_multi_peers_t t;
        memset(&t, 0, sizeof t);
        t.peer[0] = j.bar.words, t.blocks[0] = j.bar.grid;
        CHECK(cudaMalloc(&alone, sizeof *alone));
        CHECK(cudaMemcpy(alone, &t, sizeof t, cudaMemcpyHostToDevice));
        j.bar.peers = alone, j.bar.pe = 0u, j.bar.npes = 1u;
    }
    j.lock = (gs_multi_ticket_t *)nvshmem_ptr(lock, 0);
    j.sum = (tally *)nvshmem_ptr(sum, 0);
    j.sem = (gs_multi_sem_t *)nvshmem_ptr(sem, 0);
    if (!j.lock || !j.sum || !j.sem)
        die("GPU 0's lock is not reached directly");
    j.local = local, j.pe = rank, j.npes = p.gpus, j.episodes = p.episodes, j.mode = p.barrier;
    j.broken = p.broken && !p.sem, j.sem_size = p.sem; /* with SEM, BROKEN breaks the semaphore only */
    const unsigned int extra = p.broken && p.sem && rank == 0u ? SEM_EXTRA : 0u;

    cudaStream_t s;
    cudaEvent_t t0, t1;
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    tally total = {0, 0, 0, 0, 0, 0};
    float ms_total = 0.0f;
    void *args[] = {&j};
    for (unsigned int l = 0; l < p.launches; ++l) {
        /* gs_multi_launch zeroes the barrier and the buffers named, on every GPU before any GPU
         * launches (a peer writes into this GPU's state); what is set on the stream before it (the
         * twin's semaphore, `released` ahead of `next`) is ordered before every launch as well */
        void *const zero[4] = {data, lock, sum, local};
        const size_t zero_bytes[4] = {words * sizeof(unsigned int), sizeof *lock, sizeof *sum, sizeof *local};
        CHECK(cudaMemsetAsync(sem, 0, sizeof *sem, s));
        if (extra)
            CHECK(cudaMemcpyAsync(&sem->released, &extra, sizeof extra, cudaMemcpyHostToDevice, s));
        CHECK(cudaEventRecord(t0, s));
        CHECK(gs_multi_launch((const void *)episodes, dim3(blocks), dim3(p.threads), args, 0, s, &planned, zero,
                              zero_bytes, 4u));
        CHECK(cudaEventRecord(t1, s));
        CHECK(cudaEventSynchronize(t1));
        float ms = 0.0f;
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
        ms_total += ms;
        nvshmem_barrier_all(); /* every GPU's kernel has ended: its blocks' adds are in GPU 0's tally */
        if (rank == 0) {
            tally got;
            CHECK(cudaMemcpy(&got, sum, sizeof got, cudaMemcpyDeviceToHost));
            total.stale += got.stale, total.reads += got.reads, total.blocks += got.blocks;
            total.entries += got.entries, total.inside += got.inside;
            total.most = got.most > total.most ? got.most : total.most;
            total.holders += got.holders;
            total.most_holders = got.most_holders > total.most_holders ? got.most_holders : total.most_holders;
        }
    }
    if (rank == 0) {
        char line[200];
        const int len = snprintf(line, sizeof line, "%llu %llu %llu %llu %u %u %u %u %.6f\n", total.stale,
                                 total.reads, total.blocks, total.entries, total.inside, total.most, total.holders,
                                 total.most_holders, (double)ms_total);
        publish(dir, "result", line, (size_t)len);
    }
    CHECK(cudaEventDestroy(t0));
    CHECK(cudaEventDestroy(t1));
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaFree(local));
    nvshmem_free(sem);
    nvshmem_free(sum);
    nvshmem_free(lock);
    nvshmem_free(data);
    CHECK(gs_multi_barrier_free(&planned));
    CHECK(cudaFree(alone));
    nvshmem_finalize();
    return 0;
}

/* ---- the first process: the ranks, their verdict ---- */

int main(int argc, char **argv)
{
    plan p;
    p.threads = arg(argc, argv, 1, 256, 1, 1024);
    p.per_sm = arg(argc, argv, 2, 2, 1, 64);
    p.episodes = arg(argc, argv, 3, 200, 1, 1000000);
    p.gpus = arg(argc, argv, 4, 0, 0, GS_MULTI_MAX_PES);
    p.launches = arg(argc, argv, 5, 2, 1, 100);
    p.broken = arg(argc, argv, 6, 0, 0, 2);
    p.barrier = arg(argc, argv, 7, 0, 0, 2);
    p.sem = arg(argc, argv, 8, 0, 0, 1u << 20);
    unsigned int rank, rank_blocks;
    const char *rank_dir;
    if (rank_env(&rank, &rank_blocks, &rank_dir))
        return rank_main(p, rank, rank_blocks, rank_dir);
    if (p.gpus == 1u) {
        fprintf(stderr, "multi_example: GPUS 1: the barrier is across 2 GPUs or more (0: every GPU)\n");
        return 2;
    }
    p.gpus = ranks_gpus(p.gpus);
    /* every GPU runs the same grid: BLOCKS_PER_SM on the fewest SMs, every block resident at once */
    const unsigned int sms = ranks_sms(p.gpus);
    int fit = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, episodes, (int)p.threads, 0));
    CHECK(cudaDeviceReset()); /* no context held while the ranks run (exclusive-process GPUs) */
    if (fit < (int)p.per_sm) {
        fprintf(stderr, "multi_example: %u blocks of %u threads an SM are not all resident (%d fit); the barrier "
                        "needs every block resident\n", p.per_sm, p.threads, fit);
        return 2;
    }
    const unsigned int blocks = p.per_sm * sms;

    const unsigned int given[8] = {p.threads, p.per_sm, p.episodes, p.gpus, p.launches, p.broken, p.barrier, p.sem};
    char dir[64];
    int failed_status = 0;
    const int failed = ranks_run(argv[0], given, 8u, p.gpus, blocks, dir, sizeof dir, &failed_status);
    char path[4096];
    unsigned long long stale = 0, reads = 0, tallied = 0, entries = 0;
    unsigned int inside = 0, most = 0, holders = 0, most_holders = 0;
    double ms = 0.0;
    path_of(path, sizeof path, dir, "result");
    FILE *f = failed < 0 ? fopen(path, "r") : NULL;
    const bool have = f && fscanf(f, "%llu %llu %llu %llu %u %u %u %u %lf", &stale, &reads, &tallied, &entries,
                                  &inside, &most, &holders, &most_holders, &ms) == 9;
    if (f)
        fclose(f);
    ranks_said(dir, p.gpus);
    ranks_clean(dir);
    if (failed >= 0 || !have) {
        ranks_print_failed(failed, failed_status);
        return 1;
    }
    static const char *const barrier_names[3] = {"", "flat barrier, ", "direct barrier, "};
    unsigned long long per_block = 0;
    for (unsigned int t = 0; t < p.threads; ++t)
        per_block += reads_of(t);
    const unsigned long long want_blocks = (unsigned long long)p.launches * blocks * p.gpus;
    const unsigned long long want_reads = want_blocks * p.episodes * per_block;
    char twin[80] = "", sem_part[200] = "";
    if (p.broken && p.sem)
        snprintf(twin, sizeof twin, "broken twin (the semaphore starts %u permits over), ", SEM_EXTRA);
    else if (p.broken == 2u)
        snprintf(twin, sizeof twin, "broken twin (each node alone: no signal between nodes), ");
    else if (p.broken)
        snprintf(twin, sizeof twin, "broken twin (the barrier planned on each GPU alone), ");
    bool sem_ok = true;
    if (p.sem) { /* each block's weights: any m episodes in a row weigh 1 + .. + m, then the last few */
        const unsigned int m = p.sem < 3u ? p.sem : 3u, tail = p.episodes % m;
        unsigned long long want_entries = (unsigned long long)blocks * (p.episodes / m) * (m * (m + 1u) / 2u);
        for (unsigned int b = 0; b < blocks; ++b)
            for (unsigned int e = p.episodes - tail + 1u; e <= p.episodes; ++e)
                want_entries += weight_of(b, e, p.sem);
        want_entries *= (unsigned long long)p.gpus * p.launches;
        /* with room for 2 and more than 2 blocks, some moment had 2 blocks or more inside */
        const bool serial = p.sem >= 2u && (unsigned long long)blocks * p.gpus > p.sem && most_holders < 2u;
        sem_ok = most <= p.sem && inside == 0u && holders == 0u && entries == want_entries && !serial;
        snprintf(sem_part, sizeof sem_part, "; semaphore: at most %u inside, capacity %u (%u blocks at once)%s, %u "
                 "inside at the end, %llu of %llu weighted entries", most, p.sem, most_holders,
                 serial ? " (never 2: serialized)" : "", inside + holders, entries, want_entries);
    }
    const bool pass = stale == 0 && reads == want_reads && tallied == want_blocks && sem_ok;
    printf("multi_example %s: %s%s%s%u GPUs, %u threads, %u blocks a GPU (%u an SM), %u episodes x %u launches: "
           "%llu stale of %llu reads (%llu expected), %llu of %llu blocks tallied%s, %.2f us an episode\n",
           pass ? "PASS" : "FAIL", barrier_names[p.barrier], twin, ranks_note(), p.gpus, p.threads, blocks, p.per_sm, p.episodes,
           p.launches, stale, reads, want_reads, tallied, want_blocks, sem_part,
           ms * 1e3 / ((double)p.launches * p.episodes));
    return pass ? 0 : 1;
}
