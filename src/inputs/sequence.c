/* sequence.c: sequence generation and the host's Smith-Waterman; bitonic
 * sort's keys (see sequence.h; the FASTA reader is inputs/fasta.c). */
#include "inputs/sequence.h"

#include <stdlib.h>
#include <string.h>

#define NEG ((int)0xC0C0C0C0) /* minus infinity for E and F: what memset(0xC0) writes */

static unsigned long long next(unsigned long long *x)
{
    unsigned long long z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int gs_sw_generate(const char *alphabet, unsigned int len, double mutation, unsigned long long seed, char **query,
                   unsigned int *qlen, char **target, unsigned int *tlen)
{
    const char *letters = strcmp(alphabet, "protein") == 0 ? "ACDEFGHIKLMNPQRSTVWY" : "ACGT";
    const unsigned int k = (unsigned int)strlen(letters);
    char *q = malloc((size_t)len + 1), *t = malloc(2 * (size_t)len + 1);
    unsigned int m = 0;
    if (!q || !t) {
        free(q), free(t);
        return 1;
    }
    for (unsigned int i = 0; i < len; ++i)
        q[i] = letters[next(&seed) % k];
    q[len] = 0;
    for (unsigned int i = 0; i < len; ++i) {
        const double r = (double)(next(&seed) >> 11) / 9007199254740992.0;
        const unsigned int op = (unsigned int)(next(&seed) % 3u);
        if (r >= mutation || op == 2u) /* kept, or kept and followed by an insertion */
            t[m++] = q[i];
        else if (op == 0u) /* substituted */
            t[m++] = letters[next(&seed) % k];
        if (r < mutation && op == 2u)
            t[m++] = letters[next(&seed) % k];
        /* op 1 under the rate: deleted */
    }
    t[m] = 0;
    *query = q, *qlen = len, *target = t, *tlen = m;
    return 0;
}

static int max2(int a, int b)
{
    return a > b ? a : b;
}

void gs_sw_host(const char *q, unsigned int qlen, const char *t, unsigned int tlen, const gs_sw_scoring *s, int *h,
                int *e, int *f, int *best, unsigned int *bi, unsigned int *bj)
{
    const size_t w = (size_t)tlen + 1;
    *best = 0, *bi = 0, *bj = 0;
    for (size_t j = 0; j < w; ++j)
        h[j] = 0, e[j] = NEG, f[j] = NEG;
    for (unsigned int i = 1; i <= qlen; ++i) {
        int *hr = h + i * w, *er = e + i * w, *fr = f + i * w;
        hr[0] = 0, er[0] = NEG, fr[0] = NEG;
        for (unsigned int j = 1; j <= tlen; ++j) {
            er[j] = max2(er[j - 1] - s->gap_extend, hr[j - 1] - s->gap_open - s->gap_extend);
            fr[j] = max2(fr[j - w] - s->gap_extend, hr[j - w] - s->gap_open - s->gap_extend);
            const int diag = hr[j - w - 1] + (q[i - 1] == t[j - 1] ? s->match : s->mismatch);
            hr[j] = max2(max2(0, diag), max2(er[j], fr[j]));
            if (hr[j] > *best)
                *best = hr[j], *bi = i, *bj = j;
        }
    }
}

int gs_sw_traceback(const char *q, const char *t, unsigned int tlen, const gs_sw_scoring *s, const int *h,
                    const int *e, const int *f, unsigned int bi, unsigned int bj, unsigned int *cols, long *score)
{
    const size_t w = (size_t)tlen + 1;
    size_t i = bi, j = bj;
    int state = 0; /* 0: H, 1: E (a gap in the query), 2: F (a gap in the target) */
    *cols = 0, *score = 0;
    for (;;) {
        const size_t c = i * w + j;
        if (state == 0) {
            if (h[c] == 0)
                return 0;
            if (i == 0 || j == 0)
                return 1;
            const int sub = q[i - 1] == t[j - 1] ? s->match : s->mismatch;
            if (h[c] == h[c - w - 1] + sub) {
                *score += sub, ++*cols, --i, --j;
            } else if (h[c] == e[c]) {
                state = 1;
            } else if (h[c] == f[c]) {
                state = 2;
            } else {
                return 1;
            }
        } else {
            const int horizontal = state == 1;
            const size_t prev = horizontal ? c - 1 : c - w;
            const int *g = horizontal ? e : f;
            if (horizontal ? j == 0 : i == 0)
                return 1;
            *score -= s->gap_extend, ++*cols;
            if (g[c] == h[prev] - s->gap_open - s->gap_extend)
                *score -= s->gap_open, state = 0;
            else if (g[c] != g[prev] - s->gap_extend)
                return 1;
            if (horizontal)
                --j;
            else
                --i;
        }
    }
}

/* ---- bitonic sort's keys ---- */

void gs_bitonic_keys(unsigned int bits, unsigned int n, unsigned long long seed, void *out)
{
    unsigned long long x = seed;
    for (unsigned int i = 0; i < n; ++i) {
        x += 0x9e3779b97f4a7c15ull;
        unsigned long long z = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
        z ^= z >> 27;
        const unsigned int low = (unsigned int)(z >> 32);
        if (bits == 64u) {
            const unsigned long long w = (z ^ (z >> 31)) * 0x94d049bb133111ebull;
            const unsigned int high = (unsigned int)(w >> 56) * 0x01010101u;
            ((unsigned long long *)out)[i] = (unsigned long long)high << 32 | low;
        } else {
            ((unsigned int *)out)[i] = low;
        }
    }
}

static int cmp_u32(const void *x, const void *y)
{
    const unsigned int a = *(const unsigned int *)x, b = *(const unsigned int *)y;
    return a < b ? -1 : a > b;
}

static int cmp_u64(const void *x, const void *y)
{
    const unsigned long long a = *(const unsigned long long *)x, b = *(const unsigned long long *)y;
    return a < b ? -1 : a > b;
}

void gs_bitonic_sort_host(unsigned int bits, unsigned int n, void *keys)
{
    qsort(keys, n, bits / 8u, bits == 64u ? cmp_u64 : cmp_u32);
}
