/* gsync/multi/server.cuh: the synchronization server (msg/server.cuh) with
 * servers on every GPU of a node: a client sends to the owner of an item
 * wherever it lives (gsync's own design; docs/multi.md).
 *
 * Algorithm: every GPU runs the same grid; its first `servers` blocks serve,
 *            a queue each in the GPU's own memory.  Item id belongs to
 *            server d = id % (servers * npes): block d % servers of GPU
 *            d / servers.  A client warp's lanes send with the warp send
 *            (gs_msg_send_warp_to) to their owners' queues through peer
 *            pointers, so one warp's lanes may reach several GPUs; lanes to
 *            one queue reserve and publish together.  The serve loops are
 *            msg/server.cuh's, on the block's own queue, at .sys.
 * Ordering:  every access to a queue is at .sys (msg/queue.cuh at
 *            GS_SCOPE_SYS: atomics of several GPUs on one word are atomic
 *            only at .sys; docs/multi.md "Message queues between GPUs").  A
 *            client block's done count: after its last send, __syncthreads,
 *            one fence.release.sys, then red.relaxed.sys of 1 on every GPU's
 *            done counter (a release pattern, cumulative over the block's
 *            reservations).  A server leaves once ld.acquire.sys of its own
 *            GPU's counter reads every client block of every GPU (the adds'
 *            observation order carries each release) and then ld.acquire.sys
 *            of its write index equals its head: every reservation, on any
 *            GPU, was made before a done count it acquired, so no message
 *            is reserved after it leaves.
 * Progress:  msg/server.cuh's argument holds at .sys: a warp's lanes to one
 *            queue span at most 1024 slots and wait on that queue only, and
 *            a server keeps taking until it leaves, so every send finishes;
 *            answers (gs_multi_server_reply) go to a client block that keeps
 *            at most its thread count outstanding.  Every wait goes through
 *            the watchdog; a GPU whose watchdog fires leaves, and its peers'
 *            waits end by their own deadline.
 * Requires:  every block of every GPU resident (a collective launch), the
 *            same grid on every GPU, 1-D blocks of whole warps, peer pointers
 *            with .sys atomics (NVLink or PCIe P2P), npes <= GS_MULTI_MAX_PES;
 *            queues and done counters zeroed on every GPU before any GPU
 *            launches (gs_multi_launch's zero list does it).  Enforced in
 *            every build: a block not 1-D whole warps traps; a done count
 *            left from an earlier launch traps the client that finds it and
 *            every GPU's servers (one printed line each, no GPU waits).
 * Memory:    a GPU: a queue per block (gs_msgq_bytes each) and a done
 *            counter; each block's shared memory
 *            gs_msgq_copies_bytes(npes * gridDim.x) for its read-index copies.
 */
#ifndef GSYNC_MULTI_SERVER_CUH
#define GSYNC_MULTI_SERVER_CUH

#include "../msg/server.cuh"
#include "handle.h"

#define GS_MULTI_SERVER_POISON 0x40000000u /* past any count of client blocks: a peer's servers stop */

typedef struct gs_multi_server {
    void *queues[GS_MULTI_MAX_PES];       /* each GPU's queues (one a block), as this GPU reaches them */
    unsigned int *done[GS_MULTI_MAX_PES]; /* each GPU's done counter, as this GPU reaches it */
    unsigned int capacity;                /* slots a queue */
    unsigned int servers;                 /* blocks 0 .. servers - 1 of every GPU serve */
    unsigned int pe, npes;
    unsigned long long *copies; /* this block's shared memory: a read-index copy per queue of every GPU */
} gs_multi_server_t;

/* Queue `block` of GPU `gpu`, at .sys. */
static __device__ __forceinline__ gs_msgq_t gs__multi_server_queue(const gs_multi_server_t &s, unsigned int gpu,
                                                                   unsigned int block)
{
    return gs_msgq_at_scoped(s.queues[gpu], block, s.capacity, GS_SCOPE_SYS);
}

/* This GPU's part as a one-GPU server handle, for msg/server.cuh's loops. */
static __device__ __forceinline__ gs_server_t gs__multi_server_own(const gs_multi_server_t &s)
{
    const gs_server_t own = {s.queues[s.pe], s.capacity, s.servers, s.done[s.pe], s.copies};
    return own;
}

/* Block-collective, before anything else: zeroes this block's copies. */
static __device__ __forceinline__ void gs_multi_server_init(const gs_multi_server_t &s)
{
    gs__server_init(s.copies, s.npes * gridDim.x);
}

