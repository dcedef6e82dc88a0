/* server_kernels.cu: the synchronization-server benchmark's kernel: one
 * cooperative grid whose first `servers` blocks serve and the rest are
 * clients (the lock and atomic ways have no servers).
 *
 * The server ways use the library's API (gsync/msg/server.cuh): clients
 * gs_server_send to an item's server, servers gs_server_serve with a handler
 * per workload, answers go back with gs_server_reply and are gathered with
 * gs_server_collect.  The queue benchmark drives the queues themselves
 * (gsync/msg/queue.cuh), in its three ways.  A server keeps its items in
 * shared memory when they fit (cta-scope relaxed atomics, a CAS loop for a
 * conditional withdrawal, a hash bucket's chain under a shared-memory lock
 * that the lanes of one warp take in turns), else in global memory that
 * only it touches.  serverCombine merges a warp's updates to one bin.
 * Per-item locks: the library's gs_mutex_spin (HeteroSync's spin lock:
 * atomic CAS, fence.sc after acquiring and before releasing) and
 * gs_mutex_ticket (gsync's ticket lock, 256 bytes an item), and a tuned
 * try-lock (relaxed test, acquire CAS, sleeping backoff, release store; two
 * items: the second only tried, both dropped when it is taken), all gpu
 * scope, per thread.
 * Every wait goes through the watchdog.
 */
#include "bench.cuh"
#include "gsync/host.h"
#include "gsync/msg/server.cuh"
#include "launch.h"
#include "server/server.h"

#include <cuda/atomic>
#include <stdlib.h>
#include <string.h>

#define GPU GS_SCOPE_GPU
#define CTA GS_SCOPE_CTA
#define SRV_SMEM_MAX (160u * 1024u) /* a server's slice in shared memory up to this, or the device's less */
#define SRV_HASH_LOCKS 16384u         /* a hashtable server's bucket locks, at most */

enum { MSG_W = 1u, MSG_D = 2u }; /* transfers: withdraw (replied), deposit */

typedef struct srv_args {
    unsigned int workload, way, servers, items, capacity, skewed, verifying;
    unsigned int lookups;   /* hashtable: percent of lookups (answered) */
    unsigned int msg_slots; /* queue, stress: slots a message */
    unsigned int dest_warp; /* queue: a warp's lanes to one server a step */
    unsigned int ping_pct, idle_pct; /* stress */
    unsigned long long start; /* where every queue's indices start (2^32 less a little: --wrap) */
    unsigned long long total; /* operations (queue: messages a client thread; pingpong: round trips) */
    unsigned int slice_smem; /* 1: the servers' items in shared memory */
    unsigned int chains_smem; /* hashtable: 1: each server's heads and nodes in its shared memory */
    unsigned int log_stride; /* queue: log entries a server */
    void *queues;
    unsigned long long *bins;  /* counters: (count << 32) + sum a bin */
    unsigned int *balances;    /* transfers */
    unsigned int *locks;       /* spin, try: a word an item; ticket: a gs_mutex_ticket_t */
    unsigned int *log, *counts, *done, *timeouts;
    unsigned int keys, pool_per_server, nlocks; /* hashtable */
    unsigned int *heads, *pool_top;             /* a bucket's first node + 1 (0: none); the lock ways' pool */
    uint4 *nodes;                               /* (key, count, next node + 1, 0) */
    unsigned int *srv_top;                      /* hashtable: nodes a server's pool has given (the preloaded) */
    unsigned int *parent;                       /* unionfind: a vertex's parent, never above it */
    const uint2 *edges;                         /* unionfind: (u, v), u < v */
    unsigned int *bad; /* queue: slots out of place or torn; unionfind: [0] broken links, [1] bad requests, [2] retries */
    gs_watchdog_t *wd;
    unsigned long long timeout_ns;
} srv_args;

static __device__ __forceinline__ unsigned int client_id(const srv_args &a)
{
    return (blockIdx.x - a.servers) * blockDim.x + threadIdx.x;
}
static __device__ __forceinline__ unsigned int clients(const srv_args &a)
{
    return gridDim.x - a.servers;
}
static __device__ __forceinline__ unsigned long long client_threads(const srv_args &a)
{
    return (unsigned long long)clients(a) * blockDim.x;
}

/* ---- per-item locks: the library's spin and ticket locks, and the try-lock ---- */
static __device__ __forceinline__ gs_mutex_ticket_t *ticket_of(const srv_args &a, unsigned int i)
{
    return (gs_mutex_ticket_t *)a.locks + i;
}
static __device__ __forceinline__ bool lock_item(const srv_args &a, unsigned int i, unsigned int *ticket)
{
    gs_wait_t w = GS_WAIT_INIT;
    if (a.way == GS_SRV_SPIN) /* HeteroSync's spinMutex per item */
        return gs_mutex_spin_lock((gs_mutex_spin_t *)&a.locks[i], GPU);
    if (a.way == GS_SRV_TRY) { /* test, then test-and-set, with sleeping backoff */
        while (gs_ld_relaxed(&a.locks[i], GPU) != 0u || gs_atom_cas_acquire(&a.locks[i], 0u, 1u, GPU) != 0u)
            if (gs_wait_backoff(&w))
                return false;
        return true;
    }
    return gs_mutex_ticket_lock(ticket_of(a, i), ticket, GPU);
}
static __device__ __forceinline__ void unlock_item(const srv_args &a, unsigned int i, unsigned int ticket)
{
    if (a.way == GS_SRV_SPIN)
        gs_mutex_spin_unlock((gs_mutex_spin_t *)&a.locks[i], GPU);
    else if (a.way == GS_SRV_TRY)
        gs_st_release(&a.locks[i], 0u, GPU);
    else
        gs_mutex_ticket_unlock(ticket_of(a, i), ticket, GPU);
}
static __device__ __forceinline__ void count_timeout(const srv_args &a)
{
    gs_red_add_relaxed(a.timeouts, 1u, GPU);
}

/* ---- clients with locks or atomics ---- */
static __device__ void client_counters_direct(const srv_args &a)
{
    for (unsigned long long j = client_id(a); j < a.total; j += client_threads(a)) {
        unsigned int bin, v, t = 0u;
        gs_srv_counter_op(j, a.items, a.skewed, &bin, &v);
        const unsigned long long add = (1ull << 32) + v;
        if (a.way == GS_SRV_ATOMIC) {
            cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(a.bins[bin])
                .fetch_add(add, cuda::memory_order_relaxed);
            continue;
        }
        if (!lock_item(a, bin, &t)) {
            count_timeout(a);
            return;
        }
        a.bins[bin] += add; /* plain: the lock orders it */
        unlock_item(a, bin, t);
    }
}

