/* suggest.h: edit distances between words, and the nearest known word. */
#ifndef GSYNC_BENCH_SUGGEST_H
#define GSYNC_BENCH_SUGGEST_H

#include <stddef.h>

/* Case-insensitive Levenshtein distance, for words up to 63 characters
 * (longer: 1000). */
int gs_word_distance(const char *a, const char *b);
/* The one of `count` words nearest to `name` (edit distance, at most a
 * third of its length + 1); NULL when none is that near. */
const char *gs_word_suggest(const char *name, const char *const *words, size_t count);

#endif
