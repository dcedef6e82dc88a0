# 2026-11-21, commit 9277697 (gsBarrier v6; srBarrier without its second fence.sc), one H200 (GPU-4587f291-aaf4-115e-5e16-d5b111b08e92, driver 580.159.04), one device call:
rm -rf build; make run > make-run.txt 2>&1; make test > make-test.log 2>&1    # configure (sm_80, sm_90), build, ./build/gsync-bench --device 0; then the same build's 63 tests, the GPU ones included
