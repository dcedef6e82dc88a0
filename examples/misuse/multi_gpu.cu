/* A user's program that breaks the rules of gsync's primitives across GPUs
 * on purpose (gsync/multi/barrier.cuh, gsync/multi/server.cuh), built as
 * docs/multi.md shows (plain; the test builds it again with -DGSYNC_WATCHDOG):
 * one process a GPU over NVSHMEM (examples/multi/ranks.h), 1 to 8 GPUs.
 * Every rank must end in PASS (the primitive works anyway) or in a clear
 * error (a host return code naming the rule, or a device trap after one
 * printed "gsync: " line on that GPU), never in stale data, a lost message or
 * a hang (tests/misuse_expect.sh runs each case under timeout).
 *
 *   misuse_multi CASE FORM GPUS   (FORM 0 direct, 1 hier, 2 flat; GPUS 0: every GPU)
 *   relaunch-own   launched twice by the user's own collective launch, the state
 *                  zeroed before the first only: a clear error on every GPU
 *   relaunch       launched 3 times by gs_multi_launch, no reset by the user: PASS
 *   copy-per-episode  the kernel takes a fresh copy of the handle each episode (the
 *                  episode never advances: the old "constant episode"): a clear error
 *   unequal        GPUs planned with different grids (1, 2, 3 .. times a base): PASS
 *   grid-launch    GPU 1 (or 0 alone) launches a grid other than its plan through
 *                  gs_multi_launch: refused on every GPU (a clear error)
 *   grid-own       the same by the user's own launch: a clear error on every GPU
 *   server-relaunch  the server across GPUs launched twice, `done` zeroed before the
 *                  first only: a clear error on every GPU
 *   server-launch  the same through gs_multi_launch, `done` and the queues in its zero
 *                  list: PASS
 *   The first process prints one line a rank and a verdict; exit 0 when every rank
 *   PASSed, 3 when every rank ended in a clear error, 1 otherwise, 2 a bad argument, 77 no GPU.
 */
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <gsync/host.h>
#include <gsync/multi/barrier.cuh>
#include <gsync/multi/host.h>
#include <gsync/multi/server.cuh>

#define EXAMPLE_NAME "misuse_multi"
#include "../multi/ranks.h" /* one process a GPU over NVSHMEM */

enum { RELAUNCH_OWN, RELAUNCH, COPY_PER_EPISODE, UNEQUAL, GRID_LAUNCH, GRID_OWN, SERVER_RELAUNCH, SERVER_LAUNCH,
       CASES };
static const char *const case_names[CASES] = {"relaunch-own", "relaunch",    "copy-per-episode", "unequal",
                                              "grid-launch",  "grid-own",    "server-relaunch",  "server-launch"};

#define EPISODES 300u
#define THREADS 96u /* 3 warps: not a power of two */
#define CAPACITY 4096u

struct job {
    gs_multi_barrier_t bar;
    unsigned int *data[GS_MULTI_MAX_PES]; /* each GPU's stamps: 2 halves of GS_MULTI_MAX_PES * 4096 blocks */
    unsigned int *stale;                  /* this GPU's */
    unsigned int pe, npes, copy, base;
    unsigned int grids[GS_MULTI_MAX_PES]; /* each GPU's grid, for the reads */
    gs_multi_server_t srv;
    unsigned long long *handled; /* this GPU's servers' count */
};

#define HALF (GS_MULTI_MAX_PES * 4096u)

/* Each episode thread 0 of a block stamps its slot; after the barrier it
 * reads the slot of a block of another GPU (that GPU's grid may differ). */
