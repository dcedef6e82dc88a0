#include "floor.h"

#include <stdio.h>
#include <string.h>

#define RELAUNCHES 2000

/* Empty kernels back to back from a stream, or as one CUDA graph. */
static cudaError_t relaunch(int graph, double *ns_per_launch)
{
    cudaStream_t s;
    cudaEvent_t t0, t1;
    cudaGraph_t g = NULL;
    cudaGraphExec_t x = NULL;
    float ms = 0.0f;
    cudaError_t e;
    int i, rep;
    if ((e = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)) != cudaSuccess)
        return e;
    if ((e = cudaEventCreate(&t0)) != cudaSuccess || (e = cudaEventCreate(&t1)) != cudaSuccess)
        return e;
    if (graph) {
        if ((e = cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal)) != cudaSuccess)
            return e;
        for (i = 0; i < RELAUNCHES; ++i)
            gs_floor_launch_empty(s);
        if ((e = cudaStreamEndCapture(s, &g)) != cudaSuccess ||
            (e = cudaGraphInstantiate(&x, g, 0)) != cudaSuccess)
            return e;
    }
    for (rep = 0; rep < 2; ++rep) { /* the first warms up */
        if ((e = cudaEventRecord(t0, s)) != cudaSuccess)
            return e;
        if (graph)
            e = cudaGraphLaunch(x, s);
        else
            for (i = 0; i < RELAUNCHES && e == cudaSuccess; ++i)
                e = (cudaError_t)gs_floor_launch_empty(s);
        if (e != cudaSuccess || (e = cudaEventRecord(t1, s)) != cudaSuccess ||
            (e = cudaEventSynchronize(t1)) != cudaSuccess || (e = cudaEventElapsedTime(&ms, t0, t1)) != cudaSuccess)
            return e;
    }
    *ns_per_launch = ms * 1e6 / RELAUNCHES;
    if (graph) {
        cudaGraphExecDestroy(x);
        cudaGraphDestroy(g);
    }
    cudaEventDestroy(t0);
    cudaEventDestroy(t1);
    cudaStreamDestroy(s);
    return cudaSuccess;
}

static int row(gs_floor_row *r, const char *name, cudaError_t e, double ns, char *err, size_t errlen)
{
    r->name = name;
    r->ns = ns;
    r->note[0] = 0;
    if (e != cudaSuccess) {
        snprintf(err, errlen, "floor: %s: %s", name, cudaGetErrorString(e));
        return GS_EXIT_RUNTIME;
    }
    return GS_EXIT_OK;
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
