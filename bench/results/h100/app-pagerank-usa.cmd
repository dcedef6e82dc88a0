gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --tbs-per-sm 1,2,4,8,16 --repeat 5 --format csv (H100, at commit 497b9a9)
