/* server.c: `gsync-bench server`: each workload in each of its ways at each
 * point (grid, server share, items), a verifying launch that logs and
 * `repeat` timed ones, every launch checked against the host's replay by
 * its workload's check (queue.c, counters.c, transfers.c, hashtable.c,
 * unionfind.c, stress.c), then the report.
 */
#include "server/workload.h"

#include "core/cli.h"
#include "core/gsync_bench.h"
#include "core/cuda_check.h"
#include "core/report.h"
#include "core/stats.h"

#include "inputs/graph.h"
#include "gsync/msg/queue.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One launch and its check.  Returns GS_EXIT_OK (verdict in r) or an exit
 * status with err set. */
static int launch_checked(srv_row *r, int verifying, char *err, size_t n)
{
    gs_srv_launch *l = &r->l;
    const size_t words = l->workload == GS_SRV_COUNTERS || l->workload == GS_SRV_STRESS ? 2u * (size_t)l->items
                         : l->workload == GS_SRV_HASHTABLE ? ((l->items + 3u) & ~3u) + 4u * gs_srv_hash_nodes(l)
                                                           : l->items;
    const size_t senders = (size_t)(l->blocks - l->servers) * l->threads;
    const size_t log_words = !verifying && l->workload != GS_SRV_STRESS ? 0u
                             : l->workload == GS_SRV_QUEUE
                                 ? 2u * ((senders * l->total + l->servers - 1u) / (l->servers ? l->servers : 1u) + senders) *
                                       l->servers
                             : l->workload == GS_SRV_TRANSFERS || (l->workload == GS_SRV_HASHTABLE && l->lookups)
                                 ? l->total
                             : l->workload == GS_SRV_STRESS ? senders * l->total
                                                            : 0u;
    unsigned int *items = malloc(words * sizeof *items + 4u), *log = log_words ? malloc(log_words * 4u) : NULL;
    unsigned int *counts = calloc(l->blocks + 2u, sizeof *counts);
    int e, bad = 0;
    if (!items || !counts || (log_words && !log)) {
        free(items), free(log), free(counts);
        snprintf(err, n, "out of host memory for a %s run", gs_srv_workload_name(l->workload));
        return GS_EXIT_RUNTIME;
    }
    if (l->workload == GS_SRV_TRANSFERS)
        for (size_t a = 0; a < words; ++a)
            items[a] = GS_SRV_INITIAL_BALANCE;
    l->verifying = verifying;
    if ((e = gs_server_gpu_run(l, items, log, counts)) != 0) {
        gs_cuda_error(e, err, n, "server %s %s", gs_srv_workload_name(l->workload), gs_srv_way_name(l->way));
        free(items), free(log), free(counts);
        return GS_EXIT_RUNTIME;
    }
    if (l->workload == GS_SRV_UNIONFIND && l->misplaced) { /* a wait may have been left unanswered: first */
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail,
                 "%u parents above their vertex, %u malformed link requests, %u edges retried more than once a "
                 "vertex%s", l->broken[0], l->broken[1], l->broken[2], l->timed_out ? " (and the watchdog fired)" : "");
    } else if (l->timed_out) {
        r->verdict = GS_TIMEOUT;
        snprintf(r->detail, sizeof r->detail, "the watchdog fired after %.3f s", l->timeout_ns * 1e-9);
    } else {
        char d[sizeof r->detail] = "";
        const srv_result res = {items, log, counts};
        bad = gs_srv_workloads[l->workload]->check(r, &res, d, sizeof d);
        if (bad) {
            r->verdict = GS_FAIL;
            snprintf(r->detail, sizeof r->detail, "%s", d);
        } else if (d[0] && verifying)
            snprintf(r->detail, sizeof r->detail, "%s", d);
        if (l->start && verifying) {
            const size_t len = strlen(r->detail);
            snprintf(r->detail + len, sizeof r->detail - len, "%s%u of %u queues past 2^32", len ? "; " : "",
                     l->crossed, l->workload == GS_SRV_PINGPONG ? 2u : l->blocks);
        }
    }
    free(items), free(log), free(counts);
    return GS_EXIT_OK;
}

