gsync-bench server hashtable --items 4096 --collision 16,256 --lookups 0,50,90 --ops 16 --timeout 20 --repeat 3 --format csv
