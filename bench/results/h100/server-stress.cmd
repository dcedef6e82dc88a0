gsync-bench server stress --timeout 10 --format csv
