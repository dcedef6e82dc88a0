/* bench.cuh: what every gsync-bench kernel file shares: the watchdog build of
 * the library, the batched loads of an operation's body, the init kernel and
 * the export of a primitive's kernels to the host (gs_kernels). */
#ifndef GSYNC_BENCH_CUH
#define GSYNC_BENCH_CUH

#ifndef GSYNC_WATCHDOG
#define GSYNC_WATCHDOG
#endif
#include <gsync/gsync.cuh>

#include "core/bench_args.h"

/* Loads go out in batches of this many before their stores, so that a body
 * costs about one memory round trip per batch.  10 keeps the kernels under
 * 64 registers, i.e. 32 blocks of 32 threads per SM. */
#define GS_CS_BATCH 10u

/* Loads words j0 .. j0 + GS_CS_BATCH - 1 (those below ldst) of this thread,
 * d[j * blockDim.x], into v, every load issued before any is used.  Plain
 * loads on purpose: only the primitive under test orders them. */
static __device__ __forceinline__ void gs_bench_load_batch(const unsigned int *d, unsigned int j0, unsigned int ldst,
                                                           unsigned int v[GS_CS_BATCH])
{
#pragma unroll
    for (unsigned int k = 0; k < GS_CS_BATCH; ++k)
        if (j0 + k < ldst)
            v[k] = d[(j0 + k) * blockDim.x];
}

/* Where a lock benchmark's body works and counts: its data, and the
 * counters of its group (the grid's, or a local group's).  The counts
 * shared by every group (violations, entries, exits, torn reads) stay in
 * a->check. */
typedef struct gs_bench_where {
    unsigned int *data;       /* the guarded data */
    unsigned int *count;      /* mutex: non-atomic acquisitions */
    unsigned int *inside;     /* mutex: blocks inside; semaphore: readers inside */
    unsigned int *writers;    /* semaphore: writers inside */
    unsigned int *last_stamp; /* semaphore: the last write's stamp */
} gs_bench_where;

/* The mutex benchmark's critical section: every thread read-modify-writes
 * `ldst` words (block b adds b + 1, coalesced, plain accesses: only the lock
 * orders them); the verifying launch also has thread 0 bump a non-atomic
 * counter and count, with an atomic, the blocks already inside. */
static __device__ __forceinline__ void gs_bench_mutex_body(const gs_bench_args *a, gs_bench_where w)
{
    const unsigned int inc = blockIdx.x + 1u;
    const bool counts = a->check_exclusion && threadIdx.x == 0;
    if (counts && gs_atom_add_relaxed(w.inside, 1u, GS_SCOPE_GPU) != 0u)
        gs_atom_add_relaxed(&a->check[GS_CHECK_VIOLATIONS], 1u, GS_SCOPE_GPU);
    unsigned int *d = w.data + threadIdx.x;
    const unsigned int count = counts ? *w.count : 0u; /* loaded with the data */
    for (unsigned int j0 = 0; j0 < a->ldst; j0 += GS_CS_BATCH) {
        unsigned int v[GS_CS_BATCH];
        gs_bench_load_batch(d, j0, a->ldst, v);
#pragma unroll
        for (unsigned int k = 0; k < GS_CS_BATCH; ++k)
            if (j0 + k < a->ldst)
                d[(j0 + k) * blockDim.x] = v[k] + inc;
    }
    if (counts) {
        *w.count = count + 1u;
        gs_atom_add_relaxed(w.inside, ~0u, GS_SCOPE_GPU);
    }
}

/* The semaphore benchmark's critical section: a writer stamps all `words`
 * words per thread (word j gets stamp + j), a reader loads `ldst` of them
 * from a third chosen by its block and counts a torn read if they come from
 * two writes; the verifying launch counts, at every entry, the readers and
 * writers inside (more than `size` readers, or a writer not alone, is a
 * violation), and the entries and exits. */
static __device__ __forceinline__ void gs_bench_sem_body(const gs_bench_args *a, gs_bench_where w, bool writer,
                                                         unsigned int it, unsigned int size, unsigned int words)
{
    unsigned int *c = a->check, *d = w.data + threadIdx.x;
    const bool verify = a->check_exclusion && threadIdx.x == 0;
    if (verify) {
        const bool bad = writer ? (gs_atom_add_relaxed(w.writers, 1u, GS_SCOPE_GPU) |
                                   gs_ld_relaxed(w.inside, GS_SCOPE_GPU)) != 0u
                                : gs_atom_add_relaxed(w.inside, 1u, GS_SCOPE_GPU) + 1u > size ||
                                      gs_ld_relaxed(w.writers, GS_SCOPE_GPU) != 0u;
        if (bad)
            gs_atom_add_relaxed(&c[GS_CHECK_VIOLATIONS], 1u, GS_SCOPE_GPU);
        gs_atom_add_relaxed(&c[GS_CHECK_ENTERED], 1u, GS_SCOPE_GPU);
    }
    if (writer) {
        const unsigned int stamp = blockIdx.x * a->iters + it + 1u;
        for (unsigned int j = 0; j < words; ++j)
            d[j * blockDim.x] = stamp + j;
        if (threadIdx.x == 0)
            *w.last_stamp = stamp;
    } else {
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
            gs_atom_add_relaxed(&c[GS_CHECK_TORN], 1u, GS_SCOPE_GPU);
    }
    if (verify) {
        gs_atom_add_relaxed(writer ? w.writers : w.inside, ~0u, GS_SCOPE_GPU);
        gs_atom_add_relaxed(&c[GS_CHECK_LEFT], 1u, GS_SCOPE_GPU);
    }
}

