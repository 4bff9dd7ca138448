/* SPDX-License-Identifier: Apache-2.0
 *
 * warpwatch.h -- kernel-side intrinsics of the Warpwatch SIMT extension
 * (docs/isa.md is the specification). Every custom instruction is emitted
 * with an `.insn` directive whose opcode and function fields are taken from
 * cmodel/include/ww_isa.def, the same table the C model and the RTL decode
 * from, so the stock clang/lld build kernels with no patched compiler.
 *
 * Build kernels with `warpwatch cc k.c -o k.elf` (or clang
 * $(warpwatch cflags), then ld.lld $(warpwatch cflags --ldflags) with
 * sw/crt0.S first); the flags, crt0 and linker script are defined once, in
 * sw/kernel_flags.mk, which sw/sw.mk uses too (docs/isa.md, "Building
 * kernels"). -Xclang -fconvergent-functions is required: it keeps LLVM from
 * duplicating a ww.join into several paths (tail duplication at -O3 does
 * otherwise, and lanes then reconverge into the wrong copy's code).
 *
 * THE ONE RULE: control flow must be uniform across the active lanes of a
 * warp (docs/isa.md "RV32IM"); a branch whose lanes disagree traps. So:
 *   - lane-dependent `if`       ->  ww_if (cond) { ... } else { ... }
 *   - lane-dependent loops      ->  while (ww_any(c)) ww_if (c) { ... }
 *   - lane-dependent `a ? b : c`, min, max, abs
 *                               ->  ww_select(), ww_min(), ww_max(), ...
 *     (RV32IM has no conditional move: clang turns a select into a branch)
 *   - `&&` and `||` in a lane-dependent condition branch when the right-hand
 *     side may fault (a load): use `&` or a nested ww_if
 *   - no `switch` on lane-dependent values (jump tables, branch trees), no
 *     64-bit shifts by lane-dependent amounts (branches), no 64-bit division
 *     (there is no libgcc)
 * Uniform values (arguments, ntid, ctaid, loop counters bounded by them,
 * vote results) may be branched on freely.
 */
#ifndef WARPWATCH_H
#define WARPWATCH_H

#include <stdint.h>

#include "ww_config.h"   /* WW_LANES, WW_WARPS_PER_SM, WW_SHMEM_BYTES, ... */

#if !defined(__riscv) || __riscv_xlen != 32
#error "warpwatch.h is kernel code: compile with --target=riscv32-unknown-elf -march=rv32im"
#endif

/* ---- encodings, from the ISA table ----------------------------------------- */
/* WW_MATCH_<NAME>: the fixed bits of each instruction; WW_CSR_<NAME>: CSR numbers. */
enum {
#define WW_INSN(name, mnem, match, mask, fmt, cls) WW_MATCH_##name = (match),
#include "ww_isa.def"
};
enum {
#define WW_CSR(name, addr, what) WW_CSR_##name = (addr),
#include "ww_isa.def"
};

/* Operand lists for `.insn`: opcode, funct3 and funct7 (or funct2) fields. */
#define WW_OPC_(n)  ((WW_MATCH_##n) & 0x7F)
#define WW_F3_(n)   (((WW_MATCH_##n) >> 12) & 0x7)
#define WW_F7_(n)   (((unsigned)(WW_MATCH_##n) >> 25) & 0x7F)
#define WW_F2_(n)   (((unsigned)(WW_MATCH_##n) >> 25) & 0x3)
#define WW_RFIELDS_(n) "i"(WW_OPC_(n)), "i"(WW_F3_(n)), "i"(WW_F7_(n))

/* ---- SIMT CSRs (read-only, per lane) ------------------------------------------ */
/* Each CSR is constant for the lifetime of a thread, so the reads are not
 * volatile: the compiler may reuse or move them freely. */
