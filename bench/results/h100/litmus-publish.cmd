gsync-bench litmus --shape MPfence,MPatomOr,MPcluster,MPsyncwarp,MPfenceBroken,MPatomOrBroken,MPclusterBroken,MPsyncwarpBroken --iters 1000000 --format csv (at commit fb312e9)
