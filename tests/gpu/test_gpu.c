/* GPU tests (exit 77, skipped, where there is no GPU).
 *
 *   test_gpu PRIM           PRIM at 1, 4 and the maximum blocks per SM: PASS
 *                           every time (golden data, exclusion, capacity);
 *                           a primitive built for clusters gets them at 1
 *                           block per SM on sm_90.
 *   test_gpu PRIM livelock  the same for a baseline that may livelock: PASS
 *                           or TIMEOUT (within its 2 s deadline), never FAIL.
 *   test_gpu PRIM mayhang   the same for a baseline that may deadlock.
 *   test_gpu broken         a racy lock must FAIL the checks.
 *   test_gpu overfull       a semaphore one slot too large must FAIL them.
 *   test_gpu unordered      a barrier without release/acquire must FAIL the
 *                           visibility check.
 *   test_gpu PRIM unordered a barrier published without ordering: FAIL or
 *                           TIMEOUT, never PASS.
 *   test_gpu deadlock       a lock never released must end as TIMEOUT,
 *                           within its deadline.
 *   test_gpu stuck          a barrier that never completes must end as
 *                           TIMEOUT within its deadline, every thread
 *                           leaving with its block's thread 0.
 *   test_gpu device         a device index that does not exist is refused.
 *   test_gpu placeWatchdog  gsBarrier's spread placement puts back the
 *                           watchdog the caller armed (place.cu).
 *   test_gpu placeShape     the placement judges co-residency in the
 *                           caller's block shape (place.cu).
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
GS_DECLARE_SEM_BENCH(broken_overfull)
GS_DECLARE_BARRIER_BENCH(broken_unordered)
GS_DECLARE_BARRIER_BENCH(broken_stuck)
int gs_test_place_keeps_watchdog(char *why, size_t n);
int gs_test_place_shape(char *why, size_t n);

static gs_device_info dev;
static unsigned int test_ldst = 10u;    /* 0 for the bare-barrier case */
static unsigned int test_threads = 32u; /* threads per block */
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
    c.threads = test_threads;
    c.ldst = test_ldst;
    c.iters = p->family_id == GS_FAMILY_BARRIER ? 200u : 20u; /* barriers verify over 10000 anyway */
    c.repeat = 2;
    c.group = per_sm;
    c.timeout_ns = (unsigned long long)(timeout_s * 1e9);
    return c;
}

static int max_per_sm(const gs_prim *p)
{
    int n = 0;
    CHECK(p->occupancy(32, &n) == 0 && n > 0);
    return n;
}

#define V(verdict) (1u << (verdict))

/* A barrier with no release/acquire (tests/gpu/broken.cu): must be caught. */
static gs_prim unordered_barrier(void)
{
    gs_prim p = {.name = "brokenUnordered", .family_id = GS_FAMILY_BARRIER, .family = "barrier",
                 .needs_coresident = 1, .launch = gs_barrier_launch_broken_unordered,
                 .occupancy = gs_barrier_occupancy_broken_unordered};
    return p;
}

/* Runs p; passes when its verdict is in the mask `allowed`. */
static void run_allowed(const gs_prim *p, unsigned int per_sm, double timeout_s, unsigned int allowed)
{
    gs_config c = config(p, per_sm, timeout_s);
    gs_result r;
    double t0 = now_s();
    int rc = gs_run_config(&c, &r, err, sizeof err);
    printf("%-16s %2u/SM %5u blocks of %4u threads: %s %s (%.1f ns/op, %.1f s)\n", p->name, per_sm, c.blocks,
           c.threads, rc ? "ERROR" : gs_verdict_name(r.verdict), rc ? err : r.detail, r.ns_median, now_s() - t0);
    CHECK(rc == 0 && (allowed & V(r.verdict)));
    /* gsBarrier names the form it ran: a grid of one block per SM is
     * flat (up to GS_BARRIER_FLAT_MAX, 768 blocks), and one above
     * GS_BARRIER_WIDE_MIN (3600) takes the wide form, so that the runs at
     * the maximum occupancy test it */
    if (rc == 0 && p->note && r.verdict == GS_PASS) {
        CHECK(strstr(r.detail, " form") != NULL);
        if (per_sm == 1)
            CHECK(strcmp(r.detail, "flat form") == 0);
        if (c.blocks > 3600u)
            CHECK(strncmp(r.detail, "wide form", 9) == 0);
    }
    /* a primitive built for clusters must get them where they fit, or the
     * test would pass on its fallback alone */
    if (rc == 0 && p->cluster && dev.cc_major >= 9 && per_sm == 1)
        CHECK(r.cluster > 1u);
}

