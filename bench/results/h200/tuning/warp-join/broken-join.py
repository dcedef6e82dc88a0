# A deliberately wrong gsBarrier for the test: every block joins by __syncwarp
# before and after the protocol, whatever its size.
p='include/gsync/barrier/tree.cuh'; s=open(p).read()
old='''    int abandon = 0;
    __syncthreads();
    if (threadIdx.x < 32u)
        abandon = gs__barrier_tree_wait(b, epoch, gs__barrier_tree_arrive(b, epoch, wide), wide);
    return gs_barrier_join(!abandon);'''
new='''    int abandon = 0;
    __syncwarp();
    if (threadIdx.x < 32u)
        abandon = gs__barrier_tree_wait(b, epoch, gs__barrier_tree_arrive(b, epoch, wide), wide);
    __syncwarp();
    return threadIdx.x != 0u || !abandon;'''
assert old in s; s=s.replace(old,new); open(p,'w').write(s)
