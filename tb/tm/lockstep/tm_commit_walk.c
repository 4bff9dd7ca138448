/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_tm_commit_walk (rtl/tm/ww_tm_commit_walk.v).
 * Stimulus: plays the log unit, the commit-ID vendor, the L1 and the commit
 * units. A command is a warp's commit: the stimulus first writes the warp's
 * logs into its memory image (a few entries; lanes with and without
 * entries, addresses over lines of every partition; junk for lanes outside
 * the mask). The vendor grants after a random wait; the L1 answers after a
 * random latency with back-pressure; each partition's commit unit answers
 * the END of a CID with PASS or FAIL (some after a RESEND_R first), and a
 * FINAL with RETIRED (some after a RESEND_W first), each after a random
 * delay, one message per cycle. Packets see back-pressure. Mid-run resets.
 * Independent check (a host reference, not the C model; curef in
 * tm_ref.h, shared with tm_sm.c): per CID and
 * partition the packets must be exactly the lane's read-log entries of that
 * partition in log order, then its write-log entries, then END (a resend:
 * that log's entries, then END); a FINAL must say pass exactly when no
 * partition failed the CID; done_fail_o must be the lanes that failed; the
 * CIDs must be the vendor's base + the lane's rank.
 */
#include "ww_lockstep.h"
#include "ww_tm_commit_walk.h"
#include "ww_tm_log.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WW_PORTS_DEF "ww_tm_commit_walk.ports.def"
#define WW_IN_T ww_tm_commit_walk_in_t
#define WW_OUT_T ww_tm_commit_walk_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define LANES WW_LANES
#define LINEB WW_LINE_BYTES
#define LOGW WW_TX_LOG_WORDS
#define NPART WW_NUM_PART
#define LPL (LINEB / 4)
#define MAXE 6                                  /* entries per log in a command */
#define DATA_LINES 64
#define LOG_BASE 0x10000u
#define IMG_BYTES (LOG_BASE + (uint32_t)WARPS * 2u * LOGW * 2u * 4u * LANES)
#define CIDM ((1u << WW_CID_W) - 1)

#include "tm_ref.h"

typedef struct {
  uint8_t *img;
  /* the command; the commit units (the host reference: mask, base, streams, messages) */
  int pending, busy;
  unsigned wid, rlen, wlen;
  uint32_t cid_ctr;
  int granted;
  ent_t rlog[MAXE][LANES], wlog[MAXE][LANES];
  curef_t c;
  /* vendor, L1 */
  unsigned grant_wait;
  int last_ready, mem_busy;
  unsigned mem_left, lat_max;
  uint32_t mem_line;
  uint64_t n_done;
} stim_t;

WW_MODEL_HOOKS(ww_tm_commit_walk)

static void *ww_stim_new(void)
{
  stim_t *s = calloc(1, sizeof *s);
  if (s && !(s->img = calloc(1, IMG_BYTES))) {
    free(s);
    return NULL;
  }
  return s;
}

static void ww_stim_free(void *vs)
{
  stim_t *s = vs;
  if (!s)
    return;
  fprintf(stderr, "tm_commit_walk stimulus: %llu commits and %llu packets checked against the "
          "host reference, %llu resends\n", (unsigned long long)s->n_done,
          (unsigned long long)s->c.n_pkts, (unsigned long long)s->c.n_resend);
  free(s->img);
  free(s);
}

static void wr32(stim_t *s, uint32_t a, uint32_t v)
{
  memcpy(s->img + a, &v, 4);
}

static void new_command(stim_t *s, ww_rng_t *r)
{
  s->wid = (unsigned)ww_rng_below(r, WARPS);
  s->c.mask = (uint32_t)ww_rng_bits(r, LANES);
  if (ww_rng_chance(r, 1, 3))
    s->c.mask = LANES == 32 ? ~0u : (1u << LANES) - 1;
  s->rlen = (unsigned)ww_rng_below(r, MAXE + 1);
  s->wlen = (unsigned)ww_rng_below(r, MAXE + 1);
  for (unsigned wl = 0; wl < 2; wl++)
    for (unsigned i = 0; i < (wl ? s->wlen : s->rlen); i++) {
      const uint32_t e = ww_tm_txlog_entry(LOG_BASE, LANES, LOGW, s->wid, wl, i);
      for (unsigned l = 0; l < LANES; l++) {
        ent_t x = { WW_TX_LOG_VOID, 0 };
        if (ww_rng_chance(r, 3, 4))
          x = (ent_t){ (uint32_t)ww_rng_below(r, DATA_LINES) * LINEB + 4u * (uint32_t)ww_rng_below(r, LPL),
                       (uint32_t)ww_rng_bits(r, 32) };
        wr32(s, e + 4 * l, x.addr);
        wr32(s, e + 4 * LANES + 4 * l, x.val);
        (wl ? s->wlog : s->rlog)[i][l] = x;
      }
    }
  curef_start(&s->c, s->c.mask);
  s->c.rlog = (const ent_t (*)[LANES])s->rlog;
  s->c.wlog = (const ent_t (*)[LANES])s->wlog;
  s->c.rlen = s->rlen;
  s->c.wlen = s->wlen;
  s->granted = 0;
  s->grant_wait = (unsigned)ww_rng_below(r, 8);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_tm_commit_walk_out_t *prev = vprev;
  ww_tm_commit_walk_in_t *in = vin;
  memset(in, 0, sizeof *in);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->log_base_i = LOG_BASE;
  if (cycle == 0 || !in->rst_ni) {
    s->pending = s->busy = s->mem_busy = 0;
    s->c.qn = 0;
    s->last_ready = 0;
    s->lat_max = ww_rng_chance(r, 1, 3) ? 30 : 5;
    return;
  }
  if (s->last_ready & 1 && prev->req_valid_o) {   /* the L1 took a load */
    s->mem_busy = 1;
    s->mem_line = (uint32_t)prev->req_line_o;
    s->mem_left = (unsigned)ww_rng_below(r, s->lat_max);
  }
  if (s->busy && s->granted == 1) {   /* granted last cycle */
    if (prev->cid_n_o != (uint64_t)__builtin_popcount(s->c.mask))
      curef_bad(cycle - 1, "cid_n_o is not the number of committing lanes", 0, 0);
    s->granted = 2;
  }
  if (s->busy && prev->pkt_valid_o && (s->last_ready & 2))   /* a packet taken */
    curef_packet(&s->c, r, cycle - 1, (unsigned)prev->pkt_part_o, (unsigned)prev->pkt_kind_o,
                 (uint32_t)prev->pkt_cid_o, prev->pkt_addr_o, prev->pkt_data_o);
  if (s->pending && prev->cmd_ready_o) {
    s->pending = 0;
    s->busy = 1;
  } else if (s->busy && prev->done_valid_o) {
    unsigned l, p;
    if ((uint32_t)prev->done_fail_o != curef_fail_mask(&s->c))
      curef_bad(cycle - 1, "done_fail_o is not the lanes some partition failed", 0, 0);
    if (curef_unretired(&s->c, &l, &p))
      curef_bad(cycle - 1, "done before every partition retired the CID", l, p);
    s->n_done++;
    s->busy = 0;
  }

  /* the vendor */
  if (s->busy && !s->granted && prev->cid_req_o) {
    if (s->grant_wait)
      s->grant_wait--;
    else {
      in->cid_grant_i = 1;
      s->c.base = s->cid_ctr;
      s->cid_ctr = (s->cid_ctr + (uint32_t)__builtin_popcount(s->c.mask)) & CIDM;
      s->granted = 1;
    }
  }
  in->cid_base_i = s->granted == 1 ? s->c.base : ww_rng_bits(r, WW_CID_W);

  /* the L1 */
  if (s->mem_busy) {
    if (s->mem_left)
      s->mem_left--;
    else {
      s->mem_busy = 0;
      in->rsp_valid_i = 1;
      for (unsigned k = 0; k < LPL; k++)
        memcpy(&in->rsp_data_i[k], s->img + (size_t)s->mem_line * LINEB + 4 * k, 4);
    }
  }
  in->req_ready_i = !s->mem_busy && ww_rng_chance(r, 3, 4);
  in->pkt_ready_i = ww_rng_chance(r, 4, 5);
  s->last_ready = (int)in->req_ready_i | (int)in->pkt_ready_i << 1;

  /* one due message per cycle */
  in->msg_valid_i = (uint64_t)curef_message(&s->c, r, cycle, &in->msg_part_i, &in->msg_kind_i,
                                            &in->msg_cid_i);

  /* the log unit's command */
  if (!s->pending && !s->busy && ww_rng_chance(r, 1, 4)) {
    new_command(s, r);
    s->pending = 1;
  }
  if (s->pending) {
    in->cmd_valid_i = 1;
    in->cmd_wid_i = s->wid;
    in->cmd_mask_i = s->c.mask;
    in->cmd_rlen_i = s->rlen;
    in->cmd_wlen_i = s->wlen;
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "tm_commit_walk",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " LANES=" WW_XSTR(WW_LANES) " LINE_BYTES="
            WW_XSTR(WW_LINE_BYTES) " NUM_PART=" WW_XSTR(WW_NUM_PART) " CID_W=" WW_XSTR(WW_CID_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
