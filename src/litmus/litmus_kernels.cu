/* litmus_kernels.cu: the litmus kernels.  Roles x groups blocks, one per SM
 * (a dynamic shared memory pad keeps a second block off), launched
 * cooperatively; block b plays role b / groups.  Each participant lane plays
 * its role in one instance (x, y and a start counter, each on its own
 * 128-byte line), whose other roles are the same lane and warp of the blocks
 * b +- groups; the other warps of the block hammer unrelated lines with
 * relaxed stores and atomics until the participants are done.
 *
 * A round k: every role arrives on the instance's counter
 * (atom.add.release.gpu) and waits until all have (ld.acquire.gpu, through
 * the watchdog), so that round k-1's accesses are ordered before round k's;
 * then a per-warp pseudo-random pause of up to GS__LITMUS_MAX_DELAY cycles,
 * then the racing accesses, which write k and read k-1 ("old") or k
 * ("new"), through ptx.cuh's wrappers in the order the row names.  Readers
 * record the classes of their reads (litmus.h).  MP through the library's
 * publish patterns and the broken twins (litmus_publish) read their data
 * with ld.global.ca, on purpose (see litmus_ld_l1).  MPcluster's roles are
 * the two blocks of a cluster (block 2g + r plays role r of group g).
 * Requires sm_80 (MPcluster sm_90); cooperative launch (MPcluster a cluster
 * launch).  Every wait goes through the watchdog.
 */
#define GSYNC_WATCHDOG
#include <gsync/cluster.cuh>
#include <gsync/wait.cuh>

#include "core/cuda_check.h"
#include "gsync/host.h"
#include "core/launch.h"
#include "litmus/litmus.h"

#include <stddef.h>
#include <string.h>

#define GS__LITMUS_LINE 32u              /* words in a 128-byte line */
#define GS__LITMUS_MAX_DELAY 2048u       /* a round's pause before the accesses, SM cycles */
#define GS__LITMUS_BROKEN_DELAY 6000u    /* the writer waits for the reader's warming load */
#define GS__LITMUS_CHAIN 8u              /* MPsyncwarp: the dependent loads before lane A's store */
#define GS__LITMUS_STRESS_LINES 65536u   /* 8 MiB of lines the stress warps hammer */

typedef struct litmus_args {
    unsigned int *mem;        /* instances x 3 lines: x, y, the start counter */
    unsigned char *records;   /* rounds x instances x roles */
    unsigned int *smid;       /* a block's SM */
    unsigned int *stress;     /* GS__LITMUS_STRESS_LINES lines */
    unsigned int roles, groups, instances, rounds, stress_on, seed;
} litmus_args;

static __device__ __forceinline__ unsigned int litmus_hash(unsigned int x)
{
    x ^= x >> 16, x *= 0x7feb352du, x ^= x >> 15, x *= 0x846ca68bu, x ^= x >> 16;
    return x;
}

/* Busy for about `cycles` SM cycles; touches no memory. */
static __device__ __forceinline__ void litmus_pause(unsigned int cycles)
{
    const long long t0 = clock64();
    while (clock64() - t0 < (long long)cycles) {
    }
}

static __device__ __forceinline__ unsigned int litmus_class(unsigned int v, unsigned int k)
{
    return v == k ? 1u : v == k - 1u ? 0u : 2u;
}

/* The row's store, load and separator: relaxed and sc use st/ld.relaxed.gpu,
 * acqrel st.release.gpu and ld.acquire.gpu; sc puts fence.sc.gpu between a
 * thread's two accesses. */
static __device__ __forceinline__ void litmus_st(unsigned int *p, unsigned int v, int order)
{
    if (order == GS_LITMUS_ACQREL)
        gs_st_release(p, v, GS_SCOPE_GPU);
    else
        gs_st_relaxed(p, v, GS_SCOPE_GPU);
}
static __device__ __forceinline__ unsigned int litmus_ld(const unsigned int *p, int order)
{
    return order == GS_LITMUS_ACQREL ? gs_ld_acquire(p, GS_SCOPE_GPU) : gs_ld_relaxed(p, GS_SCOPE_GPU);
}
static __device__ __forceinline__ void litmus_between(int order)
{
    if (order == GS_LITMUS_SC)
        gs_fence_sc(GS_SCOPE_GPU);
}

