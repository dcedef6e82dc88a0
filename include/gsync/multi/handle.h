/* gsync/multi/handle.h: the handle of gsync's barrier across GPUs, of one
 * node or several, and the layout of its state, for host code (C) and
 * device code alike.
 * The algorithms are in hier_barrier.cuh and flat_barrier.cuh, the calls a
 * kernel makes in barrier.cuh; gs_multi_barrier_plan (gsync/multi/host.h)
 * fills a handle collectively over NVSHMEM's PEs.
 *
 * State, per GPU, GS_MULTI_BARRIER_LINES 128-byte lines, never reset within
 * a launch (every form's words, so that one plan serves each form):
 *   line 0        arrivals (hierarchical and direct forms)
 *   line 1        release word (hierarchical: the episode; direct: leaders' adds)
 *   lines 2..9    a flag per PE, written by that PE's leader (hierarchical)
 *   lines 10..17  the flat form's counters (block b adds to b % 8)
 *   lines 18..20  across nodes: round k's signal from another node's head
 *                 (64-bit, NVSHMEM's signal operations add 1 an episode)
 *   line 21       across nodes: the episode this node's head released
 * Each thread works on its own copy of the handle (pass it to the kernel by
 * value and take the parameter's address): the copy counts the episodes it
 * has passed (`epoch`), so the kernel names no episode.  The handle holds
 * no array (the peers' pointers are in device memory, read through the
 * read-only path), so a kernel's copy lives in registers.
 */
#ifndef GSYNC_MULTI_HANDLE_H
#define GSYNC_MULTI_HANDLE_H

#define GS_MULTI_MAX_PES 8u
#define GS_MULTI_LINE 32u       /* unsigned ints per 128-byte line */
#define GS_MULTI_FLAT_LINES 8u  /* the flat form's counters */
#define GS_MULTI_DISS_ROUNDS 3u  /* dissemination rounds between nodes: log2(GS_MULTI_MAX_PES) */
#define GS_MULTI_BARRIER_LINES (3u + GS_MULTI_MAX_PES + GS_MULTI_FLAT_LINES + GS_MULTI_DISS_ROUNDS)
#define gs_multi_barrier_bytes() (GS_MULTI_BARRIER_LINES * GS_MULTI_LINE * 4u)

/* The forms; one handle and one state serve all three.  Across nodes the
 * plan makes every form the hierarchical one, its heads signalling between
 * nodes (hier_barrier.cuh). */
enum gs_multi_form {
    GS_MULTI_FORM_DIRECT = 0, /* a leader a GPU adds to every GPU's release word; every block polls its own (default) */
    GS_MULTI_FORM_HIER = 1,   /* a leader a GPU exchanges flags with the others' leaders, then releases its GPU       */
    GS_MULTI_FORM_FLAT = 2,   /* no leader: every block adds itself on every GPU; the grids of all GPUs are planned   */
    GS_MULTI_FORM_COUNT = 3
};

/* What this GPU knows of every PE, in device memory (the plan writes it
 * into lines of the state that launches never zero): read-only in kernels.
 * A node is a set of PEs that reach each other's memory by pointer; a PE of
 * another node has no pointer here (NULL) and is reached through NVSHMEM's
 * device API.  All zero past `goal`: one node. */
typedef struct gs_multi_peers {
    unsigned int *peer[GS_MULTI_MAX_PES];     /* each PE's state, as this GPU reaches it; NULL: another node */
    unsigned int blocks[GS_MULTI_MAX_PES];    /* each PE's grid as planned; 0: not planned (see barrier.cuh) */
    unsigned int goal[GS_MULTI_FLAT_LINES];   /* flat: blocks of all GPUs on counter j; 0: npes times this grid's */
    unsigned int nodes;                       /* nodes (0 or 1: one, every PE by pointer) */
    unsigned int node;                        /* this PE's node, 0 .. nodes - 1 */
    unsigned int head;                        /* this node's head: the PE that signals the other nodes */
    unsigned int pad;
    unsigned int heads[GS_MULTI_MAX_PES];     /* node n's head */
    unsigned int spare[20];
} gs_multi_peers_t;                           /* 256 bytes: two lines */
#define GS_MULTI_PEERS_LINES 2u
typedef char gs__multi_peers_two_lines[sizeof(gs_multi_peers_t) == 256u ? 1 : -1];

/* The flat form's blocks on counter j of a grid of n blocks (block b adds to b % GS_MULTI_FLAT_LINES). */
#define gs_multi_flat_share(n, j) ((n) / GS_MULTI_FLAT_LINES + ((j) < (n) % GS_MULTI_FLAT_LINES ? 1u : 0u))

typedef struct gs_multi_barrier {
    unsigned int *words;                    /* this GPU's state (peers->peer[pe]) */
    const gs_multi_peers_t *peers;          /* device memory */
    unsigned int grid;                      /* this GPU's planned grid (peers->blocks[pe]); 0: any */
    unsigned int pe, npes;
    unsigned int form;                      /* enum gs_multi_form */
    unsigned int nodes;                     /* the plan's nodes (peers->nodes): 0 or 1, one node */
    unsigned int epoch;                     /* episodes this copy has passed; 0 on fresh state */
    unsigned int start;                     /* the epoch a launch starts from (0; the state matches it) */
    unsigned int leader;                    /* device: this copy's block leads the episode (thread 0) */
    unsigned int launched;                  /* host: launched since the state was last zeroed */
} gs_multi_barrier_t;

/* Line `line` of the state `words`. */
#define gs_multi_line(words, line) ((words) + GS_MULTI_LINE * (line))
#define GS_MULTI_COUNT_LINE 0u
#define GS_MULTI_RELEASE_LINE 1u
#define GS_MULTI_FLAG_LINE(pe) (2u + (pe))
#define GS_MULTI_FLAT_LINE(j) (2u + GS_MULTI_MAX_PES + (j))
#define GS_MULTI_DISS_LINE(k) (2u + GS_MULTI_MAX_PES + GS_MULTI_FLAT_LINES + (k))
#define GS_MULTI_DOWN_LINE (2u + GS_MULTI_MAX_PES + GS_MULTI_FLAT_LINES + GS_MULTI_DISS_ROUNDS)

#define GS_MULTI_PEERS_LINE (GS_MULTI_BARRIER_LINES + 2u) /* the plan's table (gs_multi_peers_t, two lines) */

/* Poison (misuse.cuh): a GPU that stops stores a target plus GS_MULTI_POISON
 * where peers wait (a read GS_MULTI_POISON_FROM or more past its target is
 * poison).  Across nodes it adds GS_MULTI_REMOTE_POISON to a round's count
 * instead, and every GPU that stops may add it (up to GS_MULTI_MAX_PES - 1
 * times): small enough that the sum never wraps past half the range, and a
 * count GS_MULTI_REMOTE_POISON_FROM past its target is poison, where a live
 * count runs at most 1 past (tests/host/test_multi_nodes.c checks both). */
#define GS_MULTI_POISON 0x60000000u
#define GS_MULTI_POISON_FROM 0x20000000u
#define GS_MULTI_REMOTE_POISON 0x01000000u
#define GS_MULTI_REMOTE_POISON_FROM 0x00800000u

/* for p over the PEs of handle b */
#define GS__MULTI_FOR_PES(p, b) for (unsigned int p = 0; p < (b)->npes; ++p)

#endif
