gsync-bench multi --gpus 2 --way hier,hierDirect,flat,naive,nvshmemGrid,ncclGrid --tbs-per-sm 1,2,4,8,16,32 --iters 2000 --repeat 7 --format csv
