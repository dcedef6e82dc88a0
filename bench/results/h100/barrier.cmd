gsync-bench run barrier --tbs-per-sm 1,2,4,8,16,32 --format csv
