/* multi_queue.cuh: the ways `queue` and `brokenQueue` of `gsync-bench multi`:
 * gsync's message queues (msg/queue.cuh) at system scope between the GPUs
 * of a node.  Included by multi_kernels.cu (its kernel k_queue calls
 * mq_block; its rank calls the mq_* host steps below).
 *
 * Each GPU's receivers have their queues in its symmetric memory; every
 * sender lane sends to receivers of any GPU (multi_queue.h), through
 * nvshmem_ptr's peer pointer to that GPU's queues, with warp sends
 * (gs_msg_send_warp_to: lanes to one queue reserve and publish together).
 * A receiver takes runs of its own queue until it has taken the count the
 * host computed for it, then adds its count and checksum to the totals.
 * The verifying launch also checks, per receiver and sender lane, that the
 * lane's messages arrive in the order sent and were meant for it.
 * brokenQueue: receiver 0 of GPU 0 loses its first message (takes it,
 * counts it not): its count and checksum must FAIL.
 * Needs every block of every GPU resident (collective launch): a sender
 * waits for room that only a running receiver makes. */
#ifndef GSYNC_MULTI_QUEUE_CUH
#define GSYNC_MULTI_QUEUE_CUH

#include <gsync/msg/queue.cuh>
#include <gsync/multi/barrier.cuh>
#include <nvshmem.h>

#include "core/cuda_check.h"
#include "multi/multi.h"
#include "multi/multi_queue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct mq_args {
    void *queues[GS_MULTI_MAX_PES]; /* every PE's queues, as this GPU reaches them */
    unsigned long long *expect;     /* this GPU's receivers: the messages each takes */
    unsigned long long *got;        /* per receiver: its count, then (+ receivers) its checksum */
    unsigned int *last;             /* verify: per receiver and sender lane of any GPU, the last i + 1 */
    unsigned int *bad;              /* verify: messages out of order, misrouted or malformed */
    unsigned int receivers, blocks, msgs;
} mq_args;

#define MQ(way) ((way) == GS_MULTI_QUEUE || (way) == GS_MULTI_BROKEN_QUEUE)

/* Sender lanes of all GPUs. */
static __host__ __device__ __forceinline__ unsigned int mq_senders(const mq_args *q, unsigned int npes)
{
    return npes * (q->blocks - q->receivers) * GS_MQ_THREADS;
}

/* Block-collective, by receiver blocks: its queue until it has taken its
 * count; verify: each thread checks the sender lanes whose number it is
 * modulo the block, in slot order. */
