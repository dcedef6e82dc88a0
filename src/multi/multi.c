/* multi.c: `gsync-bench multi` (see multi.h): its table and check, the
 * process per GPU, the unique id's exchange, and the merged report. */
#include "multi/multi.h"
#include "inputs/graph.h"
#include "core/cli.h"
#include "core/device.h"
#include "multi/multi_pagerank.h"
#include "core/report.h"
#include "core/table.h"

#include <cuda_runtime_api.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

GS_OWN_FITS(gs_multi_options);

static const char *const way_names[GS_MULTI_WAYS] = {
    "hier",           "hierDirect", "flat",       "hierSplit",  "hierDirectSplit", "flatSplit",    "workOnly",  "naive",
    "nvshmemGrid",    "nvshmemBarrierAll", "pingPongRelaxed", "pingPongRelAcq", "ticketLock", "cohortLock",
    "queue",          "ncclGrid",   "ticketSem",  "pagerank",   "server",      "cohortOwnData", "hierNodes", "brokenNoExchange",  "brokenQueue",
    "brokenSem",      "brokenPagerank", "brokenServer", "brokenLock"};
static const char *const way_units[GS_MULTI_WAYS] = {
    "episode", "episode", "episode", "episode", "episode", "episode", "episode", "episode", "episode", "episode",
    "one way", "one way", "critical section", "critical section", "message", "episode", "critical section",
    "iteration", "update", "critical section", "episode", "episode", "message", "critical section", "iteration",
    "update", "critical section"};

const char *gs_multi_way_name(unsigned int way)
{
    return way < GS_MULTI_WAYS ? way_names[way] : "?";
}
const char *gs_multi_way_unit(unsigned int way)
{
    return way < GS_MULTI_WAYS ? way_units[way] : "?";
}

/* Every way but the broken twins; the semaphore's capacity. */
static void defaults(gs_options *o)
{
    gs_multi_options *m = GS_OWN(o, gs_multi_options);
    m->sem_size = GS_MULTI_SEM_SIZE;
    for (m->nways = 0; m->nways < (int)GS_MULTI_DEFAULT_WAYS; ++m->nways)
        m->ways[m->nways] = (unsigned int)m->nways;
}

/* Only pagerank ways asked (they alone run on 1 GPU). */
static int pagerank_only(const gs_multi_options *m)
{
    for (int i = 0; i < m->nways; ++i)
        if (m->ways[i] != GS_MULTI_PAGERANK && m->ways[i] != GS_MULTI_BROKEN_PAGERANK)
            return 0;
    return 1;
}

/* --gpus 1 only for pagerank, --graph only with it and well formed; a rank
 * (GSYNC_MULTI_RANK set by the first process) opens its own GPU. */
static int check(gs_options *o, char *err, size_t n)
{
    const gs_multi_options *m = GS_OWN(o, const gs_multi_options);
    const char *r = getenv("GSYNC_MULTI_RANK");
    const int pr = gs_multi_has(m->ways, m->nways, GS_MULTI_PAGERANK, GS_MULTI_BROKEN_PAGERANK);
    unsigned int rank;
    if (o->wrap && o->iters && o->iters < 4u) { /* fewer: one episode's stamps would still be the zeroes */
        snprintf(err, n, "multi: --wrap needs --iters 4 or more (it has %u)", o->iters);
        return -1;
    }
    if (m->gpus == 1u && !pagerank_only(m)) {
        snprintf(err, n, "multi: --gpus 1 runs only the ways pagerank and brokenPagerank (the others need 2 GPUs)");
        return -1;
    }
    if (m->graph[0] && !pr) {
        snprintf(err, n, "multi: --graph applies only to the ways pagerank and brokenPagerank");
        return -1;
    }
    if (m->graph[0] && gs_graph_spec_check(m->graph, NULL, err, n))
        return -1;
    if (r) {
        if (gs_parse_uint(r, 0, GS_MULTI_MAX_GPUS - 1u, &rank)) {
            snprintf(err, n, "GSYNC_MULTI_RANK '%s' is not a whole number from 0 to %u", gs_escape(r),
                     GS_MULTI_MAX_GPUS - 1u);
            return -1;
        }
        o->device = rank;
    }
    return 0;
}