/* The data load of litmus_publish, deliberately not a gsync wrapper: a weak
 * ld.global.ca (the queue's plain slot load), which may be served by a line
 * that an earlier load of the same round left in this SM's L1, unless an
 * acquire invalidated it. */
static __device__ __forceinline__ unsigned int litmus_ld_l1(const unsigned int *p)
{
    unsigned int v;
    asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(__cvta_generic_to_global(p)) : "memory");
    return v;
}

/* MP through one of the library's publish patterns, or its broken twin, in
 * round k.  The writer (role 0) waits GS__LITMUS_BROKEN_DELAY cycles, so
 * that the reader's warming load comes first, stores x = k relaxed and
 * publishes it:
 *   MP (MPbrokenAcquire)  st.release.gpu y = k
 *   MPfence               fence.release.gpu; st.relaxed.gpu y = k
 *   MPatomOr              atom.release.gpu.or of bit k % 32 into y (the queue's publish)
 *   MPcluster             st.relaxed.cluster of the reader block's data word cl[1], then
 *                         st.release.cluster of its flag cl[0] (the twin: .cta)
 *   MPsyncwarp            lane A (i) stores x after a chain of dependent loads; lane B
 *                         (i + 16) st.release.gpu y = k; __syncwarp() between (not in the twin)
 * The reader (role 1) loads x through L1 (the warming load), polls the flag
 * until it is set (ld.relaxed.gpu, then fence.acquire.gpu for MPfence and
 * MPatomOr, whose twins leave it out; MPcluster ld.acquire.cluster of its
 * own cl[0], the twin .cta; MPsyncwarp ld.acquire.gpu), loads x through L1
 * again (MPcluster also cl[1]; data is new only if both are) and, for
 * MPatomOr, clears the bit relaxed as the queue's receiver does.  Nonzero:
 * the watchdog ended the poll. */
static __device__ __forceinline__ int litmus_publish(int shape, unsigned int role, unsigned int lane, unsigned int *x,
                                                     unsigned int *y, unsigned int *cl, unsigned int k,
                                                     unsigned int *r0, unsigned int *r1, unsigned int *r2)
{
    const int pattern = GS_LITMUS_PATTERN(shape), broken = GS_LITMUS_IS_TWIN(shape);
    const enum gs_scope cl_scope = broken ? GS_SCOPE_CTA : GS_SCOPE_CLUSTER;
    const unsigned int bit = 1u << (k % 32u);
    gs_wait_t w = GS_WAIT_INIT;
    if (role == 0u && pattern == GS_LITMUS_MP_SYNCWARP) {
        if (lane >= 16u) { /* lane B: publishes the pair's message */
            if (!broken)
                __syncwarp(); /* with lane A's below: its store first */
            gs_st_release(y, k, GS_SCOPE_GPU);
        }
        if (lane < 16u) { /* lane A: its slot, from memory */
            unsigned int d = 0u;
            for (unsigned int i = 0; i < GS__LITMUS_CHAIN; ++i)
                d = gs_ld_relaxed(x + 1u + d, GS_SCOPE_GPU); /* x[1] stays 0: each load waits for the last */
            gs_st_relaxed(x, k + d, GS_SCOPE_GPU);
            if (!broken)
                __syncwarp();
        }
        return 0;
    }
    if (role == 0u) {
        litmus_pause(GS__LITMUS_BROKEN_DELAY); /* after the reader's warming load of x */
        gs_st_relaxed(x, k, GS_SCOPE_GPU);
        if (pattern == GS_LITMUS_MP)
            gs_st_release(y, k, GS_SCOPE_GPU);
        else if (pattern == GS_LITMUS_MP_FENCE) {
            gs_fence_release(GS_SCOPE_GPU);
            gs_st_relaxed(y, k, GS_SCOPE_GPU);
        } else if (pattern == GS_LITMUS_MP_ATOM_OR)
            (void)gs_atom_or_release(y, bit, GS_SCOPE_GPU);
        else {
            gs_st_relaxed(cl + 1, k, GS_SCOPE_CLUSTER);
            gs_st_release(cl, k, cl_scope);
        }
        return 0;
    }
    *r0 = litmus_ld_l1(x); /* brings x's line, still k-1, into L1; recorded, so that it stays */
    for (;;) {
        const unsigned int v = pattern == GS_LITMUS_MP_CLUSTER    ? gs_ld_acquire(cl, cl_scope)
                               : pattern == GS_LITMUS_MP_SYNCWARP ? gs_ld_acquire(y, GS_SCOPE_GPU)
                                                                  : gs_ld_relaxed(y, GS_SCOPE_GPU);
        if (pattern == GS_LITMUS_MP_ATOM_OR ? (v & bit) != 0u : v == k) {
            *r1 = pattern == GS_LITMUS_MP_ATOM_OR && v != bit ? ~0u : k; /* another bit set: neither value */
            break;
        }
        if (gs_wait_spin(&w))
            return 1;
    }
    if ((pattern == GS_LITMUS_MP_FENCE || pattern == GS_LITMUS_MP_ATOM_OR) && !broken)
        gs_fence_acquire(GS_SCOPE_GPU); /* the relaxed poll that saw the flag becomes an acquire */
    *r2 = litmus_ld_l1(x);
    if (pattern == GS_LITMUS_MP_CLUSTER) {
        const unsigned int d = gs_ld_relaxed(cl + 1, GS_SCOPE_CLUSTER);
        if (litmus_class(d, k) != 1u && litmus_class(*r2, k) != 2u)
            *r2 = d;
    }
    if (pattern == GS_LITMUS_MP_ATOM_OR)
        (void)gs_atom_and_relaxed(y, ~bit, GS_SCOPE_GPU); /* ordered before the next OR by the round's start */
    return 0;
}

