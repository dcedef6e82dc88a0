/* app_input.c: the graph that app's graph programs share at a point
 * (graph.h, src/inputs/): the thesis's pairing of graph size with blocks per
 * SM unless --graph names one; and small helpers of the programs. */
#include "app/program.h"
#include "core/cuda_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const pairing[][2] = {{"1", "road:100000"}, {"2", "road:ny"}, {"4", "road:fla"},
                                        {"8", "road:w"},       {"16", "road:usa"}};

const char *gs_app_graph_for(const gs_app_options *ao, unsigned int per_sm)
{
    if (ao->graph[0])
        return ao->graph;
    for (size_t i = 0; i < sizeof pairing / sizeof pairing[0]; ++i)
        if ((unsigned int)atoi(pairing[i][0]) >= per_sm)
            return pairing[i][1];
    return "road:usa";
}

void gs_app_input_free(gs_app_input *x)
{
    if (x->have_graph)
        gs_graph_free(&x->g);
    if (x->have_in)
        gs_graph_free(&x->in);
    free(x->levels), free(x->dist), free(x->rank);
    cudaFree(x->d_row), cudaFree(x->d_col), cudaFree(x->d_w);
    cudaFree(x->d_in_row), cudaFree(x->d_in_col), cudaFree(x->d_inv_out);
    memset(x, 0, sizeof *x);
}

int gs_app_upload(unsigned int **d, const unsigned int *h, size_t count, char *err, size_t n)
{
    int rc = 0;
    GS_CK_OUT(cudaMalloc((void **)d, count * sizeof **d + 4));
    GS_CK_OUT(cudaMemcpy(*d, h, count * sizeof **d, cudaMemcpyHostToDevice));
out:
    return rc;
}

int gs_app_input_load(const gs_app_options *ao, gs_app_input *x, const char *spec, unsigned int need, int progress,
                      char *err, size_t n)
{
    char dir[4096];
    size_t free_b = 0, total_b = 0;
    const int need_in = (need & GS_APP_IN_TRANSPOSE) != 0;
    int rc;
    gs_graph_cache_dir(dir, sizeof dir);
    if (progress)
        fprintf(stderr, "\rapp: loading %s%40s", spec, "");
    if ((rc = gs_graph_load(spec, dir[0] ? dir : NULL, &x->g, err, n)))
        return rc;
    x->have_graph = 1;
    const gs_graph *g = &x->g;
    if (ao->source >= g->n) {
        snprintf(err, n, "--source %u is out of range: %s has %u vertices", ao->source, g->name, g->n);
        return GS_EXIT_USAGE;
    }
    if ((need & GS_APP_IN_NONNEG) && g->neg_line) {
        snprintf(err, n, "%s: line %lu has the negative weight %lld: SSSP needs weights of 0 or more", g->name,
                 g->neg_line, g->neg_weight);
        return GS_EXIT_USAGE;
    }
    /* the graph, its transpose, and the programs' arrays (about 8 words a vertex) */
    const double bytes = 4.0 * ((double)g->n + 1 + 2.0 * g->m) * (need_in ? 2 : 1) + 40.0 * g->n;
    GS_CK_OUT(cudaMemGetInfo(&free_b, &total_b));
    if (bytes > 0.9 * (double)free_b) {
        snprintf(err, n, "%s needs about %.0f MiB of device memory; the GPU has %.0f MiB free", g->name,
                 bytes / 1048576.0, (double)free_b / 1048576.0);
        return GS_EXIT_USAGE;
    }
    if ((rc = gs_app_upload(&x->d_row, g->row, (size_t)g->n + 1, err, n)) ||
        (rc = gs_app_upload(&x->d_col, g->col, g->m, err, n)) || (rc = gs_app_upload(&x->d_w, g->w, g->m, err, n)))
        return rc;
    if (need_in) {
        float *inv = malloc((size_t)g->n * sizeof *inv);
        if (!inv || gs_graph_transpose(g, &x->in)) {
            free(inv);
            snprintf(err, n, "%s: out of host memory for its transpose", g->name);
            return GS_EXIT_RUNTIME;
        }
        x->have_in = 1;
        for (unsigned int u = 0; u < g->n; ++u)
            inv[u] = g->row[u + 1] > g->row[u] ? 1.0f / (float)(g->row[u + 1] - g->row[u]) : 0.0f;
        rc = gs_app_upload(&x->d_in_row, x->in.row, (size_t)g->n + 1, err, n);
        if (!rc)
            rc = gs_app_upload(&x->d_in_col, x->in.col, g->m, err, n);
        if (!rc)
            rc = gs_app_upload((unsigned int **)&x->d_inv_out, (const unsigned int *)inv, g->n, err, n);
        free(inv);
        return rc;
    }
    return 0;
out:
    return rc;
}

void gs_app_describe_graph(const gs_app_ctx *c, gs_app_row *r)
{
    snprintf(r->graph, sizeof r->graph, "%s", c->x->g.name);
    r->n = c->x->g.n, r->m = c->x->g.m;
}

void gs_app_events_destroy(cudaEvent_t t0, cudaEvent_t t1)
{
    if (t0)
        cudaEventDestroy(t0);
    if (t1)
        cudaEventDestroy(t1);
}

int gs_app_no_answer(const gs_app_input *x, char *err, size_t n)
{
    snprintf(err, n, "%s: out of host memory for the reference answer", x->g.name);
    return GS_EXIT_RUNTIME;
}

void gs_app_timeout(const gs_app_ctx *c, gs_app_row *r)
{
    r->verdict = GS_TIMEOUT;
    snprintf(r->detail, sizeof r->detail, "the watchdog ended the run after %.1f s", c->timeout_s);
}
