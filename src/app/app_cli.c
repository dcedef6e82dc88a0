/* app_cli.c: the app command's own words (programs, synchronization modes)
 * and options (--sync, --graph, --source, --size, --key-bits, --tol, ...), parsed without
 * touching the GPU, so that the command-line tests and the fuzz test
 * cover them. */
#include "app/app_cli.h"
#include "cli.h"

#include "app/graph.h"
#include "gsync/host.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

gs_app_options gs_app_opts;

static const char *const program_names[GS_APP_PROGRAMS] = {"bfs",      "bfs-topo", "sssp", "sssp-topo",
                                                           "pagerank", "reduce",   "sw",   "bitonic", "uts", "reduce-float",
                                                           "uts-hs"};
/* The barrier and mutex families' names where the algorithm is the same. */
static const char *const sync_names[GS_SYNC_NAMES] = {
    "relaunchStream", "relaunchGraph", "gridSync",  "cudaBarrier",      "atomicTreeBarrUniq", "lfTreeBarrUniq",
    "srBarrier",      "fxLockFreeBarrier", "fxLockBarrier", "gsBarrier", "brokenNoBarrier",
    "fxLockBarrierNoFence", "fxLockFreeBarrierNoFence", "spinMutex", "faMutex", "ticketMutex", "arrayMutex",
    "cohortMutex", "brokenNoLock", "hsShipped", "hsFixed", "hsTicket", "async", "brokenAsync", "cubRadixSort",
    "cubMergeSort", "cubReduce"};

const char *gs_app_program_name(unsigned int p)
{
    return p < GS_APP_PROGRAMS ? program_names[p] : "?";
}

const char *gs_app_sync_name(unsigned int m)
{
    return m < GS_SYNC_NAMES ? sync_names[m] : "?";
}

int gs_app_mode_applies(unsigned int program, unsigned int mode)
{
    const int lock = mode >= GS_SYNC_UTS_SPIN && mode <= GS_SYNC_UTS_NONE;
    const int hs = mode >= GS_SYNC_HS_SHIPPED && mode <= GS_SYNC_HS_TICKET;
    if (mode == GS_SYNC_ASYNC || mode == GS_SYNC_ASYNC_BROKEN)
        return program == GS_APP_BFS || program == GS_APP_SSSP;
    if (program == GS_APP_UTS_HS)
        return hs || mode == GS_SYNC_BROKEN_NONE;
    return program == GS_APP_UTS ? lock || mode == GS_SYNC_BROKEN_NONE : !lock && !hs;
}

/* The programs each program option applies to (0: every one). */
#define P(x) (1u << GS_APP_##x)
#define GRAPHS (P(BFS) | P(BFS_TOPO) | P(SSSP) | P(SSSP_TOPO) | P(PAGERANK))
static const gs_cmd_option app_options[] = {
    {"--sync", 0u},          {"--form", 0u},
    {"--graph", GRAPHS},     {"--source", P(BFS) | P(BFS_TOPO) | P(SSSP) | P(SSSP_TOPO)},
    {"--size", P(REDUCE) | P(REDUCE_FLOAT) | P(BITONIC)},
    {"--key-bits", P(BITONIC)},
    {"--tol", P(PAGERANK)},  {"--damping", P(PAGERANK)},
    {"--query", P(SW)},      {"--target", P(SW)},      {"--alphabet", P(SW)},   {"--length", P(SW)},
    {"--mutation", P(SW)},   {"--match", P(SW)},       {"--mismatch", P(SW)},   {"--gap-open", P(SW)},
    {"--gap-extend", P(SW)}, {"--fertility", P(UTS) | P(UTS_HS)},
    {"--branch", P(UTS)},    {"--root", P(UTS)},       {"--stack", P(UTS)},     {"--spread", P(UTS)},
    {"--steal", P(UTS)},     {"--nodes", P(UTS_HS)},   {"--local-stack", P(UTS_HS)},
};
#define APP_OPTIONS (sizeof app_options / sizeof app_options[0])

