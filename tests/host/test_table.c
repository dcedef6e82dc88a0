/* The one printer (table.h): a small schema's table, CSV and JSON, text
 * escaped and made valid UTF-8, and a failed write reported. */
#include "../check.h"
#include "core/table.h"

#include <string.h>

enum { C_NAME, C_N, C_X, C_NOTE, C_FLAG, C_WIDE, C_COLS };

static const gs_col cols[C_COLS] = {
    [C_NAME] = {"name", GS_COL_ALL, NULL, "name", -6, NULL, NULL},
    [C_N] = {"n", GS_COL_ALL, "%.0f", "n", 4, NULL, NULL},
    [C_X] = {"x_ns", GS_COL_ALL, "%.2f", "x", 6, "%.1f", " | "},
    [C_NOTE] = {"note", GS_COL_DATA | GS_COL_QUOTE, NULL, NULL, 0, NULL, NULL},
    [C_FLAG] = {"ok", GS_COL_DATA, NULL, NULL, 0, NULL, NULL},
    [C_WIDE] = {NULL, GS_COL_TABLE, NULL, "says", 0, NULL, "  "},
};

static const gs_schema schema = {"rows", cols, C_COLS, "a note\n", "\"extra\": 1", 0};

static char *render(enum gs_format fmt, const gs_meta *m)
{
    static char buf[4096];
    gs_cell c[2][C_COLS];
    gs_out o;
    char err[128];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    c[0][C_NAME] = gs_text("a"), c[0][C_N] = gs_num(1), c[0][C_X] = gs_num(2.5), c[0][C_NOTE] = gs_text("x,y");
    c[0][C_FLAG] = gs_bool(1), c[0][C_WIDE] = gs_textf("%d%s", 7, "!");
    c[1][C_NAME] = gs_text("b\"q"), c[1][C_N] = gs_num(22), c[1][C_X] = gs_none(), c[1][C_NOTE] = gs_text("p");
    c[1][C_FLAG] = gs_bool(0), c[1][C_WIDE] = gs_text("");
    gs_out_begin(&o, f, fmt, m, &schema);
    gs_out_row(&o, c[0]);
    gs_out_row(&o, c[1]);
    CHECK(gs_out_end(&o, err, sizeof err) == GS_EXIT_OK);
    fclose(f);
    return buf;
}

/* s as JSON writes it, into out. */
static const char *json_of(const char *s, char *out, size_t n)
{
    FILE *f = fmemopen(out, n, "w");
    gs_put_text(f, GS_FORMAT_JSON, s, 1);
    fclose(f);
    return out;
}

int main(void)
{
    gs_device_info d;
    gs_meta m;
    char got[512];
    memset(&d, 0, sizeof d);
    strcpy(d.name, "GPU \"x\"");
    d.sm_count = 2, d.clock_mhz = 1000, d.cc_major = 9, d.driver_version = 13000, d.runtime_version = 12080;
    m.dev = &d, m.command = "gsync-bench t 'a b'", m.floor_ns = 0.0;

    CHECK(strcmp(render(GS_FORMAT_TABLE, &m),
                 "gsync-bench " GSYNC_BENCH_VERSION " | GPU \"x\" | 2 SMs | 1000 MHz | cc 9.0 | driver 13.0 | runtime 12.8\n"
                 "a note\n"
                 "name      n |      x  says\n"
                 "a         1 |    2.5  7!\n"
                 "b\"q      22 |      -  \n") == 0);
    CHECK(strcmp(render(GS_FORMAT_CSV, &m),
                 "gsync_version,device,sm_count,clock_mhz,cc,driver,runtime,command,name,n,x_ns,note,ok\n"
                 GSYNC_BENCH_VERSION ",\"GPU \"\"x\"\"\",2,1000,9.0,13000,12080,\"gsync-bench t 'a b'\",a,1,2.50,\"x,y\",1\n"
                 GSYNC_BENCH_VERSION ",\"GPU \"\"x\"\"\",2,1000,9.0,13000,12080,\"gsync-bench t 'a b'\",\"b\"\"q\",22,,\"p\",0\n") == 0);
    CHECK(strcmp(render(GS_FORMAT_JSON, &m),
                 "{\n  \"gsync_version\": \"" GSYNC_BENCH_VERSION "\",\n  \"command\": \"gsync-bench t 'a b'\",\n"
                 "  \"device\": {\"ordinal\": 0, \"name\": \"GPU \\\"x\\\"\", \"sm_count\": 2, \"clock_mhz\": 1000, "
                 "\"cc\": \"9.0\", \"driver\": 13000, \"runtime\": 12080},\n"
                 "  \"extra\": 1,\n"
                 "  \"rows\": [\n"
                 "    {\"name\": \"a\", \"n\": 1, \"x_ns\": 2.50, \"note\": \"x,y\", \"ok\": true},\n"
                 "    {\"name\": \"b\\\"q\", \"n\": 22, \"note\": \"p\", \"ok\": false}\n"
                 "  ]\n}\n") == 0);

    /* JSON strings: quotes, backslashes and control bytes escaped; valid
     * UTF-8 kept; each byte of invalid UTF-8 (a stray continuation, a lone
     * lead, an overlong form, a surrogate, past U+10FFFF) becomes U+FFFD */
    CHECK(strcmp(json_of("a\"b\\c\n\t\x01\x7f", got, sizeof got), "\"a\\\"b\\\\c\\u000a\\u0009\\u0001\x7f\"") == 0);
    CHECK(strcmp(json_of("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", got, sizeof got),
                 "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"") == 0);
    CHECK(strcmp(json_of("\x80|\xc3|\xc0\x80|\xed\xa0\x80|\xf4\x90\x80\x80|\xff", got, sizeof got),
                 "\"\xef\xbf\xbd|\xef\xbf\xbd|\xef\xbf\xbd\xef\xbf\xbd|\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd|"
                 "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd|\xef\xbf\xbd\"") == 0);
    { /* CSV: quoted where a comma, quote or line break needs it */
        FILE *f = fmemopen(got, sizeof got, "w");
        gs_put_text(f, GS_FORMAT_CSV, "plain", 0);
        fputc(' ', f);
        gs_put_text(f, GS_FORMAT_CSV, "two\nlines", 0);
        fputc(' ', f);
        gs_put_text(f, GS_FORMAT_CSV, "", 1);
        fclose(f);
        CHECK(strcmp(got, "plain \"two\nlines\" \"\"") == 0);
    }
    /* a number that is not finite is not measured: JSON has no nan */
    CHECK(gs_num(1.0 / 0.0).kind == GS_CELL_NONE && gs_num(0.0 / 0.0).kind == GS_CELL_NONE);

    { /* a write that fails: one line naming why, and GS_EXIT_RUNTIME */
        FILE *f = fopen("/dev/full", "w");
        char err[128] = "";
        gs_out o;
        CHECK(f != NULL);
        if (f) {
            gs_cell c[C_COLS];
            for (int i = 0; i < C_COLS; ++i)
                c[i] = gs_text("x");
            gs_out_begin(&o, f, GS_FORMAT_CSV, &m, &schema);
            gs_out_row(&o, c);
            CHECK(gs_out_end(&o, err, sizeof err) == GS_EXIT_RUNTIME);
            CHECK(strcmp(err, "writing the output: No space left on device") == 0);
            fclose(f);
        }
    }
    return check_done();
}