/* A lock broken on purpose, for the tests' twins: check, then set, with no
 * atomic, so that two blocks can both enter. */
static __device__ __forceinline__ bool gs_bench_racy_lock(unsigned int *locked)
{
    gs_wait_t w = GS_WAIT_INIT;
    while (gs_ld_acquire(locked, GS_SCOPE_GPU) != 0u)
        if (gs_wait_spin(&w))
            return false;
    gs_st_relaxed(locked, 1u, GS_SCOPE_GPU);
    return true;
}

/* --wrap (one thread, before the launch): the counters as 2^32 - wrap
 * acquisitions (positions) left them, so that the launch crosses 2^32;
 * faMutex's cross their own wrap, HeteroSync's 10^9.  wrap 0: as zeroed. */
static __device__ __forceinline__ void gs_bench_wrap_ticket(gs_mutex_ticket_t *m, unsigned int wrap)
{
    m->next = m->serving = 0u - wrap;
}
static __device__ __forceinline__ void gs_bench_wrap_fa(gs_mutex_fa_t *m, unsigned int wrap)
{
    if (wrap)
        m->next = m->serving = GS_MUTEX_FA_WRAP + 1u - wrap;
}
static __device__ __forceinline__ void gs_bench_wrap_sem_ticket(gs_sem_ticket_t *s, unsigned int wrap)
{
    s->next = s->released = 0u - wrap;
}

/* The family's parameters in a launch's arguments. */
#define GS_PARAMS(TYPE, a) ((const TYPE *)(a).params)

/* gs_<FAMILY>_init_<NAME>: arms this file's watchdog, then INIT (one thread). */
#define GS_BENCH_INIT(FAMILY, NAME, INIT)                                            \
    static __global__ void gs_##FAMILY##_init_##NAME(gs_bench_args a)                \
    {                                                                                \
        gs_watchdog_arm((gs_watchdog_t *)a.watchdog, a.timeout_ns);                  \
        INIT;                                                                        \
    }

/* gs_kernels_<FAMILY>_<NAME>, the host's handle on the two kernels. */
#define GS_BENCH_EXPORT(FAMILY, NAME)                                                                 \
    extern "C" const gs_kernels gs_kernels_##FAMILY##_##NAME = {(const void *)gs_##FAMILY##_init_##NAME, \
                                                                (const void *)gs_##FAMILY##_kernel_##NAME};

/* The loop that mutexes and semaphores share: each block runs a.iters times:
 * thread 0 acquires (ACQUIRE, false when the watchdog gave up), the block
 * joins, BODY runs on every thread, the block joins, thread 0 releases
 * (RELEASE).  Once the watchdog has made thread 0 give up, it neither
 * acquires nor releases again and the block runs out its iterations
 * unlocked (the run is a TIMEOUT, its data unchecked): no flag is broadcast
 * to the block, which would sit between every acquire and the section.
 * The loop is written twice, for the verifying launch and the timed ones,
 * so that the timed body carries none of the verifying launch's counting.
 * SETUP declares what they need; FINISH runs on every thread at the end;
 * INIT runs on one thread before the launch. */
#define GS__BENCH_LOCK_LOOP(ACQUIRE, BODY, RELEASE)            \
    for (unsigned int it = 0; it < a.iters; ++it) {           \
        if (threadIdx.x == 0 && held)                          \
            held = (ACQUIRE);                                  \
        __syncthreads();                                       \
        BODY;                                                  \
        __syncthreads();                                       \
        if (threadIdx.x == 0 && held) {                        \
            RELEASE;                                           \
        }                                                      \
    }
#define GS_BENCH_LOCK_KERNELS(FAMILY, NAME, SETUP, INIT, ACQUIRE, BODY, RELEASE, FINISH) \
    GS_BENCH_INIT(FAMILY, NAME, INIT)                                                  \
    static __global__ void gs_##FAMILY##_kernel_##NAME(gs_bench_args a)                \
    {                                                                                  \
        bool held = a.sync != 0; /* thread 0's: false once the watchdog fired */       \
        SETUP;                                                                         \
        if (a.check_exclusion) {                                                       \
            GS__BENCH_LOCK_LOOP(ACQUIRE, BODY, RELEASE)                                \
        } else {                                                                       \
            GS__BENCH_LOCK_LOOP(ACQUIRE, BODY, RELEASE)                                \
        }                                                                              \
        FINISH;                                                                        \
    }                                                                                  \
    GS_BENCH_EXPORT(FAMILY, NAME)

#pragma nv_diag_suppress 177, 550 /* variables some primitives leave unused */

#endif
