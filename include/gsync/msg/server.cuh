/* gsync/msg/server.cuh: the synchronization-server architecture (Wang,
 * Fussell and Lin) on gsync's message queues.  Across GPUs: multi/server.cuh,
 * on the gs__server_* loops below (a queue scope and a count of grids).
 *
 * Algorithm: the first `servers` blocks of a grid serve; data item id
 *            belongs to server id % servers.  A client warp sends updates
 *            (gs_server_send, warp-collective: a 16-byte message to the
 *            item's server from each lane that has one, aggregated per
 *            destination); a server runs the caller's handler on every
 *            message it receives (gs_server_serve), on data only it touches,
 *            so conflicting updates meet in its shared memory, not in L2.
 *            A handler may answer a client block (gs_server_reply, a
 *            thread's own send: handlers run on divergent lanes); the
 *            client block collects its answers (gs_server_collect).
 *            gs_server_send_combined merges a warp's updates to one item.
 * Ordering:  the queues' (queue.cuh): publishing a message releases, taking
 *            it acquires; a client block's done count is red.release after
 *            the block's last send and acquired by the servers.
 * Progress:  servers leave once every client block is done and their
 *            queue is drained; every wait goes through the watchdog.  A
 *            client block keeps at most its thread count of answers
 *            outstanding, which its own queue holds, so servers never wait
 *            on a client, and sends finish (queue.cuh).  Requires every
 *            block resident (launch cooperatively; gs_server_check on the
 *            host), 1-D blocks of whole warps, `done` and the
 *            queues zeroed before each launch.  Enforced in every build: a
 *            block of another shape traps at gs_server_init; a done count
 *            left from an earlier launch traps the client that finds it and
 *            the servers that read it (one printed line, no hang).
 * Memory:    a queue per block (gs_msgq_bytes each), a done counter, and in
 *            each block's shared memory gs_msgq_copies_bytes(gridDim.x) for
 *            the senders' copies of read indices (zeroed by gs_server_init).
 */
#ifndef GSYNC_MSG_SERVER_CUH
#define GSYNC_MSG_SERVER_CUH

#include "queue.cuh"

#include <stdio.h>

typedef struct gs_server {
    void *queues;          /* a queue per block of the grid, zeroed */
    unsigned int capacity; /* slots a queue */
    unsigned int servers;  /* blocks 0 .. servers - 1 serve */
    unsigned int *done;    /* client blocks done, zeroed */
    unsigned long long *copies; /* this block's shared memory: a read-index copy per queue */
} gs_server_t;

/* What gs_server_serve returns when the watchdog ended its wait (never a
 * count: 64 bits do not wrap). */
#define GS_SERVER_STUCK (~0ull)

/* Misuse (every build): one line from the block's first thread, then the
 * launch fails.  Out of line. */
enum { GS__SERVER_SHAPE = 0, GS__SERVER_DONE = 1 };
static __device__ __noinline__ __attribute__((noreturn)) void gs__server_misuse(int what, unsigned int v,
                                                                               unsigned int clients)
{
    const bool first = gs__misuse_first();
    if (!first)
        ;
    else if (what == GS__SERVER_SHAPE)
        printf("gsync: misuse of the server: a block of %ux%ux%u threads; it must be 1-D whole warps\n", blockDim.x,
               blockDim.y, blockDim.z);
    else if (what == GS__SERVER_DONE)
        printf("gsync: misuse of the server (block %u): its done counter reads %u with %u client blocks: state "
               "left from an earlier launch (zero the queues and `done` before each launch) or another GPU "
               "stopped\n", blockIdx.x, v, clients);
    gs__misuse_trap(first);
}

/* Block-collective, before anything else: zeroes this block's copies.  A
 * block that is not 1-D whole warps traps (every build). */
