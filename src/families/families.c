/* families.c: the families gsync-bench knows, one line each, and lookups
 * over all their primitives. */
#include "core/family.h"
#include "core/suggest.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

extern const gs_family gs_family_mutex, gs_family_sem, gs_family_barrier, gs_family_local, gs_family_relaxed;

const gs_family *const gs_families[] = {
    &gs_family_mutex,
    &gs_family_sem,
    &gs_family_barrier,
    &gs_family_local,
    &gs_family_relaxed,
};
const size_t gs_nfamilies = sizeof gs_families / sizeof gs_families[0];

int gs_family_check_body(const gs_config *c, char *err, size_t n)
{
    if (c->ldst == 0) {
        snprintf(err, n, "--ldst 0 (the bare barrier) applies to barriers only, not to %s", c->prim->name);
        return GS_EXIT_USAGE;
    }
    return GS_EXIT_OK;
}

unsigned int gs_family_iters(const gs_config *c, int verifying)
{
    (void)verifying;
    return c->iters;
}

unsigned int gs_wrap_half(unsigned long long increments)
{
    const unsigned long long half = (increments + 1ull) / 2ull;
    return half < 1ull ? 1u : half > (1ull << 29) ? 1u << 29 : (unsigned int)half;
}

size_t gs_prim_count(void)
{
    size_t n = 0;
    for (size_t f = 0; f < gs_nfamilies; ++f)
        n += gs_families[f]->nprims;
    return n;
}

const gs_prim *gs_prim_at(size_t i)
{
    for (size_t f = 0; f < gs_nfamilies; ++f) {
        if (i < gs_families[f]->nprims)
            return &gs_families[f]->prims[i];
        i -= gs_families[f]->nprims;
    }
    return NULL;
}

const gs_family *gs_family_find(const char *name)
{
    for (size_t f = 0; f < gs_nfamilies; ++f)
        if (strcmp(gs_families[f]->name, name) == 0)
            return gs_families[f];
    return NULL;
}

const gs_prim *gs_prim_find(const char *name)
{
    const size_t n = gs_prim_count();
    for (size_t i = 0; i < n; ++i)
        if (strcmp(gs_prim_at(i)->name, name) == 0)
            return gs_prim_at(i);
    for (size_t i = 0; i < n; ++i)
        if (strcasecmp(gs_prim_at(i)->name, name) == 0)
            return gs_prim_at(i);
    return NULL;
}

/* Candidate i of the suggestions: the families' names, then every primitive's. */
static const char *candidate(size_t i)
{
    return i < gs_nfamilies ? gs_families[i]->name : gs_prim_at(i - gs_nfamilies)->name;
}

int gs_prim_suggest(const char *name, const char **out, int max)
{
    const size_t n = gs_nfamilies + gs_prim_count();
    int found = 0, limit = (int)strlen(name) / 3 + 1, d;
    for (d = 0; d <= limit && found < max; ++d)
        for (size_t i = 0; i < n && found < max; ++i)
            if (gs_word_distance(name, candidate(i)) == d)
                out[found++] = candidate(i);
    return found;
}
