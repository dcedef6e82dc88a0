/* The command tables, iterated (no command or option is named here): every
 * option of every table and every shared option is taken by the commands
 * that declare it and refused with "does not apply" by the others; a bad
 * value of each, and an operand none of the command's words, is a usage
 * error, one line naming it; an option limited to some modes (programs,
 * workloads) is refused for the others; every command has
 * --help and `help COMMAND`, whose text names every option it takes, a typo of its name or of an option gets a
 * suggestion.  Given gsync-bench's path, the same bad values go through the
 * binary on a machine without a GPU: exit 2, one line on stderr, never "no
 * NVIDIA GPU"; a good line of each command reaches the device (exit 1 there)
 * or runs without one.  Every command's columns (its schema): a JSON key,
 * at most GS_MAX_COLS, a name for each CSV and JSON column, once in each
 * format; a command that runs on the device declares them. */
#include "commands.h"
#include "../check.h"
#include "core/cli.h"
#include "core/table.h"

#include <fcntl.h>
#include <stdio.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static char err[512];
static const char *bench; /* the binary, or NULL */
static int binary_runs;

/* Every option of every table and the shared ones, with the first command
 * whose table declares it (NULL: shared). */
typedef struct known {
    const gs_opt *opt;
    const gs_command *owner;
} known;
static known opts[512];
static int nopts;

static void collect(void)
{
    for (int k = 0; k < GS_SHARED; ++k)
        opts[nopts++] = (known){&gs_shared_options[k], NULL};
    for (size_t i = 0; i < gs_ncommands; ++i)
        for (unsigned int k = 0; k < gs_commands[i]->nopts && nopts < 512; ++k)
            opts[nopts++] = (known){&gs_commands[i]->opts[k], gs_commands[i]};
}

static int in_table(const gs_command *c, const char *name)
{
    for (unsigned int k = 0; k < c->nopts; ++k)
        if (!strcmp(c->opts[k].name, name))
            return 1;
    return 0;
}

/* Whether c takes option `name`: its own, or a shared one in its mask. */
static int takes(const gs_command *c, const char *name)
{
    for (int k = 0; k < GS_SHARED; ++k)
        if (!strcmp(gs_shared_options[k].name, name) && (c->shared >> k & 1u) && !in_table(c, name))
            return 1;
    return in_table(c, name);
}

/* Whether text names option `name` as a word of its own (--tbs, not the
 * start of --tbs-per-sm). */
static int names(const char *text, const char *name)
{
    const size_t len = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name))
        if (p[len] != '-' && !(p[len] >= 'a' && p[len] <= 'z') && !(p[len] >= '0' && p[len] <= '9'))
            return 1;
    return 0;
}

/* c's own option named like p (c's table wins over the shared one). */
static const gs_opt *as_taken(const gs_command *c, const gs_opt *p)
{
    for (unsigned int k = 0; k < c->nopts; ++k)
        if (!strcmp(c->opts[k].name, p->name))
            return &c->opts[k];
    return p;
}

/* An operand of c under which option p applies. */
static const char *operand(const gs_command *c, const gs_opt *p)
{
    if (!c->operand)
        return NULL;
    for (unsigned int m = 0; c->modes && p && m < c->nmodes; ++m)
        if (p->applies >> m & 1u)
            return c->modes[m];
    return c->example;
}

/* A value of p's type within its range (NULL: a flag). */
static const char *good_value(const gs_opt *p, char *buf, size_t cap)
{
    switch (p->type) {
    case GS_OPT_FLAG:
        return NULL;
    case GS_OPT_UINT:
    case GS_OPT_UINTS:
        snprintf(buf, cap, "%u", (unsigned int)p->min);
        return buf;
    case GS_OPT_REAL:
        snprintf(buf, cap, "%.9f", p->min);
        return buf;
    case GS_OPT_WORD:
    case GS_OPT_NAMES:
        return p->words[0];
    case GS_OPT_TEXT:
        return "x";
    default:
        return p->def;
    }
}

/* Values p's type or range refuses; returns how many. */
static int bad_values(const gs_opt *p, char bufs[4][48], const char **out)
{
    int k = 0;
    switch (p->type) {
    case GS_OPT_FLAG:
        break;
    case GS_OPT_UINT:
    case GS_OPT_UINTS:
        out[k++] = "x", out[k++] = "-1";
        if (p->max < 4294967295.0)
            snprintf(bufs[k], sizeof bufs[k], "%.0f", p->max + 1.0), out[k] = bufs[k], ++k;
        if (p->type == GS_OPT_UINTS)
            snprintf(bufs[k], sizeof bufs[k], "%u,,%u", (unsigned int)p->min, (unsigned int)p->min), out[k] = bufs[k],
                     ++k;
        break;
    case GS_OPT_REAL:
        out[k++] = "x", out[k++] = "-1", out[k++] = "0x1";
        break;
    case GS_OPT_WORD:
    case GS_OPT_NAMES:
        out[k++] = "zzz";
        break;
    case GS_OPT_TEXT:
        out[k++] = "";
        break;
    default:
        out[k++] = ",";
        break;
    }
    return k;
}

