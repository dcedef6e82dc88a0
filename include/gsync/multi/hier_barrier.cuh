/* gsync/multi/hier_barrier.cuh: the leader forms of gsync's barrier across
 * GPUs, direct and hierarchical, on one node or several (gsync's own
 * design; docs/multi.md, docs/multi-nodes.md).  Kernels call them through
 * barrier.cuh.
 *
 * Algorithm: thread 0 of each block adds 1 to its GPU's arrival counter
 *            (never reset); the arrival reading e * n - 1 (n: this GPU's
 *            blocks) leads episode e and issues one fence.release.sys.
 *            Direct (one node): the leader adds 1 to every GPU's release
 *            word, and every block polls its own GPU's word for e * npes.
 *            Hierarchical: the leader stores e into its slot of every
 *            node-mate's flags and polls its own.  Across nodes the node's
 *            head then runs a dissemination between the nodes' heads (round
 *            k: signal the head of node + 2^k, wait for the signal of node -
 *            2^k; ceil(log2 nodes) rounds, remote.cuh) and stores e into its
 *            mates' down word, which they poll.  Each leader then stores e
 *            into its GPU's release word, which its blocks poll.
 * Ordering:  arrivals atom.acq_rel.gpu; the leader's .sys release is
 *            cumulative over its GPU; a relaxed .sys poll then
 *            fence.acquire.sys acquires it (direct: through the adds'
 *            observation order); each round and the down word: a release
 *            fence at .sys (gs_fence_release) before the signal or store, a
 *            poll and fence.acquire.sys after, so causality runs through
 *            every round; inside the GPU: st.release.gpu, then ld.relaxed.gpu +
 *            fence.acquire.gpu.
 * Checks:    the arrival's counter must lie in episode e's window
 *            [(e - 1) n, e n) (mod 2^32): a count left from an earlier launch
 *            or a larger grid fails it (misuse.cuh); every poll's last read
 *            is checked for a peer's poison.  Both cost a compare.
 * Progress:  blocking; split phase: arrive never waits.  Grids may differ
 *            between GPUs.
 * Requires:  the rules of barrier.cuh (every block resident; the state
 *            zeroed on every GPU before any launches).
 * Memory:    the handle's state (handle.h).
 */
#ifndef GSYNC_MULTI_HIER_BARRIER_CUH
#define GSYNC_MULTI_HIER_BARRIER_CUH

#include "misuse.cuh"

/* Thread 0.  Polls *p (relaxed, `scope`) until it reaches target; 1: the
 * watchdog fired.  A read `from` or more past the target is poison: it
 * stops this GPU too. */
static __device__ __forceinline__ int gs__multi_poll_from(const gs_multi_barrier_t *b, const unsigned int *p,
                                                          unsigned int target, enum gs_scope scope, gs_wait_t *w,
                                                          unsigned int from)
{
    unsigned int v;
    while ((int)((v = gs_ld_relaxed(p, scope)) - target) < 0)
        if (gs_wait_spin(w))
            return 1;
    if (v - target >= from)
        gs__multi_misuse(b, GS__MULTI_PEER, v);
    return 0;
}
#define gs__multi_poll(b, p, target, scope, w) gs__multi_poll_from((b), (p), (target), (scope), (w), GS_MULTI_POISON_FROM)

/* The leader of a GPU whose node-mates have all arrived at episode e, where
 * the plan spans nodes: the head runs the rounds between the nodes' heads,
 * then releases its mates; a mate waits for that.  Nonzero: the watchdog
 * fired. */
