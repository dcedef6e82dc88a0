# 2026-11-21, commit 699dcd4 (gsBarrier's detail names the form), one H100 (GPU-a8cf67b4-81ae-983e-12e5-d5b768b0989e, driver 580.159.04, CUDA 13.0), via forms.sh (kept here):
# ctest-forms.log: cd build && ctest -V -R "gpu_(gsBarrier|gsBarrierSplit|bare)$"
# forms-bare.txt:  ./build/gsync-bench run gsBarrier,gsBarrierSplit --tbs-per-sm 1,2,4,8,16,32 --ldst 0
# nowide-test.log: a build with -DGS_BARRIER_WIDE_MIN=5000, so that 4224 blocks take the gathered form;
#                  its ./tests/test_gpu gsBarrier must fail the check that the maximum occupancy ran the wide form
