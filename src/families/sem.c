/* sem.c: the semaphore family: its primitives (each in HeteroSync's sizes 1,
 * 2, 10 and 120: arg[0] the size, arg[1] the backoff variant), and the golden
 * model of the semaphore microbenchmark (sem_kernels.cu). */
#include "core/family.h"
#include "families/golden.h"

#include <stdio.h>

extern const gs_kernels gs_kernels_sem_libcu, gs_kernels_sem_spin, gs_kernels_sem_priority, gs_kernels_sem_ticket;
void gs_sem_params_fill(gs_bench_args *a, unsigned int size, unsigned int writer_every, unsigned int words,
                        int backoff);

/* Writers write this many times a reader's words (HeteroSync: 10 loads, 30 stores). */
#define WRITE_FACTOR 3u

extern const gs_family gs_family_sem;
/* the quick suite shows each semaphore without backoff at size 10; `wrap`:
 * its positions are counters (GS_PRIM_WRAP); HANG: HeteroSync's may livelock,
 * and libcu++'s deadlocks when two writers each hold some permits */
#define HANG GS_PRIM_MAY_HANG
#define SEM(name, origin, summary, alg, size, backoff, wrap)                                                \
    {name, origin, summary, &gs_family_sem, &gs_kernels_sem_##alg, GS_LAUNCH_PLAIN,                        \
     (size == 10 && !backoff ? GS_PRIM_HEADLINE : 0) | (wrap), {size, backoff}}
#define SEM_SIZES(prefix, origin, summary, alg, backoff, wrap)             \
    SEM(prefix "1", origin, summary ", size 1", alg, 1, backoff, wrap),    \
    SEM(prefix "2", origin, summary ", size 2", alg, 2, backoff, wrap),    \
    SEM(prefix "10", origin, summary ", size 10", alg, 10, backoff, wrap), \
    SEM(prefix "120", origin, summary ", size 120", alg, 120, backoff, wrap)

static const gs_prim prims[] = {
    SEM_SIZES("spinSem", "HeteroSync baseline", "lock-guarded reader-writer semaphore", spin, 0, HANG),
    SEM_SIZES("spinSemEBO", "HeteroSync baseline", "lock-guarded semaphore, exponential backoff", spin, 1, HANG),
    SEM_SIZES("priorSem", "thesis baseline", "priority semaphore: leaving blocks go first", priority, 0, 0),
    SEM_SIZES("priorSemEBO", "thesis baseline", "priority semaphore with exponential backoff", priority, 1, 0),
    SEM_SIZES("ticketSem", "gsync", "weighted ticket semaphore, FIFO, no lock", ticket, 0, GS_PRIM_WRAP),
    SEM_SIZES("cudaSem", "CUDA peer", "libcu++ cuda::counting_semaphore<thread_scope_device>, a writer takes all permits",
              libcu, 0, HANG),
};

/* HeteroSync's semaphore and libcu++'s, timed out (docs/sem.md). */
static const char *finding(const gs_prim *p, int verdict)
{
    if (verdict != GS_TIMEOUT || !(p->flags & GS_PRIM_MAY_HANG))
        return NULL;
    return p->kernels == &gs_kernels_sem_libcu
               ? "libcu++'s semaphore: a writer takes its permits one at a time, two writers each hold some and wait"
               : "HeteroSync's semaphore livelocks: leaving blocks fight entering ones for its lock";
}

static unsigned int words_per_thread(const gs_config *c)
{
    return WRITE_FACTOR * c->ldst;
}

static size_t state_bytes(const gs_config *c)
{
    (void)c;
    return 256u;
}

static size_t data_words(const gs_config *c)
{
    return (size_t)c->threads * words_per_thread(c);
}

static void init_data(const gs_config *c, unsigned int *data)
{
    gs_golden_sem_init(data, c->threads, words_per_thread(c));
}

