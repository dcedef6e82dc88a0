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
 *   allslot  st.release of the episode into the block's own slot, AG slots
 *            per line; every block's warp polls every slot (four per load,
 *            all its loads in flight), then fence.acquire: no gatherer
 *   allcnt   red.release on the group counter; every block's warp polls
 *            every group counter (a lane each), then fence.acquire
 *   dual     two counters, one on the line the calibration found nearest
 *            SM 0 and one the farthest (atomic round trip); a block adds
 *            1 with atom.acq_rel to the counter its SM reaches faster
 *            (k 0: as calibrated; 1: all on the first; 2: by SM parity)
 *            and polls both until they sum to every arrival
 *   multi    k counters, a line each (rg 0: consecutive lines; 1: the k
 *            lines of 64 with the fastest atomics from SM 0; 2: k lines
 *            of 256 whose atomic round trips from four SMs differ, i.e.
 *            likely in k different L2 slices, fastest first); a block adds
 *            1 with atom.acq_rel to counter smid % k (ag 0) or block % k
 *            (ag 1); rg 3: the lines gs_barrier_spread_place picks, k as it
 *            picks; lanes 0..k-1 poll a counter each, the warp sums them
 *            (redux) until every arrival is in, then fence.acquire.
 *            Why a sum of reads taken at different times is enough (dual
 *            too): counters only grow, and no block arrives at episode
 *            e + 1 before all arrived at e, so a sum reaching blocks *
 *            (e + 1) means each read is past every arrival of e on its
 *            counter; each lane's read and fence then acquire them.
 *   hint     k copies of the counter (rg 2; rg 4: one) and k flags, on
 *            lines of distinct signatures as multi's rg 2: one fence.acq_rel,
 *            then lane 0 atom.relaxed's copy 0 and lanes 1..k-1 red.relaxed
 *            the other copies; the arrival that completes copy 0 writes
 *            every flag relaxed, a hint that carries no ordering; a waiter
 *            polls flag sel (smid % k, ag 1: block % k), then reads its
 *            copy (ld.relaxed) until every arrival is in, then
 *            fence.acquire: nobody polls a counter while arrivals land
 *   gsBarrier the library's gs_barrier_tree_sync (flat or gathered)
 *   gsSpread the library's gs_barrier_spread_sync after
 *            gs_barrier_spread_place (one flat counter where it does not
 *            spread)
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
#include <gsync/barrier/spread.cuh>
#include <gsync/barrier/tree.cuh>
#include <gsync/ptx.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

#define LINE 32u /* words per 128-byte line */
#define SPIN_LIMIT (1u << 26)

enum design { FLAT, TREE, GCNT, GSLOT, GRID_SYNC, CUDA_BARRIER, FLATK, FLAG, FLATA, GSYNC, ALLSLOT, ALLCNT, DUAL, MULTI, SPREAD, HINT };
static const char *design_name[] = {"flat", "tree", "gcnt", "gslot", "gridSync", "cudaBarrier", "flatk", "flag", "flata", "gsBarrier", "allslot", "allcnt", "dual", "multi", "gsSpread", "hint"};

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
    unsigned int la, lb;        /* dual: its two counters' lines */
    const unsigned char *near;  /* dual: per SM, 1 when line lb is the nearer */
    unsigned int line[32];      /* multi: its counters' lines; hint: k counters', then k flags' */
    unsigned int spread, spread_lines; /* gsSpread: the library's placement (gs_barrier_spread_place) */
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
/* allslot: block b's slot, p.ag slots (a multiple of 4) per 128-byte line */
#define ALL_CHUNKS 16u /* four-slot chunks per lane: 2048 blocks at most */
static __device__ __forceinline__ unsigned int *all_slot(const params &p, unsigned int b)
{
    return p.words + LINE * (1u + b / p.ag) + b % p.ag;
}
static __device__ __forceinline__ unsigned int groups(unsigned int n, unsigned int size)
{
    return (n + size - 1u) / size;
}
static __device__ __forceinline__ unsigned int members(unsigned int n, unsigned int size, unsigned int g)
{
    return min(size, n - g * size);
}

