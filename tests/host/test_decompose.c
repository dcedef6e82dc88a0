/* Feng and Xiao's decomposition: the four terms from the five timings. */
#include "../check.h"
#include "probes/decompose.h"

#include <math.h>

int main(void)
{
    /* t1 compute 100, t2 +atomic 130, t3 +__syncthreads 105, t4 +barrier 900, t5 +fence 1200 */
    gs_decompose_row r = {.blocks = 132, .t_ns = {100.0, 130.0, 105.0, 900.0, 1200.0}};
    gs_decompose_terms(&r);
    CHECK(fabs(r.t_a - 30.0) < 1e-9);
    CHECK(fabs(r.t_s - 5.0) < 1e-9);
    CHECK(fabs(r.t_c - 765.0) < 1e-9); /* 900 - 105 - 30 */
    CHECK(fabs(r.t_f - 300.0) < 1e-9);
    return check_done();
}
