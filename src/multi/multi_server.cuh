/* multi_server.cuh: the ways `server` and `brokenServer` of `gsync-bench
 * multi`: the synchronization server with servers on every GPU
 * (gsync/multi/server.cuh) on the server family's counters workload.
 * Included by multi_kernels.cu (its kernel k_server calls ms_block; its
 * rank calls the ms_* host steps below).
 *
 * On every GPU the first quarter of the blocks serve; every lane of the
 * others sends its updates (multi_server.h) to the item's server wherever
 * it lives.  A server keeps its items' counters in shared memory, applies
 * each update with a cta-scope add, and at the end writes them into its
 * GPU's array (symmetric, at the items' own indices).  After the verifying
 * launch rank 0 gathers every item from its owner's GPU through the peer
 * pointers and checks every item's count and sum against the host's.
 * brokenServer: every server drops its arrivals 0, 1000, 2000, ...: the
 * counts must FAIL.  Needs every block of every GPU resident (collective
 * launch): a sender waits for room that only a running server makes. */
#ifndef GSYNC_SRC_MULTI_SERVER_CUH
#define GSYNC_SRC_MULTI_SERVER_CUH

#include <gsync/multi/server.cuh>
#include <nvshmem.h>

#include "core/cuda_check.h"
#include "multi/multi.h"
#include "multi/multi_queue.cuh"
#include "multi/multi_server.h"
#include "server/workload.h" /* gs_srv_check_sums */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


typedef struct ms_args {
    gs_multi_server_t srv;                     /* copies: set by each block */
    unsigned long long *bins[GS_MULTI_MAX_PES]; /* each GPU's counters, GS_MS_ITEMS, as this GPU reaches them */
    unsigned int *bad;                         /* this GPU's count of misrouted updates */
    unsigned int blocks, msgs;
} ms_args;

#define MS(way) ((way) == GS_MULTI_SERVER || (way) == GS_MULTI_BROKEN_SERVER)

/* Block-collective: a server's or a client's part. */
static __device__ __forceinline__ void ms_block(const ms_args *a, int broken)
{
    extern __shared__ unsigned long long ms_dyn[]; /* the copies, then a server's counters */
    gs_multi_server_t s = a->srv;
    s.copies = ms_dyn;
    gs_multi_server_init(s);
    if (!gs_multi_server_is_server(s)) {
        for (unsigned int i = 0; i < a->msgs; ++i) {
            unsigned int item, v;
            gs_ms_op(gs_mq_key(s.pe, blockIdx.x, threadIdx.x, i), GS_MS_ITEMS, &item, &v);
            if (__any_sync(~0u, !gs_multi_server_send(s, true, item, make_uint4(item, v, 1u, 0u))))
                break; /* the watchdog fired */
        }
        gs_multi_server_client_done(s);
        return;
    }
    const unsigned int all = s.servers * s.npes, d = s.pe * s.servers + blockIdx.x;
    const unsigned int owned = gs_ms_owned(d, all);
    unsigned long long *bins = ms_dyn + s.npes * gridDim.x;
    for (unsigned int k = threadIdx.x; k < owned; k += blockDim.x)
        bins[k] = 0ull;
    __syncthreads();
    (void)gs_multi_server_serve(s, [&](const uint4 &m, unsigned long long i) {
        if (broken && i % GS_MS_DROP == 0ull)
            return; /* brokenServer: lost */
        if (m.x >= GS_MS_ITEMS || m.x % all != d) {
            gs_red_add_relaxed(a->bad, 1u, GS_SCOPE_GPU); /* read by the host after the launch */
            return;
        }
        (void)gs_atom_add_relaxed_u64(&bins[m.x / all], ((unsigned long long)m.z << 32) + m.y, GS_SCOPE_CTA);
    }); /* a watchdog that fired is the host's TIMEOUT */
    __syncthreads();
    for (unsigned int k = threadIdx.x; k < owned; k += blockDim.x)
        a->bins[s.pe][d + k * all] = bins[k]; /* read by rank 0 after the launch and a host barrier */
}

