GSYNC_ASYNC_NARROW=0 GSYNC_ASYNC_PRECHECK=1 gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph road:usa --tbs-per-sm 2,4 --format csv
GSYNC_ASYNC_NARROW=0 GSYNC_ASYNC_PRECHECK=0 gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph road:usa --tbs-per-sm 2,4 --format csv
GSYNC_ASYNC_NARROW=1 GSYNC_ASYNC_PRECHECK=0 gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph road:usa --tbs-per-sm 2,4 --format csv
GSYNC_ASYNC_NARROW=1 GSYNC_ASYNC_PRECHECK=1 gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph road:usa --tbs-per-sm 2,4 --format csv
gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph road:usa --tbs-per-sm 2,4 --format csv
GSYNC_ASYNC_NARROW=0 GSYNC_ASYNC_PRECHECK=1 gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph rmat:22 --tbs-per-sm 4,8 --format csv
GSYNC_ASYNC_NARROW=1 GSYNC_ASYNC_PRECHECK=0 gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph rmat:22 --tbs-per-sm 4,8 --format csv
gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph rmat:22 --tbs-per-sm 4,8 --format csv
# one H100, at commit 6b5f492 (tools/gpu_session.sh asyncnarrow)
