gsync-bench app pagerank,bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4 --repeat 3 --timeout 60 --graph rmat:18 --format csv
gsync-bench app pagerank,bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4 --repeat 3 --timeout 60 --graph rmat:20 --format csv
gsync-bench app pagerank,bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4 --repeat 3 --timeout 60 --graph rmat:22 --format csv
gsync-bench app pagerank,bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4 --repeat 3 --timeout 60 --graph rmat:24 --format csv
gsync-bench app pagerank,bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4 --repeat 3 --timeout 60 --graph road:ny --format csv
gsync-bench app pagerank,bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4 --repeat 3 --timeout 60 --graph road:fla --format csv
gsync-bench app pagerank,bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4 --repeat 3 --timeout 60 --graph road:w --format csv
gsync-bench app pagerank,bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4 --repeat 3 --timeout 60 --graph road:usa --format csv
