gsync-bench multi --gpus 2 --way ticketLock,cohortLock,cohortOwnData --tbs-per-sm 1,2,4,8 --iters 2000 --repeat 7 --format csv
