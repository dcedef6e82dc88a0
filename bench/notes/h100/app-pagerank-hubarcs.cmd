build4/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --tbs-per-sm 1,2,4,16 --format csv --graph rmat:20
build4/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --tbs-per-sm 1,2,4,16 --format csv --graph rmat:22
build/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --tbs-per-sm 1,2,4,16 --format csv --graph rmat:20
build/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --tbs-per-sm 1,2,4,16 --format csv --graph rmat:22
build4/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --tbs-per-sm 1,2,4,16 --format csv --graph rmat:20
build4/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --tbs-per-sm 1,2,4,16 --format csv --graph rmat:22
build/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --tbs-per-sm 1,2,4,16 --format csv --graph rmat:20
build/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --repeat 3 --timeout 60 --tbs-per-sm 1,2,4,16 --format csv --graph rmat:22
# one H100, two builds of commit 864d90e side by side, alternating: build/ with -DCMAKE_CUDA_FLAGS=-DGS_PR_HUB_ARCS=8u (8 arcs a lane a trip in PageRank's hub loop), build4/ with -DCMAKE_CUDA_FLAGS=-DGS_PR_HUB_ARCS=4u (the default); each also -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90
