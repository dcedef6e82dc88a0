# variant W: the flag is a hint; waiters acquire from the arrival counters themselves, the gatherer does not release
import sys
d = sys.argv[1]
t = d + '/include/gsync/barrier/tree.cuh'
s = open(t).read()
def rep(s, a, b):
    assert a in s, a
    return s.replace(a, b)
old_wait = s[s.index("    if (flat || me != 0u) { /* poll the flat counter"):s.index("    /* block 0 gathers: a lane per counter */")]
new_wait = '''    if (flat) {
        if (lane != 0u || token)
            return 0;
        if (gs_barrier_poll_geq(b.words, goal * n, &w))
            return 1;
        gs_fence_acquire(GS_SCOPE_GPU);
        return 0;
    }
    const unsigned int mask0 = lanes == 32u ? ~0u : (1u << lanes) - 1u;
    if (me != 0u) { /* lane 0 polls the hint flag, then every lane its counters */
        int gave_up = 0;
        if (lane == 0u) {
            const unsigned int f = !wide ? me / GS_BARRIER_FLAG_GROUP : n < GS_BARRIER_WIDE ? me : gs_smid() % GS_BARRIER_WIDE;
            gave_up = gs_barrier_poll_geq(gs__barrier_tree_flag(b, groups, f), goal, &w);
        }
        if (__any_sync(mask0, gave_up))
            return lane == 0u;
        for (unsigned int g = lane; g < groups && !gave_up; g += lanes) {
            const unsigned int members = wide ? (n - 1u - g) / GS_BARRIER_WIDE + 1u
                                              : (g + 1u < groups ? GS_BARRIER_GROUP : n - g * GS_BARRIER_GROUP);
            gave_up = gs_barrier_poll_geq(gs__barrier_tree_counter(b, g), goal * members, &w);
        }
        gs_fence_acquire(GS_SCOPE_GPU);
        __syncwarp(mask0);
        return __any_sync(mask0, gave_up) && lane == 0u;
    }
'''
s = s.replace(old_wait, new_wait)
s = rep(s, "    gs_fence_acq_rel(GS_SCOPE_GPU); /* makes each flag store below a release */\n", "")
open(t, 'w').write(s)
