/* The grouping of PEs into nodes for the barrier across GPUs
 * (src/lib/multi_nodes.c): heads, node numbers and the checks that the
 * nodes are cliques, on layouts no machine here has (2 nodes of 4, 8 nodes
 * of 1, 3 PEs in nodes of 2 and 1), and the disagreements it must refuse;
 * and that the poison across nodes is seen however many GPUs stop (the
 * earlier poison, 0x60000000 with its threshold 0x20000000, wrapped at 2
 * adds: 84 of these checks fail on it). */
#include "../check.h"
#include "gsync/multi/host.h"

#include <string.h>

static unsigned int dummy[GS_MULTI_MAX_PES];

/* PE pe's table where it reaches PE p by pointer when p / size == pe / size. */
static gs_multi_peers_t table_of(unsigned int npes, unsigned int pe, unsigned int size)
{
    gs_multi_peers_t t;
    memset(&t, 0, sizeof t);
    for (unsigned int p = 0; p < npes; ++p)
        t.peer[p] = p / size == pe / size ? &dummy[p] : NULL;
    return t;
}

/* What every PE says under that layout: its head plus 1. */
static void heads_of(unsigned int npes, unsigned int size, unsigned int *heads)
{
    for (unsigned int p = 0; p < npes; ++p) {
        gs_multi_peers_t t = table_of(npes, p, size);
        heads[p] = gs_multi_nodes_head(&t, npes, p) + 1u;
    }
}

/* Every PE of the layout agrees, and sees `nodes` nodes with itself in node pe / size. */
static void layout(unsigned int npes, unsigned int size, unsigned int nodes)
{
    unsigned int heads[GS_MULTI_MAX_PES] = {0};
    heads_of(npes, size, heads);
    for (unsigned int pe = 0; pe < npes; ++pe) {
        gs_multi_peers_t t = table_of(npes, pe, size);
        CHECK(gs_multi_nodes_group(&t, heads, npes, pe) == cudaSuccess);
        CHECK(t.nodes == nodes);
        CHECK(t.node == pe / size);
        CHECK(t.head == pe / size * size);
        for (unsigned int n = 0; n < nodes; ++n)
            CHECK(t.heads[n] == n * size);
    }
}

/* The poison of a round's count after `adds` GPUs stopped, read against
 * `target` from a count `live` (the live count: target - 1 .. target + 1):
 * the poll ends (not below the target as a signed distance) and the read is
 * poison, as hier_barrier.cuh's gs__multi_poll_from decides. */
static int poison_seen(unsigned int target, unsigned int live, unsigned int adds)
{
    const unsigned int v = live + adds * GS_MULTI_REMOTE_POISON;
    return (int)(v - target) >= 0 && v - target >= GS_MULTI_REMOTE_POISON_FROM;
}

int main(void)
{
    /* every number of stopping GPUs is seen, from any live count, across the wrap of 2^32 */
    const unsigned int targets[] = {1u, 2u, 1000u, 0x7fffffffu, 0xfffffffeu, 0xffffffffu, 0u};
    for (unsigned int i = 0; i < sizeof targets / sizeof targets[0]; ++i)
        for (unsigned int d = 0; d < 3u; ++d) {
            const unsigned int t = targets[i], live = t - 1u + d;
            for (unsigned int adds = 1; adds < GS_MULTI_MAX_PES; ++adds)
                CHECK(poison_seen(t, live, adds));
            if (d > 0u) /* a live count at or one past its target is not poison */
                CHECK(live - t < GS_MULTI_REMOTE_POISON_FROM);
        }
    /* the pointer path's poison is one store: it reads as poison, and one past the target does not */
    CHECK(GS_MULTI_POISON >= GS_MULTI_POISON_FROM && GS_MULTI_POISON < 0x80000000u);

    layout(2, 2, 1); /* one node: every PE by pointer */
    layout(8, 8, 1);
    layout(8, 4, 2); /* 2 nodes of 4 */
    layout(8, 1, 8); /* every peer remote */
    layout(4, 2, 2);
    layout(3, 2, 2); /* nodes of 2 and 1 */
    layout(5, 2, 3);

    unsigned int heads[GS_MULTI_MAX_PES] = {0};
    gs_multi_peers_t t;
    /* PE 0 reaches PE 1, which reaches only itself: refused on PE 0 */
    heads_of(2, 2, heads);
    heads[1] = 2u;
    t = table_of(2, 0, 2);
    CHECK(gs_multi_nodes_group(&t, heads, 2, 0) == cudaErrorPeerAccessUnsupported);
    /* not transitive: 0 reaches 1 and 2, 1 reaches 0 only; all name head 0: refused on PE 1 */
    t = table_of(3, 1, 3);
    t.peer[2] = NULL;
    heads[0] = heads[1] = heads[2] = 1u;
    CHECK(gs_multi_nodes_group(&t, heads, 3, 1) == cudaErrorPeerAccessUnsupported);
    /* a PE that said nothing (0), or a head past the PEs */
    heads_of(4, 2, heads);
    heads[3] = 0u;
    t = table_of(4, 0, 2);
    CHECK(gs_multi_nodes_group(&t, heads, 4, 0) == cudaErrorPeerAccessUnsupported);
    heads[3] = 9u;
    CHECK(gs_multi_nodes_group(&t, heads, 4, 0) == cudaErrorPeerAccessUnsupported);
    /* bad arguments */
    CHECK(gs_multi_nodes_group(NULL, heads, 4, 0) == cudaErrorInvalidValue);
    CHECK(gs_multi_nodes_group(&t, heads, 0, 0) == cudaErrorInvalidValue);
    CHECK(gs_multi_nodes_group(&t, heads, GS_MULTI_MAX_PES + 1u, 0) == cudaErrorInvalidValue);
    CHECK(gs_multi_nodes_group(&t, heads, 4, 4) == cudaErrorInvalidValue);
    /* a PE that reaches no one, not itself: its own head */
    memset(&t, 0, sizeof t);
    CHECK(gs_multi_nodes_head(&t, 4, 2) == 2u);
    return check_done();
}