static __device__ __forceinline__ void mq_receive(const mq_args *q, unsigned int pe, unsigned int npes, int verify,
                                                  int broken)
{
    const unsigned int me = blockIdx.x, r = q->receivers, senders = mq_senders(q, npes);
    const gs_msgq_t mine = gs_msgq_at_scoped(q->queues[pe], me, GS_MQ_CAPACITY, GS_SCOPE_SYS);
    const unsigned long long expect = q->expect[me];
    unsigned long long head = gs_msg_head(mine), taken = 0ull, count = 0ull, sum = 0ull;
    unsigned int bad = 0u;
    gs_wait_t w = GS_WAIT_INIT;
    while (taken < expect) {
        const unsigned int n = gs_msg_peek(mine, head);
        if (n == 0u) {
            bool stuck = false;
            if (threadIdx.x == 0)
                stuck = gs_wait_spin(&w);
            if (__syncthreads_or(stuck))
                break;
            continue;
        }
        for (unsigned int j = threadIdx.x; j < n; j += blockDim.x) {
            const uint4 m = mine.slots[(head + j) & (GS_MQ_CAPACITY - 1u)];
            if (broken && pe == 0u && me == 0u && head + j == 0ull)
                continue; /* brokenQueue: lost */
            count += 1ull;
            sum += gs_mq_tag(gs_mq_key(m.x, m.y, m.z, m.w));
        }
        for (unsigned int j = 0; verify && j < n; ++j) {
            const uint4 m = mine.slots[(head + j) & (GS_MQ_CAPACITY - 1u)];
            const bool ok = m.x < npes && m.y >= r && m.y < q->blocks && m.z < GS_MQ_THREADS && m.w < q->msgs &&
                            gs_mq_dest(gs_mq_key(m.x, m.y, m.z, m.w), r * npes) == pe * r + me;
            const unsigned int s = ok ? (m.x * (q->blocks - r) + (m.y - r)) * GS_MQ_THREADS + m.z : j;
            if (s % blockDim.x != threadIdx.x)
                continue;
            unsigned int *last = &q->last[(size_t)me * senders + s];
            if (!ok || m.w + 1u <= *last)
                ++bad;
            if (ok)
                *last = m.w + 1u;
        }
        head = gs_msg_free(mine, head, n);
        taken += n;
        const gs_wait_t fresh = GS_WAIT_INIT;
        w = fresh;
    }
    /* totals for the host, after the launch: no ordering needed */
    (void)gs_atom_add_relaxed_u64(&q->got[me], count, GS_SCOPE_GPU);
    (void)gs_atom_add_relaxed_u64(&q->got[r + me], sum, GS_SCOPE_GPU);
    if (bad)
        (void)gs_atom_add_relaxed(q->bad, bad, GS_SCOPE_GPU);
}

/* Block-collective, by sender blocks: every lane sends q->msgs messages. */
static __device__ __forceinline__ void mq_send(const mq_args *q, unsigned int pe, unsigned int npes)
{
    extern __shared__ unsigned long long mq_copies[]; /* the block's copy of every receiver's read index */
    __shared__ void *bases[GS_MULTI_MAX_PES];
    const unsigned int r = q->receivers, total = r * npes;
    for (unsigned int d = threadIdx.x; d < total; d += blockDim.x)
        mq_copies[d] = 0ull; /* a value each index once had: the queues are zeroed before the launch */
    if (threadIdx.x < npes)
        bases[threadIdx.x] = q->queues[threadIdx.x];
    __syncthreads();
    for (unsigned int i = 0; i < q->msgs; ++i) {
        const unsigned long long key = gs_mq_key(pe, blockIdx.x, threadIdx.x, i);
        const unsigned int d = gs_mq_dest(key, total), g = d / r;
        const gs_msgq_t to = gs_msgq_at_scoped(bases[g], d - g * r, GS_MQ_CAPACITY, GS_SCOPE_SYS);
        const uint4 m[1] = {make_uint4(pe, blockIdx.x, threadIdx.x, i)};
        if (__any_sync(~0u, !gs_msg_send_warp_to<1u>(to, d, true, m, &mq_copies[d])))
            return; /* the watchdog fired */
    }
}

static __device__ __forceinline__ void mq_block(const mq_args *q, unsigned int pe, unsigned int npes, int verify,
                                                int broken)
{
    if (blockIdx.x < q->receivers)
        mq_receive(q, pe, npes, verify, broken);
    else
        mq_send(q, pe, npes);
}

/* ---- host: one rank's steps ---- */

typedef struct mq_state {
    mq_args a;                 /* this point's arguments; its arrays are the state's */
    void *queues;              /* symmetric: the most receivers' queues of the plan */
    int uneven;                /* the GPUs differ in SM count: the queue ways skip */
    unsigned long long *want;  /* host: this point's expectations, count then checksum a receiver */
    size_t last_bytes;
} mq_state;

/* Dynamic shared memory of a block of `way`: the senders' copies. */
static size_t mq_smem(unsigned int way, unsigned int npes, unsigned int blocks)
{
    return MQ(way) ? (size_t)gs_msgq_copies_bytes(gs_mq_receivers(blocks) * npes) : 0u;
}