/* Rank 0, after every GPU's launch: every item from its owner's GPU. */
static __global__ void k_ms_gather(ms_args a, unsigned long long *out)
{
    const unsigned int servers = a.srv.servers, all = servers * a.srv.npes;
    for (unsigned int id = blockIdx.x * blockDim.x + threadIdx.x; id < GS_MS_ITEMS; id += gridDim.x * blockDim.x)
        out[id] = a.bins[(id % all) / servers][id];
}

/* ---- host: one rank's steps ---- */

typedef struct ms_state {
    ms_args a;                  /* this point's arguments */
    void *queues;               /* symmetric: the most servers' queues of the plan (no answers: clients' unused) */
    unsigned int *done;         /* symmetric: the done counter */
    unsigned long long *bins;   /* symmetric: GS_MS_ITEMS counters */
    unsigned long long *gather; /* rank 0: every item, gathered */
    int uneven;                 /* the GPUs differ in SM count: the server ways skip */
} ms_state;

/* Dynamic shared memory of a block of `way`: the copies and a server's counters. */
static size_t ms_smem(unsigned int way, unsigned int npes, unsigned int blocks)
{
    const unsigned int servers = gs_mq_receivers(blocks);
    return MS(way) && servers ? (size_t)gs_msgq_copies_bytes(npes * blocks) + 8u * gs_ms_owned(0u, servers * npes) : 0u;
}

/* Collective (every PE alike): the symmetric arrays for the most blocks of
 * the plan, when it has a server way. */
static int ms_init(ms_state *s, const gs_multi_plan *p, unsigned int pe, unsigned int npes, unsigned int sms,
                   unsigned int max_per_sm, char *err, size_t n)
{
    unsigned int most;
    int rc;
    memset(s, 0, sizeof *s);
    if ((rc = mq_start(p, GS_MULTI_SERVER, GS_MULTI_BROKEN_SERVER, npes, sms, max_per_sm, &s->uneven, &most, err,
                       n)) ||
        !most)
        return rc;
    s->queues = nvshmem_malloc(gs_msgq_bytes(GS_MS_CAPACITY) * most);
    s->done = (unsigned int *)nvshmem_malloc(GS_MULTI_LINE * 4u);
    s->bins = (unsigned long long *)nvshmem_malloc(GS_MS_ITEMS * 8u);
    if (!s->queues || !s->done || !s->bins) {
        snprintf(err, n, "multi: nvshmem_malloc of the server's queues failed on PE %u (NVSHMEM_SYMMETRIC_SIZE?)", pe);
        return GS_EXIT_RUNTIME;
    }
    for (unsigned int q = 0; q < npes; ++q) {
        s->a.srv.queues[q] = nvshmem_ptr(s->queues, (int)q);
        s->a.srv.done[q] = (unsigned int *)nvshmem_ptr(s->done, (int)q);
        s->a.bins[q] = (unsigned long long *)nvshmem_ptr(s->bins, (int)q);
        if (!s->a.srv.queues[q] || !s->a.srv.done[q] || !s->a.bins[q]) {
            snprintf(err, n, "multi: GPU %u does not reach GPU %u's server queues directly (nvshmem_ptr is NULL)", pe,
                     q);
            return GS_EXIT_RUNTIME;
        }
    }
    s->a.srv.capacity = GS_MS_CAPACITY, s->a.srv.pe = pe, s->a.srv.npes = npes;
    GS_CK(cudaMalloc((void **)&s->a.bad, sizeof *s->a.bad));
    GS_CK(cudaMalloc((void **)&s->gather, GS_MS_ITEMS * 8u));
    return GS_EXIT_OK;
}

/* One point: its servers and updates (*ops: of all GPUs) into *out; x
 * SKIP where the way cannot run. */
