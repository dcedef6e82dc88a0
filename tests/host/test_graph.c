/* The graphs of the app family: the .gr and .mtx readers (rows, and the
 * file:line of every kind of malformed entry), the road and RMAT generators
 * (connected, sized, symmetric, deterministic), the cache, and the host
 * references on graphs small enough to solve by hand. */
#include "../check.h"
#include "inputs/graph.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];
static char err[512];

/* dir/name holding text; returns the path (a static buffer per call slot). */
static const char *put(const char *name, const char *text)
{
    static char path[8][128];
    static int slot;
    char *p = path[slot++ % 8];
    FILE *f;
    snprintf(p, 128, "%s/%s", dir, name);
    f = fopen(p, "w");
    fputs(text, f);
    fclose(f);
    return p;
}

typedef int (*reader_fn)(const char *, gs_graph *, char *, size_t);

/* The reader refuses text with 2 and a message holding every one of want1, want2. */
static int refuses(reader_fn read, const char *name, const char *text, const char *want1, const char *want2)
{
    gs_graph g;
    int rc = read(put(name, text), &g, err, sizeof err);
    int ok = rc == 2 && strstr(err, want1) && (!want2 || strstr(err, want2)) && !g.row && !strchr(err, '\n');
    if (!ok)
        fprintf(stderr, "  %s: rc %d, err '%s'\n", name, rc, err);
    return ok;
}

static int same_graph(const gs_graph *a, const gs_graph *b)
{
    return a->n == b->n && a->m == b->m && !memcmp(a->row, b->row, ((size_t)a->n + 1) * 4) &&
           !memcmp(a->col, b->col, (size_t)a->m * 4) && !memcmp(a->w, b->w, (size_t)a->m * 4);
}

