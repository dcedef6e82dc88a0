/* syncs.c: the app command's synchronization modes (GS_SYNC_*): their names,
 * the family primitive each one is where the algorithm is the same, their
 * origin and summary, and which program takes which mode.  Read by the
 * command's parser (command.c) and by the sweep (sweep.c). */
#include "app/app_cli.h"
#include "app/program.h"
#include "core/family.h"

#include <stddef.h>
#include <string.h>

/* The synchronization modes' names: the barrier and mutex families' where
 * the algorithm is the same (their origin, summary and flags then come from
 * the family's table), else app's own. */
const char *const gs_app_sync_names[GS_SYNC_NAMES] = {
    "relaunchStream", "relaunchGraph", "gridSync",  "cudaBarrier",      "atomicTreeBarrUniq", "lfTreeBarrUniq",
    "srBarrier",      "fxLockFreeBarrier", "fxLockBarrier", "gsBarrier", "brokenNoBarrier",
    "fxLockBarrierNoFence", "fxLockFreeBarrierNoFence", "spinMutex", "faMutex", "ticketMutex", "arrayMutex",
    "cohortMutex", "brokenNoLock", "hsShipped", "hsFixed", "hsTicket", "async", "brokenAsync", "cubRadixSort",
    "cubMergeSort", "cubReduce"};

#define UNORDERED GS_APP_SYNC_UNORDERED
#define FAMILY(f) {f, NULL, NULL, 0u}
#define OWN(origin, summary, flags) {NULL, origin, summary, flags}
static const struct {
    const char *family;            /* the family whose primitive of the same name it is; NULL: app's own */
    const char *origin, *summary;  /* app's own modes' */
    unsigned int flags;            /* GS_APP_SYNC_*; a family's primitive adds its GS_PRIM_UNORDERED */
} sync_info[GS_SYNC_NAMES] = {
    [GS_SYNC_RELAUNCH_STREAM] = FAMILY("barrier"),
    [GS_SYNC_RELAUNCH_GRAPH] = FAMILY("barrier"),
    [GS_SYNC_GRID] = FAMILY("barrier"),
    [GS_SYNC_CUDA_BARRIER] = FAMILY("barrier"),
    [GS_SYNC_ATOMIC_TREE] = FAMILY("barrier"),
    [GS_SYNC_LF_TREE] = FAMILY("barrier"),
    [GS_SYNC_SENSE_REVERSING] = FAMILY("barrier"),
    [GS_SYNC_FX_LOCKFREE] = FAMILY("barrier"),
    [GS_SYNC_FX_LOCK] = {"barrier", NULL, NULL, GS_APP_SYNC_MAY_TIME_OUT}, /* it may deadlock */
    [GS_SYNC_GS] = FAMILY("barrier"),
    [GS_SYNC_BROKEN_NONE] = OWN("test twin", "__syncthreads only, no grid barrier (uts: no lock; uts-hs: hsShipped)",
                                UNORDERED),
    [GS_SYNC_FX_LOCK_NOFENCE] = FAMILY("barrier"),
    [GS_SYNC_FX_LOCKFREE_NOFENCE] = FAMILY("barrier"),
    [GS_SYNC_UTS_SPIN] = FAMILY("mutex"),
    [GS_SYNC_UTS_FA] = FAMILY("mutex"),
    [GS_SYNC_UTS_TICKET] = FAMILY("mutex"),
    [GS_SYNC_UTS_ARRAY] = FAMILY("mutex"),
    [GS_SYNC_UTS_COHORT] = FAMILY("mutex"),
    [GS_SYNC_UTS_NONE] = OWN("test twin", "uts's stacks without locks", UNORDERED),
    [GS_SYNC_HS_SHIPPED] = OWN("HeteroSync baseline", "HeteroSync's UTS kernel as shipped (it must FAIL on sm_70+)",
                               UNORDERED),
    [GS_SYNC_HS_FIXED] = OWN("HeteroSync baseline", "its kernel with __syncwarp and its relaxed lock fixed", 0u),
    [GS_SYNC_HS_TICKET] = OWN("gsync", "the fixed kernel with gsync's ticket locks", 0u),
    [GS_SYNC_ASYNC] = OWN("gsync", "no barrier: a work ring (async_kernels.cu)", 0u),
    [GS_SYNC_ASYNC_BROKEN] = OWN("test twin", "async whose popped vertex stays queued", UNORDERED),
    [GS_SYNC_CUB_RADIX] = OWN("CUDA peer", "CUB's DeviceRadixSort of the same keys", 0u),
    [GS_SYNC_CUB_MERGE] = OWN("CUDA peer", "CUB's DeviceMergeSort of the same keys", 0u),
    [GS_SYNC_CUB_REDUCE] = OWN("CUDA peer", "CUB's DeviceReduce::Sum of the same terms", 0u),
};
#undef FAMILY
#undef OWN
#undef UNORDERED

const char *gs_app_sync_name(unsigned int m)
{
    return m < GS_SYNC_NAMES ? gs_app_sync_names[m] : "?";
}

const gs_prim *gs_app_sync_prim(unsigned int m)
{
    const gs_family *f = m < GS_SYNC_NAMES && sync_info[m].family ? gs_family_find(sync_info[m].family) : NULL;
    for (size_t i = 0; f && i < f->nprims; ++i)
        if (strcmp(f->prims[i].name, gs_app_sync_names[m]) == 0)
            return &f->prims[i];
    return NULL;
}

const char *gs_app_sync_origin(unsigned int m)
{
    const gs_prim *p = gs_app_sync_prim(m);
    return p ? p->origin : m < GS_SYNC_NAMES && sync_info[m].origin ? sync_info[m].origin : "?";
}

const char *gs_app_sync_summary(unsigned int m)
{
    const gs_prim *p = gs_app_sync_prim(m);
    return p ? p->summary : m < GS_SYNC_NAMES && sync_info[m].summary ? sync_info[m].summary : "?";
}

int gs_app_sync_unordered(unsigned int m)
{
    const gs_prim *p = gs_app_sync_prim(m);
    return (p && (p->flags & GS_PRIM_UNORDERED)) || (m < GS_SYNC_NAMES && (sync_info[m].flags & GS_APP_SYNC_UNORDERED));
}

int gs_app_sync_may_time_out(unsigned int m)
{
    return m < GS_SYNC_NAMES && (sync_info[m].flags & GS_APP_SYNC_MAY_TIME_OUT);
}

int gs_app_mode_applies(unsigned int program, unsigned int mode)
{
    return program < GS_APP_PROGRAMS && mode < 64u && (gs_app_programs[program]->takes & GS_SYNC_BIT(mode)) != 0;
}
