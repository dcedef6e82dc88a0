/* family.h: what a family of primitives gives gsync-bench.  Each family is
 * one source pair (NAME.c: this table, its options, plan checks, golden
 * model; NAME_kernels.cu: its kernels) and one line in families.c.  The
 * runner, plan, report and command line know no family by name. */
#ifndef GSYNC_FAMILY_H
#define GSYNC_FAMILY_H

#include "core/bench_args.h"
#include "core/gsync_bench.h"
#include "core/launch.h"

#include <stddef.h>

#define GS_FAMILY_OPTION_BYTES 64

enum gs_prim_flag {
    GS_PRIM_CORESIDENT = 1, /* every block must be resident: refused above the device's maximum */
    GS_PRIM_UNORDERED = 2,  /* published with too little ordering: a FAIL is its finding, not an error */
    GS_PRIM_HEADLINE = 4,   /* in the quick suite (`gsync-bench` alone, `make run`) */
    GS_PRIM_WRAP = 8,       /* has counters that --wrap starts near 2^32 (the family's wrap) */
    GS_PRIM_MAY_HANG = 16   /* published so that it may livelock or deadlock: a TIMEOUT is its finding */
};

typedef struct gs_prim {
    const char *name;    /* command-line name; HeteroSync's where it has one */
    const char *origin;  /* "gsync", "HeteroSync baseline", "CUDA peer", ... */
    const char *summary; /* one line for `gsync-bench list` */
    const struct gs_family *family;
    const gs_kernels *kernels;
    enum gs_launch_kind launch;
    unsigned int flags;  /* enum gs_prim_flag */
    unsigned int arg[2]; /* the family's own per-primitive values */
} gs_prim;

typedef struct gs_family {
    const char *name; /* also selects all its primitives on the command line */
    const gs_prim *prims;
    size_t nprims;
    unsigned int default_iters;
    const char *help; /* its options, for --help; "" when none */
    /* Its own option NAME VALUE into opts: 1 taken, 0 not its option, -1
     * bad value (err set); VALUE NULL only asks whether NAME is its option
     * (opts may be NULL).  NULL: none.  A family's options are a struct of
     * at most GS_FAMILY_OPTION_BYTES that the run keeps for it (run.h) and
     * each point carries (gs_config.fopt; NULL: the defaults). */
    int (*option)(void *opts, const char *name, const char *value, char *err, size_t n);
    const char *const *options; /* their names, NULL-terminated (for suggestions and tests) */
    /* GS_EXIT_OK, or GS_EXIT_USAGE with err set, for a point it cannot run. */
    int (*check)(const gs_config *c, char *err, size_t n);
    /* Operations per block of a launch (the verifying launch may run more). */
    unsigned int (*launch_iters)(const gs_config *c, int verifying);
    size_t (*state_bytes)(const gs_config *c);
    size_t (*data_words)(const gs_config *c);
    void (*init_data)(const gs_config *c, unsigned int *data); /* NULL: zeros */
    /* Once per point, after allocation: the family's parameters in a->params
     * (may run host work, such as a barrier's plan) and a note for the
     * result's detail.  Returns a cudaError_t. */
    int (*prepare)(const gs_config *c, gs_bench_args *a, char *note, size_t n);
    /* 0 when a launch's data and check words are right, else 1 with the
     * first mismatch in detail; `verifying` for the launch that counted. */
    int (*verify)(const gs_config *c, const unsigned int *data, const unsigned int *check, int verifying,
                  char *detail, size_t n);
    double (*ops_per_launch)(const gs_config *c);
    int floor_column; /* results are also shown against `gsync-bench floor` */
    /* Optional (NULL: the default in brackets).  Words of the check area
     * [GS_CHECK_WORDS]; the exact cluster size of a primitive launched in
     * clusters [0: the largest of 8, 4, 2 that divides the grid]; blocks per
     * SM its kernel admits [the occupancy calculator's, a cudaError_t];
     * operations per block by default [default_iters]. */
    size_t (*check_words)(const gs_config *c);
    int (*cluster_size)(const void *opts, const gs_prim *p);
    int (*per_sm)(const void *opts, const gs_prim *p, unsigned int threads, unsigned int sms, unsigned int *per_sm);
    unsigned int (*iters)(const gs_prim *p);
    void (*reset_options)(void *opts); /* its options' defaults [zeros] */
    /* Why a FAIL or TIMEOUT of p is the finding, not an error: a short
     * phrase for the verdict, or NULL where it is not [none]. */
    const char *(*finding)(const gs_prim *p, int verdict);
    /* Whether the family's option `name` changes p's run (--form: the gs
     * barrier's) [every primitive]; one given that changes no primitive
     * asked is refused. */
    int (*option_applies)(const gs_prim *p, const char *name);
    /* Whether p runs under the family's options (a filter such as --order)
     * [every primitive]. */
    int (*selected)(const void *opts, const gs_prim *p);
    /* The block counts of p's default sweep, when no --tbs or --tbs-per-sm
     * is given: at most max in out, returns how many; cap is p's resident
     * blocks per SM [the blocks-per-SM sweep]. */
    int (*default_grid)(const void *opts, const gs_prim *p, unsigned int sms, unsigned int cap, unsigned int *out,
                        int max);
    int no_body; /* its operations have no body to time apart: body_ns is 0 */
    /* Threads per block of p when --threads is not given [--threads' default]. */
    unsigned int (*threads)(const gs_prim *p);
    /* Test hook (--wrap), for a primitive flagged GS_PRIM_WRAP: N, about
     * half the counter increments of a launch of `iters` operations per
     * block; its init kernel then starts every counter at 2^32 - N (a.wrap)
     * so that the launch crosses the wrap.  NULL: no primitive of it has one. */
    unsigned int (*wrap)(const gs_config *c, unsigned int iters);
} gs_family;

/* Operations several families share: refuse --ldst 0 (an operation needs
 * a body), and run c->iters operations in every launch. */
int gs_family_check_body(const gs_config *c, char *err, size_t n);
unsigned int gs_family_iters(const gs_config *c, int verifying);
/* --wrap's N for a launch of `increments` counter increments: about half,
 * at least 1, at most 2^29. */
unsigned int gs_wrap_half(unsigned long long increments);

/* families.c: every family, and lookups over all their primitives. */
extern const gs_family *const gs_families[];
extern const size_t gs_nfamilies;
size_t gs_prim_count(void);
const gs_prim *gs_prim_at(size_t i);
const gs_family *gs_family_find(const char *name);
/* Exact name, else a case-insensitive match; NULL when none. */
const gs_prim *gs_prim_find(const char *name);
/* Up to `max` known names (families and primitives) nearest to `name`
 * (edit distance), nearest first. */
int gs_prim_suggest(const char *name, const char **out, int max);

#endif
