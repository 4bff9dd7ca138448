/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_scord_check (rtl/scord/ww_scord_check.v).
 * Stimulus: random 64-bit metadata would almost never reach the interesting
 * rows of Tables III/IV, so every field is drawn from small pools shared by
 * the entry and the access: two blocks, three warps, two barrier IDs, two
 * values per fence counter, a few lock Blooms (one bit per half, as the SM
 * builds them). So IDs, barriers and fences are equal about half the time,
 * fP equals the entry's fence IDs about half the time, and half of the Blooms
 * are empty. The entry is INIT (1/8), last cycle's md_o (3/8: a chain of
 * accesses to one word), or composed from the pools with biased flags; now
 * and then fully random. Cached mode half the time, tag equal 3/4 of that.
 * The pools are redrawn every few thousand cycles.
 */
#include "ww_lockstep.h"
#include "ww_scord_check.h"

#define WW_PORTS_DEF "ww_scord_check.ports.def"
#define WW_IN_T ww_scord_check_in_t
#define WW_OUT_T ww_scord_check_out_t
#include "ww_lockstep_ports.h"

#define NLOCK 4

typedef struct {
  uint64_t block[2], warp[3], bar[2], blkf[2], devf[2], tag[2];
  uint64_t lockbit[NLOCK];    /* one lock: a bit in each half of the Bloom */
} stim_t;

WW_MODEL_HOOKS(ww_scord_check)
WW_STIM_STATE(stim_t)

static uint64_t pick(ww_rng_t *r, const uint64_t *pool, unsigned n)
{
  return pool[ww_rng_below(r, n)];
}

static void refill(stim_t *s, ww_rng_t *r)
{
  const unsigned half = WW_SCORD_BLOOM_W / 2;
  for (unsigned i = 0; i < 2; i++) {
    s->block[i] = ww_rng_bits(r, WW_SCORD_BLOCKID_W);
    s->bar[i] = ww_rng_bits(r, WW_SCORD_BARID_W);
    s->blkf[i] = ww_rng_bits(r, WW_SCORD_FENCEID_W);
    s->devf[i] = ww_rng_bits(r, WW_SCORD_FENCEID_W);
    s->tag[i] = ww_rng_bits(r, WW_SCORD_TAG_W);
  }
  for (unsigned i = 0; i < 3; i++)
    s->warp[i] = ww_rng_bits(r, WW_SCORD_WARPID_W);
  for (unsigned i = 0; i < NLOCK; i++)
    s->lockbit[i] = (1ull << (half + ww_rng_below(r, half))) | (1ull << ww_rng_below(r, half));
}

/* A lock Bloom: empty half the time, else one or two locks of the pool. */
static uint64_t bloom(stim_t *s, ww_rng_t *r)
{
  if (ww_rng_chance(r, 1, 2))
    return 0;
  uint64_t b = pick(r, s->lockbit, NLOCK);
  if (ww_rng_chance(r, 1, 3))
    b |= pick(r, s->lockbit, NLOCK);
  if (ww_rng_chance(r, 1, 16))
    b = ww_rng_bits(r, WW_SCORD_BLOOM_W);
  return b;
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_scord_check_out_t *prev = vprev;
  ww_scord_check_in_t *in = vin;
  const ww_scord_check_cfg_t cfg = ww_scord_check_default_cfg();
  const ww_scord_layout_t l = ww_scord_layout(&cfg);

  if (cycle == 0 || ww_rng_chance(r, 1, 3000))
    refill(s, r);
  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  in->in_valid_i = (uint64_t)!ww_rng_chance(r, 1, 8);

  /* the access */
  in->cached_i = ww_rng_bits(r, 1);
  in->is_w_i = ww_rng_bits(r, 1);
  in->is_atom_i = (uint64_t)ww_rng_chance(r, 1, 4);
  in->strong_i = ww_rng_bits(r, 1);
  in->scope_blk_i = ww_rng_bits(r, 1);
  in->block_i = pick(r, s->block, 2);
  in->warp_i = pick(r, s->warp, 3);
  in->bar_i = pick(r, s->bar, 2);
  in->lock_i = bloom(s, r);
  in->fc_blk_i = pick(r, s->blkf, 2);
  in->fc_dev_i = pick(r, s->devf, 2);

  /* the entry */
  uint64_t md;
  unsigned src = (unsigned)ww_rng_below(r, 8);
  if (src == 0) {
    md = ww_scord_md_init(&cfg, (uint32_t)pick(r, s->tag, 2));
  } else if (src <= 3 && prev->out_valid_o) {
    md = prev->md_o;
  } else if (ww_rng_chance(r, 1, 32)) {
    md = ww_rng_next(r);
  } else {
    md = (pick(r, s->tag, 2) << l.tag_lsb) | (pick(r, s->block, 2) << l.block_lsb) |
         (pick(r, s->warp, 3) << l.warp_lsb) | (pick(r, s->devf, 2) << l.devf_lsb) |
         (pick(r, s->blkf, 2) << l.blkf_lsb) | (pick(r, s->bar, 2) << l.bar_lsb) |
         (bloom(s, r) << l.lock_lsb) | (ww_rng_bits(r, 1) << l.m) |
         ((uint64_t)ww_rng_chance(r, 1, 3) << l.bs) | ((uint64_t)ww_rng_chance(r, 1, 3) << l.ds) |
         ((uint64_t)ww_rng_chance(r, 1, 3) << l.atom) | (ww_rng_bits(r, 1) << l.scope) |
         (ww_rng_bits(r, 1) << l.strong);
    if (l.used_w < 64 && ww_rng_chance(r, 1, 8))
      md |= ww_rng_next(r) << l.used_w;   /* unused bits: written back as 0 */
  }
  in->md_i = md;
  const uint64_t tag_mask = (1ull << WW_SCORD_TAG_W) - 1;
  in->tag_i = ww_rng_chance(r, 3, 4) ? (md >> l.tag_lsb) & tag_mask : pick(r, s->tag, 2);

  /* fP: the fence-file entry of md.WarpID, equal to the entry's IDs half the time */
  const uint64_t fmask = (1ull << WW_SCORD_FENCEID_W) - 1;
  in->fp_blk_i = ww_rng_chance(r, 1, 2) ? (md >> l.blkf_lsb) & fmask : pick(r, s->blkf, 2);
  in->fp_dev_i = ww_rng_chance(r, 1, 2) ? (md >> l.devf_lsb) & fmask : pick(r, s->devf, 2);
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "scord_check",
  .params = "BLOCKID_W=" WW_XSTR(WW_SCORD_BLOCKID_W) " WARPID_W=" WW_XSTR(WW_SCORD_WARPID_W)
            " FENCEID_W=" WW_XSTR(WW_SCORD_FENCEID_W) " BARID_W=" WW_XSTR(WW_SCORD_BARID_W)
            " TAG_W=" WW_XSTR(WW_SCORD_TAG_W) " BLOOM_W=" WW_XSTR(WW_SCORD_BLOOM_W),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