static __device__ __forceinline__ void gs__server_init(unsigned long long *copies, unsigned int queues)
{
    if (blockDim.y != 1u || blockDim.z != 1u || blockDim.x % 32u != 0u)
        gs__server_misuse(GS__SERVER_SHAPE, 0u, 0u);
    for (unsigned int k = threadIdx.x; k < queues; k += blockDim.x)
        copies[k] = 0ull;
    __syncthreads();
}
static __device__ __forceinline__ void gs_server_init(const gs_server_t &s)
{
    gs__server_init(s.copies, gridDim.x);
}

static __device__ __forceinline__ bool gs_server_is_server(const gs_server_t &s)
{
    return blockIdx.x < s.servers;
}

/* The server that owns item `id`. */
static __device__ __forceinline__ unsigned int gs_server_owner(const gs_server_t &s, unsigned int id)
{
    return id % s.servers;
}

/* Warp-collective (every lane of the warp calls it): each lane with
 * `have` sends m to the server of item `id`.  False: the watchdog fired. */
static __device__ __forceinline__ bool gs_server_send(const gs_server_t &s, bool have, unsigned int id, uint4 m)
{
    const unsigned int dest = gs_server_owner(s, id);
    return gs_msg_send_warp(s.queues, s.capacity, have, dest, m, &s.copies[dest]);
}

/* Warp-collective: the lanes with `have` and one item merge their messages
 * into the lowest such lane's *m; true in that lane (it alone sends). */
template <typename Combine>
static __device__ __forceinline__ bool gs__server_combine(bool have, unsigned int id, uint4 *m, Combine combine)
{
    const unsigned int lane = threadIdx.x % 32u; /* 1-D blocks of whole warps */
    const unsigned int peers = __match_any_sync(~0u, have ? (unsigned long long)id : 1ull << 32);
    const unsigned int lead = __ffs(peers) - 1u;
    for (unsigned int rest = __ballot_sync(~0u, have && lead != lane); rest; rest &= rest - 1u) {
        const unsigned int j = __ffs(rest) - 1u; /* the same in every lane */
        const uint4 x = make_uint4(__shfl_sync(~0u, m->x, j), __shfl_sync(~0u, m->y, j), __shfl_sync(~0u, m->z, j),
                                   __shfl_sync(~0u, m->w, j));
        if (lane == __shfl_sync(~0u, lead, j))
            *m = combine(*m, x);
    }
    return have && lead == lane;
}

/* Warp-collective, like gs_server_send, for updates that commute: lanes of
 * the warp with the same item first merge their messages with
 * combine(mine, theirs) (associative and commutative, e.g. sums and
 * counts), in lane order, into the lowest such lane, which alone sends
 * (the merged update arrives as the lowest lane's message: per-sender
 * order holds for the messages that were not merged).  A hot item's server then receives at most one message a warp a
 * call; with distinct items the cost is a __match_any_sync and a ballot. */
template <typename Combine>
static __device__ __forceinline__ bool gs_server_send_combined(const gs_server_t &s, bool have, unsigned int id,
                                                               uint4 m, Combine combine)
{
    const bool lead = gs__server_combine(have, id, &m, combine);
    return gs_server_send(s, lead, id, m);
}

/* From a handler, by one thread: sends m to client block `block`. */
static __device__ __forceinline__ bool gs_server_reply(const gs_server_t &s, unsigned int block, uint4 m)
{
    return gs_msg_send(gs_msgq_at(s.queues, block, s.capacity), m, &s.copies[block]);
}

/* Block-collective, by a client block after its last send.  The count it
 * replaces must be below the client blocks' (else the state is left from an
 * earlier launch: the servers would never leave), checked in every build. */
static __device__ __forceinline__ void gs_server_client_done(const gs_server_t &s)
{
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned int clients = gridDim.x - s.servers;
        const unsigned int old = gs_atom_add_release(s.done, 1u, GS_SCOPE_GPU);
        if (old >= clients)
            gs__server_misuse(GS__SERVER_DONE, old + 1u, clients);
    }
}

/* A server's reading of the done count (ld.acquire): 0 not every client
 * done yet, 1 every one, 2 more than there are clients (misuse; *d the count). */
