#include "decompose.h"

void gs_decompose_terms(gs_decompose_row *r)
{
    const double *t = r->t_ns;
    r->t_a = t[1] - t[0];
    r->t_s = t[2] - t[0];
    r->t_c = t[3] - t[2] - r->t_a;
    r->t_f = t[4] - t[3];
}
