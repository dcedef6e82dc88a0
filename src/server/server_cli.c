/* server_cli.c: the server command's workloads, ways and options, parsed
 * without touching the GPU (the command-line tests and the fuzz test cover
 * them). */
#include "server/server.h"
#include "cli.h"

#include "gsync/msg/queue.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

gs_srv_options gs_srv_opts;

static const char *const workload_names[GS_SRV_WORKLOADS] = {"queue",     "pingpong",  "counters",
                                                             "transfers", "hashtable", "unionfind", "stress"};
static const char *const way_names[GS_SRV_WAYS] = {"spinLock", "ticketLock",     "atomic",  "server",
                                                   "basic",    "brokenEarlyBit", "tryLock", "brokenNoLock",
                                                   "serverLF", "brokenEarlyRead", "brokenHeldSend"};

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
    switch (w) {
    case GS_SRV_QUEUE:
        return v == GS_SRV_SERVER || v == GS_SRV_LF || v == GS_SRV_BASIC || v == GS_SRV_BROKEN;
    case GS_SRV_PINGPONG:
        return v == GS_SRV_SERVER;
    case GS_SRV_COUNTERS:
        return v == GS_SRV_SPIN || v == GS_SRV_TICKET || v == GS_SRV_TRY || v == GS_SRV_ATOMIC || v == GS_SRV_SERVER ||
               v == GS_SRV_LF;
    case GS_SRV_HASHTABLE:
        if (v == GS_SRV_EARLY_READ)
            return 1;
        /* fall through */
    case GS_SRV_TRANSFERS:
        return v == GS_SRV_SPIN || v == GS_SRV_TICKET || v == GS_SRV_TRY || v == GS_SRV_SERVER || v == GS_SRV_LF;
    case GS_SRV_STRESS:
        return v == GS_SRV_SERVER || v == GS_SRV_LF || v == GS_SRV_HELD;
    case GS_SRV_UNIONFIND:
        return v == GS_SRV_SPIN || v == GS_SRV_TICKET || v == GS_SRV_TRY || v == GS_SRV_ATOMIC ||
               v == GS_SRV_SERVER || v == GS_SRV_LF || v == GS_SRV_NOLOCK;
    default:
        return 0;
    }
}

void gs_srv_reset_options(void)
{
    memset(&gs_srv_opts, 0, sizeof gs_srv_opts);
    gs_srv_opts.ops = 64u;
    gs_srv_opts.capacity[0] = GS_MSGQ_DEFAULT_CAPACITY;
    gs_srv_opts.ncapacity = 1;
    gs_srv_opts.configs = 240u;
    gs_srv_opts.seed = 1u;
}

int gs_srv_parse_workloads(const char *list, char *err, size_t n)
{
    return gs_parse_names("workload", list, workload_names, GS_SRV_WORKLOADS, GS_SRV_STRESS, gs_srv_opts.workloads,
                       &gs_srv_opts.nworkloads, err, n);
}

