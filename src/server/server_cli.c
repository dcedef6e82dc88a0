/* server_cli.c: the server command's table: its workloads, ways and
 * options, parsed without touching the GPU (the command-line tests and the
 * fuzz test cover them). */
#include "server/setup.h"
#include "core/cli.h"

#include "inputs/graph.h"
#include "gsync/msg/queue.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

GS_OWN_FITS(gs_srv_options);

static const char *const way_names[GS_SRV_WAYS] = {"spinLock", "ticketLock",     "atomic",  "server",
                                                   "basic",    "brokenEarlyBit", "tryLock", "brokenNoLock",
                                                   "serverLF", "brokenEarlyRead", "brokenHeldSend", "serverCombine",
                                                   "brokenCombine"};
static const char *const dists[] = {"uniform", "skewed"};
static const char *const dests[] = {"lane", "warp"};

static const char *const workload_names[GS_SRV_WORKLOADS] = {"queue",     "pingpong",  "counters",
                                                             "transfers", "hashtable", "unionfind", "stress"};
const gs_srv_workload_def *const gs_srv_workloads[GS_SRV_WORKLOADS] = {
    [GS_SRV_QUEUE] = &gs_srv_queue,         [GS_SRV_PINGPONG] = &gs_srv_pingpong,   [GS_SRV_COUNTERS] = &gs_srv_counters,
    [GS_SRV_TRANSFERS] = &gs_srv_transfers, [GS_SRV_HASHTABLE] = &gs_srv_hashtable, [GS_SRV_UNIONFIND] = &gs_srv_unionfind,
    [GS_SRV_STRESS] = &gs_srv_stress,
};

const char *gs_srv_workload_name(unsigned int w)
{
    return w < GS_SRV_WORKLOADS ? workload_names[w] : "?";
}

const char *gs_srv_way_name(unsigned int w)
{
    return w < GS_SRV_WAYS ? way_names[w] : "?";
}

int gs_srv_has_way(unsigned int w, unsigned int v)
{
    return w < GS_SRV_WORKLOADS && v < GS_SRV_WAYS && (gs_srv_workloads[w]->ways & GS_SRV_WAY(v)) != 0u;
}

static gs_srv_options *own(gs_options *o)
{
    return GS_OWN(o, gs_srv_options);
}

static void defaults(gs_options *o)
{
    gs_srv_options *s = own(o);
    s->ops = 64u;
    s->capacity[0] = GS_MSGQ_DEFAULT_CAPACITY;
    s->ncapacity = 1;
    s->configs = 240u;
    s->seed = 1u;
}

static int workloads(gs_options *o, const char *list, char *err, size_t n)
{
    gs_srv_options *s = own(o);
    return gs_parse_names("workload", list, workload_names, GS_SRV_WORKLOADS, GS_SRV_STRESS, s->workloads,
                          &s->nworkloads, err, n);
}

static unsigned int asked(const gs_options *o)
{
    const gs_srv_options *s = gs_srv_own(o);
    unsigned int m = 0u;
    for (int w = 0; w < s->nworkloads; ++w)
        m |= 1u << s->workloads[w];
    return m;
}

/* Every item of a list is a power of two (its range is the table's). */
static int powers_of_two(const char *name, const unsigned int *v, int count, unsigned int lo, unsigned int hi,
                         char *err, size_t n)
{
    for (int k = 0; k < count; ++k)
        if (v[k] & (v[k] - 1u)) {
            snprintf(err, n, "%s %u is not a power of two from %u to %u", name, v[k], lo, hi);
            return -1;
        }
    return 0;
}

static int msg_bytes(gs_options *o, const char *value, char *err, size_t n)
{
    (void)value;
    return powers_of_two("--msg-bytes", own(o)->msg_bytes, own(o)->nmsg_bytes, 16u, 512u, err, n);
}

