/* setup.h: `gsync-bench server`, the synchronization-server architecture
 * (Wang, Fussell and Lin) against global locks and atomics
 * (docs/server.md).
 *
 * server_cli.c: the command's workloads and options (no GPU).  server.c: the
 * plan, the runs and the report; a file a workload (workload.h) with its
 * row and the host's replay.  server_kernels.cu: the kernels, reached
 * through gs_server_gpu_run.
 */
#ifndef GSYNC_SERVER_SETUP_H
#define GSYNC_SERVER_SETUP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum gs_srv_workload {
    GS_SRV_QUEUE,     /* the message queues alone: every client thread sends, servers count and log */
    GS_SRV_PINGPONG,  /* one round trip between two blocks, repeated */
    GS_SRV_COUNTERS,  /* many bins of (count, sum), each update a critical section */
    GS_SRV_TRANSFERS, /* conditional transfers between accounts (two items a section) */
    GS_SRV_HASHTABLE, /* upserts (and lookups, answered) in a chained hash table, a lock a bucket */
    GS_SRV_UNIONFIND, /* connected components: union-find over a graph's edges, a critical section a root */
    GS_SRV_STRESS,    /* a user's program: per-lane random items, hot items, pings, random shapes (a matrix) */
    GS_SRV_WORKLOADS
};
enum gs_srv_way {
    GS_SRV_SPIN,    /* a spin lock per item (HeteroSync's spinMutex: CAS, fences) */
    GS_SRV_TICKET,  /* gsync's ticket lock per item (relaxed add, acquire poll, release store) */
    GS_SRV_ATOMIC,  /* lock-free: one 64-bit atomic (counters only) */
    GS_SRV_SERVER,  /* the synchronization server, warp-aggregated sends */
    GS_SRV_BASIC,   /* queue: every thread sends on its own */
    GS_SRV_BROKEN,  /* queue: the twin that sets the valid bit before the message is written */
    GS_SRV_TRY,     /* a try-lock per item with backoff; two items: the second tried, both dropped on failure */
    GS_SRV_NOLOCK,  /* unionfind: the twin that links a root without its lock (it must FAIL) */
    GS_SRV_LF,      /* the server with a leader warp handing chunks to follower warps */
    GS_SRV_EARLY_READ, /* hashtable lookups: the twin that takes its answer before it arrives (it must FAIL) */
    GS_SRV_HELD,       /* stress: the twin send that publishes a warp's messages only once all its lanes have room */
    GS_SRV_COMBINE,    /* counters: the server, a warp's updates to one bin merged first (gs_server_send_combined) */
    GS_SRV_COMBINE_BROKEN, /* counters: the twin whose merge drops the other lanes' counts (it must FAIL) */
    GS_SRV_WAYS
};

#define GS_SRV_MAX_LIST 16
typedef struct gs_srv_options {
    unsigned int workloads[GS_SRV_WORKLOADS];
    int nworkloads;
    unsigned int ways[GS_SRV_WAYS];
    int nways;                          /* 0: every way the workload has */
    unsigned int share[GS_SRV_MAX_LIST]; /* server blocks, percent of the grid */
    int nshare;
    unsigned int items[GS_SRV_MAX_LIST]; /* bins, accounts or buckets (the contention sweep) */
    int nitems;
    unsigned int collision[GS_SRV_MAX_LIST]; /* hashtable: keys a bucket */
    int ncollision;
    unsigned int ops;      /* operations a thread of the grid (queue: messages a client thread) */
    unsigned int capacity[GS_SRV_MAX_LIST]; /* slots per queue */
    int ncapacity;
    unsigned int skewed;   /* counters: a quarter of the updates on bin 0 */
    unsigned int lookups[GS_SRV_MAX_LIST]; /* hashtable: percent of the operations that are lookups */
    int nlookups;
    unsigned int msg_bytes[GS_SRV_MAX_LIST]; /* queue: bytes a message, 16 to 512, a power of two */
    int nmsg_bytes;
    char graphs[GS_SRV_MAX_LIST][96];        /* unionfind: graph specs (app's --graph syntax) */
    int ngraphs;
    unsigned int dest_warp; /* queue: a warp's lanes to one server a step (the best case); 0: each lane its own */
    unsigned int configs;   /* stress: configurations drawn */
    unsigned int seed;      /* stress: the draw's seed */
} gs_srv_options;

