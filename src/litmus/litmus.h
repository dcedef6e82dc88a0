/* litmus.h: `gsync-bench litmus`, litmus tests of gsync's ordering layer
 * (include/gsync/ptx.cuh): MP, SB, LB and IRIW between blocks on different
 * SMs, each with relaxed, release/acquire and fence.sc accesses, and MP
 * through the library's publish patterns with broken twins, counting every
 * outcome (docs/litmus.md).
 *
 * litmus_cli.c: the command's words and options (parsed with the rest of the
 * command line, no GPU).  litmus.c: the model table, the classification of
 * the kernels' records, the command and its report.  litmus_kernels.cu: the
 * kernels, reached through gs_litmus_gpu_*.
 */
#ifndef GSYNC_LITMUS_H
#define GSYNC_LITMUS_H

#include <cuda_runtime_api.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* MP, SB, LB, IRIW run with every order; the shapes after them are MP
 * through one of the library's own publish patterns, acqrel only (their order
 * is built in), then the broken twins, each its pattern without one ordering
 * piece, which must FAIL. */
enum gs_litmus_shape {
    GS_LITMUS_MP, GS_LITMUS_SB, GS_LITMUS_LB, GS_LITMUS_IRIW,
    GS_LITMUS_MP_FENCE, GS_LITMUS_MP_ATOM_OR, GS_LITMUS_MP_CLUSTER, GS_LITMUS_MP_SYNCWARP,
    GS_LITMUS_MP_BROKEN, GS_LITMUS_MP_FENCE_BROKEN, GS_LITMUS_MP_ATOM_OR_BROKEN, GS_LITMUS_MP_CLUSTER_BROKEN,
    GS_LITMUS_MP_SYNCWARP_BROKEN
};
#define GS_LITMUS_SHAPES 13      /* with the broken twins */
#define GS_LITMUS_PLAIN_SHAPES 8 /* what `--shape all` means */
#define GS_LITMUS_ANY_ORDER(shape) ((shape) <= GS_LITMUS_IRIW) /* else acqrel only */
#define GS_LITMUS_IS_TWIN(shape) ((shape) >= GS_LITMUS_MP_BROKEN)
/* The twin's pattern: MPbrokenAcquire's is MP acqrel's, GS_LITMUS_MP. */
#define GS_LITMUS_PATTERN(shape) \
    ((shape) == GS_LITMUS_MP_BROKEN ? GS_LITMUS_MP : GS_LITMUS_IS_TWIN(shape) ? (shape) - 5u : (shape))
#define GS_LITMUS_IS_CLUSTER(shape) (GS_LITMUS_PATTERN(shape) == GS_LITMUS_MP_CLUSTER)
#define GS_LITMUS_IS_SYNCWARP(shape) (GS_LITMUS_PATTERN(shape) == GS_LITMUS_MP_SYNCWARP)
enum gs_litmus_order { GS_LITMUS_RELAXED, GS_LITMUS_ACQREL, GS_LITMUS_SC };
#define GS_LITMUS_ORDERS 3

/* A block: GS_LITMUS_PWARPS warps of participants (a lane each: one role of
 * one instance), the rest stress warps.  The shapes from MPfence on and the
 * twins use one: they read the data through L1 after a warming read (the
 * twins' stale line), and another warp's acquires would invalidate it.
 * MPsyncwarp's producer is two lanes (i and i + 16), so 16 instances a warp. */
#define GS_LITMUS_PWARPS 2u
#define GS_LITMUS_WARMS(shape) ((shape) >= GS_LITMUS_MP_FENCE)
#define GS_LITMUS_SHAPE_PWARPS(shape) (GS_LITMUS_WARMS(shape) ? 1u : GS_LITMUS_PWARPS)
#define GS_LITMUS_SHAPE_LANES(shape) (GS_LITMUS_IS_SYNCWARP(shape) ? 16u : 32u)
#define GS_LITMUS_THREADS 256u
#define GS_LITMUS_MAX_ROLES 4u
#define GS_LITMUS_MAX_ROUNDS 2048u   /* rounds of every instance in one launch */
#define GS_LITMUS_MIN_ITERS 1000u
#define GS_LITMUS_MAX_ITERS 1000000000u
/* A broken twin whose weak outcome did not show in the iterations asked
 * runs on, up to this many times as many (at most GS_LITMUS_MAX_ITERS). */
#define GS_LITMUS_TWIN_FACTOR 1000u

/* A reader's record of one iteration: GS_LITMUS_DONE | class of its first
 * read | class of its second << 2 (| the warming read's << 4 where the
 * shape has one, not counted); a class is 0 (the value of the round
 * before), 1 (this round's) or 2 (any other value).  0: not run. */
