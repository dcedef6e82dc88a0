# 2026-11-21, commit 7d8938b, one H100 (GPU-86948827-460e-7609-a89b-459335f93d54, driver 580.159.04, CUDA 13.0).
# The spread form's placement trial from 100 blocks (so that 132, 264 and 396 blocks are tried too) against the default (400); 3 interleaved rounds.
cmake -S . -B build/base -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90
cmake -S . -B build/min100 -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 "-DCMAKE_CUDA_FLAGS=-DGS_BARRIER_SPREAD_MIN=100"
for r in 1 2 3; do for v in base min100; do for l in 0 10; do
  ./build/$v/gsync-bench run gsBarrier,cudaBarrier --tbs-per-sm 1,2,3,4 --ldst $l --format csv | grep -v '^gsync_version' | sed "s/^/$v-r$r-l$l,/"
done; done; done > spreadmin-ab.csv
python3 ../h200/tuning/ab_medians.py spreadmin-ab.csv base
