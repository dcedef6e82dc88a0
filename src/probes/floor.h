/* floor.h: `gsync-bench floor`, the costs no primitive can beat on this GPU:
 * a global atomic round trip, an acquire-load round trip, one handoff between
 * two blocks, a hardware cluster barrier, and an empty kernel relaunched from
 * a stream and from a CUDA graph. */
#ifndef GSYNC_FLOOR_H
#define GSYNC_FLOOR_H

#include "core/table.h"
#include "core/gsync_bench.h"

#include <cuda_runtime_api.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Kernels (floor_kernels.cu); each returns a cudaError_t. */
int gs_floor_chain(int kind, double *ns_per_op);     /* 0: atomic, 1: acquire load */
int gs_floor_handoff(int kind, double *ns_one_way);  /* 0: release/acquire, 1: relaxed */
int gs_floor_cluster(unsigned int cluster, double *ns_per_barrier);
int gs_floor_cluster_handoff(double *ns_one_way); /* two blocks of a cluster, shared memory */
const void *gs_floor_empty_kernel(void);

typedef struct gs_floor_row {
    const char *name;
    double ns;     /* < 0: not measured, see note */
    char note[96];
} gs_floor_row;

#define GS_FLOOR_ROWS 9 /* rows[0]: the atomic round trip; rows[2]: the release/acquire handoff */

/* Measures every row (host code, floor.c).  Returns GS_EXIT_OK or
 * GS_EXIT_RUNTIME with err set. */
int gs_floor_measure(const gs_device_info *dev, gs_floor_row *rows, int *n, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
/* floor's columns (gs_command.schema) and its rows through the printer:
 * GS_EXIT_OK, or GS_EXIT_RUNTIME when a write failed. */
extern const gs_schema gs_schema_floor;
int gs_report_floor(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_floor_row *rows, int n);

#endif
