/* The golden model of the mutex benchmark, and that its check can fail. */
#include "../check.h"
#include "golden.h"

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
    return check_done();
}
