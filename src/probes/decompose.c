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
    .usage = "usage: gsync-bench decompose [--iters N] [--threads N] [--format F] [--device N]\n"
             "  Feng and Xiao's split of a lock-based barrier's time into atomic, checking, __syncthreads\n"
             "  and fence, at block counts from 1 to the device's most.\n",
    .shared = GS_SH(FORMAT) | GS_SH(DEVICE) | GS_SH(ITERS) | GS_SH(THREADS) | GS_SH(TIMEOUT), .run = run,
    .schema = &gs_schema_decompose,
};
