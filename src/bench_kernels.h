/* bench_kernels.h: the C face of gsync-bench's kernels.  Host code in C
 * reaches the .cu files only through these types and extern "C" functions. */
#ifndef GSYNC_BENCH_KERNELS_H
#define GSYNC_BENCH_KERNELS_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Words of the per-run check area written by the kernels. */
enum gs_check_word {
    GS_CHECK_CS_COUNT = 0,   /* non-atomic ++ inside the critical section     */
    GS_CHECK_INSIDE = 1,     /* mutex: blocks inside now                      */
    GS_CHECK_VIOLATIONS = 2, /* entries that broke exclusion or capacity      */
    GS_CHECK_READERS = 3,    /* semaphore: readers inside now                 */
    GS_CHECK_WRITERS = 4,    /* semaphore: writers inside now                 */
    GS_CHECK_ENTERED = 5,    /* semaphore: entries                            */
    GS_CHECK_LEFT = 6,       /* semaphore: exits                              */
    GS_CHECK_TORN = 7,       /* semaphore: reads that saw two writers' data   */
    GS_CHECK_LAST_STAMP = 8, /* semaphore: the stamp of the last write        */
    GS_CHECK_LAST_BAD = 9,   /* barrier: the last episode with a stale read   */
    GS_CHECK_WORDS = 16
};

/* Bytes of the watchdog record a launch needs (see gsync/wait.cuh). */
#define GS_WATCHDOG_BYTES 64

/* The semaphore benchmark's writers write GS_SEM_WRITE_FACTOR * ldst words
 * per thread (HeteroSync: readers 10 loads, writers 30 stores). */
#define GS_SEM_WRITE_FACTOR 3u

typedef struct gs_bench_args {
    void *state;          /* the primitive's state, zeroed before each launch */
    unsigned int nslots;  /* ring/array slots: a power of two >= blocks      */
    unsigned int *data;   /* the data the primitive guards                   */
    unsigned int ldst;    /* loads and stores per thread per critical section */
    unsigned int iters;   /* critical sections per block                     */
    unsigned int *check;  /* GS_CHECK_WORDS words                            */
    void *watchdog;       /* GS_WATCHDOG_BYTES                               */
    unsigned long long timeout_ns;
    int sync;             /* 0: the critical-section body alone, no primitive */
    int check_exclusion;  /* 1: the verifying launch: count and check entries */
    unsigned int groups;       /* barrier baselines: HeteroSync's "SMs"      */
    unsigned int sem_size;     /* semaphore: readers allowed at once         */
    unsigned int writer_every; /* semaphore: block b writes when b % this == 0 */
    int backoff;               /* semaphore baselines: the EBO variant        */
    unsigned int blocks, threads;
    unsigned int cluster;      /* blocks per cluster; 0 or 1: launched without clusters */
    unsigned int spread;       /* gsBarrier's placement: spread counters (0: none) */
    unsigned int spread_lines; /* ... and their lines, a byte each (gs_barrier_spread_t) */
} gs_bench_args;

/* The barrier benchmark's data: in episode e (from 1) block b works on region
 * (b + e - 1) mod blocks, checking that word (j, t) holds what the block
 * before it left in episode e - 1 and writing this value for episode e.
 * Episode 0 is the initial state the host writes. */
#ifdef __CUDACC__
__host__ __device__
#endif
static inline unsigned int gs_barrier_word(unsigned int episode, unsigned int region, unsigned int j,
                                           unsigned int t)
{
    return (episode * 2654435761u) ^ (region * 40503u + j * 1031u + t);
}

/* Arms the watchdog, initialises the state, then launches the benchmark
 * kernel between the two events.  Returns a cudaError_t. */
typedef int (*gs_launch_fn)(const gs_bench_args *a, cudaEvent_t start, cudaEvent_t stop);
/* Resident blocks per SM of the benchmark kernel at this block size. */
typedef int (*gs_occupancy_fn)(unsigned int threads, int *blocks_per_sm);
/* For primitives launched in clusters: the cluster size a grid of `blocks`
 * gets (1: none) and how many of its blocks the device holds at once in
 * clusters of that size.  Returns a cudaError_t. */
typedef int (*gs_cluster_fn)(unsigned int blocks, unsigned int threads, unsigned int *cluster,
                             unsigned int *resident_blocks);

/* A note on the configuration the last launch ran (gsBarrier: which form
 * the grid took), for the result's detail; NULL or "" when none. */
typedef const char *(*gs_note_fn)(void);
const char *gs_barrier_note_tree(void);

/* Bytes of lock state for a run of `blocks` blocks (every mutex fits). */
size_t gs_mutex_state_bytes(unsigned int blocks);
size_t gs_barrier_gs_state_bytes(unsigned int blocks); /* gsBarrier: either form's state */
unsigned int gs_mutex_slots(unsigned int blocks);

/* gs_<FAMILY>_launch_<NAME> and gs_<FAMILY>_occupancy_<NAME>, made by
 * GS_BENCH_ENTRY_POINTS in bench_common.cuh. */
#define GS_DECLARE_BENCH(FAMILY, NAME)                                                     \
    int gs_##FAMILY##_launch_##NAME(const gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1); \
    int gs_##FAMILY##_occupancy_##NAME(unsigned int threads, int *blocks_per_sm);
#define GS_DECLARE_MUTEX_BENCH(NAME) GS_DECLARE_BENCH(mutex, NAME)
#define GS_DECLARE_SEM_BENCH(NAME) GS_DECLARE_BENCH(sem, NAME)
#define GS_DECLARE_BARRIER_BENCH(NAME) GS_DECLARE_BENCH(barrier, NAME)

GS_DECLARE_MUTEX_BENCH(spin)
GS_DECLARE_MUTEX_BENCH(spin_ebo)
GS_DECLARE_MUTEX_BENCH(fa)
GS_DECLARE_MUTEX_BENCH(sleep)
GS_DECLARE_MUTEX_BENCH(ticket)
GS_DECLARE_MUTEX_BENCH(array)
GS_DECLARE_MUTEX_BENCH(cohort)
int gs_mutex_cluster_cohort(unsigned int blocks, unsigned int threads, unsigned int *cluster,
                            unsigned int *resident_blocks);

GS_DECLARE_BARRIER_BENCH(fx_lock)
GS_DECLARE_BARRIER_BENCH(fx_lock_nofence)
GS_DECLARE_BARRIER_BENCH(fx_lockfree)
GS_DECLARE_BARRIER_BENCH(fx_lockfree_nofence)
GS_DECLARE_BARRIER_BENCH(atomic_tree)
GS_DECLARE_BARRIER_BENCH(lf_tree)
GS_DECLARE_BARRIER_BENCH(atomic_tree_exch)
GS_DECLARE_BARRIER_BENCH(lf_tree_exch)
GS_DECLARE_BARRIER_BENCH(sense_reversing)
GS_DECLARE_BARRIER_BENCH(tree)
GS_DECLARE_BARRIER_BENCH(tree_split)
GS_DECLARE_BARRIER_BENCH(grid_sync)
GS_DECLARE_BARRIER_BENCH(cuda_barrier)
int gs_barrier_launch_relaunch_stream(const gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1);
int gs_barrier_launch_relaunch_graph(const gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1);
int gs_barrier_occupancy_relaunch(unsigned int threads, int *blocks_per_sm);

GS_DECLARE_SEM_BENCH(spin)
GS_DECLARE_SEM_BENCH(priority)
GS_DECLARE_SEM_BENCH(ticket)

#ifdef __cplusplus
}
#endif
#endif
