# variant P: a wide-form waiter sleeps (nanosleep NS, compile-time GS_P) before polling its flag
import sys
d = sys.argv[1]
t = d + '/include/gsync/barrier/tree.cuh'
s = open(t).read()
a = "        if (gs_barrier_poll_geq(p, flat ? goal * n : goal, &w))"
assert a in s
s = s.replace(a, "        if (wide)\n            gs_nanosleep(GS_P);\n" + a)
open(t, 'w').write(s)
