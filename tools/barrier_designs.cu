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
 *            episode goes on, the others poll
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
 *   gsBarrier the library's gs_barrier_tree_sync (plain build, no watchdog)
 *   gridSync, cudaBarrier: the peers
 * poll 0: waiters poll with ld.acquire; poll 1: with ld.relaxed, then one
 * ld.acquire; poll 2: with ld.relaxed, then fence.acquire (no round trip).
 * gcnt's gatherer polls with ld.relaxed whenever poll > 0, then each lane
 * issues fence.acquire before the warp joins; with pipe > 0 each of its lanes keeps two loads in flight,
 * issued pipe cycles apart, so it samples twice per round trip.
 * pace, after fast_polls polls, between a waiter's polls: 1 nanosleep
 * pace_arg ns; 2 busy-wait pace_arg SM cycles; 3 read %globaltimer (what
 * libcu++'s poll_with_backoff does after its first 16 polls).
 * The candidate list is the last round's; the CSVs of earlier rounds name
 * their candidates in their rows (tuning/commands.txt says what changed).
 *
 * Build: nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude tools/barrier_designs.cu -o build/barrier_designs
 *        (add -DGSYNC_WATCHDOG for the library's candidate as the benchmark
 *        and test builds compile it: waits that watch a deadline)
 * Run:   ./build/barrier_designs [iters [checks [first]]] > designs.csv
 *        (checks 0: bare only, 1: bare and checked; first: run only the
 *        list's first few candidates)
 */
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <gsync/barrier/tree.cuh>
#include <gsync/ptx.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

#define LINE 32u /* words per 128-byte line */
#define SPIN_LIMIT (1u << 26)

enum design { FLAT, TREE, GCNT, GSLOT, GRID_SYNC, CUDA_BARRIER, FLATK, FLAG, FLATA, GSYNC };
static const char *design_name[] = {"flat", "tree", "gcnt", "gslot", "gridSync", "cudaBarrier", "flatk", "flag", "flata", "gsBarrier"};

enum pace { PACE_NONE, PACE_SLEEP, PACE_SPIN, PACE_TIMER };

struct params {
    unsigned int *words; /* root, AG counters, RG flags, then n slots; zeroed */
    unsigned int *stamps, *err;
    unsigned int ag, rg, iters;
    int check, poll;         /* see the header */
    int pace;                /* enum pace: what a waiter does between polls */
    unsigned int pace_arg;   /* ns (PACE_SLEEP) or cycles (PACE_SPIN) */
    unsigned int fast_polls; /* polls before pacing starts */
    unsigned int k;          /* flatk: counter copies */
    unsigned int pipe;       /* gcnt's gatherer: cycles between its two loads in flight (0: one load) */
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

static __device__ __forceinline__ void spin_cycles(unsigned int cycles)
{
    const long long t0 = clock64();
    while (clock64() - t0 < (long long)cycles) {
    }
}

/* One thread waits for *w >= goal, acquire at gpu scope (see poll and pace
 * in the header). */
static __device__ __forceinline__ void wait_geq(const params &p, const unsigned int *w, unsigned int goal)
{
    unsigned int spins = 0u;
    const unsigned long long t0 = p.pace == PACE_TIMER ? gs_globaltimer() : 0ull;
    while ((int)((p.poll ? gs_ld_relaxed(w, GS_SCOPE_GPU) : gs_ld_acquire(w, GS_SCOPE_GPU)) - goal) < 0) {
        if (++spins > SPIN_LIMIT) {
            gs_st_relaxed(p.err + 1, 1u, GS_SCOPE_GPU);
            return;
        }
        if (spins < p.fast_polls)
            continue;
        if (p.pace == PACE_SLEEP)
            gs_nanosleep(p.pace_arg);
        else if (p.pace == PACE_SPIN)
            spin_cycles(p.pace_arg);
        else if (p.pace == PACE_TIMER && gs_globaltimer() - t0 > 4000000000ull) /* uses the reading */
            gs_st_relaxed(p.err + 1, 1u, GS_SCOPE_GPU);
    }
    if (p.poll == 1)
        (void)gs_ld_acquire(w, GS_SCOPE_GPU);
    else if (p.poll == 2)
        gs_fence_acquire(GS_SCOPE_GPU);
}

/* The gatherer's lanes: relaxed polls (the fence.acq_rel that follows makes
 * them acquires), one load in flight, or two issued p.pipe cycles apart. */
static __device__ __forceinline__ void wait_geq_relaxed(const params &p, const unsigned int *w, unsigned int goal)
{
    unsigned int spins = 0u;
    if (!p.pipe) {
        while ((int)(gs_ld_relaxed(w, GS_SCOPE_GPU) - goal) < 0)
            if (++spins > SPIN_LIMIT) {
                gs_st_relaxed(p.err + 1, 1u, GS_SCOPE_GPU);
                return;
            }
        return;
    }
    unsigned int a = gs_ld_relaxed(w, GS_SCOPE_GPU);
    spin_cycles(p.pipe);
    unsigned int b = gs_ld_relaxed(w, GS_SCOPE_GPU);
    for (;;) {
        if ((int)(a - goal) >= 0)
            return;
        a = gs_ld_relaxed(w, GS_SCOPE_GPU);
        if ((int)(b - goal) >= 0)
            return;
        b = gs_ld_relaxed(w, GS_SCOPE_GPU);
        if (++spins > SPIN_LIMIT) {
            gs_st_relaxed(p.err + 1, 1u, GS_SCOPE_GPU);
            return;
        }
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
    if (D == FLATA) { /* arrival by atom.acq_rel: the last arrival needs no poll */
        if (lane == 0u && gs_atom_add_acq_rel(root_of(p), 1u, GS_SCOPE_GPU) != n * goal - 1u)
            wait_geq(p, root_of(p), n * goal);
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
        for (unsigned int i = lane; i < na; i += 32u) /* poll > 0: relaxed (then the fence) */
            if (p.poll)
                wait_geq_relaxed(p, counter_of(p, i), goal * members(n, p.ag, i));
            else
                wait_geq(p, counter_of(p, i), goal * members(n, p.ag, i));
        if (p.poll)
            gs_fence_acquire(GS_SCOPE_GPU); /* each lane's relaxed reads become acquires */
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
        } else if (D == GSYNC) { /* the library's gs_barrier_tree_sync, as a user calls it */
            gs_barrier_tree_t tb = {p.words};
            (void)gs_barrier_tree_sync(tb, e);
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
                          kernel_of<GRID_SYNC>(), kernel_of<CUDA_BARRIER>(), kernel_of<FLATK>(), kernel_of<FLAG>(), kernel_of<FLATA>(),
                          kernel_of<GSYNC>()};

struct bufs {
    unsigned int *words, *stamps, *err;
    void *libcu;
    size_t words_bytes;
#ifdef GSYNC_WATCHDOG
    gs_watchdog_t *watchdog;
#endif
};

struct cand {
    int d;
    unsigned int ag, rg;
    int poll, pace;
    unsigned int pace_arg, fast_polls, k, pipe;
};

static void print_cand(const cand &c)
{
    printf("%s,%u,%u,%d,%d,%u,%u,%u,%u,", design_name[c.d], c.ag, c.rg, c.poll, c.pace, c.pace_arg, c.fast_polls, c.k,
           c.pipe);
}

static void run(const bufs &m, const cand &c, unsigned int per_sm, int sms, int check, unsigned int iters, int reps)
{
    int max_per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&max_per_sm, kernels[c.d], 32, 0));
    if ((unsigned int)max_per_sm < per_sm) {
        print_cand(c);
        printf("%u,%u,%d,,,,refused: %d blocks/SM at most\n", per_sm, per_sm * sms, check, max_per_sm);
        return;
    }
    const unsigned int n = per_sm * sms;
    params p = {m.words, m.stamps, m.err, c.ag,         c.rg,   iters, check,
                c.poll,  c.pace,   c.pace_arg, c.fast_polls, c.k, c.pipe, m.libcu};
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
#ifdef GSYNC_WATCHDOG /* the library's waits check a watchdog in this build: arm it, 10 s */
        gs_watchdog_arm_kernel<<<1, 1>>>(m.watchdog, 10000000000ull);
#endif
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
    print_cand(c);
    printf("%u,%u,%d,%.1f,%.1f,%.1f,%s%u stale%s\n", per_sm, n, check, ms[ms.size() / 2] * k, ms.front() * k,
           ms.back() * k, err[0] || err[1] ? "FAIL " : "", err[0], err[1] ? ", wait gave up" : "");
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
#ifdef GSYNC_WATCHDOG
    CK(cudaMalloc(&m.watchdog, sizeof(gs_watchdog_t)));
#endif

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

    printf("design,ag,rg,poll,pace,pace_arg,fast_polls,k,pipe,tbs_per_sm,blocks,check,ns_median,ns_min,ns_max,result\n");
    const unsigned int per_sm[] = {1u, 2u, 4u, 8u, 16u, 32u};
    const unsigned int F = 1u << 20; /* one group of everything */
    const cand cands[] = {
        {GRID_SYNC, 0, 0, 0, 0, 0, 0, 0, 0},
        {CUDA_BARRIER, 0, 0, 0, 0, 0, 0, 0, 0},
        {GSYNC, 0, 0, 0, 0, 0, 0, 0, 0},
        {FLATA, F, F, 0, PACE_NONE, 0, 0, 1, 0}, /* gsBarrier v2's flat form */
        {FLATA, F, F, 2, PACE_NONE, 0, 0, 1, 0},
        {GCNT, 128, 64, 2, PACE_NONE, 0, 0, 1, 0},
        {GCNT, 256, 64, 2, PACE_NONE, 0, 0, 1, 0},
        {FLATA, F, F, 1, PACE_NONE, 0, 0, 1, 0},
        {FLATA, F, F, 2, PACE_TIMER, 0, 16, 1, 0}, /* libcu++'s pacing */
        {FLATA, F, F, 2, PACE_SPIN, 100, 16, 1, 0},
        {FLATA, F, F, 2, PACE_SPIN, 250, 4, 1, 0},
        {FLAT, F, F, 2, PACE_NONE, 0, 0, 1, 0},
        {FLATK, 1, F, 2, PACE_NONE, 0, 0, 2, 0},
        {FLATK, 1, F, 2, PACE_NONE, 0, 0, 4, 0},
        {GCNT, 128, 64, 0, PACE_NONE, 0, 0, 1, 0}, /* gsBarrier v2's gathered form */
        {GCNT, 128, 64, 2, PACE_NONE, 0, 0, 1, 150},
        {GCNT, 256, 64, 2, PACE_NONE, 0, 0, 1, 150},
        {GCNT, 256, 32, 2, PACE_NONE, 0, 0, 1, 150},
        {GCNT, 128, 64, 2, PACE_SPIN, 200, 4, 1, 150},
    };
    const int checks = argc > 2 ? atoi(argv[2]) : 1; /* 0: bare only; 1: bare and checked */
    const size_t first = argc > 3 ? (size_t)atoi(argv[3]) : sizeof cands / sizeof cands[0]; /* the first few only */
    for (int check = 0; check <= checks; ++check)
        for (size_t i = 0; i < first && i < sizeof cands / sizeof cands[0]; ++i)
            for (unsigned int s : per_sm)
                run(m, cands[i], s, sms, check, iters, reps);
    return 0;
}
