/* barrier_exch_kernels.cu: HeteroSync's LocalExch barrier baselines.  Their
 * kernels would take 71 registers a thread; 32 blocks of 32 threads per SM
 * need <= 64, so this file alone is built with -maxrregcount=64 (no spills). */
#include "families/barrier_bench.cuh"

GS_BARRIER_EXCH_BENCH(atomic_tree_exch, gs_barrier_atomic_tree_local(atomic_tree_view(&a)),
                      gs_barrier_atomic_tree_sync(atomic_tree_view(&a)))
GS_BARRIER_EXCH_BENCH(lf_tree_exch, gs_barrier_lf_tree_local(lf_tree_view(&a)),
                      gs_barrier_lf_tree_sync(lf_tree_view(&a)))
