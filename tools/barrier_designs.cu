/* tools/barrier_designs.cu: a design-space sweep for gsync's device-wide
 * barrier, kept with the results it produced (bench/results/<gpu>/tuning/).
 *
 * One binary holds every candidate so that they run side by side on one GPU
 * with one build.  Each kernel is a persistent loop of barriers, 32-thread
 * blocks, launched cooperatively; "bare" runs only the barrier, "check"
 * also stamps each block's slot before the barrier and reads another
 * block's after it (a stale read is counted and reported).  Waits are
 * bounded: a wait past SPIN_LIMIT polls raises an error flag and leaves.
 *
 * Candidates (AG: blocks per arrival counter, RG: blocks per release flag):
 *   flat     every block red.release's one counter and polls it
 *   flata    atom.acq_rel on one counter; the arrival that completes the
 *            episode goes on, the others poll (optionally after sleeping
 *            sleep_ns per block still to come)
 *   flatk    one fence.acq_rel, then a red.relaxed on each of k copies of
 *            the counter (AG lines apart); a block polls copy b % k
 *   flag     atom.acq_rel on one counter; the last arrival st.release's a
 *            flag on another line, which the others poll
 *   tree     atom.acq_rel on the group counter; the group's last adds to the
 *            root; the last of all fans the release out to the flags with
 *            the whole warp
 *   gcnt     red.release on the group counter, no return; block 0's warp
 *            polls the counters (one per lane), then fans out the flags
 *   gslot    st.release of the episode into the block's own slot; block 0's
 *            warp polls the slots four at a time, then fans out the flags
 *   gridSync, cudaBarrier: the peers
 * poll 0: waiters poll with ld.acquire; poll 1: with ld.relaxed, then one
 * ld.acquire (gcnt's gatherer: relaxed polls, the fence acquires).
 * sleep_ns: a nanosleep between a waiter's polls after fast_polls of them.
 * The candidate list is the last round's; the CSVs of earlier rounds name
 * their candidates in their rows (tuning/commands.txt says what changed).
 *
 * Build: nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude tools/barrier_designs.cu -o build/barrier_designs
 * Run:   ./build/barrier_designs > designs.csv
 */
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <gsync/ptx.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

#define LINE 32u /* words per 128-byte line */
#define SPIN_LIMIT (1u << 26)

enum design { FLAT, TREE, GCNT, GSLOT, GRID_SYNC, CUDA_BARRIER, FLATK, FLAG, FLATA };
static const char *design_name[] = {"flat", "tree", "gcnt", "gslot", "gridSync", "cudaBarrier", "flatk", "flag", "flata"};

struct params {
    unsigned int *words; /* root, AG counters, RG flags, then n slots; zeroed */
    unsigned int *stamps, *err;
    unsigned int ag, rg, iters;
    int check, poll;       /* 0: ld.acquire polls; 1: ld.relaxed polls + ld.acquire */
    unsigned int sleep_ns; /* nanosleep between polls (0: none) */
    unsigned int k;        /* flatk: counter copies */
    unsigned int fast_polls; /* polls before the first sleep */
    void *libcu;
};

static __device__ __forceinline__ unsigned int *root_of(const params &p) { return p.words; }
static __device__ __forceinline__ unsigned int *counter_of(const params &p, unsigned int g)
{
    return p.words + LINE * (1u + g);
}
static __device__ __forceinline__ unsigned int *flag_of(const params &p, unsigned int g, unsigned int na)
{
    return p.words + LINE * (1u + na + g);
}
static __device__ __forceinline__ unsigned int *slots_of(const params &p, unsigned int na, unsigned int nr)
{
    return p.words + LINE * (1u + na + nr);
}
static __device__ __forceinline__ unsigned int groups(unsigned int n, unsigned int size)
{
    return (n + size - 1u) / size;
}
static __device__ __forceinline__ unsigned int members(unsigned int n, unsigned int size, unsigned int g)
{
    return min(size, n - g * size);
}