/* The server command's options in its gs_options (cli.h). */
#define gs_srv_own(o) GS_OWN(o, const gs_srv_options)
#define GS_SRV_DEFAULT_THREADS 256u
/* The server command's workloads, a row each (a file each: queue.c,
 * counters.c, ...), listed in the enum's order in server_cli.c beside their
 * names: the ways it runs in, the twins among them (run only when --way
 * names them), its --items sweep when none is given (0-ended; none: no
 * items, or unionfind's graphs) and its host check.  Adding a workload:
 * its enum value, its file, its line in that list and its kernels
 * (server_kernels.cu). */
#define GS_SRV_WAY(v) (1u << (v))
/* The ways that run server blocks: --share and --capacity apply to them. */
#define GS_SRV_SERVED                                                                                          \
    (GS_SRV_WAY(GS_SRV_SERVER) | GS_SRV_WAY(GS_SRV_LF) | GS_SRV_WAY(GS_SRV_BASIC) | GS_SRV_WAY(GS_SRV_BROKEN) | \
     GS_SRV_WAY(GS_SRV_EARLY_READ) | GS_SRV_WAY(GS_SRV_COMBINE) | GS_SRV_WAY(GS_SRV_COMBINE_BROKEN) |         \
     GS_SRV_WAY(GS_SRV_HELD))
struct srv_row;
struct srv_result;
typedef struct gs_srv_workload_def {
    unsigned int ways;     /* GS_SRV_WAY(v) for each way it runs in */
    unsigned int twins;    /* of those, the broken twins */
    unsigned int items[4]; /* --items' default sweep, 0-ended */
    /* the host's check of a launch (workload.h): nonzero with d set when it was wrong */
    int (*check)(struct srv_row *r, const struct srv_result *res, char *d, size_t n);
} gs_srv_workload_def;
extern const gs_srv_workload_def gs_srv_queue, gs_srv_pingpong, gs_srv_counters, gs_srv_transfers, gs_srv_hashtable,
    gs_srv_unionfind, gs_srv_stress;
extern const gs_srv_workload_def *const gs_srv_workloads[GS_SRV_WORKLOADS];
const char *gs_srv_workload_name(unsigned int w);
const char *gs_srv_way_name(unsigned int w);
/* Whether workload w runs in way v. */
int gs_srv_has_way(unsigned int w, unsigned int v);

/* What one launch needs and gives. */
typedef struct gs_srv_launch {
    unsigned int workload, way;
    unsigned int blocks, threads, servers; /* servers: blocks 0..servers-1 */
    unsigned int items, capacity, skewed;
    unsigned int keys;                     /* hashtable: the key space, items x collision */
    unsigned int lookups;                  /* hashtable: percent of operations that look a key up */
    unsigned int msg_slots;                /* queue, stress: 16-byte slots a message (1 to 32, a power of two) */
    unsigned int dest_warp;                /* queue: a warp's lanes to one server a step; 0: each lane its own */
    unsigned int ping_pct;                 /* stress: percent of operations that are pings (answered) */
    unsigned int idle_pct;                 /* stress: percent of a lane's steps without a message */
    const unsigned int *edges;             /* unionfind: `total` (u, v) pairs, u < v */
    unsigned long long total;              /* operations (queue: messages a client thread; pingpong: round trips) */
    int verifying;                         /* log what the host checks */
    unsigned long long start;              /* where every queue's indices start (0, or 2^32 less a little) */
    unsigned long long timeout_ns;
    /* out */
    float ms;
    int timed_out;
    unsigned int slice_smem; /* the servers' items were in shared memory */
    unsigned int chains_smem; /* hashtable: each server's chains were in its shared memory */
    unsigned int misplaced;  /* queue, stress: slots out of place or torn, wrong answers; unionfind: the sum of broken[] */
    unsigned int broken[3];  /* unionfind: parents above their vertex, malformed requests, edges retried too often */
    unsigned long long sent; /* stress: messages sent (the host's replay) */
    unsigned int crossed;    /* with start: queues whose indices went past 2^32 */
} gs_srv_launch;