/* Where block blockIdx.x plays: its role and group (litmus.h's layout). */
static __device__ __forceinline__ void litmus_place(const litmus_args *a, int shape, unsigned int *role,
                                                    unsigned int *group)
{
    if (GS_LITMUS_IS_CLUSTER(shape))
        *role = blockIdx.x % 2u, *group = blockIdx.x / 2u;
    else
        *role = blockIdx.x / a->groups, *group = blockIdx.x % a->groups;
}

/* One participant lane: every round of its instance.  SHAPE and ORDER are
 * constants where the kernels below call it.  cl: MPcluster's words of this
 * lane's instance in the reader block's shared memory. */
static __device__ __forceinline__ void litmus_participant(const litmus_args *a, unsigned int warp, int shape,
                                                          int order, unsigned int *cl)
{
    unsigned int role, group;
    const unsigned int lane = threadIdx.x & 31u, lanes = GS_LITMUS_SHAPE_LANES(shape);
    litmus_place(a, shape, &role, &group);
    const unsigned int inst = (group * GS_LITMUS_SHAPE_PWARPS(shape) + warp) * lanes + lane % lanes;
    /* MPsyncwarp: both lanes of the writer and the reader's first 16 arrive */
    const unsigned int arrivals = a->roles + (GS_LITMUS_IS_SYNCWARP(shape) ? 1u : 0u);
    const int active = !(GS_LITMUS_IS_SYNCWARP(shape) && role == 1u && lane >= 16u);
    unsigned int *x = a->mem + (size_t)inst * 3u * GS__LITMUS_LINE, *y = x + GS__LITMUS_LINE,
                 *go = y + GS__LITMUS_LINE;
    unsigned char *rec = a->records + (size_t)inst * a->roles + role;
    const size_t rec_stride = (size_t)a->instances * a->roles;
    for (unsigned int k = 1; k <= a->rounds; ++k, rec += rec_stride) {
        gs_wait_t w = GS_WAIT_INIT;
        int gave_up = 0;
        if (active) {
            gs_atom_add_release(go, 1u, GS_SCOPE_GPU); /* my round k-1 before everyone's round k */
            while (gs_ld_acquire(go, GS_SCOPE_GPU) < arrivals * k)
                if (gs_wait_spin(&w)) {
                    gave_up = 1;
                    break;
                }
        }
        if (__any_sync(0xffffffffu, gave_up)) /* the watchdog: the whole warp leaves */
            return;
        litmus_pause(litmus_hash(a->seed ^ (k * 0x9e3779b9u) ^ (blockIdx.x << 8) ^ warp) % GS__LITMUS_MAX_DELAY);
        unsigned int r0 = k - 1u, r1 = k - 1u, r2 = k - 1u; /* r0: litmus_publish's warming load of x */
        int reader = 1;
        switch (shape) {
        case GS_LITMUS_MP: /* role 0: data x, then flag y; role 1: flag y, then data x */
            if (role == 0u) {
                gs_st_relaxed(x, k, GS_SCOPE_GPU);
                litmus_between(order);
                litmus_st(y, k, order);
                reader = 0;
            } else {
                r1 = litmus_ld(y, order);
                litmus_between(order);
                r2 = gs_ld_relaxed(x, GS_SCOPE_GPU);
            }
            break;
        case GS_LITMUS_SB: /* role 0: x = k, read y; role 1: y = k, read x */
            litmus_st(role == 0u ? x : y, k, order);
            litmus_between(order);
            r1 = litmus_ld(role == 0u ? y : x, order);
            break;
        case GS_LITMUS_LB: /* role 0: read x, y = k; role 1: read y, x = k */
            r1 = litmus_ld(role == 0u ? x : y, order);
            litmus_between(order);
            litmus_st(role == 0u ? y : x, k, order);
            break;
        case GS_LITMUS_IRIW: /* roles 0, 1 write x, y; role 2 reads x then y, role 3 y then x */
            if (role < 2u) {
                litmus_st(role == 0u ? x : y, k, order);
                reader = 0;
            } else {
                r1 = litmus_ld(role == 2u ? x : y, order);
                litmus_between(order);
                r2 = litmus_ld(role == 2u ? y : x, order);
            }
            break;
        default: /* MP through a library pattern, or a broken twin */
            gave_up = active && litmus_publish(shape, role, lane, x, y, cl, k, &r0, &r1, &r2);
            reader = role == 1u && active;
            if (__any_sync(0xffffffffu, gave_up))
                return;
            break;
        }
        if (reader)
            *rec = (unsigned char)(GS_LITMUS_DONE | litmus_class(r1, k) | litmus_class(r2, k) << 2 |
                                   litmus_class(r0, k) << 4);
    }
}