/* Counts a poll; past SPIN_LIMIT raises the error flag and says to leave. */
static __device__ __forceinline__ bool gave_up(const params &p, unsigned int *spins)
{
    if (++*spins <= SPIN_LIMIT)
        return false;
    gs_st_relaxed(p.err + 1, 1u, GS_SCOPE_GPU);
    return true;
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
        if (gave_up(p, &spins))
            return;
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
            if (gave_up(p, &spins))
                return;
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
        if (gave_up(p, &spins))
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
template <int D> static __device__ __forceinline__ void protocol(const params &p, unsigned int e, unsigned int sel)
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
                if (gave_up(p, &spins))
                    break;
            }
        }
        __syncwarp();
        gs_fence_acq_rel(GS_SCOPE_GPU); /* acquires the slots, releases the flags */
        fan_out(p, na, nr, goal);
        return;
    }
    if (D == ALLSLOT) { /* every waiter reads every slot: no second release */
        if (lane == 0u)
            gs_st_release(all_slot(p, b), goal, GS_SCOPE_GPU);
        unsigned int todo = 0u, spins = 0u; /* bit j: chunk lane + 32 j not yet seen complete */
        const unsigned int *at[ALL_CHUNKS];
#pragma unroll
        for (unsigned int j = 0; j < ALL_CHUNKS; ++j) {
            at[j] = all_slot(p, 4u * (lane + 32u * j));
            if (4u * (lane + 32u * j) < n)
                todo |= 1u << j;
        }
        while (todo) {
            unsigned int v[ALL_CHUNKS][4];
#pragma unroll
            for (unsigned int j = 0; j < ALL_CHUNKS; ++j) /* every load issued before any is tested */
                if (todo & (1u << j))
                    asm volatile("ld.relaxed.gpu.v4.u32 {%0,%1,%2,%3}, [%4];"
                                 : "=r"(v[j][0]), "=r"(v[j][1]), "=r"(v[j][2]), "=r"(v[j][3])
                                 : "l"(at[j])
                                 : "memory");
#pragma unroll
            for (unsigned int j = 0; j < ALL_CHUNKS; ++j)
                if (todo & (1u << j)) {
                    const unsigned int c = 4u * (lane + 32u * j);
                    bool done = true;
                    for (unsigned int k = 0; k < 4u; ++k)
                        done &= c + k >= n || (int)(v[j][k] - goal) >= 0;
                    if (done)
                        todo &= ~(1u << j);
                }
            if (gave_up(p, &spins))
                break;
        }
        gs_fence_acquire(GS_SCOPE_GPU); /* this lane's relaxed reads become acquires */
        __syncwarp();
        return;
    }
    if (D == DUAL) { /* arrive on the nearer counter, poll both */
        if (lane == 0u) {
            unsigned int *a = p.words + LINE * p.la, *b2 = p.words + LINE * p.lb;
            (void)gs_atom_add_acq_rel(sel ? b2 : a, 1u, GS_SCOPE_GPU);
            unsigned int spins = 0u;
            for (;;) {
                const unsigned int x = gs_ld_relaxed(a, GS_SCOPE_GPU), y = gs_ld_relaxed(b2, GS_SCOPE_GPU);
                if ((int)(x + y - n * goal) >= 0)
                    break;
                if (gave_up(p, &spins))
                    break;
            }
            gs_fence_acquire(GS_SCOPE_GPU);
        }
        return;
    }
    if (D == MULTI) { /* arrive on one of k counters, poll them all */
        if (lane == 0u)
            (void)gs_atom_add_acq_rel(p.words + LINE * p.line[sel], 1u, GS_SCOPE_GPU);
        const unsigned int *mine = p.words + LINE * p.line[lane < p.k ? lane : 0u];
        unsigned int spins = 0u;
        for (;;) {
            const unsigned int v = lane < p.k ? gs_ld_relaxed(mine, GS_SCOPE_GPU) : 0u;
            if ((int)(__reduce_add_sync(~0u, v) - n * goal) >= 0)
                break;
            if (gave_up(p, &spins))
                break;
        }
        gs_fence_acquire(GS_SCOPE_GPU); /* each lane's relaxed reads become acquires */
        __syncwarp();
        return;
    }
    if (D == HINT) { /* arrivals on counters nobody polls; a relaxed hint says when to read them */
        const unsigned int kc = p.rg == 4u ? 1u : p.k;
        unsigned int *cnt = p.words + LINE * p.line[lane < kc ? lane : 0u];
        unsigned int last = 0u;
        gs_fence_acq_rel(GS_SCOPE_GPU); /* after __syncthreads: releases the block's writes to every copy */
        if (lane == 0u)
            last = gs_atom_add_relaxed(cnt, 1u, GS_SCOPE_GPU) == n * goal - 1u;
        else if (lane < kc)
            gs_red_add_relaxed(cnt, 1u, GS_SCOPE_GPU);
        if (__shfl_sync(~0u, last, 0)) { /* copy 0 is complete: this read acquires every arrival */
            if (lane < p.k)
                gs_st_relaxed(p.words + LINE * p.line[kc + lane], goal, GS_SCOPE_GPU);
            gs_fence_acquire(GS_SCOPE_GPU);
            return;
        }
        if (lane == 0u) {
            unsigned int spins = 0u;
            const unsigned int *hint = p.words + LINE * p.line[kc + sel];
            const unsigned int *mine = p.words + LINE * p.line[kc == 1u ? 0u : sel];
            while ((int)(gs_ld_relaxed(hint, GS_SCOPE_GPU) - goal) < 0 && !gave_up(p, &spins))
                ;
            while ((int)(gs_ld_relaxed(mine, GS_SCOPE_GPU) - n * goal) < 0 && !gave_up(p, &spins))
                ;
            gs_fence_acquire(GS_SCOPE_GPU); /* the copy's read becomes an acquire */
        }
        return;
    }
    if (D == ALLCNT) { /* every waiter reads every group counter */
        if (lane == 0u)
            gs_red_add_release(counter_of(p, g), 1u, GS_SCOPE_GPU);
        for (unsigned int i = lane; i < na; i += 32u)
            wait_geq_relaxed(p, counter_of(p, i), goal * members(n, p.ag, i));
        gs_fence_acquire(GS_SCOPE_GPU);
        __syncwarp();
        return;
    }
}

