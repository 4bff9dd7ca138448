/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_randprog -- random race-free SIMT programs for co-simulation
 * (sw/randprog/README.md). From a seed it writes one assembly kernel that
 * the stock clang/lld flow of sw/sw.mk builds with sw/crt0.S, plus its
 * launch shape (grid 1..6 blocks of 1..32 threads).
 *
 *   ww_randprog --seed N [--insns K] [-o prog.S] [--print-launch]
 *               [--grid G] [--block B] [--inject-bug KIND]
 *
 * Every program is legal under docs/isa.md and race-free: its final memory
 * image does not depend on the warp interleaving, on which SM or warp slot a
 * block lands, or on cache timing. The rules the generator keeps:
 *   - control flow: a conditional branch only on registers that are uniform
 *     across the active lanes (tracked per register, conservatively at
 *     merges and loop heads); lane-dependent decisions only through
 *     ww.split/ww.join, votes, and vote loops;
 *   - thread-private data (its output slice, its stack and local memory,
 *     its own shared-memory words) is read only after this thread wrote it;
 *   - other threads' shared words are read only between two full-block
 *     ww.bar, and nobody writes them there;
 *   - locations shared between threads are touched only by atomics with
 *     rd = x0, one operation per word for the whole program (add, xor, or,
 *     and, min, max, minu, maxu, exchange of one constant, or CAS of one
 *     constant pair), so the final value is the same in every order;
 *     device scope for grid-wide counters, block scope only on 64-byte
 *     per-block slots, either scope in shared memory; read back only after
 *     the final barrier (block-wide ones) or by the host (grid-wide ones);
 *   - smid, hwwid and local_base depend on the block placement: they are
 *     only folded into invariants (smid < nsmid, ...), kargs only into the
 *     argument values it points at.
 * Every random draw is a statement of its own (C leaves the evaluation order
 * of function arguments open), so any compiler makes the same program from a
 * seed.
 * --inject-bug makes a deliberately illegal variant, for the runner's
 * self-check: divergent (a lane-dependent branch outside split/join: traps),
 * bar (ww.bar in divergent code: traps), race (exchanges and plain stores
 * to one global word whose results are kept: differs between interleavings).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_config.h"

/* ---- the ISA table: encodings and CSR numbers ------------------------------- */
enum {
#define WW_INSN(name, mnem, match, mask, fmt, cls) M_##name = (match),
#include "ww_isa.def"
};
enum {
#define WW_CSR(name, addr, what) CSR_##name = (addr),
#include "ww_isa.def"
};

#define OPC(m) ((unsigned)(m) & 0x7Fu)
#define F3(m) (((unsigned)(m) >> 12) & 0x7u)
#define F7(m) (((unsigned)(m) >> 25) & 0x7Fu)
#define F2(m) (((unsigned)(m) >> 25) & 0x3u)

/* ---- limits and the output layout (README.md documents them) ---------------- */
#define MAX_GRID 6
#define MAX_BLOCK (WW_WARPS_PER_SM * WW_LANES)
#define CODE_LIMIT 6144               /* bytes of .text, crt0 included */
#define INSN_BUDGET 19000             /* warp instructions per launch, upper bound */
#define DEFAULT_INSNS 400
#define MAX_INSNS 1100
#define REGION_LIMIT 600              /* instructions in one construct: B-type reaches 4 KiB */

#define SLICE_BYTES 128               /* per thread: out + gid * SLICE_BYTES */
#define SLICE_SCRATCH 40              /*   words 0..9: loads, stores, own atomics */
#define SLICE_MEMSUM 40               /*   word 10: checksum of stack, local, own shared */
#define SLICE_DUMP 44                 /*   words 11..29: the data registers */
#define SLICE_CNTSUM 120              /*   word 30: block slot + shared counters */
#define SLICE_MARKER 124              /*   word 31: 0x5EED0000 + gid */
#define MARKER_BASE 0x5EED0000u
#define SLOT_BYTES 64                 /* per block, after the slices */
#define NSLOT 8                       /*   words used, block-scope atomics */
#define CNT_BYTES 64                  /* grid-wide counters, after the slots */
#define NCNT 12                       /*   words used, device-scope atomics */
#define RACE_WORD 12                  /*   words 12..13: --inject-bug race only */
#define FRAME 64                      /* stack frame; ra at FRAME-4 */
#define LOCAL_ARR 48                  /* bytes at local_base */
#define SH_CNT_OFF 0                  /* shared: 8 counters */
#define NSHCNT 8
#define SH_DATA_OFF 64                /* shared: per-thread words */
#define SH_STRIDE 32

#if (SH_DATA_OFF + MAX_BLOCK * SH_STRIDE) > WW_SHMEM_BYTES
#error "shared-memory layout does not fit WW_SHMEM_BYTES"
#endif
#if FRAME + LOCAL_ARR > WW_LOCAL_BYTES
#error "stack frame and local array do not fit WW_LOCAL_BYTES"
#endif
#if WW_LINE_BYTES > SLOT_BYTES || SLICE_BYTES % WW_LINE_BYTES
#error "per-block slots and thread slices must not share cache lines"
#endif

/* ---- registers ------------------------------------------------------------- */
enum {
  R_ZERO = 0, R_RA = 1, R_SP = 2, R_T0 = 5, R_T1 = 6, R_T2 = 7,
  R_S0 = 8,    /* own output slice */
  R_S1 = 9,    /* own shared-memory words */
  R_A0 = 10,
  R_S2 = 18,   /* this block's slot */
  R_S3 = 19,   /* grid-wide counters */
  R_S4 = 20,   /* loop counter, outer loop of the kernel */
  R_S5 = 21,   /* loop counter, inner loop of the kernel */
  R_S11 = 27,  /* loop counter in leaf functions */
};
static const char *const rn[32] = {
  "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
  "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
  "t5", "t6" };
static const int data_regs[] = { 3, 4, 10, 11, 12, 13, 14, 15, 16, 17, 22, 23, 24, 25, 26,
                                 28, 29, 30, 31 };
#define NDATA ((int)(sizeof data_regs / sizeof data_regs[0]))
#define BIT(r) (1u << (r))
#define SCRATCH_MASK (BIT(R_T0) | BIT(R_T1) | BIT(R_T2))

