#!/usr/bin/env python3
"""litmus_ptx.py NVCC ROOT: the litmus twins are broken by construction, not by luck.

Compiles src/litmus/litmus_kernels.cu to PTX for sm_90 and compares each publish pattern's kernel with its
broken twin's, over their ordering instructions (ld/st with .acquire/.release/.relaxed, fence.*, atom.*,
bar.warp.sync): the twin must differ from its pattern in exactly the expected instructions: the piece it
claims to leave out or weaken, and (MPbrokenAcquire) the relaxed warming load and store that make its stale
line observable; nothing else.  The GPU test (tests/litmus_expect.sh) shows the hardware taking the opening; this one does
not need a GPU or a lucky interleaving."""
import collections
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ORDERING = re.compile(r"\b(ld\.[a-z.]*(?:acquire|relaxed)[a-z0-9.]*|st\.[a-z.]*(?:release|relaxed)[a-z0-9.]*"
                      r"|fence\.[a-z_.]+|atom\.[a-z0-9_.]+|bar\.warp\.sync)")
# pattern kernel, twin kernel, {instruction: pattern's count minus twin's} (negative: the twin's weaker one)
TWINS = [
    ("litmus_mp_acqrel", "litmus_mp_broken",
     {"ld.acquire.gpu.u32": 1, "ld.relaxed.gpu.u32": -2, "st.relaxed.gpu.u32": -1}),
    ("litmus_mp_fence", "litmus_mp_fence_broken", {"fence.acquire.gpu": 1}),
    ("litmus_mp_atom_or", "litmus_mp_atom_or_broken", {"fence.acquire.gpu": 1}),
    ("litmus_mp_cluster", "litmus_mp_cluster_broken",
     {"st.release.cluster.u32": 1, "ld.acquire.cluster.u32": 2, "st.release.cta.u32": -1, "ld.acquire.cta.u32": -2}),
    ("litmus_mp_syncwarp", "litmus_mp_syncwarp_broken", {"bar.warp.sync": 2}),
]


def kernels(ptx):
    parts = re.split(r"\n\.(?:visible )?\.?entry _Z\d+(litmus_\w+?)11litmus_args\(", ptx)
    return {parts[i]: collections.Counter(ORDERING.findall(parts[i + 1])) for i in range(1, len(parts), 2)}


def main():
    nvcc, root = sys.argv[1], Path(sys.argv[2])
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "litmus.ptx"
        r = subprocess.run([nvcc, "-ptx", "-arch=sm_90", "-std=c++17", f"-I{root / 'include'}", f"-I{root / 'src'}",
                            str(root / "src/litmus/litmus_kernels.cu"), "-o", str(out)], capture_output=True, text=True)
        if r.returncode:
            print(f"litmus_ptx: nvcc failed:\n{r.stderr}")
            return 1
        k = kernels(out.read_text())
    bad = 0
    for pattern, twin, want in TWINS:
        if pattern not in k or twin not in k:
            print(f"litmus_ptx: no kernel {pattern if pattern not in k else twin} in the PTX")
            bad += 1
            continue
        diff = {t: k[pattern][t] - k[twin][t] for t in set(k[pattern]) | set(k[twin]) if k[pattern][t] != k[twin][t]}
        verdict = "ok" if diff == want else "WRONG"
        print(f"{twin}: differs from {pattern} by {dict(sorted(diff.items()))}: {verdict}")
        if diff != want:
            print(f"  expected {dict(sorted(want.items()))}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
