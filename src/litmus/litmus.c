/* litmus.c: `gsync-bench litmus`: the PTX memory model's verdict on each
 * shape and order, the classification of the kernels' records into
 * outcomes, the runs and the report.
 *
 * Outcomes: the classes of the reads, readers in role order, each reader's
 * reads in program order, 1 = this round's value ("new"), 0 = the round
 * before's ("old").  The weak outcome (MP 10, SB 00, LB 11, IRIW 1010) is
 * counted everywhere; where the model forbids it (gs_litmus_forbidden,
 * docs/litmus.md gives the rule for each) one occurrence is a FAIL, and so is
 * any read of neither value (the start counter's release/acquire forbids
 * it).  A row that the watchdog ended is a TIMEOUT unless it already failed.
 */
#include "litmus/litmus.h"
#include "core/cli.h"
#include "core/cuda_check.h"
#include "core/gsync_bench.h"
#include "core/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const gs_litmus_shape_names[GS_LITMUS_SHAPES] = {
    "MP",          "SB",           "LB",          "IRIW",           "MPfence",        "MPatomOr",       "MPcluster",
    "MPsyncwarp",  "MPbrokenAcquire", "MPfenceBroken", "MPatomOrBroken", "MPclusterBroken", "MPsyncwarpBroken"};
const char *const gs_litmus_order_names[GS_LITMUS_ORDERS] = {"relaxed", "acqrel", "sc"};

const char *gs_litmus_shape_name(unsigned int s)
{
    return s < GS_LITMUS_SHAPES ? gs_litmus_shape_names[s] : "?";
}

const char *gs_litmus_order_name(unsigned int o)
{
    return o < GS_LITMUS_ORDERS ? gs_litmus_order_names[o] : "?";
}

static const struct {
    unsigned int roles;
    unsigned int reads[GS_LITMUS_MAX_ROLES]; /* reads each role records */
    unsigned int weak;                       /* the weak outcome's index */
    int forbidden[GS_LITMUS_ORDERS];         /* relaxed, acqrel, sc */
} shape_info[GS_LITMUS_SHAPES] = {
    {2, {0, 2}, 2u, {0, 1, 1}},        /* MP: flag new, data old (10) */
    {2, {1, 1}, 0u, {0, 0, 1}},        /* SB: both old (00) */
    {2, {1, 1}, 3u, {0, 1, 1}},        /* LB: both new (11) */
    {4, {0, 0, 2, 2}, 10u, {0, 0, 1}}, /* IRIW: x new y old, y new x old (1010) */
    {2, {0, 2}, 2u, {0, 1, 0}},        /* MPfence: flag new, data old; acqrel only, as below */
    {2, {0, 2}, 2u, {0, 1, 0}},        /* MPatomOr */
    {2, {0, 2}, 2u, {0, 1, 0}},        /* MPcluster */
    {2, {0, 2}, 2u, {0, 1, 0}},        /* MPsyncwarp */
    {2, {0, 2}, 2u, {0, 1, 0}},        /* MPbrokenAcquire: claims MP acqrel's */
    {2, {0, 2}, 2u, {0, 1, 0}},        /* the other twins: each claims its pattern's */
    {2, {0, 2}, 2u, {0, 1, 0}},
    {2, {0, 2}, 2u, {0, 1, 0}},
    {2, {0, 2}, 2u, {0, 1, 0}},
};

unsigned int gs_litmus_roles(unsigned int shape)
{
    return shape < GS_LITMUS_SHAPES ? shape_info[shape].roles : 0u;
}

int gs_litmus_forbidden(unsigned int shape, unsigned int order)
{
    return shape < GS_LITMUS_SHAPES && order < GS_LITMUS_ORDERS && shape_info[shape].forbidden[order];
}

unsigned int gs_litmus_reads(unsigned int shape)
{
    unsigned int k = 0;
    for (unsigned int r = 0; shape < GS_LITMUS_SHAPES && r < shape_info[shape].roles; ++r)
        k += shape_info[shape].reads[r];
    return k;
}

unsigned int gs_litmus_weak_outcome(unsigned int shape)
{
    return shape < GS_LITMUS_SHAPES ? shape_info[shape].weak : 0u;
}

