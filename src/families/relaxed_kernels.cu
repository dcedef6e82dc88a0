/* relaxed_kernels.cu: the relaxed-atomics microbenchmarks of HeteroSync's
 * paper (Flags, HG, HG-NO, RefCounter, Seqlocks, SplitCounter), written anew
 * for gsync, each in three orderings (template O, enum gs_rx_order):
 *   sc:      fence.sc.gpu before and after every synchronizing access, the
 *            accesses themselves relaxed (HeteroSync's SC baseline);
 *   acqrel:  release stores, acquire loads, acq_rel read-modify-writes, or
 *            the fewer a correct program needs where the pattern is known
 *            (RefCounter's and Seqlocks' textbook orderings);
 *   relaxed: relaxed where the paper relaxes.
 * All at gpu scope.  Data a pattern reads while racing with writers is read
 * with relaxed (strong) loads, never plain ones.  What each checks is in
 * relaxed.c's verify and docs/relaxed.md.
 * Progress: every wait goes through the watchdog (gsync/wait.cuh); Flags
 * needs every block resident (its workers wait for main, then a barrier).
 */
#include "core/bench.cuh"
#include "families/relaxed.h"

#define GPU GS_SCOPE_GPU

/* ---- the three orderings of one access ---- */
template <int O> static __device__ __forceinline__ unsigned int rx_load(const unsigned int *p)
{
    if (O == GS_RX_SC) {
        gs_fence_sc(GPU);
        const unsigned int v = gs_ld_relaxed(p, GPU);
        gs_fence_sc(GPU);
        return v;
    }
    return O == GS_RX_ACQREL ? gs_ld_acquire(p, GPU) : gs_ld_relaxed(p, GPU);
}
template <int O> static __device__ __forceinline__ void rx_store(unsigned int *p, unsigned int v)
{
    if (O == GS_RX_SC) {
        gs_fence_sc(GPU);
        gs_st_relaxed(p, v, GPU);
        gs_fence_sc(GPU);
    } else if (O == GS_RX_ACQREL)
        gs_st_release(p, v, GPU);
    else
        gs_st_relaxed(p, v, GPU);
}
template <int O> static __device__ __forceinline__ unsigned int rx_add(unsigned int *p, unsigned int v)
{
    if (O == GS_RX_SC) {
        gs_fence_sc(GPU);
        const unsigned int old = gs_atom_add_relaxed(p, v, GPU);
        gs_fence_sc(GPU);
        return old;
    }
    return O == GS_RX_ACQREL ? gs_atom_add_acq_rel(p, v, GPU) : gs_atom_add_relaxed(p, v, GPU);
}

#define RXP GS_PARAMS(gs_rx_params, a)
static __device__ __forceinline__ unsigned int rx_tid(void)
{
    return blockIdx.x * blockDim.x + threadIdx.x;
}
/* A count into a check word, once per thread (relaxed: the host reads it
 * after the kernel). */
static __device__ __forceinline__ void rx_count(const gs_bench_args &a, unsigned int word, unsigned int n)
{
    if (n)
        gs_red_add_relaxed(&a.check[word], n, GPU);
}

/* ---- Flags: the last block is main; the others work a.iters iterations
 * and then until main says stop (read every iteration), setting "dirty"
 * when a word they read is below the rate; every block then
 * joins gsync's barrier, after which main reads "dirty" and how many
 * workers left.  State: stop (line 0), dirty (line 1), left (line 2), the
 * barrier (from line 4). ---- */
