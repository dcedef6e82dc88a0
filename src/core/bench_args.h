/* bench_args.h: what gsync-bench hands every benchmark kernel, and how host
 * code (C) names the kernels of a .cu file. */
#ifndef GSYNC_BENCH_ARGS_H
#define GSYNC_BENCH_ARGS_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Words of the per-run check area that the kernels count into. */
enum gs_check_word {
    GS_CHECK_CS_COUNT = 0,   /* non-atomic ++ inside the critical section     */
    GS_CHECK_INSIDE = 1,     /* mutex: blocks inside now                      */
    GS_CHECK_VIOLATIONS = 2, /* entries that broke exclusion or capacity; stale reads */
    GS_CHECK_READERS = 3,    /* semaphore: readers inside now                 */
    GS_CHECK_WRITERS = 4,    /* semaphore: writers inside now                 */
    GS_CHECK_ENTERED = 5,    /* semaphore: entries                            */
    GS_CHECK_LEFT = 6,       /* semaphore: exits                              */
    GS_CHECK_TORN = 7,       /* semaphore: reads that saw two writers' data   */
    GS_CHECK_LAST_STAMP = 8, /* semaphore: the stamp of the last write        */
    GS_CHECK_LAST_BAD = 9,   /* barrier: the last episode with a stale read   */
    GS_CHECK_WORDS = 16
};

typedef struct gs_bench_args {
    void *state;                   /* the primitive's state, zeroed before each launch */
    unsigned int *data;            /* the data the primitive guards                   */
    unsigned int *check;           /* GS_CHECK_WORDS words, zeroed                    */
    void *watchdog;                /* a gs_watchdog_t                                 */
    unsigned long long timeout_ns; /* the watchdog's deadline, from its arming        */
    unsigned int ldst;             /* loads and stores per thread per operation       */
    unsigned int iters;            /* operations per block                            */
    unsigned int blocks, threads;
    unsigned int cluster;          /* blocks per cluster; 1: launched without clusters */
    unsigned int episode;          /* relaunched kernels: this launch's episode (from 1) */
    int sync;                      /* 0: the operation's body alone, no primitive     */
    int check_exclusion;           /* 1: the verifying launch: count and check entries */
    unsigned int wrap;             /* --wrap: init starts the counters 2^32 - wrap; 0: at 0 */
    unsigned long long params[8];  /* the family's own parameters (its .cu's struct)  */
} gs_bench_args;

/* A .cu file's kernels for one primitive: `init` (one thread, before the
 * timed launch: arms the watchdog and sets the state up; NULL: none) and the
 * benchmark kernel, both taking one gs_bench_args.  `host`, when set, runs
 * in place of the kernel's launch and records t0 and t1 itself around what
 * it times (several kernels, or a library's call); `kernel` is then the one
 * its occupancy is taken from. */
typedef struct gs_kernels {
    const void *init, *kernel;
    cudaError_t (*host)(gs_bench_args *a, cudaEvent_t t0, cudaEvent_t t1);
} gs_kernels;

#ifdef __cplusplus
}
#endif
#endif