/* A stress lane: relaxed stores and atomics to random lines of a->stress
 * until every participant warp of the block is done (or the watchdog). */
static __device__ __forceinline__ void litmus_stress(const litmus_args *a, const unsigned int *done)
{
    unsigned int h = litmus_hash(a->seed ^ (blockIdx.x * blockDim.x + threadIdx.x));
    gs_wait_t w = GS_WAIT_INIT;
    for (unsigned int i = 0; gs_ld_relaxed(done, GS_SCOPE_CTA) < GS_LITMUS_PWARPS; ++i) { /* a count, no data */
        h = h * 1664525u + 1013904223u;
        unsigned int *p = a->stress + (h >> 8) % GS__LITMUS_STRESS_LINES * GS__LITMUS_LINE + (threadIdx.x & 31u);
        if (i & 1u)
            gs_atom_add_relaxed(p, 1u, GS_SCOPE_GPU);
        else
            gs_st_relaxed(p, h, GS_SCOPE_GPU);
        if (gs_wait_spin(&w))
            break;
    }
}

static __device__ __forceinline__ void litmus_block(const litmus_args *a, int shape, int order)
{
    extern __shared__ unsigned int pad[]; /* only keeps a second block off this SM */
    __shared__ unsigned int done;
    __shared__ unsigned int cl_words[32][2]; /* MPcluster: a flag and a data word per reader lane */
    const unsigned int warp = threadIdx.x / 32u, lane = threadIdx.x & 31u;
    const bool cluster = GS_LITMUS_IS_CLUSTER(shape);
    unsigned int role, group;
    if (cluster && gs_cluster_size() != 2u)
        return; /* not launched in clusters of two: no iteration runs, a FAIL, never a vacuous PASS */
    litmus_place(a, shape, &role, &group);
    if (threadIdx.x == 0) {
        done = 0u;
        pad[0] = 0u;
        a->smid[role * a->groups + group] = gs_smid();
    }
    if (threadIdx.x < 64u)
        cl_words[threadIdx.x / 2u][threadIdx.x % 2u] = 0u;
    __syncthreads();
    if (cluster)
        gs_cluster_sync(); /* the reader's words are zero before the writer's first store */
    if (warp >= GS_LITMUS_PWARPS) {
        if (a->stress_on)
            litmus_stress(a, &done);
        return;
    }
    if (warp < GS_LITMUS_SHAPE_PWARPS(shape))
        litmus_participant(a, warp, shape, order,
                           cluster && role == 0u ? (unsigned int *)gs_cluster_map(cl_words[lane], 1u) : cl_words[lane]);
    __syncwarp();
    if (lane == 0u)
        gs_atom_add_relaxed(&done, 1u, GS_SCOPE_CTA); /* a count: the stress warps stop */
    if (cluster)
        gs_cluster_sync(); /* the writer's remote stores are done before the reader's block exits */
}

