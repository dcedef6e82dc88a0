gsync-bench app bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --graph rmat:20 --tbs-per-sm 1,2,4,8,16 --format csv
GSYNC_TOPO_HUB=0 gsync-bench app bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --graph rmat:20 --tbs-per-sm 1,4,16 --format csv
gsync-bench app bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --graph rmat:22 --tbs-per-sm 1,2,4,8,16 --format csv
GSYNC_TOPO_HUB=0 gsync-bench app bfs-topo,sssp-topo --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --graph rmat:22 --tbs-per-sm 1,4,16 --format csv
# one H100, at commit 864d90e (tools/gpu_session.sh topohubs)
