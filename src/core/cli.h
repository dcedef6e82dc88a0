/* cli.h: gsync-bench's command line.  Each command fills one gs_command
 * (its options, operand, check and run) in its own source file; commands.c
 * lists them; one parser (cli.c) reads every table without touching the
 * GPU and knows no command by name. */
#ifndef GSYNC_CLI_H
#define GSYNC_CLI_H

#include "core/family.h" /* (the run's commands and the families take it from here) */

#include <stddef.h>
#include <stdio.h>

enum gs_format { GS_FORMAT_TABLE, GS_FORMAT_CSV, GS_FORMAT_JSON };

#define GS_MAX_LIST 64
#define GS_MAX_LDST 10000u
#define GS_MAX_THREADS 1024u

/* The options commands share, declared once (cli.c); a command takes those
 * in its `shared` mask. */
enum gs_shared {
    GS_SH_LDST, GS_SH_TBS, GS_SH_TBS_PER_SM, GS_SH_ITERS, GS_SH_REPEAT, GS_SH_THREADS, GS_SH_TIMEOUT, GS_SH_FORMAT,
    GS_SH_DEVICE, GS_SH_WRAP, GS_SHARED
};
#define GS_SH(x) (1u << GS_SH_##x)

/* A value's type.  The parser checks it and its range, then stores it at
 * the option's offset (in the command's options, or gs_options for the
 * shared ones). */
enum gs_opt_type {
    GS_OPT_FLAG,  /* no value: int 1 */
    GS_OPT_UINT,  /* unsigned int, min..max */
    GS_OPT_UINTS, /* N[,N...], each min..max: unsigned int[cap], count (int) at count_at */
    GS_OPT_REAL,  /* a decimal number (no sign, no hex), min..max: double */
    GS_OPT_WORD,  /* one of words[nwords]: its index, unsigned int */
    GS_OPT_NAMES, /* NAME[,NAME...] of words (case-insensitive), or all (the first `all`): indices, count */
    GS_OPT_TEXT,  /* a non-empty string shorter than cap: char[cap] */
    GS_OPT_OWN    /* the option's `parse` alone */
};

struct gs_options;
typedef struct gs_opt {
    const char *name;
    enum gs_opt_type type;
    double min, max;
    const char *def;          /* its default, in words ("" when none or computed) */
    unsigned int applies;     /* the modes it applies to, a bit each (the command's `modes`); 0: every one */
    size_t at, count_at, cap; /* where the value goes */
    const char *const *words;
    unsigned int nwords, all;
    /* After the value is stored (or, for GS_OPT_OWN, instead): checks and
     * conversions of its own.  0, or -1 with err set. */
    int (*parse)(struct gs_options *o, const char *value, char *err, size_t n);
} gs_opt;

struct gs_device_info;
struct gs_meta;
struct gs_schema;
typedef struct gs_command {
    const char *name;
    const char *summary; /* its lines in 'gsync-bench --help' */
    const char *usage;   /* 'gsync-bench NAME --help' */
    int implied;         /* the command when none is named */
    unsigned int shared; /* GS_SH() bits */
    const gs_opt *opts;  /* its own options */
    unsigned int nopts;
    void (*defaults)(struct gs_options *o); /* its options' defaults; NULL: zeros */
    /* Its operand (PROGRAM[,...]), once: 0, or -1 with err set; NULL: none.
     * `missing`: the error without one (NULL: it is optional). */
    int (*operand)(struct gs_options *o, const char *arg, char *err, size_t n);
    const char *missing;
    const char *example; /* an operand it takes (for tests) */
    /* The modes (programs, workloads) an option may be limited to, and
     * those the command line asks for. */
    const char *const *modes;
    unsigned int nmodes;
    const char *mode_kind; /* "programs" */
    unsigned int (*asked)(const struct gs_options *o);
    /* Options declared elsewhere (a family's): 1 taken, 0 not one, -1 bad
     * value (err set); VALUE NULL only asks, and o may be NULL. */
    int (*more)(struct gs_options *o, const char *name, const char *value, char *err, size_t n);
    /* Their names: up to max in out, returns how many. */
    size_t (*more_names)(const char **out, size_t max);
    /* A command line that does not name the command (HeteroSync's form):
     * GS_EXIT_OK or GS_EXIT_USAGE when it is one, else -1, with a phrase for
     * "unknown command or ..." in err when it has one. */
    int (*bare)(int argc, char **argv, struct gs_options *o, char *err, size_t n);
    /* Every value and input file, after the whole line, before any device. */
    int (*check)(struct gs_options *o, char *err, size_t n);
    int host_only; /* runs without a device (dev and meta NULL) */
    int (*run)(const struct gs_options *o, const struct gs_device_info *dev, const struct gs_meta *meta, char *err,
               size_t n);
    /* Its report's columns (table.h), which its run prints through; NULL: it
     * prints no rows (help, list). */
    const struct gs_schema *schema;
    void (*more_help)(FILE *f); /* after every summary in 'gsync-bench --help' */
} gs_command;

