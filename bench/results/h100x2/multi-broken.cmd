gsync-bench multi --gpus 2 --way brokenNoExchange --iters 2000 --repeat 1 --format csv
