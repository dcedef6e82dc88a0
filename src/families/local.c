/* local.c: the local-synchronization family: HeteroSync's ...Uniq ports
 * (groups of blocks b % SMs, as HeteroSync assumes them to share an SM) and
 * gsync's locks, semaphore and barrier per thread-block cluster; its option
 * --cluster; the golden model per group (local_kernels.cu).  The ports keep
 * the seed's block-scope fences, which order nothing between blocks on
 * different SMs, so they are flagged GS_PRIM_UNORDERED: a FAIL is their
 * finding.
 * arg[0]: the model (LOCAL_*) and flags; arg[1]: a semaphore's size. */
#include "core/cli.h"
#include "core/cuda_check.h"
#include "families/golden.h"

#include "gsync/host.h"

#include <stdio.h>
#include <string.h>

extern const gs_kernels gs_kernels_local_spin_uniq, gs_kernels_local_spin_ebo_uniq, gs_kernels_local_fa_uniq,
    gs_kernels_local_sleep_uniq, gs_kernels_local_spin_sem_uniq, gs_kernels_local_ticket_cluster,
    gs_kernels_local_mcs_cluster, gs_kernels_local_ticket_sem_cluster, gs_kernels_local_cluster_barrier,
    gs_kernels_local_cluster_barrier_split;
void gs_local_params_fill(gs_bench_args *a, unsigned int groups, unsigned int stride, unsigned int nslots,
                          unsigned int size, unsigned int words, int backoff);

#define LOCAL_MUTEX 0u
#define LOCAL_SEM 1u
#define LOCAL_BARRIER 2u
#define LOCAL_MODEL 0xfu
#define LOCAL_BACKOFF 0x10u
#define LOCAL_CHECK 4u    /* check words per group, after the shared ones */
#define WRITE_FACTOR 3u   /* semaphore writers write 3x a reader's words */
#define MAX_CLUSTER 16u   /* 16 is non-portable: asked for with the attribute */
#ifndef GS_BARRIER_VERIFY_EPISODES
#define GS_BARRIER_VERIFY_EPISODES 10000u
#endif

extern const gs_family gs_family_local;
#define HS "HeteroSync baseline"
#define HEAD GS_PRIM_HEADLINE
#define WRAP GS_PRIM_WRAP
#define UNIQ(name, summary, alg, model, flags)                                                         \
    {name, HS, summary, &gs_family_local, &gs_kernels_local_##alg, GS_LAUNCH_PLAIN, GS_PRIM_UNORDERED | (flags), \
     {model, 0}}
#define UNIQ_SEM(name, summary, backoff, size)                                                                \
    {name, HS, summary, &gs_family_local, &gs_kernels_local_spin_sem_uniq, GS_LAUNCH_PLAIN, GS_PRIM_UNORDERED,  \
     {LOCAL_SEM | (backoff ? LOCAL_BACKOFF : 0u), size}}
