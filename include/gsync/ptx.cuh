/* gsync/ptx.cuh: scoped memory operations, the only inline PTX for atomics.
 *
 * Charter: one PTX instruction per wrapper, native 32/64-bit unsigned types,
 * a comment naming the instruction and the first SM that has it.  Scope is a
 * parameter (enum gs_scope) mapped to the PTX qualifier in one table,
 * GS__SCOPED; with inlining a constant scope compiles to one instruction.
 *
 * All of .relaxed/.acquire/.release/.acq_rel and the scoped fences need
 * sm_70 (PTX ISA 6.0), the barrier's warp reductions sm_80, so gsync needs
 * sm_80; .cluster needs sm_90 (PTX ISA 7.8).  Before sm_90 a
 * block is its own cluster, so .cluster is mapped to .gpu, which is stronger
 * and therefore still correct.
 */
#ifndef GSYNC_PTX_CUH
#define GSYNC_PTX_CUH

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#error "gsync needs sm_80 or later (scoped acquire/release PTX, warp reductions)"
#endif

enum gs_scope { GS_SCOPE_CTA, GS_SCOPE_CLUSTER, GS_SCOPE_GPU, GS_SCOPE_SYS };

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
#define GS__CLUSTER ".cluster"
#else
#define GS__CLUSTER ".gpu"
#endif

/* The scope table: expands STMT(qualifier) once per scope, picked by a switch
 * that folds away when scope is a compile-time constant. */
#define GS__SCOPED(scope, STMT)                      \
    switch (scope) {                                 \
    case GS_SCOPE_CTA: STMT(".cta"); break;          \
    case GS_SCOPE_CLUSTER: STMT(GS__CLUSTER); break; \
    case GS_SCOPE_GPU: STMT(".gpu"); break;          \
    default: STMT(".sys"); break;                    \
    }

/* ---- loads and stores: ld.{relaxed,acquire}.SCOPE / st.{relaxed,release}.SCOPE (sm_70) ---- */

/* ld.{relaxed,acquire}.SCOPE.{u32,u64} */
static __device__ __forceinline__ unsigned int gs_ld_relaxed(const unsigned int *p, enum gs_scope scope)
{
    unsigned int v;
#define GS__S(q) asm volatile("ld.relaxed" q ".u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
    return v;
}
static __device__ __forceinline__ unsigned int gs_ld_acquire(const unsigned int *p, enum gs_scope scope)
{
    unsigned int v;
#define GS__S(q) asm volatile("ld.acquire" q ".u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
    return v;
}
static __device__ __forceinline__ unsigned long long gs_ld_relaxed_u64(const unsigned long long *p,
                                                                       enum gs_scope scope)
{
    unsigned long long v;
#define GS__S(q) asm volatile("ld.relaxed" q ".u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
    return v;
}
static __device__ __forceinline__ unsigned long long gs_ld_acquire_u64(const unsigned long long *p,
                                                                       enum gs_scope scope)
{
    unsigned long long v;
#define GS__S(q) asm volatile("ld.acquire" q ".u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
    return v;
}
/* st.release.SCOPE.u64 */
static __device__ __forceinline__ void gs_st_release_u64(unsigned long long *p, unsigned long long v,
                                                         enum gs_scope scope)
{
#define GS__S(q) asm volatile("st.release" q ".u64 [%0], %1;" ::"l"(p), "l"(v) : "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
}
/* st.relaxed.SCOPE.u64 */
static __device__ __forceinline__ void gs_st_relaxed_u64(unsigned long long *p, unsigned long long v,
                                                         enum gs_scope scope)
{
#define GS__S(q) asm volatile("st.relaxed" q ".u64 [%0], %1;" ::"l"(p), "l"(v) : "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
}
/* st.relaxed.SCOPE.u32 */
static __device__ __forceinline__ void gs_st_relaxed(unsigned int *p, unsigned int v, enum gs_scope scope)
{
#define GS__S(q) asm volatile("st.relaxed" q ".u32 [%0], %1;" ::"l"(p), "r"(v) : "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
}
/* st.release.SCOPE.u32 */
static __device__ __forceinline__ void gs_st_release(unsigned int *p, unsigned int v, enum gs_scope scope)
{
#define GS__S(q) asm volatile("st.release" q ".u32 [%0], %1;" ::"l"(p), "r"(v) : "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
}

/* ---- read-modify-write: atom.SEM.SCOPE.OP.u32 (sm_70) ---- */