/* One thread waits for *w >= goal, acquire at gpu scope: poll 0 polls with
 * ld.acquire (LD + L1 invalidate each time); poll 1 with ld.relaxed, then
 * reads once more with ld.acquire. */
static __device__ __forceinline__ void wait_geq(const params &p, const unsigned int *w, unsigned int goal)
{
    unsigned int spins = 0u;
    while ((int)((p.poll ? gs_ld_relaxed(w, GS_SCOPE_GPU) : gs_ld_acquire(w, GS_SCOPE_GPU)) - goal) < 0) {
        if (p.sleep_ns && spins >= p.fast_polls && p.fast_polls != ~0u)
            gs_nanosleep(p.sleep_ns);
        if (++spins > SPIN_LIMIT) {
            gs_st_relaxed(p.err + 1, 1u, GS_SCOPE_GPU);
            return;
        }
    }
    if (p.poll)
        (void)gs_ld_acquire(w, GS_SCOPE_GPU);
}

/* The gatherer's lanes: relaxed polls; the fence.acq_rel that follows makes
 * them acquires. */
static __device__ __forceinline__ void wait_geq_relaxed(const params &p, const unsigned int *w, unsigned int goal)
{
    unsigned int spins = 0u;
    while ((int)(gs_ld_relaxed(w, GS_SCOPE_GPU) - goal) < 0)
        if (++spins > SPIN_LIMIT) {
            gs_st_relaxed(p.err + 1, 1u, GS_SCOPE_GPU);
            return;
        }
}

/* The whole warp writes `goal` into every release flag; the caller has
 * made these stores releases (fence.acq_rel after its acquire). */
static __device__ __forceinline__ void fan_out(const params &p, unsigned int na, unsigned int nr, unsigned int goal)
{
    for (unsigned int i = threadIdx.x; i < nr; i += 32u)
        gs_st_relaxed(flag_of(p, i, na), goal, GS_SCOPE_GPU);
}

