/* server/workload.h: what the server command's own files share.  server.c
 * plans, runs and reports the rows; each workload is a file with its row of
 * gs_srv_workloads (setup.h) and the host's check of a launch:
 * queue.c (queue and pingpong), counters.c, transfers.c, hashtable.c,
 * unionfind.c (its graphs too) and stress.c (its drawn plan too). */
#ifndef GSYNC_SERVER_WORKLOAD_H
#define GSYNC_SERVER_WORKLOAD_H

#include "server/setup.h"

#include "inputs/graph.h"
#include "core/gsync_bench.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GS_SRV_MAX_ROWS 512
#define GS_SRV_WRAP_START ((1ull << 32) - 4096u) /* --wrap: where the queues' indices start */

/* The rows' ways, for the workloads' rows. */
#define GS_SRV_W(v) GS_SRV_WAY(GS_SRV_##v)
#define GS_SRV_LOCKS (GS_SRV_W(SPIN) | GS_SRV_W(TICKET) | GS_SRV_W(TRY))
#define GS_SRV_SERVERS (GS_SRV_W(SERVER) | GS_SRV_W(LF))

typedef struct srv_row {
    gs_srv_launch l;
    int graph;          /* unionfind: its input, gs_srv_graph(graph) */
    unsigned int share; /* percent; 0: no servers */
    double ms_median, ms_min, ms_max, noise_pct;
    enum gs_verdict verdict;
    char detail[200];
} srv_row;

/* What a launch left: the items' words, the log (NULL when none was kept) and each block's count. */
typedef struct srv_result {
    const unsigned int *items, *log, *counts;
} srv_result;

/* unionfind's inputs: the graph, its edges (u, v), u < v, once each (an arc
 * either way, or both, is one edge: components of the undirected graph),
 * and the smallest vertex of each vertex's component. */
typedef struct srv_graph {
    gs_graph g;
    unsigned int *edges, *label;
    unsigned long long nedges;
} srv_graph;

/* unionfind.c: the graphs of a run (--graph, or its defaults) loaded when
 * unionfind is asked; freed after. */
int gs_srv_graphs_load(const gs_srv_options *so, char *err, size_t n);
void gs_srv_graphs_free(void);
const srv_graph *gs_srv_graph(int k);
int gs_srv_ngraphs(void);

/* counters.c: whether every item's (count, sum), two words in items[], is
 * the replay's want[] (count << 32 | sum); the first that is not in d. */
int gs_srv_check_sums(const unsigned int *items, const unsigned long long *want, unsigned int nitems,
                      const char *what, char *d, size_t n);

/* hashtable.c: nodes in the pool of a hashtable launch. */
size_t gs_srv_hash_nodes(const gs_srv_launch *l);

/* server.c: the points a workload's rows sweep, into items[]: --items, or
 * its row's default items; unionfind its graphs (their indices); one point
 * (0) for workloads without items.  Returns how many. */
int gs_srv_plan_items(unsigned int wl, const gs_srv_options *so, int ngraphs, unsigned int *items);

/* server.c: the rows of the plan, workloads x ways x items x shares x
 * grids, at per_sm blocks of the kernel an SM (stress: its own drawn
 * matrix, which asks the device).  GS_EXIT_OK or an exit status. */
int gs_srv_plan_rows(const struct gs_options *o, const struct gs_device_info *dev, unsigned int per_sm, srv_row *rows,
                     int *nrows, char *err, size_t n);

/* stress.c: the stress rows (the ways asked taking turns). */
int gs_srv_plan_stress(const struct gs_options *o, const struct gs_device_info *dev, const unsigned int *ways,
                       int nways, srv_row *rows, int *nrows, char *err, size_t n);

/* The servers of a grid of `blocks` with `share` % of them serving: at
 * least 1, then at most blocks - 1 (one client block left; a grid of one
 * block has none). */
static inline unsigned int gs_srv_servers(unsigned int blocks, unsigned int share)
{
    unsigned int s = (blocks * share + 50u) / 100u;
    s = s < 1u ? 1u : s;
    return s >= blocks ? blocks - 1u : s;
}

#ifdef __cplusplus
}
#endif
#endif
