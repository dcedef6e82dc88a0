/* plain.c: `gsync-bench plain` and `gsync-bench tune` (see plain.h). */
#include "probes/plain.h"

#include "core/cuda_check.h"
#include "core/stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ENTRIES GS_BARRIER_FORMS
#define MAX_ROUNDS 1000

/* One barrier timed at one point: its kind and, for gsync's, its plan. */
typedef struct entry {
    const char *name;
    enum gs_plain_kind kind;
    gs_barrier_t bar;
    double ms[MAX_ROUNDS];
    unsigned int stale;
    gs_stats s;
} entry;

typedef struct point {
    unsigned int per_sm, blocks, threads, iters, rounds;
    unsigned int *state, *stamps, *stale;
    size_t state_bytes;
    cudaEvent_t t0, t1;
} point;

static const char *const kind_names[GS_PLAIN_KINDS] = {"gs_barrier_sync", "grid.sync", "cuda::barrier",
                                                       "unordered counter"};

static const char *form_of(const entry *x)
{
    return x->kind == GS_PLAIN_GS ? gs_barrier_form_name((int)x->bar.form) : "-";
}

/* One launch of x; with `verify`, the stamped loop and its stale count. */
static int launch(const point *p, entry *x, int verify, double *ms, char *err, size_t n)
{
    gs_plain_args a = {x->bar, p->state, verify ? p->stamps : NULL, p->stale, p->iters};
    void *args[] = {&a};
    const dim3 grid = {p->blocks, 1, 1}, block = {p->threads, 1, 1};
    float f = 0.0f;
    GS_CK(gs_plain_reset(x->kind, &a, p->blocks, p->state_bytes, 0));
    if (verify) {
        GS_CK(cudaMemset(p->stamps, 0, 2u * p->blocks * sizeof(unsigned int)));
        GS_CK(cudaMemset(p->stale, 0, sizeof(unsigned int)));
    }
    GS_CK(cudaEventRecord(p->t0, 0));
    GS_CK(cudaLaunchCooperativeKernel(gs_plain_kernel(x->kind), grid, block, args, 0, 0));
    GS_CK(cudaEventRecord(p->t1, 0));
    GS_CK(cudaEventSynchronize(p->t1));
    GS_CK(cudaEventElapsedTime(&f, p->t0, p->t1));
    if (verify)
        GS_CK(cudaMemcpy(&x->stale, p->stale, sizeof x->stale, cudaMemcpyDeviceToHost));
    *ms = f;
    return GS_EXIT_OK;
}

/* Verifies each entry once, warms each up, then times them in interleaved
 * rounds: round r launches every entry once, so that a drift of the clock
 * touches all alike.  A barrier other than the unordered counter that lets
 * a stale stamp through is an error. */
static int time_entries(const point *p, entry *xs, int nx, char *err, size_t n)
{
    double ms;
    int rc;
    for (int i = 0; i < nx; ++i) {
        if ((rc = launch(p, &xs[i], 1, &ms, err, n)) || (rc = launch(p, &xs[i], 0, &ms, err, n)))
            return rc;
        if (xs[i].stale && xs[i].kind != GS_PLAIN_COUNTER) {
            snprintf(err, n, "%s (%s) at %u blocks: %u stale reads after the barrier", xs[i].name, form_of(&xs[i]),
                     p->blocks, xs[i].stale);
            return GS_EXIT_RUNTIME;
        }
    }
    for (unsigned int r = 0; r < p->rounds; ++r)
        for (int i = 0; i < nx; ++i)
            if ((rc = launch(p, &xs[i], 0, &xs[i].ms[r], err, n)))
                return rc;
    for (int i = 0; i < nx; ++i) {
        gs_stats_compute(xs[i].ms, (int)p->rounds, &xs[i].s);
        xs[i].s.median *= 1e6 / p->iters, xs[i].s.min *= 1e6 / p->iters, xs[i].s.max *= 1e6 / p->iters;
    }
    return GS_EXIT_OK;
}

/* The blocks per SM to measure: the list given, else 1..32 capped by the
 * fewest that every kernel can hold. */
