# 2026-11-21, commit a9243f6 (gsBarrier v6), one H200 (GPU-7135d076-5e32-23f5-2914-041483e06a98), two device calls in a row:
rm -rf build && { time make run ; } > make-run.txt 2>&1    # configure (sm_80, sm_90), build, ./build/gsync-bench --device 0
{ time make test ; } > make-test.log 2>&1                  # the same build: 63 tests, the GPU ones included
