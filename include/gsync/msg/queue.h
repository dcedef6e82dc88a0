/* gsync/msg/queue.h: the layout of gsync's message queues, for host code (C)
 * and device code alike.  The queues themselves are in queue.cuh.
 *
 * One queue per receiving block, all in one zeroed allocation: queue r
 * starts at gs_msgq_bytes(capacity) * r and holds a line with the 64-bit
 * write index (slots reserved), a line with the 64-bit read index (slots
 * consumed), the valid bit-mask (a bit per slot), then `capacity` 16-byte
 * slots.  A sender keeps a copy of each queue's read index (8 bytes a queue,
 * gs_msgq_copies_bytes), in its block's shared memory for the server.
 */
#ifndef GSYNC_MSG_QUEUE_H
#define GSYNC_MSG_QUEUE_H

#define GS_MSGQ_DEFAULT_CAPACITY 4096u
#define GS_MSGQ_MIN_CAPACITY 1024u /* the receiver scans up to 32 mask words: a capacity of at least 1024 */
#define GS_MSGQ_MAX_CAPACITY (1u << 24)

#ifdef __CUDACC__
#define GS__HD __host__ __device__ __forceinline__
#else
#define GS__HD static inline
#endif

/* Bytes of one queue of `capacity` slots (a power of two, 1024 to 2^24). */
GS__HD unsigned long long gs_msgq_bytes(unsigned int capacity)
{
    return 256ull + ((capacity / 32u * 4ull + 127ull) & ~127ull) + 16ull * capacity;
}

/* Bytes of the senders' copies of `queues` read indices. */
GS__HD unsigned long long gs_msgq_copies_bytes(unsigned int queues)
{
    return 8ull * queues;
}

/* Whether `capacity` is one the queues accept. */
GS__HD int gs_msgq_capacity_ok(unsigned int capacity)
{
    return capacity >= GS_MSGQ_MIN_CAPACITY && capacity <= GS_MSGQ_MAX_CAPACITY && (capacity & (capacity - 1u)) == 0u;
}

#undef GS__HD
#endif
