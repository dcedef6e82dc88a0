/* The families' tables: HeteroSync's names, lookups and suggestions, and
 * what each family promises the runner. */
#include "../check.h"
#include "core/cli.h"
#include "core/family.h"

#include <string.h>
#include <strings.h>

int main(void)
{
    const char *near[3];
    const size_t n = gs_prim_count();
    size_t i, j;
    const char *heterosync[] = {"atomicTreeBarrUniq", "lfTreeBarrUniq", "atomicTreeBarrUniqLocalExch",
                                "lfTreeBarrUniqLocalExch", "spinMutex", "spinMutexEBO", "faMutex", "sleepMutex",
                                "spinSem1", "spinSem2", "spinSem10", "spinSem120", "spinSemEBO1", "spinSemEBO2",
                                "spinSemEBO10", "spinSemEBO120", "spinMutexUniq", "spinMutexEBOUniq",
                                "sleepMutexUniq", "faMutexUniq", "spinSemUniq1", "spinSemUniq2", "spinSemUniq10",
                                "spinSemUniq120", "spinSemEBOUniq1", "spinSemEBOUniq2", "spinSemEBOUniq10",
                                "spinSemEBOUniq120"}; /* all 28 of HeteroSync's SyncPrims names */

    { /* the lookups see every family's table, each primitive once */
        size_t total = 0;
        for (i = 0; i < gs_nfamilies; ++i)
            total += gs_families[i]->nprims;
        CHECK(n == total && n > 0);
    }
    for (i = 0; i < sizeof heterosync / sizeof heterosync[0]; ++i)
        CHECK(gs_prim_find(heterosync[i]) != NULL);
    for (i = 0; i < n; ++i) {
        const gs_prim *p = gs_prim_at(i);
        CHECK(p->kernels != NULL && p->kernels->kernel != NULL && p->summary[0] && p->family != NULL);
        CHECK(gs_family_find(p->family->name) == p->family);
        for (j = i + 1; j < n; ++j)
            CHECK(strcasecmp(p->name, gs_prim_at(j)->name) != 0);
        /* the in-kernel barriers and Flags (which ends in one), and only they, need every block resident */
        CHECK(!!(p->flags & GS_PRIM_CORESIDENT) ==
              ((strcmp(p->family->name, "barrier") == 0 && strncmp(p->name, "relaunch", 8) != 0) ||
               strncmp(p->name, "flags", 5) == 0));
    }
    for (i = 0; i < gs_nfamilies; ++i) { /* every operation the runner calls is there */
        const gs_family *f = gs_families[i];
        CHECK(f->nprims > 0 && f->default_iters > 0 && f->help != NULL);
        CHECK(f->nprims <= GS_MAX_LIST); /* `run FAMILY` takes all of them */
        CHECK(f->launch_iters && f->state_bytes && f->data_words && f->prepare && f->verify && f->ops_per_launch);
    }
    CHECK(gs_prim_find("nope") == NULL && gs_prim_at(n) == NULL);
    { /* the quick suite: every family shows its headline, ours and the seeds' */
        size_t head = 0;
        for (i = 0; i < gs_nfamilies; ++i) {
            int ours = 0, theirs = 0;
            for (j = 0; j < gs_families[i]->nprims; ++j)
                if (gs_families[i]->prims[j].flags & GS_PRIM_HEADLINE) {
                    ++head;
                    ours |= strcmp(gs_families[i]->prims[j].origin, "gsync") == 0;
                    theirs |= strcmp(gs_families[i]->prims[j].origin, "gsync") != 0;
                }
            CHECK(ours && theirs);
        }
        CHECK(head == 27);
    }
    CHECK(gs_prim_find("fxLockBarrierNoFence")->flags & GS_PRIM_UNORDERED);
    CHECK(!(gs_prim_find("gsBarrier")->flags & GS_PRIM_UNORDERED));
    CHECK(gs_prim_find("cohortMutex")->launch == GS_LAUNCH_CLUSTERS);
    CHECK(gs_prim_find("ticketMutexCluster")->launch == GS_LAUNCH_CLUSTERS &&
          strcmp(gs_prim_find("ticketMutexCluster")->family->name, "local") == 0);
    CHECK(strcmp(gs_prim_find("spinSemEBOUniq10")->origin, "HeteroSync baseline") == 0);
    CHECK(gs_prim_find("histCub64K")->arg[1] == 65536u && gs_prim_find("hg2kRelaxed")->arg[1] == 2048u);
    for (i = 0; i < n; ++i) { /* each histogram competitor runs beside gsync's and a CUB peer at its bins */
        const gs_prim *p = gs_prim_at(i);
        int gsync = 0, cub = 0;
        if (strncmp(p->name, "hist", 4) != 0)
            continue;
        CHECK(strcmp(p->family->name, "relaxed") == 0 && p->arg[1] >= 256u);
        CHECK((strncmp(p->name, "histCub", 7) == 0) == (strcmp(p->origin, "CUDA peer") == 0));
        for (j = 0; j < n; ++j) {
            const gs_prim *q = gs_prim_at(j);
            gsync |= strncmp(q->name, "histGsync", 9) == 0 && q->arg[1] == p->arg[1];
            cub |= strncmp(q->name, "histCub", 7) == 0 && q->arg[1] == p->arg[1];
        }
        CHECK(gsync && cub);
    }
    CHECK(strcmp(gs_prim_find("seqlocksAcqRel")->family->name, "relaxed") == 0);
    CHECK(gs_prim_find("relaunchGraph")->launch == GS_LAUNCH_RELAUNCH_GRAPH);
    CHECK(gs_prim_find("ticketSem120")->arg[0] == 120 && strcmp(gs_prim_find("ticketSem120")->family->name, "sem") == 0);
    CHECK(gs_prim_find("spinSemEBO2")->arg[1] == 1 && gs_prim_find("spinSem2")->arg[1] == 0);
    CHECK(gs_prim_suggest("spinSem3", near, 3) >= 1 && strncmp(near[0], "spinSem", 7) == 0);
    CHECK(gs_prim_suggest("spinMutx", near, 3) >= 1 && strcmp(near[0], "spinMutex") == 0);
    CHECK(gs_prim_suggest("sleepmutex", near, 3) >= 1 && strcmp(near[0], "sleepMutex") == 0);
    CHECK(gs_prim_suggest("faMtex", near, 3) >= 1 && strcmp(near[0], "faMutex") == 0);
    CHECK(gs_prim_suggest("zzzzzzzzzzzzzzzzzzzzzz", near, 3) == 0);
    return check_done();
}
