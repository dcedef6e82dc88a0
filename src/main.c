/* gsync-bench: measures gsync's primitives and the baselines they beat.
 * The command line flows one way: the parser reads every command's table
 * and runs the command's check; then the device is opened and the
 * command runs and reports. */
#include "commands.h"
#include "core/cli.h"
#include "core/device.h"
#include "core/gsync_bench.h"
#include "core/report.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static int error(int rc, const char *msg)
{
    if (rc && msg[0])
        fprintf(stderr, "gsync-bench: error: %s\n", msg);
    return rc;
}

static int bench_main(int argc, char **argv)
{
    static gs_options o;
    static char command[4096];
    char err[512];
    gs_device_info dev;
    gs_meta meta;
    int rc;

    gs_cli_use_commands(gs_commands, gs_ncommands);
    if ((rc = gs_parse_args(argc, argv, &o, err, sizeof err)))
        return error(rc, err);
    if (o.version) {
        printf("gsync-bench %s\n", GSYNC_BENCH_VERSION);
        return GS_EXIT_OK;
    }
    if (o.help) {
        gs_print_usage(stdout, o.topic);
        return GS_EXIT_OK;
    }
    err[0] = 0;
    if (o.cmd->host_only)
        return error(o.cmd->run(&o, NULL, NULL, err, sizeof err), err);
    if ((rc = gs_device_open((int)o.device, &dev, err, sizeof err)))
        return error(rc, err);
    gs_command_line(argc, argv, command, sizeof command);
    memset(&meta, 0, sizeof meta);
    meta.dev = &dev;
    meta.command = command;
    return error(o.cmd->run(&o, &dev, &meta, err, sizeof err), err);
}

/* The command, then its output flushed: a write that failed (a full disk,
 * a closed pipe) is an error, not a silent loss. */
int main(int argc, char **argv)
{
    const int rc = bench_main(argc, argv);
    if (rc == GS_EXIT_OK && (fflush(stdout) != 0 || ferror(stdout))) { /* (a command's own error said it) */
        fprintf(stderr, "gsync-bench: error: writing the output: %s\n", strerror(errno));
        return GS_EXIT_RUNTIME;
    }
    return rc;
}
