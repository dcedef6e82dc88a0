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
/* The pieces other reports share: a CSV or JSON string, the table's first
 * line, and the device and command as CSV cells (then a comma) or as the
 * opening of a JSON object (the caller adds its array and closes it). */
void gs_csv_string(FILE *f, const char *s);
void gs_json_string(FILE *f, const char *s);
void gs_table_header(FILE *f, const gs_meta *m);
void gs_csv_meta(FILE *f, const gs_meta *m);
void gs_json_meta(FILE *f, const gs_meta *m);
/* The progress line on stderr of a command's rows, only when stderr is a
 * terminal: "[i/n] cmd a b" (i from 0), and its end (a newline when the
 * run stopped on an error, else the line wiped). */
void gs_progress(int i, int n, const char *cmd, const char *a, const char *b);
void gs_progress_end(int stopped);
/* argv joined with spaces, arguments with spaces or quotes single-quoted. */
void gs_command_line(int argc, char **argv, char *out, size_t n);

#endif