static int capacity(gs_options *o, const char *value, char *err, size_t n)
{
    (void)value;
    return powers_of_two("--capacity", own(o)->capacity, own(o)->ncapacity, GS_MSGQ_MIN_CAPACITY,
                         GS_MSGQ_MAX_CAPACITY, err, n);
}

/* SPEC[,SPEC...]; each is checked by the command's check. */
static int graphs(gs_options *o, const char *value, char *err, size_t n)
{
    gs_srv_options *s = own(o);
    const char *p = value;
    s->ngraphs = 0;
    for (;;) {
        const char *comma = strchr(p, ',');
        const size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0 || len >= sizeof s->graphs[0] || s->ngraphs == GS_SRV_MAX_LIST) {
            snprintf(err, n, "--graph '%s': an empty or over-long graph, or more than %d", gs_escape(value),
                     GS_SRV_MAX_LIST);
            return -1;
        }
        memcpy(s->graphs[s->ngraphs], p, len);
        s->graphs[s->ngraphs++][len] = 0;
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

/* The command's options and the workloads each applies to (0: every one);
 * stress draws its own grid, block size, capacity, sizes and items. */
#define W(x) (1u << GS_SRV_##x)
#define AT(f) .at = offsetof(gs_srv_options, f), .count_at = offsetof(gs_srv_options, n##f), .cap = GS_SRV_MAX_LIST
static const gs_opt opts[] = {
    {"--way", GS_OPT_NAMES, .def = "all but the twins", .at = offsetof(gs_srv_options, ways),
     .count_at = offsetof(gs_srv_options, nways), .words = way_names, .nwords = GS_SRV_WAYS, .all = GS_SRV_WAYS},
    {"--share", GS_OPT_UINTS, 1, 99, "25", ~(W(PINGPONG) | W(STRESS)), AT(share)},
    {"--ops", GS_OPT_UINT, 1, 1u << 20, "64", .at = offsetof(gs_srv_options, ops)},
    {"--items", GS_OPT_UINTS, 2, 1u << 26, "", W(COUNTERS) | W(TRANSFERS) | W(HASHTABLE), AT(items)},
    {"--capacity", GS_OPT_UINTS, GS_MSGQ_MIN_CAPACITY, GS_MSGQ_MAX_CAPACITY, "4096", ~W(STRESS), AT(capacity),
     .parse = capacity},
    {"--dist", GS_OPT_WORD, .def = "uniform", .applies = W(COUNTERS), .at = offsetof(gs_srv_options, skewed),
     .words = dists, .nwords = 2},
    {"--collision", GS_OPT_UINTS, 1, 1u << 12, "1,16,256", W(HASHTABLE), AT(collision)},
    {"--lookups", GS_OPT_UINTS, 0, 100, "0", W(HASHTABLE), AT(lookups)},
    {"--msg-bytes", GS_OPT_UINTS, 16, 512, "16", W(QUEUE), AT(msg_bytes), .parse = msg_bytes},
    {"--graph", GS_OPT_OWN, .def = "rmat:14,rmat:18,road:ny", .applies = W(UNIONFIND), .parse = graphs},
    {"--dest", GS_OPT_WORD, .def = "lane", .applies = W(QUEUE), .at = offsetof(gs_srv_options, dest_warp),
     .words = dests, .nwords = 2},
    {"--configs", GS_OPT_UINT, 1, 480, "240", W(STRESS), .at = offsetof(gs_srv_options, configs)},
    {"--seed", GS_OPT_UINT, 0, 0xffffffffu, "1", W(STRESS), .at = offsetof(gs_srv_options, seed)},
};
#undef AT

/* After the whole command line, before any device: --wrap and the grid's
 * options where the workloads take them, ways that apply to none, the
 * graphs (files read whole), a grid of one block, a block size the queues
 * or serverLF cannot take. */
static int check(gs_options *o, char *err, size_t n)
{
    const gs_srv_options *s = gs_srv_own(o);
    const unsigned int mask = asked(o);
    unsigned int most_lookups = 0u, smallest = s->capacity[0];
    int lf = s->nways == 0, early = 0, applies = 0;
    if (o->wrap && !(mask & (W(QUEUE) | W(PINGPONG) | W(STRESS)))) {
        snprintf(err, n, "--wrap does not apply to the workloads asked (it applies to queue, pingpong, stress)");
        return -1;
    }
    if (mask == W(STRESS) && (GS_GIVEN(o, THREADS) || o->tbs || o->ntbs_per_sm)) {
        snprintf(err, n, "%s does not apply to stress, which draws its own grids and block sizes",
                 GS_GIVEN(o, THREADS) ? "--threads" : o->tbs ? "--tbs" : "--tbs-per-sm");
        return -1;
    }
    for (int k = 0; k < s->nways; ++k) {
        lf |= s->ways[k] == GS_SRV_LF;
        early |= s->ways[k] == GS_SRV_EARLY_READ;
        for (int w = 0; w < s->nworkloads; ++w)
            applies |= gs_srv_has_way(s->workloads[w], s->ways[k]);
    }
    if (s->nways && !applies) {
        snprintf(err, n, "server: none of the ways asked applies to the workloads asked");
        return -1;
    }
    for (int k = 0; k < s->nlookups; ++k)
        most_lookups = s->lookups[k] > most_lookups ? s->lookups[k] : most_lookups;
    if (early && (mask & W(HASHTABLE)) && !most_lookups) {
        snprintf(err, n, "server: brokenEarlyRead breaks lookup answers: it needs --lookups above 0");
        return -1;
    }
    for (int k = 0; k < s->ngraphs; ++k) /* a generator well formed, a file read whole */
        if (gs_graph_spec_check(s->graphs[k], NULL, err, n))
            return -1;
    if (mask == W(STRESS))
        return 0;
    if (o->tbs == 1u) {
        snprintf(err, n, "server: --tbs 1: clients and servers run at once, so the grid needs 2 blocks at least");
        return -1;
    }
    const unsigned int threads = GS_GIVEN(o, THREADS) ? o->threads : GS_SRV_DEFAULT_THREADS;
    for (int k = 1; k < s->ncapacity; ++k)
        smallest = s->capacity[k] < smallest ? s->capacity[k] : smallest;
    if (threads > smallest || threads > 1024u || threads < (lf ? 64u : 32u) || threads % 32u) {
        snprintf(err, n, "server: %u threads a block: whole warps, %u at least%s, and a block's replies must fit its "
                 "queue of %u (1024 at most)", threads, lf ? 64u : 32u, lf ? " (serverLF: a leader and a follower)" : "",
                 smallest);
        return -1;
    }
    return 0;
}
#undef W

/* --ops, not --iters or --ldst. */
const gs_command gs_cmd_server = {
    .name = "server",
    .summary = "gsync-bench server WORKLOAD[,WORKLOAD...]|all [--way LIST] [--share LIST] [--items LIST] [OPTIONS]\n"
               "                                     critical sections as messages to server blocks, against locks\n",
    .usage = "usage: gsync-bench server WORKLOAD[,WORKLOAD...]|all [--way LIST] [--share LIST] [--items LIST]\n"
             "                          [--collision LIST] [--lookups LIST] [--graph LIST] [--msg-bytes LIST] [--ops N]\n"
             "                          [--capacity LIST] [--dist D] [--dest D] [--configs N] [--seed N]\n"
             "                          [--tbs N | --tbs-per-sm LIST] [--threads N] [--repeat N] [--timeout S]\n"
             "                          [--format F] [--device N]\n"
             "  the synchronization server (docs/server.md): critical sections sent as 16-byte messages to\n"
             "  server blocks that own the data, beside per-item global locks and atomics; every run checked\n"
             "  against the host's replay.  The grid is co-resident (the whole GPU by default).\n"
             "  WORKLOAD  queue (the message queues alone), pingpong (one round trip), counters (bins of\n"
             "            count and sum), transfers (between accounts, granted if the source holds enough),\n"
             "            hashtable (upserts and lookups in chains, a lock a bucket), unionfind (connected\n"
             "            components of a graph, a critical section a root), stress (a user's program drawn\n"
             "            --configs times: random block sizes 32-1024, grids, queues of 1024-16384 slots,\n"
             "            server shares 1-50 %, messages of 1-32 slots to per-lane random items, hot items,\n"
             "            pings answered, idle lanes; each launch checked message by message); all: every\n"
             "            workload but stress\n"
             "  --way     spinLock (HeteroSync's spin lock per item), ticketLock (gsync's), tryLock (a tuned\n"
             "            try-lock with backoff), atomic (lock-free: counters, unionfind), server (the block\n"
             "            handles each run), serverLF (a leader warp hands chunks to follower warps); counters:\n"
             "            serverCombine (the server, a warp's updates to one bin merged first), brokenCombine\n"
             "            (the twin whose merge drops the other lanes' counts: it must FAIL); queue:\n"
             "            server (warp-aggregated sends), basic (a send a thread), brokenEarlyBit (the twin\n"
             "            that publishes before writing: it must FAIL); unionfind: brokenNoLock (the twin\n"
             "            that links a root without its lock: it must FAIL); hashtable with --lookups:\n"
             "            brokenEarlyRead (the twin that takes an answer before it arrives: it must FAIL);\n"
             "            stress: brokenHeldSend (the twin whose warp publishes only once every lane has\n"
             "            room: it may deadlock, TIMEOUT)\n"
             "            (all but the twins)\n"
             "  --share   server blocks, percent of the grid, 1 to 99 (25)\n"
             "  --items   bins, accounts or buckets (counters 1048576; transfers 64,4096,1048576; hashtable 4096)\n"
             "  --collision  hashtable: keys a bucket, the key space's size over the buckets (1,16,256)\n"
             "  --lookups hashtable: percent of operations that look a preloaded or absent key up and\n"
             "            get its count back, 0 to 100 (0)\n"
             "  --graph   unionfind: graphs as for 'app' (rmat:14,rmat:18,road:ny)\n"
             "  --msg-bytes  queue: bytes a message, 16 to 512, a power of two (16)\n"
             "  --ops     operations a thread of the grid (64); queue: messages a client thread\n"
             "  --capacity  slots a queue, powers of two from 1024 (4096)\n"
             "  --dist    counters' bins: uniform or skewed (a quarter on bin 0) (uniform)\n"
             "  --dest    queue: lane (each lane's message to a random server: a user's program) or warp\n"
             "            (a warp's lanes to one server a step: the best case) (lane)\n"
             "  --configs stress: configurations drawn, 1 to 480 (240); --seed N: the draw (1)\n"
             "  --wrap    queue, pingpong, stress: every queue's 64-bit indices start at 2^32 - 4096, so\n"
             "            that queues with more traffic cross 2^32 (the detail counts those that did)\n"
             "  --threads 256 by default\n",
    .shared = GS_SH(FORMAT) | GS_SH(DEVICE) | GS_SH(TBS) | GS_SH(TBS_PER_SM) | GS_SH(REPEAT) | GS_SH(THREADS) |
              GS_SH(TIMEOUT) | GS_SH(WRAP),
    .opts = opts, .nopts = sizeof opts / sizeof opts[0], .defaults = defaults, .operand = workloads,
    .missing = "'server' needs a workload, e.g. 'gsync-bench server counters' (see 'gsync-bench server --help')",
    .example = "counters", .modes = workload_names, .nmodes = GS_SRV_WORKLOADS, .mode_kind = "workloads",
    .asked = asked, .check = check,
    .run = gs_server_command,
    .schema = &gs_server_schema,
};
