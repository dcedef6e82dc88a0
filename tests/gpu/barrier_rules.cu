/* barrier_rules.cu: the kernel of the GPU tests of the barrier's rules
 * (barrier_rules.h), written as a user's kernel: blocks and grids of any
 * shape, slots indexed by the linear thread and block.  A watchdog build, as
 * gsync-bench's: a wait gives up after the deadline, and misuse traps. */
#define GSYNC_WATCHDOG
#include <gsync/barrier/atomic_tree.cuh>
#include <gsync/barrier/counter.cuh>
#include <gsync/barrier/fx_lock.cuh>
#include <gsync/barrier/fx_lockfree.cuh>
#include <gsync/barrier/lf_tree.cuh>
#include <gsync/barrier/sense_reversing.cuh>
#include <gsync/host.h>

#include "barrier_rules.h"

#include <string.h>

#define RULES_TIMEOUT_NS 5000000000ull

typedef struct rules_args {
    gs_barrier_t bar;
    gs_barrier_t *global_bar;
    unsigned int *state, *slots, *out;
    unsigned int groups, episodes;
    int which, where;
} rules_args;

static __global__ void rules_arm(gs_watchdog_t *wd)
{
    gs_watchdog_arm(wd, RULES_TIMEOUT_NS);
}

/* The barrier asked for; `epoch`: barriers passed before this one. */
static __device__ bool rules_sync(const rules_args *a, gs_barrier_t *bar, unsigned int epoch)
{
    unsigned int *st = a->state;
    const unsigned int n = gs_barrier_blocks();
    switch (a->which) {
    case GS_RULES_SR: {
        gs_barrier_sr_t b = {st, st + 32, a->groups};
        return gs_barrier_sr_sync(b, epoch);
    }
    case GS_RULES_ATOMIC_TREE: {
        gs_barrier_atomic_tree_t b = {st, st + 32, a->groups};
        return gs_barrier_atomic_tree_sync(b);
    }
    case GS_RULES_LF_TREE: {
        gs_barrier_lf_tree_t b = {st, st + 2u * a->groups, a->groups, (n + a->groups - 1u) / a->groups};
        return gs_barrier_lf_tree_sync(b);
    }
    case GS_RULES_FX_LOCKFREE: {
        gs_barrier_fx_lockfree_t b = {st, st + n};
        return gs_barrier_fx_lockfree_sync(b, epoch, true);
    }
    case GS_RULES_FX_LOCK:
        return gs_barrier_fx_lock_sync((gs_barrier_fx_lock_t *)st, epoch, true, false);
    default:
        return gs_barrier_sync(bar);
    }
}

static __global__ void rules_kernel(rules_args a)
{
    __shared__ gs_barrier_t shared_bar;
    gs_barrier_t own = a.bar, *bar = &own;
    const unsigned int n = gs_barrier_blocks(), b = gs_barrier_block_id();
    const unsigned int t = gs_barrier_thread(), threads = gs_barrier_threads();
    unsigned int stale = 0u;
    if (a.where == GS_RULES_SHARED) {
        if (t == 0u)
            shared_bar = a.bar;
        __syncthreads();
        bar = &shared_bar;
    } else if (a.where == GS_RULES_GLOBAL) {
        bar = a.global_bar;
    }
    for (unsigned int e = 1u; e <= a.episodes; ++e) {
        a.slots[(size_t)b * threads + t] = e;
        if (!rules_sync(&a, bar, 2u * e - 2u))
            break;
        /* another block's thread; nobody writes e + 1 before the next barrier */
        stale += a.slots[(size_t)((b + e) % n) * threads + (t + e) % threads] != e;
        if (!rules_sync(&a, bar, 2u * e - 1u))
            break;
    }
    if (stale)
        atomicAdd(&a.out[0], stale);
}

extern "C" const char *gs_rules_name(int which)
{
    static const char *const names[GS_RULES_WHICH] = {"gsBarrier", "srBarrier", "atomicTreeBarrUniq",
                                                      "lfTreeBarrUniq", "fxLockFreeBarrier", "fxLockBarrier"};
    return which >= 0 && which < GS_RULES_WHICH ? names[which] : "?";
}

