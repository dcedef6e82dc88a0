/* stats.h: the summary of repeated timings. */
#ifndef GSYNC_STATS_H
#define GSYNC_STATS_H

typedef struct gs_stats {
    double median, min, max;
    double noise_pct; /* relative standard deviation, percent of the mean */
} gs_stats;

/* n >= 1; x is not modified. */
void gs_stats_compute(const double *x, int n, gs_stats *s);

#endif
