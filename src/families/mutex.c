/* mutex.c: the mutex family: its primitives, and the golden model of the
 * mutex microbenchmark (mutex_kernels.cu). */
#include "core/family.h"
#include "families/golden.h"

#include <stdio.h>

extern const gs_kernels gs_kernels_mutex_libcu, gs_kernels_mutex_spin, gs_kernels_mutex_spin_ebo, gs_kernels_mutex_fa,
    gs_kernels_mutex_sleep, gs_kernels_mutex_ticket, gs_kernels_mutex_array, gs_kernels_mutex_cohort;
void gs_mutex_params_fill(gs_bench_args *a, unsigned int nslots);

#define MUTEX(name, origin, summary, alg, flags) \
    {name, origin, summary, &gs_family_mutex, &gs_kernels_mutex_##alg, GS_LAUNCH_PLAIN, flags, {0, 0}}
#define HEAD GS_PRIM_HEADLINE
#define WRAP GS_PRIM_WRAP
#define HS "HeteroSync baseline"

extern const gs_family gs_family_mutex;
static const gs_prim prims[] = {
    MUTEX("spinMutex", HS, "test-and-set spin lock, fence.sc around the atomics", spin, HEAD),
    MUTEX("spinMutexEBO", HS, "test-and-set lock with exponential busy-wait backoff", spin_ebo, 0),
    MUTEX("faMutex", HS, "centralized ticket (fetch-and-add) lock, backoff while polling", fa, HEAD | WRAP),
    MUTEX("sleepMutex", HS, "decentralized ticket lock: one ring-buffer slot per waiter", sleep, HEAD),
    MUTEX("ticketMutex", "gsync", "ticket lock, acquire/release, proportional backoff (FIFO)", ticket, HEAD | WRAP),
    MUTEX("arrayMutex", "gsync", "array queue lock, one 128-byte slot per waiter, acquire/release (FIFO)", array, WRAP),
    MUTEX("cudaBinarySemaphore", "CUDA peer", "libcu++ cuda::binary_semaphore<thread_scope_device> as a lock", libcu,
          HEAD),
    {"cohortMutex", "gsync", "cluster cohort lock: passes inside a thread-block cluster first, then a global ticket lock",
     &gs_family_mutex, &gs_kernels_mutex_cohort, GS_LAUNCH_CLUSTERS, HEAD | WRAP, {0, 0}},
};

/* Ring and array slots: a power of two at least the block count. */
static unsigned int slots(unsigned int blocks)
{
    unsigned int n = 1u;
    while (n < blocks)
        n <<= 1;
    return n;
}

/* One size fits all: the array lock's slots (a line each) plus two lines. */
static size_t state_bytes(const gs_config *c)
{
    return 256u + (size_t)slots(c->blocks) * 128u;
}

static size_t data_words(const gs_config *c)
{
    return (size_t)c->threads * c->ldst;
}

static int prepare(const gs_config *c, gs_bench_args *a, char *note, size_t n)
{
    (void)note, (void)n;
    gs_mutex_params_fill(a, slots(c->blocks));
    return 0;
}

/* --wrap: half a launch's tickets (at most 2^29, below faMutex's 10^9 wrap). */
static unsigned int wrap(const gs_config *c, unsigned int iters)
{
    return gs_wrap_half((unsigned long long)c->blocks * iters);
}

static int verify(const gs_config *c, const unsigned int *data, const unsigned int *check, int verifying,
                  char *detail, size_t n)
{
    const gs_mutex_counts counts = {check[GS_CHECK_CS_COUNT], check[GS_CHECK_VIOLATIONS]};
    return gs_golden_mutex_check(data, data_words(c), verifying ? &counts : NULL, c->blocks, c->iters, detail, n);
}

static double ops_per_launch(const gs_config *c)
{
    return (double)c->blocks * c->iters;
}

const gs_family gs_family_mutex = {
    .name = "mutex", .prims = prims, .nprims = sizeof prims / sizeof prims[0], .default_iters = 20u, .help = "",
    .check = gs_family_check_body, .launch_iters = gs_family_iters, .state_bytes = state_bytes,
    .data_words = data_words, .prepare = prepare, .verify = verify, .ops_per_launch = ops_per_launch, .wrap = wrap,
};

/* ---- the golden model ---- */

unsigned int gs_golden_mutex_word(unsigned int blocks, unsigned int iters)
{
    unsigned long long b = blocks;
    unsigned long long per_round = (b * (b + 1ull) / 2ull) & 0xffffffffull;
    return (unsigned int)((per_round * iters) & 0xffffffffull);
}

int gs_golden_mutex_check(const unsigned int *data, size_t nwords, const gs_mutex_counts *counts,
                          unsigned int blocks, unsigned int iters, char *detail, size_t n)
{
    const unsigned int want = gs_golden_mutex_word(blocks, iters);
    const unsigned int want_count = (unsigned int)((unsigned long long)blocks * iters);
    if (counts && counts->violations) {
        snprintf(detail, n, "mutual exclusion: %u entries found another block inside", counts->violations);
        return 1;
    }
    if (counts && counts->cs_count != want_count) {
        snprintf(detail, n, "mutual exclusion: counter %u, expected %u acquisitions", counts->cs_count, want_count);
        return 1;
    }
    for (size_t i = 0; i < nwords; ++i)
        if (data[i] != want) {
            snprintf(detail, n, "data word %zu is %u, expected %u", i, data[i], want);
            return 1;
        }
    detail[0] = 0;
    return 0;
}
