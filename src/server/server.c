/* server.c: `gsync-bench server`: each workload in each of its ways at each
 * point (grid, server share, items), a verifying launch that logs and
 * `repeat` timed ones, every launch checked against the host's replay:
 *   queue:     every server received exactly its messages, each (sender,
 *              sequence) once, each sender's in the order sent;
 *   pingpong:  every reply in turn;
 *   counters:  every bin's count and sum equal the host's;
 *   transfers: the total unchanged and no balance below 0; with the log,
 *              every balance equal to the host's replay of the granted ones;
 *   hashtable: every bucket's chain holds exactly the keys that hash to it
 *              and were upserted or preloaded, once each, with the host's
 *              counts; with lookups, every answer the known count (or 0);
 *   unionfind: no parent above its vertex, and every vertex's root the
 *              smallest vertex of its component (the host's union-find).
 */
#include "server/server.h"

#include "cli.h"
#include "gsync_bench.h"
#include "cuda_check.h"
#include "report.h"
#include "stats.h"

#include "app/graph.h"
#include "gsync/msg/queue.h"

#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS 512
#define GS_SRV_WRAP_START ((1ull << 32) - 4096u) /* --wrap: where the queues' indices start */

typedef struct srv_row {
    gs_srv_launch l;
    int graph;          /* unionfind: its input, an index into graphs[] */
    unsigned int share; /* percent; 0: no servers */
    double ms_median, ms_min, ms_max, noise_pct;
    enum gs_verdict verdict;
    char detail[200];
} srv_row;

/* unionfind's inputs: the graph, its edges (u, v), u < v, once each (an arc
 * either way, or both, is one edge: components of the undirected graph),
 * and the smallest vertex of each vertex's component. */
typedef struct srv_graph {
    gs_graph g;
    unsigned int *edges, *label;
    unsigned long long nedges;
} srv_graph;
static srv_graph graphs[GS_SRV_MAX_LIST];
static int ngraphs;

static unsigned int uf_root(unsigned int *p, unsigned int x)
{
    while (p[x] != x)
        x = p[x] = p[p[x]]; /* halving */
    return x;
}

static int cmp_u64(const void *a, const void *b)
{
    const unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;
    return x < y ? -1 : x > y;
}

/* Loads graphs[k] from spec: its edges and its components' smallest
 * vertices (union by the smaller root).  GS_EXIT_OK or an exit status. */
static int graph_load(srv_graph *x, const char *spec, char *err, size_t n)
{
    char dir[4096];
    int rc;
    memset(x, 0, sizeof *x);
    gs_graph_cache_dir(dir, sizeof dir);
    if ((rc = gs_graph_load(spec, dir[0] ? dir : NULL, &x->g, err, n)))
        return rc == 2 ? GS_EXIT_USAGE : GS_EXIT_RUNTIME;
    const gs_graph *g = &x->g;
    const unsigned long long arcs = g->row[g->n];
    unsigned long long *pairs = malloc(8u * (arcs ? arcs : 1u)), e = 0;
    x->label = malloc(4u * (size_t)(g->n ? g->n : 1u));
    if (!pairs || !x->label) {
        free(pairs);
        snprintf(err, n, "out of host memory for %s's edges", g->name);
        return GS_EXIT_RUNTIME;
    }
    for (unsigned int u = 0; u < g->n; ++u) /* every arc as (smaller, larger); loops dropped */
        for (unsigned int k = g->row[u]; k < g->row[u + 1]; ++k)
            if (g->col[k] != u) {
                const unsigned long long lo = u < g->col[k] ? u : g->col[k], hi = u < g->col[k] ? g->col[k] : u;
                pairs[e++] = lo << 32 | hi;
            }
    qsort(pairs, e, 8u, cmp_u64);
    for (unsigned long long k = 0; k < e; ++k) /* each edge once */
        if (k == 0 || pairs[k] != pairs[k - 1])
            pairs[x->nedges++] = pairs[k];
    if (!(x->edges = malloc(8u * (x->nedges ? x->nedges : 1u)))) {
        free(pairs);
        snprintf(err, n, "out of host memory for %s's edges", g->name);
        return GS_EXIT_RUNTIME;
    }
    for (unsigned long long k = 0; k < x->nedges; ++k)
        x->edges[2 * k] = (unsigned int)(pairs[k] >> 32), x->edges[2 * k + 1] = (unsigned int)pairs[k];
    free(pairs);
    for (unsigned int v = 0; v < g->n; ++v)
        x->label[v] = v;
    for (unsigned long long k = 0; k < x->nedges; ++k) {
        const unsigned int a = uf_root(x->label, x->edges[2 * k]), b = uf_root(x->label, x->edges[2 * k + 1]);
        if (a != b)
            x->label[a > b ? a : b] = a > b ? b : a;
    }
    for (unsigned int v = 0; v < g->n; ++v)
        x->label[v] = uf_root(x->label, v);
    return GS_EXIT_OK;
}

