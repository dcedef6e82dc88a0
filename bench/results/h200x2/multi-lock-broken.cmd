gsync-bench multi --gpus 2 --way brokenLock --iters 2000 --repeat 1 --format csv
gsync-bench multi --gpus 2 --way brokenLock --iters 2000 --repeat 1 --format csv
gsync-bench multi --gpus 2 --way brokenLock --iters 2000 --repeat 1 --format csv