/* The shared options (cli.c), by enum gs_shared. */
extern const gs_opt gs_shared_options[GS_SHARED];


/* The commands the parser knows: the program's table (src/commands.c),
 * given once before the first parse; the parser names no command itself. */
void gs_cli_use_commands(const gs_command *const *commands, size_t n);
const gs_command *gs_command_find(const char *name);

#define GS_OWN_BYTES 8192
typedef struct gs_options {
    const gs_command *cmd;
    int help, version;
    const gs_command *topic; /* help: the command asked about; NULL: all */
    unsigned int ldst, iters, repeat, threads; /* iters 0: the command's default */
    unsigned int tbs;                          /* 0: use the blocks-per-SM list */
    unsigned int tbs_per_sm[GS_MAX_LIST];
    int ntbs_per_sm; /* 0: the command's sweep */
    double timeout_s;
    unsigned int format; /* enum gs_format */
    unsigned int device;
    int wrap;                     /* --wrap: counters start near 2^32 */
    unsigned int given, own_given; /* a bit per shared option, per option of the command's table */
    union {                       /* the command's own options */
        long double align;
        void *p;
        unsigned char bytes[GS_OWN_BYTES];
    } own;
} gs_options;
/* The command's own options, as its type. */
#define GS_OWN(o, type) ((type *)(void *)(o)->own.bytes)
#define GS_OWN_FITS(type) _Static_assert(sizeof(type) <= GS_OWN_BYTES, #type " fits gs_options.own")
#define GS_GIVEN(o, sh) (((o)->given >> GS_SH_##sh) & 1u)

/* Returns GS_EXIT_OK, or GS_EXIT_USAGE with a one-line message in err.
 * The command's check has run. */
int gs_parse_args(int argc, char **argv, gs_options *o, char *err, size_t errlen);
/* The shared options' defaults, then the command's. */
void gs_options_default(gs_options *o, const gs_command *cmd);
/* Whether the option of o's command's table named `name` was given. */
int gs_own_given(const gs_options *o, const char *name);
/* Decimal digits only, no sign, min <= value <= max.  Returns 0 when valid. */
int gs_parse_uint(const char *s, unsigned int min, unsigned int max, unsigned int *out);

/* NAME[,NAME...] from names (case-insensitive), or "all" (the first `all`
 * of them), into out[] (at most count); each name once.  0, or -1 with a
 * one-line message about `what` in err. */
int gs_parse_names(const char *what, const char *arg, const char *const *names, unsigned int count, unsigned int all,
                   unsigned int *out, int *nout, char *err, size_t n);

/* A command-line string as messages show it: control characters and other
 * bytes outside printable ASCII as \xNN, at most 200 bytes then "...".  Four
 * results may be in use at once (static buffers, rotated). */
const char *gs_escape(const char *s);
/* Appends `name` to the list in buf (size bytes, len long; ", " between
 * names) where it fits whole; returns the list's length. */
size_t gs_list_add(char *buf, size_t size, size_t len, const char *name);

/* The usage text: one command's (topic), or every command's. */
void gs_print_usage(FILE *f, const gs_command *topic);

#endif
