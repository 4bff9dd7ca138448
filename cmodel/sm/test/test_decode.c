/* SPDX-License-Identifier: Apache-2.0
 *
 * test_decode -- independent check of the decoder's C model (cmodel/sm/
 * ww_decode.c, i.e. cmodel/isa/ww_isa.c's ww_decode() mapped onto the ports
 * of rtl/sm/ww_decode.v), against LLVM's RISC-V disassembler, which shares no
 * code or table with ww_isa.def.
 *
 * Words: every 32-bit word of the .text of every ELF in build/kernels/ that
 * exists (`make sw-kernels`), then N random words (default 10^6): half a
 * random ww_isa.def entry's MATCH | (random & ~MASK), half fully random.
 * They are written to a raw file, wrapped into an ELF .data section
 * (llvm-objcopy) and disassembled by `llvm-objdump -D -M no-aliases -M numeric
 * --mattr=+m` (RV32IM, no C), one line per word.
 *
 * Per word, with STD = the table's standard (non-"ww.") mnemonics:
 *   C decodes a standard op  -> objdump shows the same mnemonic (fence.tso
 *                               counts as fence) and the same registers and
 *                               immediate (branch/jal targets = address + imm,
 *                               lui/auipc imm = imm >> 12, CSR number when
 *                               objdump prints it as a number)          else FAIL
 *   C decodes a ww.* op      -> objdump shows no STD mnemonic            else FAIL
 *   C says illegal           -> objdump shows no STD mnemonic            else FAIL
 *                               (other RV words, e.g. csrrw, are counted)
 * plus table-free port invariants: a register field is 0 unless its uses_*
 * flag is set, exactly one is_* flag is set for a legal word and none for an
 * illegal one, illegal_o == (op_o == WW_OP_ILLEGAL).
 *
 * usage: test_decode [N_RANDOM [SEED]]; skips (exit 0, says so) if
 * llvm-objdump is missing. Ends with "test_decode: PASS|FAIL (...)".
 */
#define _POSIX_C_SOURCE 200809L   /* popen, mkdtemp, strdup */

#include "ww_decode.h"

#include <ctype.h>
#include <glob.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ww_rng.h"

static const struct {
  uint32_t match, mask;
} entry[] = {
#define WW_INSN(name, mnem, match, mask, fmt, cls) { match, mask },
#include "ww_isa.def"
};
#define N_ENTRY (sizeof entry / sizeof entry[0])

static uint32_t *words;
static size_t n_words, cap_words;
static char **dis;           /* objdump text per word ("mnemonic\toperands"), or NULL */
static unsigned failures;

static void push(uint32_t w)
{
  if (n_words == cap_words) {
    cap_words = cap_words ? 2 * cap_words : 1 << 16;
    words = realloc(words, cap_words * sizeof *words);
    if (!words) {
      perror("realloc");
      exit(1);
    }
  }
  words[n_words++] = w;
}

static int run(const char *cmd)
{
  int rc = system(cmd);
  if (rc != 0)
    fprintf(stderr, "test_decode: command failed (%d): %s\n", rc, cmd);
  return rc;
}

static void fail(size_t i, const char *what)
{
  if (getenv("TD_ALL") || failures++ < 20) {
    ww_insn_t d;
    char buf[96];
    ww_decode(words[i], &d);
    ww_disasm(&d, (uint32_t)(i * 4), buf, sizeof buf);
    fprintf(stderr, "MISMATCH word %zu = 0x%08" PRIx32 ": %s\n  C:       %s\n  objdump: %s\n", i,
            words[i], what, buf, dis[i] ? dis[i] : "(none)");
  }
}

static int is_std_mnemonic(const char *m)
{
  if (!strcmp(m, "fence.tso"))
    return 1;
  for (unsigned op = 0; op < WW_OP_COUNT; op++) {
    const char *t = ww_op_mnemonic(op);
    if (strncmp(t, "ww.", 3) && !strcmp(t, m))
      return 1;
  }
  return 0;
}

/* Splits objdump operands "x1, -4(x2)" / "x1, 0x1c <sym+0x4>" into tokens. */
static int tokens(const char *ops, char tok[][32], int max)
{
  int n = 0;
  const char *p = ops;
  while (*p && n < max) {
    while (*p == ' ' || *p == ',' || *p == '(' || *p == ')' || *p == '\t')
      p++;
    if (!*p || *p == '<')
      break;
    int k = 0;
    while (*p && !strchr(" ,()\t", *p) && k < 31)
      tok[n][k++] = *p++;
    tok[n][k] = 0;
    n++;
  }
  return n;
}

