gsync-bench server queue,pingpong --share 12,25,50 --format csv
