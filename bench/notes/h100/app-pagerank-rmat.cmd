oldsrc/build/gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --tbs-per-sm 1,2,4,8,16 --repeat 3 --format csv
oldsrc/build/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 1,2,4,8,16 --repeat 3 --format csv --graph rmat:20
oldsrc/build/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 1,2,4,8,16 --repeat 3 --format csv --graph rmat:22
# one H100; oldsrc/ is commit 9259f7c, whose PageRank source is the current one (run beside a variant that was then removed)