/* ---- random numbers: splitmix64, the same sequence everywhere ---------------- */
static uint64_t rng_state;
static uint64_t rnd64(void)
{
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static uint32_t rnd(uint32_t n) { return n ? (uint32_t)(rnd64() % n) : 0; }
static int chance(unsigned pct) { return rnd(100) < pct; }

/* ---- text buffers ---------------------------------------------------------- */
typedef struct {
  char *p;
  size_t len, cap;
} sbuf_t;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
  va_list ap;
  fputs("ww_randprog: error: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(2);
}

static void sb_vprintf(sbuf_t *s, const char *fmt, va_list ap)
{
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    die("formatting failed");
  if (s->len + (size_t)n + 1 > s->cap) {
    size_t cap = s->cap ? s->cap : 4096;
    while (cap < s->len + (size_t)n + 1)
      cap *= 2;
    char *p = realloc(s->p, cap);
    if (!p)
      die("out of memory");
    s->p = p;
    s->cap = cap;
  }
  vsnprintf(s->p + s->len, s->cap - s->len, fmt, ap);
  s->len += (size_t)n;
}

static void sb_printf(sbuf_t *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf_t *s, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(s, fmt, ap);
  va_end(ap);
}

/* ---- shared-location counters: one operation per word ------------------------ */
typedef enum { K_ADD, K_XOR, K_OR, K_AND, K_MIN, K_MAX, K_MINU, K_MAXU, K_EXCH, K_CAS, K_N } ckind_t;
static const char *const kname[K_N] = { "add", "xor", "or", "and", "min", "max", "minu",
                                        "maxu", "exch", "cas" };
/* Block- and device-scope encodings per kind (CAS separately). */
static const uint32_t amo_blk[K_N - 1] = { M_AMOADD_BLK, M_AMOXOR_BLK, M_AMOOR_BLK,
                                           M_AMOAND_BLK, M_AMOMIN_BLK, M_AMOMAX_BLK,
                                           M_AMOMINU_BLK, M_AMOMAXU_BLK, M_AMOEXCH_BLK };
static const uint32_t amo_dev[K_N - 1] = { M_AMOADD_DEV, M_AMOXOR_DEV, M_AMOOR_DEV,
                                           M_AMOAND_DEV, M_AMOMIN_DEV, M_AMOMAX_DEV,
                                           M_AMOMINU_DEV, M_AMOMAXU_DEV, M_AMOEXCH_DEV };

typedef struct {
  ckind_t kind;
  uint32_t init;     /* written by thread 0 before the first barrier (slots, shared) */
  uint32_t v1, v2;   /* exch: v1; cas: expected v1, desired v2 */
} counter_t;

/* ---- the generator ---------------------------------------------------------- */
typedef struct {
  int funcs;            /* leaf functions */
  unsigned cost[4];     /* warp instructions per call, upper bound */
  uint32_t written[4];  /* registers a call may change */
  uint32_t exit_uni[4]; /* of those, uniform at return */
} funcs_t;

typedef struct {
  sbuf_t *out;
  uint32_t uni;         /* registers uniform across the active lanes here */
  uint32_t written;     /* registers written since the enclosing construct began */
  unsigned statics;     /* instructions emitted (pseudo-instructions at their size) */
  uint64_t dyn;         /* executed warp instructions per warp so far, upper bound */
  uint64_t dyn_limit;
  unsigned static_limit;
  unsigned region_limit; /* end of the innermost construct's room (branch range) */
  uint64_t mult;        /* executions per warp of the current point, upper bound */
  int split_depth, loop_depth, nest, in_func, barrier_ok;
  unsigned label;
  funcs_t f;
  counter_t slot[NSLOT], cnt[NCNT], shc[NSHCNT];
  /* statistics for the header */
  unsigned n_split, n_ubr, n_uloop, n_vloop, n_call, n_phase, n_amo, n_bar;
} gen_t;

static void emit(gen_t *g, unsigned size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void emit(gen_t *g, unsigned size, const char *fmt, ...)
{
  va_list ap;
  sb_printf(g->out, "  ");
  va_start(ap, fmt);
  sb_vprintf(g->out, fmt, ap);
  va_end(ap);
  sb_printf(g->out, "\n");
  g->statics += size;
  g->dyn += (uint64_t)size * g->mult;
}

static void label(gen_t *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void label(gen_t *g, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(g->out, fmt, ap);
  va_end(ap);
  sb_printf(g->out, ":\n");
}

static void setreg(gen_t *g, int r, int uniform)
{
  if (r == R_ZERO)
    return;
  if (uniform)
    g->uni |= BIT(r);
  else
    g->uni &= ~BIT(r);
  g->written |= BIT(r);
}
static int isuni(const gen_t *g, int r) { return r == R_ZERO || (g->uni >> r) & 1; }

static uint32_t data_mask(void)
{
  uint32_t m = 0;
  for (int i = 0; i < NDATA; i++)
    m |= BIT(data_regs[i]);
  return m;
}

static int pick_data(void) { return data_regs[rnd(NDATA)]; }
static int pick_src(void) { return chance(4) ? R_ZERO : pick_data(); }

/* A uniform data register, or -1. */
static int pick_uni_data(const gen_t *g)
{
  int c[NDATA], n = 0;
  for (int i = 0; i < NDATA; i++)
    if (isuni(g, data_regs[i]))
      c[n++] = data_regs[i];
  return n ? c[rnd((uint32_t)n)] : -1;
}

/* li: its size as the assembler expands it. */
static unsigned li_size(uint32_t v)
{
  int32_t s = (int32_t)v;
  if (s >= -2048 && s <= 2047)
    return 1;
  return (v & 0xFFFu) == 0 ? 1 : 2;
}
static void emit_li(gen_t *g, int r, uint32_t v)
{
  emit(g, li_size(v), "li %s, %" PRId32, rn[r], (int32_t)v);
  setreg(g, r, 1);
}

/* Interesting 32-bit values: 0, +-1, INT_MIN, INT_MAX, small, random. */
static uint32_t special_value(void)
{
  static const uint32_t sp[] = { 0, 1, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 2, 0xFFFFFFFEu,
                                 0x80000001u, 31, 32, 0x10000u, 0xFFFF8000u };
  switch (rnd(3)) {
  case 0: return sp[rnd(sizeof sp / sizeof sp[0])];
  case 1: return (uint32_t)((int32_t)rnd(0x10000) - 0x8000);
  default: return (uint32_t)rnd64();
  }
}
static int32_t imm12(void)
{
  static const int32_t e[] = { 0, 1, -1, 2047, -2048, 31, -2 };
  return chance(30) ? e[rnd(sizeof e / sizeof e[0])] : (int32_t)rnd(4096) - 2048;
}

/* ---- custom instructions, as .insn with the ISA table's fields ---------------- */
static void emit_r(gen_t *g, uint32_t m, int rd, int rs1, int rs2, const char *what)
{
  emit(g, 1, ".insn r 0x%02x, %u, %u, %s, %s, %s  /* %s */", OPC(m), F3(m), F7(m), rn[rd],
       rn[rs1], rn[rs2], what);
}
static void emit_simple(gen_t *g, uint32_t m, const char *what) { emit_r(g, m, 0, 0, 0, what); }
static void emit_split(gen_t *g, int rs1)
{
  char w[32];
  snprintf(w, sizeof w, "ww.split %s", rn[rs1]);
  emit_r(g, M_SPLIT, 0, rs1, 0, w);
}
static void emit_join(gen_t *g) { emit_simple(g, M_JOIN, "ww.join"); }
static void emit_bar(gen_t *g)
{
  emit_simple(g, M_BAR, "ww.bar");
  g->n_bar++;
}
static void emit_vote(gen_t *g, int kind, int rd, int rs1)
{
  static const uint32_t m[3] = { M_VOTE_ANY, M_VOTE_ALL, M_VOTE_BALLOT };
  static const char *const n[3] = { "any", "all", "ballot" };
  char w[48];
  snprintf(w, sizeof w, "ww.vote.%s %s, %s", n[kind], rn[rd], rn[rs1]);
  emit_r(g, m[kind], rd, rs1, 0, w);
  setreg(g, rd, 1);
}
/* An atomic: rd <- M[addr]; M[addr] <- op(M[addr], rs2) (or CAS rs2 -> rs3). */
static void emit_amo(gen_t *g, ckind_t k, int dev, int rd, int addr, int rs2, int rs3)
{
  char w[80];
  g->n_amo++;
  if (k == K_CAS) {
    uint32_t m = dev ? M_CAS_DEV : M_CAS_BLK;
    snprintf(w, sizeof w, "ww.cas.%s %s, %s, %s, (%s)", dev ? "dev" : "blk", rn[rd], rn[rs2],
             rn[rs3], rn[addr]);
    emit(g, 1, ".insn r4 0x%02x, %u, %u, %s, %s, %s, %s  /* %s */", OPC(m), F3(m), F2(m),
         rn[rd], rn[addr], rn[rs2], rn[rs3], w);
  } else {
    uint32_t m = dev ? amo_dev[k] : amo_blk[k];
    snprintf(w, sizeof w, "ww.amo%s.%s %s, %s, (%s)", kname[k], dev ? "dev" : "blk", rn[rd],
             rn[rs2], rn[addr]);
    emit_r(g, m, rd, addr, rs2, w);
  }
}
static void emit_lw_strong(gen_t *g, int rd, int off, int base)
{
  emit(g, 1, ".insn i 0x%02x, %u, %s, %d(%s)  /* ww.lw.strong */", OPC(M_LW_STRONG),
       F3(M_LW_STRONG), rn[rd], off, rn[base]);
}
static void emit_sw_strong(gen_t *g, int rs2, int off, int base)
{
  emit(g, 1, ".insn s 0x%02x, %u, %s, %d(%s)  /* ww.sw.strong */", OPC(M_SW_STRONG),
       F3(M_SW_STRONG), rn[rs2], off, rn[base]);
}
static void emit_csrr(gen_t *g, int rd, unsigned csr, const char *name, int uniform)
{
  emit(g, 1, "csrr %s, 0x%03x  /* %s */", rn[rd], csr, name);
  setreg(g, rd, uniform);
}

/* ---- budget -------------------------------------------------------------------- */
/* Room for about `insns` more instructions at the current multiplicity. */
static int room(const gen_t *g, unsigned insns)
{
  return g->dyn + (uint64_t)insns * g->mult <= g->dyn_limit &&
         g->statics + insns <= g->static_limit && g->statics + insns <= g->region_limit;
}

/* ---- simple statements -------------------------------------------------------------- */
static void gen_alu(gen_t *g)
{
  static const char *const rr[] = { "add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra",
                                    "or", "and" };
  static const char *const ri[] = { "addi", "slti", "sltiu", "xori", "ori", "andi" };
  static const char *const sh[] = { "slli", "srli", "srai" };
  int rd = pick_data(), a = pick_src(), b = pick_src();
  switch (rnd(10)) {
  case 0: case 1: case 2: case 3:
    emit(g, 1, "%s %s, %s, %s", rr[rnd(10)], rn[rd], rn[a], rn[b]);
    setreg(g, rd, isuni(g, a) && isuni(g, b));
    break;
  case 4: case 5: case 6: {
    const char *op = ri[rnd(6)];   /* one random draw per statement: a fixed order */
    int32_t imm = imm12();
    emit(g, 1, "%s %s, %s, %" PRId32, op, rn[rd], rn[a], imm);
    setreg(g, rd, isuni(g, a));
    break;
  }
  case 7: {
    const char *op = sh[rnd(3)];
    unsigned amount = chance(30) ? (rnd(2) ? 0u : 31u) : rnd(32);
    emit(g, 1, "%s %s, %s, %u", op, rn[rd], rn[a], amount);
    setreg(g, rd, isuni(g, a));
    break;
  }
  case 8:
    emit(g, 1, "lui %s, 0x%" PRIx32, rn[rd], chance(20) ? 0x80000u : rnd(0x100000));
    setreg(g, rd, 1);
    break;
  default:
    /* auipc: PC-relative, the same in every run of the image */
    emit(g, 1, "auipc %s, 0x%" PRIx32, rn[rd], rnd(16));
    setreg(g, rd, 1);
    break;
  }
}

/* M extension, often with edge operands (0, -1, INT_MIN, INT_MAX) in t1/t2. */
static void gen_muldiv(gen_t *g)
{
  static const char *const m[] = { "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu" };
  int rd = pick_data(), a = pick_src(), b = pick_src();
  if (chance(45)) {
    static const uint32_t e[] = { 0, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 1 };
    b = R_T2;
    emit_li(g, R_T2, e[rnd(5)]);
    if (chance(40)) {
      a = R_T1;
      emit_li(g, R_T1, chance(60) ? 0x80000000u : e[rnd(5)]);
    }
  }
  emit(g, 1, "%s %s, %s, %s", m[rnd(8)], rn[rd], rn[a], rn[b]);
  setreg(g, rd, isuni(g, a) && isuni(g, b));
}

/* Every SIMT CSR. Placement-dependent ones (smid, hwwid, local_base) and the
 * kargs address reach data registers only through invariants. */
static void gen_csr(gen_t *g)
{
  int rd = pick_data();
  switch (rnd(16)) {
  case 0: emit_csrr(g, rd, CSR_TID, "tid", 0); break;
  case 1: emit_csrr(g, rd, CSR_LANEID, "laneid", 0); break;
  case 2: emit_csrr(g, rd, CSR_NTID, "ntid", 1); break;
  case 3: emit_csrr(g, rd, CSR_CTAID, "ctaid", 1); break;
  case 4: emit_csrr(g, rd, CSR_NCTAID, "nctaid", 1); break;
  case 5: emit_csrr(g, rd, CSR_WARPID, "warpid", 1); break;
  case 6: emit_csrr(g, rd, CSR_NWARPID, "nwarpid", 1); break;
  case 7: emit_csrr(g, rd, CSR_NSMID, "nsmid", 1); break;
  case 8: emit_csrr(g, rd, CSR_NLANES, "nlanes", 1); break;
  case 9: emit_csrr(g, rd, CSR_LOCAL_SIZE, "local_size", 1); break;
  case 10:   /* smid < nsmid */
    emit_csrr(g, R_T0, CSR_SMID, "smid", 0);
    emit_csrr(g, R_T1, CSR_NSMID, "nsmid", 0);
    emit(g, 1, "sltu %s, t0, t1  /* smid < nsmid: 1 */", rn[rd]);
    setreg(g, rd, 1);
    break;
  case 11:   /* hwwid < WARPS_PER_SM */
    emit_csrr(g, R_T0, CSR_HWWID, "hwwid", 0);
    emit(g, 1, "sltiu %s, t0, %d  /* hwwid < WARPS_PER_SM: 1 */", rn[rd], WW_WARPS_PER_SM);
    setreg(g, rd, 1);
    break;
  case 12:   /* local_base + local_size - sp = the frame size */
    emit_csrr(g, R_T0, CSR_LOCAL_BASE, "local_base", 0);
    emit_csrr(g, R_T1, CSR_LOCAL_SIZE, "local_size", 0);
    emit(g, 1, "add t0, t0, t1");
    emit(g, 1, "sub %s, t0, sp  /* = %d */", rn[rd], FRAME);
    setreg(g, rd, 1);
    break;
  case 13:   /* the argument block: word 1 = out_bytes */
    emit_csrr(g, R_T0, CSR_KARGS, "kargs", 0);
    emit(g, 1, "lw %s, 4(t0)  /* out_bytes */", rn[rd]);
    setreg(g, rd, 1);
    break;
  case 14:   /* own slice offset: s0 - kargs[0] = gid * SLICE_BYTES */
    emit_csrr(g, R_T0, CSR_KARGS, "kargs", 0);
    emit(g, 1, "lw t0, 0(t0)  /* out */");
    emit(g, 1, "sub %s, s0, t0", rn[rd]);
    setreg(g, rd, 0);
    break;
  default:   /* global thread id */
    emit_csrr(g, R_T0, CSR_CTAID, "ctaid", 0);
    emit_csrr(g, R_T1, CSR_NTID, "ntid", 0);
    emit(g, 1, "mul t0, t0, t1");
    emit_csrr(g, R_T1, CSR_TID, "tid", 0);
    emit(g, 1, "add %s, t0, t1", rn[rd]);
    setreg(g, rd, 0);
    break;
  }
}

/* One load or store of a random size at base + [lo, hi) (all initialised). */
static const char *const ld_op[5] = { "lb", "lbu", "lh", "lhu", "lw" };
static const unsigned ld_size[5] = { 1, 1, 2, 2, 4 };
static const char *const st_op[3] = { "sb", "sh", "sw" };
static void gen_ldst_at(gen_t *g, int base, int lo, int hi)
{
  if (chance(50)) {
    unsigned i = rnd(5), n = ld_size[i];
    int off = lo + (int)(rnd((uint32_t)(hi - lo) / n) * n);
    int rd = pick_data();
    emit(g, 1, "%s %s, %d(%s)", ld_op[i], rn[rd], off, rn[base]);
    setreg(g, rd, 0);
  } else {
    unsigned i = rnd(3), n = 1u << i;
    int off = lo + (int)(rnd((uint32_t)(hi - lo) / n) * n);
    emit(g, 1, "%s %s, %d(%s)", st_op[i], rn[pick_data()], off, rn[base]);
  }
}

/* Own output slice: fixed offsets, data-dependent offsets, strong accesses. */
static void gen_mem_slice(gen_t *g)
{
  switch (rnd(4)) {
  case 0: case 1:
    gen_ldst_at(g, R_S0, 0, SLICE_SCRATCH);
    break;
  case 2: {   /* index from data: (d & mask) + imm, aligned and inside the scratch words */
    int ld = chance(50);
    unsigned i = ld ? rnd(5) : rnd(3), n = ld ? ld_size[i] : 1u << i;
    unsigned mask = 0x1Fu & ~(n - 1);   /* <= 31 */
    int imm = (int)(rnd((SLICE_SCRATCH - 32) / n + 1) * n);   /* mask + imm + n <= 40 */
    emit(g, 1, "andi t0, %s, %u", rn[pick_data()], mask);
    emit(g, 1, "add t0, t0, s0");
    if (ld) {
      int rd = pick_data();
      emit(g, 1, "%s %s, %d(t0)", ld_op[i], rn[rd], imm);
      setreg(g, rd, 0);
    } else {
      emit(g, 1, "%s %s, %d(t0)", st_op[i], rn[pick_data()], imm);
    }
    break;
  }
  default: {  /* strong (L1-bypassing) word accesses */
    int off = (int)rnd(SLICE_SCRATCH / 4) * 4;
    if (chance(50)) {
      int rd = pick_data();
      emit_lw_strong(g, rd, off, R_S0);
      setreg(g, rd, 0);
    } else {
      emit_sw_strong(g, pick_data(), off, R_S0);
    }
    break;
  }
  }
}

static void gen_mem_stack(gen_t *g) { gen_ldst_at(g, R_SP, 0, FRAME - 4); }

static void gen_mem_local(gen_t *g)
{
  emit_csrr(g, R_T2, CSR_LOCAL_BASE, "local_base", 0);
  gen_ldst_at(g, R_T2, 0, LOCAL_ARR);
}

static void gen_mem_shared_own(gen_t *g) { gen_ldst_at(g, R_S1, 0, SH_STRIDE); }

/* Address of counter word w of a region into t0. */
static void counter_addr(gen_t *g, int region, unsigned w)
{
  if (region == 0) {
    emit(g, 1, "addi t0, s2, %u  /* block slot word %u */", 4 * w, w);
  } else if (region == 1) {
    emit(g, 1, "addi t0, s3, %u  /* grid counter word %u */", 4 * w, w);
  } else {
    emit(g, 1, "lui t0, 0x%x", (unsigned)(WW_SHARED_BASE >> 12));
    emit(g, 1, "addi t0, t0, %u  /* shared counter word %u */",
         (unsigned)((WW_SHARED_BASE & 0xFFFu) + SH_CNT_OFF + 4 * w), w);
  }
  setreg(g, R_T0, 0);
}

static void gen_atomic(gen_t *g)
{
  unsigned r = rnd(10);
  if (r < 4) {   /* own slice word: any op, either scope, the old value is used */
    int off = (int)rnd(SLICE_SCRATCH / 4) * 4, dev = chance(50), rd = pick_data();
    emit(g, 1, "addi t0, s0, %d", off);
    ckind_t k = (ckind_t)rnd(K_N);
    if (k == K_CAS) {
      int exp = pick_data();
      if (chance(50)) {   /* expect the current value: succeeds */
        emit(g, 1, "lw t1, 0(t0)");
        exp = R_T1;
      }
      emit_amo(g, k, dev, rd, R_T0, exp, pick_data());
    } else {
      emit_amo(g, k, dev, rd, R_T0, pick_data(), 0);
    }
    setreg(g, rd, 0);
    return;
  }
  /* shared locations: the word's one operation, rd = x0 */
  int region = r < 6 ? 0 : r < 8 ? 1 : 2;
  unsigned w = region == 0 ? rnd(NSLOT) : region == 1 ? rnd(NCNT) : rnd(NSHCNT);
  const counter_t *c = region == 0 ? &g->slot[w] : region == 1 ? &g->cnt[w] : &g->shc[w];
  int dev = region == 1 ? 1 : region == 0 ? 0 : chance(50);
  counter_addr(g, region, w);
  if (c->kind == K_CAS) {
    emit_li(g, R_T1, c->v1);
    emit_li(g, R_T2, c->v2);
    emit_amo(g, K_CAS, dev, R_ZERO, R_T0, R_T1, R_T2);
  } else if (c->kind == K_EXCH) {
    emit_li(g, R_T1, c->v1);
    emit_amo(g, K_EXCH, dev, R_ZERO, R_T0, R_T1, 0);
  } else {
    emit_amo(g, c->kind, dev, R_ZERO, R_T0, pick_data(), 0);
  }
}

static void gen_fence(gen_t *g)
{
  switch (rnd(4)) {
  case 0: emit_simple(g, M_FENCE_BLK, "ww.fence.blk"); break;
  case 1: emit_simple(g, M_FENCE_DEV, "ww.fence.dev"); break;
  case 2: emit(g, 1, "fence"); break;
  default: emit(g, 1, "fence rw, rw"); break;
  }
}

static void gen_vote(gen_t *g)
{
  int rd = pick_data(), rs = pick_data();
  if (chance(30)) {   /* a lane-dependent predicate */
    const char *op = chance(50) ? "slt" : "sltu";
    int rs2 = pick_data();
    emit(g, 1, "%s t0, %s, %s", op, rn[rs], rn[rs2]);
    rs = R_T0;
  }
  emit_vote(g, (int)rnd(3), rd, rs);
}

/* ---- compound statements ----------------------------------------------------------- */
static void gen_block(gen_t *g, unsigned n);

/* A construct's body: at most REGION_LIMIT instructions, so that its
 * branches reach. Returns the previous limit for region_end(). */
static unsigned region_begin(gen_t *g)
{
  unsigned old = g->region_limit, lim = g->statics + REGION_LIMIT;
  g->region_limit = lim < old ? lim : old;
  return old;
}
static void region_end(gen_t *g, unsigned old) { g->region_limit = old; }

/* Makes sure an arm is not empty. */
static void nonempty(gen_t *g, unsigned before)
{
  if (g->statics == before)
    gen_alu(g);
}

/* A lane-dependent condition into t0. */
static void lane_cond(gen_t *g)
{
  switch (rnd(6)) {
  case 0:
    emit_csrr(g, R_T0, CSR_LANEID, "laneid", 0);
    emit(g, 1, "andi t0, t0, %u", 1u << rnd(3));
    break;
  case 1:
    emit_csrr(g, R_T0, CSR_TID, "tid", 0);
    emit(g, 1, "sltiu t0, t0, %u", 1 + rnd(MAX_BLOCK));
    break;
  case 2:
    emit_csrr(g, R_T0, CSR_LANEID, "laneid", 0);
    emit(g, 1, "sltiu t0, t0, %u", 1 + rnd(WW_LANES));
    break;
  case 3: {
    int r = pick_data();
    emit(g, 1, "andi t0, %s, %u", rn[r], 1u << rnd(8));
    break;
  }
  default: {
    const char *op = chance(50) ? "slt" : "sltu";
    int a = pick_data(), b = pick_data();
    emit(g, 1, "%s t0, %s, %s", op, rn[a], rn[b]);
    break;
  }
  }
  setreg(g, R_T0, 0);
}

/* ww.split / ww.join if-else, both arms non-empty (docs/isa.md pattern). */
static void gen_split(gen_t *g)
{
  unsigned id = g->label++;
  g->n_split++;
  unsigned reg = region_begin(g);
  lane_cond(g);
  emit_split(g, R_T0);
  emit(g, 1, "beqz t0, .Lse%u", id);
  g->dyn += g->mult;   /* executed by both groups */
  uint32_t uni0 = g->uni, w0 = g->written;
  int bok = g->barrier_ok;
  g->split_depth++;
  g->nest++;
  g->barrier_ok = 0;
  g->written = 0;
  unsigned before = g->statics;
  gen_block(g, 1 + rnd(4));
  nonempty(g, before);
  emit(g, 1, "j .Lsj%u", id);
  uint32_t wt = g->written;
  g->uni = uni0;
  g->written = 0;
  label(g, ".Lse%u", id);
  before = g->statics;
  gen_block(g, 1 + rnd(3));
  nonempty(g, before);
  label(g, ".Lsj%u", id);
  emit_join(g);
  g->dyn += g->mult;   /* executed twice when the warp diverged */
  uint32_t we = g->written;
  g->uni = uni0 & ~(wt | we);
  g->written = w0 | wt | we;
  g->split_depth--;
  g->nest--;
  g->barrier_ok = bok;
  region_end(g, reg);
}

/* A uniform forward branch: skip, or if/else. */
static void gen_ubranch(gen_t *g)
{
  unsigned id = g->label++;
  char br[96];
  g->n_ubr++;
  unsigned reg = region_begin(g);
  int a = pick_uni_data(g), kind = (int)rnd(3);
  if (kind == 0 && a >= 0) {
    static const char *const b[] = { "beq", "bne", "blt", "bge", "bltu", "bgeu" };
    int c = pick_uni_data(g);
    const char *op = b[rnd(6)];
    if (chance(30))
      c = R_ZERO;
    snprintf(br, sizeof br, "%s %s, %s", op, rn[a], rn[c]);
  } else if (kind == 1) {
    int kind2 = (int)rnd(2), r = pick_data();
    emit_vote(g, kind2, R_T0, r);
    snprintf(br, sizeof br, "%s t0", chance(50) ? "beqz" : "bnez");
  } else {
    static const unsigned csr[4] = { CSR_WARPID, CSR_CTAID, CSR_NWARPID, CSR_NCTAID };
    static const char *const cn[4] = { "warpid", "ctaid", "nwarpid", "nctaid" };
    unsigned i = rnd(4);
    emit_csrr(g, R_T0, csr[i], cn[i], 1);
    emit(g, 1, "andi t0, t0, %u", 1u << rnd(2));
    snprintf(br, sizeof br, "%s t0", chance(50) ? "beqz" : "bnez");
  }
  int ifelse = chance(40);
  emit(g, 1, "%s, .Lu%c%u", br, ifelse ? 'e' : 'x', id);
  uint32_t uni0 = g->uni;
  int bok = g->barrier_ok;
  g->barrier_ok = 0;
  g->nest++;
  unsigned before = g->statics;
  gen_block(g, 1 + rnd(4));
  nonempty(g, before);
  if (ifelse) {
    uint32_t ut = g->uni;
    emit(g, 1, "j .Lux%u", id);
    label(g, ".Lue%u", id);
    g->uni = uni0;
    before = g->statics;
    gen_block(g, 1 + rnd(3));
    nonempty(g, before);
    g->uni &= ut;
  } else {
    g->uni &= uni0;
  }
  label(g, ".Lux%u", id);
  g->nest--;
  g->barrier_ok = bok;
  region_end(g, reg);
}

static int loop_counter(const gen_t *g)
{
  if (g->in_func)
    return g->loop_depth == 0 ? R_S11 : -1;
  return g->loop_depth == 0 ? R_S4 : g->loop_depth == 1 ? R_S5 : -1;
}

/* A bounded uniform loop (trip count constant, per block, or per warp). */
static void gen_uloop(gen_t *g)
{
  int cr = loop_counter(g);
  unsigned id = g->label++, maxtrip;
  int block_uniform = 1;
  g->n_uloop++;
  unsigned reg = region_begin(g);
  switch (rnd(4)) {
  case 0: case 1:
    maxtrip = 1 + rnd(4);
    emit(g, 1, "li %s, %u", rn[cr], maxtrip);
    break;
  case 2:   /* per block: ctaid & 1, + 1 */
    emit_csrr(g, R_T0, CSR_CTAID, "ctaid", 1);
    emit(g, 1, "andi t0, t0, 1");
    emit(g, 1, "addi %s, t0, 1", rn[cr]);
    maxtrip = 2;
    break;
  default:  /* per warp: from a ballot */
    emit_vote(g, 2, R_T0, pick_data());
    emit(g, 1, "andi t0, t0, 3");
    emit(g, 1, "addi %s, t0, 1", rn[cr]);
    maxtrip = 4;
    block_uniform = 0;
    break;
  }
  label(g, ".Lul%u", id);
  /* Each iteration may start where the last ended: assume nothing uniform. */
  g->uni &= ~(data_mask() | SCRATCH_MASK);
  uint64_t m0 = g->mult;
  int bok = g->barrier_ok;
  g->mult *= maxtrip;
  g->barrier_ok = bok && block_uniform;
  g->loop_depth++;
  g->nest++;
  unsigned before = g->statics;
  gen_block(g, 1 + rnd(4));
  nonempty(g, before);
  emit(g, 1, "addi %s, %s, -1", rn[cr], rn[cr]);
  emit(g, 1, "bnez %s, .Lul%u", rn[cr], id);
  g->loop_depth--;
  g->nest--;
  g->mult = m0;
  g->barrier_ok = bok;
  region_end(g, reg);
}

/* A divergent loop: per-lane trip count 1..4, `while (any(n)) if (n) {...; n--}`. */
static void gen_vloop(gen_t *g)
{
  int cr = loop_counter(g);
  unsigned id = g->label++;
  g->n_vloop++;
  unsigned reg = region_begin(g);
  if (chance(50)) {
    int lane = chance(50);
    emit_csrr(g, R_T0, lane ? CSR_LANEID : CSR_TID, lane ? "laneid" : "tid", 0);
    emit(g, 1, "andi t0, t0, 3");
    emit(g, 1, "addi %s, t0, 1", rn[cr]);
  } else {
    emit(g, 1, "andi %s, %s, 3", rn[cr], rn[pick_data()]);
    emit(g, 1, "addi %s, %s, 1", rn[cr], rn[cr]);
  }
  label(g, ".Lvt%u", id);
  uint64_t m0 = g->mult;
  g->mult *= 5;
  emit(g, 1, "snez t0, %s", rn[cr]);
  emit_vote(g, 0, R_T1, R_T0);
  emit(g, 1, "beqz t1, .Lvx%u", id);
  emit_split(g, R_T0);
  emit(g, 1, "beqz t0, .Lve%u", id);
  g->dyn += g->mult;
  g->uni &= ~(data_mask() | SCRATCH_MASK);
  uint32_t w0 = g->written;
  int bok = g->barrier_ok;
  g->written = 0;
  g->barrier_ok = 0;
  g->split_depth++;
  g->loop_depth++;
  g->nest++;
  g->mult = m0 * 4;
  gen_block(g, 1 + rnd(3));
  emit(g, 1, "addi %s, %s, -1", rn[cr], rn[cr]);
  g->mult = m0 * 5;
  label(g, ".Lve%u", id);
  emit_join(g);
  g->dyn += g->mult;
  emit(g, 1, "j .Lvt%u", id);
  g->mult = m0;
  label(g, ".Lvx%u", id);
  g->uni &= ~g->written;
  g->written |= w0;
  g->split_depth--;
  g->loop_depth--;
  g->nest--;
  g->barrier_ok = bok;
  region_end(g, reg);
}

static void gen_call(gen_t *g)
{
  int f = (int)rnd((uint32_t)g->f.funcs);
  g->n_call++;
  switch (rnd(3)) {
  case 0:
    emit(g, 1, "jal ra, rp_f%d", f);
    break;
  case 1:
    emit(g, 2, "la t0, rp_f%d", f);
    emit(g, 1, "jalr ra, 0(t0)");
    break;
  default:
    emit(g, 1, "lui t1, %%hi(rp_f%d)", f);
    emit(g, 1, "addi t1, t1, %%lo(rp_f%d)", f);
    emit(g, 1, "jalr ra, t1, 0");
    break;
  }
  g->dyn += (uint64_t)g->f.cost[f] * g->mult;
  uint32_t w = g->f.written[f] | SCRATCH_MASK;
  g->uni = (g->uni & ~w) | (g->f.exit_uni[f] & g->f.written[f]);
  g->written |= w | BIT(R_RA);
}

/* Shared memory exchange: write own words; ww.bar; read another thread's
 * words; ww.bar (nobody writes in between). */
static void gen_shared_phase(gen_t *g)
{
  g->n_phase++;
  for (int i = 0; i < SH_STRIDE / 4; i++)
    if (chance(60))
      emit(g, 1, "sw %s, %d(s1)", rn[pick_data()], 4 * i);
  for (unsigned i = rnd(3); i > 0; i--) {
    unsigned k = rnd(2), n = 1u << k;
    int r = pick_data();
    emit(g, 1, "%s %s, %u(s1)", st_op[k], rn[r], rnd(SH_STRIDE / n) * n);
  }
  emit_bar(g);
  for (unsigned p = 1 + (chance(30) ? 1 : 0); p > 0; p--) {
    switch (rnd(3)) {
    case 0:   /* (tid + k) % ntid */
      emit_csrr(g, R_T0, CSR_TID, "tid", 0);
      emit(g, 1, "addi t0, t0, %u", 1 + rnd(MAX_BLOCK));
      emit_csrr(g, R_T1, CSR_NTID, "ntid", 1);
      emit(g, 1, "remu t0, t0, t1");
      break;
    case 1:   /* ntid - 1 - tid */
      emit_csrr(g, R_T0, CSR_NTID, "ntid", 1);
      emit(g, 1, "addi t0, t0, -1");
      emit_csrr(g, R_T1, CSR_TID, "tid", 0);
      emit(g, 1, "sub t0, t0, t1");
      break;
    default:  /* data % ntid */
      emit_csrr(g, R_T1, CSR_NTID, "ntid", 1);
      emit(g, 1, "remu t0, %s, t1", rn[pick_data()]);
      break;
    }
    emit(g, 1, "slli t0, t0, %d", __builtin_ctz(SH_STRIDE));
    emit_li(g, R_T1, (uint32_t)WW_SHARED_BASE + SH_DATA_OFF);
    emit(g, 1, "add t2, t0, t1");
    setreg(g, R_T2, 0);
    for (unsigned i = 2 + rnd(4); i > 0; i--) {
      unsigned k = rnd(5), n = ld_size[k];
      int rd = pick_data();
      emit(g, 1, "%s %s, %u(t2)", ld_op[k], rn[rd], rnd(SH_STRIDE / n) * n);
      setreg(g, rd, 0);
    }
  }
  emit_bar(g);
}

static void gen_stmt(gen_t *g)
{
  int compound_ok = g->nest < 3 && room(g, 40);
  int loop_ok = compound_ok && loop_counter(g) >= 0 && room(g, 40 * 5);
  int split_ok = compound_ok && g->split_depth < (g->in_func ? 2 : 3);
  int phase_ok = g->barrier_ok && !g->in_func && room(g, 40);
  int call_ok = !g->in_func && g->f.funcs > 0;
  for (;;) {
    switch (rnd(24)) {
    case 0: case 1: case 2: case 3: case 4: gen_alu(g); return;
    case 5: case 6: gen_muldiv(g); return;
    case 7: gen_csr(g); return;
    case 8: case 9: gen_mem_slice(g); return;
    case 10: gen_mem_stack(g); return;
    case 11: gen_mem_local(g); return;
    case 12: gen_mem_shared_own(g); return;
    case 13: case 14: gen_atomic(g); return;
    case 15: gen_fence(g); return;
    case 16: gen_vote(g); return;
    case 17: case 18: if (split_ok) { gen_split(g); return; } break;
    case 19: if (compound_ok) { gen_ubranch(g); return; } break;
    case 20: if (loop_ok) { gen_uloop(g); return; } break;
    case 21: if (loop_ok && split_ok) { gen_vloop(g); return; } break;
    case 22: if (call_ok) { gen_call(g); return; } break;
    default: if (phase_ok) { gen_shared_phase(g); return; } break;
    }
  }
}

static void gen_block(gen_t *g, unsigned n)
{
  for (unsigned i = 0; i < n && room(g, 12); i++)
    gen_stmt(g);
}

/* ---- program parts ------------------------------------------------------------------- */
typedef struct {
  uint64_t seed;
  unsigned insns, grid, block;
  const char *bug;        /* NULL, "divergent", "bar", "race" */
} opts_t;

static uint32_t out_bytes(unsigned grid, unsigned block)
{
  return grid * block * SLICE_BYTES + grid * SLOT_BYTES + CNT_BYTES;
}

static void init_counters(gen_t *g)
{
  for (int r = 0; r < 3; r++) {
    counter_t *c = r == 0 ? g->slot : r == 1 ? g->cnt : g->shc;
    int n = r == 0 ? NSLOT : r == 1 ? NCNT : NSHCNT;
    for (int i = 0; i < n; i++) {
      c[i].kind = (ckind_t)rnd(K_N);
      c[i].init = r == 1 ? 0 : special_value();   /* grid counters start at 0 (host) */
      c[i].v1 = chance(50) ? c[i].init : special_value();
      c[i].v2 = special_value();
    }
  }
}

static void gen_prologue(gen_t *g, const opts_t *o)
{
  uint32_t ob = out_bytes(o->grid, o->block);
  unsigned slot_off = o->grid * o->block * SLICE_BYTES, cnt_off = slot_off + o->grid * SLOT_BYTES;
  emit(g, 1, "addi sp, sp, -%d", FRAME);
  emit(g, 1, "sw ra, %d(sp)", FRAME - 4);
  emit(g, 1, "lw t1, 4(a0)  /* kargs[1]: out_bytes */");
  emit_li(g, R_T2, ob);
  emit(g, 1, "bgeu t1, t2, .Largs_ok");
  emit(g, 1, "ebreak  /* the output buffer is too small */");
  label(g, ".Largs_ok");
  emit(g, 1, "lw t0, 0(a0)  /* kargs[0]: out */");
  emit_csrr(g, R_T1, CSR_CTAID, "ctaid", 1);
  emit_csrr(g, R_T2, CSR_NTID, "ntid", 1);
  emit(g, 1, "mul t2, t1, t2");
  emit_csrr(g, R_S4, CSR_TID, "tid", 0);
  emit(g, 1, "add t2, t2, s4  /* gid */");
  emit(g, 1, "slli t2, t2, %d", __builtin_ctz(SLICE_BYTES));
  emit(g, 1, "add s0, t0, t2  /* own slice */");
  emit_li(g, R_T2, slot_off);
  emit(g, 1, "add s2, t0, t2");
  emit(g, 1, "slli t1, t1, %d", __builtin_ctz(SLOT_BYTES));
  emit(g, 1, "add s2, s2, t1  /* this block's slot */");
  emit_li(g, R_T2, cnt_off);
  emit(g, 1, "add s3, t0, t2  /* grid counters */");
  emit(g, 1, "slli s4, s4, %d", __builtin_ctz(SH_STRIDE));
  emit_li(g, R_T2, (uint32_t)WW_SHARED_BASE + SH_DATA_OFF);
  emit(g, 1, "add s1, s4, t2  /* own shared words */");
  g->uni = BIT(R_ZERO) | BIT(R_S2) | BIT(R_S3) | BIT(R_SP);

  /* data registers: lane ids, block ids, edge values, mixtures */
  for (int i = 0; i < NDATA; i++) {
    int r = data_regs[i];
    switch (rnd(6)) {
    case 0: emit_csrr(g, r, CSR_TID, "tid", 0); break;
    case 1: emit_csrr(g, r, CSR_LANEID, "laneid", 0); break;
    case 2: emit_li(g, r, special_value()); break;
    case 3: emit_csrr(g, r, CSR_CTAID, "ctaid", 1); break;
    default: {
      int tid = chance(50);
      emit_csrr(g, R_T0, tid ? CSR_TID : CSR_LANEID, tid ? "tid" : "laneid", 0);
      emit_li(g, R_T1, (uint32_t)rnd64() | 1u);
      emit(g, 1, "mul %s, t0, t1", rn[r]);
      if (chance(50))
        emit(g, 1, "xori %s, %s, %" PRId32, rn[r], rn[r], imm12());
      setreg(g, r, 0);
      break;
    }
    }
  }
  /* Every thread-private word it may read: stack frame, local array, own
   * shared words, own slice scratch (zero from the host). */
  for (int off = 0; off < FRAME - 4; off += 4)
    emit(g, 1, "sw %s, %d(sp)", rn[pick_data()], off);
  emit_csrr(g, R_T2, CSR_LOCAL_BASE, "local_base", 0);
  for (int off = 0; off < LOCAL_ARR; off += 4)
    emit(g, 1, "sw %s, %d(t2)", rn[pick_data()], off);
  for (int off = 0; off < SH_STRIDE; off += 4)
    emit(g, 1, "sw %s, %d(s1)", rn[pick_data()], off);
  /* thread 0 initialises the block slot and the shared counters */
  emit_csrr(g, R_T0, CSR_TID, "tid", 0);
  emit(g, 1, "seqz t0, t0");
  emit_split(g, R_T0);
  emit(g, 1, "beqz t0, .Linit_else");
  g->dyn += g->mult;
  for (int i = 0; i < NSLOT; i++) {
    emit_li(g, R_T1, g->slot[i].init);
    emit(g, 1, "sw t1, %d(s2)  /* slot word %d: %s */", 4 * i, i, kname[g->slot[i].kind]);
  }
  emit(g, 1, "lui t2, 0x%x", (unsigned)(WW_SHARED_BASE >> 12));
  for (int i = 0; i < NSHCNT; i++) {
    emit_li(g, R_T1, g->shc[i].init);
    emit(g, 1, "sw t1, %d(t2)  /* shared counter %d: %s */",
         (int)((WW_SHARED_BASE & 0xFFFu) + SH_CNT_OFF + 4 * i), i, kname[g->shc[i].kind]);
  }
  emit(g, 1, "j .Linit_join");
  label(g, ".Linit_else");
  emit(g, 1, "addi t1, zero, 0");
  label(g, ".Linit_join");
  emit_join(g);
  emit_bar(g);
}

/* Checksum of `words` words at base: t1 = (t1 ^ word) * t2, unrolled. */
static void fold_words(gen_t *g, int base, int off, int words, const char *name)
{
  sb_printf(g->out, "  /* checksum: %s */\n", name);
  for (int i = 0; i < words; i++) {
    emit(g, 1, "lw t0, %d(%s)", off + 4 * i, rn[base]);
    emit(g, 1, "xor t1, t1, t0");
    emit(g, 1, "mul t1, t1, t2");
  }
}

static void gen_epilogue(gen_t *g)
{
  emit_bar(g);   /* every block-wide atomic and shared write is done */
  emit(g, 1, "li t1, 0x1234567");
  emit(g, 2, "li t2, 0x1000193");
  fold_words(g, R_SP, 0, FRAME / 4 - 1, "stack frame");
  emit_csrr(g, R_T0, CSR_LOCAL_BASE, "local_base", 0);
  emit(g, 1, "mv s5, t0");
  fold_words(g, R_S5, 0, LOCAL_ARR / 4, "local array");
  fold_words(g, R_S1, 0, SH_STRIDE / 4, "own shared words");
  emit(g, 1, "sw t1, %d(s0)", SLICE_MEMSUM);
  emit(g, 1, "li t1, 0x7654321");
  fold_words(g, R_S2, 0, NSLOT, "block slot");
  emit(g, 1, "lui s5, 0x%x", (unsigned)(WW_SHARED_BASE >> 12));
  fold_words(g, R_S5, (int)(WW_SHARED_BASE & 0xFFFu) + SH_CNT_OFF, NSHCNT, "shared counters");
  emit(g, 1, "sw t1, %d(s0)", SLICE_CNTSUM);
  for (int i = 0; i < NDATA; i++)
    emit(g, 1, "sw %s, %d(s0)", rn[data_regs[i]], SLICE_DUMP + 4 * i);
  emit_csrr(g, R_T0, CSR_CTAID, "ctaid", 1);
  emit_csrr(g, R_T1, CSR_NTID, "ntid", 1);
  emit(g, 1, "mul t0, t0, t1");
  emit_csrr(g, R_T1, CSR_TID, "tid", 0);
  emit(g, 1, "add t0, t0, t1");
  emit_li(g, R_T1, MARKER_BASE);
  emit(g, 1, "add t0, t0, t1");
  emit(g, 1, "sw t0, %d(s0)  /* marker: 0x%08x + gid */", SLICE_MARKER, MARKER_BASE);
  emit(g, 1, "lw ra, %d(sp)", FRAME - 4);
  emit(g, 1, "addi sp, sp, %d", FRAME);
  emit(g, 1, "ret");
}

/* The epilogue's size and warp instructions (it draws no random numbers). */
static void epilogue_cost(const gen_t *g, unsigned *statics, unsigned *dyn)
{
  gen_t t = *g;
  sbuf_t scratch = { 0 };
  t.out = &scratch;
  t.statics = 0;
  t.dyn = 0;
  t.mult = 1;
  gen_epilogue(&t);
  *statics = t.statics;
  *dyn = (unsigned)t.dyn;
  free(scratch.p);
}

/* ---- injected bugs (the runner's mutants) ---------------------------------------------- */
static void inject(gen_t *g, const char *bug)
{
  unsigned id = g->label++;
  if (strcmp(bug, "divergent") == 0) {
    sb_printf(g->out, "  /* INJECTED BUG: lane-dependent branch outside split/join */\n");
    emit_csrr(g, R_T0, CSR_LANEID, "laneid", 0);
    emit(g, 1, "andi t0, t0, 1");
    emit(g, 1, "beqz t0, .Lbug%u", id);
    emit(g, 1, "addi a1, a1, 1");
    label(g, ".Lbug%u", id);
  } else if (strcmp(bug, "bar") == 0) {
    sb_printf(g->out, "  /* INJECTED BUG: ww.bar inside a divergent split */\n");
    emit_csrr(g, R_T0, CSR_LANEID, "laneid", 0);
    emit(g, 1, "andi t0, t0, 1");
    emit_split(g, R_T0);
    emit(g, 1, "beqz t0, .Lbug%u", id);
    emit_bar(g);
    label(g, ".Lbug%u", id);
    emit_join(g);
  } else {   /* race: the old values of exchanges and plain stores to one word are kept */
    int rd = pick_data();
    sb_printf(g->out, "  /* INJECTED BUG: racy exchange and store on one global word */\n");
    emit_csrr(g, R_T0, CSR_CTAID, "ctaid", 1);
    emit(g, 1, "slli t0, t0, 8");
    emit_csrr(g, R_T1, CSR_TID, "tid", 0);
    emit(g, 1, "add t1, t1, t0");
    emit(g, 1, "addi t1, t1, 1");
    emit(g, 1, "addi t0, s3, %d", 4 * RACE_WORD);
    emit_amo(g, K_EXCH, 1, rd, R_T0, R_T1, 0);
    emit(g, 1, "sw t1, %d(s3)", 4 * (RACE_WORD + 1));
    emit(g, 1, "lw t0, %d(s3)", 4 * (RACE_WORD + 1));
    emit(g, 1, "add %s, %s, t0", rn[rd], rn[rd]);
    setreg(g, rd, 0);
  }
}

/* ---- the whole program ------------------------------------------------------------------ */
static void gen_function(gen_t *g, int f, sbuf_t *out)
{
  sbuf_t *main_out = g->out;
  uint64_t dyn0 = g->dyn, lim0 = g->dyn_limit;
  g->out = out;
  g->in_func = 1;
  g->barrier_ok = 0;
  g->mult = 1;
  g->dyn = 0;
  g->dyn_limit = 60 + rnd(60);
  g->uni = BIT(R_ZERO) | BIT(R_S2) | BIT(R_S3) | BIT(R_SP);
  g->written = 0;
  sb_printf(out, "\n  .type rp_f%d, @function\nrp_f%d:\n", f, f);
  gen_block(g, 2 + rnd(6));
  if (chance(50))
    emit(g, 1, "ret");
  else
    emit(g, 1, "jalr zero, 0(ra)");
  sb_printf(out, "  .size rp_f%d, . - rp_f%d\n", f, f);
  g->f.cost[f] = (unsigned)g->dyn;
  g->f.written[f] = g->written & ~SCRATCH_MASK;
  g->f.exit_uni[f] = g->uni;
  g->out = main_out;
  g->in_func = 0;
  g->dyn = dyn0;
  g->dyn_limit = lim0;
}

static void usage(FILE *f)
{
  fputs("usage: ww_randprog --seed N [--insns K] [-o FILE.S] [--print-launch]\n"
        "                   [--grid G] [--block B] [--inject-bug divergent|bar|race]\n"
        "\n"
        "Writes a random race-free Warpwatch kernel (assembly for sw/crt0.S and\n"
        "sw/link/kernel.ld) to FILE.S (default: stdout).\n"
        "\n"
        "  --seed N          the program and its launch shape (0..2^64-1)\n"
        "  --insns K         static instructions of the kernel body to aim for\n"
        "                    (default 400, at most 1100); the dynamic budget of\n"
        "                    19000 warp instructions per launch may stop it earlier\n"
        "  -o FILE.S         the output ('-' is stdout)\n"
        "  --print-launch    print 'GRID BLOCK OUT_BYTES' on stdout\n"
        "  --grid G          override the grid from the seed (1..6)\n"
        "  --block B         override the block from the seed (1..32)\n"
        "  --inject-bug K    a deliberately illegal variant (runner self-check):\n"
        "                    divergent, bar (both trap) or race (output differs\n"
        "                    between interleavings)\n"
        "\n"
        "The kernel's argument block: word 0 = the output buffer (OUT_BYTES bytes,\n"
        "zeroed by the host), word 1 = OUT_BYTES. See sw/randprog/README.md.\n", f);
}

static uint64_t parse_num(const char *opt, const char *s, uint64_t max)
{
  char *end;
  errno = 0;
  if (!s || !*s || *s == '-')
    die("%s needs a number", opt);
  unsigned long long v = strtoull(s, &end, 0);
  if (errno || *end || v > max)
    die("%s: bad value '%s' (0..%" PRIu64 ")", opt, s, max);
  return (uint64_t)v;
}

int main(int argc, char **argv)
{
  opts_t o = { 0, DEFAULT_INSNS, 0, 0, NULL };
  const char *outpath = NULL;
  int have_seed = 0, print_launch = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      usage(stdout);
      return 0;
    } else if (strcmp(a, "--seed") == 0) {
      o.seed = parse_num(a, v, UINT64_MAX);
      have_seed = 1;
      i++;
    } else if (strcmp(a, "--insns") == 0) {
      o.insns = (unsigned)parse_num(a, v, MAX_INSNS);
      i++;
    } else if (strcmp(a, "--grid") == 0) {
      o.grid = (unsigned)parse_num(a, v, MAX_GRID);
      if (!o.grid)
        die("--grid must be 1..%d", MAX_GRID);
      i++;
    } else if (strcmp(a, "--block") == 0) {
      o.block = (unsigned)parse_num(a, v, MAX_BLOCK);
      if (!o.block)
        die("--block must be 1..%d", MAX_BLOCK);
      i++;
    } else if (strcmp(a, "-o") == 0) {
      if (!v)
        die("-o needs a file name");
      outpath = v;
      i++;
    } else if (strcmp(a, "--print-launch") == 0) {
      print_launch = 1;
    } else if (strcmp(a, "--inject-bug") == 0) {
      if (!v || (strcmp(v, "divergent") && strcmp(v, "bar") && strcmp(v, "race")))
        die("--inject-bug: divergent, bar or race");
      o.bug = v;
      i++;
    } else {
      usage(stderr);
      die("unknown argument '%s'", a);
    }
  }
  if (!have_seed)
    die("--seed N is required (see --help)");
  if (print_launch && outpath && strcmp(outpath, "-") == 0)
    die("--print-launch and -o - would both write to stdout");

  /* The launch shape comes first, so that it depends on the seed alone. */
  rng_state = o.seed;
  unsigned grid = 1 + rnd(MAX_GRID), block = 1 + rnd(MAX_BLOCK);
  if (chance(25))   /* full warps are common in real kernels */
    block = WW_LANES * (1 + rnd(WW_WARPS_PER_SM));
  if (!o.grid)
    o.grid = grid;
  if (!o.block)
    o.block = block;
  if (o.bug && strcmp(o.bug, "race") == 0 && o.grid < 2)
    o.grid = 2;    /* a race needs warps of two blocks */
  if (o.bug && strcmp(o.bug, "race") != 0 && o.block < 2)
    o.block = 2;   /* divergence needs two lanes */
  uint32_t ob = out_bytes(o.grid, o.block);
  if (print_launch)
    printf("%u %u %" PRIu32 "\n", o.grid, o.block, ob);
  if (print_launch && !outpath)
    return 0;

  static gen_t g;
  sbuf_t body = { 0 }, funcs = { 0 };
  unsigned warps = o.grid * ((o.block + WW_LANES - 1) / WW_LANES);
  uint64_t per_warp = INSN_BUDGET / warps;
  g.out = &body;
  g.mult = 1;
  g.static_limit = CODE_LIMIT / 4 - 64;   /* crt0 and slack */
  g.region_limit = UINT32_MAX;
  init_counters(&g);

  /* leaf functions first: their costs are known at the call sites */
  g.f.funcs = (int)rnd(4);
  for (int f = 0; f < g.f.funcs; f++)
    gen_function(&g, f, &funcs);
  unsigned func_statics = g.statics;

  g.dyn_limit = per_warp;
  g.barrier_ok = 1;
  gen_prologue(&g, &o);
  unsigned epi_static, epi;
  epilogue_cost(&g, &epi_static, &epi);
  unsigned static_goal = g.statics + o.insns;
  unsigned body_static_limit = g.static_limit - epi_static - 40;
  g.static_limit = static_goal < body_static_limit ? static_goal : body_static_limit;
  g.dyn_limit = per_warp > g.dyn + epi + 40 ? per_warp - epi - 40 : g.dyn;
  int bug_at = o.bug ? (strcmp(o.bug, "race") == 0 ? -3 : 0) : -1;
  unsigned stmt = 0;
  if (bug_at == 0)
    inject(&g, o.bug);
  while (room(&g, 12)) {
    gen_stmt(&g);
    stmt++;
    if (bug_at == -3 && (stmt == 1 || stmt % 7 == 0))
      inject(&g, o.bug);
  }
  if (bug_at == -3)
    inject(&g, o.bug);
  g.static_limit = CODE_LIMIT / 4;
  g.dyn_limit = UINT64_MAX;
  gen_epilogue(&g);
  unsigned total_static = g.statics;
  if ((total_static + 16) * 4 > CODE_LIMIT)
    die("internal: %u instructions exceed the %d-byte code limit", total_static, CODE_LIMIT);

  FILE *f = stdout;
  if (outpath && strcmp(outpath, "-") != 0) {
    f = fopen(outpath, "w");
    if (!f)
      die("cannot write '%s': %s", outpath, strerror(errno));
  }
  unsigned slot_off = o.grid * o.block * SLICE_BYTES;
  fprintf(f,
          "/* GENERATED by ww_randprog --seed %" PRIu64 " --insns %u%s%s -- do not edit.\n"
          " * A random race-free Warpwatch kernel (sw/randprog/README.md).\n"
          " *\n"
          " * launch: grid=%u block=%u out_bytes=%" PRIu32 "\n"
          " * kargs:  word 0 = out (out_bytes bytes, zeroed by the host), word 1 = out_bytes\n"
          " * out:    [0, %u) thread slices, %d bytes per global thread id:\n"
          " *           words 0..9 scratch, 10 memory checksum, 11..29 data registers,\n"
          " *           30 slot+shared-counter checksum, 31 marker 0x%08x + gid\n"
          " *         [%u, %u) block slots, %d bytes per block (block-scope atomics)\n"
          " *         [%u, %" PRIu32 ") grid counters (device-scope atomics)\n"
          " * size:   %u instructions (%u in %d leaf functions), at most %" PRIu64
          " warp instructions per warp, %u warps\n"
          " * shape:  %u splits, %u uniform branches, %u uniform loops, %u vote loops, %u calls,\n"
          " *         %u shared exchanges, %u barriers, %u atomics\n",
          o.seed, o.insns, o.bug ? " --inject-bug " : "", o.bug ? o.bug : "", o.grid, o.block, ob,
          slot_off, SLICE_BYTES, MARKER_BASE, slot_off, slot_off + o.grid * SLOT_BYTES,
          SLOT_BYTES, slot_off + o.grid * SLOT_BYTES, ob, total_static, func_statics,
          g.f.funcs, g.dyn, warps, g.n_split, g.n_ubr, g.n_uloop, g.n_vloop, g.n_call,
          g.n_phase, g.n_bar, g.n_amo);
  fputs(" * counters (one operation each):", f);
  for (int r = 0; r < 3; r++) {
    const counter_t *c = r == 0 ? g.slot : r == 1 ? g.cnt : g.shc;
    int n = r == 0 ? NSLOT : r == 1 ? NCNT : NSHCNT;
    fprintf(f, "\n *   %s:", r == 0 ? "block slot" : r == 1 ? "grid" : "shared");
    for (int i = 0; i < n; i++)
      fprintf(f, " %s", kname[c[i].kind]);
  }
  if (o.bug)
    fprintf(f, "\n *\n * INJECTED BUG: %s -- this program is illegal on purpose", o.bug);
  fputs("\n */\n\n  .text\n  .globl ww_kernel_entry\n  .type ww_kernel_entry, @function\n"
        "ww_kernel_entry:\n", f);
  fwrite(body.p, 1, body.len, f);
  fputs("  .size ww_kernel_entry, . - ww_kernel_entry\n", f);
  if (funcs.len)
    fwrite(funcs.p, 1, funcs.len, f);
  int bad = ferror(f);
  if (f != stdout)
    bad |= fclose(f) != 0;
  else
    bad |= fflush(f) != 0;
  free(body.p);
  free(funcs.p);
  if (bad)
    die("write error on '%s'", outpath ? outpath : "stdout");
  return 0;
}
