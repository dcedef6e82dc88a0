# Patches a copy of the tree: with GS_X_WARPJOIN, a one-warp block joins with
# __syncwarp() instead of __syncthreads() in gs_barrier_tree_sync
# (1: flat grids, opening and closing; 2: every grid, both; 3: flat grids,
# closing only).  __syncwarp orders memory among the warp's threads, which
# for a one-warp block is the whole block.
p='include/gsync/barrier/tree.cuh'; s=open(p).read()
a='''    int abandon = 0;
    __syncthreads();
    if (threadIdx.x < 32u)
        abandon = gs__barrier_tree_wait(b, epoch, gs__barrier_tree_arrive(b, epoch, wide), wide);
    return gs_barrier_join(!abandon);'''
assert a in s
s=s.replace(a,'''    int abandon = 0;
#ifdef GS_X_WARPJOIN
    const bool warp = blockDim.x * blockDim.y * blockDim.z == 32u &&
                      (GS_X_WARPJOIN == 2 || gs_barrier_blocks() <= GS_BARRIER_FLAT_MAX);
    if (warp) {
        if (GS_X_WARPJOIN == 3)
            __syncthreads();
        else
            __syncwarp();
        abandon = gs__barrier_tree_wait(b, epoch, gs__barrier_tree_arrive(b, epoch, wide), wide);
        __syncwarp();
#ifdef GSYNC_WATCHDOG
        return __shfl_sync(~0u, !abandon, 0) != 0;
#else
        return true;
#endif
    }
#endif
    __syncthreads();
    if (threadIdx.x < 32u)
        abandon = gs__barrier_tree_wait(b, epoch, gs__barrier_tree_arrive(b, epoch, wide), wide);
    return gs_barrier_join(!abandon);''',1)
open(p,'w').write(s)
