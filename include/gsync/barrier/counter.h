/* gsync/barrier/counter.h: the handle of gsync's device-wide barrier and the
 * size of its state, for host code (C) and device code alike.  The barrier
 * itself is in counter.cuh; gs_barrier_plan (gsync/host.h) fills a handle. */
#ifndef GSYNC_BARRIER_COUNTER_H
#define GSYNC_BARRIER_COUNTER_H

/* The forms of the barrier; all share one handle and one algorithm file. */
enum gs_barrier_form {
    GS_BARRIER_FLAT = 0,     /* one counter: arrive with atom.acq_rel, poll it     */
    GS_BARRIER_SPREAD = 1,   /* 2 or 4 counters in different L2 slices            */
    GS_BARRIER_GATHERED = 2, /* a counter per 128 blocks, block 0 gathers, flags  */
    GS_BARRIER_WIDE = 3,     /* 32 interleaved counters, a flag per SM mod 32     */
    GS_BARRIER_FORMS = 4,
    GS_BARRIER_AUTO = -1     /* gs_barrier_plan: let the chooser pick             */
};

/* Each thread works on its own copy (pass the handle by value to the kernel
 * and take the parameter's address): never share one in shared or global
 * memory.  A second launch needs the state zeroed again (gs_barrier_reset). */
typedef struct gs_barrier {
    unsigned int *words;    /* the state: gs_barrier_bytes(blocks) bytes, zeroed  */
    unsigned int form;      /* enum gs_barrier_form                               */
    unsigned int k;         /* spread: counters polled (2 or 4); else 1           */
    unsigned int lines;     /* spread: each slot's counter line, a byte per slot  */
    unsigned int epoch;     /* barriers this thread has passed; 0 for fresh state */
    unsigned int blocks;    /* the grid planned; 0: any (GS_BARRIER_FLAT_INIT)    */
    unsigned int launched;  /* host: launched since the state was last zeroed     */
} gs_barrier_t;

/* A flat barrier on zeroed state `words`, without the host module. */
#define GS_BARRIER_FLAT_INIT(words) {(words), GS_BARRIER_FLAT, 1u, 0u, 0u, 0u, 0u}

#define GS_BARRIER_LINE 32u          /* words per 128-byte line */
#define GS_BARRIER_GROUP 128u        /* gathered: blocks per arrival counter */
#define GS_BARRIER_FLAG_GROUP 64u    /* gathered: blocks per release flag */
#define GS_BARRIER_LANES 32u         /* wide: counters and flags, a lane each */
#define GS_BARRIER_POOL_LINES 128u   /* spread: lines the placement picks from */

#ifdef __CUDACC__
#define GS__HD __host__ __device__ __forceinline__
#else
#define GS__HD inline
#endif

/* Arrival counters and release flags of the gathered and wide forms. */
static GS__HD unsigned int gs_barrier_groups(unsigned int blocks, unsigned int form)
{
    if (form == GS_BARRIER_WIDE)
        return blocks < GS_BARRIER_LANES ? blocks : GS_BARRIER_LANES;
    return (blocks + GS_BARRIER_GROUP - 1u) / GS_BARRIER_GROUP;
}
static GS__HD unsigned int gs_barrier_flags(unsigned int blocks, unsigned int form)
{
    if (form == GS_BARRIER_WIDE)
        return gs_barrier_groups(blocks, form);
    return (blocks + GS_BARRIER_FLAG_GROUP - 1u) / GS_BARRIER_FLAG_GROUP;
}

/* Bytes of zeroed state for a grid of `blocks` blocks, enough for any form. */
static GS__HD unsigned long long gs_barrier_bytes(unsigned int blocks)
{
    const unsigned int gathered = 1u + gs_barrier_groups(blocks, GS_BARRIER_GATHERED) +
                                  gs_barrier_flags(blocks, GS_BARRIER_GATHERED);
    return 128ull * (gathered > GS_BARRIER_POOL_LINES ? gathered : GS_BARRIER_POOL_LINES);
}

#undef GS__HD
#endif
