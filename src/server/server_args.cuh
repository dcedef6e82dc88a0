/* server_args.cuh: what the server benchmark's device code shares (included
 * by server_kernels.cu only): a launch's arguments, the client numbering,
 * the per-item locks of the lock ways, the timeout count. */
#ifndef GSYNC_SERVER_ARGS_CUH
#define GSYNC_SERVER_ARGS_CUH

#include "core/bench.cuh"
#include "gsync/msg/server.cuh"
#include "server/setup.h"

#include <cuda/atomic>

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

#endif