#define GS__LITMUS_KERNEL(NAME, SHAPE, ORDER)                                                     \
    static __global__ void __launch_bounds__(GS_LITMUS_THREADS, 1) NAME(litmus_args a)            \
    {                                                                                             \
        litmus_block(&a, SHAPE, ORDER);                                                           \
    }
GS__LITMUS_KERNEL(litmus_mp_relaxed, GS_LITMUS_MP, GS_LITMUS_RELAXED)
GS__LITMUS_KERNEL(litmus_mp_acqrel, GS_LITMUS_MP, GS_LITMUS_ACQREL)
GS__LITMUS_KERNEL(litmus_mp_sc, GS_LITMUS_MP, GS_LITMUS_SC)
GS__LITMUS_KERNEL(litmus_sb_relaxed, GS_LITMUS_SB, GS_LITMUS_RELAXED)
GS__LITMUS_KERNEL(litmus_sb_acqrel, GS_LITMUS_SB, GS_LITMUS_ACQREL)
GS__LITMUS_KERNEL(litmus_sb_sc, GS_LITMUS_SB, GS_LITMUS_SC)
GS__LITMUS_KERNEL(litmus_lb_relaxed, GS_LITMUS_LB, GS_LITMUS_RELAXED)
GS__LITMUS_KERNEL(litmus_lb_acqrel, GS_LITMUS_LB, GS_LITMUS_ACQREL)
GS__LITMUS_KERNEL(litmus_lb_sc, GS_LITMUS_LB, GS_LITMUS_SC)
GS__LITMUS_KERNEL(litmus_iriw_relaxed, GS_LITMUS_IRIW, GS_LITMUS_RELAXED)
GS__LITMUS_KERNEL(litmus_iriw_acqrel, GS_LITMUS_IRIW, GS_LITMUS_ACQREL)
GS__LITMUS_KERNEL(litmus_iriw_sc, GS_LITMUS_IRIW, GS_LITMUS_SC)
GS__LITMUS_KERNEL(litmus_mp_fence, GS_LITMUS_MP_FENCE, GS_LITMUS_ACQREL)
GS__LITMUS_KERNEL(litmus_mp_atom_or, GS_LITMUS_MP_ATOM_OR, GS_LITMUS_ACQREL)
GS__LITMUS_KERNEL(litmus_mp_cluster, GS_LITMUS_MP_CLUSTER, GS_LITMUS_ACQREL)
GS__LITMUS_KERNEL(litmus_mp_syncwarp, GS_LITMUS_MP_SYNCWARP, GS_LITMUS_ACQREL)
GS__LITMUS_KERNEL(litmus_mp_broken, GS_LITMUS_MP_BROKEN, GS_LITMUS_ACQREL)
GS__LITMUS_KERNEL(litmus_mp_fence_broken, GS_LITMUS_MP_FENCE_BROKEN, GS_LITMUS_ACQREL)
GS__LITMUS_KERNEL(litmus_mp_atom_or_broken, GS_LITMUS_MP_ATOM_OR_BROKEN, GS_LITMUS_ACQREL)
GS__LITMUS_KERNEL(litmus_mp_cluster_broken, GS_LITMUS_MP_CLUSTER_BROKEN, GS_LITMUS_ACQREL)
GS__LITMUS_KERNEL(litmus_mp_syncwarp_broken, GS_LITMUS_MP_SYNCWARP_BROKEN, GS_LITMUS_ACQREL)

