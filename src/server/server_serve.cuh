/* server_serve.cuh: the server benchmark's server role, one handler a
 * workload on the library's serve loops, and the round trip (included by
 * server_kernels.cu only). */
#ifndef GSYNC_SERVER_SERVE_CUH
#define GSYNC_SERVER_SERVE_CUH

#include "server/server_args.cuh"

/* ---- servers ---- */
static __device__ void server(const srv_args &a, const gs_server_t &srv, unsigned char *slice)
{
    const unsigned int s = blockIdx.x, S = a.servers;
    const unsigned int owned = a.items > s ? (a.items - s + S - 1u) / S : 0u; /* items s, s + S, ... */
    unsigned long long *bins = (unsigned long long *)slice;
    unsigned int *bal = (unsigned int *)slice;
    __shared__ unsigned int top; /* hashtable: this server's nodes taken */
    /* hashtable with chains_smem: after the locks, its buckets' heads, then its part of the pool */
    unsigned int *sheads = bal + ((a.nlocks + 3u) & ~3u);
    uint4 *snodes = (uint4 *)(sheads + ((owned + 3u) & ~3u));
    if (a.workload == GS_SRV_HASHTABLE) {
        for (unsigned int k = threadIdx.x; k < a.nlocks; k += blockDim.x)
            bal[k] = 0u; /* the bucket locks */
        if (threadIdx.x == 0)
            top = a.srv_top[s]; /* after the preloaded keys */
        if (a.chains_smem)
            chains_copy(a, sheads, snodes, owned, a.srv_top[s], true);
        __syncthreads();
    } else if (a.slice_smem) { /* counters, transfers, unionfind: bins, balances or parents */
        for (unsigned int k = threadIdx.x; k < owned; k += blockDim.x) {
            if (a.workload == GS_SRV_COUNTERS)
                bins[k] = a.bins[s + k * S];
            else
                bal[k] = a.balances[s + k * S];
        }
        __syncthreads();
    }
    auto handler = [&](const uint4 &m, unsigned long long index) {
        if (a.workload == GS_SRV_QUEUE) { /* slot p of a message at its place, untorn; the first logged */
            const unsigned int p = (unsigned int)(index % a.msg_slots);
            const uint4 first = gs_msgq_at(a.queues, s, a.capacity).slots[(index - p) & (a.capacity - 1u)];
            if (m.z != p || m.w != (m.x ^ m.y ^ (p * 0x9e3779b9u)) || first.x != m.x || first.y != m.y)
                gs_red_add_relaxed(a.bad, 1u, GPU); /* its message's first slot is still held: one message */
            if (a.verifying && p == 0u) {
                unsigned int *e = a.log + 2ull * ((size_t)s * a.log_stride + (index - a.start) / a.msg_slots);
                e[0] = m.x;
                e[1] = m.y;
            }
        } else if (a.workload == GS_SRV_HASHTABLE) { /* a shared-memory lock a bucket (hashed when many) */
            const unsigned int b = m.x % a.items, lane = threadIdx.x % 32u, li = (b / S) % a.nlocks;
            unsigned int *lk = &bal[li], answer = 0u;
            unsigned int *head = a.chains_smem ? &sheads[b / S] : &a.heads[b];
            uint4 *nodes = a.chains_smem ? snodes : a.nodes;
            bool stuck = false;
            /* the lanes here now (a coalesced group) with the same lock take turns, so that none spins
             * on a lock a lane of its own warp holds; lanes with other locks go on at once */
            const unsigned int peers = __match_any_sync(__activemask(), li);
            for (unsigned int rest = peers; rest; rest &= rest - 1u, __syncwarp(peers)) {
                if (__ffs(rest) - 1u != lane)
                    continue;
                gs_wait_t lw = GS_WAIT_INIT;
                while (!stuck && gs_atom_cas_acquire(lk, 0u, 1u, CTA) != 0u)
                    stuck = gs_wait_spin(&lw);
                if (stuck)
                    continue;
                if (m.y)
                    answer = lookup(head, nodes, m.x);
                else
                    upsert(head, nodes, m.x, &top, a.chains_smem ? 0u : s * a.pool_per_server, CTA);
                gs_st_release(lk, 0u, CTA);
            }
            if (stuck)
                count_timeout(a);
            else if (m.y && !gs_server_reply(srv, m.z >> 10, make_uint4(m.z & 1023u, answer, 0u, 0u)))
                count_timeout(a);
        } else if (a.workload == GS_SRV_UNIONFIND) { /* link root hi under lo if it still is one */
            unsigned int seen;
            if (m.x >= a.items || m.y >= m.x || (m.z >> 10) < S || (m.z >> 10) >= gridDim.x) {
                gs_red_add_relaxed(&a.bad[1], 1u, GPU); /* not a request any client sent: unanswerable */
                return;
            }
            if (a.slice_smem) { /* the authoritative parents in shared memory, mirrored for the finds */
                if ((seen = atomicCAS(&bal[m.x / S], m.x, m.y)) == m.x)
                    gs_st_relaxed(&a.parent[m.x], m.y, GPU);
            } else
                seen = gs_atom_cas_relaxed(&a.parent[m.x], m.x, m.y, GPU);
            if (!gs_server_reply(srv, m.z >> 10, make_uint4(m.z & 1023u, seen == m.x ? ~0u : seen, 0u, 0u)))
                count_timeout(a);
        } else if (a.workload == GS_SRV_STRESS) { /* slot p untorn; the first: its item, its log, its answer */
            const unsigned int p = (unsigned int)(index % a.msg_slots), senders = clients(a) * blockDim.x;
            if (p) {
                const uint4 first = gs_msgq_at(a.queues, s, a.capacity).slots[(index - p) & (a.capacity - 1u)];
                const uint4 want = queue_part(first.z, first.w, p);
                if (m.x != want.x || m.y != want.y || m.z != want.z || m.w != want.w)
                    gs_red_add_relaxed(a.bad, 1u, GPU);
                return;
            }
            if (m.x >= a.items || m.x % S != s || m.z >= senders || m.w >= a.total) {
                gs_red_add_relaxed(a.bad, 1u, GPU); /* not a message any client sent */
                return;
            }
            cuda::atomic_ref<unsigned long long, cuda::thread_scope_block>(a.bins[m.x])
                .fetch_add((1ull << 32) + (m.y & 0xffffu), cuda::memory_order_relaxed);
            if (atomicExch(&a.log[(size_t)m.z * a.total + m.w], (unsigned int)(index - a.start)) != ~0u)
                gs_red_add_relaxed(a.bad, 1u, GPU); /* received twice */
            if ((m.y >> 16) && !gs_server_reply(srv, S + m.z / blockDim.x,
                                                make_uint4(m.z % blockDim.x, gs_srv_stress_answer(m.z, m.w, m.x),
                                                           0u, 0u)))
                count_timeout(a);
        } else if (a.workload == GS_SRV_COUNTERS) {
            unsigned long long *b = a.slice_smem ? &bins[m.x / S] : &a.bins[m.x];
            cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(*b).fetch_add(
                ((unsigned long long)m.z << 32) + m.y, cuda::memory_order_relaxed);
        } else { /* transfers */
            unsigned int *b = a.slice_smem ? &bal[m.y / S] : &a.balances[m.y];
            if (m.x == MSG_D) {
                (void)atomicAdd(b, m.z); /* relaxed: the block's own item */
                return;
            }
            unsigned int old = gs_ld_relaxed(b, GPU), ok = 0u; /* a CAS loop: withdraw if it holds enough */
            while (old >= m.z) {
                const unsigned int seen = atomicCAS(b, old, old - m.z);
                if (seen == old) {
                    ok = 1u;
                    break;
                }
                old = seen;
            }
            if (!gs_server_reply(srv, m.w >> 10, make_uint4(m.w & 1023u, ok, 0u, 0u)))
                count_timeout(a);
        }
    };
    const unsigned long long handled =
        a.way == GS_SRV_LF ? gs_server_serve_lf(srv, handler) : gs_server_serve(srv, handler);
    const unsigned int per = a.workload == GS_SRV_QUEUE || a.workload == GS_SRV_STRESS ? a.msg_slots : 1u;
    if (handled == GS_SERVER_STUCK && threadIdx.x == 0)
        count_timeout(a);
    if (threadIdx.x == 0)
        a.counts[s] = handled == GS_SERVER_STUCK ? ~0u : (unsigned int)(handled / per);
    if (a.workload == GS_SRV_HASHTABLE && a.chains_smem) {
        __syncthreads();
        chains_copy(a, sheads, snodes, owned, top, false);
    } else if (a.slice_smem && a.workload != GS_SRV_HASHTABLE) {
        __syncthreads();
        for (unsigned int k = threadIdx.x; k < owned; k += blockDim.x) {
            if (a.workload == GS_SRV_COUNTERS)
                a.bins[s + k * S] = bins[k];
            else
                a.balances[s + k * S] = bal[k];
        }
    }
}

