gsync-bench plain --tbs-per-sm 1,2,4,8,16,32 --iters 20000 --repeat 7 --format csv
# one H200, at commit d4da4c5 (the one-GPU barrier as in this commit but for the misuse paths), in the same call as
# examples/barrier/timing.cu built with plain nvcc -O3 -arch=sm_90 (docs/barrier.md, "A user's own build")
