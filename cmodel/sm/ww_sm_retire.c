/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_sm_retire -- C model of rtl/sm/ww_sm_retire.v. State as in the RTL:
 * the halt flag, the pc of the split/join being answered, each warp's last
 * ww.bar pc, and the registered retire and trap ports. A warp number past
 * WARPS (never driven by the SM) selects zeros.
 */
#include "ww_sm_retire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXW 32
#define NO_LANE 63u

struct ww_sm_retire {
  ww_sm_retire_cfg_t cfg;
  uint32_t wid_mask;
  int halted;
  uint32_t bar_pc[MAXW];
  ww_sm_retire_out_t q;       /* the registered outputs (halted_o aside) */
};

ww_sm_retire_cfg_t ww_sm_retire_default_cfg(void)
{
  ww_sm_retire_cfg_t c = { WW_WARPS_PER_SM, WW_LANES };
  return c;
}

static void reset(ww_sm_retire_t *m)
{
  m->halted = 0;
  memset(m->bar_pc, 0, sizeof m->bar_pc);
  memset(&m->q, 0, sizeof m->q);
  m->q.ret_mem_o = WW_MEM_NONE;
  m->q.trap_kind_o = WW_TRAP_NONE;
  m->q.trap_lane_o = NO_LANE;
}

ww_sm_retire_t *ww_sm_retire_new(const ww_sm_retire_cfg_t *c)
{
  if (!c->warps || c->warps > WW_WARPS_PER_SM || c->warps > MAXW || !c->lanes ||
      c->lanes > WW_LANES || c->lanes > 32) {
    fprintf(stderr, "ww_sm_retire: illegal configuration WARPS=%u LANES=%u\n", c->warps,
            c->lanes);
    return NULL;
  }
  ww_sm_retire_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->wid_mask = (1u << (c->warps > 1 ? ww_clog2(c->warps) : 1)) - 1;
  reset(m);
  return m;
}

void ww_sm_retire_free(ww_sm_retire_t *m)
{
  free(m);
}


/* warp w's W-bit field of a per-warp vector; zeros past WARPS */
static uint32_t of_warp(const ww_sm_retire_t *m, const uint32_t *v, uint32_t w, unsigned width)
{
  return w < m->cfg.warps ? ww_bits_get(v, width * w, width) : 0;
}

void ww_sm_retire_step(ww_sm_retire_t *m, const ww_sm_retire_in_t *in, ww_sm_retire_out_t *out)
{
  const unsigned lanes = m->cfg.lanes;
  *out = m->q;
  out->halted_o = (uint64_t)m->halted;

  /* the trap of this cycle, in priority order */
  const uint32_t e_wid = (uint32_t)in->e_wid_i & m->wid_mask;
  const uint32_t e_pc = (uint32_t)in->e_pc_i, e_insn = (uint32_t)in->e_insn_i;
  const unsigned e_trap = (unsigned)in->e_trap_i;
  const unsigned sk_err = (unsigned)in->sk_err_i;
  const int exec_trap = in->e_valid_i && e_trap != WW_TRAP_NONE;
  const int stack_trap = in->sk_valid_i && sk_err != WW_STACK_ERR_OK;
  int trap = 0;
  unsigned kind = WW_TRAP_NONE, lane = NO_LANE;
  uint32_t wid = e_wid, pc = e_pc, insn = e_insn, addr = 0;
  if (exec_trap) {
    trap = 1;
    kind = e_trap;
    if (in->e_fetch_fault_i) {
      insn = 0;
      addr = e_pc;
    } else if (e_trap == WW_TRAP_MISALIGNED && !in->e_mem_i) {
      addr = (uint32_t)in->e_target_i;
    } else if (in->e_mem_i && e_trap != WW_TRAP_TX_LOG_FULL) {   /* a full log: no lane */
      lane = (unsigned)in->lsu_fault_lane_i & 31u;
      addr = (uint32_t)in->lsu_fault_addr_i;
    }
  } else if (stack_trap) {
    trap = 1;
    kind = sk_err == WW_STACK_ERR_OVERFLOW ? WW_TRAP_STACK_OVERFLOW
         : sk_err == WW_STACK_ERR_TX_NONE  ? WW_TRAP_TX_OUTSIDE : WW_TRAP_JOIN_EMPTY;
    wid = (uint32_t)in->sk_wid_i & m->wid_mask;
    pc = of_warp(m, in->inf_pc_i, wid, 32);   /* the answered instruction's */
    insn = of_warp(m, in->inf_insn_i, wid, 32);
  } else if (in->deadlock_i) {
    /* the warp whose ww.bar or ww.exit caused it, else the barrier unit's */
    const int barex = in->e_bar_i || in->e_exit_i;
    const uint32_t dl_wid = (uint32_t)in->deadlock_wid_i & m->wid_mask;
    trap = 1;
    kind = WW_TRAP_BAR_DEADLOCK;
    wid = barex ? e_wid : dl_wid;
    pc = barex ? e_pc : dl_wid < m->cfg.warps ? m->bar_pc[dl_wid] : 0;
    insn = barex ? e_insn : 0;
  }
  if (m->halted)
    trap = 0;

  /* clock edge */
  if (!in->rst_ni) {
    reset(m);
    return;
  }
  if (in->e_bar_i && e_wid < m->cfg.warps)
    m->bar_pc[e_wid] = e_pc;

  ww_sm_retire_out_t *q = &m->q;
  q->ret_valid_o = (uint64_t)(in->c_retire_i && !m->halted);
  if (in->c_valid_i) {
    const uint32_t c_wid = (uint32_t)in->c_wid_i & m->wid_mask;
    const int c_lsu = in->c_lsu_i != 0;
    q->ret_warp_o = c_wid;
    q->ret_block_o = of_warp(m, in->block_i, c_wid, 32);
    q->ret_pc_o = in->c_exec_i ? e_pc : of_warp(m, in->inf_pc_i, c_wid, 32);
    q->ret_insn_o = in->c_exec_i ? e_insn : of_warp(m, in->inf_insn_i, c_wid, 32);
    q->ret_mask_o = of_warp(m, in->mask_i, c_wid, lanes);
    q->ret_rd_o = in->c_rd_i & 31u;
    q->ret_mem_o = c_lsu ? in->lsu_mem_i : WW_MEM_NONE;
    q->ret_mem_bytes_o = c_lsu ? in->lsu_bytes_i & 7u : 0;
    memcpy(q->ret_rd_val_o, in->c_data_i, lanes * sizeof(uint32_t));
    memcpy(q->ret_addr_o, in->lsu_addr_i, lanes * sizeof(uint32_t));
    memcpy(q->ret_wdata_o, in->lsu_wdata_i, lanes * sizeof(uint32_t));
  }
  q->trap_valid_o = (uint64_t)trap;
  if (trap) {
    m->halted = 1;
    q->trap_kind_o = kind;
    q->trap_warp_o = wid;
    q->trap_block_o = of_warp(m, in->block_i, wid, 32);
    q->trap_mask_o = of_warp(m, in->mask_i, wid, lanes);
    q->trap_pc_o = pc;
    q->trap_insn_o = insn;
    q->trap_lane_o = lane;
    q->trap_addr_o = addr;
  }
}
