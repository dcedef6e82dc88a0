gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 1,2,4,8,16 --repeat 3 --timeout 60 --graph rmat:20 --format csv
GSYNC_PAGERANK_PART=0 gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 1,2,4,8,16 --repeat 3 --timeout 60 --graph rmat:20 --format csv
gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 1,2,4,8,16 --repeat 3 --timeout 60 --graph rmat:22 --format csv
GSYNC_PAGERANK_PART=0 gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 1,2,4,8,16 --repeat 3 --timeout 60 --graph rmat:22 --format csv
# one H100, at commit 864d90e (tools/gpu_session.sh prparts)
