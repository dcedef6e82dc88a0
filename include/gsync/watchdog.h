/* gsync/watchdog.h: the watchdog's record in device memory (C layout, shared
 * by device code and the host that arms and reads it).
 *
 * Builds that define GSYNC_WATCHDOG (gsync-bench, the tests) bound every wait
 * loop: a waiter that has waited past `deadline_ns` (%globaltimer) raises
 * `abort`, and every waiter that sees it leaves (gsync/wait.cuh).  A kernel
 * arms the record with gs_watchdog_arm before the waits start.
 */
#ifndef GSYNC_WATCHDOG_H
#define GSYNC_WATCHDOG_H

typedef struct gs_watchdog {
    unsigned long long deadline_ns; /* %globaltimer value past which waits give up */
    unsigned int abort;             /* raised once; every waiter then leaves      */
    unsigned int fired_sm;          /* SM that raised it                          */
} gs_watchdog_t;

#endif