static const void *const litmus_kernels[GS_LITMUS_SHAPES][GS_LITMUS_ORDERS] = {
    {(const void *)litmus_mp_relaxed, (const void *)litmus_mp_acqrel, (const void *)litmus_mp_sc},
    {(const void *)litmus_sb_relaxed, (const void *)litmus_sb_acqrel, (const void *)litmus_sb_sc},
    {(const void *)litmus_lb_relaxed, (const void *)litmus_lb_acqrel, (const void *)litmus_lb_sc},
    {(const void *)litmus_iriw_relaxed, (const void *)litmus_iriw_acqrel, (const void *)litmus_iriw_sc},
    {NULL, (const void *)litmus_mp_fence, NULL},
    {NULL, (const void *)litmus_mp_atom_or, NULL},
    {NULL, (const void *)litmus_mp_cluster, NULL},
    {NULL, (const void *)litmus_mp_syncwarp, NULL},
    {NULL, (const void *)litmus_mp_broken, NULL},
    {NULL, (const void *)litmus_mp_fence_broken, NULL},
    {NULL, (const void *)litmus_mp_atom_or_broken, NULL},
    {NULL, (const void *)litmus_mp_cluster_broken, NULL},
    {NULL, (const void *)litmus_mp_syncwarp_broken, NULL}};

/* One thread, before each launch: this file's watchdog, timeout_ns from now. */
static __global__ void litmus_arm(gs_watchdog_t *wd, unsigned long long timeout_ns)
{
    gs_watchdog_arm(wd, timeout_ns);
}

