/* multi_none.c: `gsync-bench multi` in a build without NVSHMEM (CMake did
 * not find it): the command says so. */
#include "multi/multi.h"

#include <stdio.h>

int gs_multi_available(void)
{
    return 0;
}

int gs_multi_pe(const gs_multi_plan *plan, unsigned int rank, const char *dir, const gs_device_info *dev,
                gs_multi_row *rows, int *nrows, char *err, size_t n)
{
    (void)plan, (void)rank, (void)dir, (void)dev, (void)rows;
    *nrows = 0;
    snprintf(err, n, "multi: built without NVSHMEM");
    return GS_EXIT_RUNTIME;
}
