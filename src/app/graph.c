/* graph.c: the graphs of the app family on the host (graph.h).
 *
 * Readers: DIMACS shortest-path files (.gr) and Matrix Market coordinate
 * files (.mtx), one line at a time; a malformed entry stops the read with
 * "FILE:LINE: what is wrong".  Arcs are gathered in file order and put in
 * compressed sparse rows by a counting sort on the tail, so that the arcs
 * of one vertex keep their order in the file.
 *
 * Generators: a road-like grid (a random spanning tree of a near-square
 * grid plus random extra grid edges, weights from jittered coordinates) and
 * RMAT with Graph500's probabilities, both functions of their seed alone,
 * with counter-based random numbers so that no pass depends on another's
 * order.  gs_graph_load caches what it generated in a binary file with a
 * checksum; a cache that does not check out is rebuilt. */
#include "app/graph.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_COUNT     4294967295ull         /* vertices and arcs fit in unsigned int */
#define GRAPH_SEED    0x6773796e63ull       /* the seed of every generated graph gs_graph_load makes */
#define CACHE_MAGIC   0x3148505247534721ull /* "!GSGRPH1" */
#define CACHE_VERSION 1ull                  /* bump when a generator's output changes */
#define ROAD_SPEC_MAX 100000000u

/* ---- small helpers ---------------------------------------------------- */

/* Copies len bytes of s into out as printable ASCII, any other byte as
 * \xNN, cut short with "..." when out is too small. */
static const char *esc(const char *s, size_t len, char *out, size_t n)
{
    size_t i, k = 0;
    for (i = 0; i < len && k + 8 < n; ++i) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f)
            out[k++] = (char)c;
        else
            k += (size_t)snprintf(out + k, n - k, "\\x%02x", c);
    }
    if (i < len)
        k += (size_t)snprintf(out + k, n - k, "...");
    out[k] = 0;
    return out;
}

/* A token echoed in a message: escaped and at most about 40 characters. */
static const char *quote(const char *s, char buf[48])
{
    return esc(s, strlen(s), buf, 48);
}