static void graphs_free(void)
{
    for (int k = 0; k < ngraphs; ++k) {
        gs_graph_free(&graphs[k].g);
        free(graphs[k].edges), free(graphs[k].label);
    }
    ngraphs = 0;
}

/* ---- the host's checks, one a workload (check_of): nonzero with d set when the run was wrong ---- */
/* What a launch left: the items' words, the log (NULL when none was kept) and each block's count. */
typedef struct srv_result {
    const unsigned int *items, *log, *counts;
} srv_result;

/* The counts every launch, the messages themselves when logged. */
static int check_queue(srv_row *r, const srv_result *res, char *d, size_t n)
{
    const gs_srv_launch *l = &r->l;
    const unsigned int *log = res->log, *counts = res->counts;
    if (l->misplaced) {
        snprintf(d, n, "%u slots out of place or torn", l->misplaced);
        return 1;
    }
    const unsigned int S = l->servers, senders = (l->blocks - S) * l->threads, ops = (unsigned int)l->total;
    const unsigned int stride = (unsigned int)(((unsigned long long)senders * ops + S - 1u) / S + senders);
    unsigned char *seen = calloc(log ? (size_t)senders * ops : 1u, 1);
    unsigned int *last = malloc(senders * sizeof *last);
    unsigned long long *want = calloc(S, sizeof *want);
    int bad = 0;
    if (!seen || !last || !want) {
        snprintf(d, n, "out of host memory for the queue's check");
        bad = 1;
    }
    for (unsigned int g = 0; g < senders && !bad; ++g) /* the messages each server is sent */
        for (unsigned int i = 0; i < ops; ++i)
            ++want[gs_srv_queue_dest(g, i, S, l->dest_warp)];
    for (unsigned int s = 0; s < S && !bad; ++s) {
        if (counts[s] != want[s]) {
            snprintf(d, n, "server %u received %u messages, expected %llu", s, counts[s], want[s]);
            bad = 1;
            break;
        }
        memset(last, 0xff, senders * sizeof *last);
        for (unsigned int k = 0; log && k < counts[s] && !bad; ++k) {
            const unsigned int g = log[2ull * ((size_t)s * stride + k)], i = log[2ull * ((size_t)s * stride + k) + 1];
            if (g >= senders || i >= ops || gs_srv_queue_dest(g, i, S, l->dest_warp) != s) {
                snprintf(d, n, "server %u message %u is (%u, %u), not one sent to it", s, k, g, i);
                bad = 1;
            } else if (seen[(size_t)g * ops + i]++) {
                snprintf(d, n, "server %u received (%u, %u) twice", s, g, i);
                bad = 1;
            } else if (last[g] != ~0u && i <= last[g]) {
                snprintf(d, n, "server %u received sender %u's message %u after its %u", s, g, i, last[g]);
                bad = 1;
            }
            last[g] = i;
        }
    }
    free(seen);
    free(last);
    free(want);
    return bad;
}

