/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_regfile -- C model of rtl/sm/ww_regfile.v. One register array stands
 * for both RTL copies (they always hold the same data). The read results
 * are computed at the clock edge after that edge's write (write-first), as
 * the RTL's old-data memories plus write-data bypass give.
 * Registers start at 0 here; the RTL's start undefined, so a test must
 * write a register before it compares a read of it.
 */
#include "ww_regfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ww_regfile {
  ww_regfile_cfg_t cfg;
  unsigned wid_w;
  uint32_t *mem;        /* [((wid << 5) | reg) * lanes + lane] */
  int rd_valid;
  uint32_t *rdata1, *rdata2;   /* [lane] */
};

ww_regfile_cfg_t ww_regfile_default_cfg(void)
{
  ww_regfile_cfg_t c = { WW_WARPS_PER_SM, WW_LANES };
  return c;
}

ww_regfile_t *ww_regfile_new(const ww_regfile_cfg_t *c)
{
  if (!c->warps || !c->lanes || c->lanes > WW_LANES) {   /* port structs hold WW_LANES words */
    fprintf(stderr, "ww_regfile: illegal configuration WARPS=%u LANES=%u\n", c->warps, c->lanes);
    return NULL;
  }
  ww_regfile_t *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  r->cfg = *c;
  r->wid_w = c->warps > 1 ? ww_clog2(c->warps) : 1;
  r->mem = calloc(((size_t)32 << r->wid_w) * c->lanes, sizeof *r->mem);
  r->rdata1 = calloc(c->lanes, sizeof *r->rdata1);
  r->rdata2 = calloc(c->lanes, sizeof *r->rdata2);
  if (!r->mem || !r->rdata1 || !r->rdata2) {
    ww_regfile_free(r);
    return NULL;
  }
  return r;
}

void ww_regfile_free(ww_regfile_t *r)
{
  if (!r)
    return;
  free(r->mem);
  free(r->rdata1);
  free(r->rdata2);
  free(r);
}

void ww_regfile_step(ww_regfile_t *r, const ww_regfile_in_t *in, ww_regfile_out_t *out)
{
  const unsigned lanes = r->cfg.lanes;
  const uint64_t wid_mask = ((uint64_t)1 << r->wid_w) - 1;

  /* outputs of this cycle */
  out->rd_valid_o = (uint64_t)r->rd_valid;
  for (unsigned l = 0; l < lanes; l++) {
    out->rd_rs1_data_o[l] = r->rdata1[l];
    out->rd_rs2_data_o[l] = r->rdata2[l];
  }

  /* the clock edge: write, then the reads see the new value */
  unsigned wreg = (unsigned)in->wr_rd_i & 31u;
  if (in->wr_valid_i && wreg != 0) {
    uint32_t *row = r->mem + ((((unsigned)(in->wr_wid_i & wid_mask)) << 5) | wreg) * lanes;
    for (unsigned l = 0; l < lanes; l++)
      if ((in->wr_mask_i >> l) & 1u)
        row[l] = in->wr_data_i[l];
  }
  unsigned rwid = (unsigned)(in->rd_wid_i & wid_mask);
  unsigned rs1 = (unsigned)in->rd_rs1_i & 31u, rs2 = (unsigned)in->rd_rs2_i & 31u;
  const uint32_t *row1 = r->mem + ((rwid << 5) | rs1) * lanes;
  const uint32_t *row2 = r->mem + ((rwid << 5) | rs2) * lanes;
  for (unsigned l = 0; l < lanes; l++) {
    r->rdata1[l] = rs1 ? row1[l] : 0;
    r->rdata2[l] = rs2 ? row2[l] : 0;
  }
  r->rd_valid = in->rst_ni ? (int)in->rd_valid_i : 0;
}
