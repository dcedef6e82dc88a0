gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:fla --tbs-per-sm 1,2,4,8 --repeat 5 --format csv
gsync-bench app pagerank --sync gridSync,gsBarrier --graph road:fla --tbs-per-sm 1,2,4,8 --repeat 5 --format csv (both at commit 9c1c746, on GPU 0 of a 2-GPU H100 machine; the app code is main's 7a79acb)
