/* report.h: what every command's report shares: a verdict's name, the
 * command line as recorded, the progress line.  Each command's columns live
 * with the command (families/run_report.c, probes/floor.c, ...). */
#ifndef GSYNC_REPORT_H
#define GSYNC_REPORT_H

#include "core/table.h"

/* The progress line on stderr of a command's rows, only when stderr is a
 * terminal: "[i/n] cmd a b" (i from 0), and its end (a newline when the
 * run stopped on an error, else the line wiped). */
void gs_progress(int i, int n, const char *cmd, const char *a, const char *b);
void gs_progress_end(int stopped);
/* argv joined with spaces, arguments with spaces or quotes single-quoted. */
void gs_command_line(int argc, char **argv, char *out, size_t n);

#endif
