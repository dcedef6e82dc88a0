/* multi_host.cu: gsync::multi, the host side of the barrier across GPUs
 * (gsync/multi/host.h): its plan (symmetric state, peer pointers, every
 * PE's grid) and its collective launch (zeroing ordered before any PE's
 * launch, checks agreed by every PE).  Host code only; NVSHMEM's host API. */
#include <nvshmem.h>
#include <nvshmemx.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsync/host.h>
#include <gsync/multi/host.h>

/* After the barrier's lines: a line where the PEs exchange their grids, and
 * one where they exchange a launch's verdict (exchange(): host puts). */
#define AUX_GRIDS GS_MULTI_BARRIER_LINES
#define AUX_VERDICT (GS_MULTI_BARRIER_LINES + 1u)
#define STATE_BYTES ((GS_MULTI_PEERS_LINE + GS_MULTI_PEERS_LINES) * GS_MULTI_LINE * 4u) /* the table's lines last */
#define AUX_HEADS GS_MULTI_PEERS_LINE /* the nodes' heads are exchanged where the table goes next */

/* Every PE's mine[pe] into out[0..n) on every PE: each PE puts its value
 * into its slot on every PE (host puts: NVSHMEM's reductions are refused
 * where several PEs share a GPU), then a barrier of every PE completes them.
 * The slots alternate between two halves of the line, exchange by exchange
 * (every PE makes the same exchanges in the same order): a PE one exchange
 * ahead writes the half a slower PE is not reading. */
static cudaError_t exchange(unsigned int *words, unsigned int line, const unsigned int *mine, unsigned int n,
                            unsigned int *out)
{
    static unsigned int made; /* exchanges made by this process: the same on every PE */
    const int pe = nvshmem_my_pe();
    unsigned int *slots = gs_multi_line(words, line) + (made++ & 1u) * (GS_MULTI_LINE / 2u);
    for (unsigned int p = 0; p < n; ++p)
        nvshmem_putmem(slots + pe, mine + pe, sizeof *mine, (int)p);
    nvshmem_barrier_all(); /* completes every PE's puts */
    return cudaMemcpy(out, slots, n * sizeof *out, cudaMemcpyDeviceToHost);
}

/* GSYNC_MULTI_NODE_SIZE: 0 when unset (nodes as the pointers fall), the
 * size asked, or -1 (a line printed) when it is not 1..GS_MULTI_MAX_PES. */
static int forced_node_size(void)
{
    const char *s = getenv("GSYNC_MULTI_NODE_SIZE");
    char *end;
    if (!s)
        return 0;
    const unsigned long k = strtoul(s, &end, 10);
    if (!*s || *end || k < 1u || k > GS_MULTI_MAX_PES) {
        fprintf(stderr, "gsync: GSYNC_MULTI_NODE_SIZE='%s' is not a whole number from 1 to %u\n", s, GS_MULTI_MAX_PES);
        return -1;
    }
    return (int)k;
}

/* Whether this PE reaches PE p's state by pointer, as planned: NVSHMEM gives
 * a pointer, and p is in this PE's group of `size` where a size is forced. */
static unsigned int *reach(unsigned int *words, int p, int pe, int size)
{
    if (size > 0 && p / size != pe / size)
        return NULL; /* treated as another node */
    return (unsigned int *)nvshmem_ptr(words, p);
}

