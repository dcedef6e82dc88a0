#include "golden.h"

#include <stdio.h>

unsigned int gs_golden_mutex_word(unsigned int blocks, unsigned int iters)
{
    unsigned long long b = blocks;
    unsigned long long per_round = (b * (b + 1ull) / 2ull) & 0xffffffffull;
    return (unsigned int)((per_round * iters) & 0xffffffffull);
}

int gs_golden_mutex_check(const unsigned int *data, size_t nwords, const gs_mutex_counts *counts,
                          unsigned int blocks, unsigned int iters, char *detail, size_t n)
{
    const unsigned int want = gs_golden_mutex_word(blocks, iters);
    const unsigned int want_count = (unsigned int)((unsigned long long)blocks * iters);
    size_t i;
    if (counts && counts->violations) {
        snprintf(detail, n, "mutual exclusion: %u entries found another block inside", counts->violations);
        return 1;
    }
    if (counts && counts->cs_count != want_count) {
        snprintf(detail, n, "mutual exclusion: counter %u, expected %u acquisitions", counts->cs_count, want_count);
        return 1;
    }
    for (i = 0; i < nwords; ++i)
        if (data[i] != want) {
            snprintf(detail, n, "data word %zu is %u, expected %u", i, data[i], want);
            return 1;
        }
    detail[0] = 0;
    return 0;
}
