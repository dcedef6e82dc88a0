gsync-bench run sem --tbs-per-sm 1,2,4,8,16,32 --timeout 2 --format csv
