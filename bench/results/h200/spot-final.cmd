./build/gsync-bench run ticketMutex,ticketSem10,gsBarrier --tbs-per-sm 1,32 --format csv   # spot-final.csv
