/* uts_hs_kernels.cu: HeteroSync's unbalanced tree search kernel
 * (mattsinc/heterosync cuda/uts/uvm/uts.cu, access_shared), ported.  BASELINE.
 *
 * Algorithm: an explicit tree (uts_hs.c); GS_UTS_HS_CORES local stacks (block
 *            b uses b % cores) and a global one, each behind a CAS lock.  A
 *            warp (task front) locks its local stack, pops up to 32 nodes
 *            (an empty one refilled by half from the global stack under a
 *            try-lock), processes a node a lane; lane 0 pushes the children
 *            two at a time, spilling them and half a full local stack to the
 *            global one.  Ends when the processed count reaches the size.
 * Ordering:  HeteroSync's fences kept: relaxed gpu CAS then fence.sc (after
 *            every CAS) to lock, fence.sc then relaxed exchange to unlock;
 *            heads and stacks plain; counts relaxed atomics.
 * Variants:  shipped: as it is (no __syncwarp: lane 0's lock and shared flags
 *            reach the other lanes unordered since sm_70; __gpuLockRelaxed
 *            leaves without the lock if it is held at the first peek).  fixed:
 *            __syncwarp where lane 0 hands to its warp; that loop starts "not held".
 *            ticket: fixed, with gsync's ticket lock (mutex/ticket.cuh: acquire
 *            to lock, release to unlock, no fence.sc; its trylock for the refill).
 * Progress:  deadlock-free; a lost node keeps the count short: lane 0 looks at
 *            the watchdog once an iteration (TIMEOUT).  gsync's one addition:
 *            a stack head or node index out of range (a race's torn read) is
 *            counted in out[3] and clamped, so that a race fails the check
 *            instead of faulting the GPU.
 * Requires:  blockDim.x a multiple of 32; memory: 8 bytes of shared memory a thread.
 */
#include "core/bench.cuh"
#include "gsync/mutex/ticket.cuh"

#include "app/app.h"
#include "app/uts_hs.h"

#define HS_FIXED(H) ((H) == GS_SYNC_HS_FIXED || (H) == GS_SYNC_HS_TICKET)
#define HS_TICKET(H) ((H) == GS_SYNC_HS_TICKET)

/* The fixed variant's __syncwarp; nothing in the shipped one. */
template <int H>
static __device__ __forceinline__ void hs_syncwarp(void)
{
    if (HS_FIXED(H))
        __syncwarp();
}

/* __gpuLock: CAS 0 -> 1 until it returns 0, a fence.sc after each CAS. */
static __device__ __forceinline__ bool hs_lock(unsigned int *l, gs_wait_t *w)
{
    for (;;) {
        const unsigned int v = gs_atom_cas_relaxed(l, 0u, 1u, GS_SCOPE_GPU);
        gs_fence_sc(GS_SCOPE_GPU); /* HeteroSync: "acquire semantics needed here" */
        if (v == 0u)
            return true;
        if (gs_wait_spin(w))
            return false;
    }
}

/* __gpuTryLock: one CAS, then fence.sc. */
static __device__ __forceinline__ bool hs_trylock(unsigned int *l)
{
    const unsigned int v = gs_atom_cas_relaxed(l, 0u, 1u, GS_SCOPE_GPU);
    gs_fence_sc(GS_SCOPE_GPU);
    return v == 0u;
}

/* __gpuLockRelaxed: peek (atomicAdd(l, 0)), CAS only when it looks free.
 * Shipped, `v` starts at 0 (as if a CAS had won), so a lock held at the first
 * peek ends the loop without it; fixed, it starts at 1. */
template <int H>
static __device__ __forceinline__ bool hs_lock_relaxed(unsigned int *l, gs_wait_t *w)
{
    unsigned int v = HS_FIXED(H) ? 1u : 0u;
    do {
        if (gs_atom_add_relaxed(l, 0u, GS_SCOPE_GPU) == 0u) {
            v = gs_atom_cas_relaxed(l, 0u, 1u, GS_SCOPE_GPU);
            gs_fence_sc(GS_SCOPE_GPU);
        }
        if (v != 0u && gs_wait_spin(w))
            return false;
    } while (v != 0u);
    return true;
}

/* __gpuUnlock: fence.sc, then a relaxed exchange of 0. */
static __device__ __forceinline__ void hs_unlock(unsigned int *l)
{
    gs_fence_sc(GS_SCOPE_GPU);
    gs_atom_exch_relaxed(l, 0u, GS_SCOPE_GPU);
}

/* A head read from memory, within [0, size]; out of it counted in out[3]. */
static __device__ __forceinline__ int hs_head(const gs_uts_hs_args &a, const int *head, int size)
{
    const int h = *head;
    if (h >= 0 && h <= size)
        return h;
    gs_atom_add_relaxed(&a.out[3], 1u, GS_SCOPE_GPU);
    return h < 0 ? 0 : size;
}

