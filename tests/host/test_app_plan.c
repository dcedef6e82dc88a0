/* app's plan without a device (src/app/sweep.c: gs_app_modes_of,
 * gs_app_point_modes): for a command line, the rows of the sweep, program
 * and sync mode in order, against
 *  - the pre-table app.c's modes_of() and run_point(), kept here as the
 *    reference (old_point_modes), on every command line of
 *    tests/app_expect.sh and tests/app_async_expect.sh and more;
 *  - the rows tests/app_expect.sh counts (app all: 208 at 2 points, ...),
 *    written out;
 * and the modes whose FAIL or TIMEOUT is a finding, against the old
 * unordered(). */
#include "commands.h"
#include "../check.h"
#include "../parse_line.h"
#include "app/program.h"
#include "core/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char err[512];

static int parse(gs_options *o, const char *line)
{
    memset(o, 0, sizeof *o);
    return parse_line(o, line, err, sizeof err);
}

/* ---- the reference: app.c before the program table (352cfcc) ---- */

static int old_applies(unsigned int program, unsigned int mode)
{
    const int lock = mode >= GS_SYNC_UTS_SPIN && mode <= GS_SYNC_UTS_NONE;
    const int hs = mode >= GS_SYNC_HS_SHIPPED && mode <= GS_SYNC_HS_TICKET;
    if (mode == GS_SYNC_ASYNC || mode == GS_SYNC_ASYNC_BROKEN)
        return program == GS_APP_BFS || program == GS_APP_SSSP;
    if (program == GS_APP_UTS_HS)
        return hs || mode == GS_SYNC_BROKEN_NONE;
    return program == GS_APP_UTS ? lock || mode == GS_SYNC_BROKEN_NONE : !lock && !hs;
}

static unsigned int old_modes_of(const gs_app_options *ao, unsigned int program, unsigned int *modes)
{
    unsigned int k = 0;
    for (int i = 0; i < ao->nmodes; ++i) {
        unsigned int m = ao->modes[i], j;
        if (!old_applies(program, m))
            continue;
        if (m == GS_SYNC_BROKEN_NONE && program == GS_APP_UTS)
            m = GS_SYNC_UTS_NONE;
        else if (m == GS_SYNC_BROKEN_NONE && program == GS_APP_UTS_HS)
            m = GS_SYNC_HS_SHIPPED;
        for (j = 0; j < k && modes[j] != m; ++j)
            ;
        if (j == k)
            modes[k++] = m;
    }
    if (k == 0 && program == GS_APP_UTS)
        for (unsigned int m = GS_SYNC_UTS_SPIN; m < GS_SYNC_UTS_NONE; ++m)
            modes[k++] = m;
    else if (k == 0 && program == GS_APP_UTS_HS)
        modes[k++] = GS_SYNC_HS_SHIPPED, modes[k++] = GS_SYNC_HS_FIXED, modes[k++] = GS_SYNC_HS_TICKET;
    else if (k == 0)
        for (unsigned int m = 0; m < GS_SYNC_MODES; ++m)
            modes[k++] = m;
    if (k == GS_SYNC_MODES && ao->nmodes == 0 && old_applies(program, GS_SYNC_ASYNC))
        modes[k++] = GS_SYNC_ASYNC;
    return k;
}

static unsigned int old_point_modes(const gs_app_options *ao, unsigned int program, unsigned int *modes)
{
    unsigned int nm = old_modes_of(ao, program, modes);
    if (program == GS_APP_BITONIC)
        modes[nm++] = GS_SYNC_CUB_RADIX, modes[nm++] = GS_SYNC_CUB_MERGE;
    else if (program == GS_APP_REDUCE || program == GS_APP_REDUCE_FLOAT)
        modes[nm++] = GS_SYNC_CUB_REDUCE;
    return nm;
}

static int old_unordered(unsigned int mode)
{
    return (mode >= GS_SYNC_MODES && mode < GS_SYNC_ALL_MODES) || mode == GS_SYNC_UTS_NONE ||
           mode == GS_SYNC_HS_SHIPPED || mode == GS_SYNC_ASYNC_BROKEN;
}

/* ---- the sweep's rows ---- */

/* The rows of `line`, "program,sync" a line, points x programs x modes as
 * app.c's sweep() and run_point() make them (old: the reference's); -1 if
 * it does not parse. */
