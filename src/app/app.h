/* app.h: the app family: whole programs whose iterations are separated by
 * a device-wide barrier (BFS, SSSP, PageRank, Reduce), written once and run
 * with every synchronization mode.  Shared by the host (program.h: the
 * program table, sweep.c: the sweep) and the kernels (app_kernels.cu). */
#ifndef GSYNC_APP_H
#define GSYNC_APP_H

#include "gsync/barrier/counter.h"

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

enum gs_app_kernel { /* the programs' kernels' numbers (program.h's table entries name theirs) */
    GS_APP_BFS,       /* data-driven: a worklist of the frontier, one level an iteration      */
    GS_APP_BFS_TOPO,  /* topology-driven: every vertex looks at its level each iteration      */
    GS_APP_SSSP,      /* data-driven Bellman-Ford: a worklist of the vertices that improved   */
    GS_APP_SSSP_TOPO, /* topology-driven: every vertex checks whether it improved last round  */
    GS_APP_PAGERANK,  /* pull-based, to a tolerance on the L1 change                          */
    GS_APP_REDUCE,    /* a sum of 32-bit integers: one strided pass, then halving stages      */
    GS_APP_SW,        /* Smith-Waterman with affine gaps: one anti-diagonal an iteration      */
    GS_APP_BITONIC,   /* bitonic sort of 32- or 64-bit keys (--key-bits): one merge step an   */
                      /* iteration, the short strides of a merge in shared memory in one step  */
    GS_APP_UTS,       /* unbalanced tree search: locked stacks, work stealing, no barrier     */
    GS_APP_REDUCE_FLOAT, /* Reduce's stages in single precision, on the same input / 2^16      */
    GS_APP_UTS_HS,    /* HeteroSync's UTS ported (uts_hs.h): its tree, stacks and kernel      */
    GS_APP_PROGRAMS
};

enum gs_app_sync {
    GS_SYNC_RELAUNCH_STREAM, /* a launch an iteration from a stream; the host reads the end test  */
    GS_SYNC_RELAUNCH_GRAPH,  /* batches of launches replayed as one CUDA graph                     */
    GS_SYNC_GRID,            /* cooperative groups grid.sync()                                     */
    GS_SYNC_CUDA_BARRIER,    /* libcu++ cuda::barrier<thread_scope_device>                         */
    GS_SYNC_ATOMIC_TREE,     /* HeteroSync atomicTreeBarrUniq                                      */
    GS_SYNC_LF_TREE,         /* HeteroSync lfTreeBarrUniq                                          */
    GS_SYNC_SENSE_REVERSING, /* the thesis's sense-reversing barrier                               */
    GS_SYNC_FX_LOCKFREE,     /* Feng and Xiao's lock-free barrier, fenced                          */
    GS_SYNC_FX_LOCK,         /* Feng and Xiao's lock-based barrier, fenced (may deadlock: TIMEOUT)  */
    GS_SYNC_GS,              /* gsync's barrier on the host's plan                                 */
    GS_SYNC_MODES,
    GS_SYNC_BROKEN_NONE = GS_SYNC_MODES, /* the tests' broken twin: __syncthreads only, no grid barrier */
    GS_SYNC_FX_LOCK_NOFENCE,             /* Feng and Xiao's barriers without their fences (unordered) */
    GS_SYNC_FX_LOCKFREE_NOFENCE,
    GS_SYNC_ALL_MODES,
    GS_SYNC_UTS_SPIN = GS_SYNC_ALL_MODES, /* UTS's stack locks: HeteroSync's spinMutex and  */
    GS_SYNC_UTS_FA,                       /* faMutex, gsync's ticketMutex, arrayMutex and   */
    GS_SYNC_UTS_TICKET,                   /* cohortMutex (include/gsync/mutex)              */
    GS_SYNC_UTS_ARRAY,
    GS_SYNC_UTS_COHORT,
    GS_SYNC_UTS_NONE,                     /* the broken twin: no lock (brokenNoLock, or brokenNoBarrier) */
    GS_SYNC_HS_SHIPPED,                   /* uts-hs: HeteroSync's kernel as shipped (it must FAIL on sm_70+) */
    GS_SYNC_HS_FIXED,                     /* uts-hs: with __syncwarp and its relaxed lock fixed */
    GS_SYNC_HS_TICKET,                    /* uts-hs: the fixed kernel with gsync's ticket locks */
    GS_SYNC_ASYNC,                        /* bfs, sssp: no barrier, a work ring (async_kernels.cu) */
    GS_SYNC_ASYNC_BROKEN,                 /* its twin: a popped vertex stays queued (it must FAIL) */
    GS_SYNC_PARSED,                       /* --sync takes the names before this one */
    GS_SYNC_CUB_RADIX = GS_SYNC_PARSED,   /* not modes: the peers beside bitonic sort, CUB's */
    GS_SYNC_CUB_MERGE,                    /* DeviceRadixSort and DeviceMergeSort,            */
    GS_SYNC_CUB_REDUCE,                   /* and beside both Reduces, DeviceReduce::Sum      */
    GS_SYNC_NAMES
};

