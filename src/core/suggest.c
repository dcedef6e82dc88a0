/* suggest.c: the nearest known word to a mistyped one, for "did you mean"
 * in every error the parser and the commands print. */
#include "core/suggest.h"

#include <ctype.h>
#include <string.h>

int gs_word_distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b), i, j;
    int row[64];
    if (la > 63 || lb > 63)
        return 1000;
    for (j = 0; j <= lb; ++j)
        row[j] = j;
    for (i = 1; i <= la; ++i) {
        int diag = row[0];
        row[0] = i;
        for (j = 1; j <= lb; ++j) {
            int up = row[j];
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int best = diag + cost;
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

const char *gs_word_suggest(const char *name, const char *const *words, size_t count)
{
    const int limit = (int)strlen(name) / 3 + 1;
    const char *best = NULL;
    int best_d = limit + 1;
    for (size_t i = 0; i < count; ++i) { /* the nearest; of equals, one that begins with name */
        const int d = gs_word_distance(name, words[i]);
        if (d < best_d || (d == best_d && best && strncmp(words[i], name, strlen(name)) == 0 &&
                           strncmp(best, name, strlen(name)) != 0))
            best = words[i], best_d = d;
    }
    return best;
}