static int ms_point(ms_state *s, ms_args *out, const gs_multi_plan *p, unsigned int npes, unsigned int blocks,
                    gs_multi_row *x, double *ops)
{
    if (s->uneven || blocks < 2u || blocks >= (1u << 16)) {
        x->verdict = GS_MULTI_SKIP;
        snprintf(x->detail, sizeof x->detail, "%s",
                 s->uneven ? "the GPUs differ in SM count" : "needs 2 to 65535 blocks a GPU");
        return GS_EXIT_OK;
    }
    s->a.srv.servers = gs_mq_receivers(blocks), s->a.blocks = blocks, s->a.msgs = gs_mq_msgs(p->iters);
    x->iters = s->a.msgs;
    *ops = (double)npes * (blocks - s->a.srv.servers) * GS_MS_THREADS * s->a.msgs;
    *out = s->a;
    return GS_EXIT_OK;
}

/* Before each launch of a server way: empty queues, zero counts. */
static int ms_zero(const ms_state *s, const ms_args *a, unsigned int way, cudaStream_t st, char *err, size_t n)
{
    if (!MS(way))
        return GS_EXIT_OK;
    GS_CK(cudaMemsetAsync(s->queues, 0, gs_msgq_bytes(GS_MS_CAPACITY) * a->srv.servers, st));
    GS_CK(cudaMemsetAsync(s->done, 0, 4u, st));
    GS_CK(cudaMemsetAsync(s->bins, 0, GS_MS_ITEMS * 8u, st));
    GS_CK(cudaMemsetAsync(a->bad, 0, sizeof *a->bad, st));
    GS_CK(cudaStreamSynchronize(st));
    return GS_EXIT_OK;
}

/* Collective, after the verifying launch (every rank, whatever its
 * verdict): this GPU's misrouted updates; rank 0 gathers every item and
 * checks its count and sum against the host's; then a host barrier, so
 * that no rank zeroes its counters before rank 0 has read them. */
static int ms_check(ms_state *s, const ms_args *a, unsigned int pe, unsigned int npes, gs_multi_row *x,
                    cudaStream_t st, char *err, size_t n)
{
    unsigned int bad = 0;
    unsigned long long *want = NULL, *got = NULL;
    int rc = GS_EXIT_OK;
    GS_CK_OUT(cudaMemcpy(&bad, a->bad, sizeof bad, cudaMemcpyDeviceToHost));
    if (bad && x->verdict == GS_MULTI_PASS) {
        x->verdict = GS_MULTI_FAIL;
        snprintf(x->detail, sizeof x->detail, "GPU %u: %u updates at a server that does not own their item", pe, bad);
    }
    if (pe == 0u) {
        want = (unsigned long long *)malloc(GS_MS_ITEMS * sizeof *want);
        got = (unsigned long long *)malloc(GS_MS_ITEMS * sizeof *got);
        if (!want || !got) {
            snprintf(err, n, "multi: out of host memory");
            rc = GS_EXIT_RUNTIME;
            goto out;
        }
        k_ms_gather<<<(GS_MS_ITEMS + 255u) / 256u, 256, 0, st>>>(*a, s->gather);
        GS_CK_OUT(cudaGetLastError());
        GS_CK_OUT(cudaMemcpyAsync(got, s->gather, GS_MS_ITEMS * sizeof *got, cudaMemcpyDeviceToHost, st));
        GS_CK_OUT(cudaStreamSynchronize(st));
        gs_ms_expect(npes, a->blocks, GS_MS_THREADS, a->msgs, GS_MS_ITEMS, want);
        if (x->verdict == GS_MULTI_PASS &&
            gs_srv_check_sums((const unsigned int *)got, want, GS_MS_ITEMS, "item", x->detail, sizeof x->detail))
            x->verdict = GS_MULTI_FAIL;
    }
out:
    free(want);
    free(got);
    nvshmem_barrier_all(); /* every rank, also after an error: the others wait here */
    return rc;
}

/* Collective, like ms_init (at the end, like the rank's other frees). */
static void ms_fini(ms_state *s)
{
    cudaFree(s->a.bad);
    cudaFree(s->gather);
    if (s->bins)
        nvshmem_free(s->bins);
    if (s->done)
        nvshmem_free(s->done);
    if (s->queues)
        nvshmem_free(s->queues);
}

#endif
