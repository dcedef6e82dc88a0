/* uts_kernels.cu: `app uts`'s kernel (uts.c), one a stack lock: unbalanced
 * tree search over locked stacks with work stealing, no barrier. */
#include "core/bench.cuh"

#include "app/app.h"
#include "gsync/host.h"

/* ---- unbalanced tree search: a stack a block, each behind a lock of kind
 * L (a GS_SYNC_UTS_*).  A block takes up to blockDim.x nodes from the top of
 * its own stack, else steals from the next non-empty stack: as many (steal
 * batch), or with a.steal_half half the victim's stack, moved onto its own
 * under both locks (taken in stack order: no cycle of waits), of which it
 * keeps the top blockDim.x to expand.  It expands them (a thread a node)
 * and pushes the children on its own stack.  `pending` (uts_out[4]) counts
 * the nodes pushed and not yet expanded; the children are added and the
 * expanded nodes removed in one atomic (a move changes nothing), so it
 * reaches 0 only when the tree is done.  The lock orders the stacks'
 * contents (acquire on lock, release on unlock); `pending` and the counts
 * peeked at before locking are relaxed hints. ---- */

/* The cohort lock's queue nodes: one for each stack of the block's cluster
 * (the stack of rank r's lock queues at rank 0's nodes[r]). */
#define UTS_NODES(L) ((L) == GS_SYNC_UTS_COHORT ? GS_APP_UTS_CLUSTER : 1u)

static __device__ __forceinline__ gs_mutex_array_t uts_array(const gs_app_args &a, unsigned int *hdr, unsigned int s)
{
    gs_mutex_array_t m = {hdr, hdr + 32, a.slots + (size_t)s * a.nslots * GS_MUTEX_ARRAY_STRIDE, a.nslots};
    return m;
}

/* Stack s's lock.  *token: the ticket, where the lock has one; the cohort
 * lock keeps its hand-over in the node of s when s is in this cluster. */
template <int L>
static __device__ __forceinline__ bool uts_lock(const gs_app_args &a, unsigned int s, unsigned int *token,
                                                gs_mutex_cohort_node_t *nodes)
{
    unsigned int *hdr = a.stack_hdr + (size_t)s * GS_APP_UTS_HDR;
    if (L == GS_SYNC_UTS_SPIN)
        return gs_mutex_spin_lock((gs_mutex_spin_t *)hdr, GS_SCOPE_GPU);
    if (L == GS_SYNC_UTS_FA)
        return gs_mutex_fa_lock((gs_mutex_fa_t *)hdr, token, GS_SCOPE_GPU);
    if (L == GS_SYNC_UTS_ARRAY)
        return gs_mutex_array_lock(uts_array(a, hdr, s), token, GS_SCOPE_GPU);
    if (L == GS_SYNC_UTS_COHORT) {
        const unsigned int r = s - (blockIdx.x - gs_cluster_rank()); /* s's rank in this cluster, if it is in it */
        return r < gs_cluster_size() ? gs_mutex_cohort_lock((gs_mutex_cohort_t *)hdr, &nodes[r])
                                     : gs_mutex_cohort_lock_alone((gs_mutex_cohort_t *)hdr, token);
    }
    if (L == GS_SYNC_UTS_NONE)
        return true; /* the broken twin */
    return gs_mutex_ticket_lock((gs_mutex_ticket_t *)hdr, token, GS_SCOPE_GPU);
}
template <int L>
static __device__ __forceinline__ void uts_unlock(const gs_app_args &a, unsigned int s, unsigned int token,
                                                  gs_mutex_cohort_node_t *nodes)
{
    unsigned int *hdr = a.stack_hdr + (size_t)s * GS_APP_UTS_HDR;
    if (L == GS_SYNC_UTS_SPIN) {
        gs_mutex_spin_unlock((gs_mutex_spin_t *)hdr, GS_SCOPE_GPU);
    } else if (L == GS_SYNC_UTS_FA) {
        gs_mutex_fa_unlock((gs_mutex_fa_t *)hdr, token, GS_SCOPE_GPU);
    } else if (L == GS_SYNC_UTS_ARRAY) {
        gs_mutex_array_unlock(uts_array(a, hdr, s), token, GS_SCOPE_GPU);
    } else if (L == GS_SYNC_UTS_COHORT) {
        const unsigned int r = s - (blockIdx.x - gs_cluster_rank());
        if (r < gs_cluster_size())
            gs_mutex_cohort_unlock((gs_mutex_cohort_t *)hdr, &nodes[r]);
        else
            gs_mutex_cohort_unlock_alone((gs_mutex_cohort_t *)hdr, token);
    } else if (L != GS_SYNC_UTS_NONE) {
        gs_mutex_ticket_unlock((gs_mutex_ticket_t *)hdr, token, GS_SCOPE_GPU);
    }
}