/* Whether every item's (count, sum), two words in items[], is the replay's
 * want[] (count << 32 | sum); the first that is not in d, named `what`. */
static int check_sums(const unsigned int *items, const unsigned long long *want, unsigned int nitems,
                      const char *what, char *d, size_t n)
{
    for (unsigned int b = 0; b < nitems; ++b) {
        const unsigned long long got = (unsigned long long)items[2u * b + 1u] << 32 | items[2u * b];
        if (got != want[b]) {
            snprintf(d, n, "%s %u: count %u and sum %u, expected %u and %u", what, b, items[2u * b + 1u],
                     items[2u * b], (unsigned int)(want[b] >> 32), (unsigned int)want[b]);
            return 1;
        }
    }
    return 0;
}

/* Stress: every message arrived once at its item's server (the log holds
 * each (sender, step)'s arrival number there, ~0 for none), each sender's
 * messages to a server in the order sent, every item's count and sum the
 * host's replay, and every server's count of messages. */
int gs_srv_check_stress(gs_srv_launch *l, const unsigned int *items, const unsigned int *log,
                        const unsigned int *counts, char *d, size_t n)
{
    const unsigned int S = l->servers, senders = (l->blocks - S) * l->threads, steps = (unsigned int)l->total;
    unsigned long long *want = calloc(l->items, sizeof *want), *per_server = calloc(S, sizeof *per_server);
    unsigned long long *last = malloc(S * sizeof *last), sent = 0, pings = 0;
    int bad = 0;
    if (!want || !per_server || !last) {
        free(want), free(per_server), free(last);
        snprintf(d, n, "out of host memory for the stress replay");
        return 1;
    }
    for (unsigned int g = 0; g < senders && !bad; ++g) {
        for (unsigned int s = 0; s < S; ++s)
            last[s] = ~0ull;
        for (unsigned int i = 0; i < steps && !bad; ++i) {
            unsigned int have, item, v, ping;
            const unsigned int got = log[(size_t)g * steps + i];
            gs_srv_stress_op(g, i, l->items, l->skewed, l->ping_pct, l->idle_pct, &have, &item, &v, &ping);
            const unsigned int s = item % S;
            if (!have) {
                if (got != ~0u) {
                    snprintf(d, n, "sender %u step %u sent nothing, yet server %u logged it", g, i, s);
                    bad = 1;
                }
                continue;
            }
            if (got == ~0u) {
                snprintf(d, n, "sender %u's message %u to server %u was lost", g, i, s);
                bad = 1;
            } else if (last[s] != ~0ull && got <= last[s]) {
                snprintf(d, n, "server %u took sender %u's message %u (arrival %u) after a later one", s, g, i, got);
                bad = 1;
            }
            last[s] = got;
            want[item] += (1ull << 32) + v;
            ++per_server[s], ++sent, pings += ping;
        }
    }
    for (unsigned int s = 0; s < S && !bad; ++s)
        if (counts[s] != per_server[s]) {
            snprintf(d, n, "server %u handled %u messages, expected %llu", s, counts[s], per_server[s]);
            bad = 1;
        }
    bad = bad || check_sums(items, want, l->items, "item", d, n);
    l->sent = sent;
    if (!bad)
        snprintf(d, n, "%llu messages, %llu pings", sent, pings);
    free(want), free(per_server), free(last);
    return bad;
}

static int check_pingpong(srv_row *r, const srv_result *res, char *d, size_t n)
{
    (void)r;
    if (res->counts[0])
        snprintf(d, n, "%u replies out of turn", res->counts[0]);
    return res->counts[0] != 0u;
}

static int check_stress(srv_row *r, const srv_result *res, char *d, size_t n)
{
    if (r->l.misplaced) {
        snprintf(d, n, "%u slots torn, messages malformed or twice, or answers wrong", r->l.misplaced);
        return 1;
    }
    return gs_srv_check_stress(&r->l, res->items, res->log, res->counts, d, n);
}

