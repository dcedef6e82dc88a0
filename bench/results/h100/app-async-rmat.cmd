gsync-bench app bfs,sssp --sync async,gsBarrier --graph rmat:22 --tbs-per-sm 4,8,16 --repeat 3 --timeout 20 --format csv