extern "C" cudaError_t gs_rules_per_sm(unsigned int threads, unsigned int *per_sm)
{
    return gs_blocks_per_sm((const void *)rules_kernel, threads, 0, per_sm);
}

static size_t rules_state_bytes(unsigned int blocks, unsigned int groups)
{
    const size_t baselines = 4u * (4u * (size_t)blocks + 4u * groups + 64u);
    const size_t gs = (size_t)gs_barrier_bytes(blocks);
    return gs > baselines ? gs : baselines;
}

extern "C" cudaError_t gs_rules_open(gs_rules *r, int which, int form, dim3 grid, dim3 block)
{
    int dev = 0, sms = 0;
    cudaError_t e;
    memset(r, 0, sizeof *r);
    r->which = which, r->grid = grid, r->block = block;
    r->blocks = grid.x * grid.y * grid.z;
    r->threads = block.x * block.y * block.z;
    if ((e = cudaGetDevice(&dev)) != cudaSuccess ||
        (e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev)) != cudaSuccess)
        return e;
    r->groups = (unsigned int)sms < r->blocks ? (unsigned int)sms : r->blocks;
    const size_t bytes = rules_state_bytes(r->blocks, r->groups);
    if ((e = cudaMalloc((void **)&r->state, bytes)) != cudaSuccess ||
        (e = cudaMalloc((void **)&r->slots, (size_t)r->blocks * r->threads * sizeof(unsigned int))) != cudaSuccess ||
        (e = cudaMalloc((void **)&r->out, 2u * sizeof(unsigned int))) != cudaSuccess ||
        (e = cudaMalloc((void **)&r->global_bar, sizeof(gs_barrier_t))) != cudaSuccess ||
        (e = cudaMalloc((void **)&r->wd, sizeof(gs_watchdog_t))) != cudaSuccess ||
        (e = cudaMemset(r->state, 0, bytes)) != cudaSuccess)
        return e;
    if (which == GS_RULES_GS)
        return gs_barrier_plan(&r->bar, r->state, r->blocks, r->threads, form, 0);
    return cudaSuccess;
}

extern "C" cudaError_t gs_rules_run(gs_rules *r, int where, int checked, unsigned int episodes, unsigned int *stale,
                                    unsigned int *abandoned)
{
    rules_args a = {r->bar, r->global_bar, r->state, r->slots, r->out, r->groups, episodes, r->which, where};
    void *args[] = {&a};
    gs_watchdog_t wd;
    cudaError_t e;
    rules_arm<<<1, 1>>>(r->wd);
    if ((e = cudaGetLastError()) != cudaSuccess ||
        (e = cudaMemset(r->out, 0, 2u * sizeof(unsigned int))) != cudaSuccess ||
        (e = cudaMemcpy(r->global_bar, &r->bar, sizeof r->bar, cudaMemcpyHostToDevice)) != cudaSuccess)
        return e;
    if (checked && r->which == GS_RULES_GS)
        e = gs_barrier_launch((const void *)rules_kernel, r->grid, r->block, args, 0, 0, &r->bar);
    else
        e = cudaLaunchCooperativeKernel((const void *)rules_kernel, r->grid, r->block, args, 0, 0);
    if (e != cudaSuccess || (e = cudaDeviceSynchronize()) != cudaSuccess ||
        (e = cudaMemcpy(&wd, r->wd, sizeof wd, cudaMemcpyDeviceToHost)) != cudaSuccess ||
        (e = cudaMemcpy(stale, r->out, sizeof *stale, cudaMemcpyDeviceToHost)) != cudaSuccess)
        return e;
    *abandoned = wd.abort;
    return cudaSuccess;
}

extern "C" void gs_rules_close(gs_rules *r)
{
    cudaFree(r->state);
    cudaFree(r->slots);
    cudaFree(r->out);
    cudaFree(r->global_bar);
    cudaFree(r->wd);
}