static __device__ void client_transfers_direct(const srv_args &a)
{
    for (unsigned long long j = client_id(a); j < a.total; j += client_threads(a)) {
        unsigned int x, y, amount, t0 = 0u, t1 = 0u, ok = 0u;
        gs_srv_transfer_op(j, a.items, &x, &y, &amount);
        const unsigned int lo = x < y ? x : y, hi = x < y ? y : x; /* in id order: no deadlock */
        if (a.way == GS_SRV_TRY) { /* never hold one while waiting for the other */
            gs_wait_t w = GS_WAIT_INIT;
            for (;;) {
                if (!lock_item(a, lo, &t0)) {
                    count_timeout(a);
                    return;
                }
                if (gs_atom_cas_acquire(&a.locks[hi], 0u, 1u, GPU) == 0u)
                    break;
                unlock_item(a, lo, t0);
                if (gs_wait_backoff(&w)) {
                    count_timeout(a);
                    return;
                }
            }
        } else if (!lock_item(a, lo, &t0)) {
            count_timeout(a);
            return;
        } else if (!lock_item(a, hi, &t1)) {
            unlock_item(a, lo, t0);
            count_timeout(a);
            return;
        }
        if (a.balances[x] >= amount) {
            a.balances[x] -= amount;
            a.balances[y] += amount;
            ok = 1u;
        }
        unlock_item(a, hi, t1);
        unlock_item(a, lo, t0);
        if (a.verifying)
            a.log[j] = ok;
    }
}

/* The upsert: key's count + 1 in the chain from *head (node indices + 1
 * into `nodes`), a node from *top (the pool from `base`) when the key is
 * new.  Plain accesses: the caller holds the bucket's lock (or owns it). */
static __device__ __forceinline__ void upsert(unsigned int *head, uint4 *nodes, unsigned int key, unsigned int *top,
                                              unsigned int base, enum gs_scope scope)
{
    for (unsigned int idx = *head; idx; idx = nodes[idx - 1u].z)
        if (nodes[idx - 1u].x == key) {
            nodes[idx - 1u].y += 1u;
            return;
        }
    const unsigned int n = base + gs_atom_add_relaxed(top, 1u, scope);
    nodes[n] = make_uint4(key, 1u, *head, 0u);
    *head = n + 1u;
}

/* The lookup: key's count in the chain from *head, 0 when absent.  The
 * caller holds the bucket's lock (or owns it). */
static __device__ __forceinline__ unsigned int lookup(const unsigned int *head, const uint4 *nodes, unsigned int key)
{
    for (unsigned int idx = *head; idx; idx = nodes[idx - 1u].z)
        if (nodes[idx - 1u].x == key)
            return nodes[idx - 1u].y;
    return 0u;
}

/* A hashtable server's chains between global memory (node indices into the
 * whole pool) and its shared memory (indices into its own part, from
 * `base`): in before serving, out after. */
static __device__ void chains_copy(const srv_args &a, unsigned int *heads, uint4 *nodes, unsigned int owned,
                                   unsigned int used, bool in)
{
    const unsigned int s = blockIdx.x, S = a.servers, base = s * a.pool_per_server;
    for (unsigned int k = threadIdx.x; k < owned; k += blockDim.x) {
        unsigned int *g = &a.heads[s + k * S];
        if (in)
            heads[k] = *g ? *g - base : 0u;
        else
            *g = heads[k] ? heads[k] + base : 0u;
    }
    for (unsigned int i = threadIdx.x; i < used; i += blockDim.x) {
        uint4 n = in ? a.nodes[base + i] : nodes[i];
        n.z = n.z ? (in ? n.z - base : n.z + base) : 0u;
        if (in)
            nodes[i] = n;
        else
            a.nodes[base + i] = n;
    }
}

static __device__ void client_hash_direct(const srv_args &a)
{
    for (unsigned long long j = client_id(a); j < a.total; j += client_threads(a)) {
        unsigned int key, look, t = 0u, answer = 0u;
        gs_srv_hash_op(j, a.keys, a.items, a.lookups, &key, &look);
        const unsigned int b = key % a.items;
        if (!lock_item(a, b, &t)) {
            count_timeout(a);
            return;
        }
        if (look)
            answer = lookup(&a.heads[b], a.nodes, key);
        else
            upsert(&a.heads[b], a.nodes, key, a.pool_top, 0u, GPU);
        unlock_item(a, b, t);
        if (look && a.verifying)
            a.log[j] = answer;
    }
}

/* Union-find: the root of x, following parents (final once set: a root's
 * parent changes once, to a smaller vertex) with relaxed loads.  A parent
 * above its vertex (a broken link; it could close a cycle) is counted in
 * *bad and ends the walk, so no walk is endless. */
static __device__ __forceinline__ unsigned int uf_find(const srv_args &a, unsigned int x)
{
    unsigned int p;
    while ((p = gs_ld_relaxed(&a.parent[x], GPU)) != x) {
        if (p > x) {
            gs_red_add_relaxed(a.bad, 1u, GPU);
            return x;
        }
        x = p;
    }
    return x;
}

/* Each edge: find both roots; link the larger under the smaller in a
 * critical section on it (a lock, a CAS, or, in the twin, neither); when
 * it is no longer a root, go on from its parent. */
static __device__ void client_uf_direct(const srv_args &a)
{
    for (unsigned long long j = client_id(a); j < a.total; j += client_threads(a)) {
        unsigned int x = a.edges[j].x, y = a.edges[j].y;
        for (;;) {
            x = uf_find(a, x), y = uf_find(a, y);
            if (x == y)
                break;
            const unsigned int hi = x > y ? x : y, lo = x > y ? y : x;
            unsigned int seen, t = 0u;
            if (a.way == GS_SRV_ATOMIC)
                seen = gs_atom_cas_relaxed(&a.parent[hi], hi, lo, GPU);
            else if (a.way == GS_SRV_NOLOCK) { /* check, then write: another may link hi in between */
                if ((seen = gs_ld_relaxed(&a.parent[hi], GPU)) == hi) {
                    gs_nanosleep(100u);
                    gs_st_relaxed(&a.parent[hi], lo, GPU);
                }
            } else {
                if (!lock_item(a, hi, &t)) {
                    count_timeout(a);
                    return;
                }
                if ((seen = gs_ld_relaxed(&a.parent[hi], GPU)) == hi)
                    gs_st_relaxed(&a.parent[hi], lo, GPU);
                unlock_item(a, hi, t);
            }
            if (seen == hi)
                break;
            x = seen, y = lo; /* hi was linked meanwhile: on from its parent */
        }
    }
}

/* ---- clients of the servers ---- */
/* Slot p of sender g's message i (the server checks each). */
static __device__ __forceinline__ uint4 queue_part(unsigned int g, unsigned int i, unsigned int p)
{
    return make_uint4(g, i, p, g ^ i ^ (p * 0x9e3779b9u));
}

/* The queue benchmark's sends of sender g's message i: one thread's, the
 * twin's (its a.msg_slots valid bits set before its slots are stored), or
 * the warp's. */