static void run_expect(const gs_prim *p, unsigned int per_sm, double timeout_s, enum gs_verdict want)
{
    run_allowed(p, per_sm, timeout_s, V(want));
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
        gs_prim p = {.name = "brokenRacy", .family_id = GS_FAMILY_MUTEX, .family = "mutex",
                     .launch = gs_mutex_launch_broken_racy, .occupancy = gs_mutex_occupancy_broken_racy};
        run_expect(&p, 4, 5.0, GS_FAIL);
        run_expect(&p, (unsigned int)max_per_sm(&p), 5.0, GS_FAIL);
    } else if (strcmp(what, "overfull") == 0) {
        gs_prim p = {.name = "brokenOverfull", .family_id = GS_FAMILY_SEM, .family = "sem",
                     .launch = gs_sem_launch_broken_overfull, .occupancy = gs_sem_occupancy_broken_overfull,
                     .sem_size = 1};
        run_expect(&p, 4, 5.0, GS_FAIL);
        p.sem_size = 10;
        run_expect(&p, 4, 5.0, GS_FAIL);
    } else if (strcmp(what, "unordered") == 0) {
        gs_prim p = unordered_barrier();
        run_expect(&p, 4, 5.0, GS_FAIL);
        run_expect(&p, (unsigned int)max_per_sm(&p), 5.0, GS_FAIL);
    } else if (strcmp(what, "bare") == 0) {
        /* --ldst 0: timed launches run the bare barrier; the verifying
         * launch's stamps must still pass a correct barrier and catch an
         * unordered one */
        gs_prim p = unordered_barrier();
        const gs_prim *g = gs_prim_find("gsBarrier");
        test_ldst = 0u;
        run_expect(g, 1, 5.0, GS_PASS);
        run_expect(g, (unsigned int)max_per_sm(g), 5.0, GS_PASS);
        run_allowed(&p, 4, 2.0, V(GS_FAIL) | V(GS_TIMEOUT));
    } else if (strcmp(what, "deadlock") == 0) {
        gs_prim p = {.name = "brokenDeadlock", .family_id = GS_FAMILY_MUTEX, .family = "mutex",
                     .launch = gs_mutex_launch_broken_deadlock, .occupancy = gs_mutex_occupancy_broken_deadlock};
        double t0 = now_s();
        run_expect(&p, 4, 1.0, GS_TIMEOUT);
        printf("ended after %.2f s wall (deadline 1 s)\n", now_s() - t0);
        CHECK(now_s() - t0 < 10.0);
    } else if (strcmp(what, "stuck") == 0) {
        gs_prim p = {.name = "brokenStuck", .family_id = GS_FAMILY_BARRIER, .family = "barrier",
                     .needs_coresident = 1, .launch = gs_barrier_launch_broken_stuck,
                     .occupancy = gs_barrier_occupancy_broken_stuck};
        double t0 = now_s();
        /* one warp, whose lanes learn the verdict by shuffle, then four
         * warps, three of which learn it only through the shared word */
        run_expect(&p, 1, 1.0, GS_TIMEOUT);
        test_threads = 128u;
        run_expect(&p, 1, 1.0, GS_TIMEOUT);
        run_expect(&p, 4, 1.0, GS_TIMEOUT);
        printf("ended after %.2f s wall (deadlines 1 s)\n", now_s() - t0);
        CHECK(now_s() - t0 < 25.0);
    } else if (strcmp(what, "placeWatchdog") == 0 || strcmp(what, "placeShape") == 0) {
        const int r = strcmp(what, "placeShape") == 0 ? gs_test_place_shape(err, sizeof err)
                                                      : gs_test_place_keeps_watchdog(err, sizeof err);
        printf("%s: %s\n", what, err);
        if (r == 77)
            return 77;
        CHECK(r == 0);
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
        /* baselines as published: a livelock or deadlock is a result (TIMEOUT);
         * an unordered barrier must be caught (FAIL) or hang, never PASS */
        const char *mode = argc > 2 ? argv[2] : "";
        const unsigned int allowed = strcmp(mode, "livelock") == 0  ? V(GS_PASS) | V(GS_TIMEOUT)
                                     : strcmp(mode, "mayhang") == 0 ? V(GS_PASS) | V(GS_TIMEOUT)
                                     : strcmp(mode, "unordered") == 0 ? V(GS_FAIL) | V(GS_TIMEOUT)
                                                                       : V(GS_PASS);
        const double t = allowed == V(GS_PASS) ? 5.0 : 2.0;
        run_allowed(p, 1, t, allowed);
        run_allowed(p, 4, t, allowed);
        run_allowed(p, (unsigned int)max_per_sm(p), t, allowed);
        if (p->family_id == GS_FAMILY_BARRIER) { /* blocks of four warps: a join of one warp is not enough */
            test_threads = 128u;
            run_allowed(p, 1, t, allowed);
        }
    }
    return check_done();
}