extern "C" cudaError_t gs_multi_barrier_plan(gs_multi_barrier_t *b, unsigned int blocks, int form)
{
    const int npes = nvshmem_n_pes(), pe = nvshmem_my_pe();
    /* What this PE finds wrong is kept, never returned alone (the others would wait for it at the next
     * exchange): every PE goes through every exchange, and the last one agrees on the largest error. */
    const int size = forced_node_size();
    cudaError_t mine_err = !b || blocks == 0u || form < -1 || form >= (int)GS_MULTI_FORM_COUNT || size < 0
                               ? cudaErrorInvalidValue
                               : cudaSuccess;
    unsigned int mine[GS_MULTI_MAX_PES] = {0}, grids[GS_MULTI_MAX_PES] = {0}, heads[GS_MULTI_MAX_PES] = {0};
    unsigned int all[GS_MULTI_MAX_PES] = {0};
    unsigned int *words;
    cudaError_t e;
#define KEEP(why)                                                                                    \
    do {                                                                                             \
        const cudaError_t why_ = (why);                                                              \
        if (why_ > mine_err)                                                                         \
            mine_err = why_;                                                                         \
    } while (0)
    if (npes > (int)GS_MULTI_MAX_PES)
        return cudaErrorInvalidValue; /* every PE sees the same count: all return here */
    words = (unsigned int *)nvshmem_malloc(STATE_BYTES);
    if (!words)
        return cudaErrorMemoryAllocation; /* symmetric: every PE fails alike */
    KEEP(cudaMemset(words, 0, STATE_BYTES));
    KEEP(cudaDeviceSynchronize()); /* zeroed before any peer's put lands here (the memset may return early) */
    nvshmem_barrier_all();
    mine[pe] = mine_err != cudaSuccess ? 0u : blocks;
    if ((e = exchange(words, AUX_GRIDS, mine, (unsigned int)npes, grids)) != cudaSuccess) {
        KEEP(e);
        memset(grids, 0, sizeof grids);
    }
    gs_multi_peers_t table;
    memset(&table, 0, sizeof table);
    for (int p = 0; p < npes; ++p) {
        if (grids[p] == 0u)
            KEEP(cudaErrorInvalidValue); /* some PE's arguments (or its exchange) failed */
        table.peer[p] = reach(words, p, pe, size);
        table.blocks[p] = grids[p];
        for (unsigned int j = 0; j < GS_MULTI_FLAT_LINES; ++j)
            table.goal[j] += gs_multi_flat_share(grids[p], j);
    }
    /* a node: the PEs that reach each other by pointer; its head, the lowest (each PE says its own) */
    const unsigned int head = gs_multi_nodes_head(&table, (unsigned int)npes, (unsigned int)pe);
    memset(mine, 0, sizeof mine);
    mine[pe] = head + 1u;
    if ((e = exchange(words, AUX_HEADS, mine, (unsigned int)npes, heads)) != cudaSuccess) {
        KEEP(e);
        memset(heads, 0, sizeof heads);
    }
    KEEP(gs_multi_nodes_group(&table, heads, (unsigned int)npes, (unsigned int)pe));
    gs_multi_peers_t *dev_table = (gs_multi_peers_t *)gs_multi_line(words, GS_MULTI_PEERS_LINE);
    KEEP(cudaMemcpy(dev_table, &table, sizeof table, cudaMemcpyHostToDevice));
    /* the verdict: every PE's error, the largest returned by all */
    memset(mine, 0, sizeof mine);
    mine[pe] = (unsigned int)mine_err;
    if ((e = exchange(words, AUX_VERDICT, mine, (unsigned int)npes, all)) != cudaSuccess)
        KEEP(e); /* this PE cannot read the verdict: its context is broken, so its own copy above failed too
                  * and every PE's verdict is an error: it frees with them */
    for (int p = 0; p < npes; ++p)
        KEEP((cudaError_t)all[p]);
#undef KEEP
    if (mine_err != cudaSuccess) {
        nvshmem_free(words); /* collective: every PE is here */
        if (b)
            memset(b, 0, sizeof *b);
        return mine_err;
    }
    memset(b, 0, sizeof *b);
    b->pe = (unsigned int)pe, b->npes = (unsigned int)npes;
    b->words = words, b->peers = dev_table, b->grid = table.blocks[pe];
    b->form = form < 0 ? GS_MULTI_FORM_DIRECT : (unsigned int)form;
    b->nodes = table.nodes;
    if (table.nodes > 1u)
        b->form = GS_MULTI_FORM_HIER; /* across nodes every form is the hierarchical one */
    return cudaSuccess;
}

extern "C" cudaError_t gs_multi_barrier_free(gs_multi_barrier_t *b)
{
    if (!b || !b->npes || !b->words)
        return cudaErrorInvalidValue;
    nvshmem_free(b->words);
    memset(b, 0, sizeof *b);
    return cudaSuccess;
}

extern "C" cudaError_t gs_multi_launch(const void *kernel, dim3 grid, dim3 block, void **args, size_t smem,
                                       cudaStream_t stream, gs_multi_barrier_t *b, void *const *zero,
                                       const size_t *zero_bytes, unsigned int nzero)
{
    cudaError_t mine_err = cudaSuccess, e;
    const unsigned long long blocks = (unsigned long long)grid.x * grid.y * grid.z;
    unsigned int mine[GS_MULTI_MAX_PES] = {0}, all[GS_MULTI_MAX_PES] = {0};
    if (!b || !b->npes || !b->words)
        return cudaErrorInvalidValue; /* no plan: no collective to join */
    for (unsigned int i = 0; i < nzero && mine_err == cudaSuccess; ++i)
        if (!zero || !zero_bytes || !zero[i])
            mine_err = cudaErrorInvalidValue;
    if (mine_err == cudaSuccess && (!kernel || blocks == 0u || (unsigned long long)block.x * block.y * block.z == 0u))
        mine_err = cudaErrorInvalidValue;
    if (mine_err == cudaSuccess && blocks != b->grid)
        mine_err = cudaErrorInvalidConfiguration;
    if (mine_err == cudaSuccess) {
        unsigned int most = 0;
        if ((e = gs_max_coresident(kernel, block.x * block.y * block.z, smem, &most)) != cudaSuccess)
            mine_err = e;
        else if (blocks > most)
            mine_err = cudaErrorCooperativeLaunchTooLarge;
    }
    /* every PE learns every PE's verdict: all launch or none does */
    mine[b->pe] = (unsigned int)mine_err;
    if ((e = exchange(b->words, AUX_VERDICT, mine, b->npes, all)) != cudaSuccess)
        return e;
    for (unsigned int p = 0; p < b->npes; ++p)
        if (all[p] > (unsigned int)mine_err)
            mine_err = (cudaError_t)all[p];
    if (mine_err != cudaSuccess)
        return mine_err;
    /* zeroed on every GPU before any GPU launches: a peer's blocks write into this GPU's state */
    if ((e = cudaMemsetAsync(b->words, 0, gs_multi_barrier_bytes(), stream)) != cudaSuccess)
        return e;
    for (unsigned int i = 0; i < nzero; ++i)
        if ((e = cudaMemsetAsync(zero[i], 0, zero_bytes[i], stream)) != cudaSuccess)
            return e;
    nvshmemx_barrier_all_on_stream(stream);
    if (nvshmemx_collective_launch(kernel, grid, block, args, smem, stream) != 0)
        return cudaErrorLaunchFailure;
    b->launched = 1u;
    return cudaGetLastError();
}

extern "C" const char *gs_multi_form_name(int form)
{
    static const char *const names[GS_MULTI_FORM_COUNT] = {"direct", "hier", "flat"};
    return form >= 0 && form < (int)GS_MULTI_FORM_COUNT ? names[form] : NULL;
}