/* 1 if token t is the integer v (objdump prints decimal or 0x hex) */
static int tok_is(const char *t, int64_t v, uint32_t mask)
{
  char *end;
  long long x = strtoll(t, &end, 0);
  if (*end || end == t)
    return 0;
  return ((uint64_t)x & mask) == ((uint64_t)v & mask);
}

static int tok_reg(const char *t, unsigned r)
{
  char want[8];
  snprintf(want, sizeof want, "x%u", r);
  return !strcmp(t, want);
}

static unsigned n_std, n_custom, n_illegal, n_fence_tso, n_csr_named, n_not32;
static unsigned n_fence_rsvd, n_shamt5;   /* the two known disagreements, see below */

/* A word whose RISC-V length encoding is not 32 bits (bits [1:0] != 11, or
 * [4:2] == 111): objdump would take 2 or 6+ bytes and lose the word grid. */
static int not_32bit(uint32_t w)
{
  return (w & 3u) != 3u || (w & 0x1Cu) == 0x1Cu;
}

static void check_word(size_t i)
{
  uint32_t w = words[i], pc = (uint32_t)(i * 4);
  ww_decode_out_t o;
  ww_decode_compute(w, &o);

  /* table-free port invariants */
  unsigned flags = (unsigned)(o.is_alu_o + o.is_mul_o + o.is_div_o + o.is_branch_o + o.is_jump_o +
                              o.is_load_o + o.is_store_o + o.is_atomic_o + o.is_fence_o +
                              o.is_sys_o + o.is_csr_o + o.is_simt_o + o.is_tx_o);
  if (flags != (o.illegal_o ? 0u : 1u))
    fail(i, "is_* flags not one-hot for a legal word / not zero for an illegal one");
  if (o.illegal_o != (o.op_o == WW_OP_ILLEGAL))
    fail(i, "illegal_o disagrees with op_o");
  if ((o.rd_o && !o.uses_rd_o) || (o.rs1_o && !o.uses_rs1_o) || (o.rs2_o && !o.uses_rs2_o) ||
      (o.rs3_o && !o.uses_rs3_o))
    fail(i, "register field non-zero without its uses_* flag");

  if (not_32bit(w)) {   /* not given to objdump: no table entry has such an opcode */
    n_not32++;
    n_illegal++;
    if (!o.illegal_o)
      fail(i, "C decodes a word that is not a 32-bit instruction");
    return;
  }

  char mn[32] = "", opsbuf[160] = "";
  if (dis[i]) {
    const char *tab = strchr(dis[i], '\t');
    size_t ml = tab ? (size_t)(tab - dis[i]) : strlen(dis[i]);
    if (ml >= sizeof mn)
      ml = sizeof mn - 1;
    memcpy(mn, dis[i], ml);
    mn[ml] = 0;
    if (tab)
      snprintf(opsbuf, sizeof opsbuf, "%s", tab + 1);
  }
  int obj_std = mn[0] && is_std_mnemonic(mn);

  if (o.illegal_o) {
    n_illegal++;
    if (obj_std) {
      /* Known: LLVM 14 decodes RV32 slli/srli/srai with shamt[5] = 1, which
       * RV32I reserves; the table (funct7 in the mask) rejects them. */
      ww_insn_t d;
      if ((w >> 25 & 1) && ww_decode(w & ~(1u << 25), &d) == 0 &&
          (d.op == WW_OP_SLLI || d.op == WW_OP_SRLI || d.op == WW_OP_SRAI) &&
          !strcmp(mn, ww_op_mnemonic(d.op))) {
        n_shamt5++;
        return;
      }
      fail(i, "C says illegal, objdump decodes a table instruction");
    }
    return;
  }
  const char *cm = ww_op_mnemonic((unsigned)o.op_o);
  if (!strncmp(cm, "ww.", 3)) {
    n_custom++;
    if (obj_std)
      fail(i, "C decodes a ww.* op, objdump a standard one");
    return;
  }
  n_std++;
  if (!strcmp(mn, "fence.tso") && o.op_o == WW_OP_FENCE) {
    n_fence_tso++;
    return;
  }
  /* Known: FENCE's table entry masks only opcode and funct3 (docs/isa.md:
   * fence = ww.fence.dev); RISC-V has implementations ignore the reserved
   * rd, rs1 and fm fields, while LLVM shows such words as <unknown>. */
  if (o.op_o == WW_OP_FENCE && !mn[0] && (w & 0xF00FFF80u) != 0) {
    n_fence_rsvd++;
    return;
  }
  if (strcmp(mn, cm)) {
    fail(i, "mnemonic differs");
    return;
  }
  char t[4][32];
  int nt = tokens(opsbuf, t, 4);
  unsigned rd = (unsigned)o.rd_o, rs1 = (unsigned)o.rs1_o, rs2 = (unsigned)o.rs2_o;
  int32_t imm = (int32_t)(uint32_t)o.imm_o;
  int ok = 1;
  switch ((ww_fmt_t)o.fmt_o) {
  case WW_FMT_R:
    ok = nt == 3 && tok_reg(t[0], rd) && tok_reg(t[1], rs1) && tok_reg(t[2], rs2);
    break;
  case WW_FMT_I: /* addi x1, x2, imm; jalr x1, imm(x2) */
    if (o.op_o == WW_OP_JALR)
      ok = nt == 3 && tok_reg(t[0], rd) && tok_is(t[1], imm, ~0u) && tok_reg(t[2], rs1);
    else
      ok = nt == 3 && tok_reg(t[0], rd) && tok_reg(t[1], rs1) && tok_is(t[2], imm, ~0u);
    break;
  case WW_FMT_SHIFT:
    ok = nt == 3 && tok_reg(t[0], rd) && tok_reg(t[1], rs1) && tok_is(t[2], imm, ~0u);
    break;
  case WW_FMT_LOAD:
    ok = nt == 3 && tok_reg(t[0], rd) && tok_is(t[1], imm, ~0u) && tok_reg(t[2], rs1);
    break;
  case WW_FMT_S:
    ok = nt == 3 && tok_reg(t[0], rs2) && tok_is(t[1], imm, ~0u) && tok_reg(t[2], rs1);
    break;
  case WW_FMT_B:
    ok = nt == 3 && tok_reg(t[0], rs1) && tok_reg(t[1], rs2) &&
         tok_is(t[2], (int64_t)(pc + (uint32_t)imm), ~0u);
    break;
  case WW_FMT_J:
    ok = nt == 2 && tok_reg(t[0], rd) && tok_is(t[1], (int64_t)(pc + (uint32_t)imm), ~0u);
    break;
  case WW_FMT_U:
    ok = nt == 2 && tok_reg(t[0], rd) && tok_is(t[1], (uint32_t)imm >> 12, 0xFFFFFu) &&
         ((uint32_t)imm & 0xFFFu) == 0;
    break;
  case WW_FMT_CSR:
    ok = nt == 3 && tok_reg(t[0], rd) && tok_reg(t[2], rs1);
    if (ok && isdigit((unsigned char)t[1][0]))
      ok = tok_is(t[1], imm, 0xFFFu) && (uint32_t)imm <= 0xFFFu;
    else if (ok)
      n_csr_named++;   /* a standard CSR name (cycle, ...): number not compared */
    break;
  case WW_FMT_NONE: /* ecall, ebreak: no operands; fence: pred/succ sets, not decoded */
    ok = o.op_o == WW_OP_FENCE || nt == 0;
    break;
  default:
    ok = 0;
  }
  if (!ok)
    fail(i, "operands differ");
}

