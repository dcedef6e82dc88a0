/* The litmus command's host half: the model's verdict on each shape and
 * order, outcome labels, and the classification of the kernels' records
 * (complete, other, distinct SMs, the weak outcome's index). */
#include "../check.h"
#include "litmus/litmus.h"

#include <string.h>

#define INSTANCES (GS_LITMUS_PWARPS * 32u) /* one group */

static unsigned char rec[2][INSTANCES][GS_LITMUS_MAX_ROLES];

/* One reader's record: done, and the classes of its two reads. */
static unsigned char r(unsigned int c1, unsigned int c2)
{
    return (unsigned char)(GS_LITMUS_DONE | c1 | c2 << 2);
}

/* The records as the kernel lays them out: rounds x instances x roles. */
static void pack(unsigned int roles, unsigned char *out)
{
    for (unsigned int k = 0; k < 2; ++k)
        for (unsigned int i = 0; i < INSTANCES; ++i)
            for (unsigned int q = 0; q < roles; ++q)
                out[((size_t)k * INSTANCES + i) * roles + q] = rec[k][i][q];
}

int main(void)
{
    static unsigned char flat[2 * INSTANCES * GS_LITMUS_MAX_ROLES];
    char label[8];
    gs_litmus_counts c;

    /* the PTX model's verdicts (docs/litmus.md gives each rule) */
    CHECK(!gs_litmus_forbidden(GS_LITMUS_MP, GS_LITMUS_RELAXED) && gs_litmus_forbidden(GS_LITMUS_MP, GS_LITMUS_ACQREL) &&
          gs_litmus_forbidden(GS_LITMUS_MP, GS_LITMUS_SC));
    CHECK(!gs_litmus_forbidden(GS_LITMUS_SB, GS_LITMUS_RELAXED) && !gs_litmus_forbidden(GS_LITMUS_SB, GS_LITMUS_ACQREL) &&
          gs_litmus_forbidden(GS_LITMUS_SB, GS_LITMUS_SC));
    CHECK(!gs_litmus_forbidden(GS_LITMUS_LB, GS_LITMUS_RELAXED) && gs_litmus_forbidden(GS_LITMUS_LB, GS_LITMUS_ACQREL) &&
          gs_litmus_forbidden(GS_LITMUS_LB, GS_LITMUS_SC));
    CHECK(!gs_litmus_forbidden(GS_LITMUS_IRIW, GS_LITMUS_RELAXED) &&
          !gs_litmus_forbidden(GS_LITMUS_IRIW, GS_LITMUS_ACQREL) && gs_litmus_forbidden(GS_LITMUS_IRIW, GS_LITMUS_SC));
    CHECK(gs_litmus_forbidden(GS_LITMUS_MP_BROKEN, GS_LITMUS_ACQREL));
    CHECK(!gs_litmus_forbidden(GS_LITMUS_SHAPES, GS_LITMUS_SC) && !gs_litmus_forbidden(GS_LITMUS_MP, GS_LITMUS_ORDERS));

    /* roles, reads and the weak outcomes' labels */
    CHECK(gs_litmus_roles(GS_LITMUS_MP) == 2 && gs_litmus_roles(GS_LITMUS_IRIW) == 4 && gs_litmus_roles(99) == 0);
    CHECK(gs_litmus_reads(GS_LITMUS_MP) == 2 && gs_litmus_reads(GS_LITMUS_SB) == 2 &&
          gs_litmus_reads(GS_LITMUS_IRIW) == 4);
    gs_litmus_outcome_label(GS_LITMUS_MP, gs_litmus_weak_outcome(GS_LITMUS_MP), label, sizeof label);
    CHECK(strcmp(label, "10") == 0);
    gs_litmus_outcome_label(GS_LITMUS_SB, gs_litmus_weak_outcome(GS_LITMUS_SB), label, sizeof label);
    CHECK(strcmp(label, "00") == 0);
    gs_litmus_outcome_label(GS_LITMUS_LB, gs_litmus_weak_outcome(GS_LITMUS_LB), label, sizeof label);
    CHECK(strcmp(label, "11") == 0);
    gs_litmus_outcome_label(GS_LITMUS_IRIW, gs_litmus_weak_outcome(GS_LITMUS_IRIW), label, sizeof label);
    CHECK(strcmp(label, "1010") == 0);
    gs_litmus_outcome_label(GS_LITMUS_IRIW, 5, label, 3); /* cut to the buffer */
    CHECK(strcmp(label, "01") == 0);

    /* MP: role 1 records (flag, data); two rounds of one group */
    {
        const unsigned int smid_apart[2] = {3, 7}, smid_same[2] = {5, 5};
        memset(rec, 0, sizeof rec);
        for (unsigned int i = 0; i < INSTANCES; ++i)
            rec[0][i][1] = rec[1][i][1] = r(1, 1); /* flag new, data new */
        rec[0][0][1] = r(1, 0);                    /* the weak outcome */
        rec[0][1][1] = r(0, 0);
        rec[1][2][1] = 0;                          /* not run: the watchdog */
        rec[1][3][1] = r(1, 2);                    /* data of neither round */
        rec[1][4][0] = r(1, 0);                    /* the writer records nothing that counts */
        pack(2, flat);
        memset(&c, 0, sizeof c);
        gs_litmus_classify(GS_LITMUS_MP, flat, 2, INSTANCES, 1, smid_apart, &c);
        CHECK(c.iterations == 2 * INSTANCES - 1 && c.distinct_sm == c.iterations && c.other == 1);
        CHECK(c.outcome[2] == 1 && c.outcome[0] == 1 && c.outcome[1] == 0 && c.outcome[3] == 2 * INSTANCES - 4);
        memset(&c, 0, sizeof c);
        gs_litmus_classify(GS_LITMUS_MP, flat, 2, INSTANCES, 1, smid_same, &c);
        CHECK(c.iterations == 2 * INSTANCES - 1 && c.distinct_sm == 0);
        /* counts add up over launches */
        gs_litmus_classify(GS_LITMUS_MP, flat, 1, INSTANCES, 1, smid_apart, &c);
        CHECK(c.iterations == 3 * INSTANCES - 1 && c.distinct_sm == INSTANCES && c.outcome[2] == 2);
    }

    /* SB and LB: each role records one read; the first role's is the high bit */
    {
        const unsigned int smid[2] = {0, 1};
        memset(rec, 0, sizeof rec);
        for (unsigned int i = 0; i < INSTANCES; ++i)
            for (unsigned int k = 0; k < 2; ++k)
                rec[k][i][0] = r(1, 0), rec[k][i][1] = r(0, 0); /* 10 */
        rec[0][0][0] = r(0, 0);                                 /* 00: SB's weak outcome */
        rec[0][1][1] = r(1, 3);                                 /* 11; the unused class is ignored */
        pack(2, flat);
        memset(&c, 0, sizeof c);
        gs_litmus_classify(GS_LITMUS_SB, flat, 2, INSTANCES, 1, smid, &c);
        CHECK(c.iterations == 2 * INSTANCES && c.other == 0 && c.outcome[0] == 1 && c.outcome[3] == 1 &&
              c.outcome[2] == 2 * INSTANCES - 2 && c.outcome[1] == 0);
        rec[1][5][1] = r(2, 0);
        pack(2, flat);
        memset(&c, 0, sizeof c);
        gs_litmus_classify(GS_LITMUS_LB, flat, 2, INSTANCES, 1, smid, &c);
        CHECK(c.other == 1 && c.outcome[3] == 1);
    }

    /* IRIW: roles 2 and 3 read two each; blocks r * groups + g, here groups 1 */
    {
        const unsigned int smid[4] = {10, 11, 12, 10}; /* role 3 shares role 0's SM */
        memset(rec, 0, sizeof rec);
        for (unsigned int i = 0; i < INSTANCES; ++i)
            for (unsigned int k = 0; k < 2; ++k)
                rec[k][i][2] = r(1, 1), rec[k][i][3] = r(1, 1);
        rec[0][0][2] = r(1, 0), rec[0][0][3] = r(1, 0); /* x new y old, y new x old: 1010 */
        rec[1][0][2] = r(0, 1), rec[1][0][3] = r(0, 0); /* 0100 */
        pack(4, flat);
        memset(&c, 0, sizeof c);
        gs_litmus_classify(GS_LITMUS_IRIW, flat, 2, INSTANCES, 1, smid, &c);
        CHECK(c.iterations == 2 * INSTANCES && c.distinct_sm == 0 && c.outcome[10] == 1 && c.outcome[4] == 1 &&
              c.outcome[15] == 2 * INSTANCES - 2);
    }
    /* the broken twin: one participant warp a block, so a group is 32 instances */
    {
        const unsigned int smid[4] = {0, 5, 1, 5}; /* group 1's roles (blocks 1, 3) share an SM */
        memset(rec, 0, sizeof rec);
        for (unsigned int i = 0; i < INSTANCES; ++i)
            rec[0][i][1] = rec[1][i][1] = r(1, 0);
        rec[0][0][1] |= 1u << 4; /* its warming read saw the new value: not counted as warmed */
        pack(2, flat);
        memset(&c, 0, sizeof c);
        gs_litmus_classify(GS_LITMUS_MP_BROKEN, flat, 2, INSTANCES, 2, smid, &c);
        CHECK(c.iterations == 2 * INSTANCES && c.distinct_sm == INSTANCES && c.outcome[2] == 2 * INSTANCES &&
              c.warmed == 2 * INSTANCES - 1);
        memset(&c, 0, sizeof c); /* MP's records have no warming read */
        gs_litmus_classify(GS_LITMUS_MP, flat, 2, INSTANCES, 1, smid, &c);
        CHECK(c.warmed == 0 && c.outcome[2] == 2 * INSTANCES);
    }
    /* MP through the library's patterns and their twins: acqrel only, MP's weak outcome */
    for (unsigned int s = GS_LITMUS_MP_FENCE; s < GS_LITMUS_SHAPES; ++s) {
        CHECK(!gs_litmus_forbidden(s, GS_LITMUS_RELAXED) && gs_litmus_forbidden(s, GS_LITMUS_ACQREL) &&
              !gs_litmus_forbidden(s, GS_LITMUS_SC));
        CHECK(gs_litmus_roles(s) == 2 && gs_litmus_reads(s) == 2 && gs_litmus_weak_outcome(s) == 2);
        CHECK(!GS_LITMUS_ANY_ORDER(s) && GS_LITMUS_WARMS(s) && GS_LITMUS_SHAPE_PWARPS(s) == 1);
        CHECK(GS_LITMUS_IS_TWIN(s) == (s >= GS_LITMUS_MP_BROKEN) && GS_LITMUS_IS_TWIN(s) == (s >= GS_LITMUS_PLAIN_SHAPES));
    }
    for (unsigned int s = GS_LITMUS_MP; s <= GS_LITMUS_IRIW; ++s)
        CHECK(GS_LITMUS_ANY_ORDER(s) && !GS_LITMUS_WARMS(s) && !GS_LITMUS_IS_TWIN(s) && GS_LITMUS_PATTERN(s) == s);
    CHECK(GS_LITMUS_PATTERN(GS_LITMUS_MP_BROKEN) == GS_LITMUS_MP &&
          GS_LITMUS_PATTERN(GS_LITMUS_MP_FENCE_BROKEN) == GS_LITMUS_MP_FENCE &&
          GS_LITMUS_PATTERN(GS_LITMUS_MP_ATOM_OR_BROKEN) == GS_LITMUS_MP_ATOM_OR &&
          GS_LITMUS_PATTERN(GS_LITMUS_MP_CLUSTER_BROKEN) == GS_LITMUS_MP_CLUSTER &&
          GS_LITMUS_PATTERN(GS_LITMUS_MP_SYNCWARP_BROKEN) == GS_LITMUS_MP_SYNCWARP &&
          GS_LITMUS_PATTERN(GS_LITMUS_MP_CLUSTER) == GS_LITMUS_MP_CLUSTER);
    CHECK(GS_LITMUS_IS_CLUSTER(GS_LITMUS_MP_CLUSTER) && GS_LITMUS_IS_CLUSTER(GS_LITMUS_MP_CLUSTER_BROKEN) &&
          !GS_LITMUS_IS_CLUSTER(GS_LITMUS_MP_FENCE) && GS_LITMUS_SHAPE_LANES(GS_LITMUS_MP_SYNCWARP) == 16 &&
          GS_LITMUS_SHAPE_LANES(GS_LITMUS_MP_SYNCWARP_BROKEN) == 16 && GS_LITMUS_SHAPE_LANES(GS_LITMUS_MP_FENCE) == 32);
    gs_litmus_outcome_label(GS_LITMUS_MP_ATOM_OR, gs_litmus_weak_outcome(GS_LITMUS_MP_ATOM_OR), label, sizeof label);
    CHECK(strcmp(label, "10") == 0);

    /* MPsyncwarp: 16 instances a warp (its writer is two lanes), so a group is 16 instances */
    {
        const unsigned int smid[8] = {0, 1, 2, 3, 10, 11, 12, 3}; /* group 3's roles share an SM */
        memset(rec, 0, sizeof rec);
        for (unsigned int i = 0; i < INSTANCES; ++i)
            rec[0][i][1] = rec[1][i][1] = r(1, 1) | 0u << 4; /* warmed: the first read old */
        rec[1][7][1] = r(1, 0) | 1u << 4;                   /* a stale read, its warming read new */
        pack(2, flat);
        memset(&c, 0, sizeof c);
        gs_litmus_classify(GS_LITMUS_MP_SYNCWARP_BROKEN, flat, 2, INSTANCES, 4, smid, &c);
        CHECK(c.iterations == 2 * INSTANCES && c.distinct_sm == 2 * (INSTANCES - 16) && c.outcome[2] == 1 &&
              c.outcome[3] == 2 * INSTANCES - 1 && c.warmed == 2 * INSTANCES - 1 && c.other == 0);
    }
    /* MPcluster: the reader's record merges its two data reads in the kernel; the classification is MP's */
    {
        const unsigned int smid[4] = {4, 6, 5, 7};
        memset(rec, 0, sizeof rec);
        for (unsigned int i = 0; i < INSTANCES; ++i)
            rec[0][i][1] = rec[1][i][1] = r(1, 1);
        rec[0][3][1] = r(1, 2); /* a data word of neither round */
        pack(2, flat);
        memset(&c, 0, sizeof c);
        gs_litmus_classify(GS_LITMUS_MP_CLUSTER, flat, 2, INSTANCES, 2, smid, &c);
        CHECK(c.iterations == 2 * INSTANCES && c.distinct_sm == c.iterations && c.other == 1 &&
              c.outcome[3] == 2 * INSTANCES - 1 && c.warmed == 2 * INSTANCES);
    }
    return check_done();
}
