#include "cli.h"
#include "gsync_bench.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: gsync-bench [suite] [OPTIONS]        the quick suite: each family's headline primitives at 1, 8\n"
    "                                             and the most blocks per SM, livelocks stopped after 2 s\n"
    "       gsync-bench suite --full [OPTIONS]    every primitive over 1, 2, 4, 8, 16, 32 blocks per SM\n"
    "       gsync-bench run PRIM[,PRIM...] [OPTIONS]   (a family name stands for all of it)\n"
    "       gsync-bench list\n"
    "       gsync-bench floor [--format F] [--device N]   what no primitive can beat on this GPU\n"
    "       gsync-bench decompose [--iters N] [--threads N] [--format F]   Feng and Xiao's barrier cost terms\n"
    "       gsync-bench plain [OPTIONS]   gsBarrier as a user calls it, beside grid.sync(), cuda::barrier\n"
    "                                     and an unordered counter (a build without the watchdog)\n"
    "       gsync-bench tune [OPTIONS]    every form of gsBarrier at each point: the chooser's thresholds\n"
    "       gsync-bench <syncPrim> <numLdSt> <numTBs> <numCSIters>   (HeteroSync's form)\n"
    "options:\n"
    "  --ldst N            loads and stores per thread per critical section (10);\n"
    "                      0 with barriers: time the bare barrier\n"
    "  --tbs N             total blocks (instead of --tbs-per-sm)\n"
    "  --tbs-per-sm LIST   blocks per SM, e.g. 1,2,4 (1,2,4,8,16,32 capped by the device)\n"
    "  --iters N           critical sections per block (20), barrier episodes (2000)\n"
    "  --repeat N          timed launches; the median is reported (5)\n"
    "  --threads N         threads per block, a multiple of 32 (32)\n"
    "  --timeout S         watchdog deadline per launch in seconds (5)\n"
    "  --format F          table, csv or json (table)\n"
    "  --device N          CUDA device (0)\n";

void gs_print_usage(FILE *f)
{
    fputs(usage, f);
    for (size_t i = 0; i < gs_nfamilies; ++i)
        fputs(gs_families[i]->help, f);
}

void gs_options_default(gs_options *o)
{
    memset(o, 0, sizeof *o);
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

static int fail(char *err, size_t n, const char *fmt, const char *a, const char *b)
{
    snprintf(err, n, fmt, a, b);
    return GS_EXIT_USAGE;
}

static int bad_number(char *err, size_t n, const char *opt, const char *val, unsigned min, unsigned max)
{
    snprintf(err, n, "%s '%s' is not a whole number from %u to %u", opt, val, min, max);
    return GS_EXIT_USAGE;
}

static int unknown_prim(const char *name, char *err, size_t n)
{
    const char *near[3];
    int k = gs_prim_suggest(name, near, 3), i;
    size_t len = (size_t)snprintf(err, n, "unknown primitive '%s'", name);
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
    strcpy(buf, arg);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        const gs_family *f = gs_family_find(tok); /* a family name stands for all its members */
        const gs_prim *p = f ? NULL : gs_prim_find(tok);
        const size_t count = f ? f->nprims : 1u;
        if (!f && !p)
            return unknown_prim(tok, err, n);
        if (o->nprims + count > GS_MAX_LIST)
            return fail(err, n, "at most 64 primitives in one run%s%s", "", "");
        for (size_t i = 0; i < count; ++i)
            o->prims[o->nprims++] = f ? &f->prims[i] : p;
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
            return fail(err, n, "--tbs-per-sm takes at most 32 values%s%s", "", "");
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
    errno = 0;
    v = strtod(arg, &end);
    if (!*arg || *end || errno || !(v >= 0.001 && v <= 3600.0))
        return fail(err, n, "--timeout '%s' is not a number of seconds from 0.001 to 3600%s", arg, "");
    *out = v;
    return GS_EXIT_OK;
}

/* One option with its value; *i is advanced past what was used. */
static int parse_option(int argc, char **argv, int *i, gs_options *o, char *err, size_t n)
{
    char name[64];
    const char *arg = argv[*i], *val, *eq = strchr(arg, '=');
    unsigned int dev;
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
        o->cmd = GS_CMD_HELP;
        return GS_EXIT_OK;
    }
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
    if (eq) {
        size_t len = (size_t)(eq - arg);
        if (len >= sizeof name)
            return fail(err, n, "unknown option '%s'%s", arg, "");
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
    size_t f;
    for (f = 0; !ours && f < gs_nfamilies; ++f) /* a family's own option? */
        if (gs_families[f]->option && gs_families[f]->option(name, NULL, err, n) == 1)
            break;
    if (!ours && f == gs_nfamilies)
        return fail(err, n, "unknown option '%s' (see 'gsync-bench --help')%s", name, "");
    if (!val)
        return fail(err, n, "%s needs a value%s", name, "");
    if (!eq)
        ++*i;
    if (!ours) {
        o->family_option = gs_families[f];
        snprintf(o->family_option_name, sizeof o->family_option_name, "%s", name);
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
    int used = o->cmd == GS_CMD_SUITE && o->nprims == 0;
    if (!o->family_option)
        return GS_EXIT_OK;
    for (int k = 0; k < o->nprims && !used; ++k)
        used = o->prims[k]->family == o->family_option;
    if (o->cmd != GS_CMD_RUN && o->cmd != GS_CMD_SUITE)
        used = 0;
    if (!used) {
        snprintf(err, n, "%s applies to runs of the %s family (gsync-bench run %s ...)", o->family_option_name,
                 o->family_option->name, o->family_option->name);
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
            if (argc > 2)
                return fail(err, n, "'list' takes no arguments, got '%s'%s", argv[2], "");
            return GS_EXIT_OK;
        } else if (strcmp(cmd, "help") == 0) {
            o->cmd = GS_CMD_HELP;
            return GS_EXIT_OK;
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
        } else if (strcmp(cmd, "run") == 0) {
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
            char tmp[400];
            unknown_prim(cmd, tmp, sizeof tmp);
            return fail(err, n, "unknown command or %s", tmp + strlen("unknown "), "");
        }
    }
    for (; i < argc; ++i) {
        if (argv[i][0] != '-' || argv[i][1] != '-') {
            if (strcmp(argv[i], "-h") == 0) {
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
    if (o->cmd == GS_CMD_SUITE && !o->full) { /* the quick suite: shorter deadlines, fewer repeats */
        o->quick = 1;
        if (!o->timeout_given)
            o->timeout_s = 2.0;
        if (!o->repeat_given)
            o->repeat = 3;
    }
    return check_family_option(o, err, n);
}
