/* SPDX-License-Identifier: Apache-2.0
 *
 * test_vgpu -- checks of the Verilated GPU's C API (ww_vgpu.h) on the real
 * RTL, gpu/rtl-memory in `make test`. What can be checked whatever the SM
 * does so far:
 *   reset     ww_vgpu_new resets: idle, no output activity without a launch
 *   memory    the DRAM backing store is the whole global memory, host
 *             writes stay; bad DRAM options are refused with a reason
 *   launch    illegal launches are refused before touching the GPU
 *   load      a launch resets, loads IMEM_BYTES/4 instruction words (one
 *             per cycle) and pulses start: busy_o rises after kernel cycle 0.
 *             The instruction memory's contents are not observable at the
 *             ports; the kernel co-simulation checks them.
 *   timeout   a kernel that spins forever (`j .`) is stopped by the cycle
 *             limit with a message saying how far the grid got; a new
 *             launch then starts from reset.
 * With --wave FILE (and --seed/--cycles/--quiet, as scripts/check_wave_view.sh
 * passes them) it only runs the spinning kernel for that many cycles with an
 * FST and its saved view. Ends with "N passed, N failed".
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

#define SPIN_INSN 0x0000006Fu   /* jal x0, 0: `j .` */

static ww_vgpu_t *mk(const ww_vgpu_opts_t *o)
{
  char err[256];
  ww_vgpu_t *v = ww_vgpu_new(o, err, sizeof err);
  if (!v) {
    printf("ww_vgpu_new: %s\n", err);
    exit(1);
  }
  return v;
}

static void put32(uint8_t *m, uint32_t a, uint32_t x)
{
  for (unsigned i = 0; i < 4; i++)
    m[a + i] = (uint8_t)(x >> (8 * i));
}

static ww_launch_t spin_launch(ww_vgpu_t *v, uint32_t grid)
{
  put32(ww_vgpu_mem(v), WW_CODE_BASE, SPIN_INSN);
  ww_launch_t l = { WW_CODE_BASE, grid, WW_LANES * 2 <= WW_WARPS_PER_SM * WW_LANES ? WW_LANES * 2
                                                                                  : WW_LANES,
                    0x100000 };
  return l;
}

static void t_reset(void)
{
  ww_vgpu_t *v = mk(NULL);
  const ww_vgpu_info_t *in = ww_vgpu_info(v);
  CHECK(in->num_sm == WW_NUM_SM && in->num_part == WW_NUM_PART &&
          in->warps_per_sm == WW_WARPS_PER_SM && in->lanes == WW_LANES &&
          in->line_bytes == WW_LINE_BYTES && in->imem_bytes == WW_IMEM_BYTES &&
          in->gmem_bytes == WW_GMEM_BYTES && in->code_base == WW_CODE_BASE,
        "info does not match ww_config.h");
  ww_vgpu_stats_t st;
  ww_vgpu_stats(v, &st);
  CHECK(st.total_cycles >= WW_L2_SETS, "reset took %llu cycles, fewer than the L2 clear",
        (unsigned long long)st.total_cycles);
  CHECK(!ww_vgpu_busy(v), "busy after reset");
  ww_vgpu_events_t ev;
  for (unsigned c = 0; c < 50; c++) {
    ww_vgpu_status_t r = ww_vgpu_tick(v, &ev);
    CHECK(r == WW_VGPU_RUNNING && !ev.busy && !ev.done && !ev.n_retire && !ev.launch_valid &&
            !ev.trap_valid && !ev.n_part_req,
          "activity without a launch in cycle %u", c);
  }
  ww_vgpu_stats(v, &st);
  CHECK(!st.dram_reads && !st.dram_writes && !st.warp_insns, "DRAM or retire traffic");
  char err[200];
  CHECK(ww_vgpu_run(v, 10, NULL, NULL, NULL, err, sizeof err) == WW_VGPU_TIMEOUT &&
          strstr(err, "nothing launched"),
        "run without launch: %s", err);
  ww_vgpu_free(v);
  ww_vgpu_free(NULL);
}

