/* programs.c: app's programs, one line each, in the order of their kernels'
 * numbers (GS_APP_*, app.h). */
#include "app/program.h"

extern const gs_app_program gs_app_bfs, gs_app_bfs_topo, gs_app_sssp, gs_app_sssp_topo, gs_app_pagerank,
    gs_app_reduce, gs_app_sw, gs_app_bitonic, gs_app_uts, gs_app_reduce_float, gs_app_uts_hs;

const gs_app_program *const gs_app_programs[GS_APP_PROGRAMS] = {
    [GS_APP_BFS] = &gs_app_bfs,
    [GS_APP_BFS_TOPO] = &gs_app_bfs_topo,
    [GS_APP_SSSP] = &gs_app_sssp,
    [GS_APP_SSSP_TOPO] = &gs_app_sssp_topo,
    [GS_APP_PAGERANK] = &gs_app_pagerank,
    [GS_APP_REDUCE] = &gs_app_reduce,
    [GS_APP_SW] = &gs_app_sw,
    [GS_APP_BITONIC] = &gs_app_bitonic,
    [GS_APP_UTS] = &gs_app_uts,
    [GS_APP_REDUCE_FLOAT] = &gs_app_reduce_float,
    [GS_APP_UTS_HS] = &gs_app_uts_hs,
};

/* The parser's words: each entry's name, in the same order (a C initializer
 * cannot read them from the entries; tests/host/test_app_programs.c checks). */
const char *const gs_app_program_names[GS_APP_PROGRAMS] = {
    "bfs", "bfs-topo", "sssp", "sssp-topo", "pagerank", "reduce", "sw", "bitonic", "uts", "reduce-float", "uts-hs",
};
