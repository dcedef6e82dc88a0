gsync-bench server stress --wrap --configs 60 --timeout 10 --format csv
