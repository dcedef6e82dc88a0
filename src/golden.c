#include "golden.h"

#include "bench_kernels.h"

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

void gs_golden_sem_init(unsigned int *data, unsigned int threads, unsigned int words_per_thread)
{
    unsigned int j, t;
    for (j = 0; j < words_per_thread; ++j)
        for (t = 0; t < threads; ++t)
            data[(size_t)j * threads + t] = j;
}

int gs_golden_sem_check(const unsigned int *data, unsigned int threads, unsigned int words_per_thread,
                        unsigned int torn, unsigned int last_stamp, const gs_sem_counts *counts,
                        unsigned int blocks, unsigned int iters, unsigned int group, char *detail, size_t n)
{
    const unsigned long long total = (unsigned long long)blocks * iters;
    const unsigned int stamp = data[0];
    unsigned int j, t;
    if (counts && counts->violations) {
        snprintf(detail, n, "capacity: %u entries found the semaphore full or a writer not alone",
                 counts->violations);
        return 1;
    }
    if (counts && (counts->entered != total || counts->left != total)) {
        snprintf(detail, n, "%u entries and %u exits, expected %llu of each", counts->entered, counts->left, total);
        return 1;
    }
    if (torn) {
        snprintf(detail, n, "%u reads saw words of two different writes", torn);
        return 1;
    }
    for (j = 0; j < words_per_thread; ++j)
        for (t = 0; t < threads; ++t)
            if (data[(size_t)j * threads + t] != stamp + j) {
                snprintf(detail, n, "final data: thread %u word %u is %u, expected %u (one write)", t, j,
                         data[(size_t)j * threads + t], stamp + j);
                return 1;
            }
    if (stamp != last_stamp) {
        snprintf(detail, n, "final data has stamp %u, the last write recorded %u", stamp, last_stamp);
        return 1;
    }
    if (total < 0xffffffffull) { /* stamps are unique: name the writer */
        const unsigned int b = (stamp - 1u) / iters, it = (stamp - 1u) % iters;
        if (stamp == 0u || b >= blocks || b % group != 0u || it != iters - 1u) {
            snprintf(detail, n, "final stamp %u is not a writer's last write", stamp);
            return 1;
        }
    }
    detail[0] = 0;
    return 0;
}

void gs_golden_barrier_init(unsigned int *data, unsigned int blocks, unsigned int threads, unsigned int ldst)
{
    unsigned int r, j, t;
    for (r = 0; r < blocks; ++r)
        for (j = 0; j < ldst; ++j)
            for (t = 0; t < threads; ++t)
                data[((size_t)r * ldst + j) * threads + t] = gs_barrier_word(0u, r, j, t);
    for (r = 0; r < 2u * blocks; ++r)
        data[(size_t)blocks * ldst * threads + r] = 0u;
}

int gs_golden_barrier_check(const unsigned int *data, unsigned int blocks, unsigned int threads, unsigned int ldst,
                            unsigned int episodes, unsigned int stale, unsigned int last_bad, char *detail,
                            size_t n)
{
    unsigned int r, j, t;
    if (stale) {
        snprintf(detail, n, "visibility: %u stale reads after the barrier, the last in episode %u", stale, last_bad);
        return 1;
    }
    for (r = 0; r < blocks; ++r)
        for (j = 0; j < ldst; ++j)
            for (t = 0; t < threads; ++t) {
                const unsigned int v = data[((size_t)r * ldst + j) * threads + t];
                if (v != gs_barrier_word(episodes, r, j, t)) {
                    snprintf(detail, n, "final data: region %u word %u thread %u is %u, expected %u", r, j, t, v,
                             gs_barrier_word(episodes, r, j, t));
                    return 1;
                }
            }
    detail[0] = 0;
    return 0;
}