void gs_litmus_outcome_label(unsigned int shape, unsigned int outcome, char *out, size_t n)
{
    const unsigned int bits = gs_litmus_reads(shape);
    size_t i;
    for (i = 0; i < bits && i + 1 < n; ++i)
        out[i] = (char)('0' + ((outcome >> (bits - 1u - i)) & 1u));
    if (n)
        out[i < n ? i : n - 1] = 0;
}

void gs_litmus_classify(unsigned int shape, const unsigned char *records, unsigned int rounds,
                        unsigned int instances, unsigned int groups, const unsigned int *smid, gs_litmus_counts *c)
{
    const unsigned int roles = shape_info[shape].roles;
    for (unsigned int inst = 0; inst < instances; ++inst) {
        const unsigned int group = inst / (GS_LITMUS_SHAPE_PWARPS(shape) * GS_LITMUS_SHAPE_LANES(shape));
        int distinct = 1;
        for (unsigned int r = 0; r < roles; ++r)
            for (unsigned int q = 0; q < r; ++q)
                distinct &= smid[r * groups + group] != smid[q * groups + group];
        for (unsigned int k = 0; k < rounds; ++k) {
            const unsigned char *rec = records + ((size_t)k * instances + inst) * roles;
            unsigned int idx = 0, complete = 1, other = 0, warmed = 0;
            for (unsigned int r = 0; r < roles; ++r) {
                const unsigned int reads = shape_info[shape].reads[r], c1 = rec[r] & 3u, c2 = (rec[r] >> 2) & 3u;
                if (!reads)
                    continue;
                complete &= (rec[r] & GS_LITMUS_DONE) != 0u;
                warmed |= GS_LITMUS_WARMS(shape) && ((rec[r] >> 4) & 3u) == 0u;
                other |= c1 > 1u || (reads == 2u && c2 > 1u);
                idx = idx << 1 | (c1 & 1u);
                if (reads == 2u)
                    idx = idx << 1 | (c2 & 1u);
            }
            if (!complete)
                continue;
            c->iterations++;
            c->distinct_sm += (unsigned long long)distinct;
            c->warmed += warmed;
            if (other)
                c->other++;
            else
                c->outcome[idx]++;
        }
    }
}

/* ---- the command ---- */

#define MAX_ROWS (GS_LITMUS_SHAPES * GS_LITMUS_ORDERS)

typedef struct litmus_row {
    unsigned int shape, order, blocks, instances, per_sm;
    gs_litmus_counts c;
    double ms;
    int timed_out, skipped; /* skipped: a SKIP, its reason in detail */
    unsigned long long asked; /* the iterations asked; a twin runs on past them until its weak outcome shows */
    int ran_on;               /* 1: it did (its rounds were raised past the asked ones) */
    enum gs_verdict verdict;
    char detail[200];
} litmus_row;

/* "00=12 01=0 ..." over every outcome, or the nonzero ones only. */
static void outcomes_text(const litmus_row *r, int nonzero_only, char *out, size_t n)
{
    size_t len = 0;
    out[0] = 0;
    for (unsigned int i = 0; i < (1u << gs_litmus_reads(r->shape)) && len < n; ++i) {
        char label[8];
        if (nonzero_only && !r->c.outcome[i])
            continue;
        gs_litmus_outcome_label(r->shape, i, label, sizeof label);
        len += (size_t)snprintf(out + len, n - len, "%s%s=%llu", len ? " " : "", label, r->c.outcome[i]);
    }
}

static void verdict(litmus_row *r)
{
    char label[8];
    const unsigned long long weak = r->c.outcome[gs_litmus_weak_outcome(r->shape)];
    gs_litmus_outcome_label(r->shape, gs_litmus_weak_outcome(r->shape), label, sizeof label);
    r->verdict = GS_PASS;
    r->detail[0] = 0;
    if (r->c.other) {
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail, "%llu iterations read a value of neither this round nor the last",
                 r->c.other);
    } else if (weak && gs_litmus_forbidden(r->shape, r->order)) {
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail, "forbidden outcome %s seen %llu times in %llu iterations", label, weak,
                 r->c.iterations);
    } else if (!r->c.iterations && !r->timed_out) { /* never a vacuous PASS */
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail, "no iteration completed");
    } else if (r->timed_out) {
        r->verdict = GS_TIMEOUT;
        snprintf(r->detail, sizeof r->detail, "the watchdog fired after %llu complete iterations", r->c.iterations);
    } else if (weak)
        snprintf(r->detail, sizeof r->detail, "allowed outcome %s seen %llu times", label, weak);
    if (GS_LITMUS_WARMS(r->shape) && r->verdict != GS_TIMEOUT) { /* how often L1 could hold the old x */
        const size_t len = strlen(r->detail);
        snprintf(r->detail + len, sizeof r->detail - len, "%sits first read of x was old in %llu", len ? "; " : "",
                 r->c.warmed);
    }
    if (r->ran_on && r->verdict != GS_TIMEOUT) {
        const size_t len = strlen(r->detail);
        snprintf(r->detail + len, sizeof r->detail - len, "%s%s after the %llu asked showed none", len ? "; " : "",
                 r->verdict == GS_FAIL ? "caught" : "not caught", r->asked);
    }
}

