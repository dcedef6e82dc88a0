/* tools/tool_timing.cuh: the design tools' timed launches.  Include after
 * tool_check.cuh (it uses CK). */
#ifndef GSYNC_TOOL_TIMING_CUH
#define GSYNC_TOOL_TIMING_CUH

#include <algorithm>
#include <cstdio>
#include <vector>

struct timing {
    double median, min, max; /* ns per barrier over the timed launches */
    unsigned int stale;      /* stale reads the kernels counted, all launches */
    bool gave_up;            /* some wait gave up */
};

/* One warm-up and `reps` timed launches of a loop of `iters` barriers:
 * before each, reset(first) (first: the warm-up's) on the host; launch()
 * runs between two events.  err is the device pair the kernels write
 * (stale reads counted, and a flag for a wait that gave up), zeroed here
 * before each launch. */
template <class Reset, class Launch>
static timing time_launches(int reps, unsigned int iters, unsigned int *err, Reset reset, Launch launch)
{
    std::vector<float> ms;
    timing t = {0.0, 0.0, 0.0, 0u, false};
    cudaEvent_t t0, t1;
    CK(cudaEventCreate(&t0));
    CK(cudaEventCreate(&t1));
    for (int r = 0; r <= reps; ++r) { /* run 0 warms up */
        CK(cudaMemset(err, 0, 2u * sizeof(unsigned int)));
        reset(r == 0);
        CK(cudaEventRecord(t0));
        launch();
        CK(cudaEventRecord(t1));
        CK(cudaEventSynchronize(t1));
        float f;
        CK(cudaEventElapsedTime(&f, t0, t1));
        unsigned int e2[2];
        CK(cudaMemcpy(e2, err, sizeof e2, cudaMemcpyDeviceToHost));
        t.stale += e2[0];
        t.gave_up |= e2[1] != 0u;
        if (r)
            ms.push_back(f);
    }
    std::sort(ms.begin(), ms.end());
    const double k = 1e6 / iters;
    t.median = ms[ms.size() / 2] * k;
    t.min = ms.front() * k;
    t.max = ms.back() * k;
    CK(cudaEventDestroy(t0));
    CK(cudaEventDestroy(t1));
    return t;
}

/* The end of a CSV row: "median,min,max,result". */
static void print_timing(const timing &t)
{
    printf("%.1f,%.1f,%.1f,%s%u stale%s\n", t.median, t.min, t.max, t.stale || t.gave_up ? "FAIL " : "", t.stale,
           t.gave_up ? ", wait gave up" : "");
    fflush(stdout);
}

#endif
