/* gsync-bench multi's host side, without GPUs: the unique id's exchange
 * between processes through a folder, the merge of the ranks' rows, and a
 * rank's device taken from its environment. */
#include "commands.h"
#include "../check.h"
#include "core/cli.h"
#include "multi/multi.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void uid_exchange(void)
{
    char dir[] = "/tmp/gsync-test-multi-XXXXXX", err[256] = "", path[128];
    unsigned char id[128], got[128];
    pid_t pid;
    int st = 0;
    CHECK(mkdtemp(dir) != NULL);
    for (int i = 0; i < 128; ++i)
        id[i] = (unsigned char)(i * 7 + 3);
    /* nothing published: the reader gives up after its timeout, naming the file */
    CHECK(gs_multi_uid_read(dir, got, sizeof got, 10, err, sizeof err) == -1 && strstr(err, "no unique id"));
    /* a writer in another process, a little later than the reader starts */
    if ((pid = fork()) == 0) {
        const struct timespec t = {0, 50000000L};
        nanosleep(&t, NULL);
        _exit(gs_multi_uid_publish(dir, id, sizeof id, err, sizeof err) ? 1 : 0);
    }
    memset(got, 0, sizeof got);
    CHECK(gs_multi_uid_read(dir, got, sizeof got, 10000, err, sizeof err) == 0);
    CHECK(memcmp(got, id, sizeof id) == 0);
    CHECK(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
    /* a short file is an error, not a wrong id */
    CHECK(gs_multi_uid_read(dir, got, sizeof got + 1, 10, err, sizeof err) == -1 && strstr(err, "holds 128 bytes"));
    snprintf(path, sizeof path, "%s/uid", dir);
    CHECK(unlink(path) == 0 && rmdir(dir) == 0);
    /* a folder that cannot be written */
    CHECK(gs_multi_uid_publish("/nonexistent-gsync", id, sizeof id, err, sizeof err) == -1 && strstr(err, "unique id"));
}

/* Any file of the folder (NCCL's unique id, each rank's word on NCCL): its
 * own name, beside the other files, named in errors by what it holds. */
static void file_exchange(void)
{
    char dir[] = "/tmp/gsync-test-multi-XXXXXX", err[256] = "", path[128];
    const char a[] = "rank 0's word", b[] = "the unique id";
    char got[sizeof a];
    CHECK(mkdtemp(dir) != NULL);
    CHECK(gs_multi_file_read(dir, "nccl.1", "word on NCCL", got, sizeof got, 10, err, sizeof err) == -1 &&
          strstr(err, "no word on NCCL") && strstr(err, "nccl.1"));
    CHECK(gs_multi_file_publish(dir, "nccl.0", "word on NCCL", a, sizeof a, err, sizeof err) == 0);
    CHECK(gs_multi_uid_publish(dir, b, sizeof b, err, sizeof err) == 0);
    CHECK(gs_multi_file_read(dir, "nccl.0", "word on NCCL", got, sizeof got, 10, err, sizeof err) == 0 &&
          memcmp(got, a, sizeof a) == 0);
    CHECK(gs_multi_uid_read(dir, got, sizeof b, 10, err, sizeof err) == 0 && memcmp(got, b, sizeof b) == 0);
    snprintf(path, sizeof path, "%s/nccl.0.tmp", dir);
    CHECK(access(path, F_OK) != 0); /* renamed into place */
    snprintf(path, sizeof path, "%s/nccl.0", dir);
    CHECK(unlink(path) == 0);
    snprintf(path, sizeof path, "%s/uid", dir);
    CHECK(unlink(path) == 0 && rmdir(dir) == 0);
    CHECK(gs_multi_file_publish("/nonexistent-gsync", "nccl-uid", "NCCL unique id", a, sizeof a, err, sizeof err) ==
              -1 && strstr(err, "NCCL unique id"));
}

static void merge(void)
{
    gs_multi_row total[3], r0[3], r1[3];
    memset(r0, 0, sizeof r0), memset(r1, 0, sizeof r1);
    /* the slowest rank's time */
    r0[0].measured = r1[0].measured = 1, r0[0].ns_median = 10.0, r1[0].ns_median = 12.0, r1[0].ns_min = 11.0;
    /* a failure on rank 1 wins, with its detail */
    r0[1].measured = r1[1].measured = 1, r1[1].verdict = GS_MULTI_FAIL;
    strcpy(r1[1].detail, "GPU 1: 3 stale reads");
    /* a probe that only rank 0 measures: rank 1's SKIP does not hide it */
    r0[2].measured = 1, r0[2].ns_median = 700.0, r1[2].verdict = GS_MULTI_SKIP;
    gs_multi_merge(total, r0, 3, 1);
    gs_multi_merge(total, r1, 3, 0);
    CHECK(total[0].ns_median == 12.0 && total[0].ns_min == 11.0 && total[0].verdict == GS_MULTI_PASS);
    CHECK(total[1].verdict == GS_MULTI_FAIL && strcmp(total[1].detail, "GPU 1: 3 stale reads") == 0);
    CHECK(total[2].verdict == GS_MULTI_PASS && total[2].measured && total[2].ns_median == 700.0);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_BROKEN), "brokenNoExchange") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_TICKET), "critical section") == 0);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_COHORT), "cohortLock") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_COHORT), "critical section") == 0);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_QUEUE), "queue") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_QUEUE), "message") == 0);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_BROKEN_QUEUE), "brokenQueue") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_BROKEN_QUEUE), "message") == 0);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_NCCL_GRID), "ncclGrid") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_NCCL_GRID), "episode") == 0);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_SEM), "ticketSem") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_SEM), "critical section") == 0);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_BROKEN_SEM), "brokenSem") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_BROKEN_SEM), "critical section") == 0);
    CHECK(GS_MULTI_SEM < GS_MULTI_DEFAULT_WAYS && GS_MULTI_BROKEN_SEM > GS_MULTI_DEFAULT_WAYS);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_SERVER), "server") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_SERVER), "update") == 0);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_BROKEN_SERVER), "brokenServer") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_BROKEN_SERVER), "update") == 0);
    CHECK(GS_MULTI_SERVER < GS_MULTI_DEFAULT_WAYS && GS_MULTI_BROKEN_SERVER > GS_MULTI_DEFAULT_WAYS);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_BROKEN_LOCK), "brokenLock") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_BROKEN_LOCK), "critical section") == 0);
    CHECK(GS_MULTI_BROKEN_LOCK == GS_MULTI_WAYS - 1 && GS_MULTI_BROKEN_LOCK > GS_MULTI_DEFAULT_WAYS);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_COHORT_OWN), "cohortOwnData") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_COHORT_OWN), "critical section") == 0);
    CHECK(GS_MULTI_COHORT_OWN < GS_MULTI_DEFAULT_WAYS);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_HIER_NODES), "hierNodes") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_HIER_NODES), "episode") == 0);
    CHECK(GS_MULTI_HIER_NODES < GS_MULTI_DEFAULT_WAYS);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_BROKEN_PAGERANK), "brokenPagerank") == 0);
    CHECK(strcmp(gs_multi_way_unit(GS_MULTI_BROKEN_PAGERANK), "iteration") == 0);
    CHECK(strcmp(gs_multi_way_name(GS_MULTI_WAYS), "?") == 0);
}

