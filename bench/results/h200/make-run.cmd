# 2026-11-21, commit 7a16504 (gsBarrier v5), one H200 (GPU-afbcf7cd-a290-2d49-2170-48d7722ef16d), two device calls in a row:
rm -rf build && { time make run ; } > make-run.txt 2>&1    # configure (sm_80, sm_90), build, ./build/gsync-bench --device 0
{ time make test ; } > make-test.log 2>&1                  # the same build: 63 tests, the GPU ones included