/* The start of the queue and server ways' init: *most, the most receivers
 * (servers) a GPU runs in the plan, 0 when it holds neither `way` nor `twin`
 * or (*uneven) the GPUs differ in SM count.  Every rank reads the same
 * counts, so all agree: then none allocates and the ways skip. */
static int mq_start(const gs_multi_plan *p, unsigned int way, unsigned int twin, unsigned int npes, unsigned int sms,
                    unsigned int max_per_sm, int *uneven, unsigned int *most, char *err, size_t n)
{
    *uneven = 0, *most = 0u;
    if (!gs_multi_has(p->ways, p->nways, way, twin))
        return GS_EXIT_OK;
    for (unsigned int q = 0; q < npes; ++q) { /* rank q runs on device q; every rank sees every device */
        int theirs = 0;
        GS_CK(cudaDeviceGetAttribute(&theirs, cudaDevAttrMultiProcessorCount, (int)q));
        *uneven |= (unsigned int)theirs != sms;
    }
    if (!*uneven)
        *most = gs_mq_receivers(max_per_sm * sms) ? gs_mq_receivers(max_per_sm * sms) : 1u;
    return GS_EXIT_OK;
}

/* Collective (every PE alike, from the same plan): the queues in symmetric
 * memory, for the most blocks of the plan, when it has a queue way. */
static int mq_init(mq_state *s, const gs_multi_plan *p, unsigned int pe, unsigned int npes,
                   unsigned int sms, unsigned int max_per_sm, char *err, size_t n)
{
    unsigned int most;
    int rc;
    memset(s, 0, sizeof *s);
    if ((rc = mq_start(p, GS_MULTI_QUEUE, GS_MULTI_BROKEN_QUEUE, npes, sms, max_per_sm, &s->uneven, &most, err, n)) ||
        !most)
        return rc;
    if (!(s->queues = nvshmem_malloc(gs_msgq_bytes(GS_MQ_CAPACITY) * most))) {
        snprintf(err, n, "multi: nvshmem_malloc of the queues failed on PE %u (NVSHMEM_SYMMETRIC_SIZE?)", pe);
        return GS_EXIT_RUNTIME;
    }
    for (unsigned int q = 0; q < npes; ++q)
        if (!(s->a.queues[q] = nvshmem_ptr(s->queues, (int)q))) {
            snprintf(err, n, "multi: GPU %u does not reach GPU %u's queues directly (nvshmem_ptr is NULL)", pe, q);
            return GS_EXIT_RUNTIME;
        }
    return GS_EXIT_OK;
}

/* Frees the arrays of the last point; the first failure of cudaFree. */
static cudaError_t mq_release(mq_state *s)
{
    mq_args *a = &s->a;
    const cudaError_t e[4] = {cudaFree(a->expect), cudaFree(a->got), cudaFree(a->last), cudaFree(a->bad)};
    a->expect = a->got = NULL, a->last = a->bad = NULL;
    free(s->want);
    s->want = NULL;
    for (int i = 0; i < 4; ++i)
        if (e[i] != cudaSuccess)
            return e[i];
    return cudaSuccess;
}

/* One point: its receivers, its messages (*ops: of all GPUs) and each
 * receiver's expectations, into *out (the arrays are s's, until the next
 * point); x SKIP where the way cannot run. */