template <int O> static __device__ void rx_flags(const gs_bench_args &a)
{
    const gs_rx_params *p = RXP;
    unsigned int *st = (unsigned int *)a.state, *stop = st, *dirty = st + 32, *left = st + 64;
    const bool main_block = blockIdx.x == gridDim.x - 1u;
    const unsigned int n = p->samples, stride = gridDim.x * blockDim.x;
    unsigned int i = rx_tid() % n, met = 0u, acc = 0u;
    gs_wait_t w = GS_WAIT_INIT;
    if (main_block) {
        for (unsigned int it = 0; it < a.iters; ++it, i = (i + stride) % n)
            acc += a.data[i] < p->rate; /* the workers' work, without the flags */
        __syncthreads();
        if (threadIdx.x == 0)
            rx_store<O>(stop, 1u);
    } else {
        bool quit = false, stopped;
        unsigned int it = 0u;
        do { /* at least a.iters iterations, then until main says stop */
            if (a.data[i] < p->rate) {
                ++met;
                rx_store<O>(dirty, 1u);
            }
            i = (i + stride) % n;
            stopped = rx_load<O>(stop) != 0u;
            quit = gs_wait_spin(&w) != 0;
        } while ((++it < a.iters || !stopped) && !quit);
        rx_count(a, GS_RX_C_MET, met);
        if (quit)
            rx_count(a, GS_RX_C_TIMEOUT, 1u);
        __syncthreads();
        if (threadIdx.x == 0) {
            gs_red_add_relaxed(left, 1u, GPU); /* ordered by the barrier */
            rx_count(a, GS_RX_C_LEFT, 1u);
        }
    }
    if (O == GS_RX_BROKEN && main_block && threadIdx.x == 0) /* twin: counts the workers before the barrier */
        a.check[GS_RX_C_SEEN] = gs_ld_relaxed(left, GPU);
    gs_barrier_t b = GS_BARRIER_FLAT_INIT(st + 128);
    if (!gs_barrier_sync(&b)) {
        if (threadIdx.x == 0)
            rx_count(a, GS_RX_C_TIMEOUT, 1u);
        return;
    }
    if (main_block && threadIdx.x == 0) {
        a.check[GS_RX_C_DIRTY] = rx_load<O>(dirty);
        if (O != GS_RX_BROKEN)
            a.check[GS_RX_C_SEEN] = gs_ld_relaxed(left, GPU); /* after the barrier's acquire */
    }
    if (acc == ~0u) /* keeps main's work */
        a.check[GS_RX_C_BAD] = 1u;
}

/* ---- HG and HG-2K: every thread adds its samples' bins, a.iters passes
 * over the input.  data: samples, then bins. ---- */
template <int O> static __device__ void rx_hg_pass(const gs_bench_args &a, unsigned int passes)
{
    const gs_rx_params *p = RXP;
    unsigned int *bins = a.data + p->samples;
    const unsigned int stride = gridDim.x * blockDim.x;
    for (unsigned int it = 0; it < passes; ++it)
        for (unsigned int i = rx_tid(); i < p->samples; i += stride) {
            unsigned int *bin = &bins[__ldg(&a.data[i]) >> p->bin_shift];
            if (O == GS_RX_BROKEN) /* twin: a load and a store, not one atomic */
                gs_st_relaxed(bin, gs_ld_relaxed(bin, GPU) + 1u, GPU);
            else
                (void)rx_add<O>(bin, 1u);
        }
}
template <int O> static __device__ void rx_hg(const gs_bench_args &a)
{
    rx_hg_pass<O>(a, a.iters);
}

/* ---- HG-NO: one pass of HG (relaxed), then, timed, one block reads every
 * bin a.iters times with the ordering under test and writes what it read
 * last after the bins.  data: samples, bins, the bins as read. ---- */
static __global__ void rx_hgno_fill(gs_bench_args a)
{
    rx_hg_pass<GS_RX_RELAXED>(a, 1u);
}
template <int O> static __device__ void rx_hgno(const gs_bench_args &a)
{
    const gs_rx_params *p = RXP;
    const unsigned int *bins = a.data + p->samples;
    unsigned int *out = a.data + p->samples + p->bins;
    for (unsigned int it = 0; it < a.iters; ++it)
        for (unsigned int b = threadIdx.x; b < p->bins; b += blockDim.x) {
            const unsigned int v = rx_load<O>(&bins[b]);
            if (it + 1u == a.iters)
                out[b] = v;
        }
}

/* ---- RefCounter: thread t of the blocks of group g (block b in b %
 * groups) shares object g * threads + t, whose count starts at its holders
 * (the host's).  Each round takes a reference, reads the payload (object +
 * 1 while referenced), drops it; the last drop of the initial references
 * marks the object and frees it (payload 0).  acqrel: increments relaxed,
 * decrements release, the last acquires (fence.acquire) before freeing.
 * data: counts, marks, payloads. ---- */
