/* run.c: the commands that run primitives: suite (the default), run (and
 * HeteroSync's positional form) and list. */
#include "families/run.h"
#include "core/device.h"
#include "core/gsync_bench.h"
#include "core/launch.h"
#include "probes/floor.h"
#include "families/plan.h"
#include "gsync/host.h"
#include "core/report.h"
#include "core/runner.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MAX_CONFIGS 4096
GS_OWN_FITS(gs_run_options);

static gs_run_options *own(gs_options *o)
{
    return GS_OWN(o, gs_run_options);
}

static int fail(char *err, size_t n, const char *msg, const char *a)
{
    snprintf(err, n, msg, gs_escape(a));
    return GS_EXIT_USAGE;
}

static size_t family_index(const gs_family *f)
{
    size_t i = 0;
    while (i < gs_nfamilies && gs_families[i] != f)
        ++i;
    return i;
}

static void defaults(gs_options *o);

const void *gs_run_family_opts(const gs_options *o, const gs_family *f)
{
    const size_t i = family_index(f);
    return o->cmd && o->cmd->defaults == defaults && i < GS_MAX_FAMILIES ? gs_run_own(o)->family_opts[i].bytes : NULL;
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

/* PRIM[,PRIM...]: a family name stands for all its members. */
static int parse_prims(gs_options *o, const char *arg, char *err, size_t n)
{
    gs_run_options *r = own(o);
    char buf[512];
    char *tok, *save = NULL;
    if (strlen(arg) >= sizeof buf)
        return fail(err, n, "primitive list too long%s", "");
    if (!arg[0] || arg[0] == ',' || arg[strlen(arg) - 1] == ',' || strstr(arg, ",,"))
        return fail(err, n, "'%s' has an empty item: name primitives or families separated by commas", arg);
    strcpy(buf, arg);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        const gs_family *f = gs_family_find(tok);
        const gs_prim *p = f ? NULL : gs_prim_find(tok);
        const size_t count = f ? f->nprims : 1u;
        if (!f && !p)
            return unknown_prim(tok, err, n);
        if (r->nprims + count > GS_MAX_LIST)
            return fail(err, n, "at most 64 primitives in one run%s", "");
        for (size_t i = 0; i < count; ++i) {
            const gs_prim *q = f ? &f->prims[i] : p;
            for (int k = 0; k < r->nprims; ++k)
                if (r->prims[k] == q) {
                    snprintf(err, n, "%s is named twice in '%s'", q->name, gs_escape(arg));
                    return GS_EXIT_USAGE;
                }
            r->prims[r->nprims++] = q;
        }
    }
    return GS_EXIT_OK;
}

/* The families' own options (--form, --cluster, --order, ...). */
static int family_option(gs_options *o, const char *name, const char *value, char *err, size_t n)
{
    const size_t families = gs_nfamilies < GS_MAX_FAMILIES ? gs_nfamilies : GS_MAX_FAMILIES;
    size_t f;
    for (f = 0; f < families; ++f)
        if (gs_families[f]->option && gs_families[f]->option(NULL, name, NULL, err, n) == 1)
            break;
    if (f == families || !value)
        return f < families;
    gs_run_options *r = own(o);
    if (r->nfamily_options == GS_MAX_FAMILY_OPTIONS) {
        fail(err, n, "too many family options, at most sixteen%s", "");
        return -1;
    }
    r->family_option[r->nfamily_options] = gs_families[f];
    snprintf(r->family_option_name[r->nfamily_options++], sizeof r->family_option_name[0], "%s", name);
    return gs_families[f]->option(r->family_opts[f].bytes, name, value, err, n) < 0 ? -1 : 1;
}

static size_t family_option_names(const char **out, size_t max)
{
    size_t count = 0;
    for (size_t f = 0; f < gs_nfamilies; ++f)
        for (const char *const *p = gs_families[f]->options; p && *p && count < max; ++p)
            out[count++] = *p;
    return count;
}

static void defaults(gs_options *o)
{
    for (size_t f = 0; f < gs_nfamilies && f < GS_MAX_FAMILIES; ++f)
        if (gs_families[f]->reset_options)
            gs_families[f]->reset_options(own(o)->family_opts[f].bytes);
}

