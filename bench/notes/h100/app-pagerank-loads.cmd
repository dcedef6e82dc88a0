oldsrc/build/gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --tbs-per-sm 1,2,4,8,16 --repeat 3 --format csv
build/gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --tbs-per-sm 1,2,4,8,16 --repeat 3 --format csv
oldsrc/build/gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --tbs-per-sm 1,2,4,8,16 --repeat 3 --format csv
build/gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --tbs-per-sm 1,2,4,8,16 --repeat 3 --format csv
oldsrc/build/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4,16 --repeat 3 --format csv --graph rmat:20
oldsrc/build/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4,16 --repeat 3 --format csv --graph rmat:22
build/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4,16 --repeat 3 --format csv --graph rmat:20
build/gsync-bench app pagerank --sync gsBarrier,gridSync,relaunchGraph --tbs-per-sm 4,16 --repeat 3 --format csv --graph rmat:22
# one H100, two builds side by side, alternating: oldsrc/ is commit e0e6a90 (before), build/ is 9259f7c (loads issued together, hubs taken from a counter); each built with -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90