static int points(const gs_options *o, unsigned int *out, int *np, char *err, size_t n)
{
    static const unsigned int sweep[] = {1, 2, 4, 8, 16, 32};
    unsigned int cap = 1024u, per_sm = 0;
    for (int k = 0; k < GS_PLAIN_KINDS; ++k) {
        GS_CK(gs_blocks_per_sm(gs_plain_kernel((enum gs_plain_kind)k), o->threads, 0, &per_sm));
        cap = per_sm < cap ? per_sm : cap;
    }
    *np = 0;
    for (int i = 0; i < (o->ntbs_per_sm ? o->ntbs_per_sm : 6); ++i) {
        const unsigned int v = o->ntbs_per_sm ? o->tbs_per_sm[i] : sweep[i];
        if (v > cap && o->ntbs_per_sm) {
            snprintf(err, n, "--tbs-per-sm %u is above the %u blocks of %u threads that fit on one SM", v, cap,
                     o->threads);
            return GS_EXIT_USAGE;
        }
        if (v <= cap)
            out[(*np)++] = v;
    }
    if (*np == 0) {
        snprintf(err, n, "no block of %u threads fits on an SM of this device", o->threads);
        return GS_EXIT_USAGE;
    }
    return GS_EXIT_OK;
}

static int open_point(const gs_options *o, const gs_device_info *dev, unsigned int per_sm, point *p, char *err,
                      size_t n)
{
    memset(p, 0, sizeof *p);
    p->per_sm = per_sm;
    p->blocks = per_sm * (unsigned int)dev->sm_count;
    p->threads = o->threads;
    p->iters = o->iters ? o->iters : 2000u;
    p->rounds = o->repeat > MAX_ROUNDS ? MAX_ROUNDS : o->repeat;
    p->state_bytes = (size_t)gs_barrier_bytes(p->blocks);
    GS_CK(cudaMalloc((void **)&p->state, p->state_bytes));
    GS_CK(cudaMalloc((void **)&p->stamps, 2u * p->blocks * sizeof(unsigned int)));
    GS_CK(cudaMalloc((void **)&p->stale, sizeof(unsigned int)));
    GS_CK(cudaEventCreate(&p->t0));
    GS_CK(cudaEventCreate(&p->t1));
    return GS_EXIT_OK;
}

static void close_point(point *p)
{
    cudaFree(p->state);
    cudaFree(p->stamps);
    cudaFree(p->stale);
    if (p->t0)
        cudaEventDestroy(p->t0);
    if (p->t1)
        cudaEventDestroy(p->t1);
}

enum { P_NAME, P_PER_SM, P_BLOCKS, P_THREADS, P_FORM, P_MEDIAN, P_MIN, P_MAX, P_NOISE, P_ROUNDS, P_STALE, P_BEST,
       P_STALE_T, P_COLS };

/* plain's columns; tune's name no barrier (each candidate is a form), give
 * no threads and add which form was best. */
#define COLS(name_where, name_head, threads_where, best_where, stale_head)                  \
    {                                                                                       \
        [P_NAME] = {"barrier", name_where, NULL, name_head, -18, NULL, NULL},               \
        [P_PER_SM] = {"tbs_per_sm", GS_COL_ALL, "%.0f", "TBs/SM", 6, NULL, NULL},           \
        [P_BLOCKS] = {"blocks", GS_COL_ALL, "%.0f", "TBs", 6, NULL, NULL},                  \
        [P_THREADS] = {"threads", threads_where, "%.0f", NULL, 0, NULL, NULL},              \
        [P_FORM] = {"form", GS_COL_ALL, NULL, "form", -9, NULL, NULL},                      \
        [P_MEDIAN] = {"ns_median", GS_COL_ALL, "%.2f", "ns/barrier", 10, "%.1f", NULL},     \
        [P_MIN] = {"ns_min", GS_COL_ALL, "%.2f", "min", 10, "%.1f", NULL},                  \
        [P_MAX] = {"ns_max", GS_COL_ALL, "%.2f", "max", 10, "%.1f", NULL},                  \
        [P_NOISE] = {"noise_pct", GS_COL_ALL, "%.2f", "noise", 6, "%5.1f%%", NULL},         \
        [P_ROUNDS] = {"rounds", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},                  \
        [P_STALE] = {"stale", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},                    \
        [P_BEST] = {"best", best_where, NULL, NULL, 0, NULL, NULL},                         \
        [P_STALE_T] = {NULL, GS_COL_TABLE, NULL, stale_head, 0, NULL, "  "},                \
    }
