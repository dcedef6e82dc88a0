/* Host tests of Smith-Waterman's inputs and reference (src/app/sequence.c):
 * known scores, the traceback and a corrupted matrix it must refuse, FASTA
 * files and their errors, the generator's determinism. */
#include "../check.h"
#include "app/sequence.h"

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
    return check_done();
}