/* ---- the unique id, through a folder ---- */

static int path_in(char *out, size_t len, const char *dir, const char *name)
{
    return snprintf(out, len, "%s/%s", dir, name) < (int)len ? 0 : -1;
}

int gs_multi_file_publish(const char *dir, const char *name, const char *what, const void *p, size_t len, char *err,
                          size_t n)
{
    char tmp[4096], final[4096];
    FILE *f;
    if (snprintf(tmp, sizeof tmp, "%s/%s.tmp", dir, name) >= (int)sizeof tmp || path_in(final, sizeof final, dir, name)) {
        snprintf(err, n, "multi: folder name too long");
        return -1;
    }
    if (!(f = fopen(tmp, "wb")) || fwrite(p, 1, len, f) != len || fclose(f) != 0 || rename(tmp, final) != 0) {
        snprintf(err, n, "multi: writing the %s to %s: %s", what, final, strerror(errno));
        return -1;
    }
    return 0;
}

int gs_multi_file_read(const char *dir, const char *name, const char *what, void *p, size_t len,
                       unsigned int timeout_ms, char *err, size_t n)
{
    char path[4096];
    const struct timespec pause = {0, 2000000L};
    if (path_in(path, sizeof path, dir, name)) {
        snprintf(err, n, "multi: folder name too long");
        return -1;
    }
    for (unsigned int waited = 0;; waited += 2u) {
        FILE *f = fopen(path, "rb");
        if (f) {
            const size_t got = fread(p, 1, len, f);
            fclose(f);
            if (got == len)
                return 0;
            snprintf(err, n, "multi: %s holds %zu bytes, not %zu", path, got, len);
            return -1;
        }
        if (waited >= timeout_ms) {
            snprintf(err, n, "multi: no %s in %s after %u ms (its writer did not get there?)", what, path, timeout_ms);
            return -1;
        }
        nanosleep(&pause, NULL);
    }
}

int gs_multi_uid_publish(const char *dir, const void *id, size_t len, char *err, size_t n)
{
    return gs_multi_file_publish(dir, "uid", "unique id", id, len, err, n);
}

int gs_multi_uid_read(const char *dir, void *id, size_t len, unsigned int timeout_ms, char *err, size_t n)
{
    return gs_multi_file_read(dir, "uid", "unique id", id, len, timeout_ms, err, n);
}

/* ---- merging the ranks' rows ---- */

void gs_multi_merge(gs_multi_row *total, const gs_multi_row *rank_rows, int n, int first)
{
    for (int i = 0; i < n; ++i) {
        gs_multi_row *t = &total[i];
        const gs_multi_row *r = &rank_rows[i];
        if (first) {
            *t = *r;
            continue;
        }
        if (r->measured && (!t->measured || r->ns_median > t->ns_median)) {
            t->ns_median = r->ns_median, t->ns_min = r->ns_min, t->ns_max = r->ns_max, t->noise_pct = r->noise_pct;
            t->measured = 1;
        }
        if (r->verdict != GS_MULTI_PASS && (t->verdict == GS_MULTI_PASS || t->verdict == GS_MULTI_SKIP) &&
            !(r->verdict == GS_MULTI_SKIP && t->verdict == GS_MULTI_PASS && t->measured)) {
            t->verdict = r->verdict;
            memcpy(t->detail, r->detail, sizeof t->detail);
        }
    }
}

/* ---- the semaphore's checks ---- */

