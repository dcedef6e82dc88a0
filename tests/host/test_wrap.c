/* test_wrap: every counter across its 2^32 wrap, on the host.
 *
 * 1. The families' --wrap hooks: which primitives have counters, and that
 *    the N each gives starts a launch short enough of the wrap to cross it.
 * 2. Models of gsync's counter arithmetic (the comparisons of mutex/ticket.cuh,
 *    mutex/array.cuh, mutex/fa.cuh, sem/ticket.cuh, barrier/counter.cuh,
 *    sense_reversing.cuh, fx_lock.cuh), run by random schedules from the
 *    state --wrap's init sets up: exclusion, capacity, no early release and
 *    progress across the wrap.  A model of an unsafe comparison (count >=
 *    goal, unsigned) must be caught, so that the models can fail.
 * These mirror the device code: a change to a comparison there belongs here too.
 */
#include "../check.h"
#include "core/family.h"

#include "gsync/barrier/counter.h"

#include <stdlib.h>
#include <string.h>

typedef unsigned int u32;

static u32 rnd(void)
{
    static unsigned long long s = 0x9e3779b97f4a7c15ull;
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    return (u32)(s >> 16);
}

/* ---- 1. the hooks ---- */

static const char *const with_counters[] = {
    "faMutex", "ticketMutex", "arrayMutex", "cohortMutex", "ticketSem1", "ticketSem2", "ticketSem10", "ticketSem120",
    "fxLockBarrier", "fxLockBarrierNoFence", "fxLockFreeBarrier", "fxLockFreeBarrierNoFence", "srBarrier",
    "gsBarrier", "gsBarrierSplit", "faMutexUniq", "ticketMutexCluster", "ticketSemCluster1", "ticketSemCluster2",
    "ticketSemCluster10", "ticketSemCluster120"};

static int has_counters(const char *name)
{
    for (size_t i = 0; i < sizeof with_counters / sizeof with_counters[0]; ++i)
        if (strcmp(name, with_counters[i]) == 0)
            return 1;
    return 0;
}

static void hooks(void)
{
    static const u32 grids[] = {1u, 4u, 132u, 528u, 4224u};
    size_t flagged = 0;
    for (size_t k = 0; k < gs_prim_count(); ++k) {
        const gs_prim *p = gs_prim_at(k);
        const gs_family *f = p->family;
        const int wraps = (p->flags & GS_PRIM_WRAP) != 0;
        CHECK(wraps == has_counters(p->name));
        if (!wraps)
            continue;
        ++flagged;
        CHECK(f->wrap != NULL);
        if (!f->wrap)
            continue;
        for (size_t g = 0; g < sizeof grids / sizeof grids[0]; ++g)
            for (int verifying = 0; verifying < 2; ++verifying) {
                gs_config c;
                memset(&c, 0, sizeof c);
                c.prim = p, c.blocks = grids[g], c.threads = 32u, c.ldst = 10u, c.repeat = 1u, c.wrap = 1;
                c.sm_count = 132u, c.group = c.blocks / 132u ? c.blocks / 132u : 1u;
                c.iters = f->iters ? f->iters(p) : f->default_iters;
                if (p->launch == GS_LAUNCH_CLUSTERS && c.blocks % 4u)
                    continue; /* local's clusters of 4 */
                const u32 iters = f->launch_iters(&c, verifying), n = f->wrap(&c, iters);
                CHECK(n >= 1u && n <= 1u << 31);
                if (f->floor_column) { /* barriers: a whole number of episodes, fewer than the launch's */
                    CHECK(n % c.blocks == 0u && n / c.blocks >= 1u && n / c.blocks < iters);
                } else if (strncmp(p->name, "faMutex", 7) == 0) {
                    CHECK(n <= 1000000000u); /* short of HeteroSync's own wrap */
                }
                if (strcmp(p->name, "ticketMutex") == 0) /* half the launch's tickets: it crosses */
                    CHECK(n == (c.blocks * iters + 1u) / 2u);
            }
    }
    CHECK(flagged == sizeof with_counters / sizeof with_counters[0]);
}

/* ---- 2. the models ---- */

enum { IDLE, WAITING, HOLDING };

/* Ticket lock (ticket.cuh; cohortMutex's global part): take next++, wait
 * while t - serving != 0 (the distance also sets the backoff: it must stay
 * below the waiters), release serving = t + 1.  `fa`: faMutex's atom.inc
 * counters, wrapping after `limit`. */
