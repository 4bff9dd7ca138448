/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_fetch -- C model of rtl/sm/ww_fetch.v. State as in the RTL: per warp
 * fvalid, fpc and the decoded buffer; the fetch register (valid, warp, pc,
 * fault) and the round-robin pointer; the instruction memory and its read
 * register (read before the cycle's write).
 */
#include "ww_fetch.h"
#include "ww_decode.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXW 32

typedef struct {                 /* a decoded instruction as issue sees it */
  uint32_t pc, insn, imm, op, rd, rs1, rs2, rs3, fault;
  int lsu, md, ctrl;   /* lsu: goes to the LSU (the RTL's bv_mem_o) */
} ent_t;

struct ww_fetch {
  ww_fetch_cfg_t cfg;
  unsigned wid_w, aw;
  uint32_t *imem;
  uint32_t rdata;                /* the memory's read register */
  uint32_t fvalid, ibuf_v;
  uint32_t fpc[MAXW];
  ent_t ib[MAXW];
  int f_valid;
  uint32_t f_wid, f_pc, f_fault, f_last;
};

ww_fetch_cfg_t ww_fetch_default_cfg(void)
{
  ww_fetch_cfg_t c = { WW_WARPS_PER_SM, WW_IMEM_BYTES };
  return c;
}

ww_fetch_t *ww_fetch_new(const ww_fetch_cfg_t *c)
{
  if (!c->warps || c->warps > WW_WARPS_PER_SM || c->warps > MAXW || !ww_is_pow2(c->warps) ||
      !ww_is_pow2(c->imem_bytes) || c->imem_bytes < 8) {
    fprintf(stderr, "ww_fetch: illegal configuration WARPS=%u IMEM_BYTES=%u\n", c->warps,
            c->imem_bytes);
    return NULL;
  }
  ww_fetch_t *f = calloc(1, sizeof *f);
  if (!f)
    return NULL;
  f->cfg = *c;
  f->wid_w = c->warps > 1 ? ww_clog2(c->warps) : 1;
  f->aw = ww_clog2(c->imem_bytes / 4);
  f->imem = calloc(c->imem_bytes / 4, sizeof *f->imem);
  if (!f->imem) {
    free(f);
    return NULL;
  }
  return f;
}

void ww_fetch_free(ww_fetch_t *f)
{
  if (f)
    free(f->imem);
  free(f);
}

static void put(uint32_t *v, unsigned lo, unsigned w, uint32_t x)
{
  for (unsigned i = 0; i < w; i++)
    if (x >> i & 1u)
      v[(lo + i) / 32] |= 1u << ((lo + i) % 32);
}

void ww_fetch_step(ww_fetch_t *f, const ww_fetch_in_t *in, ww_fetch_out_t *out)
{
  const unsigned warps = f->cfg.warps;
  const uint32_t wmask = (1u << f->wid_w) - 1;
  const uint32_t code_base = WW_CODE_BASE, null_guard = WW_NULL_GUARD_BYTES;
  const int halted = in->halted_i != 0;

  /* decode of the word read last cycle */
  const uint32_t f_insn = f->f_fault ? 0 : f->rdata;
  ww_decode_out_t d;
  ww_decode_compute(f_insn, &d);
  const uint32_t op = (uint32_t)d.op_o;
  const int d_is_mem = d.is_load_o || d.is_store_o || d.is_atomic_o || op == WW_OP_FENCE ||
                       op == WW_OP_FENCE_DEV || (in->scord_en_i && op == WW_OP_FENCE_BLK);
  const int d_is_ctrl = d.is_branch_o || d.is_jump_o || d.is_sys_o || d.is_tx_o || d.illegal_o ||
                        f->f_fault || op == WW_OP_SPLIT || op == WW_OP_JOIN || op == WW_OP_EXIT;
  ent_t dec = { f->f_pc, f_insn, (uint32_t)d.imm_o, op, (uint32_t)d.rd_o, (uint32_t)d.rs1_o,
                (uint32_t)d.rs2_o, (uint32_t)d.rs3_o, f->f_fault,
                d_is_mem && !f->f_fault, (d.is_mul_o || d.is_div_o) && !f->f_fault, d_is_ctrl };

  /* the issue view */
  ent_t bv[MAXW];
  uint32_t bv_valid = 0;
  for (unsigned w = 0; w < warps; w++) {
    if (f->f_valid && f->f_wid == w && !halted) {
      bv[w] = dec;
      bv_valid |= 1u << w;
    } else {
      bv[w] = f->ib[w];
      bv_valid |= (f->ibuf_v >> w & 1u) << w;
    }
  }
  memset(out, 0, sizeof *out);
  for (unsigned w = 0; w < warps; w++) {
    out->bv_valid_o |= (uint64_t)(bv_valid >> w & 1u) << w;
    out->bv_mem_o |= (uint64_t)(bv[w].lsu != 0) << w;
    out->bv_md_o |= (uint64_t)(bv[w].md != 0) << w;
    out->bv_ctrl_o |= (uint64_t)(bv[w].ctrl != 0) << w;
    put(out->bv_pc_o, 32 * w, 32, bv[w].pc);
    put(out->bv_insn_o, 32 * w, 32, bv[w].insn);
    put(out->bv_imm_o, 32 * w, 32, bv[w].imm);
    put(out->bv_op_o, 7 * w, 7, bv[w].op);
    put(out->bv_rd_o, 5 * w, 5, bv[w].rd);
    put(out->bv_rs1_o, 5 * w, 5, bv[w].rs1);
    put(out->bv_rs2_o, 5 * w, 5, bv[w].rs2);
    put(out->bv_rs3_o, 5 * w, 5, bv[w].rs3);
    put(out->bv_fault_o, 2 * w, 2, bv[w].fault);
    put(out->fpc_o, 32 * w, 32, f->fpc[w]);
  }
  out->ibuf_valid_o = f->ibuf_v;

  /* fetch */
  const uint32_t iss_w = (uint32_t)in->iss_wid_i & wmask, cmp_w = (uint32_t)in->cmp_wid_i & wmask;
  const int iss_fetch = in->iss_valid_i && iss_w < warps && !bv[iss_w].ctrl;
  const uint32_t iss_npc = iss_w < warps ? bv[iss_w].pc + 4 : 4;
  uint32_t fcand = 0;
  for (unsigned w = 0; w < warps; w++)
    if ((in->active_i >> w & 1u) && !(in->zeroing_i >> w & 1u) && (f->fvalid >> w & 1u) &&
        !(f->ibuf_v >> w & 1u) && !(f->f_valid && f->f_wid == w))
      fcand |= 1u << w;
  int rr_found = 0;
  uint32_t rr_wid = 0;
  for (unsigned k = warps; k >= 1; k--) {
    uint32_t idx = (f->f_last + k) & (warps - 1);
    if (fcand >> idx & 1u) {
      rr_found = 1;
      rr_wid = idx;
    }
  }
  const int fetch_go = !halted && (in->cmp_fetch_i || iss_fetch || rr_found);
  const uint32_t fetch_wid = in->cmp_fetch_i ? cmp_w : iss_fetch ? iss_w : rr_wid;
  const uint32_t fetch_pc = in->cmp_fetch_i ? (uint32_t)in->cmp_npc_i
                          : iss_fetch ? iss_npc : f->fpc[rr_wid];
  const uint32_t fetch_off = fetch_pc - code_base;
  const uint32_t fetch_fault = fetch_pc < null_guard ? 1
                             : (fetch_pc < code_base || fetch_off >= f->cfg.imem_bytes) ? 2 : 0;

  /* clock edge: the memory reads, then is written */
  const uint32_t nwords = f->cfg.imem_bytes / 4;
  f->rdata = f->imem[(fetch_off >> 2) & (nwords - 1)];
  if (in->imem_we_i)
    f->imem[(uint32_t)in->imem_waddr_i & (nwords - 1)] = (uint32_t)in->imem_wdata_i;
  if (!in->rst_ni) {
    f->fvalid = f->ibuf_v = 0;
    memset(f->fpc, 0, sizeof f->fpc);
    memset(f->ib, 0, sizeof f->ib);
    f->f_valid = 0;
    f->f_wid = f->f_pc = f->f_fault = f->f_last = 0;
    return;
  }
  for (unsigned w = 0; w < warps; w++)
    if (in->launch_i >> w & 1u) {
      f->fvalid |= 1u << w;
      f->fpc[w] = (uint32_t)in->entry_pc_i;
    }
  const int f_valid_prev = f->f_valid;
  const uint32_t f_wid_prev = f->f_wid;
  f->f_valid = fetch_go;
  if (fetch_go) {
    f->f_wid = fetch_wid;
    f->f_pc = fetch_pc;
    f->f_fault = fetch_fault;
    f->fvalid &= ~(1u << fetch_wid);
    if (!in->cmp_fetch_i && !iss_fetch)
      f->f_last = rr_wid;
  }
  if (f_valid_prev && !halted && f_wid_prev < warps) {
    f->ibuf_v |= 1u << f_wid_prev;
    f->ib[f_wid_prev] = dec;
  }
  if (in->iss_valid_i && iss_w < warps) {
    f->ibuf_v &= ~(1u << iss_w);
    if (!bv[iss_w].ctrl && !(fetch_go && fetch_wid == iss_w))
      f->fvalid |= 1u << iss_w;
    f->fpc[iss_w] = iss_npc;
  }
  if (in->cmp_fetch_i && cmp_w < warps) {
    f->fpc[cmp_w] = (uint32_t)in->cmp_npc_i;
    if (!(fetch_go && fetch_wid == cmp_w))
      f->fvalid |= 1u << cmp_w;
  }
  const uint32_t ex_w = (uint32_t)in->exit_wid_i & wmask;
  if (in->exit_i && ex_w < warps) {
    f->fvalid &= ~(1u << ex_w);
    f->ibuf_v &= ~(1u << ex_w);
  }
}
