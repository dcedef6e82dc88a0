/* barrier_plan.c (gsync host module): the device-wide barrier's chooser and
 * plan.  The thresholds per GPU come from `gsync-bench tune` (the fastest
 * form at each occupancy, measured side by side); docs/barrier.md says how
 * to add a row. */
#include "gsync/host.h"

#include "lib/barrier_place.h"

#include <string.h>

/* First match wins; the last row is the default for unknown GPUs. */
static const gs_barrier_thresholds table[] = {
    {"H100", 3.0, 12.0, 12.0, 4u}, /* bench/results/h100/tune.csv */
    {"H200", 3.0, 12.0, 12.0, 4u}, /* bench/results/h200/tune.csv */
    {"", 3.0, 12.0, 12.0, 4u},     /* unknown GPUs: the H100's */
};

const gs_barrier_thresholds *gs_barrier_thresholds_for(const char *device_name)
{
    const size_t n = sizeof table / sizeof table[0];
    for (size_t i = 0; i + 1 < n; ++i)
        if (device_name && strstr(device_name, table[i].device))
            return &table[i];
    return &table[n - 1];
}

int gs_barrier_choose(const gs_barrier_thresholds *t, unsigned int blocks, unsigned int sms)
{
    const double per_sm = sms ? (double)blocks / sms : (double)blocks;
    if (per_sm < t->spread_from)
        return GS_BARRIER_FLAT;
    if (per_sm < t->gathered_from)
        return GS_BARRIER_SPREAD;
    if (per_sm < t->wide_from)
        return GS_BARRIER_GATHERED;
    return GS_BARRIER_WIDE;
}

static const char *const names[GS_BARRIER_FORMS] = {"flat", "spread", "gathered", "wide"};

const char *gs_barrier_form_name(int form)
{
    if (form == GS_BARRIER_AUTO)
        return "auto";
    return form >= 0 && form < GS_BARRIER_FORMS ? names[form] : NULL;
}

int gs_barrier_form_parse(const char *name)
{
    if (strcmp(name, "auto") == 0)
        return GS_BARRIER_AUTO;
    for (int f = 0; f < GS_BARRIER_FORMS; ++f)
        if (strcmp(name, names[f]) == 0)
            return f;
    return -2;
}

unsigned int gs_place_pick(const unsigned int *rt, unsigned int probes, unsigned int stride, unsigned int k,
                           unsigned int tol, unsigned int *out)
{
    unsigned int got = 0u, taken[GS_BARRIER_POOL_LINES];
    unsigned long long cost[GS_BARRIER_POOL_LINES];
    const unsigned int lines = stride < GS_BARRIER_POOL_LINES ? stride : GS_BARRIER_POOL_LINES;
    for (unsigned int l = 0; l < lines; ++l) {
        cost[l] = 0ull;
        taken[l] = 0u;
        for (unsigned int p = 0; p < probes; ++p)
            if (rt[p * stride + l] != GS_PLACE_MISSING)
                cost[l] += rt[p * stride + l];
    }
    while (got < k) {
        unsigned int best = lines;
        for (unsigned int l = 0; l < lines; ++l) {
            int alike = taken[l] != 0u; /* taken, or alike a taken line */
            for (unsigned int j = 0; j < got && !alike; ++j) {
                int near_all = 1;
                for (unsigned int p = 0; p < probes && near_all; ++p) {
                    const unsigned int x = rt[p * stride + l], y = rt[p * stride + out[j]];
                    if (x != GS_PLACE_MISSING && y != GS_PLACE_MISSING)
                        near_all = (x > y ? x - y : y - x) <= tol;
                }
                alike = near_all;
            }
            if (!alike && (best == lines || cost[l] < cost[best]))
                best = l;
        }
        if (best == lines)
            break;
        taken[best] = 1u;
        out[got++] = best;
    }
    return got;
}

/* The spread form on measured lines: k counters (2 or 4) in four slots,
 * slots 2 and 3 repeating 0 and 1 when k is 2.  Falls back to flat when fewer
 * than two slices were told apart or the block has fewer lanes than k. */
static cudaError_t place_spread(gs_barrier_t *b, unsigned int threads, unsigned int k, cudaStream_t stream)
{
    unsigned int rt[GS_PLACE_PROBES * GS_BARRIER_POOL_LINES], got[4], n;
    cudaError_t e;
    if (threads < 4u)
        return cudaSuccess;
    if ((e = gs_place_measure(b->words, rt, stream)) != cudaSuccess)
        return e;
    n = gs_place_pick(rt, GS_PLACE_PROBES, GS_BARRIER_POOL_LINES, k, GS_PLACE_TOLERANCE, got);
    if (n < 2u)
        return cudaSuccess;
    b->k = n >= 4u ? 4u : 2u;
    b->lines = 0u;
    for (unsigned int i = 0; i < 4u; ++i)
        b->lines |= got[i % b->k] << (8u * i);
    b->form = GS_BARRIER_SPREAD;
    return cudaSuccess;
}

