#include "cli.h"
#include "app/app_cli.h"
#include "gsync_bench.h"
#include "litmus/litmus.h"
#include "plan.h"
#include "server/server.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int fail(char *err, size_t n, const char *fmt, const char *a, const char *b);

static const char usage[] =
    "usage: gsync-bench [suite] [OPTIONS]        the quick suite: each family's headline primitives at 1, 8\n"
    "                                             and the most blocks per SM, 2 s watchdog deadline\n"
    "       gsync-bench suite --full [OPTIONS]    every primitive over 1, 2, 4, 8, 16, 32 blocks per SM\n"
    "       gsync-bench run PRIM[,PRIM...] [OPTIONS]   (a family name stands for all of it)\n"
    "       gsync-bench list\n"
    "       gsync-bench floor [--format F] [--device N]   what no primitive can beat on this GPU\n"
    "       gsync-bench decompose [--iters N] [--threads N] [--timeout S] [--format F]   Feng and Xiao's\n"
    "                                     barrier cost terms\n"
    "       gsync-bench plain [OPTIONS]   gsBarrier as a user calls it, beside grid.sync(), cuda::barrier\n"
    "                                     and an unordered counter (a build without the watchdog)\n"
    "       gsync-bench tune [OPTIONS]    every form of gsBarrier at each point: the chooser's thresholds\n"
    "       gsync-bench app PROGRAM[,PROGRAM...] [--sync MODE,...] [--graph SPEC] [OPTIONS]\n"
    "                                     whole programs with every barrier: BFS, SSSP, PageRank, Reduce,\n"
    "                                     Smith-Waterman, bitonic sort; UTS with every lock, HeteroSync's UTS\n"
    "       gsync-bench litmus [--shape LIST] [--order LIST] [--iters N] [--stress on|off]\n"
    "                                     litmus tests (MP, SB, LB, IRIW, MP through the library's\n"
    "                                     publish patterns) of gsync's ptx.cuh between SMs\n"
    "       gsync-bench server WORKLOAD[,WORKLOAD...]|all [--way LIST] [--share LIST] [--items LIST] [OPTIONS]\n"
    "                                     critical sections as messages to server blocks, against locks\n"
    "       gsync-bench <syncPrim> <numLdSt> <numTBs> <numCSIters>   (HeteroSync's form)\n"
    "options:\n"
    "  --ldst N            loads and stores per thread per critical section (10);\n"
    "                      0 with barriers: time the bare barrier\n"
    "  --tbs N             total blocks (instead of --tbs-per-sm)\n"
    "  --tbs-per-sm LIST   blocks per SM, e.g. 1,2,4 (1,2,4,8,16,32 capped by the device)\n"
    "  --iters N           critical sections per block (20; local family 200), barrier episodes (2000)\n"
    "  --repeat N          timed launches; the median is reported (5)\n"
    "  --threads N         threads per block, a multiple of 32 (32; relaxed family: its own, 32 to 512)\n"
    "  --timeout S         watchdog deadline per launch in seconds (5)\n"
    "  --format F          table, csv or json (table)\n"
    "  --device N          CUDA device (0)\n"
    "  --wrap              run and server, a test: start every counter 2^32 - N so that the run crosses the\n"
    "                      wrap, N about half the run's increments (faMutex, faMutexUniq: N short of\n"
    "                      HeteroSync's 10^9 wrap; the epoch barriers: at epoch 2^32 - N / blocks).\n"
    "                      No counter, unaffected: spin, sleep and MCS locks, the lock-guarded and\n"
    "                      CUDA semaphores, the tree barriers, relaunches, the cluster barrier, the\n"
    "                      CUDA peers, the relaxed family\n";

