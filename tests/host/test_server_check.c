/* The stress matrix's check (gs_srv_check_stress), on the host: a launch's
 * outcome built from the replay itself passes, and each way a queue can go
 * wrong (a message lost, out of its sender's order, an item's sum or a
 * server's count off, an idle step logged) fails, so the GPU runs' PASS
 * means something.  (A message received twice is caught on the GPU.) */
#include "../check.h"
#include "server/setup.h"

#include <stdlib.h>
#include <string.h>

enum { BLOCKS = 4, THREADS = 32, SERVERS = 2, ITEMS = 8, STEPS = 6 };
#define SENDERS ((BLOCKS - SERVERS) * THREADS)

static unsigned int items[2 * ITEMS], log_[SENDERS * STEPS], counts[BLOCKS];
static gs_srv_launch l;

/* The outcome of a correct launch: arrivals numbered per server in sender
 * and step order, the items' totals and the servers' counts. */
static void correct(void)
{
    unsigned int next[SERVERS] = {0u};
    unsigned long long sums[ITEMS] = {0ull};
    memset(&l, 0, sizeof l);
    l.workload = GS_SRV_STRESS, l.blocks = BLOCKS, l.threads = THREADS, l.servers = SERVERS, l.items = ITEMS;
    l.total = STEPS, l.skewed = 1u, l.ping_pct = 50u, l.idle_pct = 20u, l.msg_slots = 1u;
    memset(counts, 0, sizeof counts);
    for (unsigned int g = 0; g < SENDERS; ++g)
        for (unsigned int i = 0; i < STEPS; ++i) {
            unsigned int have, item, v, ping;
            gs_srv_stress_op(g, i, ITEMS, 1u, 50u, 20u, &have, &item, &v, &ping);
            log_[g * STEPS + i] = have ? next[item % SERVERS]++ : ~0u;
            if (have)
                sums[item] += (1ull << 32) + v, ++counts[item % SERVERS];
        }
    for (unsigned int b = 0; b < ITEMS; ++b)
        items[2 * b] = (unsigned int)sums[b], items[2 * b + 1] = (unsigned int)(sums[b] >> 32);
}

/* The first sender step that sent (or, `idle`, did not), from `from`. */
static unsigned int step_where(int sent, unsigned int from)
{
    for (unsigned int k = from; k < SENDERS * STEPS; ++k)
        if ((log_[k] != ~0u) == sent)
            return k;
    return 0u;
}

static int fails_with(const char *want)
{
    char d[200] = "";
    const int bad = gs_srv_check_stress(&l, items, log_, counts, d, sizeof d);
    if (!bad || !strstr(d, want))
        fprintf(stderr, "  expected a FAIL with '%s', got %d '%s'\n", want, bad, d);
    return bad && strstr(d, want);
}

int main(void)
{
    char d[200] = "";
    correct();
    CHECK(gs_srv_check_stress(&l, items, log_, counts, d, sizeof d) == 0 && strstr(d, "messages") && l.sent > 0u);

    correct(); /* a message lost */
    log_[step_where(1, 0u)] = ~0u;
    CHECK(fails_with("was lost"));

    correct(); /* an idle step's message received */
    log_[step_where(0, 0u)] = 12345u;
    CHECK(fails_with("sent nothing"));

    correct(); /* a sender's two messages to one server taken in the other order */
    {
        unsigned int g = 0, a = 0, b = 0;
        for (g = 0; g < SENDERS && !b; ++g) /* two sent steps of one sender to one server */
            for (unsigned int i = 0; i < STEPS && !b; ++i)
                for (unsigned int j = i + 1; j < STEPS && !b; ++j) {
                    unsigned int h1, t1, v1, p1, h2, t2, v2, p2;
                    gs_srv_stress_op(g, i, ITEMS, 1u, 50u, 20u, &h1, &t1, &v1, &p1);
                    gs_srv_stress_op(g, j, ITEMS, 1u, 50u, 20u, &h2, &t2, &v2, &p2);
                    if (h1 && h2 && t1 % SERVERS == t2 % SERVERS)
                        a = g * STEPS + i, b = g * STEPS + j;
                }
        CHECK(b != 0u);
        const unsigned int t = log_[a];
        log_[a] = log_[b], log_[b] = t;
        CHECK(fails_with("after a later one"));
    }

    correct(); /* an item's sum off by one */
    items[2 * 3] += 1u;
    CHECK(fails_with("item 3: count"));

    correct(); /* a server's count off */
    counts[1] += 1u;
    CHECK(fails_with("server 1 handled"));
    return check_done();
}