/* server_kernels.cu.  Device buffers are made and freed by the call; the
 * host's copies of what the run left (NULL when not wanted): the items'
 * final words (counters: count and sum a bin; transfers: the balances;
 * hashtable: the bucket heads, then the node pool as (key, count, next, 0)),
 * and the log (queue: per server, (sender, sequence) a message in arrival
 * order; transfers: 1 a successful transfer, by operation).
 * Returns a cudaError_t. */
int gs_server_gpu_run(gs_srv_launch *l, unsigned int *items, unsigned int *log, unsigned int *counts);
/* (unionfind: items are the parents, `edges` the operations.) */
/* Blocks of the workload's kernel one SM holds, at `threads`, in a grid of
 * at most `blocks`.  A cudaError_t. */
int gs_server_gpu_per_sm(unsigned int workload, unsigned int threads, unsigned int blocks, unsigned int *per_sm);

/* server.c: the stress launch's check against the host's replay: items
 * (count, sum) a word pair an item, log (a sender's step's arrival number,
 * ~0 for none), counts (messages each server handled).  Nonzero with d set
 * when a message was lost, doubled, out of its sender's order, or an item's
 * or server's total is off; l->sent set. */
int gs_srv_check_stress(gs_srv_launch *l, const unsigned int *items, const unsigned int *log,
                        const unsigned int *counts, char *d, size_t n);

/* server.c: the command; its columns. */
struct gs_options;
struct gs_device_info;
struct gs_meta;
struct gs_schema;
extern const struct gs_schema gs_server_schema;
int gs_server_command(const struct gs_options *o, const struct gs_device_info *dev, const struct gs_meta *meta,
                      char *err, size_t n);
#ifdef __cplusplus
}
#endif

/* ---- the workloads' operations, the same on the host and the device ---- */
#ifdef __CUDACC__
#define GS_SRV_HD __host__ __device__ __forceinline__
#else
#define GS_SRV_HD static inline
#endif
#define GS_SRV_INITIAL_BALANCE 1000000u /* enough that transfers are rarely refused, whatever the timing */

GS_SRV_HD unsigned int gs_srv_mix(unsigned long long i)
{
    i += 0x9e3779b97f4a7c15ull;
    i = (i ^ (i >> 30)) * 0xbf58476d1ce4e5b9ull;
    i = (i ^ (i >> 27)) * 0x94d049bb133111ebull;
    return (unsigned int)((i ^ (i >> 31)) >> 32);
}
/* Counters: operation j adds v (1..16) to bin *bin. */
GS_SRV_HD void gs_srv_counter_op(unsigned long long j, unsigned int bins, unsigned int skewed, unsigned int *bin,
                                 unsigned int *v)
{
    const unsigned int k = gs_srv_mix(j);
    *bin = skewed && (k & 3u) == 0u ? 0u : (k >> 2) % bins;
    *v = 1u + (k >> 28);
}
/* Queue: the server of sender g's message i: each lane its own at random,
 * or (dest_warp) a warp's lanes to one server a step. */
GS_SRV_HD unsigned int gs_srv_queue_dest(unsigned int g, unsigned int i, unsigned int servers, unsigned int dest_warp)
{
    return dest_warp ? (g / 32u + i) % servers : gs_srv_mix((unsigned long long)g << 32 | i) % servers;
}
/* Stress: step i of client thread g sends (*have) a message to item *item
 * (with `hot`, a quarter of them to item 0) adding *v, answered when *ping. */
