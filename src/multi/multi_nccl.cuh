/* multi_nccl.cuh: the way ncclGrid of `gsync-bench multi` (multi.h,
 * docs/multi.md): NCCL's device-side barrier as a peer of gsync's.
 *
 * NCCL 2.28 and later has a device API: a host communicator
 * (ncclCommInitRank, from a unique id that rank 0 writes into the run's
 * folder, as it does NVSHMEM's), a device communicator made from it
 * (ncclDevCommCreate) holding one LSA barrier (LSA: load/store accessible,
 * the GPUs that map each other's memory over NVLink or PCIe P2P), and in
 * the kernel a session of that barrier (ncclLsaBarrierSession) whose sync()
 * the threads of one block call together.
 *
 * Included once by multi_kernels.cu, after mg_args, stamp() and check(), so
 * that its kernel stamps and checks as every other way's does.  Built with
 * NCCL where CMake found its device API (GSYNC_HAVE_NCCL_DEVICE); else the
 * way SKIPs with "built without NCCL's device API".  NCCL is started only
 * when the plan holds the way, so no other way depends on it; a NCCL that
 * does not start on some GPU makes the way SKIP on every rank, with that
 * GPU's NCCL error. */
#ifndef GSYNC_MULTI_NCCL_CUH
#define GSYNC_MULTI_NCCL_CUH

#ifdef GSYNC_HAVE_NCCL_DEVICE
#include <nccl.h>
#include <nccl_device.h>

/* The device communicator, copied here once NCCL is up (block 0's session
 * keeps a reference to it). */
static __device__ ncclDevComm mg_nccl_dev;

/* grid.sync(); block 0 (its threads are the cooperative group ncclCoopCta)
 * runs NCCL's LSA barrier across the GPUs with memory_order_acq_rel (NCCL
 * 2.32: a system-scope release fence, a relaxed store of the epoch into each
 * peer's inbox, acquire loads polling its own; 2.28: release stores); then
 * grid.sync().  The session is opened once a launch: it reads its epoch from
 * NCCL's barrier memory and writes it back when it closes.  No watchdog
 * inside NCCL's wait (as in nvshmemGrid): a hang is ended by the first
 * process's deadline. */
static __global__ void k_nccl_grid(mg_args a)
{
    cooperative_groups::grid_group g = cooperative_groups::this_grid();
    if (blockIdx.x == 0) {
        ncclLsaBarrierSession<ncclCoopCta> bar(ncclCoopCta(), mg_nccl_dev, ncclTeamTagLsa(), 0u);
        for (unsigned int e = 1; e <= a.iters; ++e) {
            stamp(&a, e);
            g.sync();
            bar.sync(ncclCoopCta(), cuda::memory_order_acq_rel);
            g.sync();
            check(&a, e);
        }
    } else {
        for (unsigned int e = 1; e <= a.iters; ++e) {
            stamp(&a, e);
            g.sync();
            g.sync();
            check(&a, e);
        }
    }
}

/* This rank's NCCL, and whether the way runs. */
static struct {
    int up;                   /* every rank's communicators are up */
    int comm_made, dev_made;
    ncclComm_t comm;
    char why[160];            /* else why the way SKIPs */
} mg_nccl = {0, 0, 0, NULL, "NCCL was not started"};
static ncclDevComm mg_nccl_host_dev;

/* Each rank's word on whether its NCCL started, through the folder. */
typedef struct mg_nccl_word {
    int ok;
    char why[152];
} mg_nccl_word;

/* rank 0's unique id (ok 0: ncclGetUniqueId failed) */
typedef struct mg_nccl_uid {
    int ok;
    ncclUniqueId id;
} mg_nccl_uid;