static int rows_of(const char *line, int old, char *out, size_t cap)
{
    gs_options o;
    size_t len = 0;
    int nrows = 0;
    out[0] = 0;
    if (parse(&o, line) != 0) {
        fprintf(stderr, "  '%s' does not parse: %s\n", line, err);
        return -1;
    }
    const gs_app_options *ao = gs_app_own(&o);
    const int npts = o.ntbs_per_sm ? o.ntbs_per_sm : 5; /* (app.c's default sweep: 1, 2, 4, 8, 16) */
    for (int i = 0; i < npts; ++i)
        for (int q = 0; q < ao->nprograms; ++q) {
            const unsigned int prog = ao->programs[q];
            unsigned int modes[GS_SYNC_NAMES + 8];
            const unsigned int nm = old ? old_point_modes(ao, prog, modes)
                                        : gs_app_point_modes(ao, gs_app_programs[prog], modes);
            for (unsigned int k = 0; k < nm; ++k, ++nrows) {
                const int w = snprintf(out + len, cap - len, "%s,%s\n", gs_app_programs[prog]->name,
                                       gs_app_sync_name(modes[k]));
                if (w < 0 || (size_t)w >= cap - len)
                    return -1;
                len += (size_t)w;
            }
        }
    return nrows;
}

static char got[1 << 16], want[1 << 16];

/* The plan of `line` equals the reference's. */
static int same_as_old(const char *line)
{
    const int n = rows_of(line, 0, got, sizeof got), m = rows_of(line, 1, want, sizeof want);
    if (n < 0 || n != m || strcmp(got, want) != 0) {
        fprintf(stderr, "  '%s': %d rows, the old app.c's %d:\n--- got\n%s--- old\n%s", line, n, m, got, want);
        return 0;
    }
    return 1;
}

/* The plan of `line` is `expect` ("program,sync" lines, one point's), `points` times over. */
static int rows_are(const char *line, int points, const char *expect)
{
    char all[1 << 14];
    size_t len = 0;
    all[0] = 0;
    for (int i = 0; i < points; ++i)
        len += (size_t)snprintf(all + len, sizeof all - len, "%s", expect);
    if (rows_of(line, 0, got, sizeof got) < 0 || strcmp(got, all) != 0) {
        fprintf(stderr, "  '%s':\n--- got\n%s--- want\n%s", line, got, all);
        return 0;
    }
    return 1;
}

/* How many rows of `line`'s plan are "program,sync" (NULL: every row). */
static int count_rows(const char *line, const char *row)
{
    int n = 0;
    const int all = rows_of(line, 0, got, sizeof got);
    if (!row)
        return all;
    for (char *s = strtok(got, "\n"); s; s = strtok(NULL, "\n"))
        n += strcmp(s, row) == 0;
    return n;
}

#define BARRIERS(p)                                                                                                 \
    p ",relaunchStream\n" p ",relaunchGraph\n" p ",gridSync\n" p ",cudaBarrier\n" p ",atomicTreeBarrUniq\n" p       \
      ",lfTreeBarrUniq\n" p ",srBarrier\n" p ",fxLockFreeBarrier\n" p ",fxLockBarrier\n" p ",gsBarrier\n"
#define LOCKS "uts,spinMutex\nuts,faMutex\nuts,ticketMutex\nuts,arrayMutex\nuts,cohortMutex\n"

