GSYNC_PAGERANK_GATHER=0 gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --repeat 5 --tbs-per-sm 1,2,4,8,16 --format csv
GSYNC_PAGERANK_GATHER=1 gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --repeat 5 --tbs-per-sm 1,2,4,8,16 --format csv
GSYNC_PAGERANK_GATHER=1 gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --repeat 5 --threads 128 --tbs-per-sm 1,2,4,8 --format csv
# one H200, at commit 8e2db1f (tools/gpu_session.sh prgather; the build with PageRank's hubs)
