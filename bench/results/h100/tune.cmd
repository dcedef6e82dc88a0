gsync-bench tune --repeat 7 --format csv