static int parse(const char *a1, const char *a2, gs_options *o, char *err, size_t n)
{
    char *argv[] = {(char *)"gsync-bench", (char *)"multi", (char *)a1, (char *)a2, NULL};
    return gs_parse_args(2 + (a1 != NULL) + (a2 != NULL), argv, o, err, n);
}

static void rank_device(void)
{
    static gs_options o;
    char err[256];
    unsetenv("GSYNC_MULTI_RANK");
    CHECK(parse(NULL, NULL, &o, err, sizeof err) == GS_EXIT_OK && o.device == 0u);
    CHECK(GS_OWN(&o, gs_multi_options)->nways == GS_MULTI_DEFAULT_WAYS);
    /* `all` has the queue and the semaphore and no broken twin; the semaphore's capacity is 8 */
    {
        const gs_multi_options *m = GS_OWN(&o, gs_multi_options);
        int queue = 0, sem = 0, server = 0, twin = 0;
        for (int i = 0; i < m->nways; ++i)
            queue += m->ways[i] == GS_MULTI_QUEUE, sem += m->ways[i] == GS_MULTI_SEM,
                server += m->ways[i] == GS_MULTI_SERVER,
                twin += m->ways[i] == GS_MULTI_BROKEN || m->ways[i] == GS_MULTI_BROKEN_QUEUE ||
                        m->ways[i] == GS_MULTI_BROKEN_SEM || m->ways[i] == GS_MULTI_BROKEN_SERVER;
        CHECK(queue == 1 && sem == 1 && server == 1 && twin == 0);
        CHECK(m->sem_size == GS_MULTI_SEM_SIZE && GS_MULTI_SEM_SIZE == 8u);
    }
    CHECK(GS_OWN(&o, gs_multi_options)->ways[GS_MULTI_NCCL_GRID] == GS_MULTI_NCCL_GRID); /* in `all` */
    setenv("GSYNC_MULTI_RANK", "3", 1);
    CHECK(parse(NULL, NULL, &o, err, sizeof err) == GS_EXIT_OK && o.device == 3u);
    setenv("GSYNC_MULTI_RANK", "x", 1);
    CHECK(parse(NULL, NULL, &o, err, sizeof err) == GS_EXIT_USAGE && strstr(err, "GSYNC_MULTI_RANK"));
    unsetenv("GSYNC_MULTI_RANK");
    CHECK(parse("--gpus", "1", &o, err, sizeof err) == GS_EXIT_USAGE && strstr(err, "--gpus"));
    CHECK(parse("--way", "brokenNoExchange", &o, err, sizeof err) == GS_EXIT_OK &&
          GS_OWN(&o, gs_multi_options)->nways == 1 && GS_OWN(&o, gs_multi_options)->ways[0] == GS_MULTI_BROKEN);
    CHECK(parse("--way", "queue,brokenQueue", &o, err, sizeof err) == GS_EXIT_OK &&
          GS_OWN(&o, gs_multi_options)->nways == 2 && GS_OWN(&o, gs_multi_options)->ways[0] == GS_MULTI_QUEUE &&
          GS_OWN(&o, gs_multi_options)->ways[1] == GS_MULTI_BROKEN_QUEUE);
    CHECK(parse("--way", "ticketSem,brokenSem", &o, err, sizeof err) == GS_EXIT_OK &&
          GS_OWN(&o, gs_multi_options)->nways == 2 && GS_OWN(&o, gs_multi_options)->ways[0] == GS_MULTI_SEM &&
          GS_OWN(&o, gs_multi_options)->ways[1] == GS_MULTI_BROKEN_SEM);
    CHECK(parse("--sem-size", "3", &o, err, sizeof err) == GS_EXIT_OK && GS_OWN(&o, gs_multi_options)->sem_size == 3u);
    CHECK(parse("--sem-size", "0", &o, err, sizeof err) == GS_EXIT_USAGE && strstr(err, "--sem-size"));
    CHECK(parse("--sem-size", "1025", &o, err, sizeof err) == GS_EXIT_USAGE && strstr(err, "1 to 1024"));
}

