/* Host tests of uts-hs's tree (src/app/uts_hs.c): glibc's rand() re-made
 * (checked against rand() where the C library is glibc), HeteroSync's tree
 * for its shipped arguments (8,193 nodes, 4,097 leaves, leaf sum 25,546, the
 * numbers its own host prints), a walk of the tree that finds the same, the
 * frontier dealt to the stacks, and trees that cannot be built. */
#include "../check.h"
#include "app/uts_hs.h"

#include <stdlib.h>

/* nodes and leaves under the root, and the leaves' sum, depth first */
static void walk(const gs_uts_hs_tree *t, unsigned int *nodes, unsigned int *leaves, unsigned int *sum)
{
    int *stack = malloc((size_t)t->n * sizeof(int)), top = 0;
    *nodes = *leaves = *sum = 0u;
    stack[top++] = 0;
    while (top > 0 && *nodes <= t->n) {
        const gs_uts_hs_node *x = &t->nodes[stack[--top]];
        ++*nodes;
        if (x->child_a == 0) {
            ++*leaves, *sum += x->value;
        } else if (x->child_b > 0 && (unsigned int)x->child_a < t->n && (unsigned int)x->child_b < t->n &&
                   top + 2 <= (int)t->n) {
            stack[top++] = x->child_a, stack[top++] = x->child_b;
        }
    }
    free(stack);
}

int main(void)
{
    gs_uts_hs_rand g;
    gs_uts_hs_tree t;
    unsigned int nodes, leaves, sum;
#ifdef __GLIBC__
    const unsigned int seeds[] = {200u, 1u, 12345u};
    for (int s = 0; s < 3; ++s) {
        int same = 1;
        srand(seeds[s]), gs_uts_hs_srand(&g, seeds[s]);
        for (int i = 0; i < 100000; ++i)
            same &= rand() == gs_uts_hs_rand_next(&g);
        CHECK(same);
    }
#endif
    gs_uts_hs_srand(&g, 1u);
    CHECK(gs_uts_hs_rand_next(&g) == 1804289383); /* glibc's first rand() after srand(1) */

    CHECK(gs_uts_hs_build(8192u, 90u, 128u, &t) == 0);
    CHECK(t.n == 8193u && t.leaves == 4097u && t.leaf_sum == 25546u && t.cores == 15u);
    walk(&t, &nodes, &leaves, &sum);
    CHECK(nodes == 8193u && leaves == 4097u && sum == 25546u);
    CHECK(t.nfirst >= 240u && t.nfirst <= 241u && t.processed > 0u);
    gs_uts_hs_free(&t);

    CHECK(gs_uts_hs_build(65535u, 90u, 4u, &t) == 0); /* odd: 65,535 nodes; 4 blocks, 4 stacks */
    CHECK(t.n == 65535u && t.cores == 4u && t.nfirst >= 64u && t.nfirst <= 65u);
    walk(&t, &nodes, &leaves, &sum);
    CHECK(nodes == 65535u && leaves == t.leaves && sum == t.leaf_sum && leaves == 32768u);
    gs_uts_hs_free(&t);

    CHECK(gs_uts_hs_build(2u, 90u, 128u, &t) == -3); /* 3 nodes cannot put 16 on each of 15 stacks */
    CHECK(t.nodes == NULL && t.first == NULL);
    return check_done();
}
