/* sem_bench.cuh: HeteroSync's reader-writer semaphore microbenchmark.
 *
 * Block b is a writer when b % writer_every == 0 (one writer per SM's worth
 * of blocks, as HeteroSync), else a reader.  Each block runs `iters` times:
 * thread 0 enters the semaphore, the block joins, readers load `ldst` words
 * per thread from one third of the data and writers store all of it
 * (GS_SEM_WRITE_FACTOR * ldst words per thread), the block joins, thread 0
 * leaves.  A writer stamps word j with stamp + j, so a reader that sees words
 * of two different writes counts a torn read; the host checks that the final
 * data is one writer's last write.  The verifying launch (check_exclusion)
 * also counts, with atomics, the readers and writers inside at every entry,
 * and the entries and exits.
 *
 * GS_SEM_BENCH(NAME, INIT, ENTER, LEAVE): INIT runs on one thread before the
 * launch; ENTER is an expression, false when the watchdog gave up; LEAVE a
 * statement.  They see `a` (the gs_bench_args, a.state is the semaphore) and
 * `writer`.
 */
#ifndef GSYNC_SEM_BENCH_CUH
#define GSYNC_SEM_BENCH_CUH

#include "bench_common.cuh"

static __device__ __forceinline__ void gs_sem_bench_enter_check(const gs_bench_args *a, bool writer)
{
    unsigned int *c = a->check;
    bool bad;
    if (writer)
        bad = (gs_atom_add_relaxed(&c[GS_CHECK_WRITERS], 1u, GS_SCOPE_GPU) |
               gs_ld_relaxed(&c[GS_CHECK_READERS], GS_SCOPE_GPU)) != 0u;
    else
        bad = gs_atom_add_relaxed(&c[GS_CHECK_READERS], 1u, GS_SCOPE_GPU) + 1u > a->sem_size ||
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
    const bool verify = a->check_exclusion && threadIdx.x == 0;
    unsigned int *d = a->data + threadIdx.x;
    if (verify)
        gs_sem_bench_enter_check(a, writer);
    if (writer) {
        const unsigned int stamp = blockIdx.x * a->iters + it + 1u;
        for (unsigned int j = 0; j < GS_SEM_WRITE_FACTOR * a->ldst; ++j)
            d[j * blockDim.x] = stamp + j;
        if (threadIdx.x == 0)
            a->check[GS_CHECK_LAST_STAMP] = stamp;
    } else {
        /* one third of the data, chosen by the block; plain loads on purpose */
        const unsigned int base = (blockIdx.x % GS_SEM_WRITE_FACTOR) * a->ldst;
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

#define GS_SEM_BENCH(NAME, INIT, ENTER, LEAVE)                                                   \
    GS_BENCH_KERNELS(sem, NAME, const bool writer = blockIdx.x % a.writer_every == 0u, INIT, ENTER, \
                     gs_sem_bench_cs(&a, writer, it), LEAVE, (void)0)

#endif