#define CLUSTER(name, summary, alg, model, size, flags) \
    {name, "gsync", summary, &gs_family_local, &gs_kernels_local_##alg, GS_LAUNCH_CLUSTERS, flags, {model, size}}
#define UNIQ_SEMS(prefix, summary, backoff)                                                    \
    UNIQ_SEM(prefix "1", summary ", size 1", backoff, 1), UNIQ_SEM(prefix "2", summary ", size 2", backoff, 2), \
        UNIQ_SEM(prefix "10", summary ", size 10", backoff, 10),                               \
        UNIQ_SEM(prefix "120", summary ", size 120", backoff, 120)
#define CLUSTER_SEMS(prefix, summary)                                                                           \
    CLUSTER(prefix "1", summary ", size 1", ticket_sem_cluster, LOCAL_SEM, 1, WRAP),                           \
        CLUSTER(prefix "2", summary ", size 2", ticket_sem_cluster, LOCAL_SEM, 2, WRAP),                       \
        CLUSTER(prefix "10", summary ", size 10", ticket_sem_cluster, LOCAL_SEM, 10, HEAD | WRAP),             \
        CLUSTER(prefix "120", summary ", size 120", ticket_sem_cluster, LOCAL_SEM, 120, WRAP)

static const gs_prim prims[] = {
    UNIQ("spinMutexUniq", "spin lock per SM group (b % SMs), block-scope fences", spin_uniq, LOCAL_MUTEX, HEAD),
    UNIQ("spinMutexEBOUniq", "the same with exponential backoff", spin_ebo_uniq, LOCAL_MUTEX, 0),
    UNIQ("faMutexUniq", "centralized ticket lock per SM group, block-scope fences", fa_uniq, LOCAL_MUTEX, WRAP),
    UNIQ("sleepMutexUniq", "decentralized ticket lock per SM group, block-scope fences", sleep_uniq, LOCAL_MUTEX, 0),
    UNIQ_SEMS("spinSemUniq", "lock-guarded semaphore per SM group, block-scope fences", 0),
    UNIQ_SEMS("spinSemEBOUniq", "the same with exponential backoff", 1),
    CLUSTER("ticketMutexCluster", "ticket lock per cluster, in rank 0's shared memory, cluster scope", ticket_cluster,
            LOCAL_MUTEX, 0, HEAD | WRAP),
    CLUSTER("mcsMutexCluster", "MCS queue lock per cluster in distributed shared memory, cluster scope", mcs_cluster,
            LOCAL_MUTEX, 0, 0),
    CLUSTER_SEMS("ticketSemCluster", "weighted ticket semaphore per cluster, cluster scope"),
    CLUSTER("clusterBarrier", "the hardware cluster barrier (barrier.cluster), regions traded in the cluster",
            cluster_barrier, LOCAL_BARRIER, 0, HEAD),
    CLUSTER("clusterBarrierSplit", "the same through its split arrive / wait", cluster_barrier_split, LOCAL_BARRIER, 0,
            0),
};

/* --cluster N: blocks per cluster of the cluster primitives. */
typedef struct local_options {
    unsigned int cluster;
} local_options;
_Static_assert(sizeof(local_options) <= GS_FAMILY_OPTION_BYTES, "local_options fits");

static unsigned int cluster_of(const void *opts)
{
    return opts ? ((const local_options *)opts)->cluster : 4u;
}

/* HeteroSync's ...Uniq ports keep block-scope fences between SMs. */
static const char *finding(const gs_prim *p, int verdict)
{
    return verdict == GS_FAIL && (p->flags & GS_PRIM_UNORDERED)
               ? "HeteroSync's block-scope fences order nothing between SMs, and b % SMs does not share one"
               : NULL;
}

static int option(void *opts, const char *name, const char *value, char *err, size_t n)
{
    unsigned int v = 0;
    if (strcmp(name, "--cluster") != 0)
        return 0;
    if (!value)
        return 1;
    if (gs_parse_uint(value, 2, MAX_CLUSTER, &v) || (v != 2u && v != 4u && v != 8u && v != 16u)) {
        snprintf(err, n, "--cluster '%s' is not one of 2, 4, 8, 16", gs_escape(value));
        return -1;
    }
    ((local_options *)opts)->cluster = v;
    return 1;
}

static void reset_options(void *opts)
{
    ((local_options *)opts)->cluster = 4u;
}

static unsigned int model(const gs_config *c)
{
    return c->prim->arg[0] & LOCAL_MODEL;
}
static int clustered(const gs_prim *p)
{
    return p->launch == GS_LAUNCH_CLUSTERS;
}

/* Groups: clusters, or HeteroSync's one per SM (one per block when fewer). */
static unsigned int groups_of(const gs_config *c)
{
    if (clustered(c->prim))
        return c->blocks / cluster_of(c->fopt);
    return c->sm_count && c->sm_count < c->blocks ? c->sm_count : c->blocks;
}
/* Blocks in group g. */
static unsigned int members_of(const gs_config *c, unsigned int g)
{
    const unsigned int groups = groups_of(c);
    return clustered(c->prim) ? cluster_of(c->fopt) : c->blocks / groups + (g < c->blocks % groups ? 1u : 0u);
}
static unsigned int words_of(const gs_config *c)
{
    return model(c) == LOCAL_SEM ? WRITE_FACTOR * c->ldst : c->ldst;
}
/* The ring of sleepMutexUniq: a power of two at least the group's blocks. */
static unsigned int slots_of(const gs_config *c)
{
    unsigned int s = 1u;
    while (s < members_of(c, 0))
        s <<= 1;
    return s;
}
/* Words of lock state per group: lines of their own, the ring after one. */
static unsigned int stride_of(const gs_config *c)
{
    return clustered(c->prim) ? 0u : 32u * (1u + (slots_of(c) + 31u) / 32u);
}

static int cluster_size(const void *opts, const gs_prim *p)
{
    return clustered(p) ? (int)cluster_of(opts) : 0;
}

/* The cluster primitives need clusters of exactly --cluster blocks, and the
 * whole grid resident in them. */
static int check(const gs_config *c, char *err, size_t n)
{
    const unsigned int cluster = cluster_of(c->fopt);
    unsigned int got = 0u, resident = 0u;
    cudaError_t e;
    if (c->ldst == 0 && model(c) != LOCAL_BARRIER) {
        snprintf(err, n, "--ldst 0 (the bare barrier) applies to barriers only, not to %s", c->prim->name);
        return GS_EXIT_USAGE;
    }
    if (!clustered(c->prim))
        return GS_EXIT_OK;
    if (c->blocks % cluster) {
        snprintf(err, n, "%s: %u blocks do not divide into clusters of %u", c->prim->name, c->blocks, cluster);
        return GS_EXIT_USAGE;
    }
    if (!c->sm_count) /* checked before any device: the options alone */
        return GS_EXIT_OK;
    if ((e = gs_cluster_pick(c->prim->kernels->kernel, c->blocks, c->threads, 0, cluster, &got, &resident)) !=
        cudaSuccess)
        return gs_cuda_error(e, err, n, "clusters of %u for %s", cluster, c->prim->name);
    if (got != cluster) {
        snprintf(err, n, "%s: this device cannot run clusters of %u blocks of %u threads", c->prim->name,
                 cluster, c->threads);
        return GS_EXIT_USAGE;
    }
    if (resident < c->blocks) {
        snprintf(err, n, "%s: %u blocks asked, this device holds at most %u in clusters of %u (%u per SM)",
                 c->prim->name, c->blocks, resident, cluster, resident / (c->sm_count ? c->sm_count : 1u));
        return GS_EXIT_USAGE;
    }
    return GS_EXIT_OK;
}

/* Blocks per SM that clusters of --cluster admit. */
static int per_sm(const void *opts, const gs_prim *p, unsigned int threads, unsigned int sms, unsigned int *out)
{
    const unsigned int cluster = cluster_of(opts);
    unsigned int got = 0u, resident = 0u;
    cudaError_t e;
    if (!clustered(p))
        return (int)gs_blocks_per_sm(p->kernels->kernel, threads, 0, out);
    if ((e = gs_cluster_pick(p->kernels->kernel, cluster * sms, threads, 0, cluster, &got,
                             &resident)) != cudaSuccess)
        return (int)e;
    *out = got == cluster ? resident / sms : 0u;
    return 0;
}

/* Barriers run 2000 episodes a launch by default, locks 200 sections a
 * block: a group's chain of sections is short, and a launch's fixed cost
 * would otherwise weigh on each. */
static unsigned int default_iters(const gs_prim *p)
{
    return (p->arg[0] & LOCAL_MODEL) == LOCAL_BARRIER ? 2000u : 200u;
}

static unsigned int launch_iters(const gs_config *c, int verifying)
{
    if (model(c) == LOCAL_BARRIER && verifying && !c->short_verify && c->iters < GS_BARRIER_VERIFY_EPISODES)
        return GS_BARRIER_VERIFY_EPISODES;
    return c->iters;
}

static size_t state_bytes(const gs_config *c)
{
    return 4u * (size_t)groups_of(c) * stride_of(c) + 128u;
}

static size_t data_words(const gs_config *c)
{
    if (model(c) == LOCAL_BARRIER)
        return (size_t)c->blocks * c->ldst * c->threads + 2u * (size_t)c->blocks;
    return (size_t)groups_of(c) * c->threads * words_of(c);
}

static size_t check_words(const gs_config *c)
{
    return GS_CHECK_WORDS + LOCAL_CHECK * (size_t)groups_of(c);
}

static void init_data(const gs_config *c, unsigned int *data)
{
    const size_t per_group = (size_t)c->threads * words_of(c);
    if (model(c) == LOCAL_BARRIER)
        gs_golden_barrier_init(data, c->blocks, c->threads, c->ldst);
    else if (model(c) == LOCAL_SEM)
        for (unsigned int g = 0; g < groups_of(c); ++g)
            gs_golden_sem_init(data + g * per_group, c->threads, words_of(c));
    else
        memset(data, 0, groups_of(c) * per_group * sizeof *data);
}

static int prepare(const gs_config *c, gs_bench_args *a, char *note, size_t n)
{
    gs_local_params_fill(a, groups_of(c), stride_of(c), slots_of(c), c->prim->arg[1], words_of(c),
                         (c->prim->arg[0] & LOCAL_BACKOFF) != 0u);
    snprintf(note, n, "%u groups of %u", groups_of(c), members_of(c, 0));
    return 0;
}

/* --wrap: half the increments of the group that makes the fewest (its
 * tickets, or its positions: the writer, member 0, takes `size` an entry). */
static unsigned int wrap(const gs_config *c, unsigned int iters)
{
    const unsigned long long fewest = members_of(c, groups_of(c) - 1u);
    if (model(c) == LOCAL_SEM)
        return gs_wrap_half((unsigned long long)iters * (fewest - 1u + c->prim->arg[1]));
    return gs_wrap_half((unsigned long long)iters * fewest);
}

/* Group g's mutex data: every member b adds b + 1 per critical section. */
static int verify_mutex(const gs_config *c, const unsigned int *data, const unsigned int *check, int verifying,
                        char *detail, size_t n)
{
    const unsigned int groups = groups_of(c), words = c->threads * c->ldst;
    if (verifying && check[GS_CHECK_VIOLATIONS]) {
        snprintf(detail, n, "mutual exclusion: %u entries found another block of the group inside",
                 check[GS_CHECK_VIOLATIONS]);
        return 1;
    }
    for (unsigned int g = 0; g < groups; ++g) {
        unsigned long long sum = 0ull;
        for (unsigned int b = 0; b < c->blocks; ++b)
            if ((clustered(c->prim) ? b / cluster_of(c->fopt) : b % groups) == g)
                sum += b + 1u;
        const unsigned int want = (unsigned int)(sum * c->iters), want_count = members_of(c, g) * c->iters;
        const unsigned int count = check[GS_CHECK_WORDS + LOCAL_CHECK * g];
        if (verifying && count != want_count) {
            snprintf(detail, n, "mutual exclusion: group %u counted %u acquisitions, expected %u", g, count,
                     want_count);
            return 1;
        }
        for (unsigned int i = 0; i < words; ++i)
            if (data[(size_t)g * words + i] != want) {
                snprintf(detail, n, "group %u data word %u is %u, expected %u", g, i, data[(size_t)g * words + i],
                         want);
                return 1;
            }
    }
    detail[0] = 0;
    return 0;
}

/* Each group's semaphore run: the shared counts, then its final data, one
 * write by its writer (member 0), the writer's last. */
static int verify_sem(const gs_config *c, const unsigned int *data, const unsigned int *check, int verifying,
                      char *detail, size_t n)
{
    const unsigned int groups = groups_of(c), words = words_of(c);
    const unsigned long long total = (unsigned long long)c->blocks * c->iters;
    if (verifying && check[GS_CHECK_VIOLATIONS]) {
        snprintf(detail, n, "capacity: %u entries found the group's semaphore full or a writer not alone",
                 check[GS_CHECK_VIOLATIONS]);
        return 1;
    }
    if (verifying && (check[GS_CHECK_ENTERED] != (unsigned int)total || check[GS_CHECK_LEFT] != (unsigned int)total)) {
        snprintf(detail, n, "%u entries and %u exits, expected %llu of each", check[GS_CHECK_ENTERED],
                 check[GS_CHECK_LEFT], total);
        return 1;
    }
    if (check[GS_CHECK_TORN]) {
        snprintf(detail, n, "%u reads saw words of two different writes", check[GS_CHECK_TORN]);
        return 1;
    }
    for (unsigned int g = 0; g < groups; ++g) {
        const unsigned int writer = clustered(c->prim) ? g * cluster_of(c->fopt) : g;
        const unsigned int stamp = writer * c->iters + c->iters, *d = data + (size_t)g * c->threads * words;
        for (unsigned int j = 0; j < words; ++j)
            for (unsigned int t = 0; t < c->threads; ++t)
                if (d[(size_t)j * c->threads + t] != stamp + j) {
                    snprintf(detail, n, "group %u final data: thread %u word %u is %u, expected %u", g, t, j,
                             d[(size_t)j * c->threads + t], stamp + j);
                    return 1;
                }
    }
    detail[0] = 0;
    return 0;
}

static int verify(const gs_config *c, const unsigned int *data, const unsigned int *check, int verifying,
                  char *detail, size_t n)
{
    if (model(c) == LOCAL_BARRIER)
        return gs_golden_barrier_check(data, c->blocks, c->threads, c->ldst, launch_iters(c, verifying),
                                       check[GS_CHECK_VIOLATIONS], check[GS_CHECK_LAST_BAD], detail, n);
    return model(c) == LOCAL_SEM ? verify_sem(c, data, check, verifying, detail, n)
                                 : verify_mutex(c, data, check, verifying, detail, n);
}

/* Per operation: a critical section within a group (the group's chain of
 * hand-overs), or a barrier episode. */
static double ops_per_launch(const gs_config *c)
{
    return model(c) == LOCAL_BARRIER ? (double)c->iters : (double)members_of(c, 0) * c->iters;
}

const gs_family gs_family_local = {
    .name = "local", .prims = prims, .nprims = sizeof prims / sizeof prims[0], .default_iters = 20u,
    .help = "  --cluster N         blocks per cluster of the local family's cluster primitives: 2, 4, 8, 16 (4)\n",
    .option = option, .options = (const char *const[]){"--cluster", NULL}, .finding = finding, .check = check, .launch_iters = launch_iters, .state_bytes = state_bytes,
    .data_words = data_words, .init_data = init_data, .prepare = prepare, .verify = verify,
    .ops_per_launch = ops_per_launch, .check_words = check_words, .cluster_size = cluster_size, .per_sm = per_sm,
    .iters = default_iters, .reset_options = reset_options, .wrap = wrap,
};
