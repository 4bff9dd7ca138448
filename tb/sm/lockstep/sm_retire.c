/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_sm_retire (rtl/sm/ww_sm_retire.v).
 * Stimulus: plays the SM around its retire port and trap selection. Per
 * warp a block index, mask and instruction in flight that change now and
 * then; completions as ww_sm_complete gives them (execute, stack answer,
 * LSU with its memory fields, mul/div; most retire, a ww.bar that
 * deadlocks does not); execute-stage instructions, split/joins answered
 * the next cycle, ww.bar / ww.exit arrivals and barrier deadlocks. Calm
 * phases (traps rare: long runs of retire records) alternate with trap
 * phases (every trap source likely, often several in one cycle, so the
 * priority shows); once halted the SM is reset after a few cycles (and
 * now and then mid-run anyway, ww_stim_rst_n). Warp numbers stay below
 * WARPS, as the SM's.
 */
#include <string.h>

#include "ww_lockstep.h"
#include "ww_sm_retire.h"

#define WW_PORTS_DEF "ww_sm_retire.ports.def"
#define WW_IN_T ww_sm_retire_in_t
#define WW_OUT_T ww_sm_retire_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define LANES WW_LANES

typedef struct {
  uint32_t block[WARPS], inf_pc[WARPS], inf_insn[WARPS];
  uint32_t mask[WW_PORT_WORDS(WARPS * LANES)];
  unsigned phase_left, halted_for;
  int trappy;
  int sk_pending;     /* a split/join was in execute last cycle: answer now */
  uint32_t sk_wid;
} stim_t;

WW_MODEL_HOOKS(ww_sm_retire)
WW_STIM_STATE(stim_t)


static void lanes_data(ww_rng_t *r, uint32_t *d)
{
  for (unsigned l = 0; l < LANES; l++)
    d[l] = (uint32_t)ww_rng_bits(r, 32);
}

