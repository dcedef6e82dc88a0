/* The golden model of the mutex benchmark, and that its check can fail. */
#include "../check.h"
#include "families/golden.h"

#define gs_barrier_word gs_barrier_bench_word

#include <string.h>

int main(void)
{
    unsigned int data[64];
    char detail[200];
    unsigned int want, i;
    const gs_mutex_counts good = {24, 0}, lost = {23, 0}, overlap = {24, 2};

    CHECK(gs_golden_mutex_word(1, 1) == 1);
    CHECK(gs_golden_mutex_word(4, 10) == 100);       /* 10 * (1+2+3+4) */
    CHECK(gs_golden_mutex_word(4224, 20) == 4224u * 4225u / 2u * 20u);
    CHECK(gs_golden_mutex_word(100000, 1000) ==
          (unsigned int)((100000ull * 100001ull / 2ull * 1000ull) & 0xffffffffull)); /* wraps like the GPU */

    want = gs_golden_mutex_word(8, 3);
    for (i = 0; i < 64; ++i)
        data[i] = want;
    CHECK(gs_golden_mutex_check(data, 64, &good, 8, 3, detail, sizeof detail) == 0);
    CHECK(gs_golden_mutex_check(data, 64, NULL, 8, 3, detail, sizeof detail) == 0);
    data[17] = want - 5; /* a lost update */
    CHECK(gs_golden_mutex_check(data, 64, &good, 8, 3, detail, sizeof detail) == 1 &&
          strstr(detail, "data word 17"));
    CHECK(gs_golden_mutex_check(data, 64, NULL, 8, 3, detail, sizeof detail) == 1 &&
          strstr(detail, "data word 17"));
    data[17] = want;
    CHECK(gs_golden_mutex_check(data, 64, &lost, 8, 3, detail, sizeof detail) == 1 &&
          strstr(detail, "counter 23, expected 24"));
    CHECK(gs_golden_mutex_check(data, 64, &overlap, 8, 3, detail, sizeof detail) == 1 &&
          strstr(detail, "2 entries found another block inside"));

    /* the semaphore: one whole write, the last one, by a writer's last CS */
    {
        enum { T = 4, W = 6 };
        unsigned int sem[T * W];
        const gs_sem_counts ok = {0, 80, 80}, over = {1, 80, 80}, short_exit = {0, 80, 79};
        const unsigned int last = 4u * 10u + 9u + 1u; /* block 4 (a writer, group 2), its last of 10 */
        gs_golden_sem_init(sem, T, W);
        CHECK(sem[0] == 0 && sem[T * 5 + 3] == 5);
        for (i = 0; i < T * W; ++i)
            sem[i] += last;
        CHECK(gs_golden_sem_check(sem, T, W, 0, last, &ok, 8, 10, 2, detail, sizeof detail) == 0);
        CHECK(gs_golden_sem_check(sem, T, W, 0, last, NULL, 8, 10, 2, detail, sizeof detail) == 0);
        CHECK(gs_golden_sem_check(sem, T, W, 0, last, &over, 8, 10, 2, detail, sizeof detail) == 1 &&
              strstr(detail, "capacity"));
        CHECK(gs_golden_sem_check(sem, T, W, 0, last, &short_exit, 8, 10, 2, detail, sizeof detail) == 1 &&
              strstr(detail, "79 exits"));
        CHECK(gs_golden_sem_check(sem, T, W, 3, last, NULL, 8, 10, 2, detail, sizeof detail) == 1 &&
              strstr(detail, "3 reads saw"));
        CHECK(gs_golden_sem_check(sem, T, W, 0, last + 1, NULL, 8, 10, 2, detail, sizeof detail) == 1 &&
              strstr(detail, "last write recorded"));
        /* 2^32 entries: the device's 32-bit counters wrapped to 0, and that is right */
        const gs_sem_counts wrapped = {0, 0, 0};
        CHECK(gs_golden_sem_check(sem, T, W, 0, last, &wrapped, 65536, 65536, 2, detail, sizeof detail) == 0);
        CHECK(gs_golden_sem_check(sem, T, W, 0, last, &ok, 65536, 65536, 2, detail, sizeof detail) == 1);
        /* block 4 is not a writer when one block in 3 writes */
        CHECK(gs_golden_sem_check(sem, T, W, 0, last, NULL, 8, 10, 3, detail, sizeof detail) == 1 &&
              strstr(detail, "not a writer's last write"));
        sem[T * 2 + 1] += 1; /* a torn final state */
        CHECK(gs_golden_sem_check(sem, T, W, 0, last, NULL, 8, 10, 2, detail, sizeof detail) == 1 &&
              strstr(detail, "thread 1 word 2"));
    }

    /* the barrier: every region at the last episode, no stale read */
    {
        enum { B = 5, T = 4, L = 3 };
        unsigned int bar[B * L * T + 2 * B];
        unsigned int r, j, t;
        gs_golden_barrier_init(bar, B, T, L);
        CHECK(bar[0] == gs_barrier_word(0, 0, 0, 0) && bar[B * L * T] == 0 && bar[B * L * T + 2 * B - 1] == 0);
        CHECK(gs_golden_barrier_check(bar, B, T, L, 0, 0, 0, detail, sizeof detail) == 0);
        CHECK(gs_golden_barrier_check(bar, B, T, L, 7, 0, 0, detail, sizeof detail) == 1 &&
              strstr(detail, "region 0 word 0 thread 0"));
        for (r = 0; r < B; ++r)
            for (j = 0; j < L; ++j)
                for (t = 0; t < T; ++t)
                    bar[(r * L + j) * T + t] = gs_barrier_word(7, r, j, t);
        CHECK(gs_golden_barrier_check(bar, B, T, L, 7, 0, 0, detail, sizeof detail) == 0);
        CHECK(gs_golden_barrier_check(bar, B, T, L, 7, 12, 5, detail, sizeof detail) == 1 &&
              strstr(detail, "12 stale reads") && strstr(detail, "episode 5"));
        bar[(3 * L + 2) * T + 1] ^= 1u; /* one word a block did not see */
        CHECK(gs_golden_barrier_check(bar, B, T, L, 7, 0, 0, detail, sizeof detail) == 1 &&
              strstr(detail, "region 3 word 2 thread 1"));
        CHECK(gs_barrier_word(1, 2, 3, 4) != gs_barrier_word(2, 2, 3, 4));
    }
    return check_done();
}
