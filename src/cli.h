/* cli.h: gsync-bench's command line, parsed without touching the GPU. */
#ifndef GSYNC_CLI_H
#define GSYNC_CLI_H

#include "family.h"
#include <stddef.h>
#include <stdio.h>

enum gs_command {
    GS_CMD_SUITE, GS_CMD_RUN, GS_CMD_LIST, GS_CMD_FLOOR, GS_CMD_DECOMPOSE, GS_CMD_PLAIN, GS_CMD_TUNE, GS_CMD_APP, GS_CMD_LITMUS, GS_CMD_SERVER, GS_CMD_HELP,
    GS_CMD_VERSION
};
enum gs_format { GS_FORMAT_TABLE, GS_FORMAT_CSV, GS_FORMAT_JSON };

#define GS_MAX_LIST 64
#define GS_MAX_LDST 10000u
#define GS_MAX_THREADS 1024u

typedef struct gs_options {
    enum gs_command cmd;
    const gs_prim *prims[GS_MAX_LIST];
    int nprims; /* 0: every primitive */
    unsigned int ldst, iters, repeat, threads; /* iters 0: the family's default */
    unsigned int tbs; /* 0: use the blocks-per-SM list */
    unsigned int tbs_per_sm[GS_MAX_LIST];
    int ntbs_per_sm; /* 0: 1,2,4,...,32 capped by the device */
    double timeout_s;
    enum gs_format format;
    int device;
    int heterosync_form; /* gsync-bench <syncPrim> <numLdSt> <numTBs> <numCSIters> */
    enum gs_command help_topic; /* GS_CMD_HELP: the command asked about (GS_CMD_HELP: all) */
    int quick;         /* the quick suite: the families' headline primitives at 1, 8 and the most blocks per SM */
    int full;          /* suite --full: every primitive over the whole sweep */
    int wrap; /* run --wrap: counters start near 2^32 */
    int timeout_given, repeat_given, threads_given;
#define GS_MAX_FAMILY_OPTIONS 16
    const struct gs_family *family_option[GS_MAX_FAMILY_OPTIONS]; /* the families whose own options were given */
    char family_option_name[GS_MAX_FAMILY_OPTIONS][256];
    int nfamily_options;
} gs_options;

void gs_options_default(gs_options *o);
/* Returns GS_EXIT_OK, or GS_EXIT_USAGE with a one-line message in err. */
int gs_parse_args(int argc, char **argv, gs_options *o, char *err, size_t errlen);
/* Decimal digits only, no sign, min <= value <= max.  Returns 0 when valid. */
int gs_parse_uint(const char *s, unsigned int min, unsigned int max, unsigned int *out);

/* A command's own option and the modes (workloads, programs) it applies to,
 * a bit each; 0: every one. */
typedef struct gs_cmd_option {
    const char *name;
    unsigned int applies;
} gs_cmd_option;
/* NAME among table's: 1 taken (VALUE parsed by `parse`, and the option's bit
 * set in *given), 0 not one of them, -1 a bad value (err set); VALUE NULL
 * only asks whether NAME is one. */
int gs_cmd_option_take(const gs_cmd_option *table, unsigned int count, const char *name, const char *value,
                       unsigned int *given, int (*parse)(const char *, const char *, char *, size_t), char *err,
                       size_t n);
/* The first option given that applies to none of the modes `asked`: its
 * index in table, or -1.  *names gets the modes it applies to, by name. */
int gs_cmd_option_misplaced(const gs_cmd_option *table, unsigned int count, unsigned int given, unsigned int asked,
                            const char *const *mode_names, unsigned int modes, char *names, size_t n);

/* NAME[,NAME...] from names (case-insensitive), or "all" (the first `all`
 * of them), into out[] (at most count); each name once.  0, or -1 with a
 * one-line message about `what` in err. */
int gs_parse_names(const char *what, const char *arg, const char *const *names, unsigned int count, unsigned int all,
                   unsigned int *out, int *nout, char *err, size_t n);

/* A command-line string as messages show it: control characters and other
 * bytes outside printable ASCII as \xNN, at most 200 bytes then "...".  Four
 * results may be in use at once (static buffers, rotated). */
const char *gs_escape(const char *s);

/* The usage text, with every family's own options. */
void gs_print_usage(FILE *f, enum gs_command topic);

#endif
