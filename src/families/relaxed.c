/* relaxed.c: the relaxed-atomics family: HeteroSync's relaxed-atomics
 * patterns (Flags, HG, HG-2K, HG-NO, RefCounter, Seqlocks, SplitCounter),
 * each in three orderings (a primitive per ordering: ...SC, ...AcqRel,
 * ...Relaxed; relaxed_kernels.cu), and a histogram competition at 256, 2K,
 * 64K and 1M bins: plain global atomics, CUB called each way that may be
 * its fastest, gsync's (hist_kernels.cu).
 * Options --order, --samples, --dist, --input; the default grids (Table II
 * of HeteroSync's paper, then the whole GPU); the host's golden models.
 * arg[0]: benchmark | ordering << 8; arg[1]: bins (histograms). */
#include "families/relaxed.h"

#include "core/cli.h"
#include "core/cuda_check.h"

#include "gsync/barrier/counter.h"
#include "gsync/host.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define K(bench, order) gs_kernels_relaxed_##bench##_##order
#define KS(bench) extern const gs_kernels K(bench, sc), K(bench, acqrel), K(bench, relaxed), K(bench, broken)
KS(flags);
KS(hg);
KS(hgno);
KS(rc);
KS(sl);
KS(split);
extern const gs_kernels gs_kernels_relaxed_sl_nofence;
extern const gs_kernels gs_kernels_relaxed_hist_atomic, gs_kernels_relaxed_hist_cub, gs_kernels_relaxed_hist_gsync;
extern const gs_family gs_family_relaxed;

