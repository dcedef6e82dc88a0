#include "prims.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#define MUTEX(name, origin, summary, alg) \
    {name, GS_FAMILY_MUTEX, "mutex", origin, summary, 0, gs_mutex_launch_##alg, gs_mutex_occupancy_##alg, 0, 0, 0, 0, NULL, NULL}
#define SEM(name, origin, summary, alg, size, backoff) \
    {name, GS_FAMILY_SEM, "sem", origin, summary, 0, gs_sem_launch_##alg, gs_sem_occupancy_##alg, size, backoff, 0, 0, NULL, NULL}
#define BARRIER(name, origin, summary, alg, unordered) \
    {name, GS_FAMILY_BARRIER, "barrier", origin, summary, 1, gs_barrier_launch_##alg, gs_barrier_occupancy_##alg, 0, 0, unordered, 0, NULL, NULL}
#define BARRIER_EXCH(name, origin, summary, alg) \
    {name, GS_FAMILY_BARRIER, "barrier", origin, summary, 1, gs_barrier_launch_##alg, gs_barrier_occupancy_##alg, 0, 0, 0, 1, NULL, NULL}
/* gsync's own barrier: its note names the form each grid took */
#define GS_BARRIER(name, summary, alg) \
    {name, GS_FAMILY_BARRIER, "barrier", "gsync", summary, 1, gs_barrier_launch_##alg, gs_barrier_occupancy_##alg, 0, 0, 0, 0, NULL, gs_barrier_note_tree}
#define SEM_SIZES(prefix, origin, summary, alg, backoff)                 \
    SEM(prefix "1", origin, summary ", size 1", alg, 1, backoff),        \
    SEM(prefix "2", origin, summary ", size 2", alg, 2, backoff),        \
    SEM(prefix "10", origin, summary ", size 10", alg, 10, backoff),     \
    SEM(prefix "120", origin, summary ", size 120", alg, 120, backoff)

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
    {"cohortMutex", GS_FAMILY_MUTEX, "mutex", "gsync",
     "cluster cohort lock: passes inside a thread-block cluster first, then a global ticket lock", 0,
     gs_mutex_launch_cohort, gs_mutex_occupancy_cohort, 0, 0, 0, 0, gs_mutex_cluster_cohort, NULL},
    SEM_SIZES("spinSem", "HeteroSync baseline", "lock-guarded reader-writer semaphore", spin, 0),
    SEM_SIZES("spinSemEBO", "HeteroSync baseline", "lock-guarded semaphore, exponential backoff", spin, 1),
    SEM_SIZES("priorSem", "thesis baseline", "priority semaphore: leaving blocks go first", priority, 0),
    SEM_SIZES("priorSemEBO", "thesis baseline", "priority semaphore with exponential backoff", priority, 1),
    SEM_SIZES("ticketSem", "gsync", "weighted ticket semaphore, FIFO, no lock", ticket, 0),
    BARRIER("fxLockBarrier", "Feng-Xiao baseline", "one global counter, __threadfence before the add", fx_lock, 0),
    BARRIER("fxLockBarrierNoFence", "Feng-Xiao baseline", "the same without the fence (unordered)", fx_lock_nofence, 1),
    BARRIER("fxLockFreeBarrier", "Feng-Xiao baseline", "a flag per block, block 0 gathers and releases, fenced",
            fx_lockfree, 0),
    BARRIER("fxLockFreeBarrierNoFence", "Feng-Xiao baseline", "the same without the fences (unordered)",
            fx_lockfree_nofence, 1),
    BARRIER("atomicTreeBarrUniq", "HeteroSync baseline", "two-level atomic tree, static leaders, double barriers",
            atomic_tree, 0),
    BARRIER_EXCH("atomicTreeBarrUniqLocalExch", "HeteroSync baseline",
                 "atomic tree; blocks trade data within their group mid-episode", atomic_tree_exch),
    BARRIER("lfTreeBarrUniq", "HeteroSync baseline", "two-level flag (lock-free) tree, static masters", lf_tree, 0),
    BARRIER_EXCH("lfTreeBarrUniqLocalExch", "HeteroSync baseline",
                 "flag tree; blocks trade data within their group mid-episode", lf_tree_exch),
    BARRIER("srBarrier", "thesis baseline", "two-level sense-reversing barrier, dynamic leader, backoff",
            sense_reversing, 0),
    BARRIER("gridSync", "CUDA peer", "cooperative groups grid.sync()", grid_sync, 0),
    BARRIER("cudaBarrier", "CUDA peer", "libcu++ cuda::barrier<thread_scope_device>, one arrival per block",
            cuda_barrier, 0),
    {"relaunchStream", GS_FAMILY_BARRIER, "barrier", "CPU implicit sync",
     "a kernel launch per episode, from a stream (the kernel boundary is the barrier)", 0,
     gs_barrier_launch_relaunch_stream, gs_barrier_occupancy_relaunch, 0, 0, 0, 0, NULL, NULL},
    {"relaunchGraph", GS_FAMILY_BARRIER, "barrier", "CPU implicit sync",
     "a kernel launch per episode, replayed as one CUDA graph", 0, gs_barrier_launch_relaunch_graph,
     gs_barrier_occupancy_relaunch, 0, 0, 0, 0, NULL, NULL},
    GS_BARRIER("gsBarrier", "acquire/release counter barrier: flat, spread, gathered or wide form by grid size", tree),
    GS_BARRIER("gsBarrierSplit", "gsBarrier through its split-phase arrive/wait", tree_split),
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
