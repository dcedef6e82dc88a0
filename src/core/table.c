/* table.c: the printer of table.h. */
#include "core/table.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

gs_cell gs_none(void)
{
    gs_cell c;
    memset(&c, 0, sizeof c);
    return c;
}

gs_cell gs_numf(double v, const char *fmt, const char *tfmt)
{
    gs_cell c = gs_none();
    c.kind = isfinite(v) ? GS_CELL_NUM : GS_CELL_NONE; /* JSON has no nan or inf */
    c.num = v;
    c.fmt = fmt;
    c.tfmt = tfmt;
    return c;
}

gs_cell gs_num(double v)
{
    return gs_numf(v, NULL, NULL);
}

gs_cell gs_text(const char *s)
{
    gs_cell c = gs_none();
    c.kind = GS_CELL_TEXT;
    c.text = s;
    return c;
}

gs_cell gs_textf(const char *fmt, ...)
{
    gs_cell c = gs_none();
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c.buf, sizeof c.buf, fmt, ap);
    va_end(ap);
    c.kind = GS_CELL_TEXT;
    return c;
}

gs_cell gs_bool(int v)
{
    gs_cell c = gs_none();
    c.kind = GS_CELL_BOOL;
    c.num = v != 0;
    return c;
}

gs_cell gs_json(const char *value)
{
    gs_cell c = gs_none();
    c.kind = GS_CELL_JSON;
    c.text = value;
    return c;
}

static const char *text_of(const gs_cell *c)
{
    return c->text ? c->text : c->buf;
}

/* The length of the valid UTF-8 sequence at s (1 to 4), or 0 when invalid. */
static int utf8_len(const unsigned char *s)
{
    int len, i;
    unsigned int cp;
    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        len = 2, cp = s[0] & 0x1fu;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        len = 3, cp = s[0] & 0x0fu;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        len = 4, cp = s[0] & 0x07u;
    else
        return 0;
    for (i = 1; i < len; ++i) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3fu);
    }
    /* overlong forms, surrogates and past U+10FFFF are not UTF-8 */
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return len;
}

void gs_put_text(FILE *f, enum gs_format fmt, const char *s, int quote)
{
    const unsigned char *p = (const unsigned char *)s;
    if (fmt == GS_FORMAT_CSV && !quote)
        quote = strpbrk(s, ",\"\r\n") != NULL;
    if (fmt == GS_FORMAT_JSON || quote)
        fputc('"', f);
    while (*p) {
        const int len = utf8_len(p);
        if (len == 0) {
            fputs("\xef\xbf\xbd", f);
            ++p;
        } else if (fmt == GS_FORMAT_JSON && (*p == '"' || *p == '\\')) {
            fprintf(f, "\\%c", *p++);
        } else if (fmt == GS_FORMAT_JSON && *p < 0x20) {
            fprintf(f, "\\u%04x", *p++);
        } else if (fmt == GS_FORMAT_CSV && *p == '"') {
            fputs("\"\"", f);
            ++p;
        } else {
            fwrite(p, 1, (size_t)len, f);
            p += len;
        }
    }
    if (fmt == GS_FORMAT_JSON || quote)
        fputc('"', f);
}

static void version_str(int v, char *out, size_t n)
{
    snprintf(out, n, "%d.%d", v / 1000, (v % 1000) / 10);
}

static void meta_table(FILE *f, const gs_meta *m)
{
    char drv[16], rt[16];
    version_str(m->dev->driver_version, drv, sizeof drv);
    version_str(m->dev->runtime_version, rt, sizeof rt);
    fprintf(f, "gsync-bench %s | ", GSYNC_BENCH_VERSION);
    gs_put_text(f, GS_FORMAT_TABLE, m->dev->name, 0);
    fprintf(f, " | %d SMs | %d MHz | cc %d.%d | driver %s | runtime %s\n", m->dev->sm_count, m->dev->clock_mhz,
            m->dev->cc_major, m->dev->cc_minor, drv, rt);
}

/* The device and the command, as the CSV cells that open every row, then a comma. */
static void meta_csv(FILE *f, const gs_meta *m)
{
    fprintf(f, "%s,", GSYNC_BENCH_VERSION);
    gs_put_text(f, GS_FORMAT_CSV, m->dev->name, 1);
    fprintf(f, ",%d,%d,%d.%d,%d,%d,", m->dev->sm_count, m->dev->clock_mhz, m->dev->cc_major, m->dev->cc_minor,
            m->dev->driver_version, m->dev->runtime_version);
    gs_put_text(f, GS_FORMAT_CSV, m->command, 1);
    fputc(',', f);
}

static void meta_json(FILE *f, const gs_meta *m)
{
    fprintf(f, "{\n  \"gsync_version\": \"%s\",\n  \"command\": ", GSYNC_BENCH_VERSION);
    gs_put_text(f, GS_FORMAT_JSON, m->command, 1);
    fprintf(f, ",\n  \"device\": {\"ordinal\": %d, \"name\": ", m->dev->ordinal);
    gs_put_text(f, GS_FORMAT_JSON, m->dev->name, 1);
    fprintf(f, ", \"sm_count\": %d, \"clock_mhz\": %d, \"cc\": \"%d.%d\", \"driver\": %d, \"runtime\": %d},\n",
            m->dev->sm_count, m->dev->clock_mhz, m->dev->cc_major, m->dev->cc_minor, m->dev->driver_version,
            m->dev->runtime_version);
}

/* A table cell: its gap, then its text padded to the column's width (in
 * bytes, as printf pads). */