static int prepare(const gs_config *c, gs_bench_args *a, char *note, size_t n)
{
    (void)note, (void)n;
    gs_sem_params_fill(a, c->prim->arg[0], c->group, words_per_thread(c), (int)c->prim->arg[1]);
    return 0;
}

/* --wrap: half the positions a launch takes (a writer, block b with
 * b % group == 0, takes `size` an entry, a reader 1). */
static unsigned int wrap(const gs_config *c, unsigned int iters)
{
    const unsigned long long writers = (c->blocks + c->group - 1u) / c->group;
    return gs_wrap_half((unsigned long long)iters * (c->blocks - writers + writers * c->prim->arg[0]));
}

static int verify(const gs_config *c, const unsigned int *data, const unsigned int *check, int verifying,
                  char *detail, size_t n)
{
    const gs_sem_counts counts = {check[GS_CHECK_VIOLATIONS], check[GS_CHECK_ENTERED], check[GS_CHECK_LEFT]};
    return gs_golden_sem_check(data, c->threads, words_per_thread(c), check[GS_CHECK_TORN], check[GS_CHECK_LAST_STAMP],
                               verifying ? &counts : NULL, c->blocks, c->iters, c->group, detail, n);
}

static double ops_per_launch(const gs_config *c)
{
    return (double)c->blocks * c->iters;
}

const gs_family gs_family_sem = {
    .name = "sem", .prims = prims, .nprims = sizeof prims / sizeof prims[0], .default_iters = 20u, .help = "",
    .check = gs_family_check_body, .launch_iters = gs_family_iters, .state_bytes = state_bytes,
    .data_words = data_words, .init_data = init_data, .prepare = prepare, .verify = verify,
    .ops_per_launch = ops_per_launch, .wrap = wrap, .finding = finding,
};

/* ---- the golden model ---- */

void gs_golden_sem_init(unsigned int *data, unsigned int threads, unsigned int words_per_thread)
{
    for (unsigned int j = 0; j < words_per_thread; ++j)
        for (unsigned int t = 0; t < threads; ++t)
            data[(size_t)j * threads + t] = j;
}

int gs_golden_sem_check(const unsigned int *data, unsigned int threads, unsigned int words_per_thread,
                        unsigned int torn, unsigned int last_stamp, const gs_sem_counts *counts,
                        unsigned int blocks, unsigned int iters, unsigned int group, char *detail, size_t n)
{
    const unsigned long long total = (unsigned long long)blocks * iters;
    const unsigned int stamp = data[0];
    if (counts && counts->violations) {
        snprintf(detail, n, "capacity: %u entries found the semaphore full or a writer not alone",
                 counts->violations);
        return 1;
    }
    /* the device counts in 32 bits: compare modulo 2^32 */
    if (counts && (counts->entered != (unsigned int)total || counts->left != (unsigned int)total)) {
        snprintf(detail, n, "%u entries and %u exits, expected %llu of each", counts->entered, counts->left, total);
        return 1;
    }
    if (torn) {
        snprintf(detail, n, "%u reads saw words of two different writes", torn);
        return 1;
    }
    for (unsigned int j = 0; j < words_per_thread; ++j)
        for (unsigned int t = 0; t < threads; ++t)
            if (data[(size_t)j * threads + t] != stamp + j) {
                snprintf(detail, n, "final data: thread %u word %u is %u, expected %u (one write)", t, j,
                         data[(size_t)j * threads + t], stamp + j);
                return 1;
            }
    if (stamp != last_stamp) {
        snprintf(detail, n, "final data has stamp %u, the last write recorded %u", stamp, last_stamp);
        return 1;
    }
    if (total < 0xffffffffull) { /* stamps are unique: name the writer */
        const unsigned int b = (stamp - 1u) / iters, it = (stamp - 1u) % iters;
        if (stamp == 0u || b >= blocks || b % group != 0u || it != iters - 1u) {
            snprintf(detail, n, "final stamp %u is not a writer's last write", stamp);
            return 1;
        }
    }
    detail[0] = 0;
    return 0;
}
