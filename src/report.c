#include "report.h"
#include "decompose.h"
#include "floor.h"
#include "family.h"

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

void gs_csv_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; ++s) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void gs_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; ++s) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

static void version_str(int v, char *out, size_t n)
{
    snprintf(out, n, "%d.%d", v / 1000, (v % 1000) / 10);
}

void gs_table_header(FILE *f, const gs_meta *m)
{
    char drv[16], rt[16];
    version_str(m->dev->driver_version, drv, sizeof drv);
    version_str(m->dev->runtime_version, rt, sizeof rt);
    fprintf(f, "gsync-bench %s | %s | %d SMs | %d MHz | cc %d.%d | driver %s | runtime %s\n", GSYNC_BENCH_VERSION,
            m->dev->name, m->dev->sm_count, m->dev->clock_mhz, m->dev->cc_major, m->dev->cc_minor, drv, rt);
}

/* The device and the command, as CSV cells, then a comma. */
void gs_csv_meta(FILE *f, const gs_meta *m)
{
    fprintf(f, "%s,", GSYNC_BENCH_VERSION);
    gs_csv_string(f, m->dev->name);
    fprintf(f, ",%d,%d,%d.%d,%d,%d,", m->dev->sm_count, m->dev->clock_mhz, m->dev->cc_major, m->dev->cc_minor,
            m->dev->driver_version, m->dev->runtime_version);
    gs_csv_string(f, m->command);
    fputc(',', f);
}

void gs_json_meta(FILE *f, const gs_meta *m)
{
    fprintf(f, "{\n  \"gsync_version\": \"%s\",\n  \"command\": ", GSYNC_BENCH_VERSION);
    gs_json_string(f, m->command);
    fprintf(f, ",\n  \"device\": {\"ordinal\": %d, \"name\": ", m->dev->ordinal);
    gs_json_string(f, m->dev->name);
    fprintf(f, ", \"sm_count\": %d, \"clock_mhz\": %d, \"cc\": \"%d.%d\", \"driver\": %d, \"runtime\": %d},\n",
            m->dev->sm_count, m->dev->clock_mhz, m->dev->cc_major, m->dev->cc_minor, m->dev->driver_version,
            m->dev->runtime_version);
}

/* A time in ns as CSV and JSON carry it: two decimals, or three
 * significant digits below 1 ns (per-sample throughputs). */
static const char *ns_text(double v, char *buf, size_t n)
{
    snprintf(buf, n, v >= 1.0 || v <= -1.0 || v == 0.0 ? "%.2f" : "%.3g", v);
    return buf;
}

/* Blocks per cluster of the launches (1: no clusters). */
static unsigned int cluster_of(const gs_result *x)
{
    return x->cluster ? x->cluster : 1u;
}

/* A barrier's synchronization time as a multiple of the floor; < 0: none. */
static double x_floor(const gs_meta *m, const gs_result *x)
{
    if (!x->cfg.prim->family->floor_column || m->floor_ns <= 0.0 || x->verdict != GS_PASS)
        return -1.0;
    return (x->ns_median - x->body_ns) / m->floor_ns;
}

static void table(FILE *f, const gs_meta *m, const gs_result *r, int n)
{
    int i;
    gs_table_header(f, m);
    fprintf(f, "%-19s %6s %6s %4s %5s %5s %10s %10s %10s %6s %9s %9s %7s  %s\n", "primitive", "TBs/SM", "TBs", "thr",
            "ldst", "iters", "ns/op", "min", "max", "noise", "body ns", "sync ns", "x floor", "verdict");
    for (i = 0; i < n; ++i) {
        const gs_result *x = &r[i];
        char per_sm[16];
        if (x->cfg.tbs_per_sm)
            snprintf(per_sm, sizeof per_sm, "%u", x->cfg.tbs_per_sm);
        else
            snprintf(per_sm, sizeof per_sm, "-");
        fprintf(f, "%-19s %6s %6u %4u %5u %5u ", x->cfg.prim->name, per_sm, x->cfg.blocks, x->cfg.threads,
                x->cfg.ldst, x->cfg.iters);
        if (x->verdict == GS_PASS) {
            const char *fmt = x->ns_median < 10.0 ? "%10.3g %10.3g %10.3g %5.1f%% %9.3g %9.3g "
                                                  : "%10.1f %10.1f %10.1f %5.1f%% %9.1f %9.1f ";
            fprintf(f, fmt, x->ns_median, x->ns_min, x->ns_max, x->noise_pct, x->body_ns, x->ns_median - x->body_ns);
            if (x_floor(m, x) >= 0.0)
                fprintf(f, "%7.1f  PASS", x_floor(m, x));
            else
                fprintf(f, "%7s  PASS", "-");
            if (x->detail[0])
                fprintf(f, " (%s)", x->detail);
            else if (cluster_of(x) > 1u)
                fprintf(f, " (clusters of %u)", cluster_of(x));
            fputc('\n', f);
        } else {
            fprintf(f, "%10s %10s %10s %6s %9s %9s %7s  %s: %s\n", "-", "-", "-", "-", "-", "-", "-",
                    gs_verdict_name(x->verdict), x->detail);
        }
    }
}