static __device__ __forceinline__ unsigned int gs__server_done_state(const unsigned int *done, enum gs_scope scope,
                                                                    unsigned int clients, unsigned int *d)
{
    *d = gs_ld_acquire(done, scope);
    return *d > clients ? 2u : *d == clients ? 1u : 0u;
}
/* The same for a thread whose warp is waiting in no vote: misuse traps here. */
static __device__ __forceinline__ bool gs__server_all_done(const unsigned int *done, enum gs_scope scope,
                                                          unsigned int clients)
{
    unsigned int d;
    if (gs__server_done_state(done, scope, clients, &d) == 2u)
        gs__server_misuse(GS__SERVER_DONE, d, clients);
    return d == clients;
}

/* Block-collective, by a server block: handle(m, i) for every message m
 * (i: its arrival number, 64 bits), by the block's threads in parallel,
 * until every client block is done and the queue is drained.  Returns the
 * slots handled, or GS_SERVER_STUCK when the watchdog ended the wait.
 * gs__server_serve is its loop with the queue and the done count at
 * `scope`, until the count reads the client blocks of `gpus` grids like
 * this one (multi/server.cuh's too). */
template <typename Handler>
static __device__ __forceinline__ unsigned long long gs__server_serve(const gs_server_t &s, enum gs_scope scope,
                                                                      unsigned int gpus, Handler handle)
{
    const gs_msgq_t q = gs_msgq_at_scoped(s.queues, blockIdx.x, s.capacity, scope);
    const unsigned int clients = gpus * (gridDim.x - s.servers);
    unsigned long long head = gs_msg_head(q), handled = 0ull;
    gs_wait_t w = GS_WAIT_INIT;
    for (;;) {
        const unsigned int n = gs_msg_peek(q, head);
        for (unsigned int j = threadIdx.x; j < n; j += blockDim.x)
            handle(q.slots[(head + j) & (s.capacity - 1u)], head + j);
        if (n) {
            handled += n;
            head = gs_msg_free(q, head, n);
            const gs_wait_t fresh = GS_WAIT_INIT;
            w = fresh;
            continue;
        }
        bool leave = false, stuck = false;
        if (threadIdx.x == 0) { /* the clients' done count first, then the queue's write index */
            leave = gs__server_all_done(s.done, scope, clients) && gs_msg_drained(q, head);
            stuck = !leave && gs_wait_spin(&w);
        }
        if (__syncthreads_or(stuck))
            return GS_SERVER_STUCK;
        if (__syncthreads_or(leave))
            return handled;
    }
}
template <typename Handler>
static __device__ unsigned long long gs_server_serve(const gs_server_t &s, Handler handle)
{
    return gs__server_serve(s, GS_SCOPE_GPU, 1u, handle);
}

/* gs_server_serve with a leader warp and follower warps: warp 0 scans the
 * queue and posts chunks of up to GS_SERVER_CHUNK messages in a ring of
 * GS_SERVER_ASSIGNMENTS assignments in shared memory; each other warp takes the next assignment by a ticket, its lanes
 * handle its messages, and it marks the assignment finished; the leader
 * retires finished assignments in order and frees their slots in one step.
 * The leader scans on while followers handle, and no run waits for a block
 * barrier.  Posting is st.release.cta of the posted count (after the
 * leader's acquire of the messages), taking ld.acquire.cta; finishing is
 * st.release.cta of the assignment's number, retiring ld.acquire.cta, then
 * the queue's release of its read index.  The leader scans no further than
 * a ring from the oldest slot not yet freed.  A block of fewer than 64
 * threads has no follower: it serves with gs_server_serve. */