int gs_app_check(unsigned int repeat, char *err, size_t n)
{
    unsigned int asked = 0u;
    for (int p = 0; p < gs_app_opts.nprograms; ++p)
        asked |= 1u << gs_app_opts.programs[p];
    char names[160];
    const int k = gs_cmd_option_misplaced(app_options, APP_OPTIONS, gs_app_opts.given, asked, program_names,
                                          GS_APP_PROGRAMS, names, sizeof names);
    if (k >= 0) {
        snprintf(err, n, "%s applies to none of the programs asked (it applies to %s)", app_options[k].name, names);
        return -1;
    }
    if (repeat > GS_APP_MAX_REPEAT) {
        snprintf(err, n, "app: --repeat is at most %d", GS_APP_MAX_REPEAT);
        return -1;
    }
    if ((asked & P(BITONIC)) && gs_app_opts.size &&
        (gs_app_opts.size < GS_APP_TILE || (gs_app_opts.size & (gs_app_opts.size - 1u)))) {
        snprintf(err, n, "bitonic: --size %u is not a power of two of at least %u", gs_app_opts.size, GS_APP_TILE);
        return -1;
    }
    if (gs_app_opts.graph[0] && gs_graph_spec_check(gs_app_opts.graph, err, n))
        return -1;
    for (int i = 0; i < gs_app_opts.nmodes; ++i) {
        int used = 0;
        for (int p = 0; p < gs_app_opts.nprograms; ++p)
            used |= gs_app_mode_applies(gs_app_opts.programs[p], gs_app_opts.modes[i]);
        if (!used) {
            snprintf(err, n, "--sync %s applies to none of the programs asked (locks to uts, hs* to uts-hs, "
                             "async to bfs and sssp, barriers to the others)",
                     sync_names[gs_app_opts.modes[i]]);
            return -1;
        }
    }
    return 0;
}

void gs_app_reset_options(void)
{
    memset(&gs_app_opts, 0, sizeof gs_app_opts);
    gs_app_opts.tol = 1e-6;
    gs_app_opts.damping = 0.85;
    gs_app_opts.form = GS_BARRIER_AUTO;
    gs_app_opts.key_bits = 32;
    strcpy(gs_app_opts.alphabet, "dna");
    gs_app_opts.length = 4096;
    gs_app_opts.mutation = 0.1;
    gs_app_opts.match = 2, gs_app_opts.mismatch = 1, gs_app_opts.gap_open = 3, gs_app_opts.gap_extend = 1;
    gs_app_opts.fertility = 12, gs_app_opts.branch = 8, gs_app_opts.root = 20000, gs_app_opts.stack = 65536;
    gs_app_opts.nodes = 8192, gs_app_opts.local_stack = 32;
}

/* A whole number option into *out, min..max.  1, or -1 with err set. */
static int uint_option(const char *name, const char *value, unsigned int min, unsigned int max, unsigned int *out,
                       char *err, size_t n)
{
    if (gs_parse_uint(value, min, max, out)) {
        snprintf(err, n, "%s '%s' is not a whole number from %u to %u", name, gs_escape(value), min, max);
        return -1;
    }
    return 1;
}

/* A file name option into out (cap bytes).  1, or -1 with err set. */
static int path_option(const char *name, const char *value, char *out, size_t cap, char *err, size_t n)
{
    if (!value[0] || strlen(value) >= cap) {
        snprintf(err, n, "%s '%s' is empty or too long", name, gs_escape(value));
        return -1;
    }
    snprintf(out, cap, "%s", value);
    return 1;
}

int gs_app_parse_programs(const char *arg, char *err, size_t n)
{
    return gs_parse_names("program", arg, program_names, GS_APP_PROGRAMS, GS_APP_PROGRAMS, gs_app_opts.programs, &gs_app_opts.nprograms,
                      err, n);
}

/* A positive decimal number, no sign, no spaces. */
static int parse_real(const char *s, double lo, double hi, double *out)
{
    char extra;
    if (!s[0] || s[0] == ' ' || s[0] == '+' || s[0] == '-' || strchr(s, 'x') || strchr(s, 'X'))
        return -1;
    if (sscanf(s, "%lf%c", out, &extra) != 1 || !(*out >= lo && *out <= hi))
        return -1;
    return 0;
}

static int app_value(const char *name, const char *value, char *err, size_t n);

int gs_app_option(const char *name, const char *value, char *err, size_t n)
{
    return gs_cmd_option_take(app_options, APP_OPTIONS, name, value, &gs_app_opts.given, app_value, err, n);
}

