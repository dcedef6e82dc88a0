# 2026-11-24, commit 9e7b80d (clean tree), one H200 (GPU-922559be-483c-1528-e01f-4ace17eae5e5, driver 580.159.04, CUDA 13.0), one device call:
OUT=$OUT bash tools/gpu_session.sh test bare floor
# wrote ctest-recheck.log (ctest -V), barrier-bare-recheck.csv (gsync-bench run barrier --tbs-per-sm 1,2,4,8,16,32 --ldst 0 --format csv),
# floor-recheck.csv (gsync-bench floor --format csv)
