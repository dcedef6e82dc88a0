/* The server way of `gsync-bench multi` without GPUs (multi_server.h): the
 * items each server owns (every item once, over every GPU's servers), the
 * updates' items and values (in range, spread over the items, about half
 * of them owned by the other GPU of two), the host's expected counts and
 * sums against a second count made update by update, and that brokenServer's
 * drops change them. */
#include "../check.h"
#include "multi/multi_server.h"

#include <stdlib.h>
#include <string.h>

/* Every item is owned by exactly one server of `all`: d = id % all. */
static void ownership(void)
{
    const unsigned int alls[] = {1u, 2u, 33u, 66u, 264u, 528u, 4096u, 5000u};
    for (unsigned int a = 0; a < sizeof alls / sizeof alls[0]; ++a) {
        const unsigned int all = alls[a];
        unsigned int sum = 0, most = 0;
        for (unsigned int d = 0; d < all; ++d) {
            const unsigned int o = gs_ms_owned(d, all);
            unsigned int mine = 0;
            for (unsigned int id = d; id < GS_MS_ITEMS; id += all)
                ++mine;
            CHECK(o == mine);
            sum += o, most = o > most ? o : most;
        }
        CHECK(sum == GS_MS_ITEMS);
        CHECK(most == gs_ms_owned(0u, all)); /* server 0 owns the most: the shared memory a server asks */
    }
}

/* 2 GPUs of 132 blocks of 128 threads, 64 updates a lane (132 SMs at 1
 * block an SM, iters 512; about 400 an item): every item, every value in
 * 1..16, each item's count within 25 % of the mean (5 standard deviations), about half the updates owned by the other
 * GPU, and gs_ms_expect equal to a count made update by update. */
static void updates(void)
{
    const unsigned int gpus = 2u, blocks = 132u, threads = 128u, msgs = 64u, servers = gs_mq_receivers(blocks);
    const unsigned int all = servers * gpus;
    unsigned long long *want = calloc(GS_MS_ITEMS, sizeof *want), *mine = calloc(GS_MS_ITEMS, sizeof *mine);
    unsigned long long n = 0, cross = 0, bad = 0;
    CHECK(want && mine);
    if (!(want && mine))
        return;
    for (unsigned int g = 0; g < gpus; ++g)
        for (unsigned int b = servers; b < blocks; ++b)
            for (unsigned int t = 0; t < threads; ++t)
                for (unsigned int i = 0; i < msgs; ++i) {
                    unsigned int item, v;
                    gs_ms_op(gs_mq_key(g, b, t, i), GS_MS_ITEMS, &item, &v);
                    if (item >= GS_MS_ITEMS || v < 1u || v > 16u) {
                        ++bad;
                        continue;
                    }
                    mine[item] += (1ull << 32) + v, ++n, cross += (item % all) / servers != g;
                }
    CHECK(bad == 0ull);
    CHECK(n == (unsigned long long)gpus * (blocks - servers) * threads * msgs);
    CHECK(cross * 100ull > n * 47ull && cross * 100ull < n * 53ull);
    gs_ms_expect(gpus, blocks, threads, msgs, GS_MS_ITEMS, want);
    CHECK(memcmp(want, mine, GS_MS_ITEMS * sizeof *want) == 0);
    {
        const double mean = (double)n / GS_MS_ITEMS;
        unsigned long long total = 0, off = 0;
        for (unsigned int k = 0; k < GS_MS_ITEMS; ++k) {
            const double c = (double)(want[k] >> 32);
            off += !(c > 0.75 * mean && c < 1.25 * mean);
            total += want[k] >> 32;
        }
        CHECK(off == 0ull);
        CHECK(total == n);
    }
    /* brokenServer: a server that drops its first arrival leaves some item one count short */
    {
        unsigned int item, v;
        gs_ms_op(gs_mq_key(0, servers, 0, 0), GS_MS_ITEMS, &item, &v);
        mine[item] -= (1ull << 32) + v;
        CHECK(memcmp(want, mine, GS_MS_ITEMS * sizeof *want) != 0);
    }
    free(want);
    free(mine);
}

int main(void)
{
    ownership();
    updates();
    return check_done();
}
