/* graph_read.c: DIMACS shortest-path files (.gr) and Matrix Market
 * coordinate files (.mtx), one line at a time; a malformed entry stops the
 * read with "FILE:LINE: what is wrong".  Arcs are gathered in file order and
 * put in compressed sparse rows by a counting sort on the tail, so that the
 * arcs of one vertex keep their order in the file.  And the rows' transpose. */
#include "inputs/graph_util.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- reading a text file a line at a time ------------------------------ */

typedef struct reader {
    FILE *f;
    char shown[256]; /* the path, escaped, for messages */
    char *line;
    size_t cap;
    unsigned long long bytes; /* the file's length */
    unsigned long no; /* the number of the current line, from 1 */
    char *p;          /* the rest of the current line */
    char *err;
    size_t n;
} reader;

static int rd_open(reader *r, const char *path, char *err, size_t n)
{
    memset(r, 0, sizeof *r);
    r->err = err;
    r->n = n;
    esc(path, strlen(path), r->shown, sizeof r->shown);
    struct stat st;
    if (!(r->f = fopen(path, "r"))) {
        snprintf(err, n, "%s: cannot open: %s", r->shown, strerror(errno));
        return 2;
    }
    r->bytes = fstat(fileno(r->f), &st) == 0 && S_ISREG(st.st_mode) ? (unsigned long long)st.st_size : ~0ull;
    return 0;
}

static void rd_close(reader *r)
{
    if (r->f)
        fclose(r->f);
    free(r->line);
}

/* "FILE:LINE: message" in err; returns 2. */
static int rd_fail(reader *r, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(r->err, r->n, "%s:%lu: %s", r->shown, r->no, msg);
    return 2;
}

/* The next line, without its end of line: 1, or 0 at the end of the file,
 * or -2 (read error, NUL byte) or -1 (out of memory) with err set. */
