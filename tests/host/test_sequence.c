/* Host tests of Smith-Waterman's inputs and reference (src/inputs/sequence.c):
 * known scores, the traceback and a corrupted matrix it must refuse, FASTA
 * files and their errors, the generator's determinism; bitonic sort's keys:
 * the 32-bit keys unchanged, and 64-bit keys whose order needs both halves. */
#include "../check.h"
#include "inputs/sequence.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const gs_sw_scoring sc = {2, -1, 3, 1};

/* best score of q against t, and the traceback's columns and score */
static int align(const char *q, const char *t, unsigned int *cols, long *score, int corrupt)
{
    const unsigned int ql = (unsigned int)strlen(q), tl = (unsigned int)strlen(t);
    const size_t cells = (size_t)(ql + 1) * (tl + 1);
    int *h = malloc(cells * sizeof *h), *e = malloc(cells * sizeof *e), *f = malloc(cells * sizeof *f), best;
    unsigned int bi, bj;
    gs_sw_host(q, ql, t, tl, &sc, h, e, f, &best, &bi, &bj);
    if (corrupt) /* the best cell's diagonal predecessor, off by one */
        h[(size_t)(bi - 1) * (tl + 1) + bj - 1] += 1;
    if (gs_sw_traceback(q, t, tl, &sc, h, e, f, bi, bj, cols, score))
        *score = -1;
    free(h), free(e), free(f);
    return best;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

/* Bitonic sort's keys: the 32-bit ones are the generator's of before
 * --key-bits (results stay comparable); a 64-bit key's low half is the
 * 32-bit key, and its order needs both halves: a sort of the low halves
 * alone, or of the high halves alone, or a signed compare, is not it. */
static int keys_test(void)
{
    enum { N = 65536 };
    unsigned int *k32 = malloc(N * sizeof *k32), *s32 = malloc(N * sizeof *s32), highs[256], nhigh = 0;
    unsigned long long *k64 = malloc(N * sizeof *k64), *s64 = malloc(N * sizeof *s64), x = 0xb170ull, sum = 0;
    int ok = 1, low_unsorted = 0, high_ties = 0, top_bit = 0;
    gs_bitonic_keys(32, N, 0xb170ull, k32);
    gs_bitonic_keys(64, N, 0xb170ull, k64);
    for (unsigned int i = 0; i < N; ++i) {
        x += 0x9e3779b97f4a7c15ull; /* the generator before --key-bits */
        const unsigned long long z = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
        ok &= k32[i] == (unsigned int)((z ^ (z >> 27)) >> 32);
        ok &= (unsigned int)k64[i] == k32[i];
        sum += k32[i];
    }
    memcpy(s32, k32, N * sizeof *k32), memcpy(s64, k64, N * sizeof *k64);
    gs_bitonic_sort_host(32, N, s32);
    gs_bitonic_sort_host(64, N, s64);
    for (unsigned int i = 0; i < N; ++i) {
        const unsigned int h = (unsigned int)(s64[i] >> 32);
        unsigned int j = 0;
        while (j < nhigh && highs[j] != h)
            ++j;
        if (j == nhigh && nhigh < 256)
            highs[nhigh++] = h;
        top_bit |= h >= 0x80000000u;
        sum -= s32[i];
        if (i + 1 < N) {
            ok &= s32[i] <= s32[i + 1] && s64[i] <= s64[i + 1];
            low_unsorted |= (unsigned int)s64[i] > (unsigned int)s64[i + 1];
            high_ties |= (s64[i] >> 32) == (s64[i + 1] >> 32) && s64[i] != s64[i + 1];
        }
    }
    free(k32), free(s32), free(k64), free(s64);
    return ok && sum == 0 && nhigh > 200 && low_unsorted && high_ties && top_bit;
}

int main(void)
{
    unsigned int cols, ql, tl, ql2, tl2;
    long score;
    char err[256], *q, *t, *q2, *t2, path[] = "/tmp/gsync-fasta-XXXXXX";
    CHECK(align("ACGT", "ACGT", &cols, &score, 0) == 8 && score == 8 && cols == 4);
    /* ten matches around a gap of two in the target: 20 - (3 + 2) */
    CHECK(align("AAAAAGGTTTTT", "AAAAATTTTT", &cols, &score, 0) == 15 && score == 15 && cols == 12);
    CHECK(align("AAAA", "CCCC", &cols, &score, 0) == 0);
    /* a matrix that does not hold together: the traceback refuses it or scores it differently */
    CHECK(align("AAAAAGGTTTTT", "AAAAATTTTT", &cols, &score, 1) == 15 && score != 15);

    close(mkstemp(path));
    write_file(path, ">one\nACGT acgt\n\nNN\n>two\nTTTT\n");
    CHECK(gs_fasta_read(path, &q, &ql, err, sizeof err) == 0 && ql == 10 && strcmp(q, "ACGTACGTNN") == 0);
    free(q);
    write_file(path, ">x\nACGT\nAC7T\n");
    CHECK(gs_fasta_read(path, &q, &ql, err, sizeof err) == 2 && strstr(err, ":3: '7'") != NULL);
    write_file(path, ">only a header\n");
    CHECK(gs_fasta_read(path, &q, &ql, err, sizeof err) == 2 && strstr(err, "no sequence letters") != NULL);
    remove(path);
    CHECK(gs_fasta_read(path, &q, &ql, err, sizeof err) == 2 && strstr(err, "No such file") != NULL);

    CHECK(gs_sw_generate("dna", 1000, 0.1, 7, &q, &ql, &t, &tl) == 0 && ql == 1000 && tl > 900 && tl < 1100);
    CHECK(gs_sw_generate("dna", 1000, 0.1, 7, &q2, &ql2, &t2, &tl2) == 0 && tl2 == tl && !strcmp(t, t2) &&
          !strcmp(q, q2) && strspn(q, "ACGT") == 1000);
    free(q), free(t), free(q2), free(t2);
    CHECK(gs_sw_generate("protein", 100, 0.0, 1, &q, &ql, &t, &tl) == 0 && tl == 100 && !strcmp(q, t) &&
          strspn(q, "ACDEFGHIKLMNPQRSTVWY") == 100);
    free(q), free(t);

    CHECK(keys_test());
    return check_done();
}
