/* decompose.h: `gsync-bench decompose`, Feng and Xiao's decomposition of a
 * lock-based barrier's time into the atomic add (t_a), the counter checking
 * (t_c), __syncthreads (t_s) and the fence (t_f), as functions of the block
 * count, from five timings of their micro-kernel:
 *   t1 compute only; t2 + one atomic add per block; t3 + __syncthreads;
 *   t4 + the barrier without fence; t5 + the fence.
 *   t_a = t2 - t1, t_s = t3 - t1, t_c = t4 - t3 - t_a, t_f = t5 - t4. */
#ifndef GSYNC_DECOMPOSE_H
#define GSYNC_DECOMPOSE_H

#include "core/table.h"
#include "core/gsync_bench.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GS_DECOMPOSE_MODES 5

/* decompose_kernels.cu; return a cudaError_t. */
int gs_decompose_run(unsigned int blocks, unsigned int threads, unsigned int iters, int mode,
                     unsigned long long timeout_ns, double *ms, int *timed_out);
int gs_decompose_occupancy(unsigned int threads, int *blocks_per_sm);

typedef struct gs_decompose_row {
    unsigned int blocks;
    double t_ns[GS_DECOMPOSE_MODES]; /* per iteration: t1..t5 */
    double t_a, t_c, t_s, t_f;       /* per barrier, ns */
    int timed_out;
} gs_decompose_row;

/* The four terms from the five timings (per iteration, ns). */
void gs_decompose_terms(gs_decompose_row *r);

#ifdef __cplusplus
}
#endif
/* decompose's columns (gs_command.schema) and its rows through the printer. */
extern const gs_schema gs_schema_decompose;
int gs_report_decompose(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_decompose_row *rows, int n);

#endif
