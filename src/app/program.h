/* program.h: app's program table.  Each program is one source file (its
 * kernels in app_kernels.cu, async_kernels.cu or its own .cu) filling one
 * gs_app_program; programs.c lists them; sweep.c, the sweep, knows none by
 * name. */
#ifndef GSYNC_APP_PROGRAM_H
#define GSYNC_APP_PROGRAM_H

#include "app/app.h"
#include "app/app_cli.h"
#include "inputs/graph.h"
#include "core/gsync_bench.h"
#include "core/stats.h"

#include <stddef.h>

#define GS_SYNC_BIT(m) (1ull << (m))
#define GS_SYNC_BARRIERS (GS_SYNC_BIT(GS_SYNC_MODES) - 1ull) /* every barrier mode, relaunches included */
#define GS_SYNC_BARRIER_TAKES                                                                                      \
    (GS_SYNC_BARRIERS | GS_SYNC_BIT(GS_SYNC_BROKEN_NONE) | GS_SYNC_BIT(GS_SYNC_FX_LOCK_NOFENCE) |                  \
     GS_SYNC_BIT(GS_SYNC_FX_LOCKFREE_NOFENCE))

/* What a program's input is: a graph of the sweep's (loaded once a point
 * for every program that asks), its transpose, weights of 0 or more. */
enum { GS_APP_IN_GRAPH = 1u, GS_APP_IN_TRANSPOSE = 2u, GS_APP_IN_NONNEG = 4u };

/* Throughput (CSV mteps, table M/s): millions of arcs, or of the row's
 * n (keys, nodes), a second; none. */
enum gs_app_unit { GS_APP_UNIT_NONE, GS_APP_UNIT_ARCS, GS_APP_UNIT_ITEMS };

/* A graph on the host and the device, and the host's answers on it (app_input.c). */
typedef struct gs_app_input {
    gs_graph g, in; /* in: the transpose */
    int have_graph, have_in;
    unsigned int *levels, *dist; /* the host's answers, NULL until a program asks */
    double *rank;
    unsigned int rank_iters;
    unsigned int *d_row, *d_col, *d_w, *d_in_row, *d_in_col;
    float *d_inv_out;
} gs_app_input;

struct gs_app_program;

/* One row of the report: a mode of a program at a point. */
typedef struct gs_app_row {
    const struct gs_app_program *prog;
    unsigned int mode, per_sm, blocks, threads;
    char graph[96];
    unsigned int n, m; /* vertices and arcs; else the program's sizes */
    enum gs_verdict verdict;
    unsigned int iters;
    gs_stats ms;
    double share;   /* cycles in the barrier over all cycles (thread 0s); < 0: not measured */
    double vs_grid; /* gridSync's median over this one; 0: none */
    char detail[160];
} gs_app_row;

/* One program at one point, as its hooks see it. */
typedef struct gs_app_ctx {
    const struct gs_app_program *prog;
    const gs_app_options *opt;
    unsigned int per_sm, blocks, threads, groups, repeat;
    double timeout_s;
    gs_app_input *x; /* the point's graph (GS_APP_IN_GRAPH), else an empty one */
    void *st;        /* the program's own state: state_bytes, zeroed, kept for the whole command */
    /* the sweep's device buffers, a point's */
    unsigned int *count, *iters_out, *state;
    unsigned long long *cycles;
    void *watchdog;
    size_t state_bytes;
    gs_barrier_t gs; /* gsBarrier's plan, made by the point's first run of it */
    int planned;
} gs_app_ctx;

typedef struct gs_app_program {
    const char *name;
    const char *summary;
    unsigned int kernel; /* its kernels' number (GS_APP_*) */
    unsigned int input;  /* GS_APP_IN_* */
    /* Modes, GS_SYNC_BIT()s: those --sync may give it; those it runs when
     * none named applies; those added when --sync is not given at all; and
     * its peers, run after its modes at every point. */
    unsigned long long takes, own, unasked, peers;
    unsigned int twin; /* the mode --sync brokenNoBarrier runs for it */
    enum gs_app_unit unit;
    size_t state_bytes;
    /* Blocks of `threads` threads per SM its kernel for `mode` admits (a
     * cudaError_t); `note`, NULL or words after its name in the refusal. */
    int (*occupancy)(const struct gs_app_program *p, const gs_app_options *o, unsigned int mode,
                     unsigned int threads, int *fit);
    const char *(*note)(const gs_app_options *o);
    /* Per point, before its first mode: the input (made once and kept in
     * c->st), the host's answer, the point's device buffers. */
    int (*prepare)(gs_app_ctx *c, char *err, size_t n);
    /* The row's input column, n and m. */
    void (*describe)(const gs_app_ctx *c, gs_app_row *r);
    /* The barrier path (gs_app_run_barrier): the kernel's arguments, its
     * device data reset for a run, then the run checked against the host. */
    int (*args)(gs_app_ctx *c, gs_app_args *a, char *err, size_t n);
    int (*verify)(gs_app_ctx *c, const gs_app_args *a, gs_app_row *r, char *err, size_t n);
    /* One run of `mode` (its peers included), timed into *ms; NULL: the barrier path. */
    int (*run)(gs_app_ctx *c, unsigned int mode, gs_app_row *r, double *ms, char *err, size_t n);
    void (*release)(gs_app_ctx *c); /* the point's buffers */
    void (*free)(gs_app_ctx *c);    /* the rest of c->st */
} gs_app_program;

