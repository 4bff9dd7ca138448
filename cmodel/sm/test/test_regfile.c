/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the register file's C model (cmodel/sm/ww_regfile.c),
 * independent of the lockstep test, against a plain array
 * ref[warp][reg][lane] under random reads, writes and lane masks, for
 * several (WARPS, LANES) shapes (LANES <= WW_LANES: the port structs
 * hold WW_LANES data words). Checked every cycle:
 *  * rd_valid_o is last cycle's rd_valid_i (0 after a reset cycle);
 *  * a read's data, one cycle later, is the reference after that cycle's
 *    write: x0 is 0 in every lane whatever was written to it; lanes outside
 *    the write mask keep their value; a read of the register written in the
 *    same cycle sees the new value in the written lanes (write-first), the
 *    old one in the others; warps and the two ports are independent;
 *  * reset does not change register contents.
 * Usage: test_regfile [--seed N] [--cycles N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_regfile.h"
#include "ww_rng.h"

#define MAX_WARPS 8
#define MAX_LANES 32

static int failures;
static uint32_t ref[MAX_WARPS][32][MAX_LANES];

static void fail(const char *what, uint64_t cycle, unsigned lane, uint32_t got, uint32_t want)
{
  if (failures++ < 20)
    fprintf(stderr, "FAIL %s at cycle %" PRIu64 " lane %u: got 0x%08" PRIx32
            " want 0x%08" PRIx32 "\n", what, cycle, lane, got, want);
}

static void run(unsigned warps, unsigned lanes, uint64_t cycles, ww_rng_t *rng)
{
  ww_regfile_cfg_t cfg = { warps, lanes };
  ww_regfile_t *rf = ww_regfile_new(&cfg);
  if (!rf) {
    fail("new", 0, 0, 0, 1);
    return;
  }
  memset(ref, 0, sizeof ref);       /* the model's registers start at 0 */
  const uint32_t all = lanes == 32 ? 0xFFFFFFFFu : (1u << lanes) - 1;
  int exp_valid = 0;
  uint32_t exp1[MAX_LANES], exp2[MAX_LANES];
  ww_regfile_in_t in;
  ww_regfile_out_t out;

  for (uint64_t c = 0; c < cycles; c++) {
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    in.rst_ni = c < 1 || ww_rng_chance(rng, 1, 500) ? 0 : 1;
    in.wr_valid_i = ww_rng_chance(rng, 2, 3);
    in.wr_wid_i = ww_rng_below(rng, warps);
    in.wr_rd_i = ww_rng_chance(rng, 1, 10) ? 0
               : ww_rng_below(rng, ww_rng_chance(rng, 1, 2) ? 4 : 32);
    in.wr_mask_i = ww_rng_chance(rng, 1, 6) ? (ww_rng_chance(rng, 1, 2) ? 0 : all)
                                            : (uint32_t)ww_rng_bits(rng, lanes) & all;
    for (unsigned l = 0; l < lanes; l++)
      in.wr_data_i[l] = (uint32_t)ww_rng_bits(rng, 32);
    in.rd_valid_i = ww_rng_chance(rng, 3, 4);
    in.rd_wid_i = ww_rng_chance(rng, 1, 2) ? in.wr_wid_i : ww_rng_below(rng, warps);
    in.rd_rs1_i = ww_rng_chance(rng, 1, 3) ? in.wr_rd_i : ww_rng_below(rng, 32);
    in.rd_rs2_i = ww_rng_chance(rng, 1, 3) ? in.wr_rd_i : ww_rng_below(rng, 32);

    ww_regfile_step(rf, &in, &out);

    /* this cycle's outputs answer last cycle's read */
    if ((int)out.rd_valid_o != exp_valid)
      fail("rd_valid_o", c, 0, (uint32_t)out.rd_valid_o, (uint32_t)exp_valid);
    if (exp_valid)
      for (unsigned l = 0; l < lanes; l++) {
        if (out.rd_rs1_data_o[l] != exp1[l])
          fail("rs1 data", c, l, out.rd_rs1_data_o[l], exp1[l]);
        if (out.rd_rs2_data_o[l] != exp2[l])
          fail("rs2 data", c, l, out.rd_rs2_data_o[l], exp2[l]);
      }

    /* the reference: write (x0 stays 0), then the read sees it */
    if (in.wr_valid_i && in.wr_rd_i != 0)
      for (unsigned l = 0; l < lanes; l++)
        if ((in.wr_mask_i >> l) & 1u)
          ref[in.wr_wid_i][in.wr_rd_i][l] = in.wr_data_i[l];
    exp_valid = in.rst_ni && in.rd_valid_i;
    unsigned exp_w = (unsigned)in.rd_wid_i;
    unsigned exp_r1 = (unsigned)in.rd_rs1_i, exp_r2 = (unsigned)in.rd_rs2_i;
    for (unsigned l = 0; l < lanes; l++) {
      exp1[l] = ref[exp_w][exp_r1][l];
      exp2[l] = ref[exp_w][exp_r2][l];
      if (ref[exp_w][0][l] != 0)
        fail("reference x0", c, l, ref[exp_w][0][l], 0);
    }
  }
  ww_regfile_free(rf);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1, cycles = 200000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--cycles") && i + 1 < argc)
      cycles = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: test_regfile [--seed N] [--cycles N]\n");
      return 2;
    }
  }
  static const unsigned shapes[][2] = {
    { WW_WARPS_PER_SM, WW_LANES }, { 1, 1 }, { 3, (WW_LANES + 1) / 2 }, { 8, WW_LANES },
  };
  ww_rng_t rng = { seed };
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    run(shapes[s][0], shapes[s][1], cycles, &rng);
  printf("test_regfile: %s (%zu shapes x %" PRIu64 " cycles, seed %" PRIu64 ")\n",
         failures ? "FAIL" : "PASS", sizeof shapes / sizeof shapes[0], cycles, seed);
  return failures ? 1 : 0;
}
