#include "core/report.h"

#include <string.h>
#include <unistd.h>

const char *gs_verdict_name(enum gs_verdict v)
{
    return v == GS_PASS ? "PASS" : v == GS_FAIL ? "FAIL" : "TIMEOUT";
}

/* Appends s to out (of n bytes, len used); false when it does not fit. */
static int append(char *out, size_t n, size_t *len, const char *s)
{
    const size_t k = strlen(s);
    if (*len + k + 1 > n)
        return 0;
    memcpy(out + *len, s, k + 1);
    *len += k;
    return 1;
}

void gs_command_line(int argc, char **argv, char *out, size_t n)
{
    /* an argument of only these characters needs no quotes in a POSIX shell */
    static const char plain[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-";
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < argc; ++i) {
        const char *a = argv[i];
        const int quote = !*a || strspn(a, plain) != strlen(a);
        int ok = append(out, n, &len, i ? " " : "") && (!quote || append(out, n, &len, "'"));
        for (const char *p = a; ok && *p; ++p) { /* a quote inside quotes: close, escaped quote, reopen */
            const char one[2] = {*p, 0};
            ok = append(out, n, &len, *p == '\'' ? "'\\''" : one);
        }
        if (!ok || (quote && !append(out, n, &len, "'"))) {
            out[0] = 0; /* too long to record whole: record nothing rather than a wrong command */
            append(out, n, (len = 0, &len), "(command line too long to record)");
            return;
        }
    }
}

void gs_progress(int i, int n, const char *cmd, const char *a, const char *b)
{
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "\r[%d/%d] %s %s %s%20s", i + 1, n, cmd, a, b, "");
}

void gs_progress_end(int stopped)
{
    if (isatty(STDERR_FILENO))
        fputs(stopped ? "\n" : "\r                                                            \r", stderr);
}