static __device__ __forceinline__ bool send_raw(const srv_args &a, unsigned int dest, unsigned int g, unsigned int i,
                                                unsigned long long *copies)
{
    const gs_msgq_t q = gs_msgq_at(a.queues, dest, a.capacity);
    if (a.way == GS_SRV_BASIC)
        return gs_msg_send(q, queue_part(g, i, 0u), &copies[dest]);
    if (a.way == GS_SRV_BROKEN) {
        const unsigned int K = a.msg_slots;
        const unsigned long long k = gs_atom_add_relaxed_u64(q.write, K, GPU);
        const unsigned int s = (unsigned int)k & (q.capacity - 1u);
        if (!gs__msgq_room(q, k + (K - 1u), &copies[dest]))
            return false;
        (void)gs_atom_or_release(&q.valid[s / 32u], (K == 32u ? ~0u : (1u << K) - 1u) << (s % 32u), GPU);
        gs_nanosleep(200u);
        for (unsigned int p = 0; p < K; ++p)
            q.slots[s + p] = queue_part(g, i, p);
        return true;
    }
    return gs_msg_send_warp(a.queues, a.capacity, true, dest, queue_part(g, i, 0u), &copies[dest]);
}

/* Messages of K slots, warp-aggregated.  (The queue's clients leave their
 * loops warp by warp: the warp sends are warp-collective.) */
template <unsigned int K>
static __device__ void client_queue_k(const srv_args &a, const gs_server_t &srv)
{
    const unsigned int g = client_id(a);
    for (unsigned int i = 0; i < a.total; ++i) {
        const unsigned int dest = gs_srv_queue_dest(g, i, a.servers, a.dest_warp);
        uint4 m[K];
        for (unsigned int p = 0; p < K; ++p)
            m[p] = queue_part(g, i, p);
        if (__any_sync(~0u, !gs_msg_send_warp_k<K>(a.queues, a.capacity, true, dest, m, &srv.copies[dest]))) {
            count_timeout(a);
            break;
        }
    }
    gs_server_client_done(srv);
}

static __device__ void client_queue(const srv_args &a, const gs_server_t &srv)
{
    if (a.msg_slots > 1u && a.way != GS_SRV_BROKEN) { /* server, serverLF */
        switch (a.msg_slots) {
        case 2u: client_queue_k<2u>(a, srv); return;
        case 4u: client_queue_k<4u>(a, srv); return;
        case 8u: client_queue_k<8u>(a, srv); return;
        case 16u: client_queue_k<16u>(a, srv); return;
        default: client_queue_k<32u>(a, srv); return;
        }
    }
    const unsigned int g = client_id(a);
    for (unsigned int i = 0; i < a.total; ++i) {
        const unsigned int dest = gs_srv_queue_dest(g, i, a.servers, a.dest_warp);
        if (__any_sync(~0u, !send_raw(a, dest, g, i, srv.copies))) {
            count_timeout(a);
            break;
        }
    }
    gs_server_client_done(srv);
}

/* The twin brokenHeldSend: a warp-collective send that stores each lane's
 * message once its slots have room but publishes the warp's messages only
 * after every lane of the warp has room.  A stored message then waits on
 * other queues: two warps whose lanes send to the same two queues can each
 * hold the hole at the head of one queue while waiting for room in the
 * other, and neither queue moves (gsync's send before its fix). */
template <unsigned int K>
static __device__ bool send_held_k(void *base, unsigned int capacity, bool have, unsigned int dest, const uint4 (&m)[K],
                                   unsigned long long *cached)
{
    const unsigned int lane = threadIdx.x % 32u;
    const gs_msgq_t q = gs_msgq_at(base, dest, capacity);
    const unsigned int peers = __match_any_sync(~0u, have ? (unsigned long long)dest : 1ull << 32);
    const unsigned int leader = __ffs(peers) - 1u;
    unsigned long long k = 0ull;
    if (have && lane == leader)
        k = gs_atom_add_relaxed_u64(q.write, K * __popc(peers), GPU);
    k = __shfl_sync(~0u, k, leader) + K * __popc(peers & ((1u << lane) - 1u));
    const bool ok = !have || gs__msgq_room(q, k + (K - 1u), cached); /* each lane waits for its own room */
    const unsigned int s = (unsigned int)k & (capacity - 1u);
    if (have && ok)
        for (unsigned int p = 0; p < K; ++p)
            q.slots[s + p] = m[p];
    __syncwarp(); /* every lane has room: only now is anything published */
    const unsigned int same = __match_any_sync(~0u, have ? ((unsigned long long)dest << 32) | (s / 32u) : ~0ull);
    const unsigned int mine = (K == 32u ? ~0u : (1u << K) - 1u) << (s % 32u);
    const unsigned int bits = __reduce_or_sync(same, have && ok ? mine : 0u);
    if (lane == __ffs(same) - 1u && bits)
        (void)gs_atom_or_release(&q.valid[s / 32u], bits, GPU);
    return ok;
}

/* Stress, a user's program: every step each lane that is not idle sends a
 * K-slot message to its own random item's server (an increment, or a ping
 * that the server answers); after a step with pings the block collects its
 * answers and each lane checks its own. */
template <unsigned int K>
static __device__ void client_stress_k(const srv_args &a, const gs_server_t &srv, unsigned int *answers)
{
    const unsigned int g = client_id(a);
    unsigned long long head = gs_server_head(srv);
    bool stuck = false;
    for (unsigned int i = 0; i < a.total && !stuck; ++i) {
        unsigned int have, item, v, ping;
        gs_srv_stress_op(g, i, a.items, a.skewed, a.ping_pct, a.idle_pct, &have, &item, &v, &ping);
        const unsigned int dest = gs_server_owner(srv, item);
        uint4 m[K];
        m[0] = make_uint4(item, v | ping << 16, g, i);
        for (unsigned int p = 1; p < K; ++p)
            m[p] = queue_part(g, i, p);
        const bool sent = a.way == GS_SRV_HELD
                              ? send_held_k<K>(srv.queues, srv.capacity, have != 0u, dest, m, &srv.copies[dest])
                              : gs_msg_send_warp_k<K>(srv.queues, srv.capacity, have != 0u, dest, m,
                                                      &srv.copies[dest]);
        stuck = !sent;
        answers[threadIdx.x] = ~0u;
        const unsigned int expect = __syncthreads_count(have && ping);
        if (expect && !gs_server_collect(srv, expect, &head, stuck,
                                         [&](const uint4 &r, unsigned int) { answers[r.x % blockDim.x] = r.y; })) {
            stuck = true;
            break;
        }
        stuck = __syncthreads_or(stuck) != 0;
        if (have && ping && answers[threadIdx.x] != gs_srv_stress_answer(g, i, item))
            gs_red_add_relaxed(a.bad, 1u, GPU); /* a wrong answer, or none */
    }
    if (stuck && threadIdx.x == 0)
        count_timeout(a);
    gs_server_client_done(srv);
}

static __device__ void client_stress(const srv_args &a, const gs_server_t &srv, unsigned int *answers)
{
    switch (a.msg_slots) {
    case 1u: client_stress_k<1u>(a, srv, answers); return;
    case 2u: client_stress_k<2u>(a, srv, answers); return;
    case 4u: client_stress_k<4u>(a, srv, answers); return;
    case 8u: client_stress_k<8u>(a, srv, answers); return;
    case 16u: client_stress_k<16u>(a, srv, answers); return;
    default: client_stress_k<32u>(a, srv, answers); return;
    }
}

