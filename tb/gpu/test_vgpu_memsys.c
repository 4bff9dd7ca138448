/* SPDX-License-Identifier: Apache-2.0
 *
 * test_vgpu_memsys -- the GPU's memory system end to end (gpu/rtl-memsys):
 * ww_gpu with the SM test double tb/gpu/tb_sm_memtest.v, through the C API
 * (ww_vgpu.h) and the DRAM model. The double runs a command list from its
 * instruction memory (so the host's instruction load is exercised too):
 * posted writes, reads, device atomics, END, TRAP.
 *
 * Each block writes 16 words of its own 1 KiB and reads them back at once
 * (read after posted write: point-to-point ordering in the crossbar and the
 * L2), adds 1 twice to a shared counter (device atomics at one slice from
 * every SM), reads words the host put in DRAM (L2 misses), and writes and
 * reads one more word. Checked:
 *   - every block placed once, in order, onto an SM (placements);
 *   - every read returns the value its block wrote / the host's word;
 *   - the atomics return distinct old values 0 .. 2*grid-1;
 *   - at done_o the host memory holds every write and the counter: the
 *     end-of-grid flush wrote the L2's dirty lines back;
 *   - every accepted slice request is observed once with its source SM and
 *     a sideband naming that SM's block and the command; every slice gets
 *     some (lines interleave over partitions);
 *   - the same results at DRAM latency 1, the default, and 37 with one
 *     request per 5 cycles; a second launch on the same GPU;
 *   - a TRAP command stops the run with its kind, SM, warp, PC, block;
 *   - no KILO TM packet in those runs (the commit units idle);
 *   - KILO TM through the partition ports' commit units (TINC: a
 *     transactional increment, RLOG + WLOG to the word's partition, END and
 *     FINAL to every partition, retried until it commits): every block
 *     increments two counters in two partitions; the counters end at
 *     grid * N in DRAM, the committed attempts saw the old values 0 ..
 *     grid * N - 1 once each (serializable), every attempt has its own
 *     commit ID and one final outcome event, the failed ones are retried,
 *     and the units accepted exactly the packets sent.
 * Ends with "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_config.h"
#include "ww_vgpu.h"

static int g_case_fail;

#define CHECK(cond, ...)                                                 \
  do {                                                                   \
    if (!(cond)) {                                                       \
      printf("  FAIL %s:%d: ", __func__, __LINE__);                      \
      printf(__VA_ARGS__);                                               \
      printf("\n");                                                      \
      g_case_fail = 1;                                                   \
    }                                                                    \
  } while (0)

enum { C_END = 0, C_WRITE = 1, C_READ = 2, C_ADD = 3, C_TRAP = 4, C_TINC = 5 };
#define CMD(op, shared, w) (((uint32_t)(op) << 28) | ((uint32_t)(shared) << 16) | (uint32_t)(w))
#define VAL(ctaid, w) (0x80000000u | ((uint32_t)(ctaid) & 0x7FFF) << 16 | (uint32_t)(w))
#define HOSTW(w) (0xC0DE0000u + (uint32_t)(w))

#define PROG_A   WW_CODE_BASE
#define PROG_B   (WW_CODE_BASE + 0x100)
#define PROG_C   (WW_CODE_BASE + 0x200)
#define MAX_CMDS 64
#define MAX_GRID 64

static uint32_t prog_a[MAX_CMDS];
static unsigned n_a;
static unsigned n_req_a;      /* memory requests per block */

static void put32(uint8_t *m, uint32_t a, uint32_t x)
{
  for (unsigned i = 0; i < 4; i++)
    m[a + i] = (uint8_t)(x >> (8 * i));
}

static uint32_t get32(const uint8_t *m, uint32_t a)
{
  return m[a] | m[a + 1] << 8 | m[a + 2] << 16 | (uint32_t)m[a + 3] << 24;
}