/* ---- one round trip, repeated: block 0 asks, block 1 answers ---- */
static __device__ void pingpong(const srv_args &a, unsigned long long *cache)
{
    const unsigned int me = blockIdx.x, other = 1u - me;
    const gs_msgq_t mine = gs_msgq_at(a.queues, me, a.capacity), theirs = gs_msgq_at(a.queues, other, a.capacity);
    unsigned long long head = gs_msg_head(mine);
    for (unsigned int i = 0; i < a.total; ++i) {
        bool stuck = false;
        if (me == 0u && threadIdx.x == 0)
            stuck = !gs_msg_send(theirs, make_uint4(i, 0u, 0u, 0u), &cache[other]);
        stuck = __syncthreads_or(stuck) != 0; /* the whole block leaves together */
        gs_wait_t w = GS_WAIT_INIT;
        unsigned int n;
        while ((n = gs_msg_peek(mine, head)) == 0u && !stuck)
            stuck = __syncthreads_or(threadIdx.x == 0 && gs_wait_spin(&w)) != 0;
        if (stuck) {
            if (threadIdx.x == 0)
                count_timeout(a);
            return;
        }
        const uint4 m = mine.slots[head & (a.capacity - 1u)];
        if (threadIdx.x == 0 && m.x != i)
            gs_red_add_relaxed(&a.counts[0], 1u, GPU); /* a reply out of turn */
        head = gs_msg_free(mine, head, n);
        if (me == 1u && threadIdx.x == 0 && !gs_msg_send(theirs, make_uint4(i, 1u, 0u, 0u), &cache[other]))
            count_timeout(a);
    }
}

#endif
