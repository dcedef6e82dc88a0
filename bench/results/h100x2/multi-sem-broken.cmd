gsync-bench multi --gpus 2 --way brokenSem --iters 2000 --repeat 1 --format csv