static void t_memory(void)
{
  ww_vgpu_opts_t o = { 0 };
  char err[200] = "";
  o.dram_latency = 1000000;
  CHECK(!ww_vgpu_new(&o, err, sizeof err) && strstr(err, "latency"), "latency 1e6: %s", err);
  o.dram_latency = 3;
  o.dram_interval = 2;
  o.wave = "/nonexistent-dir/x.fst";
  CHECK(!ww_vgpu_new(&o, err, sizeof err) && strstr(err, "x.fst"), "bad wave path: %s", err);
  o.wave = NULL;
  ww_vgpu_t *v = mk(&o);
  uint8_t *m = ww_vgpu_mem(v);
  CHECK(m[0] == 0 && m[WW_GMEM_BYTES - 1] == 0, "memory not zeroed");
  for (uint32_t a = 0; a < WW_GMEM_BYTES; a += 4093)
    m[a] = (uint8_t)(a * 7);
  m[WW_GMEM_BYTES - 1] = 0x5A;
  ww_vgpu_reset(v);
  int bad = 0;
  for (uint32_t a = 0; a < WW_GMEM_BYTES; a += 4093)
    bad += m[a] != (uint8_t)(a * 7);
  CHECK(!bad && m[WW_GMEM_BYTES - 1] == 0x5A, "reset changed host memory (%d bytes)", bad);
  ww_vgpu_free(v);
}

static void t_launch_checks(void)
{
  ww_vgpu_t *v = mk(NULL);
  ww_vgpu_stats_t st0, st1;
  ww_vgpu_stats(v, &st0);
  char err[200];
  ww_launch_t good = spin_launch(v, 1), l;
  struct {
    uint32_t pc, grid, block;
    const char *want;
  } bad[] = {
    { WW_CODE_BASE, 0, 1, "grid" },
    { WW_CODE_BASE, 1, 0, "block" },
    { WW_CODE_BASE, 1, WW_WARPS_PER_SM * WW_LANES + 1, "block" },
    { WW_CODE_BASE + 2, 1, 1, "aligned" },
    { WW_GMEM_BYTES, 1, 1, "outside" },
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    l = good;
    l.entry_pc = bad[i].pc;
    l.grid = bad[i].grid;
    l.block = bad[i].block;
    err[0] = 0;
    CHECK(ww_vgpu_launch(v, &l, err, sizeof err) == -1 && strstr(err, bad[i].want),
          "bad launch %u accepted or wrong reason: '%s'", i, err);
  }
  CHECK(ww_vgpu_launch(v, NULL, err, sizeof err) == -1, "NULL launch accepted");
  ww_vgpu_stats(v, &st1);
  CHECK(st1.total_cycles == st0.total_cycles, "a refused launch clocked the GPU");
  ww_vgpu_free(v);
}

static void t_load(void)
{
  ww_vgpu_t *v = mk(NULL);
  ww_launch_t l = spin_launch(v, 2);
  ww_vgpu_stats_t st0, st1;
  ww_vgpu_stats(v, &st0);
  char err[200];
  CHECK(ww_vgpu_launch(v, &l, err, sizeof err) == 0, "launch: %s", err);
  ww_vgpu_stats(v, &st1);
  uint64_t took = st1.total_cycles - st0.total_cycles;
  uint64_t reset = st0.total_cycles;       /* ww_vgpu_new did one reset */
  CHECK(took == reset + WW_IMEM_BYTES / 4, "launch took %llu cycles, want reset %llu + %u",
        (unsigned long long)took, (unsigned long long)reset, WW_IMEM_BYTES / 4);
  CHECK(!ww_vgpu_busy(v) && ww_vgpu_cycles(v) == 0, "busy or cycles before the start pulse");
  /* the start pulse is the next clock cycle: the wave's launch cycle */
  CHECK(st1.launch_cycle == st1.total_cycles && st0.launch_cycle == 0,
        "launch cycle %llu, want the next cycle %llu (before the launch: %llu)",
        (unsigned long long)st1.launch_cycle, (unsigned long long)st1.total_cycles,
        (unsigned long long)st0.launch_cycle);
  ww_vgpu_events_t ev;
  ww_vgpu_tick(v, &ev);
  CHECK(ev.cycle == 0 && !ev.busy, "start cycle: cycle %llu busy %d",
        (unsigned long long)ev.cycle, ev.busy);
  ww_vgpu_stats(v, &st1);
  CHECK(st1.launch_cycle + 1 == st1.total_cycles, "the launch cycle moved");
  ww_vgpu_tick(v, &ev);
  CHECK(ev.cycle == 1 && ev.busy && ww_vgpu_busy(v), "not busy after the start pulse");
  ww_vgpu_free(v);
}