/* PROGRAM CMD [OPERAND] [OPT [VALUE]] into argv[6]; returns argc. */
static int line(char **argv, const char *program, const gs_command *c, const char *arg, const char *opt,
                const char *value)
{
    const char *words[] = {program, c->name, arg, opt, value};
    int argc = 0;
    for (int k = 0; k < 5; ++k)
        if (words[k])
            argv[argc++] = (char *)words[k];
    argv[argc] = NULL;
    return argc;
}

/* The line through the parser. */
static int parse(const gs_command *c, const char *arg, const char *opt, const char *value, gs_options *o)
{
    char *argv[6];
    const int argc = line(argv, "gsync-bench", c, arg, opt, value);
    return gs_parse_args(argc, argv, o, err, sizeof err);
}

/* The same line through the binary, without a GPU: its exit status, and
 * stderr's line count and first line in `line`. */
static int run_binary(const gs_command *c, const char *arg, const char *opt, const char *value, int *lines,
                      char *first, size_t cap)
{
    char path[] = "/tmp/gsync-cli-table-XXXXXX";
    char *argv[6];
    int status = -1, fd = mkstemp(path);
    pid_t pid;
    posix_spawn_file_actions_t fa;
    line(argv, bench, c, arg, opt, value);
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fd, 2);
    if (posix_spawn(&pid, bench, &fa, NULL, argv, environ) == 0)
        waitpid(pid, &status, 0);
    posix_spawn_file_actions_destroy(&fa);
    *lines = 0;
    first[0] = 0;
    FILE *f = fdopen(fd, "r");
    if (f) {
        char buf[1024];
        rewind(f);
        while (fgets(buf, sizeof buf, f))
            if ((*lines)++ == 0)
                snprintf(first, cap, "%s", buf);
        fclose(f);
    }
    unlink(path);
    ++binary_runs;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void bad_value(const gs_command *c, const gs_opt *p, const char *v)
{
    gs_options o;
    const char *arg = operand(c, p);
    const int rc = parse(c, arg, p->name, v, &o);
    const int ok = rc == GS_EXIT_USAGE && !strchr(err, '\n') && (strstr(err, p->name) || (v[0] && strstr(err, v)));
    if (!ok)
        fprintf(stderr, "  %s %s %s '%s': rc %d, '%s'\n", c->name, arg ? arg : "", p->name, v, rc, err);
    CHECK(ok);
    if (bench) {
        char first[1024];
        int lines;
        const int st = run_binary(c, arg, p->name, v, &lines, first, sizeof first);
        const int good = st == GS_EXIT_USAGE && lines == 1 && strncmp(first, "gsync-bench: error: ", 20) == 0 &&
                         !strstr(first, "no NVIDIA GPU");
        if (!good)
            fprintf(stderr, "  binary: %s %s %s '%s': exit %d, %d lines, '%s'\n", c->name, arg ? arg : "", p->name, v,
                    st, lines, first);
        CHECK(good);
    }
}

static void bad_operand(const gs_command *c)
{
    gs_options o;
    const int rc = parse(c, "zzz", NULL, NULL, &o);
    CHECK(rc == GS_EXIT_USAGE && !strchr(err, '\n') && strstr(err, "'zzz'"));
    if (bench) {
        char first[1024];
        int lines;
        const int st = run_binary(c, "zzz", NULL, NULL, &lines, first, sizeof first);
        CHECK(st == GS_EXIT_USAGE && lines == 1 && strstr(first, "'zzz'") && !strstr(first, "no NVIDIA GPU"));
    }
}

