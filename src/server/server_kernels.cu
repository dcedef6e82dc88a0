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
 * conditional withdrawal, a shared-memory lock a hash bucket), else in
 * global memory that only it touches.
 * Per-item locks: HeteroSync's spin lock (atomic CAS, fence.sc after
 * acquiring and before releasing), gsync's ticket lock (relaxed add,
 * ld.acquire poll, st.release) and a tuned try-lock (relaxed test, acquire
 * CAS, sleeping backoff, release store; two items: the second only tried,
 * both dropped when it is taken), all gpu scope, per thread.
 * Every wait goes through the watchdog.
 */
#include "bench.cuh"
#include "gsync/host.h"
#include "gsync/msg/server.cuh"
#include "server/server.h"

#include <cuda/atomic>
#include <string.h>

#define GPU GS_SCOPE_GPU
#define CTA GS_SCOPE_CTA
#define SRV_SMEM_MAX (160u * 1024u) /* a server's slice in shared memory up to this, or the device's less */
#define SRV_HASH_LOCKS 16384u         /* a hashtable server's bucket locks, at most */

enum { MSG_W = 1u, MSG_D = 2u }; /* transfers: withdraw (replied), deposit */

typedef struct srv_args {
    unsigned int workload, way, servers, items, capacity, skewed, verifying;
    unsigned long long total; /* operations (queue: messages a client thread; pingpong: round trips) */
    unsigned int slice_smem; /* 1: the servers' items in shared memory */
    unsigned int log_stride; /* queue: log entries a server */
    void *queues;
    unsigned long long *bins;  /* counters: (count << 32) + sum a bin */
    unsigned int *balances;    /* transfers */
    unsigned int *locks;       /* spin: a word an item; ticket: two */
    unsigned int *log, *counts, *done, *timeouts;
    unsigned int keys, pool_per_server, nlocks; /* hashtable */
    unsigned int *heads, *pool_top;             /* a bucket's first node + 1 (0: none); the lock ways' pool */
    uint4 *nodes;                               /* (key, count, next node + 1, 0) */
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

/* ---- per-item locks ---- */
static __device__ __forceinline__ bool lock_item(const srv_args &a, unsigned int i, unsigned int *ticket)
{
    gs_wait_t w = GS_WAIT_INIT;
    if (a.way == GS_SRV_SPIN) { /* HeteroSync's spinMutex per item */
        while (gs_atom_cas_relaxed(&a.locks[i], 0u, 1u, GPU) != 0u)
            if (gs_wait_spin(&w))
                return false;
        gs_fence_sc(GPU);
        return true;
    }
    if (a.way == GS_SRV_TRY) { /* test, then test-and-set, with sleeping backoff */
        while (gs_ld_relaxed(&a.locks[i], GPU) != 0u || gs_atom_cas_acquire(&a.locks[i], 0u, 1u, GPU) != 0u)
            if (gs_wait_backoff(&w))
                return false;
        return true;
    }
    unsigned int *l = &a.locks[2u * i];
    *ticket = gs_atom_add_relaxed(&l[0], 1u, GPU);
    while (gs_ld_acquire(&l[1], GPU) != *ticket)
        if (gs_wait_spin(&w))
            return false;
    return true;
}
static __device__ __forceinline__ void unlock_item(const srv_args &a, unsigned int i, unsigned int ticket)
{
    if (a.way == GS_SRV_SPIN) {
        gs_fence_sc(GPU);
        (void)gs_atom_exch_relaxed(&a.locks[i], 0u, GPU);
    } else if (a.way == GS_SRV_TRY)
        gs_st_release(&a.locks[i], 0u, GPU);
    else
        gs_st_release(&a.locks[2u * i + 1u], ticket + 1u, GPU);
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

/* The upsert: key's count + 1 in bucket b's chain, a node from *top (the
 * pool from `base`) when the key is new.  Plain accesses: the caller holds
 * b's lock (or owns b). */
static __device__ __forceinline__ void upsert(const srv_args &a, unsigned int b, unsigned int key, unsigned int *top,
                                              unsigned int base, enum gs_scope scope)
{
    for (unsigned int idx = a.heads[b]; idx; idx = a.nodes[idx - 1u].z)
        if (a.nodes[idx - 1u].x == key) {
            a.nodes[idx - 1u].y += 1u;
            return;
        }
    const unsigned int n = base + gs_atom_add_relaxed(top, 1u, scope);
    a.nodes[n] = make_uint4(key, 1u, a.heads[b], 0u);
    a.heads[b] = n + 1u;
}

static __device__ void client_hash_direct(const srv_args &a)
{
    for (unsigned long long j = client_id(a); j < a.total; j += client_threads(a)) {
        const unsigned int key = gs_srv_hash_key(j, a.keys), b = key % a.items;
        unsigned int t = 0u;
        if (!lock_item(a, b, &t)) {
            count_timeout(a);
            return;
        }
        upsert(a, b, key, a.pool_top, 0u, GPU);
        unlock_item(a, b, t);
    }
}

/* ---- clients of the servers ---- */
/* The queue benchmark's sends: one thread's, the twin's (the valid bit set
 * before the message is stored), or the warp's. */
static __device__ __forceinline__ bool send_raw(const srv_args &a, unsigned int dest, uint4 m, unsigned int *copies)
{
    const gs_msgq_t q = gs_msgq_at(a.queues, dest, a.capacity);
    if (a.way == GS_SRV_BASIC)
        return gs_msg_send(q, m, &copies[dest]);
    if (a.way == GS_SRV_BROKEN) {
        const unsigned int k = gs_atom_add_relaxed(q.write, 1u, GPU);
        if (!gs__msgq_room(q, k, &copies[dest]))
            return false;
        const unsigned int s = k & (q.capacity - 1u);
        (void)gs_atom_or_release(&q.valid[s / 32u], 1u << (s % 32u), GPU);
        gs_nanosleep(200u);
        q.slots[s] = m;
        return true;
    }
    return gs_msg_send_warp(a.queues, a.capacity, dest, m, &copies[dest]);
}

static __device__ void client_queue(const srv_args &a, const gs_server_t &srv)
{
    const unsigned int g = client_id(a);
    for (unsigned int i = 0; i < a.total; ++i) {
        const unsigned int dest = (g / 32u + i) % a.servers; /* a warp's lanes to one server a step */
        if (!send_raw(a, dest, make_uint4(g, i, dest, g ^ i), srv.copies)) {
            count_timeout(a);
            break;
        }
    }
    gs_server_client_done(srv);
}

static __device__ void client_counters_server(const srv_args &a, const gs_server_t &srv)
{
    for (unsigned long long j = client_id(a); j < a.total; j += client_threads(a)) {
        unsigned int bin, v;
        gs_srv_counter_op(j, a.items, a.skewed, &bin, &v);
        if (!gs_server_send(srv, bin, make_uint4(bin, v, 0u, 0u))) {
            count_timeout(a);
            break;
        }
    }
    gs_server_client_done(srv);
}

static __device__ void client_hash_server(const srv_args &a, const gs_server_t &srv)
{
    for (unsigned long long j = client_id(a); j < a.total; j += client_threads(a)) {
        const unsigned int key = gs_srv_hash_key(j, a.keys);
        if (!gs_server_send(srv, key % a.items, make_uint4(key, 0u, 0u, 0u))) { /* to its bucket's server */
            count_timeout(a);
            break;
        }
    }
    gs_server_client_done(srv);
}

/* Rounds: every thread with an operation left asks for its withdrawal, the
 * block collects as many answers from its own queue, then the granted ones
 * send their deposits. */
static __device__ void client_transfers_server(const srv_args &a, const gs_server_t &srv, unsigned int *granted)
{
    unsigned int head = 0u;
    bool quit = false;
    for (unsigned long long base = 0; base < a.total && !quit; base += client_threads(a)) {
        const unsigned long long j = base + client_id(a);
        const bool have = j < a.total;
        unsigned int x = 0u, y = 0u, amount = 0u;
        bool stuck = false;
        if (have) {
            gs_srv_transfer_op(j, a.items, &x, &y, &amount);
            stuck = !gs_server_send(srv, x, make_uint4(MSG_W, x, amount, blockIdx.x << 10 | threadIdx.x));
        }
        const unsigned int expect = __syncthreads_count(have);
        if ((quit = !gs_server_collect(srv, expect, &head, stuck,
                                       [&](const uint4 &m, unsigned int) { granted[m.x & 1023u] = m.y; })))
            break;
        const unsigned int ok = have ? granted[threadIdx.x] : 0u;
        if (ok && !gs_server_send(srv, y, make_uint4(MSG_D, y, amount, 0u)))
            stuck = true;
        if (have && a.verifying)
            a.log[j] = ok;
        quit = __syncthreads_or(stuck) != 0;
    }
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
    if (a.workload == GS_SRV_HASHTABLE) {
        for (unsigned int k = threadIdx.x; k < a.nlocks; k += blockDim.x)
            bal[k] = 0u; /* the bucket locks */
        if (threadIdx.x == 0)
            top = 0u;
        __syncthreads();
    } else if (a.slice_smem) {
        for (unsigned int k = threadIdx.x; k < owned; k += blockDim.x) {
            if (a.workload == GS_SRV_COUNTERS)
                bins[k] = a.bins[s + k * S];
            else
                bal[k] = a.balances[s + k * S];
        }
        __syncthreads();
    }
    const unsigned int handled = gs_server_serve(srv, [&](const uint4 &m, unsigned int index) {
        if (a.workload == GS_SRV_QUEUE) {
            if (a.verifying) {
                unsigned int *e = a.log + 2ull * ((size_t)s * a.log_stride + index);
                e[0] = m.x;
                e[1] = m.y;
            }
        } else if (a.workload == GS_SRV_HASHTABLE) { /* a shared-memory lock a bucket (hashed when many) */
            const unsigned int b = m.x % a.items;
            unsigned int *lk = &bal[(b / S) % a.nlocks];
            gs_wait_t lw = GS_WAIT_INIT;
            while (gs_atom_cas_acquire(lk, 0u, 1u, CTA) != 0u)
                if (gs_wait_spin(&lw)) {
                    count_timeout(a);
                    return;
                }
            upsert(a, b, m.x, &top, s * a.pool_per_server, CTA);
            gs_st_release(lk, 0u, CTA);
        } else if (a.workload == GS_SRV_COUNTERS) {
            unsigned long long *b = a.slice_smem ? &bins[m.x / S] : &a.bins[m.x];
            cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(*b).fetch_add(
                (1ull << 32) + m.y, cuda::memory_order_relaxed);
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
    });
    if (handled == ~0u && threadIdx.x == 0)
        count_timeout(a);
    if (threadIdx.x == 0)
        a.counts[s] = handled;
    if (a.slice_smem && a.workload != GS_SRV_HASHTABLE) {
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
static __device__ void pingpong(const srv_args &a, unsigned int *cache)
{
    const unsigned int me = blockIdx.x, other = 1u - me;
    const gs_msgq_t mine = gs_msgq_at(a.queues, me, a.capacity), theirs = gs_msgq_at(a.queues, other, a.capacity);
    unsigned int head = 0u;
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

extern __shared__ unsigned int srv_dyn[]; /* the read-index copies (a word a queue), then the slice */

static __global__ void srv_kernel(srv_args a)
{
    __shared__ unsigned int granted[1024];
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
    if (a.way == GS_SRV_SPIN || a.way == GS_SRV_TICKET || a.way == GS_SRV_TRY || a.way == GS_SRV_ATOMIC) {
        if (a.workload == GS_SRV_COUNTERS)
            client_counters_direct(a);
        else if (a.workload == GS_SRV_HASHTABLE)
            client_hash_direct(a);
        else
            client_transfers_direct(a);
    } else if (a.workload == GS_SRV_HASHTABLE)
        client_hash_server(a, srv);
    else if (a.workload == GS_SRV_QUEUE)
        client_queue(a, srv);
    else if (a.workload == GS_SRV_COUNTERS)
        client_counters_server(a, srv);
    else
        client_transfers_server(a, srv, granted);
}

static __global__ void srv_init(srv_args a)
{
    gs_watchdog_arm(a.wd, a.timeout_ns);
}

/* ---- the host's side ---- */
/* Dynamic shared memory a block may ask for: SRV_SMEM_MAX, or the device's
 * opt-in limit less the kernel's static shared memory.  0 on an error. */
static size_t smem_limit(void)
{
    cudaFuncAttributes fa;
    int dev = 0, optin = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) != cudaSuccess ||
        cudaFuncGetAttributes(&fa, (const void *)srv_kernel) != cudaSuccess || (size_t)optin <= fa.sharedSizeBytes)
        return 0;
    const size_t room = (size_t)optin - fa.sharedSizeBytes;
    return room < SRV_SMEM_MAX ? room : SRV_SMEM_MAX;
}

static size_t shared_bytes(const gs_srv_launch *l, unsigned int *slice_smem)
{
    const size_t cache = 4u * (size_t)((l->blocks + 31u) & ~31u);
    size_t slice = 0;
    *slice_smem = 0u;
    if (l->servers && l->workload == GS_SRV_HASHTABLE) { /* its bucket locks */
        const size_t owned = (l->items + l->servers - 1u) / l->servers;
        *slice_smem = 1u;
        return cache + 4u * (owned < SRV_HASH_LOCKS ? owned : SRV_HASH_LOCKS);
    }
    if (l->servers && (l->workload == GS_SRV_COUNTERS || l->workload == GS_SRV_TRANSFERS)) {
        const size_t owned = (l->items + l->servers - 1u) / l->servers;
        slice = owned * (l->workload == GS_SRV_COUNTERS ? 8u : 4u);
        if (cache + slice <= smem_limit())
            *slice_smem = 1u;
        else
            slice = 0;
    }
    return cache + slice;
}

/* Resident blocks a SM with the read-index copies of a grid of at most
 * `blocks` blocks and no slice. */
extern "C" int gs_server_gpu_per_sm(unsigned int threads, unsigned int blocks, unsigned int *per_sm)
{
    const size_t cache = 4u * (size_t)((blocks + 31u) & ~31u);
    cudaError_t e = cache <= smem_limit() ? cudaFuncSetAttribute((const void *)srv_kernel,
                                                                 cudaFuncAttributeMaxDynamicSharedMemorySize, (int)cache)
                                          : cudaErrorInvalidValue;
    if (e != cudaSuccess)
        return (int)e;
    return (int)gs_blocks_per_sm((const void *)srv_kernel, threads, cache, per_sm);
}

#define TRY(call)                          \
    do {                                   \
        if ((e = (call)) != cudaSuccess)   \
            goto out;                      \
    } while (0)

extern "C" int gs_server_gpu_run(gs_srv_launch *l, unsigned int *items, unsigned int *log, unsigned int *counts)
{
    srv_args a;
    cudaEvent_t t0 = NULL, t1 = NULL;
    cudaError_t e = cudaSuccess;
    unsigned int abort_flag = 0u, timeouts = 0u;
    if (l->workload == GS_SRV_PINGPONG)
        l->blocks = 2u;
    const size_t nqueues = l->workload == GS_SRV_PINGPONG || l->servers ? l->blocks : 0u;
    const size_t qbytes = nqueues ? gs_msgq_bytes(l->capacity) * nqueues : 0u;
    const unsigned int per_server = l->workload == GS_SRV_HASHTABLE ? gs_srv_hash_pool(l->keys, l->items, l->servers) : 0u;
    const size_t pool = l->servers ? (size_t)per_server * l->servers : l->keys;
    const size_t item_bytes = l->workload == GS_SRV_COUNTERS    ? 8ull * l->items
                              : l->workload == GS_SRV_HASHTABLE ? 4ull * ((l->items + 3u) & ~3u) + 16ull * pool
                                                                : 4ull * l->items;
    const size_t lock_bytes = (l->way == GS_SRV_TICKET ? 8ull : 4ull) * l->items;
    const size_t client_threads = (size_t)(l->blocks - l->servers) * l->threads;
    size_t log_words = 0;
    memset(&a, 0, sizeof a);
    a.workload = l->workload, a.way = l->way, a.servers = l->servers, a.items = l->items, a.total = l->total;
    a.capacity = l->capacity, a.skewed = l->skewed, a.verifying = (unsigned int)l->verifying;
    a.timeout_ns = l->timeout_ns;
    if (l->workload == GS_SRV_QUEUE) {
        a.log_stride = (unsigned int)((client_threads * l->total + l->servers - 1u) / l->servers + client_threads);
        log_words = l->verifying ? 2ull * a.log_stride * l->servers : 0u;
    } else if (l->workload == GS_SRV_TRANSFERS)
        log_words = l->verifying ? l->total : 0u;
    size_t smem = shared_bytes(l, &a.slice_smem);
    TRY(cudaMalloc(&a.queues, qbytes ? qbytes : 16u));
    TRY(cudaMemset(a.queues, 0, qbytes ? qbytes : 16u));
    TRY(cudaMalloc((void **)&a.bins, item_bytes ? item_bytes : 16u));
    a.balances = (unsigned int *)a.bins;
    a.heads = (unsigned int *)a.bins;
    a.nodes = (uint4 *)((char *)a.bins + 4ull * ((l->items + 3u) & ~3u));
    a.keys = l->keys, a.pool_per_server = per_server;
    a.nlocks = l->servers ? ((l->items + l->servers - 1u) / l->servers < SRV_HASH_LOCKS
                                 ? (l->items + l->servers - 1u) / l->servers
                                 : SRV_HASH_LOCKS)
                          : 0u;
    if (l->workload == GS_SRV_TRANSFERS) {
        TRY(cudaMemcpy(a.balances, items, item_bytes, cudaMemcpyHostToDevice)); /* the initial balances */
    } else
        TRY(cudaMemset(a.bins, 0, item_bytes ? item_bytes : 16u));
    TRY(cudaMalloc((void **)&a.locks, lock_bytes ? lock_bytes : 16u));
    TRY(cudaMemset(a.locks, 0, lock_bytes ? lock_bytes : 16u));
    TRY(cudaMalloc((void **)&a.log, log_words ? 4u * log_words : 16u));
    if (log_words)
        TRY(cudaMemset(a.log, 0xff, 4u * log_words));
    TRY(cudaMalloc((void **)&a.counts, 4u * (l->blocks + 8u)));
    TRY(cudaMemset(a.counts, 0, 4u * (l->blocks + 8u)));
    a.done = a.counts + l->blocks;
    a.timeouts = a.counts + l->blocks + 1u;
    a.pool_top = a.counts + l->blocks + 2u;
    TRY(cudaMalloc((void **)&a.wd, sizeof(gs_watchdog_t)));
    if (smem > smem_limit())
        TRY(cudaErrorInvalidValue);
    /* the attribute exactly what the launch asks: a larger one can cost occupancy */
    TRY(cudaFuncSetAttribute((const void *)srv_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    if (a.slice_smem) { /* the slices in shared memory only if the whole grid still fits */
        int per_sm = 0, dev = 0, sms = 0;
        const size_t cache = 4u * (size_t)((l->blocks + 31u) & ~31u);
        TRY(cudaGetDevice(&dev));
        TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
        for (;;) {
            TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, (const void *)srv_kernel, (int)l->threads,
                                                              smem));
            if ((unsigned long long)per_sm * (unsigned int)sms >= l->blocks)
                break;
            /* (smem only shrinks from here; the attribute stays large enough) */
            if (l->workload == GS_SRV_HASHTABLE) { /* fewer bucket locks, hashed; 32 at least */
                if (a.nlocks <= 32u)
                    break; /* the cooperative launch says what does not fit */
                a.nlocks /= 2u;
                smem = cache + 4u * (size_t)a.nlocks;
                continue;
            }
            a.slice_smem = 0u; /* counters, transfers: the items in global memory */
            smem = cache;
            break;
        }
    }
    l->slice_smem = a.slice_smem;
    TRY(cudaEventCreate(&t0));
    TRY(cudaEventCreate(&t1));
    srv_init<<<1, 1>>>(a);
    TRY(cudaGetLastError());
    {
        void *args[] = {&a};
        TRY(cudaEventRecord(t0, 0));
        TRY(cudaLaunchCooperativeKernel((const void *)srv_kernel, dim3(l->blocks), dim3(l->threads), args, smem, 0));
        TRY(cudaEventRecord(t1, 0));
    }
    TRY(cudaEventSynchronize(t1));
    TRY(cudaGetLastError());
    TRY(cudaEventElapsedTime(&l->ms, t0, t1));
    TRY(cudaMemcpy(&abort_flag, &a.wd->abort, 4u, cudaMemcpyDeviceToHost));
    TRY(cudaMemcpy(&timeouts, a.timeouts, 4u, cudaMemcpyDeviceToHost));
    l->timed_out = abort_flag != 0u || timeouts != 0u;
    if (items && l->workload != GS_SRV_QUEUE && l->workload != GS_SRV_PINGPONG)
        TRY(cudaMemcpy(items, a.bins, item_bytes, cudaMemcpyDeviceToHost));
    if (log && log_words)
        TRY(cudaMemcpy(log, a.log, 4u * log_words, cudaMemcpyDeviceToHost));
    if (counts)
        TRY(cudaMemcpy(counts, a.counts, 4u * l->blocks, cudaMemcpyDeviceToHost));
out:
    cudaFree(a.queues);
    cudaFree(a.bins);
    cudaFree(a.locks);
    cudaFree(a.log);
    cudaFree(a.counts);
    cudaFree(a.wd);
    if (t0)
        cudaEventDestroy(t0);
    if (t1)
        cudaEventDestroy(t1);
    return (int)e;
}