/* serverCombine's merge of two counter updates to one bin: sums and counts add. */
struct add_counts {
    __device__ uint4 operator()(uint4 a, uint4 b) const { return make_uint4(a.x, a.y + b.y, a.z + b.z, 0u); }
};

/* The clients without answers step through their operations together, a
 * grid's worth a step, so that every lane reaches each warp-collective send. */
static __device__ void client_counters_server(const srv_args &a, const gs_server_t &srv)
{
    for (unsigned long long base = 0; base < a.total; base += client_threads(a)) {
        const unsigned long long j = base + client_id(a);
        unsigned int bin = 0u, v = 0u;
        if (j < a.total)
            gs_srv_counter_op(j, a.items, a.skewed, &bin, &v);
        const uint4 m = make_uint4(bin, v, 1u, 0u); /* bin, sum, count */
        const bool sent = a.way == GS_SRV_COMBINE ? gs_server_send_combined(srv, j < a.total, bin, m, add_counts())
                                                  : gs_server_send(srv, j < a.total, bin, m);
        if (__any_sync(~0u, !sent)) {
            count_timeout(a);
            break;
        }
    }
    gs_server_client_done(srv);
}

static __device__ void client_hash_server(const srv_args &a, const gs_server_t &srv)
{
    for (unsigned long long base = 0; base < a.total; base += client_threads(a)) {
        const unsigned long long j = base + client_id(a);
        const unsigned int key = j < a.total ? gs_srv_hash_key(j, a.keys) : 0u; /* to its bucket's server */
        if (__any_sync(~0u, !gs_server_send(srv, j < a.total, key % a.items, make_uint4(key, 0u, 0u, 0u)))) {
            count_timeout(a);
            break;
        }
    }
    gs_server_client_done(srv);
}

/* One round of a client block's requests: each thread with `send` sends m
 * to item id's server, those that are `answered` expect an answer each
 * (answers[their thread] once the round is over).  Returns how many were
 * answered, or -1 when the watchdog ended a wait (here or, `stuck`, before). */
static __device__ int ask_round(const gs_server_t &srv, bool send, unsigned int id, uint4 m, bool answered,
                                unsigned long long *head, unsigned int *answers, bool stuck)
{
    stuck = !gs_server_send(srv, send, id, m) || stuck; /* every thread: warp-collective */
    const unsigned int expect = __syncthreads_count(send && answered);
    if (!gs_server_collect(srv, expect, head, stuck,
                           [&](const uint4 &r, unsigned int) { answers[r.x & 1023u] = r.y; }))
        return -1;
    return (int)expect;
}

/* Hashtable with lookups, in rounds: every thread with an operation left
 * sends it; the block collects the answers to its lookups.  The twin
 * brokenEarlyRead takes its answer before the round has collected it. */
static __device__ void client_hash_rounds(const srv_args &a, const gs_server_t &srv, unsigned int *answers)
{
    unsigned long long head = gs_server_head(srv);
    bool quit = false;
    answers[threadIdx.x] = ~0u; /* no count is ~0; each thread its own, before the first round's barrier */
    for (unsigned long long base = 0; base < a.total && !quit; base += client_threads(a)) {
        const unsigned long long j = base + client_id(a);
        const bool have = j < a.total;
        unsigned int key = 0u, look = 0u;
        if (have)
            gs_srv_hash_op(j, a.keys, a.items, a.lookups, &key, &look);
        const unsigned int early = a.way == GS_SRV_EARLY_READ ? answers[threadIdx.x] : 0u; /* last round's, or ~0 */
        const uint4 m = make_uint4(key, look, blockIdx.x << 10 | threadIdx.x, 0u);
        if ((quit = ask_round(srv, have, key % a.items, m, look, &head, answers, false) < 0))
            break;
        if (have && look && a.verifying)
            a.log[j] = a.way == GS_SRV_EARLY_READ ? early : answers[threadIdx.x];
    }
    if (quit && threadIdx.x == 0)
        count_timeout(a);
    gs_server_client_done(srv);
}

/* Union-find through the servers, in rounds: every thread with an edge left
 * finds both roots and asks the larger's server to link it under the
 * smaller; the answer is done, or the root's parent now (go on from it).
 * Each retry lowers the larger root, so more retries than vertices mean a
 * wrong answer: counted in bad[2], and the edge dropped. */
static __device__ void client_uf_server(const srv_args &a, const gs_server_t &srv, unsigned int *answers)
{
    unsigned long long head = gs_server_head(srv);
    bool quit = false;
    for (unsigned long long base = 0; base < a.total && !quit; base += client_threads(a)) {
        const unsigned long long j = base + client_id(a);
        bool pending = j < a.total;
        unsigned int x = pending ? a.edges[j].x : 0u, y = pending ? a.edges[j].y : 0u, tries = 0u;
        for (;;) {
            unsigned int hi = 0u, lo = 0u;
            if (pending && ++tries > a.items) {
                gs_red_add_relaxed(&a.bad[2], 1u, GPU);
                pending = false;
            }
            if (pending) {
                x = uf_find(a, x), y = uf_find(a, y);
                hi = x > y ? x : y, lo = x > y ? y : x;
                pending = x != y;
            }
            const int got = ask_round(srv, pending, hi, make_uint4(hi, lo, blockIdx.x << 10 | threadIdx.x, 0u), true,
                                      &head, answers, false);
            if ((quit = got < 0) || got == 0)
                break;
            if (pending) {
                x = answers[threadIdx.x], y = lo;
                pending = x != ~0u;
            }
        }
    }
    if (quit && threadIdx.x == 0)
        count_timeout(a);
    gs_server_client_done(srv);
}

/* Rounds: every thread with an operation left asks for its withdrawal, the
 * block collects as many answers from its own queue, then the granted ones
 * send their deposits. */
static __device__ void client_transfers_server(const srv_args &a, const gs_server_t &srv, unsigned int *granted)
{
    unsigned long long head = gs_server_head(srv);
    bool quit = false, stuck = false;
    for (unsigned long long base = 0; base < a.total && !quit; base += client_threads(a)) {
        const unsigned long long j = base + client_id(a);
        const bool have = j < a.total;
        unsigned int x = 0u, y = 0u, amount = 0u;
        if (have)
            gs_srv_transfer_op(j, a.items, &x, &y, &amount);
        const uint4 m = make_uint4(MSG_W, x, amount, blockIdx.x << 10 | threadIdx.x);
        if ((quit = ask_round(srv, have, x, m, true, &head, granted, stuck) < 0))
            break;
        const unsigned int ok = have ? granted[threadIdx.x] : 0u;
        if (!gs_server_send(srv, ok != 0u, y, make_uint4(MSG_D, y, amount, 0u)))
            stuck = true; /* the next round's collect sees it */
        if (have && a.verifying)
            a.log[j] = ok;
    }
    quit = __syncthreads_or(stuck || quit) != 0;
    if (quit && threadIdx.x == 0)
        count_timeout(a);
    gs_server_client_done(srv);
}

