/* uts_hs.h: `gsync-bench app uts-hs`, HeteroSync's unbalanced tree search
 * (cuda/uts/uvm/uts.cu) ported: its tree and first stacks, built on the
 * host as its host code builds them (uts_hs.c), and its kernel
 * (uts_hs_kernels.cu), shipped and fixed. */
#ifndef GSYNC_UTS_HS_H
#define GSYNC_UTS_HS_H

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GS_UTS_HS_CORES 15u /* HeteroSync's NUM_PHYSICAL_CORES: the local stacks (block b uses b % 15) */
#define GS_UTS_HS_FRONT 32u /* a task front: a warp */
#define GS_UTS_HS_LOCK_BYTES 256u /* a lock's place: HeteroSync's word, or gsync's ticket lock (two lines) */

/* A node as HeteroSync lays it out: no children (child_a 0) or two. */
typedef struct gs_uts_hs_node {
    unsigned int value, depth, to_add;
    int child_a, child_b;
} gs_uts_hs_node;

/* The tree of `n` nodes, the host's answer, and the stacks' first contents. */
typedef struct gs_uts_hs_tree {
    gs_uts_hs_node *nodes;
    unsigned int n, leaves, leaf_sum; /* leaf_sum: 32-bit, wrapping, as HeteroSync's */
    unsigned int cores;               /* local stacks: the blocks, at most GS_UTS_HS_CORES */
    unsigned int processed;           /* nodes expanded on the host to fill the stacks */
    int *first;                       /* the frontier, dealt round-robin: first[i] to stack i % cores */
    unsigned int nfirst;
} gs_uts_hs_tree;

/* glibc's rand() (the additive feedback generator of random_r.c, TYPE_3),
 * so that the tree is HeteroSync's on any host. */
typedef struct gs_uts_hs_rand {
    unsigned int r[31];
    unsigned int f, b;
} gs_uts_hs_rand;
void gs_uts_hs_srand(gs_uts_hs_rand *g, unsigned int seed);
int gs_uts_hs_rand_next(gs_uts_hs_rand *g);

/* HeteroSync's tree for argument `size` (size + 1 nodes when size is even,
 * from srand(200)), fertility in percent, for `blocks` blocks.  0; -1 out of
 * memory; -2 the tree does not reach its size (fertility too low); -3 too
 * few nodes to put 16 on each stack. */
int gs_uts_hs_build(unsigned int size, unsigned int fertility, unsigned int blocks, gs_uts_hs_tree *t);
void gs_uts_hs_free(gs_uts_hs_tree *t);

/* What the kernel sees (device pointers). */
typedef struct gs_uts_hs_args {
    gs_uts_hs_node *tree;
    int *stacks;           /* the global stack (global_size ints), then `cores` local stacks of local_size */
    int *heads;            /* cores + 1: the global stack's, then each local stack's */
    unsigned int *locks;   /* cores + 1, the same order, GS_UTS_HS_LOCK_BYTES apart */
    unsigned int *out;     /* nodes processed, leaves found, leaf sum, indices out of range */
    unsigned int total, global_size, local_size, cores;
    unsigned int blocks, threads;
    void *watchdog;
    unsigned long long timeout_ns;
} gs_uts_hs_args;

/* uts_hs_kernels.cu: cudaError_t values.  mode: GS_SYNC_HS_SHIPPED or
 * GS_SYNC_HS_FIXED (app.h). */
int gs_uts_hs_setup(const gs_uts_hs_args *a); /* arms the watchdog */
int gs_uts_hs_run(const gs_uts_hs_args *a, unsigned int mode, cudaEvent_t t0, cudaEvent_t t1);
int gs_uts_hs_occupancy(unsigned int threads, int *per_sm); /* the lesser of the two kernels' */

#ifdef __cplusplus
}
#endif
#endif
