gsync-bench server queue --way server,serverLF,basic --dest lane --share 5,25,50 --repeat 5 --format csv
