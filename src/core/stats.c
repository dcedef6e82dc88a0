#include "core/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void gs_stats_compute(const double *x, int n, gs_stats *s)
{
    double sorted[1000], sum = 0.0, var = 0.0, mean;
    int i;
    if (n > 1000)
        n = 1000;
    memcpy(sorted, x, (size_t)n * sizeof *x);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_double);
    s->min = sorted[0];
    s->max = sorted[n - 1];
    s->median = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    for (i = 0; i < n; ++i)
        sum += x[i];
    mean = sum / n;
    for (i = 0; i < n; ++i)
        var += (x[i] - mean) * (x[i] - mean);
    s->noise_pct = (n > 1 && mean > 0.0) ? 100.0 * sqrt(var / (n - 1)) / mean : 0.0;
}
