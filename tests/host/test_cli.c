/* Command-line parsing: every option, HeteroSync's form, every error. */
#include "commands.h"
#include "../check.h"
#include "../parse_line.h"
#include "core/cli.h"
#include "app/app_cli.h"
#include "gsync/host.h"
#include "litmus/litmus.h"
#include "server/setup.h"
#include "families/run.h"
#include "core/gsync_bench.h"

#include <string.h>

static char err[512];
#define C(name) gs_command_find(name)

static int parse(gs_options *o, const char *line)
{
    return parse_line(o, line, err, sizeof err);
}

static int usage(const char *line, const char *must_contain)
{
    gs_options o;
    int rc = parse(&o, line);
    if (rc != GS_EXIT_USAGE || !strstr(err, must_contain)) {
        fprintf(stderr, "  '%s' -> rc %d, err '%s' (wanted '%s')\n", line, rc, err, must_contain);
        return 0;
    }
    return strchr(err, '\n') == NULL; /* one line */
}

int main(void)
{
    { /* the lists the refusals name: ", " between names, a name that does not fit whole left out */
        char b[12];
        size_t len = 0;
        b[0] = 0;
        len = gs_list_add(b, sizeof b, len, "ab");
        len = gs_list_add(b, sizeof b, len, "cd");
        CHECK(len == 6 && strcmp(b, "ab, cd") == 0);
        len = gs_list_add(b, sizeof b, len, "efgh"); /* ", efgh" needs 6 more: 12 with the 0 */
        CHECK(len == 6 && strcmp(b, "ab, cd") == 0);
        len = gs_list_add(b, sizeof b, len, "ef");
        CHECK(len == 10 && strcmp(b, "ab, cd, ef") == 0);
    }
    gs_cli_use_commands(gs_commands, gs_ncommands);
    gs_options o;
    unsigned int v;

    CHECK(parse(&o, "") == 0 && o.cmd == C("suite") && o.ldst == 10 && o.threads == 32 && gs_run_own(&o)->nprims == 0);
    CHECK(parse(&o, "list") == 0 && o.cmd == C("list"));
    CHECK(parse(&o, "floor --format json") == 0 && o.cmd == C("floor") && o.format == GS_FORMAT_JSON);
    CHECK(usage("run spinMutex --ldst x", "--ldst 'x'"));
    CHECK(usage("floor --ldst 3", "--ldst does not apply to 'gsync-bench floor'"));
    /* options that would change nothing asked, and names that are no command */
    CHECK(usage("multi --way hier --sem-size 4", "--sem-size does not apply to the ways asked (it applies to ticketSem"));
    CHECK(parse(&o, "multi --way ticketSem --sem-size 4") == 0);
    CHECK(usage("run gridSync --form flat", "--form changes none of the primitives asked (it applies to gsBarrier"));
    CHECK(parse(&o, "run barrier --form flat") == 0 && parse(&o, "run gsBarrierSplit --form wide") == 0);
    CHECK(usage("run relaxed --wrap", "--wrap changes none of the primitives asked"));
    CHECK(usage("run spinMutex --wrap", "--wrap changes none of the primitives asked"));
    CHECK(parse(&o, "run mutex --wrap") == 0 && parse(&o, "run faMutex --wrap") == 0);
    CHECK(usage("app bfs --sync gridSync --form flat", "--form is gsBarrier's form: it changes none of the runs"));
    CHECK(usage("app uts --sync spinMutex --form flat", "--form is gsBarrier's form"));
    CHECK(parse(&o, "app bfs --form flat") == 0 && parse(&o, "app bfs --sync gsBarrier --form wide") == 0);
    CHECK(usage("sem", "'sem' is a family: run it with 'gsync-bench run sem"));
    CHECK(usage("spinMutex 1 2", "'spinMutex' is a primitive: run it with 'gsync-bench run spinMutex"));
    CHECK(parse(&o, "spinMutex --help") == 0 && o.help && o.topic == C("run"));
    CHECK(usage("list --bogus", "unknown option '--bogus' (see 'gsync-bench list --help')"));
    CHECK(usage("list --node", "unknown option '--node' (see")); /* app's --nodes is not list's */
    CHECK(usage("server counters --tbs 1", "the grid needs 2 blocks at least"));
    CHECK(usage("app bfs --source 200000 --graph road:100000", "--source 200000 is out of range: road:100000 has 100000"));
    CHECK(usage("app bfs --source 200000", "--source 200000 is out of range: road:100000"));
    CHECK(parse(&o, "app bfs --source 99999 --graph road:100000") == 0);
    /* app: options that apply to none of the programs asked, and what needs no device */
    CHECK(usage("app reduce --graph road:ny", "--graph does not apply to the programs asked (it applies to bfs"));
    CHECK(usage("app uts-hs --root 5", "--root does not apply to the programs asked (it applies to uts)"));
    CHECK(usage("app bfs --graph road:abc", "road:abc is not a graph"));
    CHECK(usage("app bfs --graph /nonexistent/x.gr", "/nonexistent/x.gr: cannot open"));
    CHECK(usage("app bitonic --size 1000", "bitonic: --size 1000 is not a power of two of at least 1024"));
    CHECK(usage("app bfs --repeat 101", "app: --repeat is at most 100"));
    CHECK(parse(&o, "app bfs,reduce --graph road:ny --size 4096 --repeat 100") == 0 && gs_app_own(&o)->size == 4096u);
    CHECK(parse(&o, "app bitonic --size 2048") == 0);
    CHECK(parse(&o, "decompose --iters 100 --format csv") == 0 && o.cmd == C("decompose") && o.iters == 100);
    /* the quick suite by default, the whole one with --full */
    CHECK(parse(&o, "") == 0 && gs_run_own(&o)->quick && !gs_run_own(&o)->full && o.timeout_s == 2.0 && o.repeat == 3);
    CHECK(parse(&o, "suite --timeout 3 --repeat 9") == 0 && gs_run_own(&o)->quick && o.timeout_s == 3.0 && o.repeat == 9);
    CHECK(parse(&o, "suite --full") == 0 && !gs_run_own(&o)->quick && gs_run_own(&o)->full && o.timeout_s == 5.0 && o.repeat == 5);
    CHECK(parse(&o, "run ticketMutex") == 0 && !gs_run_own(&o)->quick);
    CHECK(usage("run ticketMutex --full", "--full does not apply to 'gsync-bench run' (it applies to suite;"));
    /* --wrap: a flag of run only, carried into every planned point */
    CHECK(parse(&o, "run ticketMutex --wrap") == 0 && o.wrap == 1);
    CHECK(parse(&o, "run ticketMutex") == 0 && o.wrap == 0);
    CHECK(usage("suite --wrap", "--wrap does not apply to 'gsync-bench suite' (it applies to run, server, multi;"));
    CHECK(usage("--wrap", "--wrap does not apply to 'gsync-bench suite' (it applies to run, server, multi;"));
    CHECK(usage("run gsBarrier --wrap=1", "'--wrap=1' takes no value"));
    CHECK(parse(&o, "plain --tbs-per-sm 1,2 --repeat 7") == 0 && o.cmd == C("plain") && o.repeat == 7);
    CHECK(parse(&o, "tune --format csv") == 0 && o.cmd == C("tune") && o.format == GS_FORMAT_CSV);
    /* the app command: programs, modes and its own options */
    CHECK(parse(&o, "app bfs,pagerank --sync gridSync,gsBarrier --graph road:ny --tol 1e-5") == 0 &&
          o.cmd == C("app") && gs_app_own(&o)->nprograms == 2 && gs_app_own(&o)->nmodes == 2 &&
          strcmp(gs_app_own(&o)->graph, "road:ny") == 0 && gs_app_own(&o)->tol == 1e-5 && o.threads == 64 && o.repeat == 3);
    CHECK(parse(&o, "app all") == 0 && gs_app_own(&o)->nprograms == GS_APP_PROGRAMS && gs_app_own(&o)->nmodes == 0 &&
          gs_app_own(&o)->graph[0] == 0 && gs_app_own(&o)->tol == 1e-6);
    CHECK(parse(&o, "app reduce --sync all --size 1000 --threads 128") == 0 && gs_app_own(&o)->nmodes == 0 &&
          gs_app_own(&o)->size == 1000 && o.threads == 128);
    CHECK(usage("app bfs --sync brokenNoBarrier,gridSync,gridSync", "synchronization mode: 'gridSync' is named twice"));
    /* UTS's locks: named with --sync where uts is asked, its steal */
    CHECK(parse(&o, "app uts --sync spinMutex,ticketMutex,arrayMutex,cohortMutex --steal half") == 0 &&
          gs_app_own(&o)->nmodes == 4 && gs_app_own(&o)->modes[2] == GS_SYNC_UTS_ARRAY &&
          gs_app_own(&o)->modes[3] == GS_SYNC_UTS_COHORT && gs_app_own(&o)->steal_half == 1);
    CHECK(parse(&o, "app uts") == 0 && gs_app_own(&o)->steal_half == 0 && gs_app_own(&o)->nmodes == 0);
    CHECK(parse(&o, "app uts --steal batch --sync brokenNoLock") == 0 && gs_app_own(&o)->steal_half == 0 &&
          gs_app_own(&o)->modes[0] == GS_SYNC_UTS_NONE);
    CHECK(parse(&o, "app bfs,uts --sync gridSync,cohortMutex") == 0 && gs_app_own(&o)->nmodes == 2);
    CHECK(gs_app_mode_applies(GS_APP_UTS, GS_SYNC_BROKEN_NONE) && !gs_app_mode_applies(GS_APP_UTS, GS_SYNC_GRID) &&
          !gs_app_mode_applies(GS_APP_BFS, GS_SYNC_UTS_ARRAY) && gs_app_mode_applies(GS_APP_BFS, GS_SYNC_GRID));
    CHECK(usage("app bfs --sync arrayMutex", "--sync arrayMutex does not apply to the programs asked (locks to uts"));
    CHECK(usage("app uts --sync gridSync,spinMutex", "--sync gridSync does not apply to the programs asked (locks to uts"));
    CHECK(usage("app uts --sync cubRadixSort", "synchronization mode 'cubRadixSort' is not one of"));
    CHECK(usage("app uts --steal all", "--steal 'all' is not one of batch, half"));
    /* uts-hs: its three modes, its sizes */
    CHECK(parse(&o, "app uts-hs --sync hsTicket") == 0 && gs_app_own(&o)->nmodes == 1 &&
          gs_app_own(&o)->modes[0] == GS_SYNC_HS_TICKET && gs_app_mode_applies(GS_APP_UTS_HS, GS_SYNC_HS_TICKET) &&
          !gs_app_mode_applies(GS_APP_UTS, GS_SYNC_HS_TICKET));
    CHECK(parse(&o, "app uts-hs --sync hsFixed --nodes 65536 --local-stack 64") == 0 && gs_app_own(&o)->nmodes == 1 &&
          gs_app_own(&o)->modes[0] == GS_SYNC_HS_FIXED && gs_app_own(&o)->nodes == 65536 && gs_app_own(&o)->local_stack == 64 &&
          !gs_app_own(&o)->fertility_given && gs_app_own(&o)->programs[0] == GS_APP_UTS_HS);
    CHECK(parse(&o, "app uts-hs --fertility 80") == 0 && gs_app_own(&o)->fertility_given && gs_app_own(&o)->nodes == 8192 &&
          gs_app_own(&o)->local_stack == 32);
    CHECK(gs_app_mode_applies(GS_APP_UTS_HS, GS_SYNC_HS_SHIPPED) && !gs_app_mode_applies(GS_APP_UTS_HS, GS_SYNC_UTS_SPIN) &&
          gs_app_mode_applies(GS_APP_UTS_HS, GS_SYNC_BROKEN_NONE) &&
          !gs_app_mode_applies(GS_APP_UTS, GS_SYNC_HS_FIXED) && !gs_app_mode_applies(GS_APP_BFS, GS_SYNC_HS_FIXED));
    CHECK(usage("app uts --sync hsFixed", "--sync hsFixed does not apply to the programs asked (locks to uts"));
    CHECK(usage("app uts-hs --local-stack 16", "--local-stack '16' is not a whole number from 32 to 65536"));
    CHECK(usage("app uts-hs --nodes 1", "--nodes '1' is not a whole number from 2 to"));
    CHECK(usage("app bfs --tol -1", "--tol '-1' is not a number"));
    CHECK(parse(&o, "app bitonic") == 0 && gs_app_own(&o)->key_bits == 32);
    CHECK(parse(&o, "app bitonic --key-bits 64 --size 65536") == 0 && gs_app_own(&o)->key_bits == 64 &&
          gs_app_own(&o)->size == 65536);
    CHECK(usage("app bitonic --key-bits 16", "--key-bits '16' is not one of 32, 64"));
    CHECK(usage("app bitonic --key-bits 064", "--key-bits '064' is not one of 32, 64"));
    CHECK(usage("run ticketMutex --key-bits 64", "--key-bits does not apply to 'gsync-bench run' (it applies to app;"));
    CHECK(usage("app bfs --tbs 4", "--tbs does not apply"));
    CHECK(usage("app bfs --source x", "--source 'x' is not a whole number from 0 to 4294967294"));
    CHECK(usage("app bfs, --sync gridSync", "program 'bfs,' has an empty or overlong item"));
    CHECK(usage("floor --sync gridSync", "--sync does not apply to 'gsync-bench floor' (it applies to app;"));
    CHECK(parse(&o, "app reduce --form wide") == 0 && gs_app_own(&o)->form == GS_BARRIER_WIDE);
    CHECK(usage("app reduce --form tree", "--form 'tree' is not one of"));
    CHECK(parse(&o, "run gsBarrier --form wide") == 0 && gs_run_own(&o)->nfamily_options == 1);
    CHECK(parse(&o, "help app") == 0 && o.help && o.topic == C("app"));
    /* the litmus command: shapes, orders, iterations, stress */
    CHECK(parse(&o, "litmus") == 0 && o.cmd == C("litmus") && gs_litmus_own(&o)->nshapes == GS_LITMUS_PLAIN_SHAPES &&
          gs_litmus_own(&o)->norders == GS_LITMUS_ORDERS && gs_litmus_own(&o)->iters == 1000000u && gs_litmus_own(&o)->stress);
    CHECK(parse(&o, "litmus --shape IRIW,mp --order sc --iters=5000 --stress off --format csv --timeout 2") == 0 &&
          gs_litmus_own(&o)->nshapes == 2 && gs_litmus_own(&o)->shapes[0] == GS_LITMUS_IRIW &&
          gs_litmus_own(&o)->shapes[1] == GS_LITMUS_MP && gs_litmus_own(&o)->norders == 1 &&
          gs_litmus_own(&o)->orders[0] == GS_LITMUS_SC && gs_litmus_own(&o)->iters == 5000u && !gs_litmus_own(&o)->stress &&
          o.format == GS_FORMAT_CSV && o.timeout_s == 2.0);
    CHECK(parse(&o, "litmus --shape MPbrokenAcquire --order all") == 0 && gs_litmus_own(&o)->nshapes == 1 &&
          gs_litmus_own(&o)->shapes[0] == GS_LITMUS_MP_BROKEN);
    CHECK(parse(&o, "litmus --iters 1000000000") == 0 && gs_litmus_own(&o)->iters == 1000000000u);
    CHECK(parse(&o, "litmus") == 0 && gs_litmus_own(&o)->iters == 1000000u &&
          gs_litmus_own(&o)->nshapes == GS_LITMUS_PLAIN_SHAPES && gs_litmus_own(&o)->all_shapes); /* reset */
    CHECK(parse(&o, "litmus --help") == 0 && o.help && o.topic == C("litmus"));
    CHECK(parse(&o, "help litmus") == 0 && o.help && o.topic == C("litmus"));
    CHECK(usage("litmus --shape XX", "--shape 'XX' is not one of MP, SB, LB, IRIW, MPfence, MPatomOr, MPcluster, "
                "MPsyncwarp, MPbrokenAcquire, MPfenceBroken, MPatomOrBroken, MPclusterBroken, MPsyncwarpBroken, all"));
    CHECK(usage("litmus --shape MP,", "--shape 'MP,' has an empty or overlong item"));
    CHECK(usage("litmus --shape MP,mp", "--shape: 'MP' is named twice"));
    CHECK(usage("litmus --order acq_rel", "--order 'acq_rel' is not one of relaxed, acqrel, sc, all"));
    CHECK(usage("litmus --iters 999", "--iters '999' is not a whole number from 1000 to 1000000000"));
    CHECK(usage("litmus --iters 1000000001", "--iters '1000000001'"));
    CHECK(usage("litmus --iters -5", "--iters '-5'"));
    CHECK(usage("litmus --iters", "--iters needs a value"));
    CHECK(usage("litmus --stress 1", "--stress '1' is not one of off, on"));
    CHECK(usage("litmus --repeat 3", "--repeat does not apply to 'gsync-bench litmus'"));
    CHECK(usage("litmus --tbs-per-sm 1", "--tbs-per-sm does not apply"));
    CHECK(usage("litmus --sync gridSync", "--sync does not apply to 'gsync-bench litmus' (it applies to app;"));
    CHECK(usage("litmus --form flat", "--form does not apply to 'gsync-bench litmus' (it applies to suite, run, app;"));
    CHECK(usage("litmus MP", "unexpected argument 'MP'"));
    CHECK(usage("litmus --shape MPbrokenAcquire --order relaxed,sc", "MPbrokenAcquire runs with --order acqrel only"));
    /* the server command: workloads, ways, shares, items, capacity */
    CHECK(parse(&o, "server all") == 0 && o.cmd == C("server") && gs_srv_own(&o)->nworkloads == GS_SRV_STRESS &&
          gs_srv_own(&o)->ops == 64u && gs_srv_own(&o)->capacity[0] == 4096u && gs_srv_own(&o)->ncapacity == 1 && gs_srv_own(&o)->nways == 0);
    CHECK(parse(&o, "server counters,Transfers --way server,ticketLock --share 10,50 --items 64,1048576 --ops 8 "
                    "--capacity 8192 --dist skewed --tbs-per-sm 2") == 0 &&
          gs_srv_own(&o)->nworkloads == 2 && gs_srv_own(&o)->workloads[1] == GS_SRV_TRANSFERS && gs_srv_own(&o)->nways == 2 &&
          gs_srv_own(&o)->ways[1] == GS_SRV_TICKET && gs_srv_own(&o)->nshare == 2 && gs_srv_own(&o)->share[1] == 50u &&
          gs_srv_own(&o)->nitems == 2 && gs_srv_own(&o)->items[1] == 1048576u && gs_srv_own(&o)->ops == 8u &&
          gs_srv_own(&o)->capacity[0] == 8192u && gs_srv_own(&o)->skewed);
    CHECK(parse(&o, "server queue") == 0 && gs_srv_own(&o)->nshare == 0 && !gs_srv_own(&o)->skewed); /* reset */
    CHECK(parse(&o, "server --help") == 0 && o.help && o.topic == C("server"));
    CHECK(usage("server", "'server' needs a workload"));
    CHECK(usage("server hashes",
                "workload 'hashes' is not one of queue, pingpong, counters, transfers, hashtable, unionfind"));
    CHECK(parse(&o, "server unionfind,hashtable,queue --graph rmat:12,road:ny --lookups 0,50 --msg-bytes 16,512 "
                    "--way brokenNoLock,atomic") == 0 &&
          gs_srv_own(&o)->workloads[0] == GS_SRV_UNIONFIND && gs_srv_own(&o)->ngraphs == 2 &&
          !strcmp(gs_srv_own(&o)->graphs[1], "road:ny") && gs_srv_own(&o)->nlookups == 2 && gs_srv_own(&o)->lookups[1] == 50u &&
          gs_srv_own(&o)->nmsg_bytes == 2 && gs_srv_own(&o)->msg_bytes[1] == 512u && gs_srv_own(&o)->ways[0] == GS_SRV_NOLOCK);
    CHECK(parse(&o, "server unionfind") == 0 && gs_srv_own(&o)->ngraphs == 0 && gs_srv_own(&o)->nlookups == 0); /* reset */
    CHECK(usage("server queue --msg-bytes 48", "--msg-bytes 48 is not a power of two from 16 to 512"));
    CHECK(usage("server queue --msg-bytes 1024", "--msg-bytes '1024' is not a whole number from 16 to 512"));
    CHECK(usage("server hashtable --lookups 101", "--lookups '101' is not a whole number from 0 to 100"));
    CHECK(usage("server unionfind --graph rmat:10,", "--graph 'rmat:10,': an empty or over-long graph"));
    CHECK(parse(&o, "server hashtable --collision 1,64") == 0 && gs_srv_own(&o)->ncollision == 2 &&
          gs_srv_own(&o)->collision[1] == 64u);
    CHECK(usage("server hashtable --collision 0", "--collision '0' is not a whole number from 1 to 4096"));
    CHECK(usage("server queue --share 0", "--share '0' is not a whole number from 1 to 99"));
    CHECK(usage("server queue --share 100", "--share '100' is not a whole number from 1 to 99"));
    CHECK(usage("server queue --share 5,", "--share '5,' has an empty item"));
    CHECK(usage("server queue --capacity 3000", "--capacity 3000 is not a power of two from 1024"));
    /* stress: its matrix's options; queue destinations; --wrap */
    CHECK(parse(&o, "server stress --configs 200 --seed 7 --way serverLF,brokenHeldSend --wrap") == 0 &&
          gs_srv_own(&o)->workloads[0] == GS_SRV_STRESS && gs_srv_own(&o)->configs == 200u && gs_srv_own(&o)->seed == 7u &&
          gs_srv_own(&o)->nways == 2 && gs_srv_own(&o)->ways[1] == GS_SRV_HELD && o.wrap == 1);
    CHECK(parse(&o, "server stress") == 0 && gs_srv_own(&o)->configs == 240u && gs_srv_own(&o)->seed == 1u && !o.wrap);
    CHECK(parse(&o, "server queue --dest warp") == 0 && gs_srv_own(&o)->dest_warp == 1);
    CHECK(parse(&o, "server queue") == 0 && gs_srv_own(&o)->dest_warp == 0); /* reset: per-lane destinations */
    CHECK(usage("server queue --dest block", "--dest 'block' is not one of lane, warp"));
    CHECK(usage("server stress --configs 481", "--configs '481' is not a whole number from 1 to 480"));
    CHECK(usage("server stress --configs 0", "--configs '0' is not a whole number from 1 to 480"));
    CHECK(usage("server stress --seed -1", "--seed '-1' is not a whole number"));
    CHECK(usage("server queue --capacity 512", "--capacity '512' is not a whole number from 1024"));
    CHECK(parse(&o, "server queue --capacity 1024,65536") == 0 && gs_srv_own(&o)->ncapacity == 2 &&
          gs_srv_own(&o)->capacity[1] == 65536u);
    CHECK(usage("server queue --way lock", "--way 'lock' is not one of spinLock"));
    CHECK(usage("server queue --ops 0", "--ops '0' is not a whole number from 1"));
    CHECK(usage("server counters --iters 5", "--iters does not apply to 'gsync-bench server'"));
    CHECK(usage("run mutex --capacity 4096", "--capacity does not apply to 'gsync-bench run' (it applies to server;"));
    CHECK(usage("run ticketMutex --stress on", "--stress does not apply to 'gsync-bench run' (it applies to litmus;"));
    CHECK(usage("litmus --order broken", "--order 'broken' is not one of relaxed, acqrel, sc, all")); /* relaxed's word */
    CHECK(usage("app bfs --shape MP", "--shape does not apply to 'gsync-bench app' (it applies to litmus;"));
    CHECK(parse(&o, "run ticketMutex --iters 7") == 0 && o.iters == 7); /* --iters stays the run's elsewhere */
    /* a family's own option: the barrier's --form */
    CHECK(parse(&o, "run gsBarrier --form wide") == 0 && gs_run_own(&o)->nprims == 1);
    CHECK(parse(&o, "run gsBarrier --form=auto") == 0);
    CHECK(usage("run gsBarrier --form tree", "--form 'tree' is not one of auto, flat, spread, gathered, wide"));
    CHECK(usage("run gsBarrier --form", "--form needs a value"));
    CHECK(usage("run ticketMutex --form flat", "--form applies to runs of the barrier family"));
    CHECK(usage("plain --form flat", "--form does not apply to 'gsync-bench plain' (it applies to suite, run, app;"));
    CHECK(parse(&o, "suite --form wide") == 0 && gs_run_own(&o)->nfamily_options == 1);
    CHECK(usage("run gsBarrier --cluster 8 --form flat", "--cluster applies to runs of the local family"));
    CHECK(usage("run gsBarrier --form flat --cluster 8", "--cluster applies to runs of the local family"));
    CHECK(parse(&o, "run gsBarrier,ticketMutexCluster --cluster 8 --form flat") == 0 && gs_run_own(&o)->nfamily_options == 2);
    CHECK(parse(&o, "suite --help") == 0 && o.help && o.topic == C("suite"));
    CHECK(parse(&o, "--help") == 0 && o.help && o.topic == NULL);
    CHECK(parse(&o, "--help") == 0 && o.help);
    CHECK(parse(&o, "--version") == 0 && o.version);
    CHECK(parse(&o, "run ticketMutex") == 0 && o.cmd == C("run") && gs_run_own(&o)->nprims == 1 &&
          strcmp(gs_run_own(&o)->prims[0]->name, "ticketMutex") == 0);
    CHECK(parse(&o, "run spinMutex,faMutex --ldst 100 --tbs-per-sm 1,4,32 --iters 7 --repeat 3 --threads 64 "
                    "--timeout 0.5 --format csv --device 1") == 0);
    CHECK(gs_run_own(&o)->nprims == 2 && o.ldst == 100 && o.ntbs_per_sm == 3 && o.tbs_per_sm[2] == 32 && o.iters == 7 &&
          o.repeat == 3 && o.threads == 64 && o.timeout_s == 0.5 && o.format == GS_FORMAT_CSV && o.device == 1);
    CHECK(parse(&o, "run sleepMutex --ldst=3 --format=json --tbs=264") == 0 && o.ldst == 3 &&
          o.format == GS_FORMAT_JSON && o.tbs == 264);
    CHECK(parse(&o, "suite --tbs-per-sm 2") == 0 && o.cmd == C("suite") && o.ntbs_per_sm == 1);
    /* a family name stands for all its members */
    CHECK(parse(&o, "run sem") == 0 && gs_run_own(&o)->nprims == 24 && strcmp(gs_run_own(&o)->prims[0]->name, "spinSem1") == 0);
    CHECK(parse(&o, "run mutex,ticketSem10") == 0 && gs_run_own(&o)->nprims == 9);
    CHECK(parse(&o, "run barrier") == 0 && gs_run_own(&o)->nprims == 15 && strcmp(gs_run_own(&o)->prims[0]->family->name, "barrier") == 0);
    CHECK(parse(&o, "") == 0 && o.iters == 0); /* the family's default, set by the plan */
    CHECK(parse(&o, "priorSemEBO10 10 528 20") == 0 && gs_run_own(&o)->prims[0]->arg[0] == 10 && gs_run_own(&o)->prims[0]->arg[1] == 1);
    /* case-insensitive names */
    CHECK(parse(&o, "run SPINMUTEX") == 0 && strcmp(gs_run_own(&o)->prims[0]->name, "spinMutex") == 0);

    /* HeteroSync's positional form */
    CHECK(parse(&o, "spinMutex 10 528 100") == 0 && o.cmd == C("run") && gs_run_own(&o)->heterosync_form && o.ldst == 10 &&
          o.tbs == 528 && o.iters == 100 && strcmp(gs_run_own(&o)->prims[0]->name, "spinMutex") == 0);
    CHECK(parse(&o, "sleepMutex 1 1 1") == 0 && o.tbs == 1);
    CHECK(usage("spinMutex 10 528", "HeteroSync's form"));
    CHECK(usage("spinMutex 10 0 100", "numTBs '0'"));
    CHECK(usage("spinMutex x 528 100", "numLdSt 'x'"));
    CHECK(usage("spinMutex 10 528 -5", "numCSIters '-5'"));

    /* unknown names, with suggestions */
    CHECK(usage("run spinMutx", "did you mean spinMutex"));
    CHECK(usage("run spinMutex,bogus", "unknown primitive 'bogus'"));
    CHECK(usage("spinMutx 10 10 10", "did you mean spinMutex"));
    CHECK(usage("frobnicate", "unknown command or primitive 'frobnicate'"));
    CHECK(usage("run", "needs a primitive"));
    CHECK(usage("run --ldst 3", "needs a primitive"));
    CHECK(usage("list extra", "unexpected argument 'extra' (see 'gsync-bench list --help')"));

    /* numbers: non-numeric, zero, negative, overflowing, out of range */
    CHECK(usage("--ldst abc", "--ldst 'abc' is not a whole number"));
    CHECK(parse(&o, "run gsBarrier --ldst 0") == 0 && o.ldst == 0); /* the bare barrier; plan checks the family */
    CHECK(usage("--ldst -1", "--ldst '-1'"));
    CHECK(usage("--ldst 99999999999999999999", "--ldst '99999999999999999999'"));
    CHECK(usage("--ldst 10001", "from 0 to 10000"));
    CHECK(usage("--ldst 1.5", "--ldst '1.5'"));
    CHECK(usage("--iters 0", "--iters '0'"));
    CHECK(usage("--repeat 0", "--repeat '0'"));
    CHECK(usage("--tbs 0", "--tbs '0'"));
    CHECK(usage("--tbs 4294967296", "--tbs '4294967296'"));
    CHECK(usage("--tbs-per-sm 1,,2", "--tbs-per-sm '1,,2' has an empty item"));
    CHECK(usage("--tbs-per-sm 1,x", "--tbs-per-sm 'x'"));
    CHECK(usage("--tbs-per-sm 0", "--tbs-per-sm '0'"));
    CHECK(usage("--tbs-per-sm 4,", "--tbs-per-sm '4,' has an empty item"));
    CHECK(usage("--threads 48", "multiple of 32"));
    CHECK(usage("--threads 0", "multiple of 32"));
    CHECK(usage("--threads 2048", "multiple of 32 from 32 to 1024"));
    CHECK(usage("--timeout 0", "--timeout '0'"));
    CHECK(usage("--timeout abc", "--timeout 'abc'"));
    CHECK(usage("--timeout nan", "--timeout 'nan'"));
    CHECK(usage("--format xml", "not one of table, csv, json"));
    CHECK(usage("--device -1", "--device '-1'"));
    CHECK(usage("--ldst", "--ldst needs a value"));
    CHECK(usage("--bogus 3", "unknown option '--bogus'"));
    CHECK(usage("--tbs 8 --tbs-per-sm 2", "exclude each other"));
    CHECK(usage("run spinMutex stray", "unexpected argument 'stray'"));

    /* rough edges: help topics, values where none belong, lists, escapes, long names */
    CHECK(parse(&o, "run --help") == 0 && o.help && o.topic == C("run"));
    CHECK(parse(&o, "floor --help") == 0 && o.help && o.topic == C("floor"));
    CHECK(parse(&o, "help tune") == 0 && o.help && o.topic == C("tune"));
    CHECK(parse(&o, "help") == 0 && o.help && o.topic == NULL);
    CHECK(usage("help bogus", "unknown help topic 'bogus'"));
    CHECK(usage("help run extra", "unexpected argument 'extra'"));
    CHECK(usage("--help=x", "'--help=x' takes no value"));
    CHECK(usage("run mutexes", "did you mean mutex"));
    CHECK(usage("run ticketMutex,ticketMutex", "ticketMutex is named twice"));
    CHECK(usage("run mutex,ticketMutex", "ticketMutex is named twice"));
    CHECK(usage("run ,ticketMutex", "has an empty item"));
    CHECK(usage("run ticketMutex,", "has an empty item"));
    CHECK(usage("--timeout 0x10", "--timeout '0x10'"));
    CHECK(usage("--timeout 1e3", "--timeout '1e3'"));
    CHECK(usage("--timeout 1.2.3", "--timeout '1.2.3'"));
    CHECK(parse(&o, "--timeout 0.25") == 0 && o.timeout_s == 0.25);
    CHECK(usage("--tbs-per-sm 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,"
                "33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65",
                "at most 64 values"));
    {
        char *argv[] = {"gsync-bench", "run", "spin\nMutex\x01", NULL};
        CHECK(gs_parse_args(3, argv, &o, err, sizeof err) == GS_EXIT_USAGE && strchr(err, '\n') == NULL &&
              strstr(err, "spin\\x0aMutex\\x01"));
        char long_name[300];
        memset(long_name, 'y', sizeof long_name);
        memcpy(long_name, "--", 2);
        long_name[150] = 0;
        char *argv2[] = {"gsync-bench", long_name, NULL};
        CHECK(gs_parse_args(2, argv2, &o, err, sizeof err) == GS_EXIT_USAGE && strstr(err, long_name));
    }

    /* '--': what follows is an operand; typos of commands and options get the nearest */
    CHECK(parse(&o, "run -- ticketMutex") == 0 && gs_run_own(&o)->nprims == 1);
    CHECK(usage("run -- ticketMutex --ldst 3", "unexpected argument '--ldst'"));
    CHECK(usage("app bfs --sycn gridSync", "unknown option '--sycn'; did you mean --sync?"));
    CHECK(usage("litmus --shpe MP", "did you mean --shape?"));
    CHECK(usage("server counters --iters 3", "--iters does not apply to 'gsync-bench server' (it applies to"));
    CHECK(usage("litmus --version=1", "'--version=1' takes no value"));
    CHECK(parse(&o, "app uts --fertility 20") == 0 && gs_own_given(&o, "--fertility") && !gs_own_given(&o, "--root"));
    /* no option lives outside its gs_options: two command lines parsed, each keeps its own */
    {
        static gs_options a, b;
        char *la[] = {"gsync-bench", "run", "ticketMutexCluster", "--cluster", "8", NULL};
        char *lb[] = {"gsync-bench", "run", "ticketMutexCluster", "--cluster", "2", NULL};
        char *lc[] = {"gsync-bench", "app", "bfs", "--graph", "road:ny", NULL};
        CHECK(gs_parse_args(5, la, &a, err, sizeof err) == 0 && gs_parse_args(5, lb, &b, err, sizeof err) == 0);
        const gs_prim *p = gs_prim_find("ticketMutexCluster");
        CHECK(p->family->cluster_size(gs_run_family_opts(&a, p->family), p) == 8 &&
              p->family->cluster_size(gs_run_family_opts(&b, p->family), p) == 2 &&
              p->family->cluster_size(NULL, p) == 4);
        CHECK(gs_parse_args(5, lc, &a, err, sizeof err) == 0 && parse(&b, "app bfs") == 0 &&
              !strcmp(gs_app_own(&a)->graph, "road:ny") && gs_app_own(&b)->graph[0] == 0);
    }

    CHECK(gs_parse_uint("4294967295", 0, 0xffffffffu, &v) == 0 && v == 0xffffffffu);
    CHECK(gs_parse_uint("", 0, 10, &v) != 0);
    CHECK(gs_parse_uint("+3", 0, 10, &v) != 0);
    return check_done();
}
