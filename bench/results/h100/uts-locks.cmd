gsync-bench app uts --sync spinMutex,ticketMutex,arrayMutex,cohortMutex --root 200000 --stack 262144 --tbs-per-sm 1,4,8,16 --repeat 5 --format csv
