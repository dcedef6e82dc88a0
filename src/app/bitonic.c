/* bitonic.c: bitonic sort of 32- or 64-bit keys (--key-bits), one merge
 * step an iteration (the short strides of a merge in shared memory in one
 * step), against the host's sort; beside it CUB's radix and merge sorts of
 * the same keys. */
#include "app/program.h"
#include "inputs/sequence.h"
#include "core/cuda_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct bitonic {
    void *keys, *sorted, *d_keys_in; /* the input, the host's sort, the input on the device: made once */
    unsigned int nkeys, key_bits;    /* keys of key_bits bits: unsigned int or unsigned long long */
    unsigned int *steps, nsteps, *d_steps;
    void *d_keys; /* the point's: sorted in place */
} bitonic;

static size_t bytes(const bitonic *b)
{
    return (size_t)b->nkeys * (b->key_bits / 8u);
}

/* The keys, their host sort, and the steps: (k, j) for each stride of each
 * merge down to GS_APP_TILE, then one shared-memory step for the rest. */
static int input(const gs_app_options *ao, bitonic *b, char *err, size_t n)
{
    int rc = 0;
    const unsigned int keys = ao->size ? ao->size : 1u << 22;
    /* (a --size that is not a power of two of at least GS_APP_TILE: refused with the command line) */
    b->nkeys = keys, b->key_bits = ao->key_bits;
    b->keys = malloc(bytes(b)), b->sorted = malloc(bytes(b));
    b->steps = malloc(2048 * 4);
    if (!b->keys || !b->sorted || !b->steps) {
        snprintf(err, n, "bitonic: out of host memory");
        return GS_EXIT_RUNTIME;
    }
    gs_bitonic_keys(b->key_bits, keys, 0xb170ull, b->keys);
    memcpy(b->sorted, b->keys, bytes(b));
    gs_bitonic_sort_host(b->key_bits, keys, b->sorted);
    b->nsteps = 0;
    for (unsigned int k = 2; k <= keys; k <<= 1)
        for (unsigned int j = k / 2u; j > 0u; j >>= 1) {
            b->steps[2 * b->nsteps] = k, b->steps[2 * b->nsteps + 1] = j;
            ++b->nsteps;
            if (j < GS_APP_TILE)
                break; /* strides j .. 1 in shared memory */
        }
    GS_CK_OUT(cudaMalloc(&b->d_keys_in, bytes(b)));
    GS_CK_OUT(cudaMalloc((void **)&b->d_steps, (size_t)b->nsteps * 8));
    GS_CK_OUT(cudaMemcpy(b->d_keys_in, b->keys, bytes(b), cudaMemcpyHostToDevice));
    GS_CK_OUT(cudaMemcpy(b->d_steps, b->steps, (size_t)b->nsteps * 8, cudaMemcpyHostToDevice));
out:
    return rc;
}

static int prepare(gs_app_ctx *c, char *err, size_t n)
{
    bitonic *b = c->st;
    int rc = 0;
    if (!b->keys && (rc = input(c->opt, b, err, n)))
        return rc;
    GS_CK_OUT(cudaMalloc(&b->d_keys, bytes(b)));
out:
    return rc;
}

static void describe(const gs_app_ctx *c, gs_app_row *r)
{
    const bitonic *b = c->st;
    snprintf(r->graph, sizeof r->graph, "%u keys of %u bits", b->nkeys, b->key_bits);
    r->n = b->nkeys;
}

static int args(gs_app_ctx *c, gs_app_args *a, char *err, size_t n)
{
    bitonic *b = c->st;
    int rc = 0;
    (void)err, (void)n;
    a->keys = b->d_keys, a->key_bits = b->key_bits, a->steps = b->d_steps, a->nsteps = b->nsteps;
    a->size = b->nkeys, a->max_iters = b->nsteps + 1u;
    GS_CK_OUT(cudaMemcpy(b->d_keys, b->d_keys_in, bytes(b), cudaMemcpyDeviceToDevice));
out:
    return rc;
}

/* Key i of keys. */
static unsigned long long key_at(const bitonic *b, const void *keys, unsigned int i)
{
    return b->key_bits == 64u ? ((const unsigned long long *)keys)[i] : ((const unsigned int *)keys)[i];
}