static int run_row(litmus_row *r, const gs_options *o, unsigned int seed, char *err, size_t n)
{
    const gs_litmus_options *lo = gs_litmus_own(o);
    gs_litmus_gpu g;
    unsigned char *records = NULL;
    unsigned int *smid = NULL;
    const unsigned long long timeout_ns = (unsigned long long)(o->timeout_s * 1e9);
    const char *what = "plan";
    int rc = GS_EXIT_OK;
    cudaError_t e = gs_litmus_gpu_open(&g, r->shape, r->order, lo->iters);
    if (e == cudaErrorNotSupported) {
        r->skipped = 1;
        snprintf(r->detail, sizeof r->detail, "the device cannot run clusters of two blocks, one an SM (needs sm_90)");
        gs_litmus_gpu_close(&g);
        return GS_EXIT_OK;
    }
    if (e == cudaSuccess) {
        /* a twin that showed no weak outcome in the iterations asked runs on, doubling, up to
         * GS_LITMUS_TWIN_FACTOR times as many (how rare the outcome is differs between GPUs) */
        const unsigned int weak = gs_litmus_weak_outcome(r->shape);
        unsigned long long rounds_total = ((unsigned long long)lo->iters + g.instances - 1u) / g.instances;
        unsigned long long most = (unsigned long long)lo->iters * GS_LITMUS_TWIN_FACTOR;
        most = GS_LITMUS_IS_TWIN(r->shape) ? (most < GS_LITMUS_MAX_ITERS ? most : GS_LITMUS_MAX_ITERS) : lo->iters;
        const unsigned long long rounds_most = (most + g.instances - 1u) / g.instances;
        r->asked = lo->iters;
        r->blocks = g.blocks, r->instances = g.instances, r->per_sm = g.per_sm;
        records = malloc((size_t)g.max_rounds * g.instances * g.roles);
        smid = malloc(g.blocks * sizeof *smid);
        if (!records || !smid) {
            snprintf(err, n, "litmus: out of host memory for %u rounds of %u instances", g.max_rounds, g.instances);
            rc = GS_EXIT_RUNTIME;
        }
        what = "launch";
        for (unsigned long long done = 0; rc == GS_EXIT_OK && !r->timed_out;) {
            if (done >= rounds_total) {
                if (r->c.outcome[weak] || r->c.other || rounds_total >= rounds_most)
                    break;
                rounds_total = 2u * rounds_total < rounds_most ? 2u * rounds_total : rounds_most;
                r->ran_on = 1;
            }
            const unsigned int rounds =
                rounds_total - done < g.max_rounds ? (unsigned int)(rounds_total - done) : g.max_rounds;
            float ms = 0.0f;
            if ((e = gs_litmus_gpu_run(&g, rounds, lo->stress, timeout_ns, seed++, records, smid, &ms,
                                       &r->timed_out)) != cudaSuccess)
                break;
            r->ms += ms;
            gs_litmus_classify(r->shape, records, rounds, g.instances, g.groups, smid, &r->c);
            done += rounds;
        }
    }
    if (e != cudaSuccess) {
        rc = gs_cuda_error(e, err, n, "litmus: %s %s: %s", gs_litmus_shape_name(r->shape),
                           gs_litmus_order_name(r->order), what);
        if (e == cudaErrorInvalidConfiguration)
            snprintf(err + strlen(err), n - strlen(err), " (needs cooperative launch and a block on each of as "
                                                         "many SMs as the shape has roles, all co-resident)");
    }
    gs_litmus_gpu_close(&g);
    free(records);
    free(smid);
    if (rc == GS_EXIT_OK)
        verdict(r);
    return rc;
}

