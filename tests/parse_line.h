/* parse_line.h: a command line as one string ("app bfs --sync gridSync"),
 * split at spaces and parsed as gsync-bench's arguments (cli.h). */
#ifndef GSYNC_TEST_PARSE_LINE_H
#define GSYNC_TEST_PARSE_LINE_H

#include "core/cli.h"

#include <stdio.h>
#include <string.h>

static int parse_line(gs_options *o, const char *line, char *err, size_t n)
{
    char buf[2048], *argv[64];
    int argc = 0;
    char *tok, *save = NULL;
    snprintf(buf, sizeof buf, "gsync-bench %s", line);
    for (tok = strtok_r(buf, " ", &save); tok && argc < 63; tok = strtok_r(NULL, " ", &save))
        argv[argc++] = tok;
    argv[argc] = NULL;
    return gs_parse_args(argc, argv, o, err, n);
}

#endif
