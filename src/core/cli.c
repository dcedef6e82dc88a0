/* cli.c: the one parser of every command's table (cli.h).  It knows the
 * shared options and no command by name. */
#include "core/cli.h"
#include "core/gsync_bench.h"
#include "core/suggest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The program's commands (gs_cli_use_commands). */
static const gs_command *const *commands;
static size_t ncommands;

void gs_cli_use_commands(const gs_command *const *table, size_t n)
{
    commands = table, ncommands = n;
}

static int fail(char *err, size_t n, const char *fmt, const char *a, const char *b)
{
    snprintf(err, n, fmt, gs_escape(a), gs_escape(b));
    return GS_EXIT_USAGE;
}

/* --threads: whole warps. */
static int parse_threads(gs_options *o, const char *v, char *err, size_t n)
{
    unsigned int t;
    if (gs_parse_uint(v, 32, GS_MAX_THREADS, &t) || t % 32) {
        fail(err, n, "--threads '%s' must be a multiple of 32 from 32 to 1024%s", v, "");
        return -1;
    }
    o->threads = t;
    return 0;
}

/* --timeout: seconds, digits and one point only. */
static int parse_timeout(gs_options *o, const char *v, char *err, size_t n)
{
    char *end;
    const size_t digits = strspn(v, "0123456789.");
    const char *dot = strchr(v, '.');
    errno = 0;
    const double s = strtod(v, &end);
    if (!*v || *end || errno || digits != strlen(v) || (dot && strchr(dot + 1, '.')) || !(s >= 0.001 && s <= 3600.0)) {
        fail(err, n, "--timeout '%s' is not a number of seconds from 0.001 to 3600%s", v, "");
        return -1;
    }
    o->timeout_s = s;
    return 0;
}

static const char *const formats[] = {"table", "csv", "json"};
#define AT(f) .at = offsetof(gs_options, f)
const gs_opt gs_shared_options[GS_SHARED] = {
    [GS_SH_LDST] = {"--ldst", GS_OPT_UINT, 0, GS_MAX_LDST, "10", AT(ldst)},
    [GS_SH_TBS] = {"--tbs", GS_OPT_UINT, 1, 1000000, "", AT(tbs)},
    [GS_SH_TBS_PER_SM] = {"--tbs-per-sm", GS_OPT_UINTS, 1, 1024, "", AT(tbs_per_sm),
                          .count_at = offsetof(gs_options, ntbs_per_sm), .cap = GS_MAX_LIST},
    [GS_SH_ITERS] = {"--iters", GS_OPT_UINT, 1, 1000000, "", AT(iters)},
    [GS_SH_REPEAT] = {"--repeat", GS_OPT_UINT, 1, 1000, "5", AT(repeat)},
    [GS_SH_THREADS] = {"--threads", GS_OPT_OWN, 32, GS_MAX_THREADS, "32", .parse = parse_threads},
    [GS_SH_TIMEOUT] = {"--timeout", GS_OPT_OWN, 0.001, 3600, "5", .parse = parse_timeout},
    [GS_SH_FORMAT] = {"--format", GS_OPT_WORD, 0, 0, "table", AT(format), .words = formats, .nwords = 3},
    [GS_SH_DEVICE] = {"--device", GS_OPT_UINT, 0, 1023, "0", AT(device)},
    [GS_SH_WRAP] = {"--wrap", GS_OPT_FLAG, 0, 0, "", AT(wrap)},
};
#undef AT

const gs_command *gs_command_find(const char *name)
{
    for (size_t i = 0; i < ncommands; ++i)
        if (strcmp(name, commands[i]->name) == 0)
            return commands[i];
    return NULL;
}

void gs_options_default(gs_options *o, const gs_command *cmd)
{
    memset(o, 0, sizeof *o);
    o->cmd = cmd;
    o->ldst = 10;
    o->repeat = 5;
    o->threads = 32;
    o->timeout_s = 5.0;
    o->format = GS_FORMAT_TABLE;
    if (cmd && cmd->defaults)
        cmd->defaults(o);
}

