gsync-bench app uts-hs --threads 128 --tbs-per-sm 1,2,4,8,16 --repeat 3 --timeout 10 --format csv
