/* commands.h: the table of every command of gsync-bench (commands.c), which
 * main gives the parser (gs_cli_use_commands) and help lists. */
#ifndef GSYNC_COMMANDS_H
#define GSYNC_COMMANDS_H

#include "core/cli.h"

extern const gs_command *const gs_commands[];
extern const size_t gs_ncommands;

#endif
