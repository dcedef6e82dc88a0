/* plain.c: `gsync-bench plain` and `gsync-bench tune` (see plain.h). */
#include "plain.h"

#include "stats.h"

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

#define CK(call)                                                                        \
    do {                                                                                \
        const cudaError_t e_ = (call);                                                  \
        if (e_ != cudaSuccess) {                                                        \
            snprintf(err, n, "CUDA: %s: %s: %s", #call, cudaGetErrorName(e_), cudaGetErrorString(e_));            \
            return GS_EXIT_RUNTIME;                                                     \
        }                                                                               \
    } while (0)

/* One launch of x; with `verify`, the stamped loop and its stale count. */
static int launch(const point *p, entry *x, int verify, double *ms, char *err, size_t n)
{
    gs_plain_args a = {x->bar, p->state, verify ? p->stamps : NULL, p->stale, p->iters};
    void *args[] = {&a};
    const dim3 grid = {p->blocks, 1, 1}, block = {p->threads, 1, 1};
    float f = 0.0f;
    CK(gs_plain_reset(x->kind, &a, p->blocks, p->state_bytes, 0));
    if (verify) {
        CK(cudaMemset(p->stamps, 0, 2u * p->blocks * sizeof(unsigned int)));
        CK(cudaMemset(p->stale, 0, sizeof(unsigned int)));
    }
    CK(cudaEventRecord(p->t0, 0));
    CK(cudaLaunchCooperativeKernel(gs_plain_kernel(x->kind), grid, block, args, 0, 0));
    CK(cudaEventRecord(p->t1, 0));
    CK(cudaEventSynchronize(p->t1));
    CK(cudaEventElapsedTime(&f, p->t0, p->t1));
    if (verify)
        CK(cudaMemcpy(&x->stale, p->stale, sizeof x->stale, cudaMemcpyDeviceToHost));
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
        CK(gs_blocks_per_sm(gs_plain_kernel((enum gs_plain_kind)k), o->threads, 0, &per_sm));
        cap = per_sm < cap ? per_sm : cap;
    }
    *np = 0;
    if (o->tbs) {
        snprintf(err, n, "plain and tune take --tbs-per-sm, not --tbs");
        return GS_EXIT_USAGE;
    }
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
    CK(cudaMalloc((void **)&p->state, p->state_bytes));
    CK(cudaMalloc((void **)&p->stamps, 2u * p->blocks * sizeof(unsigned int)));
    CK(cudaMalloc((void **)&p->stale, sizeof(unsigned int)));
    CK(cudaEventCreate(&p->t0));
    CK(cudaEventCreate(&p->t1));
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

static void header(FILE *f, enum gs_format fmt, const gs_meta *m, int tune)
{
    if (fmt == GS_FORMAT_CSV)
        fprintf(f, tune ? "gsync_version,device,sm_count,clock_mhz,cc,driver,runtime,command,tbs_per_sm,blocks,form,"
                          "ns_median,ns_min,ns_max,noise_pct,rounds,stale,best\n"
                        : "gsync_version,device,sm_count,clock_mhz,cc,driver,runtime,command,barrier,tbs_per_sm,"
                          "blocks,threads,form,ns_median,ns_min,ns_max,noise_pct,rounds,stale\n");
    else if (fmt == GS_FORMAT_JSON) {
        gs_json_meta(f, m);
        fprintf(f, "  \"%s\": [", tune ? "tune" : "plain");
    } else {
        gs_table_header(f, m);
        fprintf(f, "%-18s %6s %6s %-9s %10s %10s %10s %6s  %s\n", tune ? "candidate" : "barrier", "TBs/SM", "TBs",
                "form", "ns/barrier", "min", "max", "noise", tune ? "stale reads, best" : "stale reads");
    }
}

static void row(FILE *f, enum gs_format fmt, const gs_meta *m, const point *p, const entry *x, int tune, int best,
                int first)
{
    if (fmt == GS_FORMAT_CSV) {
        gs_csv_meta(f, m);
        if (tune)
            fprintf(f, "%u,%u,%s,%.2f,%.2f,%.2f,%.2f,%u,%u,%d\n", p->per_sm, p->blocks, x->name, x->s.median,
                    x->s.min, x->s.max, x->s.noise_pct, p->rounds, x->stale, best);
        else
            fprintf(f, "%s,%u,%u,%u,%s,%.2f,%.2f,%.2f,%.2f,%u,%u\n", x->name, p->per_sm, p->blocks, p->threads,
                    form_of(x), x->s.median, x->s.min, x->s.max, x->s.noise_pct, p->rounds, x->stale);
    } else if (fmt == GS_FORMAT_JSON) {
        fprintf(f, "%s\n    {\"%s\": \"%s\", \"tbs_per_sm\": %u, \"tbs\": %u, \"threads\": %u, \"form\": \"%s\", "
                   "\"ns_median\": %.2f, \"ns_min\": %.2f, \"ns_max\": %.2f, \"noise_pct\": %.2f, \"rounds\": %u, "
                   "\"stale\": %u%s}",
                first ? "" : ",", tune ? "form" : "barrier", x->name, p->per_sm, p->blocks, p->threads, form_of(x),
                x->s.median, x->s.min, x->s.max, x->s.noise_pct, p->rounds, x->stale,
                tune ? (best ? ", \"best\": true" : ", \"best\": false") : "");
    } else {
        fprintf(f, "%-18s %6u %6u %-9s %10.1f %10.1f %10.1f %5.1f%%  %u%s\n", x->name, p->per_sm, p->blocks,
                form_of(x), x->s.median, x->s.min, x->s.max, x->s.noise_pct, x->stale, best ? "  best" : "");
    }
}

static void footer(FILE *f, enum gs_format fmt)
{
    if (fmt == GS_FORMAT_JSON)
        fprintf(f, "\n  ]\n}\n");
}

int gs_plain_run(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
{
    unsigned int per_sm[64];
    int np, rc = GS_EXIT_OK, first = 1;
    if ((rc = points(o, per_sm, &np, err, n)))
        return rc;
    header(stdout, o->format, meta, 0);
    for (int i = 0; i < np && rc == GS_EXIT_OK; ++i) {
        static entry xs[GS_PLAIN_KINDS];
        point p;
        memset(xs, 0, sizeof xs);
        if ((rc = open_point(o, dev, per_sm[i], &p, err, n)) == GS_EXIT_OK) {
            const cudaError_t e = gs_barrier_plan(&xs[0].bar, p.state, p.blocks, p.threads, GS_BARRIER_AUTO, 0);
            if (e != cudaSuccess) {
                snprintf(err, n, "CUDA: gs_barrier_plan: %s", cudaGetErrorString(e));
                rc = GS_EXIT_RUNTIME;
            }
            for (int k = 0; k < GS_PLAIN_KINDS; ++k) {
                xs[k].name = kind_names[k];
                xs[k].kind = (enum gs_plain_kind)k;
                xs[k].bar = xs[0].bar;
            }
            if (rc == GS_EXIT_OK && (rc = time_entries(&p, xs, GS_PLAIN_KINDS, err, n)) == GS_EXIT_OK)
                for (int k = 0; k < GS_PLAIN_KINDS; ++k, first = 0)
                    row(stdout, o->format, meta, &p, &xs[k], 0, 0, first);
        }
        close_point(&p);
    }
    footer(stdout, o->format);
    return rc;
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
    int best[64], np, rc = GS_EXIT_OK, first = 1;
    double from[GS_BARRIER_FORMS];
    if ((rc = points(o, per_sm, &np, err, n)))
        return rc;
    header(stdout, o->format, meta, 1);
    for (int i = 0; i < np && rc == GS_EXIT_OK; ++i) {
        static entry xs[GS_BARRIER_FORMS];
        int nx = 0, b = 0;
        point p;
        if ((rc = open_point(o, dev, per_sm[i], &p, err, n)) == GS_EXIT_OK)
            for (int f = 0; f < GS_BARRIER_FORMS && rc == GS_EXIT_OK; ++f) {
                memset(&xs[nx], 0, sizeof xs[nx]);
                const cudaError_t e = gs_barrier_plan(&xs[nx].bar, p.state, p.blocks, p.threads, f, 0);
                if (e != cudaSuccess) {
                    snprintf(err, n, "CUDA: gs_barrier_plan: %s", cudaGetErrorString(e));
                    rc = GS_EXIT_RUNTIME;
                } else if ((int)xs[nx].bar.form == f) { /* spread may not place: then it is not measured */
                    xs[nx].name = gs_barrier_form_name(f);
                    xs[nx++].kind = GS_PLAIN_GS;
                }
            }
        if (rc == GS_EXIT_OK && (rc = time_entries(&p, xs, nx, err, n)) == GS_EXIT_OK) {
            for (int k = 1; k < nx; ++k)
                b = xs[k].s.median < xs[b].s.median ? k : b;
            best[i] = (int)xs[b].bar.form;
            for (int k = 0; k < nx; ++k, first = 0)
                row(stdout, o->format, meta, &p, &xs[k], 1, k == b, first);
        }
        close_point(&p);
    }
    footer(stdout, o->format);
    if (rc == GS_EXIT_OK && o->format == GS_FORMAT_TABLE) {
        suggest(per_sm, best, np, from);
        printf("thresholds for src/lib/barrier_plan.c: {\"%s\", %.1f, %.1f, %.1f, %uu},\n", dev->name,
               from[GS_BARRIER_SPREAD] < from[GS_BARRIER_GATHERED] ? from[GS_BARRIER_SPREAD] : from[GS_BARRIER_GATHERED],
               from[GS_BARRIER_GATHERED], from[GS_BARRIER_WIDE], gs_barrier_thresholds_for(dev->name)->spread_k);
    }
    return rc;
}

/* A plain build has no watchdog, so no deadline. */
#define PLAIN_SHARED                                                                                                \
    (GS_SH(FORMAT) | GS_SH(DEVICE) | GS_SH(TBS) | GS_SH(TBS_PER_SM) | GS_SH(ITERS) | GS_SH(REPEAT) | GS_SH(THREADS))
const gs_command gs_cmd_plain = {
    .name = "plain",
    .summary = "gsync-bench plain [OPTIONS]   gsBarrier as a user calls it, beside grid.sync(), cuda::barrier\n"
               "                                     and an unordered counter (a build without the watchdog)\n",
    .usage = "usage: gsync-bench plain [--tbs-per-sm LIST] [--iters N] [--repeat N] [--threads N] [--format F]\n"
             "  gsBarrier as a user's kernel calls it (a plain build, the plan's form) beside grid.sync(),\n"
             "  cuda::barrier and an unordered counter barrier, in interleaved rounds.\n",
    .shared = PLAIN_SHARED, .run = gs_plain_run,
};

const gs_command gs_cmd_tune = {
    .name = "tune",
    .summary = "gsync-bench tune [OPTIONS]    every form of gsBarrier at each point: the chooser's thresholds\n",
    .usage = "usage: gsync-bench tune [--tbs-per-sm LIST] [--iters N] [--repeat N] [--threads N] [--format F]\n"
             "  every form of gsBarrier at each point, the fastest marked, and the chooser's thresholds they\n"
             "  suggest for src/lib/barrier_plan.c.\n",
    .shared = PLAIN_SHARED, .run = gs_tune_run,
};
