/* GPU tests (exit 77, skipped, where there is no GPU).
 *
 *   test_gpu PRIM           PRIM at 1, 4 and the maximum blocks per SM: PASS
 *                           every time (golden data, exclusion, capacity,
 *                           visibility); barriers also in four-warp blocks;
 *                           a primitive built for clusters must get them.
 *   test_gpu PRIM livelock  a baseline that may livelock: PASS or TIMEOUT
 *                           (within its 2 s deadline), never FAIL.
 *   test_gpu PRIM mayhang   the same for a baseline that may deadlock.
 *   test_gpu PRIM unordered a barrier published without ordering: FAIL or
 *                           TIMEOUT, never PASS.
 *   test_gpu forms          gsBarrier and gsBarrierSplit forced into each
 *                           form at 1, 4 and the maximum blocks per SM.
 *   test_gpu broken         a racy lock must FAIL the checks.
 *   test_gpu overfull       a semaphore one slot too large must FAIL them.
 *   test_gpu unordered      a barrier without release/acquire must FAIL the
 *                           visibility check.
 *   test_gpu bare           --ldst 0: gsBarrier passes, the unordered one
 *                           does not.
 *   test_gpu deadlock       a lock never released ends as TIMEOUT in time.
 *   test_gpu stuck          a barrier that never completes ends as TIMEOUT
 *                           in time, every thread leaving with thread 0.
 *   test_gpu planShape      the plan judges co-residency in the caller's
 *                           block shape before it keeps the spread form.
 *   test_gpu device         a device index that does not exist is refused.
 *   test_gpu local          every cluster primitive of the local family at
 *                           1 block/SM and the most clusters admit, in
 *                           clusters of 2, 4, 8 and 16 (where the device
 *                           allows 16): PASS every time.
 *   test_gpu uniq           HeteroSync's ...Uniq ports: whatever their
 *                           verdict (their grouping and scope are the seed's,
 *                           and may be unsound), every run ends in time.
 *   test_gpu localBroken    a group lock with no atomic, and the cluster
 *                           ticket lock at cta scope, must FAIL.
 *   test_gpu wrap [FAMILY]  every primitive with counters (GS_PRIM_WRAP) of
 *                           the mutex, sem, barrier and local families (or
 *                           FAMILY's), its counters started near 2^32 so that
 *                           every launch crosses the wrap, at 1 and the most
 *                           blocks per SM (gsBarrier in every form): PASS,
 *                           with the same allowances as its own test.
 *   test_gpu wrapBroken     a counter barrier comparing count < goal unsigned
 *                           PASSes from 0 and must FAIL across the wrap.
 *   test_gpu barrier2d      gsBarrier in each form and the seed barriers in
 *                           2-D and 3-D blocks (a partial warp too) on 1-, 2-
 *                           and 3-D grids: no stale read, no wait abandoned.
 *   test_gpu barrierRelaunch plan, launch, gs_barrier_reset, launch: no stale
 *                           read; a second launch without the reset is
 *                           refused by gs_barrier_launch and, launched anyway
 *                           (in a child process), traps with the message.
 *   test_gpu barrierShared  a handle in shared, then in global memory: the
 *                           launch traps with the message (child processes).
 */
#include "../check.h"
#include "core/cli.h"
#include "core/device.h"
#include "core/family.h"
#include "core/runner.h"

#include "barrier_rules.h"
#include "gsync/host.h"
#include "lib/barrier_place.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern const gs_family gs_family_mutex, gs_family_sem, gs_family_barrier, gs_family_local;
extern const gs_kernels gs_kernels_mutex_broken_racy, gs_kernels_mutex_broken_deadlock, gs_kernels_barrier_broken_wrap,
    gs_kernels_sem_broken_overfull, gs_kernels_barrier_broken_unordered, gs_kernels_barrier_broken_stuck,
    gs_kernels_local_broken_cta, gs_kernels_local_broken_racy, gs_kernels_local_sound_uniq;

static gs_device_info dev;
static unsigned int test_ldst = 10u;    /* 0 for the bare-barrier case */
static unsigned int test_threads = 32u; /* threads per block */
static const char *want_form = NULL;    /* gsBarrier: the form forced, NULL: the chooser's */
static int spread_runs = 0;             /* gsBarrier runs that took the spread form */
static int test_wrap = 0;               /* --wrap: counters start near 2^32 */
static char err[512];

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The barrier and local families' options, as the command line sets them
 * (reset in main). */