static const char *verdict_name(const litmus_row *r)
{
    return r->skipped ? "SKIP" : gs_verdict_name(r->verdict);
}

static const char *model_name(const litmus_row *r)
{
    return gs_litmus_forbidden(r->shape, r->order) ? "forbidden" : "allowed";
}

enum {
    L_SHAPE, L_ORDER, L_MODEL, L_STRESS, L_WEAK_T, L_BLOCKS, L_INSTANCES, L_ITERS, L_DISTINCT, L_WEAK_OUTCOME, L_WEAK,
    L_OTHER, L_OUTCOMES, L_OUTCOMES_JSON, L_VERDICT, L_MS, L_SEEN_T, L_DETAIL, L_COLS
};

static const gs_col litmus_cols[L_COLS] = {
    [L_SHAPE] = {"shape", GS_COL_ALL, NULL, "shape", -16, NULL, NULL},
    [L_ORDER] = {"order", GS_COL_ALL, NULL, "order", -8, NULL, NULL},
    [L_MODEL] = {"model", GS_COL_ALL, NULL, "model", -9, NULL, NULL},
    [L_STRESS] = {"stress", GS_COL_CSV, NULL, NULL, 0, NULL, NULL}, /* (JSON: once, before the rows) */
    [L_WEAK_T] = {NULL, GS_COL_TABLE, NULL, "weak", -5, NULL, NULL},
    [L_BLOCKS] = {"blocks", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [L_INSTANCES] = {"instances", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [L_ITERS] = {"iterations", GS_COL_ALL, "%.0f", "iterations", 11, NULL, NULL},
    [L_DISTINCT] = {"distinct_sm_iterations", GS_COL_ALL, "%.0f", "distinct SM", 11, NULL, NULL},
    [L_WEAK_OUTCOME] = {"weak_outcome", GS_COL_DATA, NULL, NULL, 0, NULL, NULL},
    [L_WEAK] = {"weak", GS_COL_ALL, "%.0f", "weak seen", 9, NULL, NULL},
    [L_OTHER] = {"other", GS_COL_ALL, "%.0f", "other", 6, NULL, NULL},
    [L_OUTCOMES] = {"outcomes", GS_COL_CSV | GS_COL_QUOTE, NULL, NULL, 0, NULL, NULL},
    [L_OUTCOMES_JSON] = {"outcomes", GS_COL_JSON, NULL, NULL, 0, NULL, NULL},
    [L_VERDICT] = {"verdict", GS_COL_ALL, NULL, "verdict", -8, NULL, NULL},
    [L_MS] = {"ms", GS_COL_ALL, "%.2f", "ms", 9, NULL, NULL},
    [L_SEEN_T] = {NULL, GS_COL_TABLE, NULL, "outcomes seen", 0, NULL, "  "},
    [L_DETAIL] = {"detail", GS_COL_DATA | GS_COL_QUOTE, NULL, NULL, 0, NULL, NULL},
};

static void report_row(gs_out *out, const gs_litmus_options *lo, const litmus_row *r)
{
    char label[8], all[400], seen[400], json[600];
    size_t len = 0;
    gs_cell c[L_COLS];
    gs_litmus_outcome_label(r->shape, gs_litmus_weak_outcome(r->shape), label, sizeof label);
    outcomes_text(r, 0, all, sizeof all);
    outcomes_text(r, 1, seen, sizeof seen);
    for (unsigned int k = 0; k < (1u << gs_litmus_reads(r->shape)) && len < sizeof json; ++k) {
        char l[8];
        gs_litmus_outcome_label(r->shape, k, l, sizeof l);
        len += (size_t)snprintf(json + len, sizeof json - len, "%s\"%s\": %llu", k ? ", " : "{", l, r->c.outcome[k]);
    }
    if (len < sizeof json)
        snprintf(json + len, sizeof json - len, "}");
    c[L_SHAPE] = gs_text(gs_litmus_shape_name(r->shape));
    c[L_ORDER] = gs_text(gs_litmus_order_name(r->order));
    c[L_MODEL] = gs_text(model_name(r));
    c[L_STRESS] = gs_text(lo->stress ? "on" : "off");
    c[L_WEAK_T] = c[L_WEAK_OUTCOME] = gs_text(label);
    c[L_BLOCKS] = gs_num(r->blocks);
    c[L_INSTANCES] = gs_num(r->instances);
    c[L_ITERS] = gs_num((double)r->c.iterations);
    c[L_DISTINCT] = gs_num((double)r->c.distinct_sm);
    c[L_WEAK] = gs_num((double)r->c.outcome[gs_litmus_weak_outcome(r->shape)]);
    c[L_OTHER] = gs_num((double)r->c.other);
    c[L_OUTCOMES] = gs_text(all);
    c[L_OUTCOMES_JSON] = gs_json(json);
    c[L_VERDICT] = gs_text(verdict_name(r));
    c[L_MS] = gs_num(r->ms);
    c[L_SEEN_T] = gs_text(seen);
    c[L_DETAIL] = gs_text(r->detail);
    gs_out_row(out, c);
}

/* (the note, which names the run's iterations and stress, is the report's) */
const gs_schema gs_litmus_schema = {"litmus", litmus_cols, L_COLS, NULL, NULL, 0};

static int report(enum gs_format fmt, const gs_meta *m, const gs_litmus_options *lo, const litmus_row *rows, int nrows,
                  char *err, size_t n)
{
    char note[200];
    gs_schema s = gs_litmus_schema;
    gs_out out;
    snprintf(note, sizeof note, "litmus: at least %u iterations a row; each role in a block of its own SM%s; stress %s\n",
             lo->iters, nrows && rows[0].per_sm == 1u ? " (one block an SM)" : "",
             lo->stress ? "on" : "off");
    s.note = note;
    s.json_extra = lo->stress ? "\"stress\": true" : "\"stress\": false";
    gs_out_begin(&out, stdout, fmt, m, &s);
    for (int i = 0; i < nrows; ++i)
        report_row(&out, lo, &rows[i]);
    for (int i = 0; i < nrows && fmt == GS_FORMAT_TABLE; ++i) /* what failed or timed out, and the twin's note */
        if (rows[i].verdict != GS_PASS || rows[i].skipped || GS_LITMUS_WARMS(rows[i].shape))
            fprintf(out.f, "%s %s: %s\n", gs_litmus_shape_name(rows[i].shape), gs_litmus_order_name(rows[i].order),
                    rows[i].detail);
    return gs_out_end(&out, err, n);
}

int gs_litmus_command(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
{
    static litmus_row rows[MAX_ROWS];
    const gs_litmus_options *lo = gs_litmus_own(o);
    int nrows = 0, rc;
    (void)dev;
    for (int s = 0; s < lo->nshapes; ++s)
        for (int k = 0; k < lo->norders; ++k) {
            const unsigned int shape = lo->shapes[s], order = lo->orders[k];
            if (!GS_LITMUS_ANY_ORDER(shape) && order != GS_LITMUS_ACQREL)
                continue; /* its order is built in; a twin claims acqrel's forbidden outcome only */
            memset(&rows[nrows], 0, sizeof rows[0]);
            rows[nrows].shape = shape, rows[nrows].order = order;
            ++nrows;
        }
    for (int i = 0; i < nrows; ++i) {
        gs_progress(i, nrows, "litmus", gs_litmus_shape_name(rows[i].shape), gs_litmus_order_name(rows[i].order));
        if ((rc = run_row(&rows[i], o, 0x51u * (unsigned int)(i + 1), err, n))) {
            gs_progress_end(1);
            return rc;
        }
    }
    gs_progress_end(0);
    if ((rc = report(o->format, meta, lo, rows, nrows, err, n)))
        return rc;
    for (int i = 0; i < nrows; ++i) /* a FAIL or TIMEOUT is an error, but a broken twin's FAIL is its finding */
        if (rows[i].verdict != GS_PASS && !(GS_LITMUS_IS_TWIN(rows[i].shape) && rows[i].verdict == GS_FAIL)) {
            snprintf(err, n, "litmus: %s %s: %s: %s", gs_litmus_shape_name(rows[i].shape),
                     gs_litmus_order_name(rows[i].order), gs_verdict_name(rows[i].verdict), rows[i].detail);
            return GS_EXIT_RUNTIME;
        }
    return GS_EXIT_OK;
}
