/* command.c: the app command's table: its words (programs; the synchronization
 * modes are syncs.c's) and options (--sync, --graph, --source, --size, --key-bits, --tol,
 * ...), parsed without touching the GPU, so that the command-line tests and
 * the fuzz test cover them. */
#include "app/app_cli.h"
#include "app/program.h"
#include "core/cli.h"

#include "inputs/graph.h"
#include "inputs/sequence.h"
#include "gsync/host.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

GS_OWN_FITS(gs_app_options);

static const char *const forms[] = {"auto", "flat", "spread", "gathered", "wide"};
static const char *const alphabets[] = {"dna", "protein"};
static const char *const bit_words[] = {"32", "64"};
static const char *const steals[] = {"batch", "half"};

static gs_app_options *own(gs_options *o)
{
    return GS_OWN(o, gs_app_options);
}

static void defaults(gs_options *o)
{
    gs_app_options *a = own(o);
    a->tol = 1e-6;
    a->damping = 0.85;
    a->form = GS_BARRIER_AUTO;
    a->key_bits = 32;
    a->length = 4096;
    a->mutation = 0.1;
    a->match = 2, a->mismatch = 1, a->gap_open = 3, a->gap_extend = 1;
    a->fertility = 12, a->branch = 8, a->root = 20000, a->stack = 65536;
    a->nodes = 8192, a->local_stack = 32;
}

static int programs(gs_options *o, const char *arg, char *err, size_t n)
{
    return gs_parse_names("program", arg, gs_app_program_names, GS_APP_PROGRAMS, GS_APP_PROGRAMS, own(o)->programs,
                          &own(o)->nprograms, err, n);
}

static unsigned int asked(const gs_options *o)
{
    unsigned int m = 0u;
    for (int p = 0; p < gs_app_own(o)->nprograms; ++p)
        m |= 1u << gs_app_own(o)->programs[p];
    return m;
}

/* --sync all: each program's own modes (every barrier, or every lock). */
static int sync_modes(gs_options *o, const char *value, char *err, size_t n)
{
    gs_app_options *a = own(o);
    if (!strcasecmp(value, "all")) {
        a->nmodes = 0;
        return 0;
    }
    return gs_parse_names("synchronization mode", value, gs_app_sync_names, GS_SYNC_PARSED, GS_SYNC_MODES, a->modes,
                          &a->nmodes, err, n);
}

static int form(gs_options *o, const char *value, char *err, size_t n)
{
    (void)err, (void)n;
    own(o)->form = gs_barrier_form_parse(value);
    return 0;
}

static int bits(gs_options *o, const char *value, char *err, size_t n)
{
    (void)value, (void)err, (void)n;
    own(o)->key_bits = own(o)->key_bits ? 64u : 32u;
    return 0;
}

/* The programs each program option applies to (0: every one). */
#define P(x) (1u << GS_APP_##x)
#define GRAPHS (P(BFS) | P(BFS_TOPO) | P(SSSP) | P(SSSP_TOPO) | P(PAGERANK))
#define AT(f) .at = offsetof(gs_app_options, f)
#define UINT(n_, lo, hi, d_, p_, f_) {n_, GS_OPT_UINT, lo, hi, d_, p_, AT(f_)}
#define REAL(n_, lo, hi, d_, p_, f_) {n_, GS_OPT_REAL, lo, hi, d_, p_, AT(f_)}
#define TEXT(n_, d_, p_, f_) {n_, GS_OPT_TEXT, .def = d_, .applies = p_, AT(f_), .cap = 1024}
#define WORD(n_, d_, p_, f_, w_, ...) \
    {n_, GS_OPT_WORD, .def = d_, .applies = p_, AT(f_), .words = w_, .nwords = sizeof w_ / sizeof w_[0], __VA_ARGS__}
