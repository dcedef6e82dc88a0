# Patches a copy of the tree: the spread form's sync joins a one-warp block
# with __syncwarp, as the flat form now does.
p='include/gsync/barrier/spread.cuh'; s=open(p).read()
old='''    int abandon = 0;
    __syncthreads();
    if (threadIdx.x < 32u) {'''
new='''    int abandon = 0;
    if (gs_barrier_one_warp()) {
        __syncwarp();
        gs_barrier_spread_arrive(s);
        abandon = gs_barrier_spread_wait(s, epoch);
        return gs_barrier_join_warp(!abandon);
    }
    __syncthreads();
    if (threadIdx.x < 32u) {'''
assert old in s; s=s.replace(old,new); open(p,'w').write(s)