static void t_timeout(void)
{
  ww_vgpu_t *v = mk(NULL);
  ww_launch_t l = spin_launch(v, 3);
  char err[300] = "";
  CHECK(ww_vgpu_launch(v, &l, err, sizeof err) == 0, "launch: %s", err);
  ww_trap_t trap;
  ww_vgpu_status_t r = ww_vgpu_run(v, 3000, NULL, NULL, &trap, err, sizeof err);
  CHECK(r == WW_VGPU_TIMEOUT, "run returned %d, want a timeout", (int)r);
  CHECK(strstr(err, "timeout") && strstr(err, "3 blocks") && strstr(err, "3000 cycles"),
        "message: '%s'", err);
  printf("  (expected) %s\n", err);
  CHECK(ww_vgpu_cycles(v) == 3000 && ww_vgpu_busy(v), "cycles %llu busy %d",
        (unsigned long long)ww_vgpu_cycles(v), ww_vgpu_busy(v));
  /* a new launch starts from reset */
  CHECK(ww_vgpu_launch(v, &l, err, sizeof err) == 0, "relaunch: %s", err);
  CHECK(!ww_vgpu_busy(v) && ww_vgpu_cycles(v) == 0, "relaunch did not reset");
  r = ww_vgpu_run(v, 10, NULL, NULL, NULL, err, sizeof err);
  CHECK(r == WW_VGPU_TIMEOUT && ww_vgpu_busy(v), "relaunched grid not running");
  ww_vgpu_free(v);
}

/* --wave mode: the spinning kernel for `cycles` cycles into an FST. */
static int wave_run(const char *wave, uint32_t seed, uint64_t cycles)
{
  ww_vgpu_opts_t o = { 0 };
  o.wave = wave;
  o.seed = seed;
  char err[300];
  ww_vgpu_t *v = ww_vgpu_new(&o, err, sizeof err);
  if (!v) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  ww_launch_t l = spin_launch(v, 3);
  if (ww_vgpu_launch(v, &l, err, sizeof err)) {
    fprintf(stderr, "launch: %s\n", err);
    ww_vgpu_free(v);
    return 1;
  }
  ww_vgpu_run(v, cycles, NULL, NULL, NULL, err, sizeof err);
  ww_vgpu_free(v);
  return 0;
}

int main(int argc, char **argv)
{
  const char *wave = NULL;
  uint32_t seed = 1;
  uint64_t cycles = 300;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--wave") && i + 1 < argc)
      wave = argv[++i];
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = (uint32_t)strtoul(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--cycles") && i + 1 < argc)
      cycles = strtoull(argv[++i], NULL, 0);
    else if (strcmp(argv[i], "--quiet")) {
      fprintf(stderr, "usage: %s [--wave FILE.fst [--seed N] [--cycles N] [--quiet]]\n", argv[0]);
      return 2;
    }
  }
  if (wave)
    return wave_run(wave, seed, cycles);

  static const struct {
    const char *name;
    void (*fn)(void);
  } cases[] = {
    { "reset", t_reset }, { "memory", t_memory }, { "launch-checks", t_launch_checks },
    { "load", t_load },   { "timeout", t_timeout },
  };
  int pass = 0, fail = 0;
  for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    g_case_fail = 0;
    cases[k].fn();
    printf("%s  vgpu/%s\n", g_case_fail ? "FAIL" : "ok  ", cases[k].name);
    g_case_fail ? fail++ : pass++;
  }
  printf("%d passed, %d failed\n", pass, fail);
  return fail ? 1 : 0;
}
