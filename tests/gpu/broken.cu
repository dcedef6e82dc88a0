/* Primitives broken on purpose, built only for the tests: they prove that the
 * benchmark's checks and watchdog catch what they claim to catch. */
#include "mutex_bench.cuh"

/* Check-then-set with no atomic: two blocks can both read 0 and both enter.
 * The exclusion count and the golden data must turn this red. */
static __device__ __forceinline__ bool racy_lock(unsigned int *locked)
{
    gs_wait_t w = GS_WAIT_INIT;
    while (gs_ld_acquire(locked, GS_SCOPE_GPU) != 0u)
        if (gs_wait_spin(&w))
            return false;
    gs_st_relaxed(locked, 1u, GS_SCOPE_GPU);
    return true;
}

GS_MUTEX_BENCH(broken_racy, (void)0, racy_lock((unsigned int *)a.state),
               gs_st_release((unsigned int *)a.state, 0u, GS_SCOPE_GPU))

/* Never released: the second acquisition waits forever, so the run must end
 * as TIMEOUT within the watchdog's deadline instead of hanging. */
GS_MUTEX_BENCH(broken_deadlock, (void)0, gs_mutex_spin_lock((gs_mutex_spin_t *)a.state), (void)0)

/* A ticket semaphore that counts one slot too many: readers overfill it and
 * a reader can sit beside a writer.  The capacity check must turn this red. */
#include "sem_bench.cuh"
GS_SEM_BENCH(broken_overfull, (void)0,
             gs_sem_ticket_enter((gs_sem_ticket_t *)a.state, writer ? a.sem_size : 1u, a.sem_size + 1u),
             gs_sem_ticket_leave((gs_sem_ticket_t *)a.state, writer ? a.sem_size : 1u))

#include "barrier_bench.cuh"

/* A counter barrier for the two below: thread 0 adds one to *count, then
 * waits until it reaches `goal`; with `ordered` the arrival is a release and
 * the polls acquires, without it both are relaxed.  False when the watchdog
 * gave up. */
static __device__ __forceinline__ bool counter_sync(unsigned int *count, unsigned int goal, bool ordered)
{
    gs_wait_t w = GS_WAIT_INIT;
    bool ok = true;
    __syncthreads();
    if (threadIdx.x == 0) {
        if (ordered)
            gs_red_add_release(count, 1u, GS_SCOPE_GPU);
        else
            gs_red_add_relaxed(count, 1u, GS_SCOPE_GPU);
        while ((int)((ordered ? gs_ld_acquire(count, GS_SCOPE_GPU) : gs_ld_relaxed(count, GS_SCOPE_GPU)) - goal) < 0)
            if (gs_wait_spin(&w)) {
                ok = false;
                break;
            }
    }
    return gs_barrier_join(ok);
}

/* The counter barrier with its release and acquire removed: nothing orders
 * the blocks' data.  The visibility check must turn this red. */
GS_BARRIER_BENCH(broken_unordered, (void)0, (void)0,
                 counter_sync((unsigned int *)a.state, gridDim.x * (epoch + 1u), false))

/* A barrier that never completes: every block waits for one arrival more
 * than the grid makes.  The watchdog must end it as TIMEOUT, and the closing
 * join must take every thread of every block out with its thread 0.  The
 * runner reports only TIMEOUT once the watchdog fired, so a thread that the
 * join lets through (this barrier cannot pass) stays in the kernel for 30 s
 * before it leaves, past the test's limit on the wall clock. */
static __device__ __forceinline__ bool stuck_sync(unsigned int *count, unsigned int epoch)
{
    if (!counter_sync(count, gridDim.x * (epoch + 1u) + 1u, true))
        return false;
    for (const unsigned long long t0 = gs_globaltimer(); gs_globaltimer() - t0 < 30000000000ull;)
        gs_nanosleep(1000000u);
    return false;
}
GS_BARRIER_BENCH(broken_stuck, (void)0, (void)0, stuck_sync((unsigned int *)a.state, epoch))
