/* gsync/msg/queue.cuh: message queues between blocks (the synchronization
 * server's transport, after Wang, Fussell and Lin), on one GPU or several.
 *
 * Algorithm: a queue per receiving block: a ring of 16-byte slots, 64-bit
 *            write and read indices, a valid bit a slot (queue.h).  Senders
 *            reserve with a relaxed add, store once the slot has room, set
 *            its bit; a warp's lanes to one queue reserve together and set
 *            each mask word with one OR.  The receiver's first warp takes
 *            the run of valid slots from its head (up to 1024), the block
 *            handles it, the warp clears its bits and advances the read index.
 * Scope S:   the queue's, on every access (gs_msgq_at: .gpu;
 *            gs_msgq_at_scoped: .sys where senders on other GPUs store into
 *            it through peer pointers); a constant once inlined.
 * Ordering:  the publishing OR is atom.release.S (after __syncwarp of the
 *            lanes it covers); the receiver reads the bits relaxed.S, then
 *            fence.acquire.S; clears them relaxed.S, then st.release.S of the
 *            read index, which a sender's ld.acquire.S reads before it reuses
 *            a slot (block copies: cta release/acquire).  docs/multi.md.
 * Progress:  receivers that keep receiving make every send finish (a warp's
 *            lanes to one queue span at most 1024 slots; docs/server.md).
 * Requires:  receivers: 32 threads or more; warp sends: every lane of a
 *            whole warp calls (blocks of any shape whose thread count is a
 *            multiple of 32: lanes come from %laneid, the receiving warp is
 *            the first 32 threads in linear order); capacity a power of two
 *            from 1024; waits use the watchdog.
 */
#ifndef GSYNC_MSG_QUEUE_CUH
#define GSYNC_MSG_QUEUE_CUH

#include "../wait.cuh"
#include "queue.h"

typedef struct gs_msgq {
    unsigned long long *write; /* slots reserved (monotonic: 64 bits never wrap) */
    unsigned long long *read;  /* slots consumed (monotonic) */
    unsigned int *valid;       /* a bit per slot */
    uint4 *slots;
    unsigned int capacity; /* a power of two, at least 1024 */
    enum gs_scope scope;   /* of every access to the queue: the senders' and the receiver's */
} gs_msgq_t;

