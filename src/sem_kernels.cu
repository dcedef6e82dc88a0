/* sem_kernels.cu: HeteroSync's reader-writer semaphore microbenchmark, for
 * every semaphore.
 *
 * Block b is a writer when b % writer_every == 0 (one writer per SM's worth
 * of blocks, as HeteroSync), else a reader.  Each block runs `iters` times:
 * thread 0 enters, the block joins, readers load `ldst` words per thread
 * from one third of the data and writers store all of it (`words` words per
 * thread), the block joins, thread 0 leaves.  A writer stamps word j with
 * stamp + j, so a reader that sees words of two writes counts a torn read;
 * the host checks that the final data is one writer's last write (sem.c).
 * The verifying launch also counts, with atomics, the readers and writers
 * inside at every entry, and the entries and exits.
 */
#include "bench.cuh"

typedef struct sem_params {
    unsigned int size;         /* readers allowed at once */
    unsigned int writer_every; /* block b writes when b % this == 0 */
    unsigned int words;        /* words a writer writes per thread */
    int backoff;               /* the baselines' EBO variant */
} sem_params;

static __device__ __forceinline__ void gs_sem_bench_enter_check(const gs_bench_args *a, bool writer,
                                                                unsigned int size)
{
    unsigned int *c = a->check;
    bool bad;
    if (writer)
        bad = (gs_atom_add_relaxed(&c[GS_CHECK_WRITERS], 1u, GS_SCOPE_GPU) |
               gs_ld_relaxed(&c[GS_CHECK_READERS], GS_SCOPE_GPU)) != 0u;
    else
        bad = gs_atom_add_relaxed(&c[GS_CHECK_READERS], 1u, GS_SCOPE_GPU) + 1u > size ||
              gs_ld_relaxed(&c[GS_CHECK_WRITERS], GS_SCOPE_GPU) != 0u;
    if (bad)
        gs_atom_add_relaxed(&c[GS_CHECK_VIOLATIONS], 1u, GS_SCOPE_GPU);
    gs_atom_add_relaxed(&c[GS_CHECK_ENTERED], 1u, GS_SCOPE_GPU);
}

static __device__ __forceinline__ void gs_sem_bench_leave_check(const gs_bench_args *a, bool writer)
{
    gs_atom_add_relaxed(&a->check[writer ? GS_CHECK_WRITERS : GS_CHECK_READERS], ~0u, GS_SCOPE_GPU);
    gs_atom_add_relaxed(&a->check[GS_CHECK_LEFT], 1u, GS_SCOPE_GPU);
}

static __device__ __forceinline__ void gs_sem_bench_cs(const gs_bench_args *a, bool writer, unsigned int it)
{
    const sem_params *p = GS_PARAMS(sem_params, *a);
    const bool verify = a->check_exclusion && threadIdx.x == 0;
    unsigned int *d = a->data + threadIdx.x;
    if (verify)
        gs_sem_bench_enter_check(a, writer, p->size);
    if (writer) {
        const unsigned int stamp = blockIdx.x * a->iters + it + 1u;
        for (unsigned int j = 0; j < p->words; ++j)
            d[j * blockDim.x] = stamp + j;
        if (threadIdx.x == 0)
            a->check[GS_CHECK_LAST_STAMP] = stamp;
    } else {
        /* one third of the data, chosen by the block; plain loads on purpose */
        const unsigned int base = (blockIdx.x % 3u) * a->ldst;
        unsigned int first = 0u, torn = 0u;
        for (unsigned int j0 = 0; j0 < a->ldst; j0 += GS_CS_BATCH) {
            unsigned int v[GS_CS_BATCH];
            gs_bench_load_batch(d + base * blockDim.x, j0, a->ldst, v);
            if (j0 == 0)
                first = v[0] - base;
#pragma unroll
            for (unsigned int k = 0; k < GS_CS_BATCH; ++k)
                torn |= j0 + k < a->ldst && v[k] - (base + j0 + k) != first;
        }
        if (torn && a->sync)
            gs_atom_add_relaxed(&a->check[GS_CHECK_TORN], 1u, GS_SCOPE_GPU);
    }
    if (verify)
        gs_sem_bench_leave_check(a, writer);
}

/* GS_SEM_BENCH(NAME, INIT, ENTER, LEAVE): ENTER is an expression, false when
 * the watchdog gave up; they see `a` (a.state is the semaphore), `p` (the
 * parameters) and `writer`. */
#define GS_SEM_BENCH(NAME, INIT, ENTER, LEAVE)                                                              \
    GS_BENCH_LOCK_KERNELS(sem, NAME, const sem_params *p = GS_PARAMS(sem_params, a);                        \
                          const bool writer = blockIdx.x % p->writer_every == 0u, INIT, ENTER,              \
                          gs_sem_bench_cs(&a, writer, it), LEAVE, (void)0)

#define GPU GS_SCOPE_GPU
#define INIT_SIZE GS_PARAMS(sem_params, a)->size
GS_SEM_BENCH(spin, gs_sem_spin_init((gs_sem_spin_t *)a.state, INIT_SIZE),
             gs_sem_spin_enter((gs_sem_spin_t *)a.state, writer, p->size, p->backoff, GPU),
             gs_sem_spin_leave((gs_sem_spin_t *)a.state, writer, p->size, GPU))
GS_SEM_BENCH(priority, gs_sem_priority_init((gs_sem_priority_t *)a.state, INIT_SIZE),
             gs_sem_priority_enter((gs_sem_priority_t *)a.state, writer, p->size, p->backoff, GPU),
             gs_sem_priority_leave((gs_sem_priority_t *)a.state, writer, p->size, GPU))
GS_SEM_BENCH(ticket, (void)0, gs_sem_ticket_enter((gs_sem_ticket_t *)a.state, writer ? p->size : 1u, p->size, GPU),
             gs_sem_ticket_leave((gs_sem_ticket_t *)a.state, writer ? p->size : 1u, GPU))
/* Broken on purpose, for the tests: a ticket semaphore that counts one slot
 * too many; the capacity check must turn it red. */
GS_SEM_BENCH(broken_overfull, (void)0,
             gs_sem_ticket_enter((gs_sem_ticket_t *)a.state, writer ? p->size : 1u, p->size + 1u, GPU),
             gs_sem_ticket_leave((gs_sem_ticket_t *)a.state, writer ? p->size : 1u, GPU))

extern "C" void gs_sem_params_fill(gs_bench_args *a, unsigned int size, unsigned int writer_every,
                                   unsigned int words, int backoff)
{
    sem_params p = {size, writer_every, words, backoff};
    memcpy(a->params, &p, sizeof p);
}
