/* multi_pagerank.h: the ways `pagerank` and `brokenPagerank` of
 * `gsync-bench multi` (docs/multi-programs.md, "A program across GPUs"): the app
 * family's PageRank (src/app/pagerank.c: pull-based, damping 0.85, the
 * dangling rank spread evenly, until the L1 change of an iteration is below
 * 1e-6 or 1000 iterations) on 1 to 8 GPUs, each GPU computing the ranks of
 * one vertex range.  This is the host side (multi_pagerank.c): the ranges,
 * each rank's share of the graph, the host reference and the comparison;
 * the kernel and the rank's steps are pagerank_kernels.cuh. */
#ifndef GSYNC_MULTI_PAGERANK_H
#define GSYNC_MULTI_PAGERANK_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GS_MPR_THREADS 256u        /* threads of a block */
#define GS_MPR_DAMPING 0.85        /* the app family's defaults (--damping, --tol) */
#define GS_MPR_TOL 1e-6
#define GS_MPR_MAX_ITERS 1000u     /* the app family's PR_MAX_ITERS */
#define GS_MPR_LANES 32u           /* cells a sum is spread over (block b adds into cell b % 32) */
#define GS_MPR_CELL 16u            /* 64-bit words from one cell to the next: a 128-byte line */
#define GS_MPR_SLOTS 3u            /* rotating slots of the sums (the app family's argument) */
#define GS_MPR_FIX_BITS 50         /* the sums in fixed point: value * 2^50 in 64 bits */
#define GS_MPR_SUM_WORDS (GS_MPR_SLOTS * 2u * GS_MPR_LANES * GS_MPR_CELL)
#define GS_MPR_DEFAULT_GRAPH "road:fla"
#define GS_MPR_MAX_PES 8u

/* The ranges: bounds[0] = 0 <= bounds[1] <= ... <= bounds[npes] = n, range
 * pe = [bounds[pe], bounds[pe + 1]).  Contiguous vertex ranges of about
 * equal work, a vertex's work being its in-degree + 1 (in_row: the
 * transpose's n + 1 offsets, so the work before v is in_row[v] + v): on a
 * road graph about n / npes vertices each, on RMAT fewer where the hubs
 * are.  npes 1 .. GS_MPR_MAX_PES. */
void gs_mpr_partition(const unsigned int *in_row, unsigned int n, unsigned int npes, unsigned int *bounds);

/* What one rank holds on the host. */
typedef struct gs_mpr_input {
    char name[96];                        /* the graph's, "road:usa" */
    unsigned int n, m;                    /* vertices, arcs */
    unsigned int npes, pe, lo, hi;        /* this rank's range [lo, hi) */
    unsigned int bounds[GS_MPR_MAX_PES + 1];
    unsigned int *row;                    /* hi - lo + 1 offsets from 0: the in-arcs of lo + i */
    unsigned int *col;                    /* their tails (global vertex numbers), the transpose's order */
    float *inv_out;                       /* n: 1 / out-degree, 0 for a vertex with no out-arcs */
    float dangling0;                      /* the first iteration's dangling rank, summed as the app family does */
    double *ref;                          /* after gs_mpr_reference: the host's ranks (gs_ref_pagerank), n */
    unsigned int ref_iters;               /* and its iterations */
    struct gs_graph *graph;               /* `reference` asked: the graph and its transpose, until then */
} gs_mpr_input;

/* Loads SPEC (gs_graph_load, cached beside the binary) and keeps rank pe's
 * share of it among npes; `reference`: also keeps the whole graph for
 * gs_mpr_reference (only the rank that checks).  0, or an exit status (2
 * bad input, 1 out of memory) with err set. */
int gs_mpr_load(const char *spec, unsigned int pe, unsigned int npes, int reference, gs_mpr_input *in, char *err,
                size_t n);
/* The host's answer (gs_ref_pagerank in double) into ref and ref_iters;
 * frees the graph kept.  0, or 1 (out of memory) with err set. */
int gs_mpr_reference(gs_mpr_input *in, char *err, size_t n);
/* Builds rank pe's share from a loaded graph and its transpose (the part
 * of gs_mpr_load the tests call). */
struct gs_graph;
int gs_mpr_share(const struct gs_graph *g, const struct gs_graph *in_g, unsigned int pe, unsigned int npes,
                 gs_mpr_input *in, char *err, size_t n);
void gs_mpr_free(gs_mpr_input *in);

/* The app family's check: the iterations within 2 of the host's, every
 * rank within 1e-3 relative + 1e-3 / n of the host's.  0 when it holds,
 * else 1 with the first difference in detail. */
int gs_mpr_compare(const gs_mpr_input *in, const float *got, unsigned int iters, char *detail, size_t n);

/* The first process, before the ranks start (when the plan holds a
 * pagerank way): loads SPEC once, so that a generated graph is in the
 * cache before the ranks read it, and, unless NVSHMEM_SYMMETRIC_SIZE is
 * set, sets it to hold the ranks' symmetric arrays (3 n floats) with room
 * for the other ways.  0, or an exit status with err set. */
int gs_mpr_prepare(const char *spec, char *err, size_t n);

/* Symmetric bytes a rank allocates for a graph of n vertices. */
#define gs_mpr_symmetric_bytes(n) (2.0 * 4.0 * (double)(n) + 8.0 * GS_MPR_SUM_WORDS + 128.0)

#ifdef __cplusplus
}
#endif
#endif
