/* device.h: which GPU, and what it is. */
#ifndef GSYNC_DEVICE_H
#define GSYNC_DEVICE_H

#include "core/gsync_bench.h"

/* CUDA devices visible; 0 when there is none or no driver at all (*why, if
 * not NULL, then says which); -1 when CUDA failed otherwise (*why says how). */
int gs_device_count_why(char *why, size_t n);
int gs_device_count(void);
/* Selects and describes a device.  GS_EXIT_OK, GS_EXIT_USAGE for an index
 * that does not exist, GS_EXIT_RUNTIME when there is no usable device. */
int gs_device_open(int ordinal, gs_device_info *d, char *err, size_t n);

#endif
