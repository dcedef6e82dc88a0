/* multi's pagerank ways on the host, without GPUs: the vertex ranges, each
 * rank's share of the graph, and the kernel's scheme (replicated shares in
 * two buffers, fixed-point sums, one rank a range) emulated in single
 * precision on 1 to 5 ranks, which must pass the app family's check
 * against the host reference, while the broken twin's scheme (each rank
 * updates only its own replica) must fail it on 2 ranks or more. */
#include "../check.h"
#include "inputs/graph.h"
#include "multi/multi_pagerank.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Ranges cover [0, n) in order, each holding about its share of the work. */
static void partition(void)
{
    enum { N = 1000 };
    static unsigned int row[N + 1];
    unsigned int b[GS_MPR_MAX_PES + 1];
    /* uniform in-degree 3: n / npes vertices a range, within one */
    for (unsigned int v = 0; v <= N; ++v)
        row[v] = 3u * v;
    for (unsigned int p = 1; p <= GS_MPR_MAX_PES; ++p) {
        gs_mpr_partition(row, N, p, b);
        CHECK(b[0] == 0 && b[p] == N);
        for (unsigned int q = 0; q < p; ++q)
            CHECK(b[q] <= b[q + 1] && abs((int)(b[q + 1] - b[q]) - (int)(N / p)) <= 1);
    }
    /* one hub with half the arcs at vertex 0: the first range is the hub and little else */
    row[0] = 0;
    for (unsigned int v = 1; v <= N; ++v)
        row[v] = (v == 1 ? 2000u : row[v - 1] + 2u);
    gs_mpr_partition(row, N, 2, b);
    const unsigned long long total = row[N] + N, first = row[b[1]] + b[1];
    CHECK(b[1] > 1 && b[1] < N / 2);
    CHECK(first >= total / 2 && first - total / 2 <= 3); /* the work of one vertex at most */
    /* fewer vertices than ranges: empty ranges, still in order */
    row[0] = 0, row[1] = 1, row[2] = 2;
    gs_mpr_partition(row, 2, 5, b);
    CHECK(b[0] == 0 && b[5] == 2);
    for (unsigned int q = 0; q < 5; ++q)
        CHECK(b[q] <= b[q + 1]);
    /* npes 1: everything */
    gs_mpr_partition(row, 2, 1, b);
    CHECK(b[0] == 0 && b[1] == 2);
}

static unsigned long long fix(float x)
{
    return (unsigned long long)llround((double)x * (double)(1ull << GS_MPR_FIX_BITS));
}

/* pagerank_kernels.cuh's iterations over the ranks' shares in[0 .. npes):
 * returns the iterations, the ranks in got. */
static unsigned int emulate(const gs_mpr_input *in, unsigned int npes, int broken, float *got)
{
    const unsigned int n = in[0].n;
    const float d = (float)GS_MPR_DAMPING, r0 = 1.0f / (float)n;
    const double scale = (double)(1ull << GS_MPR_FIX_BITS);
    float *rep = malloc((size_t)npes * 2u * n * sizeof *rep); /* rep[q * 2n + b * n + u] */
    float dangling = in[0].dangling0;
    unsigned int it = 0;
    for (unsigned int q = 0; q < npes; ++q)
        for (unsigned int u = 0; u < n; ++u)
            rep[(size_t)q * 2u * n + u] = r0 * in[q].inv_out[u], rep[(size_t)q * 2u * n + n + u] = 0.0f;
    for (unsigned int v = 0; v < n; ++v)
        got[v] = r0;
    for (;;) {
        unsigned long long fc = 0, fd = 0;
        const float base = (1.0f - d) / n + d * dangling / n;
        for (unsigned int p = 0; p < npes; ++p) {
            const gs_mpr_input *x = &in[p];
            const float *src = rep + (size_t)p * 2u * n + (size_t)(it & 1u) * n;
            float change = 0.0f, dang = 0.0f;
            for (unsigned int v = x->lo; v < x->hi; ++v) {
                float s = 0.0f;
                for (unsigned int e = x->row[v - x->lo]; e < x->row[v - x->lo + 1]; ++e)
                    s += src[x->col[e]];
                const float r = base + d * s, inv = x->inv_out[v];
                change += fabsf(r - got[v]);
                got[v] = r;
                if (inv == 0.0f)
                    dang += r;
                for (unsigned int q = 0; q < npes; ++q)
                    if (!broken || q == p)
                        rep[(size_t)q * 2u * n + (size_t)((it + 1u) & 1u) * n + v] = r * inv;
            }
            fc += fix(change), fd += fix(dang);
        }
        ++it;
        dangling = (float)((double)fd / scale);
        if (it >= GS_MPR_MAX_ITERS || (double)fc / scale < (double)(float)GS_MPR_TOL)
            break;
    }
    free(rep);
    return it;
}

