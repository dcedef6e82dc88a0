/* gsync/msg/queue.cuh: message queues between blocks (the synchronization
 * server's transport), after Wang, Fussell and Lin's design.
 *
 * Algorithm: one queue per receiving block, a ring of `capacity` 16-byte
 *            slots (queue.h).  A sender reserves slot k with a relaxed add
 *            on the write index, waits until k - read < capacity (its copy
 *            of the read index is refreshed only then), stores the message
 *            and sets the slot's valid bit.  gs_msg_send_warp does this for
 *            a whole warp (warp-collective: the lanes with a message send
 *            it): lanes with one destination reserve with one add, and
 *            each mask word is set with one OR; gs_msg_send_warp_k sends
 *            messages of 2 to 32 slots the same way.  The receiving block's
 *            first warp reads 32 mask words at once and takes the run of
 *            valid slots from its head (up to 1024); the block handles
 *            them; then the warp clears their bits and advances the read
 *            index once for the run.
 * Ordering:  the bit is set by atom.release.gpu.or (after __syncwarp for
 *            its lanes' stores); the receiver reads the mask relaxed and
 *            ends with fence.acquire.gpu when it found a run; bits are
 *            cleared relaxed and the read index stored with st.release.gpu
 *            after them; senders read it with ld.acquire.gpu, and share
 *            their copy through cta-scope release/acquire.
 * Progress:  in each queue the earliest unpublished slot gets room as its
 *            receiver frees what precedes it, so senders finish while
 *            receivers keep receiving (a warp whose lanes send to several
 *            queues waits on them in turn); waits use the watchdog.  A block that both sends and receives must bound
 *            what it has outstanding by its own queue's capacity.
 * Requires:  receivers: 1-D blocks of at least 32 threads (the first warp
 *            scans the mask); warp senders: every lane of the warp calls;
 *            capacity a power of two from 1024 (gs_msgq_capacity_ok).
 * Memory:    gs_msgq_bytes(capacity) a queue, zeroed before use.
 */
#ifndef GSYNC_MSG_QUEUE_CUH
#define GSYNC_MSG_QUEUE_CUH

#include "../wait.cuh"
#include "queue.h"

typedef struct gs_msgq {
    unsigned int *write;   /* reservations (monotonic, wraps at 2^32) */
    unsigned int *read;    /* messages consumed (monotonic) */
    unsigned int *valid;   /* a bit per slot */
    uint4 *slots;
    unsigned int capacity; /* a power of two, at least 1024 */
} gs_msgq_t;

/* Queue r of the queues at `base`. */
static __device__ __forceinline__ gs_msgq_t gs_msgq_at(void *base, unsigned int r, unsigned int capacity)
{
    char *q = (char *)base + gs_msgq_bytes(capacity) * r;
    gs_msgq_t m;
    m.write = (unsigned int *)q;
    m.read = (unsigned int *)(q + 128);
    m.valid = (unsigned int *)(q + 256);
    m.slots = (uint4 *)(q + 256 + ((capacity / 32u * 4u + 127u) & ~127u));
    m.capacity = capacity;
    return m;
}

/* Waits until slot k has room.  *cached is a copy of the read index, the
 * caller's or its block's (in shared memory, zero at first): read with
 * ld.acquire.cta and refreshed from the queue (ld.acquire.gpu: the slot's
 * last reader and its bit's clearing happen before) with st.release.cta
 * only when the copy says no, so that threads sharing a copy inherit the
 * acquire of whoever refreshed it.  False: the watchdog fired. */
static __device__ __forceinline__ bool gs__msgq_room(const gs_msgq_t &q, unsigned int k, unsigned int *cached)
{
    gs_wait_t w = GS_WAIT_INIT;
    unsigned int r = gs_ld_acquire(cached, GS_SCOPE_CTA);
    if (k - r < q.capacity)
        return true;
    while (k - (r = gs_ld_acquire(q.read, GS_SCOPE_GPU)) >= q.capacity)
        if (gs_wait_backoff(&w))
            return false;
    gs_st_release(cached, r, GS_SCOPE_CTA); /* a stale copy only makes the next sender look again */
    return true;
}

/* One thread sends m.  False: the watchdog fired. */
static __device__ __forceinline__ bool gs_msg_send(const gs_msgq_t &q, uint4 m, unsigned int *cached)
{
    const unsigned int k = gs_atom_add_relaxed(q.write, 1u, GS_SCOPE_GPU);
    if (!gs__msgq_room(q, k, cached))
        return false;
    const unsigned int s = k & (q.capacity - 1u);
    q.slots[s] = m; /* a plain store: the release below publishes it */
    (void)gs_atom_or_release(&q.valid[s / 32u], 1u << (s % 32u), GS_SCOPE_GPU);
    return true;
}

/* Warp-collective: every lane of the warp calls it, each once, from any
 * code path; the lanes with `have` send their message of K slots (16 K
 * bytes; K a power of two up to 32) to queue `dest`.  Lanes with one
 * destination reserve with one add and set each mask word with one OR.
 * All messages of a queue must have one size: each then lies in one mask
 * word, so the receiver's runs hold whole messages.  (Every intrinsic here
 * names the whole warp: a mask from __activemask() can name lanes that
 * the compiler has already branched away, and then the warp deadlocks.)
 * False for a lane whose wait the watchdog ended; true for a lane without
 * a message. */