/* The keys equal the host's sort of the input, so they are sorted and a
 * permutation of the input; the detail names which of the two failed. */
static int check(const bitonic *b, gs_app_row *r, char *err, size_t n)
{
    void *got = malloc(bytes(b));
    int rc = 0;
    if (!got) {
        snprintf(err, n, "out of host memory");
        return GS_EXIT_RUNTIME;
    }
    GS_CK_OUT(cudaMemcpy(got, b->d_keys, bytes(b), cudaMemcpyDeviceToHost));
    if (memcmp(got, b->sorted, bytes(b)) == 0)
        goto out;
    r->verdict = GS_FAIL;
    for (unsigned int i = 0; i + 1u < b->nkeys; ++i)
        if (key_at(b, got, i) > key_at(b, got, i + 1u)) {
            snprintf(r->detail, sizeof r->detail, "keys %u and %u out of order: %#llx > %#llx", i, i + 1u,
                     key_at(b, got, i), key_at(b, got, i + 1u));
            goto out;
        }
    for (unsigned int i = 0; i < b->nkeys; ++i)
        if (key_at(b, got, i) != key_at(b, b->sorted, i)) {
            snprintf(r->detail, sizeof r->detail,
                     "sorted but not a permutation of the input: key %u is %#llx, the host's sort has %#llx", i,
                     key_at(b, got, i), key_at(b, b->sorted, i));
            break;
        }
out:
    free(got);
    return rc;
}

static int verify(gs_app_ctx *c, const gs_app_args *a, gs_app_row *r, char *err, size_t n)
{
    (void)a;
    return check(c->st, r, err, n);
}

/* The barrier modes, and CUB's sorts of the same keys. */
static int run(gs_app_ctx *c, unsigned int mode, gs_app_row *r, double *ms, char *err, size_t n)
{
    bitonic *b = c->st;
    cudaEvent_t t0 = NULL, t1 = NULL;
    float f = 0.0f;
    int rc = 0;
    if (mode != GS_SYNC_CUB_RADIX && mode != GS_SYNC_CUB_MERGE)
        return gs_app_run_barrier(c, mode, r, ms, err, n);
    r->share = -1.0;
    GS_CK_OUT(cudaEventCreate(&t0));
    GS_CK_OUT(cudaEventCreate(&t1));
    GS_CK_OUT(cudaMemset(b->d_keys, 0, bytes(b)));
    GS_CK_OUT((cudaError_t)gs_app_cub_sort(mode == GS_SYNC_CUB_MERGE, b->key_bits, b->d_keys_in, b->d_keys, b->nkeys,
                                           t0, t1));
    GS_CK_OUT(cudaEventElapsedTime(&f, t0, t1));
    *ms = f;
    rc = check(b, r, err, n);
out:
    gs_app_events_destroy(t0, t1);
    return rc;
}

static const char *note(const gs_app_options *o)
{
    return o->key_bits == 64u ? " (64-bit keys)" : "";
}

static void release(gs_app_ctx *c)
{
    bitonic *b = c->st;
    cudaFree(b->d_keys);
    b->d_keys = NULL;
}

static void free_all(gs_app_ctx *c)
{
    bitonic *b = c->st;
    release(c);
    free(b->keys), free(b->sorted), free(b->steps);
    cudaFree(b->d_keys_in), cudaFree(b->d_steps);
    memset(b, 0, sizeof *b);
}

const gs_app_program gs_app_bitonic = {
    .name = "bitonic", .summary = "bitonic sort of 32- or 64-bit keys (--key-bits): one merge step an iteration",
    .kernel = GS_APP_BITONIC, .takes = GS_SYNC_BARRIER_TAKES, .own = GS_SYNC_BARRIERS,
    .peers = GS_SYNC_BIT(GS_SYNC_CUB_RADIX) | GS_SYNC_BIT(GS_SYNC_CUB_MERGE), .twin = GS_SYNC_BROKEN_NONE,
    .unit = GS_APP_UNIT_ITEMS, .state_bytes = sizeof(bitonic), .occupancy = gs_app_barrier_occupancy, .note = note,
    .prepare = prepare, .describe = describe, .args = args, .verify = verify, .run = run, .release = release,
    .free = free_all,
};
