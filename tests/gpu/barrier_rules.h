/* barrier_rules.h: the GPU tests' driver for the barrier's rules
 * (tests/gpu/barrier_rules.cu, a watchdog build like gsync-bench's): blocks
 * and grids of any shape, a relaunch, a handle in shared or global memory. */
#ifndef GSYNC_TEST_BARRIER_RULES_H
#define GSYNC_TEST_BARRIER_RULES_H

#include <cuda_runtime_api.h>

#include "gsync/barrier/counter.h"
#include "gsync/watchdog.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The barrier under test: gsync's (in the form asked) or a baseline. */
enum gs_rules_which { GS_RULES_GS, GS_RULES_SR, GS_RULES_ATOMIC_TREE, GS_RULES_LF_TREE, GS_RULES_FX_LOCKFREE,
                      GS_RULES_FX_LOCK, GS_RULES_WHICH };
/* Where the kernel keeps gsync's handle: a copy per thread (the rule), one in
 * shared memory, one in global memory. */
enum gs_rules_where { GS_RULES_OWN, GS_RULES_SHARED, GS_RULES_GLOBAL };

typedef struct gs_rules {
    gs_barrier_t bar; /* gsync's handle, as planned */
    int which;
    dim3 grid, block;
    unsigned int blocks, threads, groups;
    unsigned int *state, *slots, *out; /* out: stale reads, abandoned waits */
    gs_barrier_t *global_bar;
    gs_watchdog_t *wd;
} gs_rules;

/* Blocks of `threads` threads one SM holds of the test's kernel. */
cudaError_t gs_rules_per_sm(unsigned int threads, unsigned int *per_sm);
/* Allocates, zeroes the state and, for gsync's barrier, plans it in `form`. */
cudaError_t gs_rules_open(gs_rules *r, int which, int form, dim3 grid, dim3 block);
/* One launch: `episodes` times every thread writes its slot, the barrier,
 * every thread reads another block's slot (stale if not this episode's), the
 * barrier.  checked: through gs_barrier_launch (gsync's barrier), else
 * cudaLaunchCooperativeKernel.  Returns the launch's or the sync's error. */
cudaError_t gs_rules_run(gs_rules *r, int where, int checked, unsigned int episodes, unsigned int *stale,
                         unsigned int *abandoned);
void gs_rules_close(gs_rules *r);
const char *gs_rules_name(int which);

#ifdef __cplusplus
}
#endif
#endif
