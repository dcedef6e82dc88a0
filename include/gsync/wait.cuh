/* gsync/wait.cuh: the one spin hook every wait loop calls, and the one set of
 * pauses between polls.
 *
 * Every wait loop in gsync is written as
 *
 *     gs_wait_t w = GS_WAIT_INIT;
 *     while (!condition)
 *         if (gs_wait_spin(&w))   // or another gs_wait_* pause
 *             return false;       // abandoned: the watchdog fired
 *
 * In a plain build the gs_wait_* calls only pause and return 0, and the
 * abandon paths fold away.  With GSYNC_WATCHDOG defined (gsync-bench and the
 * tests) the hook is also a watchdog: past the deadline of the record that
 * gs_watchdog_arm installed (none installed: no deadline), it raises a
 * device-wide abort flag, and every
 * waiter that sees the flag gives up, so that a deadlocked or livelocked
 * configuration ends instead of hanging the GPU.  A wait's first
 * GS_WAIT_QUIET_NS read only the clock, so short waits pay no global load;
 * after that a waiter reads the watchdog's words once per GS_WAIT_LOOK_NS,
 * so that thousands of long waiters do not crowd the L2 line they share.
 */
#ifndef GSYNC_WAIT_CUH
#define GSYNC_WAIT_CUH

#include "ptx.cuh"
#include "watchdog.h"

#define GS_WAIT_CHECK_EVERY 16u  /* polls per look at the clock */
#ifndef GS_WAIT_QUIET_NS
#define GS_WAIT_QUIET_NS 20000u  /* wait this long before reading the abort flag */
#endif
#ifndef GS_WAIT_LOOK_NS
#define GS_WAIT_LOOK_NS 10000u   /* then read it (and the deadline) at most this often */
#endif
#define GS_WAIT_SLEEP_MIN_NS 32u /* gs_wait_backoff: first pause */
#define GS_WAIT_SLEEP_MAX_NS 4096u
#define GS_WAIT_EBO_MAX_CYCLES 1023u /* gs_wait_ebo: HeteroSync's cap */
#define GS_WAIT_LINEAR_MAX 81u       /* gs_wait_linear: 16 steps of 5 cycles */
#define GS_WAIT_MAX_SLEEP_NS 1000000u /* nanosleep's own limit */

typedef struct gs_wait {
    unsigned int polls;
    unsigned int pause;      /* the current pause, in the unit of the gs_wait_* used */
    unsigned long long look; /* %globaltimer before which the watchdog is not read; 0 before the first check */
} gs_wait_t;
#define GS_WAIT_INIT {0u, 1u, 0ull}

/* A rule broken: the first thread of the launch to find it says so (one
 * line a launch, per translation unit); the launch then traps, so the word
 * is never read again by a live context. */
static __device__ unsigned int gs__misuse_said;
static __device__ __forceinline__ bool gs__misuse_first(void)
{
    return atomicExch(&gs__misuse_said, 1u) == 0u;
}
/* The end of a misuse: the first thread traps at once (its line is out);
 * any other waits for that trap (a trap of its own could end the launch
 * before the first thread's line is written), at most 2 s.  No thread runs
 * on past its trap. */
static __device__ __forceinline__ __attribute__((noreturn)) void gs__misuse_trap(bool first)
{
    const unsigned long long t0 = gs_globaltimer();
    while (!first && gs_globaltimer() - t0 < 2000000000ull)
        gs_nanosleep(100000u);
    __trap();
    for (;;) /* the trap is delivered asynchronously: never run on past it */
        gs_nanosleep(1000000u);
}

#ifdef GSYNC_WATCHDOG
/* Per translation unit: where this unit's kernels find the watchdog. */
static __device__ gs_watchdog_t *gs_watchdog_ptr;

/* One thread, in a kernel launched before the kernel that waits: installs
 * `wd` for this translation unit's waits, with a deadline timeout_ns from
 * now. */
