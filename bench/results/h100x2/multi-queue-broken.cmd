gsync-bench multi --gpus 2 --way brokenQueue --iters 2000 --repeat 1 --format csv
