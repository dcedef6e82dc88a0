/* The primitive table: HeteroSync's names, lookups and suggestions. */
#include "../check.h"
#include "prims.h"

#include <string.h>
#include <strings.h>

int main(void)
{
    const char *near[3];
    size_t n, i, j;
    const gs_prim *t = gs_prims(&n);
    const char *heterosync[] = {"atomicTreeBarrUniq", "lfTreeBarrUniq", "atomicTreeBarrUniqLocalExch",
                                "lfTreeBarrUniqLocalExch", "spinMutex", "spinMutexEBO", "faMutex", "sleepMutex", "spinSem1", "spinSem2",
                                "spinSem10", "spinSem120", "spinSemEBO1", "spinSemEBO2", "spinSemEBO10",
                                "spinSemEBO120"};

    for (i = 0; i < sizeof heterosync / sizeof heterosync[0]; ++i)
        CHECK(gs_prim_find(heterosync[i]) != NULL);
    for (i = 0; i < n; ++i) {
        CHECK(t[i].launch != NULL && t[i].occupancy != NULL && t[i].summary[0]);
        for (j = i + 1; j < n; ++j)
            CHECK(strcasecmp(t[i].name, t[j].name) != 0);
    }
    CHECK(gs_prim_find("nope") == NULL);
    for (i = 0; i < n; ++i) /* the in-kernel barriers, and only they, need every block resident */
        CHECK(t[i].needs_coresident ==
              (t[i].family_id == GS_FAMILY_BARRIER && strncmp(t[i].name, "relaunch", 8) != 0));
    CHECK(gs_prim_find("fxLockBarrierNoFence")->unordered && !gs_prim_find("gsBarrier")->unordered);
    /* gsBarrier's entries, and only they, note the form a launch took; none yet */
    for (i = 0; i < n; ++i)
        CHECK((t[i].note != NULL) == (strncmp(t[i].name, "gsBarrier", 9) == 0));
    CHECK(gs_prim_find("gsBarrier")->note()[0] == 0);
    CHECK(gs_prim_find("ticketSem120")->sem_size == 120 && gs_prim_find("ticketSem120")->family_id == GS_FAMILY_SEM);
    CHECK(gs_prim_find("spinSemEBO2")->backoff == 1 && gs_prim_find("spinSem2")->backoff == 0);
    CHECK(gs_prim_suggest("spinSem3", near, 3) >= 1 && strncmp(near[0], "spinSem", 7) == 0);
    CHECK(gs_prim_suggest("spinMutx", near, 3) >= 1 && strcmp(near[0], "spinMutex") == 0);
    CHECK(gs_prim_suggest("sleepmutex", near, 3) >= 1 && strcmp(near[0], "sleepMutex") == 0);
    CHECK(gs_prim_suggest("faMtex", near, 3) >= 1 && strcmp(near[0], "faMutex") == 0);
    CHECK(gs_prim_suggest("zzzzzzzzzzzzzzzzzzzzzz", near, 3) == 0);
    return check_done();
}
