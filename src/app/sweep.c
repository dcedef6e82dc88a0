/* sweep.c: `gsync-bench app`: the sweep.  Every program of the table
 * (programs.c) over a sweep of blocks per SM, every synchronization mode
 * side by side at each point, every run verified against the host's answer
 * by the program's hooks; the report.  It knows no program by name. */
#include "app/program.h"
#include "core/cuda_check.h"
#include "core/launch.h"
#include "core/report.h"

#include "gsync/host.h"
#include "gsync/watchdog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_ROWS 2048
#define MAX_REPEAT GS_APP_MAX_REPEAT /* (the command line refuses more) */

/* A tuning knob: the environment's NAME (digits only, at most 10^6), else
 * its default. */
/* app's tuning knobs, read from the environment (app --help lists them). */
static const char *const knobs[] = {
    "GSYNC_ASYNC_KEEP",    "GSYNC_ASYNC_KEEP_BELOW", "GSYNC_ASYNC_PRECHECK", "GSYNC_ASYNC_IDLE_NS",
    "GSYNC_ASYNC_DEFER",   "GSYNC_ASYNC_PRED",       "GSYNC_ASYNC_NARROW",   "GSYNC_PAGERANK_GATHER",
    "GSYNC_PAGERANK_HUB",  "GSYNC_PAGERANK_PART",    "GSYNC_TOPO_HUB",       "GSYNC_TOPO_PART"};

int gs_app_knobs_check(char *err, size_t n)
{
    for (size_t k = 0; k < sizeof knobs / sizeof knobs[0]; ++k) {
        const char *s = getenv(knobs[k]);
        if (s && (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 7u || strtoul(s, NULL, 10) > 1000000ul)) {
            snprintf(err, n, "%s='%s' is not a whole number from 0 to 1000000 (a tuning knob of app: "
                     "'gsync-bench app --help')", knobs[k], s);
            return -1;
        }
    }
    return 0;
}

unsigned int gs_app_knob(const char *name, unsigned int dflt)
{
    const char *s = getenv(name);
    if (!s || !*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 7u)
        return dflt;
    const unsigned long v = strtoul(s, NULL, 10);
    return v > 1000000ul ? dflt : (unsigned int)v;
}

static int is_async(unsigned int mode)
{
    return mode == GS_SYNC_ASYNC || mode == GS_SYNC_ASYNC_BROKEN;
}

int gs_app_barrier_occupancy(const gs_app_program *p, const gs_app_options *o, unsigned int mode, unsigned int threads,
                             int *fit)
{
    return is_async(mode) ? gs_app_async_occupancy(threads, fit)
                          : gs_app_occupancy(p->kernel, o->key_bits, mode, threads, fit);
}

/* One launch of a, timed into *ms; the iterations it ran, its barrier
 * share, and whether the watchdog fired. */
static int launch(gs_app_ctx *c, gs_app_args *a, gs_app_row *r, double *ms, int *fired, char *err, size_t n)
{
    cudaEvent_t t0 = NULL, t1 = NULL;
    unsigned long long cycles[2] = {0, 0};
    float f = 0.0f;
    int rc = 0;
    GS_CK_OUT((cudaError_t)gs_app_setup(a));
    GS_CK_OUT(cudaEventCreate(&t0));
    GS_CK_OUT(cudaEventCreate(&t1));
    if (a->dq)
        GS_CK_OUT((cudaError_t)gs_app_run_async(a, t0, t1));
    else if (a->mode <= GS_SYNC_RELAUNCH_GRAPH)
        GS_CK_OUT((cudaError_t)gs_app_run_relaunch(a, a->mode == GS_SYNC_RELAUNCH_GRAPH, t0, t1));
    else
        GS_CK_OUT((cudaError_t)gs_app_run_persistent(a, t0, t1));
    GS_CK_OUT(gs_wait_launch(t1, GS_WAIT_LAUNCH_LIMIT_S(a->timeout_ns)));
    GS_CK_OUT(cudaEventElapsedTime(&f, t0, t1));
    *ms = f;
    GS_CK_OUT(gs_watchdog_fired(c->watchdog, fired));
    GS_CK_OUT(cudaMemcpy(&r->iters, c->iters_out, 4, cudaMemcpyDeviceToHost));
    GS_CK_OUT(cudaMemcpy(cycles, c->cycles, sizeof cycles, cudaMemcpyDeviceToHost));
    r->share = a->mode > GS_SYNC_RELAUNCH_GRAPH && cycles[1] ? (double)cycles[0] / (double)cycles[1] : -1.0;
out:
    gs_app_events_destroy(t0, t1);
    return rc;
}

