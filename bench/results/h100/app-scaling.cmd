gsync-bench app bfs,sssp --sync async,gsBarrier,gridSync --tbs-per-sm 4 --repeat 3 --timeout 30 --graph rmat:18 --format csv
gsync-bench app bfs,sssp --sync async,gsBarrier,gridSync --tbs-per-sm 4 --repeat 3 --timeout 30 --graph rmat:20 --format csv
gsync-bench app bfs,sssp --sync async,gsBarrier,gridSync --tbs-per-sm 4 --repeat 3 --timeout 30 --graph rmat:22 --format csv
gsync-bench app bfs,sssp --sync async,gsBarrier,gridSync --tbs-per-sm 4 --repeat 3 --timeout 30 --graph rmat:24 --format csv
gsync-bench app bfs,sssp --sync async,gsBarrier,gridSync --tbs-per-sm 4 --repeat 3 --timeout 30 --graph road:ny --format csv
gsync-bench app bfs,sssp --sync async,gsBarrier,gridSync --tbs-per-sm 4 --repeat 3 --timeout 30 --graph road:fla --format csv
gsync-bench app bfs,sssp --sync async,gsBarrier,gridSync --tbs-per-sm 4 --repeat 3 --timeout 30 --graph road:w --format csv
gsync-bench app bfs,sssp --sync async,gsBarrier,gridSync --tbs-per-sm 4 --repeat 3 --timeout 30 --graph road:usa --format csv