static int run_row(srv_row *r, const gs_options *o, char *err, size_t n)
{
    double ms[64];
    /* stress: every launch is checked in full; one, timed */
    const int repeat = r->l.workload == GS_SRV_STRESS ? 1 : o->repeat < 64u ? (int)o->repeat : 64;
    int rc;
    gs_stats s;
    r->verdict = GS_PASS;
    if ((rc = launch_checked(r, 1, err, n)) || r->verdict != GS_PASS)
        return rc;
    for (int i = 0; i < repeat; ++i) {
        if ((rc = launch_checked(r, 0, err, n)) || r->verdict != GS_PASS)
            return rc;
        ms[i] = r->l.ms;
    }
    gs_stats_compute(ms, repeat, &s);
    r->ms_median = s.median, r->ms_min = s.min, r->ms_max = s.max, r->noise_pct = s.noise_pct;
    if (r->l.servers && (r->l.workload == GS_SRV_COUNTERS || r->l.workload == GS_SRV_TRANSFERS ||
                         r->l.workload == GS_SRV_UNIONFIND)) {
        const size_t len = strlen(r->detail);
        snprintf(r->detail + len, sizeof r->detail - len, "%sservers' items in %s memory", len ? "; " : "",
                 r->l.slice_smem ? "shared" : "global");
    } else if (r->l.servers && r->l.workload == GS_SRV_HASHTABLE) {
        const size_t len = strlen(r->detail);
        snprintf(r->detail + len, sizeof r->detail - len, "%sservers' chains in %s memory", len ? "; " : "",
                 r->l.chains_smem ? "shared" : "global");
    }
    return GS_EXIT_OK;
}

/* Operations a launch: messages, round trips or updates. */
static double ops_of(const gs_srv_launch *l)
{
    if (l->workload == GS_SRV_STRESS)
        return (double)l->sent;
    return l->workload == GS_SRV_QUEUE ? (double)(l->blocks - l->servers) * l->threads * l->total : (double)l->total;
}

enum {
    S_WORKLOAD, S_WAY, S_BLOCKS, S_THREADS, S_SERVERS, S_SHARE, S_ITEMS, S_KEYS, S_CAPACITY, S_VARIANT_T, S_INPUT,
    S_MSG_BYTES, S_LOOKUPS, S_DEST, S_DIST, S_PING, S_IDLE, S_OPS, S_MS, S_MS_MIN, S_MS_MAX, S_NOISE, S_NS, S_NOISE_T,
    S_MOPS, S_VERDICT, S_VERDICT_T, S_DETAIL, S_COLS
};