static void build_prog_a(void)
{
  n_a = 0;
  for (unsigned w = 0; w < 16; w++)
    prog_a[n_a++] = CMD(C_WRITE, 0, w);
  for (unsigned w = 0; w < 16; w++)
    prog_a[n_a++] = CMD(C_READ, 0, w);
  prog_a[n_a++] = CMD(C_ADD, 1, 0);
  prog_a[n_a++] = CMD(C_ADD, 1, 0);
  for (unsigned w = 0; w < 4; w++)
    prog_a[n_a++] = CMD(C_READ, 1, 0x40 + w);
  prog_a[n_a++] = CMD(C_WRITE, 0, 100);
  prog_a[n_a++] = CMD(C_READ, 0, 100);
  n_req_a = n_a;
  prog_a[n_a++] = CMD(C_END, 0, 0);
}

static void load_progs(uint8_t *m, uint32_t kargs)
{
  for (unsigned i = 0; i < n_a; i++)
    put32(m, PROG_A + 4 * i, prog_a[i]);
  put32(m, PROG_B, CMD(C_WRITE, 0, 0));
  put32(m, PROG_B + 4, CMD(C_TRAP, 0, 0));
  put32(m, PROG_B + 8, CMD(C_END, 0, 0));
  for (unsigned w = 0; w < 4; w++)
    put32(m, kargs + 4 * (0x40 + w), HOSTW(w));
  put32(m, kargs, 0);      /* the shared counter */
}

/* The word a command of block ctaid reads, or -1 (not a read). */
static int64_t expect_read(uint32_t cmd, uint32_t ctaid)
{
  unsigned op = cmd >> 28, shared = (cmd >> 16) & 1, w = cmd & 0xFFFF;
  if (op != C_READ)
    return -1;
  return shared ? HOSTW(w - 0x40) : VAL(ctaid, w);
}

