/* commands.c: every command of gsync-bench, one line each, in the order
 * 'gsync-bench --help' shows them.  Each is declared in its own file. */
#include "commands.h"

extern const gs_command gs_cmd_suite, gs_cmd_run, gs_cmd_list, gs_cmd_floor, gs_cmd_decompose, gs_cmd_plain,
    gs_cmd_tune, gs_cmd_app, gs_cmd_litmus, gs_cmd_server, gs_cmd_multi, gs_cmd_help;

const gs_command *const gs_commands[] = {
    &gs_cmd_suite,     /* run.c */
    &gs_cmd_run,       /* run.c */
    &gs_cmd_list,      /* run.c */
    &gs_cmd_floor,     /* floor.c */
    &gs_cmd_decompose, /* decompose.c */
    &gs_cmd_plain,     /* plain.c */
    &gs_cmd_tune,      /* plain.c */
    &gs_cmd_app,       /* app/command.c */
    &gs_cmd_litmus,    /* litmus/litmus_cli.c */
    &gs_cmd_server,    /* server/server_cli.c */
    &gs_cmd_multi,     /* multi.c */
    &gs_cmd_help,      /* help.c */
};
const size_t gs_ncommands = sizeof gs_commands / sizeof gs_commands[0];