/* A family's own option applies to runs that include that family; each
 * primitive named, through its family's check on what the options alone
 * say (no device yet: sm_count 0, blocks 0 when a sweep will choose them),
 * so that a point it cannot run is refused before any device is opened.
 * The plan checks each point again. */
static int check(gs_options *o, char *err, size_t n)
{
    gs_run_options *r = own(o);
    const int suite = o->cmd->implied;
    for (int i = 0; i < r->nfamily_options; ++i) {
        const gs_family *f = r->family_option[i];
        const char *name = r->family_option_name[i];
        int family = suite && r->nprims == 0, used = family;
        for (int k = 0; k < r->nprims && !used; ++k)
            if (r->prims[k]->family == f) {
                family = 1;
                used = !f->option_applies || f->option_applies(r->prims[k], name);
            }
        if (!family) {
            snprintf(err, n, "%s applies to runs of the %s family (gsync-bench run %s ...)", gs_escape(name), f->name,
                     f->name);
            return GS_EXIT_USAGE;
        }
        if (!used) {
            char takes[256];
            size_t len = 0;
            takes[0] = 0;
            for (size_t q = 0; q < f->nprims; ++q)
                if (f->option_applies(&f->prims[q], name))
                    len = gs_list_add(takes, sizeof takes, len, f->prims[q].name);
            snprintf(err, n, "%s changes none of the primitives asked (it applies to %s)", gs_escape(name), takes);
            return GS_EXIT_USAGE;
        }
    }
    if (o->wrap && r->nprims) { /* a counter to start near 2^32 in one primitive asked at least */
        char takes[384];
        size_t len = 0;
        int used = 0;
        takes[0] = 0;
        for (int k = 0; k < r->nprims; ++k)
            used |= (r->prims[k]->flags & GS_PRIM_WRAP) != 0;
        for (size_t q = 0; q < gs_prim_count() && !used; ++q) { /* those of their families */
            int asked_family = 0;
            for (int k = 0; k < r->nprims; ++k)
                asked_family |= gs_prim_at(q)->family == r->prims[k]->family;
            if (asked_family && (gs_prim_at(q)->flags & GS_PRIM_WRAP))
                len = gs_list_add(takes, sizeof takes, len, gs_prim_at(q)->name);
        }
        if (!used) {
            snprintf(err, n, "--wrap changes none of the primitives asked: they have no counter that wraps (in their "
                     "families: %s)", len ? takes : "none");
            return GS_EXIT_USAGE;
        }
    }
    if (suite && !r->full) { /* the quick suite: shorter deadlines, fewer repeats */
        r->quick = 1;
        if (!GS_GIVEN(o, TIMEOUT))
            o->timeout_s = 2.0;
        if (!GS_GIVEN(o, REPEAT))
            o->repeat = 3;
    }
    for (int k = 0; k < r->nprims; ++k) {
        const gs_prim *p = r->prims[k];
        gs_config c;
        memset(&c, 0, sizeof c);
        c.prim = p, c.ldst = o->ldst, c.threads = gs_plan_threads(o, p), c.blocks = o->tbs;
        c.iters = o->iters, c.repeat = o->repeat, c.wrap = o->wrap, c.fopt = gs_run_family_opts(o, p->family);
        if (p->family->check && p->family->check(&c, err, n))
            return GS_EXIT_USAGE;
    }
    return GS_EXIT_OK;
}

/* The quick suite's second try of a point that timed out: a tenth of the
 * iterations, the verifying launch as short, a quarter of the deadline.  A
 * PASS then replaces the TIMEOUT (a baseline too slow for the suite's
 * deadline, not a hang), except for a design published so that it may hang
 * (GS_PRIM_MAY_HANG), whose TIMEOUT is the finding and stands, the shorter
 * run's PASS told in its detail; a FAIL replaces it (an error, with its
 * mismatch); a second TIMEOUT says that it held at the shorter run too. */
