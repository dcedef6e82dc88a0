gsync-bench run histAtomic256,histAtomic2K,histAtomic64K,histAtomic1M,histCub256,histCub2K,histCub64K,histCub1M,histGsync256,histGsync2K,histGsync64K,histGsync1M --dist skewed --format csv
