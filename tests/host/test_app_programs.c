/* app's program table (src/app/programs.c), iterated: every program has
 * its hooks, a unique name that the parser and the help know, modes that
 * are known names, and the modes that are a family's primitives take it
 * from the family's table. */
#include "commands.h"
#include "../check.h"
#include "app/program.h"
#include "core/cli.h"

#include <string.h>

/* Whether `word` stands in `text` as a word (not inside a longer name). */
static int has_word(const char *text, const char *word)
{
    const size_t len = strlen(word);
    for (const char *s = strstr(text, word); s; s = strstr(s + 1, word)) {
        const char before = s == text ? ' ' : s[-1], after = s[len];
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-", before) &&
            !strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-", after))
            return 1;
    }
    return 0;
}

int main(void)
{
    gs_cli_use_commands(gs_commands, gs_ncommands);
    const gs_command *app = gs_command_find("app");
    CHECK(app != NULL && app->modes == gs_app_program_names && app->nmodes == GS_APP_PROGRAMS);
    for (unsigned int i = 0; i < GS_APP_PROGRAMS; ++i) {
        const gs_app_program *p = gs_app_programs[i];
        CHECK(p != NULL);
        if (!p)
            continue;
        /* its place is its kernels' number; the parser's word is its name */
        CHECK(p->kernel == i && p->name && p->name[0] && strcmp(gs_app_program_names[i], p->name) == 0);
        CHECK(p->summary && p->summary[0] && p->state_bytes > 0);
        CHECK(p->occupancy && p->prepare && p->describe && p->release && p->free);
        CHECK(p->run || (p->args && p->verify)); /* its own launch, or the barrier path's hooks */
        CHECK(!p->peers || p->run);               /* peers run through its own hook */
        for (unsigned int j = i + 1; j < GS_APP_PROGRAMS; ++j)
            CHECK(gs_app_programs[j] && strcmp(p->name, gs_app_programs[j]->name) != 0);
        /* its modes: known names; those it runs by default are among those --sync may give it */
        CHECK(p->own != 0 && (p->own & ~p->takes) == 0 && (p->unasked & ~p->takes) == 0);
        CHECK((p->takes & GS_SYNC_BIT(p->twin)) != 0 && (p->peers & p->takes) == 0);
        CHECK((p->takes >> GS_SYNC_PARSED) == 0 && (p->peers >> GS_SYNC_NAMES) == 0);
        CHECK((p->takes & GS_SYNC_BIT(GS_SYNC_BROKEN_NONE)) != 0); /* every program has its broken twin */
        for (unsigned int m = 0; m < GS_SYNC_NAMES; ++m) {
            if (!((p->takes | p->peers) & GS_SYNC_BIT(m)))
                continue;
            CHECK(strcmp(gs_app_sync_name(m), "?") != 0);
            CHECK(gs_app_mode_applies(i, m) == !!(p->takes & GS_SYNC_BIT(m)));
        }
        /* the help names it */
        CHECK(has_word(app->usage, p->name));
        if (!has_word(app->usage, p->name))
            fprintf(stderr, "  'app --help' does not name %s\n", p->name);
    }
    for (unsigned int m = 0; m < GS_SYNC_NAMES; ++m) {
        const gs_prim *prim = gs_app_sync_prim(m);
        CHECK(strcmp(gs_app_sync_origin(m), "?") != 0 && strcmp(gs_app_sync_summary(m), "?") != 0);
        if (prim) /* a family's primitive: its name, origin and summary are the family's */
            CHECK(strcmp(prim->name, gs_app_sync_name(m)) == 0 && gs_app_sync_origin(m) == prim->origin &&
                  gs_app_sync_summary(m) == prim->summary &&
                  gs_app_sync_unordered(m) == !!(prim->flags & GS_PRIM_UNORDERED));
        if (m < GS_SYNC_PARSED) { /* --sync's words: the help names each */
            CHECK(has_word(app->usage, gs_app_sync_name(m)));
            if (!has_word(app->usage, gs_app_sync_name(m)))
                fprintf(stderr, "  'app --help' does not name %s\n", gs_app_sync_name(m));
        }
    }
    /* the barrier modes are the barrier family's, uts's locks the mutex family's */
    for (unsigned int m = 0; m < GS_SYNC_NAMES; ++m) {
        const gs_prim *prim = gs_app_sync_prim(m);
        if (GS_SYNC_BARRIERS & GS_SYNC_BIT(m))
            CHECK(prim && strcmp(prim->family->name, "barrier") == 0);
        if (gs_app_programs[GS_APP_UTS]->own & GS_SYNC_BIT(m))
            CHECK(prim && strcmp(prim->family->name, "mutex") == 0);
    }
    return check_done();
}