#define GS_APP_TILE 1024u      /* bitonic: keys a block sorts in shared memory (strides below it) */
#define GS_APP_PR_LANES 32u  /* counters a PageRank sum is spread over */
#define GS_APP_PR_STRIDE 32u /* floats between them: a 128-byte line */
#define GS_APP_PR_FLOATS (3u * 2u * GS_APP_PR_LANES * GS_APP_PR_STRIDE)

/* Everything a program's kernel sees (device pointers). */
typedef struct gs_app_args {
    unsigned int program, mode;
    unsigned int n, m, src;
    const unsigned int *row, *col, *w; /* the graph; PageRank: its transpose (in-arcs) */
    const float *inv_out;              /* PageRank: 1 / out-degree, 0 for a dangling vertex */
    unsigned int *dist;                /* BFS levels, SSSP distances */
    unsigned int *stamp;               /* SSSP: the iteration that last improved a vertex, + 1 */
    unsigned int *wl[2];               /* worklists in and out */
    unsigned int *count;               /* 3 rotating words (worklist sizes, change flags), 3 of hub parts taken */
    float *rank[2];                    /* PageRank: this iteration's ranks and the next */
    float *contrib[2];                 /* PageRank: the same ranks / out-degree (n + 1: the last 0) */
    const unsigned int *hubs;          /* PageRank, bfs-topo, sssp-topo: the vertices of more than hub_min arcs */
    unsigned int nhubs, hub_min;       /* (hub_min 0: none; every vertex a thread's) */
    const unsigned int *hub_part;      /* their parts, a warp each: (hub index, first arc) */
    unsigned int nparts, part_arcs;    /* (a part: at most part_arcs arcs) */
    float *hub_sum;                    /* PageRank: a hub's parts' sums so far, and how many parts added; */
    unsigned int *hub_done;            /*   0 between iterations (the last part resets them) */
    float *fsum;                       /* PageRank: GS_APP_PR_FLOATS, 3 rotating slots of 2 sums (see app_kernels.cu) */
    float damping, tol;
    unsigned long long size;           /* Reduce: elements */
    const unsigned int *in;            /* Reduce: the input, gs_app_reduce_value(i) */
    unsigned long long *part;          /* Reduce: a partial sum a thread */
    const unsigned char *qs, *ts;      /* Smith-Waterman: query (rows) and target (columns), codes */
    unsigned int qlen, tlen;
    int match, mismatch, gap_open, gap_extend; /* a gap of length L costs gap_open + L * gap_extend */
    int *h, *e, *f;                    /* (qlen + 1) x (tlen + 1), row-major; H's row and column 0 are 0, E's and F's minus infinity */
    void *keys;                        /* Bitonic: the keys, sorted in place: unsigned int or, with */
    unsigned int key_bits;             /* key_bits 64, unsigned long long */
    const unsigned int *steps;         /* Bitonic: (k, j) a step; j < GS_APP_TILE: strides j .. 1 in shared memory */
    unsigned int nsteps;
    unsigned long long *tree;          /* UTS: a stack of `cap` node ids a block */
    unsigned int *stack_hdr;           /* UTS: GS_APP_UTS_HDR words a block: its lock, then its count */
    unsigned int *slots;               /* UTS arrayMutex: `nslots` lines a stack (the array lock's slots) */
    unsigned int nslots;
    unsigned int steal_half;           /* UTS: 1, a thief moves half the victim's stack onto its own */
    unsigned int cap, root_children, branch;
    unsigned long long fertile_below;  /* UTS: a node is fertile when its hash is below this */
    unsigned long long *uts_out;       /* UTS: nodes, leaves, the leaves' id sum, stack overflows, pending */
    unsigned int max_iters;            /* a safety cap on iterations */
    unsigned int *iters_out;           /* the iterations the program ran */
    unsigned long long *cycles;        /* [0] cycles in the barrier, [1] cycles in all (thread 0s) */
    void *state, *watchdog;            /* the barrier's state; the watchdog record */
    unsigned long long timeout_ns;
    unsigned int blocks, threads;
    unsigned int groups;               /* HeteroSync's and the thesis's groups: one per SM */
    gs_barrier_t gs;                   /* gsync's barrier's plan */
    unsigned long long *dq;            /* async: a word a vertex, distance << 32 | queued bit */
    unsigned long long *ctl;           /* async: GS_APP_ASYNC_CTL words: head, tail and pending, visits */
    unsigned int *ring;                /* async: ring_mask + 1 vertex ids */
    unsigned int ring_mask;
    unsigned int tune[7];              /* async: keep, keep below, precheck, idle ns, defer, pred, narrow
                                          (async_kernels.cu);
                                          PageRank: [0] the gather (pagerank.c) */
} gs_app_args;