/* ---- servers ---- */
static __device__ void server(const srv_args &a, const gs_server_t &srv, unsigned char *slice)
{
    const unsigned int s = blockIdx.x, S = a.servers;
    const unsigned int owned = a.items > s ? (a.items - s + S - 1u) / S : 0u; /* items s, s + S, ... */
    unsigned long long *bins = (unsigned long long *)slice;
    unsigned int *bal = (unsigned int *)slice;
    __shared__ unsigned int top; /* hashtable: this server's nodes taken */
    /* hashtable with chains_smem: after the locks, its buckets' heads, then its part of the pool */
    unsigned int *sheads = bal + ((a.nlocks + 3u) & ~3u);
    uint4 *snodes = (uint4 *)(sheads + ((owned + 3u) & ~3u));
    if (a.workload == GS_SRV_HASHTABLE) {
        for (unsigned int k = threadIdx.x; k < a.nlocks; k += blockDim.x)
            bal[k] = 0u; /* the bucket locks */
        if (threadIdx.x == 0)
            top = a.srv_top[s]; /* after the preloaded keys */
        if (a.chains_smem)
            chains_copy(a, sheads, snodes, owned, a.srv_top[s], true);
        __syncthreads();
    } else if (a.slice_smem) { /* counters, transfers, unionfind: bins, balances or parents */
        for (unsigned int k = threadIdx.x; k < owned; k += blockDim.x) {
            if (a.workload == GS_SRV_COUNTERS)
                bins[k] = a.bins[s + k * S];
            else
                bal[k] = a.balances[s + k * S];
        }
        __syncthreads();
    }
    auto handler = [&](const uint4 &m, unsigned long long index) {
        if (a.workload == GS_SRV_QUEUE) { /* slot p of a message at its place, untorn; the first logged */
            const unsigned int p = (unsigned int)(index % a.msg_slots);
            const uint4 first = gs_msgq_at(a.queues, s, a.capacity).slots[(index - p) & (a.capacity - 1u)];
            if (m.z != p || m.w != (m.x ^ m.y ^ (p * 0x9e3779b9u)) || first.x != m.x || first.y != m.y)
                gs_red_add_relaxed(a.bad, 1u, GPU); /* its message's first slot is still held: one message */
            if (a.verifying && p == 0u) {
                unsigned int *e = a.log + 2ull * ((size_t)s * a.log_stride + (index - a.start) / a.msg_slots);
                e[0] = m.x;
                e[1] = m.y;
            }
        } else if (a.workload == GS_SRV_HASHTABLE) { /* a shared-memory lock a bucket (hashed when many) */
            const unsigned int b = m.x % a.items, lane = threadIdx.x % 32u, li = (b / S) % a.nlocks;
            unsigned int *lk = &bal[li], answer = 0u;
            unsigned int *head = a.chains_smem ? &sheads[b / S] : &a.heads[b];
            uint4 *nodes = a.chains_smem ? snodes : a.nodes;
            bool stuck = false;
            /* the lanes here now (a coalesced group) with the same lock take turns, so that none spins
             * on a lock a lane of its own warp holds; lanes with other locks go on at once */
            const unsigned int peers = __match_any_sync(__activemask(), li);
            for (unsigned int rest = peers; rest; rest &= rest - 1u, __syncwarp(peers)) {
                if (__ffs(rest) - 1u != lane)
                    continue;
                gs_wait_t lw = GS_WAIT_INIT;
                while (!stuck && gs_atom_cas_acquire(lk, 0u, 1u, CTA) != 0u)
                    stuck = gs_wait_spin(&lw);
                if (stuck)
                    continue;
                if (m.y)
                    answer = lookup(head, nodes, m.x);
                else
                    upsert(head, nodes, m.x, &top, a.chains_smem ? 0u : s * a.pool_per_server, CTA);
                gs_st_release(lk, 0u, CTA);
            }
            if (stuck)
                count_timeout(a);
            else if (m.y && !gs_server_reply(srv, m.z >> 10, make_uint4(m.z & 1023u, answer, 0u, 0u)))
                count_timeout(a);
        } else if (a.workload == GS_SRV_UNIONFIND) { /* link root hi under lo if it still is one */
            unsigned int seen;
            if (m.x >= a.items || m.y >= m.x || (m.z >> 10) < S || (m.z >> 10) >= gridDim.x) {
                gs_red_add_relaxed(&a.bad[1], 1u, GPU); /* not a request any client sent: unanswerable */
                return;
            }
            if (a.slice_smem) { /* the authoritative parents in shared memory, mirrored for the finds */
                if ((seen = atomicCAS(&bal[m.x / S], m.x, m.y)) == m.x)
                    gs_st_relaxed(&a.parent[m.x], m.y, GPU);
            } else
                seen = gs_atom_cas_relaxed(&a.parent[m.x], m.x, m.y, GPU);
            if (!gs_server_reply(srv, m.z >> 10, make_uint4(m.z & 1023u, seen == m.x ? ~0u : seen, 0u, 0u)))
                count_timeout(a);
        } else if (a.workload == GS_SRV_STRESS) { /* slot p untorn; the first: its item, its log, its answer */
            const unsigned int p = (unsigned int)(index % a.msg_slots), senders = clients(a) * blockDim.x;
            if (p) {
                const uint4 first = gs_msgq_at(a.queues, s, a.capacity).slots[(index - p) & (a.capacity - 1u)];
                const uint4 want = queue_part(first.z, first.w, p);
                if (m.x != want.x || m.y != want.y || m.z != want.z || m.w != want.w)
                    gs_red_add_relaxed(a.bad, 1u, GPU);
                return;
            }
            if (m.x >= a.items || m.x % S != s || m.z >= senders || m.w >= a.total) {
                gs_red_add_relaxed(a.bad, 1u, GPU); /* not a message any client sent */
                return;
            }
            cuda::atomic_ref<unsigned long long, cuda::thread_scope_block>(a.bins[m.x])
                .fetch_add((1ull << 32) + (m.y & 0xffffu), cuda::memory_order_relaxed);
            if (atomicExch(&a.log[(size_t)m.z * a.total + m.w], (unsigned int)(index - a.start)) != ~0u)
                gs_red_add_relaxed(a.bad, 1u, GPU); /* received twice */
            if ((m.y >> 16) && !gs_server_reply(srv, S + m.z / blockDim.x,
                                                make_uint4(m.z % blockDim.x, gs_srv_stress_answer(m.z, m.w, m.x),
                                                           0u, 0u)))
                count_timeout(a);
        } else if (a.workload == GS_SRV_COUNTERS) {
            unsigned long long *b = a.slice_smem ? &bins[m.x / S] : &a.bins[m.x];
            cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(*b).fetch_add(
                ((unsigned long long)m.z << 32) + m.y, cuda::memory_order_relaxed);
        } else { /* transfers */
            unsigned int *b = a.slice_smem ? &bal[m.y / S] : &a.balances[m.y];
            if (m.x == MSG_D) {
                (void)atomicAdd(b, m.z); /* relaxed: the block's own item */
                return;
            }
            unsigned int old = gs_ld_relaxed(b, GPU), ok = 0u; /* a CAS loop: withdraw if it holds enough */
            while (old >= m.z) {
                const unsigned int seen = atomicCAS(b, old, old - m.z);
                if (seen == old) {
                    ok = 1u;
                    break;
                }
                old = seen;
            }
            if (!gs_server_reply(srv, m.w >> 10, make_uint4(m.w & 1023u, ok, 0u, 0u)))
                count_timeout(a);
        }
    };
    const unsigned long long handled =
        a.way == GS_SRV_LF ? gs_server_serve_lf(srv, handler) : gs_server_serve(srv, handler);
    const unsigned int per = a.workload == GS_SRV_QUEUE || a.workload == GS_SRV_STRESS ? a.msg_slots : 1u;
    if (handled == GS_SERVER_STUCK && threadIdx.x == 0)
        count_timeout(a);
    if (threadIdx.x == 0)
        a.counts[s] = handled == GS_SERVER_STUCK ? ~0u : (unsigned int)(handled / per);
    if (a.workload == GS_SRV_HASHTABLE && a.chains_smem) {
        __syncthreads();
        chains_copy(a, sheads, snodes, owned, top, false);
    } else if (a.slice_smem && a.workload != GS_SRV_HASHTABLE) {
        __syncthreads();
        for (unsigned int k = threadIdx.x; k < owned; k += blockDim.x) {
            if (a.workload == GS_SRV_COUNTERS)
                a.bins[s + k * S] = bins[k];
            else
                a.balances[s + k * S] = bal[k];
        }
    }
}