static __device__ __forceinline__ int gs__multi_across(const gs_multi_barrier_t *b, unsigned int e, gs_wait_t *w)
{
    const gs_multi_peers_t *t = b->peers;
    unsigned int *own = b->words;
    const unsigned int nodes = gs__multi_nodes(b), node = __ldg(&t->node);
    if (b->pe != __ldg(&t->head)) {
        if (gs__multi_poll(b, gs_multi_line(own, GS_MULTI_DOWN_LINE), e, GS_SCOPE_SYS, w))
            return 1;
        gs_fence_acquire(GS_SCOPE_SYS);
        return 0;
    }
    for (unsigned int k = 0, d = 1u; d < nodes; ++k, d <<= 1) {
        gs_fence_release(GS_SCOPE_SYS); /* everything acquired so far goes with the signal */
        gs__multi_remote_add(b, GS_MULTI_DISS_LINE(k), 1u, __ldg(&t->heads[(node + d) % nodes]));
        if (gs__multi_poll_from(b, gs_multi_line(own, GS_MULTI_DISS_LINE(k)), e, GS_SCOPE_SYS, w,
                                GS_MULTI_REMOTE_POISON_FROM))
            return 1;
        gs_fence_acquire(GS_SCOPE_SYS);
    }
    gs_fence_release(GS_SCOPE_SYS);
    GS__MULTI_FOR_PES(p, b) {
        unsigned int *mate = gs__multi_peer(b, p);
        if (p != b->pe && mate)
            gs_st_relaxed(gs_multi_line(mate, GS_MULTI_DOWN_LINE), e, GS_SCOPE_SYS);
    }
    return 0;
}

/* Thread 0, episode e.  Nonzero: this block leads (it must call the wait). */
static __device__ __forceinline__ unsigned int gs__multi_hier_arrive(const gs_multi_barrier_t *b, unsigned int e)
{
    const unsigned int n = gs_barrier_blocks();
    unsigned int *own = b->words;
    const unsigned int old = gs_atom_add_acq_rel(gs_multi_line(own, GS_MULTI_COUNT_LINE), 1u, GS_SCOPE_GPU);
    if (old - (e - 1u) * n >= n)
        gs__multi_misuse(b, GS__MULTI_STALE, old);
    if (old != e * n - 1u)
        return 0u;
    gs_fence_release(GS_SCOPE_SYS); /* once: covers every store below and every arrival acquired above */
    GS__MULTI_FOR_PES(p, b) {
        unsigned int *w = gs__multi_peer(b, p); /* NULL: another node (the hierarchical form only) */
        if (b->form == GS_MULTI_FORM_DIRECT)
            gs_red_add_relaxed(gs_multi_line(w, GS_MULTI_RELEASE_LINE), 1u, GS_SCOPE_SYS);
        else if (p != b->pe && w)
            gs_st_relaxed(gs_multi_line(w, GS_MULTI_FLAG_LINE(b->pe)), e, GS_SCOPE_SYS);
    }
    return 1u;
}

/* Thread 0, episode e.  Nonzero: the watchdog fired. */
static __device__ __forceinline__ int gs__multi_hier_wait(const gs_multi_barrier_t *b, unsigned int e,
                                                          unsigned int leader)
{
    gs_wait_t w = GS_WAIT_INIT;
    unsigned int *own = b->words;
    unsigned int *release = gs_multi_line(own, GS_MULTI_RELEASE_LINE);
    if (b->form == GS_MULTI_FORM_DIRECT) { /* every GPU's leader's add, each a release at .sys */
        if (gs__multi_poll(b, release, e * b->npes, GS_SCOPE_SYS, &w))
            return 1;
        gs_fence_acquire(GS_SCOPE_SYS);
        return 0;
    }
    if (!leader) {
        if (gs__multi_poll(b, release, e, GS_SCOPE_GPU, &w))
            return 1;
        gs_fence_acquire(GS_SCOPE_GPU);
        return 0;
    }
    GS__MULTI_FOR_PES(p, b)
        if (p != b->pe && gs__multi_peer(b, p) &&
            gs__multi_poll(b, gs_multi_line(own, GS_MULTI_FLAG_LINE(p)), e, GS_SCOPE_SYS, &w))
            return 1;
    gs_fence_acquire(GS_SCOPE_SYS); /* once: acquires every node-mate's release read above */
    if (gs__multi_nodes(b) > 1u && gs__multi_across(b, e, &w))
        return 1;
    gs_st_release(release, e, GS_SCOPE_GPU);
    return 0;
}

#endif
