gsync-bench server queue --way server,serverLF --msg-bytes 16,32,64,128,256,512 --capacity 1024,4096,16384 --repeat 3 --format csv
