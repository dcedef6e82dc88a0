/* gsync/wait.cuh: backoff and the watchdog hook that every wait loop calls.
 *
 * Every wait loop in gsync is written as
 *
 *     gs_wait_t w = GS_WAIT_INIT;
 *     while (!condition)
 *         if (gs_wait_backoff(&w))   // or gs_wait_spin / gs_wait_sleep
 *             return false;          // abandoned: the watchdog fired
 *
 * or, where a loop polls several times between checks (gsBarrier's waits,
 * common.cuh), with gs_wait_check once per burst of GS_WAIT_CHECK_EVERY polls.
 * In a plain build the gs_wait_* calls only pause and always return 0, and
 * the abandon paths fold away.  With GSYNC_WATCHDOG defined (the benchmark and
 * test builds) the hook is also a watchdog: past a deadline on %globaltimer it
 * raises a device-wide abort flag, and every waiter that sees the flag gives
 * up, so a deadlocked or livelocked configuration ends instead of hanging the
 * GPU.  The host arms the watchdog before each launch with
 * gs_watchdog_arm_kernel, which records where the flag lives.
 */
#ifndef GSYNC_WAIT_CUH
#define GSYNC_WAIT_CUH

#include "ptx.cuh"

#ifndef GS_BACKOFF_MIN_NS
#define GS_BACKOFF_MIN_NS 32u
#endif
#ifndef GS_BACKOFF_MAX_NS
#define GS_BACKOFF_MAX_NS 4096u
#endif
/* The watchdog looks at the clock once per this many polls ... */
#define GS_WAIT_CHECK_EVERY 16u
/* ... and reads its abort flag and deadline (global loads, round trips on
 * the waiter's critical path) only once the wait has lasted this long, so
 * that short waits such as a barrier's pay only a clock read. */
#ifndef GS_WAIT_QUIET_NS
#define GS_WAIT_QUIET_NS 20000u
#endif

typedef struct gs_wait {
    unsigned int polls;
    unsigned int backoff_ns;
    unsigned long long since; /* %globaltimer at the first check; 0 before it */
} gs_wait_t;
#define GS_WAIT_INIT {0u, GS_BACKOFF_MIN_NS, 0ull}

#ifdef GSYNC_WATCHDOG
typedef struct gs_watchdog {
    unsigned long long deadline_ns; /* %globaltimer value past which waits give up */
    unsigned int abort;             /* raised once; every waiter then leaves      */
    unsigned int fired_sm;          /* SM that raised it, for the report          */
} gs_watchdog_t;

/* Per translation unit: where this unit's kernels find the watchdog. */
static __device__ gs_watchdog_t *gs_watchdog_ptr;

static __global__ void gs_watchdog_arm_kernel(gs_watchdog_t *wd, unsigned long long timeout_ns)
{
    gs_watchdog_ptr = wd;
    wd->deadline_ns = gs_globaltimer() + timeout_ns;
    wd->abort = 0u;
    wd->fired_sm = ~0u;
}
#endif

/* The watchdog's look at the clock, on every call: nonzero when the caller
 * must abandon its wait.  Loops that poll in bursts call it once per burst. */
static __device__ __forceinline__ int gs_wait_check(gs_wait_t *w)
{
#ifdef GSYNC_WATCHDOG
    const unsigned long long now = gs_globaltimer();
    if (w->since == 0ull)
        w->since = now;
    if (now - w->since < GS_WAIT_QUIET_NS)
        return 0;
    gs_watchdog_t *wd = gs_watchdog_ptr;
    /* relaxed: the flag carries no data, only "stop" */
    if (gs_ld_relaxed(&wd->abort, GS_SCOPE_GPU))
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

/* The spin hook, called once per poll: the clock once per
 * GS_WAIT_CHECK_EVERY calls.  Nonzero when the caller must abandon its wait. */
static __device__ __forceinline__ int gs_wait_hook(gs_wait_t *w)
{
#ifdef GSYNC_WATCHDOG
    if ((++w->polls % GS_WAIT_CHECK_EVERY) != 0u)
        return 0;
#endif
    return gs_wait_check(w);
}

/* Poll again at once (the caller expects the condition to change soon). */
static __device__ __forceinline__ int gs_wait_spin(gs_wait_t *w)
{
    return gs_wait_hook(w);
}

/* Sleep, doubling the pause from GS_BACKOFF_MIN_NS up to GS_BACKOFF_MAX_NS. */
static __device__ __forceinline__ int gs_wait_backoff(gs_wait_t *w)
{
    gs_nanosleep(w->backoff_ns);
    if (w->backoff_ns < GS_BACKOFF_MAX_NS)
        w->backoff_ns *= 2u;
    return gs_wait_hook(w);
}

/* Sleep for a pause the caller chose (proportional backoff). */
static __device__ __forceinline__ int gs_wait_sleep(gs_wait_t *w, unsigned int ns)
{
    if (ns)
        gs_nanosleep(ns);
    return gs_wait_hook(w);
}

/* Busy-wait for about `cycles` SM clock cycles: the backoff of the HeteroSync
 * baselines, which pause in a counting loop rather than sleeping. */
static __device__ __forceinline__ int gs_wait_cycles(gs_wait_t *w, unsigned int cycles)
{
    long long t0 = clock64();
    while (clock64() - t0 < (long long)cycles) {
    }
    return gs_wait_hook(w);
}

#endif /* GSYNC_WAIT_CUH */
