#include "probes/decompose.h"
#include "core/cli.h"
#include "core/report.h"

#include <cuda_runtime_api.h>
#include <stdio.h>

void gs_decompose_terms(gs_decompose_row *r)
{
    const double *t = r->t_ns;
    r->t_a = t[1] - t[0];
    r->t_s = t[2] - t[0];
    r->t_c = t[3] - t[2] - r->t_a;
    r->t_f = t[4] - t[3];
}

/* Feng and Xiao's five timings at block counts from 1 to the device's most
 * resident blocks. */
static int run(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
{
    static const unsigned int small[] = {1, 2, 4, 8, 16, 32, 64};
    static const unsigned int per_sm[] = {1, 2, 4, 8, 16, 32};
    gs_decompose_row rows[32];
    unsigned int counts[32], iters = o->iters ? o->iters : 10000u;
    const unsigned long long timeout_ns = (unsigned long long)(o->timeout_s * 1e9);
    int most = 0, nrows = 0, i, k, rc, timed_out;
    double ms;
    if ((rc = gs_decompose_occupancy(o->threads, &most)) != 0) {
        snprintf(err, n, "CUDA: decompose: occupancy: %s", cudaGetErrorName((cudaError_t)rc));
        return GS_EXIT_RUNTIME;
    }
    if (most <= 0) {
        snprintf(err, n, "decompose: no block of %u threads fits on an SM of this device", o->threads);
        return GS_EXIT_USAGE;
    }
    for (i = 0; i < (int)(sizeof small / sizeof small[0]); ++i)
        if (small[i] < (unsigned int)dev->sm_count)
            counts[nrows++] = small[i];
    for (i = 0; i < (int)(sizeof per_sm / sizeof per_sm[0]); ++i)
        if (per_sm[i] <= (unsigned int)most)
            counts[nrows++] = per_sm[i] * (unsigned int)dev->sm_count;
    for (i = 0; i < nrows; ++i) {
        rows[i].blocks = counts[i];
        rows[i].timed_out = 0;
        for (k = 0; k < GS_DECOMPOSE_MODES; ++k) {
            if ((rc = gs_decompose_run(counts[i], o->threads, iters, k, timeout_ns, &ms, &timed_out))) {
                snprintf(err, n, "CUDA: decompose: %s: %s", cudaGetErrorName((cudaError_t)rc),
                         cudaGetErrorString((cudaError_t)rc));
                return GS_EXIT_RUNTIME;
            }
            rows[i].t_ns[k] = ms * 1e6 / iters;
            rows[i].timed_out |= timed_out;
        }
        gs_decompose_terms(&rows[i]);
    }
    gs_report_decompose(stdout, o->format, meta, rows, nrows);
    return GS_EXIT_OK;
}

/* Its own block counts; iterations, block size and deadline. */
const gs_command gs_cmd_decompose = {
    .name = "decompose",
    .summary = "gsync-bench decompose [--iters N] [--threads N] [--timeout S] [--format F]   Feng and Xiao's\n"
               "                                     barrier cost terms\n",
    .usage = "usage: gsync-bench decompose [--iters N] [--threads N] [--timeout S] [--format F] [--device N]\n"
             "  Feng and Xiao's split of a lock-based barrier's time into atomic, checking, __syncthreads\n"
             "  and fence, at block counts from 1 to the device's most.\n",
    .shared = GS_SH(FORMAT) | GS_SH(DEVICE) | GS_SH(ITERS) | GS_SH(THREADS) | GS_SH(TIMEOUT), .run = run,
    .schema = &gs_schema_decompose,
};

/* ---- decompose's columns ---- */

enum { D_BLOCKS, D_T1, D_TA = D_T1 + GS_DECOMPOSE_MODES, D_TC, D_TS, D_TF, D_BARRIER, D_TIMEOUT_T, D_VERDICT, D_COLS };

static const gs_col decompose_cols[D_COLS] = {
    [D_BLOCKS] = {"blocks", GS_COL_ALL, "%.0f", "blocks", 6, NULL, NULL},
    [D_T1] = {"t1_ns", GS_COL_ALL, "%.1f", "t1", 8, NULL, NULL},
    [D_T1 + 1] = {"t2_ns", GS_COL_ALL, "%.1f", "t2", 8, NULL, NULL},
    [D_T1 + 2] = {"t3_ns", GS_COL_ALL, "%.1f", "t3", 8, NULL, NULL},
    [D_T1 + 3] = {"t4_ns", GS_COL_ALL, "%.1f", "t4", 8, NULL, NULL},
    [D_T1 + 4] = {"t5_ns", GS_COL_ALL, "%.1f", "t5", 8, NULL, NULL},
    [D_TA] = {"t_a_ns", GS_COL_ALL, "%.1f", "t_a", 8, NULL, " | "},
    [D_TC] = {"t_c_ns", GS_COL_ALL, "%.1f", "t_c", 8, NULL, NULL},
    [D_TS] = {"t_s_ns", GS_COL_ALL, "%.1f", "t_s", 8, NULL, NULL},
    [D_TF] = {"t_f_ns", GS_COL_ALL, "%.1f", "t_f", 8, NULL, NULL},
    [D_BARRIER] = {"barrier_ns", GS_COL_ALL, "%.1f", "barrier", 9, NULL, " | "},
    [D_TIMEOUT_T] = {NULL, GS_COL_TABLE, NULL, NULL, 0, NULL, ""},
    [D_VERDICT] = {"verdict", GS_COL_DATA, NULL, NULL, 0, NULL, NULL},
};

static void decompose_row(const gs_meta *m, const void *rows, int i, gs_cell *c)
{
    const gs_decompose_row *r = (const gs_decompose_row *)rows + i;
    (void)m;
    c[D_BLOCKS] = gs_num(r->blocks);
    for (int k = 0; k < GS_DECOMPOSE_MODES; ++k)
        c[D_T1 + k] = gs_num(r->t_ns[k]);
    c[D_TA] = gs_num(r->t_a), c[D_TC] = gs_num(r->t_c), c[D_TS] = gs_num(r->t_s), c[D_TF] = gs_num(r->t_f);
    c[D_BARRIER] = gs_num(r->t_ns[4] - r->t_ns[0]);
    c[D_TIMEOUT_T] = gs_text(r->timed_out ? "  TIMEOUT" : "");
    c[D_VERDICT] = gs_text(r->timed_out ? "TIMEOUT" : "PASS");
}

const gs_schema gs_schema_decompose = {
    "decompose", decompose_cols, D_COLS,
    "ns per iteration: t1 compute, t2 +atomic, t3 +__syncthreads, t4 +barrier, t5 +fence\n", NULL, 0};

int gs_report_decompose(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_decompose_row *rows, int n)
{
    char err[128];
    return gs_print(f, fmt, m, &gs_schema_decompose, rows, n, decompose_row, err, sizeof err);
}
