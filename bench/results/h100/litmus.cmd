gsync-bench litmus --shape MP,SB,LB,IRIW,MPbrokenAcquire --iters 10000000 --format csv
