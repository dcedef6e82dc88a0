# gpu_stuck (tests/gpu/broken.cu: a barrier that never completes must end as TIMEOUT within its
# deadline, every thread leaving with its block's thread 0), 2026-11-21, one H200
# (GPU-d10c7111-67d9-9e02-1f7a-53d331412b6f, driver 580.159.04, CUDA 13.0).  Working tree of the commit
# that adds the test (library code that of 9970b95), built with cmake (Release, arch 90):
#   ./build/tests/test_gpu stuck
# and the same tree with the closing join heeded by thread 0 alone (include/gsync/barrier/common.cuh's
# `return !gs__barrier_abandoned;` replaced by `return threadIdx.x == 0 ? ok : true;`), which must fail:
#   timeout 150 /tmp/N/build/tests/test_gpu stuck
# Output in stuck-test.log: B passes in 2.0 s; N fails (each wrongly passed thread holds its kernel 30 s).
# An earlier version of the test (a wrongly passed thread held 30 s every episode) made N run past 150 s.
