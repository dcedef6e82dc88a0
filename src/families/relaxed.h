/* relaxed.h: the relaxed-atomics family's benchmarks, orderings and launch
 * parameters, shared by its host side (relaxed.c) and its kernels
 * (relaxed_kernels.cu, hist_kernels.cu). */
#ifndef GSYNC_RELAXED_H
#define GSYNC_RELAXED_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum gs_rx_bench {
    GS_RX_FLAGS, GS_RX_HG, GS_RX_HGNO, GS_RX_RC, GS_RX_SL, GS_RX_SPLIT, /* the seeds' patterns */
    GS_RX_HIST_ATOMIC, GS_RX_HIST_CUB, GS_RX_HIST_GSYNC,                  /* the histogram competition */
    GS_RX_HIST_CUB_INT, GS_RX_HIST_CUB_INT_SCALE, GS_RX_HIST_CUB_FLOAT,   /* its other CUB peers */
    GS_RX_HIST_CUB_RANGE, GS_RX_HIST_CUB_BYTE
};
/* sc: fence.sc.gpu around every synchronizing access; acqrel: acquire and
 * release where the pattern needs them; relaxed: relaxed where the paper
 * relaxes; broken: the tests' twins, each wrong on purpose where its
 * check looks (--order broken); nofence: Seqlocks' acquire/release without
 * the fences it needs (run with relaxed). */
enum gs_rx_order { GS_RX_SC, GS_RX_ACQREL, GS_RX_RELAXED, GS_RX_ORDERS, GS_RX_BROKEN = GS_RX_ORDERS, GS_RX_NOFENCE };

/* Check words of the family (after none of the shared ones). */
enum gs_rx_check {
    GS_RX_C_BAD = 0,      /* reads that saw an impossible value (torn, freed, decreasing) */
    GS_RX_C_DIRTY = 1,    /* Flags: "dirty" as main read it after the barrier */
    GS_RX_C_MET = 2,      /* Flags: workers' iterations that met the condition */
    GS_RX_C_LEFT = 3,     /* Flags: workers that left their loop; SL, SC: readers done */
    GS_RX_C_SEEN = 4,     /* Flags: workers main saw leave, after the barrier */
    GS_RX_C_WRITES = 5,   /* SL: the writer's writes */
    GS_RX_C_SEQ = 6,      /* SL: the sequence number at the end */
    GS_RX_C_PAIR0 = 7,    /* SL: the data pair at the end */
    GS_RX_C_PAIR1 = 8,
    GS_RX_C_RETRIES = 9,  /* SL: reads retried */
    GS_RX_C_SWEEPS = 10,  /* SC: readers' sweeps */
    GS_RX_C_FINAL = 11,   /* SC (sc, acqrel): reader sweeps after the writers ended that were not exact */
    GS_RX_C_TIMEOUT = 12, /* a wait abandoned (the watchdog) */
    GS_RX_C_WORDS = 16
};

#define GS_RX_RC_SHARERS 32u    /* RefCounter: blocks that share each object */
#define GS_RX_SL_GAP_NS 2000u   /* Seqlocks' twin: its pause inside a write */
#define GS_RX_SL_KEY 0x9e3779b1u /* Seqlocks: a pair is (w, w * KEY) */
#define GS_RX_SPLIT_EVERY 8u    /* SplitCounter: one reader block in 8 */
#define GS_RX_FLAGS_WORDS 1024u /* Flags: condition words per block */
#define GS_RX_HG_SAMPLES 1024u  /* HG: samples per block (Table II: 256 KB at 64 blocks) */

typedef struct gs_rx_params {
    unsigned int bench, order;
    unsigned int samples;    /* histograms: input samples; Flags: condition words */
    unsigned int bins;       /* histograms: a power of two */
    unsigned int bin_shift;  /* bin = sample >> bin_shift */
    unsigned int rate;       /* Flags: a word below it meets the condition */
    unsigned int groups;     /* RefCounter: sharing groups (block b in b % groups) */
    unsigned int cluster;    /* histGsync: blocks per cluster (1: none) */
    unsigned int smem_bytes; /* histGsync: dynamic shared memory per block */
    unsigned int replicas;   /* histGsync: sub-histograms per block */
} gs_rx_params;

/* hist_kernels.cu: the state a CUB peer (`bench`) needs for `samples`
 * samples into `bins` bins: its pre-scaled samples, its levels, CUB's
 * temporary storage (0 when CUB cannot tell: a cudaError_t in *err). */
size_t gs_hist_cub_state_bytes(unsigned int bench, unsigned int samples, unsigned int bins, int *err);
/* hist_kernels.cu: gsync's histogram's shape for `bins` bins on this device:
 * cluster size (`cluster`, or 0: the smallest whose slices fit), shared
 * bytes, replicas and resident blocks per SM.  Returns a cudaError_t. */
int gs_hist_gsync_shape(unsigned int bins, unsigned int threads, unsigned int cluster, gs_rx_params *p,
                        unsigned int *per_sm);

#ifdef __cplusplus
}
#endif
#ifdef __cplusplus
#include <cuda_runtime.h>
/* hist_cub.cu: one CUB DeviceHistogram call of peer `bench` (temp NULL: its
 * temporary storage's size in bytes); `in`: the raw samples, or those
 * pre-scaled to its sample type. */
cudaError_t gs_hist_cub_call(unsigned int bench, void *temp, size_t &bytes, const void *in, unsigned int *out,
                             unsigned int samples, unsigned int bins, const unsigned long long *levels);
#endif

#endif