/* The protocol, run by the block's first warp (all 32 lanes). */
template <int D> static __device__ __forceinline__ void protocol(const params &p, unsigned int e)
{
    const unsigned int n = gridDim.x, b = blockIdx.x, goal = e + 1u, lane = threadIdx.x;
    const unsigned int na = groups(n, p.ag), nr = groups(n, p.rg), g = b / p.ag;
    if (D == FLAT) {
        if (lane == 0u) {
            gs_red_add_release(root_of(p), 1u, GS_SCOPE_GPU);
            wait_geq(p, root_of(p), n * goal);
        }
        return;
    }
    if (D == FLATA) { /* arrival by atom.acq_rel: the last arrival needs no poll; with
                        sleep_ns, a block first sleeps sleep_ns per block still to come */
        if (lane == 0u) {
            const unsigned int left = n * goal - 1u - gs_atom_add_acq_rel(root_of(p), 1u, GS_SCOPE_GPU);
            if (left != 0u) {
                if (p.sleep_ns)
                    gs_nanosleep(min(left * p.sleep_ns, 2000u));
                wait_geq(p, root_of(p), n * goal);
            }
        }
        return;
    }
    if (D == FLAG) { /* the last arrival writes a flag nobody arrives on */
        if (lane == 0u) {
            if (gs_atom_add_acq_rel(root_of(p), 1u, GS_SCOPE_GPU) == n * goal - 1u)
                gs_st_release(flag_of(p, 0u, 1u), goal, GS_SCOPE_GPU);
            else
                wait_geq(p, flag_of(p, 0u, 1u), goal);
        }
        return;
    }
    if (D == FLATK) { /* one fence, then one red per copy (a lane each) */
        gs_fence_acq_rel(GS_SCOPE_GPU);
        if (lane < p.k) /* copies p.ag lines apart */
            gs_red_add_relaxed(counter_of(p, lane * p.ag), 1u, GS_SCOPE_GPU);
        if (lane == 0u)
            wait_geq(p, counter_of(p, (b % p.k) * p.ag), n * goal);
        return;
    }
    if (D == TREE) {
        unsigned int last = 0u;
        if (lane == 0u && gs_atom_add_acq_rel(counter_of(p, g), 1u, GS_SCOPE_GPU) == goal * members(n, p.ag, g) - 1u)
            last = gs_atom_add_acq_rel(root_of(p), 1u, GS_SCOPE_GPU) == goal * na - 1u;
        if (__shfl_sync(~0u, last, 0)) {
            gs_fence_acq_rel(GS_SCOPE_GPU);
            fan_out(p, na, nr, goal);
            return;
        }
        if (lane == 0u)
            wait_geq(p, flag_of(p, b / p.rg, na), goal);
        return;
    }
    if (D == GCNT) {
        if (lane == 0u)
            gs_red_add_release(counter_of(p, g), 1u, GS_SCOPE_GPU);
        if (b != 0u) {
            if (lane == 0u)
                wait_geq(p, flag_of(p, b / p.rg, na), goal);
            return;
        }
        for (unsigned int i = lane; i < na; i += 32u) /* poll 1: relaxed (then the fence) */
            if (p.poll)
                wait_geq_relaxed(p, counter_of(p, i), goal * members(n, p.ag, i));
            else
                wait_geq(p, counter_of(p, i), goal * members(n, p.ag, i));
        __syncwarp();
        gs_fence_acq_rel(GS_SCOPE_GPU);
        fan_out(p, na, nr, goal);
        return;
    }
    if (D == GSLOT) {
        unsigned int *slots = slots_of(p, na, nr);
        if (lane == 0u)
            gs_st_release(slots + b, goal, GS_SCOPE_GPU);
        if (b != 0u) {
            if (lane == 0u)
                wait_geq(p, flag_of(p, b / p.rg, na), goal);
            return;
        }
        for (unsigned int q = lane; 4u * q < n; q += 32u) { /* four slots per load */
            unsigned int spins = 0u, v[4];
            for (;;) {
                asm volatile("ld.relaxed.gpu.v4.u32 {%0,%1,%2,%3}, [%4];"
                             : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3])
                             : "l"(slots + 4u * q)
                             : "memory");
                bool done = true;
                for (unsigned int k = 0; k < 4u; ++k)
                    done &= 4u * q + k >= n || (int)(v[k] - goal) >= 0;
                if (done)
                    break;
                if (++spins > SPIN_LIMIT) {
                    gs_st_relaxed(p.err + 1, 1u, GS_SCOPE_GPU);
                    break;
                }
            }
        }
        __syncwarp();
        gs_fence_acq_rel(GS_SCOPE_GPU); /* acquires the slots, releases the flags */
        fan_out(p, na, nr, goal);
        return;
    }
}

typedef cuda::barrier<cuda::thread_scope_device> device_barrier;

template <int D> static __global__ void barrier_loop(params p)
{
    const unsigned int n = gridDim.x, b = blockIdx.x;
    unsigned int bad = 0u;
    for (unsigned int e = 0; e < p.iters; ++e) {
        if (p.check && threadIdx.x == 0u)
            gs_st_relaxed(p.stamps + (e & 1u) * n + b, e + 1u, GS_SCOPE_GPU);
        if (D == GRID_SYNC) {
            cooperative_groups::this_grid().sync();
        } else if (D == CUDA_BARRIER) {
            __syncthreads();
            if (threadIdx.x == 0u)
                ((device_barrier *)p.libcu)->arrive_and_wait();
            __syncthreads();
        } else {
            __syncthreads();
            if (threadIdx.x < 32u)
                protocol<D>(p, e);
            __syncthreads();
        }
        if (p.check && threadIdx.x == 0u)
            bad += gs_ld_relaxed(p.stamps + (e & 1u) * n + (b + 1u + 7u * e) % n, GS_SCOPE_GPU) != e + 1u;
    }
    if (bad)
        atomicAdd(p.err, bad);
}