int gs_app_run_barrier(gs_app_ctx *c, unsigned int mode, gs_app_row *r, double *ms, char *err, size_t n)
{
    gs_app_args a;
    int rc = 0, fired = 0;
    memset(&a, 0, sizeof a);
    a.program = c->prog->kernel, a.mode = mode;
    a.blocks = c->blocks, a.threads = c->threads, a.groups = c->groups;
    a.timeout_ns = (unsigned long long)(c->timeout_s * 1e9);
    a.state = c->state, a.watchdog = c->watchdog, a.iters_out = c->iters_out, a.cycles = c->cycles;
    a.count = c->count;
    if ((rc = c->prog->args(c, &a, err, n)))
        return rc;
    GS_CK_OUT(cudaMemset(c->state, 0, c->state_bytes));
    if (mode == GS_SYNC_GS) {
        if (!c->planned) { /* the plan, once a point: it may time a trial */
            GS_CK_OUT(gs_barrier_plan(&c->gs, c->state, c->blocks, c->threads, c->opt->form, 0));
            c->planned = 1;
        }
        a.gs = c->gs;
        a.gs.epoch = 0;
    }
    if ((rc = launch(c, &a, r, ms, &fired, err, n)))
        return rc;
    if (fired) {
        gs_app_timeout(c, r);
        return 0;
    }
    return c->prog->verify(c, &a, r, err, n);
out:
    return rc;
}

/* The modes program p runs: those --sync names that it takes (brokenNoBarrier
 * as its twin), in --sync's order; else all of its own; with no --sync, also
 * its unasked ones.  Pure: no device. */
unsigned int gs_app_modes_of(const gs_app_options *ao, const gs_app_program *p, unsigned int *modes)
{
    unsigned int k = 0;
    for (int i = 0; i < ao->nmodes; ++i) {
        unsigned int m = ao->modes[i], j;
        if (m >= GS_SYNC_NAMES || !(p->takes & GS_SYNC_BIT(m)))
            continue;
        if (m == GS_SYNC_BROKEN_NONE)
            m = p->twin;
        for (j = 0; j < k && modes[j] != m; ++j)
            ;
        if (j == k)
            modes[k++] = m;
    }
    if (k == 0) /* none named applies: every mode of its own */
        for (unsigned int m = 0; m < GS_SYNC_NAMES; ++m)
            if (p->own & GS_SYNC_BIT(m))
                modes[k++] = m;
    if (ao->nmodes == 0) /* --sync not given (or all) */
        for (unsigned int m = 0; m < GS_SYNC_NAMES; ++m)
            if ((p->unasked & GS_SYNC_BIT(m)) && !(p->own & GS_SYNC_BIT(m)))
                modes[k++] = m;
    return k;
}

unsigned int gs_app_point_modes(const gs_app_options *ao, const gs_app_program *p, unsigned int *modes)
{
    unsigned int k = gs_app_modes_of(ao, p, modes);
    for (unsigned int m = 0; m < GS_SYNC_NAMES; ++m) /* what a user would call instead, in the same run */
        if (p->peers & GS_SYNC_BIT(m))
            modes[k++] = m;
    return k;
}

static void point_free(gs_app_ctx *c)
{
    c->prog->release(c);
    cudaFree(c->count), cudaFree(c->iters_out), cudaFree(c->state), cudaFree(c->cycles), cudaFree(c->watchdog);
    c->count = c->iters_out = c->state = NULL, c->cycles = NULL, c->watchdog = NULL;
    c->planned = 0;
}

