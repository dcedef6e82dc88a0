/* golden.h: the host's model of what a correct run leaves behind. */
#ifndef GSYNC_GOLDEN_H
#define GSYNC_GOLDEN_H

#include <stddef.h>

/* The barrier benchmark's word (j, t) of region r after episode e (0: the
 * initial data); barrier_kernels.cu, the same function as its kernels'. */
unsigned int gs_barrier_bench_word(unsigned int episode, unsigned int region, unsigned int j, unsigned int t);

/* The mutex benchmark: every block adds blockIdx+1 to every data word once
 * per critical section, so each word ends at iters * blocks*(blocks+1)/2
 * (mod 2^32), and the non-atomic counter at blocks * iters. */
unsigned int gs_golden_mutex_word(unsigned int blocks, unsigned int iters);

/* What the verifying launch counted on the device; NULL for a timed launch,
 * which counts nothing and is checked on its data alone. */
typedef struct gs_mutex_counts {
    unsigned int cs_count;   /* non-atomic increments inside the critical section */
    unsigned int violations; /* entries that found another block inside */
} gs_mutex_counts;

/* Checks the data words and, when given, the counts.  Returns 0 on a match,
 * else 1 with the first mismatch in detail. */
int gs_golden_mutex_check(const unsigned int *data, size_t nwords, const gs_mutex_counts *counts,
                          unsigned int blocks, unsigned int iters, char *detail, size_t n);

/* The semaphore benchmark's data before any write: stamp 0, i.e. the word
 * that thread t writes as its j-th holds j. */
void gs_golden_sem_init(unsigned int *data, unsigned int threads, unsigned int words_per_thread);

/* What the verifying launch counted; NULL for a timed launch. */
typedef struct gs_sem_counts {
    unsigned int violations; /* entries past capacity, or not alone as a writer */
    unsigned int entered, left;
} gs_sem_counts;

/* Checks a semaphore run: no torn read, the counts when given, and that the
 * final data is one whole write (word j of every thread = S + j) whose stamp
 * S is the last one recorded and belongs to a writer block's last critical
 * section (block b writes stamp b * iters + it + 1; b % group == 0).
 * Returns 0 on a match, else 1 with the first mismatch in detail. */
int gs_golden_sem_check(const unsigned int *data, unsigned int threads, unsigned int words_per_thread,
                        unsigned int torn, unsigned int last_stamp, const gs_sem_counts *counts,
                        unsigned int blocks, unsigned int iters, unsigned int group, char *detail, size_t n);

/* The barrier benchmark's initial data: episode 0 in every region, stamps 0.
 * data holds blocks * ldst * threads region words, then 2 * blocks stamps. */
void gs_golden_barrier_init(unsigned int *data, unsigned int blocks, unsigned int threads, unsigned int ldst);

/* Checks a barrier run whose last data version is `episodes` (twice the
 * episodes for LocalExch): no stale read was counted, and every region holds
 * that version.  Returns 0 on a match, else 1 with
 * the first mismatch in detail. */
int gs_golden_barrier_check(const unsigned int *data, unsigned int blocks, unsigned int threads, unsigned int ldst,
                            unsigned int episodes, unsigned int stale, unsigned int last_bad, char *detail,
                            size_t n);

#endif
