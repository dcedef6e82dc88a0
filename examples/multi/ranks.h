/* One process a GPU for a user's program across the GPUs of a node over
 * NVSHMEM, as docs/multi.md shows (examples/multi, examples/multi_server):
 * the first process starts this binary again for each rank with the rank, a
 * fresh folder and the blocks a GPU in its environment; rank 0 writes
 * NVSHMEM's unique id there (renamed into place: a reader never sees half),
 * the others wait for it; each rank calls nvshmemx_init_attr with it, and
 * leaves its result in the folder for the first process.  A rank that fails
 * ends the others (they would wait for it forever).  With GSYNC_SHARE_GPU=1
 * in the environment, ranks may outnumber the GPUs: rank r runs on GPU
 * r % GPUs, and the ranks sharing a GPU take turns on it in time slices:
 * every check holds, no time means anything; this is
 * how a machine of one GPU runs the tests across GPUs.  Define EXAMPLE_NAME
 * (the program's name, for its messages) before including this file.
 */
#ifndef GSYNC_EXAMPLE_RANKS_H
#define GSYNC_EXAMPLE_RANKS_H

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <dirent.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <nvshmem.h>
#include <nvshmemx.h>

#define RANK_ENV "GSYNC_MULTI_EXAMPLE_RANK"     /* set for a rank by the first process */
#define DIR_ENV "GSYNC_MULTI_EXAMPLE_DIR"       /* where rank 0 puts the unique id and the ranks their results */
#define BLOCKS_ENV "GSYNC_MULTI_EXAMPLE_BLOCKS" /* blocks a GPU, the same on every GPU */
#define SHARE_ENV "GSYNC_SHARE_GPU"            /* 1: ranks may share GPUs (correctness only) */
#define RANKS_MAX_ARGS 12u

/* The GPUs of this machine (0 without a driver). */
static int ranks_devices(void)
{
    int devices = 0;
    return cudaGetDeviceCount(&devices) == cudaSuccess ? devices : 0;
}

/* True when the environment lets ranks share GPUs. */
static bool ranks_share(void)
{
    const char *s = getenv(SHARE_ENV);
    return s && strcmp(s, "1") == 0;
}

static char who[64] = EXAMPLE_NAME; /* EXAMPLE_NAME ": rank 1" in a rank */