/* Each command's own usage, for `gsync-bench COMMAND --help` and `gsync-bench help COMMAND`. */
static const struct {
    const char *name;
    enum gs_command cmd;
    const char *usage;
} commands[] = {
    {"suite", GS_CMD_SUITE,
     "usage: gsync-bench [suite] [--full] [OPTIONS]\n"
     "  the quick suite: each family's headline primitives (gsync's, the seeds' baselines, the CUDA\n"
     "  peers) at 1, 8 and the most blocks per SM, 2 s watchdog, 3 repeats; --full: every primitive\n"
     "  at 1, 2, 4, 8, 16, 32 blocks per SM, 5 s watchdog, 5 repeats.  Options as for run.\n"},
    {"run", GS_CMD_RUN,
     "usage: gsync-bench run PRIM[,PRIM...] [OPTIONS]\n"
     "  the primitives named (a family name: mutex, sem, barrier, local, relaxed stands for all of it) over\n"
     "  --tbs-per-sm LIST or --tbs N; every point verified: PASS, FAIL (first mismatch) or TIMEOUT.\n"
     "  --wrap: every counter starts near 2^32, so that the same checks run across its wrap.\n"
     "  'gsync-bench list' names them all; 'gsync-bench --help' lists the options.\n"},
    {"list", GS_CMD_LIST, "usage: gsync-bench list\n  every primitive: its family, its origin and what it is.\n"},
    {"floor", GS_CMD_FLOOR,
     "usage: gsync-bench floor [--format F] [--device N]\n"
     "  what no primitive can beat on this GPU: atomic and acquire round trips, hand-overs between\n"
     "  blocks, the cluster barrier, kernel relaunch from a stream and a graph.\n"},
    {"decompose", GS_CMD_DECOMPOSE,
     "usage: gsync-bench decompose [--iters N] [--threads N] [--format F] [--device N]\n"
     "  Feng and Xiao's split of a lock-based barrier's time into atomic, checking, __syncthreads\n"
     "  and fence, at block counts from 1 to the device's most.\n"},
    {"plain", GS_CMD_PLAIN,
     "usage: gsync-bench plain [--tbs-per-sm LIST] [--iters N] [--repeat N] [--threads N] [--format F]\n"
     "  gsBarrier as a user's kernel calls it (a plain build, the plan's form) beside grid.sync(),\n"
     "  cuda::barrier and an unordered counter barrier, in interleaved rounds.\n"},
    {"tune", GS_CMD_TUNE,
     "usage: gsync-bench tune [--tbs-per-sm LIST] [--iters N] [--repeat N] [--threads N] [--format F]\n"
     "  every form of gsBarrier at each point, the fastest marked, and the chooser's thresholds they\n"
     "  suggest for src/lib/barrier_plan.c.\n"},
    {"app", GS_CMD_APP,
     "usage: gsync-bench app PROGRAM[,PROGRAM...]|all [--sync MODE[,MODE...]] [--graph SPEC]\n"
     "                       [--tbs-per-sm LIST] [--threads N] [--repeat N] [--timeout S] [--format F]\n"
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
     "  --tbs-per-sm  1,2,4,8,16 by default; --threads 64 by default.\n"},
    {"litmus", GS_CMD_LITMUS,
     "usage: gsync-bench litmus [--shape LIST|all] [--order LIST|all] [--iters N] [--stress on|off]\n"
     "                          [--timeout S] [--format F] [--device N]\n"
     "  litmus tests of gsync's ordering layer (include/gsync/ptx.cuh): each role of a shape in a\n"
     "  block of its own SM, thousands of instances a launch, every outcome counted.  A weak outcome\n"
     "  that the PTX memory model forbids for the order is a FAIL (exit 1); an allowed one is\n"
     "  counted (docs/litmus.md).\n"
     "  --shape   MP, SB, LB, IRIW; MP through the library's publish patterns: MPfence\n"
     "            (fence.release, fence.acquire), MPatomOr (the queue's atom.release.or), MPcluster\n"
     "            (st.release/ld.acquire.cluster in a cluster peer's shared memory; SKIP before sm_90),\n"
     "            MPsyncwarp (a lane's store, __syncwarp, another lane's release); all: these eight.\n"
     "            Broken twins, which must FAIL: MPbrokenAcquire (MP acqrel, relaxed flag load),\n"
     "            MPfenceBroken and MPatomOrBroken (no fence.acquire), MPclusterBroken (.cta scope),\n"
     "            MPsyncwarpBroken (no __syncwarp)\n"
     "  --order   relaxed (ld/st.relaxed.gpu), acqrel (st.release.gpu, ld.acquire.gpu),\n"
     "            sc (relaxed accesses, fence.sc.gpu between a thread's two) (all: these); the\n"
     "            publish patterns and the twins run with acqrel only\n"
     "  --iters   iterations of each shape and order, at least; 1000 to 1000000000 (1000000)\n"
     "  --stress  on: the other warps of each block hammer unrelated lines with stores and\n"
     "            atomics; off: they idle (on)\n"
     "  --timeout watchdog deadline per launch in seconds (5)\n"},
    {"server", GS_CMD_SERVER,
     "usage: gsync-bench server WORKLOAD[,WORKLOAD...]|all [--way LIST] [--share LIST] [--items LIST]\n"
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
     "            handles each run), serverLF (a leader warp hands chunks to follower warps); queue:\n"
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
     "  --threads 256 by default\n"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

void gs_print_usage(FILE *f, enum gs_command topic)
{
    for (size_t i = 0; i < NCOMMANDS; ++i)
        if (commands[i].cmd == topic) {
            fputs(commands[i].usage, f);
            return;
        }
    fputs(usage, f);
    for (size_t i = 0; i < gs_nfamilies; ++i)
        fputs(gs_families[i]->help, f);
}

/* `help TOPIC`: the command's usage; an unknown topic is an error. */
static int help_topic(const char *topic, gs_options *o, char *err, size_t n)
{
    o->cmd = GS_CMD_HELP;
    o->help_topic = GS_CMD_HELP;
    if (!topic)
        return GS_EXIT_OK;
    for (size_t i = 0; i < NCOMMANDS; ++i)
        if (strcmp(topic, commands[i].name) == 0) {
            o->help_topic = commands[i].cmd;
            return GS_EXIT_OK;
        }
    return fail(err, n, "unknown help topic '%s' (one of suite, run, list, floor, decompose, plain, tune, app, litmus, server)%s", topic,
                "");
}

void gs_options_default(gs_options *o)
{
    memset(o, 0, sizeof *o);
    for (size_t f = 0; f < gs_nfamilies; ++f)
        if (gs_families[f]->reset_options)
            gs_families[f]->reset_options();
    gs_app_reset_options();
    gs_litmus_reset_options();
    gs_srv_reset_options();
    o->cmd = GS_CMD_SUITE;
    o->ldst = 10;
    o->iters = 0; /* the family's default */
    o->repeat = 5;
    o->threads = 32;
    o->timeout_s = 5.0;
    o->format = GS_FORMAT_TABLE;
}

int gs_parse_uint(const char *s, unsigned int min, unsigned int max, unsigned int *out)
{
    unsigned long long v = 0;
    const char *p = s;
    if (!*p)
        return -1;
    for (; *p; ++p) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (unsigned)(*p - '0');
        if (v > 0xffffffffull)
            return -1;
    }
    if (v < min || v > max)
        return -1;
    *out = (unsigned int)v;
    return 0;
}

/* A command-line string as messages show it: control characters and
 * non-ASCII bytes as \xNN, at most 200 bytes of it then "...".  Rotates over
 * four buffers, so that one message can show up to four. */
int gs_parse_names(const char *what, const char *arg, const char *const *names, unsigned int count, unsigned int all,
                   unsigned int *out, int *nout, char *err, size_t n)
{
    char item[64];
    const char *p = arg;
    *nout = 0;
    if (strcasecmp(arg, "all") == 0) {
        for (unsigned int i = 0; i < all; ++i)
            out[(*nout)++] = i;
        return 0;
    }
    for (;;) {
        const char *comma = strchr(p, ',');
        const size_t len = comma ? (size_t)(comma - p) : strlen(p);
        unsigned int i;
        if (len == 0 || len >= sizeof item) {
            snprintf(err, n, "%s '%s' has an empty or overlong item", what, gs_escape(arg));
            return -1;
        }
        memcpy(item, p, len);
        item[len] = 0;
        for (i = 0; i < count && strcasecmp(item, names[i]) != 0; ++i)
            ;
        if (i == count) {
            int k = snprintf(err, n, "%s '%s' is not one of", what, gs_escape(item));
            for (unsigned int j = 0; j < count && k > 0 && (size_t)k < n; ++j)
                k += snprintf(err + k, n - (size_t)k, "%s %s", j ? "," : "", names[j]);
            if (k > 0 && (size_t)k < n)
                snprintf(err + k, n - (size_t)k, ", all");
            return -1;
        }
        for (int j = 0; j < *nout; ++j)
            if (out[j] == i) {
                snprintf(err, n, "%s: '%s' is named twice", what, names[i]);
                return -1;
            }
        out[(*nout)++] = i;
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

int gs_cmd_option_take(const gs_cmd_option *table, unsigned int count, const char *name, const char *value,
                       unsigned int *given, int (*parse)(const char *, const char *, char *, size_t), char *err,
                       size_t n)
{
    unsigned int k = 0;
    while (k < count && strcmp(name, table[k].name))
        ++k;
    if (k == count || !value)
        return k < count;
    const int rc = parse(name, value, err, n);
    if (rc == 1)
        *given |= 1u << k;
    return rc;
}

int gs_cmd_option_misplaced(const gs_cmd_option *table, unsigned int count, unsigned int given, unsigned int asked,
                            const char *const *mode_names, unsigned int modes, char *names, size_t n)
{
    for (unsigned int k = 0; k < count; ++k)
        if ((given >> k & 1u) && table[k].applies && !(table[k].applies & asked)) {
            size_t len = 0;
            names[0] = 0;
            for (unsigned int m = 0; m < modes && len < n; ++m)
                if (table[k].applies >> m & 1u)
                    len += (size_t)snprintf(names + len, n - len, "%s%s", len ? ", " : "", mode_names[m]);
            return (int)k;
        }
    return -1;
}

const char *gs_escape(const char *s)
{
    static char bufs[4][4 * 200 + 8];
    static int next;
    char *out = bufs[next++ & 3], *o = out;
    size_t i;
    for (i = 0; s[i] && i < 200; ++i) {
        const unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c >= 0x7f)
            o += sprintf(o, "\\x%02x", c);
        else
            *o++ = (char)c;
    }
    strcpy(o, s[i] ? "..." : "");
    return out;
}

static int fail(char *err, size_t n, const char *fmt, const char *a, const char *b)
{
    snprintf(err, n, fmt, gs_escape(a), gs_escape(b));
    return GS_EXIT_USAGE;
}

/* The options every command shares, and which of them each command takes. */
static const char *const shared_options[] = {"--ldst",   "--tbs",     "--tbs-per-sm", "--iters", "--repeat",
                                             "--threads", "--timeout", "--format",     "--device"};
#define SHARED(x) (1u << (x))
enum { SH_LDST, SH_TBS, SH_TBS_PER_SM, SH_ITERS, SH_REPEAT, SH_THREADS, SH_TIMEOUT, SH_FORMAT, SH_DEVICE };
static int shared_option_applies(enum gs_command cmd, const char *name)
{
    const unsigned int out = SHARED(SH_FORMAT) | SHARED(SH_DEVICE);
    unsigned int takes, k = 0;
    switch (cmd) {
    case GS_CMD_FLOOR: /* the device's own floor: nothing to size */
        takes = out;
        break;
    case GS_CMD_DECOMPOSE: /* its own block counts; iterations, block size and deadline */
        takes = out | SHARED(SH_ITERS) | SHARED(SH_THREADS) | SHARED(SH_TIMEOUT);
        break;
    case GS_CMD_PLAIN: /* a plain build: no watchdog, so no deadline */
    case GS_CMD_TUNE:
        takes = out | SHARED(SH_TBS) | SHARED(SH_TBS_PER_SM) | SHARED(SH_ITERS) | SHARED(SH_REPEAT) |
                SHARED(SH_THREADS);
        break;
    case GS_CMD_APP: /* a program's size is its input's; it runs to the end */
        takes = out | SHARED(SH_TBS_PER_SM) | SHARED(SH_REPEAT) | SHARED(SH_THREADS) | SHARED(SH_TIMEOUT);
        break;
    case GS_CMD_LITMUS: /* one block an SM, iterations its own option */
        takes = out | SHARED(SH_TIMEOUT);
        break;
    case GS_CMD_SERVER: /* --ops, not --iters or --ldst */
        takes = out | SHARED(SH_TBS) | SHARED(SH_TBS_PER_SM) | SHARED(SH_REPEAT) | SHARED(SH_THREADS) |
                SHARED(SH_TIMEOUT);
        break;
    default:
        return 1;
    }
    while (k < sizeof shared_options / sizeof shared_options[0] && strcmp(name, shared_options[k]))
        ++k;
    return k == sizeof shared_options / sizeof shared_options[0] || (takes >> k & 1u);
}

static const char *command_name(enum gs_command cmd)
{
    for (size_t i = 0; i < NCOMMANDS; ++i)
        if (commands[i].cmd == cmd)
            return commands[i].name;
    return "";
}

static int bad_number(char *err, size_t n, const char *opt, const char *val, unsigned min, unsigned max)
{
    snprintf(err, n, "%s '%s' is not a whole number from %u to %u", gs_escape(opt), gs_escape(val), min, max);
    return GS_EXIT_USAGE;
}

static int unknown_prim(const char *name, char *err, size_t n)
{
    const char *near[3];
    int k = gs_prim_suggest(name, near, 3), i;
    size_t len = (size_t)snprintf(err, n, "unknown primitive '%s'", gs_escape(name));
    for (i = 0; i < k && len < n; ++i)
        len += (size_t)snprintf(err + len, n - len, "%s%s", i ? ", " : "; did you mean ", near[i]);
    if (len < n)
        snprintf(err + len, n - len, "%s", k ? "? ('gsync-bench list' shows all)" : " ('gsync-bench list' shows all)");
    return GS_EXIT_USAGE;
}

static int parse_prims(const char *arg, gs_options *o, char *err, size_t n)
{
    char buf[512];
    char *tok, *save = NULL;
    if (strlen(arg) >= sizeof buf)
        return fail(err, n, "primitive list too long%s%s", "", "");
    if (!arg[0] || arg[0] == ',' || arg[strlen(arg) - 1] == ',' || strstr(arg, ",,"))
        return fail(err, n, "'%s' has an empty item: name primitives or families separated by commas%s", arg, "");
    strcpy(buf, arg);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        const gs_family *f = gs_family_find(tok); /* a family name stands for all its members */
        const gs_prim *p = f ? NULL : gs_prim_find(tok);
        const size_t count = f ? f->nprims : 1u;
        if (!f && !p)
            return unknown_prim(tok, err, n);
        if (o->nprims + count > GS_MAX_LIST)
            return fail(err, n, "at most 64 primitives in one run%s%s", "", "");
        for (size_t i = 0; i < count; ++i) {
            const gs_prim *q = f ? &f->prims[i] : p;
            for (int k = 0; k < o->nprims; ++k)
                if (o->prims[k] == q)
                    return fail(err, n, "%s is named twice in '%s'", q->name, arg);
            o->prims[o->nprims++] = q;
        }
    }
    if (o->nprims == 0)
        return fail(err, n, "no primitive named in '%s'%s", arg, "");
    return GS_EXIT_OK;
}

static int parse_tbs_list(const char *arg, gs_options *o, char *err, size_t n)
{
    char buf[512];
    char *tok, *save = NULL;
    if (strlen(arg) >= sizeof buf)
        return fail(err, n, "--tbs-per-sm list too long%s%s", "", "");
    if (arg[0] == ',' || strstr(arg, ",,"))
        return fail(err, n, "--tbs-per-sm '%s' is not a comma-separated list of numbers%s", arg, "");
    strcpy(buf, arg);
    o->ntbs_per_sm = 0;
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (o->ntbs_per_sm == GS_MAX_LIST)
            return fail(err, n, "--tbs-per-sm takes at most 64 values%s%s", "", "");
        if (gs_parse_uint(tok, 1, 1024, &o->tbs_per_sm[o->ntbs_per_sm]))
            return bad_number(err, n, "--tbs-per-sm", tok, 1, 1024);
        o->ntbs_per_sm++;
    }
    if (o->ntbs_per_sm == 0 || arg[strlen(arg) - 1] == ',')
        return fail(err, n, "--tbs-per-sm '%s' is not a comma-separated list of numbers%s", arg, "");
    return GS_EXIT_OK;
}

