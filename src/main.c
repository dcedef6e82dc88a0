/* gsync-bench: measures gsync's primitives and the baselines they beat. */
#include "cli.h"
#include "decompose.h"
#include "device.h"
#include "app/app_cli.h"
#include "floor.h"
#include "gsync_bench.h"
#include "launch.h"
#include "litmus/litmus.h"
#include "server/server.h"
#include "family.h"
#include "plain.h"
#include "plan.h"
#include "report.h"
#include "runner.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_CONFIGS 4096

static int usage_error(const char *msg)
{
    fprintf(stderr, "gsync-bench: error: %s\n", msg);
    return GS_EXIT_USAGE;
}

static void list_prims(void)
{
    printf("%-19s %-7s %-20s %s\n", "primitive", "family", "origin", "what it is");
    for (size_t i = 0; i < gs_prim_count(); ++i) {
        const gs_prim *p = gs_prim_at(i);
        printf("%-19s %-7s %-20s %s\n", p->name, p->family->name, p->origin, p->summary);
    }
}

/* Resident blocks per SM of a primitive's kernel. */
static int occupancy(const gs_prim *p, unsigned int threads, unsigned int sms, int *per_sm, char *err, size_t n)
{
    unsigned int v = 0;
    const cudaError_t e = p->family->per_sm ? (cudaError_t)p->family->per_sm(p, threads, sms, &v)
                                            : gs_blocks_per_sm(p->kernels->kernel, threads, 0, &v);
    if (e != cudaSuccess) {
        snprintf(err, n, "CUDA: occupancy of %s: %s", p->name, cudaGetErrorString(e));
        return GS_EXIT_RUNTIME;
    }
    *per_sm = (int)v;
    return GS_EXIT_OK;
}

/* Feng and Xiao's five timings at block counts from 1 to the device's most
 * resident blocks. */