/* Runs program A over `grid` blocks with data at kargs; checks everything. */
static void run_a(ww_vgpu_t *v, uint32_t grid, uint32_t kargs, const char *what)
{
  const ww_vgpu_info_t *info = ww_vgpu_info(v);
  const unsigned wid_w = info->warps_per_sm > 1 ? (unsigned)(32 - __builtin_clz(info->warps_per_sm - 1)) : 1;
  uint8_t *m = ww_vgpu_mem(v);
  load_progs(m, kargs);
  ww_launch_t l = { PROG_A, grid, info->lanes, kargs };
  char err[300];
  if (ww_vgpu_launch(v, &l, err, sizeof err)) {
    CHECK(0, "%s: launch: %s", what, err);
    return;
  }
  static ww_vgpu_events_t ev;
  int placed_sm[MAX_GRID];
  unsigned n_placed = 0, retired[MAX_GRID] = { 0 }, reqs[MAX_GRID] = { 0 };
  unsigned adds = 0, stall_seen = 0, part_seen = 0;
  uint64_t add_seen = 0;   /* bit i: old value i returned */
  for (unsigned i = 0; i < MAX_GRID; i++)
    placed_sm[i] = -1;
  ww_vgpu_status_t r;
  do {
    r = ww_vgpu_tick(v, &ev);
    if (ev.launch_valid) {
      CHECK(ev.launch_ctaid == n_placed && ev.launch_sm < info->num_sm,
            "%s: placement %u: block %u on SM %u", what, n_placed, ev.launch_ctaid,
            ev.launch_sm);
      if (ev.launch_ctaid < MAX_GRID)
        placed_sm[ev.launch_ctaid] = (int)ev.launch_sm;
      n_placed++;
    }
    for (unsigned i = 0; i < ev.n_retire; i++) {
      const ww_retire_t *rt = &ev.retire[i];
      uint32_t c = rt->block;
      if (c >= grid || placed_sm[c] != (int)rt->sm) {
        CHECK(0, "%s: retire of block %u on SM %u, not placed there", what, c, rt->sm);
        continue;
      }
      unsigned idx = (rt->pc - PROG_A) / 4;
      CHECK(idx == retired[c] && rt->insn == prog_a[idx] && rt->warp == 0 && rt->mask == 1,
            "%s: block %u retired pc 0x%x insn 0x%08x, want command %u", what, c, rt->pc,
            rt->insn, retired[c]);
      int64_t want = expect_read(rt->insn, c);
      if (want >= 0)
        CHECK(rt->rd_val[0] == (uint32_t)want && rt->rd == 1 && rt->mem == WW_MEM_LOAD,
              "%s: block %u command %u read 0x%08x, want 0x%08x", what, c, idx, rt->rd_val[0],
              (uint32_t)want);
      if (rt->insn >> 28 == C_ADD) {
        adds++;
        if (rt->rd_val[0] < 64)
          add_seen |= 1ull << rt->rd_val[0];
      }
      retired[c]++;
    }
    for (unsigned i = 0; i < ev.n_part_req; i++) {
      const ww_vgpu_part_req_t *q = &ev.part_req[i];
      /* sideband {pc, ctaid, wid, op}: op in [6:0], ctaid above wid */
      unsigned sb_op = q->sb[0] & 0x7F;
      uint32_t lo = wid_w + 7;
      uint32_t ctaid = (uint32_t)((((uint64_t)q->sb[1] << 32 | q->sb[0]) >> lo) & 0xFFFFFFFFu);
      CHECK(q->part < info->num_part && ctaid < grid && placed_sm[ctaid] == (int)q->sm &&
              sb_op >= C_WRITE && sb_op <= C_ADD,
            "%s: slice %u request from SM %u, sideband block %u op %u", what, q->part, q->sm,
            ctaid, sb_op);
      if (ctaid < grid)
        reqs[ctaid]++;
      part_seen |= 1u << q->part;
    }
    for (unsigned s = 0; s < info->num_sm; s++)
      stall_seen |= ev.stall[s][0] == 3;
  } while (r == WW_VGPU_RUNNING && ww_vgpu_cycles(v) < 2000000);
  CHECK(r == WW_VGPU_DONE, "%s: run ended with %d after %llu cycles", what, (int)r,
        (unsigned long long)ww_vgpu_cycles(v));
  CHECK(!ev.busy && !ww_vgpu_busy(v), "%s: busy in the done cycle", what);
  CHECK(n_placed == grid, "%s: %u blocks placed of %u", what, n_placed, grid);
  for (uint32_t c = 0; c < grid; c++) {
    CHECK(retired[c] == n_a, "%s: block %u retired %u of %u commands", what, c, retired[c], n_a);
    CHECK(reqs[c] == n_req_a, "%s: block %u: %u slice requests seen, want %u", what, c,
          reqs[c], n_req_a);
  }
  CHECK(adds == 2 * grid && add_seen == (2 * grid >= 64 ? ~0ull : (1ull << (2 * grid)) - 1),
        "%s: atomics returned %u values, set 0x%llx", what, adds, (unsigned long long)add_seen);
  CHECK(stall_seen, "%s: stall class 3 never seen", what);
  CHECK(part_seen == (1u << info->num_part) - 1, "%s: requests reached slices 0x%x only", what,
        part_seen);
  /* memory after done_o: everything written back */
  unsigned bad = 0;
  for (uint32_t c = 0; c < grid; c++) {
    for (unsigned w = 0; w < 16; w++)
      bad += get32(m, kargs + (c + 1) * 1024 + 4 * w) != VAL(c, w);
    bad += get32(m, kargs + (c + 1) * 1024 + 400) != VAL(c, 100);
  }
  CHECK(!bad, "%s: %u written words missing from DRAM after done", what, bad);
  CHECK(get32(m, kargs) == 2 * grid, "%s: counter %u in DRAM, want %u", what, get32(m, kargs),
        2 * grid);
  ww_vgpu_stats_t st;
  ww_vgpu_stats(v, &st);
  CHECK(!st.dram_out_of_range && st.dram_writes > 0 && st.dram_reads > 0,
        "%s: DRAM reads %llu writes %llu out of range %llu", what,
        (unsigned long long)st.dram_reads, (unsigned long long)st.dram_writes,
        (unsigned long long)st.dram_out_of_range);
  CHECK(st.warp_insns == (uint64_t)grid * n_a && st.blocks_launched == grid,
        "%s: stats %llu insns %llu blocks", what, (unsigned long long)st.warp_insns,
        (unsigned long long)st.blocks_launched);
  CHECK(st.tm_packets == 0, "%s: %llu TM packets in a kernel without transactions", what,
        (unsigned long long)st.tm_packets);
  printf("  %s: %u blocks in %llu cycles\n", what, grid, (unsigned long long)st.cycles);
}