template <int L>
static __global__ void app_uts(gs_app_args a)
{
    __shared__ unsigned long long work[GS_APP_TILE];
    __shared__ unsigned int s_n, s_from, s_ok, s_total, s_base, s_v, s_move, s_to, s_pair;
    __shared__ unsigned int s_token, s_own_token;
    __shared__ gs_mutex_cohort_node_t nodes[UTS_NODES(L)];
    const unsigned int b = blockIdx.x, t = threadIdx.x;
    unsigned int *const own = a.stack_hdr + (size_t)b * GS_APP_UTS_HDR;
    unsigned long long nodes_done = 0, leaves = 0, sum = 0;
    unsigned int *pending = (unsigned int *)&a.uts_out[4];
    gs_wait_t w = GS_WAIT_INIT;
    if (L == GS_SYNC_UTS_COHORT) /* the host launches clusters of at most UTS_NODES(L) blocks */
        for (unsigned int r = 0; r < gs_cluster_size(); ++r)
            gs_mutex_cohort_begin(&nodes[r]);
    for (;;) {
        /* warp 0 finds a non-empty stack, its own first (the counts peeked
         * at are hints); thread 0 locks it (a thief taking half: its own
         * too, the lower stack first) and takes from its top */
        if (t < 32u) {
            unsigned int cand = ~0u;
            for (unsigned int base = 0; base < a.blocks && cand == ~0u; base += 32u) {
                const unsigned int v = (b + base + t) % a.blocks;
                const bool full = base + t < a.blocks &&
                                  gs_ld_relaxed(&a.stack_hdr[(size_t)v * GS_APP_UTS_HDR + 64u], GS_SCOPE_GPU) != 0u;
                const unsigned int m = __ballot_sync(0xffffffffu, full);
                if (m)
                    cand = (b + base + (unsigned int)__ffs((int)m) - 1u) % a.blocks;
            }
            if (t == 0) {
                s_ok = 1u, s_n = 0u, s_move = 0u, s_v = cand, s_pair = a.steal_half && cand != ~0u && cand != b;
                if (s_pair) {
                    const unsigned int lo = cand < b ? cand : b, hi = cand < b ? b : cand;
                    unsigned int *tlo = cand < b ? &s_token : &s_own_token, *thi = cand < b ? &s_own_token : &s_token;
                    if (!uts_lock<L>(a, lo, tlo, nodes)) {
                        s_ok = 0u;
                    } else if (!uts_lock<L>(a, hi, thi, nodes)) {
                        uts_unlock<L>(a, lo, *tlo, nodes);
                        s_ok = 0u;
                    } else {
                        const unsigned int c = a.stack_hdr[(size_t)cand * GS_APP_UTS_HDR + 64u], mine = own[64];
                        const unsigned int room = a.cap - mine, half = c - c / 2u;
                        const unsigned int k = half < room ? half : room;
                        s_n = k < blockDim.x ? k : blockDim.x;
                        s_move = k - s_n, s_from = c - k, s_to = mine;
                        if (k == 0u) {
                            uts_unlock<L>(a, cand, s_token, nodes);
                            uts_unlock<L>(a, b, s_own_token, nodes);
                        }
                    }
                } else if (cand != ~0u) {
                    unsigned int *hdr = a.stack_hdr + (size_t)cand * GS_APP_UTS_HDR;
                    if (!uts_lock<L>(a, cand, &s_token, nodes)) {
                        s_ok = 0u;
                    } else {
                        const unsigned int c = hdr[64];
                        s_n = c < blockDim.x ? c : blockDim.x;
                        s_from = c - s_n;
                        if (s_n == 0u)
                            uts_unlock<L>(a, cand, s_token, nodes);
                    }
                }
            }
        }
        __syncthreads();
        if (!s_ok)
            break; /* the watchdog */
        const unsigned int got = s_n, move = s_move;
        if (got) {
            const unsigned long long *from = a.tree + (size_t)s_v * a.cap + s_from;
            if (t < got)
                work[t] = from[move + t]; /* the top: expanded now */
            for (unsigned int i = t; i < move; i += blockDim.x)
                a.tree[(size_t)b * a.cap + s_to + i] = from[i]; /* the rest of a half: onto the thief's stack */
        }
        __syncthreads();
        if (t == 0 && got) {
            gs_st_relaxed(&a.stack_hdr[(size_t)s_v * GS_APP_UTS_HDR + 64u], s_from, GS_SCOPE_GPU); /* others peek */
            uts_unlock<L>(a, s_v, s_token, nodes);
            if (s_pair) {
                gs_st_relaxed(&own[64], s_to + move, GS_SCOPE_GPU);
                uts_unlock<L>(a, b, s_own_token, nodes);
            }
        }
        if (got == 0u) { /* nothing found: the end, or wait and look again */
            int stop = 0;
            if (t == 0)
                stop = gs_ld_relaxed(pending, GS_SCOPE_GPU) == 0u || gs_wait_backoff(&w);
            if (__syncthreads_or(stop))
                break;
            continue;
        }
        w = (gs_wait_t)GS_WAIT_INIT;
        /* expand: a thread a node, the children counted into the block's total */
        const unsigned long long id = t < got ? work[t] : 0ull;
        const unsigned int c = t < got ? gs_app_uts_children(id, a.root_children, a.branch, a.fertile_below) : 0u;
        if (t == 0)
            s_total = 0u;
        __syncthreads();
        const unsigned int off = c ? atomicAdd(&s_total, c) : 0u;
        if (t < got) {
            ++nodes_done;
            if (c == 0u)
                ++leaves, sum += id;
        }
        __syncthreads();
        if (t == 0) {
            s_ok = uts_lock<L>(a, b, &s_token, nodes) ? 1u : 0u;
            s_base = own[64];
            if (s_ok && s_base + s_total > a.cap) { /* a stack too small: counted, the children dropped */
                atomicAdd(&a.uts_out[3], 1ull);
                s_total = 0u;
            }
        }
        __syncthreads();
        if (!s_ok)
            break; /* the watchdog */
        if (c && off + c <= s_total)
            for (unsigned int i = 0; i < c; ++i)
                a.tree[(size_t)b * a.cap + s_base + off + i] = gs_app_uts_child(id, i);
        __syncthreads();
        if (t == 0) {
            gs_st_relaxed(&own[64], s_base + s_total, GS_SCOPE_GPU);
            atomicAdd(pending, s_total - got); /* before the unlock publishes the children; wraps when fewer */
            uts_unlock<L>(a, b, s_token, nodes);
        }
    }
    if (L == GS_SYNC_UTS_COHORT)
        gs_mutex_cohort_end(); /* no peer's queue node goes while it may be written */
    if (nodes_done) {
        atomicAdd(&a.uts_out[0], nodes_done);
        atomicAdd(&a.uts_out[1], leaves);
        atomicAdd(&a.uts_out[2], sum);
    }
}