/* Every mode of c's program at c's point, then its peers: rows appended to rows[*nrows]. */
static int run_point(gs_app_ctx *c, gs_app_row *rows, int *nrows, int progress, char *err, size_t n)
{
    const gs_app_program *p = c->prog;
    unsigned int modes[GS_SYNC_NAMES];
    const unsigned int nm = gs_app_point_modes(c->opt, p, modes);
    int rc = 0, first = *nrows;
    c->state_bytes = gs_app_state_bytes(c->blocks, c->groups);
    GS_CK_OUT(cudaMalloc((void **)&c->count, 6 * sizeof(unsigned int)));
    GS_CK_OUT(cudaMalloc((void **)&c->iters_out, 4));
    GS_CK_OUT(cudaMalloc((void **)&c->state, c->state_bytes));
    GS_CK_OUT(cudaMalloc((void **)&c->cycles, 16));
    GS_CK_OUT(cudaMalloc(&c->watchdog, sizeof(gs_watchdog_t)));
    if ((rc = p->prepare(c, err, n)))
        goto out;
    for (unsigned int k = 0; k < nm && *nrows < MAX_ROWS; ++k) {
        gs_app_row *r = &rows[(*nrows)++];
        double t[MAX_REPEAT];
        unsigned int i;
        memset(r, 0, sizeof *r);
        r->prog = p, r->mode = modes[k], r->per_sm = c->per_sm, r->blocks = c->blocks;
        r->threads = c->threads, r->verdict = GS_PASS;
        p->describe(c, r);
        if (progress)
            fprintf(stderr, "\r%-10s %-14s %2u/SM %-19s", p->name, r->graph, c->per_sm, gs_app_sync_name(modes[k]));
        for (i = 0; i < c->repeat && r->verdict == GS_PASS; ++i)
            if ((rc = p->run ? p->run(c, modes[k], r, &t[i], err, n)
                             : gs_app_run_barrier(c, modes[k], r, &t[i], err, n)))
                goto out;
        gs_stats_compute(t, (int)i, &r->ms);
    }
    for (int i = first; i < *nrows; ++i) /* the ratios to gridSync at this point */
        for (int j = first; j < *nrows; ++j)
            if (rows[j].mode == GS_SYNC_GRID && rows[j].verdict == GS_PASS && rows[i].verdict == GS_PASS)
                rows[i].vs_grid = rows[j].ms.median / rows[i].ms.median;
out:
    point_free(c);
    return rc;
}

/* ---- the report ---- */

/* Millions of the program's unit a second (0: it has none). */
static double mteps(const gs_app_row *r)
{
    if (r->ms.median <= 0.0 || r->prog->unit == GS_APP_UNIT_NONE)
        return 0.0;
    return (double)(r->prog->unit == GS_APP_UNIT_ARCS ? r->m : r->n) / (r->ms.median * 1e3);
}

enum {
    A_PROGRAM, A_GRAPH, A_VERTICES, A_ARCS, A_PER_SM, A_BLOCKS, A_THREADS, A_SYNC, A_VERDICT, A_ITERS, A_MS, A_MS_MIN,
    A_MS_MAX, A_NOISE, A_US, A_SHARE, A_SHARE_T, A_MTEPS, A_MTEPS_T, A_X_GRID, A_X_GRID_T, A_DETAIL, A_DETAIL_T, A_COLS
};

