gsync-bench server unionfind --graph rmat:14,rmat:16,rmat:18,rmat:20,road:ny --repeat 10 --timeout 20 --format csv