static const gs_col server_cols[S_COLS] = {
    [S_WORKLOAD] = {"workload", GS_COL_ALL, NULL, "workload", -10, NULL, NULL},
    [S_WAY] = {"way", GS_COL_ALL, NULL, "way", -14, NULL, NULL},
    [S_BLOCKS] = {"blocks", GS_COL_ALL, "%.0f", "blocks", 6, NULL, NULL},
    [S_THREADS] = {"threads", GS_COL_ALL, "%.0f", "thr", 4, NULL, NULL},
    [S_SERVERS] = {"servers", GS_COL_ALL, "%.0f", "servers", 7, NULL, NULL},
    [S_SHARE] = {"share_pct", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [S_ITEMS] = {"items", GS_COL_ALL, "%.0f", "items", 8, NULL, NULL},
    [S_KEYS] = {"keys", GS_COL_ALL, "%.0f", "keys", 8, NULL, NULL},
    [S_CAPACITY] = {"capacity", GS_COL_ALL, "%.0f", "queue", 6, NULL, NULL},
    [S_VARIANT_T] = {NULL, GS_COL_TABLE, NULL, "variant", -10, NULL, NULL},
    [S_INPUT] = {"input", GS_COL_DATA | GS_COL_QUOTE, NULL, NULL, 0, NULL, NULL},
    [S_MSG_BYTES] = {"msg_bytes", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [S_LOOKUPS] = {"lookup_pct", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [S_DEST] = {"dest", GS_COL_DATA, NULL, NULL, 0, NULL, NULL},
    [S_DIST] = {"dist", GS_COL_DATA, NULL, NULL, 0, NULL, NULL},
    [S_PING] = {"ping_pct", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [S_IDLE] = {"idle_pct", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [S_OPS] = {"ops", GS_COL_ALL, "%.0f", "ops", 11, NULL, NULL},
    [S_MS] = {"ms_median", GS_COL_ALL, "%.4f", "ms", 10, "%.3f", NULL},
    [S_MS_MIN] = {"ms_min", GS_COL_DATA, "%.4f", NULL, 0, NULL, NULL},
    [S_MS_MAX] = {"ms_max", GS_COL_DATA, "%.4f", NULL, 0, NULL, NULL},
    [S_NOISE] = {"noise_pct", GS_COL_DATA, "%.2f", NULL, 0, NULL, NULL},
    [S_NS] = {"ns_per_op", GS_COL_ALL, "%.4g", "ns/op", 9, "%.3g", NULL},
    [S_NOISE_T] = {NULL, GS_COL_TABLE, "%5.1f%%", "noise", 6, NULL, NULL},
    [S_MOPS] = {"mops_per_s", GS_COL_ALL, "%.1f", "Mops/s", 10, NULL, NULL},
    [S_VERDICT] = {"verdict", GS_COL_DATA, NULL, NULL, 0, NULL, NULL},
    [S_VERDICT_T] = {NULL, GS_COL_TABLE, NULL, "verdict", 0, NULL, "  "},
    [S_DETAIL] = {"detail", GS_COL_DATA | GS_COL_QUOTE, NULL, NULL, 0, NULL, NULL},
};

static void report_row(const gs_meta *m, const void *rows, int i, gs_cell *c)
{
    const srv_row *r = (const srv_row *)rows + i;
    const gs_srv_launch *l = &r->l;
    const double ops = ops_of(l);
    const int pass = r->verdict == GS_PASS;
    const char *input = l->workload == GS_SRV_UNIONFIND ? gs_srv_graph(r->graph)->g.name : "";
    const unsigned int bytes = l->workload == GS_SRV_QUEUE || l->workload == GS_SRV_STRESS ? 16u * l->msg_slots : 0u;
    const char *dest = l->workload == GS_SRV_QUEUE ? (l->dest_warp ? "warp" : "lane")
                       : l->workload == GS_SRV_STRESS ? "lane" : "";
    const char *dist = l->workload == GS_SRV_COUNTERS || l->workload == GS_SRV_STRESS
                           ? (l->skewed ? (l->workload == GS_SRV_STRESS ? "hot" : "skewed") : "uniform")
                           : "";
    (void)m;
    c[S_WORKLOAD] = gs_text(gs_srv_workload_name(l->workload));
    c[S_WAY] = gs_text(gs_srv_way_name(l->way));
    c[S_BLOCKS] = gs_num(l->blocks), c[S_THREADS] = gs_num(l->threads), c[S_SERVERS] = gs_num(l->servers);
    c[S_SHARE] = gs_num(r->share), c[S_ITEMS] = gs_num(l->items), c[S_KEYS] = gs_num(l->keys);
    c[S_CAPACITY] = gs_num(l->capacity);
    if (l->workload == GS_SRV_STRESS)
        c[S_VARIANT_T] = gs_textf("%uB%s p%u i%u", bytes, l->skewed ? " hot" : "", l->ping_pct, l->idle_pct);
    else if (bytes)
        c[S_VARIANT_T] = gs_textf("%u B %s", bytes, dest);
    else if (l->workload == GS_SRV_HASHTABLE)
        c[S_VARIANT_T] = gs_textf("%u%% look", l->lookups);
    else
        c[S_VARIANT_T] = gs_textf("%.10s", input);
    c[S_INPUT] = gs_text(input);
    c[S_MSG_BYTES] = gs_num(bytes), c[S_LOOKUPS] = gs_num(l->lookups);
    c[S_DEST] = gs_text(dest), c[S_DIST] = gs_text(dist);
    c[S_PING] = gs_num(l->ping_pct), c[S_IDLE] = gs_num(l->idle_pct);
    c[S_OPS] = gs_num(ops);
    c[S_MS] = pass ? gs_num(r->ms_median) : gs_none();
    c[S_MS_MIN] = pass ? gs_num(r->ms_min) : gs_none();
    c[S_MS_MAX] = pass ? gs_num(r->ms_max) : gs_none();
    c[S_NOISE] = c[S_NOISE_T] = pass ? gs_num(r->noise_pct) : gs_none();
    c[S_NS] = pass ? gs_num(r->ms_median * 1e6 / ops) : gs_none();
    c[S_MOPS] = pass ? gs_num(ops / (r->ms_median * 1e3)) : gs_none();
    c[S_VERDICT] = gs_text(gs_verdict_name(r->verdict));
    c[S_VERDICT_T] = gs_textf(r->detail[0] ? "%s (%s)" : "%s", gs_verdict_name(r->verdict), r->detail);
    c[S_DETAIL] = gs_text(r->detail);
}

const gs_schema gs_server_schema = {"server", server_cols, S_COLS, NULL, NULL, 0};

static int report(enum gs_format fmt, const gs_meta *m, const srv_row *rows, int nrows, char *err, size_t n)
{
    return gs_print(stdout, fmt, m, &gs_server_schema, rows, nrows, report_row, err, n);
}

int gs_srv_plan_items(unsigned int wl, const gs_srv_options *so, int ngraphs, unsigned int *items)
{
    const gs_srv_workload_def *def = gs_srv_workloads[wl];
    int nitems = 0;
    if (wl == GS_SRV_UNIONFIND) /* the graphs: items[k] is graph k */
        for (int k = 0; k < ngraphs; ++k)
            items[nitems++] = (unsigned int)k;
    else if (!def->items[0]) /* queue, pingpong: no items, one point */
        items[nitems++] = 0u;
    else if (so->nitems)
        for (int k = 0; k < so->nitems; ++k)
            items[nitems++] = so->items[k];
    else
        for (int k = 0; def->items[k]; ++k)
            items[nitems++] = def->items[k];
    return nitems;
}

/* A point of the plan: the item count (unionfind: the graph), keys a bucket,
 * the variant (lookups or message bytes), the queue's capacity, the server
 * share (0: no servers), the grid and the block size. */
typedef struct srv_point {
    unsigned int item, coll, var, capacity, share, grid, threads;
} srv_point;

/* Row r: workload wl in way v at point p.  GS_EXIT_OK, or an exit status
 * with err set when the point cannot run. */
static int plan_row(const gs_options *o, unsigned int wl, unsigned int v, const srv_point *p, srv_row *r, char *err,
                    size_t n)
{
    const gs_srv_options *so = gs_srv_own(o);
    memset(r, 0, sizeof *r);
    r->l.workload = wl, r->l.way = v, r->l.threads = p->threads, r->l.blocks = p->grid;
    r->l.items = p->item, r->l.capacity = p->capacity, r->l.skewed = so->skewed;
    r->l.lookups = wl == GS_SRV_HASHTABLE ? p->var : 0u;
    r->l.msg_slots = wl == GS_SRV_QUEUE ? p->var / 16u : 1u;
    r->l.dest_warp = wl == GS_SRV_QUEUE ? (unsigned int)so->dest_warp : 0u;
    if (wl == GS_SRV_HASHTABLE && (unsigned long long)p->item * p->coll > (1ull << 26)) {
        snprintf(err, n, "server hashtable: %u buckets x %u keys a bucket is over 2^26 keys", p->item, p->coll);
        return GS_EXIT_USAGE;
    }
    r->l.keys = wl == GS_SRV_HASHTABLE ? p->item * p->coll : 0u;
    r->l.timeout_ns = (unsigned long long)(o->timeout_s * 1e9);
    r->l.start = o->wrap && (wl == GS_SRV_QUEUE || wl == GS_SRV_PINGPONG) ? GS_SRV_WRAP_START : 0ull;
    r->share = p->share;
    r->l.servers = r->share ? gs_srv_servers(p->grid, r->share) : 0u;
    r->l.total = wl == GS_SRV_QUEUE ? so->ops
                 : wl == GS_SRV_PINGPONG
                     ? so->ops * 16ull
                     : (unsigned long long)so->ops * p->grid * p->threads;
    if (wl == GS_SRV_UNIONFIND) {
        const srv_graph *x = gs_srv_graph((int)p->item);
        r->graph = (int)p->item;
        r->l.items = x->g.n, r->l.total = x->nedges, r->l.edges = x->edges;
    }
    if (wl == GS_SRV_QUEUE && r->l.msg_slots > 1u &&
        (unsigned long long)(p->grid - r->l.servers) * p->threads * so->ops * r->l.msg_slots > (1ull << 31)) {
        snprintf(err, n, "server queue: %u-byte messages: more than 2^31 slots a launch (fewer --ops)",
                 16u * r->l.msg_slots);
        return GS_EXIT_USAGE;
    }
    if (wl == GS_SRV_QUEUE && 32u * r->l.msg_slots > r->l.capacity) {
        snprintf(err, n, "server queue: a warp's %u-byte messages need a queue of %u slots at least "
                 "(--capacity)", 16u * r->l.msg_slots, 32u * r->l.msg_slots);
        return GS_EXIT_USAGE;
    }
    if (wl == GS_SRV_QUEUE &&
        (unsigned long long)(p->grid - r->l.servers) * p->threads * so->ops > (1ull << 28)) {
        snprintf(err, n, "server queue: %llu messages a launch, at most 2^28 (fewer --ops)",
                 (unsigned long long)(p->grid - r->l.servers) * p->threads * so->ops);
        return GS_EXIT_USAGE;
    }
    return GS_EXIT_OK;
}

int gs_srv_plan_rows(const gs_options *o, const gs_device_info *dev, unsigned int per_sm, srv_row *rows, int *nrows,
                     char *err, size_t n)
{
    const gs_srv_options *so = gs_srv_own(o);
    static const unsigned int default_share = 25u;
    /* (what needs no device was checked with the command line: gs_srv_check) */
    const unsigned int threads = GS_GIVEN(o, THREADS) ? o->threads : GS_SRV_DEFAULT_THREADS;
    const unsigned int sms = (unsigned int)dev->sm_count;
    unsigned int grids[GS_MAX_LIST];
    int ngrids = 0, e;
    if (o->tbs)
        grids[ngrids++] = o->tbs;
    for (int i = 0; i < o->ntbs_per_sm; ++i)
        grids[ngrids++] = o->tbs_per_sm[i] * sms;
    if (!ngrids)
        grids[ngrids++] = per_sm * sms;
    for (int i = 0; i < ngrids; ++i)
        if (grids[i] > per_sm * sms || grids[i] < 2u) {
            snprintf(err, n, "server: %u blocks of %u threads: clients and servers run at once, so the grid must be "
                     "co-resident, 2 to %u blocks here (%u per SM)", grids[i], threads, per_sm * sms, per_sm);
            return GS_EXIT_USAGE;
        }
    *nrows = 0;
    for (int w = 0; w < so->nworkloads; ++w) {
        const unsigned int wl = so->workloads[w];
        const gs_srv_workload_def *def = gs_srv_workloads[wl];
        unsigned int ways[GS_SRV_WAYS];
        int nways = 0;
        for (unsigned int v = 0; v < GS_SRV_WAYS; ++v) { /* --way's, or the workload's own but its twins */
            int asked = so->nways == 0 && !(def->twins & GS_SRV_WAY(v));
            for (int k = 0; k < so->nways; ++k)
                asked |= so->ways[k] == v;
            if (asked && (def->ways & GS_SRV_WAY(v)))
                ways[nways++] = v;
        }
        if (wl == GS_SRV_STRESS) { /* its own matrix: the grid, threads and shares are drawn */
            if (nways && (e = gs_srv_plan_stress(o, dev, ways, nways, rows, nrows, err, n)))
                return e;
            continue;
        }
        unsigned int items[GS_SRV_MAX_LIST];
        const int nitems = gs_srv_plan_items(wl, so, gs_srv_ngraphs(), items);
        unsigned int coll[GS_SRV_MAX_LIST] = {1u, 16u, 256u};
        int ncoll = wl == GS_SRV_HASHTABLE ? 3 : 1;
        if (wl == GS_SRV_HASHTABLE && so->ncollision) {
            ncoll = so->ncollision;
            memcpy(coll, so->collision, sizeof coll);
        }
        for (int wy = 0; wy < nways; ++wy) {
            const unsigned int v = ways[wy];
            const int served = (GS_SRV_SERVED & GS_SRV_WAY(v)) != 0u;
            const int nshare = served && wl != GS_SRV_PINGPONG && so->nshare ? so->nshare : 1;
            /* variants: hashtable's lookup shares; the queue's message sizes (warp-aggregated sends and their twin) */
            unsigned int var[GS_SRV_MAX_LIST] = {wl == GS_SRV_QUEUE ? 16u : 0u};
            int nvar = 1;
            if (wl == GS_SRV_HASHTABLE && so->nlookups)
                memcpy(var, so->lookups, sizeof var), nvar = so->nlookups;
            if (wl == GS_SRV_QUEUE && (v == GS_SRV_SERVER || v == GS_SRV_LF || v == GS_SRV_BROKEN) && so->nmsg_bytes)
                memcpy(var, so->msg_bytes, sizeof var), nvar = so->nmsg_bytes;
            for (int it = 0; it < nitems; ++it)
                for (int c = 0; c < ncoll; ++c)
                for (int vr = 0; vr < nvar; ++vr)
                for (int cp = 0; cp < (served ? so->ncapacity : 1); ++cp)
                for (int sh = 0; sh < nshare; ++sh)
                    for (int g = 0; g < ngrids; ++g) {
                        if (v == GS_SRV_EARLY_READ && var[vr] == 0u)
                            continue; /* the twin breaks answers: lookups only */
                        if (*nrows == GS_SRV_MAX_ROWS) {
                            snprintf(err, n, "server: more than %d rows asked", GS_SRV_MAX_ROWS);
                            return GS_EXIT_USAGE;
                        }
                        const srv_point pt = {items[it], coll[c], var[vr], so->capacity[cp],
                                              served && wl != GS_SRV_PINGPONG
                                                  ? (so->nshare ? so->share[sh] : default_share)
                                                  : 0u,
                                              grids[g], threads};
                        if ((e = plan_row(o, wl, v, &pt, &rows[(*nrows)++], err, n)))
                            return e;
                    }
        }
    }
    if (*nrows == 0) { /* (gs_srv_check refuses what would come here) */
        snprintf(err, n, "server: nothing to run: none of the ways asked applies to the workloads asked");
        return GS_EXIT_USAGE;
    }
    return GS_EXIT_OK;
}

/* The plan at the occupancy the device gives the server's kernel. */
static int plan(const gs_options *o, const gs_device_info *dev, srv_row *rows, int *nrows, char *err, size_t n)
{
    const unsigned int threads = GS_GIVEN(o, THREADS) ? o->threads : GS_SRV_DEFAULT_THREADS;
    unsigned int per_sm = 0u;
    const int e = gs_server_gpu_per_sm(GS_SRV_COUNTERS, threads, 32u * (unsigned int)dev->sm_count, &per_sm);
    if (e != 0)
        return gs_cuda_error(e, err, n, "server: occupancy");
    return gs_srv_plan_rows(o, dev, per_sm, rows, nrows, err, n);
}

/* The rows planned, run and reported (graphs loaded). */
static int run_rows(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, srv_row *rows, char *err,
                    size_t n)
{
    int rc, nrows = 0;
    if ((rc = plan(o, dev, rows, &nrows, err, n)))
        return rc;
    for (int i = 0; i < nrows; ++i) {
        gs_progress(i, nrows, "server", gs_srv_workload_name(rows[i].l.workload), gs_srv_way_name(rows[i].l.way));
        if ((rc = run_row(&rows[i], o, err, n))) {
            gs_progress_end(1);
            return rc;
        }
    }
    gs_progress_end(0);
    if ((rc = report(o->format, meta, rows, nrows, err, n)))
        return rc;
    /* a FAIL or TIMEOUT is an error, except what a workload's twin is for (a FAIL; the held send's: a
     * deadlock) and the spin lock's TIMEOUT (HeteroSync's baseline livelocks under contention: the finding) */
    for (int i = 0; i < nrows; ++i) {
        const unsigned int way = rows[i].l.way;
        const int twin = (gs_srv_workloads[rows[i].l.workload]->twins & GS_SRV_WAY(way)) != 0u;
        const enum gs_verdict purpose = way == GS_SRV_HELD ? GS_TIMEOUT : GS_FAIL;
        if (rows[i].verdict != GS_PASS && !(twin && rows[i].verdict == purpose) &&
            !(way == GS_SRV_SPIN && rows[i].verdict == GS_TIMEOUT)) {
            snprintf(err, n, "server: %s %s: %s: %s", gs_srv_workload_name(rows[i].l.workload),
                     gs_srv_way_name(way), gs_verdict_name(rows[i].verdict), rows[i].detail);
            return GS_EXIT_RUNTIME;
        }
    }
    return GS_EXIT_OK;
}

int gs_server_command(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
{
    const gs_srv_options *so = gs_srv_own(o);
    static srv_row rows[GS_SRV_MAX_ROWS];
    int rc;
    if ((rc = gs_srv_graphs_load(so, err, n)))
        return rc;
    rc = run_rows(o, dev, meta, rows, err, n);
    gs_srv_graphs_free();
    return rc;
}

