/* A user's program on gsync's cohort lock, built as the README shows (no
 * watchdog): blocks of any shape (2-D included), launched in clusters or
 * not, move money between accounts inside the lock, each thread its own
 * pair of accounts, a third of the threads sitting out each turn, thread
 * (0, 0) bumping a plain counter.  The host checks that no money was made
 * or lost and that the counter saw every section.  Prints one line; exit 0
 * when both hold, 1 when not, 77 without a GPU, 2 on a bad argument.
 *
 *   lock_example [THREADS_X [THREADS_Y [BLOCKS_PER_SM [CLUSTER [ITERS [WORDS [BROKEN]]]]]]]
 *   (32 1 4 4 20 1 0; CLUSTER 1: no clusters, the global ticket lock alone;
 *    WORDS: accounts moved per thread and section; BROKEN 1: odd blocks skip
 *    the lock, a twin that must FAIL)
 */
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <gsync/gsync.cuh>

#define CHECK(call)                                                                                  \
    do {                                                                                             \
        cudaError_t e_ = (call);                                                                     \
        if (e_ != cudaSuccess) {                                                                     \
            fprintf(stderr, "lock_example: %s: %s\n", #call, cudaGetErrorString(e_));                \
            exit(1);                                                                                 \
        }                                                                                            \
    } while (0)

struct plan {
    unsigned int tx, ty, per_sm, cluster, iters, words, broken, accounts;
};

__global__ void work(gs_mutex_cohort_t *lock, plan p, int *accounts, unsigned int *count)
{
    __shared__ gs_mutex_cohort_node_t node;
    const unsigned int t = threadIdx.y * blockDim.x + threadIdx.x, nt = blockDim.x * blockDim.y;
    const bool leader = t == 0u, locks = !(p.broken && blockIdx.x % 2u == 1u);
    gs_mutex_cohort_begin(&node);
    for (unsigned int it = 0; it < p.iters; ++it) {
        if (leader && locks)
            gs_mutex_cohort_lock(lock, &node);
        __syncthreads();
        if ((t + it + blockIdx.x) % 3u != 0u) /* a third of the threads sit out */
            for (unsigned int w = 0; w < p.words; ++w) {
                const unsigned int from = (2u * (t + nt * w) + blockIdx.x * 7u + it) % p.accounts;
                const unsigned int to = (from + 1u) % p.accounts; /* a pair no other thread of the block touches */
                const int amount = (int)((blockIdx.x + it + t) % 5u) + 1;
                const int a = accounts[from], b = accounts[to];
                accounts[from] = a - amount;
                accounts[to] = b + amount;
            }
        if (leader)
            *count += 1u;
        __syncthreads();
        if (leader && locks)
            gs_mutex_cohort_unlock(lock, &node);
    }
    gs_mutex_cohort_end();
}

static unsigned int arg(int argc, char **argv, int i, unsigned int def, unsigned int lo, unsigned int hi)
{
    if (argc <= i)
        return def;
    char *end;
    const unsigned long v = strtoul(argv[i], &end, 10);
    if (*end || v < lo || v > hi) {
        fprintf(stderr, "lock_example: argument %d '%s' is not in %u..%u\n", i, argv[i], lo, hi);
        exit(2);
    }
    return (unsigned int)v;
}

int main(int argc, char **argv)
{
    plan p;
    p.tx = arg(argc, argv, 1, 32, 1, 1024);
    p.ty = arg(argc, argv, 2, 1, 1, 1024);
    p.per_sm = arg(argc, argv, 3, 4, 1, 64);
    p.cluster = arg(argc, argv, 4, 4, 1, 8);
    p.iters = arg(argc, argv, 5, 20, 1, 100000);
    p.words = arg(argc, argv, 6, 1, 1, 64);
    p.broken = arg(argc, argv, 7, 0, 0, 1);
    if (p.tx * p.ty > 1024) {
        fprintf(stderr, "lock_example: %u x %u threads is more than a block holds\n", p.tx, p.ty);
        return 2;
    }
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        printf("lock_example: no NVIDIA GPU or driver found: skipped\n");
        return 77;
    }
    int sms;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    unsigned int blocks = p.per_sm * (unsigned int)sms;
    blocks -= blocks % p.cluster; /* whole clusters */
    p.accounts = 2u * p.tx * p.ty * p.words + 2u;
    std::vector<int> h(p.accounts, 1000);
    gs_mutex_cohort_t init = GS_MUTEX_COHORT_INIT, *lock;
    int *accounts;
    unsigned int *count, got = 0;
    CHECK(cudaMalloc(&lock, sizeof init));
    CHECK(cudaMalloc(&accounts, p.accounts * sizeof(int)));
    CHECK(cudaMalloc(&count, sizeof got));
    CHECK(cudaMemcpy(lock, &init, sizeof init, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(accounts, h.data(), p.accounts * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(count, 0, sizeof got));
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr[1];
    cfg.gridDim = dim3(blocks);
    cfg.blockDim = dim3(p.tx, p.ty);
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = p.cluster;
    attr[0].val.clusterDim.y = attr[0].val.clusterDim.z = 1;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    cudaEvent_t t0, t1;
    float ms = 0.0f;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    CHECK(cudaEventRecord(t0));
    CHECK(cudaLaunchKernelEx(&cfg, work, lock, p, accounts, count));
    CHECK(cudaEventRecord(t1));
    CHECK(cudaEventSynchronize(t1));
    CHECK(cudaGetLastError());
    CHECK(cudaEventElapsedTime(&ms, t0, t1));
    CHECK(cudaMemcpy(h.data(), accounts, p.accounts * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&got, count, sizeof got, cudaMemcpyDeviceToHost));
    long long sum = 0;
    for (int v : h)
        sum += v;
    const long long want = 1000ll * p.accounts;
    const unsigned int sections = blocks * p.iters;
    const bool pass = sum == want && got == sections;
    printf("lock_example %s: %ux%u threads, %u blocks (%u an SM), cluster %u, %u words: %u sections, %.1f ns "
           "a section, money %+lld, counter %u of %u\n",
           pass ? "PASS" : "FAIL", p.tx, p.ty, blocks, p.per_sm, p.cluster, p.words, sections,
           ms * 1e6 / sections, sum - want, got, sections);
    return pass ? 0 : 1;
}
