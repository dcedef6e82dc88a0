/* A fuzz test of the command line: N random and malformed argument vectors
 * (random bytes, huge and negative numbers, empty and very long strings,
 * every command, option, word and mode of the command tables) through
 * gs_parse_args.  Each must return
 * 0 or 2, and 2 with a one-line message that fits its buffer; built with
 * AddressSanitizer and UBSan, a memory or undefined-behaviour error aborts. */
#include "commands.h"
#include "../check.h"
#include "core/cli.h"

#include <stdlib.h>
#include <string.h>

static unsigned long long state = 0x9e3779b97f4a7c15ull;
static unsigned int rnd(unsigned int n)
{
    state ^= state << 13, state ^= state >> 7, state ^= state << 17; /* xorshift64 */
    return (unsigned int)(state % n);
}

static const char *const words[] = {
    "run", "suite", "list", "floor", "decompose", "plain", "tune", "help", "--help", "-h", "--version", "--full",
    "--ldst", "--tbs", "--tbs-per-sm", "--iters", "--repeat", "--threads", "--timeout", "--format", "--device",
    "--form", "--cluster", "--ldst=", "--timeout=", "mutex", "sem", "barrier", "local", "ticketMutex", "gsBarrier",
    "spinSemEBOUniq120", "csv", "json", "table", "wide", "auto", "1,2,4", "0", "1", "-1", "32", "4294967295",
    "4294967296", "99999999999999999999", "0.5", "1e9", "nan", "inf", "0x10", " 1", "", ",", ",,", "a,b",
    "ticketMutex,ticketMutex", "-", "--", "--=", "=", "app", "bfs", "sssp-topo", "all", "bfs,reduce", "--sync",
    "--graph", "--source", "--size", "--tol", "--damping", "gridSync,gsBarrier", "road:ny", "rmat:12", "1e-7",
    "litmus", "--shape", "--order", "--stress", "MP", "IRIW", "MPbrokenAcquire", "MP,SB,LB", "acqrel", "sc",
    "relaxed,sc", "on", "off", "1000000", "server", "queue", "counters,transfers", "--way", "--share", "--items",
    "--ops", "--capacity", "--dist", "skewed", "spinLock,server", "brokenEarlyBit", "4096", "25,50", "hashtable", "--collision",
    "--lookups", "--msg-bytes", "unionfind", "brokenNoLock", "512", "serverLF", "brokenEarlyRead", "uts", "--steal", "half",
    "serverCombine", "brokenCombine",
    "cohortMutex,arrayMutex", "--spread", "uts-hs", "hsFixed", "hsTicket", "--nodes", "--local-stack"};

/* The fixed words, then every table's: commands, options, their words,
 * defaults and examples, the modes. */
static const char *all[2048];
static unsigned int nall;

static void add(const char *w)
{
    if (w && nall < sizeof all / sizeof all[0])
        all[nall++] = w;
}

static void collect(void)
{
    for (size_t i = 0; i < sizeof words / sizeof words[0]; ++i)
        add(words[i]);
    for (int k = 0; k < GS_SHARED; ++k)
        add(gs_shared_options[k].name);
    for (size_t i = 0; i < gs_ncommands; ++i) {
        const gs_command *c = gs_commands[i];
        add(c->name), add(c->example);
        for (unsigned int m = 0; m < c->nmodes; ++m)
            add(c->modes[m]);
        for (unsigned int k = 0; k < c->nopts; ++k) {
            add(c->opts[k].name), add(c->opts[k].def);
            for (unsigned int w = 0; w < c->opts[k].nwords; ++w)
                add(c->opts[k].words[w]);
        }
    }
}

/* One argument: a word, random bytes, a number, or a long string. */
static char *arg(char *buf, size_t cap)
{
    const unsigned int kind = rnd(6);
    size_t len = 0;
    if (kind <= 2) {
        snprintf(buf, cap, "%s", all[rnd(nall)]);
        if (kind == 2 && strlen(buf) + 8 < cap) /* a word with something glued on */
            snprintf(buf + strlen(buf), cap - strlen(buf), "%s%u", rnd(2) ? "=" : ",", rnd(100000));
        return buf;
    }
    if (kind == 3) { /* random bytes, control characters and high bytes included */
        len = rnd(40);
        for (size_t i = 0; i < len; ++i)
            buf[i] = (char)(1 + rnd(255));
    } else if (kind == 4) { /* a very long string */
        len = 200 + rnd((unsigned int)cap - 201);
        memset(buf, "ax9-,="[rnd(6)], len);
    } else { /* a number, maybe huge or negative */
        snprintf(buf, cap, "%s%u%u%u", rnd(3) ? "" : "-", rnd(10000), rnd(100000), rnd(100000));
        return buf;
    }
    buf[len] = 0;
    return buf;
}

int main(int argc, char **argv)
{
    gs_cli_use_commands(gs_commands, gs_ncommands);
    const int n = argc > 1 ? atoi(argv[1]) : 1000;
    static char store[8][6000];
    char *av[9], err[512];
    gs_options o;
    int bad = 0;
    collect();
    for (int it = 0; it < n; ++it) {
        const int ac = 1 + (int)rnd(8);
        av[0] = "gsync-bench";
        for (int i = 1; i < ac; ++i)
            av[i] = arg(store[i], sizeof store[i]);
        av[ac] = NULL;
        memset(err, 'Z', sizeof err);
        const int rc = gs_parse_args(ac, av, &o, err, sizeof err);
        const int ok = rc == 0 || (rc == 2 && memchr(err, 0, sizeof err) && err[0] && !strchr(err, '\n'));
        if (!ok && bad++ < 5)
            fprintf(stderr, "vector %d: rc %d, message '%.100s'\n", it, rc, memchr(err, 0, sizeof err) ? err : "?");
        CHECK(ok);
    }
    printf("%d argument vectors\n", n);
    return check_done() ? 1 : 0;
}
