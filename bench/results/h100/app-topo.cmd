gsync-bench app bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --graph road:w --tbs-per-sm 1,2,4,8,16 --repeat 3 --timeout 30 --format csv
