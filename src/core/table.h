/* table.h: the one printer of gsync-bench's results.  A command declares
 * its columns (gs_col) and hands over one row of cells at a time; the
 * printer writes the human table, CSV or JSON, each carrying the device,
 * the command line and gsync's version, and checks that the writes went
 * through. */
#ifndef GSYNC_TABLE_H
#define GSYNC_TABLE_H

#include "core/cli.h"
#include "core/gsync_bench.h"

#include <stdio.h>

typedef struct gs_meta {
    const gs_device_info *dev;
    const char *command; /* the command line, as typed */
    double floor_ns;     /* an atomic round trip + a release/acquire handoff; 0: not measured */
} gs_meta;

/* Where a column shows, and how its text goes into CSV. */
enum {
    GS_COL_TABLE = 1u,
    GS_COL_CSV = 2u,
    GS_COL_JSON = 4u,
    GS_COL_DATA = GS_COL_CSV | GS_COL_JSON,
    GS_COL_ALL = GS_COL_TABLE | GS_COL_DATA,
    GS_COL_QUOTE = 8u /* CSV: in double quotes even when it needs none */
};

typedef struct gs_col {
    const char *name;   /* CSV heading and JSON key (unused for a table-only column) */
    unsigned int where; /* GS_COL_* */
    const char *fmt;    /* a number's format in CSV and JSON: "%.2f" */
    const char *head;   /* the table's heading; */
    int width;          /* width (< 0: left-aligned, 0: as it comes); */
    const char *tfmt;   /* a number's format (NULL: fmt); */
    const char *gap;    /* and what goes before it (NULL: one space; nothing before the first) */
} gs_col;

enum gs_cell_kind {
    GS_CELL_NONE, /* not measured: empty in CSV, left out of JSON, "-" in the table */
    GS_CELL_NUM,  /* a number, written with the column's format or the cell's own */
    GS_CELL_TEXT, /* a string: quoted and escaped in JSON, quoted in CSV where needed */
    GS_CELL_BOOL, /* 1 or 0 in CSV, true or false in JSON */
    GS_CELL_JSON  /* a JSON value (an object), written as it is */
};

typedef struct gs_cell {
    enum gs_cell_kind kind;
    double num;
    const char *fmt, *tfmt; /* NUM: this cell's own formats (NULL: the column's) */
    const char *text;       /* TEXT, JSON: the value (buf when formatted by gs_textf) */
    char buf[256];
} gs_cell;

gs_cell gs_none(void);
gs_cell gs_num(double v);
gs_cell gs_numf(double v, const char *fmt, const char *tfmt);
gs_cell gs_text(const char *s);                                         /* s is kept, not copied */
gs_cell gs_textf(const char *fmt, ...) __attribute__((format(printf, 1, 2))); /* up to 255 bytes */
gs_cell gs_bool(int v);
gs_cell gs_json(const char *value);

typedef struct gs_schema {
    const char *key;        /* JSON: the name of the rows' array */
    const gs_col *cols;
    int ncols;
    const char *note;       /* table: lines between the device line and the headings (NULL: none) */
    const char *json_extra; /* JSON: members before the array, "\"stress\": true" (NULL: none) */
    int no_headings;        /* table: no heading line */
} gs_schema;

typedef struct gs_out {
    FILE *f;
    enum gs_format fmt;
    const gs_meta *m;
    const gs_schema *s;
    int rows;
    int failed; /* the errno of the first write that failed */
} gs_out;

/* The opening (the device line, the CSV heading, the JSON header), each
 * row (s->ncols cells), and the end, which flushes f: GS_EXIT_OK, or
 * GS_EXIT_RUNTIME with "writing the output: ..." in err when a write failed. */
void gs_out_begin(gs_out *o, FILE *f, enum gs_format fmt, const gs_meta *m, const gs_schema *s);
void gs_out_row(gs_out *o, const gs_cell *cells);
int gs_out_end(gs_out *o, char *err, size_t n);

/* All of a command's rows at once: fill(m, rows, i, cells) gives row i's
 * cells.  What gs_out_end returns. */
#define GS_MAX_COLS 40
typedef void gs_fill_fn(const gs_meta *m, const void *rows, int i, gs_cell *cells);
int gs_print(FILE *f, enum gs_format fmt, const gs_meta *m, const gs_schema *s, const void *rows, int n,
             gs_fill_fn *fill, char *err, size_t errlen);

/* A string as the printer writes it: invalid UTF-8 becomes U+FFFD; in CSV
 * quoted (always, or where a comma, quote or line break needs it), in JSON
 * quoted and escaped. */
void gs_put_text(FILE *f, enum gs_format fmt, const char *s, int quote);

#endif
