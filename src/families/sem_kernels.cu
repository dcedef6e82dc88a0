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
#include <cuda/semaphore>
#include <new>

#include "core/bench.cuh"

typedef struct sem_params {
    unsigned int size;         /* readers allowed at once */
    unsigned int writer_every; /* block b writes when b % this == 0 */
    unsigned int words;        /* words a writer writes per thread */
    int backoff;               /* the baselines' EBO variant */
} sem_params;

/* The grid is one group: its counters are the shared check words. */
static __device__ __forceinline__ void gs_sem_bench_cs(const gs_bench_args *a, bool writer, unsigned int it)
{
    const sem_params *p = GS_PARAMS(sem_params, *a);
    const gs_bench_where w = {a->data, NULL, &a->check[GS_CHECK_READERS], &a->check[GS_CHECK_WRITERS],
                              &a->check[GS_CHECK_LAST_STAMP]};
    gs_bench_sem_body(a, w, writer, it, p->size, p->words);
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
GS_SEM_BENCH(ticket, gs_bench_wrap_sem_ticket((gs_sem_ticket_t *)a.state, a.wrap), gs_sem_ticket_enter((gs_sem_ticket_t *)a.state, writer ? p->size : 1u, p->size, GPU),
             gs_sem_ticket_leave((gs_sem_ticket_t *)a.state, writer ? p->size : 1u, GPU))
/* The CUDA peer: libcu++'s cuda::counting_semaphore at device scope with
 * `size` permits, as a CUDA user would take it: a reader one permit, a writer
 * all of them one at a time.  Two writers holding some each deadlock, so the
 * permits are taken with try_acquire under gsync's watchdog (a TIMEOUT, not
 * a hung GPU); libcu++'s blocking acquire could not be bounded. */
typedef cuda::counting_semaphore<cuda::thread_scope_device, 1024> libcu_sem;
static __device__ __forceinline__ bool libcu_enter(libcu_sem *s, unsigned int permits)
{
    gs_wait_t w = GS_WAIT_INIT;
    for (unsigned int k = 0; k < permits; ++k)
        while (!s->try_acquire())
            if (gs_wait_spin(&w))
                return false;
    return true;
}
GS_SEM_BENCH(libcu, new (a.state) libcu_sem(INIT_SIZE), libcu_enter((libcu_sem *)a.state, writer ? p->size : 1u),
             ((libcu_sem *)a.state)->release(writer ? p->size : 1u))

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