static int parse_timeout(const char *arg, double *out, char *err, size_t n)
{
    char *end;
    double v;
    const size_t digits = strspn(arg, "0123456789.");
    const char *dot = strchr(arg, '.');
    errno = 0;
    v = strtod(arg, &end);
    if (!*arg || *end || errno || digits != strlen(arg) || (dot && strchr(dot + 1, '.')) || !(v >= 0.001 && v <= 3600.0))
        return fail(err, n, "--timeout '%s' is not a number of seconds from 0.001 to 3600%s", arg, "");
    *out = v;
    return GS_EXIT_OK;
}

/* One option with its value; *i is advanced past what was used. */
static int parse_option(int argc, char **argv, int *i, gs_options *o, char *err, size_t n)
{
    char name[256];
    const char *arg = argv[*i], *val, *eq = strchr(arg, '=');
    unsigned int dev;
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
        o->help_topic = *i > 1 ? o->cmd : GS_CMD_HELP; /* after a command word: that command's help */
        o->cmd = GS_CMD_HELP;
        return GS_EXIT_OK;
    }
    if (strncmp(arg, "--help=", 7) == 0 || strncmp(arg, "--version=", 10) == 0 || strncmp(arg, "--full=", 7) == 0 ||
        strncmp(arg, "--wrap=", 7) == 0)
        return fail(err, n, "'%s' takes no value%s", arg, "");
    if (strcmp(arg, "--version") == 0) {
        o->cmd = GS_CMD_VERSION;
        return GS_EXIT_OK;
    }
    if (strcmp(arg, "--full") == 0) {
        if (o->cmd != GS_CMD_SUITE)
            return fail(err, n, "--full applies to 'gsync-bench suite' only%s%s", "", "");
        o->full = 1;
        return GS_EXIT_OK;
    }
    if (strcmp(arg, "--wrap") == 0) {
        if (o->cmd != GS_CMD_RUN && o->cmd != GS_CMD_SERVER)
            return fail(err, n, "--wrap applies to 'gsync-bench run' and 'gsync-bench server' only%s%s", "", "");
        o->wrap = 1;
        return GS_EXIT_OK;
    }
    if (eq) {
        size_t len = (size_t)(eq - arg);
        if (len >= sizeof name)
            return fail(err, n, "unknown option '%s' (see 'gsync-bench --help')%s", arg, "");
        memcpy(name, arg, len);
        name[len] = 0;
        val = eq + 1;
    } else {
        snprintf(name, sizeof name, "%s", arg);
        if (*i + 1 >= argc)
            val = NULL;
        else
            val = argv[*i + 1];
    }