template <int O> static __device__ unsigned int rx_rc_drop(unsigned int *count)
{
    if (O == GS_RX_BROKEN) { /* twin: a load and a store */
        const unsigned int old = gs_ld_relaxed(count, GPU);
        gs_st_relaxed(count, old - 1u, GPU);
        return old;
    }
    if (O == GS_RX_ACQREL)
        return gs_atom_add_release(count, ~0u, GPU);
    return rx_add<O>(count, ~0u);
}
template <int O> static __device__ void rx_rc(const gs_bench_args &a)
{
    const gs_rx_params *p = RXP;
    const unsigned int objects = p->groups * blockDim.x;
    const unsigned int obj = (blockIdx.x % p->groups) * blockDim.x + threadIdx.x;
    unsigned int *count = a.data + obj, *mark = a.data + objects + obj, *payload = a.data + 2u * objects + obj;
    unsigned int bad = 0u;
    for (unsigned int it = 0; it < a.iters; ++it) {
        if (O == GS_RX_ACQREL)
            (void)gs_atom_add_relaxed(count, 1u, GPU);
        else if (O == GS_RX_BROKEN)
            gs_st_relaxed(count, gs_ld_relaxed(count, GPU) + 1u, GPU);
        else
            (void)rx_add<O>(count, 1u);
        bad += gs_ld_relaxed(payload, GPU) != obj + 1u;
        (void)rx_rc_drop<O>(count);
    }
    if (rx_rc_drop<O>(count) == 1u) { /* the last holder */
        if (O == GS_RX_ACQREL)
            gs_fence_acquire(GPU);
        gs_red_add_relaxed(mark, 1u, GPU);
        gs_st_relaxed(payload, 0u, GPU);
    }
    rx_count(a, GS_RX_C_BAD, bad);
}

/* ---- Seqlocks: block 0's thread 0 writes the pair (w, w * KEY) under the
 * sequence number (odd while writing), once every time the reader blocks
 * have together finished one more round of reads (a rare writer that
 * cannot starve them); every thread of the other blocks reads the pair
 * a.iters times, retrying while the number is odd or changed.
 *   sc:      every access fenced; relaxed (the paper's): the number's
 *            accesses fenced, the data's relaxed with no fences;
 *   acqrel:  Boehm's seqlock: the number's first load acquires, a
 *            fence.acquire before its second; the writer's fence.release
 *            after its odd store, its even store a release;
 *   nofence: acqrel without the two fences (not ordered: the model lets a
 *            reader take a torn pair; its FAIL is evidence, not an error).
 * State: seq (line 0), the pair (line 1), readers done (line 2), reader
 * rounds (line 3). ---- */
template <int O> static __device__ void rx_sl_write(unsigned int *seq, unsigned int *pair, unsigned int w)
{
    const unsigned int s = 2u * w;
    if (O == GS_RX_BROKEN) { /* twin: the pair written outside the odd window, half at a time */
        gs_st_relaxed(&pair[0], w, GPU);
        gs_nanosleep(GS_RX_SL_GAP_NS / 4u);
        gs_st_relaxed(&pair[1], w * GS_RX_SL_KEY, GPU);
        gs_st_relaxed(seq, s - 1u, GPU);
        gs_st_release(seq, s, GPU);
        return;
    }
    if (O == GS_RX_SC || O == GS_RX_RELAXED) {
        rx_store<GS_RX_SC>(seq, s - 1u);
        if (O == GS_RX_SC) {
            rx_store<GS_RX_SC>(&pair[0], w);
            rx_store<GS_RX_SC>(&pair[1], w * GS_RX_SL_KEY);
        } else {
            gs_st_relaxed(&pair[0], w, GPU);
            gs_st_relaxed(&pair[1], w * GS_RX_SL_KEY, GPU);
        }
        rx_store<GS_RX_SC>(seq, s);
        return;
    }
    gs_st_relaxed(seq, s - 1u, GPU);
    if (O == GS_RX_ACQREL)
        gs_fence_release(GPU);
    gs_st_relaxed(&pair[0], w, GPU);
    gs_st_relaxed(&pair[1], w * GS_RX_SL_KEY, GPU);
    gs_st_release(seq, s, GPU);
}
/* One read attempt: true when it was consistent, the pair in v. */
template <int O> static __device__ bool rx_sl_read(const unsigned int *seq, const unsigned int *pair, unsigned int v[2],
                                                   unsigned int *s1)
{
    if (O == GS_RX_SC || O == GS_RX_RELAXED || O == GS_RX_BROKEN) {
        *s1 = rx_load<GS_RX_SC>(seq);
        if (O == GS_RX_SC) {
            v[0] = rx_load<GS_RX_SC>(&pair[0]);
            v[1] = rx_load<GS_RX_SC>(&pair[1]);
        } else {
            v[0] = gs_ld_relaxed(&pair[0], GPU);
            v[1] = gs_ld_relaxed(&pair[1], GPU);
        }
        return !(*s1 & 1u) && rx_load<GS_RX_SC>(seq) == *s1;
    }
    *s1 = gs_ld_acquire(seq, GPU);
    v[0] = gs_ld_relaxed(&pair[0], GPU);
    v[1] = gs_ld_relaxed(&pair[1], GPU);
    if (O == GS_RX_ACQREL)
        gs_fence_acquire(GPU);
    return !(*s1 & 1u) && gs_ld_relaxed(seq, GPU) == *s1;
}
template <int O> static __device__ void rx_sl(const gs_bench_args &a)
{
    unsigned int *st = (unsigned int *)a.state, *seq = st, *pair = st + 32, *done = st + 64, *rounds = st + 96;
    const unsigned int readers = gridDim.x - 1u;
    gs_wait_t w = GS_WAIT_INIT;
    if (blockIdx.x == 0) {
        if (threadIdx.x != 0)
            return;
        unsigned int writes = 0u, next = readers;
        /* relaxed: done and rounds publish nothing, they only pace the writer */
        while (gs_ld_relaxed(done, GPU) < readers) {
            if (gs_ld_relaxed(rounds, GPU) >= next) {
                rx_sl_write<O>(seq, pair, ++writes);
                next += readers;
            } else if (gs_wait_spin(&w)) {
                rx_count(a, GS_RX_C_TIMEOUT, 1u);
                break;
            }
        }
        a.check[GS_RX_C_WRITES] = writes;
        a.check[GS_RX_C_SEQ] = gs_ld_relaxed(seq, GPU);
        a.check[GS_RX_C_PAIR0] = gs_ld_relaxed(&pair[0], GPU);
        a.check[GS_RX_C_PAIR1] = gs_ld_relaxed(&pair[1], GPU);
        return;
    }
    unsigned int torn = 0u, retries = 0u, v[2], s1;
    bool quit = false;
    for (unsigned int it = 0; it < a.iters; ++it) {
        bool stuck = false;
        while (!rx_sl_read<O>(seq, pair, v, &s1)) {
            ++retries;
            if ((stuck = gs_wait_spin(&w) != 0))
                break;
        }
        if (!stuck)
            torn += v[1] != v[0] * GS_RX_SL_KEY || 2u * v[0] != s1;
        if ((quit = __syncthreads_or(stuck) != 0))
            break;
        if (threadIdx.x == 0)
            gs_red_add_relaxed(rounds, 1u, GPU);
    }
    rx_count(a, GS_RX_C_BAD, torn);
    rx_count(a, GS_RX_C_RETRIES, retries);
    if (threadIdx.x == 0) {
        if (quit)
            rx_count(a, GS_RX_C_TIMEOUT, 1u);
        gs_red_add_relaxed(done, 1u, GPU);
    }
}

