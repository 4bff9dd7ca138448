/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_scord_locktab (rtl/scord/ww_scord_locktab.v).
 * Stimulus: legal SM traffic from a shadow of which warps run and the
 * ctaid of each warp's block. A warp is launched (clear) now and then,
 * with a new ctaid (small, or 0xffffffff so ctaid + 1 wraps); ops come
 * only from running warps, mostly from one "focus" warp (changed now and
 * then) so its table fills, evicts and is read. Ops: CAS 40 %, EXCH 25 %,
 * FENCE_BLK 20 %, FENCE_DEV 15 %; lock addresses come mostly from a small
 * pool (some pairs alias in the hash) with random byte offsets, so CAS
 * finds duplicates and EXCH finds its entry; fences carry random unused
 * address/ctaid/scope fields. The read port follows the focus warp or this
 * cycle's op warp most of the time.
 */
#include "ww_lockstep.h"
#include "ww_scord_locktab.h"

#define WW_PORTS_DEF "ww_scord_locktab.ports.def"
#define WW_IN_T ww_scord_locktab_in_t
#define WW_OUT_T ww_scord_locktab_out_t
#include "ww_lockstep_ports.h"

#define WARPS WW_WARPS_PER_SM
#define WID_W WW_IDX_W(WW_WARPS_PER_SM)
#define POOL 8

typedef struct {
  int run[WARPS];
  uint32_t ctaid[WARPS];
  uint32_t pool[POOL];
  unsigned focus;
} stim_t;

WW_MODEL_HOOKS(ww_scord_locktab)
WW_STIM_STATE(stim_t)

static uint32_t new_lock(ww_rng_t *r, const stim_t *s)
{
  uint32_t a = (uint32_t)ww_rng_bits(r, 32) & ~3u;
  if (WW_SCORD_LOCK_HASH_W < 30 && ww_rng_chance(r, 1, 4)) {
    /* an alias of a pool entry: flipping word-address bits j and j + HASH_W
     * leaves the XOR fold unchanged */
    unsigned j = (unsigned)ww_rng_below(r, 30 - WW_SCORD_LOCK_HASH_W);
    a = s->pool[ww_rng_below(r, POOL)] ^ (1u << (j + 2)) ^ (1u << (j + 2 + WW_SCORD_LOCK_HASH_W));
  }
  return a;
}

static uint32_t new_ctaid(ww_rng_t *r)
{
  return ww_rng_chance(r, 1, 8) ? 0xffffffffu : (uint32_t)ww_rng_below(r, 6);
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  ww_scord_locktab_in_t *in = vin;
  (void)vprev;

  if (cycle == 0)
    for (unsigned i = 0; i < POOL; i++)
      s->pool[i] = new_lock(r, s);
  if (ww_rng_chance(r, 1, 3000))
    s->pool[ww_rng_below(r, POOL)] = new_lock(r, s);
  if (ww_rng_chance(r, 1, 400))
    s->focus = (unsigned)ww_rng_below(r, WARPS);

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  unsigned nrun = 0, run[WARPS];
  for (unsigned w = 0; w < WARPS; w++)
    if (s->run[w])
      run[nrun++] = w;

  /* warp launch: often while few warps run */
  in->clear_valid_i = 0;
  in->clear_wid_i = ww_rng_bits(r, WID_W);
  if (ww_rng_chance(r, 1, nrun < WARPS ? 30 : 500)) {
    in->clear_valid_i = 1;
    in->clear_wid_i = ww_rng_below(r, WARPS);
  }

  in->op_valid_i = 0;
  in->op_i = ww_rng_bits(r, 2);
  in->op_wid_i = ww_rng_bits(r, WID_W);
  in->op_addr_i = ww_rng_bits(r, 32);
  in->op_ctaid_i = ww_rng_bits(r, 32);
  in->op_scope_blk_i = ww_rng_bits(r, 1);
  if (nrun && ww_rng_chance(r, 3, 4)) {
    unsigned w = s->run[s->focus] && ww_rng_chance(r, 3, 4) ? s->focus : run[ww_rng_below(r, nrun)];
    unsigned p = (unsigned)ww_rng_below(r, 100);
    in->op_valid_i = 1;
    in->op_wid_i = w;
    in->op_i = p < 40 ? WW_SCORD_LOCK_OP_CAS : p < 65 ? WW_SCORD_LOCK_OP_EXCH
             : p < 85 ? WW_SCORD_LOCK_OP_FENCE_BLK : WW_SCORD_LOCK_OP_FENCE_DEV;
    if (in->op_i == WW_SCORD_LOCK_OP_CAS || in->op_i == WW_SCORD_LOCK_OP_EXCH) {
      uint32_t a = ww_rng_chance(r, 7, 8) ? s->pool[ww_rng_below(r, POOL)] : new_lock(r, s);
      in->op_addr_i = a | (uint32_t)ww_rng_bits(r, 2);
      in->op_ctaid_i = s->ctaid[w];
    }
  }

  in->rd_wid_i = ww_rng_below(r, WARPS);
  if (ww_rng_chance(r, 3, 4))
    in->rd_wid_i = in->op_valid_i && ww_rng_chance(r, 1, 2) ? in->op_wid_i : s->focus;

  /* the shadow follows this cycle's clock edge */
  if (!in->rst_ni) {
    for (unsigned w = 0; w < WARPS; w++)
      s->run[w] = 0;
    return;
  }
  if (in->clear_valid_i) {
    s->run[in->clear_wid_i] = 1;
    s->ctaid[in->clear_wid_i] = new_ctaid(r);
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "scord_locktab",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " ENTRIES=" WW_XSTR(WW_SCORD_LOCK_ENTRIES)
            " HASH_W=" WW_XSTR(WW_SCORD_LOCK_HASH_W) " BLOOM_W=" WW_XSTR(WW_SCORD_BLOOM_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
