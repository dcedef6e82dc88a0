gsync-bench app bfs,bfs-topo,sssp,sssp-topo,pagerank,reduce,reduce-float --format csv
