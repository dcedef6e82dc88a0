# variant T: gathered and wide arrivals await their atom's reply (atom.acq_rel) instead of red.release
import sys
d = sys.argv[1]
t = d + '/include/gsync/barrier/tree.cuh'
s = open(t).read()
a = "    gs_red_add_release(gs__barrier_tree_counter(b, g), 1u, GS_SCOPE_GPU);"
assert a in s
s = s.replace(a, "    (void)gs_atom_add_acq_rel(gs__barrier_tree_counter(b, g), 1u, GS_SCOPE_GPU);")
open(t, 'w').write(s)