#define GS_SERVER_ASSIGNMENTS 32u
#define GS_SERVER_CHUNK 64u /* messages an assignment, at most */
template <typename Handler>
static __device__ __forceinline__ unsigned long long gs__server_serve_lf(const gs_server_t &s, enum gs_scope scope,
                                                                         unsigned int gpus, Handler handle)
{
    __shared__ unsigned long long first[GS_SERVER_ASSIGNMENTS]; /* an assignment's first message */
    __shared__ unsigned int count_of[GS_SERVER_ASSIGNMENTS];    /* and its count */
    __shared__ unsigned int fin[GS_SERVER_ASSIGNMENTS];         /* the number + 1 of the last finished in a place */
    __shared__ unsigned int posted, taken, stop;                 /* stop: 1 done, 2 the watchdog fired or misuse */
    __shared__ unsigned long long handled;
    if (blockDim.x < 64u) /* no follower: the whole block serves */
        return gs__server_serve(s, scope, gpus, handle);
    const gs_msgq_t q = gs_msgq_at_scoped(s.queues, blockIdx.x, s.capacity, scope);
    const unsigned int lane = threadIdx.x % 32u, clients = gpus * (gridDim.x - s.servers);
    if (threadIdx.x < GS_SERVER_ASSIGNMENTS)
        fin[threadIdx.x] = 0u;
    if (threadIdx.x == 0)
        posted = taken = stop = 0u, handled = 0ull;
    __syncthreads();
    gs_wait_t w = GS_WAIT_INIT;
    if (threadIdx.x < 32u) { /* the leader */
        unsigned long long scan = gs_msg_head(q), head = scan, count = 0ull;
        unsigned int retired = 0u, mine = 0u, misused = 0u, over = 0u;
        for (;;) {
            bool progress = false;
            unsigned long long upto = head;
            if (lane == 0u) /* retire the finished assignments in order */
                while (retired != mine &&
                       gs_ld_acquire(&fin[retired % GS_SERVER_ASSIGNMENTS], GS_SCOPE_CTA) == retired + 1u) {
                    const unsigned long long end = first[retired % GS_SERVER_ASSIGNMENTS] +
                                                   count_of[retired % GS_SERVER_ASSIGNMENTS];
                    if (end - head + head % 32u > 1024u)
                        break; /* a span freed at once stays within 32 mask words */
                    upto = end;
                    ++retired;
                }
            upto = __shfl_sync(~0u, upto, 0);
            retired = __shfl_sync(~0u, retired, 0);
            if (upto != head) {
                head = gs_msg_free_warp(q, head, (unsigned int)(upto - head));
                progress = true;
            }
            if (mine - retired < GS_SERVER_ASSIGNMENTS) { /* post what arrived, a chunk a place */
                const unsigned int found = gs_msg_scan_warp(q, scan);
                const unsigned int room = (unsigned int)(head + s.capacity - scan); /* past it the scan wraps onto posted slots */
                unsigned int run = found < room ? found : room;
                if (run && lane == 0u) {
                    while (run && mine - retired < GS_SERVER_ASSIGNMENTS) {
                        const unsigned int n = run < GS_SERVER_CHUNK ? run : GS_SERVER_CHUNK;
                        first[mine % GS_SERVER_ASSIGNMENTS] = scan;
                        count_of[mine % GS_SERVER_ASSIGNMENTS] = n;
                        ++mine, scan += n, run -= n, count += n;
                    }
                    gs_st_release(&posted, mine, GS_SCOPE_CTA);
                }
                scan = __shfl_sync(~0u, scan, 0);
                mine = __shfl_sync(~0u, mine, 0);
                progress = progress || found != 0u;
            }
            if (progress) {
                const gs_wait_t fresh = GS_WAIT_INIT;
                w = fresh;
                continue;
            }
            unsigned int end = 0u; /* 1: every client done, all handled; 2: the watchdog; 3: misuse */
            if (lane == 0u) {
                const unsigned int st = retired == mine ? gs__server_done_state(s.done, scope, clients, &over) : 0u;
                if (st == 2u)
                    end = 3u;
                else if (st == 1u && gs_msg_drained(q, scan))
                    end = 1u;
                else if (gs_wait_spin(&w))
                    end = 2u;
                if (end) {
                    handled = count;
                    gs_st_release(&stop, end == 3u ? 2u : end, GS_SCOPE_CTA);
                }
            }
            if ((misused = __shfl_sync(~0u, end, 0)))
                break;
        }
        if (misused == 3u && lane == 0u) /* the warp is past its votes, the block waits below: stop here */
            gs__server_misuse(GS__SERVER_DONE, over, clients);
    } else { /* a follower */
        for (;;) {
            unsigned int t = 0u, go = 0u;
            if (lane == 0u) {
                gs_wait_t fw = GS_WAIT_INIT;
                t = atomicAdd(&taken, 1u);
                while ((int)(gs_ld_acquire(&posted, GS_SCOPE_CTA) - t) <= 0)
                    if (gs_ld_acquire(&stop, GS_SCOPE_CTA) || gs_wait_spin(&fw))
                        break;
                go = (int)(gs_ld_acquire(&posted, GS_SCOPE_CTA) - t) > 0;
            }
            __syncwarp(); /* lane 0's acquire of the posting before the lanes read the assignment */
            t = __shfl_sync(~0u, t, 0);
            if (!__shfl_sync(~0u, go, 0))
                break;
            const unsigned long long a = first[t % GS_SERVER_ASSIGNMENTS];
            const unsigned int an = count_of[t % GS_SERVER_ASSIGNMENTS];
            for (unsigned int k = lane; k < an; k += 32u)
                handle(q.slots[(a + k) & (s.capacity - 1u)], a + k);
            __syncwarp();
            if (lane == 0u)
                gs_st_release(&fin[t % GS_SERVER_ASSIGNMENTS], t + 1u, GS_SCOPE_CTA);
        }
    }
    __syncthreads();
    return stop == 1u ? handled : GS_SERVER_STUCK;
}
template <typename Handler>
static __device__ unsigned long long gs_server_serve_lf(const gs_server_t &s, Handler handle)
{
    return gs__server_serve_lf(s, GS_SCOPE_GPU, 1u, handle);
}