static int mq_point(mq_state *s, mq_args *out, const gs_multi_plan *p, unsigned int pe, unsigned int npes,
                    unsigned int blocks, gs_multi_row *x, double *ops, char *err, size_t n)
{
    mq_args *a = &s->a;
    GS_CK(mq_release(s));
    if (s->uneven || blocks < 2u || blocks >= (1u << 16)) {
        x->verdict = GS_MULTI_SKIP;
        snprintf(x->detail, sizeof x->detail, "%s",
                 s->uneven ? "the GPUs differ in SM count" : "needs 2 to 65535 blocks a GPU");
        return GS_EXIT_OK;
    }
    a->receivers = gs_mq_receivers(blocks), a->blocks = blocks, a->msgs = gs_mq_msgs(p->iters);
    x->iters = a->msgs;
    *ops = (double)mq_senders(a, npes) * a->msgs;
    const size_t r = a->receivers;
    if (!(s->want = (unsigned long long *)malloc(2u * r * sizeof *s->want))) {
        snprintf(err, n, "multi: out of host memory");
        return GS_EXIT_RUNTIME;
    }
    gs_mq_expect(npes, blocks, GS_MQ_THREADS, a->msgs, pe, s->want, s->want + r);
    s->last_bytes = r * mq_senders(a, npes) * sizeof *a->last;
    GS_CK(cudaMalloc((void **)&a->expect, r * sizeof *a->expect));
    GS_CK(cudaMalloc((void **)&a->got, 2u * r * sizeof *a->got));
    GS_CK(cudaMalloc((void **)&a->bad, sizeof *a->bad));
    GS_CK(cudaMalloc((void **)&a->last, s->last_bytes));
    GS_CK(cudaMemcpy(a->expect, s->want, r * sizeof *a->expect, cudaMemcpyHostToDevice));
    *out = *a;
    return GS_EXIT_OK;
}

/* Before each launch of a queue way: empty queues, zero totals. */
static int mq_zero(const mq_state *s, const mq_args *a, unsigned int way, int verify, cudaStream_t st, char *err,
                   size_t n)
{
    if (!MQ(way))
        return GS_EXIT_OK;
    GS_CK(cudaMemsetAsync(s->queues, 0, gs_msgq_bytes(GS_MQ_CAPACITY) * a->receivers, st));
    GS_CK(cudaMemsetAsync(a->got, 0, 2u * a->receivers * sizeof *a->got, st));
    GS_CK(cudaMemsetAsync(a->bad, 0, sizeof *a->bad, st));
    if (verify)
        GS_CK(cudaMemsetAsync(a->last, 0, s->last_bytes, st));
    GS_CK(cudaStreamSynchronize(st));
    return GS_EXIT_OK;
}

/* After the verifying launch: every receiver's count and checksum, and the
 * order checks; x FAIL with the first difference. */
static int mq_check(const mq_state *s, const mq_args *a, unsigned int pe, gs_multi_row *x, char *err, size_t n)
{
    const unsigned int r = a->receivers;
    unsigned long long *got = (unsigned long long *)malloc(2u * r * sizeof *got);
    unsigned int bad = 0;
    int rc = GS_EXIT_OK;
    if (!got) {
        snprintf(err, n, "multi: out of host memory");
        return GS_EXIT_RUNTIME;
    }
    GS_CK_OUT(cudaMemcpy(got, a->got, 2u * r * sizeof *got, cudaMemcpyDeviceToHost));
    GS_CK_OUT(cudaMemcpy(&bad, a->bad, sizeof bad, cudaMemcpyDeviceToHost));
    for (unsigned int q = 0; q < r && x->verdict == GS_MULTI_PASS; ++q)
        if (got[q] != s->want[q] || got[r + q] != s->want[r + q]) {
            x->verdict = GS_MULTI_FAIL;
            snprintf(x->detail, sizeof x->detail, "GPU %u receiver %u: %llu messages of %llu%s", pe, q, got[q],
                     s->want[q], got[q] == s->want[q] ? ", checksum differs" : "");
        }
    if (bad && x->verdict == GS_MULTI_PASS) {
        x->verdict = GS_MULTI_FAIL;
        snprintf(x->detail, sizeof x->detail, "GPU %u: %u messages out of order, misrouted or malformed", pe, bad);
    }
out:
    free(got);
    return rc;
}

/* Collective, like mq_init (at the end, like the rank's other frees). */
static void mq_fini(mq_state *s)
{
    (void)mq_release(s);
    if (s->queues)
        nvshmem_free(s->queues);
}

#endif