/* ---- one round trip, repeated: block 0 asks, block 1 answers ---- */
static __device__ void pingpong(const srv_args &a, unsigned long long *cache)
{
    const unsigned int me = blockIdx.x, other = 1u - me;
    const gs_msgq_t mine = gs_msgq_at(a.queues, me, a.capacity), theirs = gs_msgq_at(a.queues, other, a.capacity);
    unsigned long long head = gs_msg_head(mine);
    for (unsigned int i = 0; i < a.total; ++i) {
        bool stuck = false;
        if (me == 0u && threadIdx.x == 0)
            stuck = !gs_msg_send(theirs, make_uint4(i, 0u, 0u, 0u), &cache[other]);
        stuck = __syncthreads_or(stuck) != 0; /* the whole block leaves together */
        gs_wait_t w = GS_WAIT_INIT;
        unsigned int n;
        while ((n = gs_msg_peek(mine, head)) == 0u && !stuck)
            stuck = __syncthreads_or(threadIdx.x == 0 && gs_wait_spin(&w)) != 0;
        if (stuck) {
            if (threadIdx.x == 0)
                count_timeout(a);
            return;
        }
        const uint4 m = mine.slots[head & (a.capacity - 1u)];
        if (threadIdx.x == 0 && m.x != i)
            gs_red_add_relaxed(&a.counts[0], 1u, GPU); /* a reply out of turn */
        head = gs_msg_free(mine, head, n);
        if (me == 1u && threadIdx.x == 0 && !gs_msg_send(theirs, make_uint4(i, 1u, 0u, 0u), &cache[other]))
            count_timeout(a);
    }
}

extern __shared__ unsigned long long srv_dyn[]; /* the read-index copies (a queue each, 32 at a time), then the slice */

static __global__ void srv_kernel(srv_args a)
{
    __shared__ unsigned int granted[1024]; /* answers to this block's threads */
    const gs_server_t srv = {a.queues, a.capacity, a.servers, a.done, srv_dyn};
    unsigned char *slice = (unsigned char *)(srv_dyn + ((gridDim.x + 31u) & ~31u));
    gs_server_init(srv);
    if (a.workload == GS_SRV_PINGPONG) {
        pingpong(a, srv.copies);
        return;
    }
    if (gs_server_is_server(srv)) {
        server(a, srv, slice);
        return;
    }
    if (a.way == GS_SRV_SPIN || a.way == GS_SRV_TICKET || a.way == GS_SRV_TRY || a.way == GS_SRV_ATOMIC ||
        a.way == GS_SRV_NOLOCK) {
        if (a.workload == GS_SRV_COUNTERS)
            client_counters_direct(a);
        else if (a.workload == GS_SRV_HASHTABLE)
            client_hash_direct(a);
        else if (a.workload == GS_SRV_UNIONFIND)
            client_uf_direct(a);
        else
            client_transfers_direct(a);
    } else if (a.workload == GS_SRV_HASHTABLE && a.lookups)
        client_hash_rounds(a, srv, granted);
    else if (a.workload == GS_SRV_HASHTABLE)
        client_hash_server(a, srv);
    else if (a.workload == GS_SRV_UNIONFIND)
        client_uf_server(a, srv, granted);
    else if (a.workload == GS_SRV_QUEUE)
        client_queue(a, srv);
    else if (a.workload == GS_SRV_COUNTERS)
        client_counters_server(a, srv);
    else
        client_transfers_server(a, srv, granted);
}

/* Stress in a kernel of its own, for blocks of up to 1024 threads. */
static __global__ void __launch_bounds__(1024) srv_stress_kernel(srv_args a)
{
    __shared__ unsigned int answers[1024];
    const gs_server_t srv = {a.queues, a.capacity, a.servers, a.done, srv_dyn};
    gs_server_init(srv);
    if (gs_server_is_server(srv))
        server(a, srv, (unsigned char *)(srv_dyn + ((gridDim.x + 31u) & ~31u)));
    else
        client_stress(a, srv, answers);
}

static const void *kernel_of(unsigned int workload)
{
    return workload == GS_SRV_STRESS ? (const void *)srv_stress_kernel : (const void *)srv_kernel;
}

static __global__ void srv_init(srv_args a)
{
    gs_watchdog_arm(a.wd, a.timeout_ns);
}

/* Before the timed launch, a thread a bucket: the preloaded keys (the odd
 * groups) into its chain, from its server's pool or the shared one. */
static __global__ void srv_preload(srv_args a)
{
    const unsigned int groups = a.keys / a.items;
    for (unsigned int b = blockIdx.x * blockDim.x + threadIdx.x; b < a.items; b += gridDim.x * blockDim.x)
        for (unsigned int g = 1u; g < groups; g += 2u) {
            const unsigned int key = g * a.items + b;
            const unsigned int n = a.servers ? (b % a.servers) * a.pool_per_server + atomicAdd(&a.srv_top[b % a.servers], 1u)
                                             : atomicAdd(a.pool_top, 1u);
            a.nodes[n] = make_uint4(key, gs_srv_hash_preload(key), a.heads[b], 0u);
            a.heads[b] = n + 1u;
        }
}

/* --wrap: every queue's write and read indices at a.start (queues zeroed:
 * the valid bits clear, the slots empty). */
