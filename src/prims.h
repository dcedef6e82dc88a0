/* prims.h: the table of primitives gsync-bench knows. */
#ifndef GSYNC_PRIMS_H
#define GSYNC_PRIMS_H

#include "bench_kernels.h"
#include <stddef.h>

enum gs_family { GS_FAMILY_MUTEX, GS_FAMILY_SEM, GS_FAMILY_BARRIER };

typedef struct gs_prim {
    const char *name;    /* command-line name; HeteroSync's where it has one */
    enum gs_family family_id;
    const char *family;  /* "mutex", "sem", "barrier"                       */
    const char *origin;  /* "HeteroSync baseline" or "gsync"                */
    const char *summary; /* one line for `gsync-bench list`                 */
    int needs_coresident; /* every block must be resident (barriers)        */
    gs_launch_fn launch;
    gs_occupancy_fn occupancy;
    unsigned int sem_size; /* semaphores: readers allowed at once          */
    int backoff;           /* semaphore baselines: the EBO variant          */
    int unordered;         /* barriers published without ordering: may FAIL */
    int exchange;          /* barriers: HeteroSync's LocalExch model (2 versions per episode) */
    gs_cluster_fn cluster; /* launched in clusters: picks the size; NULL: no clusters */
    gs_note_fn note;       /* what the last launch ran, for the detail; NULL: nothing to say */
} gs_prim;

const gs_prim *gs_prims(size_t *count);
/* Exact name, else a case-insensitive match; NULL when none. */
const gs_prim *gs_prim_find(const char *name);
/* Up to `max` known names nearest to `name` (edit distance), nearest first. */
int gs_prim_suggest(const char *name, const char **out, int max);

#endif