static int check_counters(srv_row *r, const srv_result *res, char *d, size_t n)
{
    const gs_srv_launch *l = &r->l;
    const unsigned int *items = res->items;
    unsigned long long *want = calloc(l->items, sizeof *want);
    int bad = 0;
    if (!want) {
        snprintf(d, n, "out of host memory for the counters' replay");
        return 1;
    }
    for (unsigned long long j = 0; j < l->total; ++j) {
        unsigned int bin, v;
        gs_srv_counter_op(j, l->items, l->skewed, &bin, &v);
        want[bin] += (1ull << 32) + v;
    }
    bad = check_sums(items, want, l->items, "bin", d, n);
    free(want);
    return bad;
}

static int check_transfers(srv_row *r, const srv_result *res, char *d, size_t n)
{
    const gs_srv_launch *l = &r->l;
    const unsigned int *items = res->items, *log = res->log;
    unsigned long long total = 0;
    for (unsigned int a = 0; a < l->items; ++a) {
        if (items[a] >= 0x80000000u) {
            snprintf(d, n, "account %u ended below 0 (%d)", a, (int)items[a]);
            return 1;
        }
        total += items[a];
    }
    if (total != (unsigned long long)GS_SRV_INITIAL_BALANCE * l->items) {
        snprintf(d, n, "the accounts hold %llu, expected %llu", total,
                 (unsigned long long)GS_SRV_INITIAL_BALANCE * l->items);
        return 1;
    }
    if (!log)
        return 0;
    long long *want = malloc(l->items * sizeof *want);
    unsigned long long granted = 0;
    int bad = 0;
    if (!want) {
        snprintf(d, n, "out of host memory for the transfers' replay");
        return 1;
    }
    for (unsigned int a = 0; a < l->items; ++a)
        want[a] = GS_SRV_INITIAL_BALANCE;
    for (unsigned long long j = 0; j < l->total && !bad; ++j) {
        unsigned int x, y, amount;
        if (log[j] > 1u) {
            snprintf(d, n, "operation %llu has no outcome logged (%u)", j, log[j]);
            bad = 1;
            break;
        }
        if (!log[j])
            continue;
        gs_srv_transfer_op(j, l->items, &x, &y, &amount);
        want[x] -= amount;
        want[y] += amount;
        ++granted;
    }
    for (unsigned int a = 0; a < l->items && !bad; ++a)
        if (want[a] != (long long)items[a]) {
            snprintf(d, n, "account %u holds %u, the replay of the %llu granted transfers %lld", a, items[a], granted,
                     want[a]);
            bad = 1;
        }
    if (!bad)
        snprintf(d, n, "%.1f%% granted", 100.0 * granted / (double)l->total);
    free(want);
    return bad;
}

/* Nodes in the pool of a hashtable launch. */
static size_t hash_pool(const gs_srv_launch *l)
{
    return l->servers ? (size_t)gs_srv_hash_pool(l->keys, l->items, l->servers) * l->servers : l->keys;
}