static int shorter(const gs_config *c, gs_result *r, char *err, size_t n)
{
    gs_config s = *c;
    gs_result again;
    char detail[sizeof r->detail - 64];
    s.iters = c->iters / 10u ? c->iters / 10u : 1u;
    s.short_verify = 1;
    s.timeout_ns = c->timeout_ns / 4u; /* a run 10x shorter that passes needs far less; a hang costs less */
    if (s.iters == c->iters)
        return GS_EXIT_OK;
    memset(&again, 0, sizeof again);
    const int rc = gs_run_config(&s, &again, err, n);
    if (rc)
        return rc;
    snprintf(detail, sizeof detail, "%.*s", (int)sizeof detail - 1, r->detail);
    if (again.verdict == GS_FAIL) {
        *r = again;
    } else if (again.verdict == GS_PASS && !(c->prim->flags & GS_PRIM_MAY_HANG)) {
        *r = again;
        snprintf(r->detail, sizeof r->detail, "%u iterations: %u ran past the %.0f s deadline", s.iters, c->iters,
                 c->timeout_ns * 1e-9);
    } else if (again.verdict == GS_PASS) {
        snprintf(r->detail, sizeof r->detail, "%s; PASS at %u iterations, %.0f ns an operation", detail, s.iters,
                 again.ns_median);
    } else {
        snprintf(r->detail, sizeof r->detail, "%s; TIMEOUT at %u iterations too", detail, s.iters);
    }
    return GS_EXIT_OK;
}

extern const gs_command gs_cmd_run; /* (below) */

/* gsync-bench <syncPrim> <numLdSt> <numTBs> <numCSIters>; a primitive's or
 * family's name alone gets run's help or the way to run it. */
static int bare(int argc, char **argv, gs_options *o, char *err, size_t n)
{
    static const char *const names[] = {"numLdSt", "numTBs", "numCSIters"};
    static const unsigned int most[] = {GS_MAX_LDST, 1000000, 1000000};
    unsigned int *out[] = {&o->ldst, &o->tbs, &o->iters};
    const int known = gs_prim_find(argv[1]) || gs_family_find(argv[1]);
    int rc;
    for (int k = 2; k < argc && known && strcmp(argv[k], "--"); ++k)
        if (!strcmp(argv[k], "--help") || !strcmp(argv[k], "-h")) { /* 'gsync-bench spinMutex --help': run's */
            o->help = 1;
            o->topic = &gs_cmd_run;
            return GS_EXIT_OK;
        }
    if (argc != 5) {
        if (known) {
            const char *name = gs_escape(argv[1]);
            if (gs_prim_find(argv[1]))
                snprintf(err, n, "'%s' is a primitive: run it with 'gsync-bench run %s [OPTIONS]', or in HeteroSync's "
                         "form 'gsync-bench %s <numLdSt> <numTBs> <numCSIters>'", name, name, name);
            else
                snprintf(err, n, "'%s' is a family: run it with 'gsync-bench run %s [OPTIONS]'", name, name);
            return GS_EXIT_USAGE;
        }
        unknown_prim(argv[1], err, n);
        memmove(err, err + strlen("unknown "), strlen(err + strlen("unknown ")) + 1);
        return -1;
    }
    if ((rc = parse_prims(o, argv[1], err, n)))
        return rc;
    if (own(o)->nprims != 1)
        return fail(err, n, "HeteroSync's form takes one primitive%s", "");
    for (int k = 0; k < 3; ++k)
        if (gs_parse_uint(argv[2 + k], 1, most[k], out[k])) {
            snprintf(err, n, "%s '%s' is not a whole number from 1 to %u", names[k], gs_escape(argv[2 + k]), most[k]);
            return GS_EXIT_USAGE;
        }
    own(o)->heterosync_form = 1;
    return GS_EXIT_OK;
}

/* Resident blocks per SM of a primitive's kernel. */
static int occupancy(const void *fopt, const gs_prim *p, unsigned int threads, unsigned int sms, int *per_sm,
                     char *err, size_t n)
{
    unsigned int v = 0;
    const cudaError_t e = p->family->per_sm ? (cudaError_t)p->family->per_sm(fopt, p, threads, sms, &v)
                                            : gs_blocks_per_sm(p->kernels->kernel, threads, 0, &v);
    if (e != cudaSuccess) {
        snprintf(err, n, "CUDA: occupancy of %s: %s", p->name, cudaGetErrorString(e));
        return GS_EXIT_RUNTIME;
    }
    *per_sm = (int)v;
    return GS_EXIT_OK;
}

