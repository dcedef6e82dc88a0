/* The server command's workload table (gs_srv_workloads) and the points
 * each workload's rows sweep (gs_srv_plan_items), on the host: every
 * workload has a check and ways, a twin is one of its ways, no way runs in
 * a workload that lacks it; --items moves the workloads that have items and
 * not the queue or the round trip (one point each); unionfind sweeps its
 * graphs. */
#include "../check.h"
#include "server/workload.h"

#include <string.h>

int main(void)
{
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
    return check_done();
}
