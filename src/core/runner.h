/* runner.h: allocate, launch, time and verify one configuration. */
#ifndef GSYNC_RUNNER_H
#define GSYNC_RUNNER_H

#include "core/gsync_bench.h"

/* Runs c: one verifying launch (with the exclusion count), c->repeat timed
 * launches each checked against the golden model, and c->repeat launches of
 * the body alone.  Fills r (verdict PASS, FAIL or TIMEOUT).  Returns
 * GS_EXIT_OK, or GS_EXIT_RUNTIME with err set when CUDA failed. */
int gs_run_config(const gs_config *c, gs_result *r, char *err, size_t n);

#endif