/* ---- SplitCounter: every thread of a writer block stores 1..a.iters into
 * its own counter; reader blocks (one in GS_RX_SPLIT_EVERY) sweep all the
 * writers' counters until the writers are done, then once more.  A thread's
 * sum over its share may never fall between sweeps, nor any counter exceed
 * a.iters; the block's sum after the writers are done must be exact (sc,
 * acqrel: their done count is released and acquired).  data: a counter per
 * thread.  State: writer blocks done (line 0). ---- */
static __device__ __forceinline__ bool rx_split_reader(unsigned int b, unsigned int blocks)
{
    return blocks < GS_RX_SPLIT_EVERY ? b == blocks - 1u : b % GS_RX_SPLIT_EVERY == GS_RX_SPLIT_EVERY - 1u;
}
template <int O> static __device__ void rx_split(const gs_bench_args &a)
{
    unsigned int *done = (unsigned int *)a.state;
    const unsigned int blocks = gridDim.x, readers = blocks < GS_RX_SPLIT_EVERY ? 1u : blocks / GS_RX_SPLIT_EVERY;
    const unsigned int writers = blocks - readers, n = blocks * blockDim.x;
    if (!rx_split_reader(blockIdx.x, blocks)) {
        unsigned int *mine = a.data + rx_tid();
        for (unsigned int i = 1; i <= a.iters; ++i) {
            if (O == GS_RX_BROKEN) { /* twin: a moment above every count a thread may reach */
                gs_st_relaxed(mine, a.iters + i, GPU);
                gs_nanosleep(100u);
            }
            rx_store<O>(mine, i);
        }
        __syncthreads();
        if (threadIdx.x == 0) {
            if (O == GS_RX_RELAXED)
                gs_red_add_relaxed(done, 1u, GPU);
            else
                gs_red_add_release(done, 1u, GPU);
        }
        return;
    }
    __shared__ unsigned long long block_sum;
    __shared__ int finished;
    gs_wait_t w = GS_WAIT_INIT;
    unsigned long long prev = 0ull, prev_block = 0ull;
    unsigned int bad = 0u, sweeps = 0u, inexact = 0u;
    const unsigned long long total = (unsigned long long)writers * blockDim.x * a.iters;
    for (int last = 0;; ++sweeps) { /* last: this sweep began after the writers were done */
        if (threadIdx.x == 0)
            block_sum = 0ull;
        __syncthreads();
        unsigned long long sum = 0ull;
        for (unsigned int j = threadIdx.x; j < n; j += blockDim.x) {
            if (rx_split_reader(j / blockDim.x, blocks))
                continue;
            const unsigned int v = rx_load<O>(a.data + j);
            bad += v > a.iters;
            sum += v;
        }
        bad += sum < prev;
        prev = sum;
        atomicAdd(&block_sum, sum);
        __syncthreads();
        if (threadIdx.x == 0) {
            bad += block_sum < prev_block || block_sum > total;
            prev_block = block_sum;
            if (last && O != GS_RX_RELAXED)
                inexact += block_sum != total;
        }
        if (last)
            break;
        __syncthreads();
        if (threadIdx.x == 0) { /* the writers done: one more sweep, then leave */
            const unsigned int d = O == GS_RX_RELAXED ? gs_ld_relaxed(done, GPU) : gs_ld_acquire(done, GPU);
            const int quit = d < writers && gs_wait_spin(&w);
            if (quit)
                rx_count(a, GS_RX_C_TIMEOUT, 1u);
            finished = d >= writers || quit;
        }
        __syncthreads();
        last = finished;
    }
    rx_count(a, GS_RX_C_BAD, bad);
    if (threadIdx.x == 0) {
        rx_count(a, GS_RX_C_SWEEPS, sweeps + 1u);
        rx_count(a, GS_RX_C_FINAL, inexact);
        rx_count(a, GS_RX_C_LEFT, 1u);
    }
}

