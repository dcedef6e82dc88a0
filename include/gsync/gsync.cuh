/* gsync/gsync.cuh: the whole library.  Include this, or one algorithm's file. */
#ifndef GSYNC_GSYNC_CUH
#define GSYNC_GSYNC_CUH

#define GSYNC_VERSION "0.1.0"

#include "ptx.cuh"
#include "wait.cuh"
#include "cluster.cuh"
#include "mutex/spin.cuh"
#include "mutex/spin_ebo.cuh"
#include "mutex/fa.cuh"
#include "mutex/sleep.cuh"
#include "mutex/ticket.cuh"
#include "mutex/array.cuh"
#include "mutex/mcs.cuh"
#include "mutex/cohort.cuh"
#include "sem/spin.cuh"
#include "sem/priority.cuh"
#include "sem/ticket.cuh"
#include "barrier/fx_lock.cuh"
#include "barrier/fx_lockfree.cuh"
#include "barrier/atomic_tree.cuh"
#include "barrier/lf_tree.cuh"
#include "barrier/sense_reversing.cuh"
#include "barrier/counter.cuh"
#include "msg/queue.cuh"
#include "msg/server.cuh"

#endif
