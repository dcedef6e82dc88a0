gsync-bench server hashtable --items 64,4096 --collision 1,16,256 --ops 16 --timeout 20 --repeat 3 --format csv
