gsync-bench multi --gpus 2 --way brokenPagerank --graph road:fla --repeat 1 --format csv