extern "C" cudaError_t gs_litmus_gpu_open(gs_litmus_gpu *g, unsigned int shape, unsigned int order,
                                          unsigned int iters)
{
    int dev = 0, sms = 0, per_sm_smem = 0, optin = 0, coop = 0;
    cudaError_t e;
    memset(g, 0, sizeof *g);
    if (shape >= GS_LITMUS_SHAPES || order >= GS_LITMUS_ORDERS || !litmus_kernels[shape][order])
        return cudaErrorInvalidValue;
    const void *kernel = litmus_kernels[shape][order];
    g->shape = shape, g->order = order;
    g->roles = shape == GS_LITMUS_IRIW ? 4u : 2u;
    GS_CK_RETURN(cudaGetDevice(&dev));
    GS_CK_RETURN(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    GS_CK_RETURN(cudaDeviceGetAttribute(&per_sm_smem, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev));
    GS_CK_RETURN(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    GS_CK_RETURN(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
    if ((!coop && !GS_LITMUS_IS_CLUSTER(shape)) || (unsigned int)sms < g->roles)
        return cudaErrorInvalidConfiguration;
    /* more than half an SM's shared memory: one block an SM */
    g->smem = (size_t)per_sm_smem / 2u + 1024u;
    if (g->smem > (size_t)optin)
        g->smem = (size_t)optin;
    GS_CK_RETURN(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)g->smem));
    g->groups = (unsigned int)sms / g->roles;
    g->cluster = 1u;
    GS_CK_RETURN(gs_blocks_per_sm(kernel, GS_LITMUS_THREADS, g->smem, &g->per_sm));
    if (GS_LITMUS_IS_CLUSTER(shape)) { /* a group is a cluster of two; as many as are resident at once */
        unsigned int resident = 0u;
        GS_CK_RETURN(gs_cluster_pick(kernel, g->roles * g->groups, GS_LITMUS_THREADS, g->smem, 2u, &g->cluster, &resident));
        if (g->cluster != 2u || resident < 2u)
            return cudaErrorNotSupported;
        if (resident / 2u < g->groups)
            g->groups = resident / 2u;
    }
    g->blocks = g->roles * g->groups;
    g->instances = g->groups * GS_LITMUS_SHAPE_PWARPS(shape) * GS_LITMUS_SHAPE_LANES(shape);
    if (g->per_sm * (unsigned int)sms < g->blocks) /* every role must be resident: they wait for each other */
        return cudaErrorInvalidConfiguration;
    g->max_rounds = (iters + g->instances - 1u) / g->instances;
    if (g->max_rounds > GS_LITMUS_MAX_ROUNDS)
        g->max_rounds = GS_LITMUS_MAX_ROUNDS;
    if (g->max_rounds == 0u)
        g->max_rounds = 1u;
    GS_CK_RETURN(cudaMalloc((void **)&g->mem, (size_t)g->instances * 3u * GS__LITMUS_LINE * sizeof(unsigned int)));
    GS_CK_RETURN(cudaMalloc((void **)&g->records, (size_t)g->max_rounds * g->instances * g->roles));
    GS_CK_RETURN(cudaMalloc((void **)&g->smid, g->blocks * sizeof(unsigned int)));
    GS_CK_RETURN(cudaMalloc((void **)&g->stress, (size_t)GS__LITMUS_STRESS_LINES * GS__LITMUS_LINE * sizeof(unsigned int)));
    GS_CK_RETURN(cudaMalloc(&g->watchdog, sizeof(gs_watchdog_t)));
    GS_CK_RETURN(cudaMemset(g->stress, 0, (size_t)GS__LITMUS_STRESS_LINES * GS__LITMUS_LINE * sizeof(unsigned int)));
    GS_CK_RETURN(cudaEventCreate(&g->t0));
    GS_CK_RETURN(cudaEventCreate(&g->t1));
    return cudaSuccess;
}

extern "C" cudaError_t gs_litmus_gpu_run(gs_litmus_gpu *g, unsigned int rounds, int stress,
                                         unsigned long long timeout_ns, unsigned int seed, unsigned char *records,
                                         unsigned int *smid, float *ms, int *timed_out)
{
    litmus_args a;
    void *args[] = {&a};
    cudaError_t e;
    if (rounds == 0u || rounds > g->max_rounds)
        return cudaErrorInvalidValue;
    a.mem = g->mem, a.records = g->records, a.smid = g->smid, a.stress = g->stress;
    a.roles = g->roles, a.groups = g->groups, a.instances = g->instances, a.rounds = rounds;
    a.stress_on = stress ? 1u : 0u, a.seed = seed;
    const size_t nrec = (size_t)rounds * g->instances * g->roles;
    GS_CK_RETURN(cudaMemset(g->mem, 0, (size_t)g->instances * 3u * GS__LITMUS_LINE * sizeof(unsigned int)));
    GS_CK_RETURN(cudaMemset(g->records, 0, nrec));
    litmus_arm<<<1, 1>>>((gs_watchdog_t *)g->watchdog, timeout_ns);
    GS_CK_RETURN(cudaGetLastError());
    if (gs_fault_injected()) /* the tests' hook: a launch failure after the allocations */
        return cudaErrorLaunchFailure;
    GS_CK_RETURN(cudaEventRecord(g->t0, 0));
    if (g->cluster > 1u) /* a cluster's blocks are co-scheduled; clusters do not wait for each other */
        GS_CK_RETURN(gs_launch_clusters(litmus_kernels[g->shape][g->order], g->blocks, GS_LITMUS_THREADS, g->cluster,
                                        args, g->smem, 0));
    else
        GS_CK_RETURN(cudaLaunchCooperativeKernel(litmus_kernels[g->shape][g->order], dim3(g->blocks),
                                                 dim3(GS_LITMUS_THREADS), args, g->smem, 0));
    GS_CK_RETURN(cudaEventRecord(g->t1, 0));
    GS_CK_RETURN(gs_wait_launch(g->t1, GS_WAIT_LAUNCH_LIMIT_S(timeout_ns)));
    GS_CK_RETURN(cudaGetLastError());
    GS_CK_RETURN(cudaEventElapsedTime(ms, g->t0, g->t1));
    GS_CK_RETURN(cudaMemcpy(records, g->records, nrec, cudaMemcpyDeviceToHost));
    GS_CK_RETURN(cudaMemcpy(smid, g->smid, g->blocks * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    return gs_watchdog_fired(g->watchdog, timed_out);
}

extern "C" void gs_litmus_gpu_close(gs_litmus_gpu *g)
{
    cudaFree(g->mem);
    cudaFree(g->records);
    cudaFree(g->smid);
    cudaFree(g->stress);
    cudaFree(g->watchdog);
    if (g->t0)
        cudaEventDestroy(g->t0);
    if (g->t1)
        cudaEventDestroy(g->t1);
    memset(g, 0, sizeof *g);
}
