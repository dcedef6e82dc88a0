/* The server command's workload table (gs_srv_workloads), the points each
 * workload's rows sweep (gs_srv_plan_items) and the whole plan
 * (gs_srv_plan_rows at 5 blocks an SM of 132 SMs), on the host: every
 * workload has a check and ways, a twin is one of its ways, no way runs in
 * a workload that lacks it; --items moves the workloads that have items and
 * not the queue or the round trip (one point each); unionfind sweeps its
 * graphs; gpu_server's command lines plan the rows it counts. */
#include "commands.h"
#include "../check.h"
#include "../parse_line.h"
#include "server/workload.h"

#include <string.h>

static srv_row rows[GS_SRV_MAX_ROWS];

/* The rows `line` plans, -1 when it does not parse or plan. */
static int planned(const char *line)
{
    static gs_options o;
    char err[512];
    gs_device_info dev;
    int nrows = 0, rc;
    memset(&dev, 0, sizeof dev);
    dev.sm_count = 132;
    if (parse_line(&o, line, err, sizeof err) || gs_srv_graphs_load(gs_srv_own(&o), err, sizeof err)) {
        fprintf(stderr, "  '%s': %s\n", line, err);
        return -1;
    }
    rc = gs_srv_plan_rows(&o, &dev, 5u, rows, &nrows, err, sizeof err);
    gs_srv_graphs_free();
    if (rc)
        fprintf(stderr, "  '%s': %s\n", line, err);
    return rc ? -1 : nrows;
}

int main(void)
{
    gs_cli_use_commands(gs_commands, gs_ncommands);
    gs_srv_options so;
    unsigned int items[GS_SRV_MAX_LIST];
    for (unsigned int w = 0; w < GS_SRV_WORKLOADS; ++w) {
        const gs_srv_workload_def *def = gs_srv_workloads[w];
        CHECK(def && def->check && def->ways);
        CHECK((def->twins & ~def->ways) == 0u);
        for (unsigned int v = 0; v < GS_SRV_WAYS; ++v)
            CHECK(gs_srv_has_way(w, v) == (int)((def->ways >> v) & 1u));
    }
    CHECK(!gs_srv_has_way(GS_SRV_QUEUE, GS_SRV_TICKET) && gs_srv_has_way(GS_SRV_COUNTERS, GS_SRV_COMBINE));
    CHECK(!gs_srv_has_way(GS_SRV_TRANSFERS, GS_SRV_COMBINE) && !gs_srv_has_way(GS_SRV_WORKLOADS, GS_SRV_SERVER));
    memset(&so, 0, sizeof so);
    /* the defaults */
    CHECK(gs_srv_plan_items(GS_SRV_COUNTERS, &so, 0, items) == 1 && items[0] == 1u << 20);
    CHECK(gs_srv_plan_items(GS_SRV_TRANSFERS, &so, 0, items) == 3 && items[0] == 64u && items[2] == 1u << 20);
    CHECK(gs_srv_plan_items(GS_SRV_HASHTABLE, &so, 0, items) == 1 && items[0] == 4096u);
    CHECK(gs_srv_plan_items(GS_SRV_QUEUE, &so, 0, items) == 1 && items[0] == 0u);
    CHECK(gs_srv_plan_items(GS_SRV_UNIONFIND, &so, 3, items) == 3 && items[2] == 2u);
    /* --items 64,65536: the workloads with items take it; queue and pingpong stay one point */
    so.items[0] = 64u, so.items[1] = 65536u, so.nitems = 2;
    CHECK(gs_srv_plan_items(GS_SRV_COUNTERS, &so, 0, items) == 2 && items[1] == 65536u);
    CHECK(gs_srv_plan_items(GS_SRV_HASHTABLE, &so, 0, items) == 2 && items[0] == 64u);
    CHECK(gs_srv_plan_items(GS_SRV_QUEUE, &so, 0, items) == 1 && items[0] == 0u);
    CHECK(gs_srv_plan_items(GS_SRV_PINGPONG, &so, 0, items) == 1 && items[0] == 0u);
    CHECK(gs_srv_plan_items(GS_SRV_UNIONFIND, &so, 1, items) == 1 && items[0] == 0u);
    /* gpu_server's runs: queue 3 ways x 2 shares, pingpong 1, counters 4 + 3 x 2 shares, transfers and
     * hashtable 3 + 2 x 2 each, a row each item count, unionfind 4 + 2 x 2 on one graph */
    CHECK(planned("server all --ops 1 --items 64,65536 --collision 4 --share 25,50 --graph rmat:10") == 63);
    CHECK(planned("server queue,hashtable,unionfind --way server,serverLF,ticketLock,tryLock,atomic --msg-bytes "
                  "32,128,512 --ops 4 --items 256 --collision 8 --lookups 50,100 --graph rmat:12,road:5000") == 24);
    CHECK(planned("server counters --way serverCombine,server --dist skewed --items 2,64,1048576 --ops 4") == 6);
    CHECK(planned("server counters --way brokenCombine --dist skewed --items 64 --ops 4") == 1);
    CHECK(gs_srv_workloads[GS_SRV_COUNTERS]->twins == GS_SRV_WAY(GS_SRV_COMBINE_BROKEN));
    CHECK(planned("server hashtable --way brokenEarlyRead --items 256 --collision 8 --lookups 0,50") == 1);
    CHECK(planned("server counters --tbs 661") == -1); /* more than 5 an SM */
    return check_done();
}