typedef cuda::barrier<cuda::thread_scope_device> device_barrier;

template <int D> static __global__ void barrier_loop(params p)
{
    const unsigned int n = gridDim.x, b = blockIdx.x;
    unsigned int bad = 0u;
    const unsigned int sel = D == MULTI || D == HINT ? (p.ag ? b : gs_smid()) % p.k
                             : D != DUAL ? 0u
                             : p.k == 0u ? p.near[gs_smid()]
                             : p.k == 1u ? 0u
                                         : gs_smid() & 1u;
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
        } else if (D == SPREAD) { /* the library's gs_barrier_spread_sync, placed before the launch */
            gs_barrier_spread_t sb = {p.words, p.spread, p.spread_lines};
            (void)gs_barrier_spread_sync(sb, e);
        } else {
            __syncthreads();
            if (threadIdx.x < 32u)
                protocol<D>(p, e, sel);
            __syncthreads();
        }
        if (p.check && threadIdx.x == 0u)
            bad += gs_ld_relaxed(p.stamps + (e & 1u) * n + (b + 1u + 7u * e) % n, GS_SCOPE_GPU) != e + 1u;
    }
    if (bad)
        atomicAdd(p.err, bad);
}

/* dual's calibration: the fastest of 16 atomic round trips from this SM */
static __device__ unsigned int atom_rt(unsigned int *w)
{
    unsigned int best = ~0u;
    for (int i = 0; i < 16; ++i) {
        const long long t0 = clock64();
        const unsigned int v = gs_atom_add_relaxed(w, 1u, GS_SCOPE_GPU);
        if (v == 0xffffffffu) /* a branch on the reply: the clock below waits for it */
            w[1] = 0u;
        const long long t1 = clock64();
        best = min(best, (unsigned int)(t1 - t0));
    }
    return best;
}
/* one block: round trips to lines first..first+63 */
static __global__ void rt_lines(unsigned int *words, unsigned int first, unsigned int *rt)
{
    if (threadIdx.x == 0u)
        for (unsigned int i = 0; i < 64u; ++i)
            rt[i] = atom_rt(words + LINE * (first + i));
}
/* one block per SM: the four SMs named in `sms` each time 256 lines */
static __global__ void rt_signature(unsigned int *words, unsigned int first, const unsigned int *sms, unsigned int *rt)
{
    const unsigned int me = gs_smid();
    for (unsigned int s = 0; s < 4u; ++s)
        if (threadIdx.x == 0u && me == sms[s] && atomicExch(words + LINE * 400u + s, 1u) == 0u) /* one block each */
            for (unsigned int i = 0; i < 256u; ++i)
                rt[s * 256u + i] = atom_rt(words + LINE * (first + i));
}
/* many blocks: each SM's nearer line of la, lb */
static __global__ void pick_near(unsigned int *words, unsigned int la, unsigned int lb, unsigned char *near)
{
    if (threadIdx.x == 0u)
        near[gs_smid()] = atom_rt(words + LINE * lb) < atom_rt(words + LINE * la);
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

#define TOOL_NAME "barrier_designs"
#include "tool_check.cuh"
#include "tool_timing.cuh"

template <int D> static void *kernel_of() { return (void *)barrier_loop<D>; }
static void *kernels[] = {kernel_of<FLAT>(),      kernel_of<TREE>(),         kernel_of<GCNT>(), kernel_of<GSLOT>(),
                          kernel_of<GRID_SYNC>(), kernel_of<CUDA_BARRIER>(), kernel_of<FLATK>(), kernel_of<FLAG>(), kernel_of<FLATA>(),
                          kernel_of<GSYNC>(),     kernel_of<ALLSLOT>(),      kernel_of<ALLCNT>(),
                          kernel_of<DUAL>(),      kernel_of<MULTI>(),        kernel_of<SPREAD>(), kernel_of<HINT>()};

struct bufs {
    unsigned int *words, *stamps, *err;
    void *libcu;
    unsigned int *rt;
    unsigned char *near;
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
    if (c.d == ALLCNT && (n + c.ag - 1u) / c.ag > 64u) {
        print_cand(c);
        printf("%u,%u,%d,,,,refused: allcnt polls 64 counters at most\n", per_sm, n, check);
        return;
    }
    if (c.d == ALLSLOT && (n > 128u * ALL_CHUNKS || c.ag % 4u || c.ag > LINE)) {
        print_cand(c);
        printf("%u,%u,%d,,,,refused: allslot polls %u blocks at most, 4..32 per line\n", per_sm, n, check,
               128u * ALL_CHUNKS);
        return;
    }
    params p = {m.words, m.stamps, m.err, c.ag,         c.rg,   iters, check,
                c.poll,  c.pace,   c.pace_arg, c.fast_polls, c.k, c.pipe, m.libcu, 1u, 2u, m.near};
    if ((c.d == MULTI && c.rg == 2u) || c.d == HINT) { /* lines of distinct signatures */
        const unsigned int want = c.d == HINT ? (c.rg == 4u ? 1u : c.k) + c.k : c.k;
        const unsigned int probe_sms[4] = {0u, (unsigned int)sms / 4u, (unsigned int)sms / 2u, 3u * sms / 4u};
        static unsigned int rt[4 * 256];
        for (int i = 0; i < 4 * 256; ++i)
            rt[i] = ~0u;
        unsigned int *d_sms;
        CK(cudaMalloc(&d_sms, sizeof probe_sms));
        CK(cudaMemcpy(d_sms, probe_sms, sizeof probe_sms, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(m.rt, rt, sizeof rt, cudaMemcpyHostToDevice));
        CK(cudaMemset(m.words, 0, m.words_bytes));
        rt_signature<<<2 * sms, 32>>>(m.words, 8u, d_sms, m.rt);
        CK(cudaGetLastError());
        CK(cudaMemcpy(rt, m.rt, sizeof rt, cudaMemcpyDeviceToHost));
        CK(cudaFree(d_sms));
        std::vector<unsigned int> order(256);
        for (unsigned int i = 0; i < 256u; ++i)
            order[i] = i;
        auto sum = [&](unsigned int l) { return rt[l] + rt[256 + l] + rt[512 + l] + rt[768 + l]; };
        std::stable_sort(order.begin(), order.end(), [&](unsigned int x, unsigned int y) { return sum(x) < sum(y); });
        unsigned int got = 0u;
        printf("# multi k %u distinct:", want);
        for (unsigned int i = 0; i < 256u && got < want; ++i) {
            const unsigned int l = order[i];
            bool same = false; /* within 6 cycles from all four SMs: call it the same slice */
            for (unsigned int j = 0; j < got && !same; ++j) {
                const unsigned int o = p.line[j] - 8u;
                bool close = true;
                for (unsigned int s = 0; s < 4u; ++s)
                    close &= (rt[s * 256 + l] > rt[s * 256 + o] ? rt[s * 256 + l] - rt[s * 256 + o]
                                                                : rt[s * 256 + o] - rt[s * 256 + l]) <= 6u;
                same = close;
            }
            if (same)
                continue;
            p.line[got++] = 8u + l;
            printf(" line %u (%u/%u/%u/%u)", 8u + l, rt[l], rt[256 + l], rt[512 + l], rt[768 + l]);
        }
        printf("\n");
        if (got < want) {
            print_cand(c);
            printf("%u,%u,%d,,,,refused: only %u distinct lines\n", per_sm, n, check, got);
            return;
        }
    } else if (c.d == MULTI) { /* lines: consecutive, or SM 0's fastest */
        unsigned int rt[64];
        rt_lines<<<1, 32>>>(m.words, 8u, m.rt);
        CK(cudaGetLastError());
        CK(cudaMemcpy(rt, m.rt, sizeof rt, cudaMemcpyDeviceToHost));
        unsigned int order[64];
        for (unsigned int i = 0; i < 64u; ++i)
            order[i] = i;
        if (c.rg)
            std::stable_sort(order, order + 64, [&](unsigned int x, unsigned int y) { return rt[x] < rt[y]; });
        printf("# multi k %u:", c.k);
        for (unsigned int i = 0; i < c.k; ++i) {
            p.line[i] = 8u + order[i];
            printf(" line %u (%u cycles)", p.line[i], rt[order[i]]);
        }
        printf("\n");
    }
    if (c.d == DUAL) { /* lines: SM 0's nearest and farthest of 64, then each SM's nearer */
        unsigned int rt[64];
        CK(cudaMemset(m.near, 0, 256));
        rt_lines<<<1, 32>>>(m.words, 8u, m.rt);
        CK(cudaGetLastError());
        CK(cudaMemcpy(rt, m.rt, sizeof rt, cudaMemcpyDeviceToHost));
        unsigned int lo = 0u, hi = 0u;
        for (unsigned int i = 1; i < 64u; ++i) {
            lo = rt[i] < rt[lo] ? i : lo;
            hi = rt[i] > rt[hi] ? i : hi;
        }
        p.la = 8u + lo;
        p.lb = 8u + hi;
        pick_near<<<8 * sms, 32>>>(m.words, p.la, p.lb, m.near);
        CK(cudaGetLastError());
        unsigned char nb[256];
        CK(cudaMemcpy(nb, m.near, sizeof nb, cudaMemcpyDeviceToHost));
        unsigned int on_b = 0u;
        for (int i = 0; i < sms; ++i)
            on_b += nb[i];
        printf("# dual: lines %u (%u cycles from SM 0) and %u (%u cycles); %u of %d SMs nearer the second\n", p.la,
               rt[lo], p.lb, rt[hi], on_b, sms);
    }
    const timing t = time_launches(
        reps, iters, m.err,
        [&](bool first) {
            CK(cudaMemset(m.words, 0, m.words_bytes));
            CK(cudaMemset(m.stamps, 0, 2u * n * sizeof(unsigned int)));
            if (c.d == CUDA_BARRIER) {
                libcu_init<<<1, 1>>>(m.libcu, n);
                CK(cudaGetLastError());
            }
            if (c.d == SPREAD || (c.d == MULTI && c.rg == 3u)) { /* placed on the zeroed state */
                gs_barrier_spread_t sb = {m.words, 1u, 0u};
                int spreads = 0;
                CK(gs_barrier_spread_place(&sb, n, 32u, 0, &spreads, NULL));
                p.spread = sb.k;
                p.spread_lines = sb.lines;
                if (c.d == MULTI) { /* multi's loop on the library's lines */
                    p.k = sb.k;
                    for (unsigned int i = 0; i < p.k; ++i)
                        p.line[i] = (sb.lines >> (8u * i)) & 0xffu;
                }
                if (first)
                    printf("# placed for %u blocks: %u counters, lines %08x\n", n, sb.k, sb.lines);
            }
#ifdef GSYNC_WATCHDOG /* the library's waits check a watchdog in this build: arm it, 10 s */
            gs_watchdog_arm_kernel<<<1, 1>>>(m.watchdog, 10000000000ull);
            CK(cudaGetLastError());
#endif
        },
        [&] {
            void *args[] = {&p};
            CK(cudaLaunchCooperativeKernel(kernels[c.d], n, 32, args, 0, 0));
        });
    print_cand(c);
    printf("%u,%u,%d,", per_sm, n, check);
    print_timing(t);
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
    CK(cudaMalloc(&m.rt, 4 * 256 * sizeof(unsigned int)));
    CK(cudaMalloc(&m.near, 256));
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
        CK(cudaGetLastError());
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
        {HINT, 0, 2, 0, PACE_NONE, 0, 0, 1, 0},
        {HINT, 0, 2, 0, PACE_NONE, 0, 0, 2, 0},
        {HINT, 0, 2, 0, PACE_NONE, 0, 0, 4, 0},
        {HINT, 1, 2, 0, PACE_NONE, 0, 0, 4, 0},
        {HINT, 0, 2, 0, PACE_NONE, 0, 0, 8, 0},
        {HINT, 0, 4, 0, PACE_NONE, 0, 0, 4, 0},
        {HINT, 0, 4, 0, PACE_NONE, 0, 0, 8, 0},
        {FLATA, F, F, 2, PACE_NONE, 0, 0, 1, 0}, /* the library's flat form */
    };
    const int checks = argc > 2 ? atoi(argv[2]) : 1; /* 0: bare only; 1: bare and checked */
    const size_t first = argc > 3 ? (size_t)atoi(argv[3]) : sizeof cands / sizeof cands[0]; /* the first few only */
    for (int check = 0; check <= checks; ++check)
        for (size_t i = 0; i < first && i < sizeof cands / sizeof cands[0]; ++i)
            for (unsigned int s : per_sm)
                run(m, cands[i], s, sms, check, iters, reps);
    return 0;
}
