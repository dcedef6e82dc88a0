/* help.c: `gsync-bench help [COMMAND]`, a command's usage (every one's
 * without COMMAND). */
#include "commands.h"
#include "core/cli.h"
#include "core/suggest.h"
#include "core/gsync_bench.h"

#include <string.h>

static int topic(gs_options *o, const char *arg, char *err, size_t n)
{
    const char *names[64] = {0};
    size_t count = 0, len;
    o->help = 1;
    if ((o->topic = gs_command_find(arg)))
        return 0;
    for (size_t i = 0; i < gs_ncommands && count < sizeof names / sizeof names[0]; ++i)
        names[count++] = gs_commands[i]->name;
    const char *near = gs_word_suggest(arg, names, count);
    len = (size_t)snprintf(err, n, "unknown help topic '%s'", gs_escape(arg));
    if (near && len < n)
        len += (size_t)snprintf(err + len, n - len, "; did you mean %s?", near);
    for (size_t i = 0; i < count && len < n; ++i)
        len += (size_t)snprintf(err + len, n - len, "%s%s", i ? ", " : " (one of ", names[i]);
    if (len < n)
        snprintf(err + len, n - len, ")");
    return -1;
}

static int check(gs_options *o, char *err, size_t n)
{
    (void)err, (void)n;
    o->help = 1;
    return 0;
}

const gs_command gs_cmd_help = {
    .name = "help",
    .summary = "gsync-bench help [COMMAND]   a command's usage and options\n",
    .usage = "usage: gsync-bench help [COMMAND]\n"
             "  COMMAND's usage and options (the same as 'gsync-bench COMMAND --help'); without one, every\n"
             "  command's.\n",
    .host_only = 1, .operand = topic, .check = check, .example = "run",
};