static ww_vgpu_t *mk(unsigned lat, unsigned iv)
{
  ww_vgpu_opts_t o = { 0 };
  o.dram_latency = lat;
  o.dram_interval = iv;
  o.seed = 7;
  char err[256];
  ww_vgpu_t *v = ww_vgpu_new(&o, err, sizeof err);
  if (!v) {
    printf("ww_vgpu_new: %s\n", err);
    exit(1);
  }
  return v;
}

static void t_default(void)
{
  ww_vgpu_t *v = mk(0, 0);
  run_a(v, 7, 0x100000, "default DRAM");
  /* a second launch: new region; the first launch's results stay */
  run_a(v, 5, 0x200000, "second launch");
  uint8_t *m = ww_vgpu_mem(v);
  CHECK(get32(m, 0x100000 + 7 * 1024 + 4 * 15) == VAL(6, 15) && get32(m, 0x100000) == 14,
        "first launch's results lost");
  ww_vgpu_free(v);
}

static void t_fast(void)
{
  ww_vgpu_t *v = mk(1, 1);
  run_a(v, 9, 0x180000, "DRAM latency 1");
  ww_vgpu_free(v);
}

static void t_slow(void)
{
  ww_vgpu_t *v = mk(37, 5);
  run_a(v, 4, 0x300000, "DRAM latency 37 interval 5");
  ww_vgpu_free(v);
}

static void t_trap(void)
{
  ww_vgpu_t *v = mk(0, 0);
  uint8_t *m = ww_vgpu_mem(v);
  load_progs(m, 0x100000);
  ww_launch_t l = { PROG_B, 2, 1, 0x100000 };
  char err[300] = "";
  CHECK(ww_vgpu_launch(v, &l, err, sizeof err) == 0, "launch: %s", err);
  ww_trap_t t;
  memset(&t, 0, sizeof t);
  ww_vgpu_status_t r = ww_vgpu_run(v, 100000, NULL, NULL, &t, err, sizeof err);
  CHECK(r == WW_VGPU_TRAP, "run returned %d (%s)", (int)r, err);
  CHECK(t.kind == WW_TRAP_KERNEL_TRAP && t.sm < WW_NUM_SM && t.warp == 0 && t.pc == PROG_B + 4 &&
          t.insn == CMD(C_TRAP, 0, 0) && t.lane == -1 && t.block < 2 && t.mask == 1,
        "trap kind %d sm %u warp %u pc 0x%x insn 0x%08x lane %d block %u", (int)t.kind, t.sm,
        t.warp, t.pc, t.insn, t.lane, t.block);
  ww_vgpu_free(v);
}

/* KILO TM: each block increments the counters at words 0 and TM_W2 (another
 * line, so another partition) TM_N times each, transactionally. */
#define TM_N  3
#define TM_W2 (WW_LINE_BYTES / 4)
#define TM_MAXV 256