/* The variant's lock, trylock, relaxed lock and unlock (lane 0; *t: its
 * ticket when the lock is gsync's). */
template <int H>
static __device__ __forceinline__ bool v_lock(unsigned int *l, unsigned int *t, gs_wait_t *w)
{
    return HS_TICKET(H) ? gs_mutex_ticket_lock((gs_mutex_ticket_t *)l, t, GS_SCOPE_GPU) : hs_lock(l, w);
}
template <int H>
static __device__ __forceinline__ bool v_trylock(unsigned int *l, unsigned int *t)
{
    return HS_TICKET(H) ? gs_mutex_ticket_trylock((gs_mutex_ticket_t *)l, t, GS_SCOPE_GPU) : hs_trylock(l);
}
template <int H>
static __device__ __forceinline__ bool v_lock_relaxed(unsigned int *l, unsigned int *t, gs_wait_t *w)
{
    return HS_TICKET(H) ? gs_mutex_ticket_lock((gs_mutex_ticket_t *)l, t, GS_SCOPE_GPU) : hs_lock_relaxed<H>(l, w);
}
template <int H>
static __device__ __forceinline__ void v_unlock(unsigned int *l, unsigned int t)
{
    if (HS_TICKET(H))
        gs_mutex_ticket_unlock((gs_mutex_ticket_t *)l, t, GS_SCOPE_GPU);
    else
        hs_unlock(l);
}

static __global__ void uts_hs_init(gs_uts_hs_args a)
{
    gs_watchdog_arm((gs_watchdog_t *)a.watchdog, a.timeout_ns);
}

template <int H>
static __global__ void uts_hs(gs_uts_hs_args a)
{
    extern __shared__ int to_enqueue[]; /* a: [0, blockDim.x), b: [blockDim.x, 2 blockDim.x) */
    __shared__ unsigned int my_nodes_processed[1024 / GS_UTS_HS_FRONT];
    __shared__ bool got_global[1024 / GS_UTS_HS_FRONT];
    const int tx = threadIdx.x, tfid = tx / (int)GS_UTS_HS_FRONT, tfx = tx % (int)GS_UTS_HS_FRONT;
    const int T = (int)GS_UTS_HS_FRONT, local_size = (int)a.local_size, global_size = (int)a.global_size;
    const unsigned int corex = blockIdx.x % a.cores;
    int *to_enqueue_a = to_enqueue, *to_enqueue_b = to_enqueue + blockDim.x;
    int *global_stack = a.stacks, *local_stack = a.stacks + a.global_size + corex * a.local_size;
    int *global_head = a.heads, *local_head = a.heads + corex + 1;
    unsigned int *global_lock = a.locks, *local_lock = a.locks + (corex + 1u) * (GS_UTS_HS_LOCK_BYTES / 4u);
    unsigned int global_ticket = 0u, local_ticket = 0u; /* lane 0's, for gsync's lock */
    gs_wait_t w = GS_WAIT_INIT; /* lane 0's: its locks, and once an iteration */
    bool quit = false;          /* lane 0: the watchdog fired */
    if (tfx == 0)
        my_nodes_processed[tfid] = gs_atom_add_relaxed(&a.out[0], 0u, GS_SCOPE_GPU);
    hs_syncwarp<H>();
    while (my_nodes_processed[tfid] < a.total) {
        int process_index = -1, my_local_head, my_global_head;
        if (tfx == 0)
            quit |= !v_lock<H>(local_lock, &local_ticket, &w);
        hs_syncwarp<H>();
        my_local_head = hs_head(a, local_head, local_size);
        if (my_local_head == 0) { /* empty: half of it from the global stack, if that lock is free */
            if (tfx == 0)
                got_global[tfid] = v_trylock<H>(global_lock, &global_ticket);
            hs_syncwarp<H>();
            if (got_global[tfid]) {
                my_global_head = hs_head(a, global_head, global_size);
                for (int i = 0; i < local_size / 2; i += T) {
                    if (my_global_head > tfx && i + tfx < local_size)
                        local_stack[i + tfx] = global_stack[my_global_head - tfx - 1];
                    if (my_global_head > T) {
                        my_local_head += T, my_global_head -= T;
                    } else {
                        my_local_head += my_global_head, my_global_head = 0;
                        break;
                    }
                }
                hs_syncwarp<H>();
                if (tfx == 0) {
                    *global_head = my_global_head;
                    v_unlock<H>(global_lock, global_ticket);
                }
            }
        }
        if (my_local_head > local_size) { /* a refill past the stack's end */
            gs_atom_add_relaxed(&a.out[3], 1u, GS_SCOPE_GPU);
            my_local_head = local_size;
        }
        if (my_local_head > tfx)
            process_index = local_stack[my_local_head - tfx - 1];
        if (process_index >= (int)a.total) {
            gs_atom_add_relaxed(&a.out[3], 1u, GS_SCOPE_GPU);
            process_index = -1;
        }
        hs_syncwarp<H>();
        if (tfx == 0) {
            *local_head = my_local_head > T ? my_local_head - T : 0;
            v_unlock<H>(local_lock, local_ticket);
        }
        if (process_index >= 0) { /* a node a lane */
            gs_uts_hs_node *x = &a.tree[process_index];
            const int child_a = x->child_a, child_b = x->child_b;
            to_enqueue_a[tx] = child_a, to_enqueue_b[tx] = child_b;
            x->value += x->to_add;
            if (child_a == 0) {
                gs_atom_add_relaxed(&a.out[2], x->value, GS_SCOPE_GPU);
                gs_atom_add_relaxed(&a.out[1], 1u, GS_SCOPE_GPU);
            } else {
                a.tree[child_a].depth = x->depth + 1u;
                a.tree[child_b].depth = x->depth + 1u;
                a.tree[child_a].to_add = 0u;
                a.tree[child_b].to_add = 0u;
            }
            gs_atom_add_relaxed(&a.out[0], 1u, GS_SCOPE_GPU);
        } else {
            to_enqueue_a[tx] = to_enqueue_b[tx] = 0;
        }
        hs_syncwarp<H>();
        if (tfx == 0) { /* lane 0 pushes its front's children, two at a time */
            for (int next = tx; next < tx + T && !quit;) {
                if (to_enqueue_a[next] == 0) {
                    ++next;
                    continue;
                }
                bool enqueued = false;
                quit |= !v_lock<H>(local_lock, &local_ticket, &w);
                my_local_head = hs_head(a, local_head, local_size);
                if (my_local_head <= local_size - 2) {
                    local_stack[my_local_head] = to_enqueue_a[next];
                    local_stack[my_local_head + 1] = to_enqueue_b[next];
                    my_local_head += 2;
                    enqueued = true;
                } else { /* full: to the global stack, with half the local one */
                    quit |= !v_lock_relaxed<H>(global_lock, &global_ticket, &w);
                    my_global_head = hs_head(a, global_head, global_size);
                    if (my_global_head < global_size - 2) {
                        global_stack[my_global_head] = to_enqueue_a[next];
                        global_stack[my_global_head + 1] = to_enqueue_b[next];
                        *global_head = my_global_head + 2;
                    }
                    for (int i = 0; my_global_head < global_size && i < local_size / 2; ++i)
                        global_stack[my_global_head++] = local_stack[--my_local_head];
                    *global_head = my_global_head;
                    v_unlock<H>(global_lock, global_ticket);
                }
                *local_head = my_local_head;
                v_unlock<H>(local_lock, local_ticket);
                if (enqueued)
                    ++next;
                else
                    quit |= gs_wait_spin(&w) != 0;
            }
            quit |= gs_wait_spin(&w) != 0;
            my_nodes_processed[tfid] = quit ? a.total : gs_atom_add_relaxed(&a.out[0], 0u, GS_SCOPE_GPU);
        }
        hs_syncwarp<H>();
    }
}