static void ticket_model(u32 start, int agents, u32 acquisitions, int fa, u32 limit)
{
    u32 next = start, serving = start, t[64], done = 0, holders = 0, steps = 0;
    int state[64] = {0};
    while (done < acquisitions && ++steps < 100u * acquisitions) {
        const int i = (int)(rnd() % (u32)agents);
        if (state[i] == IDLE) {
            t[i] = next;
            next = fa ? (next >= limit ? 0u : next + 1u) : next + 1u;
            state[i] = WAITING;
        } else if (state[i] == WAITING) {
            if (!fa)
                CHECK(t[i] - serving < (u32)agents);
            if (serving == t[i]) {
                CHECK(holders == 0u);
                ++holders, state[i] = HOLDING;
            }
        } else {
            serving = fa ? (serving >= limit ? 0u : serving + 1u) : t[i] + 1u;
            --holders, state[i] = IDLE, ++done;
        }
    }
    CHECK(done == acquisitions);
}

/* Array lock (array.cuh) from mutex_kernels.cu's wrap state: slot t & mask
 * holds t when t may go; release stores t + 1 into the next slot. */
static void array_model(u32 start, int agents, u32 nslots, u32 acquisitions)
{
    u32 *slot = malloc(nslots * sizeof *slot), next = start, t[64], done = 0, holders = 0, steps = 0;
    const u32 mask = nslots - 1u;
    int state[64] = {0};
    for (u32 j = 0; j < nslots; ++j)
        slot[j] = start - ((start - j) & mask);
    while (done < acquisitions && ++steps < 100u * acquisitions) {
        const int i = (int)(rnd() % (u32)agents);
        if (state[i] == IDLE) {
            t[i] = next++;
            state[i] = WAITING;
        } else if (state[i] == WAITING) {
            if (slot[t[i] & mask] == t[i]) {
                CHECK(holders == 0u);
                ++holders, state[i] = HOLDING;
            }
        } else {
            slot[(t[i] + 1u) & mask] = t[i] + 1u;
            --holders, state[i] = IDLE, ++done;
        }
    }
    CHECK(done == acquisitions);
    free(slot);
}

/* Weighted ticket semaphore (sem/ticket.cuh): goal = next + w - size after
 * next += w; enter once (int)(goal - released) <= 0; leave released += w.
 * Agent 0 writes (w = size), the others read (w = 1). */
static void sem_model(u32 start, int agents, u32 size, u32 entries)
{
    u32 next = start, released = start, goal[64], done = 0, inside = 0, writers = 0, steps = 0;
    int state[64] = {0};
    while (done < entries && ++steps < 100u * entries) {
        const int i = (int)(rnd() % (u32)agents);
        const u32 w = i == 0 ? size : 1u;
        if (state[i] == IDLE) {
            goal[i] = next + w - size;
            next += w;
            state[i] = WAITING;
        } else if (state[i] == WAITING) {
            if ((int)(goal[i] - released) <= 0) {
                inside += w, writers += i == 0;
                CHECK(inside <= size && (writers == 0u || inside == size));
                state[i] = HOLDING;
            }
        } else {
            released += w;
            inside -= w, writers -= i == 0, state[i] = IDLE, ++done;
        }
    }
    CHECK(done == entries);
}

/* gsBarrier (counter.cuh), all four forms, from barrier_kernels.cu's wrap
 * state at epoch e0, for `episodes` episodes in random arrival orders:
 * before the last arrival (and, gathered and wide, block 0's flag write) no
 * block may pass its wait; after it every block passes.  `unsafe` compares
 * count >= goal unsigned instead: it must be caught.  Returns the early
 * passes seen. */