static __global__ void srv_queue_start(srv_args a, unsigned int queues)
{
    for (unsigned int r = blockIdx.x * blockDim.x + threadIdx.x; r < queues; r += gridDim.x * blockDim.x) {
        const gs_msgq_t q = gs_msgq_at(a.queues, r, a.capacity);
        *q.write = a.start;
        *q.read = a.start;
    }
}

/* Every vertex its own root. */
static __global__ void srv_roots(srv_args a)
{
    for (unsigned int v = blockIdx.x * blockDim.x + threadIdx.x; v < a.items; v += gridDim.x * blockDim.x)
        a.parent[v] = v;
}

/* ---- the host's side ---- */
/* Dynamic shared memory a block may ask for: SRV_SMEM_MAX, or the device's
 * opt-in limit less the kernel's static shared memory.  0 on an error. */
static size_t smem_limit(const void *kernel)
{
    cudaFuncAttributes fa;
    int dev = 0, optin = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) != cudaSuccess ||
        cudaFuncGetAttributes(&fa, kernel) != cudaSuccess || (size_t)optin <= fa.sharedSizeBytes)
        return 0;
    const size_t room = (size_t)optin - fa.sharedSizeBytes;
    return room < SRV_SMEM_MAX ? room : SRV_SMEM_MAX;
}

/* A hashtable server's shared memory: its bucket locks, then (when its
 * chains are there) its buckets' heads and its part of the node pool. */
static size_t hash_bytes(const gs_srv_launch *l, unsigned int nlocks, unsigned int chains)
{
    const size_t owned = (l->items + l->servers - 1u) / l->servers;
    return 4u * ((nlocks + 3u) & ~3u) +
           (chains ? 4u * ((owned + 3u) & ~3u) + 16ull * gs_srv_hash_pool(l->keys, l->items, l->servers) : 0u);
}

static size_t shared_bytes(const gs_srv_launch *l, unsigned int nlocks, unsigned int *slice_smem,
                           unsigned int *chains_smem)
{
    const size_t cache = gs_msgq_copies_bytes((l->blocks + 31u) & ~31u);
    size_t slice = 0;
    *slice_smem = *chains_smem = 0u;
    if (l->servers && l->workload == GS_SRV_HASHTABLE) { /* its bucket locks, its chains when they fit */
        *slice_smem = 1u;
        *chains_smem = cache + hash_bytes(l, nlocks, 1u) <= smem_limit(kernel_of(l->workload));
        return cache + hash_bytes(l, nlocks, *chains_smem);
    }
    if (l->servers &&
        (l->workload == GS_SRV_COUNTERS || l->workload == GS_SRV_TRANSFERS || l->workload == GS_SRV_UNIONFIND)) {
        const size_t owned = (l->items + l->servers - 1u) / l->servers;
        slice = owned * (l->workload == GS_SRV_COUNTERS ? 8u : 4u);
        if (cache + slice <= smem_limit(kernel_of(l->workload)))
            *slice_smem = 1u;
        else
            slice = 0;
    }
    return cache + slice;
}

/* Resident blocks a SM with the read-index copies of a grid of at most
 * `blocks` blocks and no slice. */
extern "C" int gs_server_gpu_per_sm(unsigned int workload, unsigned int threads, unsigned int blocks,
                                    unsigned int *per_sm)
{
    const void *kernel = kernel_of(workload);
    const size_t cache = gs_msgq_copies_bytes((blocks + 31u) & ~31u);
    cudaError_t e = cache <= smem_limit(kernel) ? cudaFuncSetAttribute(kernel,
                                                                 cudaFuncAttributeMaxDynamicSharedMemorySize, (int)cache)
                                          : cudaErrorInvalidValue;
    if (e != cudaSuccess)
        return (int)e;
    return (int)gs_blocks_per_sm(kernel, threads, cache, per_sm);
}

#define TRY(call)                          \
    do {                                   \
        if ((e = (call)) != cudaSuccess)   \
            goto out;                      \
    } while (0)

