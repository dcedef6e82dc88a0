gsync-bench run mutex --tbs-per-sm 1,2,4,8,16,32 --ldst 1 --format csv