static __device__ __forceinline__ void gs_watchdog_arm(gs_watchdog_t *wd, unsigned long long timeout_ns)
{
    gs_watchdog_ptr = wd;
    wd->deadline_ns = gs_globaltimer() + timeout_ns;
    wd->abort = 0u;
    wd->fired_sm = ~0u;
}
#endif

/* The watchdog's look at the clock: nonzero when the caller must abandon its
 * wait.  Loops that poll in bursts call it once per burst. */
static __device__ __forceinline__ int gs_wait_check(gs_wait_t *w)
{
#ifdef GSYNC_WATCHDOG
    const unsigned long long now = gs_globaltimer();
    if (w->look == 0ull)
        w->look = now + GS_WAIT_QUIET_NS;
    if (now < w->look)
        return 0; /* the clock only: no global load while the critical path runs */
    w->look = now + GS_WAIT_LOOK_NS;
    gs_watchdog_t *wd = gs_watchdog_ptr;
    if (!wd)
        return 0;
    if (gs_ld_relaxed(&wd->abort, GS_SCOPE_GPU)) /* relaxed: the flag carries no data */
        return 1;
    if (now > wd->deadline_ns) {
        wd->fired_sm = gs_smid();
        gs_st_relaxed(&wd->abort, 1u, GS_SCOPE_GPU);
        return 1;
    }
#else
    (void)w;
#endif
    return 0;
}

/* Poll again at once; the clock once per GS_WAIT_CHECK_EVERY calls. */
static __device__ __forceinline__ int gs_wait_spin(gs_wait_t *w)
{
#ifdef GSYNC_WATCHDOG
    if ((++w->polls % GS_WAIT_CHECK_EVERY) != 0u)
        return 0;
#endif
    return gs_wait_check(w);
}

/* Sleep, doubling the pause from GS_WAIT_SLEEP_MIN_NS to GS_WAIT_SLEEP_MAX_NS. */
static __device__ __forceinline__ int gs_wait_backoff(gs_wait_t *w)
{
    gs_nanosleep(GS_WAIT_SLEEP_MIN_NS * w->pause);
    if (w->pause < GS_WAIT_SLEEP_MAX_NS / GS_WAIT_SLEEP_MIN_NS)
        w->pause *= 2u;
    return gs_wait_spin(w);
}

/* Proportional backoff: sleep `units` times ns_per_unit, at most max_ns (a
 * waiter `units` turns from its own sleeps about as long as they take). */
static __device__ __forceinline__ int gs_wait_behind(gs_wait_t *w, unsigned int units, unsigned int ns_per_unit,
                                                     unsigned int max_ns)
{
    const unsigned int ns = units > max_ns / ns_per_unit ? max_ns : units * ns_per_unit;
    if (ns)
        gs_nanosleep(ns);
    return gs_wait_spin(w);
}

/* Busy-wait about `cycles` SM clock cycles (the HeteroSync baselines pause in
 * a counting loop rather than sleeping). */
static __device__ __forceinline__ void gs__wait_cycles(unsigned int cycles)
{
    const long long t0 = clock64();
    while (clock64() - t0 < (long long)cycles) {
    }
}

/* HeteroSync's exponential busy-wait backoff: 1, 3, 7, ... cycles, capped by
 * the mask GS_WAIT_EBO_MAX_CYCLES. */
static __device__ __forceinline__ int gs_wait_ebo(gs_wait_t *w)
{
    gs__wait_cycles(w->pause);
    w->pause = ((w->pause << 1) + 1u) & GS_WAIT_EBO_MAX_CYCLES;
    return gs_wait_spin(w);
}

/* HeteroSync's linear busy-wait backoff (its barriers): 6, 11, ... 76 cycles,
 * then 1, and again. */
static __device__ __forceinline__ int gs_wait_linear(gs_wait_t *w)
{
    w->pause += 5u;
    if (w->pause >= GS_WAIT_LINEAR_MAX)
        w->pause = 1u;
    gs__wait_cycles(w->pause);
    return gs_wait_spin(w);
}

#endif /* GSYNC_WAIT_CUH */