/* Where a client block's answers start: its queue's read index (0 for
 * fresh queues), for gs_server_collect's *head. */
static __device__ __forceinline__ unsigned long long gs_server_head(const gs_server_t &s)
{
    return gs_msg_head(gs_msgq_at(s.queues, blockIdx.x, s.capacity));
}

/* Block-collective, by a client block: handle(m, i) for each of the next
 * `expected` messages of its own queue (answers to its requests; i: the
 * arrival number).  *head is the block's position in its queue
 * (gs_server_head at first, the same in every thread).  False: the
 * watchdog ended the wait, or `stuck` was true in some thread. */
template <typename Handler>
static __device__ __forceinline__ bool gs__server_collect(const gs_server_t &s, enum gs_scope scope,
                                                          unsigned int expected, unsigned long long *head, bool stuck,
                                                          Handler handle)
{
    const gs_msgq_t mine = gs_msgq_at_scoped(s.queues, blockIdx.x, s.capacity, scope);
    gs_wait_t w = GS_WAIT_INIT;
    for (unsigned int got = 0u; got < expected;) {
        const unsigned int n = gs_msg_peek(mine, *head);
        for (unsigned int k = threadIdx.x; k < n; k += blockDim.x)
            handle(mine.slots[(*head + k) & (s.capacity - 1u)], *head + k);
        if (n) {
            *head = gs_msg_free(mine, *head, n);
            got += n;
        } else
            stuck = stuck || (threadIdx.x == 0 && gs_wait_spin(&w));
        if (__syncthreads_or(stuck))
            return false;
    }
    return !__syncthreads_or(stuck);
}
template <typename Handler>
static __device__ bool gs_server_collect(const gs_server_t &s, unsigned int expected, unsigned long long *head,
                                         bool stuck, Handler handle)
{
    return gs__server_collect(s, GS_SCOPE_GPU, expected, head, stuck, handle);
}

#endif