#define MG_NCK(what, call)                                                                                             \
    do {                                                                                                               \
        const ncclResult_t nck_ = (call);                                                                              \
        if (nck_ != ncclSuccess) {                                                                                     \
            const char *last_ = mg_nccl.comm ? ncclGetLastError(mg_nccl.comm) : "";                                    \
            snprintf(why, nwhy, "NCCL on GPU %u: %s: %s%s%s", rank, what, ncclGetErrorString(nck_),                   \
                     last_ && last_[0] ? ": " : "", last_ ? last_ : "");                                               \
            return 0;                                                                                                  \
        }                                                                                                              \
    } while (0)

/* The host and device communicators with one LSA barrier; 1, or 0 with why
 * set.  Every call is made on every rank in the same order (collectives). */
static int mg_nccl_open(unsigned int nranks, unsigned int rank, const ncclUniqueId *id, char *why, size_t nwhy)
{
#ifdef NCCL_DEV_COMM_REQUIREMENTS_INITIALIZER /* 2.29 and later: versioned */
    ncclDevCommRequirements reqs = NCCL_DEV_COMM_REQUIREMENTS_INITIALIZER;
#else /* 2.28: a plain struct */
    ncclDevCommRequirements reqs;
    memset(&reqs, 0, sizeof reqs);
#endif
    cudaError_t ce;
    MG_NCK("ncclCommInitRank", ncclCommInitRank(&mg_nccl.comm, (int)nranks, *id, (int)rank));
    mg_nccl.comm_made = 1;
#ifdef NCCL_COMM_PROPERTIES_INITIALIZER /* 2.29 and later */
    ncclCommProperties props = NCCL_COMM_PROPERTIES_INITIALIZER;
    MG_NCK("ncclCommQueryProperties", ncclCommQueryProperties(mg_nccl.comm, &props));
    if (!props.deviceApiSupport) {
        snprintf(why, nwhy, "NCCL on GPU %u: the communicator has no device API (ncclCommQueryProperties; "
                 "symmetric memory needs CUDA VMM: NCCL_CUMEM_ENABLE)", rank);
        return 0;
    }
#endif
    reqs.lsaBarrierCount = 1; /* block 0's */
    MG_NCK("ncclDevCommCreate", ncclDevCommCreate(mg_nccl.comm, &reqs, &mg_nccl_host_dev));
    mg_nccl.dev_made = 1;
    if (mg_nccl_host_dev.lsaSize != (int)nranks) {
        snprintf(why, nwhy, "NCCL on GPU %u: its LSA team holds %d of the %u GPUs (no P2P between them)", rank,
                 mg_nccl_host_dev.lsaSize, nranks);
        return 0;
    }
    if ((ce = cudaMemcpyToSymbol(mg_nccl_dev, &mg_nccl_host_dev, sizeof mg_nccl_host_dev)) != cudaSuccess) {
        snprintf(why, nwhy, "NCCL on GPU %u: cudaMemcpyToSymbol: %s", rank, cudaGetErrorString(ce));
        return 0;
    }
    return 1;
}
#undef MG_NCK

/* Starts NCCL on this rank when the plan holds ncclGrid: rank 0's unique id
 * through the folder (file nccl-uid), the communicators, then each rank's
 * word (file nccl.<rank>), so that every rank decides alike whether the way
 * runs: a rank that launched it alone would wait for ever.  GS_EXIT_OK (the
 * way may still SKIP), or an exit status with err set when the folder fails. */