static union {
    void *align;
    unsigned char bytes[GS_FAMILY_OPTION_BYTES];
} barrier_opts, local_opts;

static const void *fopt_of(const gs_prim *p)
{
    return p->family == &gs_family_barrier ? barrier_opts.bytes : p->family == &gs_family_local ? local_opts.bytes : NULL;
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
    c.iters = p->family->floor_column ? 200u : 20u; /* barriers verify over 10000 anyway */
    c.repeat = 2;
    c.group = per_sm;
    c.sm_count = (unsigned int)dev.sm_count;
    c.timeout_ns = (unsigned long long)(timeout_s * 1e9);
    c.wrap = test_wrap;
    c.fopt = fopt_of(p);
    return c;
}

static unsigned int max_per_sm(const gs_prim *p)
{
    unsigned int n = 0;
    const int e = p->family->per_sm ? p->family->per_sm(fopt_of(p), p, test_threads, (unsigned int)dev.sm_count, &n)
                                    : (int)gs_blocks_per_sm(p->kernels->kernel, test_threads, 0, &n);
    CHECK(e == 0 && n > 0);
    return n;
}

#define V(verdict) (1u << (verdict))

/* gsBarrier names the form it ran: the one forced, or the chooser's (whose
 * spread form falls back to flat where it does not pay). */
static void check_form(const gs_config *c, const char *detail)
{
    const char *want = want_form;
    char form[32];
    if (!want)
        want = gs_barrier_form_name(gs_barrier_choose(gs_barrier_thresholds_for(dev.name), c->blocks, c->sm_count));
    snprintf(form, sizeof form, "%s form", want);
    spread_runs += strncmp(detail, "spread form", 11) == 0;
    CHECK(strncmp(detail, form, strlen(form)) == 0 ||
          (strcmp(want, "spread") == 0 && strcmp(detail, "flat form") == 0));
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
    if (rc == 0 && r.verdict == GS_PASS && strncmp(p->name, "gsBarrier", 9) == 0)
        check_form(&c, r.detail);
    /* a primitive built for clusters must get them where they fit, or the
     * test would pass on its fallback alone */
    if (rc == 0 && p->launch == GS_LAUNCH_CLUSTERS && dev.cc_major >= 9 && per_sm == 1)
        CHECK(r.cluster > 1u);
    /* --wrap reached the primitive's counters (the runner's note) */
    if (rc == 0 && test_wrap && (p->flags & GS_PRIM_WRAP))
        CHECK(strstr(r.detail, "--wrap: counters ") != NULL);
}

static void force_form(const char *form);
static void cluster_points(unsigned int c, unsigned int most, unsigned int *lo, unsigned int *hi);

/* Every primitive of family f with counters, started near 2^32. */
static void wrap_family(const gs_family *f)
{
    static const char *const forms[] = {"flat", "spread", "gathered", "wide"};
    for (size_t i = 0; i < f->nprims; ++i) {
        const gs_prim *p = &f->prims[i];
        const int fx_lock = strcmp(p->name, "fxLockBarrier") == 0; /* may deadlock from 0 too */
        const unsigned int allowed = fx_lock ? V(GS_PASS) | V(GS_TIMEOUT)
                                     : (p->flags & GS_PRIM_UNORDERED) ? V(GS_PASS) | V(GS_FAIL) | V(GS_TIMEOUT)
                                                                      : V(GS_PASS);
        const double t = allowed == V(GS_PASS) ? 5.0 : 2.0;
        const int gs = strncmp(p->name, "gsBarrier", 9) == 0;
        if (!(p->flags & GS_PRIM_WRAP))
            continue;
        if (p->launch == GS_LAUNCH_CLUSTERS && f == &gs_family_local) {
            unsigned int lo, hi;
            if (dev.cc_major < 9) {
                printf("%s: skipped, clusters need compute capability 9.0\n", p->name);
                continue;
            }
            cluster_points(4u, max_per_sm(p), &lo, &hi); /* --cluster's default */
            run_allowed(p, lo, t, allowed);
            run_allowed(p, hi, t, allowed);
            continue;
        }
        for (int k = 0; k < (gs ? 4 : 1); ++k) {
            if (gs)
                force_form(forms[k]);
            run_allowed(p, 1, t, allowed);
            run_allowed(p, max_per_sm(p), t, allowed);
        }
        if (gs)
            force_form("auto");
    }
}

