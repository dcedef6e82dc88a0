oldsrc/build/gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --tbs-per-sm 1,2,4,8,16 --repeat 5 --format csv
build/gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --tbs-per-sm 1,2,4,8,16 --repeat 5 --format csv
oldsrc/build/gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --tbs-per-sm 1,2,4,8,16 --repeat 5 --format csv
build/gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --tbs-per-sm 1,2,4,8,16 --repeat 5 --format csv
# one H100, two builds side by side, alternating: oldsrc/ is commit bfb94f8 (before PageRank's hubs), build/ is c36c317 (with them); each built with -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90
