/* multi_queue.h: the `queue` way of `gsync-bench multi` (multi_queue.cuh),
 * the part host and device share: which blocks receive, where each message
 * goes, and what each receiver must get (docs/multi.md).
 *
 * On every GPU blocks 0 .. gs_mq_receivers(blocks) - 1 receive (a queue
 * each), the others send: each lane of a sender block sends gs_mq_msgs(iters)
 * messages, message i to receiver gs_mq_dest(key, receivers of all GPUs),
 * key = gs_mq_key(gpu, block, lane, i); receiver d is queue d % r of GPU
 * d / r (r receivers a GPU).  A message is (gpu, block, lane, i); each
 * receiver counts what it takes and adds up gs_mq_tag(key) of each. */
#ifndef GSYNC_MULTI_QUEUE_H
#define GSYNC_MULTI_QUEUE_H

#define GS_MQ_THREADS 128u      /* threads of a block of the queue way */
#define GS_MQ_RECEIVER_SHARE 4u /* one block in 4 receives */
#define GS_MQ_CAPACITY 4096u    /* slots a queue */
#define GS_MQ_ITERS_A_MSG 8u    /* a sender lane sends iters / 8 messages */

#ifdef __CUDACC__
#define GS__MQ __host__ __device__ __forceinline__
#else
#define GS__MQ static inline
#endif

/* Receivers of a GPU of `blocks` blocks: a quarter, at least 1; 0 when
 * there is no block left to send. */
GS__MQ unsigned int gs_mq_receivers(unsigned int blocks)
{
    return blocks < 2u ? 0u : blocks / GS_MQ_RECEIVER_SHARE ? blocks / GS_MQ_RECEIVER_SHARE : 1u;
}

/* Messages a sender lane sends at --iters `iters` (at least 1). */
GS__MQ unsigned int gs_mq_msgs(unsigned int iters)
{
    return iters / GS_MQ_ITERS_A_MSG ? iters / GS_MQ_ITERS_A_MSG : 1u;
}

/* splitmix64's finalizer. */
GS__MQ unsigned long long gs_mq_mix(unsigned long long x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Message i of lane `lane` of block `block` of GPU `gpu`, as one number
 * (gpu < 8, block < 2^16, lane < 2^10). */
GS__MQ unsigned long long gs_mq_key(unsigned int gpu, unsigned int block, unsigned int lane, unsigned int i)
{
    return ((unsigned long long)((gpu << 26) | (block << 10) | lane) << 32) | i;
}

/* Its receiver among `total` (every GPU's): a hash scaled to the range. */
GS__MQ unsigned int gs_mq_dest(unsigned long long key, unsigned int total)
{
    return (unsigned int)(((gs_mq_mix(key) >> 32) * total) >> 32);
}

/* Its term of the receiver's checksum. */
GS__MQ unsigned long long gs_mq_tag(unsigned long long key)
{
    return gs_mq_mix(key ^ 0x5851f42d4c957f2dull);
}

/* Host: what each of GPU `gpu`'s receivers must get when `gpus` GPUs run
 * `blocks` blocks of `threads` and each sender lane sends `msgs`: count[r]
 * messages whose tags add up to sum[r] (r < gs_mq_receivers(blocks)). */
static inline void gs_mq_expect(unsigned int gpus, unsigned int blocks, unsigned int threads, unsigned int msgs,
                                unsigned int gpu, unsigned long long *count, unsigned long long *sum)
{
    const unsigned int r = gs_mq_receivers(blocks), total = r * gpus;
    for (unsigned int q = 0; q < r; ++q)
        count[q] = sum[q] = 0ull;
    for (unsigned int g = 0; g < gpus; ++g)
        for (unsigned int b = r; b < blocks; ++b)
            for (unsigned int t = 0; t < threads; ++t)
                for (unsigned int i = 0; i < msgs; ++i) {
                    const unsigned long long key = gs_mq_key(g, b, t, i);
                    const unsigned int d = gs_mq_dest(key, total);
                    if (d / r == gpu)
                        ++count[d % r], sum[d % r] += gs_mq_tag(key);
                }
}

#undef GS__MQ
#endif