static int rd_next(reader *r)
{
    ssize_t len;
    errno = 0;
    if ((len = getline(&r->line, &r->cap, r->f)) < 0) {
        if (errno == ENOMEM)
            return -oom(r->err, r->n, "a line of the input");
        if (ferror(r->f)) {
            snprintf(r->err, r->n, "%s: cannot read: %s", r->shown, strerror(errno ? errno : EIO));
            return -2;
        }
        return 0;
    }
    ++r->no;
    if (memchr(r->line, 0, (size_t)len))
        return -rd_fail(r, "a NUL byte: this is not a text file");
    while (len > 0 && (r->line[len - 1] == '\n' || r->line[len - 1] == '\r'))
        r->line[--len] = 0;
    r->p = r->line;
    return 1;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The next whitespace-separated field of the line (terminated in place), or NULL. */
static char *tok(reader *r)
{
    char *s = r->p, *e;
    while (is_blank(*s))
        ++s;
    if (!*s) {
        r->p = s;
        return NULL;
    }
    for (e = s; *e && !is_blank(*e); ++e)
        ;
    if (*e)
        *e++ = 0;
    r->p = e;
    return s;
}

/* The next field, WHAT, as a count (a whole number below 2^32). */
static int field_count(reader *r, const char *what, unsigned long long *v)
{
    char *s = tok(r), b[48];
    int rc;
    if (!s)
        return rd_fail(r, "missing the %s", what);
    if ((rc = to_u64(s, v)) == 1)
        return rd_fail(r, "%s '%s' is not a whole number", what, quote(s, b));
    if (rc || *v > MAX_COUNT)
        return rd_fail(r, "%s %s is more than %llu", what, quote(s, b), MAX_COUNT);
    return 0;
}

/* The next field, WHAT, as a vertex 1..nv; *v is 0-based. */
static int field_vertex(reader *r, const char *what, unsigned long long nv, unsigned int *v)
{
    char *s = tok(r), b[48];
    unsigned long long x = 0;
    int rc;
    if (!s)
        return rd_fail(r, "missing the %s", what);
    if ((rc = to_u64(s, &x)) == 1)
        return rd_fail(r, "%s '%s' is not a whole number", what, quote(s, b));
    if (rc || x < 1 || x > nv)
        return rd_fail(r, "%s %s is out of range 1..%llu", what, quote(s, b), nv);
    *v = (unsigned int)(x - 1);
    return 0;
}

/* The value of a real field, rounded to the nearest integer (halves away from 0). */
static int real_weight(reader *r, const char *s, long long *x)
{
    char *end, b[48];
    double v = strtod(s, &end);
    if (end == s || *end)
        return rd_fail(r, "weight '%s' is not a number", quote(s, b));
    if (!(v > -9.0e18 && v < (double)MAX_COUNT + 0.5))
        return rd_fail(r, "weight %s is out of range", quote(s, b));
    *x = llround(v);
    return 0;
}

/* The next field as a weight into *w: an integer (or, when real, a number
 * rounded to one) below 2^32; a negative one is stored as 0 and the first
 * is recorded in g. */
static int field_weight(reader *r, int real, gs_graph *g, unsigned int *w)
{
    char *s = tok(r), b[48];
    long long x = 0;
    int rc;
    if (!s)
        return rd_fail(r, "missing the weight");
    if (real) {
        if ((rc = real_weight(r, s, &x)))
            return rc;
    } else if ((rc = to_i64(s, &x)) == 1) {
        return rd_fail(r, "weight '%s' is not an integer", quote(s, b));
    }
    if (rc || x > (long long)MAX_COUNT)
        return rd_fail(r, "weight %s is out of range (at most %llu)", quote(s, b), MAX_COUNT);
    if (x < 0 && !g->neg_line) {
        g->neg_line = r->no;
        g->neg_weight = x;
    }
    *w = x < 0 ? 0u : (unsigned int)x;
    return 0;
}

/* Nothing may follow the last field of an entry. */
static int line_end(reader *r, const char *entry)
{
    char *s = tok(r), b[48];
    return s ? rd_fail(r, "extra text '%s' after %s", quote(s, b), entry) : 0;
}

/* The base name of path, printable, as the graph's name. */
static void name_from_path(gs_graph *g, const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash && slash[1] ? slash + 1 : path;
    esc(base, strlen(base), g->name, sizeof g->name);
}

/* ---- arcs in file order, then compressed sparse rows ------------------- */

typedef struct arc_list {
    unsigned int *src, *dst, *w;
    size_t m, cap;
} arc_list;

static int grow(unsigned int **a, size_t cap)
{
    unsigned int *p = realloc(*a, cap * sizeof **a);
    if (!p)
        return 0;
    *a = p;
    return 1;
}

/* Appends an arc; the list never holds more than `limit` (> a->m).  1: out of memory. */
static int arcs_push(arc_list *a, unsigned int u, unsigned int v, unsigned int w, size_t limit)
{
    if (a->m == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 4096;
        if (cap > limit)
            cap = limit;
        if (!grow(&a->src, cap) || !grow(&a->dst, cap) || !grow(&a->w, cap))
            return 1;
        a->cap = cap;
    }
    a->src[a->m] = u;
    a->dst[a->m] = v;
    a->w[a->m++] = w;
    return 0;
}

static void arcs_free(arc_list *a)
{
    free(a->src);
    free(a->dst);
    free(a->w);
}

/* g's rows from the arc list: a counting sort on the tail, stable. */
static int csr_from_arcs(gs_graph *g, unsigned int nv, const arc_list *a)
{
    size_t k;
    unsigned int u, sum = 0;
    g->n = nv;
    g->m = (unsigned int)a->m;
    g->row = calloc((size_t)nv + 1, sizeof *g->row);
    g->col = alloc_words(a->m);
    g->w = alloc_words(a->m);
    if (!g->row || !g->col || !g->w)
        return 1;
    for (k = 0; k < a->m; ++k)
        ++g->row[a->src[k]];
    for (u = 0; u < nv; ++u) { /* row[u] = the start of u's arcs */
        unsigned int d = g->row[u];
        g->row[u] = sum;
        sum += d;
    }
    for (k = 0; k < a->m; ++k) {
        unsigned int p = g->row[a->src[k]]++;
        g->col[p] = a->dst[k];
        g->w[p] = a->w[k];
    }
    rows_back(g->row, nv);
    g->row[nv] = g->m;
    return 0;
}

/* What a reader ends with: the graph built, or everything freed. */
static int read_finish(int rc, reader *r, arc_list *a, gs_graph *g, unsigned long long nv, const char *path)
{
    if (!rc && (rc = csr_from_arcs(g, (unsigned int)nv, a)))
        oom(r->err, r->n, "the graph");
    if (!rc)
        name_from_path(g, path);
    arcs_free(a);
    rd_close(r);
    if (rc)
        gs_graph_free(g);
    return rc;
}

/* ---- DIMACS .gr -------------------------------------------------------- */

typedef struct gr_state {
    unsigned long p_line; /* the 'p' line, 0 before it */
    unsigned long long nv, na;
    arc_list a;
} gr_state;

/* The sizes a header declares, before anything is allocated for them: no
 * more arcs than the file's length holds (`shortest` bytes a line at
 * least), and a graph that fits half the host's memory (the programs' own
 * arrays need as much again).  `entries`: the lines the file must hold. */
static int rd_sizes(reader *r, const char *line, const char *what, unsigned long long nv, unsigned long long entries,
                    unsigned long long arcs, unsigned int shortest)
{
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    const unsigned long long need = 4ull * (nv + 1u) + 20ull * arcs;
    const unsigned long long host = pages > 0 && page > 0 ? (unsigned long long)pages * (unsigned long long)page : 0;
    if (entries > r->bytes / shortest)
        return rd_fail(r, "the %s promises %llu %s, more than a file of %llu bytes holds (%u bytes a line at least)",
                       line, entries, what, r->bytes, shortest);
    if (host && need > host / 2u)
        return rd_fail(r, "the %s declares %llu vertices and %llu arcs: %.1f GiB of host memory, more than half of "
                          "this machine's %.1f GiB", line, nv, arcs, need / 1073741824.0, host / 1073741824.0);
    return 0;
}

/* "p sp N M" */
static int gr_problem(reader *r, gr_state *st)
{
    char *s, b[48];
    int rc;
    if (st->p_line)
        return rd_fail(r, "a second 'p' line (the first is line %lu)", st->p_line);
    if (!(s = tok(r)))
        return rd_fail(r, "missing the problem type: the line must be 'p sp VERTICES ARCS'");
    if (strcmp(s, "sp"))
        return rd_fail(r, "problem type '%s' is not 'sp' (shortest paths)", quote(s, b));
    if ((rc = field_count(r, "vertex count", &st->nv)) || (rc = field_count(r, "arc count", &st->na)) ||
        (rc = line_end(r, "'p sp VERTICES ARCS'")))
        return rc;
    if (!st->nv)
        return rd_fail(r, "the graph has no vertices");
    if ((rc = rd_sizes(r, "'p' line", "arcs", st->nv, st->na, st->na, 8u))) /* "a 1 2 3\n" */
        return rc;
    st->p_line = r->no;
    return 0;
}

/* "a U V W" */
static int gr_arc(reader *r, gr_state *st, gs_graph *g)
{
    unsigned int u, v, w;
    int rc;
    if (!st->p_line)
        return rd_fail(r, "an arc before the 'p sp VERTICES ARCS' line");
    if (st->a.m == st->na)
        return rd_fail(r, "more arcs than the %llu of the 'p' line (line %lu)", st->na, st->p_line);
    if ((rc = field_vertex(r, "tail vertex", st->nv, &u)) || (rc = field_vertex(r, "head vertex", st->nv, &v)) ||
        (rc = field_weight(r, 0, g, &w)) || (rc = line_end(r, "'a TAIL HEAD WEIGHT'")))
        return rc;
    return arcs_push(&st->a, u, v, w, st->na) ? oom(r->err, r->n, "the arcs") : 0;
}

/* One line of a .gr file. */
static int gr_line(reader *r, gr_state *st, gs_graph *g)
{
    char *s = tok(r), b[48];
    if (!s || !strcmp(s, "c"))
        return 0;
    if (!strcmp(s, "p"))
        return gr_problem(r, st);
    if (!strcmp(s, "a"))
        return gr_arc(r, st, g);
    return rd_fail(r, "unknown line type '%s': a .gr line is 'c' (comment), 'p' (problem) or 'a' (arc)", quote(s, b));
}

/* After the last line: the 'p' line was there and its arcs all came. */
static int gr_end(reader *r, const gr_state *st)
{
    if (!r->no) {
        snprintf(r->err, r->n, "%s: the file is empty", r->shown);
        return 2;
    }
    if (!st->p_line)
        return rd_fail(r, "the file ends after %lu lines without a 'p sp VERTICES ARCS' line", r->no);
    if (st->a.m < st->na)
        return rd_fail(r, "the file ends after %lu lines with %zu arcs; its 'p' line (line %lu) promises %llu", r->no,
                       st->a.m, st->p_line, st->na);
    return 0;
}

int gs_graph_read_gr(const char *path, gs_graph *g, char *err, size_t n)
{
    reader r;
    gr_state st;
    int rc, got;
    memset(g, 0, sizeof *g);
    memset(&st, 0, sizeof st);
    if ((rc = rd_open(&r, path, err, n)))
        return rc;
    while (!rc && (got = rd_next(&r)) != 0)
        rc = got < 0 ? -got : gr_line(&r, &st, g);
    if (!rc)
        rc = gr_end(&r, &st);
    return read_finish(rc, &r, &st.a, g, st.nv, path);
}

/* ---- Matrix Market .mtx ------------------------------------------------ */

typedef struct mtx_state {
    int pattern, real, symmetric;
    unsigned long size_line; /* 0 before it */
    unsigned long long nv, nnz, entries;
    arc_list a;
} mtx_state;

/* The field and symmetry words of the header. */
static int mtx_kind(reader *r, mtx_state *st, const char *field, const char *sym)
{
    char b[48];
    if (!strcasecmp(field, "complex"))
        return rd_fail(r, "complex values are not supported: the field must be real, integer or pattern");
    if (!strcasecmp(field, "pattern"))
        st->pattern = 1;
    else if (!strcasecmp(field, "real"))
        st->real = 1;
    else if (strcasecmp(field, "integer"))
        return rd_fail(r, "field '%s' is not real, integer or pattern", quote(field, b));
    if (!strcasecmp(sym, "hermitian") || !strcasecmp(sym, "skew-symmetric"))
        return rd_fail(r, "%s matrices are not supported: the symmetry must be general or symmetric", quote(sym, b));
    if (!strcasecmp(sym, "symmetric"))
        st->symmetric = 1;
    else if (strcasecmp(sym, "general"))
        return rd_fail(r, "symmetry '%s' is not general or symmetric", quote(sym, b));
    return 0;
}

/* "%%MatrixMarket matrix coordinate FIELD SYMMETRY", words in any case. */
static int mtx_header(reader *r, mtx_state *st)
{
    char *w[5], b[48];
    int k = 0, rc;
    while (k < 5 && (w[k] = tok(r)) != NULL)
        ++k;
    if (!k || strcasecmp(w[0], "%%MatrixMarket"))
        return rd_fail(r, "not a Matrix Market file: the first line must be "
                          "'%%%%MatrixMarket matrix coordinate FIELD SYMMETRY'");
    if (k < 5)
        return rd_fail(r, "the header is short: it must be '%%%%MatrixMarket matrix coordinate FIELD SYMMETRY'");
    if (strcasecmp(w[1], "matrix"))
        return rd_fail(r, "object '%s' is not supported: only 'matrix'", quote(w[1], b));
    if (!strcasecmp(w[2], "array"))
        return rd_fail(r, "array (dense) format is not supported: a graph must be in 'coordinate' format");
    if (strcasecmp(w[2], "coordinate"))
        return rd_fail(r, "format '%s' is not 'coordinate'", quote(w[2], b));
    if ((rc = mtx_kind(r, st, w[3], w[4])))
        return rc;
    return line_end(r, "the header");
}

/* "ROWS COLUMNS ENTRIES" */
static int mtx_size(reader *r, mtx_state *st)
{
    unsigned long long cols;
    int rc;
    if ((rc = field_count(r, "row count", &st->nv)) || (rc = field_count(r, "column count", &cols)) ||
        (rc = field_count(r, "entry count", &st->nnz)) || (rc = line_end(r, "'ROWS COLUMNS ENTRIES'")))
        return rc;
    if (st->nv != cols)
        return rd_fail(r, "the matrix is %llu x %llu: a graph needs a square matrix", st->nv, cols);
    if (!st->nv)
        return rd_fail(r, "the matrix has no rows");
    if ((rc = rd_sizes(r, "size line", "entries", st->nv, st->nnz, st->symmetric ? 2u * st->nnz : st->nnz, 4u))) /* "1 2\n" */
        return rc;
    st->size_line = r->no;
    return 0;
}

/* "I J [VALUE]": the arc I -> J, and J -> I too when symmetric. */
static int mtx_entry(reader *r, mtx_state *st, gs_graph *g)
{
    unsigned long long limit = st->symmetric ? 2 * st->nnz : st->nnz;
    unsigned int i, j, w = 1;
    int rc;
    if (st->entries == st->nnz)
        return rd_fail(r, "more entries than the %llu of the size line (line %lu)", st->nnz, st->size_line);
    if ((rc = field_vertex(r, "row", st->nv, &i)) || (rc = field_vertex(r, "column", st->nv, &j)) ||
        (!st->pattern && (rc = field_weight(r, st->real, g, &w))) ||
        (rc = line_end(r, st->pattern ? "'ROW COLUMN' (a pattern matrix has no values)" : "'ROW COLUMN VALUE'")))
        return rc;
    ++st->entries;
    if (limit > MAX_COUNT)
        limit = MAX_COUNT;
    if (st->a.m + (st->symmetric && i != j) >= limit)
        return rd_fail(r, "more than %llu arcs", MAX_COUNT);
    if (arcs_push(&st->a, i, j, w, limit) || (st->symmetric && i != j && arcs_push(&st->a, j, i, w, limit)))
        return oom(r->err, r->n, "the arcs");
    return 0;
}

/* One line after the header. */
static int mtx_line(reader *r, mtx_state *st, gs_graph *g)
{
    while (is_blank(*r->p))
        ++r->p;
    if (!*r->p || *r->p == '%')
        return 0;
    return st->size_line ? mtx_entry(r, st, g) : mtx_size(r, st);
}

static int mtx_end(reader *r, const mtx_state *st)
{
    if (!st->size_line)
        return rd_fail(r, "the file ends after %lu lines without the 'ROWS COLUMNS ENTRIES' line", r->no);
    if (st->entries < st->nnz)
        return rd_fail(r, "the file ends after %lu lines with %llu entries; its size line (line %lu) promises %llu",
                       r->no, st->entries, st->size_line, st->nnz);
    return 0;
}

int gs_graph_read_mtx(const char *path, gs_graph *g, char *err, size_t n)
{
    reader r;
    mtx_state st;
    int rc, got;
    memset(g, 0, sizeof *g);
    memset(&st, 0, sizeof st);
    if ((rc = rd_open(&r, path, err, n)))
        return rc;
    if ((got = rd_next(&r)) == 0) {
        snprintf(err, n, "%s: the file is empty", r.shown);
        rc = 2;
    } else {
        rc = got < 0 ? -got : mtx_header(&r, &st);
    }
    while (!rc && (got = rd_next(&r)) != 0)
        rc = got < 0 ? -got : mtx_line(&r, &st, g);
    if (!rc)
        rc = mtx_end(&r, &st);
    return read_finish(rc, &r, &st.a, g, st.nv, path);
}

void gs_graph_free(gs_graph *g)
{
    free(g->row);
    free(g->col);
    free(g->w);
    memset(g, 0, sizeof *g);
}

int gs_graph_transpose(const gs_graph *g, gs_graph *t)
{
    unsigned int u, sum = 0;
    memset(t, 0, sizeof *t);
    t->row = calloc((size_t)g->n + 1, sizeof *t->row);
    t->col = alloc_words(g->m);
    t->w = alloc_words(g->m);
    if (!t->row || !t->col || !t->w) {
        gs_graph_free(t);
        return 1;
    }
    t->n = g->n;
    t->m = g->m;
    t->neg_line = g->neg_line;
    t->neg_weight = g->neg_weight;
    memcpy(t->name, g->name, sizeof t->name);
    for (unsigned int k = 0; k < g->m; ++k)
        ++t->row[g->col[k]];
    for (u = 0; u < g->n; ++u) { /* row[u] = the start of u's in-arcs */
        unsigned int d = t->row[u];
        t->row[u] = sum;
        sum += d;
    }
    for (u = 0; u < g->n; ++u)
        for (unsigned int k = g->row[u]; k < g->row[u + 1]; ++k) {
            unsigned int p = t->row[g->col[k]]++;
            t->col[p] = u;
            t->w[p] = g->w[k];
        }
    rows_back(t->row, t->n);
    t->row[t->n] = t->m;
    return 0;
}
