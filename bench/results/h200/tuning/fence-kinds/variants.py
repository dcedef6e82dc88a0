# variant patcher for the fence A/B: python3 ab/patch.py DIR S|R
import sys, re
d, v = sys.argv[1], sys.argv[2]
t = d + '/include/gsync/barrier/tree.cuh'
s = open(t).read()
def rep(s, a, b):
    assert a in s, a
    return s.replace(a, b)
if v == 'S':
    s = rep(s, "return gs_atom_add_acq_rel(b.words, 1u, GS_SCOPE_GPU) == goal * n - 1u;",
            "{ gs_fence_sc(GS_SCOPE_GPU); const unsigned int o = gs_atom_add_relaxed(b.words, 1u, GS_SCOPE_GPU); gs_fence_acquire(GS_SCOPE_GPU); return o == goal * n - 1u; }")
    s = rep(s, "gs_red_add_release(gs__barrier_tree_counter(b, g), 1u, GS_SCOPE_GPU);",
            "gs_fence_sc(GS_SCOPE_GPU); gs_red_add_relaxed(gs__barrier_tree_counter(b, g), 1u, GS_SCOPE_GPU);")
    s = rep(s, "gs_fence_acq_rel(GS_SCOPE_GPU); /* makes each flag store below a release */",
            "gs_fence_sc(GS_SCOPE_GPU);")
    p = d + '/include/gsync/barrier/spread.cuh'
    q = open(p).read()
    q = rep(q, "(void)gs_atom_add_acq_rel(gs__barrier_spread_line(s, gs_barrier_block_id() & 3u), 1u, GS_SCOPE_GPU);",
            "gs_fence_sc(GS_SCOPE_GPU); (void)gs_atom_add_relaxed(gs__barrier_spread_line(s, gs_barrier_block_id() & 3u), 1u, GS_SCOPE_GPU);")
    open(p, 'w').write(q)
elif v == 'R':
    s = rep(s, "gs_fence_acq_rel(GS_SCOPE_GPU); /* makes each flag store below a release */",
            'asm volatile("fence.release.gpu;" ::: "memory");')
open(t, 'w').write(s)
