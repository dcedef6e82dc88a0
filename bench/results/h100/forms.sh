#!/usr/bin/env bash
# the form notes on a GPU: the gsBarrier GPU tests, a bare sweep that prints the forms,
# and a build whose wide form starts above 4224 blocks, which the max-occupancy test must fail
set -uo pipefail
export PATH="$PATH:/usr/local/cuda/bin"
nvidia-smi --query-gpu=name,uuid,driver_version --format=csv > $OUT/gpu.txt
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null &&
cmake -S . -B build/nowide -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 "-DCMAKE_CUDA_FLAGS=-DGS_BARRIER_WIDE_MIN=5000" >/dev/null || exit 1
cmake --build build -j 16 >/dev/null & cmake --build build/nowide -j 16 --target test_gpu >/dev/null & wait
(cd build && ctest -V -R "gpu_(gsBarrier|gsBarrierSplit|bare)$") > $OUT/ctest-forms.log 2>&1
grep -E "tests passed|blocks of|FAILED|CHECK" $OUT/ctest-forms.log
./build/gsync-bench run gsBarrier,gsBarrierSplit --tbs-per-sm 1,2,4,8,16,32 --ldst 0 | tee $OUT/forms-bare.txt
./build/nowide/tests/test_gpu gsBarrier > $OUT/nowide-test.log 2>&1; echo "nowide test_gpu gsBarrier rc=$?" | tee -a $OUT/nowide-test.log
cat $OUT/nowide-test.log