#define CHECK(call)                                                                                  \
    do {                                                                                             \
        cudaError_t e_ = (call);                                                                     \
        if (e_ != cudaSuccess) {                                                                     \
            fprintf(stderr, "%s: %s: %s\n", who, #call, cudaGetErrorString(e_));                     \
            exit(1);                                                                                 \
        }                                                                                            \
    } while (0)
/* NVSHMEM's calls that return a status: 0 is success */
#define SHMEM(call)                                                                                  \
    do {                                                                                             \
        int e_ = (call);                                                                             \
        if (e_ != 0) {                                                                               \
            fprintf(stderr, "%s: %s: error %d\n", who, #call, e_);                                   \
            exit(1);                                                                                 \
        }                                                                                            \
    } while (0)

static void die(const char *what)
{
    fprintf(stderr, "%s: %s\n", who, what);
    exit(1);
}

/* Argument i (from 1), def when absent; outside lo..hi: one line, exit 2. */
static unsigned int arg(int argc, char **argv, int i, unsigned int def, unsigned int lo, unsigned int hi)
{
    if (argc <= i)
        return def;
    char *end;
    const unsigned long v = strtoul(argv[i], &end, 10);
    if (!*argv[i] || *end || v < lo || v > hi) {
        fprintf(stderr, "%s: argument %d '%s' is not in %u..%u\n", EXAMPLE_NAME, i, argv[i], lo, hi);
        exit(2);
    }
    return (unsigned int)v;
}

static void path_of(char *out, size_t n, const char *dir, const char *name)
{
    if (snprintf(out, n, "%s/%s", dir, name) >= (int)n)
        die("folder name too long");
}

/* Writes under a temporary name, then renames: a reader never sees half. */
static void publish(const char *dir, const char *name, const void *p, size_t len)
{
    char tmp[4096], path[4096], tmp_name[64];
    snprintf(tmp_name, sizeof tmp_name, "%s.tmp", name);
    path_of(tmp, sizeof tmp, dir, tmp_name);
    path_of(path, sizeof path, dir, name);
    FILE *f = fopen(tmp, "wb");
    if (!f || fwrite(p, 1, len, f) != len || fclose(f) != 0 || rename(tmp, path) != 0) {
        fprintf(stderr, "%s: writing %s: %s\n", who, path, strerror(errno));
        exit(1);
    }
}

/* What the verdict line says of how the ranks ran: "" or e.g. "nodes of 1
 * (GSYNC_MULTI_NODE_SIZE), ranks sharing GPUs (times mean nothing), ". */
static const char *ranks_note(void)
{
    static char note[128];
    const char *k = getenv("GSYNC_MULTI_NODE_SIZE");
    snprintf(note, sizeof note, "%s%.8s%s%s", k ? "nodes of " : "", k ? k : "", k ? " (GSYNC_MULTI_NODE_SIZE), " : "",
             ranks_share() ? "ranks sharing GPUs (times mean nothing), " : "");
    return note;
}

/* ---- a rank: one GPU, one NVSHMEM PE ---- */

/* The rank's start: its GPU, then NVSHMEM from rank 0's unique id. */
static void rank_join(unsigned int rank, unsigned int gpus, const char *dir)
{
    nvshmemx_uniqueid_t id = NVSHMEMX_UNIQUEID_INITIALIZER;
    nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
    char path[4096];
    snprintf(who, sizeof who, "%s: rank %u", EXAMPLE_NAME, rank);
    const int devices = ranks_devices();
    CHECK(cudaSetDevice(devices > 0 ? (int)rank % devices : 0)); /* NVSHMEM's PE on this GPU (shared: rank % GPUs) */
    if (rank == 0) {
        SHMEM(nvshmemx_get_uniqueid(&id));
        publish(dir, "uid", &id, sizeof id);
    } else {
        path_of(path, sizeof path, dir, "uid");
        const struct timespec pause = {0, 2000000L};
        for (unsigned int waited_ms = 0;; waited_ms += 2u) {
            FILE *f = fopen(path, "rb");
            if (f) {
                const size_t got = fread(&id, 1, sizeof id, f);
                fclose(f);
                if (got != sizeof id)
                    die("the unique id is short");
                break;
            }
            if (waited_ms > 60000u)
                die("no unique id from rank 0 after 60 s");
            nanosleep(&pause, NULL);
        }
    }
    SHMEM(nvshmemx_set_attr_uniqueid_args((int)rank, (int)gpus, &id, &attr));
    SHMEM(nvshmemx_init_attr(NVSHMEMX_INIT_WITH_UNIQUEID, &attr));
    if (nvshmem_my_pe() != (int)rank || nvshmem_n_pes() != (int)gpus)
        die("NVSHMEM numbered the PEs otherwise");
}

/* In a rank (its environment set by ranks_run): true, with its rank, blocks
 * a GPU and folder. */
static bool rank_env(unsigned int *rank, unsigned int *blocks, const char **dir)
{
    const char *r = getenv(RANK_ENV), *b = getenv(BLOCKS_ENV);
    if (!r)
        return false;
    *dir = getenv(DIR_ENV);
    if (!*dir || !b)
        die(RANK_ENV " without " DIR_ENV " and " BLOCKS_ENV);
    *rank = (unsigned int)strtoul(r, NULL, 10), *blocks = (unsigned int)strtoul(b, NULL, 10);
    return true;
}

/* ---- the first process ---- */

/* The ranks to run (gpus 0: one a GPU, up to GS_MULTI_MAX_PES; 2 on a
 * machine of one GPU where ranks may share); exits 77 where there are fewer
 * GPUs than 2 (or than gpus) and ranks may not share them. */
static unsigned int ranks_gpus(unsigned int gpus)
{
    const int devices = ranks_devices();
    if (devices == 0) {
        printf("%s: no NVIDIA GPU or driver found: skipped\n", EXAMPLE_NAME);
        exit(77);
    }
    if (!ranks_share() && (devices < 2 || (int)gpus > devices)) {
        printf("%s: needs %u GPUs; this machine has %d (" SHARE_ENV "=1 lets ranks share them)\n", EXAMPLE_NAME,
               gpus ? gpus : 2u, devices);
        exit(77);
    }
    if (gpus == 0u)
        gpus = devices > (int)GS_MULTI_MAX_PES ? GS_MULTI_MAX_PES : devices < 2 ? 2u : (unsigned int)devices;
    return gpus;
}

/* The fewest SMs of the ranks' GPUs: every GPU runs the same grid. */
static unsigned int ranks_sms(unsigned int gpus)
{
    int sms = 0;
    const int devices = ranks_devices();
    for (unsigned int d = 0; d < gpus; ++d) {
        int n = 0;
        CHECK(cudaDeviceGetAttribute(&n, cudaDevAttrMultiProcessorCount, devices > 0 ? (int)d % devices : 0));
        sms = d == 0 || n < sms ? n : sms;
    }
    return (unsigned int)sms;
}

/* Starts `gpus` ranks, this binary again with the arguments `given` (n of
 * them) and `blocks` a GPU, in a fresh folder `dir` (dir_n bytes), NVLink
 * multicast off and no network transport (one node); waits for every rank.
 * Returns -1 when every rank exited 0, else the first that failed (*status:
 * its wait status; -1: the ranks could not start). */
static int ranks_run(const char *argv0, const unsigned int *given, unsigned int n, unsigned int gpus,
                     unsigned int blocks, char *dir, size_t dir_n, int *status)
{
    setenv("NVSHMEM_DISABLE_NVLS", "1", 1);
    setenv("NCCL_NVLS_ENABLE", "0", 1);
    setenv("NVSHMEM_REMOTE_TRANSPORT", "none", 0);
    setenv("NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME", "lo", 0);
    if (snprintf(dir, dir_n, "/tmp/gsync-%s-XXXXXX", EXAMPLE_NAME) >= (int)dir_n || !mkdtemp(dir)) {
        fprintf(stderr, "%s: cannot make a folder under /tmp: %s\n", EXAMPLE_NAME, strerror(errno));
        exit(1);
    }
    char num[RANKS_MAX_ARGS + 1][16];
    char *rank_argv[RANKS_MAX_ARGS + 2] = {(char *)argv0};
    for (unsigned int i = 0; i < n && i < RANKS_MAX_ARGS; ++i)
        snprintf(num[i], sizeof num[i], "%u", given[i]), rank_argv[i + 1] = num[i];
    rank_argv[n < RANKS_MAX_ARGS ? n + 1 : RANKS_MAX_ARGS + 1] = NULL;
    snprintf(num[RANKS_MAX_ARGS], sizeof num[RANKS_MAX_ARGS], "%u", blocks);
    setenv(DIR_ENV, dir, 1);
    setenv(BLOCKS_ENV, num[RANKS_MAX_ARGS], 1);
    fflush(stdout);
    fflush(stderr);
    pid_t pid[GS_MULTI_MAX_PES] = {0};
    const pid_t self = getpid();
    int failed = -1, left = 0;
    *status = 0;
    for (unsigned int r = 0; r < gpus && failed < 0; ++r) {
        char rank_s[16];
        snprintf(rank_s, sizeof rank_s, "%u", r);
        setenv(RANK_ENV, rank_s, 1); /* before fork: the child only execs */
        pid[r] = fork();
        if (pid[r] == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL); /* a killed first process takes its ranks along */
            if (getppid() != self)
                _exit(1);
            /* a rank's stdout (NVSHMEM's notes, the device's printf) into its file; its stderr stays */
            char said[4096], name[16];
            snprintf(name, sizeof name, "said%u", r);
            path_of(said, sizeof said, dir, name);
            const int to = open(said, O_WRONLY | O_CREAT | O_TRUNC, 0600);
            if (to < 0 || dup2(to, 1) < 0)
                _exit(1);
            execv("/proc/self/exe", rank_argv);
            _exit(127);
        }
        if (pid[r] < 0) {
            fprintf(stderr, "%s: fork: %s\n", EXAMPLE_NAME, strerror(errno));
            failed = (int)r, *status = -1, pid[r] = 0;
        } else {
            ++left;
        }
    }
    for (unsigned int k = 0; k < gpus && failed >= 0; ++k)
        if (pid[k] > 0)
            kill(pid[k], SIGKILL); /* a fork failed: the ranks started would wait for it */
    while (left > 0) {
        int st = 0;
        const pid_t got = wait(&st);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (unsigned int r = 0; r < gpus; ++r) {
            if (pid[r] != got)
                continue;
            pid[r] = 0, --left;
            if (failed < 0 && !(WIFEXITED(st) && WEXITSTATUS(st) == 0)) {
                failed = (int)r, *status = st;
                for (unsigned int k = 0; k < gpus; ++k)
                    if (pid[k] > 0)
                        kill(pid[k], SIGKILL);
            }
        }
    }
    return failed;
}

/* The verdict line for a rank that failed (ranks_run's answer), or for no
 * result left where every rank exited 0 (failed -1). */
static void ranks_print_failed(int failed, int status)
{
    if (status == -1 || failed < 0)
        printf("%s FAIL: %s\n", EXAMPLE_NAME, failed < 0 ? "rank 0 left no result" : "could not start the ranks");
    else if (WIFEXITED(status))
        printf("%s FAIL: rank %d (GPU %d) exited with status %d\n", EXAMPLE_NAME, failed,
               failed % (ranks_devices() > 0 ? ranks_devices() : 1), WEXITSTATUS(status));
    else
        printf("%s FAIL: rank %d (GPU %d) ended by signal %d\n", EXAMPLE_NAME, failed,
               failed % (ranks_devices() > 0 ? ranks_devices() : 1),
               WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* Prints the "gsync: " lines rank r's GPU printed (a rule named). */
static void ranks_said_one(const char *dir, unsigned int r)
{
    char path[4096], name[16], line[512];
    snprintf(name, sizeof name, "said%u", r);
    path_of(path, sizeof path, dir, name);
    if (FILE *f = fopen(path, "r")) {
        while (fgets(line, sizeof line, f))
            if (!strncmp(line, "gsync: ", 7))
                printf("  GPU %u said: %s", r, line);
        fclose(f);
    }
}

/* The same for every rank. */
static void ranks_said(const char *dir, unsigned int gpus)
{
    for (unsigned int r = 0; r < gpus; ++r)
        ranks_said_one(dir, r);
}

/* Removes the folder and what the ranks left in it. */
static void ranks_clean(const char *dir)
{
    char path[4096];
    if (DIR *d = opendir(dir)) {
        while (const struct dirent *e = readdir(d))
            if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
                path_of(path, sizeof path, dir, e->d_name);
                unlink(path);
            }
        closedir(d);
    }
    rmdir(dir);
}

#endif