static int check_hashtable(srv_row *r, const srv_result *res, char *d, size_t n)
{
    const gs_srv_launch *l = &r->l;
    const unsigned int *words = res->items, *log = res->log;
    const unsigned int *heads = words;
    const unsigned int *nodes = words + ((l->items + 3u) & ~3u);
    const size_t pool = hash_pool(l);
    unsigned int *want = calloc(l->keys, sizeof *want), *seen = calloc(l->keys, sizeof *seen);
    unsigned long long distinct = 0, found = 0;
    int bad = 0;
    if (!want || !seen) {
        free(want), free(seen);
        snprintf(d, n, "out of host memory for the hash table's replay");
        return 1;
    }
    unsigned long long lookups = 0;
    for (unsigned long long j = 0; j < l->total && !bad; ++j) {
        unsigned int key, look;
        gs_srv_hash_op(j, l->keys, l->items, l->lookups, &key, &look);
        if (!look) {
            distinct += want[key]++ == 0u;
            continue;
        }
        const unsigned int known = key < l->keys ? gs_srv_hash_preload(key) : 0u;
        ++lookups;
        if (log && log[j] != known) {
            snprintf(d, n, "lookup %llu of key %u answered %u, expected %u", j, key, log[j], known);
            bad = 1;
        }
    }
    if (l->lookups) /* the preloaded keys */
        for (unsigned int key = l->items; key < l->keys; key += 1u)
            if ((key / l->items) % 2u == 1u)
                want[key] = gs_srv_hash_preload(key), ++distinct;
    for (unsigned int b = 0; b < l->items && !bad; ++b) {
        size_t steps = 0;
        for (unsigned int idx = heads[b]; idx && !bad; idx = nodes[4u * (idx - 1u) + 2u]) {
            const unsigned int key = nodes[4u * (idx - 1u)], count = nodes[4u * (idx - 1u) + 1u];
            if (idx > pool || ++steps > pool) {
                snprintf(d, n, "bucket %u: a chain through node %u (the pool holds %zu)", b, idx, pool);
                bad = 1;
            } else if (key >= l->keys || key % l->items != b) {
                snprintf(d, n, "bucket %u holds key %u, which is not its", b, key);
                bad = 1;
            } else if (seen[key]++) {
                snprintf(d, n, "key %u is in the table twice", key);
                bad = 1;
            } else if (count != want[key]) {
                snprintf(d, n, "key %u counted %u upserts, expected %u", key, count, want[key]);
                bad = 1;
            }
            ++found;
        }
    }
    if (!bad && found != distinct) {
        snprintf(d, n, "the table holds %llu keys, expected %llu", found, distinct);
        bad = 1;
    }
    if (!bad && l->lookups)
        snprintf(d, n, "%llu keys, %llu lookups%s", distinct, lookups, log ? " answered right" : "");
    else if (!bad)
        snprintf(d, n, "%llu keys, %.1f upserts a key", distinct, (double)l->total / (double)distinct);
    free(want), free(seen);
    return bad;
}

static int check_unionfind(srv_row *r, const srv_result *res, char *d, size_t n)
{
    const gs_srv_launch *l = &r->l;
    const unsigned int *parent = res->items;
    const srv_graph *x = &graphs[r->graph];
    unsigned int *root = malloc(4u * (size_t)(l->items ? l->items : 1u)), comps = 0;
    int bad = 0;
    if (!root) {
        snprintf(d, n, "out of host memory for the components' check");
        return 1;
    }
    for (unsigned int v = 0; v < l->items && !bad; ++v) { /* parents are below: roots in one pass upward */
        if (parent[v] > v) {
            snprintf(d, n, "vertex %u has the parent %u, above it", v, parent[v]);
            bad = 1;
            break;
        }
        root[v] = parent[v] == v ? v : root[parent[v]];
        comps += parent[v] == v;
        if (root[v] != x->label[v]) {
            snprintf(d, n, "vertex %u's root is %u, but its component's smallest vertex is %u", v, root[v],
                     x->label[v]);
            bad = 1;
        }
    }
    if (!bad)
        snprintf(d, n, "%u components", comps);
    free(root);
    return bad;
}

static int (*const check_of[GS_SRV_WORKLOADS])(srv_row *, const srv_result *, char *, size_t) = {
    [GS_SRV_QUEUE] = check_queue,         [GS_SRV_PINGPONG] = check_pingpong,   [GS_SRV_COUNTERS] = check_counters,
    [GS_SRV_TRANSFERS] = check_transfers, [GS_SRV_HASHTABLE] = check_hashtable, [GS_SRV_UNIONFIND] = check_unionfind,
    [GS_SRV_STRESS] = check_stress,
};

/* One launch and its check.  Returns GS_EXIT_OK (verdict in r) or an exit
 * status with err set. */