static int mg_nccl_start(const gs_multi_plan *p, unsigned int rank, const char *dir, char *err, size_t n)
{
    mg_nccl_uid uid;
    mg_nccl_word mine, theirs;
    char name[32];
    if (!gs_multi_has(p->ways, p->nways, GS_MULTI_NCCL_GRID, GS_MULTI_NCCL_GRID))
        return GS_EXIT_OK;
    setenv("NCCL_SOCKET_IFNAME", "lo", 0); /* one node: NCCL's bootstrap over loopback unless given */
    memset(&uid, 0, sizeof uid);
    memset(&mine, 0, sizeof mine);
    if (rank == 0) {
        const ncclResult_t r = ncclGetUniqueId(&uid.id);
        uid.ok = r == ncclSuccess;
        if (!uid.ok)
            snprintf(mine.why, sizeof mine.why, "NCCL on GPU 0: ncclGetUniqueId: %s", ncclGetErrorString(r));
        if (gs_multi_file_publish(dir, "nccl-uid", "NCCL unique id", &uid, sizeof uid, err, n))
            return GS_EXIT_RUNTIME;
    } else if (gs_multi_file_read(dir, "nccl-uid", "NCCL unique id", &uid, sizeof uid, 120000u, err, n)) {
        return GS_EXIT_RUNTIME;
    } else if (!uid.ok) {
        snprintf(mine.why, sizeof mine.why, "NCCL on GPU 0: no unique id");
    }
    if (uid.ok)
        mine.ok = mg_nccl_open(p->gpus, rank, &uid.id, mine.why, sizeof mine.why);
    snprintf(name, sizeof name, "nccl.%u", rank);
    if (gs_multi_file_publish(dir, name, "word on NCCL", &mine, sizeof mine, err, n))
        return GS_EXIT_RUNTIME;
    mg_nccl.up = 1;
    for (unsigned int q = 0; q < p->gpus; ++q) {
        snprintf(name, sizeof name, "nccl.%u", q);
        if (q == rank)
            theirs = mine;
        else if (gs_multi_file_read(dir, name, "word on NCCL", &theirs, sizeof theirs, 120000u, err, n))
            return GS_EXIT_RUNTIME;
        if (!theirs.ok && mg_nccl.up) {
            mg_nccl.up = 0;
            theirs.why[sizeof theirs.why - 1] = '\0';
            snprintf(mg_nccl.why, sizeof mg_nccl.why, "%s", theirs.why);
        }
    }
    /* not every rank is up: no more collectives; this rank's part goes (a
     * local abort, which frees the device communicator too) */
    if (!mg_nccl.up && mg_nccl.comm_made) {
        ncclCommAbort(mg_nccl.comm); /* its result: the way SKIPs whatever it is */
        mg_nccl.comm_made = mg_nccl.dev_made = 0, mg_nccl.comm = NULL;
    }
    return GS_EXIT_OK;
}

/* Every rank, after the plan (collective where NCCL is up). */
static int mg_nccl_stop(unsigned int rank, char *err, size_t n)
{
    ncclResult_t r = ncclSuccess;
    const char *what = "";
    if (mg_nccl.dev_made && (r = ncclDevCommDestroy(mg_nccl.comm, &mg_nccl_host_dev)) != ncclSuccess)
        what = "ncclDevCommDestroy";
    else if (mg_nccl.comm_made && (r = ncclCommFinalize(mg_nccl.comm)) != ncclSuccess)
        what = "ncclCommFinalize";
    else if (mg_nccl.comm_made && (r = ncclCommDestroy(mg_nccl.comm)) != ncclSuccess)
        what = "ncclCommDestroy";
    mg_nccl.comm_made = mg_nccl.dev_made = mg_nccl.up = 0;
    if (r == ncclSuccess)
        return GS_EXIT_OK;
    snprintf(err, n, "multi: NCCL on GPU %u: %s: %s", rank, what, ncclGetErrorString(r));
    return GS_EXIT_RUNTIME;
}

static const char *mg_nccl_skip(void)
{
    return mg_nccl.up ? NULL : mg_nccl.why;
}

#else /* built without NCCL's device API */

static __global__ void k_nccl_grid(mg_args a)
{
    (void)a;
}

static int mg_nccl_start(const gs_multi_plan *p, unsigned int rank, const char *dir, char *err, size_t n)
{
    (void)p, (void)rank, (void)dir, (void)err, (void)n;
    return GS_EXIT_OK;
}

static int mg_nccl_stop(unsigned int rank, char *err, size_t n)
{
    (void)rank, (void)err, (void)n;
    return GS_EXIT_OK;
}

static const char *mg_nccl_skip(void)
{
    return "built without NCCL's device API";
}
#endif

#endif /* GSYNC_MULTI_NCCL_CUH */
