# Patches tree.cuh: the wide form's waiters poll flag smid % GS_X_FLAGS (the
# gatherer writes that many flags) instead of smid % 32.
p='include/gsync/barrier/tree.cuh'; s=open(p).read()
def rep(a,b):
    global s
    assert a in s, a; s=s.replace(a,b)
rep('''    return wide ? gs_barrier_tree_groups(blocks, true) : (blocks + GS_BARRIER_FLAG_GROUP - 1u) / GS_BARRIER_FLAG_GROUP;''',
'''    if (wide)
        return blocks < GS_X_FLAGS ? blocks : GS_X_FLAGS;
    return (blocks + GS_BARRIER_FLAG_GROUP - 1u) / GS_BARRIER_FLAG_GROUP;''')
rep(''': n < GS_BARRIER_WIDE ? me
                                                     : gs_smid() % GS_BARRIER_WIDE;''',''': n < GS_X_FLAGS ? me
                                                     : gs_smid() % GS_X_FLAGS;''')
rep('#define GS_BARRIER_WIDE 32u\n','#define GS_BARRIER_WIDE 32u\n#ifndef GS_X_FLAGS\n#define GS_X_FLAGS 32u\n#endif\n')
open(p,'w').write(s)
