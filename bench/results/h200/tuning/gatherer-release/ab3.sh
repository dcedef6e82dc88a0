#!/usr/bin/env bash
# A/B/C at 16-32 blocks/SM: HEAD (old), the gatherer's fence.release (new), and also fence.release + red.relaxed arrivals (ga)
set -uo pipefail
export PATH="$PATH:/usr/local/cuda/bin"
nvidia-smi --query-gpu=name,uuid,driver_version --format=csv > $OUT/gpu.txt
for v in new old ga; do src=.; [ $v = new ] || src=.ab/$v
  cmake -S $src -B build/$v -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null || exit 1
  cmake --build build/$v -j 16 --target gsync-bench >/tmp/b$v.log 2>&1 &
done; wait
for v in new old ga; do [ -x build/$v/gsync-bench ] || { tail -20 /tmp/b$v.log; exit 1; }; done
for v in new old ga; do cuobjdump -sass build/$v/CMakeFiles/gsync_kernels.dir/src/barrier_kernels.cu.o | grep -E "MEMBAR|CCTL|RED|ATOM" | sed 's#/\*[0-9a-f]*\*/##; s#/\* 0x[0-9a-f]* \*/##' | sort | uniq -c > $OUT/sass-$v.txt; done
for r in 1 2 3; do for v in old new ga; do for l in 0 10; do
  ./build/$v/gsync-bench run gsBarrier,gsBarrierSplit,cudaBarrier --tbs-per-sm 1,16,24,28,32 --ldst $l --format csv | grep -v '^gsync_version' | sed "s/^/$v-r$r-l$l,/"
done; done; done > $OUT/arrival-ab.csv 2>$OUT/ab.err
python3 bench/results/h200/tuning/ab_medians.py $OUT/arrival-ab.csv old | tee $OUT/medians.txt
head -50 $OUT/sass-*.txt