#define IS(opt) (strcmp(name, opt) == 0)
    const int ours = IS("--ldst") || IS("--tbs") || IS("--tbs-per-sm") || IS("--iters") || IS("--repeat") ||
                     IS("--threads") || IS("--timeout") || IS("--format") || IS("--device");
    if (!ours && o->cmd == GS_CMD_APP && gs_app_option(name, NULL, err, n) == 1) {
        if (!val)
            return fail(err, n, "%s needs a value%s", name, "");
        if (!eq)
            ++*i;
        return gs_app_option(name, val, err, n) < 0 ? GS_EXIT_USAGE : GS_EXIT_OK;
    }
    if (o->cmd == GS_CMD_LITMUS && gs_litmus_option(name, NULL, err, n) == 1) {
        if (!val)
            return fail(err, n, "%s needs a value%s", name, "");
        if (!eq)
            ++*i;
        return gs_litmus_option(name, val, err, n) < 0 ? GS_EXIT_USAGE : GS_EXIT_OK;
    }
    if (o->cmd == GS_CMD_SERVER && gs_srv_option(name, NULL, err, n) == 1) {
        if (!val)
            return fail(err, n, "%s needs a value%s", name, "");
        if (!eq)
            ++*i;
        return gs_srv_option(name, val, err, n) < 0 ? GS_EXIT_USAGE : GS_EXIT_OK;
    }
    if (ours && !shared_option_applies(o->cmd, name)) {
        const char *cmd = command_name(o->cmd);
        snprintf(err, n, "%s does not apply to 'gsync-bench %s' (see 'gsync-bench %s --help')", gs_escape(name), cmd,
                 cmd);
        return GS_EXIT_USAGE;
    }
    size_t f;
    for (f = 0; !ours && f < gs_nfamilies; ++f) /* a family's own option? */
        if (gs_families[f]->option && gs_families[f]->option(name, NULL, err, n) == 1)
            break;
    if (!ours && f == gs_nfamilies && gs_app_option(name, NULL, err, n) == 1)
        return fail(err, n, "%s applies to 'gsync-bench app' only%s", name, "");
    if (!ours && f == gs_nfamilies && gs_litmus_option(name, NULL, err, n) == 1)
        return fail(err, n, "%s applies to 'gsync-bench litmus' only%s", name, "");
    if (!ours && f == gs_nfamilies && gs_srv_option(name, NULL, err, n) == 1)
        return fail(err, n, "%s applies to 'gsync-bench server' only%s", name, "");
    if (!ours && f == gs_nfamilies)
        return fail(err, n, "unknown option '%s' (see 'gsync-bench --help')%s", name, "");
    if (!val)
        return fail(err, n, "%s needs a value%s", name, "");
    if (!eq)
        ++*i;
    if (!ours) {
        if (o->nfamily_options == GS_MAX_FAMILY_OPTIONS)
            return fail(err, n, "too many family options, at most sixteen%s%s", "", "");
        o->family_option[o->nfamily_options] = gs_families[f];
        snprintf(o->family_option_name[o->nfamily_options++], sizeof o->family_option_name[0], "%s", name);
        return gs_families[f]->option(name, val, err, n) < 0 ? GS_EXIT_USAGE : GS_EXIT_OK;
    }
    if (IS("--ldst"))
        return gs_parse_uint(val, 0, GS_MAX_LDST, &o->ldst) ? bad_number(err, n, name, val, 0, GS_MAX_LDST) : 0;
    if (IS("--iters"))
        return gs_parse_uint(val, 1, 1000000, &o->iters) ? bad_number(err, n, name, val, 1, 1000000) : 0;
    if (IS("--repeat")) {
        o->repeat_given = 1;
        return gs_parse_uint(val, 1, 1000, &o->repeat) ? bad_number(err, n, name, val, 1, 1000) : 0;
    }
    if (IS("--tbs"))
        return gs_parse_uint(val, 1, 1000000, &o->tbs) ? bad_number(err, n, name, val, 1, 1000000) : 0;
    if (IS("--tbs-per-sm"))
        return parse_tbs_list(val, o, err, n);
    if (IS("--timeout")) {
        o->timeout_given = 1;
        return parse_timeout(val, &o->timeout_s, err, n);
    }
    if (IS("--device")) {
        if (gs_parse_uint(val, 0, 1023, &dev))
            return bad_number(err, n, name, val, 0, 1023);
        o->device = (int)dev;
        return GS_EXIT_OK;
    }
    if (IS("--threads")) {
        o->threads_given = 1;
        if (gs_parse_uint(val, 32, GS_MAX_THREADS, &o->threads) || o->threads % 32)
            return fail(err, n, "--threads '%s' must be a multiple of 32 from 32 to 1024%s", val, "");
        return GS_EXIT_OK;
    }
    if (strcmp(val, "table") == 0)
        o->format = GS_FORMAT_TABLE;
    else if (strcmp(val, "csv") == 0)
        o->format = GS_FORMAT_CSV;
    else if (strcmp(val, "json") == 0)
        o->format = GS_FORMAT_JSON;
    else
        return fail(err, n, "--format '%s' is not one of table, csv, json%s", val, "");
    return GS_EXIT_OK;