/* programs.c: every program, by GS_APP_* (the kernels' numbers), and
 * their names in the same order (the parser's words). */
extern const gs_app_program *const gs_app_programs[GS_APP_PROGRAMS];
extern const char *const gs_app_program_names[GS_APP_PROGRAMS];

/* sweep.c: a point's plan, without a device: the modes program p runs for
 * the command line ao (--sync's that it takes, brokenNoBarrier as its
 * twin, in --sync's order; else its own; with no --sync also its unasked),
 * and the rows of one point, those modes then its peers.  Each fills
 * modes[] (GS_SYNC_NAMES entries) and returns how many. */
unsigned int gs_app_modes_of(const gs_app_options *ao, const gs_app_program *p, unsigned int *modes);
unsigned int gs_app_point_modes(const gs_app_options *ao, const gs_app_program *p, unsigned int *modes);
/* sweep.c: one run of the barrier path (args, launch, verify). */
int gs_app_run_barrier(gs_app_ctx *c, unsigned int mode, gs_app_row *r, double *ms, char *err, size_t n);
/* The occupancy hook of the programs in app_kernels.cu (and, for
 * --sync async, async_kernels.cu). */
int gs_app_barrier_occupancy(const gs_app_program *p, const gs_app_options *o, unsigned int mode, unsigned int threads,
                             int *fit);
/* app_input.c: the graph of a point (--graph, else the thesis's pairing
 * with blocks per SM); loaded with what `need` (GS_APP_IN_*) asks, checked
 * and put on the device; freed.  Helpers of the programs: a device copy of
 * count words; the row of a graph program; events destroyed; the
 * watchdog's verdict; the error of a host answer without memory. */
const char *gs_app_graph_for(const gs_app_options *ao, unsigned int per_sm);
int gs_app_input_load(const gs_app_options *ao, gs_app_input *x, const char *spec, unsigned int need, int progress,
                      char *err, size_t n);
void gs_app_input_free(gs_app_input *x);
int gs_app_upload(unsigned int **d, const unsigned int *h, size_t count, char *err, size_t n);
void gs_app_describe_graph(const gs_app_ctx *c, gs_app_row *r);
void gs_app_events_destroy(cudaEvent_t t0, cudaEvent_t t1);
void gs_app_timeout(const gs_app_ctx *c, gs_app_row *r);
int gs_app_no_answer(const gs_app_input *x, char *err, size_t n); /* GS_EXIT_RUNTIME: no host memory for it */

/* hubs.c: g's hubs (more than hub_min arcs; 0: none), the most arcs
 * first, and their parts (at most part_arcs arcs; 0: a hub is one part),
 * the largest first: the order the warps take them in.  Build returns 0,
 * or GS_EXIT_RUNTIME with err set; args fills the kernel's fields; describe
 * writes "N hubs over H, P parts of A" for a row's detail. */
typedef struct gs_app_hubs {
    unsigned int *hubs, *parts; /* device: the hubs' vertices; (hub index, first arc) a part */
    unsigned int nhubs, nparts, hub_min, part_arcs;
} gs_app_hubs;
int gs_app_hubs_build(gs_app_hubs *hb, const gs_graph *g, unsigned int hub_min, unsigned int part_arcs, char *err,
                      size_t n);
/* The same two lists on the host (malloc'd; NULL and 0 when there are no
 * hubs): hubs[nhubs] the vertices, parts[2 * nparts] the (hub index,
 * first arc) pairs.  0, or GS_EXIT_RUNTIME with err set. */
int gs_app_hub_lists(const gs_graph *g, unsigned int hub_min, unsigned int part_arcs, unsigned int **hubs,
                     unsigned int *nhubs, unsigned int **parts, unsigned int *nparts, char *err, size_t n);
void gs_app_hubs_args(const gs_app_hubs *hb, gs_app_args *a);
int gs_app_hubs_describe(const gs_app_hubs *hb, char *out, size_t n);
void gs_app_hubs_free(gs_app_hubs *hb);

#endif
