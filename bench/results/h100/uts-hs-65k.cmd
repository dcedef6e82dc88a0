gsync-bench app uts-hs --sync hsFixed,hsTicket --nodes 65536 --threads 128 --tbs-per-sm 1,4,16 --repeat 3 --timeout 10 --format csv
