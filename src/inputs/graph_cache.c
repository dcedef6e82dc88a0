/* graph_cache.c: gs_graph_load, from a file or a generator's spec;
 * what it generated is cached in a binary file with a checksum, and a cache
 * that does not check out is rebuilt. */
#include "inputs/graph_util.h"

#include <errno.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define GRAPH_SEED    0x6773796e63ull       /* the seed of every generated graph gs_graph_load makes */
#define CACHE_MAGIC   0x3148505247534721ull /* "!GSGRPH1" */
#define CACHE_VERSION 1ull                  /* bump when a generator's output changes */
#define ROAD_SPEC_MAX 100000000u

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

/* A generator's SPEC (road:..., rmat:...) into s; 0, or 2 with err set. */
static int spec_generated(const char *spec, gen_spec *s, char *err, size_t n)
{
    char b[48];
    if (!strncmp(spec, "road:", 5))
        return spec_road(spec + 5, s, err, n);
    if (!strncmp(spec, "rmat:", 5))
        return spec_rmat(spec + 5, s, err, n);
    snprintf(err, n, "'%s' is not a graph: use %s", quote(spec, b), accepted);
    return 2;
}

int gs_graph_load(const char *spec, const char *cache_dir, gs_graph *g, char *err, size_t n)
{
    gen_spec s;
    int rc;
    memset(g, 0, sizeof *g);
    memset(&s, 0, sizeof s);
    if (!spec)
        spec = "";
    if (ends_with(spec, ".gr"))
        return gs_graph_read_gr(spec, g, err, n);
    if (ends_with(spec, ".mtx"))
        return gs_graph_read_mtx(spec, g, err, n);
    if ((rc = spec_generated(spec, &s, err, n)))
        return rc;
    snprintf(s.name, sizeof s.name, "%s:%s", s.rmat ? "rmat" : "road", strchr(s.file, '-') + 1);
    return load_generated(&s, cache_dir, g, err, n);
}

int gs_graph_spec_check(const char *spec, unsigned int *vertices, char *err, size_t n)
{
    gen_spec s;
    int rc;
    memset(&s, 0, sizeof s);
    if (vertices)
        *vertices = 0;
    if (ends_with(spec, ".gr") || ends_with(spec, ".mtx")) { /* read whole: every line checked now */
        gs_graph g;
        if ((rc = gs_graph_load(spec, NULL, &g, err, n)))
            return rc;
        if (vertices)
            *vertices = g.n;
        gs_graph_free(&g);
        return 0;
    }
    rc = spec_generated(spec, &s, err, n);
    if (!rc && vertices)
        *vertices = s.rmat ? 1u << s.a : s.a;
    return rc;
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