static void run_tm(unsigned lat, unsigned iv, uint32_t grid, const char *what)
{
  ww_vgpu_t *v = mk(lat, iv);
  const ww_vgpu_info_t *info = ww_vgpu_info(v);
  const uint32_t kargs = 0x100000;
  uint8_t *m = ww_vgpu_mem(v);
  unsigned nc = 0;
  uint32_t prog[2 * TM_N + 1];
  for (unsigned i = 0; i < TM_N; i++) {
    prog[nc++] = CMD(C_TINC, 1, 0);
    prog[nc++] = CMD(C_TINC, 1, TM_W2);
  }
  prog[nc++] = CMD(C_END, 0, 0);
  for (unsigned i = 0; i < nc; i++)
    put32(m, PROG_C + 4 * i, prog[i]);
  put32(m, kargs, 0);
  put32(m, kargs + 4 * TM_W2, 0);
  ww_launch_t l = { PROG_C, grid, info->lanes, kargs };
  char err[300];
  if (ww_vgpu_launch(v, &l, err, sizeof err)) {
    CHECK(0, "launch: %s", err);
    ww_vgpu_free(v);
    return;
  }
  static ww_vgpu_events_t ev;
  static uint8_t seen[2][TM_MAXV];
  static uint8_t cid_seen[1u << 16];
  memset(seen, 0, sizeof seen);
  memset(cid_seen, 0, sizeof cid_seen);
  unsigned incs = 0, fins = 0, passes = 0, dup_cid = 0, bad_old = 0;
  ww_vgpu_status_t r;
  do {
    r = ww_vgpu_tick(v, &ev);
    for (unsigned i = 0; i < ev.n_retire; i++) {
      const ww_retire_t *rt = &ev.retire[i];
      if (rt->insn >> 28 != C_TINC)
        continue;
      unsigned which = (rt->insn & 0xFFFF) != 0, old = rt->rd_val[0];
      if (old < TM_MAXV && !seen[which][old])
        seen[which][old] = 1;
      else
        bad_old++;
      incs++;
    }
    for (unsigned i = 0; i < ev.n_tm_fin; i++) {
      const ww_vgpu_tm_fin_t *f = &ev.tm_fin[i];
      fins++;
      passes += f->pass != 0;
      if (f->cid < sizeof cid_seen && !cid_seen[f->cid])
        cid_seen[f->cid] = 1;
      else
        dup_cid++;
      CHECK(f->sm < info->num_sm && f->warp == 0 && f->lane == 0, "fin event sm %u warp %u lane %u",
            f->sm, f->warp, f->lane);
    }
  } while (r == WW_VGPU_RUNNING && ww_vgpu_cycles(v) < 2000000);
  CHECK(r == WW_VGPU_DONE, "run ended with %d after %llu cycles", (int)r,
        (unsigned long long)ww_vgpu_cycles(v));
  const unsigned want = grid * TM_N;
  CHECK(get32(m, kargs) == want && get32(m, kargs + 4 * TM_W2) == want,
        "counters %u and %u in DRAM, want %u", get32(m, kargs), get32(m, kargs + 4 * TM_W2), want);
  CHECK(incs == 2 * want && !bad_old, "%u increments retired, %u with a repeated old value", incs,
        bad_old);
  CHECK(passes == 2 * want && !dup_cid, "%u final outcomes, %u passed, %u repeated CIDs", fins,
        passes, dup_cid);
  ww_vgpu_stats_t st;
  ww_vgpu_stats(v, &st);
  const uint64_t pkts = (uint64_t)fins * (2 + 2 * info->num_part);
  CHECK(st.tm_packets == pkts, "%llu TM packets accepted, want %llu", (unsigned long long)st.tm_packets,
        (unsigned long long)pkts);
  printf("  %s: %u blocks, %u commits, %u aborts, %llu packets in %llu cycles\n", what, grid,
         passes, fins - passes, (unsigned long long)st.tm_packets, (unsigned long long)st.cycles);
  ww_vgpu_free(v);
}

static void t_tm(void)
{
  run_tm(0, 0, 12, "tm, default DRAM");
  run_tm(37, 5, 20, "tm, DRAM latency 37 interval 5");
}

int main(void)
{
  build_prog_a();
  static const struct {
    const char *name;
    void (*fn)(void);
  } cases[] = {
    { "default", t_default }, { "dram-fast", t_fast }, { "dram-slow", t_slow },
    { "trap", t_trap }, { "tm", t_tm },
  };
  int pass = 0, fail = 0;
  for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    g_case_fail = 0;
    cases[k].fn();
    printf("%s  memsys/%s\n", g_case_fail ? "FAIL" : "ok  ", cases[k].name);
    g_case_fail ? fail++ : pass++;
  }
  printf("%d passed, %d failed\n", pass, fail);
  return fail ? 1 : 0;
}