static const gs_col plain_cols[P_COLS] = COLS(GS_COL_ALL, "barrier", GS_COL_DATA, 0, "stale reads");
static const gs_col tune_cols[P_COLS] = COLS(GS_COL_TABLE, "candidate", 0, GS_COL_DATA, "stale reads, best");
#undef COLS
static const gs_schema plain_schema = {"plain", plain_cols, P_COLS, NULL, NULL, 0};
static const gs_schema tune_schema = {"tune", tune_cols, P_COLS, NULL, NULL, 0};

static void row(gs_out *out, const point *p, const entry *x, int best)
{
    gs_cell c[P_COLS];
    c[P_NAME] = gs_text(x->name);
    c[P_PER_SM] = gs_num(p->per_sm);
    c[P_BLOCKS] = gs_num(p->blocks);
    c[P_THREADS] = gs_num(p->threads);
    c[P_FORM] = gs_text(form_of(x));
    c[P_MEDIAN] = gs_num(x->s.median), c[P_MIN] = gs_num(x->s.min), c[P_MAX] = gs_num(x->s.max);
    c[P_NOISE] = gs_num(x->s.noise_pct);
    c[P_ROUNDS] = gs_num(p->rounds);
    c[P_STALE] = gs_num(x->stale);
    c[P_BEST] = gs_bool(best);
    c[P_STALE_T] = gs_textf("%u%s", x->stale, best ? "  best" : "");
    gs_out_row(out, c);
}