#define PAT "HeteroSync pattern"
#define ORDERED(name, summary, bench, kern, bins, flags, head)                                                  \
    {name "SC", PAT, summary ", fence.sc around each", &gs_family_relaxed, &K(kern, sc), GS_LAUNCH_PLAIN,        \
     (flags) | (head), \
     {GS_RX_##bench | (GS_RX_SC << 8), bins}},                                                                 \
        {name "AcqRel", PAT, summary ", acquire/release", &gs_family_relaxed, &K(kern, acqrel), GS_LAUNCH_PLAIN,  \
         flags, {GS_RX_##bench | (GS_RX_ACQREL << 8), bins}},                                                  \
        {name "Relaxed", PAT, summary ", relaxed", &gs_family_relaxed, &K(kern, relaxed), GS_LAUNCH_PLAIN,       \
         (flags) | (head), {GS_RX_##bench | (GS_RX_RELAXED << 8), bins}}
#define BROKEN(name, summary, bench, kern, bins, flags)                                                         \
    {name "Broken", "test twin", summary, &gs_family_relaxed, &K(kern, broken), GS_LAUNCH_PLAIN,                  \
     (flags) | GS_PRIM_UNORDERED, {GS_RX_##bench | (GS_RX_BROKEN << 8), bins}}
#define HIST(name, origin, summary, bench, kern, bins, flags)                                                    \
    {name, origin, summary, &gs_family_relaxed, &gs_kernels_relaxed_hist_##kern, GS_LAUNCH_PLAIN, flags,         \
     {GS_RX_##bench | (GS_RX_RELAXED << 8), bins}}
#define CUB(name, summary, bench, bins, flags)                                                                  \
    HIST(name, "CUDA peer", "CUB DeviceHistogram::" summary, bench, cub, bins, flags)
#define PRESCALED "pre-scaled into [0, bins) before the timing"
/* cub_flags: CUB called on the raw samples (64-bit levels) and at its best like-for-like call (32-bit levels,
 * the pre-scaling timed with it), so that the quick suite shows the peer both ways. */
#define HISTS(suffix, bins, flags, atomic_flags, cub_flags)                                                     \
    HIST("histAtomic" suffix, "baseline", "one global red.add per sample, " suffix " bins", HIST_ATOMIC, atomic, \
         bins, atomic_flags),                                                                                   \
        CUB("histCub" suffix, "HistogramEven, 64-bit levels over the 32-bit samples, " suffix " bins", HIST_CUB,  \
            bins, cub_flags),                                                                                   \
        CUB("histCubInt" suffix, "HistogramEven, 32-bit levels, samples " PRESCALED ", " suffix " bins",        \
            HIST_CUB_INT, bins, 0),                                                                             \
        CUB("histCubIntScale" suffix, "HistogramEven, 32-bit levels, the pre-scaling timed with it, " suffix      \
            " bins", HIST_CUB_INT_SCALE, bins, cub_flags),                                                      \
        CUB("histCubFloat" suffix, "HistogramEven, float levels and samples " PRESCALED ", " suffix " bins",    \
            HIST_CUB_FLOAT, bins, 0),                                                                           \
        CUB("histCubRange" suffix, "HistogramRange, 64-bit levels over the 32-bit samples, " suffix " bins",     \
            HIST_CUB_RANGE, bins, 0),                                                                           \
        HIST("histGsync" suffix, "gsync", "shared replicas / cluster slices, relaxed merges, " suffix " bins",   \
             HIST_GSYNC, gsync, bins, flags)

static const gs_prim prims[] = {
    ORDERED("flags", "workers stop on main's flag, set dirty; then a barrier", FLAGS, flags, 0, GS_PRIM_CORESIDENT, 0),
    ORDERED("hg", "histogram, 256 bins, global atomics", HG, hg, 256, 0, GS_PRIM_HEADLINE),
    ORDERED("hg2k", "histogram, 2048 bins, global atomics", HG, hg, 2048, 0, 0),
    ORDERED("hgNo", "one block reads HG's 256 bins in a second kernel", HGNO, hgno, 256, 0, 0),
    ORDERED("refCounter", "shared objects' reference counts, last drop frees", RC, rc, 0, 0, 0),
    ORDERED("seqlocks", "one writer, every other thread reads under a sequence number", SL, sl, 0, 0, 0),
    {"seqlocksNoFence", PAT, "acquire/release on the number without Boehm's fences (not ordered)", &gs_family_relaxed,
     &gs_kernels_relaxed_sl_nofence, GS_LAUNCH_PLAIN, GS_PRIM_UNORDERED, {GS_RX_SL | (GS_RX_NOFENCE << 8), 0}},
    ORDERED("splitCounter", "a counter per thread, reader blocks sum them", SPLIT, split, 0, 0, 0),
    BROKEN("flags", "main counts the workers before the barrier", FLAGS, flags, 0, GS_PRIM_CORESIDENT),
    BROKEN("hg", "HG's increments as a load and a store", HG, hg, 256, 0),
    BROKEN("refCounter", "RefCounter's counts as loads and stores", RC, rc, 0, 0),
    BROKEN("seqlocks", "the writer writes the pair outside its odd window", SL, sl, 0, 0),
    BROKEN("splitCounter", "writers store a count too high for a moment", SPLIT, split, 0, 0),
    HISTS("256", 256u, GS_PRIM_HEADLINE, 0, GS_PRIM_HEADLINE),
    CUB("histCubByte256", "HistogramEven, 8-bit samples " PRESCALED ", 256 bins", HIST_CUB_BYTE, 256u, 0),
    HISTS("2K", 2048u, 0, 0, 0),
    HISTS("64K", 65536u, GS_PRIM_HEADLINE, GS_PRIM_HEADLINE, 0),
    HISTS("1M", 1048576u, 0, 0, 0),
};

static const char *const order_names[GS_RX_ORDERS + 1] = {"sc", "acqrel", "relaxed", "broken"};

/* ---- options ---- */
#define DEFAULT_SAMPLES (1u << 26) /* histogram competition: 256 MB of samples */
#define MAX_SAMPLES (1u << 28)
#define MAX_INPUT_BYTES (1u << 28)
typedef struct rx_options {
    unsigned int order_mask, samples;
    int skewed, dist_given;    /* --dist given: a file's samples (--input) leave it nothing to choose */
    unsigned int hist_cluster; /* --hist-cluster: 0, the smallest that fits */
    unsigned char *input;      /* --input's bytes (kept to the end of the run), or NULL */
    unsigned int input_len;
} rx_options;
_Static_assert(sizeof(rx_options) <= GS_FAMILY_OPTION_BYTES, "rx_options fits");
static const rx_options rx_defaults = {7u, DEFAULT_SAMPLES, 0, 0, 0u, NULL, 0u};

static const rx_options *rx(const void *opts)
{
    return opts ? (const rx_options *)opts : &rx_defaults;
}

static int parse_orders(rx_options *o, const char *value, char *err, size_t n)
{
    char buf[256];
    unsigned int mask = 0u;
    if (strlen(value) >= sizeof buf) {
        snprintf(err, n, "--order '%s' is too long", gs_escape(value));
        return -1;
    }
    strcpy(buf, value);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int k, found = -1;
        for (k = 0; k <= GS_RX_BROKEN; ++k)
            if (!strcmp(tok, order_names[k]))
                found = k;
        if (!strcmp(tok, "all"))
            mask |= 7u;
        else if (found < 0) {
            snprintf(err, n, "--order '%s' is not one of sc, acqrel, relaxed, all, broken", gs_escape(tok));
            return -1;
        } else if (mask & (1u << found)) {
            snprintf(err, n, "--order lists '%s' twice", order_names[found]);
            return -1;
        } else
            mask |= 1u << found;
    }
    if (!mask || value[0] == ',' || value[strlen(value) - 1] == ',' || strstr(value, ",,")) {
        snprintf(err, n, "--order '%s' has an empty item", gs_escape(value));
        return -1;
    }
    o->order_mask = mask;
    return 1;
}

/* The whole file, or one line saying why not. */
static int read_input(rx_options *o, const char *path, char *err, size_t n)
{
    struct stat sb;
    FILE *f = fopen(path, "rb");
    long len;
    if (f && (fstat(fileno(f), &sb) != 0 || !S_ISREG(sb.st_mode))) {
        snprintf(err, n, "--input '%s': not a regular file", gs_escape(path));
        fclose(f);
        return -1;
    }
    if (!f) {
        snprintf(err, n, "--input '%s': %s", gs_escape(path), strerror(errno));
        return -1;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        snprintf(err, n, "--input '%s': cannot be read (not a regular file?)", gs_escape(path));
        fclose(f);
        return -1;
    }
    if (len == 0 || len > (long)MAX_INPUT_BYTES) {
        snprintf(err, n, "--input '%s': %s", gs_escape(path), len ? "over 256 MiB" : "the file is empty");
        fclose(f);
        return -1;
    }
    free(o->input);
    o->input = malloc((size_t)len);
    if (!o->input || fread(o->input, 1, (size_t)len, f) != (size_t)len) {
        snprintf(err, n, "--input '%s': %s", gs_escape(path), o->input ? "read failed" : "out of host memory");
        free(o->input);
        o->input = NULL;
        fclose(f);
        return -1;
    }
    o->input_len = (unsigned int)len;
    fclose(f);
    return 1;
}

static int option(void *opts, const char *name, const char *value, char *err, size_t n)
{
    rx_options *o = opts;
    const int known = !strcmp(name, "--order") || !strcmp(name, "--samples") || !strcmp(name, "--dist") ||
                      !strcmp(name, "--input") || !strcmp(name, "--hist-cluster");
    if (!known || !value)
        return known;
    if (!strcmp(name, "--order"))
        return parse_orders(o, value, err, n);
    if (!strcmp(name, "--samples")) {
        if (gs_parse_uint(value, 1u, MAX_SAMPLES, &o->samples)) {
            snprintf(err, n, "--samples '%s' is not a whole number from 1 to %u", gs_escape(value), MAX_SAMPLES);
            return -1;
        }
        return 1;
    }
    if (!strcmp(name, "--hist-cluster")) {
        if (!strcmp(value, "auto"))
            o->hist_cluster = 0u;
        else if (strcmp(value, "2") && strcmp(value, "4") && strcmp(value, "8")) {
            snprintf(err, n, "--hist-cluster '%s' is not one of auto, 2, 4, 8", gs_escape(value));
            return -1;
        } else
            o->hist_cluster = (unsigned int)atoi(value);
        return 1;
    }
    if (!strcmp(name, "--dist")) {
        if (strcmp(value, "uniform") && strcmp(value, "skewed")) {
            snprintf(err, n, "--dist '%s' is not one of uniform, skewed", gs_escape(value));
            return -1;
        }
        o->skewed = !strcmp(value, "skewed");
        o->dist_given = 1;
    } else if (read_input(o, value, err, n) < 0)
        return -1;
    if (o->dist_given && o->input) {
        snprintf(err, n, "--dist and --input exclude each other: the samples come from the file");
        return -1;
    }
    return 1;
}

static void reset_options(void *opts)
{
    *(rx_options *)opts = rx_defaults;
}

/* ---- the shape of a point ---- */
static unsigned int bench_of(const gs_prim *p)
{
    return p->arg[0] & 0xffu;
}
static unsigned int order_of(const gs_prim *p)
{
    return p->arg[0] >> 8;
}
static int competing(const gs_prim *p)
{
    return bench_of(p) >= GS_RX_HIST_ATOMIC;
}
static int cub_peer(const gs_prim *p)
{
    return bench_of(p) == GS_RX_HIST_CUB || bench_of(p) >= GS_RX_HIST_CUB_INT;
}
static int histogram(const gs_prim *p)
{
    return competing(p) || bench_of(p) == GS_RX_HG || bench_of(p) == GS_RX_HGNO;
}

/* --order: the orderings named; the no-fence Seqlocks with relaxed; the
 * competition unless only the broken twins are asked for. */
static int selected(const void *opts, const gs_prim *p)
{
    const unsigned int order_mask = rx(opts)->order_mask;
    if (competing(p))
        return (order_mask & 7u) != 0u;
    if (order_of(p) == GS_RX_NOFENCE)
        return (order_mask >> GS_RX_RELAXED & 1u) != 0u;
    return (order_mask >> order_of(p) & 1u) != 0u;
}

/* Samples: the file's bytes, or the competition's --samples, or HG's
 * Table II size per block; Flags: its condition words. */
static unsigned int samples_of(const gs_config *c)
{
    if (bench_of(c->prim) == GS_RX_FLAGS)
        return c->blocks * GS_RX_FLAGS_WORDS;
    if (rx(c->fopt)->input)
        return rx(c->fopt)->input_len;
    return competing(c->prim) ? rx(c->fopt)->samples : c->blocks * GS_RX_HG_SAMPLES;
}
static unsigned int bins_of(const gs_config *c)
{
    return c->prim->arg[1];
}
static unsigned int shift_of(unsigned int bins)
{
    unsigned int s = 32u;
    while (bins > 1u) {
        bins >>= 1;
        --s;
    }
    return s;
}
/* RefCounter: groups of GS_RX_RC_SHARERS blocks (one group when fewer). */
static unsigned int rc_groups(const gs_config *c)
{
    return c->blocks >= 2u * GS_RX_RC_SHARERS ? c->blocks / GS_RX_RC_SHARERS : 1u;
}
static unsigned int rc_objects(const gs_config *c)
{
    return rc_groups(c) * c->threads;
}
static unsigned int split_readers(const gs_config *c)
{
    return c->blocks < GS_RX_SPLIT_EVERY ? 1u : c->blocks / GS_RX_SPLIT_EVERY;
}

/* The shape of histGsync at these bins (its per-SM blocks, cluster, shared memory). */
static int gsync_shape(const gs_config *c, gs_rx_params *p, unsigned int *per_sm)
{
    return gs_hist_gsync_shape(bins_of(c), c->threads, rx(c->fopt)->hist_cluster, p, per_sm);
}

static int check(const gs_config *c, char *err, size_t n)
{
    const unsigned int b = bench_of(c->prim);
    if ((b == GS_RX_FLAGS || b == GS_RX_SL || b == GS_RX_SPLIT) && c->blocks == 1u) { /* (0: not chosen yet) */
        snprintf(err, n, "%s needs at least 2 blocks (a writer or main block and the others)", c->prim->name);
        return GS_EXIT_USAGE;
    }
    if (b == GS_RX_HGNO && c->threads > 1024u) {
        snprintf(err, n, "%s: at most 1024 threads", c->prim->name);
        return GS_EXIT_USAGE;
    }
    if (b == GS_RX_HIST_GSYNC && c->sm_count) { /* (its clusters are the device's to choose) */
        gs_rx_params p;
        unsigned int per_sm = 0u;
        const int e = gsync_shape(c, &p, &per_sm);
        if (e)
            return gs_cuda_error(e, err, n, "shape of %s", c->prim->name);
        if (p.cluster > 1u && c->blocks % p.cluster) {
            snprintf(err, n, "%s: %u blocks do not divide into its clusters of %u", c->prim->name, c->blocks,
                     p.cluster);
            return GS_EXIT_USAGE;
        }
    }
    return GS_EXIT_OK;
}

static int per_sm(const void *opts, const gs_prim *p, unsigned int threads, unsigned int sms, unsigned int *out)
{
    (void)sms;
    if (bench_of(p) == GS_RX_HIST_GSYNC) {
        gs_rx_params q;
        return gs_hist_gsync_shape(p->arg[1], threads, rx(opts)->hist_cluster, &q, out);
    }
    return (int)gs_blocks_per_sm(p->kernels->kernel, threads, 0, out);
}

/* HeteroSync's block sizes (HG: its histogram's 256); the competition: 512. */
static unsigned int default_threads(const gs_prim *p)
{
    static const unsigned int threads[] = {32u, 256u, 256u, 32u, 128u, 32u}; /* by enum gs_rx_bench */
    return competing(p) ? 512u : threads[bench_of(p)];
}

/* Table II's blocks, then the whole GPU; the competition: the whole GPU. */
static int default_grid(const void *opts, const gs_prim *p, unsigned int sms, unsigned int cap, unsigned int *out,
                        int max)
{
    static const unsigned int table2[] = {60u, 64u, 64u, 64u, 512u, 112u}; /* by enum gs_rx_bench */
    unsigned int full = cap * sms, per = 0u;
    gs_rx_params q;
    int k = 0;
    (void)max;
    if (!competing(p) && table2[bench_of(p)] < full)
        out[k++] = table2[bench_of(p)];
    if (bench_of(p) == GS_RX_HIST_GSYNC &&
        gs_hist_gsync_shape(p->arg[1], default_threads(p), rx(opts)->hist_cluster, &q, &per) == 0 &&
        q.cluster > 1u)
        full -= full % q.cluster; /* whole clusters */
    out[k++] = full;
    return k;
}

static unsigned int default_iters(const gs_prim *p)
{
    static const unsigned int iters[] = {2000u, 100u, 1000u, 100u, 100u, 1000u}; /* by enum gs_rx_bench */
    return competing(p) ? 1u : iters[bench_of(p)];
}

static size_t state_bytes(const gs_config *c)
{
    if (bench_of(c->prim) == GS_RX_FLAGS)
        return 4u * 128u + (size_t)gs_barrier_bytes(c->blocks);
    if (cub_peer(c->prim)) {
        int e = 0;
        return gs_hist_cub_state_bytes(bench_of(c->prim), samples_of(c), bins_of(c), &e) + 512u;
    }
    return 512u;
}

static size_t data_words(const gs_config *c)
{
    switch (bench_of(c->prim)) {
    case GS_RX_FLAGS:
        return samples_of(c);
    case GS_RX_HGNO:
        return (size_t)samples_of(c) + 2u * bins_of(c);
    case GS_RX_RC:
        return 3u * (size_t)rc_objects(c);
    case GS_RX_SL:
        return 1u;
    case GS_RX_SPLIT:
        return (size_t)c->blocks * c->threads;
    default:
        return (size_t)samples_of(c) + bins_of(c);
    }
}

static size_t check_words(const gs_config *c)
{
    (void)c;
    return GS_RX_C_WORDS;
}

/* A 32-bit hash of i (splitmix-like), the generated data's source. */
static unsigned int mix(unsigned long long i)
{
    i += 0x9e3779b97f4a7c15ull;
    i = (i ^ (i >> 30)) * 0xbf58476d1ce4e5b9ull;
    i = (i ^ (i >> 27)) * 0x94d049bb133111ebull;
    return (unsigned int)((i ^ (i >> 31)) >> 32);
}
/* Sample i: the file's byte in the top 8 bits, or uniform, or skewed
 * toward 0 (u^4 of a uniform u in [0, 1)). */
static unsigned int sample(const rx_options *o, unsigned int i)
{
    if (o->input)
        return (unsigned int)o->input[i] << 24;
    if (!o->skewed)
        return mix(i);
    const double u = mix(i) / 4294967296.0, s = u * u * u * u * 4294967296.0;
    return s >= 4294967295.0 ? 4294967295u : (unsigned int)s;
}

static void init_data(const gs_config *c, unsigned int *data)
{
    const size_t words = data_words(c);
    memset(data, 0, words * sizeof *data);
    if (bench_of(c->prim) == GS_RX_FLAGS) {
        for (unsigned int i = 0; i < samples_of(c); ++i)
            data[i] = mix(0x5eedull << 32 | i);
    } else if (histogram(c->prim)) {
        for (unsigned int i = 0; i < samples_of(c); ++i)
            data[i] = sample(rx(c->fopt), i);
    } else if (bench_of(c->prim) == GS_RX_RC) {
        const unsigned int objects = rc_objects(c), groups = rc_groups(c);
        for (unsigned int o = 0; o < objects; ++o) {
            const unsigned int g = o / c->threads;
            data[o] = c->blocks / groups + (g < c->blocks % groups ? 1u : 0u); /* its holders */
            data[2u * objects + o] = o + 1u;
        }
    }
}

/* Flags' condition: a word below 2^12 (one in about a million), so that
 * Table II's 60 blocks (61,440 words) leave "dirty" clear and the whole GPU
 * sets it. */
#define FLAGS_RATE (1u << 12)

static int prepare(const gs_config *c, gs_bench_args *a, char *note, size_t n)
{
    gs_rx_params p;
    unsigned int per = 0u;
    memset(&p, 0, sizeof p);
    p.bench = bench_of(c->prim);
    p.order = order_of(c->prim);
    p.samples = samples_of(c);
    p.bins = bins_of(c);
    p.bin_shift = p.bins ? shift_of(p.bins) : 0u;
    p.rate = FLAGS_RATE;
    p.groups = rc_groups(c);
    p.cluster = 1u;
    if (p.bench == GS_RX_HIST_GSYNC) {
        const int e = gsync_shape(c, &p, &per);
        if (e)
            return e;
    }
    memcpy(a->params, &p, sizeof p);
    if (!note)
        return 0;
    if (histogram(c->prim)) {
        const int k = snprintf(note, n, "%u samples (%s), %u bins", p.samples,
                               rx(c->fopt)->input ? "file" : rx(c->fopt)->skewed ? "skewed" : "uniform", p.bins);
        if (p.bench == GS_RX_HIST_GSYNC && k > 0 && (size_t)k < n) {
            if (p.cluster > 1u)
                snprintf(note + k, n - (size_t)k, ", clusters of %u in DSMEM", p.cluster);
            else if (p.smem_bytes)
                snprintf(note + k, n - (size_t)k, ", %u shared replicas", p.replicas);
            else
                snprintf(note + k, n - (size_t)k, ", global atomics");
        } else if (k > 0 && (size_t)k < n && cub_peer(c->prim) && p.bench != GS_RX_HIST_CUB &&
                   p.bench != GS_RX_HIST_CUB_RANGE)
            snprintf(note + k, n - (size_t)k, ", pre-scaled %s the timing",
                     p.bench == GS_RX_HIST_CUB_INT_SCALE ? "inside" : "before");
    } else if (p.bench == GS_RX_RC)
        snprintf(note, n, "%u objects, %u groups", rc_objects(c), p.groups);
    else if (p.bench == GS_RX_SPLIT)
        snprintf(note, n, "%u reader blocks", split_readers(c));
    return 0;
}

/* The host's histogram of the samples in `data`, at `bins` bins. */
static unsigned int *host_hist(const unsigned int *data, unsigned int samples, unsigned int bins)
{
    unsigned int *h = calloc(bins, sizeof *h);
    const unsigned int shift = shift_of(bins);
    if (h)
        for (unsigned int i = 0; i < samples; ++i)
            ++h[shift == 32u ? 0u : data[i] >> shift];
    return h;
}

static int verify_hist(const gs_config *c, const unsigned int *data, unsigned int times, const unsigned int *got,
                       const char *what, char *detail, size_t n)
{
    const unsigned int samples = samples_of(c), bins = bins_of(c);
    unsigned int *h = host_hist(data, samples, bins);
    int bad = 0;
    if (!h) {
        snprintf(detail, n, "out of host memory for the golden histogram");
        return 1;
    }
    for (unsigned int b = 0; b < bins && !bad; ++b)
        if (got[b] != h[b] * times) {
            snprintf(detail, n, "%s bin %u is %u, expected %u", what, b, got[b], h[b] * times);
            bad = 1;
        }
    free(h);
    return bad;
}

static int verify(const gs_config *c, const unsigned int *data, const unsigned int *check, int verifying,
                  char *detail, size_t n)
{
    const unsigned int samples = samples_of(c), bins = bins_of(c);
    (void)verifying;
    detail[0] = 0;
    if (check[GS_RX_C_TIMEOUT]) {
        snprintf(detail, n, "%u waits abandoned (watchdog)", check[GS_RX_C_TIMEOUT]);
        return 1;
    }
    switch (bench_of(c->prim)) {
    case GS_RX_FLAGS: {
        const unsigned int workers = c->blocks - 1u;
        if (check[GS_RX_C_LEFT] != workers || check[GS_RX_C_SEEN] != workers) {
            snprintf(detail, n, "%u of %u workers left their loop, main saw %u after the barrier",
                     check[GS_RX_C_LEFT], workers, check[GS_RX_C_SEEN]);
            return 1;
        }
        if ((check[GS_RX_C_DIRTY] != 0u) != (check[GS_RX_C_MET] != 0u)) {
            snprintf(detail, n, "dirty read %u after the barrier, but %u worker iterations met the condition",
                     check[GS_RX_C_DIRTY], check[GS_RX_C_MET]);
            return 1;
        }
        snprintf(detail, n, "dirty %s (%u met)", check[GS_RX_C_DIRTY] ? "set" : "clear", check[GS_RX_C_MET]);
        return 0;
    }
    case GS_RX_HG:
        return verify_hist(c, data, c->iters, data + samples, "bins:", detail, n);
    case GS_RX_HGNO:
        return verify_hist(c, data, 1u, data + samples, "bins:", detail, n) ||
               verify_hist(c, data, 1u, data + samples + bins, "as read by the second kernel:", detail, n);
    case GS_RX_RC: {
        const unsigned int objects = rc_objects(c);
        if (check[GS_RX_C_BAD]) {
            snprintf(detail, n, "%u payload reads saw a freed object", check[GS_RX_C_BAD]);
            return 1;
        }
        for (unsigned int o = 0; o < objects; ++o)
            if (data[o] != 0u || data[objects + o] != 1u) {
                snprintf(detail, n, "object %u: count %u (expected 0), marked %u times (expected 1)", o, data[o],
                         data[objects + o]);
                return 1;
            }
        return 0;
    }
    case GS_RX_SL: {
        const unsigned int w = check[GS_RX_C_WRITES];
        if (check[GS_RX_C_BAD]) {
            snprintf(detail, n, "%u reads returned a torn pair", check[GS_RX_C_BAD]);
            return 1;
        }
        if (check[GS_RX_C_SEQ] != 2u * w || check[GS_RX_C_PAIR0] != w || check[GS_RX_C_PAIR1] != w * GS_RX_SL_KEY) {
            snprintf(detail, n, "after %u writes the number is %u and the pair (%u, %u)", w, check[GS_RX_C_SEQ],
                     check[GS_RX_C_PAIR0], check[GS_RX_C_PAIR1]);
            return 1;
        }
        snprintf(detail, n, "%u writes, %u retries", w, check[GS_RX_C_RETRIES]);
        return 0;
    }
    case GS_RX_SPLIT: {
        const unsigned int readers = split_readers(c);
        if (check[GS_RX_C_BAD] || check[GS_RX_C_FINAL]) {
            snprintf(detail, n, "%u partial sums out of bounds or falling, %u final sums not exact",
                     check[GS_RX_C_BAD], check[GS_RX_C_FINAL]);
            return 1;
        }
        if (check[GS_RX_C_LEFT] != readers) {
            snprintf(detail, n, "%u of %u reader blocks finished", check[GS_RX_C_LEFT], readers);
            return 1;
        }
        for (unsigned int b = 0; b < c->blocks; ++b) {
            const int reader = c->blocks < GS_RX_SPLIT_EVERY ? b == c->blocks - 1u
                                                             : b % GS_RX_SPLIT_EVERY == GS_RX_SPLIT_EVERY - 1u;
            for (unsigned int t = 0; t < c->threads; ++t)
                if (data[(size_t)b * c->threads + t] != (reader ? 0u : c->iters)) {
                    snprintf(detail, n, "block %u thread %u's counter is %u, expected %u", b, t,
                             data[(size_t)b * c->threads + t], reader ? 0u : c->iters);
                    return 1;
                }
        }
        snprintf(detail, n, "%u sweeps by %u reader blocks", check[GS_RX_C_SWEEPS], readers);
        return 0;
    }
    default:
        return verify_hist(c, data, 1u, data + samples, "bins:", detail, n);
    }
}

/* What one operation is: a main iteration (Flags), a sample added (HG, the
 * competition), a bin read (HG-NO), a reference taken and dropped (RC), a
 * read (SL), an increment (SplitCounter). */
static double ops_per_launch(const gs_config *c)
{
    switch (bench_of(c->prim)) {
    case GS_RX_FLAGS:
        return c->iters;
    case GS_RX_HG:
        return (double)samples_of(c) * c->iters;
    case GS_RX_HGNO:
        return (double)bins_of(c) * c->iters;
    case GS_RX_RC:
        return (double)c->blocks * c->threads * c->iters;
    case GS_RX_SL:
        return (double)(c->blocks - 1u) * c->threads * c->iters;
    case GS_RX_SPLIT:
        return (double)(c->blocks - split_readers(c)) * c->threads * c->iters;
    default:
        return samples_of(c);
    }
}

const gs_family gs_family_relaxed = {
    .name = "relaxed", .prims = prims, .nprims = sizeof prims / sizeof prims[0], .default_iters = 100u,
    .help = "  --order LIST        the relaxed family's orderings: sc, acqrel, relaxed or all (all);\n"
            "                      broken: its tests' deliberately broken twins\n"
            "  --samples N         its histogram competition's samples (67108864)\n"
            "  --dist D            its generated samples: uniform or skewed (uniform)\n"
            "  --input FILE        its histograms' samples: FILE's bytes\n"
            "  --hist-cluster N    histGsync's cluster for bins past one block's shared memory: auto, 2, 4, 8\n",
    .option = option,
    .options = (const char *const[]){"--order", "--samples", "--dist", "--input", "--hist-cluster", NULL},
    .check = check, .launch_iters = gs_family_iters, .state_bytes = state_bytes,
    .data_words = data_words, .init_data = init_data, .prepare = prepare, .verify = verify,
    .ops_per_launch = ops_per_launch, .check_words = check_words, .per_sm = per_sm, .iters = default_iters,
    .reset_options = reset_options, .selected = selected, .default_grid = default_grid, .no_body = 1,
    .threads = default_threads,
};
