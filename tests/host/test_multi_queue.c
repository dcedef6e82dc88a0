/* The queue way of `gsync-bench multi` without GPUs (multi_queue.h): which
 * blocks receive, the per-lane destinations (in range, spread over every
 * receiver, about half of them to the other GPU of two), and each
 * receiver's expected count and checksum against a second count made
 * message by message, and that together they are every message sent. */
#include "../check.h"
#include "multi/multi_queue.h"

#include <stdlib.h>
#include <string.h>

static void shares(void)
{
    CHECK(gs_mq_receivers(0) == 0u && gs_mq_receivers(1) == 0u); /* no block left to send */
    CHECK(gs_mq_receivers(2) == 1u && gs_mq_receivers(7) == 1u && gs_mq_receivers(8) == 2u);
    CHECK(gs_mq_receivers(132) == 33u && gs_mq_receivers(1056) == 264u);
    CHECK(gs_mq_msgs(0) == 1u && gs_mq_msgs(7) == 1u && gs_mq_msgs(8) == 1u && gs_mq_msgs(2000) == 250u);
    /* the key keeps each field apart */
    CHECK(gs_mq_key(1, 0, 0, 0) != gs_mq_key(0, 1, 0, 0) && gs_mq_key(0, 1, 0, 0) != gs_mq_key(0, 0, 1, 0));
    CHECK(gs_mq_key(7, 65535, 1023, 0xffffffffu) == 0x1fffffffffffffffull);
    CHECK(gs_mq_key(0, 0, 1, 0) != gs_mq_key(0, 0, 0, 1));
}

/* Every message sent when `gpus` GPUs run `blocks` blocks of `threads` and
 * each sender lane sends `msgs`, walked as one flat number decoded into
 * (gpu, block, lane, i): per receiver of all GPUs, its count and checksum;
 * and how many go to another GPU than their sender's. */
static unsigned long long tally(unsigned int gpus, unsigned int blocks, unsigned int threads, unsigned int msgs,
                                unsigned long long *count, unsigned long long *sum, unsigned long long *cross)
{
    const unsigned int r = gs_mq_receivers(blocks), total = gpus * r;
    const unsigned long long all = (unsigned long long)gpus * (blocks - r) * threads * msgs;
    unsigned long long out = 0;
    *cross = 0;
    for (unsigned long long k = 0; k < all; ++k) {
        const unsigned int i = (unsigned int)(k % msgs), t = (unsigned int)(k / msgs % threads);
        const unsigned int b = r + (unsigned int)(k / msgs / threads % (blocks - r));
        const unsigned int g = (unsigned int)(k / msgs / threads / (blocks - r));
        const unsigned long long key = gs_mq_key(g, b, t, i);
        const unsigned int d = gs_mq_dest(key, total);
        if (d >= total) {
            ++out;
            continue;
        }
        ++count[d], sum[d] += gs_mq_tag(key), *cross += d / r != g;
    }
    CHECK(out == 0ull); /* every destination in range */
    return all;
}

/* 2 GPUs of 132 blocks of 128 threads, 4 messages a lane: each receiver
 * within 15 % of the mean, and the share that crosses to the other GPU
 * within 3 points of a half. */
static void destinations(void)
{
    const unsigned int total = 2u * gs_mq_receivers(132);
    unsigned long long *count = calloc(total, sizeof *count), *sum = calloc(total, sizeof *sum), cross = 0, all;
    CHECK(count && sum);
    if (!(count && sum))
        return;
    all = tally(2, 132, 128, 4, count, sum, &cross);
    CHECK(all == 2ull * 99 * 128 * 4);
    for (unsigned int d = 0; d < total; ++d)
        CHECK(count[d] * total > all * 85 / 100 && count[d] * total < all * 115 / 100);
    CHECK(cross * 100 > all * 47 && cross * 100 < all * 53);
    /* the same message goes to the same receiver; the lanes of a warp spread */
    CHECK(gs_mq_dest(gs_mq_key(1, 40, 3, 2), total) == gs_mq_dest(gs_mq_key(1, 40, 3, 2), total));
    {
        const unsigned int first = gs_mq_dest(gs_mq_key(0, 33, 0, 0), total);
        unsigned int same = 0;
        for (unsigned int t = 1; t < 32; ++t)
            same += gs_mq_dest(gs_mq_key(0, 33, t, 0), total) == first;
        CHECK(same < 8u);
    }
    free(count), free(sum);
}

/* gs_mq_expect, GPU by GPU, against the flat walk, for several shapes (3
 * GPUs, one receiver a GPU, 8 GPUs); together every message, once. */
static void expectations(unsigned int gpus, unsigned int blocks, unsigned int threads, unsigned int msgs)
{
    const unsigned int r = gs_mq_receivers(blocks), total = gpus * r;
    unsigned long long *count = calloc(total, sizeof *count), *sum = calloc(total, sizeof *sum);
    unsigned long long *c = calloc(r, sizeof *c), *s = calloc(r, sizeof *s), n = 0, cross = 0, all;
    unsigned long long want_sum = 0, got_sum = 0;
    CHECK(count && sum && c && s);
    if (!(count && sum && c && s))
        return;
    all = tally(gpus, blocks, threads, msgs, count, sum, &cross);
    for (unsigned int d = 0; d < total; ++d)
        want_sum += sum[d];
    for (unsigned int g = 0; g < gpus; ++g) {
        gs_mq_expect(gpus, blocks, threads, msgs, g, c, s);
        for (unsigned int q = 0; q < r; ++q) {
            CHECK(c[q] == count[g * r + q] && s[q] == sum[g * r + q]);
            n += c[q], got_sum += s[q];
        }
    }
    CHECK(n == all && all == (unsigned long long)gpus * (blocks - r) * threads * msgs);
    CHECK(got_sum == want_sum);
    free(count), free(sum), free(c), free(s);
}

int main(void)
{
    shares();
    destinations();
    expectations(2, 132, 128, 3);
    expectations(3, 9, 32, 5);
    expectations(2, 2, 64, 7); /* one receiver a GPU */
    expectations(8, 16, 32, 2);
    return check_done();
}
