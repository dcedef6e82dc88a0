GSYNC_PAGERANK_GATHER=0 gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --repeat 5 --tbs-per-sm 1,2,4,8,16 --format csv
GSYNC_PAGERANK_GATHER=1 gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --repeat 5 --tbs-per-sm 1,2,4,8,16 --format csv
GSYNC_PAGERANK_GATHER=1 gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --repeat 5 --threads 128 --tbs-per-sm 1,2,4,8 --format csv
# one H100, at commit 9259f7c (tools/gpu_session.sh prgather)
