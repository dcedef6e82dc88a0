/* report.h: results as a table for people, CSV or JSON for machines. */
#ifndef GSYNC_REPORT_H
#define GSYNC_REPORT_H

#include "cli.h"
#include "gsync_bench.h"
#include <stdio.h>

typedef struct gs_meta {
    const gs_device_info *dev;
    const char *command; /* the command line, as typed */
    double floor_ns;     /* an atomic round trip + a release/acquire handoff; 0: not measured */
} gs_meta;

void gs_report(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_result *r, int n);
/* `gsync-bench floor`'s rows (see floor.h). */
struct gs_floor_row;
void gs_report_floor(FILE *f, enum gs_format fmt, const gs_meta *m, const struct gs_floor_row *rows, int n);
/* `gsync-bench decompose`'s rows (see decompose.h). */
struct gs_decompose_row;
void gs_report_decompose(FILE *f, enum gs_format fmt, const gs_meta *m, const struct gs_decompose_row *rows, int n);
/* argv joined with spaces, arguments with spaces or quotes single-quoted. */
void gs_command_line(int argc, char **argv, char *out, size_t n);

#endif
