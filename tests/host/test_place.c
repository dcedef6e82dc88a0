/* The line picker of gsBarrier's placement (src/lib/barrier_place.h): lines
 * whose signatures agree at every probe count as one slice. */
#include "../check.h"
#include "gsync/host.h"
#include "lib/barrier_place.h"

#define M GS_PLACE_MISSING

int main(void)
{
    /* 3 probes x 6 lines.  Lines 0 and 1: one slice (within 2 cycles at
     * every probe).  Line 2: another slice, slower; line 3 its twin.
     * Line 4: like line 0 except 30 cycles at probe 2.  Line 5: far from
     * everything, the slowest. */
    const unsigned int rt[3 * 6] = {
        280, 281, 300, 301, 280, 500, /* probe 0 */
        290, 292, 310, 312, 290, 500, /* probe 1 */
        450, 449, 470, 469, 480, 500, /* probe 2 */
    };
    unsigned int out[6] = {0};
    CHECK(gs_place_pick(rt, 3, 6, 1, 10, out) == 1 && out[0] == 0u); /* fastest */
    CHECK(gs_place_pick(rt, 3, 6, 3, 10, out) == 3);
    CHECK(out[0] == 0u && out[1] == 4u && out[2] == 2u); /* 1 is 0's twin; 4 differs by 30 at probe 2 */
    CHECK(gs_place_pick(rt, 3, 6, 6, 10, out) == 4);     /* 0, 4, 2, 5: lines 1 and 3 are twins */
    CHECK(out[3] == 5u);
    /* a 40-cycle tolerance merges lines 1-4 into line 0's slice */
    CHECK(gs_place_pick(rt, 3, 6, 6, 40, out) == 2 && out[0] == 0u && out[1] == 5u);

    /* a probe that did not run is ignored: without probe 2, lines 0 and 4
     * look alike */
    const unsigned int partial[3 * 6] = {
        280, 281, 300, 301, 280, 500, /* probe 0 */
        M,   M,   M,   M,   M,   M,   /* probe 1 */
        290, 292, 310, 312, 291, 500, /* probe 2 */
    };
    CHECK(gs_place_pick(partial, 3, 6, 6, 10, out) == 3);
    CHECK(out[0] == 0u && out[1] == 2u && out[2] == 5u);

    /* no probe ran: every line looks alike, one is picked, and the barrier
     * then keeps its unplaced form */
    const unsigned int none[2 * 3] = {M, M, M, M, M, M};
    CHECK(gs_place_pick(none, 2, 3, 3, 10, out) == 1);
    /* more lines than the picker looks at: it reads the first
     * GS_BARRIER_POOL_LINES of each probe's row, rows still `stride` (L) apart.
     * Every line but 1 has line 0's signature; line 1 differs at probe 1. */
    {
        enum { L = GS_BARRIER_POOL_LINES + 8u };
        static unsigned int wide[2 * L];
        for (unsigned int l = 0; l < L; ++l)
            wide[l] = wide[L + l] = 300u;
        wide[L + 1] = 400u;
        CHECK(gs_place_pick(wide, 2, L, 4, 10, out) == 2 && out[0] == 0u && out[1] == 1u);
    }
    return check_done();
}