static void csv(FILE *f, const gs_meta *m, const gs_result *r, int n)
{
    int i;
    fprintf(f, "gsync_version,device,sm_count,clock_mhz,cc,driver,runtime,command,primitive,family,origin,"
               "tbs_per_sm,tbs,threads,cluster,ldst,iters,repeat,ns_per_op,ns_min,ns_max,noise_pct,body_ns,sync_ns,"
               "sync_x_floor,verdict,detail\n");
    for (i = 0; i < n; ++i) {
        const gs_result *x = &r[i];
        gs_csv_meta(f, m);
        fprintf(f, "%s,%s,", x->cfg.prim->name, x->cfg.prim->family->name);
        gs_csv_string(f, x->cfg.prim->origin);
        fprintf(f, ",%u,%u,%u,%u,%u,%u,%u,", x->cfg.tbs_per_sm, x->cfg.blocks, x->cfg.threads, cluster_of(x),
                x->cfg.ldst, x->cfg.iters, x->cfg.repeat);
        if (x->verdict == GS_PASS) {
            char b[5][32];
            fprintf(f, "%s,%s,%s,%.2f,%s,%s,", ns_text(x->ns_median, b[0], 32), ns_text(x->ns_min, b[1], 32),
                    ns_text(x->ns_max, b[2], 32), x->noise_pct, ns_text(x->body_ns, b[3], 32),
                    ns_text(x->ns_median - x->body_ns, b[4], 32));
        } else
            fprintf(f, ",,,,,,");
        if (x_floor(m, x) >= 0.0)
            fprintf(f, "%.2f", x_floor(m, x));
        fputc(',', f);
        fprintf(f, "%s,", gs_verdict_name(x->verdict));
        gs_csv_string(f, x->detail);
        fputc('\n', f);
    }
}

static void json(FILE *f, const gs_meta *m, const gs_result *r, int n)
{
    int i;
    gs_json_meta(f, m);
    fprintf(f, "  \"results\": [");
    for (i = 0; i < n; ++i) {
        const gs_result *x = &r[i];
        fprintf(f, "%s\n    {\"primitive\": \"%s\", \"family\": \"%s\", \"origin\": \"%s\", \"tbs_per_sm\": %u, "
                   "\"tbs\": %u, \"threads\": %u, \"cluster\": %u, \"ldst\": %u, \"iters\": %u, \"repeat\": %u, ",
                i ? "," : "", x->cfg.prim->name, x->cfg.prim->family->name, x->cfg.prim->origin, x->cfg.tbs_per_sm,
                x->cfg.blocks, x->cfg.threads, cluster_of(x), x->cfg.ldst, x->cfg.iters, x->cfg.repeat);
        if (x->verdict == GS_PASS) {
            char b[5][32];
            fprintf(f, "\"ns_per_op\": %s, \"ns_min\": %s, \"ns_max\": %s, \"noise_pct\": %.2f, "
                       "\"body_ns\": %s, \"sync_ns\": %s, ",
                    ns_text(x->ns_median, b[0], 32), ns_text(x->ns_min, b[1], 32), ns_text(x->ns_max, b[2], 32),
                    x->noise_pct, ns_text(x->body_ns, b[3], 32), ns_text(x->ns_median - x->body_ns, b[4], 32));
        }
        if (x_floor(m, x) >= 0.0)
            fprintf(f, "\"sync_x_floor\": %.2f, ", x_floor(m, x));
        fprintf(f, "\"verdict\": \"%s\", \"detail\": ", gs_verdict_name(x->verdict));
        gs_json_string(f, x->detail);
        fputc('}', f);
    }
    fprintf(f, "\n  ]\n}\n");
}

void gs_report(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_result *r, int n)
{
    if (fmt == GS_FORMAT_CSV)
        csv(f, m, r, n);
    else if (fmt == GS_FORMAT_JSON)
        json(f, m, r, n);
    else
        table(f, m, r, n);
}

