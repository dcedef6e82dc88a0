#include "prims.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#define MUTEX(name, origin, summary, alg) \
    {name, "mutex", origin, summary, 0, gs_mutex_launch_##alg, gs_mutex_occupancy_##alg}

static const gs_prim table[] = {
    MUTEX("spinMutex", "HeteroSync baseline", "test-and-set spin lock, fence.sc around the atomics", spin),
    MUTEX("spinMutexEBO", "HeteroSync baseline", "test-and-set lock with exponential busy-wait backoff",
          spin_ebo),
    MUTEX("faMutex", "HeteroSync baseline", "centralized ticket (fetch-and-add) lock, backoff while polling",
          fa),
    MUTEX("sleepMutex", "HeteroSync baseline", "decentralized ticket lock: one ring-buffer slot per waiter",
          sleep),
    MUTEX("ticketMutex", "gsync", "ticket lock, acquire/release, proportional backoff (FIFO)", ticket),
    MUTEX("arrayMutex", "gsync", "array queue lock, one 128-byte slot per waiter, acquire/release (FIFO)",
          array),
};

const gs_prim *gs_prims(size_t *count)
{
    *count = sizeof table / sizeof table[0];
    return table;
}

const gs_prim *gs_prim_find(const char *name)
{
    size_t n, i;
    const gs_prim *t = gs_prims(&n);
    for (i = 0; i < n; ++i)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    for (i = 0; i < n; ++i)
        if (strcasecmp(t[i].name, name) == 0)
            return &t[i];
    return NULL;
}

/* Case-insensitive Levenshtein distance, for names up to 63 characters. */
static int distance(const char *a, const char *b)
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

int gs_prim_suggest(const char *name, const char **out, int max)
{
    size_t n, i;
    const gs_prim *t = gs_prims(&n);
    int found = 0, limit = (int)strlen(name) / 2 + 1, d;
    if (limit < 3)
        limit = 3;
    for (d = 0; d <= limit && found < max; ++d)
        for (i = 0; i < n && found < max; ++i)
            if (distance(name, t[i].name) == d)
                out[found++] = t[i].name;
    return found;
}