int main(int argc, char **argv)
{
    gs_cli_use_commands(gs_commands, gs_ncommands);
    gs_options o;
    char buf[64];
    bench = argc > 1 ? argv[1] : NULL;
    setenv("CUDA_VISIBLE_DEVICES", "", 1);
    collect();
    CHECK(gs_ncommands > 0 && nopts > GS_SHARED);
    CHECK(gs_nfamilies <= 8); /* a slot for each family's options (run.h's GS_MAX_FAMILIES) */
    for (size_t i = 0; i < gs_ncommands; ++i) {
        const gs_command *c = gs_commands[i];
        CHECK(gs_command_find(c->name) == c && c->usage && strncmp(c->usage, "usage: gsync-bench", 18) == 0);
        CHECK(!c->operand || !c->missing || c->example); /* a required operand has an example */
        CHECK(c->nopts <= 32); /* a bit each in gs_options.own_given */
        /* help: `C --help` and `help C` */
        CHECK(parse(c, NULL, "--help", NULL, &o) == 0 && o.help && o.topic == c);
        CHECK(parse(c, NULL, "--version", NULL, &o) == 0 && o.version);
        CHECK(parse(c, "--", "--help", NULL, &o) != 0 || !o.help); /* after '--', an operand, not help */
        {
            char *hv[] = {"gsync-bench", "help", (char *)c->name, NULL};
            CHECK(gs_parse_args(3, hv, &o, err, sizeof err) == 0 && o.help && o.topic == c);
        }
        /* its help names every option it takes (its usage, and the global help where the usage sends there) */
        {
            char *text = NULL, *all = NULL;
            size_t len = 0, all_len = 0;
            FILE *f = open_memstream(&text, &len), *g = open_memstream(&all, &all_len);
            gs_print_usage(f, c);
            gs_print_usage(g, NULL);
            fclose(f), fclose(g);
            const int global = strstr(text, "'gsync-bench --help'") != NULL;
            for (int k = 0; k < nopts; ++k)
                if (takes(c, opts[k].opt->name) && !names(text, opts[k].opt->name) &&
                    !(global && names(all, opts[k].opt->name))) {
                    fprintf(stderr, "  'gsync-bench %s --help' does not name %s, which it takes\n", c->name,
                            opts[k].opt->name);
                    CHECK(0);
                }
            free(text), free(all);
        }
        /* its name mistyped: a suggestion */
        if (strlen(c->name) > 2) {
            char typo[32];
            snprintf(typo, sizeof typo, "%.*s", (int)strlen(c->name) - 1, c->name);
            char *tv[] = {"gsync-bench", typo, NULL};
            if (!gs_command_find(typo)) {
                const int rc = gs_parse_args(2, tv, &o, err, sizeof err);
                CHECK(rc == GS_EXIT_USAGE && strstr(err, "did you mean"));
            }
        }
        /* a good line: parsed, and through the binary it reaches the device or runs without one */
        if (!c->operand || c->example) {
            CHECK(parse(c, c->operand ? c->example : NULL, NULL, NULL, &o) == 0);
            if (bench) {
                char first[1024];
                int lines;
                const int st = run_binary(c, c->operand ? c->example : NULL, NULL, NULL, &lines, first, sizeof first);
                CHECK(c->host_only ? st == 0 : st == GS_EXIT_RUNTIME && strstr(first, "no NVIDIA GPU"));
            }
        }
        /* an operand none of its words: a usage error naming it */
        if (c->operand)
            bad_operand(c);
        /* an option limited to some modes, given for another (modes named by the operand) */
        for (unsigned int k = 0; c->modes && c->operand && k < c->nopts; ++k)
            for (unsigned int m = 0; c->opts[k].applies && m < c->nmodes; ++m)
                if (!(c->opts[k].applies >> m & 1u)) {
                    char want[128];
                    snprintf(want, sizeof want, "%s does not apply to the %s asked", c->opts[k].name, c->mode_kind);
                    const char *v = good_value(&c->opts[k], buf, sizeof buf);
                    const int rc = parse(c, c->modes[m], c->opts[k].name, v, &o);
                    if (rc != GS_EXIT_USAGE || !strstr(err, want))
                        fprintf(stderr, "  %s %s %s %s: rc %d, '%s'\n", c->name, c->modes[m], c->opts[k].name, v, rc, err);
                    CHECK(rc == GS_EXIT_USAGE && strstr(err, want));
                    break;
                }
        /* a required operand left out */
        if (c->operand && c->missing)
            CHECK(parse(c, NULL, NULL, NULL, &o) == GS_EXIT_USAGE && !strcmp(err, c->missing));
        for (int k = 0; k < nopts; ++k) {
            const gs_opt *p = opts[k].opt;
            if (opts[k].owner && opts[k].owner != c && in_table(c, p->name))
                continue; /* c declares its own option of that name */
            if (c->more && c->more(NULL, p->name, NULL, err, sizeof err) == 1)
                continue; /* a family's option of the same name (--form, --order, --dist): test_cli.c */
            if (!takes(c, p->name)) { /* refused, naming the command */
                char want[128];
                snprintf(want, sizeof want, "%s does not apply to 'gsync-bench %s'", p->name, c->name);
                const int rc = parse(c, operand(c, NULL), p->name, good_value(p, buf, sizeof buf), &o);
                if (rc != GS_EXIT_USAGE || !strstr(err, want))
                    fprintf(stderr, "  %s %s: rc %d, '%s'\n", c->name, p->name, rc, err);
                CHECK(rc == GS_EXIT_USAGE && strstr(err, want));
                continue;
            }
            p = as_taken(c, p);
            /* taken: a good value passes the parser (a check may still refuse the whole line) */
            const int rc = parse(c, operand(c, p), p->name, good_value(p, buf, sizeof buf), &o);
            const int taken = rc == 0 || (!strstr(err, "does not apply to 'gsync-bench") &&
                                          !strstr(err, "unknown option") && !strstr(err, "needs a value"));
            if (!taken)
                fprintf(stderr, "  %s %s: rc %d, '%s'\n", c->name, p->name, rc, err);
            CHECK(taken);
            /* bad values, and a flag given a value */
            char bufs[4][48];
            const char *bad[4];
            for (int b = 0, nb = bad_values(p, bufs, bad); b < nb; ++b)
                bad_value(c, p, bad[b]);
            if (p->type == GS_OPT_FLAG) {
                char with[64];
                snprintf(with, sizeof with, "%s=1", p->name);
                CHECK(parse(c, operand(c, p), with, NULL, &o) == GS_EXIT_USAGE && strstr(err, "takes no value"));
            } else { /* a value left out */
                CHECK(parse(c, operand(c, p), p->name, NULL, &o) == GS_EXIT_USAGE && strstr(err, "needs a value"));
            }
            /* its name mistyped */
            char typo[64];
            snprintf(typo, sizeof typo, "%s", p->name);
            typo[strlen(typo) - 1] = 0;
            int known_name = 0;
            for (int j = 0; j < nopts; ++j)
                known_name |= !strcmp(opts[j].opt->name, typo);
            if (!known_name && !(c->more && c->more(NULL, typo, NULL, err, sizeof err) == 1))
                CHECK(parse(c, operand(c, p), typo, "1", &o) == GS_EXIT_USAGE && strstr(err, "unknown option") &&
                      strstr(err, "did you mean"));
        }
    }
    /* the options declared elsewhere (the families'): taken where offered, refused elsewhere */
    for (size_t i = 0; i < gs_ncommands; ++i) {
        const char *names[64];
        const size_t count = gs_commands[i]->more_names ? gs_commands[i]->more_names(names, 64) : 0;
        for (size_t k = 0; k < count; ++k)
            for (size_t j = 0; j < gs_ncommands; ++j) {
                const gs_command *c = gs_commands[j];
                char want[128];
                int own = 0;
                for (int q = 0; q < nopts; ++q)
                    own |= !strcmp(opts[q].opt->name, names[k]) && takes(c, names[k]);
                if (own)
                    continue; /* c's table has an option of that name */
                const int offered = c->more && c->more(NULL, names[k], NULL, err, sizeof err) == 1;
                snprintf(want, sizeof want, offered ? "%s needs a value" : "%s does not apply to 'gsync-bench %s'",
                         names[k], c->name);
                CHECK(parse(c, operand(c, NULL), names[k], NULL, &o) == GS_EXIT_USAGE && strstr(err, want));
            }
    }
    for (size_t i = 0; i < gs_ncommands; ++i) { /* the columns each command declares */
        const gs_schema *s = gs_commands[i]->schema;
        CHECK(s != NULL || gs_commands[i]->host_only); /* a command on the device prints rows */
        if (!s)
            continue;
        CHECK(s->key && s->key[0] && s->cols && s->ncols > 0 && s->ncols <= GS_MAX_COLS);
        for (int k = 0; k < s->ncols; ++k) {
            const gs_col *col = &s->cols[k];
            CHECK(!(col->where & GS_COL_DATA) || (col->name && col->name[0]));
            for (int j = k + 1; j < s->ncols; ++j)
                if ((col->where & s->cols[j].where & GS_COL_DATA) && strcmp(col->name, s->cols[j].name) == 0) {
                    CHECK(!"a column named twice");
                    fprintf(stderr, "  %s: column %s twice\n", gs_commands[i]->name, col->name);
                }
        }
        for (size_t j = 0; j < i; ++j) /* commands that print the same rows share the columns */
            CHECK(gs_commands[j]->schema != s || gs_commands[j]->run == gs_commands[i]->run);
    }
    {
        char *bv[] = {"gsync-bench", "no-such-command", NULL};
        CHECK(gs_parse_args(2, bv, &o, err, sizeof err) == GS_EXIT_USAGE && strstr(err, "unknown command"));
    }
    printf("%zu commands, %d options, %d runs of the binary\n", gs_ncommands, nopts, binary_runs);
    return check_done();
}
