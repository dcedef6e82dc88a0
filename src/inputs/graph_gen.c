/* graph_gen.c: a road-like grid (a random spanning tree of a near-square
 * grid plus random extra grid edges, weights from jittered coordinates) and
 * RMAT with Graph500's probabilities, both functions of their seed alone,
 * with counter-based random numbers so that no pass depends on another's
 * order. */
#include "inputs/graph_util.h"

/* ---- the road-like grid ------------------------------------------------ */

/* A grid of `cols` columns holding vertices 0 .. nodes - 1 row by row (the
 * last row may be short).  Edge id 2v is v's edge to its right, 2v + 1 the
 * one below it. */
static int has_right(unsigned int v, unsigned int nodes, unsigned int cols)
{
    return v % cols != cols - 1 && v + 1 < nodes;
}

static int has_down(unsigned int v, unsigned int nodes, unsigned int cols)
{
    return (unsigned long long)v + cols < nodes;
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