#undef IS
}

/* A family's own option applies to runs that include that family. */
static int check_family_option(const gs_options *o, char *err, size_t n)
{
    for (int i = 0; i < o->nfamily_options; ++i) {
        int used = o->cmd == GS_CMD_SUITE && o->nprims == 0;
        for (int k = 0; k < o->nprims && !used; ++k)
            used = o->prims[k]->family == o->family_option[i];
        if (!used || (o->cmd != GS_CMD_RUN && o->cmd != GS_CMD_SUITE)) {
            snprintf(err, n, "%s applies to runs of the %s family (gsync-bench run %s ...)",
                     gs_escape(o->family_option_name[i]), o->family_option[i]->name, o->family_option[i]->name);
            return GS_EXIT_USAGE;
        }
    }
    return GS_EXIT_OK;
}

/* Each primitive named, through its family's check on what the options
 * alone say (--ldst, --tbs, --threads; no device yet: sm_count 0, blocks 0
 * when a sweep will choose them), so that a point it cannot run is refused
 * before any device is opened.  The plan checks each point again. */
static int check_points(const gs_options *o, char *err, size_t n)
{
    for (int k = 0; k < o->nprims; ++k) {
        const gs_prim *p = o->prims[k];
        gs_config c;
        memset(&c, 0, sizeof c);
        c.prim = p, c.ldst = o->ldst, c.threads = gs_plan_threads(o, p), c.blocks = o->tbs;
        c.iters = o->iters, c.repeat = o->repeat, c.wrap = o->wrap;
        if (p->family->check && p->family->check(&c, err, n))
            return GS_EXIT_USAGE;
    }
    return GS_EXIT_OK;
}