/* an execute-stage trap kind (not NONE) */
static unsigned trap_kind(ww_rng_t *r)
{
  static const unsigned k[] = { WW_TRAP_ILLEGAL, WW_TRAP_DIVERGENT, WW_TRAP_MISALIGNED,
                                WW_TRAP_NULL_ACCESS, WW_TRAP_OUT_OF_RANGE,
                                WW_TRAP_BAR_DIVERGENT, WW_TRAP_EXIT_DIVERGENT,
                                WW_TRAP_KERNEL_TRAP, WW_TRAP_TX_UNIMPL };
  return k[ww_rng_below(r, sizeof k / sizeof k[0])];
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_sm_retire_out_t *prev = vprev;
  ww_sm_retire_in_t *in = vin;
  memset(in, 0, sizeof *in);

  /* reset: now and then, and a few cycles after a trap halted the SM */
  int rst_n = ww_stim_rst_n(r, cycle);
  if (cycle && prev->halted_o) {
    if (++s->halted_for > 2 + ww_rng_below(r, 6))
      rst_n = 0;
  }
  if (!rst_n) {
    s->halted_for = 0;
    s->sk_pending = 0;
  }
  in->rst_ni = (uint64_t)rst_n;
  const int halted = cycle && prev->halted_o;

  /* per-warp context, changed now and then */
  for (unsigned w = 0; w < WARPS; w++) {
    if (cycle == 0 || ww_rng_chance(r, 1, 40))
      s->block[w] = (uint32_t)ww_rng_bits(r, 32);
    if (cycle == 0 || ww_rng_chance(r, 1, 10))
      ww_bits_put(s->mask, LANES * w, LANES, (uint32_t)ww_rng_bits(r, LANES));
    if (cycle == 0 || ww_rng_chance(r, 1, 4)) {
      s->inf_pc[w] = (uint32_t)ww_rng_bits(r, 32) & ~3u;
      s->inf_insn[w] = (uint32_t)ww_rng_bits(r, 32);
    }
  }
  memcpy(in->block_i, s->block, sizeof s->block);
  memcpy(in->mask_i, s->mask, sizeof s->mask);
  memcpy(in->inf_pc_i, s->inf_pc, sizeof s->inf_pc);
  memcpy(in->inf_insn_i, s->inf_insn, sizeof s->inf_insn);

  if (s->phase_left == 0) {
    s->trappy = ww_rng_chance(r, 1, 4);
    s->phase_left = s->trappy ? 5 + (unsigned)ww_rng_below(r, 20)
                              : 50 + (unsigned)ww_rng_below(r, 400);
  }
  s->phase_left--;
  const unsigned tp = s->trappy ? 3 : 300;   /* 1 in tp: a trap source fires */

  /* the stack answers last cycle's split/join */
  if (s->sk_pending) {
    in->sk_valid_i = 1;
    in->sk_wid_i = s->sk_wid;
    in->sk_err_i = ww_rng_chance(r, 1, tp) ? 1 + ww_rng_below(r, 2) : WW_STACK_ERR_OK;
    s->sk_pending = 0;
  } else if (ww_rng_chance(r, 1, 50)) {   /* a stray answer (halted SM) */
    in->sk_wid_i = ww_rng_below(r, WARPS);
  }

  /* execute stage */
  in->e_valid_i = !halted && ww_rng_chance(r, 2, 3);
  in->e_wid_i = ww_rng_below(r, WARPS);
  in->e_pc_i = ww_rng_bits(r, 32) & ~3u;
  in->e_insn_i = ww_rng_bits(r, 32);
  in->e_target_i = ww_rng_bits(r, 32);
  in->lsu_fault_lane_i = ww_rng_below(r, LANES);
  in->lsu_fault_addr_i = ww_rng_bits(r, 32);
  in->e_mem_i = ww_rng_chance(r, 1, 3);
  int e_done = 0;
  if (in->e_valid_i) {
    if (ww_rng_chance(r, 1, tp)) {
      in->e_trap_i = trap_kind(r);
      in->e_fetch_fault_i = ww_rng_chance(r, 1, 4);
    } else if (ww_rng_chance(r, 1, 6)) {
      /* a split/join: answered next cycle */
      s->sk_pending = 1;
      s->sk_wid = (uint32_t)in->e_wid_i;
    } else if (!in->e_mem_i && ww_rng_chance(r, 2, 3)) {
      e_done = 1;                 /* completes in execute */
      const unsigned k = (unsigned)ww_rng_below(r, 8);
      in->e_bar_i = k == 0;
      in->e_exit_i = k == 1;
    }
  }
  in->deadlock_i = !halted && (ww_rng_chance(r, 1, tp) || (in->e_bar_i && ww_rng_chance(r, 1, 4)));
  in->deadlock_wid_i = ww_rng_below(r, WARPS);

  /* completion: execute > stack answer > LSU > mul/div */
  const int sk_done = in->sk_valid_i && in->sk_err_i == WW_STACK_ERR_OK && !halted;
  const int late = !halted && !e_done && !sk_done && ww_rng_chance(r, 1, 2);
  in->c_exec_i = (uint64_t)e_done;
  in->c_valid_i = (uint64_t)(e_done || sk_done || late);
  in->c_lsu_i = (uint64_t)(late && ww_rng_chance(r, 2, 3));
  in->c_wid_i = e_done ? in->e_wid_i : sk_done ? in->sk_wid_i : ww_rng_below(r, WARPS);
  in->c_retire_i = (uint64_t)(in->c_valid_i && !(in->e_bar_i && in->deadlock_i));
  in->c_rd_i = ww_rng_bits(r, 5);
  lanes_data(r, in->c_data_i);
  in->lsu_mem_i = ww_rng_bits(r, WW_MEM_W);
  in->lsu_bytes_i = ww_rng_below(r, 5);
  lanes_data(r, in->lsu_addr_i);
  lanes_data(r, in->lsu_wdata_i);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "sm_retire",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " LANES=" WW_XSTR(WW_LANES),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
