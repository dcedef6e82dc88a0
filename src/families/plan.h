/* plan.h: options + device -> the configurations to run, validated before
 * anything is launched. */
#ifndef GSYNC_PLAN_H
#define GSYNC_PLAN_H

#include "core/cli.h"
#include "core/gsync_bench.h"

/* max_blocks_per_sm: resident blocks of this primitive's kernel at
 * o->threads (from the occupancy calculator); fopt: the family's own
 * options (the caller's, or NULL); quick: the quick suite's sweep.  Fills
 * out[0..*n).  Returns GS_EXIT_OK or GS_EXIT_USAGE with one line in err. */
int gs_plan(const gs_options *o, const gs_prim *p, const gs_device_info *d, int max_blocks_per_sm,
            const void *fopt, int quick, gs_config *out, int max_out, int *n, char *err, size_t errlen);

/* Threads per block of p's points: --threads, else the family's own
 * choice for p, else the default. */
unsigned int gs_plan_threads(const gs_options *o, const gs_prim *p);

#endif
