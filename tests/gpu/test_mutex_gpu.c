/* GPU tests of the mutexes (exit 77, skipped, where there is no GPU).
 *
 *   test_mutex_gpu PRIM       PRIM at 1, 4 and the maximum blocks per SM:
 *                             PASS every time (golden data, exclusion).
 *   test_mutex_gpu broken     a racy lock must FAIL the checks.
 *   test_mutex_gpu deadlock   a lock never released must end as TIMEOUT,
 *                             within its deadline.
 *   test_mutex_gpu device     a device index that does not exist is refused.
 */
#include "../check.h"
#include "device.h"
#include "prims.h"
#include "runner.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

GS_DECLARE_MUTEX_BENCH(broken_racy)
GS_DECLARE_MUTEX_BENCH(broken_deadlock)

static gs_device_info dev;
static char err[512];

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static gs_config config(const gs_prim *p, unsigned int per_sm, double timeout_s)
{
    gs_config c;
    memset(&c, 0, sizeof c);
    c.prim = p;
    c.tbs_per_sm = per_sm;
    c.blocks = per_sm * (unsigned int)dev.sm_count;
    c.threads = 32;
    c.ldst = 10;
    c.iters = 20;
    c.repeat = 2;
    c.timeout_ns = (unsigned long long)(timeout_s * 1e9);
    return c;
}

static int max_per_sm(const gs_prim *p)
{
    int n = 0;
    CHECK(p->occupancy(32, &n) == 0 && n > 0);
    return n;
}

static void run_expect(const gs_prim *p, unsigned int per_sm, double timeout_s, enum gs_verdict want)
{
    gs_config c = config(p, per_sm, timeout_s);
    gs_result r;
    int rc = gs_run_config(&c, &r, err, sizeof err);
    printf("%-16s %2u/SM %5u blocks: %s %s (%.1f ns/CS)\n", p->name, per_sm, c.blocks,
           rc ? "ERROR" : gs_verdict_name(r.verdict), rc ? err : r.detail, r.ns_median);
    CHECK(rc == 0 && r.verdict == want);
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    if (gs_device_count() == 0) {
        printf("SKIP: no CUDA device\n");
        return 77;
    }
    if (gs_device_open(0, &dev, err, sizeof err)) {
        printf("cannot open device 0: %s\n", err);
        return 1;
    }
    if (strcmp(what, "broken") == 0) {
        gs_prim p = {"brokenRacy", "mutex", "test", "check-then-set", 0, gs_mutex_launch_broken_racy,
                     gs_mutex_occupancy_broken_racy};
        run_expect(&p, 4, 5.0, GS_FAIL);
        run_expect(&p, (unsigned int)max_per_sm(&p), 5.0, GS_FAIL);
    } else if (strcmp(what, "deadlock") == 0) {
        gs_prim p = {"brokenDeadlock", "mutex", "test", "never released", 0, gs_mutex_launch_broken_deadlock,
                     gs_mutex_occupancy_broken_deadlock};
        double t0 = now_s();
        run_expect(&p, 4, 1.0, GS_TIMEOUT);
        printf("ended after %.2f s wall (deadline 1 s)\n", now_s() - t0);
        CHECK(now_s() - t0 < 10.0);
    } else if (strcmp(what, "device") == 0) {
        gs_device_info d;
        CHECK(gs_device_open(gs_device_count(), &d, err, sizeof err) == 2 && strstr(err, "does not exist"));
        printf("%s\n", err);
    } else {
        const gs_prim *p = gs_prim_find(what);
        if (!p) {
            printf("unknown test '%s'\n", what);
            return 1;
        }
        run_expect(p, 1, 5.0, GS_PASS);
        run_expect(p, 4, 5.0, GS_PASS);
        run_expect(p, (unsigned int)max_per_sm(p), 5.0, GS_PASS);
    }
    return check_done();
}
