/* uts_hs.c: HeteroSync's UTS tree and its first stacks, built as its host
 * code (cuda/uts/uvm/uts.cu, callGPU) builds them, and the host's answer.
 *
 * From srand(200), breadth first: the next undecided node gets a value
 * (rand() % 100) and, with probability `fertility` % (rand() % 100 <
 * fertility), two children, else it is a leaf, put at the front of the leaf
 * list.  When no node is undecided, the leaves are decided again (in the
 * list's order).  At `n` nodes the undecided nodes become leaves of value 1.
 * The answer: the leaves and the 32-bit sum of their values.  The stacks:
 * breadth first from the root until the frontier holds 16 nodes a local
 * stack (a leaf goes to the back again), the expanded nodes counted as
 * processed, then the frontier dealt round-robin to the local stacks. */
#include "app/uts_hs.h"

#include <stdlib.h>
#include <string.h>

void gs_uts_hs_srand(gs_uts_hs_rand *g, unsigned int seed)
{
    int word = seed ? (int)seed : 1;
    g->r[0] = (unsigned int)word;
    for (int i = 1; i < 31; ++i) { /* 16807 * word mod 2^31 - 1, Schrage's way, as glibc */
        const long hi = word / 127773, lo = word % 127773;
        long x = 16807 * lo - 2836 * hi;
        if (x < 0)
            x += 2147483647;
        word = (int)x;
        g->r[i] = (unsigned int)word;
    }
    g->f = 3u, g->b = 0u;
    for (int i = 0; i < 310; ++i)
        (void)gs_uts_hs_rand_next(g);
}

int gs_uts_hs_rand_next(gs_uts_hs_rand *g)
{
    const unsigned int v = g->r[g->f] += g->r[g->b];
    g->f = g->f == 30u ? 0u : g->f + 1u;
    g->b = g->b == 30u ? 0u : g->b + 1u;
    return (int)(v >> 1);
}

void gs_uts_hs_free(gs_uts_hs_tree *t)
{
    free(t->nodes), free(t->first);
    memset(t, 0, sizeof *t);
}

int gs_uts_hs_build(unsigned int size, unsigned int fertility, unsigned int blocks, gs_uts_hs_tree *t)
{
    const unsigned int n = size + (size % 2u ? 0u : 1u);
    /* undecided: a queue (head uh); leaves: appended, so the list's front is its end */
    int *und = malloc((size_t)n * 2 * sizeof(int)), *leaf = malloc((size_t)n * sizeof(int)), *q = NULL;
    size_t nu = 0, uh = 0, nl = 0, steps = 0, qh = 0, qt = 0, qcap;
    unsigned int next = 1u, since = 0u;
    gs_uts_hs_rand g;
    int rc = 0;
    memset(t, 0, sizeof *t);
    t->n = n;
    t->cores = blocks < GS_UTS_HS_CORES ? blocks : GS_UTS_HS_CORES;
    t->nodes = calloc(n, sizeof *t->nodes);
    if (!und || !leaf || !t->nodes) {
        rc = -1;
        goto out;
    }
    gs_uts_hs_srand(&g, 200u);
    und[nu++] = 0;
    while (next != n) {
        if (uh == nu) { /* the leaves decided again, front first */
            for (size_t i = 0; i < nl; ++i)
                und[i] = leaf[nl - 1 - i];
            nu = nl, uh = 0, nl = 0;
        }
        if (++steps > 64ull * n + 1000000ull) {
            rc = -2;
            goto out;
        }
        const int x = und[uh++];
        t->nodes[x].value = (unsigned int)(gs_uts_hs_rand_next(&g) % 100);
        t->nodes[x].depth = t->nodes[x].to_add = 0u;
        if ((unsigned int)(gs_uts_hs_rand_next(&g) % 100) < fertility) {
            t->nodes[x].child_a = (int)next, und[nu++] = (int)next++;
            t->nodes[x].child_b = (int)next, und[nu++] = (int)next++;
        } else {
            t->nodes[x].child_a = t->nodes[x].child_b = 0;
            leaf[nl++] = x;
        }
        if (nu + 2 > (size_t)n * 2) { /* room for the queue: move what is left to the front */
            memmove(und, und + uh, (nu - uh) * sizeof(int));
            nu -= uh, uh = 0;
        }
    }
    for (size_t i = uh; i < nu; ++i) {
        gs_uts_hs_node *x = &t->nodes[und[i]];
        x->child_a = x->child_b = 0;
        x->value = 1u, x->depth = x->to_add = 0u;
        t->leaf_sum += 1u;
    }
    for (size_t i = 0; i < nl; ++i)
        t->leaf_sum += t->nodes[leaf[i]].value;
    t->leaves = (unsigned int)(nl + (nu - uh));
    /* the frontier: a queue again, 16 nodes a local stack */
    const size_t need = (size_t)t->cores * 16u;
    qcap = need + 2u;
    if (!(q = malloc(qcap * sizeof(int)))) {
        rc = -1;
        goto out;
    }
    q[qt++] = 0;
    while (qt - qh < need) {
        const int x = q[qh++ % qcap];
        if (t->nodes[x].child_a > 0) {
            q[qt++ % qcap] = t->nodes[x].child_a;
            q[qt++ % qcap] = t->nodes[x].child_b;
            ++t->processed, since = 0u;
        } else {
            q[qt++ % qcap] = x;
            if (++since > qt - qh) { /* every node left is a leaf */
                rc = -3;
                goto out;
            }
        }
    }
    t->nfirst = (unsigned int)(qt - qh);
    if (!(t->first = malloc(t->nfirst * sizeof(int)))) {
        rc = -1;
        goto out;
    }
    for (unsigned int i = 0; i < t->nfirst; ++i)
        t->first[i] = q[(qh + i) % qcap];
out:
    free(und), free(leaf), free(q);
    if (rc)
        gs_uts_hs_free(t);
    return rc;
}