void gs_multi_sem_verdict(unsigned int size, unsigned int want, unsigned int count, unsigned int inside,
                          unsigned int most, gs_multi_row *x)
{
    if (most > size) {
        x->verdict = GS_MULTI_FAIL;
        snprintf(x->detail, sizeof x->detail, "%u holders inside, capacity %u", most, size);
    } else if (count != want) {
        x->verdict = GS_MULTI_FAIL;
        snprintf(x->detail, sizeof x->detail, "%u acquisitions counted on GPU 0, %u expected", count, want);
    } else if (inside != 0u) {
        x->verdict = GS_MULTI_FAIL;
        snprintf(x->detail, sizeof x->detail, "%u still counted inside after the launch", inside);
    } else if (size >= 2u && most < 2u) {
        x->verdict = GS_MULTI_FAIL;
        snprintf(x->detail, sizeof x->detail, "never 2 holders inside at once (capacity %u): no overlap", size);
    } else {
        snprintf(x->detail, sizeof x->detail, "at most %u of %u inside at once", most, size);
    }
}

/* ---- the plan, the ranks and the report ---- */

static int write_file(const char *dir, const char *name, const void *p, size_t len, char *err, size_t n)
{
    char path[4096];
    FILE *f;
    if (path_in(path, sizeof path, dir, name) || !(f = fopen(path, "wb"))) {
        snprintf(err, n, "multi: cannot write %s/%s: %s", dir, name, strerror(errno));
        return -1;
    }
    const size_t put = fwrite(p, 1, len, f);
    if (fclose(f) != 0 || put != len) {
        snprintf(err, n, "multi: writing %s/%s failed", dir, name);
        return -1;
    }
    return 0;
}

/* Reads exactly len bytes, or up to len with *got set (got NULL: exactly). */
static int read_file(const char *dir, const char *name, void *p, size_t len, size_t *got, char *err, size_t n)
{
    char path[4096];
    FILE *f;
    size_t k;
    if (path_in(path, sizeof path, dir, name) || !(f = fopen(path, "rb"))) {
        snprintf(err, n, "multi: cannot read %s/%s: %s", dir, name, strerror(errno));
        return -1;
    }
    k = fread(p, 1, len, f);
    fclose(f);
    if (got)
        *got = k;
    else if (k != len) {
        snprintf(err, n, "multi: %s/%s is short", dir, name);
        return -1;
    }
    return 0;
}

/* The run's folder and every file in it (the plan, the unique ids, the
 * ranks' rows and words): it holds no folders. */
static void remove_folder(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096];
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && !path_in(path, sizeof path, dir, e->d_name))
            unlink(path);
    if (d)
        closedir(d);
    rmdir(dir);
}

/* A rank: reads the plan, runs it on its GPU, writes its rows. */
static int rank_run(unsigned int rank, const gs_device_info *dev, char *err, size_t n)
{
    static gs_multi_plan plan;
    static gs_multi_row rows[GS_MULTI_MAX_ROWS];
    const char *dir = getenv("GSYNC_MULTI_DIR");
    char name[32];
    int nrows = 0, rc;
    if (!dir) {
        snprintf(err, n, "multi: GSYNC_MULTI_RANK without GSYNC_MULTI_DIR");
        return GS_EXIT_USAGE;
    }
    if (read_file(dir, "plan", &plan, sizeof plan, NULL, err, n))
        return GS_EXIT_RUNTIME;
    if ((rc = gs_multi_pe(&plan, rank, dir, dev, rows, &nrows, err, n)))
        return rc;
    snprintf(name, sizeof name, "rows.%u", rank);
    return write_file(dir, name, rows, (size_t)nrows * sizeof rows[0], err, n) ? GS_EXIT_RUNTIME : GS_EXIT_OK;
}

