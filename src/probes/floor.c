#include "probes/floor.h"
#include "core/cli.h"
#include "core/cuda_check.h"
#include "core/launch.h"
#include "core/report.h"

#include <stdio.h>
#include <string.h>

#define RELAUNCHES 2000

/* Empty kernels back to back from a stream, or as one CUDA graph (the
 * first run warms up). */
static cudaError_t relaunch(int graph, double *ns_per_launch)
{
    gs_bench_args a;
    cudaStream_t s;
    cudaEvent_t t0, t1;
    float ms = 0.0f;
    cudaError_t e;
    memset(&a, 0, sizeof a);
    a.blocks = 1u;
    a.threads = 32u;
    if ((e = cudaStreamCreateWithFlags(&s, cudaStreamDefault)) != cudaSuccess)
        return e;
    if ((e = cudaEventCreate(&t0)) == cudaSuccess) {
        if ((e = cudaEventCreate(&t1)) == cudaSuccess) {
            for (int rep = 0; rep < 2 && e == cudaSuccess; ++rep)
                if ((e = gs_relaunch(gs_floor_empty_kernel(), &a, RELAUNCHES, graph, s, t0, t1)) == cudaSuccess &&
                    (e = cudaEventSynchronize(t1)) == cudaSuccess)
                    e = cudaEventElapsedTime(&ms, t0, t1);
            cudaEventDestroy(t1);
        }
        cudaEventDestroy(t0);
    }
    cudaStreamDestroy(s);
    *ns_per_launch = ms * 1e6 / RELAUNCHES;
    return e;
}

static int row(gs_floor_row *r, const char *name, cudaError_t e, double ns, char *err, size_t errlen)
{
    r->name = name;
    r->ns = ns;
    r->note[0] = 0;
    return gs_cuda_error(e, err, errlen, "floor: %s", name);
}

int gs_floor_measure(const gs_device_info *dev, gs_floor_row *rows, int *n, char *err, size_t errlen)
{
    double v = -1.0;
    int rc = 0, k = 0;
    *n = 0;
#define ROW(name, call)                                                   \
    do {                                                                  \
        v = -1.0;                                                         \
        if ((rc = row(&rows[k++], name, (cudaError_t)(call), v, err, errlen))) \
            return rc;                                                    \
        rows[k - 1].ns = v;                                               \
    } while (0)
    ROW("global atomic round trip (atom.add.relaxed.gpu)", gs_floor_chain(0, &v));
    ROW("acquire-load round trip (ld.acquire.gpu)", gs_floor_chain(1, &v));
    ROW("handoff between two blocks, release/acquire", gs_floor_handoff(0, &v));
    ROW("handoff between two blocks, relaxed", gs_floor_handoff(1, &v));
    if (dev->cc_major >= 9) {
        ROW("cluster barrier, 2 blocks (barrier.cluster)", gs_floor_cluster(2, &v));
        ROW("cluster barrier, 8 blocks (barrier.cluster)", gs_floor_cluster(8, &v));
        ROW("cluster handoff, release/acquire.cluster (shared mem.)", gs_floor_cluster_handoff(&v));
    } else {
        rows[k].name = "cluster barrier";
        rows[k].ns = -1.0;
        snprintf(rows[k++].note, sizeof rows[0].note, "needs compute capability 9.0");
    }
    ROW("empty kernel relaunch, stream", relaunch(0, &v));
    ROW("empty kernel relaunch, CUDA graph", relaunch(1, &v));
#undef ROW
    *n = k;
    return GS_EXIT_OK;
}

static int run(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
{
    gs_floor_row rows[GS_FLOOR_ROWS];
    int nrows, rc;
    if ((rc = gs_floor_measure(dev, rows, &nrows, err, n)))
        return rc;
    gs_report_floor(stdout, o->format, meta, rows, nrows);
    return GS_EXIT_OK;
}

/* The device's own floor: nothing to size. */
const gs_command gs_cmd_floor = {
    .name = "floor",
    .summary = "gsync-bench floor [--format F] [--device N]   what no primitive can beat on this GPU\n",
    .usage = "usage: gsync-bench floor [--format F] [--device N]\n"
             "  what no primitive can beat on this GPU: atomic and acquire round trips, hand-overs between\n"
             "  blocks, the cluster barrier, kernel relaunch from a stream and a graph.\n",
    .shared = GS_SH(FORMAT) | GS_SH(DEVICE), .run = run, .schema = &gs_schema_floor,
};

/* ---- floor's columns ---- */

enum { F_MEASURE, F_NS, F_UNIT_T, F_NOTE, F_COLS };

static const gs_col floor_cols[F_COLS] = {
    [F_MEASURE] = {"measure", GS_COL_ALL | GS_COL_QUOTE, NULL, NULL, -50, NULL, NULL},
    [F_NS] = {"ns", GS_COL_ALL, "%.1f", NULL, 10, NULL, NULL},
    [F_UNIT_T] = {NULL, GS_COL_TABLE, NULL, NULL, 0, NULL, NULL},
    [F_NOTE] = {"note", GS_COL_DATA | GS_COL_QUOTE, NULL, NULL, 0, NULL, NULL},
};

static void floor_row(const gs_meta *m, const void *rows, int i, gs_cell *c)
{
    const gs_floor_row *r = (const gs_floor_row *)rows + i;
    (void)m;
    c[F_MEASURE] = gs_text(r->name);
    c[F_NS] = r->ns >= 0.0 ? gs_num(r->ns) : gs_none();
    c[F_UNIT_T] = r->ns >= 0.0 ? gs_text("ns") : gs_textf("   %s", r->note);
    c[F_NOTE] = gs_text(r->note);
}

const gs_schema gs_schema_floor = {"floor", floor_cols, F_COLS, NULL, NULL, 1};

int gs_report_floor(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_floor_row *rows, int n)
{
    char err[128];
    return gs_print(f, fmt, m, &gs_schema_floor, rows, n, floor_row, err, sizeof err);
}
