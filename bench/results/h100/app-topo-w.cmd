gsync-bench app bfs-topo,bfs --sync gsBarrier,relaunchGraph,async --graph road:w --tbs-per-sm 2,8 --repeat 3 --timeout 30 --format csv