/* Builds the whole plan first, so that bad input is refused before any run. */
static int plan_all(const gs_options *o, const gs_device_info *dev, gs_config *cfgs, int *ncfg, char *err, size_t n)
{
    const gs_run_options *r = gs_run_own(o);
    int count = r->nprims ? r->nprims : (int)gs_prim_count(), k, rc, got;
    *ncfg = 0;
    for (k = 0; k < count; ++k) {
        const gs_prim *p = r->nprims ? r->prims[k] : gs_prim_at((size_t)k);
        int per_sm = 0;
        if (!r->nprims && r->quick && !(p->flags & GS_PRIM_HEADLINE))
            continue;
        const void *fopt = gs_run_family_opts(o, p->family);
        if (p->family->selected && !p->family->selected(fopt, p))
            continue;
        if ((rc = occupancy(fopt, p, gs_plan_threads(o, p), (unsigned int)dev->sm_count, &per_sm, err, n)))
            return rc;
        if (per_sm == 0 && !r->nprims) /* the suite leaves out what this device cannot run (clusters before sm_90) */
            continue;
        if ((rc = gs_plan(o, p, dev, per_sm, gs_run_family_opts(o, p->family), gs_run_own(o)->quick, cfgs + *ncfg,
                          MAX_CONFIGS - *ncfg, &got, err, n)))
            return rc;
        *ncfg += got;
    }
    if (*ncfg == 0) {
        snprintf(err, n, "nothing to run: the options leave out every primitive named");
        return GS_EXIT_USAGE;
    }
    return GS_EXIT_OK;
}

/* Every point planned, run with a progress line on a terminal, reported. */
static int run(const gs_options *o, const gs_device_info *dev, const gs_meta *meta0, char *err, size_t n)
{
    static gs_config cfgs[MAX_CONFIGS];
    static gs_result results[MAX_CONFIGS];
    const int progress = isatty(STDERR_FILENO);
    gs_meta meta = *meta0;
    int rc, ncfg, i, k;
    if ((rc = plan_all(o, dev, cfgs, &ncfg, err, n)))
        return rc;
    meta.floor_ns = 0.0; /* barriers are also shown against the floor */
    for (i = 0; i < ncfg; ++i)
        if (cfgs[i].prim->family->floor_column) {
            gs_floor_row rows[GS_FLOOR_ROWS];
            if ((rc = gs_floor_measure(dev, rows, &k, err, n)))
                return rc;
            meta.floor_ns = rows[0].ns + rows[2].ns; /* an arrival plus a release observed */
            break;
        }
    const double t0 = gs_now_s();
    for (i = 0; i < ncfg; ++i) {
        if (progress) { /* done/total, the point, elapsed and an estimate of what is left */
            const double spent = gs_now_s() - t0;
            fprintf(stderr, "\r[%d/%d] %-19s %5u blocks  %4.0f s", i + 1, ncfg, cfgs[i].prim->name, cfgs[i].blocks,
                    spent);
            if (i)
                fprintf(stderr, ", about %.0f s left ", spent / i * (ncfg - i));
            else
                fprintf(stderr, "%18s", "");
        }
        if ((rc = gs_run_config(&cfgs[i], &results[i], err, n)) ||
            (gs_run_own(o)->quick && results[i].verdict == GS_TIMEOUT && (rc = shorter(&cfgs[i], &results[i], err, n)))) {
            char what[512];
            if (progress)
                fputc('\n', stderr);
            snprintf(what, sizeof what, "%s", err);
            snprintf(err, n, "%s: %s", cfgs[i].prim->name, what);
            return rc;
        }
    }
    if (progress)
        fprintf(stderr, "\r%80s\r", "");
    gs_report(stdout, o->format, &meta, results, ncfg);
    /* a FAIL is an error, except for the baselines published with too
     * little ordering, whose failing is the finding */
    for (i = 0; i < ncfg; ++i)
        if (results[i].verdict == GS_FAIL && !(results[i].cfg.prim->flags & GS_PRIM_UNORDERED))
            return GS_EXIT_RUNTIME;
    return GS_EXIT_OK;
}

