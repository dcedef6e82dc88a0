/* gsync/msg/server.cuh: the synchronization-server architecture (Wang,
 * Fussell and Lin) on gsync's message queues.
 *
 * Algorithm: the first `servers` blocks of a grid serve; data item id
 *            belongs to server id % servers.  A client sends an update
 *            (gs_server_send: a 16-byte message to the item's server,
 *            warp-aggregated); a server runs the caller's handler on every
 *            message it receives (gs_server_serve), on data only it touches,
 *            so conflicting updates meet in its shared memory, not in L2.
 *            A handler may answer a client block (gs_server_reply); the
 *            client block collects its answers (gs_server_collect).
 * Ordering:  the queues' (queue.cuh): publishing a message releases, taking
 *            it acquires; a client block's done count is red.release after
 *            the block's last send and acquired by the servers.
 * Progress:  servers leave once every client block is done and their
 *            queue is drained; every wait goes through the watchdog.  A
 *            client block keeps at most its thread count of answers
 *            outstanding, which its own queue holds, so servers never wait
 *            on a client.  Requires every block resident (launch
 *            cooperatively).
 * Memory:    a queue per block (gs_msgq_bytes each), a done counter, and in
 *            each block's shared memory a word per queue (zeroed by
 *            gs_server_init) for the senders' copies of read indices.
 */
#ifndef GSYNC_MSG_SERVER_CUH
#define GSYNC_MSG_SERVER_CUH

#include "queue.cuh"

typedef struct gs_server {
    void *queues;          /* a queue per block of the grid, zeroed */
    unsigned int capacity; /* slots a queue */
    unsigned int servers;  /* blocks 0 .. servers - 1 serve */
    unsigned int *done;    /* client blocks done, zeroed */
    unsigned int *copies;  /* this block's shared memory: a word per queue */
} gs_server_t;

/* Block-collective, before anything else: zeroes this block's copies. */
static __device__ __forceinline__ void gs_server_init(const gs_server_t &s)
{
    for (unsigned int k = threadIdx.x; k < gridDim.x; k += blockDim.x)
        s.copies[k] = 0u;
    __syncthreads();
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

/* Sends m to the server of item `id`.  False: the watchdog fired. */
static __device__ __forceinline__ bool gs_server_send(const gs_server_t &s, unsigned int id, uint4 m)
{
    const unsigned int dest = gs_server_owner(s, id);
    return gs_msg_send_warp(s.queues, s.capacity, dest, m, &s.copies[dest]);
}

/* From a handler: sends m to client block `block`. */
static __device__ __forceinline__ bool gs_server_reply(const gs_server_t &s, unsigned int block, uint4 m)
{
    return gs_msg_send_warp(s.queues, s.capacity, block, m, &s.copies[block]);
}

/* Block-collective, by a client block after its last send. */
static __device__ __forceinline__ void gs_server_client_done(const gs_server_t &s)
{
    __syncthreads();
    if (threadIdx.x == 0)
        gs_red_add_release(s.done, 1u, GS_SCOPE_GPU);
}

/* Block-collective, by a server block: handle(m, i) for every message m
 * (i: its arrival number), by the block's threads in parallel, until every
 * client block is done and the queue is drained.  Returns the messages handled, or ~0u when the
 * watchdog ended the wait. */
template <typename Handler>
static __device__ unsigned int gs_server_serve(const gs_server_t &s, Handler handle)
{
    const gs_msgq_t q = gs_msgq_at(s.queues, blockIdx.x, s.capacity);
    const unsigned int clients = gridDim.x - s.servers;
    unsigned int head = 0u, handled = 0u;
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
            leave = gs_ld_acquire(s.done, GS_SCOPE_GPU) == clients && gs_msg_drained(q, head);
            stuck = !leave && gs_wait_spin(&w);
        }
        if (__syncthreads_or(stuck))
            return ~0u;
        if (__syncthreads_or(leave))
            return handled;
    }
}

/* Block-collective, by a client block: handle(m, i) for each of the next
 * `expected` messages of its own queue (answers to its requests; i: the
 * arrival number).  *head is
 * the block's position in its queue (0 at first, the same in every thread).
 * False: the watchdog ended the wait, or `stuck` was true in some thread. */
template <typename Handler>
static __device__ bool gs_server_collect(const gs_server_t &s, unsigned int expected, unsigned int *head, bool stuck,
                                         Handler handle)
{
    const gs_msgq_t mine = gs_msgq_at(s.queues, blockIdx.x, s.capacity);
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

#endif