template <unsigned int K>
static __device__ __forceinline__ bool gs_msg_send_warp_k(void *base, unsigned int capacity, bool have,
                                                          unsigned int dest, const uint4 (&m)[K],
                                                          unsigned int *cached)
{
    static_assert(K >= 1u && K <= 32u && (K & (K - 1u)) == 0u, "a message is 1 to 32 slots, a power of two");
    const unsigned int lane = threadIdx.x % 32u;
    const gs_msgq_t q = gs_msgq_at(base, dest, capacity);
    const unsigned long long none = 1ull << 32; /* the lanes without a message: a group of their own */
    const unsigned int peers = __match_any_sync(~0u, have ? (unsigned long long)dest : none);
    const unsigned int leader = __ffs(peers) - 1u;
    unsigned int k = 0u;
    if (have && lane == leader)
        k = gs_atom_add_relaxed(q.write, K * __popc(peers), GS_SCOPE_GPU);
    k = __shfl_sync(~0u, k, leader) + K * __popc(peers & ((1u << lane) - 1u));
    const bool ok = !have || gs__msgq_room(q, k + (K - 1u), cached); /* its last slot has room: all have */
    const unsigned int s = k & (capacity - 1u);
    if (have && ok)
        for (unsigned int p = 0; p < K; ++p)
            q.slots[s + p] = m[p];
    __syncwarp(); /* the lanes' stores before the one release that publishes them */
    const unsigned int same = __match_any_sync(~0u, have ? ((unsigned long long)dest << 32) | (s / 32u) : ~0ull);
    const unsigned int mine = (K == 32u ? ~0u : (1u << K) - 1u) << (s % 32u);
    const unsigned int bits = __reduce_or_sync(same, have && ok ? mine : 0u);
    if (lane == __ffs(same) - 1u && bits)
        (void)gs_atom_or_release(&q.valid[s / 32u], bits, GS_SCOPE_GPU);
    return ok;
}

/* gs_msg_send_warp_k of one slot: the lanes with `have` send m. */
static __device__ __forceinline__ bool gs_msg_send_warp(void *base, unsigned int capacity, bool have, unsigned int dest,
                                                        uint4 m, unsigned int *cached)
{
    const uint4 one[1] = {m};
    return gs_msg_send_warp_k<1u>(base, capacity, have, dest, one, cached);
}

/* Warp-collective (a whole warp): how many published messages follow
 * `head` without a gap (at most 1024; 0: none yet), in every lane; when
 * some, their publishers' writes are acquired by every lane. */
static __device__ __forceinline__ unsigned int gs_msg_scan_warp(const gs_msgq_t &q, unsigned int head)
{
    const unsigned int lane = threadIdx.x % 32u, nwords = q.capacity / 32u, off = head % 32u;
    const unsigned int w0 = (head & (q.capacity - 1u)) / 32u;
    unsigned int bits = gs_ld_relaxed(&q.valid[(w0 + lane) % nwords], GS_SCOPE_GPU);
    if (lane == 0u)
        bits |= (1u << off) - 1u; /* the slots before the head count as taken */
    const unsigned int full = __ballot_sync(~0u, bits == ~0u);
    const unsigned int j = full == ~0u ? 32u : __ffs(~full) - 1u; /* the first word with a gap */
    const unsigned int gap = __shfl_sync(~0u, bits, j & 31u);
    const unsigned int run = j == 32u ? 1024u - off : 32u * j + (__ffs(~gap) - 1u) - off;
    if (run)
        gs_fence_acquire(GS_SCOPE_GPU); /* acquires every release whose bit this lane read */
    __syncwarp(); /* every lane's acquire before any lane's next access */
    return run;
}

/* Block-collective: gs_msg_scan_warp by the first warp, its answer given
 * to every thread.  Message i of them is q.slots[(head + i) & (capacity -
 * 1)], readable until gs_msg_free. */
static __device__ __forceinline__ unsigned int gs_msg_peek(const gs_msgq_t &q, unsigned int head)
{
    __shared__ unsigned int gs__msg_run;
    if (threadIdx.x < 32u) {
        const unsigned int run = gs_msg_scan_warp(q, head);
        if (threadIdx.x == 0u)
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
static __device__ __forceinline__ unsigned int gs_msg_free_warp(const gs_msgq_t &q, unsigned int head, unsigned int n)
{
    const unsigned int lane = threadIdx.x % 32u, nwords = q.capacity / 32u, off = head % 32u;
    const unsigned int w0 = (head & (q.capacity - 1u)) / 32u;
    const unsigned int lo = 32u * lane, hi = lo + 32u; /* this word's positions from w0's bit 0 */
    const unsigned int a = off > lo ? off : lo, b = off + n < hi ? off + n : hi;
    if (a < b) {
        const unsigned int width = b - a, mask = (width == 32u ? ~0u : ((1u << width) - 1u)) << (a - lo);
        (void)gs_atom_and_relaxed(&q.valid[(w0 + lane) % nwords], ~mask, GS_SCOPE_GPU);
    }
    __syncwarp();
    if (lane == 0u)
        gs_st_release(q.read, head + n, GS_SCOPE_GPU);
    return head + n;
}

/* Block-collective: the n messages from `head` are consumed.  Returns the
 * new head. */
static __device__ __forceinline__ unsigned int gs_msg_free(const gs_msgq_t &q, unsigned int head, unsigned int n)
{
    __syncthreads(); /* every thread is done with the slots */
    if (threadIdx.x < 32u)
        (void)gs_msg_free_warp(q, head, n);
    return head + n;
}

/* Whether every message reserved so far has been consumed up to `head`
 * (acquire: with the senders' done count acquired first, no more come). */
static __device__ __forceinline__ bool gs_msg_drained(const gs_msgq_t &q, unsigned int head)
{
    return gs_ld_acquire(q.write, GS_SCOPE_GPU) == head;
}

#endif