/* N[,N...], each from min to max. */
static int parse_uints(const char *opt, const char *arg, unsigned int min, unsigned int max, unsigned int *out,
                       int *nout, char *err, size_t n)
{
    char item[32];
    const char *p = arg;
    *nout = 0;
    for (;;) {
        const char *comma = strchr(p, ',');
        const size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0 || len >= sizeof item || *nout == GS_SRV_MAX_LIST) {
            snprintf(err, n, "%s '%s': an empty item, or more than %d", opt, gs_escape(arg), GS_SRV_MAX_LIST);
            return -1;
        }
        memcpy(item, p, len);
        item[len] = 0;
        if (gs_parse_uint(item, min, max, &out[*nout])) {
            snprintf(err, n, "%s '%s' is not a whole number from %u to %u", opt, gs_escape(item), min, max);
            return -1;
        }
        ++*nout;
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

/* The command's options and the workloads each applies to (0: every one);
 * stress draws its own grid, block size, capacity, sizes and items. */
#define W(x) (1u << GS_SRV_##x)
static const gs_cmd_option srv_options[] = {
    {"--way", 0u},
    {"--share", ~(W(PINGPONG) | W(STRESS))},
    {"--ops", 0u},
    {"--items", W(COUNTERS) | W(TRANSFERS) | W(HASHTABLE)},
    {"--capacity", ~W(STRESS)},
    {"--dist", W(COUNTERS)},
    {"--collision", W(HASHTABLE)},
    {"--lookups", W(HASHTABLE)},
    {"--msg-bytes", W(QUEUE)},
    {"--graph", W(UNIONFIND)},
    {"--dest", W(QUEUE)},
    {"--configs", W(STRESS)},
    {"--seed", W(STRESS)},
};
#define SRV_OPTIONS (sizeof srv_options / sizeof srv_options[0])

static int srv_value(const char *name, const char *value, char *err, size_t n);

int gs_srv_option(const char *name, const char *value, char *err, size_t n)
{
    return gs_cmd_option_take(srv_options, SRV_OPTIONS, name, value, &gs_srv_opts.given, srv_value, err, n);
}

int gs_srv_check(const struct gs_options *o, char *err, size_t n)
{
    unsigned int asked = 0u, most_lookups = 0u, smallest = gs_srv_opts.capacity[0];
    char names[128];
    int lf = gs_srv_opts.nways == 0, early = 0, applies = 0;
    for (int w = 0; w < gs_srv_opts.nworkloads; ++w)
        asked |= 1u << gs_srv_opts.workloads[w];
    const int k = gs_cmd_option_misplaced(srv_options, SRV_OPTIONS, gs_srv_opts.given, asked, workload_names,
                                          GS_SRV_WORKLOADS, names, sizeof names);
    if (k >= 0) {
        snprintf(err, n, "%s does not apply to the workloads asked (it applies to %s)", srv_options[k].name, names);
        return -1;
    }
    if (o->wrap && !(asked & (W(QUEUE) | W(PINGPONG) | W(STRESS)))) {
        snprintf(err, n, "--wrap does not apply to the workloads asked (it applies to queue, pingpong, stress)");
        return -1;
    }
    if (asked == W(STRESS) && (o->threads_given || o->tbs || o->ntbs_per_sm)) {
        snprintf(err, n, "%s does not apply to stress, which draws its own grids and block sizes",
                 o->threads_given ? "--threads" : o->tbs ? "--tbs" : "--tbs-per-sm");
        return -1;
    }
    for (int k = 0; k < gs_srv_opts.nways; ++k) {
        lf |= gs_srv_opts.ways[k] == GS_SRV_LF;
        early |= gs_srv_opts.ways[k] == GS_SRV_EARLY_READ;
        for (int w = 0; w < gs_srv_opts.nworkloads; ++w)
            applies |= gs_srv_has_way(gs_srv_opts.workloads[w], gs_srv_opts.ways[k]);
    }
    if (gs_srv_opts.nways && !applies) {
        snprintf(err, n, "server: none of the ways asked applies to the workloads asked");
        return -1;
    }
    for (int k = 0; k < gs_srv_opts.nlookups; ++k)
        most_lookups = gs_srv_opts.lookups[k] > most_lookups ? gs_srv_opts.lookups[k] : most_lookups;
    if (early && (asked & W(HASHTABLE)) && !most_lookups) {
        snprintf(err, n, "server: brokenEarlyRead breaks lookup answers: it needs --lookups above 0");
        return -1;
    }
    if (asked == W(STRESS))
        return 0;
    const unsigned int threads = o->threads_given ? o->threads : GS_SRV_DEFAULT_THREADS;
    for (int k = 1; k < gs_srv_opts.ncapacity; ++k)
        smallest = gs_srv_opts.capacity[k] < smallest ? gs_srv_opts.capacity[k] : smallest;
    if (threads > smallest || threads > 1024u || threads < (lf ? 64u : 32u) || threads % 32u) {
        snprintf(err, n, "server: %u threads a block: whole warps, %u at least%s, and a block's replies must fit its "
                 "queue of %u (1024 at most)", threads, lf ? 64u : 32u, lf ? " (serverLF: a leader and a follower)" : "",
                 smallest);
        return -1;
    }
    return 0;
}
#undef W

static int srv_value(const char *name, const char *value, char *err, size_t n)
{
    if (!strcmp(name, "--dest")) {
        if (strcmp(value, "lane") && strcmp(value, "warp")) {
            snprintf(err, n, "--dest '%s' is not one of lane, warp", gs_escape(value));
            return -1;
        }
        gs_srv_opts.dest_warp = !strcmp(value, "warp");
        return 1;
    }
    if (!strcmp(name, "--configs") || !strcmp(name, "--seed")) {
        const unsigned int lo = name[2] == 'c' ? 1u : 0u, hi = name[2] == 'c' ? 480u : 0xffffffffu;
        unsigned int *out = name[2] == 'c' ? &gs_srv_opts.configs : &gs_srv_opts.seed;
        if (gs_parse_uint(value, lo, hi, out)) {
            snprintf(err, n, "%s '%s' is not a whole number from %u to %u", name, gs_escape(value), lo, hi);
            return -1;
        }
        return 1;
    }
    if (!strcmp(name, "--lookups"))
        return parse_uints(name, value, 0u, 100u, gs_srv_opts.lookups, &gs_srv_opts.nlookups, err, n) ? -1 : 1;
    if (!strcmp(name, "--msg-bytes")) {
        if (parse_uints(name, value, 16u, 512u, gs_srv_opts.msg_bytes, &gs_srv_opts.nmsg_bytes, err, n))
            return -1;
        for (int k = 0; k < gs_srv_opts.nmsg_bytes; ++k) {
            const unsigned int b = gs_srv_opts.msg_bytes[k];
            if (b & (b - 1u)) {
                snprintf(err, n, "--msg-bytes %u is not a power of two from 16 to 512", b);
                return -1;
            }
        }
        return 1;
    }
    if (!strcmp(name, "--graph")) { /* SPEC[,SPEC...]; each is checked when it is loaded */
        const char *p = value;
        gs_srv_opts.ngraphs = 0;
        for (;;) {
            const char *comma = strchr(p, ',');
            const size_t len = comma ? (size_t)(comma - p) : strlen(p);
            if (len == 0 || len >= sizeof gs_srv_opts.graphs[0] || gs_srv_opts.ngraphs == GS_SRV_MAX_LIST) {
                snprintf(err, n, "--graph '%s': an empty or over-long graph, or more than %d", gs_escape(value),
                         GS_SRV_MAX_LIST);
                return -1;
            }
            memcpy(gs_srv_opts.graphs[gs_srv_opts.ngraphs], p, len);
            gs_srv_opts.graphs[gs_srv_opts.ngraphs++][len] = 0;
            if (!comma)
                return 1;
            p = comma + 1;
        }
    }
    if (!strcmp(name, "--way"))
        return gs_parse_names(name, value, way_names, GS_SRV_WAYS, GS_SRV_WAYS, gs_srv_opts.ways, &gs_srv_opts.nways,
                           err, n) ? -1 : 1;
    if (!strcmp(name, "--share")) {
        if (!strcmp(value, "0") || !strcmp(value, "100")) {
            snprintf(err, n, "--share %s: %s", value,
                     value[0] == '0' ? "no block would serve (at least 1 percent)"
                                     : "every block would serve and none send (at most 99 percent)");
            return -1;
        }
        return parse_uints(name, value, 1u, 99u, gs_srv_opts.share, &gs_srv_opts.nshare, err, n) ? -1 : 1;
    }
    if (!strcmp(name, "--items"))
        return parse_uints(name, value, 2u, 1u << 26, gs_srv_opts.items, &gs_srv_opts.nitems, err, n) ? -1 : 1;
    if (!strcmp(name, "--collision"))
        return parse_uints(name, value, 1u, 1u << 12, gs_srv_opts.collision, &gs_srv_opts.ncollision, err, n) ? -1
                                                                                                           : 1;
    if (!strcmp(name, "--ops")) {
        if (gs_parse_uint(value, 1u, 1u << 20, &gs_srv_opts.ops)) {
            snprintf(err, n, "--ops '%s' is not a whole number from 1 to %u", gs_escape(value), 1u << 20);
            return -1;
        }
        return 1;
    }
    if (!strcmp(name, "--capacity")) {
        if (parse_uints(name, value, GS_MSGQ_MIN_CAPACITY, GS_MSGQ_MAX_CAPACITY, gs_srv_opts.capacity,
                        &gs_srv_opts.ncapacity, err, n))
            return -1;
        for (int k = 0; k < gs_srv_opts.ncapacity; ++k)
            if (!gs_msgq_capacity_ok(gs_srv_opts.capacity[k])) {
                snprintf(err, n, "--capacity %u is not a power of two from %u to %u", gs_srv_opts.capacity[k],
                         GS_MSGQ_MIN_CAPACITY, GS_MSGQ_MAX_CAPACITY);
                return -1;
            }
        return 1;
    }
    if (strcmp(value, "uniform") && strcmp(value, "skewed")) {
        snprintf(err, n, "--dist '%s' is not one of uniform, skewed", gs_escape(value));
        return -1;
    }
    gs_srv_opts.skewed = !strcmp(value, "skewed");
    return 1;
}