extern "C" int gs_uts_hs_setup(const gs_uts_hs_args *a)
{
    uts_hs_init<<<1, 1>>>(*a);
    return (int)cudaGetLastError();
}

static const void *uts_hs_kernel(unsigned int mode)
{
    return mode == GS_SYNC_HS_FIXED    ? (const void *)uts_hs<GS_SYNC_HS_FIXED>
           : mode == GS_SYNC_HS_TICKET ? (const void *)uts_hs<GS_SYNC_HS_TICKET>
                                       : (const void *)uts_hs<GS_SYNC_HS_SHIPPED>;
}

/* As HeteroSync launches it: an ordinary launch. */
extern "C" int gs_uts_hs_run(const gs_uts_hs_args *a, unsigned int mode, cudaEvent_t t0, cudaEvent_t t1)
{
    gs_uts_hs_args copy = *a;
    void *args[] = {&copy};
    const dim3 grid = {a->blocks, 1, 1}, block = {a->threads, 1, 1};
    cudaError_t e;
    if ((e = cudaEventRecord(t0, 0)) != cudaSuccess ||
        (e = cudaLaunchKernel(uts_hs_kernel(mode), grid, block, args, 2u * 4u * a->threads, 0)) != cudaSuccess)
        return (int)e;
    return (int)cudaEventRecord(t1, 0);
}

extern "C" int gs_uts_hs_occupancy(unsigned int threads, int *per_sm)
{
    int most = 1 << 30, x;
    const unsigned int modes[] = {GS_SYNC_HS_SHIPPED, GS_SYNC_HS_FIXED, GS_SYNC_HS_TICKET};
    for (int i = 0; i < 3; ++i) {
        cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&x, uts_hs_kernel(modes[i]), (int)threads,
                                                                      2u * 4u * threads);
        if (e != cudaSuccess)
            return (int)e;
        most = x < most ? x : most;
    }
    *per_sm = most;
    return 0;
}