#define GS__DEF_ATOM2(fn, sem, op)                                                              \
    static __device__ __forceinline__ unsigned int fn(unsigned int *p, unsigned int v,          \
                                                      enum gs_scope scope)                      \
    {                                                                                           \
        unsigned int old;                                                                       \
        GS__SCOPED(scope, GS__ATOM2_STMT_##sem##_##op)                                          \
        return old;                                                                             \
    }
#define GS__ATOM2(sem, op, q) \
    asm volatile("atom." sem q "." op " %0, [%1], %2;" : "=r"(old) : "l"(p), "r"(v) : "memory")

/* The statement macros GS__SCOPED expands; one per (order, operation). */
#define GS__ATOM2_STMT_relaxed_add(q) GS__ATOM2("relaxed", "add.u32", q)
#define GS__ATOM2_STMT_acquire_add(q) GS__ATOM2("acquire", "add.u32", q)
#define GS__ATOM2_STMT_release_add(q) GS__ATOM2("release", "add.u32", q)
#define GS__ATOM2_STMT_acq_rel_add(q) GS__ATOM2("acq_rel", "add.u32", q)
#define GS__ATOM2_STMT_relaxed_exch(q) GS__ATOM2("relaxed", "exch.b32", q)
#define GS__ATOM2_STMT_acquire_exch(q) GS__ATOM2("acquire", "exch.b32", q)
#define GS__ATOM2_STMT_release_exch(q) GS__ATOM2("release", "exch.b32", q)
#define GS__ATOM2_STMT_acq_rel_exch(q) GS__ATOM2("acq_rel", "exch.b32", q)
#define GS__ATOM2_STMT_relaxed_inc(q) GS__ATOM2("relaxed", "inc.u32", q)
#define GS__ATOM2_STMT_acq_rel_inc(q) GS__ATOM2("acq_rel", "inc.u32", q)
#define GS__ATOM2_STMT_release_or(q) GS__ATOM2("release", "or.b32", q)
#define GS__ATOM2_STMT_relaxed_and(q) GS__ATOM2("relaxed", "and.b32", q)
#define GS__ATOM2_STMT_relaxed_max(q) GS__ATOM2("relaxed", "max.u32", q)

/* gs_atom_add_*: atom.SEM.SCOPE.add.u32 */
GS__DEF_ATOM2(gs_atom_add_relaxed, relaxed, add)
GS__DEF_ATOM2(gs_atom_add_acquire, acquire, add)
GS__DEF_ATOM2(gs_atom_add_release, release, add)
GS__DEF_ATOM2(gs_atom_add_acq_rel, acq_rel, add)
/* gs_atom_exch_*: atom.SEM.SCOPE.exch.b32 */
GS__DEF_ATOM2(gs_atom_exch_relaxed, relaxed, exch)
GS__DEF_ATOM2(gs_atom_exch_acquire, acquire, exch)
GS__DEF_ATOM2(gs_atom_exch_release, release, exch)
GS__DEF_ATOM2(gs_atom_exch_acq_rel, acq_rel, exch)
/* gs_atom_inc_*: atom.SEM.SCOPE.inc.u32 (wraps to 0 past the bound v) */
GS__DEF_ATOM2(gs_atom_inc_relaxed, relaxed, inc)
GS__DEF_ATOM2(gs_atom_inc_acq_rel, acq_rel, inc)
/* gs_atom_or_release: atom.release.SCOPE.or.b32; gs_atom_and_relaxed: atom.relaxed.SCOPE.and.b32 */
GS__DEF_ATOM2(gs_atom_or_release, release, or)
GS__DEF_ATOM2(gs_atom_and_relaxed, relaxed, and)
/* gs_atom_max_relaxed: atom.relaxed.SCOPE.max.u32 (unsigned, sm_70), returns the old value */
GS__DEF_ATOM2(gs_atom_max_relaxed, relaxed, max)

/* 64-bit read-modify-writes, relaxed: atom.relaxed.SCOPE.OP, returns the old value (sm_70) */
#define GS__DEF_ATOM64(fn, op)                                                                              \
    static __device__ __forceinline__ unsigned long long fn(unsigned long long *p, unsigned long long v,    \
                                                            enum gs_scope scope)                            \
    {                                                                                                       \
        unsigned long long old;                                                                             \
        GS__SCOPED(scope, GS__ATOM64_STMT_##op)                                                             \
        return old;                                                                                         \
    }
#define GS__ATOM64(op, q) asm volatile("atom.relaxed" q "." op " %0, [%1], %2;" : "=l"(old) : "l"(p), "l"(v) : "memory")
#define GS__ATOM64_STMT_add(q) GS__ATOM64("add.u64", q)
#define GS__ATOM64_STMT_min(q) GS__ATOM64("min.u64", q)
#define GS__ATOM64_STMT_and(q) GS__ATOM64("and.b64", q)
/* gs_atom_add_relaxed_u64: atom.relaxed.SCOPE.add.u64 */
GS__DEF_ATOM64(gs_atom_add_relaxed_u64, add)
/* gs_atom_min_relaxed_u64: atom.relaxed.SCOPE.min.u64 */
GS__DEF_ATOM64(gs_atom_min_relaxed_u64, min)
/* gs_atom_and_relaxed_u64: atom.relaxed.SCOPE.and.b64 */
GS__DEF_ATOM64(gs_atom_and_relaxed_u64, and)

/* gs_atom_cas_*: atom.SEM.SCOPE.cas.b32, returns the old value */
#define GS__DEF_CAS(fn, sem)                                                                   \
    static __device__ __forceinline__ unsigned int fn(unsigned int *p, unsigned int cmp,       \
                                                      unsigned int v, enum gs_scope scope)     \
    {                                                                                          \
        unsigned int old;                                                                      \
        GS__SCOPED(scope, GS__CAS_STMT_##sem)                                                  \
        return old;                                                                            \
    }
#define GS__CAS(sem, q)                                                         \
    asm volatile("atom." sem q ".cas.b32 %0, [%1], %2, %3;"                    \
                 : "=r"(old) : "l"(p), "r"(cmp), "r"(v) : "memory")
#define GS__CAS_STMT_relaxed(q) GS__CAS("relaxed", q)
#define GS__CAS_STMT_acquire(q) GS__CAS("acquire", q)
#define GS__CAS_STMT_release(q) GS__CAS("release", q)
#define GS__CAS_STMT_acq_rel(q) GS__CAS("acq_rel", q)
GS__DEF_CAS(gs_atom_cas_relaxed, relaxed)
GS__DEF_CAS(gs_atom_cas_acquire, acquire)
GS__DEF_CAS(gs_atom_cas_release, release)
GS__DEF_CAS(gs_atom_cas_acq_rel, acq_rel)

/* gs_red_add_*: red.SEM.SCOPE.add.u32, no value returned (sm_70) */
static __device__ __forceinline__ void gs_red_add_relaxed(unsigned int *p, unsigned int v, enum gs_scope scope)
{
#define GS__S(q) asm volatile("red.relaxed" q ".add.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
}
static __device__ __forceinline__ void gs_red_add_release(unsigned int *p, unsigned int v, enum gs_scope scope)
{
#define GS__S(q) asm volatile("red.release" q ".add.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
}

/* red.relaxed.SCOPE.shared::cta.add.u32 on this block's shared memory (sm_70; .cluster sm_90): the
 * same atomic as a remote block's red at cluster scope on the same word, where a cta-scope one is not */
static __device__ __forceinline__ void gs_red_add_relaxed_shared(unsigned int *p, unsigned int v, enum gs_scope scope)
{
    const unsigned int a = (unsigned int)__cvta_generic_to_shared(p);
#define GS__S(q) asm volatile("red.relaxed" q ".shared::cta.add.u32 [%0], %1;" ::"r"(a), "r"(v) : "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
}

/* ---- fences: fence.acq_rel.SCOPE and fence.sc.SCOPE (sm_70), fence.acquire/release.SCOPE (sm_90) ---- */
static __device__ __forceinline__ void gs_fence_acq_rel(enum gs_scope scope)
{
#define GS__S(q) asm volatile("fence.acq_rel" q ";" ::: "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
}
/* fence.acquire and fence.release (sm_90, PTX ISA 8.6, CUDA 12.8); older
 * targets and toolkits get fence.acq_rel, which is stronger than either. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && \
    (__CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 8))
#define GS__FENCE_ACQUIRE "fence.acquire"
#define GS__FENCE_RELEASE "fence.release"
#else
#define GS__FENCE_ACQUIRE "fence.acq_rel"
#define GS__FENCE_RELEASE "fence.acq_rel"
#endif
/* fence.acquire.SCOPE: after relaxed reads, an acquire pattern without the
 * release half's MEMBAR. */
static __device__ __forceinline__ void gs_fence_acquire(enum gs_scope scope)
{
#define GS__S(q) asm volatile(GS__FENCE_ACQUIRE q ";" ::: "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
}
/* fence.release.SCOPE: followed by a strong write, a release pattern.  On
 * sm_90 it is the MEMBAR alone, as in st.release; fence.acq_rel also
 * invalidates L1, which a thread that only publishes does not need. */
static __device__ __forceinline__ void gs_fence_release(enum gs_scope scope)
{
#define GS__S(q) asm volatile(GS__FENCE_RELEASE q ";" ::: "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
}
static __device__ __forceinline__ void gs_fence_sc(enum gs_scope scope)
{
#define GS__S(q) asm volatile("fence.sc" q ";" ::: "memory")
    GS__SCOPED(scope, GS__S)
#undef GS__S
}

/* ---- special registers and sleeping ---- */
/* mov.u64 %globaltimer: nanoseconds, GPU-wide (sm_30) */
static __device__ __forceinline__ unsigned long long gs_globaltimer(void)
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}
/* mov.u32 %smid: the SM this thread runs on now (sm_30) */
static __device__ __forceinline__ unsigned int gs_smid(void)
{
    unsigned int id;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
    return id;
}
/* mov.u32 %laneid: this thread's lane in its warp, whatever the block's
 * shape (warps are formed from the linear thread index) (sm_30) */
static __device__ __forceinline__ unsigned int gs_laneid(void)
{
    unsigned int id;
    asm("mov.u32 %0, %%laneid;" : "=r"(id));
    return id;
}
/* nanosleep.u32: suspends the warp for about [0, 2*ns] nanoseconds (sm_70) */
static __device__ __forceinline__ void gs_nanosleep(unsigned int ns)
{
    asm volatile("nanosleep.u32 %0;" ::"r"(ns));
}

#endif /* GSYNC_PTX_CUH */
