# Patches tree.cuh: the gathered and wide forms' counters and flags lie
# GS_X_STRIDE words apart (32 without the switch: one 128-byte line each).
p='include/gsync/barrier/tree.cuh'; s=open(p).read()
def rep(a,b,n=1):
    global s
    assert s.count(a)==n, a; s=s.replace(a,b)
rep('    return b.words + GS_BARRIER_LINE * (1u + g);','    return b.words + GS_X_STRIDE * (1u + g);')
rep('    return b.words + GS_BARRIER_LINE * (1u + groups + f);','    return b.words + GS_X_STRIDE * (1u + groups + f);')
rep('    return 128ull * (1ull + (narrow > wide ? narrow : wide));','    return 4ull * GS_X_STRIDE * (1ull + (narrow > wide ? narrow : wide));')
rep('#define GS_BARRIER_LINE 32u /* words per 128-byte line */\n','#define GS_BARRIER_LINE 32u /* words per 128-byte line */\n#ifndef GS_X_STRIDE\n#define GS_X_STRIDE 32u\n#endif\n')
open(p,'w').write(s)
