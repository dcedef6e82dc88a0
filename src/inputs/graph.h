/* graph.h: the graphs of the app family (BFS, SSSP, PageRank): compressed
 * sparse rows on the host, read from DIMACS shortest-path (.gr) or Matrix
 * Market (.mtx) files by parsers that name the line of a malformed entry,
 * or generated deterministically (road-like grids, RMAT) and cached
 * (src/inputs/graph_read.c, graph_gen.c, graph_cache.c). */
#ifndef GSYNC_APP_GRAPH_H
#define GSYNC_APP_GRAPH_H

#include <stddef.h>

typedef struct gs_graph {
    unsigned int n;          /* vertices, 0 .. n - 1 */
    unsigned int m;          /* arcs (directed); an undirected edge is two arcs */
    unsigned int *row;       /* n + 1 offsets: the arcs of u are row[u] .. row[u + 1] - 1 */
    unsigned int *col;       /* m heads */
    unsigned int *w;         /* m weights; 1 where the input has none; a negative weight is stored as 0 */
    unsigned long neg_line;  /* the input line of the first negative weight, 0 when none */
    long long neg_weight;    /* that weight (after rounding) */
    char name[96];           /* what reports call it: "road:ny", "rmat:18", the file's base name */
} gs_graph;

/* Loads SPEC: road:ny | road:fla | road:w | road:usa (road-like grids sized
 * like the DIMACS USA road graphs of those names), road:N (about N
 * vertices), rmat:SCALE (2^SCALE vertices, 16 edges a vertex, Graph500's
 * a=0.57 b=0.19 c=0.19, symmetric, no self loops or duplicates), or a path
 * ending in .gr or .mtx.  Generated graphs are cached under cache_dir (NULL:
 * not cached) and rebuilt when the cache is missing or unreadable.
 * Returns 0, or 2 (bad SPEC, malformed or unreadable file, with the file
 * and line) or 1 (out of memory) with one line in err. */
int gs_graph_load(const char *spec, const char *cache_dir, gs_graph *g, char *err, size_t n);
/* SPEC checked before any device: a file read whole (every line checked,
 * then freed), a generator's spec well formed (nothing generated); its
 * vertex count in *vertices (may be NULL).  0, or 2 (or 1: out of memory)
 * with err set as gs_graph_load sets it. */
int gs_graph_spec_check(const char *spec, unsigned int *vertices, char *err, size_t n);
void gs_graph_free(gs_graph *g);
/* Where generated graphs are cached: `graphs` beside the running binary
 * ("" when unknown). */
void gs_graph_cache_dir(char *out, size_t n);

/* The parts, for the tests. */
int gs_graph_read_gr(const char *path, gs_graph *g, char *err, size_t n);
int gs_graph_read_mtx(const char *path, gs_graph *g, char *err, size_t n);
int gs_graph_road(unsigned int nodes, unsigned int arcs, unsigned long long seed, gs_graph *g, char *err, size_t n);
int gs_graph_rmat(unsigned int scale, unsigned int edge_factor, unsigned long long seed, gs_graph *g, char *err,
                  size_t n);
/* t = the transpose of g (the in-arcs of every vertex, weights kept).
 * Returns 0, or 1 (out of memory). */
int gs_graph_transpose(const gs_graph *g, gs_graph *t);

/* Host references (reference.c).  Unreachable vertices get GS_UNREACHED. */
#define GS_UNREACHED 0xffffffffu
void gs_ref_bfs(const gs_graph *g, unsigned int src, unsigned int *level);
/* Dijkstra with a binary heap.  Returns 0, or 1 when a distance does not fit
 * below GS_UNREACHED (32 bits) or memory ran out. */
int gs_ref_sssp(const gs_graph *g, unsigned int src, unsigned int *dist);
/* Pull-based power iteration in double precision: rank(v) = (1 - d) / n +
 * d * (sum over in-arcs (u, v) of rank(u) / outdeg(u) + dangling / n), where
 * dangling is the rank held by vertices with no out-arcs, from rank = 1/n
 * until the L1 change of an iteration is below tol or `max_iters`.  `in` is
 * the transpose of g.  Returns the iterations run (0 when memory ran out). */
unsigned int gs_ref_pagerank(const gs_graph *g, const gs_graph *in, double d, double tol, unsigned int max_iters,
                             double *rank);

#endif