GS_SRV_HD void gs_srv_stress_op(unsigned int g, unsigned int i, unsigned int items, unsigned int hot,
                                unsigned int ping_pct, unsigned int idle_pct, unsigned int *have, unsigned int *item,
                                unsigned int *v, unsigned int *ping)
{
    const unsigned long long j = (unsigned long long)g << 32 | i;
    const unsigned int k = gs_srv_mix(j ^ 0x6b1d5a3c00000000ull), r = gs_srv_mix(j ^ 0x24e8f90100000000ull);
    *have = r % 100u >= idle_pct;
    *item = hot && (k & 3u) == 0u ? 0u : (k >> 2) % items;
    *v = 1u + (k >> 28);
    *ping = (r >> 8) % 100u < ping_pct;
}
/* Stress: the answer to sender g's ping i on item `item`. */
GS_SRV_HD unsigned int gs_srv_stress_answer(unsigned int g, unsigned int i, unsigned int item)
{
    return gs_srv_mix((unsigned long long)i << 32 | g) ^ item;
}
/* Hashtable: operation j adds 1 to key *key's count, inserting the key when absent. */
GS_SRV_HD unsigned int gs_srv_hash_key(unsigned long long j, unsigned int keys)
{
    return gs_srv_mix(j ^ 0x3c6e00000000ull) % keys;
}
/* Nodes the pool of server s holds at most (its buckets' keys), and the pool's slot count. */
GS_SRV_HD unsigned int gs_srv_hash_pool(unsigned int keys, unsigned int buckets, unsigned int servers)
{
    unsigned int most = 0u;
    if (!servers)
        return keys;
    for (unsigned int s = 0; s < servers; ++s) { /* keys k with (k % buckets) % servers == s */
        const unsigned int per_bucket = keys / buckets, extra = keys % buckets;
        unsigned int n = 0u;
        for (unsigned int b = s; b < buckets; b += servers)
            n += per_bucket + (b < extra ? 1u : 0u);
        most = n > most ? n : most;
    }
    return most;
}
/* Hashtable operation j: key *key, a lookup when *lookup is 1.  Without
 * lookups every operation upserts a key of the whole space.  With them, the
 * keys of odd groups (key / buckets odd) are preloaded with the count
 * gs_srv_hash_preload(key) and only looked up, upserts take keys of even
 * groups, and one lookup in four asks for a key past the space (absent,
 * answered 0), so every answer is known. */
GS_SRV_HD void gs_srv_hash_op(unsigned long long j, unsigned int keys, unsigned int buckets, unsigned int lookups,
                              unsigned int *key, unsigned int *lookup)
{
    if (!lookups) {
        *key = gs_srv_hash_key(j, keys);
        *lookup = 0u;
        return;
    }
    const unsigned int groups = keys / buckets, even = (groups + 1u) / 2u, odd = groups / 2u;
    const unsigned int r = gs_srv_mix(j ^ 0x1f0c00000000ull), b = gs_srv_mix(j ^ 0x2e1d00000000ull) % buckets;
    *lookup = r % 100u < lookups ? 1u : 0u;
    if (!*lookup)
        *key = 2u * ((r >> 8) % even) * buckets + b;
    else if (!odd || ((r >> 8) & 3u) == 0u)
        *key = keys + b;
    else
        *key = (2u * ((r >> 10) % odd) + 1u) * buckets + b;
}
GS_SRV_HD unsigned int gs_srv_hash_preload(unsigned int key)
{
    return 1u + gs_srv_mix(key ^ 0x5a5a00000000ull) % 1000u;
}
/* Transfers: operation j moves x (1..16) from account a to b != a, if a holds x. */
GS_SRV_HD void gs_srv_transfer_op(unsigned long long j, unsigned int accounts, unsigned int *a, unsigned int *b,
                                  unsigned int *x)
{
    const unsigned int k = gs_srv_mix(j ^ 0x7a5f00000000ull);
    *a = k % accounts;
    *b = (*a + 1u + gs_srv_mix(k) % (accounts - 1u)) % accounts;
    *x = 1u + (k >> 28);
}
#undef GS_SRV_HD
#endif
