/* server_launch.c (gsync host module): the synchronization server's launch
 * and the checks that make a misuse an error instead of a hang. */
#include "gsync/host.h"
#include "gsync/msg/queue.h"

cudaError_t gs_server_check_launch(unsigned int blocks, dim3 block, unsigned int servers, unsigned int capacity)
{
    if (block.y != 1u || block.z != 1u || block.x < 32u || block.x > 1024u || block.x % 32u)
        return cudaErrorInvalidValue; /* 1-D whole warps: the first warp scans, sends are warp-collective */
    if (!gs_msgq_capacity_ok(capacity) || block.x > capacity)
        return cudaErrorInvalidValue; /* a block's answers must fit its own queue */
    if (servers < 1u || servers >= blocks)
        return cudaErrorInvalidValue;
    return cudaSuccess;
}

cudaError_t gs_server_launch(const void *kernel, unsigned int blocks, dim3 block, void **args, size_t smem,
                             cudaStream_t stream, unsigned int servers, unsigned int capacity)
{
    unsigned int most = 0u;
    cudaError_t e;
    if (!kernel)
        return cudaErrorInvalidValue;
    if ((e = gs_server_check_launch(blocks, block, servers, capacity)) != cudaSuccess ||
        (e = gs_max_coresident(kernel, block.x, smem, &most)) != cudaSuccess)
        return e;
    if (blocks > most)
        return cudaErrorCooperativeLaunchTooLarge; /* a server or client that never runs: every wait would hang */
    const dim3 grid = {blocks, 1u, 1u};
    return cudaLaunchCooperativeKernel(kernel, grid, block, args, smem, stream);
}