#define UTS_LOCKS (GS_SYNC_UTS_NONE - GS_SYNC_UTS_SPIN + 1)
static const void *const uts_kernels[UTS_LOCKS] = {
    (const void *)app_uts<GS_SYNC_UTS_SPIN>,  (const void *)app_uts<GS_SYNC_UTS_FA>,
    (const void *)app_uts<GS_SYNC_UTS_TICKET>, (const void *)app_uts<GS_SYNC_UTS_ARRAY>,
    (const void *)app_uts<GS_SYNC_UTS_COHORT>, (const void *)app_uts<GS_SYNC_UTS_NONE>};

/* cohortMutex: the largest cluster, up to GS_APP_UTS_CLUSTER blocks, in
 * which the device holds the whole grid at once; 1 when none. */
static cudaError_t uts_cluster(const void *k, const gs_app_args *a, unsigned int *cluster)
{
    unsigned int most = GS_APP_UTS_CLUSTER, resident = 0u;
    cudaError_t e;
    for (;;) {
        if ((e = gs_cluster_pick(k, a->blocks, a->threads, 0, most, cluster, &resident)) != cudaSuccess ||
            *cluster == 1u || resident >= a->blocks)
            return e;
        most = *cluster / 2u;
    }
}

/* One thread: this file's watchdog (the watchdog's pointer is a translation
 * unit's own: app_kernels.cu's app_init arms only its kernels'). */
static __global__ void uts_init(gs_app_args a)
{
    gs_watchdog_arm((gs_watchdog_t *)a.watchdog, a.timeout_ns);
}

extern "C" int gs_app_uts_setup(gs_app_args *a)
{
    uts_init<<<1, 1>>>(*a);
    return (int)cudaGetLastError();
}

extern "C" int gs_app_run_uts(gs_app_args *a, unsigned int lock, unsigned int *cluster, cudaEvent_t t0,
                              cudaEvent_t t1)
{
    const void *k = uts_kernels[lock - GS_SYNC_UTS_SPIN];
    void *args[] = {a};
    cudaError_t e;
    *cluster = 1u;
    if (lock == GS_SYNC_UTS_COHORT && (e = uts_cluster(k, a, cluster)) != cudaSuccess)
        return (int)e;
    if ((e = cudaEventRecord(t0, 0)) != cudaSuccess)
        return (int)e;
    e = *cluster > 1u ? gs_launch_clusters(k, a->blocks, a->threads, *cluster, args, 0, 0)
                      : cudaLaunchCooperativeKernel(k, a->blocks, a->threads, args, 0, 0);
    if (e != cudaSuccess)
        return (int)e;
    return (int)cudaEventRecord(t1, 0);
}

extern "C" int gs_app_uts_occupancy(unsigned int threads, int *per_sm)
{
    int most = 1 << 30, x;
    for (int i = 0; i < UTS_LOCKS - 1; ++i) { /* the locks' kernels; the twin is no smaller */
        cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&x, uts_kernels[i], (int)threads, 0);
        if (e != cudaSuccess)
            return (int)e;
        most = x < most ? x : most;
    }
    *per_sm = most;
    return 0;
}