/* This thread's linear index in its block (x fastest, as warps form). */
static __device__ __forceinline__ unsigned int gs__msgq_thread(void)
{
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

/* Queue r of the queues at `base`, its accesses at `scope`: GS_SCOPE_GPU when
 * every sender and the receiver run on one GPU, GS_SCOPE_SYS when senders on
 * other GPUs reach it through peer pointers. */
static __device__ __forceinline__ gs_msgq_t gs_msgq_at_scoped(void *base, unsigned int r, unsigned int capacity,
                                                              enum gs_scope scope)
{
    char *q = (char *)base + gs_msgq_bytes(capacity) * r;
    gs_msgq_t m;
    m.write = (unsigned long long *)q;
    m.read = (unsigned long long *)(q + 128);
    m.valid = (unsigned int *)(q + 256);
    m.slots = (uint4 *)(q + 256 + ((capacity / 32u * 4u + 127u) & ~127u));
    m.capacity = capacity;
    m.scope = scope;
    return m;
}

/* Queue r of the queues at `base`, on one GPU. */
static __device__ __forceinline__ gs_msgq_t gs_msgq_at(void *base, unsigned int r, unsigned int capacity)
{
    return gs_msgq_at_scoped(base, r, capacity, GS_SCOPE_GPU);
}

/* Whether slot k has room now, without waiting.  *cached is a copy of the
 * read index, the caller's or its block's (shared memory, zero at first):
 * read with ld.acquire.cta; when it says no, the queue's index is read
 * (ld.acquire at the queue's scope: the slot's last reader and its bit's
 * clearing happen before) and, when that says yes, stored to the copy with
 * st.release.cta, so threads sharing a copy inherit the acquire.  Every
 * copy is a value the index once had, so an old one only makes a sender
 * look again. */
static __device__ __forceinline__ bool gs__msgq_has_room(const gs_msgq_t &q, unsigned long long k,
                                                         unsigned long long *cached)
{
    if (k - gs_ld_acquire_u64(cached, GS_SCOPE_CTA) < q.capacity)
        return true;
    const unsigned long long r = gs_ld_acquire_u64(q.read, q.scope);
    if (k - r >= q.capacity)
        return false;
    gs_st_release_u64(cached, r, GS_SCOPE_CTA);
    return true;
}

/* Waits until slot k has room.  False: the watchdog fired. */
static __device__ __forceinline__ bool gs__msgq_room(const gs_msgq_t &q, unsigned long long k,
                                                     unsigned long long *cached)
{
    gs_wait_t w = GS_WAIT_INIT;
    while (!gs__msgq_has_room(q, k, cached))
        if (gs_wait_backoff(&w))
            return false;
    return true;
}

/* One thread sends m.  False: the watchdog fired. */
static __device__ __forceinline__ bool gs_msg_send(const gs_msgq_t &q, uint4 m, unsigned long long *cached)
{
    const unsigned long long k = gs_atom_add_relaxed_u64(q.write, 1ull, q.scope);
    if (!gs__msgq_room(q, k, cached))
        return false;
    const unsigned int s = (unsigned int)k & (q.capacity - 1u);
    q.slots[s] = m; /* a plain store: the release below publishes it */
    (void)gs_atom_or_release(&q.valid[s / 32u], 1u << (s % 32u), q.scope);
    return true;
}

/* Warp-collective: every lane of the warp calls it, each once, from any
 * code path; the lanes with `have` send their message of K slots (16 K
 * bytes; K a power of two up to 32) to their queue q, named by `key` (below
 * 2^32; lanes with one key have one queue, e.g. its index among the
 * queues, which may lie on several GPUs).  Lanes with one key reserve with
 * one add, each waits until its slots have room and stores its message,
 * and once all of them have (__syncwarp of those lanes only), each mask
 * word they touch is set with one OR.  The lanes of one queue never wait
 * on another queue.  All messages of a queue must have one size: each then
 * lies in one mask word, so the receiver's runs hold whole messages.
 * (Every mask comes from __match_any_sync over the whole warp, never from
 * __activemask(), which can name lanes the compiler has already branched
 * away.)  False for a lane whose wait the watchdog ended; true for a lane
 * without a message. */
template <unsigned int K>
static __device__ __forceinline__ bool gs_msg_send_warp_to(const gs_msgq_t &q, unsigned int key, bool have,
                                                           const uint4 (&m)[K], unsigned long long *cached)
{
    static_assert(K >= 1u && K <= 32u && (K & (K - 1u)) == 0u, "a message is 1 to 32 slots, a power of two");
    const unsigned int lane = gs_laneid();
    const unsigned long long none = 1ull << 32; /* the lanes without a message: a group of their own */
    const unsigned int peers = __match_any_sync(~0u, have ? (unsigned long long)key : none);
    const unsigned int leader = __ffs(peers) - 1u;
    unsigned long long k = 0ull;
    if (have && lane == leader)
        k = gs_atom_add_relaxed_u64(q.write, K * __popc(peers), q.scope);
    k = __shfl_sync(~0u, k, leader) + K * __popc(peers & ((1u << lane) - 1u));
    const unsigned int s = (unsigned int)k & (q.capacity - 1u);
    const unsigned int mine = (K == 32u ? ~0u : (1u << K) - 1u) << (s % 32u);
    const unsigned int same = __match_any_sync(~0u, have ? ((unsigned long long)key << 32) | (s / 32u) : ~0ull);
    if (!have)
        return true;
    const bool ok = gs__msgq_room(q, k + (K - 1u), cached); /* its last slot has room: all have */
    if (ok)
        for (unsigned int p = 0; p < K; ++p)
            q.slots[s + p] = m[p];
    __syncwarp(peers); /* only the lanes sending to this queue: no lane waits on another queue */
    const unsigned int bits = __reduce_or_sync(same, ok ? mine : 0u);
    if (lane == __ffs(same) - 1u && bits)
        (void)gs_atom_or_release(&q.valid[s / 32u], bits, q.scope);
    return ok;
}

/* gs_msg_send_warp_to on one GPU: the lanes with `have` send to queue
 * `dest` of the queues at `base`. */
template <unsigned int K>
static __device__ __forceinline__ bool gs_msg_send_warp_k(void *base, unsigned int capacity, bool have,
                                                          unsigned int dest, const uint4 (&m)[K],
                                                          unsigned long long *cached)
{
    return gs_msg_send_warp_to<K>(gs_msgq_at(base, dest, capacity), dest, have, m, cached);
}

/* gs_msg_send_warp_k of one slot: the lanes with `have` send m. */
static __device__ __forceinline__ bool gs_msg_send_warp(void *base, unsigned int capacity, bool have, unsigned int dest,
                                                        uint4 m, unsigned long long *cached)
{
    const uint4 one[1] = {m};
    return gs_msg_send_warp_k<1u>(base, capacity, have, dest, one, cached);
}

/* Where a receiver starts: the queue's read index (0 for a fresh queue; a
 * queue kept from an earlier launch resumes there). */
static __device__ __forceinline__ unsigned long long gs_msg_head(const gs_msgq_t &q)
{
    return gs_ld_relaxed_u64(q.read, q.scope);
}

/* Warp-collective (a whole warp): how many published messages follow
 * `head` without a gap (at most 1024; 0: none yet), in every lane; when
 * some, their publishers' writes are acquired by every lane. */
static __device__ __forceinline__ unsigned int gs_msg_scan_warp(const gs_msgq_t &q, unsigned long long head)
{
    const unsigned int lane = gs_laneid(), nwords = q.capacity / 32u, off = (unsigned int)head % 32u;
    const unsigned int w0 = ((unsigned int)head & (q.capacity - 1u)) / 32u;
    unsigned int bits = gs_ld_relaxed(&q.valid[(w0 + lane) % nwords], q.scope);
    if (lane == 0u)
        bits |= (1u << off) - 1u; /* the slots before the head count as taken */
    const unsigned int full = __ballot_sync(~0u, bits == ~0u);
    const unsigned int j = full == ~0u ? 32u : __ffs(~full) - 1u; /* the first word with a gap */
    const unsigned int gap = __shfl_sync(~0u, bits, j & 31u);
    const unsigned int run = j == 32u ? 1024u - off : 32u * j + (__ffs(~gap) - 1u) - off;
    if (run)
        gs_fence_acquire(q.scope); /* acquires every release whose bit this lane read */
    __syncwarp(); /* every lane's acquire before any lane's next access */
    return run;
}

/* Block-collective: gs_msg_scan_warp by the first warp, its answer given
 * to every thread.  Message i of them is q.slots[(head + i) & (capacity -
 * 1)], readable until gs_msg_free. */
static __device__ __forceinline__ unsigned int gs_msg_peek(const gs_msgq_t &q, unsigned long long head)
{
    __shared__ unsigned int gs__msg_run;
    if (gs__msgq_thread() < 32u) {
        const unsigned int run = gs_msg_scan_warp(q, head);
        if (gs__msgq_thread() == 0u)
            gs__msg_run = run;
    }
    __syncthreads(); /* also orders the other warps after the first warp's acquire */
    const unsigned int run = gs__msg_run;
    __syncthreads(); /* all have read it before the next peek writes it */
    return run;
}

/* Warp-collective, by the warp that scanned or after every reader's
 * release: the n messages from `head` (n + head % 32 <= 1024) are
 * consumed: their bits cleared, then the read index stored with release.
 * Returns the new head. */
static __device__ __forceinline__ unsigned long long gs_msg_free_warp(const gs_msgq_t &q, unsigned long long head,
                                                                      unsigned int n)
{
    const unsigned int lane = gs_laneid(), nwords = q.capacity / 32u, off = (unsigned int)head % 32u;
    const unsigned int w0 = ((unsigned int)head & (q.capacity - 1u)) / 32u;
    const unsigned int lo = 32u * lane, hi = lo + 32u; /* this word's positions from w0's bit 0 */
    const unsigned int a = off > lo ? off : lo, b = off + n < hi ? off + n : hi;
    if (a < b) {
        const unsigned int width = b - a, mask = (width == 32u ? ~0u : ((1u << width) - 1u)) << (a - lo);
        (void)gs_atom_and_relaxed(&q.valid[(w0 + lane) % nwords], ~mask, q.scope);
    }
    __syncwarp();
    if (lane == 0u)
        gs_st_release_u64(q.read, head + n, q.scope);
    return head + n;
}

/* Block-collective: the n messages from `head` are consumed.  Returns the
 * new head. */
static __device__ __forceinline__ unsigned long long gs_msg_free(const gs_msgq_t &q, unsigned long long head,
                                                                 unsigned int n)
{
    __syncthreads(); /* every thread is done with the slots */
    if (gs__msgq_thread() < 32u)
        (void)gs_msg_free_warp(q, head, n);
    return head + n;
}

/* Whether every message reserved so far has been consumed up to `head`
 * (acquire: with the senders' done count acquired first, no more come). */
static __device__ __forceinline__ bool gs_msg_drained(const gs_msgq_t &q, unsigned long long head)
{
    return gs_ld_acquire_u64(q.write, q.scope) == head;
}

#endif
