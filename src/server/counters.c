/* counters.c: the server command's counters workload: its row and the
 * host's check of a launch (every bin's count and sum). */
#include "server/workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gs_srv_check_sums(const unsigned int *items, const unsigned long long *want, unsigned int nitems,
                      const char *what, char *d, size_t n)
{
    for (unsigned int b = 0; b < nitems; ++b) {
        const unsigned long long got = (unsigned long long)items[2u * b + 1u] << 32 | items[2u * b];
        if (got != want[b]) {
            snprintf(d, n, "%s %u: count %u and sum %u, expected %u and %u", what, b, items[2u * b + 1u],
                     items[2u * b], (unsigned int)(want[b] >> 32), (unsigned int)want[b]);
            return 1;
        }
    }
    return 0;
}

static int check_counters(srv_row *r, const srv_result *res, char *d, size_t n)
{
    const gs_srv_launch *l = &r->l;
    const unsigned int *items = res->items;
    unsigned long long *want = calloc(l->items, sizeof *want);
    int bad = 0;
    if (!want) {
        snprintf(d, n, "out of host memory for the counters' replay");
        return 1;
    }
    for (unsigned long long j = 0; j < l->total; ++j) {
        unsigned int bin, v;
        gs_srv_counter_op(j, l->items, l->skewed, &bin, &v);
        want[bin] += (1ull << 32) + v;
    }
    bad = gs_srv_check_sums(items, want, l->items, "bin", d, n);
    free(want);
    return bad;
}


const gs_srv_workload_def gs_srv_counters = {GS_SRV_LOCKS | GS_SRV_W(ATOMIC) | GS_SRV_SERVERS | GS_SRV_W(COMBINE) |
                                                  GS_SRV_W(COMBINE_BROKEN),
                                              GS_SRV_W(COMBINE_BROKEN), {1u << 20}, check_counters};
