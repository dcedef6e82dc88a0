/* multi_server.h: the `server` way of `gsync-bench multi` (multi_server.cuh),
 * the part host and device share: the counters workload of the server
 * family (docs/server.md) with servers on every GPU (docs/multi.md).
 *
 * On every GPU blocks 0 .. gs_mq_receivers(blocks) - 1 serve; each lane of
 * the other blocks sends gs_mq_msgs(iters) updates, update i to item
 * gs_ms_op(gs_mq_key(gpu, block, lane, i)): count + 1, sum + v, at the
 * item's server on whichever GPU (gsync/multi/server.cuh). */
#ifndef GSYNC_MULTI_SERVER_H
#define GSYNC_MULTI_SERVER_H

#include "multi/multi_queue.h"

#define GS_MS_THREADS 128u  /* threads of a block of the server way */
#define GS_MS_ITEMS 4096u   /* counters (the server family's default bins) */
#define GS_MS_CAPACITY 4096u /* slots a queue */
#define GS_MS_DROP 1000u    /* brokenServer: every server drops arrivals 0, 1000, 2000, ... */

#ifdef __CUDACC__
#define GS__MS __host__ __device__ __forceinline__
#else
#define GS__MS static inline
#endif

/* Update `key`'s item (below `items`) and the value it adds to the sum. */
GS__MS void gs_ms_op(unsigned long long key, unsigned int items, unsigned int *item, unsigned int *v)
{
    const unsigned long long k = gs_mq_mix(key ^ 0x2545f4914f6cdd1dull);
    *item = (unsigned int)(((k >> 32) * items) >> 32);
    *v = 1u + (unsigned int)(k & 15u);
}

/* Items server d of `all` (every GPU's, numbered GPU by GPU) owns: d,
 * d + all, ... (gsync/multi/server.cuh's owner: id % all). */
GS__MS unsigned int gs_ms_owned(unsigned int d, unsigned int all)
{
    return GS_MS_ITEMS > d ? (GS_MS_ITEMS - d + all - 1u) / all : 0u;
}

/* Host: every item's (count << 32) + sum after `gpus` GPUs of `blocks`
 * blocks of `threads` each send `msgs` updates a client lane. */
static inline void gs_ms_expect(unsigned int gpus, unsigned int blocks, unsigned int threads, unsigned int msgs,
                                unsigned int items, unsigned long long *want)
{
    const unsigned int servers = gs_mq_receivers(blocks);
    for (unsigned int b = 0; b < items; ++b)
        want[b] = 0ull;
    for (unsigned int g = 0; g < gpus; ++g)
        for (unsigned int b = servers; b < blocks; ++b)
            for (unsigned int t = 0; t < threads; ++t)
                for (unsigned int i = 0; i < msgs; ++i) {
                    unsigned int item, v;
                    gs_ms_op(gs_mq_key(g, b, t, i), items, &item, &v);
                    want[item] += (1ull << 32) + v;
                }
}

#undef GS__MS
#endif
