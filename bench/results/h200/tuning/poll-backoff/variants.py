# Patches a copy of the tree: GS_X_PROP=<c> makes a flat waiter pause about
# c SM cycles per block still to arrive before each poll (proportional backoff
# on the counter's remaining arrivals); GS_X_PROP_ONCE pauses only before the
# first poll (the arrival index from the atom's reply), then polls in bursts.
p='include/gsync/barrier/tree.cuh'; s=open(p).read()
def rep(a,b):
    global s
    assert a in s, a
    s=s.replace(a,b,1)
rep('return gs_atom_add_acq_rel(b.words, 1u, GS_SCOPE_GPU) == goal * n - 1u;',
    '''{
            const unsigned int old = gs_atom_add_acq_rel(b.words, 1u, GS_SCOPE_GPU);
            return old == goal * n - 1u ? 1u : GS_X_REST(goal * n - 1u - old);
        }''')
rep('if (lane != 0u || token)', 'if (lane != 0u || (token & 1u))')
rep('        if (gs_barrier_poll_geq(p, flat ? goal * n : goal, &w))',
'''#ifdef GS_X_PROP
        if (flat) {
            if (gs__x_prop_wait(p, goal * n, token >> 1, &w))
                return 1;
            gs_fence_acquire(GS_SCOPE_GPU);
            return 0;
        }
#endif
        if (gs_barrier_poll_geq(p, flat ? goal * n : goal, &w))''')
rep('#define GS_BARRIER_LINE 32u /* words per 128-byte line */\n', '''#define GS_BARRIER_LINE 32u /* words per 128-byte line */
#ifdef GS_X_PROP
#define GS_X_REST(r) ((r) << 1)
static __device__ __forceinline__ void gs__x_pause(unsigned int r)
{
    unsigned int c = r * GS_X_PROP;
    if (c > 4096u)
        c = 4096u;
    const long long t0 = clock64();
    while (clock64() - t0 < (long long)c) {
    }
}
static __device__ __forceinline__ int gs__x_prop_wait(const unsigned int *p, unsigned int target, unsigned int r,
                                                      gs_wait_t *w)
{
    gs__x_pause(r);
#ifdef GS_X_PROP_ONCE
    return gs_barrier_poll_geq(p, target, w);
#else
    for (;;) {
        const unsigned int v = gs_ld_relaxed(p, GS_SCOPE_GPU);
        if ((int)(v - target) >= 0)
            return 0;
        if (gs_wait_hook(w))
            return 1;
        gs__x_pause(target - v);
    }
#endif
}
#else
#define GS_X_REST(r) 0u
#endif
''')
open(p,'w').write(s)
# GS_X_CNT_BY_SM: the wide form's arrivals go to counter smid % 32 (the
# blocks of an SM on one line), and the gatherer's lanes poll all 32 and sum
# them (redux) until every arrival is in.
s=open(p).read()
rep('    const unsigned int g = wide ? me % GS_BARRIER_WIDE : me / GS_BARRIER_GROUP;',
'''#ifdef GS_X_CNT_BY_SM
    const unsigned int g = wide ? gs_smid() % GS_BARRIER_WIDE : me / GS_BARRIER_GROUP;
#else
    const unsigned int g = wide ? me % GS_BARRIER_WIDE : me / GS_BARRIER_GROUP;
#endif''')
rep('''    int abandon = 0;
    for (unsigned int g = lane;''', '''    int abandon = 0;
#ifdef GS_X_CNT_BY_SM
    if (wide && lanes == 32u) {
        const unsigned int *c = gs__barrier_tree_counter(b, lane);
        for (;;) {
            const unsigned int v = lane < groups ? gs_ld_relaxed(c, GS_SCOPE_GPU) : 0u;
            if ((int)(__reduce_add_sync(~0u, v) - goal * n) >= 0)
                break;
            if (__any_sync(~0u, gs_wait_hook(&w))) {
                abandon = 1;
                break;
            }
        }
    } else
#endif
    for (unsigned int g = lane;''')
open(p,'w').write(s)
