# Patches tree.cuh and spread.cuh with switches that drop gsBarrier's releases
# (an unordered barrier, for timing only): GS_X_ARRIVE_RELAXED makes every
# arrival relaxed, GS_X_GATHER_NOFENCE drops the gatherer's fence.acq_rel.
import re
p='include/gsync/barrier/tree.cuh'; s=open(p).read()
s=s.replace('return gs_atom_add_acq_rel(b.words, 1u, GS_SCOPE_GPU) == goal * n - 1u;',
 'return GS_X_ATOM(b.words, 1u, GS_SCOPE_GPU) == goal * n - 1u;')
s=s.replace('gs_red_add_release(gs__barrier_tree_counter(b, g), 1u, GS_SCOPE_GPU);',
 'GS_X_RED(gs__barrier_tree_counter(b, g), 1u, GS_SCOPE_GPU);')
s=s.replace('gs_fence_acq_rel(GS_SCOPE_GPU); /* makes each flag store below a release */',
 'GS_X_GFENCE(GS_SCOPE_GPU);')
s=s.replace('#include "common.cuh"\n','''#include "common.cuh"
#ifdef GS_X_ARRIVE_RELAXED
#define GS_X_ATOM gs_atom_add_relaxed
#define GS_X_RED gs_red_add_relaxed
#else
#define GS_X_ATOM gs_atom_add_acq_rel
#define GS_X_RED gs_red_add_release
#endif
#ifdef GS_X_GATHER_NOFENCE
#define GS_X_GFENCE(s) (void)0
#else
#define GS_X_GFENCE gs_fence_acq_rel
#endif
''',1)
open(p,'w').write(s)
p='include/gsync/barrier/spread.cuh'; s=open(p).read()
s=s.replace('(void)gs_atom_add_acq_rel(gs__barrier_spread_line','(void)GS_X_ATOM(gs__barrier_spread_line')
open(p,'w').write(s)