static __global__ void libcu_init(void *where, unsigned int n) { new (where) device_barrier(n); }

/* One thread, 4096 times: kind 0 st.relaxed; 1 fence.acq_rel; 2 st.relaxed +
 * fence.acq_rel; 3 fence.sc; 4 red.release; 5 red.relaxed. */
static __global__ void fence_cost(unsigned int *w, int kind, unsigned long long *ns)
{
    const unsigned long long t0 = gs_globaltimer();
    for (int i = 0; i < 4096; ++i) {
        if (kind == 0 || kind == 2)
            gs_st_relaxed(w, (unsigned int)i, GS_SCOPE_GPU);
        if (kind == 1 || kind == 2)
            gs_fence_acq_rel(GS_SCOPE_GPU);
        if (kind == 3)
            gs_fence_sc(GS_SCOPE_GPU);
        if (kind == 4)
            gs_red_add_release(w + 32, 1u, GS_SCOPE_GPU);
        if (kind == 5)
            gs_red_add_relaxed(w + 32, 1u, GS_SCOPE_GPU);
    }
    *ns = gs_globaltimer() - t0;
}

#define CK(call)                                                                        \
    do {                                                                                \
        cudaError_t e_ = (call);                                                        \
        if (e_ != cudaSuccess) {                                                        \
            fprintf(stderr, "barrier_designs: %s: %s\n", #call, cudaGetErrorString(e_)); \
            exit(1);                                                                    \
        }                                                                               \
    } while (0)

template <int D> static void *kernel_of() { return (void *)barrier_loop<D>; }
static void *kernels[] = {kernel_of<FLAT>(),      kernel_of<TREE>(),         kernel_of<GCNT>(), kernel_of<GSLOT>(),
                          kernel_of<GRID_SYNC>(), kernel_of<CUDA_BARRIER>(), kernel_of<FLATK>(), kernel_of<FLAG>(), kernel_of<FLATA>()};

struct bufs {
    unsigned int *words, *stamps, *err;
    void *libcu;
    size_t words_bytes;
};

struct cand {
    int d;
    unsigned int ag, rg;
    int poll;
    unsigned int sleep_ns, k, fast_polls;
};

static void run(const bufs &m, const cand &c, unsigned int per_sm, int sms, int check, unsigned int iters, int reps)
{
    int max_per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&max_per_sm, kernels[c.d], 32, 0));
    if ((unsigned int)max_per_sm < per_sm) {
        printf("%s,%u,%u,%d,%u,%u,%u,%u,%u,%d,,,,refused: %d blocks/SM at most\n", design_name[c.d], c.ag, c.rg,
               c.poll, c.sleep_ns, c.fast_polls, c.k, per_sm, per_sm * sms, check, max_per_sm);
        return;
    }
    const unsigned int n = per_sm * sms;
    params p = {m.words, m.stamps, m.err, c.ag, c.rg, iters, check, c.poll, c.sleep_ns, c.k, c.fast_polls, m.libcu};
    std::vector<float> ms;
    unsigned int err[2] = {0u, 0u};
    cudaEvent_t t0, t1;
    CK(cudaEventCreate(&t0));
    CK(cudaEventCreate(&t1));
    for (int r = 0; r <= reps; ++r) { /* run 0 warms up */
        CK(cudaMemset(m.words, 0, m.words_bytes));
        CK(cudaMemset(m.stamps, 0, 2u * n * sizeof(unsigned int)));
        CK(cudaMemset(m.err, 0, 2u * sizeof(unsigned int)));
        if (c.d == CUDA_BARRIER)
            libcu_init<<<1, 1>>>(m.libcu, n);
        void *args[] = {&p};
        CK(cudaEventRecord(t0));
        CK(cudaLaunchCooperativeKernel(kernels[c.d], n, 32, args, 0, 0));
        CK(cudaEventRecord(t1));
        CK(cudaEventSynchronize(t1));
        float f;
        CK(cudaEventElapsedTime(&f, t0, t1));
        unsigned int e2[2];
        CK(cudaMemcpy(e2, m.err, sizeof e2, cudaMemcpyDeviceToHost));
        err[0] += e2[0];
        err[1] |= e2[1];
        if (r)
            ms.push_back(f);
    }
    std::sort(ms.begin(), ms.end());
    const double k = 1e6 / iters;
    printf("%s,%u,%u,%d,%u,%u,%u,%u,%u,%d,%.1f,%.1f,%.1f,%s%u stale%s\n", design_name[c.d], c.ag, c.rg, c.poll,
           c.sleep_ns, c.fast_polls, c.k, per_sm, n, check,
           ms[ms.size() / 2] * k, ms.front() * k, ms.back() * k, err[0] || err[1] ? "FAIL " : "", err[0],
           err[1] ? ", wait gave up" : "");
    fflush(stdout);
    CK(cudaEventDestroy(t0));
    CK(cudaEventDestroy(t1));
}