static const gs_opt opts[] = {
    {"--sync", GS_OPT_OWN, .def = "all", .parse = sync_modes},
    WORD("--form", "auto", 0u, form, forms, .parse = form),
    TEXT("--graph", "the thesis's pairing", GRAPHS, graph),
    UINT("--source", 0, 0xfffffffeu, "0", P(BFS) | P(BFS_TOPO) | P(SSSP) | P(SSSP_TOPO), source),
    UINT("--size", 1, 1u << 30, "", P(REDUCE) | P(REDUCE_FLOAT) | P(BITONIC), size),
    WORD("--key-bits", "32", P(BITONIC), key_bits, bit_words, .parse = bits),
    REAL("--tol", 1e-9, 1.0, "1e-6", P(PAGERANK), tol),
    REAL("--damping", 0.01, 0.99, "0.85", P(PAGERANK), damping),
    TEXT("--query", "generated", P(SW), query),
    TEXT("--target", "generated", P(SW), target),
    WORD("--alphabet", "dna", P(SW), protein, alphabets),
    UINT("--length", 16, 32768, "4096", P(SW), length),
    REAL("--mutation", 0.0, 1.0, "0.1", P(SW), mutation),
    UINT("--match", 1, 1000, "2", P(SW), match),
    UINT("--mismatch", 0, 1000, "1", P(SW), mismatch),
    UINT("--gap-open", 0, 1000, "3", P(SW), gap_open),
    UINT("--gap-extend", 1, 1000, "1", P(SW), gap_extend),
    UINT("--fertility", 1, 100, "12 (uts-hs: 90)", P(UTS) | P(UTS_HS), fertility),
    UINT("--branch", 1, 64, "8", P(UTS), branch),
    UINT("--root", 1, 10000000, "20000", P(UTS), root),
    UINT("--stack", 1024, 1u << 24, "65536", P(UTS), stack),
    UINT("--spread", 0, 1, "0", P(UTS), spread),
    WORD("--steal", "batch", P(UTS), steal_half, steals),
    UINT("--nodes", 2, 1u << 24, "8192", P(UTS_HS), nodes),
    UINT("--local-stack", 32, 65536, "32", P(UTS_HS), local_stack),
};
#undef UINT
#undef REAL
#undef TEXT
#undef WORD
#undef AT

/* --source a vertex of every graph the run will load: --graph's (its vertex
 * count from the check that read it), else the pairing's graph of each
 * --tbs-per-sm asked (all of them for the sweep), counted from its spec. */
static int source_check(const gs_options *o, const gs_app_options *a, unsigned int graph_vertices, char *err,
                        size_t n)
{
    const unsigned int *per_sm = o->ntbs_per_sm ? o->tbs_per_sm : gs_app_sweep_per_sm;
    const int count = a->graph[0] ? 1 : o->ntbs_per_sm ? o->ntbs_per_sm : GS_APP_SWEEP_POINTS;
    for (int i = 0; i < count; ++i) {
        const char *spec = a->graph[0] ? a->graph : gs_app_graph_for(a, per_sm[i]);
        unsigned int vertices = graph_vertices;
        if (!a->graph[0] && gs_graph_spec_check(spec, &vertices, err, n))
            return -1;
        if (a->source >= vertices) {
            snprintf(err, n, "--source %u is out of range: %s has %u vertices", a->source, spec, vertices);
            return -1;
        }
    }
    return 0;
}

/* After parsing, before any device: --repeat within GS_APP_MAX_REPEAT,
 * bitonic's --size a power of two, --graph a well-formed generator or a
 * file read whole, --source one of its vertices, --query and --target FASTA files that read, every
 * --sync mode for a program asked. */