static int make_plan(const gs_options *o, const gs_multi_options *m, unsigned int gpus, gs_multi_plan *p)
{
    memset(p, 0, sizeof *p);
    p->gpus = gpus;
    p->iters = o->iters ? o->iters : 2000u;
    p->lock_iters = p->iters / 20u ? p->iters / 20u : 1u;
    p->repeat = o->repeat;
    p->threads = 32u;
    p->sem_size = m->sem_size ? m->sem_size : GS_MULTI_SEM_SIZE;
    p->nper_sm = o->ntbs_per_sm ? o->ntbs_per_sm : 1;
    for (int i = 0; i < p->nper_sm; ++i)
        p->per_sm[i] = o->ntbs_per_sm ? o->tbs_per_sm[i] : 1u;
    p->nways = m->nways;
    memcpy(p->ways, m->ways, sizeof p->ways);
    p->timeout_ns = (unsigned long long)(o->timeout_s * 1e9);
    p->wrap = o->wrap != 0;
    snprintf(p->graph, sizeof p->graph, "%s", m->graph[0] ? m->graph : GS_MPR_DEFAULT_GRAPH);
    return p->nper_sm * p->nways;
}

/* Starts rank r: this binary again, `multi`, with its rank in the environment. */
static pid_t start_rank(unsigned int r)
{
    char v[16];
    const pid_t pid = fork();
    if (pid != 0)
        return pid;
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* a first process that is killed takes its ranks along */
    snprintf(v, sizeof v, "%u", r);
    setenv("GSYNC_MULTI_RANK", v, 1);
    if (!freopen("/dev/null", "w", stdout))
        _exit(126);
    execl("/proc/self/exe", "gsync-bench", "multi", (char *)NULL);
    fprintf(stderr, "gsync-bench: error: multi: starting rank %u: %s\n", r, strerror(errno));
    _exit(127);
}

/* Waits for every rank until deadline_s; a rank that fails or a deadline
 * passed ends the others (SIGKILL to each, by its id). */
static int wait_ranks(const pid_t *pid, unsigned int gpus, double deadline_s, char *err, size_t n)
{
    int left = (int)gpus, rc = GS_EXIT_OK;
    int done[GS_MULTI_MAX_GPUS] = {0};
    const struct timespec pause = {0, 20000000L};
    double waited = 0.0;
    while (left > 0) {
        for (unsigned int r = 0; r < gpus; ++r) {
            int st = 0;
            if (done[r] || waitpid(pid[r], &st, WNOHANG) != pid[r])
                continue;
            done[r] = 1, --left;
            if (rc == GS_EXIT_OK && !(WIFEXITED(st) && WEXITSTATUS(st) == 0)) {
                if (WIFEXITED(st))
                    snprintf(err, n, "multi: rank %u (GPU %u) exited with status %d (its error is above)", r, r,
                             WEXITSTATUS(st));
                else
                    snprintf(err, n, "multi: rank %u (GPU %u) ended by signal %d", r, r, WTERMSIG(st));
                rc = GS_EXIT_RUNTIME;
            }
        }
        if (left > 0 && (rc != GS_EXIT_OK || waited > deadline_s)) {
            if (rc == GS_EXIT_OK) {
                snprintf(err, n, "multi: the ranks did not finish within %.0f s; ended", deadline_s);
                rc = GS_EXIT_RUNTIME;
            }
            for (unsigned int r = 0; r < gpus; ++r)
                if (!done[r])
                    kill(pid[r], SIGKILL);
            deadline_s = 1e30; /* then reap them */
        }
        nanosleep(&pause, NULL);
        waited += 0.02;
    }
    return rc;
}

enum { M_WAY, M_GPUS, M_PER_SM, M_BLOCKS, M_THREADS, M_ITERS, M_REPEAT, M_UNIT, M_NS, M_MIN, M_MAX, M_NOISE,
       M_VERDICT_T, M_VERDICT, M_DETAIL, M_COLS };