__global__ void episodes(job j)
{
    const unsigned int b = blockIdx.x + gridDim.x * blockIdx.y, t = threadIdx.x + blockDim.x * threadIdx.y;
    gs_multi_barrier_t own = j.bar;
    for (unsigned int e = 1; e <= EPISODES; ++e) {
        const unsigned int half = (e & 1u) * HALF;
        if (t == 0u)
            j.data[j.pe][half + j.pe * 4096u + b] = j.base + e;
        if (j.copy) { /* the misuse: a fresh copy every episode, its count back at 0 */
            gs_multi_barrier_t fresh = j.bar;
            gs_multi_barrier_sync(&fresh);
        } else {
            gs_multi_barrier_sync(&own);
        }
        if (t == 0u) {
            const unsigned int q = (j.pe + e) % j.npes, n = j.grids[q];
            if (gs_ld_relaxed(&j.data[q][half + q * 4096u + (b + e) % n], GS_SCOPE_SYS) != j.base + e)
                atomicAdd(j.stale, 1u);
        }
        /* e + 2 writes this half again only after every block passed e + 1, after these reads */
    }
}

/* Every client lane sends 4 updates to items of any GPU's servers; servers count them. */
__global__ void serve(job j)
{
    extern __shared__ unsigned long long copies[];
    j.srv.copies = copies;
    gs_multi_server_init(j.srv);
    if (gs_multi_server_is_server(j.srv)) {
        unsigned long long mine = 0ull;
        gs_multi_server_serve(j.srv, [&](const uint4 &m, unsigned long long) { mine += m.y; });
        atomicAdd(j.handled, mine);
        return;
    }
    for (unsigned int r = 0; r < 4u; ++r) {
        const unsigned int id = (blockIdx.x * blockDim.x + threadIdx.x) * 7u + r + j.pe * 13u;
        gs_multi_server_send(j.srv, true, id, make_uint4(id, 1u, 0u, 0u));
    }
    gs_multi_server_client_done(j.srv);
}

/* The rank's outcome, for the first process ("PASS ...", "ERROR ..." or
 * "FAIL ..."), then its end. */
static const char *out_dir;
static unsigned int out_rank;
__attribute__((format(printf, 1, 2))) static void outcome(const char *fmt, ...)
{
    char name[16], line[300];
    va_list ap;
    va_start(ap, fmt);
    const int len = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    snprintf(name, sizeof name, "rank%u", out_rank);
    publish(out_dir, name, line, (size_t)(len < (int)sizeof line ? len : (int)sizeof line - 1));
    fflush(stdout);
    fflush(stderr);
    _exit(0); /* after a trap the context is gone: no NVSHMEM teardown */
}

