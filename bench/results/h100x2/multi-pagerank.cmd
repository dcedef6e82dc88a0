gsync-bench multi --gpus 1 --way pagerank --graph road:usa --tbs-per-sm 1,2,4 --repeat 5 --format csv
gsync-bench multi --gpus 2 --way pagerank --graph road:usa --tbs-per-sm 1,2,4 --repeat 5 --format csv
