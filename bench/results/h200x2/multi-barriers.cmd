gsync-bench multi --gpus 2 --way hier,hierDirect,flat,naive,nvshmemGrid,ncclGrid --tbs-per-sm 1,2,4,8,16,32 --iters 2000 --repeat 7 --format csv
# 2 H200s (NVLink), at commit 7d256ec: the barrier as in this commit but for the peers' table (then in the handle)