/* ---- the kernels, one per (benchmark, ordering) ---- */
#define RX_KERNEL(NAME, FN, O)                                          \
    GS_BENCH_INIT(relaxed, NAME, (void)0)                               \
    static __global__ void gs_relaxed_kernel_##NAME(gs_bench_args a)   \
    {                                                                   \
        if (a.sync)                                                     \
            FN<O>(a);                                                   \
    }                                                                   \
    GS_BENCH_EXPORT(relaxed, NAME)
#define RX_KERNELS(NAME, FN)                                                                                   \
    RX_KERNEL(NAME##_sc, FN, GS_RX_SC) RX_KERNEL(NAME##_acqrel, FN, GS_RX_ACQREL)                                \
        RX_KERNEL(NAME##_relaxed, FN, GS_RX_RELAXED) RX_KERNEL(NAME##_broken, FN, GS_RX_BROKEN)

RX_KERNELS(flags, rx_flags)
RX_KERNELS(hg, rx_hg)
RX_KERNELS(rc, rx_rc)
RX_KERNELS(sl, rx_sl)
RX_KERNEL(sl_nofence, rx_sl, GS_RX_NOFENCE)
RX_KERNELS(split, rx_split)

/* HG-NO: the fill untimed, the reading block between t0 and t1. */
#define RX_HGNO(NAME, O)                                                                                      \
    GS_BENCH_INIT(relaxed, hgno_##NAME, (void)0)                                                             \
    static __global__ void gs_relaxed_kernel_hgno_##NAME(gs_bench_args a)                                    \
    {                                                                                                        \
        rx_hgno<O>(a);                                                                                       \
    }                                                                                                        \
    static cudaError_t gs_relaxed_host_hgno_##NAME(gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1)        \
    {                                                                                                        \
        cudaError_t e;                                                                                       \
        rx_hgno_fill<<<a->blocks, a->threads>>>(*a);                                                         \
        if ((e = cudaGetLastError()) != cudaSuccess || (e = cudaEventRecord(t0, 0)) != cudaSuccess)          \
            return e;                                                                                        \
        gs_relaxed_kernel_hgno_##NAME<<<1, a->threads>>>(*a);                                                \
        if ((e = cudaGetLastError()) != cudaSuccess)                                                         \
            return e;                                                                                        \
        return cudaEventRecord(t1, 0);                                                                       \
    }                                                                                                        \
    extern "C" const gs_kernels gs_kernels_relaxed_hgno_##NAME = {(const void *)gs_relaxed_init_hgno_##NAME, \
                                                                  (const void *)gs_relaxed_kernel_hgno_##NAME, \
                                                                  gs_relaxed_host_hgno_##NAME};
RX_HGNO(sc, GS_RX_SC)
RX_HGNO(acqrel, GS_RX_ACQREL)
RX_HGNO(relaxed, GS_RX_RELAXED)
