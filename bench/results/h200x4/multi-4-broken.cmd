gsync-bench multi --gpus 4 --way brokenNoExchange,brokenQueue,brokenSem,brokenServer --iters 2000 --repeat 1 --format csv
