/* stress.c: the server command's stress workload, a user's programs drawn:
 * its plan, its row and the host's check of a launch against the replay. */
#include "server/workload.h"

#include "core/cli.h"
#include "core/cuda_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Stress: every message arrived once at its item's server (the log holds
 * each (sender, step)'s arrival number there, ~0 for none), each sender's
 * messages to a server in the order sent, every item's count and sum the
 * host's replay, and every server's count of messages. */
int gs_srv_check_stress(gs_srv_launch *l, const unsigned int *items, const unsigned int *log,
                        const unsigned int *counts, char *d, size_t n)
{
    const unsigned int S = l->servers, senders = (l->blocks - S) * l->threads, steps = (unsigned int)l->total;
    unsigned long long *want = calloc(l->items, sizeof *want), *per_server = calloc(S, sizeof *per_server);
    unsigned long long *last = malloc(S * sizeof *last), sent = 0, pings = 0;
    int bad = 0;
    if (!want || !per_server || !last) {
        free(want), free(per_server), free(last);
        snprintf(d, n, "out of host memory for the stress replay");
        return 1;
    }
    for (unsigned int g = 0; g < senders && !bad; ++g) {
        for (unsigned int s = 0; s < S; ++s)
            last[s] = ~0ull;
        for (unsigned int i = 0; i < steps && !bad; ++i) {
            unsigned int have, item, v, ping;
            const unsigned int got = log[(size_t)g * steps + i];
            gs_srv_stress_op(g, i, l->items, l->skewed, l->ping_pct, l->idle_pct, &have, &item, &v, &ping);
            const unsigned int s = item % S;
            if (!have) {
                if (got != ~0u) {
                    snprintf(d, n, "sender %u step %u sent nothing, yet server %u logged it", g, i, s);
                    bad = 1;
                }
                continue;
            }
            if (got == ~0u) {
                snprintf(d, n, "sender %u's message %u to server %u was lost", g, i, s);
                bad = 1;
            } else if (last[s] != ~0ull && got <= last[s]) {
                snprintf(d, n, "server %u took sender %u's message %u (arrival %u) after a later one", s, g, i, got);
                bad = 1;
            }
            last[s] = got;
            want[item] += (1ull << 32) + v;
            ++per_server[s], ++sent, pings += ping;
        }
    }
    for (unsigned int s = 0; s < S && !bad; ++s)
        if (counts[s] != per_server[s]) {
            snprintf(d, n, "server %u handled %u messages, expected %llu", s, counts[s], per_server[s]);
            bad = 1;
        }
    bad = bad || gs_srv_check_sums(items, want, l->items, "item", d, n);
    l->sent = sent;
    if (!bad)
        snprintf(d, n, "%llu messages, %llu pings", sent, pings);
    free(want), free(per_server), free(last);
    return bad;
}

static int check_stress(srv_row *r, const srv_result *res, char *d, size_t n)
{
    if (r->l.misplaced) {
        snprintf(d, n, "%u slots torn, messages malformed or twice, or answers wrong", r->l.misplaced);
        return 1;
    }
    return gs_srv_check_stress(&r->l, res->items, res->log, res->counts, d, n);
}

/* Stress's rows: first the shape of the deadlock a user found (256
 * threads, 4 blocks an SM, 5 % servers, queues of 1024 slots, 64 and
 * 65,536 items, pings), then `configs` drawn from every axis, the ways
 * asked taking turns.  GS_EXIT_OK or an exit status with err set. */
int gs_srv_plan_stress(const gs_options *o, const gs_device_info *dev, const unsigned int *ways, int nways,
                       srv_row *rows, int *nrows, char *err, size_t n)
{
    const gs_srv_options *so = gs_srv_own(o);
    static const unsigned int threads_of[] = {32u, 64u, 96u, 128u, 160u, 256u, 384u, 512u, 736u, 1024u};
    static const unsigned int share_of[] = {1u, 2u, 5u, 10u, 25u, 50u};
    static const unsigned int items_of[] = {1u, 2u, 64u, 4096u, 65536u};
    static const unsigned int ping_of[] = {0u, 10u, 50u, 100u};
    const unsigned int sms = (unsigned int)dev->sm_count, fixed = 2u * (unsigned int)nways;
    unsigned int per_sm[sizeof threads_of / sizeof threads_of[0]];
    for (size_t t = 0; t < sizeof threads_of / sizeof threads_of[0]; ++t) {
        const int e = gs_server_gpu_per_sm(GS_SRV_STRESS, threads_of[t], 32u * sms, &per_sm[t]);
        if (!e && !per_sm[t])
            snprintf(err, n, "server stress: %u threads a block do not fit an SM", threads_of[t]);
        if (!e && !per_sm[t])
            return GS_EXIT_RUNTIME;
        if (e) {
            return gs_cuda_error(e, err, n, "server stress: occupancy");
        }
    }
    for (unsigned int c = 0; c < fixed + so->configs; ++c) {
        const unsigned int way = ways[c % (unsigned int)nways];
        unsigned int x = gs_srv_mix((unsigned long long)so->seed << 32 | c), t = 5u; /* 256 threads */
        srv_row *r;
        if (*nrows == GS_SRV_MAX_ROWS) {
            snprintf(err, n, "server: more than %d rows asked (fewer --configs)", GS_SRV_MAX_ROWS);
            return GS_EXIT_USAGE;
        }
        r = &rows[(*nrows)++];
        memset(r, 0, sizeof *r);
        r->l.workload = GS_SRV_STRESS, r->l.way = way;
        r->l.timeout_ns = (unsigned long long)(o->timeout_s * 1e9);
        r->l.start = o->wrap ? GS_SRV_WRAP_START : 0ull;
        r->l.total = so->ops;
        if (c < fixed) { /* the user's shape */
            r->l.threads = 256u, r->l.blocks = (4u < per_sm[t] ? 4u : per_sm[t]) * sms, r->share = 5u;
            r->l.capacity = 1024u, r->l.msg_slots = 1u, r->l.items = c / (unsigned int)nways ? 65536u : 64u;
            r->l.ping_pct = 50u;
        } else {
            t = x % (sizeof threads_of / sizeof threads_of[0]);
            if (t == 0u && way == GS_SRV_LF)
                t = 1u; /* serverLF: a leader and a follower warp */
            x = gs_srv_mix(x);
            r->l.threads = threads_of[t];
            r->l.blocks = 2u + x % (per_sm[t] * sms - 1u), x = gs_srv_mix(x);
            r->l.capacity = 1024u << (x % 5u), x = gs_srv_mix(x);
            r->share = share_of[x % (sizeof share_of / sizeof share_of[0])], x = gs_srv_mix(x);
            r->l.msg_slots = 1u << (x % 6u), x = gs_srv_mix(x);
            r->l.items = items_of[x % (sizeof items_of / sizeof items_of[0])], x = gs_srv_mix(x);
            r->l.skewed = x & 1u, r->l.idle_pct = (x >> 1) & 1u ? 20u : 0u;
            r->l.ping_pct = ping_of[(x >> 2) % (sizeof ping_of / sizeof ping_of[0])];
        }
        r->l.servers = gs_srv_servers(r->l.blocks, r->share);
    }
    return GS_EXIT_OK;
}


const gs_srv_workload_def gs_srv_stress = {GS_SRV_SERVERS | GS_SRV_W(HELD), GS_SRV_W(HELD), {0}, check_stress};