extern "C" int gs_server_gpu_run(gs_srv_launch *l, unsigned int *items, unsigned int *log, unsigned int *counts)
{
    srv_args a;
    const void *kernel = kernel_of(l->workload);
    uint2 *edges = NULL;
    cudaEvent_t t0 = NULL, t1 = NULL;
    cudaError_t e = cudaSuccess;
    unsigned int abort_flag = 0u, timeouts = 0u, bad[3] = {0u, 0u, 0u};
    if (l->workload == GS_SRV_PINGPONG)
        l->blocks = 2u;
    const size_t nqueues = l->workload == GS_SRV_PINGPONG || l->servers ? l->blocks : 0u;
    const size_t qbytes = nqueues ? gs_msgq_bytes(l->capacity) * nqueues : 0u;
    const unsigned int per_server = l->workload == GS_SRV_HASHTABLE ? gs_srv_hash_pool(l->keys, l->items, l->servers) : 0u;
    const size_t pool = l->servers ? (size_t)per_server * l->servers : l->keys;
    const size_t item_bytes = l->workload == GS_SRV_COUNTERS || l->workload == GS_SRV_STRESS ? 8ull * l->items
                              : l->workload == GS_SRV_HASHTABLE ? 4ull * ((l->items + 3u) & ~3u) + 16ull * pool
                                                                : 4ull * l->items;
    const size_t lock_bytes = (l->way == GS_SRV_TICKET ? sizeof(gs_mutex_ticket_t) : 4ull) * l->items;
    const size_t client_threads = (size_t)(l->blocks - l->servers) * l->threads;
    size_t log_words = 0;
    memset(&a, 0, sizeof a);
    a.workload = l->workload, a.way = l->way, a.servers = l->servers, a.items = l->items, a.total = l->total;
    a.capacity = l->capacity, a.skewed = l->skewed, a.verifying = (unsigned int)l->verifying;
    a.timeout_ns = l->timeout_ns;
    if (l->workload == GS_SRV_QUEUE) {
        a.log_stride = (unsigned int)((client_threads * l->total + l->servers - 1u) / l->servers + client_threads);
        log_words = l->verifying ? 2ull * a.log_stride * l->servers : 0u;
    } else if (l->workload == GS_SRV_TRANSFERS || (l->workload == GS_SRV_HASHTABLE && l->lookups))
        log_words = l->verifying ? l->total : 0u;
    else if (l->workload == GS_SRV_STRESS)
        log_words = client_threads * l->total; /* the arrival of each (sender, step): duplicates are caught */
    a.lookups = l->lookups, a.msg_slots = l->msg_slots ? l->msg_slots : 1u;
    a.dest_warp = l->dest_warp, a.ping_pct = l->ping_pct, a.idle_pct = l->idle_pct, a.start = l->start;
    a.nlocks = l->servers ? ((l->items + l->servers - 1u) / l->servers < SRV_HASH_LOCKS
                                 ? (l->items + l->servers - 1u) / l->servers
                                 : SRV_HASH_LOCKS)
                          : 0u;
    size_t smem = shared_bytes(l, a.nlocks, &a.slice_smem, &a.chains_smem);
    TRY(cudaMalloc(&a.queues, qbytes ? qbytes : 16u));
    TRY(cudaMemset(a.queues, 0, qbytes ? qbytes : 16u));
    TRY(cudaMalloc((void **)&a.bins, item_bytes ? item_bytes : 16u));
    a.balances = (unsigned int *)a.bins;
    a.parent = (unsigned int *)a.bins;
    a.heads = (unsigned int *)a.bins;
    a.nodes = (uint4 *)((char *)a.bins + 4ull * ((l->items + 3u) & ~3u));
    a.keys = l->keys, a.pool_per_server = per_server;
    if (l->workload == GS_SRV_TRANSFERS) {
        TRY(cudaMemcpy(a.balances, items, item_bytes, cudaMemcpyHostToDevice)); /* the initial balances */
    } else
        TRY(cudaMemset(a.bins, 0, item_bytes ? item_bytes : 16u));
    TRY(cudaMalloc((void **)&a.locks, lock_bytes ? lock_bytes : 16u));
    TRY(cudaMemset(a.locks, 0, lock_bytes ? lock_bytes : 16u));
    TRY(cudaMalloc((void **)&a.log, log_words ? 4u * log_words : 16u));
    if (log_words)
        TRY(cudaMemset(a.log, 0xff, 4u * log_words));
    TRY(cudaMalloc((void **)&a.counts, 4u * (2u * l->blocks + 8u)));
    TRY(cudaMemset(a.counts, 0, 4u * (2u * l->blocks + 8u)));
    a.done = a.counts + l->blocks;
    a.timeouts = a.counts + l->blocks + 1u;
    a.pool_top = a.counts + l->blocks + 2u;
    a.bad = a.counts + l->blocks + 3u;
    a.srv_top = a.counts + l->blocks + 8u;
    if (l->workload == GS_SRV_UNIONFIND) {
        TRY(cudaMalloc((void **)&edges, 8u * (size_t)l->total));
        TRY(cudaMemcpy(edges, l->edges, 8u * (size_t)l->total, cudaMemcpyHostToDevice));
        a.edges = edges;
    }
    TRY(cudaMalloc((void **)&a.wd, sizeof(gs_watchdog_t)));
    if (smem > smem_limit(kernel))
        TRY(cudaErrorInvalidValue);
    /* the attribute exactly what the launch asks: a larger one can cost occupancy */
    TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    if (a.slice_smem) { /* the slices in shared memory only if the whole grid still fits */
        int per_sm = 0, dev = 0, sms = 0;
        const size_t cache = gs_msgq_copies_bytes((l->blocks + 31u) & ~31u);
        TRY(cudaGetDevice(&dev));
        TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
        for (;;) {
            TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, (int)l->threads,
                                                              smem));
            if ((unsigned long long)per_sm * (unsigned int)sms >= l->blocks)
                break;
            /* (smem only shrinks from here; the attribute stays large enough) */
            if (l->workload == GS_SRV_HASHTABLE) { /* the chains in global memory, then fewer bucket locks */
                if (a.chains_smem)
                    a.chains_smem = 0u;
                else if (a.nlocks <= 32u)
                    break; /* the cooperative launch says what does not fit */
                else
                    a.nlocks /= 2u; /* hashed; 32 at least */
                smem = cache + hash_bytes(l, a.nlocks, a.chains_smem);
                continue;
            }
            a.slice_smem = 0u; /* counters, transfers, unionfind: the items in global memory */
            smem = cache;
            break;
        }
    }
    l->slice_smem = a.slice_smem, l->chains_smem = a.chains_smem;
    TRY(cudaEventCreate(&t0));
    TRY(cudaEventCreate(&t1));
    srv_init<<<1, 1>>>(a);
    TRY(cudaGetLastError());
    if (a.start && nqueues) {
        srv_queue_start<<<(unsigned int)(nqueues + 255u) / 256u, 256>>>(a, (unsigned int)nqueues);
        TRY(cudaGetLastError());
    }
    if (l->workload == GS_SRV_HASHTABLE && l->lookups && l->keys / l->items >= 2u) {
        srv_preload<<<(l->items + 255u) / 256u, 256>>>(a);
        TRY(cudaGetLastError());
    } else if (l->workload == GS_SRV_UNIONFIND) {
        srv_roots<<<(l->items + 255u) / 256u, 256>>>(a);
        TRY(cudaGetLastError());
    }
    {
        void *args[] = {&a};
        TRY(cudaEventRecord(t0, 0));
        TRY(cudaLaunchCooperativeKernel(kernel, dim3(l->blocks), dim3(l->threads), args, smem, 0));
        TRY(cudaEventRecord(t1, 0));
    }
    TRY(gs_wait_launch(t1, GS_WAIT_LAUNCH_LIMIT_S(l->timeout_ns)));
    TRY(cudaGetLastError());
    TRY(cudaEventElapsedTime(&l->ms, t0, t1));
    TRY(cudaMemcpy(&abort_flag, &a.wd->abort, 4u, cudaMemcpyDeviceToHost));
    TRY(cudaMemcpy(&timeouts, a.timeouts, 4u, cudaMemcpyDeviceToHost));
    TRY(cudaMemcpy(bad, a.bad, sizeof bad, cudaMemcpyDeviceToHost));
    l->misplaced = bad[0] + bad[1] + bad[2];
    memcpy(l->broken, bad, sizeof bad);
    l->timed_out = abort_flag != 0u || timeouts != 0u;
    if (items && l->workload != GS_SRV_QUEUE && l->workload != GS_SRV_PINGPONG)
        TRY(cudaMemcpy(items, a.bins, item_bytes, cudaMemcpyDeviceToHost));
    if (log && log_words)
        TRY(cudaMemcpy(log, a.log, 4u * log_words, cudaMemcpyDeviceToHost));
    if (counts)
        TRY(cudaMemcpy(counts, a.counts, 4u * l->blocks, cudaMemcpyDeviceToHost));
    l->crossed = 0u;
    if (a.start && nqueues) { /* the queues whose indices went past 2^32 */
        unsigned long long *w = (unsigned long long *)malloc(8u * nqueues);
        if (!w)
            TRY(cudaErrorMemoryAllocation);
        e = cudaMemcpy2D(w, 8u, a.queues, (size_t)gs_msgq_bytes(l->capacity), 8u, nqueues, cudaMemcpyDeviceToHost);
        for (size_t r = 0; e == cudaSuccess && r < nqueues; ++r)
            l->crossed += w[r] > 0xffffffffull;
        free(w);
        TRY(e);
    }
out:
    cudaFree(a.queues);
    cudaFree(a.bins);
    cudaFree(a.locks);
    cudaFree(a.log);
    cudaFree(a.counts);
    cudaFree(edges);
    cudaFree(a.wd);
    if (t0)
        cudaEventDestroy(t0);
    if (t1)
        cudaEventDestroy(t1);
    return (int)e;
}
