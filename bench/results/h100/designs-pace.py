# patch tools/barrier_designs.cu (run from a copy's root): the flat form's poll pacing candidates
import re
p = 'tools/barrier_designs.cu'
s = open(p).read()
new = '''const cand cands[] = {
        {CUDA_BARRIER, 0, 0, 0, 0, 0, 0, 0, 0},
        {GSYNC, 0, 0, 0, 0, 0, 0, 0, 0},
        {FLATA, F, F, 2, PACE_NONE, 0, 0, 1, 0},
        {FLATA, F, F, 0, PACE_NONE, 0, 0, 1, 0},
        {FLATA, F, F, 1, PACE_NONE, 0, 0, 1, 0},
        {FLATA, F, F, 2, PACE_SPIN, 32, 0, 1, 0},
        {FLATA, F, F, 2, PACE_SPIN, 64, 0, 1, 0},
        {FLATA, F, F, 2, PACE_SPIN, 128, 0, 1, 0},
        {FLATA, F, F, 2, PACE_SPIN, 256, 0, 1, 0},
        {FLATA, F, F, 2, PACE_SLEEP, 0, 0, 1, 0},
        {FLATA, F, F, 2, PACE_SLEEP, 64, 0, 1, 0},
        {FLATA, F, F, 2, PACE_TIMER, 0, 16, 1, 0},
    };'''
s2 = re.sub(r'const cand cands\[\] = \{.*?\n    \};', new, s, flags=re.S)
assert s2 != s
s2 = s2.replace('const unsigned int per_sm[] = {1u, 2u, 4u, 8u, 16u, 32u};', 'const unsigned int per_sm[] = {1u, 2u, 3u, 4u};')
open(p, 'w').write(s2)