int gs_parse_uint(const char *s, unsigned int min, unsigned int max, unsigned int *out)
{
    unsigned long long v = 0;
    const char *p = s;
    if (!*p)
        return -1;
    for (; *p; ++p) {
        if (*p < '0' || *p > '9')
            return -1;
        v = v * 10 + (unsigned)(*p - '0');
        if (v > 0xffffffffull)
            return -1;
    }
    if (v < min || v > max)
        return -1;
    *out = (unsigned int)v;
    return 0;
}

int gs_parse_names(const char *what, const char *arg, const char *const *names, unsigned int count, unsigned int all,
                   unsigned int *out, int *nout, char *err, size_t n)
{
    char item[64];
    const char *p = arg;
    *nout = 0;
    if (strcasecmp(arg, "all") == 0) {
        for (unsigned int i = 0; i < all; ++i)
            out[(*nout)++] = i;
        return 0;
    }
    for (;;) {
        const char *comma = strchr(p, ',');
        const size_t len = comma ? (size_t)(comma - p) : strlen(p);
        unsigned int i;
        if (len == 0 || len >= sizeof item) {
            snprintf(err, n, "%s '%s' has an empty or overlong item", what, gs_escape(arg));
            return -1;
        }
        memcpy(item, p, len);
        item[len] = 0;
        for (i = 0; i < count && strcasecmp(item, names[i]) != 0; ++i)
            ;
        if (i == count) {
            int k = snprintf(err, n, "%s '%s' is not one of", what, gs_escape(item));
            for (unsigned int j = 0; j < count && k > 0 && (size_t)k < n; ++j)
                k += snprintf(err + k, n - (size_t)k, "%s %s", j ? "," : "", names[j]);
            if (k > 0 && (size_t)k < n)
                snprintf(err + k, n - (size_t)k, ", all");
            return -1;
        }
        for (int j = 0; j < *nout; ++j)
            if (out[j] == i) {
                snprintf(err, n, "%s: '%s' is named twice", what, names[i]);
                return -1;
            }
        out[(*nout)++] = i;
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

const char *gs_escape(const char *s)
{
    static char bufs[4][4 * 200 + 8];
    static int next;
    char *out = bufs[next++ & 3], *o = out;
    size_t i;
    for (i = 0; s[i] && i < 200; ++i) {
        const unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c >= 0x7f)
            o += sprintf(o, "\\x%02x", c);
        else
            *o++ = (char)c;
    }
    strcpy(o, s[i] ? "..." : "");
    return out;
}

/* ---- values by type ---- */

/* A number as messages show it: 1e-9, not 1e-09. */
static const char *real_text(double v, char *buf, size_t cap)
{
    char *e;
    snprintf(buf, cap, "%g", v);
    if ((e = strstr(buf, "e-0")) || (e = strstr(buf, "e+0")))
        memmove(e + 2, e + 3, strlen(e + 3) + 1);
    return buf;
}

/* A positive decimal number, no sign, no spaces, no hex. */
static int parse_real(const char *s, double lo, double hi, double *out)
{
    char extra;
    double v;
    if (!s[0] || s[0] == ' ' || s[0] == '+' || s[0] == '-' || strchr(s, 'x') || strchr(s, 'X'))
        return -1;
    if (sscanf(s, "%lf%c", &v, &extra) != 1 || !(v >= lo && v <= hi))
        return -1;
    *out = v;
    return 0;
}

static int bad_number(const gs_opt *p, const char *v, char *err, size_t n)
{
    snprintf(err, n, "%s '%s' is not a whole number from %u to %u", p->name, gs_escape(v), (unsigned int)p->min,
             (unsigned int)p->max);
    return -1;
}

/* N[,N...] into out[] (at most p->cap), each in p's range. */
static int parse_uints(const gs_opt *p, const char *arg, unsigned int *out, int *nout, char *err, size_t n)
{
    char item[32];
    const char *s = arg;
    int k = 0;
    for (;;) {
        const char *comma = strchr(s, ',');
        const size_t len = comma ? (size_t)(comma - s) : strlen(s);
        if (len == 0) {
            snprintf(err, n, "%s '%s' has an empty item", p->name, gs_escape(arg));
            return -1;
        }
        if ((size_t)k == p->cap) {
            snprintf(err, n, "%s takes at most %u values", p->name, (unsigned int)p->cap);
            return -1;
        }
        snprintf(item, sizeof item, "%.*s", len < sizeof item ? (int)len : (int)sizeof item - 1, s);
        if (len >= sizeof item || gs_parse_uint(item, (unsigned int)p->min, (unsigned int)p->max, &out[k]))
            return bad_number(p, len >= sizeof item ? arg : item, err, n);
        ++k;
        if (!comma)
            break;
        s = comma + 1;
    }
    *nout = k;
    return 0;
}

/* VALUE of option p into base (the command's options or gs_options). */
static int store(gs_options *o, const gs_opt *p, void *base, const char *v, char *err, size_t n)
{
    char *at = (char *)base + p->at, buf[2][32];
    unsigned int i;
    switch (p->type) {
    case GS_OPT_FLAG:
        *(int *)(void *)at = 1;
        break;
    case GS_OPT_UINT:
        if (gs_parse_uint(v, (unsigned int)p->min, (unsigned int)p->max, (unsigned int *)(void *)at))
            return bad_number(p, v, err, n);
        break;
    case GS_OPT_UINTS:
        if (parse_uints(p, v, (unsigned int *)(void *)at, (int *)(void *)((char *)base + p->count_at), err, n))
            return -1;
        break;
    case GS_OPT_REAL:
        if (parse_real(v, p->min, p->max, (double *)(void *)at)) {
            snprintf(err, n, "%s '%s' is not a number from %s to %s", p->name, gs_escape(v),
                     real_text(p->min, buf[0], sizeof buf[0]), real_text(p->max, buf[1], sizeof buf[1]));
            return -1;
        }
        break;
    case GS_OPT_WORD:
        for (i = 0; i < p->nwords && strcmp(v, p->words[i]); ++i)
            ;
        if (i == p->nwords) {
            int k = snprintf(err, n, "%s '%s' is not one of", p->name, gs_escape(v));
            for (unsigned int j = 0; j < p->nwords && k > 0 && (size_t)k < n; ++j)
                k += snprintf(err + k, n - (size_t)k, "%s %s", j ? "," : "", p->words[j]);
            return -1;
        }
        *(unsigned int *)(void *)at = i;
        break;
    case GS_OPT_NAMES:
        if (gs_parse_names(p->name, v, p->words, p->nwords, p->all, (unsigned int *)(void *)at,
                           (int *)(void *)((char *)base + p->count_at), err, n))
            return -1;
        break;
    case GS_OPT_TEXT:
        if (!v[0] || strlen(v) >= p->cap) {
            snprintf(err, n, "%s '%s' is empty or too long", p->name, gs_escape(v));
            return -1;
        }
        snprintf(at, p->cap, "%s", v);
        break;
    case GS_OPT_OWN:
        break;
    }
    return p->parse ? p->parse(o, v, err, n) : 0;
}

/* ---- options by name ---- */

static int own_index(const gs_command *c, const char *name)
{
    for (unsigned int k = 0; k < c->nopts; ++k)
        if (strcmp(name, c->opts[k].name) == 0)
            return (int)k;
    return -1;
}

static int shared_index(const char *name)
{
    for (int k = 0; k < GS_SHARED; ++k)
        if (strcmp(name, gs_shared_options[k].name) == 0)
            return k;
    return -1;
}

int gs_own_given(const gs_options *o, const char *name)
{
    const int k = own_index(o->cmd, name);
    return k >= 0 && (o->own_given >> k & 1u);
}

/* Whether command c takes option NAME (its own, a shared one, or another's). */
static int takes(const gs_command *c, const char *name)
{
    char scratch[8];
    const int sh = shared_index(name);
    return own_index(c, name) >= 0 || (sh >= 0 && (c->shared >> sh & 1u)) ||
           (c->more && c->more(NULL, name, NULL, scratch, sizeof scratch) == 1);
}

size_t gs_list_add(char *buf, size_t size, size_t len, const char *name)
{
    const int w = len < size ? snprintf(buf + len, size - len, "%s%s", len ? ", " : "", name) : -1;
    if (w < 0 || (size_t)w >= size - len) { /* it does not fit whole: the list stays as it was */
        if (len < size)
            buf[len] = 0;
        return len;
    }
    return len + (size_t)w;
}

/* NAME is no option of cmd: "does not apply" where another takes it, else
 * unknown, with the nearest option's name. */
static int refuse_option(const gs_command *cmd, const char *name, char *err, size_t n)
{
    char others[256];
    size_t len = 0;
    others[0] = 0;
    for (size_t i = 0; i < ncommands; ++i)
        if (takes(commands[i], name))
            len = gs_list_add(others, sizeof others, len, commands[i]->name);
    if (len) {
        snprintf(err, n, "%s does not apply to 'gsync-bench %s' (it applies to %s; see 'gsync-bench %s --help')",
                 gs_escape(name), cmd->name, others, cmd->name);
        return GS_EXIT_USAGE;
    }
    const char *words[GS_SHARED + 256];
    size_t count = 0;
    for (int k = 0; k < GS_SHARED; ++k)
        words[count++] = gs_shared_options[k].name;
    for (size_t i = 0; i < ncommands; ++i) {
        for (unsigned int k = 0; k < commands[i]->nopts && count < sizeof words / sizeof words[0]; ++k)
            words[count++] = commands[i]->opts[k].name;
        if (commands[i]->more_names)
            count += commands[i]->more_names(words + count, sizeof words / sizeof words[0] - count);
    }
    size_t mine = 0; /* suggest only what this command takes */
    for (size_t k = 0; k < count; ++k)
        if (takes(cmd, words[k]))
            words[mine++] = words[k];
    count = mine;
    const char *near = gs_word_suggest(name, words, count);
    if (near)
        snprintf(err, n, "unknown option '%s'; did you mean %s? (see 'gsync-bench %s --help')", gs_escape(name), near,
                 cmd->name);
    else
        snprintf(err, n, "unknown option '%s' (see 'gsync-bench %s --help')", gs_escape(name), cmd->name);
    return GS_EXIT_USAGE;
}

/* One option at argv[*i], with its value; *i is advanced past what was used. */
static int parse_option(int argc, char **argv, int *i, gs_options *o, char *err, size_t n)
{
    const gs_command *cmd = o->cmd;
    const char *arg = argv[*i], *eq = strchr(arg, '='), *val;
    char name[256];
    const size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    if (len >= sizeof name)
        return fail(err, n, "unknown option '%s' (see 'gsync-bench --help')%s", arg, "");
    memcpy(name, arg, len);
    name[len] = 0;
    const int k = own_index(cmd, name), sh = k < 0 ? shared_index(name) : -1;
    const gs_opt *p = k >= 0 ? &cmd->opts[k] : sh >= 0 && (cmd->shared >> sh & 1u) ? &gs_shared_options[sh] : NULL;
    const int more = !p && cmd->more && cmd->more(NULL, name, NULL, err, n) == 1;
    if (!p && !more)
        return refuse_option(cmd, name, err, n);
    if (p && p->type == GS_OPT_FLAG) {
        if (eq)
            return fail(err, n, "'%s' takes no value%s", arg, "");
        val = "";
    } else if (eq)
        val = eq + 1;
    else if (*i + 1 < argc)
        val = argv[++*i];
    else
        return fail(err, n, "%s needs a value%s", name, "");
    if (more)
        return cmd->more(o, name, val, err, n) < 0 ? GS_EXIT_USAGE : GS_EXIT_OK;
    if (store(o, p, k >= 0 ? (void *)o->own.bytes : (void *)o, val, err, n))
        return GS_EXIT_USAGE;
    if (k >= 0)
        o->own_given |= 1u << k;
    else
        o->given |= 1u << sh;
    return GS_EXIT_OK;
}

/* An option given that applies to none of the modes asked. */
static int check_modes(const gs_options *o, char *err, size_t n)
{
    const gs_command *c = o->cmd;
    const unsigned int asked = c->asked(o);
    for (unsigned int k = 0; k < c->nopts; ++k)
        if ((o->own_given >> k & 1u) && c->opts[k].applies && !(c->opts[k].applies & asked)) {
            char names[256];
            size_t len = 0;
            names[0] = 0;
            for (unsigned int m = 0; m < c->nmodes; ++m)
                if (c->opts[k].applies >> m & 1u)
                    len = gs_list_add(names, sizeof names, len, c->modes[m]);
            snprintf(err, n, "%s does not apply to the %s asked (it applies to %s)", c->opts[k].name, c->mode_kind,
                     names);
            return GS_EXIT_USAGE;
        }
    return GS_EXIT_OK;
}

static int finish(gs_options *o, char *err, size_t n)
{
    if (o->cmd->check && o->cmd->check(o, err, n))
        return GS_EXIT_USAGE;
    return GS_EXIT_OK;
}

/* argv[1] names no command: a command's bare form, or a suggestion. */
static int unknown_command(int argc, char **argv, gs_options *o, char *err, size_t n)
{
    const char *names[64], *word = argv[1];
    char phrase[400] = "";
    size_t count = 0;
    for (size_t i = 0; i < ncommands; ++i) {
        const gs_command *c = commands[i];
        if (count < sizeof names / sizeof names[0])
            names[count++] = c->name;
        if (!c->bare || phrase[0])
            continue;
        gs_options_default(o, c);
        const int rc = c->bare(argc, argv, o, phrase, sizeof phrase);
        if (rc >= 0) {
            snprintf(err, n, "%s", phrase);
            return rc || o->help ? rc : finish(o, err, n);
        }
    }
    const char *near = gs_word_suggest(word, names, count);
    if (near)
        return fail(err, n, "unknown command '%s'; did you mean %s? ('gsync-bench --help' lists them)", word, near);
    if (phrase[0]) {
        snprintf(err, n, "unknown command or %s", phrase);
        return GS_EXIT_USAGE;
    }
    return fail(err, n, "unknown command '%s' ('gsync-bench --help' lists them)%s", word, "");
}

int gs_parse_args(int argc, char **argv, gs_options *o, char *err, size_t n)
{
    const gs_command *cmd = NULL;
    const int named = argc > 1 && argv[1][0] != '-';
    int i = named ? 2 : 1, operands = 0, rc, dashdash = 0;
    err[0] = 0;
    if (named && !(cmd = gs_command_find(argv[1])))
        return unknown_command(argc, argv, o, err, n);
    for (size_t k = 0; !cmd && k < ncommands; ++k)
        if (commands[k]->implied)
            cmd = commands[k];
    gs_options_default(o, cmd);
    for (; i < argc; ++i) {
        const char *a = argv[i];
        if (!dashdash && strcmp(a, "--") == 0) {
            dashdash = 1;
        } else if (!dashdash && (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)) {
            o->help = 1;
            o->topic = named ? cmd : NULL; /* after a command word: that command's help */
            return GS_EXIT_OK;
        } else if (!dashdash && strcmp(a, "--version") == 0) {
            o->version = 1;
            return GS_EXIT_OK;
        } else if (!dashdash && (strncmp(a, "--help=", 7) == 0 || strncmp(a, "--version=", 10) == 0)) {
            return fail(err, n, "'%s' takes no value%s", a, "");
        } else if (!dashdash && a[0] == '-' && a[1] == '-') {
            if ((rc = parse_option(argc, argv, &i, o, err, n)))
                return rc;
        } else if ((dashdash || a[0] != '-') && cmd->operand && !operands++) {
            if (cmd->operand(o, a, err, n))
                return GS_EXIT_USAGE;
        } else {
            snprintf(err, n, "unexpected argument '%s' (see 'gsync-bench %s --help')", gs_escape(a), cmd->name);
            return GS_EXIT_USAGE;
        }
    }
    if (cmd->operand && cmd->missing && !operands) {
        snprintf(err, n, "%s", cmd->missing);
        return GS_EXIT_USAGE;
    }
    if (o->tbs && o->ntbs_per_sm)
        return fail(err, n, "--tbs and --tbs-per-sm exclude each other%s%s", "", "");
    if (cmd->asked && (rc = check_modes(o, err, n)))
        return rc;
    return finish(o, err, n);
}

void gs_print_usage(FILE *f, const gs_command *topic)
{
    if (topic) {
        fputs(topic->usage, f);
        return;
    }
    for (size_t i = 0; i < ncommands; ++i)
        if (commands[i]->summary)
            fprintf(f, "%s%s", i ? "       " : "usage: ", commands[i]->summary);
    for (size_t i = 0; i < ncommands; ++i)
        if (commands[i]->more_help)
            commands[i]->more_help(f);
}
