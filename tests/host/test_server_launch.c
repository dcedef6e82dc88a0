/* The server's launch checks (src/lib/server_launch.c) that need no device:
 * block shapes, answers that must fit a queue, server counts, capacities,
 * and a launch without a kernel.  Each refusal is one that would otherwise
 * hang or corrupt a user's kernel. */
#include "../check.h"
#include "gsync/host.h"

static dim3 shape(unsigned int x, unsigned int y, unsigned int z)
{
    const dim3 d = {x, y, z};
    return d;
}

int main(void)
{
    CHECK(gs_server_check_launch(528u, shape(256u, 1u, 1u), 26u, 1024u) == cudaSuccess);
    CHECK(gs_server_check_launch(2u, shape(32u, 1u, 1u), 1u, 1024u) == cudaSuccess); /* the smallest */
    CHECK(gs_server_check_launch(100u, shape(1024u, 1u, 1u), 99u, 1u << 24) == cudaSuccess);
    /* not 1-D whole warps */
    CHECK(gs_server_check_launch(528u, shape(32u, 8u, 1u), 26u, 1024u) == cudaErrorInvalidValue);
    CHECK(gs_server_check_launch(528u, shape(64u, 1u, 2u), 26u, 1024u) == cudaErrorInvalidValue);
    CHECK(gs_server_check_launch(528u, shape(96u + 1u, 1u, 1u), 26u, 1024u) == cudaErrorInvalidValue);
    CHECK(gs_server_check_launch(528u, shape(16u, 1u, 1u), 26u, 1024u) == cudaErrorInvalidValue);
    /* answers that would not fit a block's queue; a capacity the queues refuse */
    CHECK(gs_server_check_launch(528u, shape(1024u, 1u, 1u), 26u, 1024u) == cudaSuccess);
    CHECK(gs_server_check_launch(64u, shape(1024u, 1u, 1u), 26u, 2048u) == cudaSuccess);
    CHECK(gs_server_check_launch(528u, shape(256u, 1u, 1u), 26u, 512u) == cudaErrorInvalidValue);
    CHECK(gs_server_check_launch(528u, shape(256u, 1u, 1u), 26u, 3000u) == cudaErrorInvalidValue);
    /* no server, or no client */
    CHECK(gs_server_check_launch(528u, shape(256u, 1u, 1u), 0u, 1024u) == cudaErrorInvalidValue);
    CHECK(gs_server_check_launch(528u, shape(256u, 1u, 1u), 528u, 1024u) == cudaErrorInvalidValue);
    /* a launch refused before any device is touched */
    CHECK(gs_server_launch(NULL, 528u, shape(256u, 1u, 1u), NULL, 0u, 0, 26u, 1024u) == cudaErrorInvalidValue);
    CHECK(gs_server_launch((const void *)main, 528u, shape(256u, 4u, 1u), NULL, 0u, 0, 26u, 1024u) ==
          cudaErrorInvalidValue);
    return check_done();
}