#define GS_LITMUS_DONE 0x80u

/* ---- litmus_cli.c ---- */
typedef struct gs_litmus_options {
    unsigned int shapes[GS_LITMUS_SHAPES];
    int nshapes;
    int all_shapes;     /* 1: --shape all (or none given) */
    unsigned int orders[GS_LITMUS_ORDERS];
    int norders;
    unsigned int iters; /* at least this many iterations of each (shape, order) */
    unsigned int stress; /* 1: stress warps on */
} gs_litmus_options;
/* The litmus command's options in its gs_options (cli.h). */
#define gs_litmus_own(o) GS_OWN(o, const gs_litmus_options)

/* ---- litmus.c: the names, the model and the classification (host, no GPU) ---- */
extern const char *const gs_litmus_shape_names[GS_LITMUS_SHAPES];
extern const char *const gs_litmus_order_names[GS_LITMUS_ORDERS];
const char *gs_litmus_shape_name(unsigned int shape);
const char *gs_litmus_order_name(unsigned int order);
unsigned int gs_litmus_roles(unsigned int shape);
/* 1 when the PTX memory model forbids the shape's weak outcome under order. */
int gs_litmus_forbidden(unsigned int shape, unsigned int order);
/* Reads per iteration (the outcome's bits), and the weak outcome's index. */
unsigned int gs_litmus_reads(unsigned int shape);
unsigned int gs_litmus_weak_outcome(unsigned int shape);
/* The outcome's label: its bits, the first read first ("10": new, old). */
void gs_litmus_outcome_label(unsigned int shape, unsigned int outcome, char *out, size_t n);

typedef struct gs_litmus_counts {
    unsigned long long outcome[16]; /* complete iterations by outcome */
    unsigned long long iterations;  /* complete: every reader recorded */
    unsigned long long distinct_sm; /* complete, with every role on its own SM */
    unsigned long long other;       /* complete, with a read of neither value */
    unsigned long long warmed;      /* GS_LITMUS_WARMS shapes: complete, the warming read old */
} gs_litmus_counts;

/* Adds one launch's records (rounds x instances x roles bytes) to c; smid:
 * the SM of each of the launch's roles x groups blocks. */
void gs_litmus_classify(unsigned int shape, const unsigned char *records, unsigned int rounds,
                        unsigned int instances, unsigned int groups, const unsigned int *smid, gs_litmus_counts *c);

/* ---- litmus_kernels.cu: one (shape, order) on the current device ---- */
typedef struct gs_litmus_gpu {
    unsigned int shape, order, roles, groups, blocks, instances, per_sm, max_rounds;
    unsigned int cluster; /* 2: launched in clusters of two (MPcluster); 1: cooperatively */
    size_t smem; /* dynamic shared memory a block, so that an SM holds one */
    unsigned int *mem, *smid, *stress;
    unsigned char *records;
    void *watchdog;
    cudaEvent_t t0, t1;
} gs_litmus_gpu;

/* Plans (roles x groups blocks, one per SM) and allocates for the rounds
 * of one launch (enough for `iters` iterations, at most
 * GS_LITMUS_MAX_ROUNDS); *g is usable by gs_litmus_gpu_close after any
 * return.  cudaErrorInvalidConfiguration: no cooperative launch, fewer SMs
 * than roles, or a grid that cannot be co-resident; cudaErrorNotSupported:
 * a cluster shape on a device that cannot run clusters of two (a SKIP). */
cudaError_t gs_litmus_gpu_open(gs_litmus_gpu *g, unsigned int shape, unsigned int order, unsigned int iters);
/* One cooperative launch of `rounds` rounds; copies the records (rounds x
 * instances x roles bytes) and the blocks' SMs back.  *ms: the kernel's time. */
cudaError_t gs_litmus_gpu_run(gs_litmus_gpu *g, unsigned int rounds, int stress, unsigned long long timeout_ns,
                              unsigned int seed, unsigned char *records, unsigned int *smid, float *ms,
                              int *timed_out);
void gs_litmus_gpu_close(gs_litmus_gpu *g);

/* ---- litmus.c: the command.  GS_EXIT_OK, or an exit status with err set; its columns. ---- */
struct gs_options;
struct gs_device_info;
struct gs_meta;
struct gs_schema;
extern const struct gs_schema gs_litmus_schema;
int gs_litmus_command(const struct gs_options *o, const struct gs_device_info *dev, const struct gs_meta *meta,
                      char *err, size_t n);

#ifdef __cplusplus
}
#endif
#endif