/* Every arc u -> v has v -> u with the same weight (rows sorted: binary search). */
static int symmetric_sorted(const gs_graph *g)
{
    for (unsigned int u = 0; u < g->n; ++u)
        for (unsigned int k = g->row[u]; k < g->row[u + 1]; ++k) {
            unsigned int v = g->col[k], lo = g->row[v], hi = g->row[v + 1];
            while (lo < hi) {
                unsigned int mid = lo + (hi - lo) / 2;
                if (g->col[mid] < u)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            if (lo == g->row[v + 1] || g->col[lo] != u || g->w[lo] != g->w[k])
                return 0;
        }
    return 1;
}

/* Rows strictly increasing (no duplicate arcs), no self loops, weights in lo..hi. */
static int simple_rows(const gs_graph *g, unsigned int lo, unsigned int hi)
{
    for (unsigned int u = 0; u < g->n; ++u)
        for (unsigned int k = g->row[u]; k < g->row[u + 1]; ++k)
            if (g->col[k] == u || (k > g->row[u] && g->col[k] <= g->col[k - 1]) || g->w[k] < lo || g->w[k] > hi)
                return 0;
    return 1;
}

static int all_reached(const gs_graph *g)
{
    unsigned int *level = malloc((size_t)g->n * 4), v;
    gs_ref_bfs(g, 0, level);
    for (v = 0; v < g->n && level[v] != GS_UNREACHED; ++v)
        ;
    free(level);
    return v == g->n;
}

/* Dijkstra's answer equals the one of repeated relaxation (Bellman-Ford), from vertex src. */
static int sssp_agrees(const gs_graph *g, unsigned int src)
{
    unsigned int *want = malloc((size_t)g->n * 4), *got = malloc((size_t)g->n * 4);
    int changed = 1, same;
    for (unsigned int v = 0; v < g->n; ++v)
        want[v] = v == src ? 0 : GS_UNREACHED;
    while (changed) {
        changed = 0;
        for (unsigned int u = 0; u < g->n; ++u)
            for (unsigned int k = g->row[u]; want[u] != GS_UNREACHED && k < g->row[u + 1]; ++k)
                if (want[u] + g->w[k] < want[g->col[k]]) {
                    want[g->col[k]] = want[u] + g->w[k];
                    changed = 1;
                }
    }
    same = gs_ref_sssp(g, src, got) == 0 && !memcmp(want, got, (size_t)g->n * 4);
    free(want);
    free(got);
    return same;
}

static void test_gr(void)
{
    gs_graph g, t;
    const unsigned int row[] = {0, 3, 4, 5, 5}, col[] = {1, 2, 1, 3, 0}, w[] = {7, 5, 9, 0, 2};
    const unsigned int trow[] = {0, 1, 3, 4, 5}, tcol[] = {2, 0, 0, 0, 1}, tw[] = {2, 7, 9, 5, 0};
    const char *ok = "c a small graph\n\np sp 4 5\na 1 2 7\na 3 1 2\r\na 1 3 5\nc between arcs\na 2 4 -3\n"
                     "  a\t1 2 9   \n";
    CHECK(gs_graph_read_gr(put("ok.gr", ok), &g, err, sizeof err) == 0);
    CHECK(g.n == 4 && g.m == 5 && !strcmp(g.name, "ok.gr"));
    CHECK(!memcmp(g.row, row, sizeof row) && !memcmp(g.col, col, sizeof col) && !memcmp(g.w, w, sizeof w));
    CHECK(g.neg_line == 8 && g.neg_weight == -3);
    CHECK(gs_graph_transpose(&g, &t) == 0);
    CHECK(t.n == 4 && t.m == 5 && !memcmp(t.row, trow, sizeof trow) && !memcmp(t.col, tcol, sizeof tcol) &&
          !memcmp(t.w, tw, sizeof tw));
    gs_graph_free(&t);
    gs_graph_free(&g);
    CHECK(g.row == NULL && g.n == 0);
    CHECK(gs_graph_read_gr(put("neg.gr", "p sp 2 3\na 1 2 5\na 1 2 -4\na 2 1 -7\n"), &g, err, sizeof err) == 0);
    CHECK(g.neg_line == 3 && g.neg_weight == -4 && g.w[0] == 5 && g.w[1] == 0 && g.w[2] == 0);
    gs_graph_free(&g);

    CHECK(refuses(gs_graph_read_gr, "range.gr", "p sp 3 1\na 1 4 1\n",
                  "range.gr:2:", "head vertex 4 is out of range 1..3"));
    CHECK(refuses(gs_graph_read_gr, "zero.gr", "p sp 3 1\na 0 1 1\n", "zero.gr:2:", "out of range"));
    CHECK(refuses(gs_graph_read_gr, "missing.gr", "c\np sp 3 1\na 1 2\n", "missing.gr:3:", "missing the weight"));
    CHECK(refuses(gs_graph_read_gr, "nan.gr", "p sp 3 1\na 1 x 2\n", "nan.gr:2:", "'x' is not a whole number"));
    CHECK(refuses(gs_graph_read_gr, "wnan.gr", "p sp 3 1\na 1 2 2.5\n", "wnan.gr:2:", "not an integer"));
    CHECK(refuses(gs_graph_read_gr, "big.gr", "p sp 3 1\na 1 2 4294967296\n", "big.gr:2:", "out of range"));
    CHECK(refuses(gs_graph_read_gr, "extra.gr", "p sp 3 1\na 1 2 3 4\n", "extra.gr:2:", "extra text '4'"));
    CHECK(refuses(gs_graph_read_gr, "more.gr", "p sp 3 1\na 1 2 3\na 2 3 1\n", "more.gr:3:", "more arcs"));
    CHECK(refuses(gs_graph_read_gr, "fewer.gr", "p sp 3 3\na 1 2 3\n\nc the end, long enough for 3 arcs\n", "fewer.gr:4:",
                  "after 4 lines"));
    /* sizes refused before anything is allocated: more arcs than the file holds, more than half the host's memory */
    CHECK(refuses(gs_graph_read_gr, "long.gr", "p sp 5 4000000000\na 1 2 3\n", "long.gr:1:",
                  "promises 4000000000 arcs, more than a file of 26 bytes holds"));
    if ((double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGE_SIZE) < 32.0 * 1073741824.0)
        CHECK(refuses(gs_graph_read_gr, "wide.gr", "p sp 4294967295 1\na 1 2 3\n", "wide.gr:1:",
                      "GiB of host memory, more than half of this machine's"));
    CHECK(refuses(gs_graph_read_gr, "twop.gr", "p sp 3 0\np sp 3 0\n", "twop.gr:2:", "the first is line 1"));
    CHECK(refuses(gs_graph_read_gr, "type.gr", "p sp 3 0\nx 1 2\n", "type.gr:2:", "unknown line type 'x'"));
    CHECK(refuses(gs_graph_read_gr, "early.gr", "c\na 1 2 3\np sp 3 1\n", "early.gr:2:", "before the 'p"));
    CHECK(refuses(gs_graph_read_gr, "nop.gr", "c only\n", "nop.gr:1:", "without a 'p sp"));
    CHECK(refuses(gs_graph_read_gr, "max.gr", "p max 3 1\n", "max.gr:1:", "'max' is not 'sp'"));
    CHECK(refuses(gs_graph_read_gr, "huge.gr", "p sp 4294967296 1\n", "huge.gr:1:", "more than 4294967295"));
    CHECK(refuses(gs_graph_read_gr, "ctl.gr", "p sp 3 1\na 1 \x01 1\n", "ctl.gr:2:", "'\\x01'"));
    CHECK(refuses(gs_graph_read_gr, "empty.gr", "", "empty.gr: the file is empty", NULL));
    char none[128];
    snprintf(none, sizeof none, "%s/none.gr", dir);
    CHECK(gs_graph_read_gr(none, &g, err, sizeof err) == 2 && strstr(err, "none.gr: cannot open: No such file"));
    CHECK(gs_graph_read_gr(dir, &g, err, sizeof err) == 2 && strstr(err, "Is a directory"));
}

static void test_mtx(void)
{
    gs_graph g;
    const unsigned int row[] = {0, 1, 3, 4}, col[] = {2, 0, 2, 1}, w[] = {3, 0, 7, 1};
    const unsigned int srow[] = {0, 1, 2, 3}, scol[] = {1, 0, 2}, sw[] = {1, 1, 1};
    const char *general = "%%MatrixMarket matrix coordinate real general\n% comment\n\n3 3 4\n"
                          "1 3 2.5\n2 1 -1.4\n2 3 7\n3 2 0.6\n";
    CHECK(gs_graph_read_mtx(put("real.mtx", general), &g, err, sizeof err) == 0);
    CHECK(g.n == 3 && g.m == 4 && !memcmp(g.row, row, sizeof row) && !memcmp(g.col, col, sizeof col) &&
          !memcmp(g.w, w, sizeof w));
    CHECK(g.neg_line == 6 && g.neg_weight == -1);
    gs_graph_free(&g);
    CHECK(gs_graph_read_mtx(put("sym.mtx", "%%matrixmarket MATRIX Coordinate Pattern Symmetric\n3 3 2\n2 1\n3 3\n"), &g,
                            err, sizeof err) == 0);
    CHECK(g.n == 3 && g.m == 3 && !memcmp(g.row, srow, sizeof srow) && !memcmp(g.col, scol, sizeof scol) &&
          !memcmp(g.w, sw, sizeof sw) && !g.neg_line);
    gs_graph_free(&g);
    CHECK(gs_graph_read_mtx(put("int.mtx", "%%MatrixMarket matrix coordinate integer symmetric\n2 2 1\n2 1 -5\n"), &g,
                            err, sizeof err) == 0);
    CHECK(g.m == 2 && g.w[0] == 0 && g.w[1] == 0 && g.neg_line == 3 && g.neg_weight == -5);
    gs_graph_free(&g);

    const char *h = "%%MatrixMarket matrix coordinate integer general\n";
    char text[256];
#define MTX(body) (snprintf(text, sizeof text, "%s%s", h, body), text)
    CHECK(refuses(gs_graph_read_mtx, "long.mtx", "%%MatrixMarket matrix coordinate pattern general\n5 5 1000000\n1 2\n",
                  "long.mtx:2:", "promises 1000000 entries, more than a file of"));
    CHECK(refuses(gs_graph_read_mtx, "array.mtx", "%%MatrixMarket matrix array real general\n2 2\n",
                  "array.mtx:1:", "array"));
    CHECK(refuses(gs_graph_read_mtx, "cplx.mtx", "%%MatrixMarket matrix coordinate complex general\n",
                  "cplx.mtx:1:", "complex"));
    CHECK(refuses(gs_graph_read_mtx, "herm.mtx", "%%MatrixMarket matrix coordinate real hermitian\n",
                  "herm.mtx:1:", "hermitian"));
    CHECK(refuses(gs_graph_read_mtx, "skew.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n",
                  "skew.mtx:1:", "skew-symmetric"));
    CHECK(refuses(gs_graph_read_mtx, "nohead.mtx", "3 3 1\n1 2 1\n", "nohead.mtx:1:", "not a Matrix Market file"));
    CHECK(refuses(gs_graph_read_mtx, "short.mtx", "%%MatrixMarket matrix coordinate\n", "short.mtx:1:", "short"));
    CHECK(refuses(gs_graph_read_mtx, "rect.mtx", MTX("% c\n3 4 1\n"), "rect.mtx:3:", "3 x 4"));
    CHECK(refuses(gs_graph_read_mtx, "range.mtx", MTX("3 3 1\n1 4 1\n"),
                  "range.mtx:3:", "column 4 is out of range 1..3"));
    CHECK(refuses(gs_graph_read_mtx, "noval.mtx", MTX("3 3 1\n1 2\n"), "noval.mtx:3:", "missing the weight"));
    CHECK(refuses(gs_graph_read_mtx, "extra.mtx", MTX("3 3 1\n1 2 3 4\n"), "extra.mtx:3:", "extra text '4'"));
    CHECK(refuses(gs_graph_read_mtx, "pat.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2 5\n",
                  "pat.mtx:3:", "extra text '5'"));
    CHECK(refuses(gs_graph_read_mtx, "realnan.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 abc\n",
                  "realnan.mtx:3:", "'abc' is not a number"));
    CHECK(refuses(gs_graph_read_mtx, "more.mtx", MTX("3 3 1\n1 2 3\n2 3 1\n"), "more.mtx:4:", "more entries"));
    CHECK(refuses(gs_graph_read_mtx, "fewer.mtx", MTX("3 3 2\n1 2 3\n%\n"), "fewer.mtx:4:", "after 4 lines"));
    CHECK(refuses(gs_graph_read_mtx, "nosize.mtx", MTX("%\n"), "nosize.mtx:2:", "without the 'ROWS"));
    CHECK(refuses(gs_graph_read_mtx, "badsize.mtx", MTX("3 3\n"), "badsize.mtx:2:", "missing the entry count"));
    CHECK(refuses(gs_graph_read_mtx, "empty.mtx", "", "empty.mtx: the file is empty", NULL));
#undef MTX
}

static void test_road(void)
{
    gs_graph a, b, c;
    CHECK(gs_graph_road(2000, 5560, 7, &a, err, sizeof err) == 0);
    CHECK(gs_graph_road(2000, 5560, 7, &b, err, sizeof err) == 0);
    CHECK(gs_graph_road(2000, 5560, 8, &c, err, sizeof err) == 0);
    CHECK(a.n == 2000 && a.m >= 5504 && a.m <= 5616);
    CHECK(same_graph(&a, &b) && !same_graph(&a, &c));
    CHECK(all_reached(&a) && all_reached(&c));
    CHECK(symmetric_sorted(&a) && simple_rows(&a, 1, 1000));
    CHECK(sssp_agrees(&a, 0) && sssp_agrees(&a, 1234));
    gs_graph_free(&a);
    gs_graph_free(&b);
    gs_graph_free(&c);
    /* a tree exactly, and every grid edge */
    CHECK(gs_graph_road(1001, 2000, 1, &a, err, sizeof err) == 0 && a.m == 2000 && all_reached(&a));
    gs_graph_free(&a);
    CHECK(gs_graph_road(9, 24, 1, &a, err, sizeof err) == 0 && a.m == 24 && all_reached(&a));
    gs_graph_free(&a);
    CHECK(gs_graph_road(9, 26, 1, &a, err, sizeof err) == 2 && strstr(err, "16 to 24 arcs"));
    CHECK(gs_graph_road(1, 0, 1, &a, err, sizeof err) == 2);
}

static void test_rmat(void)
{
    gs_graph a, b;
    CHECK(gs_graph_rmat(12, 16, 3, &a, err, sizeof err) == 0);
    CHECK(gs_graph_rmat(12, 16, 3, &b, err, sizeof err) == 0);
    CHECK(a.n == 4096 && a.m > 4096 * 16 && a.m < 4096 * 32);
    CHECK(same_graph(&a, &b));
    CHECK(simple_rows(&a, 1, 255) && symmetric_sorted(&a));
    CHECK(sssp_agrees(&a, 0) && sssp_agrees(&a, 4000));
    CHECK(a.row[1] - a.row[0] > 10 * (a.m / a.n)); /* vertex 0 is the hub of quadrant a */
    gs_graph_free(&a);
    gs_graph_free(&b);
    /* past scale 16 the arcs are gathered in several blocks: one edge a vertex keeps it fast */
    CHECK(gs_graph_rmat(17, 1, 3, &a, err, sizeof err) == 0 && gs_graph_rmat(17, 1, 3, &b, err, sizeof err) == 0);
    CHECK(a.n == 131072 && a.m > 131072 && a.m <= 2 * 131072 && same_graph(&a, &b));
    CHECK(simple_rows(&a, 1, 255) && symmetric_sorted(&a));
    gs_graph_free(&a);
    gs_graph_free(&b);
    CHECK(gs_graph_rmat(0, 16, 1, &a, err, sizeof err) == 2 && strstr(err, "1..26"));
    CHECK(gs_graph_rmat(27, 16, 1, &a, err, sizeof err) == 2 && strstr(err, "1..26"));
}

/* The one cache file in cache, or "" */
static void cache_file(const char *cache, char *path, size_t n)
{
    DIR *d = opendir(cache);
    struct dirent *e;
    path[0] = 0;
    while (d && (e = readdir(d)) != NULL)
        if (e->d_name[0] != '.')
            snprintf(path, n, "%s/%s", cache, e->d_name);
    if (d)
        closedir(d);
}

static void test_load(void)
{
    gs_graph fresh, a, b;
    char cache[128], file[512];
    struct stat st;
    snprintf(cache, sizeof cache, "%s/cache/graphs", dir);
    CHECK(gs_graph_load("road:3000", NULL, &fresh, err, sizeof err) == 0);
    CHECK(!strcmp(fresh.name, "road:3000") && fresh.n == 3000 && fresh.m >= 8257 && fresh.m <= 8423);
    CHECK(gs_graph_load("road:3000", cache, &a, err, sizeof err) == 0 && same_graph(&fresh, &a));
    cache_file(cache, file, sizeof file);
    CHECK(file[0] && stat(file, &st) == 0 && st.st_size > 8 * 3000);
    CHECK(gs_graph_load("road:3000", cache, &b, err, sizeof err) == 0 && same_graph(&fresh, &b) &&
          !strcmp(b.name, "road:3000"));
    gs_graph_free(&a);
    gs_graph_free(&b);
    CHECK(truncate(file, st.st_size / 2) == 0);
    CHECK(gs_graph_load("road:3000", cache, &a, err, sizeof err) == 0 && same_graph(&fresh, &a));
    gs_graph_free(&a);
    {
        /* a weight near the end, inverted: the rows stay well formed, only the checksum sees it */
        const long at = (long)st.st_size - 8 - 4 * 10;
        FILE *f = fopen(file, "r+b");
        int c = f && fseek(f, at, SEEK_SET) == 0 ? fgetc(f) : EOF;
        CHECK(c != EOF && fseek(f, at, SEEK_SET) == 0 && fputc(c ^ 0xff, f) != EOF);
        if (f)
            fclose(f);
    }
    CHECK(gs_graph_load("road:3000", cache, &a, err, sizeof err) == 0 && same_graph(&fresh, &a));
    CHECK(stat(file, &st) == 0 && st.st_size > 8 * 3000);
    gs_graph_free(&a);
    gs_graph_free(&fresh);
    unlink(file);

    CHECK(gs_graph_load("rmat:10", cache, &a, err, sizeof err) == 0 && a.n == 1024 && !strcmp(a.name, "rmat:10"));
    CHECK(gs_graph_load("rmat:10", cache, &b, err, sizeof err) == 0 && same_graph(&a, &b));
    gs_graph_free(&a);
    gs_graph_free(&b);
    CHECK(gs_graph_load(put("x.gr", "p sp 2 1\na 1 2 3\n"), NULL, &a, err, sizeof err) == 0 && a.m == 1 &&
          !strcmp(a.name, "x.gr"));
    gs_graph_free(&a);
    CHECK(gs_graph_load("road:4", NULL, &a, err, sizeof err) == 0 && a.n == 4 && a.m == 8);
    gs_graph_free(&a);

    const char *bad[] = {"road:3", "road:100000001", "road:paris", "rmat:0", "rmat:27",
                         "rmat:x", "graph.txt",      "",           "road:",  "nope\x1b[31m"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i)
        CHECK(gs_graph_load(bad[i], NULL, &a, err, sizeof err) == 2 && !a.row && !strchr(err, '\x1b'));
    CHECK(gs_graph_load("nope\x1b[31m", NULL, &a, err, sizeof err) == 2 && strstr(err, "nope\\x1b[31m") &&
          strstr(err, "rmat:SCALE"));
    CHECK(gs_graph_load("road:3", NULL, &a, err, sizeof err) == 2 && strstr(err, "from 4 to 100000000"));
}

/* 0 -> 1 (4), 0 -> 3 (1), 3 -> 1 (2), 1 -> 2 (1), 3 -> 2 (5), 4 -> 0 (1): 4 is unreachable from 0. */
static void test_bfs_sssp(void)
{
    unsigned int row[] = {0, 2, 3, 3, 5, 6}, col[] = {1, 3, 2, 1, 2, 0}, w[] = {4, 1, 1, 2, 5, 1};
    gs_graph g = {5, 6, row, col, w, 0, 0, "hand"};
    unsigned int level[5], dist[5];
    const unsigned int want_level[] = {0, 1, 2, 1, GS_UNREACHED}, want_dist[] = {0, 3, 4, 1, GS_UNREACHED};
    gs_ref_bfs(&g, 0, level);
    CHECK(!memcmp(level, want_level, sizeof level));
    CHECK(gs_ref_sssp(&g, 0, dist) == 0 && !memcmp(dist, want_dist, sizeof dist));
    CHECK(gs_ref_sssp(&g, 4, dist) == 0 && dist[4] == 0 && dist[0] == 1 && dist[1] == 4 && dist[2] == 5);
    gs_ref_bfs(&g, 9, level);
    CHECK(level[0] == GS_UNREACHED);
    /* 0 -> 1 -> 2, 2^31 each: vertex 2 lies 2^32 away, past 32 bits */
    unsigned int row2[] = {0, 1, 2, 2}, col2[] = {1, 2}, w2[] = {0x80000000u, 0x80000000u};
    gs_graph far = {3, 2, row2, col2, w2, 0, 0, "far"};
    CHECK(gs_ref_sssp(&far, 0, dist) == 1);
    w2[1] = 0x7ffffffeu; /* 2^32 - 2: the largest that fits */
    CHECK(gs_ref_sssp(&far, 0, dist) == 0 && dist[2] == 0xfffffffeu);
}

/* 0 <-> 1, 0 -> 2; 2 is dangling.  By hand, d = 0.85: r1 = r2 = (0.05 + d/2) / (1 + 2d/3), r0 = 1 - 2 r1. */
static void test_pagerank(void)
{
    unsigned int row[] = {0, 2, 3, 3}, col[] = {1, 2, 0}, w[] = {1, 1, 1};
    gs_graph g = {3, 3, row, col, w, 0, 0, "pr"}, in, road;
    double rank[3], r1 = (0.05 + 0.425) / (1.0 + 1.7 / 3.0);
    unsigned int it;
    CHECK(gs_graph_transpose(&g, &in) == 0);
    it = gs_ref_pagerank(&g, &in, 0.85, 1e-13, 1000, rank);
    CHECK(it > 5 && it < 1000);
    CHECK(fabs(rank[1] - r1) < 1e-10 && fabs(rank[2] - r1) < 1e-10 && fabs(rank[0] - (1 - 2 * r1)) < 1e-10);
    CHECK(fabs(rank[0] + rank[1] + rank[2] - 1.0) < 1e-12);
    CHECK(gs_ref_pagerank(&g, &in, 0.85, 1e-13, 1, rank) == 1);
    CHECK(fabs(rank[2] - (0.05 + 0.85 * (1.0 / 6 + 1.0 / 9))) < 1e-15); /* one step from 1/3 each */
    gs_graph_free(&in);

    CHECK(gs_graph_road(500, 1390, 2, &road, err, sizeof err) == 0 && gs_graph_transpose(&road, &in) == 0);
    double *r = malloc(500 * sizeof *r), sum = 0;
    CHECK(gs_ref_pagerank(&road, &in, 0.85, 1e-10, 1000, r) < 1000);
    for (int v = 0; v < 500; ++v)
        sum += r[v];
    CHECK(fabs(sum - 1.0) < 1e-9);
    free(r);
    gs_graph_free(&in);
    gs_graph_free(&road);
}

/* Removes the test's folder and everything in it (two levels). */
static void clean(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    char sub[512];
    struct stat st;
    while (d && (e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        if (stat(sub, &st) == 0 && S_ISDIR(st.st_mode))
            clean(sub);
        else
            unlink(sub);
    }
    if (d)
        closedir(d);
    rmdir(path);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/gsync-graph-XXXXXX");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    test_gr();
    test_mtx();
    test_road();
    test_rmat();
    test_load();
    test_bfs_sssp();
    test_pagerank();
    clean(dir);
    return check_done();
}