static int check(gs_options *o, char *err, size_t n)
{
    gs_app_options *a = own(o);
    if (!GS_GIVEN(o, THREADS))
        o->threads = 64;
    if (!GS_GIVEN(o, REPEAT))
        o->repeat = 3;
    a->fertility_given = gs_own_given(o, "--fertility");
    a->source_given = gs_own_given(o, "--source");
    if (gs_app_knobs_check(err, n))
        return -1;
    if (o->repeat > GS_APP_MAX_REPEAT) {
        snprintf(err, n, "app: --repeat is at most %d", GS_APP_MAX_REPEAT);
        return -1;
    }
    if ((asked(o) & P(BITONIC)) && a->size && (a->size < GS_APP_TILE || (a->size & (a->size - 1u)))) {
        snprintf(err, n, "bitonic: --size %u is not a power of two of at least %u", a->size, GS_APP_TILE);
        return -1;
    }
    unsigned int vertices = 0;
    if (a->graph[0] && gs_graph_spec_check(a->graph, &vertices, err, n))
        return -1;
    if (a->source_given && source_check(o, a, vertices, err, n))
        return -1;
    if (!a->query[0] != !a->target[0]) {
        snprintf(err, n, "sw: --query and --target go together");
        return -1;
    }
    for (int k = 0; k < 2 && a->query[0]; ++k) { /* each FASTA file read through once */
        char *seq = NULL;
        unsigned int len = 0;
        const int rc = gs_fasta_read(k ? a->target : a->query, &seq, &len, err, n);
        free(seq);
        if (rc)
            return -1;
    }
    if (gs_own_given(o, "--form")) { /* the gs barrier's form: a run with it asked, or one a program takes */
        int used = 0;
        for (int i = 0; i < a->nmodes; ++i)
            used |= a->modes[i] == GS_SYNC_GS;
        for (int p = 0; p < a->nprograms && !a->nmodes; ++p)
            used |= gs_app_mode_applies(a->programs[p], GS_SYNC_GS);
        if (!used) {
            snprintf(err, n, "--form is gsBarrier's form: it changes none of the runs asked (add --sync gsBarrier)");
            return -1;
        }
    }
    for (int i = 0; i < a->nmodes; ++i) {
        int used = 0;
        for (int p = 0; p < a->nprograms; ++p)
            used |= gs_app_mode_applies(a->programs[p], a->modes[i]);
        if (!used) {
            snprintf(err, n, "--sync %s does not apply to the programs asked (locks to uts, hs* to uts-hs, "
                             "async to bfs and sssp, barriers to the others)",
                     gs_app_sync_names[a->modes[i]]);
            return -1;
        }
    }
    return 0;
}