/* SPEC on 1 to 5 ranks: each PASSes; the twin FAILs from 2 ranks on. */
static void scheme(const char *spec)
{
    char err[256] = "", detail[160];
    gs_graph g, t;
    gs_mpr_input in[5], ref;
    memset(&g, 0, sizeof g);
    CHECK(gs_graph_load(spec, NULL, &g, err, sizeof err) == 0);
    CHECK(gs_graph_transpose(&g, &t) == 0);
    float *got = malloc((size_t)g.n * sizeof *got);
    /* the reference, as rank 0 computes it */
    CHECK(gs_mpr_share(&g, &t, 0, 1, &ref, err, sizeof err) == 0);
    ref.ref = malloc((size_t)g.n * sizeof *ref.ref);
    ref.ref_iters = gs_ref_pagerank(&g, &t, GS_MPR_DAMPING, GS_MPR_TOL, GS_MPR_MAX_ITERS, ref.ref);
    CHECK(ref.ref_iters > 2 && ref.ref_iters < GS_MPR_MAX_ITERS);
    for (unsigned int npes = 1; npes <= 5; ++npes) {
        unsigned long long arcs = 0;
        for (unsigned int p = 0; p < npes; ++p) {
            CHECK(gs_mpr_share(&g, &t, p, npes, &in[p], err, sizeof err) == 0);
            CHECK(in[p].lo == in[p].bounds[p] && in[p].hi == in[p].bounds[p + 1] && in[p].row[0] == 0);
            CHECK(p == 0 || in[p].lo == in[p - 1].hi);
            CHECK(in[p].dangling0 == ref.dangling0);
            arcs += in[p].row[in[p].hi - in[p].lo];
        }
        CHECK(in[0].lo == 0 && in[npes - 1].hi == g.n && arcs == g.m); /* every in-arc, once */
        ref.npes = npes;
        memcpy(ref.bounds, in[0].bounds, sizeof ref.bounds);
        unsigned int it = emulate(in, npes, 0, got);
        detail[0] = 0;
        CHECK(gs_mpr_compare(&ref, got, it, detail, sizeof detail) == 0);
        if (detail[0])
            fprintf(stderr, "%s on %u: %s\n", spec, npes, detail);
        if (npes >= 2) {
            it = emulate(in, npes, 1, got);
            CHECK(gs_mpr_compare(&ref, got, it, detail, sizeof detail) == 1);
            CHECK(strstr(detail, "iterations") || strstr(detail, "the host's"));
        }
        for (unsigned int p = 0; p < npes; ++p)
            gs_mpr_free(&in[p]);
    }
    free(got);
    gs_mpr_free(&ref);
    gs_graph_free(&t);
    gs_graph_free(&g);
}

/* The app family's bounds: iterations within 2, ranks within 1e-3 relative + 1e-3 / n. */
static void compare(void)
{
    double want[4] = {0.1, 0.2, 0.3, 0.4};
    float got[4] = {0.1f, 0.2f, 0.3f, 0.4f};
    char detail[160];
    gs_mpr_input in;
    memset(&in, 0, sizeof in);
    in.n = 4, in.npes = 2, in.bounds[1] = 2, in.bounds[2] = 4, in.ref = want, in.ref_iters = 20;
    CHECK(gs_mpr_compare(&in, got, 20, detail, sizeof detail) == 0);
    CHECK(gs_mpr_compare(&in, got, 22, detail, sizeof detail) == 0);
    CHECK(gs_mpr_compare(&in, got, 18, detail, sizeof detail) == 0);
    CHECK(gs_mpr_compare(&in, got, 23, detail, sizeof detail) == 1 && !strcmp(detail, "23 iterations, the host's 20"));
    CHECK(gs_mpr_compare(&in, got, 17, detail, sizeof detail) == 1);
    got[3] = 0.4f * 1.0009f; /* inside 1e-3 relative + 1e-3 / 4 */
    CHECK(gs_mpr_compare(&in, got, 20, detail, sizeof detail) == 0);
    got[3] = 0.4f + 0.0012f; /* outside: 0.0004 + 0.00025 */
    CHECK(gs_mpr_compare(&in, got, 20, detail, sizeof detail) == 1 && strstr(detail, "vertex 3 (GPU 1's)"));
    got[3] = NAN;
    CHECK(gs_mpr_compare(&in, got, 20, detail, sizeof detail) == 1);
}

int main(void)
{
    partition();
    compare();
    scheme("road:3000");
    scheme("rmat:10");
    return check_done();
}
