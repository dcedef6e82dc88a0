/* transfers.c: the server command's transfers workload: its row and the
 * host's check of a launch (the total kept, no balance below 0, with the
 * log every balance the replay of the granted transfers). */
#include "server/workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_transfers(srv_row *r, const srv_result *res, char *d, size_t n)
{
    const gs_srv_launch *l = &r->l;
    const unsigned int *items = res->items, *log = res->log;
    unsigned long long total = 0;
    for (unsigned int a = 0; a < l->items; ++a) {
        if (items[a] >= 0x80000000u) {
            snprintf(d, n, "account %u ended below 0 (%d)", a, (int)items[a]);
            return 1;
        }
        total += items[a];
    }
    if (total != (unsigned long long)GS_SRV_INITIAL_BALANCE * l->items) {
        snprintf(d, n, "the accounts hold %llu, expected %llu", total,
                 (unsigned long long)GS_SRV_INITIAL_BALANCE * l->items);
        return 1;
    }
    if (!log)
        return 0;
    long long *want = malloc(l->items * sizeof *want);
    unsigned long long granted = 0;
    int bad = 0;
    if (!want) {
        snprintf(d, n, "out of host memory for the transfers' replay");
        return 1;
    }
    for (unsigned int a = 0; a < l->items; ++a)
        want[a] = GS_SRV_INITIAL_BALANCE;
    for (unsigned long long j = 0; j < l->total && !bad; ++j) {
        unsigned int x, y, amount;
        if (log[j] > 1u) {
            snprintf(d, n, "operation %llu has no outcome logged (%u)", j, log[j]);
            bad = 1;
            break;
        }
        if (!log[j])
            continue;
        gs_srv_transfer_op(j, l->items, &x, &y, &amount);
        want[x] -= amount;
        want[y] += amount;
        ++granted;
    }
    for (unsigned int a = 0; a < l->items && !bad; ++a)
        if (want[a] != (long long)items[a]) {
            snprintf(d, n, "account %u holds %u, the replay of the %llu granted transfers %lld", a, items[a], granted,
                     want[a]);
            bad = 1;
        }
    if (!bad)
        snprintf(d, n, "%.1f%% granted", 100.0 * granted / (double)l->total);
    free(want);
    return bad;
}


const gs_srv_workload_def gs_srv_transfers = {GS_SRV_LOCKS | GS_SRV_SERVERS, 0u, {64u, 4096u, 1u << 20},
                                              check_transfers};
