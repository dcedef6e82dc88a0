gsync-bench app bfs,sssp,pagerank,reduce --sync gsBarrier,gridSync,cudaBarrier,relaunchGraph,async --repeat 3 --timeout 20 --format csv