static int list(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
{
    (void)o, (void)dev, (void)meta, (void)err, (void)n;
    printf("%-19s %-7s %-20s %s\n", "primitive", "family", "origin", "what it is");
    for (size_t i = 0; i < gs_prim_count(); ++i) {
        const gs_prim *p = gs_prim_at(i);
        printf("%-19s %-7s %-20s %s\n", p->name, p->family->name, p->origin, p->summary);
    }
    return GS_EXIT_OK;
}

/* After every command's summary: HeteroSync's form, the shared options,
 * every family's own. */
static void more_help(FILE *f)
{
    fputs("       gsync-bench <syncPrim> <numLdSt> <numTBs> <numCSIters>   (HeteroSync's form)\n"
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
          "                      CUDA peers, the relaxed family\n", f);
    for (size_t i = 0; i < gs_nfamilies; ++i)
        fputs(gs_families[i]->help, f);
}

#define RUN_SHARED                                                                                                    \
    (GS_SH(LDST) | GS_SH(TBS) | GS_SH(TBS_PER_SM) | GS_SH(ITERS) | GS_SH(REPEAT) | GS_SH(THREADS) | GS_SH(TIMEOUT) | \
     GS_SH(FORMAT) | GS_SH(DEVICE))
static const gs_opt suite_opts[] = {{"--full", GS_OPT_FLAG, .def = "off", .at = offsetof(gs_run_options, full)}};

const gs_command gs_cmd_suite = {
    .name = "suite",
    .summary = "gsync-bench [suite] [OPTIONS]        the quick suite: each family's headline primitives at 1, 8\n"
               "                                             and the most blocks per SM, 2 s watchdog deadline\n"
               "       gsync-bench suite --full [OPTIONS]    every primitive over 1, 2, 4, 8, 16, 32 blocks per SM\n",
    .usage = "usage: gsync-bench [suite] [--full] [OPTIONS]\n"
        "  the quick suite: each family's headline primitives (gsync's, the seeds' baselines, the CUDA\n"
        "  peers) at 1, 8 and the most blocks per SM, 2 s watchdog, 3 repeats; --full: every primitive\n"
        "  at 1, 2, 4, 8, 16, 32 blocks per SM, 5 s watchdog, 5 repeats.  Options as for run:\n"
        "  'gsync-bench --help' lists them.\n",
    .implied = 1, .shared = RUN_SHARED, .opts = suite_opts, .nopts = 1, .defaults = defaults,
    .more = family_option, .more_names = family_option_names, .check = check, .run = run, .more_help = more_help,
    .schema = &gs_schema_run,
};

const gs_command gs_cmd_run = {
    .name = "run",
    .summary = "gsync-bench run PRIM[,PRIM...] [OPTIONS]   (a family name stands for all of it)\n",
    .usage = "usage: gsync-bench run PRIM[,PRIM...] [OPTIONS]\n"
        "  the primitives named (a family name: mutex, sem, barrier, local, relaxed stands for all of it) over\n"
        "  --tbs-per-sm LIST or --tbs N; every point verified: PASS, FAIL (first mismatch) or TIMEOUT.\n"
        "  --wrap: every counter starts near 2^32, so that the same checks run across its wrap.\n"
        "  'gsync-bench list' names them all; 'gsync-bench --help' lists the options.\n",
    .shared = RUN_SHARED | GS_SH(WRAP), .defaults = defaults, .operand = parse_prims,
    .missing = "'run' needs a primitive name, e.g. 'gsync-bench run ticketMutex'", .more = family_option,
    .more_names = family_option_names,
    .bare = bare, .check = check, .run = run, .example = "ticketMutex", .schema = &gs_schema_run,
};

const gs_command gs_cmd_list = {
    .name = "list",
    .summary = "gsync-bench list\n",
    .usage = "usage: gsync-bench list\n  every primitive: its family, its origin and what it is.\n",
    .host_only = 1, .run = list,
};
