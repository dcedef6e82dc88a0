/* gsync_bench.h: the types that flow through gsync-bench, from the command
 * line to the report: options -> plan (configs) -> run -> results -> report. */
#ifndef GSYNC_BENCH_H
#define GSYNC_BENCH_H

#include <stddef.h>

#define GSYNC_BENCH_VERSION "0.2.0"

enum gs_exit { GS_EXIT_OK = 0, GS_EXIT_RUNTIME = 1, GS_EXIT_USAGE = 2 };
enum gs_verdict { GS_PASS, GS_FAIL, GS_TIMEOUT };

struct gs_prim;

typedef struct gs_device_info {
    int ordinal;
    char name[256];
    int sm_count;
    int max_threads_per_block;
    int clock_mhz;
    int cc_major, cc_minor;
    int driver_version, runtime_version; /* as CUDA encodes them: 13000 */
} gs_device_info;

/* One measured point: a primitive at one grid. */
typedef struct gs_config {
    const struct gs_prim *prim;
    unsigned int tbs_per_sm; /* 0 when --tbs gave a count that is not a multiple of the SMs */
    unsigned int blocks, threads, ldst, iters, repeat;
    unsigned int group;    /* blocks per SM, rounded down (at least 1) */
    unsigned int sm_count; /* the device's */
    unsigned long long timeout_ns;
    int wrap; /* --wrap: counters start short of 2^32 so that each launch crosses the wrap */
    int short_verify; /* the verifying launch runs `iters` too (a barrier's is otherwise 10,000 episodes at least) */
    const void *fopt; /* the family's options (family.h); NULL: its defaults */
} gs_config;

typedef struct gs_result {
    gs_config cfg;
    double ns_median, ns_min, ns_max, noise_pct; /* per operation */
    double body_ns;                              /* the same body, no primitive */
    enum gs_verdict verdict;
    unsigned int cluster; /* blocks per cluster of the launches; 1: no clusters */
    char detail[200];     /* the first mismatch, what timed out, or the family's note */
} gs_result;

const char *gs_verdict_name(enum gs_verdict v);

#endif
