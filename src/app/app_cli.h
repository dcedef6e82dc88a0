/* app_cli.h: the app command's programs, modes and options (command.c). */
#ifndef GSYNC_APP_CLI_H
#define GSYNC_APP_CLI_H

#include "app/app.h"

#include <stddef.h>

typedef struct gs_app_options {
    unsigned int programs[GS_APP_PROGRAMS];
    int nprograms;
    unsigned int modes[GS_SYNC_PARSED];
    int nmodes;          /* 0: every mode (a program no named mode applies to: all of its own) */
    char graph[1024];    /* "": the thesis's pairing of graphs with blocks per SM */
    unsigned int source; /* BFS and SSSP */
    int source_given;
    unsigned int size;   /* Reduce: elements; 0: 2^20 a block per SM */
    unsigned int key_bits; /* bitonic: 32 or 64 (32) */
    double tol, damping; /* PageRank */
    int form;            /* gsBarrier's form: GS_BARRIER_AUTO (the plan's) or one forced */
    char query[1024], target[1024]; /* Smith-Waterman: FASTA files, or "" to generate */
    unsigned int protein; /* the generated sequences' alphabet: 1 protein, 0 dna */
    unsigned int length; /* generated query's length */
    double mutation;     /* the generated target's mutation rate */
    unsigned int match, mismatch, gap_open, gap_extend; /* scores; mismatch and gaps are penalties */
    unsigned int fertility, branch, root, stack; /* UTS: percent, children, the root's, a stack's nodes */
    int fertility_given;                         /* else uts-hs takes HeteroSync's 90 % */
    unsigned int nodes, local_stack;             /* uts-hs: HeteroSync's N (8192) and local stack size (32) */
    unsigned int spread;                         /* UTS: 1 deals the root's children round-robin to the stacks */
    unsigned int steal_half;                     /* UTS: 1 (--steal half), a thief takes half a stack */
} gs_app_options;

/* The app command's options in its gs_options (cli.h). */
#define gs_app_own(o) GS_OWN(o, const gs_app_options)

/* Whether --sync's `mode` applies to `program`: uts takes the locks and the
 * twins (brokenNoBarrier is its brokenNoLock), uts-hs its three kernels
 * (brokenNoBarrier is hsShipped), bfs and sssp also async and brokenAsync,
 * the others the barriers. */
int gs_app_mode_applies(unsigned int program, unsigned int mode);
#define GS_APP_MAX_REPEAT 100

/* A synchronization mode (GS_SYNC_*): its name; the family's primitive of
 * that name where the algorithm is the same (NULL: app's own mode); its
 * origin and summary (the family's, or app's own); whether it is ordered
 * too little (a FAIL or TIMEOUT is its finding: the family's
 * GS_PRIM_UNORDERED, or app's twins) and whether it may deadlock (TIMEOUT). */
enum { GS_APP_SYNC_UNORDERED = 1u, GS_APP_SYNC_MAY_TIME_OUT = 2u };
struct gs_prim;
extern const char *const gs_app_sync_names[GS_SYNC_NAMES]; /* syncs.c */
const char *gs_app_sync_name(unsigned int mode);
const struct gs_prim *gs_app_sync_prim(unsigned int mode);
const char *gs_app_sync_origin(unsigned int mode);
const char *gs_app_sync_summary(unsigned int mode);
int gs_app_sync_unordered(unsigned int mode);
int gs_app_sync_may_time_out(unsigned int mode);

/* sweep.c: the command.  GS_EXIT_OK, or an exit status with err set; its columns. */
struct gs_options;
struct gs_device_info;
struct gs_meta;
struct gs_schema;
extern const struct gs_schema gs_app_schema;
/* The blocks per SM the sweep runs without --tbs-per-sm. */
#define GS_APP_SWEEP_POINTS 5
extern const unsigned int gs_app_sweep_per_sm[GS_APP_SWEEP_POINTS];
int gs_app_command(const struct gs_options *o, const struct gs_device_info *dev, const struct gs_meta *meta,
                   char *err, size_t n);

#endif
