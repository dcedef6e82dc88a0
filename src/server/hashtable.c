/* hashtable.c: the server command's hashtable workload: its row and the
 * host's check of a launch (every chain exactly its keys, once, with the
 * host's counts; every lookup answered right). */
#include "server/workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t gs_srv_hash_nodes(const gs_srv_launch *l)
{
    return l->servers ? (size_t)gs_srv_hash_pool(l->keys, l->items, l->servers) * l->servers : l->keys;
}

static int check_hashtable(srv_row *r, const srv_result *res, char *d, size_t n)
{
    const gs_srv_launch *l = &r->l;
    const unsigned int *words = res->items, *log = res->log;
    const unsigned int *heads = words;
    const unsigned int *nodes = words + ((l->items + 3u) & ~3u);
    const size_t pool = gs_srv_hash_nodes(l);
    unsigned int *want = calloc(l->keys, sizeof *want), *seen = calloc(l->keys, sizeof *seen);
    unsigned long long distinct = 0, found = 0;
    int bad = 0;
    if (!want || !seen) {
        free(want), free(seen);
        snprintf(d, n, "out of host memory for the hash table's replay");
        return 1;
    }
    unsigned long long lookups = 0;
    for (unsigned long long j = 0; j < l->total && !bad; ++j) {
        unsigned int key, look;
        gs_srv_hash_op(j, l->keys, l->items, l->lookups, &key, &look);
        if (!look) {
            distinct += want[key]++ == 0u;
            continue;
        }
        const unsigned int known = key < l->keys ? gs_srv_hash_preload(key) : 0u;
        ++lookups;
        if (log && log[j] != known) {
            snprintf(d, n, "lookup %llu of key %u answered %u, expected %u", j, key, log[j], known);
            bad = 1;
        }
    }
    if (l->lookups) /* the preloaded keys */
        for (unsigned int key = l->items; key < l->keys; key += 1u)
            if ((key / l->items) % 2u == 1u)
                want[key] = gs_srv_hash_preload(key), ++distinct;
    for (unsigned int b = 0; b < l->items && !bad; ++b) {
        size_t steps = 0;
        for (unsigned int idx = heads[b]; idx && !bad; idx = nodes[4u * (idx - 1u) + 2u]) {
            const unsigned int key = nodes[4u * (idx - 1u)], count = nodes[4u * (idx - 1u) + 1u];
            if (idx > pool || ++steps > pool) {
                snprintf(d, n, "bucket %u: a chain through node %u (the pool holds %zu)", b, idx, pool);
                bad = 1;
            } else if (key >= l->keys || key % l->items != b) {
                snprintf(d, n, "bucket %u holds key %u, which is not its", b, key);
                bad = 1;
            } else if (seen[key]++) {
                snprintf(d, n, "key %u is in the table twice", key);
                bad = 1;
            } else if (count != want[key]) {
                snprintf(d, n, "key %u counted %u upserts, expected %u", key, count, want[key]);
                bad = 1;
            }
            ++found;
        }
    }
    if (!bad && found != distinct) {
        snprintf(d, n, "the table holds %llu keys, expected %llu", found, distinct);
        bad = 1;
    }
    if (!bad && l->lookups)
        snprintf(d, n, "%llu keys, %llu lookups%s", distinct, lookups, log ? " answered right" : "");
    else if (!bad)
        snprintf(d, n, "%llu keys, %.1f upserts a key", distinct, (double)l->total / (double)distinct);
    free(want), free(seen);
    return bad;
}


const gs_srv_workload_def gs_srv_hashtable = {GS_SRV_LOCKS | GS_SRV_SERVERS | GS_SRV_W(EARLY_READ),
                                              GS_SRV_W(EARLY_READ), {4096u}, check_hashtable};
