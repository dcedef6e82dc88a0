/* sem_kernels.cu: the semaphore microbenchmark instantiated for every
 * semaphore; size and backoff come from the primitive's table entry. */
#include "sem_bench.cuh"

GS_SEM_BENCH(spin, gs_sem_spin_init((gs_sem_spin_t *)a.state, a.sem_size),
             gs_sem_spin_enter((gs_sem_spin_t *)a.state, writer, a.sem_size, a.backoff),
             gs_sem_spin_leave((gs_sem_spin_t *)a.state, writer, a.sem_size))
GS_SEM_BENCH(priority, gs_sem_priority_init((gs_sem_priority_t *)a.state, a.sem_size),
             gs_sem_priority_enter((gs_sem_priority_t *)a.state, writer, a.sem_size, a.backoff),
             gs_sem_priority_leave((gs_sem_priority_t *)a.state, writer, a.sem_size))
GS_SEM_BENCH(ticket, (void)0, gs_sem_ticket_enter((gs_sem_ticket_t *)a.state, writer ? a.sem_size : 1u, a.sem_size),
             gs_sem_ticket_leave((gs_sem_ticket_t *)a.state, writer ? a.sem_size : 1u))
