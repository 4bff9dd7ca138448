/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_part_port -- C model of rtl/mem/ww_part_port.v (its header is the spec).
 */
#include "ww_part_port.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ww_part_port {
  ww_part_port_cfg_t cfg;
  unsigned line_w;      /* 32 - log2(LINE_BYTES) */
  int msg_first;        /* msg_first_q: a waiting message goes before the slice's response */
};

/* bits [lsb +: w] of a word array, w <= 32 */
static uint32_t get_bits(const uint32_t *v, unsigned lsb, unsigned w)
{
  uint64_t x = v[lsb / 32];
  if ((lsb % 32) + w > 32)
    x |= (uint64_t)v[lsb / 32 + 1] << 32;
  x >>= lsb % 32;
  return (uint32_t)(w == 32 ? x : x & ((1ull << w) - 1));
}

/* dst[0 +: w] = v[lsb +: w], dst zeroed above w (whole words) */
static void copy_bits(uint32_t *dst, const uint32_t *v, unsigned lsb, unsigned w)
{
  for (unsigned i = 0; i < (w + 31) / 32; i++) {
    unsigned n = w - 32 * i < 32 ? w - 32 * i : 32;
    dst[i] = get_bits(v, lsb + 32 * i, n);
  }
}

ww_part_port_cfg_t ww_part_port_default_cfg(void)
{
  ww_part_port_cfg_t c;
  memset(&c, 0, sizeof c);
  c.n_units = WW_PART_UNITS;
  c.num_sm = WW_NUM_SM;
  c.line_bytes = WW_LINE_BYTES;
  c.unit_ids[0] = WW_REQID_DET;
  c.unit_ids[1] = WW_REQID_UNIT1;
  c.unit_ids[2] = WW_REQID_UNIT2;
  return c;
}

ww_part_port_t *ww_part_port_new(const ww_part_port_cfg_t *c)
{
  int ok = c->n_units >= 1 && c->n_units <= WW_PART_PORT_MAX_UNITS && c->num_sm >= 1 &&
           ww_is_pow2(c->line_bytes) && c->line_bytes >= 4 && c->line_bytes <= 256;
  for (unsigned k = 0; ok && k < c->n_units; k++) {
    uint32_t id = c->unit_ids[k];
    ok = id < (1u << WW_REQID_W) && id != WW_REQID_L1 && id != WW_REQID_BYPASS &&
         id != WW_REQID_SCORD && id != WW_REQID_TM;
    for (unsigned j = 0; ok && j < k; j++)
      ok = c->unit_ids[j] != id;
  }
  if (!ok) {
    fprintf(stderr, "ww_part_port: illegal configuration N_UNITS=%u NUM_SM=%u LINE_BYTES=%u "
            "(or unit ids not distinct / an SM class)\n", c->n_units, c->num_sm, c->line_bytes);
    return NULL;
  }
  ww_part_port_t *m = calloc(1, sizeof *m);
  if (!m)
    return NULL;
  m->cfg = *c;
  m->line_w = 32 - ww_clog2(c->line_bytes);
  return m;
}

void ww_part_port_free(ww_part_port_t *m) { free(m); }