static int parse_heterosync(char **argv, gs_options *o, char *err, size_t n)
{
    int rc = parse_prims(argv[1], o, err, n);
    if (rc)
        return rc;
    if (o->nprims != 1)
        return fail(err, n, "HeteroSync's form takes one primitive%s%s", "", "");
    if (gs_parse_uint(argv[2], 1, GS_MAX_LDST, &o->ldst))
        return bad_number(err, n, "numLdSt", argv[2], 1, GS_MAX_LDST);
    if (gs_parse_uint(argv[3], 1, 1000000, &o->tbs))
        return bad_number(err, n, "numTBs", argv[3], 1, 1000000);
    if (gs_parse_uint(argv[4], 1, 1000000, &o->iters))
        return bad_number(err, n, "numCSIters", argv[4], 1, 1000000);
    o->cmd = GS_CMD_RUN;
    o->heterosync_form = 1;
    return GS_EXIT_OK;
}

int gs_parse_args(int argc, char **argv, gs_options *o, char *err, size_t n)
{
    int i = 1, rc;
    gs_options_default(o);
    err[0] = 0;
    if (argc > 1 && argv[1][0] != '-') {
        const char *cmd = argv[1];
        if (strcmp(cmd, "list") == 0) {
            o->cmd = GS_CMD_LIST;
            if (argc == 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0))
                return help_topic("list", o, err, n);
            if (argc > 2)
                return fail(err, n, "'list' takes no arguments, got '%s'%s", argv[2], "");
            return GS_EXIT_OK;
        } else if (strcmp(cmd, "help") == 0) {
            if (argc > 3)
                return fail(err, n, "'help' takes one topic, got '%s' too%s", argv[3], "");
            return help_topic(argc > 2 ? argv[2] : NULL, o, err, n);
        } else if (strcmp(cmd, "suite") == 0) {
            i = 2;
        } else if (strcmp(cmd, "floor") == 0) {
            o->cmd = GS_CMD_FLOOR;
            i = 2;
        } else if (strcmp(cmd, "decompose") == 0) {
            o->cmd = GS_CMD_DECOMPOSE;
            i = 2;
        } else if (strcmp(cmd, "plain") == 0) {
            o->cmd = GS_CMD_PLAIN;
            i = 2;
        } else if (strcmp(cmd, "tune") == 0) {
            o->cmd = GS_CMD_TUNE;
            i = 2;
        } else if (strcmp(cmd, "app") == 0) {
            if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0))
                return help_topic("app", o, err, n);
            if (argc < 3 || argv[2][0] == '-')
                return fail(err, n, "'app' needs a program, e.g. 'gsync-bench app bfs' (see 'gsync-bench app --help')%s%s",
                            "", "");
            if (gs_app_parse_programs(argv[2], err, n))
                return GS_EXIT_USAGE;
            o->cmd = GS_CMD_APP;
            i = 3;
        } else if (strcmp(cmd, "litmus") == 0) {
            o->cmd = GS_CMD_LITMUS;
            i = 2;
        } else if (strcmp(cmd, "server") == 0) {
            if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0))
                return help_topic("server", o, err, n);
            if (argc < 3 || argv[2][0] == '-')
                return fail(err, n, "'server' needs a workload, e.g. 'gsync-bench server counters' (see 'gsync-bench server --help')%s%s",
                            "", "");
            if (gs_srv_parse_workloads(argv[2], err, n))
                return GS_EXIT_USAGE;
            o->cmd = GS_CMD_SERVER;
            i = 3;
        } else if (strcmp(cmd, "run") == 0) {
            if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0))
                return help_topic("run", o, err, n);
            if (argc < 3 || argv[2][0] == '-')
                return fail(err, n, "'run' needs a primitive name, e.g. 'gsync-bench run ticketMutex'%s%s", "", "");
            if ((rc = parse_prims(argv[2], o, err, n)))
                return rc;
            o->cmd = GS_CMD_RUN;
            i = 3;
        } else if (argc == 5) {
            return parse_heterosync(argv, o, err, n);
        } else if (gs_prim_find(cmd)) {
            return fail(err, n, "HeteroSync's form is 'gsync-bench %s <numLdSt> <numTBs> <numCSIters>'%s", cmd, "");
        } else {
            static const char *const commands[] = {"suite", "run",    "list",   "floor", "decompose", "plain",
                                                   "tune",  "app",    "litmus", "server", "help"};
            const char *near = gs_word_suggest(cmd, commands, sizeof commands / sizeof commands[0]);
            char tmp[400];
            if (near)
                return fail(err, n, "unknown command '%s'; did you mean %s? ('gsync-bench --help' lists them)", cmd,
                            near);
            unknown_prim(cmd, tmp, sizeof tmp);
            return fail(err, n, "unknown command or %s", tmp + strlen("unknown "), "");
        }
    }
    for (; i < argc; ++i) {
        if (argv[i][0] != '-' || argv[i][1] != '-') {
            if (strcmp(argv[i], "-h") == 0) {
                o->help_topic = i > 1 ? o->cmd : GS_CMD_HELP;
                o->cmd = GS_CMD_HELP;
                return GS_EXIT_OK;
            }
            return fail(err, n, "unexpected argument '%s' (see 'gsync-bench --help')%s", argv[i], "");
        }
        if ((rc = parse_option(argc, argv, &i, o, err, n)))
            return rc;
        if (o->cmd == GS_CMD_HELP || o->cmd == GS_CMD_VERSION)
            return GS_EXIT_OK;
    }
    if (o->tbs && o->ntbs_per_sm)
        return fail(err, n, "--tbs and --tbs-per-sm exclude each other%s%s", "", "");
    if (o->cmd == GS_CMD_APP) {
        if (!o->threads_given)
            o->threads = 64;
        if (!o->repeat_given)
            o->repeat = 3;
        if (gs_app_check(o->repeat, err, n))
            return GS_EXIT_USAGE;
    }
    if (o->cmd == GS_CMD_LITMUS && gs_litmus_check(err, n))
        return GS_EXIT_USAGE;
    if (o->cmd == GS_CMD_SERVER && gs_srv_check(o, err, n))
        return GS_EXIT_USAGE;
    if (o->cmd == GS_CMD_SUITE && !o->full) { /* the quick suite: shorter deadlines, fewer repeats */
        o->quick = 1;
        if (!o->timeout_given)
            o->timeout_s = 2.0;
        if (!o->repeat_given)
            o->repeat = 3;
    }
    if ((rc = check_family_option(o, err, n)))
        return rc;
    return check_points(o, err, n);
}
