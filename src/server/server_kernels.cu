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
 * Every wait goes through the watchdog.  The roles are in
 * server_clients.cuh and server_serve.cuh, what they share in
 * server_args.cuh; this file holds the kernels and the host's side.
 */
#include "gsync/host.h"
#include "core/launch.h"
#include "server/server_args.cuh"
#include "server/server_clients.cuh"
#include "server/server_serve.cuh"

#include <stdlib.h>
#include <string.h>

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

