GSYNC_ASYNC_PRED=0 gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph road:usa --tbs-per-sm 2,4 --format csv
GSYNC_ASYNC_PRED=1 gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph road:usa --tbs-per-sm 2,4 --format csv
GSYNC_ASYNC_PRED=0 GSYNC_ASYNC_PRECHECK=0 gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph road:usa --tbs-per-sm 2,4 --format csv
GSYNC_ASYNC_PRED=1 GSYNC_ASYNC_PRECHECK=0 gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph road:usa --tbs-per-sm 2,4 --format csv
GSYNC_ASYNC_PRED=0 gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph rmat:22 --tbs-per-sm 4,8 --format csv
GSYNC_ASYNC_PRED=1 gsync-bench app bfs,sssp --sync async --repeat 5 --timeout 20 --graph rmat:22 --tbs-per-sm 4,8 --format csv
# one H100, at commit 099a939 (tools/gpu_session.sh asyncpred)
