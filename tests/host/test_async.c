/* Host tests of async BFS and SSSP's sizing (src/app/app.h): the ring is a
 * power of two that holds every vertex (each live entry is a distinct
 * queued vertex) and at least 1024; the pending count shares a 64-bit word
 * with the tail, and a warp's add moves each by its own amount, a
 * decrement included, while the largest grid and graph that fit are
 * admitted and one more is refused. */
#include "../check.h"
#include "app/app.h"

static int pow2(unsigned long long x)
{
    return x && (x & (x - 1u)) == 0u;
}

int main(void)
{
    const unsigned int ns[] = {0u, 1u, 1023u, 1024u, 1025u, 264346u, 23947347u, 0x80000000u, 0xffffffffu};
    for (unsigned int i = 0; i < sizeof ns / sizeof ns[0]; ++i) {
        const unsigned long long c = gs_app_async_ring(ns[i]);
        CHECK(pow2(c) && c >= ns[i] && c >= 1024u && (c == 1024u || c / 2u < ns[i]));
    }
    CHECK(gs_app_async_ring(23947347u) == 1ull << 25); /* road:usa */
    CHECK(gs_app_async_ring(0xffffffffu) == 1ull << 32);
    CHECK(gs_app_async_ring(0xffffffffu) - 1u == 0xffffffffu); /* its mask fits 32 bits */

    /* tail | pending << 36: push 5 (pending +5), then relax 3 and push 1
     * (pending -2), then relax 4 (pending 0); tail counts pushes only */
    const unsigned long long tail_mask = (1ull << GS_APP_ASYNC_TAIL_BITS) - 1u;
    unsigned long long w = 1ull | (1ull << GS_APP_ASYNC_TAIL_BITS); /* the source */
    w += gs_app_async_add(5u, 5);
    CHECK((w & tail_mask) == 6u && (w >> GS_APP_ASYNC_TAIL_BITS) == 6u);
    w += gs_app_async_add(1u, 1 - 3);
    CHECK((w & tail_mask) == 7u && (w >> GS_APP_ASYNC_TAIL_BITS) == 4u);
    w += gs_app_async_add(0u, -4);
    CHECK((w & tail_mask) == 7u && (w >> GS_APP_ASYNC_TAIL_BITS) == 0u);
    w += gs_app_async_add(0u, 0);
    CHECK(w == 7u);
    /* a tail near its top, pending near its top: neither spills into the other */
    w = (tail_mask - 40u) | ((unsigned long long)((1u << 28) - 2u) << GS_APP_ASYNC_TAIL_BITS);
    w += gs_app_async_add(32u, 1);
    CHECK((w & tail_mask) == tail_mask - 8u && (w >> GS_APP_ASYNC_TAIL_BITS) == (1u << 28) - 1u);
    w += gs_app_async_add(0u, -(int)((1u << 28) - 1u));
    CHECK((w & tail_mask) == tail_mask - 8u && (w >> GS_APP_ASYNC_TAIL_BITS) == 0u);

    /* pending holds n queued vertices plus one item a thread, below 2^28 */
    CHECK(gs_app_async_fits(23947347u, 132ull * 16u * 64u));
    CHECK(gs_app_async_fits((1u << 28) - 1u - 1000u, 999u));
    CHECK(!gs_app_async_fits((1u << 28) - 1u - 1000u, 1001u));
    CHECK(!gs_app_async_fits(0xffffffffu, 32u));
    return check_done();
}