int main(int argc, char **argv)
{
    const unsigned int iters = argc > 1 ? (unsigned int)atoi(argv[1]) : 10000u;
    const int reps = 3;
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    bufs m;
    m.words_bytes = (size_t)4u * LINE * (1u + 2u * 4224u) + 4u * 4224u * 4u;
    CK(cudaMalloc(&m.words, m.words_bytes));
    CK(cudaMalloc(&m.stamps, 2u * 32u * sms * sizeof(unsigned int)));
    CK(cudaMalloc(&m.err, 2u * sizeof(unsigned int)));
    CK(cudaMalloc(&m.libcu, 256));

    unsigned long long *ns, h;
    CK(cudaMalloc(&ns, sizeof h));
    static const char *fence_kind[] = {"st.relaxed", "fence.acq_rel", "st.relaxed+fence.acq_rel", "fence.sc",
                                       "red.release", "red.relaxed"};
    for (int kind = 0; kind < 6; ++kind) {
        fence_cost<<<1, 1>>>(m.words, kind, ns);
        fence_cost<<<1, 1>>>(m.words, kind, ns);
        CK(cudaMemcpy(&h, ns, sizeof h, cudaMemcpyDeviceToHost));
        printf("# one thread, issue-to-issue: %s %.1f ns\n", fence_kind[kind], h / 4096.0);
    }

    printf("design,ag,rg,poll,sleep_ns,fast_polls,k,tbs_per_sm,blocks,check,ns_median,ns_min,ns_max,result\n");
    const unsigned int per_sm[] = {1u, 2u, 4u, 8u, 16u, 32u};
    const unsigned int F = 1u << 20; /* one group of everything */
    const unsigned int X = ~0u; /* fast_polls: flata's sleep is by position, not between polls */
    const cand cands[] = {
        {GRID_SYNC, 0, 0, 0, 0, 0, 0},     {CUDA_BARRIER, 0, 0, 0, 0, 0, 0},  {FLATA, F, F, 0, 0, 1, X},
        {FLATA, F, F, 0, 1, 1, X},         {FLATA, F, F, 0, 2, 1, X},         {FLATA, F, F, 0, 4, 1, X},
        {FLATA, F, F, 1, 0, 1, X},         {GCNT, 128, 64, 0, 0, 1, 0},       {GCNT, 128, 64, 1, 0, 1, 0},
        {GCNT, 256, 64, 0, 0, 1, 0},       {GCNT, 128, 128, 0, 0, 1, 0},
    };
    const int checks = argc > 2 ? atoi(argv[2]) : 1; /* 0: bare only; 1: bare and checked */
    for (int check = 0; check <= checks; ++check)
        for (const cand &c : cands)
            for (unsigned int s : per_sm)
                run(m, c, s, sms, check, iters, reps);
    return 0;
}
