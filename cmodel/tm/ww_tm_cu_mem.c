/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_tm_cu_mem -- C model of rtl/tm/ww_tm_cu_mem.v (its header is the spec).
 * State as in the RTL: the FIFO of {tag, word in line} of the requests in
 * flight.
 */
#include "ww_tm_cu_mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ww_tm_cu_mem {
  ww_tm_cu_mem_cfg_t cfg;
  unsigned words;                        /* LINE_BYTES / 4 */
  unsigned cnt, wr, rd;
  uint32_t tag[WW_TM_CU_MEM_MAX_DEPTH];
  uint32_t word[WW_TM_CU_MEM_MAX_DEPTH];
};

ww_tm_cu_mem_cfg_t ww_tm_cu_mem_default_cfg(void)
{
  ww_tm_cu_mem_cfg_t c = { WW_LINE_BYTES, WW_TM_CU_READS, 2 * WW_TM_CU_READS };
  return c;
}

ww_tm_cu_mem_t *ww_tm_cu_mem_new(const ww_tm_cu_mem_cfg_t *c)
{
  if (!ww_is_pow2(c->line_bytes) || c->line_bytes < 4 || c->line_bytes > WW_LINE_BYTES ||
      !ww_is_pow2(c->reads) || !ww_is_pow2(c->depth) || c->depth < 2 ||
      c->depth > WW_TM_CU_MEM_MAX_DEPTH) {
    fprintf(stderr, "ww_tm_cu_mem: illegal configuration LINE_BYTES=%u READS=%u DEPTH=%u\n",
            c->line_bytes, c->reads, c->depth);
    return NULL;
  }
  ww_tm_cu_mem_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->words = c->line_bytes / 4;
  return m;
}

void ww_tm_cu_mem_free(ww_tm_cu_mem_t *m) { free(m); }

void ww_tm_cu_mem_step(ww_tm_cu_mem_t *m, const ww_tm_cu_mem_in_t *in, ww_tm_cu_mem_out_t *out)
{
  const unsigned words = m->words, lb = m->cfg.line_bytes;
  const unsigned word_w = ww_clog2(words);
  const uint32_t addr = (uint32_t)in->mreq_addr_i;
  const uint32_t word = words > 1 ? addr & (words - 1) : 0;
  const int wr = (int)(in->mreq_write_i & 1);
  const int room = m->cnt != m->cfg.depth;
  const int push = (in->mreq_valid_i & 1) && room && (in->u_req_ready_i & 1);
  const int pop = (int)(in->u_rsp_valid_i & 1);

  /* request */
  out->u_req_valid_o = (in->mreq_valid_i & 1) && room;
  out->mreq_ready_o = (in->u_req_ready_i & 1) && room;
  out->u_req_op_o = wr ? WW_L2_WRITE : WW_L2_READ;
  out->u_req_line_o = addr >> word_w;
  memset(out->u_req_be_o, 0, sizeof out->u_req_be_o);
  if (wr)
    out->u_req_be_o[word * 4 / 32] = 0xfu << (word * 4 % 32);
  for (unsigned i = 0; i < words; i++)
    out->u_req_data_o[i] = (uint32_t)in->mreq_data_i;
  (void)lb;

  /* response: the FIFO's head */
  out->mrsp_valid_o = (uint64_t)pop;
  out->mrsp_tag_o = m->tag[m->rd];
  out->mrsp_data_o = in->u_rsp_data_i[m->word[m->rd]];
  out->idle_o = m->cnt == 0;

  /* clock edge */
  if (push) {
    m->tag[m->wr] = (uint32_t)in->mreq_tag_i;
    m->word[m->wr] = word;
  }
  if (!(in->rst_ni & 1)) {
    m->cnt = m->wr = m->rd = 0;
    return;
  }
  if (push)
    m->wr = (m->wr + 1) % m->cfg.depth;
  if (pop) {
    m->rd = (m->rd + 1) % m->cfg.depth;
    if (m->cnt)
      m->cnt--;
  }
  if (push)
    m->cnt++;
}