void gs_report_floor(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_floor_row *rows, int n)
{
    int i;
    if (fmt == GS_FORMAT_CSV) {
        fprintf(f, "gsync_version,device,sm_count,clock_mhz,cc,driver,runtime,command,measure,ns,note\n");
        for (i = 0; i < n; ++i) {
            gs_csv_meta(f, m);
            gs_csv_string(f, rows[i].name);
            if (rows[i].ns >= 0.0)
                fprintf(f, ",%.1f,", rows[i].ns);
            else
                fprintf(f, ",,");
            gs_csv_string(f, rows[i].note);
            fputc('\n', f);
        }
    } else if (fmt == GS_FORMAT_JSON) {
        gs_json_meta(f, m);
        fprintf(f, "  \"floor\": [");
        for (i = 0; i < n; ++i) {
            fprintf(f, "%s\n    {\"measure\": ", i ? "," : "");
            gs_json_string(f, rows[i].name);
            if (rows[i].ns >= 0.0)
                fprintf(f, ", \"ns\": %.1f", rows[i].ns);
            fprintf(f, ", \"note\": ");
            gs_json_string(f, rows[i].note);
            fputc('}', f);
        }
        fprintf(f, "\n  ]\n}\n");
    } else {
        gs_table_header(f, m);
        for (i = 0; i < n; ++i)
            if (rows[i].ns >= 0.0)
                fprintf(f, "%-50s %10.1f ns\n", rows[i].name, rows[i].ns);
            else
                fprintf(f, "%-50s %10s    %s\n", rows[i].name, "-", rows[i].note);
    }
}

void gs_report_decompose(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_decompose_row *rows, int n)
{
    int i, k;
    if (fmt == GS_FORMAT_CSV)
        fprintf(f, "gsync_version,device,sm_count,clock_mhz,cc,driver,runtime,command,blocks,t1_ns,t2_ns,t3_ns,"
                   "t4_ns,t5_ns,t_a_ns,t_c_ns,t_s_ns,t_f_ns,barrier_ns,verdict\n");
    else if (fmt == GS_FORMAT_JSON) {
        gs_json_meta(f, m);
        fprintf(f, "  \"decompose\": [");
    } else {
        gs_table_header(f, m);
        fprintf(f, "ns per iteration: t1 compute, t2 +atomic, t3 +__syncthreads, t4 +barrier, t5 +fence\n");
        fprintf(f, "%6s %8s %8s %8s %8s %8s | %8s %8s %8s %8s | %9s\n", "blocks", "t1", "t2", "t3", "t4", "t5",
                "t_a", "t_c", "t_s", "t_f", "barrier");
    }
    for (i = 0; i < n; ++i) {
        const gs_decompose_row *r = &rows[i];
        const char *verdict = r->timed_out ? "TIMEOUT" : "PASS";
        if (fmt == GS_FORMAT_CSV) {
            gs_csv_meta(f, m);
            fprintf(f, "%u", r->blocks);
            for (k = 0; k < GS_DECOMPOSE_MODES; ++k)
                fprintf(f, ",%.1f", r->t_ns[k]);
            fprintf(f, ",%.1f,%.1f,%.1f,%.1f,%.1f,%s\n", r->t_a, r->t_c, r->t_s, r->t_f, r->t_ns[4] - r->t_ns[0],
                    verdict);
        } else if (fmt == GS_FORMAT_JSON) {
            fprintf(f, "%s\n    {\"blocks\": %u, \"t_ns\": [", i ? "," : "", r->blocks);
            for (k = 0; k < GS_DECOMPOSE_MODES; ++k)
                fprintf(f, "%s%.1f", k ? ", " : "", r->t_ns[k]);
            fprintf(f, "], \"t_a\": %.1f, \"t_c\": %.1f, \"t_s\": %.1f, \"t_f\": %.1f, \"barrier\": %.1f, "
                       "\"verdict\": \"%s\"}",
                    r->t_a, r->t_c, r->t_s, r->t_f, r->t_ns[4] - r->t_ns[0], verdict);
        } else {
            fprintf(f, "%6u", r->blocks);
            for (k = 0; k < GS_DECOMPOSE_MODES; ++k)
                fprintf(f, " %8.1f", r->t_ns[k]);
            fprintf(f, " | %8.1f %8.1f %8.1f %8.1f | %9.1f%s\n", r->t_a, r->t_c, r->t_s, r->t_f,
                    r->t_ns[4] - r->t_ns[0], r->timed_out ? "  TIMEOUT" : "");
        }
    }
    if (fmt == GS_FORMAT_JSON)
        fprintf(f, "\n  ]\n}\n");
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
