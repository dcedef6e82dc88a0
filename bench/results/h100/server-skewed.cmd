gsync-bench server counters --dist skewed --ops 16 --timeout 20 --repeat 3 --format csv