static void run_expect(const gs_prim *p, unsigned int per_sm, double timeout_s, enum gs_verdict want)
{
    run_allowed(p, per_sm, timeout_s, V(want));
}

/* The same on a grid of `blocks` blocks, whatever the SM count. */
static void run_blocks(const gs_prim *p, unsigned int blocks, double timeout_s, enum gs_verdict want)
{
    gs_config c = config(p, 1, timeout_s);
    gs_result r;
    c.blocks = blocks;
    c.tbs_per_sm = 0;
    c.group = blocks / c.sm_count ? blocks / c.sm_count : 1u;
    const int rc = gs_run_config(&c, &r, err, sizeof err);
    printf("%-16s %5u blocks: %s %s\n", p->name, blocks, rc ? "ERROR" : gs_verdict_name(r.verdict), rc ? err : r.detail);
    CHECK(rc == 0 && r.verdict == want);
}

/* The fewest and the most blocks per SM, up to `most`, whose grid divides
 * into clusters of c. */
static void cluster_points(unsigned int c, unsigned int most, unsigned int *lo, unsigned int *hi)
{
    const unsigned int sms = (unsigned int)dev.sm_count;
    *lo = 1, *hi = most;
    while ((*lo * sms) % c && *lo < most)
        ++*lo;
    while (*hi > *lo && (*hi * sms) % c)
        --*hi;
}

static gs_prim broken(const char *name, const gs_family *f, const gs_kernels *k, enum gs_launch_kind launch)
{
    gs_prim p = {name, "test", "broken on purpose", f, k, launch, 0, {0, 0}};
    if (f == &gs_family_barrier)
        p.flags = GS_PRIM_CORESIDENT;
    return p;
}

/* Sets the barrier family's --form through its own option, as the command
 * line does. */
static void force_form(const char *form)
{
    CHECK(gs_family_barrier.option(barrier_opts.bytes, "--form", form, err, sizeof err) == 1);
    want_form = strcmp(form, "auto") == 0 ? NULL : form;
}

/* The plan keeps the spread form only where its trial can run: a grid in
 * the spread range that 1024-thread blocks cannot all hold gets flat, and
 * the same grid of 32-thread blocks can be placed. */
/* ---- the barrier's rules (barrier_rules.cu) ---- */

/* One run of barrier `which` (gsync's in `form`) on these shapes: PASS is no
 * stale read and no wait abandoned. */
static void rules_shape(int which, int form, dim3 grid, dim3 block)
{
    gs_rules r;
    unsigned int stale = ~0u, abandoned = ~0u;
    cudaError_t e = gs_rules_open(&r, which, form, grid, block);
    if (e == cudaSuccess)
        e = gs_rules_run(&r, GS_RULES_OWN, 1, 2000u, &stale, &abandoned);
    printf("%-18s %-8s grid %3ux%ux%u, block %2ux%ux%u: %s, %u stale reads, watchdog %s\n", gs_rules_name(which),
           which == GS_RULES_GS ? gs_barrier_form_name((int)r.bar.form) : "", grid.x, grid.y, grid.z, block.x, block.y,
           block.z, cudaGetErrorName(e), stale, abandoned ? "fired" : "quiet");
    CHECK(e == cudaSuccess && stale == 0u && abandoned == 0u);
    gs_rules_close(&r);
}

static void barrier_2d(void)
{
    static const dim3 blocks[] = {{8, 4, 1}, {4, 4, 4}, {16, 4, 2}, {5, 3, 1}, {2, 2, 8}};
    static const int forms[] = {GS_BARRIER_FLAT, GS_BARRIER_SPREAD, GS_BARRIER_GATHERED, GS_BARRIER_WIDE};
    const unsigned int sms = (unsigned int)dev.sm_count;
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; ++i) {
        const dim3 block = blocks[i];
        unsigned int most = 0, p;
        CHECK(gs_rules_per_sm(block.x * block.y * block.z, &most) == cudaSuccess && most >= 2u);
        p = most < 4u ? 2u : 4u; /* 4 blocks/SM: each form is forced below anyway */
        const dim3 grids[] = {{sms * p, 1, 1}, {sms, p, 1}, {sms, 2, p / 2u}};
        for (size_t g = 0; g < 3; ++g) {
            for (size_t f = 0; f < 4; ++f)
                rules_shape(GS_RULES_GS, forms[f], grids[g], block);
            for (int w = GS_RULES_SR; w < GS_RULES_WHICH && g != 1; ++w)
                rules_shape(w, 0, grids[g], block);
        }
    }
}