int main(void)
{
    gs_cli_use_commands(gs_commands, gs_ncommands);
    char dir[] = "/tmp/gsync-app-plan-XXXXXX", gr[64], mtx[64], line[1024];
    FILE *f;
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    /* the files of app_expect.sh's step 3 (the parser reads them) */
    snprintf(gr, sizeof gr, "%s/small.gr", dir);
    snprintf(mtx, sizeof mtx, "%s/small.mtx", dir);
    if ((f = fopen(gr, "w"))) {
        fputs("c a small graph\np sp 5 5\na 1 2 3\na 2 3 4\na 3 4 5\na 1 4 20\na 5 1 1\n", f);
        fclose(f);
    }
    if ((f = fopen(mtx, "w"))) {
        fputs("%%MatrixMarket matrix coordinate integer symmetric\n% a triangle and a tail\n"
              "4 4 4\n2 1 7\n3 2 1\n3 1 2\n4 3 9\n", f);
        fclose(f);
    }

    /* every command line of app_expect.sh and app_async_expect.sh, and more: the old app.c's rows */
    static const char *const lines[] = {
        "app reduce --sync gridSync --tbs-per-sm 1 --repeat 1",
        "app all --graph road:20000 --length 600 --size 65536 --root 2000 --tbs-per-sm 1,4 --repeat 1 --timeout 5",
        "app all --sync brokenNoBarrier --graph road:20000 --length 600 --size 65536 --root 2000 --tbs-per-sm 4",
        "app uts --spread 1 --tbs-per-sm 1,16 --repeat 1 --timeout 10",
        "app uts --spread 1 --sync brokenNoBarrier --tbs-per-sm 4 --repeat 1 --timeout 2",
        "app uts --steal half --spread 0 --tbs-per-sm 1,16 --repeat 1 --timeout 10",
        "app uts --steal half --spread 1 --sync brokenNoLock --tbs-per-sm 4 --repeat 1 --timeout 2",
        "app uts-hs --threads 128 --repeat 1 --timeout 10 --tbs-per-sm 1,4",
        "app uts-hs --threads 128 --sync hsFixed,hsTicket --nodes 65536 --tbs-per-sm 1",
        "app uts-hs --sync hsFixed", "app uts-hs --sync hsTicket", "app uts-hs --sync brokenNoBarrier",
        "app bitonic --key-bits 64 --size 65536 --sync relaunchGraph,gridSync,gsBarrier --tbs-per-sm 1,4",
        "app bitonic --key-bits 64 --size 65536 --sync brokenNoBarrier --tbs-per-sm 4",
        "app bfs --sync async --graph road:1000 --tbs-per-sm 1 --repeat 1",
        "app bfs,sssp --sync async --graph road:1000 --threads 128 --tbs-per-sm 1,2,4 --repeat 2",
        "app bfs,sssp --sync brokenAsync --graph road:20000 --tbs-per-sm 4,16 --repeat 1 --timeout 2",
        "app reduce,reduce-float", "app all", "app all --sync all", "app bitonic", "app uts", "app uts-hs", "app bfs",
        "app sssp", "app bfs-topo,sssp-topo,pagerank,sw", "app bfs --sync async,brokenAsync",
        "app bfs --sync brokenNoBarrier", "app bfs,uts --sync gridSync,cohortMutex",
        "app sssp --sync gsBarrier,gridSync,brokenNoBarrier", "app bfs,bfs-topo --sync async,gridSync",
        "app uts --sync spinMutex,ticketMutex,arrayMutex,cohortMutex --steal half",
        "app uts --sync brokenNoLock,brokenNoBarrier", "app all --sync brokenNoBarrier,brokenNoLock",
        "app all --sync fxLockBarrierNoFence,fxLockFreeBarrierNoFence,hsTicket",
        "app all --sync gridSync,spinMutex,hsFixed,async,brokenAsync,brokenNoBarrier",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; ++i)
        CHECK(same_as_old(lines[i]));
    snprintf(line, sizeof line, "app bfs,sssp --graph %s --tbs-per-sm 1 --repeat 1", gr);
    CHECK(same_as_old(line));
    snprintf(line, sizeof line, "app bfs,sssp,pagerank --graph %s --tbs-per-sm 1 --repeat 1", mtx);
    CHECK(same_as_old(line));

    /* app_expect.sh's counts */
    const char *all = "app all --graph road:20000 --length 600 --size 65536 --root 2000 --tbs-per-sm 1,4";
    CHECK(count_rows(all, NULL) == 208);
    CHECK(count_rows(all, "reduce,cubReduce") == 2 && count_rows(all, "reduce-float,cubReduce") == 2);
    CHECK(count_rows(all, "uts,cohortMutex") == 2 && count_rows(all, "uts-hs,hsTicket") == 2);
    CHECK(count_rows(all, "bfs,async") == 2 && count_rows(all, "sssp,async") == 2);
    CHECK(count_rows(all, "bfs-topo,async") == 0 && count_rows(all, "pagerank,async") == 0);
    CHECK(count_rows("app all", NULL) == 5 * 104);
    snprintf(line, sizeof line, "app bfs,sssp --graph %s --tbs-per-sm 1", gr);
    CHECK(count_rows(line, NULL) == 22);
    snprintf(line, sizeof line, "app bfs,sssp,pagerank --graph %s --tbs-per-sm 1", mtx);
    CHECK(count_rows(line, NULL) == 32);
    CHECK(count_rows("app uts --spread 1 --tbs-per-sm 1,16", NULL) == 10);

    /* the rows, written out */
    CHECK(rows_are("app all --sync brokenNoBarrier --tbs-per-sm 4", 1,
                   "bfs,brokenNoBarrier\nbfs-topo,brokenNoBarrier\nsssp,brokenNoBarrier\nsssp-topo,brokenNoBarrier\n"
                   "pagerank,brokenNoBarrier\nreduce,brokenNoBarrier\nreduce,cubReduce\nsw,brokenNoBarrier\n"
                   "bitonic,brokenNoBarrier\nbitonic,cubRadixSort\nbitonic,cubMergeSort\nuts,brokenNoLock\n"
                   "reduce-float,brokenNoBarrier\nreduce-float,cubReduce\nuts-hs,hsShipped\n"));
    CHECK(rows_are("app reduce,reduce-float --tbs-per-sm 1,2", 2,
                   BARRIERS("reduce") "reduce,cubReduce\n" BARRIERS("reduce-float") "reduce-float,cubReduce\n"));
    CHECK(rows_are("app reduce,reduce-float", 5,
                   BARRIERS("reduce") "reduce,cubReduce\n" BARRIERS("reduce-float") "reduce-float,cubReduce\n"));
    CHECK(rows_are("app bitonic --tbs-per-sm 1", 1,
                   BARRIERS("bitonic") "bitonic,cubRadixSort\nbitonic,cubMergeSort\n"));
    CHECK(rows_are("app bitonic --key-bits 64 --sync relaunchGraph,gridSync,gsBarrier --tbs-per-sm 1,4", 2,
                   "bitonic,relaunchGraph\nbitonic,gridSync\nbitonic,gsBarrier\nbitonic,cubRadixSort\n"
                   "bitonic,cubMergeSort\n"));
    CHECK(rows_are("app uts --tbs-per-sm 1,16", 2, LOCKS));
    CHECK(rows_are("app uts --sync all --tbs-per-sm 1", 1, LOCKS));
    CHECK(rows_are("app uts --sync brokenNoLock --tbs-per-sm 4", 1, "uts,brokenNoLock\n"));
    CHECK(rows_are("app uts --sync brokenNoBarrier --tbs-per-sm 4", 1, "uts,brokenNoLock\n"));
    CHECK(rows_are("app uts --sync brokenNoBarrier,brokenNoLock,cohortMutex --tbs-per-sm 4", 1,
                   "uts,brokenNoLock\nuts,cohortMutex\n"));
    CHECK(rows_are("app uts-hs --tbs-per-sm 1,4", 2, "uts-hs,hsShipped\nuts-hs,hsFixed\nuts-hs,hsTicket\n"));
    CHECK(rows_are("app uts-hs --sync hsFixed --tbs-per-sm 1", 1, "uts-hs,hsFixed\n"));
    CHECK(rows_are("app uts-hs --sync hsTicket --tbs-per-sm 1", 1, "uts-hs,hsTicket\n"));
    CHECK(rows_are("app uts-hs --sync hsFixed,hsTicket --tbs-per-sm 1", 1, "uts-hs,hsFixed\nuts-hs,hsTicket\n"));
    CHECK(rows_are("app uts-hs --sync brokenNoBarrier --tbs-per-sm 1", 1, "uts-hs,hsShipped\n"));
    CHECK(rows_are("app bfs --tbs-per-sm 1", 1, BARRIERS("bfs") "bfs,async\n"));
    CHECK(rows_are("app bfs-topo --tbs-per-sm 1", 1, BARRIERS("bfs-topo")));
    CHECK(rows_are("app bfs --sync all --tbs-per-sm 1", 1, BARRIERS("bfs") "bfs,async\n"));
    CHECK(rows_are("app bfs --sync async,brokenAsync --tbs-per-sm 1", 1, "bfs,async\nbfs,brokenAsync\n"));
    CHECK(rows_are("app bfs --sync brokenNoBarrier --tbs-per-sm 1", 1, "bfs,brokenNoBarrier\n"));
    CHECK(rows_are("app sssp --sync gsBarrier,gridSync --tbs-per-sm 1", 1, "sssp,gsBarrier\nsssp,gridSync\n"));
    /* a program that --sync names nothing of runs its own, without its unasked */
    CHECK(rows_are("app bfs,uts --sync gridSync --tbs-per-sm 1", 1, "bfs,gridSync\n" LOCKS));
    CHECK(rows_are("app bfs,bfs-topo --sync async --tbs-per-sm 1", 1, "bfs,async\n" BARRIERS("bfs-topo")));

    /* the modes that may FAIL or TIMEOUT as their finding, and the one that may deadlock */
    for (unsigned int m = 0; m < GS_SYNC_NAMES; ++m) {
        CHECK(gs_app_sync_unordered(m) == old_unordered(m));
        CHECK(gs_app_sync_may_time_out(m) == (m == GS_SYNC_FX_LOCK));
        if (gs_app_sync_unordered(m) != old_unordered(m))
            fprintf(stderr, "  %s: unordered %d, the old app.c's %d\n", gs_app_sync_name(m), gs_app_sync_unordered(m),
                    old_unordered(m));
    }
    /* --sync's applicability, against the old app_cli.c's */
    for (unsigned int p = 0; p < GS_APP_PROGRAMS; ++p)
        for (unsigned int m = 0; m < GS_SYNC_PARSED; ++m)
            CHECK(gs_app_mode_applies(p, m) == old_applies(p, m));
    unlink(gr);
    unlink(mtx);
    rmdir(dir);
    return check_done();
}