#ifndef GS_UNREACHED
#define GS_UNREACHED 0xffffffffu /* a vertex's level or distance before it is reached */
#endif

#ifdef __CUDACC__
#define GS_APP_HD __host__ __device__ __forceinline__
#else
#define GS_APP_HD inline
#endif

#define GS_APP_UTS_HDR 96u /* words: the lock in the first 64 (two lines), the count at 64 */
#define GS_APP_UTS_SLOTS 256u  /* arrayMutex: at most this many slots a stack */
#define GS_APP_UTS_CLUSTER 8u  /* cohortMutex: the largest cluster tried */
#define GS_APP_UTS_ROOT 0x5554532d726f6f74ull

/* UTS's tree (host and device agree): a node's i-th child's id, and a
 * node's children: the root has root_children, any other node `branch`
 * when its hash is below fertile_below, else none (a leaf). */
static GS_APP_HD unsigned long long gs_app_uts_mix(unsigned long long x)
{
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ull;
    x ^= x >> 27;
    x *= 0x81dadef4bc2dd44dull;
    return x ^ (x >> 33);
}
static GS_APP_HD unsigned long long gs_app_uts_child(unsigned long long id, unsigned int i)
{
    return gs_app_uts_mix(id + 0x9e3779b97f4a7c15ull * (i + 1ull));
}
static GS_APP_HD unsigned int gs_app_uts_children(unsigned long long id, unsigned int root_children,
                                                   unsigned int branch, unsigned long long fertile_below)
{
    if (id == GS_APP_UTS_ROOT)
        return root_children;
    return gs_app_uts_mix(id ^ 0x243f6a8885a308d3ull) < fertile_below ? branch : 0u;
}

/* Reduce's input element i (host and device agree). */
static GS_APP_HD unsigned int gs_app_reduce_value(unsigned long long i)
{
    unsigned long long x = i * 0x9e3779b97f4a7c15ull;
    x ^= x >> 29;
    x *= 0xbf58476d1ce4e5b9ull;
    return (unsigned int)(x >> 48); /* 16 bits */
}

/* async BFS and SSSP (async_kernels.cu): the ring's slots, a power of two
 * at least n (every live entry is a distinct queued vertex, so it never
 * holds more than n) and 1024; and whether the pending count, which a
 * 64-bit word shares with the ring's tail (GS_APP_ASYNC_TAIL_BITS low
 * bits), holds n queued vertices plus one in work a thread. */