static int app_value(const char *name, const char *value, char *err, size_t n)
{
    unsigned int v;
    if (!strcmp(name, "--sync") && !strcasecmp(value, "all")) {
        gs_app_opts.nmodes = 0; /* each program's own: every barrier, or every lock */
        return 1;
    }
    if (!strcmp(name, "--sync"))
        return gs_parse_names("synchronization mode", value, sync_names, GS_SYNC_PARSED, GS_SYNC_MODES, gs_app_opts.modes,
                          &gs_app_opts.nmodes, err, n) ? -1 : 1;
    if (!strcmp(name, "--steal")) {
        if (strcmp(value, "batch") && strcmp(value, "half")) {
            snprintf(err, n, "--steal '%s' is not one of batch, half", gs_escape(value));
            return -1;
        }
        gs_app_opts.steal_half = value[0] == 'h';
        return 1;
    }
    if (!strcmp(name, "--form")) {
        if ((gs_app_opts.form = gs_barrier_form_parse(value)) == -2) {
            snprintf(err, n, "--form '%s' is not one of auto, flat, spread, gathered, wide", gs_escape(value));
            return -1;
        }
        return 1;
    }
    if (!strcmp(name, "--graph"))
        return path_option(name, value, gs_app_opts.graph, sizeof gs_app_opts.graph, err, n);
    if (!strcmp(name, "--query"))
        return path_option(name, value, gs_app_opts.query, sizeof gs_app_opts.query, err, n);
    if (!strcmp(name, "--target"))
        return path_option(name, value, gs_app_opts.target, sizeof gs_app_opts.target, err, n);
    if (!strcmp(name, "--alphabet")) {
        if (strcmp(value, "dna") && strcmp(value, "protein")) {
            snprintf(err, n, "--alphabet '%s' is not one of dna, protein", gs_escape(value));
            return -1;
        }
        snprintf(gs_app_opts.alphabet, sizeof gs_app_opts.alphabet, "%s", value);
        return 1;
    }
    if (!strcmp(name, "--fertility")) {
        gs_app_opts.fertility_given = 1;
        return uint_option(name, value, 1, 100, &gs_app_opts.fertility, err, n);
    }
    if (!strcmp(name, "--nodes"))
        return uint_option(name, value, 2, 1u << 24, &gs_app_opts.nodes, err, n);
    if (!strcmp(name, "--local-stack"))
        return uint_option(name, value, 32, 65536, &gs_app_opts.local_stack, err, n);
    if (!strcmp(name, "--branch"))
        return uint_option(name, value, 1, 64, &gs_app_opts.branch, err, n);
    if (!strcmp(name, "--root"))
        return uint_option(name, value, 1, 10000000, &gs_app_opts.root, err, n);
    if (!strcmp(name, "--spread"))
        return uint_option(name, value, 0, 1, &gs_app_opts.spread, err, n);
    if (!strcmp(name, "--stack"))
        return uint_option(name, value, 1024, 1u << 24, &gs_app_opts.stack, err, n);
    if (!strcmp(name, "--length"))
        return uint_option(name, value, 16, 32768, &gs_app_opts.length, err, n);
    if (!strcmp(name, "--match"))
        return uint_option(name, value, 1, 1000, &gs_app_opts.match, err, n);
    if (!strcmp(name, "--mismatch"))
        return uint_option(name, value, 0, 1000, &gs_app_opts.mismatch, err, n);
    if (!strcmp(name, "--gap-open"))
        return uint_option(name, value, 0, 1000, &gs_app_opts.gap_open, err, n);
    if (!strcmp(name, "--gap-extend"))
        return uint_option(name, value, 1, 1000, &gs_app_opts.gap_extend, err, n);
    if (!strcmp(name, "--mutation")) {
        if (parse_real(value, 0.0, 1.0, &gs_app_opts.mutation)) {
            snprintf(err, n, "--mutation '%s' is not a number from 0 to 1", gs_escape(value));
            return -1;
        }
        return 1;
    }
    if (!strcmp(name, "--source")) {
        if (gs_parse_uint(value, 0, 0xfffffffeu, &v)) {
            snprintf(err, n, "--source '%s' is not a vertex number", gs_escape(value));
            return -1;
        }
        gs_app_opts.source = v, gs_app_opts.source_given = 1;
        return 1;
    }
    if (!strcmp(name, "--size")) {
        if (gs_parse_uint(value, 1, 1u << 30, &v)) {
            snprintf(err, n, "--size '%s' is not a whole number from 1 to %u", gs_escape(value), 1u << 30);
            return -1;
        }
        gs_app_opts.size = v;
        return 1;
    }
    if (!strcmp(name, "--key-bits")) {
        if (strcmp(value, "32") && strcmp(value, "64")) {
            snprintf(err, n, "--key-bits '%s' is not one of 32, 64", gs_escape(value));
            return -1;
        }
        gs_app_opts.key_bits = value[0] == '6' ? 64u : 32u;
        return 1;
    }
    if (!strcmp(name, "--tol")) {
        if (parse_real(value, 1e-9, 1.0, &gs_app_opts.tol)) {
            snprintf(err, n, "--tol '%s' is not a number from 1e-9 to 1", gs_escape(value));
            return -1;
        }
        return 1;
    }
    if (parse_real(value, 0.01, 0.99, &gs_app_opts.damping)) {
        snprintf(err, n, "--damping '%s' is not a number from 0.01 to 0.99", gs_escape(value));
        return -1;
    }
    return 1;
}