/* ticketSem's checks: each way the semaphore or the run can go wrong FAILs with its own detail */
static void sem_verdict(void)
{
    gs_multi_row x;
    memset(&x, 0, sizeof x);
    gs_multi_sem_verdict(8, 1000, 1000, 0, 8, &x); /* full, never over */
    CHECK(x.verdict == GS_MULTI_PASS && strcmp(x.detail, "at most 8 of 8 inside at once") == 0);
    memset(&x, 0, sizeof x);
    gs_multi_sem_verdict(8, 1000, 1000, 0, 12, &x); /* brokenSem's permits over */
    CHECK(x.verdict == GS_MULTI_FAIL && strcmp(x.detail, "12 holders inside, capacity 8") == 0);
    memset(&x, 0, sizeof x);
    gs_multi_sem_verdict(8, 1000, 999, 0, 8, &x); /* a block left early */
    CHECK(x.verdict == GS_MULTI_FAIL && strstr(x.detail, "999 acquisitions counted on GPU 0, 1000 expected"));
    memset(&x, 0, sizeof x);
    gs_multi_sem_verdict(8, 1000, 1000, 1, 8, &x); /* one never counted out */
    CHECK(x.verdict == GS_MULTI_FAIL && strstr(x.detail, "1 still counted inside after the launch"));
    memset(&x, 0, sizeof x);
    gs_multi_sem_verdict(8, 1000, 1000, 0, 1, &x); /* a semaphore that serializes */
    CHECK(x.verdict == GS_MULTI_FAIL && strstr(x.detail, "no overlap"));
    memset(&x, 0, sizeof x);
    gs_multi_sem_verdict(1, 1000, 1000, 0, 1, &x); /* capacity 1: a lock, 1 is all it may reach */
    CHECK(x.verdict == GS_MULTI_PASS);
    memset(&x, 0, sizeof x);
    gs_multi_sem_verdict(1, 1000, 1000, 0, 2, &x);
    CHECK(x.verdict == GS_MULTI_FAIL && strcmp(x.detail, "2 holders inside, capacity 1") == 0);
}

int main(void)
{
    gs_cli_use_commands(gs_commands, gs_ncommands);
    uid_exchange();
    file_exchange();
    merge();
    rank_device();
    sem_verdict();
    return check_done();
}