void ww_part_port_step(ww_part_port_t *m, const ww_part_port_in_t *in, ww_part_port_out_t *out)
{
  const unsigned n = m->cfg.n_units, lb = m->cfg.line_bytes, line_w = m->line_w;
  const unsigned data_words = lb * 8 / 32, be_words = (lb + 31) / 32;
  const int flush = (int)(in->flush_i & 1);
  const int x_rec = in->x_req_sk_i != WW_SCORD_SK_NONE;
  const int x_tm = (int)((in->x_req_id_i >> WW_REQID_TM_BIT) & 1);
  const int x_side = x_rec || x_tm;

  /* the granted unit: the lowest valid one; below[k]: a unit under k is valid */
  int grant = -1;
  uint64_t below = 0;
  for (unsigned k = 0; k < n; k++) {
    if (grant >= 0)
      below |= 1ull << k;
    else if ((in->u_req_valid_i >> k) & 1)
      grant = (int)k;
  }
  const int u_any = grant >= 0;
  const int x_go = (in->x_req_valid_i & 1) && !x_side && !u_any;

  out->l2_req_valid_o = flush ? (in->flush_valid_i & 1) : (uint64_t)(u_any || x_go);
  if (u_any) {
    unsigned g = (unsigned)grant;
    out->l2_req_op_o = (in->u_req_op_i >> (g * WW_L2_W)) & ((1u << WW_L2_W) - 1);
    out->l2_req_line_o = get_bits(in->u_req_line_i, g * line_w, line_w);
    out->l2_req_id_o = m->cfg.unit_ids[g];
    out->l2_req_src_o = 0;
    copy_bits(out->l2_req_be_o, in->u_req_be_i, g * lb, lb);
    copy_bits(out->l2_req_data_o, in->u_req_data_i, g * lb * 8, lb * 8);
  } else {
    out->l2_req_op_o = in->x_req_op_i;
    out->l2_req_line_o = in->x_req_line_i;
    out->l2_req_id_o = in->x_req_id_i;
    out->l2_req_src_o = in->x_req_src_i;
    memcpy(out->l2_req_be_o, in->x_req_be_i, be_words * sizeof(uint32_t));
    memcpy(out->l2_req_data_o, in->x_req_data_i, data_words * sizeof(uint32_t));
  }
  if (flush)
    out->l2_req_op_o = WW_L2_FLUSH;
  out->l2_req_amo_op_o = in->x_req_amo_op_i;
  out->l2_req_amo_word_o = in->x_req_amo_word_i;
  out->l2_req_amo_a_o = in->x_req_amo_a_i;
  out->l2_req_amo_b_o = in->x_req_amo_b_i;

  const uint64_t all = (1ull << n) - 1;
  out->u_req_ready_o = ((in->l2_req_ready_i & 1) && !flush) ? all & ~below : 0;
  out->x_req_ready_o = !flush && (x_rec  ? (in->rec_ready_i & 1)
                                  : x_tm ? (in->tm_pkt_ready_i & 1)
                                         : ((in->l2_req_ready_i & 1) && !u_any));
  out->rec_valid_o = (in->x_req_valid_i & 1) && x_rec && !flush;
  out->tm_pkt_valid_o = (in->x_req_valid_i & 1) && x_tm && !x_rec && !flush;

  /* responses */
  uint64_t u_rsp = 0;
  if (in->l2_rsp_valid_i & 1)
    for (unsigned k = 0; k < n; k++)
      if (in->l2_rsp_id_i == m->cfg.unit_ids[k])
        u_rsp |= 1ull << k;
  /* the crossbar's response port: the slice's response or a message, in turns */
  const int s_rsp = (in->l2_rsp_valid_i & 1) && !flush && !u_rsp;
  const int m_rsp = (in->tm_msg_valid_i & 1) && !flush;
  const int m_sel = m_rsp && (!s_rsp || m->msg_first);
  const int x_ready = (int)(in->x_rsp_ready_i & 1);
  out->u_rsp_valid_o = flush ? 0 : u_rsp;
  out->l2_rsp_ready_o = flush || u_rsp || (x_ready && !m_sel);
  out->x_rsp_valid_o = (uint64_t)(s_rsp || m_rsp);
  out->tm_msg_ready_o = (uint64_t)(m_sel && x_ready);
  out->x_rsp_src_o = m_sel ? in->tm_msg_sm_i : in->l2_rsp_src_i;
  out->x_rsp_id_o = m_sel ? (uint64_t)WW_REQID_TM : in->l2_rsp_id_i;
  out->x_rsp_miss_o = m_sel ? 0 : (in->l2_rsp_miss_i & 1);
  memcpy(out->x_rsp_data_o, m_sel ? in->tm_msg_data_i : in->l2_rsp_data_i,
         data_words * sizeof(uint32_t));

  /* clock edge: after a transfer the other one goes first */
  if (!(in->rst_ni & 1))
    m->msg_first = 0;
  else if ((s_rsp || m_rsp) && x_ready)
    m->msg_first = !m_sel;
}