/* A program's size is its input's; it runs to the end. */
const gs_command gs_cmd_app = {
    .name = "app",
    .summary = "gsync-bench app PROGRAM[,PROGRAM...] [--sync MODE,...] [--graph SPEC] [OPTIONS]\n"
               "                                     whole programs with every barrier: BFS, SSSP, PageRank, Reduce,\n"
               "                                     Smith-Waterman, bitonic sort; UTS with every lock, HeteroSync's UTS\n",
    .usage = "usage: gsync-bench app PROGRAM[,PROGRAM...]|all [--sync MODE[,MODE...]] [--graph SPEC]\n"
             "                       [--tbs-per-sm LIST] [--threads N] [--repeat N] [--timeout S] [--format F]\n"
             "                       [--device N]\n"
             "  programs whose iterations end in a device-wide barrier, the same code with every mode,\n"
             "  each run verified against the host (BFS levels, Dijkstra, PageRank in double, the exact sum,\n"
             "  the host's sort).  Throughput (M/s, CSV mteps): arcs (BFS, SSSP), keys (bitonic), nodes (UTS).\n"
             "  PROGRAM   bfs, bfs-topo, sssp, sssp-topo, pagerank, reduce, reduce-float, sw (Smith-Waterman), bitonic,\n"
             "            uts (unbalanced tree search: locks, not barriers), uts-hs (HeteroSync's UTS ported)\n"
             "            (all: every one)\n"
             "  --sync    relaunchStream, relaunchGraph, gridSync, cudaBarrier, atomicTreeBarrUniq,\n"
             "            lfTreeBarrUniq, srBarrier, fxLockFreeBarrier, fxLockBarrier, gsBarrier (all: these);\n"
             "            also fxLockBarrierNoFence, fxLockFreeBarrierNoFence (unordered: a FAIL is the finding);\n"
             "            uts's stack locks: spinMutex, faMutex (HeteroSync's), ticketMutex, arrayMutex,\n"
             "            cohortMutex (gsync's; in clusters of up to 8) (all, or none named: these),\n"
             "            brokenNoLock (its twin without locks, also run by brokenNoBarrier: it must FAIL);\n"
             "            uts-hs: hsShipped (HeteroSync's kernel as it is: a FAIL is the finding), hsFixed (with\n"
             "            __syncwarp and its relaxed lock fixed), hsTicket (that kernel with gsync's ticket\n"
             "            locks) (all three when none is named)\n"
             "            bfs, sssp: also async (no barrier: a work ring; run by default), brokenAsync (its twin)\n"
             "  --graph   road:ny|fla|w|usa (road-like grids sized like the DIMACS graphs), road:N,\n"
             "            rmat:SCALE, FILE.gr (DIMACS), FILE.mtx (Matrix Market); default: the thesis's\n"
             "            pairing, road:100000 at 1 block/SM, ny at 2, fla at 4, w at 8, usa at 16\n"
             "  --source V  BFS and SSSP source vertex (0)\n"
             "  --size N    Reduce's elements (2^20 a block/SM); bitonic's keys, a power of two (2^22)\n"
             "  --key-bits B  bitonic's keys: 32 (unsigned int) or 64 (unsigned long long) bits (32); CUB's\n"
             "              sorts beside it sort the same keys; the graph column says \"N keys of B bits\"\n"
             "  --query F --target F  Smith-Waterman's FASTA files; else generated: --length N (4096),\n"
             "              --mutation X (0.1), --alphabet dna|protein (dna)\n"
             "  --match N --mismatch N --gap-open N --gap-extend N   scores: +2, -1, a gap of L costs 3 + L\n"
             "  --fertility P --branch M --root R --stack N   UTS: a node has M children with probability P %\n"
             "              (12, 8), the root R (20000); a block's stack holds N nodes (65536); with\n"
             "              --sync brokenNoBarrier or brokenNoLock, UTS runs its broken twin, stacks without locks\n"
             "  --spread 0|1  UTS: 1 expands the root on the host and deals its children round-robin to\n"
             "              the blocks' stacks (same tree, same counts); 0 (default) starts with the root\n"
             "              on block 0's stack\n"
             "  --steal batch|half  UTS: a thief takes up to a node a thread from the victim's top (batch,\n"
             "              default), or half the victim's stack onto its own under both locks (half)\n"
             "  --nodes N --local-stack N  uts-hs: HeteroSync's N (8192: 8193 nodes) and local stack (32);\n"
             "              --fertility is 90 for it unless given\n"
             "  --tol X     PageRank's L1 tolerance (1e-6)   --damping X  PageRank's damping (0.85)\n"
             "  --form F    gsBarrier's form: auto (the plan's), flat, spread, gathered, wide\n"
             "  --tbs-per-sm  1,2,4,8,16 by default; --threads 64 by default.\n"
             "  Tuning knobs, from the environment (whole numbers; the defaults are the measured best;\n"
             "  docs/app.md, docs/app-pagerank.md):\n"
             "    GSYNC_PAGERANK_GATHER 0|1 (1), GSYNC_PAGERANK_HUB in-arcs of a hub (256; 0 none),\n"
             "    GSYNC_PAGERANK_PART arcs a part (16384; 0 whole hubs), GSYNC_TOPO_HUB (256), GSYNC_TOPO_PART (2048);\n"
             "    async BFS and SSSP: GSYNC_ASYNC_KEEP, _KEEP_BELOW, _PRECHECK, _IDLE_NS, _DEFER, _PRED, _NARROW\n",
    .shared = GS_SH(FORMAT) | GS_SH(DEVICE) | GS_SH(TBS_PER_SM) | GS_SH(REPEAT) | GS_SH(THREADS) | GS_SH(TIMEOUT),
    .opts = opts, .nopts = sizeof opts / sizeof opts[0], .defaults = defaults, .operand = programs,
    .missing = "'app' needs a program, e.g. 'gsync-bench app bfs' (see 'gsync-bench app --help')",
    .example = "bfs", .modes = gs_app_program_names, .nmodes = GS_APP_PROGRAMS, .mode_kind = "programs", .asked = asked,
    .check = check,
    .run = gs_app_command,
    .schema = &gs_app_schema, /* (the graph column as wide as its longest entry) */
};
