/* run_report.c: the columns of `gsync-bench run` (and the suite's), one
 * row a primitive at a point, through the one printer (core/table.h). */
#include "core/family.h"
#include "core/report.h"
#include "families/run.h"

/* A time in ns as CSV and JSON carry it: two decimals, or three
 * significant digits below 1 ns (per-sample throughputs). */
static const char *ns_fmt(double v)
{
    return v >= 1.0 || v <= -1.0 || v == 0.0 ? "%.2f" : "%.3g";
}

/* Blocks per cluster of the launches (1: no clusters). */
static unsigned int cluster_of(const gs_result *x)
{
    return x->cluster ? x->cluster : 1u;
}

/* A barrier's synchronization time as a multiple of the floor; < 0: none. */
static double x_floor(const gs_meta *m, const gs_result *x)
{
    if (!x->cfg.prim->family->floor_column || m->floor_ns <= 0.0 || x->verdict != GS_PASS)
        return -1.0;
    return (x->ns_median - x->body_ns) / m->floor_ns;
}

enum {
    R_PRIM, R_FAMILY, R_ORIGIN, R_PER_SM_T, R_PER_SM, R_TBS, R_THREADS, R_CLUSTER, R_LDST, R_ITERS, R_REPEAT, R_NS,
    R_MIN, R_MAX, R_NOISE, R_BODY, R_SYNC, R_FLOOR, R_VERDICT_T, R_VERDICT, R_DETAIL, R_COLS
};

static const gs_col run_cols[R_COLS] = {
    [R_PRIM] = {"primitive", GS_COL_ALL, NULL, "primitive", -19, NULL, NULL},
    [R_FAMILY] = {"family", GS_COL_DATA, NULL, NULL, 0, NULL, NULL},
    [R_ORIGIN] = {"origin", GS_COL_DATA | GS_COL_QUOTE, NULL, NULL, 0, NULL, NULL},
    [R_PER_SM_T] = {NULL, GS_COL_TABLE, NULL, "TBs/SM", 6, NULL, NULL},
    [R_PER_SM] = {"tbs_per_sm", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [R_TBS] = {"tbs", GS_COL_ALL, "%.0f", "TBs", 6, NULL, NULL},
    [R_THREADS] = {"threads", GS_COL_ALL, "%.0f", "thr", 4, NULL, NULL},
    [R_CLUSTER] = {"cluster", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [R_LDST] = {"ldst", GS_COL_ALL, "%.0f", "ldst", 5, NULL, NULL},
    [R_ITERS] = {"iters", GS_COL_ALL, "%.0f", "iters", 5, NULL, NULL},
    [R_REPEAT] = {"repeat", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [R_NS] = {"ns_per_op", GS_COL_ALL, NULL, "ns/op", 10, NULL, NULL},
    [R_MIN] = {"ns_min", GS_COL_ALL, NULL, "min", 10, NULL, NULL},
    [R_MAX] = {"ns_max", GS_COL_ALL, NULL, "max", 10, NULL, NULL},
    [R_NOISE] = {"noise_pct", GS_COL_ALL, "%.2f", "noise", 6, "%5.1f%%", NULL},
    [R_BODY] = {"body_ns", GS_COL_ALL, NULL, "body ns", 9, NULL, NULL},
    [R_SYNC] = {"sync_ns", GS_COL_ALL, NULL, "sync ns", 9, NULL, NULL},
    [R_FLOOR] = {"sync_x_floor", GS_COL_ALL, "%.2f", "x floor", 7, "%.1f", NULL},
    [R_VERDICT_T] = {NULL, GS_COL_TABLE, NULL, "verdict", 0, NULL, "  "},
    [R_VERDICT] = {"verdict", GS_COL_DATA, NULL, NULL, 0, NULL, NULL},
    [R_DETAIL] = {"detail", GS_COL_DATA | GS_COL_QUOTE, NULL, NULL, 0, NULL, NULL},
};

/* Why x's FAIL or TIMEOUT is the finding: the family's words, else the
 * primitive's flags'; NULL: it is an error. */
static const char *finding(const gs_result *x)
{
    const gs_prim *p = x->cfg.prim;
    const char *why = p->family->finding ? p->family->finding(p, (int)x->verdict) : NULL;
    if (why)
        return why;
    if (x->verdict == GS_FAIL && (p->flags & GS_PRIM_UNORDERED))
        return "published with too little ordering";
    if (x->verdict == GS_TIMEOUT && (p->flags & GS_PRIM_MAY_HANG))
        return "a design that may livelock or deadlock";
    return NULL;
}

static void run_row(const gs_meta *m, const void *rows, int i, gs_cell *c)
{
    const gs_result *x = (const gs_result *)rows + i;
    const double ns[5] = {x->ns_median, x->ns_min, x->ns_max, x->body_ns, x->ns_median - x->body_ns};
    static const int at[5] = {R_NS, R_MIN, R_MAX, R_BODY, R_SYNC};
    c[R_PRIM] = gs_text(x->cfg.prim->name);
    c[R_FAMILY] = gs_text(x->cfg.prim->family->name);
    c[R_ORIGIN] = gs_text(x->cfg.prim->origin);
    c[R_PER_SM_T] = x->cfg.tbs_per_sm ? gs_textf("%u", x->cfg.tbs_per_sm) : gs_text("-");
    c[R_PER_SM] = gs_num(x->cfg.tbs_per_sm);
    c[R_TBS] = gs_num(x->cfg.blocks);
    c[R_THREADS] = gs_num(x->cfg.threads);
    c[R_CLUSTER] = gs_num(cluster_of(x));
    c[R_LDST] = gs_num(x->cfg.ldst);
    c[R_ITERS] = gs_num(x->cfg.iters);
    c[R_REPEAT] = gs_num(x->cfg.repeat);
    for (int k = 0; k < 5; ++k)
        c[at[k]] = x->verdict != GS_PASS ? gs_none() : gs_numf(ns[k], ns_fmt(ns[k]), x->ns_median < 10.0 ? "%.3g" : "%.1f");
    c[R_NOISE] = x->verdict == GS_PASS ? gs_num(x->noise_pct) : gs_none();
    c[R_FLOOR] = x_floor(m, x) >= 0.0 ? gs_num(x_floor(m, x)) : gs_none();
    c[R_VERDICT] = gs_text(gs_verdict_name(x->verdict));
    c[R_DETAIL] = gs_text(x->detail);
    if (x->verdict != GS_PASS && finding(x))
        c[R_VERDICT_T] = gs_textf("%s, the finding (%s): %s", gs_verdict_name(x->verdict), finding(x), x->detail);
    else if (x->verdict != GS_PASS)
        c[R_VERDICT_T] = gs_textf("%s: %s", gs_verdict_name(x->verdict), x->detail);
    else if (x->detail[0])
        c[R_VERDICT_T] = gs_textf("PASS (%s)", x->detail);
    else if (cluster_of(x) > 1u)
        c[R_VERDICT_T] = gs_textf("PASS (clusters of %u)", cluster_of(x));
    else
        c[R_VERDICT_T] = gs_text("PASS");
}

const gs_schema gs_schema_run = {"results", run_cols, R_COLS, NULL, NULL, 0};

int gs_report(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_result *r, int n)
{
    char err[128];
    return gs_print(f, fmt, m, &gs_schema_run, r, n, run_row, err, sizeof err);
}

