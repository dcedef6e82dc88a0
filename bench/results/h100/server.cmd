gsync-bench server counters,transfers --items 64,4096,65536,1048576 --ops 16 --timeout 20 --repeat 3 --format csv