static int launch_checked(srv_row *r, int verifying, char *err, size_t n)
{
    gs_srv_launch *l = &r->l;
    const size_t words = l->workload == GS_SRV_COUNTERS || l->workload == GS_SRV_STRESS ? 2u * (size_t)l->items
                         : l->workload == GS_SRV_HASHTABLE ? ((l->items + 3u) & ~3u) + 4u * hash_pool(l)
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
        bad = check_of[l->workload](r, &res, d, sizeof d);
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
    const char *input = l->workload == GS_SRV_UNIONFIND ? graphs[r->graph].g.name : "";
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

/* Stress's rows: first the shape of the deadlock a user found (256
 * threads, 4 blocks an SM, 5 % servers, queues of 1024 slots, 64 and
 * 65,536 items, pings), then `configs` drawn from every axis, the ways
 * asked taking turns.  GS_EXIT_OK or an exit status with err set. */
static int plan_stress(const gs_options *o, const gs_device_info *dev, const unsigned int *ways, int nways,
                       srv_row *rows, int *nrows, char *err, size_t n)
{
    const gs_srv_options *so = gs_srv_own(o);
    static const unsigned int threads_of[] = {32u, 64u, 96u, 128u, 160u, 256u, 384u, 512u, 736u, 1024u};
    static const unsigned int share_of[] = {1u, 2u, 5u, 10u, 25u, 50u};
    static const unsigned int items_of[] = {1u, 2u, 64u, 4096u, 65536u};
    static const unsigned int ping_of[] = {0u, 10u, 50u, 100u};
    const unsigned int sms = (unsigned int)dev->sm_count, fixed = 2u * (unsigned int)nways;
    unsigned int per_sm[sizeof threads_of / sizeof threads_of[0]];
    for (size_t t = 0; t < sizeof threads_of / sizeof threads_of[0]; ++t) {
        const int e = gs_server_gpu_per_sm(GS_SRV_STRESS, threads_of[t], 32u * sms, &per_sm[t]);
        if (!e && !per_sm[t])
            snprintf(err, n, "server stress: %u threads a block do not fit an SM", threads_of[t]);
        if (!e && !per_sm[t])
            return GS_EXIT_RUNTIME;
        if (e) {
            return gs_cuda_error(e, err, n, "server stress: occupancy");
        }
    }
    for (unsigned int c = 0; c < fixed + so->configs; ++c) {
        const unsigned int way = ways[c % (unsigned int)nways];
        unsigned int x = gs_srv_mix((unsigned long long)so->seed << 32 | c), t = 5u; /* 256 threads */
        srv_row *r;
        if (*nrows == MAX_ROWS) {
            snprintf(err, n, "server: more than %d rows asked (fewer --configs)", MAX_ROWS);
            return GS_EXIT_USAGE;
        }
        r = &rows[(*nrows)++];
        memset(r, 0, sizeof *r);
        r->l.workload = GS_SRV_STRESS, r->l.way = way;
        r->l.timeout_ns = (unsigned long long)(o->timeout_s * 1e9);
        r->l.start = o->wrap ? GS_SRV_WRAP_START : 0ull;
        r->l.total = so->ops;
        if (c < fixed) { /* the user's shape */
            r->l.threads = 256u, r->l.blocks = (4u < per_sm[t] ? 4u : per_sm[t]) * sms, r->share = 5u;
            r->l.capacity = 1024u, r->l.msg_slots = 1u, r->l.items = c / (unsigned int)nways ? 65536u : 64u;
            r->l.ping_pct = 50u;
        } else {
            t = x % (sizeof threads_of / sizeof threads_of[0]);
            if (t == 0u && way == GS_SRV_LF)
                t = 1u; /* serverLF: a leader and a follower warp */
            x = gs_srv_mix(x);
            r->l.threads = threads_of[t];
            r->l.blocks = 2u + x % (per_sm[t] * sms - 1u), x = gs_srv_mix(x);
            r->l.capacity = 1024u << (x % 5u), x = gs_srv_mix(x);
            r->share = share_of[x % (sizeof share_of / sizeof share_of[0])], x = gs_srv_mix(x);
            r->l.msg_slots = 1u << (x % 6u), x = gs_srv_mix(x);
            r->l.items = items_of[x % (sizeof items_of / sizeof items_of[0])], x = gs_srv_mix(x);
            r->l.skewed = x & 1u, r->l.idle_pct = (x >> 1) & 1u ? 20u : 0u;
            r->l.ping_pct = ping_of[(x >> 2) % (sizeof ping_of / sizeof ping_of[0])];
        }
        r->l.servers = (r->l.blocks * r->share + 50u) / 100u;
        r->l.servers = r->l.servers < 1u ? 1u : r->l.servers >= r->l.blocks ? r->l.blocks - 1u : r->l.servers;
    }
    return GS_EXIT_OK;
}

/* The rows of the plan: workloads x ways x items x shares x grids. */
static int plan(const gs_options *o, const gs_device_info *dev, srv_row *rows, int *nrows, char *err, size_t n)
{
    const gs_srv_options *so = gs_srv_own(o);
    static const unsigned int default_share = 25u;
    /* (what needs no device was checked with the command line: gs_srv_check) */
    const unsigned int threads = GS_GIVEN(o, THREADS) ? o->threads : GS_SRV_DEFAULT_THREADS;
    const unsigned int sms = (unsigned int)dev->sm_count;
    unsigned int per_sm = 0u, grids[GS_MAX_LIST];
    int ngrids = 0, e;
    if ((e = gs_server_gpu_per_sm(GS_SRV_COUNTERS, threads, 32u * sms, &per_sm)) != 0)
        return gs_cuda_error(e, err, n, "server: occupancy");
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
        const gs_srv_workload_def *def = &gs_srv_workloads[wl];
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
            if (nways && (e = plan_stress(o, dev, ways, nways, rows, nrows, err, n)))
                return e;
            continue;
        }
        unsigned int items[GS_SRV_MAX_LIST];
        int nitems = 0;
        if (wl == GS_SRV_UNIONFIND) /* the graphs: items[k] is graph k */
            for (int k = 0; k < ngraphs; ++k)
                items[nitems++] = (unsigned int)k;
        else if (so->nitems)
            for (int k = 0; k < so->nitems; ++k)
                items[nitems++] = so->items[k];
        else
            for (int k = 0; def->items[k]; ++k)
                items[nitems++] = def->items[k];
        if (!nitems && wl != GS_SRV_UNIONFIND) /* queue, pingpong: no items */
            items[nitems++] = 0u;
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
                        srv_row *r;
                        if (v == GS_SRV_EARLY_READ && var[vr] == 0u)
                            continue; /* the twin breaks answers: lookups only */
                        if (*nrows == MAX_ROWS) {
                            snprintf(err, n, "server: more than %d rows asked", MAX_ROWS);
                            return GS_EXIT_USAGE;
                        }
                        r = &rows[(*nrows)++];
                        memset(r, 0, sizeof *r);
                        r->l.workload = wl, r->l.way = v, r->l.threads = threads, r->l.blocks = grids[g];
                        r->l.items = items[it], r->l.capacity = so->capacity[cp], r->l.skewed = so->skewed;
                        r->l.lookups = wl == GS_SRV_HASHTABLE ? var[vr] : 0u;
                        r->l.msg_slots = wl == GS_SRV_QUEUE ? var[vr] / 16u : 1u;
                        r->l.dest_warp = wl == GS_SRV_QUEUE ? (unsigned int)so->dest_warp : 0u;
                        if (wl == GS_SRV_HASHTABLE && (unsigned long long)items[it] * coll[c] > (1ull << 26)) {
                            snprintf(err, n, "server hashtable: %u buckets x %u keys a bucket is over 2^26 keys",
                                     items[it], coll[c]);
                            return GS_EXIT_USAGE;
                        }
                        r->l.keys = wl == GS_SRV_HASHTABLE ? items[it] * coll[c] : 0u;
                        r->l.timeout_ns = (unsigned long long)(o->timeout_s * 1e9);
                        r->l.start = o->wrap && (wl == GS_SRV_QUEUE || wl == GS_SRV_PINGPONG) ? GS_SRV_WRAP_START : 0ull;
                        r->share = served && wl != GS_SRV_PINGPONG
                                       ? (so->nshare ? so->share[sh] : default_share)
                                       : 0u;
                        r->l.servers = r->share ? (grids[g] * r->share + 50u) / 100u : 0u;
                        if (r->share && r->l.servers < 1u)
                            r->l.servers = 1u;
                        if (r->share && r->l.servers >= grids[g])
                            r->l.servers = grids[g] - 1u;
                        r->l.total = wl == GS_SRV_QUEUE ? so->ops
                                     : wl == GS_SRV_PINGPONG
                                         ? so->ops * 16ull
                                         : (unsigned long long)so->ops * grids[g] * threads;
                        if (wl == GS_SRV_UNIONFIND) {
                            const srv_graph *x = &graphs[items[it]];
                            r->graph = (int)items[it];
                            r->l.items = x->g.n, r->l.total = x->nedges, r->l.edges = x->edges;
                        }
                        if (wl == GS_SRV_QUEUE && r->l.msg_slots > 1u &&
                            (unsigned long long)(grids[g] - r->l.servers) * threads * so->ops *
                                    r->l.msg_slots > (1ull << 31)) {
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
                            (unsigned long long)(grids[g] - r->l.servers) * threads * so->ops > (1ull << 28)) {
                            snprintf(err, n, "server queue: %llu messages a launch, at most 2^28 (fewer --ops)",
                                     (unsigned long long)(grids[g] - r->l.servers) * threads * so->ops);
                            return GS_EXIT_USAGE;
                        }
                    }
        }
    }
    if (*nrows == 0) { /* (gs_srv_check refuses what would come here) */
        snprintf(err, n, "server: nothing to run: none of the ways asked applies to the workloads asked");
        return GS_EXIT_USAGE;
    }
    return GS_EXIT_OK;
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
    /* a FAIL or TIMEOUT is an error, except a broken twin's FAIL or deadlock (its purpose) and the spin lock's
     * TIMEOUT (HeteroSync's baseline livelocks under contention: the finding) */
    for (int i = 0; i < nrows; ++i)
        if (rows[i].verdict != GS_PASS &&
            !((rows[i].l.way == GS_SRV_BROKEN || rows[i].l.way == GS_SRV_NOLOCK || rows[i].l.way == GS_SRV_EARLY_READ) &&
              rows[i].verdict == GS_FAIL) &&
            !(rows[i].l.way == GS_SRV_HELD && rows[i].verdict == GS_TIMEOUT) &&
            !(rows[i].l.way == GS_SRV_SPIN && rows[i].verdict == GS_TIMEOUT)) {
            snprintf(err, n, "server: %s %s: %s: %s", gs_srv_workload_name(rows[i].l.workload),
                     gs_srv_way_name(rows[i].l.way), gs_verdict_name(rows[i].verdict), rows[i].detail);
            return GS_EXIT_RUNTIME;
        }
    return GS_EXIT_OK;
}

int gs_server_command(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
{
    const gs_srv_options *so = gs_srv_own(o);
    static srv_row rows[MAX_ROWS];
    static const char *const default_graphs[] = {"rmat:14", "rmat:18", "road:ny"};
    int rc, uf = 0;
    for (int w = 0; w < so->nworkloads; ++w)
        uf |= so->workloads[w] == GS_SRV_UNIONFIND;
    for (int k = 0; uf && k < (so->ngraphs ? so->ngraphs : 3); ++k) {
        const char *spec = so->ngraphs ? so->graphs[k] : default_graphs[k];
        gs_progress(k, so->ngraphs ? so->ngraphs : 3, "server", "loading", spec);
        if ((rc = graph_load(&graphs[ngraphs++], spec, err, n))) {
            gs_progress_end(1);
            graphs_free();
            return rc;
        }
    }
    rc = run_rows(o, dev, meta, rows, err, n);
    graphs_free();
    return rc;
}
