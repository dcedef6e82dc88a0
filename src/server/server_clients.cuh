/* server_clients.cuh: the server benchmark's client roles (included by
 * server_kernels.cu only): each workload's clients with per-item locks or
 * atomics, and its clients of the servers through the library's sends,
 * rounds of answers and the queue benchmark's raw sends. */
#ifndef GSYNC_SERVER_CLIENTS_CUH
#define GSYNC_SERVER_CLIENTS_CUH

#include "server/server_args.cuh"

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

/* serverCombine's merge of two counter updates to one bin: sums and counts add; brokenCombine's
 * forgets the other lane's count. */
struct add_counts {
    __device__ uint4 operator()(uint4 a, uint4 b) const { return make_uint4(a.x, a.y + b.y, a.z + b.z, 0u); }
};
struct add_sums_only {
    __device__ uint4 operator()(uint4 a, uint4 b) const { return make_uint4(a.x, a.y + b.y, a.z, 0u); }
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
                          : a.way == GS_SRV_COMBINE_BROKEN
                              ? gs_server_send_combined(srv, j < a.total, bin, m, add_sums_only())
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

#endif