int main(int argc, char **argv)
{
  uint64_t count = argc > 1 ? strtoull(argv[1], NULL, 0) : 1000000u;
  uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x5EED0DEC0DEull;

  if (system("llvm-objdump --version >/dev/null 2>&1") != 0 ||
      system("llvm-objcopy --version >/dev/null 2>&1") != 0) {
    printf("test_decode: SKIP (llvm-objdump/llvm-objcopy not found)\n");
    return 0;
  }
  char dir[] = "/tmp/test_decode.XXXXXX";
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  char cmd[1024], path[512];

  /* 1. every word of every kernel's .text */
  size_t n_kernel_words = 0, n_kernels = 0;
  glob_t g;
  if (glob("build/kernels/*.elf", 0, NULL, &g) == 0) {
    for (size_t k = 0; k < g.gl_pathc; k++) {
      snprintf(path, sizeof path, "%s/k.bin", dir);
      snprintf(cmd, sizeof cmd, "llvm-objcopy -O binary --only-section=.text '%s' %s",
               g.gl_pathv[k], path);
      if (run(cmd))
        return 1;
      FILE *f = fopen(path, "rb");
      uint32_t w;
      while (f && fread(&w, 4, 1, f) == 1) {
        push(w);
        n_kernel_words++;
      }
      if (f)
        fclose(f);
      n_kernels++;
    }
    globfree(&g);
  }

  /* 2. random words: half valid encodings, half fully random */
  ww_rng_t rng = { seed };
  for (uint64_t n = 0; n < count; n++) {
    uint32_t r = (uint32_t)ww_rng_bits(&rng, 32);
    if (n & 1) {
      push(r);
    } else {
      unsigned e = (unsigned)ww_rng_below(&rng, N_ENTRY);
      push(entry[e].match | (r & ~entry[e].mask));
    }
  }

  /* 3. disassemble them all at once (little-endian words at address 4*i) */
  snprintf(path, sizeof path, "%s/w.bin", dir);
  FILE *f = fopen(path, "wb");
  for (size_t i = 0; f && i < n_words; i++) {
    uint32_t w = not_32bit(words[i]) ? 0x00000013u : words[i];   /* keep the 4-byte grid */
    if (fwrite(&w, 4, 1, f) != 1)
      break;
  }
  if (!f || fclose(f)) {
    perror(path);
    return 1;
  }
  snprintf(cmd, sizeof cmd, "cd %s && llvm-objcopy -I binary -O elf32-littleriscv w.bin w.elf",
           dir);
  if (run(cmd))
    return 1;
  snprintf(cmd, sizeof cmd,
           "llvm-objdump -D -j .data --triple=riscv32 --mattr=+m -M no-aliases -M numeric "
           "--no-show-raw-insn %s/w.elf",
           dir);
  FILE *p = popen(cmd, "r");
  if (!p) {
    perror("popen");
    return 1;
  }
  dis = calloc(n_words, sizeof *dis);
  char line[512];
  size_t n_lines = 0;
  while (fgets(line, sizeof line, p)) {
    char *s = line, *end;
    while (*s == ' ')
      s++;
    unsigned long addr = strtoul(s, &end, 16);
    if (end == s || *end != ':' || addr % 4 || addr / 4 >= n_words)
      continue;
    s = end + 1;
    while (*s == ' ' || *s == '\t')
      s++;
    s[strcspn(s, "\n")] = 0;
    size_t l = strlen(s);
    while (l && (s[l - 1] == ' ' || s[l - 1] == '\t'))
      s[--l] = 0;
    if (!*s || *s == '<')   /* <unknown> or a label line */
      continue;
    dis[addr / 4] = strdup(s);
    n_lines++;
  }
  if (pclose(p) != 0) {
    fprintf(stderr, "test_decode: llvm-objdump failed\n");
    return 1;
  }
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  run(cmd);

  for (size_t i = 0; i < n_words; i++)
    check_word(i);

  /* words objdump decodes but the table does not hold: counted, by mnemonic */
  struct { char m[32]; unsigned n; } other[64];
  unsigned n_other = 0;
  for (size_t i = 0; i < n_words; i++) {
    ww_insn_t d;
    if (!dis[i] || not_32bit(words[i]) || ww_decode(words[i], &d) == 0)
      continue;
    char m[32];
    snprintf(m, sizeof m, "%.*s", (int)strcspn(dis[i], "\t"), dis[i]);
    if (is_std_mnemonic(m))   /* the shamt[5] shifts, counted above */
      continue;
    unsigned k;
    for (k = 0; k < n_other && strcmp(other[k].m, m); k++)
      ;
    if (k == n_other && n_other < 64) {
      snprintf(other[n_other].m, sizeof other[n_other].m, "%s", m);
      other[n_other++].n = 0;
    }
    if (k < n_other)
      other[k].n++;
  }
  printf("test_decode: RV32IM words objdump decodes outside the ISA (C: illegal):");
  for (unsigned k = 0; k < n_other; k++)
    printf(" %s=%u", other[k].m, other[k].n);
  printf("\n");

  printf("test_decode: %s (%zu kernel words from %zu ELFs, %" PRIu64 " random, seed %" PRIu64
         "; C: %u standard, %u ww.*, %u illegal; objdump decoded %zu; fence.tso %u, "
         "named CSRs %u; %u words of another length, checked illegal; "
         "known: %u fence with reserved fields set (C: fence, LLVM: unknown), "
         "%u RV32 shifts with shamt[5] (C: illegal, LLVM: shift); %u mismatches)\n",
         failures ? "FAIL" : "PASS", n_kernel_words, n_kernels, count, seed, n_std, n_custom,
         n_illegal, n_lines, n_fence_tso, n_csr_named, n_not32, n_fence_rsvd, n_shamt5, failures);
  for (size_t i = 0; i < n_words; i++)
    free(dis[i]);
  free(dis);
  free(words);
  return failures ? 1 : 0;
}