#define MAXB 320u
static u32 reached(u32 v, u32 goal, int unsafe)
{
    return unsafe ? v >= goal : (int)(v - goal) >= 0;
}
static u32 barrier_model(u32 form, u32 n, u32 k, u32 e0, u32 episodes, int unsafe)
{
    u32 line[4] = {0}, counter[MAXB], flag[MAXB], order[MAXB], early = 0;
    const u32 groups = gs_barrier_groups(n, form), flags = gs_barrier_flags(n, form);
    const int wide = form == GS_BARRIER_WIDE;
    memset(counter, 0, sizeof counter), memset(flag, 0, sizeof flag);
    /* the wrap state (barrier_kernels.cu's gs_wrap); slot i on line i % k */
    if (form == GS_BARRIER_FLAT)
        line[0] = e0 * n;
    for (u32 i = 0; form == GS_BARRIER_SPREAD && i < 4u; ++i)
        line[i % k] += e0 * ((n + 3u - i) / 4u);
    for (u32 g = 0; form >= GS_BARRIER_GATHERED && g < groups; ++g)
        counter[g] = e0 * (wide ? (n - 1u - g) / GS_BARRIER_LANES + 1u
                                : (g + 1u < groups ? GS_BARRIER_GROUP : n - g * GS_BARRIER_GROUP));
    for (u32 f = 0; form >= GS_BARRIER_GATHERED && f < flags; ++f)
        flag[f] = e0;
    for (u32 e = e0; e != e0 + episodes; ++e) {
        const u32 goal = e + 1u;
        for (u32 b = 0; b < n; ++b)
            order[b] = b;
        for (u32 b = n - 1u; b > 0; --b) { /* a random arrival order */
            const u32 j = rnd() % (b + 1u), x = order[b];
            order[b] = order[j], order[j] = x;
        }
        for (u32 a = 0; a < n; ++a) {
            const int all = a + 1u == n; /* block order[a] arrives, the last? */
            int gathered = 1;
            {
                const u32 me = order[a];
                if (form == GS_BARRIER_FLAT)
                    ++line[0];
                else if (form == GS_BARRIER_SPREAD)
                    ++line[(me & 3u) % k];
                else
                    ++counter[wide ? me % GS_BARRIER_LANES : me / GS_BARRIER_GROUP];
            }
            if (form >= GS_BARRIER_GATHERED) { /* block 0 gathers once it has arrived */
                int in = 0;
                for (u32 x = 0; x <= a; ++x)
                    in |= order[x] == 0u;
                for (u32 g = 0; g < groups; ++g) {
                    const u32 members = wide ? (n - 1u - g) / GS_BARRIER_LANES + 1u
                                             : (g + 1u < groups ? GS_BARRIER_GROUP : n - g * GS_BARRIER_GROUP);
                    gathered &= reached(counter[g], goal * members, unsafe);
                }
                if (in && gathered)
                    for (u32 f = 0; f < flags; ++f)
                        flag[f] = goal;
                gathered &= in;
            }
            /* every block's wait condition now */
            for (u32 b = 0; b < n; ++b) {
                u32 pass;
                if (form == GS_BARRIER_FLAT)
                    pass = reached(line[0], goal * n, unsafe);
                else if (form == GS_BARRIER_SPREAD) {
                    u32 sum = 0;
                    for (u32 l = 0; l < k; ++l)
                        sum += line[l];
                    pass = reached(sum, goal * n, unsafe);
                } else if (b == 0u)
                    pass = gathered;
                else
                    pass = reached(flag[wide ? (n < GS_BARRIER_LANES ? b : b % GS_BARRIER_LANES)
                                             : b / GS_BARRIER_FLAG_GROUP],
                                   goal, unsafe);
                if (!all && pass)
                    ++early;
                if (all)
                    CHECK(pass); /* all arrived: no one waits on */
            }
        }
    }
    return early;
}

/* srBarrier waits for sense (epoch + 1) & 1 from state e0 & 1; Feng and
 * Xiao's counter barrier for count == blocks * (epoch + 1) from e0 * blocks;
 * their lock-free one for flags == epoch + 1 from e0. */
static void epoch_models(u32 n, u32 e0, u32 episodes)
{
    u32 sense = e0 & 1u, count = e0 * n, flagv = e0;
    for (u32 e = e0; e != e0 + episodes; ++e) {
        CHECK(((e + 1u) & 1u) != sense); /* a new sense to wait for */
        sense = (e + 1u) & 1u;
        CHECK(count != n * (e + 1u)); /* not reached before the arrivals */
        count += n;
        CHECK(count == n * (e + 1u));
        CHECK(flagv != e + 1u);
        flagv = e + 1u;
    }
}

int main(void)
{
    hooks();
    for (u32 start = 0u - 600u; start != 0u - 600u + 3u; ++start) {
        ticket_model(start, 8, 1200u, 0, 0u);
        ticket_model(1000000001u - 600u, 8, 1200u, 1, 1000000000u);
        array_model(start, 8, 8u, 1200u);
        array_model(start, 5, 16u, 1200u);
        sem_model(start, 12, 10u, 1200u);
        sem_model(start, 3, 1u, 1200u);
        sem_model(start, 40, 120u, 4000u);
    }
    /* gsBarrier: every form, epochs crossing 2^32 (the counters with them)
     * and, with e0 small, counters crossing 2^32 alone */
    static const u32 forms[][3] = {{GS_BARRIER_FLAT, 7, 1},       {GS_BARRIER_SPREAD, 9, 2},
                                   {GS_BARRIER_SPREAD, 10, 4},    {GS_BARRIER_GATHERED, 300, 1},
                                   {GS_BARRIER_WIDE, 20, 1},      {GS_BARRIER_WIDE, 100, 1}};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; ++i) {
        const u32 n = forms[i][1];
        CHECK(barrier_model(forms[i][0], n, forms[i][2], 0u - 3u, 6u, 0) == 0u);
        CHECK(barrier_model(forms[i][0], n, forms[i][2], 0xffffffffu / n - 2u, 6u, 0) == 0u);
        CHECK(barrier_model(forms[i][0], n, forms[i][2], 0u, 3u, 0) == 0u);
        /* the unsafe comparison lets blocks through early at the wrap */
        CHECK(barrier_model(forms[i][0], n, forms[i][2], 0u - 3u, 6u, 1) > 0u);
    }
    epoch_models(7u, 0u - 5u, 10u);
    epoch_models(132u, 0xffffffffu / 132u - 4u, 10u);
    return check_done();
}