#define GS_APP_ASYNC_TAIL_BITS 36u
#define GS_APP_ASYNC_CTL 48u   /* control words, a 128-byte line apart: */
#define GS_APP_ASYNC_HEAD 0u   /* items taken */
#define GS_APP_ASYNC_TAIL 16u  /* items pushed | pending << GS_APP_ASYNC_TAIL_BITS */
#define GS_APP_ASYNC_VISITS 32u /* items relaxed, all warps */
static GS_APP_HD unsigned long long gs_app_async_ring(unsigned int n)
{
    unsigned long long c = 1024ull;
    while (c < n)
        c <<= 1;
    return c;
}
static GS_APP_HD int gs_app_async_fits(unsigned int n, unsigned long long threads)
{
    return (unsigned long long)n + threads < (1ull << (64u - GS_APP_ASYNC_TAIL_BITS));
}
/* What a warp adds to the tail word to push `pushed` items and change
 * pending by `delta` (negative: items relaxed); mod 2^64, the tail's bits
 * untouched by delta. */
static GS_APP_HD unsigned long long gs_app_async_add(unsigned int pushed, int delta)
{
    return (unsigned long long)pushed + ((unsigned long long)(long long)delta << GS_APP_ASYNC_TAIL_BITS);
}

/* app_kernels.cu: cudaError_t values. */
int gs_app_setup(gs_app_args *a); /* per run, after the arrays are reset: watchdog, barrier state, first input */
int gs_app_fill_reduce(unsigned int *in, float *terms, unsigned long long size); /* terms: NULL, or reduce-float's */
int gs_app_run_persistent(gs_app_args *a, cudaEvent_t t0, cudaEvent_t t1);
int gs_app_run_relaunch(gs_app_args *a, int graph, cudaEvent_t t0, cudaEvent_t t1);
/* Blocks of `threads` threads per SM that the persistent kernel of
 * (program, mode) admits; key_bits (32 or 64) picks bitonic's kernel. */
int gs_app_occupancy(unsigned int program, unsigned int key_bits, unsigned int mode, unsigned int threads, int *per_sm);
size_t gs_app_state_bytes(unsigned int blocks, unsigned int groups);
/* uts_kernels.cu.  Per run, first: arms the watchdog of its kernels' waits
 * (the watchdog's pointer is a translation unit's own: gs_app_setup arms
 * only app_kernels.cu's).  UTS: one launch with the stack lock `lock` (a
 * GS_SYNC_UTS_*): cooperative, or for cohortMutex in the largest clusters of
 * up to GS_APP_UTS_CLUSTER blocks that hold the whole grid at once
 * (*cluster: their size; 1: none). */
int gs_app_uts_setup(gs_app_args *a);
int gs_app_run_uts(gs_app_args *a, unsigned int lock, unsigned int *cluster, cudaEvent_t t0, cudaEvent_t t1);
int gs_app_uts_occupancy(unsigned int threads, int *per_sm); /* the least of the locks' kernels */
/* A tuning knob read from the environment: NAME's value (digits, at most
 * 10^6), else dflt (sweep.c). */
unsigned int gs_app_knob(const char *name, unsigned int dflt);
/* -1 with one line in err when a knob is set to anything but a whole number
 * from 0 to 10^6 (checked before any device, with the options). */
int gs_app_knobs_check(char *err, size_t n);
/* async BFS and SSSP (async_kernels.cu): fills a->dq, a->ring and a->ctl
 * (source queued), then one cooperative launch timed between t0 and t1,
 * then a->dist from a->dq.  Its occupancy: the least of its kernels'. */
int gs_app_run_async(gs_app_args *a, cudaEvent_t t0, cudaEvent_t t1);
int gs_app_async_occupancy(unsigned int threads, int *per_sm);
/* CUB's radix sort (merge 0) or merge sort (merge 1) of n keys of
 * key_bits bits (32: unsigned int, 64: unsigned long long) from `in` into
 * `out`, timed between t0 and t1 (its scratch allocated before). */
int gs_app_cub_sort(int merge, unsigned int key_bits, const void *in, void *out, unsigned int n, cudaEvent_t t0,
                    cudaEvent_t t1);
/* CUB's DeviceReduce::Sum of n terms from `in` into out[0]: unsigned int
 * into unsigned long long, or (single 1) float into float; timed the same way. */
int gs_app_cub_sum(int single, const void *in, void *out, unsigned int n, cudaEvent_t t0, cudaEvent_t t1);

#ifdef __cplusplus
}
#endif
#endif
