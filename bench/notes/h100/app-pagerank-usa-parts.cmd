oldsrc/build/gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --tbs-per-sm 1,2,4,8,16 --repeat 3 --format csv
build/gsync-bench app pagerank --sync gsBarrier,gridSync --graph road:usa --tbs-per-sm 1,2,4,8,16 --repeat 3 --format csv
# one H100, two builds side by side: oldsrc/ is commit ceb4c55 (before the hubs in parts), build/ the tree that became 864d90e (its device code disassembles to the same SASS as 864d90e's; its part size default was 4096, and road:usa has no hubs); each built with -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90