#define WW_CSR_READER_(fn, csr)                                              \
  static inline __attribute__((always_inline)) uint32_t fn(void)             \
  {                                                                          \
    uint32_t v;                                                              \
    __asm__("csrr %0, %1" : "=r"(v) : "i"(WW_CSR_##csr));                    \
    return v;                                                                \
  }
WW_CSR_READER_(ww_tid, TID)               /* thread index in the block */
WW_CSR_READER_(ww_ntid, NTID)             /* threads per block */
WW_CSR_READER_(ww_ctaid, CTAID)           /* block index in the grid */
WW_CSR_READER_(ww_nctaid, NCTAID)         /* blocks in the grid */
WW_CSR_READER_(ww_laneid, LANEID)         /* lane in the warp */
WW_CSR_READER_(ww_warpid, WARPID)         /* warp index in the block */
WW_CSR_READER_(ww_nwarpid, NWARPID)       /* warps per block */
WW_CSR_READER_(ww_smid, SMID)             /* SM the block runs on */
WW_CSR_READER_(ww_nsmid, NSMID)           /* SMs in the GPU */
WW_CSR_READER_(ww_hwwid, HWWID)           /* hardware warp slot in the SM */
WW_CSR_READER_(ww_nlanes, NLANES)         /* lanes per warp */
WW_CSR_READER_(ww_kargs_addr, KARGS)      /* address of the argument block */
WW_CSR_READER_(ww_local_base, LOCAL_BASE) /* first byte of this thread's local memory */
WW_CSR_READER_(ww_local_size, LOCAL_SIZE) /* bytes of local memory per thread */
#undef WW_CSR_READER_

/* The kernel argument block (the same pointer the kernel function receives). */
static inline void *ww_kargs(void) { return (void *)ww_kargs_addr(); }

/* Thread index in the grid, and threads in the grid. */
static inline uint32_t ww_global_id(void) { return ww_ctaid() * ww_ntid() + ww_tid(); }
static inline uint32_t ww_global_size(void) { return ww_nctaid() * ww_ntid(); }

/* ---- kernel entry -------------------------------------------------------------- */
/* WW_KERNEL(name)(const my_args_t *args) { ... } defines the kernel function
 * `name` and makes it the entry that sw/crt0.S calls with a0 = kargs. The
 * parameter may have any pointer type (or be omitted). One per image. */
#define WW_KERNEL(name)                                                        \
  void ww_kernel_entry(void *ww_args) __attribute__((alias(#name)));          \
  void name

/* ---- reconvergence: ww.split / ww.join --------------------------------------- */
/* Raw ww.split: pushes the reconvergence entry and, when the active lanes
 * disagree on c, an else entry, and then only the lanes with c != 0 go on
 * (the others resume at the next instruction after the first join). Returns
 * c as a value the compiler cannot relate to the argument, so it cannot move
 * a branch on c in front of the split. */
static inline uint32_t ww_split(uint32_t c)
{
  __asm__ volatile(".insn r %1, %2, %3, x0, %0, x0" : "+r"(c) : WW_RFIELDS_(SPLIT) : "memory");
  return c;
}

/* Raw ww.join: pops the top entry (resumes the else lanes, or reconverges). */
static inline void ww_join(void)
{
  __asm__ volatile(".insn r %0, %1, %2, x0, x0, x0" :: WW_RFIELDS_(JOIN) : "memory");
}

/* ww_if (cond) { then } else { else } -- a lane-dependent if. Expands to
 *   c = split(cond); if (c) { then } else { else }; join();
 * with the join in the increment of a loop that runs exactly once (the loop
 * is only there so that the join lands after whichever arm the user wrote,
 * `else` included; the compiler removes it). The code between split and join
 * runs first for the lanes with cond != 0, then, after the first join, for
 * the others, and the second join reconverges; each group is uniform in
 * cond, so the compiler's branch on it never diverges.
 * Rules: `else ww_if (...)` chains and nesting work; `return`, `break` and
 * `goto` must not leave the body (break would skip the join; `continue`
 * just ends the body). The body must be uniform in everything but cond:
 * nest ww_if for further lane-dependent decisions. No ww_barrier() and no
 * exit inside (they need the full warp). */
#define ww_if(cond)                                                            \
  for (uint32_t ww_c_ = ww_split((cond) ? 1u : 0u), ww_once_ = 1; ww_once_;    \
       ww_once_ = 0, ww_join())                                                \
    if (ww_c_)

/* ---- votes ---------------------------------------------------------------------- */
/* Every active lane receives the same value. Volatile: the result depends on
 * which lanes are active, so a vote must never be merged with another or
 * moved into or out of a ww_if. */

/* 1 if c != 0 in any active lane, else 0. */
static inline uint32_t ww_any(int c)
{
  uint32_t r;
  __asm__ volatile(".insn r %2, %3, %4, %0, %1, x0"
                   : "=r"(r) : "r"(c), WW_RFIELDS_(VOTE_ANY));
  return r;
}

/* 1 if c != 0 in every active lane, else 0. */
static inline uint32_t ww_all(int c)
{
  uint32_t r;
  __asm__ volatile(".insn r %2, %3, %4, %0, %1, x0"
                   : "=r"(r) : "r"(c), WW_RFIELDS_(VOTE_ALL));
  return r;
}

/* Bit i set if lane i is active and has c != 0. ww_ballot(1) = active mask. */
static inline uint32_t ww_ballot(int c)
{
  uint32_t r;
  __asm__ volatile(".insn r %2, %3, %4, %0, %1, x0"
                   : "=r"(r) : "r"(c), WW_RFIELDS_(VOTE_BALLOT));
  return r;
}

/* ---- barrier, exit, fences --------------------------------------------------------- */
/* Block barrier (also a block fence). Needs every live lane of the warp. */
static inline void ww_barrier(void)
{
  __asm__ volatile(".insn r %0, %1, %2, x0, x0, x0" :: WW_RFIELDS_(BAR) : "memory");
}

/* Ends the warp. Full mask and empty reconvergence stack only; returning
 * from the kernel function does this through crt0. */
static inline __attribute__((noreturn)) void ww_exit(void)
{
  __asm__ volatile(".insn r %0, %1, %2, x0, x0, x0" :: WW_RFIELDS_(EXIT) : "memory");
  __builtin_unreachable();
}

/* Orders this thread's memory operations within its block (CUDA
 * __threadfence_block). */
static inline void ww_fence_block(void)
{
  __asm__ volatile(".insn r %0, %1, %2, x0, x0, x0" :: WW_RFIELDS_(FENCE_BLK) : "memory");
}

/* Waits until the SM's writes reach L2, then drops the SM's L1 so later
 * loads see other SMs' writes (CUDA __threadfence). */
static inline void ww_fence_device(void)
{
  __asm__ volatile(".insn r %0, %1, %2, x0, x0, x0" :: WW_RFIELDS_(FENCE_DEV) : "memory");
}

/* Transactions (docs/isa.md "Transactions", KILO TM): write
 *     ww_tx { body }
 * The lanes that fail validation at the commit run the body again from its
 * start. ww_tx is a loop as far as the compiler knows (the commit may jump
 * back), so it keeps every value the body needs alive across retries.
 * Registers are not restored on a retry: a local assigned in the body and
 * used before it has an unspecified value when the body starts again (the
 * paper's sec. 4.3: register checkpoints are the software's business). No
 * break, return or goto out of the body. The golden model runs them; the
 * RTL traps "transactions not implemented" until issue 14 builds them. */
static inline void ww_tx_begin(void)
{
  __asm__ volatile(".insn r %0, %1, %2, x0, x0, x0" :: WW_RFIELDS_(TX_BEGIN) : "memory");
}
static inline void ww_tx_commit(void)
{
  __asm__ volatile(".insn r %0, %1, %2, x0, x0, x0" :: WW_RFIELDS_(TX_COMMIT) : "memory");
}
/* The commit as a loop condition: always 0 when execution falls through
 * (failed lanes never get here: the commit sends them back). */
static inline int ww_tx_commit_again_(void)
{
  int again;
  __asm__ volatile(".insn r %1, %2, %3, x0, x0, x0\n\tli %0, 0"
                   : "=r"(again) : WW_RFIELDS_(TX_COMMIT) : "memory");
  return again;
}
#define ww_tx \
  for (int ww_tx_go_ = 1; ww_tx_go_ && (ww_tx_begin(), 1); ww_tx_go_ = ww_tx_commit_again_())

/* ---- strong (volatile) accesses ------------------------------------------------------ */
/* 32-bit, aligned, bypass L1: the load reads L2, the store writes L2 and
 * drops the line from this SM's L1 (CUDA volatile). Volatile asm with a
 * memory clobber, so a spin loop really reloads and nothing moves across. */
static inline uint32_t ww_load_strong(const volatile void *p)
{
  uint32_t v;
  __asm__ volatile(".insn i %2, %3, %0, 0(%1)"
                   : "=r"(v)
                   : "r"(p), "i"(WW_OPC_(LW_STRONG)), "i"(WW_F3_(LW_STRONG))
                   : "memory");
  return v;
}

static inline void ww_store_strong(volatile void *p, uint32_t v)
{
  __asm__ volatile(".insn s %2, %3, %1, 0(%0)"
                   :: "r"(p), "r"(v), "i"(WW_OPC_(SW_STRONG)), "i"(WW_F3_(SW_STRONG))
                   : "memory");
}

/* ---- scoped atomics ----------------------------------------------------------------- */
/* ww_atomic_<op>_block(p, v) / ww_atomic_<op>_device(p, v): old = *p;
 * *p = op(old, v); return old. 32-bit, aligned. Block scope is performed at
 * the SM on its L1 copy: atomic only among the threads of one SM, so use it
 * only for data no other block touches (or shared memory). Device scope is
 * performed at L2 and is atomic across the whole GPU. Atomics are relaxed:
 * pair them with fences to publish other data. min/max compare signed,
 * minu/maxu unsigned. All have a memory clobber. */
#define WW_AMO_(fn, insn, T)                                                   \
  static inline T fn(volatile void *p, T v)                                    \
  {                                                                            \
    T old;                                                                     \
    __asm__ volatile(".insn r %3, %4, %5, %0, %1, %2"                          \
                     : "=r"(old) : "r"(p), "r"(v), WW_RFIELDS_(insn) : "memory"); \
    return old;                                                                \
  }
WW_AMO_(ww_atomic_add_block, AMOADD_BLK, uint32_t)
WW_AMO_(ww_atomic_exch_block, AMOEXCH_BLK, uint32_t)
WW_AMO_(ww_atomic_min_block, AMOMIN_BLK, int32_t)
WW_AMO_(ww_atomic_max_block, AMOMAX_BLK, int32_t)
WW_AMO_(ww_atomic_minu_block, AMOMINU_BLK, uint32_t)
WW_AMO_(ww_atomic_maxu_block, AMOMAXU_BLK, uint32_t)
WW_AMO_(ww_atomic_and_block, AMOAND_BLK, uint32_t)
WW_AMO_(ww_atomic_or_block, AMOOR_BLK, uint32_t)
WW_AMO_(ww_atomic_xor_block, AMOXOR_BLK, uint32_t)
WW_AMO_(ww_atomic_add_device, AMOADD_DEV, uint32_t)
WW_AMO_(ww_atomic_exch_device, AMOEXCH_DEV, uint32_t)
WW_AMO_(ww_atomic_min_device, AMOMIN_DEV, int32_t)
WW_AMO_(ww_atomic_max_device, AMOMAX_DEV, int32_t)
WW_AMO_(ww_atomic_minu_device, AMOMINU_DEV, uint32_t)
WW_AMO_(ww_atomic_maxu_device, AMOMAXU_DEV, uint32_t)
WW_AMO_(ww_atomic_and_device, AMOAND_DEV, uint32_t)
WW_AMO_(ww_atomic_or_device, AMOOR_DEV, uint32_t)
WW_AMO_(ww_atomic_xor_device, AMOXOR_DEV, uint32_t)
#undef WW_AMO_

/* ww_atomic_cas_<scope>(p, expected, desired): old = *p; if (old ==
 * expected) *p = desired; return old. */
#define WW_CAS_(fn, insn)                                                      \
  static inline uint32_t fn(volatile void *p, uint32_t expected, uint32_t desired) \
  {                                                                            \
    uint32_t old;                                                              \
    __asm__ volatile(".insn r4 %4, %5, %6, %0, %1, %2, %3"                     \
                     : "=r"(old)                                               \
                     : "r"(p), "r"(expected), "r"(desired), "i"(WW_OPC_(insn)),\
                       "i"(WW_F3_(insn)), "i"(WW_F2_(insn))                    \
                     : "memory");                                              \
    return old;                                                                \
  }
WW_CAS_(ww_atomic_cas_block, CAS_BLK)
WW_CAS_(ww_atomic_cas_device, CAS_DEV)
#undef WW_CAS_

/* ---- shared memory -------------------------------------------------------------------- */
/* WW_SHARED int tile[64]; places a variable in the block's shared memory
 * (section .shared at WW_SHARED_BASE; the link fails beyond WW_SHMEM_BYTES).
 * Every block sees its own copy. It has no initial value: a block finds
 * whatever the previous block in its slot left, so initialise it (and
 * ww_barrier()) before reading. Never give it an initialiser. */
#define WW_SHARED __attribute__((section(".shared")))

/* ---- branch-free helpers ----------------------------------------------------------------- */
/* Hides x from the optimizer so that bit tricks on it stay bit tricks and
 * are not turned back into a select (= a branch on RV32IM). */
static inline uint32_t ww_opaque(uint32_t x)
{
  __asm__("" : "+r"(x));
  return x;
}

/* c ? a : b without a branch (safe for lane-dependent c). */
static inline uint32_t ww_select(int c, uint32_t a, uint32_t b)
{
  uint32_t m = ww_opaque(0u - (uint32_t)(c != 0));
  return (a & m) | (b & ~m);
}
static inline int32_t ww_min(int32_t a, int32_t b) { return (int32_t)ww_select(a < b, (uint32_t)a, (uint32_t)b); }
static inline int32_t ww_max(int32_t a, int32_t b) { return (int32_t)ww_select(a > b, (uint32_t)a, (uint32_t)b); }
static inline uint32_t ww_minu(uint32_t a, uint32_t b) { return ww_select(a < b, a, b); }
static inline uint32_t ww_maxu(uint32_t a, uint32_t b) { return ww_select(a > b, a, b); }

/* ---- assertions ------------------------------------------------------------------------- */
/* Stops the whole kernel with a *kernel trap* (ebreak) if cond is false in
 * any active lane. The vote keeps the branch uniform. */
#define ww_assert(cond)                                                        \
  do {                                                                         \
    if (ww_any(!(cond)))                                                       \
      __asm__ volatile("ebreak" ::: "memory");                                 \
  } while (0)

#endif /* WARPWATCH_H */
