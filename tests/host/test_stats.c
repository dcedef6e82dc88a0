/* Statistics of repeated timings. */
#include "../check.h"
#include "core/stats.h"

#include <math.h>

int main(void)
{
    gs_stats s;
    const double one[] = {2.5};
    const double odd[] = {5.0, 1.0, 3.0};
    const double even[] = {4.0, 1.0, 3.0, 2.0};
    const double flat[] = {7.0, 7.0, 7.0, 7.0};

    gs_stats_compute(one, 1, &s);
    CHECK(s.median == 2.5 && s.min == 2.5 && s.max == 2.5 && s.noise_pct == 0.0);
    gs_stats_compute(odd, 3, &s);
    CHECK(s.median == 3.0 && s.min == 1.0 && s.max == 5.0);
    CHECK(fabs(s.noise_pct - 66.6667) < 0.01); /* stddev 2 over mean 3 */
    CHECK(odd[0] == 5.0);                        /* input untouched */
    gs_stats_compute(even, 4, &s);
    CHECK(s.median == 2.5 && s.min == 1.0 && s.max == 4.0);
    gs_stats_compute(flat, 4, &s);
    CHECK(s.noise_pct == 0.0 && s.median == 7.0);
    return check_done();
}