/* Runs this binary as `test_gpu CASE child-MODE`, which must fail its launch
 * with a trap and print the misuse line `want`. */
static void expect_trap(const char *what, const char *mode, const char *want)
{
    char self[1024], cmd[1200], line[512];
    int seen = 0, status;
    const ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    CHECK(len > 0);
    if (len <= 0)
        return;
    self[len] = 0;
    snprintf(cmd, sizeof cmd, "'%s' %s child-%s 2>&1", self, what, mode);
    FILE *f = popen(cmd, "r");
    CHECK(f != NULL);
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        if (!seen || strncmp(line, "gsync: misuse", 13) != 0) /* the first misuse line of many blocks */
            printf("  | %s", line);
        seen |= strstr(line, want) != NULL;
    }
    status = pclose(f);
    printf("child %s: exit %d, misuse line %s\n", mode, WIFEXITED(status) ? WEXITSTATUS(status) : -1,
           seen ? "seen" : "MISSING");
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 3); /* its launch failed with a trap */
    CHECK(seen);
}

/* The child's half: one launch that must trap.  Exit 3 when it failed with
 * a trap's error, 0 when it ran (the misuse went through), 1 otherwise. */
static int child(const char *mode)
{
    const dim3 grid = {(unsigned int)dev.sm_count * 2u, 1, 1}, block = {64, 1, 1};
    const int stale = strcmp(mode, "child-stale") == 0;
    const int where = strcmp(mode, "child-shared") == 0 ? GS_RULES_SHARED
                      : strcmp(mode, "child-global") == 0 ? GS_RULES_GLOBAL
                                                          : GS_RULES_OWN;
    unsigned int s = 0, ab = 0;
    gs_rules r;
    cudaError_t e = gs_rules_open(&r, GS_RULES_GS, GS_BARRIER_FLAT, grid, block);
    if (e == cudaSuccess && stale) /* a first launch, then a second without gs_barrier_reset */
        e = gs_rules_run(&r, GS_RULES_OWN, 1, 100u, &s, &ab);
    if (e != cudaSuccess) {
        printf("setup: %s\n", cudaGetErrorName(e));
        return 1;
    }
    e = gs_rules_run(&r, where, 0, 100u, &s, &ab);
    printf("%s: %s (%u stale reads)\n", mode, cudaGetErrorName(e), s);
    if (e == cudaSuccess)
        return 0;
    return e == cudaErrorIllegalInstruction || e == cudaErrorLaunchFailure || e == cudaErrorAssert ? 3 : 1;
}

/* Plan, launch, reset, launch again: both clean; without the reset,
 * gs_barrier_launch refuses, and a launch past it traps. */
static void barrier_relaunch(void)
{
    static const int forms[] = {GS_BARRIER_FLAT, GS_BARRIER_AUTO};
    const unsigned int sms = (unsigned int)dev.sm_count;
    unsigned int most = 0;
    CHECK(gs_rules_per_sm(64u, &most) == cudaSuccess && most > 0u);
    for (int f = 0; f < 2; ++f)
        for (int k = 0; k < 2; ++k) {
            const dim3 grid = {sms, k ? most : 1u, 1}, block = {64, 1, 1};
            unsigned int stale = ~0u, ab = ~0u;
            gs_rules r;
            CHECK(gs_rules_open(&r, GS_RULES_GS, forms[f], grid, block) == cudaSuccess);
            for (int launch = 0; launch < 3; ++launch) {
                cudaError_t e;
                if (launch == 2) {
                    e = gs_rules_run(&r, GS_RULES_OWN, 1, 1000u, &stale, &ab);
                    printf("%5u blocks, %-8s form, launch without reset: %s\n", sms * grid.y,
                           gs_barrier_form_name((int)r.bar.form), cudaGetErrorName(e));
                    CHECK(e == cudaErrorIllegalState);
                    CHECK(gs_barrier_reset(&r.bar, 0) == cudaSuccess);
                    continue;
                }
                e = gs_rules_run(&r, GS_RULES_OWN, 1, 1000u, &stale, &ab);
                printf("%5u blocks, %-8s form, launch %d: %s, %u stale reads, watchdog %s\n", sms * grid.y,
                       gs_barrier_form_name((int)r.bar.form), launch + 1, cudaGetErrorName(e), stale,
                       ab ? "fired" : "quiet");
                CHECK(e == cudaSuccess && stale == 0u && ab == 0u);
                if (launch == 0)
                    CHECK(gs_barrier_reset(&r.bar, 0) == cudaSuccess);
            }
            gs_rules_close(&r);
        }
    expect_trap("barrierRelaunch", "stale", "state left from an earlier launch");
}

