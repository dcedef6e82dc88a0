/* queue.c: the server command's queue and pingpong workloads: their rows
 * and the host's checks of a launch. */
#include "server/workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The counts every launch, the messages themselves when logged. */
static int check_queue(srv_row *r, const srv_result *res, char *d, size_t n)
{
    const gs_srv_launch *l = &r->l;
    const unsigned int *log = res->log, *counts = res->counts;
    if (l->misplaced) {
        snprintf(d, n, "%u slots out of place or torn", l->misplaced);
        return 1;
    }
    const unsigned int S = l->servers, senders = (l->blocks - S) * l->threads, ops = (unsigned int)l->total;
    const unsigned int stride = (unsigned int)(((unsigned long long)senders * ops + S - 1u) / S + senders);
    unsigned char *seen = calloc(log ? (size_t)senders * ops : 1u, 1);
    unsigned int *last = malloc(senders * sizeof *last);
    unsigned long long *want = calloc(S, sizeof *want);
    int bad = 0;
    if (!seen || !last || !want) {
        snprintf(d, n, "out of host memory for the queue's check");
        bad = 1;
    }
    for (unsigned int g = 0; g < senders && !bad; ++g) /* the messages each server is sent */
        for (unsigned int i = 0; i < ops; ++i)
            ++want[gs_srv_queue_dest(g, i, S, l->dest_warp)];
    for (unsigned int s = 0; s < S && !bad; ++s) {
        if (counts[s] != want[s]) {
            snprintf(d, n, "server %u received %u messages, expected %llu", s, counts[s], want[s]);
            bad = 1;
            break;
        }
        memset(last, 0xff, senders * sizeof *last);
        for (unsigned int k = 0; log && k < counts[s] && !bad; ++k) {
            const unsigned int g = log[2ull * ((size_t)s * stride + k)], i = log[2ull * ((size_t)s * stride + k) + 1];
            if (g >= senders || i >= ops || gs_srv_queue_dest(g, i, S, l->dest_warp) != s) {
                snprintf(d, n, "server %u message %u is (%u, %u), not one sent to it", s, k, g, i);
                bad = 1;
            } else if (seen[(size_t)g * ops + i]++) {
                snprintf(d, n, "server %u received (%u, %u) twice", s, g, i);
                bad = 1;
            } else if (last[g] != ~0u && i <= last[g]) {
                snprintf(d, n, "server %u received sender %u's message %u after its %u", s, g, i, last[g]);
                bad = 1;
            }
            last[g] = i;
        }
    }
    free(seen);
    free(last);
    free(want);
    return bad;
}

/* Every reply in turn. */
static int check_pingpong(srv_row *r, const srv_result *res, char *d, size_t n)
{
    (void)r;
    if (res->counts[0])
        snprintf(d, n, "%u replies out of turn", res->counts[0]);
    return res->counts[0] != 0u;
}


const gs_srv_workload_def gs_srv_queue = {GS_SRV_SERVERS | GS_SRV_W(BASIC) | GS_SRV_W(BROKEN), GS_SRV_W(BROKEN), {0},
                                           check_queue};
const gs_srv_workload_def gs_srv_pingpong = {GS_SRV_W(SERVER), 0u, {0}, check_pingpong};