static __device__ __forceinline__ bool gs_multi_server_is_server(const gs_multi_server_t &s)
{
    return blockIdx.x < s.servers;
}

/* The server that owns item `id`, numbered over every GPU: block
 * owner % servers of GPU owner / servers. */
static __device__ __forceinline__ unsigned int gs_multi_server_owner(const gs_multi_server_t &s, unsigned int id)
{
    return id % (s.servers * s.npes);
}

/* Warp-collective (every lane calls it): each lane with `have` sends m to
 * the server of item `id`, on whichever GPU.  False: the watchdog fired. */
static __device__ __forceinline__ bool gs_multi_server_send(const gs_multi_server_t &s, bool have, unsigned int id,
                                                            uint4 m)
{
    const unsigned int d = gs_multi_server_owner(s, id), g = d / s.servers, b = d - g * s.servers;
    const uint4 one[1] = {m};
    return gs_msg_send_warp_to<1u>(gs__multi_server_queue(s, g, b), d, have, one, &s.copies[g * gridDim.x + b]);
}

/* Warp-collective: gs_multi_server_send after the lanes with one item merge
 * their messages (gs_server_send_combined's rule). */
template <typename Combine>
static __device__ __forceinline__ bool gs_multi_server_send_combined(const gs_multi_server_t &s, bool have,
                                                                     unsigned int id, uint4 m, Combine combine)
{
    const bool lead = gs__server_combine(have, id, &m, combine);
    return gs_multi_server_send(s, lead, id, m);
}

/* From a handler, by one thread: sends m to block `block` of GPU `gpu`. */
static __device__ __forceinline__ bool gs_multi_server_reply(const gs_multi_server_t &s, unsigned int gpu,
                                                             unsigned int block, uint4 m)
{
    return gs_msg_send(gs__multi_server_queue(s, gpu, block), m, &s.copies[gpu * gridDim.x + block]);
}

/* Block-collective, by a client block after its last send: counted done on
 * every GPU, one system-scope release for all of them. */
static __device__ __forceinline__ void gs_multi_server_client_done(const gs_multi_server_t &s)
{
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned int clients = s.npes * (gridDim.x - s.servers);
        gs_fence_release(GS_SCOPE_SYS); /* the block's reservations and sends, before every count */
        for (unsigned int p = 0; p < s.npes; ++p)
            if (p != s.pe)
                gs_red_add_relaxed(s.done[p], 1u, GS_SCOPE_SYS);
        const unsigned int old = gs_atom_add_relaxed(s.done[s.pe], 1u, GS_SCOPE_SYS);
        if (old >= clients) { /* state left from an earlier launch: every GPU's servers are told, then stop */
            for (unsigned int p = 0; p < s.npes; ++p)
                gs_st_relaxed(s.done[p], clients + GS_MULTI_SERVER_POISON, GS_SCOPE_SYS);
            gs__server_misuse(GS__SERVER_DONE, old + 1u, clients);
        }
    }
}

/* Block-collective, by a server block: gs_server_serve on its own queue,
 * until every client block of every GPU is done and the queue is drained. */
template <typename Handler>
static __device__ unsigned long long gs_multi_server_serve(const gs_multi_server_t &s, Handler handle)
{
    return gs__server_serve(gs__multi_server_own(s), GS_SCOPE_SYS, s.npes, handle);
}

/* The same with gs_server_serve_lf's leader and follower warps. */
template <typename Handler>
static __device__ unsigned long long gs_multi_server_serve_lf(const gs_multi_server_t &s, Handler handle)
{
    return gs__server_serve_lf(gs__multi_server_own(s), GS_SCOPE_SYS, s.npes, handle);
}

/* Where a client block's answers start (gs_server_head's). */
static __device__ __forceinline__ unsigned long long gs_multi_server_head(const gs_multi_server_t &s)
{
    return gs_msg_head(gs__multi_server_queue(s, s.pe, blockIdx.x));
}

/* Block-collective, by a client block: gs_server_collect on its own queue. */
template <typename Handler>
static __device__ bool gs_multi_server_collect(const gs_multi_server_t &s, unsigned int expected,
                                               unsigned long long *head, bool stuck, Handler handle)
{
    return gs__server_collect(gs__multi_server_own(s), GS_SCOPE_SYS, expected, head, stuck, handle);
}

#endif