static const gs_col app_cols[A_COLS] = {
    [A_PROGRAM] = {"program", GS_COL_ALL, NULL, "program", -9, NULL, NULL},
    [A_GRAPH] = {"graph", GS_COL_ALL | GS_COL_QUOTE, NULL, "graph", -14, NULL, NULL}, /* (as wide as the longest) */
    [A_VERTICES] = {"vertices", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [A_ARCS] = {"arcs", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [A_PER_SM] = {"blocks_per_sm", GS_COL_ALL, "%.0f", "TB/SM", 5, NULL, NULL},
    [A_BLOCKS] = {"blocks", GS_COL_ALL, "%.0f", "blocks", 6, NULL, NULL},
    [A_THREADS] = {"threads", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [A_SYNC] = {"sync", GS_COL_ALL, NULL, "sync", -19, NULL, "  "},
    [A_VERDICT] = {"verdict", GS_COL_ALL, NULL, "verdict", -7, NULL, NULL},
    [A_ITERS] = {"iterations", GS_COL_ALL, "%.0f", "iters", 6, NULL, NULL},
    [A_MS] = {"ms_median", GS_COL_ALL, "%.4f", "ms", 10, "%.3f", NULL},
    [A_MS_MIN] = {"ms_min", GS_COL_DATA, "%.4f", NULL, 0, NULL, NULL},
    [A_MS_MAX] = {"ms_max", GS_COL_DATA, "%.4f", NULL, 0, NULL, NULL},
    [A_NOISE] = {"noise_pct", GS_COL_ALL, "%.2f", "noise", 6, "%5.1f%%", NULL},
    [A_US] = {"us_per_iter", GS_COL_ALL, "%.3f", "us/iter", 9, "%.2f", NULL},
    [A_SHARE] = {"sync_share", GS_COL_DATA, "%.4f", NULL, 0, NULL, NULL},
    [A_SHARE_T] = {NULL, GS_COL_TABLE, "%.0f%%", "sync%", 6, NULL, NULL},
    [A_MTEPS] = {"mteps", GS_COL_DATA, "%.1f", NULL, 0, NULL, NULL},
    [A_MTEPS_T] = {NULL, GS_COL_TABLE, "%.0f", "M/s", 7, NULL, NULL},
    [A_X_GRID] = {"x_gridsync", GS_COL_DATA, "%.3f", NULL, 0, NULL, NULL},
    [A_X_GRID_T] = {NULL, GS_COL_TABLE, "%.2f", "x grid", 6, NULL, NULL},
    [A_DETAIL] = {"detail", GS_COL_DATA | GS_COL_QUOTE, NULL, NULL, 0, NULL, NULL},
    [A_DETAIL_T] = {NULL, GS_COL_TABLE, NULL, NULL, 0, NULL, ""},
};

static void report_row(const gs_meta *m, const void *rows, int i, gs_cell *c)
{
    const gs_app_row *r = (const gs_app_row *)rows + i;
    (void)m;
    c[A_PROGRAM] = gs_text(r->prog->name);
    c[A_GRAPH] = gs_text(r->graph);
    c[A_VERTICES] = gs_num(r->n), c[A_ARCS] = gs_num(r->m);
    c[A_PER_SM] = gs_num(r->per_sm), c[A_BLOCKS] = gs_num(r->blocks), c[A_THREADS] = gs_num(r->threads);
    c[A_SYNC] = gs_text(gs_app_sync_name(r->mode));
    c[A_VERDICT] = gs_text(gs_verdict_name(r->verdict));
    c[A_ITERS] = gs_num(r->iters);
    c[A_MS] = gs_num(r->ms.median), c[A_MS_MIN] = gs_num(r->ms.min), c[A_MS_MAX] = gs_num(r->ms.max);
    c[A_NOISE] = gs_num(r->ms.noise_pct);
    c[A_US] = gs_num(r->iters ? r->ms.median * 1e3 / r->iters : 0.0);
    c[A_SHARE] = r->share >= 0.0 ? gs_num(r->share) : gs_none();
    c[A_SHARE_T] = r->share >= 0.0 ? gs_num(100.0 * r->share) : gs_none();
    c[A_MTEPS] = gs_num(mteps(r));
    c[A_MTEPS_T] = mteps(r) > 0.0 ? gs_num(mteps(r)) : gs_none();
    c[A_X_GRID] = gs_num(r->vs_grid);
    c[A_X_GRID_T] = r->vs_grid > 0.0 ? gs_num(r->vs_grid) : gs_none();
    c[A_DETAIL] = gs_text(r->detail);
    c[A_DETAIL_T] = gs_textf("%s%s", r->detail[0] ? "  " : "", r->detail);
}

const gs_schema gs_app_schema = {"app", app_cols, A_COLS, NULL, NULL, 0};

static int report(enum gs_format fmt, const gs_meta *m, const gs_app_row *rows, int nrows, char *err, size_t n)
{
    gs_col cols[A_COLS];
    gs_schema schema = gs_app_schema;
    memcpy(cols, app_cols, sizeof cols);
    schema.cols = cols;
    for (int i = 0; i < nrows; ++i) /* the graph column: as wide as its longest entry */
        if ((int)strlen(rows[i].graph) > -cols[A_GRAPH].width)
            cols[A_GRAPH].width = -(int)strlen(rows[i].graph);
    return gs_print(stdout, fmt, m, &schema, rows, nrows, report_row, err, n);
}

/* ---- the command ---- */

/* Every point can run: each program's kernel for each of its modes admits its blocks per SM. */
static int check_points(const gs_options *o, const gs_device_info *dev, const unsigned int *per_sm, int npts,
                        char *err, size_t n)
{
    const gs_app_options *ao = gs_app_own(o);
    unsigned int modes[GS_SYNC_NAMES];
    for (int q = 0; q < ao->nprograms; ++q) {
        const gs_app_program *p = gs_app_programs[ao->programs[q]];
        for (unsigned int k = 0, nm = gs_app_modes_of(ao, p, modes); k < nm; ++k) {
            int fit = 0;
            const cudaError_t e = (cudaError_t)p->occupancy(p, ao, modes[k], o->threads, &fit);
            if (e != cudaSuccess) {
                snprintf(err, n, "CUDA: app: occupancy: %s", cudaGetErrorName(e));
                return GS_EXIT_RUNTIME;
            }
            for (int i = 0; i < npts; ++i)
                if (per_sm[i] > (unsigned int)fit) {
                    snprintf(err, n, "%u blocks of %u threads per SM do not fit: %s%s with %s admits %d on %s",
                             per_sm[i], o->threads, p->name, p->note ? p->note(ao) : "", gs_app_sync_name(modes[k]),
                             fit, dev->name);
                    return GS_EXIT_USAGE;
                }
        }
    }
    return 0;
}

/* Every point of every program asked, the graph loaded once a point for
 * those that take one; each program's state kept from point to point. */
static int sweep(const gs_options *o, const gs_device_info *dev, const unsigned int *per_sm, int npts,
                 void **states, gs_app_row *rows, int *nrows, char *err, size_t n)
{
    const gs_app_options *ao = gs_app_own(o);
    const int progress = isatty(STDERR_FILENO);
    unsigned int need = 0u;
    gs_app_input x, none;
    char loaded[1024] = "";
    int rc = 0;
    memset(&x, 0, sizeof x);
    memset(&none, 0, sizeof none);
    for (int q = 0; q < ao->nprograms; ++q)
        need |= gs_app_programs[ao->programs[q]]->input;
    for (int i = 0; i < npts && rc == 0; ++i) {
        if ((need & GS_APP_IN_GRAPH) && strcmp(loaded, gs_app_graph_for(ao, per_sm[i])) != 0) {
            gs_app_input_free(&x);
            snprintf(loaded, sizeof loaded, "%s", gs_app_graph_for(ao, per_sm[i]));
            if ((rc = gs_app_input_load(ao, &x, loaded, need, progress, err, n)))
                break;
        }
        for (int q = 0; q < ao->nprograms && rc == 0; ++q) {
            gs_app_ctx c;
            memset(&c, 0, sizeof c);
            c.prog = gs_app_programs[ao->programs[q]], c.opt = ao, c.st = states[q];
            c.per_sm = per_sm[i], c.blocks = per_sm[i] * (unsigned int)dev->sm_count, c.threads = o->threads;
            c.groups = (unsigned int)dev->sm_count < c.blocks ? (unsigned int)dev->sm_count : c.blocks;
            c.timeout_s = o->timeout_s, c.repeat = o->repeat;
            c.x = (c.prog->input & GS_APP_IN_GRAPH) ? &x : &none;
            rc = run_point(&c, rows, nrows, progress, err, n);
        }
    }
    if (progress)
        fprintf(stderr, "\r%70s\r", "");
    gs_app_input_free(&x);
    return rc;
}

const unsigned int gs_app_sweep_per_sm[GS_APP_SWEEP_POINTS] = {1, 2, 4, 8, 16};

int gs_app_command(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
{
    const gs_app_options *ao = gs_app_own(o);
    static gs_app_row rows[MAX_ROWS];
    unsigned int per_sm[64];
    void *states[GS_APP_PROGRAMS] = {NULL};
    int npts = 0, nrows = 0, rc = 0;
    if (o->ntbs_per_sm)
        for (int i = 0; i < o->ntbs_per_sm; ++i)
            per_sm[npts++] = o->tbs_per_sm[i];
    else
        for (size_t i = 0; i < GS_APP_SWEEP_POINTS; ++i)
            per_sm[npts++] = gs_app_sweep_per_sm[i];
    if ((rc = check_points(o, dev, per_sm, npts, err, n)))
        return rc;
    if ((size_t)npts * (size_t)ao->nprograms * (GS_SYNC_NAMES + 2u) > MAX_ROWS) {
        snprintf(err, n, "app: %d points x %d programs may give more than %d rows; run fewer at once", npts,
                 ao->nprograms, MAX_ROWS);
        return GS_EXIT_USAGE;
    }
    for (int q = 0; q < ao->nprograms && rc == 0; ++q)
        if (!(states[q] = calloc(1, gs_app_programs[ao->programs[q]]->state_bytes))) {
            snprintf(err, n, "app: out of host memory");
            rc = GS_EXIT_RUNTIME;
        }
    if (rc == 0)
        rc = sweep(o, dev, per_sm, npts, states, rows, &nrows, err, n);
    for (int q = 0; q < ao->nprograms; ++q) {
        gs_app_ctx c;
        memset(&c, 0, sizeof c);
        c.prog = gs_app_programs[ao->programs[q]], c.opt = ao, c.st = states[q];
        if (c.st)
            c.prog->free(&c);
        free(states[q]);
    }
    if (rc)
        return rc;
    if ((rc = report(o->format, meta, rows, nrows, err, n)))
        return rc;
    for (int i = 0; i < nrows; ++i) /* a FAIL is an error; a mode that may deadlock may TIMEOUT */
        if (!gs_app_sync_unordered(rows[i].mode) &&
            (rows[i].verdict == GS_FAIL ||
             (rows[i].verdict == GS_TIMEOUT && !gs_app_sync_may_time_out(rows[i].mode)))) {
            snprintf(err, n, "app: %s with %s at %u blocks/SM: %s: %s", rows[i].prog->name,
                     gs_app_sync_name(rows[i].mode), rows[i].per_sm, gs_verdict_name(rows[i].verdict),
                     rows[i].detail);
            return GS_EXIT_RUNTIME;
        }
    return 0;
}
