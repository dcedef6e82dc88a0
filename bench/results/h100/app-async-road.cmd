gsync-bench app bfs,sssp --sync async,gsBarrier,gridSync --graph road:usa --tbs-per-sm 2,4,8,16 --repeat 3 --timeout 20 --format csv
