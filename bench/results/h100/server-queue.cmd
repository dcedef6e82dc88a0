gsync-bench server queue,pingpong --share 12,25,50 --format csv (at commit fb312e9: a warp's lanes without room published one by one)
