/* multi_nodes.c: the plan's grouping of PEs into nodes for gsync's barrier
 * across GPUs (gsync/multi/host.h): each PE's head (the lowest PE it
 * reaches by pointer) and, from what every PE said, the nodes, numbered by
 * their heads in PE order.  Pure host code, no NVSHMEM: the plan
 * (multi_host.cu) gathers what the PEs say; tests/host/test_multi_nodes.c
 * checks the grouping on layouts no machine here has. */
#include <string.h>

#include <gsync/multi/host.h>

unsigned int gs_multi_nodes_head(const gs_multi_peers_t *t, unsigned int npes, unsigned int pe)
{
    for (unsigned int p = 0; p < npes && p < GS_MULTI_MAX_PES; ++p)
        if (t->peer[p])
            return p;
    return pe; /* reaches no one, not even itself: its own node */
}

cudaError_t gs_multi_nodes_group(gs_multi_peers_t *t, const unsigned int *heads, unsigned int npes, unsigned int pe)
{
    if (!t || !heads || npes == 0u || npes > GS_MULTI_MAX_PES || pe >= npes)
        return cudaErrorInvalidValue;
    const unsigned int head = gs_multi_nodes_head(t, npes, pe);
    cudaError_t e = cudaSuccess;
    for (unsigned int p = 0; p < npes; ++p) /* a PE reaches exactly the PEs that name its own head */
        if (heads[p] == 0u || heads[p] > npes || (t->peer[p] != NULL) != (heads[p] == head + 1u))
            e = cudaErrorPeerAccessUnsupported;
    t->nodes = 0u, t->node = 0u, t->head = head;
    memset(t->heads, 0, sizeof t->heads);
    for (unsigned int p = 0; p < npes; ++p)
        if (heads[p] == p + 1u) { /* p heads a node */
            if (p == head)
                t->node = t->nodes;
            t->heads[t->nodes++] = p;
        }
    return e;
}