static int decompose(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
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

/* Builds the whole plan first, so that bad input is refused before any run. */
static int plan_all(const gs_options *o, const gs_device_info *dev, gs_config *cfgs, int *ncfg, char *err, size_t n)
{
    int count = o->nprims ? o->nprims : (int)gs_prim_count(), k, rc, got;
    *ncfg = 0;
    for (k = 0; k < count; ++k) {
        const gs_prim *p = o->nprims ? o->prims[k] : gs_prim_at((size_t)k);
        int per_sm = 0;
        if (!o->nprims && o->quick && !(p->flags & GS_PRIM_HEADLINE))
            continue;
        if (p->family->selected && !p->family->selected(p))
            continue;
        if ((rc = occupancy(p, gs_plan_threads(o, p), (unsigned int)dev->sm_count, &per_sm, err, n)))
            return rc;
        if (per_sm == 0 && !o->nprims) /* the suite leaves out what this device cannot run (clusters before sm_90) */
            continue;
        if ((rc = gs_plan(o, p, dev, per_sm, cfgs + *ncfg, MAX_CONFIGS - *ncfg, &got, err, n)))
            return rc;
        *ncfg += got;
    }
    if (*ncfg == 0) {
        snprintf(err, n, "nothing to run: the options leave out every primitive named");
        return GS_EXIT_USAGE;
    }
    return GS_EXIT_OK;
}

static int bench_main(int argc, char **argv);

/* The command, then its output flushed: a write that failed (a full disk,
 * a closed pipe) is an error, not a silent loss. */
int main(int argc, char **argv)
{
    const int rc = bench_main(argc, argv);
    if (rc == GS_EXIT_OK && (fflush(stdout) != 0 || ferror(stdout))) { /* (a command's own error said it) */
        fprintf(stderr, "gsync-bench: error: writing the output: %s\n", strerror(errno));
        return GS_EXIT_RUNTIME;
    }
    return rc;
}

static int bench_main(int argc, char **argv)
{
    static gs_config cfgs[MAX_CONFIGS];
    static gs_result results[MAX_CONFIGS];
    static char command[4096];
    char err[512];
    gs_options o;
    gs_device_info dev;
    gs_meta meta;
    int rc, ncfg, i, k;
    const int progress = isatty(STDERR_FILENO);

    if ((rc = gs_parse_args(argc, argv, &o, err, sizeof err)))
        return usage_error(err);
    switch (o.cmd) {
    case GS_CMD_HELP:
        gs_print_usage(stdout, o.help_topic);
        return GS_EXIT_OK;
    case GS_CMD_VERSION:
        printf("gsync-bench %s\n", GSYNC_BENCH_VERSION);
        return GS_EXIT_OK;
    case GS_CMD_LIST:
        list_prims();
        return GS_EXIT_OK;
    default:
        break;
    }
    if ((rc = gs_device_open(o.device, &dev, err, sizeof err))) {
        fprintf(stderr, "gsync-bench: error: %s\n", err);
        return rc;
    }
    gs_command_line(argc, argv, command, sizeof command);
    meta.dev = &dev;
    meta.command = command;
    if (o.cmd == GS_CMD_FLOOR) {
        gs_floor_row rows[GS_FLOOR_ROWS];
        if ((rc = gs_floor_measure(&dev, rows, &ncfg, err, sizeof err))) {
            fprintf(stderr, "gsync-bench: error: %s\n", err);
            return rc;
        }
        gs_report_floor(stdout, o.format, &meta, rows, ncfg);
        return GS_EXIT_OK;
    }
    if (o.cmd == GS_CMD_DECOMPOSE || o.cmd == GS_CMD_PLAIN || o.cmd == GS_CMD_TUNE || o.cmd == GS_CMD_APP ||
        o.cmd == GS_CMD_LITMUS || o.cmd == GS_CMD_SERVER) {
        rc = o.cmd == GS_CMD_DECOMPOSE ? decompose(&o, &dev, &meta, err, sizeof err)
             : o.cmd == GS_CMD_APP     ? gs_app_command(&o, &dev, &meta, err, sizeof err)
             : o.cmd == GS_CMD_LITMUS  ? gs_litmus_command(&o, &dev, &meta, err, sizeof err)
             : o.cmd == GS_CMD_SERVER  ? gs_server_command(&o, &dev, &meta, err, sizeof err)
             : o.cmd == GS_CMD_PLAIN   ? gs_plain_run(&o, &dev, &meta, err, sizeof err)
                                       : gs_tune_run(&o, &dev, &meta, err, sizeof err);
        if (rc)
            fprintf(stderr, "gsync-bench: error: %s\n", err);
        return rc;
    }
    if ((rc = plan_all(&o, &dev, cfgs, &ncfg, err, sizeof err))) {
        fprintf(stderr, "gsync-bench: error: %s\n", err);
        return rc;
    }
    meta.floor_ns = 0.0; /* barriers are also shown against the floor */
    for (i = 0; i < ncfg; ++i)
        if (cfgs[i].prim->family->floor_column) {
            gs_floor_row rows[GS_FLOOR_ROWS];
            if ((rc = gs_floor_measure(&dev, rows, &k, err, sizeof err))) {
                fprintf(stderr, "gsync-bench: error: %s\n", err);
                return rc;
            }
            meta.floor_ns = rows[0].ns + rows[2].ns; /* an arrival plus a release observed */
            break;
        }
    const double t0 = gs_now_s();
    for (i = 0; i < ncfg; ++i) {
        if (progress) { /* done/total, the point, elapsed and an estimate of what is left */
            const double spent = gs_now_s() - t0;
            fprintf(stderr, "\r[%d/%d] %-19s %5u blocks  %4.0f s", i + 1, ncfg, cfgs[i].prim->name, cfgs[i].blocks,
                    spent);
            if (i)
                fprintf(stderr, ", about %.0f s left ", spent / i * (ncfg - i));
            else
                fprintf(stderr, "%18s", "");
        }
        if ((rc = gs_run_config(&cfgs[i], &results[i], err, sizeof err))) {
            if (progress)
                fputc('\n', stderr);
            fprintf(stderr, "gsync-bench: error: %s: %s\n", cfgs[i].prim->name, err);
            return rc;
        }
    }
    if (progress)
        fprintf(stderr, "\r%80s\r", "");
    gs_report(stdout, o.format, &meta, results, ncfg);
    /* a FAIL is an error, except for the baselines published with too
     * little ordering, whose failing is the finding */
    for (i = 0; i < ncfg; ++i)
        if (results[i].verdict == GS_FAIL && !(results[i].cfg.prim->flags & GS_PRIM_UNORDERED))
            return GS_EXIT_RUNTIME;
    return GS_EXIT_OK;
}