static void table_cell(FILE *f, const gs_col *c, int first, const char *text)
{
    const int len = (int)strlen(text), w = c->width < 0 ? -c->width : c->width;
    if (!first)
        fputs(c->gap ? c->gap : " ", f);
    if (c->width > 0 && w > len)
        fprintf(f, "%*s", w - len, "");
    gs_put_text(f, GS_FORMAT_TABLE, text, 0);
    if (c->width < 0 && w > len)
        fprintf(f, "%*s", w - len, "");
}

static void note_failure(gs_out *o)
{
    if (ferror(o->f) && !o->failed)
        o->failed = errno ? errno : EIO;
}

void gs_out_begin(gs_out *o, FILE *f, enum gs_format fmt, const gs_meta *m, const gs_schema *s)
{
    int i, first = 1;
    o->f = f, o->fmt = fmt, o->m = m, o->s = s, o->rows = 0, o->failed = 0;
    if (fmt == GS_FORMAT_CSV) {
        fputs("gsync_version,device,sm_count,clock_mhz,cc,driver,runtime,command", f);
        for (i = 0; i < s->ncols; ++i)
            if (s->cols[i].where & GS_COL_CSV)
                fprintf(f, ",%s", s->cols[i].name);
        fputc('\n', f);
    } else if (fmt == GS_FORMAT_JSON) {
        meta_json(f, m);
        if (s->json_extra)
            fprintf(f, "  %s,\n", s->json_extra);
        fprintf(f, "  \"%s\": [", s->key);
    } else {
        meta_table(f, m);
        if (s->note)
            fputs(s->note, f);
        for (i = 0; i < s->ncols && !s->no_headings; ++i)
            if (s->cols[i].where & GS_COL_TABLE) {
                table_cell(f, &s->cols[i], first, s->cols[i].head ? s->cols[i].head : "");
                first = 0;
            }
        if (!s->no_headings)
            fputc('\n', f);
    }
    note_failure(o);
}

/* A number as CSV and JSON write it, or as the table does. */
static void number(char *out, size_t n, const gs_col *col, const gs_cell *c, int table)
{
    const char *fmt = table && c->tfmt ? c->tfmt : c->fmt ? c->fmt : table && col->tfmt ? col->tfmt : col->fmt;
    snprintf(out, n, fmt ? fmt : "%g", c->num);
}

static void row_table(gs_out *o, const gs_cell *cells)
{
    char buf[64];
    int first = 1;
    for (int i = 0; i < o->s->ncols; ++i) {
        const gs_col *col = &o->s->cols[i];
        const gs_cell *c = &cells[i];
        if (!(col->where & GS_COL_TABLE))
            continue;
        if (c->kind == GS_CELL_NUM)
            number(buf, sizeof buf, col, c, 1);
        else
            snprintf(buf, sizeof buf, "%s", c->kind == GS_CELL_NONE ? "-" : c->num ? "yes" : "no");
        table_cell(o->f, col, first, c->kind == GS_CELL_TEXT || c->kind == GS_CELL_JSON ? text_of(c) : buf);
        first = 0;
    }
    fputc('\n', o->f);
}

static void row_data(gs_out *o, const gs_cell *cells)
{
    const int json = o->fmt == GS_FORMAT_JSON;
    const unsigned int where = json ? GS_COL_JSON : GS_COL_CSV;
    char buf[64];
    int first = 1;
    if (json)
        fprintf(o->f, "%s\n    {", o->rows ? "," : "");
    else
        meta_csv(o->f, o->m);
    for (int i = 0; i < o->s->ncols; ++i) {
        const gs_col *col = &o->s->cols[i];
        const gs_cell *c = &cells[i];
        if (!(col->where & where) || (json && c->kind == GS_CELL_NONE))
            continue; /* (JSON leaves out what was not measured; CSV leaves it empty) */
        if (!first)
            fputs(json ? ", " : ",", o->f);
        first = 0;
        if (json)
            fprintf(o->f, "\"%s\": ", col->name);
        if (c->kind == GS_CELL_NUM) {
            number(buf, sizeof buf, col, c, 0);
            fputs(buf, o->f);
        } else if (c->kind == GS_CELL_BOOL)
            fputs(json ? (c->num ? "true" : "false") : (c->num ? "1" : "0"), o->f);
        else if (c->kind == GS_CELL_TEXT)
            gs_put_text(o->f, o->fmt, text_of(c), (col->where & GS_COL_QUOTE) != 0);
        else if (c->kind == GS_CELL_JSON)
            fputs(text_of(c), o->f);
    }
    fputs(json ? "}" : "\n", o->f);
}

void gs_out_row(gs_out *o, const gs_cell *cells)
{
    if (o->fmt == GS_FORMAT_TABLE)
        row_table(o, cells);
    else
        row_data(o, cells);
    ++o->rows;
    note_failure(o);
}

int gs_out_end(gs_out *o, char *err, size_t n)
{
    if (o->fmt == GS_FORMAT_JSON)
        fputs("\n  ]\n}\n", o->f);
    note_failure(o);
    if (fflush(o->f) != 0 && !o->failed)
        o->failed = errno ? errno : EIO;
    if (!o->failed)
        return GS_EXIT_OK;
    snprintf(err, n, "writing the output: %s", strerror(o->failed));
    return GS_EXIT_RUNTIME;
}

int gs_print(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_schema *s, const void *rows, int n,
             gs_fill_fn *fill, char *err, size_t errlen)
{
    gs_cell cells[GS_MAX_COLS];
    gs_out o;
    if (s->ncols > GS_MAX_COLS) {
        snprintf(err, errlen, "%s: %d columns, more than the printer's %d", s->key, s->ncols, GS_MAX_COLS);
        return GS_EXIT_RUNTIME;
    }
    gs_out_begin(&o, f, fmt, m, s);
    for (int i = 0; i < n; ++i) {
        fill(m, rows, i, cells);
        gs_out_row(&o, cells);
    }
    return gs_out_end(&o, err, errlen);
}
