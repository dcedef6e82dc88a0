/* sequence.h: Smith-Waterman's inputs and host reference (sequence.c):
 * FASTA files, generated sequences, the full dynamic program with affine
 * gaps, and the traceback of the best local alignment; and bitonic sort's
 * generated keys and their host sort. */
#ifndef GSYNC_APP_SEQUENCE_H
#define GSYNC_APP_SEQUENCE_H

#include <stddef.h>

typedef struct gs_sw_scoring {
    int match, mismatch;        /* scores: mismatch is negative */
    int gap_open, gap_extend;   /* penalties: a gap of length L costs open + L * extend */
} gs_sw_scoring;

/* The first record of a FASTA file: letters (upper-cased), whitespace
 * ignored; any other byte is an error naming FILE:LINE.  *seq is malloc'd.
 * Returns 0, 2 (bad or unreadable file, err set) or 1 (out of memory). */
int gs_fasta_read(const char *path, char **seq, unsigned int *len, char *err, size_t n);

/* A random sequence of `len` letters of `alphabet` ("dna": ACGT,
 * "protein": the 20 amino acids) and a relative of it: each letter is kept,
 * or with probability `mutation` substituted, deleted or followed by an
 * insertion.  Deterministic from the seed.  Returns 0, or 1 (out of memory). */
int gs_sw_generate(const char *alphabet, unsigned int len, double mutation, unsigned long long seed, char **query,
                   unsigned int *qlen, char **target, unsigned int *tlen);

/* The full score matrix H, (qlen + 1) x (tlen + 1) row-major, of the local
 * alignment with affine gaps (Gotoh), and its best cell: the highest score,
 * the first in row-major order. */
void gs_sw_host(const char *q, unsigned int qlen, const char *t, unsigned int tlen, const gs_sw_scoring *s, int *h,
                int *e, int *f, int *best, unsigned int *bi, unsigned int *bj);

/* The traceback from (bi, bj) through matrices h, e, f: the alignment's
 * columns in *cols and its score recomputed from the aligned letters and
 * gaps, which must equal h at (bi, bj) when the matrices are consistent.
 * Returns 0, or 1 when the matrices do not admit a traceback. */
int gs_sw_traceback(const char *q, const char *t, unsigned int tlen, const gs_sw_scoring *s, const int *h,
                    const int *e, const int *f, unsigned int bi, unsigned int bj, unsigned int *cols, long *score);

/* Bitonic sort's n keys of `bits` bits (32: unsigned int, 64: unsigned
 * long long) into out, deterministic from the seed.  32-bit keys are
 * uniform.  A 64-bit key's low half is the 32-bit key of the same index,
 * its high half one of 256 values spread over the whole 32-bit range
 * (b * 0x01010101): many keys share a high half, so both halves decide
 * the order, and a sort that drops or misreads either half is wrong. */
void gs_bitonic_keys(unsigned int bits, unsigned int n, unsigned long long seed, void *out);

/* Sorts n keys of `bits` bits in place, ascending, unsigned (qsort). */
void gs_bitonic_sort_host(unsigned int bits, unsigned int n, void *keys);

#endif
