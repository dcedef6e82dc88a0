/* check.h: the smallest test harness.  CHECK counts and reports failures;
 * main returns check_done(), which prints "N passed, N failed". */
#ifndef GSYNC_TEST_CHECK_H
#define GSYNC_TEST_CHECK_H

#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(cond)                                                             \
    do {                                                                        \
        if (cond) {                                                             \
            ++check_passed;                                                     \
        } else {                                                                \
            ++check_failed;                                                     \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                       \
    } while (0)

static int check_done(void)
{
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
