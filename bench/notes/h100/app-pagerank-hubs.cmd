GSYNC_PAGERANK_HUB=0 gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --graph rmat:18 --tbs-per-sm 4 --format csv
gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --graph rmat:18 --tbs-per-sm 4 --format csv
GSYNC_PAGERANK_HUB=0 gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --graph rmat:20 --tbs-per-sm 1,2,4,8,16 --format csv
gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --graph rmat:20 --tbs-per-sm 1,2,4,8,16 --format csv
GSYNC_PAGERANK_HUB=0 gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --graph rmat:22 --tbs-per-sm 4 --format csv
gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --graph rmat:22 --tbs-per-sm 4 --format csv
GSYNC_PAGERANK_HUB=0 gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --graph road:usa --tbs-per-sm 4,16 --format csv
gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --graph road:usa --tbs-per-sm 4,16 --format csv
# one H100, at commit 9259f7c (tools/gpu_session.sh prhubs)
