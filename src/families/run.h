/* run.h: the commands that run primitives (suite, run, list; run.c) and
 * their options. */
#ifndef GSYNC_RUN_H
#define GSYNC_RUN_H

#include "core/table.h"
#include "core/cli.h"

#define GS_MAX_FAMILY_OPTIONS 16
#define GS_MAX_FAMILIES 8
typedef struct gs_run_options {
    const gs_prim *prims[GS_MAX_LIST];
    int nprims;          /* 0: every primitive */
    int heterosync_form; /* gsync-bench <syncPrim> <numLdSt> <numTBs> <numCSIters> */
    int full;            /* suite --full: every primitive over the whole sweep */
    int quick;           /* the quick suite: the families' headline primitives at 1, 8 and the most blocks per SM */
    const gs_family *family_option[GS_MAX_FAMILY_OPTIONS]; /* the families whose own options were given */
    char family_option_name[GS_MAX_FAMILY_OPTIONS][64];
    int nfamily_options;
    union { /* each family's own options, by its index in gs_families */
        void *align;
        long double along;
        unsigned char bytes[GS_FAMILY_OPTION_BYTES];
    } family_opts[GS_MAX_FAMILIES];
} gs_run_options;

static inline const gs_run_options *gs_run_own(const gs_options *o)
{
    return GS_OWN(o, const gs_run_options);
}

/* Family f's options in the run's (NULL where o is not a run's). */
const void *gs_run_family_opts(const gs_options *o, const gs_family *f);

/* run's columns (gs_command.schema, the suite's too) and its rows through the
 * printer: GS_EXIT_OK, or GS_EXIT_RUNTIME when a write failed. */
extern const gs_schema gs_schema_run;
int gs_report(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_result *r, int n);

#endif