int gs_plain_run(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
{
    unsigned int per_sm[64];
    int np, rc = GS_EXIT_OK, wrc;
    gs_out out;
    if ((rc = points(o, per_sm, &np, err, n)))
        return rc;
    gs_out_begin(&out, stdout, o->format, meta, &plain_schema);
    for (int i = 0; i < np && rc == GS_EXIT_OK; ++i) {
        static entry xs[GS_PLAIN_KINDS];
        point p;
        memset(xs, 0, sizeof xs);
        if ((rc = open_point(o, dev, per_sm[i], &p, err, n)) == GS_EXIT_OK) {
            rc = gs_cuda_error(gs_barrier_plan(&xs[0].bar, p.state, p.blocks, p.threads, GS_BARRIER_AUTO, 0), err,
                               n, "gs_barrier_plan");
            for (int k = 0; k < GS_PLAIN_KINDS; ++k) {
                xs[k].name = kind_names[k];
                xs[k].kind = (enum gs_plain_kind)k;
                xs[k].bar = xs[0].bar;
            }
            if (rc == GS_EXIT_OK && (rc = time_entries(&p, xs, GS_PLAIN_KINDS, err, n)) == GS_EXIT_OK)
                for (int k = 0; k < GS_PLAIN_KINDS; ++k)
                    row(&out, &p, &xs[k], 0);
        }
        close_point(&p);
    }
    wrc = gs_out_end(&out, rc ? NULL : err, rc ? 0 : n);
    return rc ? rc : wrc;
}

/* The thresholds that the measured bests suggest: form i begins halfway
 * between the last point whose best form is below i and the first whose
 * best is i or above (1000 blocks per SM: never). */
static void suggest(const unsigned int *per_sm, const int *best, int np, double from[GS_BARRIER_FORMS])
{
    for (int f = 1; f < GS_BARRIER_FORMS; ++f) {
        from[f] = 1000.0;
        for (int i = 0; i < np; ++i)
            if (best[i] >= f) {
                from[f] = i ? 0.5 * (per_sm[i - 1] + per_sm[i]) : per_sm[i];
                break;
            }
    }
}

int gs_tune_run(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
{
    unsigned int per_sm[64];
    int best[64], np, rc = GS_EXIT_OK, wrc;
    double from[GS_BARRIER_FORMS];
    gs_out out;
    if ((rc = points(o, per_sm, &np, err, n)))
        return rc;
    gs_out_begin(&out, stdout, o->format, meta, &tune_schema);
    for (int i = 0; i < np && rc == GS_EXIT_OK; ++i) {
        static entry xs[GS_BARRIER_FORMS];
        int nx = 0, b = 0;
        point p;
        if ((rc = open_point(o, dev, per_sm[i], &p, err, n)) == GS_EXIT_OK)
            for (int f = 0; f < GS_BARRIER_FORMS && rc == GS_EXIT_OK; ++f) {
                memset(&xs[nx], 0, sizeof xs[nx]);
                rc = gs_cuda_error(gs_barrier_plan(&xs[nx].bar, p.state, p.blocks, p.threads, f, 0), err, n,
                                   "gs_barrier_plan");
                if (rc == GS_EXIT_OK && (int)xs[nx].bar.form == f) { /* spread may not place: then it is not measured */
                    xs[nx].name = gs_barrier_form_name(f);
                    xs[nx++].kind = GS_PLAIN_GS;
                }
            }
        if (rc == GS_EXIT_OK && (rc = time_entries(&p, xs, nx, err, n)) == GS_EXIT_OK) {
            for (int k = 1; k < nx; ++k)
                b = xs[k].s.median < xs[b].s.median ? k : b;
            best[i] = (int)xs[b].bar.form;
            for (int k = 0; k < nx; ++k)
                row(&out, &p, &xs[k], k == b);
        }
        close_point(&p);
    }
    if (rc == GS_EXIT_OK && o->format == GS_FORMAT_TABLE) {
        suggest(per_sm, best, np, from);
        fprintf(out.f, "thresholds for src/lib/barrier_plan.c: {\"%s\", %.1f, %.1f, %.1f, %uu},\n", dev->name,
                from[GS_BARRIER_SPREAD] < from[GS_BARRIER_GATHERED] ? from[GS_BARRIER_SPREAD] : from[GS_BARRIER_GATHERED],
                from[GS_BARRIER_GATHERED], from[GS_BARRIER_WIDE], gs_barrier_thresholds_for(dev->name)->spread_k);
    }
    wrc = gs_out_end(&out, rc ? NULL : err, rc ? 0 : n);
    return rc ? rc : wrc;
}

/* A plain build has no watchdog, so no deadline. */
#define PLAIN_SHARED                                                                                                \
    (GS_SH(FORMAT) | GS_SH(DEVICE) | GS_SH(TBS_PER_SM) | GS_SH(ITERS) | GS_SH(REPEAT) | GS_SH(THREADS))
const gs_command gs_cmd_plain = {
    .name = "plain",
    .summary = "gsync-bench plain [OPTIONS]   gsBarrier as a user calls it, beside grid.sync(), cuda::barrier\n"
               "                                     and an unordered counter (a build without the watchdog)\n",
    .usage = "usage: gsync-bench plain [--tbs-per-sm LIST] [--iters N] [--repeat N] [--threads N] [--format F]\n"
             "                         [--device N]\n"
             "  gsBarrier as a user's kernel calls it (a plain build, the plan's form) beside grid.sync(),\n"
             "  cuda::barrier and an unordered counter barrier, in interleaved rounds.\n",
    .shared = PLAIN_SHARED, .run = gs_plain_run, .schema = &plain_schema,
};

const gs_command gs_cmd_tune = {
    .name = "tune",
    .summary = "gsync-bench tune [OPTIONS]    every form of gsBarrier at each point: the chooser's thresholds\n",
    .usage = "usage: gsync-bench tune [--tbs-per-sm LIST] [--iters N] [--repeat N] [--threads N] [--format F]\n"
             "                        [--device N]\n"
             "  every form of gsBarrier at each point, the fastest marked, and the chooser's thresholds they\n"
             "  suggest for src/lib/barrier_plan.c.\n",
    .shared = PLAIN_SHARED, .run = gs_tune_run, .schema = &tune_schema,
};
