/* Table, CSV and JSON outputs carry the device, the command and the verdict. */
#include "../check.h"
#include "core/gsync_bench.h"
#include "probes/floor.h"
#include "core/report.h"
#include "families/run.h"

#include <stdlib.h>
#include <string.h>

static char *render(enum gs_format fmt, const gs_meta *m, const gs_result *r, int n)
{
    static char buf[16384];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    gs_report(f, fmt, m, r, n);
    fclose(f);
    return buf;
}

static char *render_floor(enum gs_format fmt, const gs_meta *m, const gs_floor_row *rows)
{
    static char buf[8192];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    gs_report_floor(f, fmt, m, rows, 2);
    fclose(f);
    return buf;
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; ++s)
        n += *s == '\n';
    return n;
}

int main(void)
{
    gs_device_info d;
    gs_meta m;
    gs_result r[2];
    char *out, cmd[256];
    char *argv[] = {"gsync-bench", "run", "spinMutex", "--format", "csv", "a b"};

    memset(&d, 0, sizeof d);
    strcpy(d.name, "NVIDIA H200");
    d.sm_count = 132;
    d.clock_mhz = 1980;
    d.cc_major = 9;
    d.driver_version = 13000;
    d.runtime_version = 13000;
    gs_command_line(6, argv, cmd, sizeof cmd);
    CHECK(strcmp(cmd, "gsync-bench run spinMutex --format csv 'a b'") == 0);
    { /* the recorded command pastes back into a shell: every argument comes back as it was */
        char *tricky[] = {"printf", "%s|", "it's", "$HOME", "a\\b", "", "x\ny", "`id`", "--x=\"q\""};
        char line[512], got[512];
        size_t k = 0;
        gs_command_line(9, tricky, line, sizeof line);
        FILE *sh = popen(line, "r");
        CHECK(sh != NULL);
        if (sh) {
            k = fread(got, 1, sizeof got - 1, sh);
            pclose(sh);
        }
        got[k] = 0;
        CHECK(strcmp(got, "it's|$HOME|a\\b||x\ny|`id`|--x=\"q\"|") == 0);
    }
    m.dev = &d;
    m.command = cmd;
    m.floor_ns = 0.0;

    memset(r, 0, sizeof r);
    r[0].cfg.prim = gs_prim_find("ticketMutex");
    r[0].cfg.tbs_per_sm = 32;
    r[0].cfg.blocks = 4224;
    r[0].cfg.threads = 32;
    r[0].cfg.ldst = 10;
    r[0].cfg.iters = 20;
    r[0].cfg.repeat = 5;
    r[0].ns_median = 812.5;
    r[0].body_ns = 12.5;
    r[0].verdict = GS_PASS;
    r[1] = r[0];
    r[1].cfg.prim = gs_prim_find("spinMutex");
    r[1].verdict = GS_TIMEOUT;
    strcpy(r[1].detail, "watchdog fired after 5.000 s, \"quoted\"");

    out = render(GS_FORMAT_TABLE, &m, r, 2);
    CHECK(strstr(out, "NVIDIA H200") && strstr(out, "132 SMs") && strstr(out, "812.5") && strstr(out, "800.0"));
    CHECK(strstr(out, "TIMEOUT: watchdog fired") != NULL);
    CHECK(count_lines(out) == 4);

    out = render(GS_FORMAT_CSV, &m, r, 2);
    CHECK(count_lines(out) == 3);
    CHECK(strncmp(out, "gsync_version,device,sm_count", 29) == 0);
    CHECK(strstr(out, "\"NVIDIA H200\",132,1980,9.0,13000,13000,\"gsync-bench run spinMutex --format csv 'a b'\"") != NULL);
    CHECK(strstr(out, ",ticketMutex,mutex,\"gsync\",32,4224,32,1,10,20,5,812.50,") != NULL);
    CHECK(strstr(out, ",,,,,,,TIMEOUT,\"watchdog fired after 5.000 s, \"\"quoted\"\"\"") != NULL);
    CHECK(strstr(out, ",sync_ns,sync_x_floor,verdict,detail") != NULL);

    /* a clustered launch shows its cluster size, and the residency note */
    r[0].cluster = 8;
    out = render(GS_FORMAT_TABLE, &m, r, 1);
    CHECK(strstr(out, "PASS (clusters of 8)") != NULL);
    strcpy(r[0].detail, "clusters of 8: 1000 of 4224 blocks resident at once");
    out = render(GS_FORMAT_TABLE, &m, r, 1);
    CHECK(strstr(out, "PASS (clusters of 8: 1000 of 4224 blocks resident at once)") != NULL);
    out = render(GS_FORMAT_CSV, &m, r, 1);
    CHECK(strstr(out, ",ticketMutex,mutex,\"gsync\",32,4224,32,8,10,20,5,812.50,") != NULL);
    CHECK(strstr(out, ",PASS,\"clusters of 8: 1000 of 4224 blocks resident at once\"") != NULL);
    out = render(GS_FORMAT_JSON, &m, r, 1);
    CHECK(strstr(out, "\"cluster\": 8,") != NULL);
    r[0].cluster = 0;
    r[0].detail[0] = '\0';

    /* a barrier's synchronization time against the floor; none for a mutex */
    {
        gs_result b = r[0];
        b.cfg.prim = gs_prim_find("gsBarrier");
        b.ns_median = 1800.0;
        b.body_ns = 600.0;
        m.floor_ns = 600.0;
        out = render(GS_FORMAT_CSV, &m, &b, 1);
        CHECK(strstr(out, ",1800.00,0.00,0.00,0.00,600.00,1200.00,2.00,PASS,") != NULL);
        out = render(GS_FORMAT_TABLE, &m, &b, 1);
        CHECK(strstr(out, "    2.0  PASS") != NULL);
        out = render(GS_FORMAT_JSON, &m, &b, 1);
        CHECK(strstr(out, "\"sync_x_floor\": 2.00") != NULL);
        out = render(GS_FORMAT_CSV, &m, r, 1); /* ticketMutex: no multiple */
        CHECK(strstr(out, ",800.00,,PASS,") != NULL);
        m.floor_ns = 0.0;
    }

    out = render(GS_FORMAT_JSON, &m, r, 2);
    CHECK(strstr(out, "\"name\": \"NVIDIA H200\"") && strstr(out, "\"sm_count\": 132"));
    CHECK(strstr(out, "\"ns_per_op\": 812.50") && strstr(out, "\"sync_ns\": 800.00"));
    CHECK(strstr(out, "\"verdict\": \"TIMEOUT\", \"detail\": \"watchdog fired after 5.000 s, \\\"quoted\\\"\"") != NULL);
    CHECK(strstr(out, "\"command\": \"gsync-bench run spinMutex") != NULL);

    {
        gs_floor_row rows[2] = {{"global atomic round trip", 151.25, ""}, {"cluster barrier", -1.0, "needs 9.0"}};
        out = render_floor(GS_FORMAT_CSV, &m, rows);
        CHECK(count_lines(out) == 3 && strstr(out, "\"global atomic round trip\",151.2,\"\"") &&
              strstr(out, "\"cluster barrier\",,\"needs 9.0\""));
        out = render_floor(GS_FORMAT_JSON, &m, rows);
        CHECK(strstr(out, "\"measure\": \"global atomic round trip\", \"ns\": 151.2") &&
              strstr(out, "\"measure\": \"cluster barrier\", \"note\": \"needs 9.0\""));
        out = render_floor(GS_FORMAT_TABLE, &m, rows);
        CHECK(strstr(out, "151.2 ns") && strstr(out, "needs 9.0") && count_lines(out) == 3);
    }
    return check_done();
}
