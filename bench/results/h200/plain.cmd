gsync-bench plain --tbs-per-sm 1,2,4,8,16,32 --iters 20000 --repeat 7 --format csv
