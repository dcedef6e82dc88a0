gsync-bench multi --gpus 2 --way brokenLock --iters 2000 --repeat 1 --format csv
gsync-bench multi --gpus 2 --way brokenLock --iters 2000 --repeat 1 --format csv
gsync-bench multi --gpus 2 --way brokenLock --iters 2000 --repeat 1 --format csv
# three processes, rows in order; 2 H200s, at commit c530316; each exits 1 (its row FAILs)
