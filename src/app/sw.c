/* sw.c: Smith-Waterman with affine gaps, one anti-diagonal an iteration,
 * on FASTA files or generated sequences; every cell of H against the
 * host's, and the traceback through the device's matrices. */
#include "app/program.h"
#include "inputs/sequence.h"
#include "core/cuda_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sw {
    char *q, *t; /* the sequences, made once */
    unsigned int qlen, tlen;
    char name[96];
    gs_sw_scoring sc;
    int *h_ref, best;
    unsigned int bi, bj;
    unsigned char *d_q, *d_t;
    int *h, *e, *f; /* the point's */
} sw;

static size_t cells(const sw *s)
{
    return ((size_t)s->qlen + 1) * ((size_t)s->tlen + 1);
}

/* The sequences (files or generated), on the device, and the host's matrix. */
static int input(const gs_app_options *ao, sw *s, char *err, size_t n)
{
    int rc = 0, *e = NULL, *f = NULL;
    size_t free_b = 0, total_b = 0;
    if (ao->query[0]) {
        if ((rc = gs_fasta_read(ao->query, &s->q, &s->qlen, err, n)) ||
            (rc = gs_fasta_read(ao->target, &s->t, &s->tlen, err, n)))
            return rc == 1 ? GS_EXIT_RUNTIME : GS_EXIT_USAGE;
        const char *a = strrchr(ao->query, '/'), *b = strrchr(ao->target, '/');
        snprintf(s->name, sizeof s->name, "%.40s x %.40s", a ? a + 1 : ao->query, b ? b + 1 : ao->target);
    } else {
        if (gs_sw_generate((ao->protein ? "protein" : "dna"), ao->length, ao->mutation, 0x5357ull, &s->q, &s->qlen,
                           &s->t, &s->tlen))
            goto oom;
        snprintf(s->name, sizeof s->name, "%s %ux%u", (ao->protein ? "protein" : "dna"), s->qlen, s->tlen);
    }
    s->sc.match = (int)ao->match, s->sc.mismatch = -(int)ao->mismatch;
    s->sc.gap_open = (int)ao->gap_open, s->sc.gap_extend = (int)ao->gap_extend;
    GS_CK_OUT(cudaMemGetInfo(&free_b, &total_b));
    if (cells(s) > 0x7fffffffu || 3.0 * 4.0 * (double)cells(s) > 0.9 * (double)free_b) {
        snprintf(err, n, "sw: %u x %u cells need %.0f MiB of device memory; the GPU has %.0f MiB free", s->qlen,
                 s->tlen, 12.0 * (double)cells(s) / 1048576.0, (double)free_b / 1048576.0);
        return GS_EXIT_USAGE;
    }
    s->h_ref = malloc(cells(s) * sizeof(int)), e = malloc(cells(s) * sizeof(int)), f = malloc(cells(s) * sizeof(int));
    if (!s->h_ref || !e || !f)
        goto oom;
    gs_sw_host(s->q, s->qlen, s->t, s->tlen, &s->sc, s->h_ref, e, f, &s->best, &s->bi, &s->bj);
    GS_CK_OUT(cudaMalloc((void **)&s->d_q, s->qlen));
    GS_CK_OUT(cudaMalloc((void **)&s->d_t, s->tlen));
    GS_CK_OUT(cudaMemcpy(s->d_q, s->q, s->qlen, cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemcpy(s->d_t, s->t, s->tlen, cudaMemcpyHostToDevice));
out:
    free(e), free(f);
    return rc;
oom:
    free(e), free(f);
    snprintf(err, n, "sw: out of host memory");
    return GS_EXIT_RUNTIME;
}

static int prepare(gs_app_ctx *c, char *err, size_t n)
{
    sw *s = c->st;
    int rc = 0;
    if (!s->h_ref && (rc = input(c->opt, s, err, n)))
        return rc;
    GS_CK_OUT(cudaMalloc((void **)&s->h, cells(s) * 4));
    GS_CK_OUT(cudaMalloc((void **)&s->e, cells(s) * 4));
    GS_CK_OUT(cudaMalloc((void **)&s->f, cells(s) * 4));
out:
    return rc;
}

static void describe(const gs_app_ctx *c, gs_app_row *r)
{
    const sw *s = c->st;
    snprintf(r->graph, sizeof r->graph, "%s", s->name);
    r->n = s->qlen, r->m = s->tlen;
}

static int args(gs_app_ctx *c, gs_app_args *a, char *err, size_t n)
{
    sw *s = c->st;
    int rc = 0;
    (void)err, (void)n;
    a->qs = s->d_q, a->ts = s->d_t, a->qlen = s->qlen, a->tlen = s->tlen;
    a->match = s->sc.match, a->mismatch = s->sc.mismatch;
    a->gap_open = s->sc.gap_open, a->gap_extend = s->sc.gap_extend;
    a->h = s->h, a->e = s->e, a->f = s->f, a->max_iters = s->qlen + s->tlen + 1u;
    GS_CK_OUT(cudaMemset(s->h, 0, cells(s) * 4));
    GS_CK_OUT(cudaMemset(s->e, 0xc0, cells(s) * 4)); /* minus infinity on the borders */
    GS_CK_OUT(cudaMemset(s->f, 0xc0, cells(s) * 4));
out:
    return rc;
}

/* The device's H equals the host's in every cell, and the traceback
 * through the device's matrices scores the best cell's value. */
static int verify(gs_app_ctx *c, const gs_app_args *a, gs_app_row *r, char *err, size_t n)
{
    const sw *s = c->st;
    const size_t nc = cells(s);
    int *h = malloc(nc * 4), *e = malloc(nc * 4), *f = malloc(nc * 4), rc = 0;
    unsigned int cols = 0;
    long score = 0;
    (void)a;
    if (!h || !e || !f) {
        snprintf(err, n, "out of host memory");
        rc = GS_EXIT_RUNTIME;
        goto out;
    }
    GS_CK_OUT(cudaMemcpy(h, s->h, nc * 4, cudaMemcpyDeviceToHost));
    GS_CK_OUT(cudaMemcpy(e, s->e, nc * 4, cudaMemcpyDeviceToHost));
    GS_CK_OUT(cudaMemcpy(f, s->f, nc * 4, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < nc; ++i)
        if (h[i] != s->h_ref[i]) {
            r->verdict = GS_FAIL;
            snprintf(r->detail, sizeof r->detail, "H(%zu, %zu) is %d, the host's %d", i / (s->tlen + 1),
                     i % (s->tlen + 1), h[i], s->h_ref[i]);
            goto out;
        }
    if (gs_sw_traceback(s->q, s->t, s->tlen, &s->sc, h, e, f, s->bi, s->bj, &cols, &score) || score != s->best) {
        r->verdict = GS_FAIL;
        snprintf(r->detail, sizeof r->detail, "the traceback from (%u, %u) scores %ld, not %d", s->bi, s->bj, score,
                 s->best);
        goto out;
    }
    snprintf(r->detail, sizeof r->detail, "score %d at (%u, %u), %u columns", s->best, s->bi, s->bj, cols);
out:
    free(h), free(e), free(f);
    return rc;
}

static void release(gs_app_ctx *c)
{
    sw *s = c->st;
    cudaFree(s->h), cudaFree(s->e), cudaFree(s->f);
    s->h = s->e = s->f = NULL;
}

static void free_all(gs_app_ctx *c)
{
    sw *s = c->st;
    release(c);
    free(s->q), free(s->t), free(s->h_ref);
    cudaFree(s->d_q), cudaFree(s->d_t);
    memset(s, 0, sizeof *s);
}

const gs_app_program gs_app_sw = {
    .name = "sw", .summary = "Smith-Waterman with affine gaps: one anti-diagonal an iteration", .kernel = GS_APP_SW,
    .takes = GS_SYNC_BARRIER_TAKES, .own = GS_SYNC_BARRIERS, .twin = GS_SYNC_BROKEN_NONE, .unit = GS_APP_UNIT_NONE,
    .state_bytes = sizeof(sw), .occupancy = gs_app_barrier_occupancy, .prepare = prepare, .describe = describe,
    .args = args, .verify = verify, .release = release, .free = free_all,
};