#define TRY(call)                                                                                    \
    do {                                                                                             \
        const cudaError_t e_ = (call);                                                               \
        if (e_ != cudaSuccess)                                                                       \
            outcome("ERROR %s: %s\n", #call, cudaGetErrorName(e_));                                  \
    } while (0)

static int rank_main(unsigned int which, unsigned int form, unsigned int gpus, unsigned int rank, unsigned int base,
                     const char *dir)
{
    out_dir = dir, out_rank = rank; /* stdout, the device's printf, is the rank's file (ranks_run) */
    rank_join(rank, gpus, dir);
    const unsigned int odd = gpus > 1u ? 1u : 0u;              /* the GPU that breaks the grid rule */
    unsigned int blocks = which == UNEQUAL ? base * (1u + rank % 3u) / 2u + 1u : base;
    const unsigned int launched = (which == GRID_LAUNCH || which == GRID_OWN) && rank == odd ? blocks + 1u : blocks;
    job j;
    memset(&j, 0, sizeof j);
    gs_multi_barrier_t planned;
    TRY(gs_multi_barrier_plan(&planned, blocks, (int)form));
    j.bar = planned, j.pe = rank, j.npes = gpus, j.copy = which == COPY_PER_EPISODE;
    TRY(cudaMemcpy(j.grids, planned.peers->blocks, sizeof j.grids, cudaMemcpyDeviceToHost));
    unsigned int *data = (unsigned int *)nvshmem_malloc(2u * HALF * sizeof(unsigned int));
    unsigned int *done = (unsigned int *)nvshmem_malloc(128u);
    const unsigned int servers = blocks / 4u + 1u;
    void *queues = nvshmem_malloc(gs_msgq_bytes(CAPACITY) * blocks);
    if (!data || !done || !queues)
        die("nvshmem_malloc failed");
    for (unsigned int q = 0; q < gpus; ++q) {
        j.data[q] = (unsigned int *)nvshmem_ptr(data, (int)q);
        j.srv.queues[q] = nvshmem_ptr(queues, (int)q);
        j.srv.done[q] = (unsigned int *)nvshmem_ptr(done, (int)q);
        if (!j.data[q] || !j.srv.queues[q] || !j.srv.done[q])
            die("a peer's memory is not reached directly (nvshmem_ptr is NULL)");
    }
    j.srv.capacity = CAPACITY, j.srv.servers = servers, j.srv.pe = rank, j.srv.npes = gpus;
    TRY(cudaMalloc(&j.stale, sizeof(unsigned int)));
    TRY(cudaMalloc(&j.handled, sizeof(unsigned long long)));
    const bool server = which == SERVER_RELAUNCH || which == SERVER_LAUNCH;
    const size_t smem = server ? gs_msgq_copies_bytes(gpus * blocks) : 0u;
    TRY(cudaFuncSetAttribute((const void *)serve, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    cudaStream_t s;
    TRY(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    const void *kernel = server ? (const void *)serve : (const void *)episodes;
    void *args[] = {&j};
    const unsigned int launches = which == RELAUNCH ? 3u : 2u;
    const bool own = which == RELAUNCH_OWN || which == GRID_OWN || which == SERVER_RELAUNCH;
    for (unsigned int l = 0; l < launches; ++l) {
        j.base = 1000u * l; /* each launch stamps values of its own */
        TRY(cudaMemsetAsync(j.stale, 0, sizeof(unsigned int), s));
        TRY(cudaMemsetAsync(j.handled, 0, sizeof(unsigned long long), s));
        if (own) { /* the user's own: zeroed (and ordered by a host barrier) before the first launch only */
            if (l == 0u) {
                TRY(cudaMemsetAsync(planned.words, 0, gs_multi_barrier_bytes(), s));
                TRY(cudaMemsetAsync(done, 0, 128u, s));
                TRY(cudaMemsetAsync(queues, 0, gs_msgq_bytes(CAPACITY) * blocks, s));
                TRY(cudaStreamSynchronize(s));
            }
            TRY(cudaStreamSynchronize(s));
            nvshmem_barrier_all();
            if (nvshmemx_collective_launch(kernel, dim3(launched), dim3(THREADS), args, smem, s) != 0)
                outcome("ERROR nvshmemx_collective_launch (%u blocks) failed\n", launched);
        } else {
            void *const zero[2] = {done, queues};
            const size_t zero_bytes[2] = {128u, gs_msgq_bytes(CAPACITY) * blocks};
            TRY(gs_multi_launch(kernel, dim3(launched), dim3(THREADS), args, smem, s, &planned, zero, zero_bytes,
                                server ? 2u : 0u));
        }
        TRY(cudaStreamSynchronize(s));
        unsigned int stale = 0;
        unsigned long long handled = 0;
        TRY(cudaMemcpy(&stale, j.stale, sizeof stale, cudaMemcpyDeviceToHost));
        TRY(cudaMemcpy(&handled, j.handled, sizeof handled, cudaMemcpyDeviceToHost));
        nvshmem_barrier_all(); /* every GPU's launch has ended */
        if (server) {
            unsigned long long all = 0; /* every GPU's handled counts: each sums to every GPU's clients' sends */
            unsigned long long *sym = (unsigned long long *)nvshmem_malloc(2u * sizeof(unsigned long long));
            TRY(cudaMemcpy(sym, &handled, sizeof handled, cudaMemcpyHostToDevice));
            nvshmem_barrier_all();
            nvshmem_uint64_sum_reduce(NVSHMEM_TEAM_WORLD, (uint64_t *)sym + 1, (const uint64_t *)sym, 1);
            TRY(cudaMemcpy(&all, sym + 1, sizeof all, cudaMemcpyDeviceToHost));
            nvshmem_free(sym);
            const unsigned long long want = 4ull * THREADS * (blocks - servers) * gpus;
            if (all != want)
                outcome("FAIL server: launch %u: %llu of %llu messages handled, no error\n", l + 1u, all, want);
        } else if (stale) {
            outcome("FAIL barrier: %u stale reads in launch %u, no error\n", stale, l + 1u);
        }
    }
    outcome("PASS %s: %u launches of %u blocks, every check held\n", case_names[which], launches, launched);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned int which = CASES;
    for (unsigned int c = 0; c < CASES && argc > 1; ++c)
        if (!strcmp(argv[1], case_names[c]))
            which = c;
    unsigned int rank, rank_blocks;
    const char *rank_dir;
    const unsigned int form = arg(argc, argv, 2, 0, 0, GS_MULTI_FORM_COUNT - 1u), gpus_asked = arg(argc, argv, 3, 0, 0, 8);
    if (rank_env(&rank, &rank_blocks, &rank_dir)) {
        which = arg(argc, argv, 1, 0, 0, CASES - 1u);
        return rank_main(which, form, arg(argc, argv, 3, 0, 1, 8), rank, rank_blocks, rank_dir);
    }
    if (which == CASES) {
        fprintf(stderr, "misuse_multi: CASE is one of relaunch-own, relaunch, copy-per-episode, unequal, grid-launch, "
                        "grid-own, server-relaunch, server-launch\n");
        return 2;
    }
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        printf("misuse_multi %s: no NVIDIA GPU or driver found: skipped\n", argv[1]);
        return 77;
    }
    if ((int)gpus_asked > devices && !ranks_share()) {
        printf("misuse_multi %s: needs %u GPUs; this machine has %d (" SHARE_ENV "=1 lets ranks share them): skipped\n",
               argv[1], gpus_asked, devices);
        return 77;
    }
    const unsigned int gpus = gpus_asked ? gpus_asked : (devices > 8 ? 8u : (unsigned int)devices);
    /* 2 blocks an SM; the grid cases plan one fewer, so that the odd GPU's one more still fits at once (a launch
     * refused there would leave the others waiting: the rule's check is at the arrival, and a user's own launch
     * that one GPU refuses is outside what the barrier can see) */
    const unsigned int blocks = 2u * ranks_sms(gpus) / (which == UNEQUAL ? 2u : 1u) -
                                (which == GRID_OWN || which == GRID_LAUNCH ? 1u : 0u);
    CHECK(cudaDeviceReset());
    const unsigned int given[3] = {which, form, gpus};
    char dir[64], path[4096], line[300];
    int failed_status = 0;
    const int failed = ranks_run(argv[0], given, 3u, gpus, blocks, dir, sizeof dir, &failed_status);
    unsigned int pass = 0, error = 0;
    for (unsigned int r = 0; r < gpus; ++r) {
        char name[16];
        snprintf(name, sizeof name, "rank%u", r);
        path_of(path, sizeof path, dir, name);
        FILE *f = fopen(path, "r");
        if (!f || !fgets(line, sizeof line, f))
            snprintf(line, sizeof line, "FAIL no outcome (the rank %s)\n", failed == (int)r ? "failed" : "left none");
        if (f)
            fclose(f);
        printf("misuse_multi %s %s GPU %u: %s", argv[1], gs_multi_form_name((int)form), r, line);
        pass += !strncmp(line, "PASS", 4), error += !strncmp(line, "ERROR", 5);
        ranks_said_one(dir, r); /* what the GPU printed: its "gsync: " lines */
    }
    ranks_clean(dir);
    const int rc = pass == gpus ? 0 : error == gpus ? 3 : 1;
    printf("misuse_multi %s %s on %u GPUs: %s\n", argv[1], gs_multi_form_name((int)form), gpus,
           rc == 0 ? "PASS" : rc == 3 ? "a clear error on every GPU" : "FAIL (a silent wrong result or a mixed end)");
    return rc;
}
