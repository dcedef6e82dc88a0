gsync-bench run histGsync64K,histAtomic64K,histCub64K --hist-cluster 4 --format csv