static const gs_col cols[M_COLS] = {
    [M_WAY] = {"way", GS_COL_ALL, NULL, "way", -18, NULL, NULL},
    [M_GPUS] = {"gpus", GS_COL_ALL, "%.0f", "GPUs", 4, NULL, NULL},
    [M_PER_SM] = {"tbs_per_sm", GS_COL_ALL, "%.0f", "TBs/SM", 6, NULL, NULL},
    [M_BLOCKS] = {"blocks_per_gpu", GS_COL_ALL, "%.0f", "TBs/GPU", 7, NULL, NULL},
    [M_THREADS] = {"threads", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [M_ITERS] = {"iters", GS_COL_ALL, "%.0f", "iters", 6, NULL, NULL},
    [M_REPEAT] = {"repeat", GS_COL_DATA, "%.0f", NULL, 0, NULL, NULL},
    [M_UNIT] = {"per", GS_COL_ALL, NULL, "per", -16, NULL, NULL},
    [M_NS] = {"ns_median", GS_COL_ALL, "%.6g", "ns", 10, "%.1f", NULL},
    [M_MIN] = {"ns_min", GS_COL_ALL, "%.6g", "min", 10, "%.1f", NULL},
    [M_MAX] = {"ns_max", GS_COL_ALL, "%.6g", "max", 10, "%.1f", NULL},
    [M_NOISE] = {"noise_pct", GS_COL_ALL, "%.2f", "noise", 6, "%5.1f%%", NULL},
    [M_VERDICT_T] = {NULL, GS_COL_TABLE, NULL, "verdict", 0, NULL, "  "},
    [M_VERDICT] = {"verdict", GS_COL_DATA, NULL, NULL, 0, NULL, NULL},
    [M_DETAIL] = {"detail", GS_COL_DATA | GS_COL_QUOTE, NULL, NULL, 0, NULL, NULL},
};

static const char *verdict_name(int v)
{
    return v == GS_MULTI_PASS ? "PASS" : v == GS_MULTI_FAIL ? "FAIL" : v == GS_MULTI_TIMEOUT ? "TIMEOUT" : "SKIP";
}

static const gs_schema schema = {"multi", cols, M_COLS, NULL, NULL, 0};
static gs_multi_plan report_plan; /* the rows' plan, for fill */

static void fill(const gs_meta *m, const void *rows, int i, gs_cell *c)
{
    const gs_multi_row *x = (const gs_multi_row *)rows + i;
    const int ok = x->verdict == GS_MULTI_PASS && x->measured;
    (void)m;
    c[M_WAY] = gs_text(gs_multi_way_name(x->way));
    c[M_GPUS] = gs_num(report_plan.gpus);
    c[M_PER_SM] = gs_num(x->per_sm);
    c[M_BLOCKS] = gs_num(x->blocks);
    c[M_THREADS] = gs_num(x->threads);
    c[M_ITERS] = gs_num(x->iters);
    c[M_REPEAT] = gs_num(report_plan.repeat);
    c[M_UNIT] = gs_text(gs_multi_way_unit(x->way));
    c[M_NS] = ok ? gs_num(x->ns_median) : gs_none();
    c[M_MIN] = ok ? gs_num(x->ns_min) : gs_none();
    c[M_MAX] = ok ? gs_num(x->ns_max) : gs_none();
    c[M_NOISE] = ok ? gs_num(x->noise_pct) : gs_none();
    c[M_VERDICT] = gs_text(verdict_name(x->verdict));
    c[M_DETAIL] = gs_text(x->detail);
    c[M_VERDICT_T] = x->detail[0] ? gs_textf("%s: %s", verdict_name(x->verdict), x->detail)
                                  : gs_text(verdict_name(x->verdict));
}

/* The first process: the plan into a fresh folder, a rank per GPU, their
 * rows merged and reported.  A FAIL or TIMEOUT row makes the exit 1. */
static int run(const gs_options *o, const gs_device_info *dev, const gs_meta *meta, char *err, size_t n)
{
    static gs_multi_row total[GS_MULTI_MAX_ROWS], mine[GS_MULTI_MAX_ROWS];
    const gs_multi_options *m = GS_OWN(o, const gs_multi_options);
    const char *rank_env = getenv("GSYNC_MULTI_RANK");
    char dir[] = "/tmp/gsync-multi-XXXXXX", name[32];
    pid_t pid[GS_MULTI_MAX_GPUS];
    int count, npoints, nrows = 0, rc = GS_EXIT_OK, bad = 0;
    unsigned int gpus;
    if (rank_env)
        return rank_run(o->device, dev, err, n);
    if (!gs_multi_available()) {
        snprintf(err, n, "multi: built without NVSHMEM (install it with 'make nvshmem' and configure again; "
                         "docs/multi.md)");
        return GS_EXIT_RUNTIME;
    }
    count = gs_device_count();
    gpus = m->gpus ? m->gpus : (unsigned int)(count > (int)GS_MULTI_MAX_GPUS ? (int)GS_MULTI_MAX_GPUS : count);
    if ((count < 2 && !pagerank_only(m)) || (int)gpus > count) {
        snprintf(err, n, "multi: %s%u GPUs; this machine has %d", m->gpus ? "--gpus asks for " : "needs ",
                 m->gpus ? gpus : 2u, count);
        return GS_EXIT_RUNTIME;
    }
    static gs_multi_plan plan;
    npoints = make_plan(o, m, gpus, &plan);
    report_plan = plan;
    /* the graph into the cache once, NVSHMEM's heap sized for it */
    if (gs_multi_has(plan.ways, plan.nways, GS_MULTI_PAGERANK, GS_MULTI_BROKEN_PAGERANK) &&
        (rc = gs_mpr_prepare(plan.graph, err, n)) != 0)
        return rc;
    /* NVLink multicast stays off; a node needs no network transport */
    setenv("NVSHMEM_DISABLE_NVLS", "1", 1);
    setenv("NCCL_NVLS_ENABLE", "0", 1);
    setenv("NVSHMEM_REMOTE_TRANSPORT", getenv("NVSHMEM_REMOTE_TRANSPORT") ? getenv("NVSHMEM_REMOTE_TRANSPORT") : "none", 1);
    setenv("NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME",
           getenv("NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME") ? getenv("NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME") : "lo", 1);
    if (!mkdtemp(dir)) {
        snprintf(err, n, "multi: cannot make a folder under /tmp: %s", strerror(errno));
        return GS_EXIT_RUNTIME;
    }
    setenv("GSYNC_MULTI_DIR", dir, 1);
    if (write_file(dir, "plan", &plan, sizeof plan, err, n))
        rc = GS_EXIT_RUNTIME;
    cudaDeviceReset(); /* the first process holds no context while the ranks run (exclusive-process GPUs) */
    fflush(stdout);
    fflush(stderr);
    for (unsigned int r = 0; r < gpus && rc == GS_EXIT_OK; ++r)
        if ((pid[r] = start_rank(r)) < 0) {
            snprintf(err, n, "multi: fork: %s", strerror(errno));
            for (unsigned int k = 0; k < r; ++k)
                kill(pid[k], SIGKILL), waitpid(pid[k], NULL, 0);
            rc = GS_EXIT_RUNTIME;
        }
    if (rc == GS_EXIT_OK)
        rc = wait_ranks(pid, gpus, 120.0 + o->timeout_s * 4.0 * npoints, err, n);
    for (unsigned int r = 0; r < gpus && rc == GS_EXIT_OK; ++r) {
        size_t got = 0;
        snprintf(name, sizeof name, "rows.%u", r);
        if (read_file(dir, name, mine, sizeof mine, &got, err, n))
            rc = GS_EXIT_RUNTIME;
        else if (r > 0 && (int)(got / sizeof mine[0]) != nrows) {
            snprintf(err, n, "multi: rank %u reported %zu rows, rank 0 %d", r, got / sizeof mine[0], nrows);
            rc = GS_EXIT_RUNTIME;
        } else {
            nrows = (int)(got / sizeof mine[0]);
            gs_multi_merge(total, mine, nrows, r == 0);
        }
    }
    remove_folder(dir);
    if (rc)
        return rc;
    if ((rc = gs_print(stdout, (enum gs_format)o->format, meta, &schema, total, nrows, fill, err, n)))
        return rc;
    for (int i = 0; i < nrows; ++i)
        bad |= total[i].verdict == GS_MULTI_FAIL || total[i].verdict == GS_MULTI_TIMEOUT;
    (void)dev;
    if (bad)
        snprintf(err, n, "multi: a check failed or timed out (the rows above say which)");
    return bad ? GS_EXIT_RUNTIME : GS_EXIT_OK;
}

/* The ways asked, as a mask for the options' `applies` (every way before the twins when --way is not given). */
static unsigned int asked(const gs_options *o)
{
    const gs_multi_options *m = GS_OWN(o, const gs_multi_options);
    unsigned int mask = 0;
    if (!m->nways)
        return (1u << GS_MULTI_DEFAULT_WAYS) - 1u;
    for (int i = 0; i < m->nways; ++i)
        mask |= 1u << m->ways[i];
    return mask;
}
_Static_assert(GS_MULTI_WAYS <= 32, "a way's option mask is 32 bits");

#define AT(f) .at = offsetof(gs_multi_options, f)
static const gs_opt opts[] = {
    {"--gpus", GS_OPT_UINT, 1, GS_MULTI_MAX_GPUS, "every GPU", AT(gpus)},
    {"--sem-size", GS_OPT_UINT, 1, GS_MULTI_SEM_MAX, "8", AT(sem_size),
     .applies = 1u << GS_MULTI_SEM | 1u << GS_MULTI_BROKEN_SEM},
    {"--way", GS_OPT_NAMES, .def = "all", AT(ways), .count_at = offsetof(gs_multi_options, nways), .words = way_names,
     .nwords = GS_MULTI_WAYS, .all = GS_MULTI_DEFAULT_WAYS},
    {"--graph", GS_OPT_TEXT, .def = GS_MPR_DEFAULT_GRAPH, AT(graph), .cap = GS_MULTI_GRAPH},
};
#undef AT

const gs_command gs_cmd_multi = {
    .name = "multi",
    .summary = "gsync-bench multi [OPTIONS]   gsync's barrier, lock, semaphore, message queue and server across the\n"
               "                                     GPUs of a node, beside NVSHMEM's and NCCL's (one process a GPU)\n",
    .usage = "usage: gsync-bench multi [--gpus N] [--way LIST|all] [--tbs-per-sm LIST] [--iters N] [--repeat N]\n"
             "                         [--sem-size N] [--graph SPEC] [--timeout S] [--format F]\n"
             "  synchronization across the GPUs of one node, one process per GPU over NVSHMEM (NVLink\n"
             "  multicast off; docs/multi.md).  Every block of every GPU stamps each episode and reads\n"
             "  another GPU's stamp after the barrier; the lock counts its holders on GPU 0, the semaphore\n"
             "  the most inside at once; each queue receiver checks its count, checksum and every sender\n"
             "  lane's order; the server's items their counts and sums; pagerank's ranks are checked\n"
             "  against the host's.\n"
             "  --gpus     GPUs (processes), 2 to 8 (every GPU); 1 for the pagerank ways alone\n"
             "  --way      hier (gsync's hierarchical barrier: the GPU's own, one exchange between GPUs),\n"
             "             hierDirect (the same, each GPU's leader adds to every GPU's word, every block polls),\n"
             "             flat (gsync's leaderless barrier: each block releases and counts itself on every GPU),\n"
             "             hierSplit, hierDirectSplit and flatSplit (arrive, 1024 dependent FMAs a thread, wait),\n"
             "             workOnly (the FMAs alone, no barrier),\n"
             "             naive (grid.sync(), a release to each peer in turn, grid.sync()), nvshmemGrid\n"
             "             (grid.sync(), nvshmemx_barrier_all_block, grid.sync()), nvshmemBarrierAll (one\n"
             "             thread a GPU), pingPongRelaxed and pingPongRelAcq (the floor: a flag between GPUs\n"
             "             0 and 1), ticketLock (gsync's FIFO lock on GPU 0, every block of every GPU),\n"
             "             cohortLock (the same, passed inside a GPU up to 64 times before it crosses),\n"
             "             queue (gsync's message queues at system scope: a block in 4 receives, every lane\n"
             "             of the others sends to receivers of any GPU at random; ns a message of all GPUs),\n"
             "             ncclGrid (grid.sync(), NCCL's device-API LSA barrier, grid.sync(); SKIP in a build\n"
             "             without NCCL 2.28 or later), ticketSem (gsync's ticket semaphore on GPU 0, every\n"
             "             block of every GPU with weight 1), pagerank (a program: the app family's PageRank, a\n"
             "             vertex range a GPU, ranks exchanged through symmetric memory, one hierDirect barrier\n"
             "             an iteration; checked against the host; ns an iteration), server (the\n"
             "             synchronization server with servers on every GPU: a block in 4 serves, every lane of\n"
             "             the others sends iters/8 counter updates to 4096 items, each to its owner on any\n"
             "             GPU; ns an update of all GPUs), cohortOwnData (a probe: cohortLock with each GPU's\n"
             "             section data in its own memory, so no section crosses NVLink; each GPU's count\n"
             "             checked, exclusion across GPUs not), hierNodes (hier planned with every peer on\n"
             "             another node: its signals between GPUs through NVSHMEM's device API, over NVLink;\n"
             "             not with --wrap); all: these.  Broken twins,\n"
             "             which must FAIL: brokenNoExchange (hier without the exchange between GPUs),\n"
             "             brokenQueue (queue that loses a message), brokenSem (ticketSem whose semaphore starts\n"
             "             64 permits over), brokenPagerank (pagerank whose GPUs update only their own copy of\n"
             "             the ranks), brokenServer (server whose servers drop every 1000th message),\n"
             "             brokenLock (cohortLock whose GPUs each take a global lock of their own: no exclusion\n"
             "             between GPUs)\n"
             "  --graph    pagerank's graph: road:ny|fla|w|usa, road:N, rmat:SCALE, FILE.gr, FILE.mtx (road:fla)\n"
             "  --tbs-per-sm  blocks of 32 threads (the queue and server: 128, pagerank: 256) per SM on each GPU (1)\n"
             "  --sem-size  ticketSem's capacity, 1 to 1024 (8)\n"
             "  --iters    barrier episodes and ping-pong rounds a launch; the locks and the semaphore:\n"
             "             iters/20 a block; the queue and server: iters/8 messages a sender lane, blocks of 128\n"
             "             threads (2000); pagerank runs to its tolerance (1e-6, at most 1000 iterations)\n"
             "  --repeat   timed launches (5); --timeout: watchdog deadline per launch in seconds (5)\n"
             "  --wrap     the barriers' episodes start iters/2 short of 2^32, their counters and flags set to\n"
             "             match, so that every launch crosses the wrap half way\n",
    .shared = GS_SH(FORMAT) | GS_SH(TBS_PER_SM) | GS_SH(ITERS) | GS_SH(REPEAT) | GS_SH(TIMEOUT) | GS_SH(WRAP),
    .opts = opts,
    .nopts = sizeof opts / sizeof opts[0], .defaults = defaults, .check = check, .run = run,
    .modes = way_names, .nmodes = GS_MULTI_WAYS, .mode_kind = "ways", .asked = asked,
    .schema = &schema,
};
