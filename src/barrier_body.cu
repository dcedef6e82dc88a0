/* barrier_body.cu: the one copy of the barrier benchmark's episode body that
 * every barrier kernel of gsync-bench calls (separable compilation; see
 * barrier_bench.cuh for why). */
#define GS_BARRIER_BODY_EXTERN /* external linkage */
#include "barrier_body.cuh"
