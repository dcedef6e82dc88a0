/* report.h: the rows of `run`, `floor` and `decompose` through the one
 * printer (table.h); the command line as recorded; the progress line. */
#ifndef GSYNC_REPORT_H
#define GSYNC_REPORT_H

#include "core/table.h"

/* Their columns, which the commands' table entries name (gs_command.schema). */
extern const gs_schema gs_schema_run, gs_schema_floor, gs_schema_decompose;
/* Each returns GS_EXIT_OK, or GS_EXIT_RUNTIME when a write failed (the
 * stream's error flag stays set for the caller's final check). */
int gs_report(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_result *r, int n);
/* `gsync-bench floor`'s rows (see floor.h). */
struct gs_floor_row;
int gs_report_floor(FILE *f, enum gs_format fmt, const gs_meta *m, const struct gs_floor_row *rows, int n);
/* `gsync-bench decompose`'s rows (see decompose.h). */
struct gs_decompose_row;
int gs_report_decompose(FILE *f, enum gs_format fmt, const gs_meta *m, const struct gs_decompose_row *rows, int n);
/* The progress line on stderr of a command's rows, only when stderr is a
 * terminal: "[i/n] cmd a b" (i from 0), and its end (a newline when the
 * run stopped on an error, else the line wiped). */
void gs_progress(int i, int n, const char *cmd, const char *a, const char *b);
void gs_progress_end(int stopped);
/* argv joined with spaces, arguments with spaces or quotes single-quoted. */
void gs_command_line(int argc, char **argv, char *out, size_t n);

#endif