/* The finalizer of splitmix64: a bijection that mixes every bit. */
static unsigned long long mix64(unsigned long long x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* splitmix64: the next number of the stream whose state is *s. */
static unsigned long long next64(unsigned long long *s)
{
    *s += 0x9e3779b97f4a7c15ull;
    return mix64(*s);
}

/* A random number that depends on (seed, a, b) alone. */
static unsigned long long hash3(unsigned long long seed, unsigned long long a, unsigned long long b)
{
    return mix64(mix64(seed ^ (a * 0x9e3779b97f4a7c15ull)) ^ (b + 0x632be59bd9b4e019ull));
}

/* malloc for arrays that may be empty: never asks for 0 bytes. */
static unsigned int *alloc_words(size_t count)
{
    return malloc((count ? count : 1) * sizeof(unsigned int));
}

static int oom(char *err, size_t n, const char *what)
{
    snprintf(err, n, "out of host memory for %s", what);
    return 1;
}

/* 0: s is decimal digits and *v their value; 1: not a number; 2: too large. */
static int to_u64(const char *s, unsigned long long *v)
{
    unsigned long long x = 0;
    if (!*s)
        return 1;
    for (; *s; ++s) {
        unsigned int d = (unsigned int)(*s - '0');
        if (d > 9)
            return 1;
        if (x > (ULLONG_MAX - d) / 10)
            return 2;
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

/* to_u64 with an optional minus sign; |value| <= LLONG_MAX. */
static int to_i64(const char *s, long long *v)
{
    unsigned long long x;
    int neg = *s == '-', rc = to_u64(s + neg, &x);
    if (rc)
        return rc;
    if (x > (unsigned long long)LLONG_MAX)
        return 2;
    *v = neg ? -(long long)x : (long long)x;
    return 0;
}

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

/* row[u] is the end of u's arcs after a fill that advanced it: make it the start again. */
static void rows_back(unsigned int *row, unsigned int nv)
{
    for (unsigned int u = nv; u > 0; --u)
        row[u] = row[u - 1];
    row[0] = 0;
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

/* ---- the road-like grid ------------------------------------------------ */

/* A grid of `cols` columns holding vertices 0 .. nodes - 1 row by row (the
 * last row may be short).  Edge id 2v is v's edge to its right, 2v + 1 the
 * one below it. */
static unsigned int grid_cols(unsigned int nodes)
{
    unsigned int c = (unsigned int)sqrt((double)nodes);
    while ((unsigned long long)c * c < nodes)
        ++c;
    return c;
}

static int has_right(unsigned int v, unsigned int nodes, unsigned int cols)
{
    return v % cols != cols - 1 && v + 1 < nodes;
}

static int has_down(unsigned int v, unsigned int nodes, unsigned int cols)
{
    return (unsigned long long)v + cols < nodes;
}

static unsigned long long grid_edges(unsigned int nodes, unsigned int cols)
{
    unsigned long long e = 0;
    for (unsigned int v = 0; v < nodes; v += cols) /* each row of the grid */
        e += (nodes - v < cols ? nodes - v : cols) - 1;
    return e + (nodes > cols ? nodes - cols : 0);
}

/* Where vertex v lies on the plane: its grid point moved at random by up to 0.45. */
static double coord(unsigned long long seed, unsigned int v, unsigned int axis, unsigned int cols)
{
    double base = axis ? (double)(v / cols) : (double)(v % cols);
    return base + 0.9 * ((double)(hash3(seed, v, axis) >> 11) * 0x1p-53 - 0.5);
}

/* The length of a road: 400 a grid step, from the moved points (a < b, so both directions agree). */
static unsigned int road_weight(unsigned long long seed, unsigned int a, unsigned int b, unsigned int cols)
{
    double dx = coord(seed, b, 0, cols) - coord(seed, a, 0, cols);
    double dy = coord(seed, b, 1, cols) - coord(seed, a, 1, cols);
    long w = lround(400.0 * sqrt(dx * dx + dy * dy));
    return w < 1 ? 1u : (unsigned int)w;
}

static unsigned int uf_find(unsigned int *parent, unsigned int v)
{
    while (parent[v] != v) {
        parent[v] = parent[parent[v]]; /* path halving */
        v = parent[v];
    }
    return v;
}

/* The grid's edges in a random order (Fisher-Yates). */
static unsigned int *road_shuffled_edges(unsigned int nodes, unsigned int cols, unsigned long long edges,
                                         unsigned long long seed)
{
    unsigned int *ids = alloc_words((size_t)edges), k = 0;
    unsigned long long s = mix64(seed ^ 0x726f6164ull);
    if (!ids)
        return NULL;
    for (unsigned int v = 0; v < nodes; ++v) {
        if (has_right(v, nodes, cols))
            ids[k++] = 2 * v;
        if (has_down(v, nodes, cols))
            ids[k++] = 2 * v + 1;
    }
    for (unsigned int i = k; i > 1; --i) {
        unsigned int j = (unsigned int)(((next64(&s) >> 32) * i) >> 32), t = ids[i - 1];
        ids[i - 1] = ids[j];
        ids[j] = t;
    }
    return ids;
}

/* Marks the kept edges in keep[v] (1: right, 2: down): in shuffled order,
 * every edge that joins two components (a random spanning tree, so the
 * graph is connected) and the first `extra` of the others. */
static int road_keep(unsigned int nodes, unsigned int cols, unsigned long long edges, unsigned long long extra,
                     unsigned long long seed, unsigned char *keep)
{
    unsigned int *ids = road_shuffled_edges(nodes, cols, edges, seed);
    unsigned int *parent = alloc_words(nodes);
    if (!ids || !parent) {
        free(ids);
        free(parent);
        return 1;
    }
    for (unsigned int v = 0; v < nodes; ++v)
        parent[v] = v;
    for (unsigned long long k = 0; k < edges; ++k) {
        unsigned int v = ids[k] / 2, down = ids[k] % 2;
        unsigned int a = uf_find(parent, v), b = uf_find(parent, down ? v + cols : v + 1);
        if (a != b)
            parent[a] = b;
        else if (extra)
            --extra;
        else
            continue;
        keep[v] |= (unsigned char)(1u << down);
    }
    free(ids);
    free(parent);
    return 0;
}

/* Appends the arc v -> u to g's arcs at *pos. */
static void road_arc(gs_graph *g, unsigned int *pos, unsigned int v, unsigned int u, unsigned long long seed,
                     unsigned int cols)
{
    g->col[*pos] = u;
    g->w[(*pos)++] = u < v ? road_weight(seed, u, v, cols) : road_weight(seed, v, u, cols);
}

/* The rows from the kept edges; each row is in increasing order (up, left, right, down). */
static void road_rows(gs_graph *g, unsigned int cols, const unsigned char *keep, unsigned long long seed)
{
    unsigned int pos = 0;
    for (unsigned int v = 0; v < g->n; ++v) {
        g->row[v] = pos;
        if (v >= cols && keep[v - cols] & 2)
            road_arc(g, &pos, v, v - cols, seed, cols);
        if (v % cols && keep[v - 1] & 1)
            road_arc(g, &pos, v, v - 1, seed, cols);
        if (keep[v] & 1)
            road_arc(g, &pos, v, v + 1, seed, cols);
        if (keep[v] & 2)
            road_arc(g, &pos, v, v + cols, seed, cols);
    }
    g->row[g->n] = pos;
}

int gs_graph_road(unsigned int nodes, unsigned int arcs, unsigned long long seed, gs_graph *g, char *err, size_t n)
{
    unsigned int cols;
    unsigned long long edges, keep_edges;
    unsigned char *keep;
    memset(g, 0, sizeof *g);
    if (nodes < 2 || nodes > 0x7fffffffu) {
        snprintf(err, n, "road: %u vertices: a road graph has 2 to 2147483647", nodes);
        return 2;
    }
    cols = grid_cols(nodes);
    edges = grid_edges(nodes, cols);
    if (arcs < 2ull * (nodes - 1) || arcs > 2 * edges) {
        snprintf(err, n, "road: %u vertices (a grid %u wide) take %llu to %llu arcs, not %u", nodes, cols,
                 2ull * (nodes - 1), 2 * edges, arcs);
        return 2;
    }
    keep_edges = arcs / 2; /* an odd count loses one arc */
    if (!(keep = calloc(nodes, 1)))
        return oom(err, n, "the road graph");
    if (road_keep(nodes, cols, edges, keep_edges - (nodes - 1), seed, keep)) {
        free(keep);
        return oom(err, n, "the road graph");
    }
    g->n = nodes;
    g->m = (unsigned int)(2 * keep_edges);
    g->row = alloc_words((size_t)nodes + 1);
    g->col = alloc_words(g->m);
    g->w = alloc_words(g->m);
    if (g->row && g->col && g->w)
        road_rows(g, cols, keep, seed);
    free(keep);
    if (!g->row || !g->col || !g->w) {
        gs_graph_free(g);
        return oom(err, n, "the road graph");
    }
    snprintf(g->name, sizeof g->name, "road:%u", nodes);
    return 0;
}

/* ---- RMAT ---------------------------------------------------------------- */

/* Graph500's a, a + b, a + b + c in 16-bit fixed point. */
#define RMAT_A   37356u /* 0.57 */
#define RMAT_AB  49807u /* 0.76 */
#define RMAT_ABC 62259u /* 0.95 */

/* Edge i of the RMAT stream: one quadrant a level, 16 random bits each. */
static void rmat_edge(unsigned long long seed, unsigned long long i, unsigned int scale, unsigned int *u,
                      unsigned int *v)
{
    unsigned long long s = hash3(seed, i, 0x726d6174ull), r = 0;
    unsigned int x = 0, y = 0;
    for (unsigned int l = 0; l < scale; ++l) {
        unsigned int q;
        if (l % 4 == 0)
            r = next64(&s);
        q = (unsigned int)(r & 0xffff);
        r >>= 16;
        x = x << 1 | (q >= RMAT_AB);                                  /* c or d: the lower half */
        y = y << 1 | (q >= RMAT_A && (q < RMAT_AB || q >= RMAT_ABC)); /* b or d: the right half */
    }
    *u = x;
    *v = y;
}

/* Sorts a[0 .. len) of values below 2^bits: insertion sort when short, else
 * least-significant-digit radix sort with 8-bit digits through tmp. */
static void sort_words(unsigned int *a, size_t len, unsigned int *tmp, unsigned int bits)
{
    unsigned int *src = a, *dst = tmp, *t;
    if (len <= 32) {
        for (size_t i = 1; i < len; ++i) {
            unsigned int x = a[i];
            size_t j = i;
            for (; j > 0 && a[j - 1] > x; --j)
                a[j] = a[j - 1];
            a[j] = x;
        }
        return;
    }
    for (unsigned int shift = 0; shift < bits; shift += 8) {
        size_t count[256] = {0}, sum = 0;
        for (size_t i = 0; i < len; ++i)
            ++count[src[i] >> shift & 255];
        for (unsigned int d = 0; d < 256; ++d) {
            size_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < len; ++i)
            dst[count[src[i] >> shift & 255]++] = src[i];
        t = src, src = dst, dst = t;
    }
    if (src != a)
        memcpy(a, src, len * sizeof *a);
}

/* The arcs are gathered by blocks of consecutive tails, each arc packed in
 * one word as (tail - the block's first vertex, head), so that a block's
 * arcs sort in cache and scattering them touches one cursor a block rather
 * than one a vertex.  A block has 2^low vertices, low + scale <= 32. */
typedef struct rmat_blocks {
    unsigned int scale, low;
    size_t count;        /* blocks */
    unsigned int *start; /* count + 1 offsets into g->col */
    unsigned int *line;  /* RMAT_LINE arcs a block, on their way to g->col */
    unsigned char *fill; /* how many arcs each block has in its line */
} rmat_blocks;

#define RMAT_LINE 16 /* arcs a block gathers before they go to memory: one cache line */

/* Places the packed arc in block k's part of g->col through the block's
 * line buffer, so that memory is written a whole line at a time (with
 * thousands of blocks, one arc at a time would miss the TLB each time). */
static void rmat_put(gs_graph *g, rmat_blocks *b, size_t k, unsigned int arc)
{
    unsigned int *line = b->line + k * RMAT_LINE;
    line[b->fill[k]++] = arc;
    if (b->fill[k] == RMAT_LINE) {
        memcpy(g->col + b->start[k], line, sizeof *line * RMAT_LINE);
        b->start[k] += RMAT_LINE;
        b->fill[k] = 0;
    }
}

/* Counts the arcs of each block; a block is the first scale - low levels
 * of the recursion, so that is all this pass generates. */
static unsigned int rmat_count(rmat_blocks *b, unsigned long long edges, unsigned long long seed)
{
    unsigned int u, v, sum = 0;
    for (unsigned long long i = 0; i < edges; ++i) {
        rmat_edge(seed, i, b->scale - b->low, &u, &v);
        ++b->start[u];
        ++b->start[v];
    }
    for (size_t k = 0; k < b->count; ++k) { /* start[k] = where block k's arcs begin */
        unsigned int c = b->start[k];
        b->start[k] = sum;
        sum += c;
    }
    return sum;
}

/* Both arcs of every edge, packed, in their blocks: one pass over the edge
 * stream to count, one to place. */
static int rmat_scatter(gs_graph *g, rmat_blocks *b, unsigned long long edges, unsigned long long seed)
{
    const unsigned int lo = (1u << b->low) - 1;
    unsigned int u, v;
    b->start = calloc(b->count + 1, sizeof *b->start);
    b->line = malloc(b->count * RMAT_LINE * sizeof *b->line);
    b->fill = calloc(b->count, 1);
    if (!b->start || !b->line || !b->fill || !(g->col = alloc_words(rmat_count(b, edges, seed))))
        return 1;
    for (unsigned long long i = 0; i < edges; ++i) {
        rmat_edge(seed, i, b->scale, &u, &v);
        rmat_put(g, b, u >> b->low, (u & lo) << b->scale | v);
        rmat_put(g, b, v >> b->low, (v & lo) << b->scale | u);
    }
    for (size_t k = 0; k < b->count; ++k) { /* the part-filled lines */
        memcpy(g->col + b->start[k], b->line + k * RMAT_LINE, sizeof *b->line * b->fill[k]);
        b->start[k] += b->fill[k];
    }
    for (size_t k = b->count; k > 0; --k)
        b->start[k] = b->start[k - 1];
    b->start[0] = 0;
    return 0;
}

/* Sorts every block, drops self loops and repeated arcs and unpacks the
 * heads, moving the arcs down to close the gaps; the rows are counted on
 * the way. */
static int rmat_rows(gs_graph *g, const rmat_blocks *b)
{
    unsigned int most = 0, out = 0, *tmp;
    const unsigned int head = (1u << b->scale) - 1;
    for (size_t k = 0; k < b->count; ++k)
        if (b->start[k + 1] - b->start[k] > most)
            most = b->start[k + 1] - b->start[k];
    if (!(tmp = alloc_words(most)) || !(g->row = calloc((size_t)g->n + 1, sizeof *g->row))) {
        free(tmp);
        return 1;
    }
    for (size_t k = 0; k < b->count; ++k) {
        unsigned int *a = g->col + b->start[k], len = b->start[k + 1] - b->start[k];
        unsigned int first = (unsigned int)(k << b->low), kept = 0;
        sort_words(a, len, tmp, b->low + b->scale);
        for (unsigned int j = 0; j < len; ++j) {
            unsigned int arc = a[j], tail = first + (a[j] >> b->scale); /* read before a write reaches it */
            if ((j > 0 && arc == kept) || tail == (arc & head))
                continue;
            kept = arc;
            ++g->row[tail + 1];
            g->col[out++] = arc & head;
        }
    }
    for (unsigned int u = 0; u < g->n; ++u)
        g->row[u + 1] += g->row[u];
    g->m = out;
    free(tmp);
    return 0;
}

/* Weights 1..255, a function of the unordered pair, so that both arcs agree. */
static int rmat_weights(gs_graph *g, unsigned long long seed)
{
    unsigned int *shrunk = realloc(g->col, (g->m ? g->m : 1) * sizeof *g->col);
    if (shrunk)
        g->col = shrunk;
    if (!(g->w = alloc_words(g->m)))
        return 1;
    for (unsigned int u = 0; u < g->n; ++u)
        for (unsigned int k = g->row[u]; k < g->row[u + 1]; ++k) {
            unsigned int v = g->col[k], lo = u < v ? u : v, hi = u < v ? v : u;
            g->w[k] = 1u + (unsigned int)(hash3(seed ^ 0x77656967687473ull, lo, hi) % 255u);
        }
    return 0;
}

int gs_graph_rmat(unsigned int scale, unsigned int edge_factor, unsigned long long seed, gs_graph *g, char *err,
                  size_t n)
{
    unsigned long long edges;
    rmat_blocks blocks = {0, 0, 0, NULL, NULL, NULL};
    int rc;
    memset(g, 0, sizeof *g);
    if (scale < 1 || scale > 26) {
        snprintf(err, n, "rmat: scale %u is out of range 1..26", scale);
        return 2;
    }
    edges = (unsigned long long)edge_factor << scale;
    if (!edge_factor || 2 * edges > MAX_COUNT) {
        snprintf(err, n, "rmat: %u edges a vertex at scale %u: the arcs must number 1 to %llu", edge_factor, scale,
                 MAX_COUNT);
        return 2;
    }
    g->n = 1u << scale;
    blocks.scale = scale;
    blocks.low = scale > 16 ? 32 - scale : scale;
    blocks.count = (size_t)1 << (scale - blocks.low);
    rc = rmat_scatter(g, &blocks, edges, seed) || rmat_rows(g, &blocks) || rmat_weights(g, seed);
    free(blocks.start);
    free(blocks.line);
    free(blocks.fill);
    if (rc) {
        gs_graph_free(g);
        return oom(err, n, "the RMAT graph");
    }
    snprintf(g->name, sizeof g->name, "rmat:%u", scale);
    return 0;
}

/* ---- the cache of generated graphs ---------------------------------------- */

typedef struct gen_spec {
    int rmat;          /* 0: road grid, 1: RMAT */
    unsigned int a, b; /* road: vertices, arcs; RMAT: scale, edges a vertex */
    char name[32];     /* "road:ny", "rmat:20" */
    char file[32];     /* the cache file's stem: "road-ny", "rmat-20" */
} gen_spec;

/* What a cache file must have been made for. */
static unsigned long long spec_key(const gen_spec *s)
{
    return hash3(GRAPH_SEED ^ CACHE_VERSION, (unsigned long long)s->rmat << 32 | s->a, s->b);
}

/* FNV-1a over 32-bit words. */
static unsigned long long sum_words(unsigned long long h, const unsigned int *a, size_t k)
{
    for (size_t i = 0; i < k; ++i)
        h = (h ^ a[i]) * 0x100000001b3ull;
    return h;
}

static unsigned long long graph_sum(const unsigned long long hdr[5], const gs_graph *g)
{
    unsigned long long h = 0xcbf29ce484222325ull;
    for (int i = 0; i < 5; ++i)
        h = (h ^ hdr[i]) * 0x100000001b3ull;
    h = sum_words(h, g->row, (size_t)g->n + 1);
    h = sum_words(h, g->col, g->m);
    return sum_words(h, g->w, g->m);
}

/* The rows are well formed: what the GPU is given cannot index out of bounds. */
static int csr_valid(const gs_graph *g)
{
    if (g->row[0] || g->row[g->n] != g->m)
        return 0;
    for (unsigned int u = 0; u < g->n; ++u)
        if (g->row[u + 1] < g->row[u])
            return 0;
    for (unsigned int k = 0; k < g->m; ++k)
        if (g->col[k] >= g->n)
            return 0;
    return 1;
}

static int read_words(FILE *f, unsigned int *a, size_t k)
{
    return !k || fread(a, sizeof *a, k, f) == k;
}

static int write_words(FILE *f, const unsigned int *a, size_t k)
{
    return !k || fwrite(a, sizeof *a, k, f) == k;
}

/* The arrays of a cache file whose header said n and m; 1 when all is well. */
static int cache_body(FILE *f, const unsigned long long hdr[5], gs_graph *g)
{
    unsigned long long sum;
    g->n = (unsigned int)hdr[3];
    g->m = (unsigned int)hdr[4];
    g->row = alloc_words((size_t)g->n + 1);
    g->col = alloc_words(g->m);
    g->w = alloc_words(g->m);
    return g->row && g->col && g->w && read_words(f, g->row, (size_t)g->n + 1) && read_words(f, g->col, g->m) &&
           read_words(f, g->w, g->m) && fread(&sum, sizeof sum, 1, f) == 1 && sum == graph_sum(hdr, g) && csr_valid(g);
}

/* The graph from the cache file at path: 0, or 1 (missing, short, corrupt) with g empty. */
static int cache_read(const char *path, const gen_spec *s, gs_graph *g)
{
    unsigned long long hdr[5];
    struct stat st;
    FILE *f = fopen(path, "rb");
    int ok;
    if (!f)
        return 1;
    ok = fstat(fileno(f), &st) == 0 && fread(hdr, sizeof hdr, 1, f) == 1 && hdr[0] == CACHE_MAGIC &&
         hdr[1] == CACHE_VERSION && hdr[2] == spec_key(s) && hdr[3] <= MAX_COUNT && hdr[4] <= MAX_COUNT &&
         (unsigned long long)st.st_size == sizeof hdr + 4 * (hdr[3] + 1 + 2 * hdr[4]) + 8 && cache_body(f, hdr, g);
    fclose(f);
    if (!ok)
        gs_graph_free(g);
    return !ok;
}

/* mkdir -p: every missing folder of dir. */
static void make_dirs(const char *dir)
{
    char buf[4096];
    size_t len = strlen(dir);
    if (len >= sizeof buf)
        return;
    memcpy(buf, dir, len + 1);
    for (char *p = buf + 1; *p; ++p)
        if (*p == '/') {
            *p = 0;
            mkdir(buf, 0777);
            *p = '/';
        }
    mkdir(buf, 0777);
}

/* Writes g to path through a temporary file and a rename, so that a reader
 * never sees half a file.  A cache that cannot be written is only slower. */
static void cache_write(const char *dir, const char *path, const gen_spec *s, const gs_graph *g)
{
    unsigned long long hdr[5] = {CACHE_MAGIC, CACHE_VERSION, spec_key(s), g->n, g->m}, sum = graph_sum(hdr, g);
    char tmp[4200];
    FILE *f;
    int ok;
    make_dirs(dir);
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    if (!(f = fopen(tmp, "wb")))
        return;
    ok = fwrite(hdr, sizeof hdr, 1, f) == 1 && write_words(f, g->row, (size_t)g->n + 1) &&
         write_words(f, g->col, g->m) && write_words(f, g->w, g->m) && fwrite(&sum, sizeof sum, 1, f) == 1;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path))
        unlink(tmp);
}

static int generate(const gen_spec *s, gs_graph *g, char *err, size_t n)
{
    return s->rmat ? gs_graph_rmat(s->a, s->b, GRAPH_SEED, g, err, n)
                   : gs_graph_road(s->a, s->b, GRAPH_SEED, g, err, n);
}

/* From the cache when it holds this graph, else generated (and cached). */
static int load_generated(const gen_spec *s, const char *cache_dir, gs_graph *g, char *err, size_t n)
{
    char path[4096];
    int cached = cache_dir && cache_dir[0] &&
                 (size_t)snprintf(path, sizeof path, "%s/%s-s%llx-v%llu.gsg", cache_dir, s->file, GRAPH_SEED,
                                  CACHE_VERSION) < sizeof path;
    int rc;
    if (cached && !cache_read(path, s, g))
        rc = 0;
    else if (!(rc = generate(s, g, err, n)) && cached)
        cache_write(cache_dir, path, s, g);
    if (!rc)
        snprintf(g->name, sizeof g->name, "%s", s->name);
    return rc;
}

/* ---- the spec -------------------------------------------------------------- */

static const struct {
    const char *name;
    unsigned int nodes, arcs;
} road_sizes[] = {
    {"ny", 264346u, 733846u}, {"fla", 1070376u, 2712798u}, {"w", 6262104u, 15248146u}, {"usa", 23947347u, 58333344u}};

static const char accepted[] = "road:ny, road:fla, road:w, road:usa, road:N (N from 4 to 100000000), "
                               "rmat:SCALE (1 to 26) or a file ending in .gr or .mtx";

static int ends_with(const char *s, const char *tail)
{
    size_t a = strlen(s), b = strlen(tail);
    return a > b && !strcasecmp(s + a - b, tail);
}

/* road:N: about N vertices, 2.78 arcs a vertex (fewer where a tiny grid cannot hold them). */
static int spec_road(const char *arg, gen_spec *s, char *err, size_t n)
{
    unsigned long long v;
    char b[48];
    for (size_t i = 0; i < sizeof road_sizes / sizeof road_sizes[0]; ++i)
        if (!strcmp(arg, road_sizes[i].name)) {
            s->a = road_sizes[i].nodes;
            s->b = road_sizes[i].arcs;
            snprintf(s->file, sizeof s->file, "road-%s", arg);
            return 0;
        }
    if (to_u64(arg, &v) || v < 4 || v > ROAD_SPEC_MAX) {
        snprintf(err, n, "road:%s is not a graph: road: takes ny, fla, w, usa or a vertex count from 4 to %u",
                 quote(arg, b), ROAD_SPEC_MAX);
        return 2;
    }
    s->a = (unsigned int)v;
    s->b = (unsigned int)((v * 278 + 50) / 100);
    if (s->b > 2 * grid_edges(s->a, grid_cols(s->a)))
        s->b = (unsigned int)(2 * grid_edges(s->a, grid_cols(s->a)));
    snprintf(s->file, sizeof s->file, "road-%u", s->a);
    return 0;
}

static int spec_rmat(const char *arg, gen_spec *s, char *err, size_t n)
{
    unsigned long long v;
    char b[48];
    if (to_u64(arg, &v) || v < 1 || v > 26) {
        snprintf(err, n, "rmat:%s is not a graph: rmat: takes a scale from 1 to 26", quote(arg, b));
        return 2;
    }
    s->rmat = 1;
    s->a = (unsigned int)v;
    s->b = 16;
    snprintf(s->file, sizeof s->file, "rmat-%u", s->a);
    return 0;
}

int gs_graph_load(const char *spec, const char *cache_dir, gs_graph *g, char *err, size_t n)
{
    gen_spec s;
    char b[48];
    int rc;
    memset(g, 0, sizeof *g);
    memset(&s, 0, sizeof s);
    if (!spec)
        spec = "";
    if (ends_with(spec, ".gr"))
        return gs_graph_read_gr(spec, g, err, n);
    if (ends_with(spec, ".mtx"))
        return gs_graph_read_mtx(spec, g, err, n);
    if (!strncmp(spec, "road:", 5))
        rc = spec_road(spec + 5, &s, err, n);
    else if (!strncmp(spec, "rmat:", 5))
        rc = spec_rmat(spec + 5, &s, err, n);
    else {
        snprintf(err, n, "'%s' is not a graph: use %s", quote(spec, b), accepted);
        return 2;
    }
    if (rc)
        return rc;
    snprintf(s.name, sizeof s.name, "%s:%s", s.rmat ? "rmat" : "road", strchr(s.file, '-') + 1);
    return load_generated(&s, cache_dir, g, err, n);
}

int gs_graph_spec_check(const char *spec, char *err, size_t n)
{
    gen_spec s;
    char b[48];
    memset(&s, 0, sizeof s);
    if (ends_with(spec, ".gr") || ends_with(spec, ".mtx")) { /* readable; its lines are checked when it is read */
        FILE *f = fopen(spec, "r");
        struct stat st;
        char shown[256];
        esc(spec, strlen(spec), shown, sizeof shown);
        if (!f) {
            snprintf(err, n, "%s: cannot open: %s", shown, strerror(errno));
            return 2;
        }
        const int dir = fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode);
        fclose(f);
        if (dir) {
            snprintf(err, n, "%s: cannot read: Is a directory", shown);
            return 2;
        }
        return 0;
    }
    if (!strncmp(spec, "road:", 5))
        return spec_road(spec + 5, &s, err, n);
    if (!strncmp(spec, "rmat:", 5))
        return spec_rmat(spec + 5, &s, err, n);
    snprintf(err, n, "'%s' is not a graph: use %s", quote(spec, b), accepted);
    return 2;
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

void gs_graph_cache_dir(char *out, size_t n)
{
    ssize_t len = n > 16 ? readlink("/proc/self/exe", out, n - 16) : -1;
    char *slash;
    if (len <= 0) {
        out[0] = 0;
        return;
    }
    out[len] = 0;
    if ((slash = strrchr(out, '/')) != NULL)
        strcpy(slash + 1, "graphs");
    else
        out[0] = 0;
}