static int plan_shape(void)
{
    const gs_barrier_thresholds *t = gs_barrier_thresholds_for(dev.name);
    const unsigned int blocks = (unsigned int)(0.5 * (t->spread_from + t->gathered_from) * dev.sm_count);
    unsigned int *state = NULL, most = 0;
    gs_barrier_t b;
    int verdict = 0;
    CHECK(cudaMalloc((void **)&state, gs_barrier_bytes(blocks)) == cudaSuccess);
    CHECK(gs_barrier_choose(t, blocks, (unsigned int)dev.sm_count) == GS_BARRIER_SPREAD);
    CHECK(gs_barrier_plan(&b, state, blocks, 32u, GS_BARRIER_SPREAD, 0) == cudaSuccess);
    printf("%u blocks of 32 threads, spread forced: %s form, %u counters\n", blocks, gs_barrier_form_name((int)b.form),
           b.k);
    if (b.form != GS_BARRIER_SPREAD) {
        printf("SKIP: the placement told no two L2 slices apart here\n");
        verdict = 77;
    }
    CHECK(gs_max_coresident(gs_place_trial_kernel(), 1024u, 0, &most) == cudaSuccess);
    if (verdict == 0 && most < blocks) {
        CHECK(gs_barrier_plan(&b, state, blocks, 1024u, GS_BARRIER_AUTO, 0) == cudaSuccess);
        printf("%u blocks of 1024 threads (at most %u resident), auto: %s form\n", blocks, most,
               gs_barrier_form_name((int)b.form));
        CHECK(b.form == GS_BARRIER_FLAT && b.epoch == 0u);
    }
    cudaFree(state);
    return verdict;
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    gs_family_barrier.reset_options(barrier_opts.bytes);
    gs_family_local.reset_options(local_opts.bytes);
    const int count = gs_device_count_why(err, sizeof err);
    if (count == 0) { /* skipped only where there is truly no GPU or driver */
        printf("SKIP: %s\n", err);
        return 77;
    }
    if (count < 0) {
        printf("FAIL: %s\n", err);
        return 1;
    }
    if (gs_device_open(0, &dev, err, sizeof err)) {
        printf("cannot open device 0: %s\n", err);
        return 1;
    }
    if (argc > 2 && strncmp(argv[2], "child-", 6) == 0)
        return child(argv[2]);
    if (strcmp(what, "broken") == 0) {
        gs_prim p = broken("brokenRacy", &gs_family_mutex, &gs_kernels_mutex_broken_racy, GS_LAUNCH_PLAIN);
        run_expect(&p, 4, 5.0, GS_FAIL);
        run_expect(&p, max_per_sm(&p), 5.0, GS_FAIL);
    } else if (strcmp(what, "overfull") == 0) {
        gs_prim p = broken("brokenOverfull", &gs_family_sem, &gs_kernels_sem_broken_overfull, GS_LAUNCH_PLAIN);
        p.arg[0] = 1;
        run_expect(&p, 4, 5.0, GS_FAIL);
        p.arg[0] = 10;
        run_expect(&p, 4, 5.0, GS_FAIL);
    } else if (strcmp(what, "unordered") == 0) {
        gs_prim p = broken("brokenUnordered", &gs_family_barrier, &gs_kernels_barrier_broken_unordered,
                           GS_LAUNCH_COOPERATIVE);
        run_expect(&p, 4, 5.0, GS_FAIL);
        run_expect(&p, max_per_sm(&p), 5.0, GS_FAIL);
    } else if (strcmp(what, "bare") == 0) {
        /* --ldst 0: timed launches run the bare barrier; the verifying
         * launch's stamps must still pass a correct barrier and catch an
         * unordered one */
        gs_prim p = broken("brokenUnordered", &gs_family_barrier, &gs_kernels_barrier_broken_unordered,
                           GS_LAUNCH_COOPERATIVE);
        const gs_prim *g = gs_prim_find("gsBarrier");
        test_ldst = 0u;
        run_expect(g, 1, 5.0, GS_PASS);
        run_expect(g, max_per_sm(g), 5.0, GS_PASS);
        run_allowed(&p, 4, 2.0, V(GS_FAIL) | V(GS_TIMEOUT));
    } else if (strcmp(what, "forms") == 0) {
        static const char *const forms[] = {"flat", "spread", "gathered", "wide"};
        for (int f = 0; f < 4; ++f) {
            force_form(forms[f]);
            for (int k = 0; k < 2; ++k) {
                const gs_prim *g = gs_prim_find(k ? "gsBarrierSplit" : "gsBarrier");
                run_expect(g, 1, 5.0, GS_PASS);
                run_expect(g, 4, 5.0, GS_PASS);
                run_expect(g, max_per_sm(g), 5.0, GS_PASS);
            }
        }
        force_form("auto");
        CHECK(spread_runs > 0); /* forced, the spread form must have run somewhere */
    } else if (strcmp(what, "deadlock") == 0) {
        gs_prim p = broken("brokenDeadlock", &gs_family_mutex, &gs_kernels_mutex_broken_deadlock, GS_LAUNCH_PLAIN);
        double t0 = now_s();
        run_expect(&p, 4, 1.0, GS_TIMEOUT);
        printf("ended after %.2f s wall (deadline 1 s)\n", now_s() - t0);
        CHECK(now_s() - t0 < 10.0);
    } else if (strcmp(what, "stuck") == 0) {
        gs_prim p = broken("brokenStuck", &gs_family_barrier, &gs_kernels_barrier_broken_stuck, GS_LAUNCH_COOPERATIVE);
        double t0 = now_s();
        /* one warp, whose lanes learn the verdict by shuffle, then four
         * warps, three of which learn it only through the shared word */
        run_expect(&p, 1, 1.0, GS_TIMEOUT);
        test_threads = 128u;
        run_expect(&p, 1, 1.0, GS_TIMEOUT);
        run_expect(&p, 4, 1.0, GS_TIMEOUT);
        printf("ended after %.2f s wall (deadlines 1 s)\n", now_s() - t0);
        CHECK(now_s() - t0 < 25.0);
    } else if (strcmp(what, "planShape") == 0) {
        if (plan_shape() == 77 && check_failed == 0)
            return 77;
    } else if ((strcmp(what, "local") == 0 || strcmp(what, "localBroken") == 0) && dev.cc_major < 9) {
        printf("SKIP: thread-block clusters need compute capability 9.0, this is %d.%d\n", dev.cc_major, dev.cc_minor);
        return 77;
    } else if (strcmp(what, "local") == 0) {
        static const char *const sizes[] = {"2", "4", "8", "16"};
        for (int k = 0; k < 4; ++k) {
            CHECK(gs_family_local.option(local_opts.bytes, "--cluster", sizes[k], err, sizeof err) == 1);
            for (size_t i = 0; i < gs_family_local.nprims; ++i) {
                const gs_prim *p = &gs_family_local.prims[i];
                unsigned int most = 0;
                if (p->launch != GS_LAUNCH_CLUSTERS)
                    continue;
                if (gs_family_local.per_sm(local_opts.bytes, p, test_threads, (unsigned int)dev.sm_count, &most) || most == 0) {
                    printf("%s: no clusters of %s here (cluster size 16 is non-portable)\n", p->name, sizes[k]);
                    CHECK(k == 3); /* only 16 may be refused */
                    continue;
                }
                unsigned int lo, hi;
                cluster_points(2u << k, most, &lo, &hi);
                run_expect(p, lo, 5.0, GS_PASS);
                run_expect(p, hi, 5.0, GS_PASS);
            }
        }
    } else if (strcmp(what, "uniq") == 0) {
        const double t0 = now_s();
        for (size_t i = 0; i < gs_family_local.nprims; ++i) {
            const gs_prim *p = &gs_family_local.prims[i];
            if (p->launch == GS_LAUNCH_CLUSTERS)
                continue;
            run_allowed(p, 1, 2.0, V(GS_PASS) | V(GS_FAIL) | V(GS_TIMEOUT));
            run_allowed(p, 8, 2.0, V(GS_PASS) | V(GS_FAIL) | V(GS_TIMEOUT));
        }
        printf("ended after %.1f s wall\n", now_s() - t0);
        CHECK(now_s() - t0 < 280.0);
        /* the per-group checks pass a sound lock on the seed's grouping, also
         * when the blocks are not a multiple of the SMs */
        gs_prim sound = broken("soundUniq", &gs_family_local, &gs_kernels_local_sound_uniq, GS_LAUNCH_PLAIN);
        run_blocks(&sound, (unsigned int)dev.sm_count + 3u, 5.0, GS_PASS);
        run_blocks(&sound, 2u * (unsigned int)dev.sm_count - 1u, 5.0, GS_PASS);
        run_blocks(&sound, 8u * (unsigned int)dev.sm_count, 5.0, GS_PASS);
    } else if (strcmp(what, "localBroken") == 0) {
        gs_prim racy = broken("brokenLocalRacy", &gs_family_local, &gs_kernels_local_broken_racy, GS_LAUNCH_PLAIN);
        gs_prim cta = broken("brokenClusterCta", &gs_family_local, &gs_kernels_local_broken_cta, GS_LAUNCH_CLUSTERS);
        CHECK(gs_family_local.option(local_opts.bytes, "--cluster", "8", err, sizeof err) == 1);
        run_expect(&racy, 4, 5.0, GS_FAIL);
        run_expect(&racy, 16, 5.0, GS_FAIL);
        unsigned int lo, hi;
        cluster_points(8u, max_per_sm(&cta), &lo, &hi);
        run_expect(&cta, lo, 5.0, GS_FAIL);
        run_expect(&cta, hi, 5.0, GS_FAIL);
    } else if (strcmp(what, "wrap") == 0) {
        const gs_family *f = argc > 2 ? gs_family_find(argv[2]) : NULL;
        if (argc > 2 && !f) {
            printf("unknown family '%s'\n", argv[2]);
            return 1;
        }
        test_wrap = 1;
        if (f)
            wrap_family(f);
        else {
            wrap_family(&gs_family_mutex);
            wrap_family(&gs_family_sem);
            wrap_family(&gs_family_barrier);
            wrap_family(&gs_family_local);
        }
    } else if (strcmp(what, "wrapBroken") == 0) {
        gs_prim p = broken("brokenWrap", &gs_family_barrier, &gs_kernels_barrier_broken_wrap, GS_LAUNCH_COOPERATIVE);
        p.flags |= GS_PRIM_WRAP;
        run_expect(&p, 4, 5.0, GS_PASS); /* from 0: a sound barrier */
        test_wrap = 1;
        run_expect(&p, max_per_sm(&p), 5.0, GS_FAIL); /* fewer blocks may cross the wrap unseen */
    } else if (strcmp(what, "barrier2d") == 0) {
        barrier_2d();
    } else if (strcmp(what, "barrierRelaunch") == 0) {
        barrier_relaunch();
    } else if (strcmp(what, "barrierShared") == 0) {
        expect_trap("barrierShared", "shared", "the handle is in shared or global memory");
        expect_trap("barrierShared", "global", "the handle is in shared or global memory");
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
        /* baselines as published (the table's flags): a livelock or deadlock
         * is a result (TIMEOUT); an unordered barrier must be caught (FAIL) or
         * hang, never PASS */
        const unsigned int allowed = (p->flags & GS_PRIM_MAY_HANG)    ? V(GS_PASS) | V(GS_TIMEOUT)
                                     : (p->flags & GS_PRIM_UNORDERED) ? V(GS_FAIL) | V(GS_TIMEOUT)
                                                                      : V(GS_PASS);
        const double t = allowed == V(GS_PASS) ? 5.0 : 2.0;
        run_allowed(p, 1, t, allowed);
        run_allowed(p, 4, t, allowed);
        run_allowed(p, max_per_sm(p), t, allowed);
        if (p->family->floor_column) { /* blocks of four warps: a join of one warp is not enough */
            test_threads = 128u;
            run_allowed(p, 1, t, allowed);
        }
    }
    return check_done();
}