/* Under AUTO the spread form stays only if a trial shows it clearly (3%)
 * faster than the flat form on this grid; the trial needs the grid
 * co-resident in the caller's block shape. */
static cudaError_t keep_if_faster(gs_barrier_t *b, unsigned int blocks, unsigned int threads, cudaStream_t stream)
{
    gs_barrier_t flat = GS_BARRIER_FLAT_INIT(b->words);
    unsigned int most = 0u;
    float spread_ms = 0.0f, flat_ms = 0.0f;
    cudaError_t e;
    if ((e = gs_max_coresident(gs_place_trial_kernel(), threads, 0, &most)) != cudaSuccess)
        return e;
    if (most >= blocks && (e = gs_place_trial(b, blocks, threads, stream, &spread_ms)) == cudaSuccess &&
        (e = gs_place_trial(&flat, blocks, threads, stream, &flat_ms)) == cudaSuccess && spread_ms < 0.97f * flat_ms)
        return cudaSuccess;
    *b = flat;
    return e;
}

cudaError_t gs_barrier_plan(gs_barrier_t *b, unsigned int *state, unsigned int blocks, unsigned int threads,
                            int form, cudaStream_t stream)
{
    struct cudaDeviceProp prop;
    int dev = 0;
    cudaError_t e;
    if (!b || !state || blocks == 0u || threads == 0u || form < GS_BARRIER_AUTO || form >= GS_BARRIER_FORMS)
        return cudaErrorInvalidValue;
    if ((e = cudaGetDevice(&dev)) != cudaSuccess || (e = cudaGetDeviceProperties(&prop, dev)) != cudaSuccess)
        return e;
    const int chosen = form == GS_BARRIER_AUTO ? gs_barrier_choose(gs_barrier_thresholds_for(prop.name), blocks,
                                                                   (unsigned int)prop.multiProcessorCount)
                                               : form;
    const gs_barrier_t flat = GS_BARRIER_FLAT_INIT(state);
    *b = flat;
    if ((e = cudaMemsetAsync(state, 0, gs_barrier_bytes(blocks), stream)) != cudaSuccess)
        return e;
    if (chosen == GS_BARRIER_SPREAD) {
        if ((e = place_spread(b, threads, gs_barrier_thresholds_for(prop.name)->spread_k, stream)) != cudaSuccess)
            return e;
        if (form == GS_BARRIER_AUTO && b->form == GS_BARRIER_SPREAD &&
            (e = keep_if_faster(b, blocks, threads, stream)) != cudaSuccess)
            return e;
    } else {
        b->form = (unsigned int)chosen;
    }
    if ((e = cudaMemsetAsync(state, 0, gs_barrier_bytes(blocks), stream)) != cudaSuccess)
        return e;
    b->blocks = blocks;
    return cudaStreamSynchronize(stream);
}

cudaError_t gs_barrier_reset(gs_barrier_t *b, cudaStream_t stream)
{
    cudaError_t e;
    if (!b || !b->words || (b->blocks == 0u && b->form != GS_BARRIER_FLAT))
        return cudaErrorInvalidValue;
    /* unplanned (GS_BARRIER_FLAT_INIT): the flat form's one counter */
    if ((e = cudaMemsetAsync(b->words, 0, b->blocks ? gs_barrier_bytes(b->blocks) : sizeof(unsigned int), stream)) !=
        cudaSuccess)
        return e;
    b->epoch = 0u;
    b->launched = 0u;
    return cudaSuccess;
}

cudaError_t gs_barrier_check_launch(const gs_barrier_t *b, dim3 grid, dim3 block)
{
    const unsigned long long blocks = (unsigned long long)grid.x * grid.y * grid.z;
    const unsigned long long threads = (unsigned long long)block.x * block.y * block.z;
    if (!b || !b->words || b->form >= GS_BARRIER_FORMS || blocks == 0ull || threads == 0ull)
        return cudaErrorInvalidValue;
    if (b->blocks != 0u && blocks != b->blocks)
        return cudaErrorInvalidConfiguration; /* not the grid planned */
    if (b->form == GS_BARRIER_SPREAD && threads < b->k)
        return cudaErrorInvalidConfiguration; /* a lane per counter */
    if (b->epoch != 0u || b->launched)
        return cudaErrorIllegalState; /* the state needs gs_barrier_reset */
    return cudaSuccess;
}

cudaError_t gs_barrier_launch(const void *kernel, dim3 grid, dim3 block, void **args, size_t smem,
                              cudaStream_t stream, gs_barrier_t *b)
{
    unsigned int most = 0u;
    cudaError_t e;
    if ((e = gs_barrier_check_launch(b, grid, block)) != cudaSuccess)
        return e;
    if ((e = gs_max_coresident(kernel, block.x * block.y * block.z, smem, &most)) != cudaSuccess)
        return e;
    if ((unsigned long long)grid.x * grid.y * grid.z > most)
        return cudaErrorCooperativeLaunchTooLarge;
    if ((e = cudaLaunchCooperativeKernel(kernel, grid, block, args, smem, stream)) == cudaSuccess)
        b->launched = 1u;
    return e;
}
