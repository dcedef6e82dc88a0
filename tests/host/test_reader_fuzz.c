/* A fuzz test of the input readers: N malformed files for each of the
 * DIMACS .gr and Matrix Market .mtx graph readers, the FASTA reader and the
 * relaxed family's raw samples (--input), made by mutating valid files
 * (bytes flipped, inserted and deleted, lines repeated and cut, numbers
 * made huge, negative or not numbers, the file truncated).  Each read must
 * return success with a well-formed result, or a refusal with one line of
 * message; built with AddressSanitizer and UBSan, a memory or
 * undefined-behaviour error aborts. */
#include "commands.h"
#include "../check.h"
#include "inputs/graph.h"
#include "inputs/sequence.h"
#include "core/cli.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned long long state = 0x2545f4914f6cdd1dull;
static unsigned int rnd(unsigned int n)
{
    state ^= state << 13, state ^= state >> 7, state ^= state << 17; /* xorshift64 */
    return (unsigned int)(state % n);
}

static const char *const seeds[] = {
    "c a graph\np sp 4 3\na 1 2 7\na 2 3 1\na 3 4 2\n",
    "%%MatrixMarket matrix coordinate real symmetric\n% c\n4 4 3\n1 2 0.5\n2 3 1\n4 1 3\n",
    "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n3 1\n",
    ">query one\nACGTACGTNN\nacgt\n>second\nAC\n",
    "0123456789abcdefghij\x01\x02\xff\xfe",
};
static const char *const pieces[] = {"\n", " ", "a ", "p sp ", "-1", "0", "4294967295", "4294967296",
                                     "99999999999999999999", "1e308", "nan", "-0.5", "%%", ">", ";", "\r\n",
                                     "\t", "x", "\x01", "\xff", "1 1 1\n", "a 1 1 1\n"};

/* A mutation of seed k into buf; its length. */
static size_t mutate(unsigned int k, char *buf, size_t cap)
{
    size_t len = strlen(seeds[k]);
    memcpy(buf, seeds[k], len);
    for (unsigned int m = 1 + rnd(6); m > 0; --m) {
        const size_t at = len ? rnd((unsigned int)len + 1) : 0;
        switch (rnd(6)) {
        case 0: /* flip a byte */
            if (len)
                buf[rnd((unsigned int)len)] = (char)rnd(256);
            break;
        case 1: { /* insert a piece */
            const char *p = pieces[rnd(sizeof pieces / sizeof pieces[0])];
            const size_t pl = strlen(p);
            if (len + pl < cap) {
                memmove(buf + at + pl, buf + at, len - at);
                memcpy(buf + at, p, pl);
                len += pl;
            }
            break;
        }
        case 2: { /* delete a range */
            const size_t cut = len - at ? rnd((unsigned int)(len - at) + 1) : 0;
            memmove(buf + at, buf + at + cut, len - at - cut);
            len -= cut;
            break;
        }
        case 3: /* truncate */
            len = at;
            break;
        case 4: /* repeat the file's start (more lines than promised) */
            if (len && 2 * len < cap) {
                const size_t rep = 1 + rnd((unsigned int)len);
                memcpy(buf + len, buf, rep);
                len += rep;
            }
            break;
        default: /* a long line */
            if (len + 5000 < cap) {
                memmove(buf + at + 5000, buf + at, len - at);
                memset(buf + at, '7', 5000);
                len += 5000;
            }
        }
    }
    return len;
}

static int one_line(const char *err)
{
    return err[0] && !strchr(err, '\n');
}

/* A graph the readers returned: rows non-decreasing, every arc's head a vertex. */
static int well_formed(const gs_graph *g)
{
    if (!g->row || g->row[0] != 0 || g->row[g->n] != g->m)
        return 0;
    for (unsigned int u = 0; u < g->n; ++u)
        if (g->row[u] > g->row[u + 1])
            return 0;
    for (unsigned int k = 0; k < g->m; ++k)
        if (g->col[k] >= g->n)
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    gs_cli_use_commands(gs_commands, gs_ncommands);
    const int iters = argc > 1 ? atoi(argv[1]) : 2000;
    static char buf[1 << 16];
    char dir[] = "/tmp/gsync-reader-fuzz-XXXXXX", path[128], err[512];
    int bad = 0, read_ok = 0, refused = 0;
    if (!mkdtemp(dir))
        return 1;
    for (int i = 0; i < iters; ++i) {
        const unsigned int k = rnd(sizeof seeds / sizeof seeds[0]);
        const size_t len = mutate(k, buf, sizeof buf);
        static const char *const ext[] = {".gr", ".mtx", ".mtx", ".fa", ".raw"};
        snprintf(path, sizeof path, "%s/f%d%s", dir, i % 7, ext[k]);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(buf, 1, len, f) != len || fclose(f)) {
            fprintf(stderr, "cannot write %s\n", path);
            return 1;
        }
        err[0] = 0;
        if (k <= 2) { /* graphs: both readers on every mutation */
            for (int r = 0; r < 2; ++r) {
                gs_graph g;
                const int rc = (r ? gs_graph_read_mtx : gs_graph_read_gr)(path, &g, err, sizeof err);
                const int ok = rc == 0 ? well_formed(&g) : (rc == 2 || rc == 1) && one_line(err) && !g.row;
                if (!ok && bad++ < 5)
                    fprintf(stderr, "  %s reader, %s: rc %d, err '%s'\n", r ? "mtx" : "gr", path, rc, err);
                if (rc == 0)
                    gs_graph_free(&g);
                rc == 0 ? ++read_ok : ++refused;
            }
        } else if (k == 3) {
            char *seq = NULL;
            unsigned int slen = 0;
            const int rc = gs_fasta_read(path, &seq, &slen, err, sizeof err);
            const int ok = rc == 0 ? seq && slen > 0 && strlen(seq) >= slen : (rc == 2 || rc == 1) && !seq;
            if (!ok && bad++ < 5)
                fprintf(stderr, "  fasta, %s: rc %d, err '%s'\n", path, rc, err);
            rc == 0 ? ++read_ok : ++refused;
            free(seq);
        } else { /* raw samples, through the command line that reads them */
            gs_options o;
            char *args[] = {"gsync-bench", "run", "histGsync256", "--input", path};
            const int rc = gs_parse_args(5, args, &o, err, sizeof err);
            if (!(rc == 0 || (rc == 2 && one_line(err))) && bad++ < 5)
                fprintf(stderr, "  samples, %s: rc %d, err '%s'\n", path, rc, err);
            rc == 0 ? ++read_ok : ++refused;
        }
    }
    for (int j = 0; j < 7; ++j)
        for (unsigned int e = 0; e < 5; ++e) {
            static const char *const ext[] = {".gr", ".mtx", ".fa", ".raw", ""};
            snprintf(path, sizeof path, "%s/f%d%s", dir, j, ext[e]);
            unlink(path);
        }
    rmdir(dir);
    CHECK(bad == 0);
    CHECK(read_ok > 0 && refused > 0); /* the mutations reach both outcomes */
    printf("%d mutated files through the .gr, .mtx, FASTA and samples readers (%d reads, %d refusals): ", iters,
           read_ok, refused);
    return check_done();
}
