/* SPDX-License-Identifier: Apache-2.0
 *
 * Independent check of the GSI classifier's C model (rtl/gsi/ww_gsi.v),
 * apart from the lockstep test, written from the rule text (GSI, ISPASS
 * 2016, sec. IV and the block's specification), not from the model:
 *   * hand cases: the refinement table (every scheduler class x in flight x
 *     kind, lsu_why_i MSHR full, "busy with an atomic" and "ScoRD records
 *     not accepted"), race-detector back-pressure (why 7), atomics and
 *     fences as synchronization (a dependent MEM_DATA warp, a warp behind
 *     another warp's atomic, own store behind one), Algorithm 2's order on every pair of refined classes in both
 *     warp orders, the attributed warp (lowest warp of the cycle's class),
 *     the MEM_STRUCT sub-class table (own store pending, lsu_why_i 0..7),
 *     the deferred MEM_DATA attribution of a short scripted run, the
 *     counter names, out-of-range indices, clear_i and en_i; clear_i to a
 *     value V (clear_val_i): every counter reads V, md_pending WARPS * V,
 *     counters and an accumulator wrap from 2^CNT_W - 1 to 0, a reset
 *     zeroes even with clear_i, and clear_val_i without clear_i does nothing;
 *   * long random streams for WARPS = 1..max and CNT_W in {2, 5, 32, 64},
 *     legal (one load per warp, done after start) and arbitrary inputs
 *     (dones without a start, warp indices >= WARPS), clears to 0, to
 *     random values and to values just below 2^CNT_W: every cycle
 *     rd_data_o reads the counter state, and the counters equal a
 *     reference tally kept here (classes and sub-classes of counted cycles;
 *     MEM_DATA cycles owed to each warp's pending load, paid to the load's
 *     source when it completes, else to the warp's last source); after
 *     every cycle sum(0..7) == [25], sum(8..12) == [3], sum(13..18) == [4],
 *     sum(19..24) == [2] modulo 2^CNT_W, offset by 7V, (3 + WARPS)V, 5V and
 *     5V after a clear to V (every counter and accumulator starts at V);
 *   * KILO TM: one directed case per SYNC sub-class (a barrier: other; an
 *     outermost ww.tx.begin held by the limit: tx_begin; a ww.tx.commit
 *     validating: tx_commit, also when the warp's begin bit is set too), the
 *     sub-class taken from the attributed warp only, and none counted
 *     outside SYNC cycles; GPUDet: a held warp in each phase (quantum,
 *     commit, serial; off counts as other), and the TM bits winning over
 *     the hold.
 * Usage: test_gsi [--seed N] [--cycles N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_gsi.h"
#include "ww_rng.h"

#define MAXW WW_WARPS_PER_SM

/* class codes, as the rule text numbers them */
enum { IDLE, CONTROL, SYNC, MEM_DATA, MEM_STRUCT, COMP_DATA, COMP_STRUCT, NONE };

static ww_rng_t rng;
static int failures;
static const char *ctx = "";

#define CHECK(cond, ...)                                                          \
  do {                                                                            \
    if (!(cond) && failures++ < 10) {                                             \
      printf("FAIL: %s: ", ctx);                                                  \
      printf(__VA_ARGS__);                                                        \
      printf("\n");                                                               \
    }                                                                             \
  } while (0)

static ww_gsi_t *make(unsigned warps, unsigned cnt_w)
{
  ww_gsi_cfg_t cfg = { warps, cnt_w };
  ww_gsi_t *g = ww_gsi_new(&cfg);
  if (!g) {
    printf("FAIL: cannot create WARPS=%u CNT_W=%u\n", warps, cnt_w);
    exit(1);
  }
  return g;
}

static void idle_inputs(ww_gsi_in_t *in)
{
  memset(in, 0, sizeof *in);
  in->rst_ni = 1;
  in->en_i = 1;
}

/* One cycle; returns the outputs. */
static ww_gsi_out_t step(ww_gsi_t *g, const ww_gsi_in_t *in)
{
  ww_gsi_out_t o;
  ww_gsi_step(g, in, &o);
  return o;
}

/* ---- refinement table ---------------------------------------------------- */

/* refined[c][kind] for a warp with an instruction in flight (kind 3: a fence
 * or an atomic, a synchronization operation), lsu_why_i != 6 */
static const unsigned refined_infl[WW_GSI_N][WW_GSI_KIND_N] = {
  /* kind:        compute      load      store       sync */
  [IDLE]        = { IDLE, IDLE, IDLE, IDLE },
  [CONTROL]     = { CONTROL, CONTROL, CONTROL, CONTROL },
  [SYNC]        = { SYNC, SYNC, SYNC, SYNC },
  [MEM_DATA]    = { MEM_DATA, MEM_DATA, MEM_DATA, SYNC },
  [MEM_STRUCT]  = { COMP_STRUCT, MEM_DATA, MEM_STRUCT, SYNC },
  [COMP_DATA]   = { COMP_DATA, COMP_DATA, COMP_DATA, COMP_DATA },
  [COMP_STRUCT] = { COMP_STRUCT, MEM_DATA, MEM_STRUCT, SYNC },
  [NONE]        = { NONE, NONE, NONE, NONE },
};

static void test_refinement(void)
{
  ctx = "refinement";
  /* lsu_why_i: MSHR full (a MEM_STRUCT sub-class), busy with another warp's
   * atomic (6: MEM_STRUCT without an own store becomes SYNC), or blocked
   * sending ScoRD records (7: stays MEM_STRUCT, sub-class ScoRD) */
  static const unsigned whys[3] = { WW_GSI_WHY_MSHR_FULL, WW_GSI_WHY_SYNC, WW_GSI_WHY_SCORD };
  for (unsigned wi = 0; wi < 3; wi++)
    for (unsigned c = 0; c < 8; c++)
      for (unsigned infl = 0; infl < 2; infl++)
        for (unsigned kind = 0; kind < WW_GSI_KIND_N; kind++) {
          const unsigned why = whys[wi];
          ww_gsi_t *g = make(1, 32);
          ww_gsi_in_t in;
          idle_inputs(&in);
          ww_gsi_set_cls_in(&in, 0, c);
          in.infl_i = infl;
          in.infl_kind_i = kind;
          in.lsu_why_i = why;
          int own = infl && kind == WW_GSI_KIND_STORE && (c == MEM_STRUCT || c == COMP_STRUCT);
          unsigned want = infl ? refined_infl[c][kind] : c;
          if (want == MEM_STRUCT && !own && why == WW_GSI_WHY_SYNC)
            want = SYNC;
          int own_got;
          unsigned got = ww_gsi_refine(&in, 0, &own_got);
          CHECK(got == want && own_got == own,
                "cls %u infl %u kind %u why %u: refined %u own %d, want %u %d", c, infl, kind,
                why, got, own_got, want, own);
          ww_gsi_out_t o = step(g, &in);
          CHECK(o.cls_o == want && o.wid_o == 0,
                "one warp cls %u infl %u kind %u why %u: cls_o %u, want %u", c, infl, kind, why,
                (unsigned)o.cls_o, want);
          if (want == MEM_STRUCT)
            CHECK(o.sub_o == (own ? WW_GSI_MS_STORE
                              : why == WW_GSI_WHY_SCORD ? WW_GSI_MS_SCORD : WW_GSI_MS_MSHR_FULL),
                  "cls %u infl %u kind %u why %u: sub_o %u", c, infl, kind, why,
                  (unsigned)o.sub_o);
          else
            CHECK(o.sub_o == 0, "cls %u infl %u kind %u why %u: sub_o %u outside MEM_STRUCT", c,
                  infl, kind, why, (unsigned)o.sub_o);
          ww_gsi_free(g);
        }
}

/* ---- atomics and fences as synchronization, hand cases -------------------- */

static void test_sync(void)
{
  ctx = "synchronization";
  ww_gsi_t *g = make(2, 32);
  ww_gsi_in_t in;
  ww_gsi_out_t o;

  /* MEM_DATA + an atomic/fence in flight -> SYNC (the only instruction a
   * dependent one can wait on); with a store in flight it stays MEM_DATA */
  idle_inputs(&in);
  ww_gsi_set_cls_in(&in, 0, MEM_DATA);
  ww_gsi_set_cls_in(&in, 1, COMP_DATA);
  in.infl_i = 1;
  in.infl_kind_i = WW_GSI_KIND_SYNC;
  in.rd_idx_i = WW_GSI_CNT_SYNC;
  o = step(g, &in);
  CHECK(o.cls_o == SYNC && o.wid_o == 0 && o.sub_o == 0, "MEM_DATA + sync in flight: %u/w%u/sub %u",
        (unsigned)o.cls_o, (unsigned)o.wid_o, (unsigned)o.sub_o);
  CHECK(ww_gsi_counter(g, WW_GSI_CNT_SYNC) == 1 && ww_gsi_counter(g, WW_GSI_CNT_MEM_DATA) == 0,
        "MEM_DATA + sync: sync %" PRIu64 " mem_data %" PRIu64, ww_gsi_counter(g, WW_GSI_CNT_SYNC),
        ww_gsi_counter(g, WW_GSI_CNT_MEM_DATA));
  in.infl_kind_i = WW_GSI_KIND_STORE;
  o = step(g, &in);
  CHECK(o.cls_o == MEM_DATA && o.wid_o == 0, "MEM_DATA + store in flight: %u/w%u",
        (unsigned)o.cls_o, (unsigned)o.wid_o);
  /* ... and without infl_i the kind does not count */
  in.infl_i = 0;
  in.infl_kind_i = WW_GSI_KIND_SYNC;
  o = step(g, &in);
  CHECK(o.cls_o == MEM_DATA, "MEM_DATA, sync kind without infl_i: %u", (unsigned)o.cls_o);
  /* a held warp waiting on its own atomic is SYNC and loses to a MEM_DATA warp */
  in.infl_i = 2;
  in.infl_kind_i = WW_GSI_KIND_SYNC << WW_GSI_KIND_W;
  ww_gsi_set_cls_in(&in, 1, MEM_STRUCT);
  o = step(g, &in);
  CHECK(o.cls_o == MEM_DATA && o.wid_o == 0, "held atomic vs MEM_DATA: %u/w%u",
        (unsigned)o.cls_o, (unsigned)o.wid_o);
  ww_gsi_free(g);

  /* why 6 (LSU busy with another warp's atomic): a MEM_STRUCT warp -> SYNC */
  g = make(2, 32);
  idle_inputs(&in);
  ww_gsi_set_cls_in(&in, 0, COMP_DATA);
  ww_gsi_set_cls_in(&in, 1, MEM_STRUCT);
  in.lsu_why_i = WW_GSI_WHY_SYNC;
  o = step(g, &in);
  CHECK(o.cls_o == SYNC && o.wid_o == 1 && o.sub_o == 0, "why 6: %u/w%u/sub %u",
        (unsigned)o.cls_o, (unsigned)o.wid_o, (unsigned)o.sub_o);
  CHECK(ww_gsi_counter(g, WW_GSI_CNT_SYNC) == 1 && ww_gsi_counter(g, WW_GSI_CNT_MEM_STRUCT) == 0 &&
        ww_gsi_counter(g, WW_GSI_CNT_MS_LSU_BUSY) == 0, "why 6: sync %" PRIu64 " mem_struct %"
        PRIu64, ww_gsi_counter(g, WW_GSI_CNT_SYNC), ww_gsi_counter(g, WW_GSI_CNT_MEM_STRUCT));
  /* a warp with its own store pending stays MEM_STRUCT, sub-class store, and
   * wins over the SYNC warp */
  ww_gsi_set_cls_in(&in, 0, COMP_STRUCT);
  in.infl_i = 1;
  in.infl_kind_i = WW_GSI_KIND_STORE;
  o = step(g, &in);
  CHECK(o.cls_o == MEM_STRUCT && o.wid_o == 0 && o.sub_o == WW_GSI_MS_STORE,
        "why 6, own store at warp 0: %u/w%u/sub %u", (unsigned)o.cls_o, (unsigned)o.wid_o,
        (unsigned)o.sub_o);
  /* own store at warp 1 (scheduler class MEM_STRUCT): warp 1 is MEM_STRUCT
   * store, warp 0 (plain MEM_STRUCT) is SYNC -> the cycle goes to warp 1 */
  ww_gsi_set_cls_in(&in, 0, MEM_STRUCT);
  in.infl_i = 2;
  in.infl_kind_i = WW_GSI_KIND_STORE << WW_GSI_KIND_W;
  o = step(g, &in);
  CHECK(o.cls_o == MEM_STRUCT && o.wid_o == 1 && o.sub_o == WW_GSI_MS_STORE,
        "why 6, own store at warp 1: %u/w%u/sub %u", (unsigned)o.cls_o, (unsigned)o.wid_o,
        (unsigned)o.sub_o);
  CHECK(ww_gsi_counter(g, WW_GSI_CNT_MS_STORE) == 2 && ww_gsi_counter(g, WW_GSI_CNT_MEM_STRUCT) == 2,
        "why 6 own store: ms_store %" PRIu64, ww_gsi_counter(g, WW_GSI_CNT_MS_STORE));
  /* a held load is MEM_DATA whatever the LSU does; why 7 (ScoRD back-pressure)
   * is MEM_STRUCT, not SYNC */
  in.infl_i = 1;
  in.infl_kind_i = WW_GSI_KIND_LOAD;
  ww_gsi_set_cls_in(&in, 1, COMP_DATA);
  o = step(g, &in);
  CHECK(o.cls_o == MEM_DATA && o.wid_o == 0, "why 6, held load: %u/w%u", (unsigned)o.cls_o,
        (unsigned)o.wid_o);
  in.infl_i = 0;
  in.lsu_why_i = WW_GSI_WHY_SCORD;
  o = step(g, &in);
  CHECK(o.cls_o == MEM_STRUCT && o.wid_o == 0 && o.sub_o == WW_GSI_MS_SCORD,
        "why 7: %u/w%u/sub %u", (unsigned)o.cls_o, (unsigned)o.wid_o, (unsigned)o.sub_o);
  ww_gsi_free(g);
}

/* ---- race-detector back-pressure (lsu_why_i 7), hand cases ------------------ */

static void test_scord(void)
{
  ctx = "ScoRD back-pressure";
  ww_gsi_t *g = make(2, 32);
  ww_gsi_in_t in;
  ww_gsi_out_t o;

  /* two MEM_STRUCT warps, the LSU cannot hand its ScoRD records on: 3 cycles
   * of sub-class ScoRD, attributed to warp 0 */
  idle_inputs(&in);
  ww_gsi_set_cls_in(&in, 0, MEM_STRUCT);
  ww_gsi_set_cls_in(&in, 1, MEM_STRUCT);
  in.lsu_why_i = WW_GSI_WHY_SCORD;
  for (int i = 0; i < 3; i++) {
    o = step(g, &in);
    CHECK(o.cls_o == MEM_STRUCT && o.wid_o == 0 && o.sub_o == WW_GSI_MS_SCORD,
          "why 7, cycle %d: %u/w%u/sub %u", i, (unsigned)o.cls_o, (unsigned)o.wid_o,
          (unsigned)o.sub_o);
  }
  CHECK(ww_gsi_counter(g, WW_GSI_CNT_MS_SCORD) == 3 &&
        ww_gsi_counter(g, WW_GSI_CNT_MEM_STRUCT) == 3 &&
        ww_gsi_counter(g, WW_GSI_CNT_MS_LSU_BUSY) == 0 && ww_gsi_counter(g, WW_GSI_CNT_SYNC) == 0,
        "why 7: ms_scord %" PRIu64 " mem_struct %" PRIu64 " ms_lsu_busy %" PRIu64,
        ww_gsi_counter(g, WW_GSI_CNT_MS_SCORD), ww_gsi_counter(g, WW_GSI_CNT_MEM_STRUCT),
        ww_gsi_counter(g, WW_GSI_CNT_MS_LSU_BUSY));
  /* the attributed warp's own store pending wins: sub-class store */
  ww_gsi_set_cls_in(&in, 0, COMP_STRUCT);
  in.infl_i = 1;
  in.infl_kind_i = WW_GSI_KIND_STORE;
  o = step(g, &in);
  CHECK(o.cls_o == MEM_STRUCT && o.wid_o == 0 && o.sub_o == WW_GSI_MS_STORE,
        "why 7, own store at warp 0: %u/w%u/sub %u", (unsigned)o.cls_o, (unsigned)o.wid_o,
        (unsigned)o.sub_o);
  /* ... but only the attributed warp's: warp 1's own store, warp 0 plain
   * MEM_STRUCT -> warp 0, ScoRD */
  ww_gsi_set_cls_in(&in, 0, MEM_STRUCT);
  ww_gsi_set_cls_in(&in, 1, COMP_STRUCT);
  in.infl_i = 2;
  in.infl_kind_i = WW_GSI_KIND_STORE << WW_GSI_KIND_W;
  o = step(g, &in);
  CHECK(o.cls_o == MEM_STRUCT && o.wid_o == 0 && o.sub_o == WW_GSI_MS_SCORD,
        "why 7, own store at warp 1: %u/w%u/sub %u", (unsigned)o.cls_o, (unsigned)o.wid_o,
        (unsigned)o.sub_o);
  /* why 7 does not make anything SYNC, and outside MEM_STRUCT sub_o is 0:
   * a held load (MEM_DATA) and a COMP_DATA warp */
  ww_gsi_set_cls_in(&in, 0, MEM_STRUCT);
  ww_gsi_set_cls_in(&in, 1, COMP_DATA);
  in.infl_i = 1;
  in.infl_kind_i = WW_GSI_KIND_LOAD;
  o = step(g, &in);
  CHECK(o.cls_o == MEM_DATA && o.wid_o == 0 && o.sub_o == 0, "why 7, held load: %u/w%u/sub %u",
        (unsigned)o.cls_o, (unsigned)o.wid_o, (unsigned)o.sub_o);
  /* no stall beats it: a NONE warp issues */
  ww_gsi_set_cls_in(&in, 1, NONE);
  in.infl_i = 0;
  o = step(g, &in);
  CHECK(o.cls_o == NONE && o.wid_o == 1 && o.sub_o == 0, "why 7, a warp issues: %u/w%u/sub %u",
        (unsigned)o.cls_o, (unsigned)o.wid_o, (unsigned)o.sub_o);
  /* not counted while en_i is low */
  ww_gsi_set_cls_in(&in, 1, MEM_STRUCT);
  in.en_i = 0;
  o = step(g, &in);
  CHECK(o.cls_o == MEM_STRUCT && o.sub_o == WW_GSI_MS_SCORD, "why 7, en_i low: %u/sub %u",
        (unsigned)o.cls_o, (unsigned)o.sub_o);
  /* read through rd_data_o at its index; the next index is the cycle count */
  in.rd_idx_i = WW_GSI_CNT_MS_SCORD;
  CHECK(step(g, &in).rd_data_o == 4, "why 7: rd_data_o[%u] != 4", (unsigned)WW_GSI_CNT_MS_SCORD);
  in.rd_idx_i = WW_GSI_CNT_CYCLES;
  CHECK(step(g, &in).rd_data_o == 7, "cycles at index %u != 7", (unsigned)WW_GSI_CNT_CYCLES);
  CHECK(ww_gsi_counter(g, WW_GSI_CNT_MS_SCORD) == 4 &&
        ww_gsi_counter(g, WW_GSI_CNT_MS_STORE) == 1 &&
        ww_gsi_counter(g, WW_GSI_CNT_MEM_STRUCT) == 5 && ww_gsi_counter(g, WW_GSI_CNT_CYCLES) == 7,
        "why 7 end: ms_scord %" PRIu64 " ms_store %" PRIu64 " mem_struct %" PRIu64
        " cycles %" PRIu64, ww_gsi_counter(g, WW_GSI_CNT_MS_SCORD),
        ww_gsi_counter(g, WW_GSI_CNT_MS_STORE), ww_gsi_counter(g, WW_GSI_CNT_MEM_STRUCT),
        ww_gsi_counter(g, WW_GSI_CNT_CYCLES));
  ww_gsi_free(g);
}

/* ---- Algorithm 2 ------------------------------------------------------------ */

/* strength in Algorithm 2: the cycle takes the refined class of highest rank */
static const unsigned rank[8] = {
  [NONE] = 7, [MEM_STRUCT] = 6, [MEM_DATA] = 5, [SYNC] = 4,
  [COMP_STRUCT] = 3, [COMP_DATA] = 2, [CONTROL] = 1, [IDLE] = 0,
};

static void test_alg2(void)
{
  ctx = "algorithm 2";
  /* hand cases, two warps: (warp 0, warp 1) -> cycle class, warp */
  static const struct { unsigned a, b, cls, wid; } hand[] = {
    { MEM_STRUCT, NONE, NONE, 1 },            /* one can issue: no stall */
    { MEM_DATA, MEM_STRUCT, MEM_STRUCT, 1 },  /* structural before data */
    { SYNC, MEM_DATA, MEM_DATA, 1 },
    { SYNC, COMP_STRUCT, SYNC, 0 },           /* memory/sync before compute */
    { COMP_DATA, COMP_STRUCT, COMP_STRUCT, 1 },
    { COMP_DATA, CONTROL, COMP_DATA, 0 },
    { IDLE, CONTROL, CONTROL, 1 },
    { IDLE, IDLE, IDLE, 0 },
    { MEM_STRUCT, MEM_STRUCT, MEM_STRUCT, 0 },/* lowest warp */
  };
  for (unsigned i = 0; i < sizeof hand / sizeof hand[0]; i++) {
    ww_gsi_t *g = make(2, 32);
    ww_gsi_in_t in;
    idle_inputs(&in);
    ww_gsi_set_cls_in(&in, 0, hand[i].a);
    ww_gsi_set_cls_in(&in, 1, hand[i].b);
    ww_gsi_out_t o = step(g, &in);
    CHECK(o.cls_o == hand[i].cls && o.wid_o == hand[i].wid, "hand case %u (%u, %u): %u/w%u",
          i, hand[i].a, hand[i].b, (unsigned)o.cls_o, (unsigned)o.wid_o);
    ww_gsi_free(g);
  }
  /* every pair of classes, at every pair of positions among MAXW warps (others IDLE) */
  for (unsigned a = 0; a < 8; a++)
    for (unsigned b = 0; b < 8; b++)
      for (unsigned pa = 0; pa < MAXW; pa++)
        for (unsigned pb = 0; pb < MAXW; pb++) {
          if (pa == pb)
            continue;
          ww_gsi_t *g = make(MAXW, 32);
          ww_gsi_in_t in;
          idle_inputs(&in);
          ww_gsi_set_cls_in(&in, pa, a);
          ww_gsi_set_cls_in(&in, pb, b);
          unsigned want = rank[a] >= rank[b] ? a : b;
          unsigned wid = 0;   /* lowest warp holding `want` (all others are IDLE) */
          for (unsigned w = MAXW; w-- > 0;)
            if ((w == pa ? a : w == pb ? b : (unsigned)IDLE) == want)
              wid = w;
          ww_gsi_out_t o = step(g, &in);
          CHECK(o.cls_o == want && o.wid_o == wid, "warp %u=%u warp %u=%u: %u/w%u, want %u/w%u",
                pa, a, pb, b, (unsigned)o.cls_o, (unsigned)o.wid_o, want, wid);
          ww_gsi_free(g);
        }
  /* a refined class takes part in the order: a held store (MEM_STRUCT) beats a MEM_DATA warp */
  ww_gsi_t *g = make(2, 32);
  ww_gsi_in_t in;
  idle_inputs(&in);
  ww_gsi_set_cls_in(&in, 0, MEM_DATA);
  ww_gsi_set_cls_in(&in, 1, COMP_STRUCT);
  in.infl_i = 2;
  in.infl_kind_i = WW_GSI_KIND_STORE << WW_GSI_KIND_W;
  ww_gsi_out_t o = step(g, &in);
  CHECK(o.cls_o == MEM_STRUCT && o.wid_o == 1 && o.sub_o == WW_GSI_MS_STORE,
        "held store vs MEM_DATA: %u/w%u/sub %u", (unsigned)o.cls_o, (unsigned)o.wid_o,
        (unsigned)o.sub_o);
  /* ... and a held load (MEM_DATA) loses to a structural MEM_STRUCT warp */
  in.infl_kind_i = WW_GSI_KIND_LOAD << WW_GSI_KIND_W;
  ww_gsi_set_cls_in(&in, 0, MEM_STRUCT);
  o = step(g, &in);
  CHECK(o.cls_o == MEM_STRUCT && o.wid_o == 0, "held load vs MEM_STRUCT: %u/w%u",
        (unsigned)o.cls_o, (unsigned)o.wid_o);
  ww_gsi_free(g);
}

/* ---- MEM_STRUCT sub-classes ------------------------------------------------- */

static void test_sub(void)
{
  ctx = "memory structural sub-class";
  /* lsu_why_i -> sub-class, without own store (6: no MEM_STRUCT cycle then,
   * the warps are SYNC; the entry is never used; 7: ScoRD back-pressure) */
  static const unsigned by_why[WW_GSI_WHY_N] = {
                                      WW_GSI_MS_LSU_BUSY, WW_GSI_MS_LSU_BUSY, WW_GSI_MS_MSHR_FULL,
                                      WW_GSI_MS_STORE, WW_GSI_MS_BANK_CONFLICT, WW_GSI_MS_FENCE,
                                      WW_GSI_MS_LSU_BUSY, WW_GSI_MS_SCORD };
  for (unsigned why = 0; why < WW_GSI_WHY_N; why++)
    for (unsigned own_at = 0; own_at < 3; own_at++) {   /* none, warp 0, warp 1 */
      ww_gsi_t *g = make(2, 32);
      ww_gsi_in_t in;
      idle_inputs(&in);
      in.lsu_why_i = why;
      ww_gsi_set_cls_in(&in, 0, MEM_STRUCT);
      ww_gsi_set_cls_in(&in, 1, MEM_STRUCT);
      if (own_at) {
        in.infl_i = 1u << (own_at - 1);
        in.infl_kind_i = (uint64_t)WW_GSI_KIND_STORE << (WW_GSI_KIND_W * (own_at - 1));
      }
      /* the flag counts only for the attributed warp, warp 0; with why 6 a
       * warp without its own store is SYNC, so the cycle goes to the warp
       * with one (sub-class store), or is SYNC if there is none */
      unsigned want_cls = MEM_STRUCT, want_wid = 0;
      unsigned want = own_at == 1 ? WW_GSI_MS_STORE : by_why[why];
      if (why == WW_GSI_WHY_SYNC) {
        want_cls = own_at ? MEM_STRUCT : SYNC;
        want_wid = own_at ? own_at - 1 : 0;
        want = own_at ? WW_GSI_MS_STORE : 0;
      }
      ww_gsi_out_t o = step(g, &in);
      CHECK(o.cls_o == want_cls && o.wid_o == want_wid && o.sub_o == want,
            "why %u own store at %u: %u/w%u/sub %u, want %u/w%u/sub %u", why, own_at,
            (unsigned)o.cls_o, (unsigned)o.wid_o, (unsigned)o.sub_o, want_cls, want_wid, want);
      in.rd_idx_i = want_cls == MEM_STRUCT ? WW_GSI_CNT_MS_LSU_BUSY + want : WW_GSI_CNT_SYNC;
      o = step(g, &in);
      CHECK(o.rd_data_o == 1, "why %u: counter %u = %" PRIu64 " after one cycle", why,
            (unsigned)in.rd_idx_i, (uint64_t)o.rd_data_o);
      ww_gsi_free(g);
    }
}

/* ---- deferred MEM_DATA attribution, scripted -------------------------------- */

static uint64_t rd(ww_gsi_t *g, unsigned idx) { return ww_gsi_counter(g, idx); }

static void test_deferred(void)
{
  ctx = "deferred memory data";
  ww_gsi_t *g = make(2, 32);
  ww_gsi_in_t in;
  idle_inputs(&in);
  /* warp 0 waits on its own load: MEM_STRUCT held with a load in flight */
  ww_gsi_set_cls_in(&in, 0, MEM_STRUCT);
  ww_gsi_set_cls_in(&in, 1, IDLE);
  in.infl_i = 1;
  in.infl_kind_i = WW_GSI_KIND_LOAD;
  in.ld_start_i = 1;          /* accepted now: this cycle is not yet pending */
  in.ld_start_wid_i = 0;
  step(g, &in);
  CHECK(rd(g, WW_GSI_CNT_MD_L1) == 1 && rd(g, WW_GSI_CNT_MD_PENDING) == 0,
        "before the start the cycle goes to the last source (L1 after reset): %" PRIu64,
        rd(g, WW_GSI_CNT_MD_L1));
  in.ld_start_i = 0;
  for (int i = 0; i < 5; i++)
    step(g, &in);
  CHECK(rd(g, WW_GSI_CNT_MD_PENDING) == 5, "5 pending cycles: %" PRIu64,
        rd(g, WW_GSI_CNT_MD_PENDING));
  in.en_i = 0;                /* not counted */
  step(g, &in);
  CHECK(rd(g, WW_GSI_CNT_MD_PENDING) == 5 && rd(g, WW_GSI_CNT_CYCLES) == 6, "en_i low counted");
  in.en_i = 1;
  in.ld_done_i = 1;           /* served by DRAM; this cycle goes there too */
  in.ld_done_wid_i = 0;
  in.ld_done_src_i = WW_GSI_SRC_DRAM;
  step(g, &in);
  CHECK(rd(g, WW_GSI_CNT_MD_DRAM) == 6 && rd(g, WW_GSI_CNT_MD_PENDING) == 0,
        "flush: dram %" PRIu64 " pending %" PRIu64, rd(g, WW_GSI_CNT_MD_DRAM),
        rd(g, WW_GSI_CNT_MD_PENDING));
  in.ld_done_i = 0;
  in.ld_start_i = 1;          /* not pending: direct to the last source (DRAM) */
  step(g, &in);
  CHECK(rd(g, WW_GSI_CNT_MD_DRAM) == 7, "direct to the last source: %" PRIu64,
        rd(g, WW_GSI_CNT_MD_DRAM));
  /* done and start of the same warp in one cycle: done first (with this
   * cycle's +1), then pending again */
  in.ld_done_i = 1;
  in.ld_done_src_i = WW_GSI_SRC_L2;
  step(g, &in);
  CHECK(rd(g, WW_GSI_CNT_MD_L2) == 1 && rd(g, WW_GSI_CNT_MD_PENDING) == 0,
        "done+start: l2 %" PRIu64 " pending %" PRIu64, rd(g, WW_GSI_CNT_MD_L2),
        rd(g, WW_GSI_CNT_MD_PENDING));
  in.ld_start_i = in.ld_done_i = 0;
  step(g, &in);               /* pending again */
  step(g, &in);
  in.ld_done_i = 1;
  in.ld_done_src_i = WW_GSI_SRC_COALESCE;
  in.en_i = 0;                /* completion while not counting still pays the owed cycles */
  step(g, &in);
  CHECK(rd(g, WW_GSI_CNT_MD_L1) == 1 && rd(g, WW_GSI_CNT_MD_DRAM) == 7 &&
        rd(g, WW_GSI_CNT_MD_L2) == 1 && rd(g, WW_GSI_CNT_MD_L1_COALESCE) == 2 &&
        rd(g, WW_GSI_CNT_MD_PENDING) == 0 && rd(g, WW_GSI_CNT_MEM_DATA) == 11 &&
        rd(g, WW_GSI_CNT_CYCLES) == 11,
        "end: l1 %" PRIu64 " dram %" PRIu64 " l2 %" PRIu64 " coalesce %" PRIu64
        " mem_data %" PRIu64 " cycles %" PRIu64, rd(g, WW_GSI_CNT_MD_L1),
        rd(g, WW_GSI_CNT_MD_DRAM), rd(g, WW_GSI_CNT_MD_L2), rd(g, WW_GSI_CNT_MD_L1_COALESCE),
        rd(g, WW_GSI_CNT_MEM_DATA), rd(g, WW_GSI_CNT_CYCLES));
  /* names, out-of-range reads, clear */
  static const char *const names[WW_GSI_N_COUNTERS] = {
    "idle", "control", "sync", "mem_data", "mem_struct", "comp_data", "comp_struct",
    "no_stall", "md_l1", "md_l1_coalesce", "md_l2", "md_dram", "md_pending", "ms_lsu_busy",
    "ms_mshr_full", "ms_store", "ms_bank_conflict", "ms_fence", "ms_scord", "sy_other",
    "sy_tx_begin", "sy_tx_commit", "sy_det_quantum", "sy_det_commit", "sy_det_serial", "cycles",
  };
  for (unsigned i = 0; i < 32; i++) {
    const char *n = ww_gsi_counter_name(i);
    CHECK(i < WW_GSI_N_COUNTERS ? n && !strcmp(n, names[i]) : !n, "name of counter %u: %s", i,
          n ? n : "(null)");
  }
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  for (unsigned i = WW_GSI_N_COUNTERS; i < 32; i++) {
    in.rd_idx_i = i;
    CHECK(step(g, &in).rd_data_o == 0, "counter %u reads nonzero", i);
  }
  in.clear_i = 1;
  in.en_i = 1;
  step(g, &in);
  for (unsigned i = 0; i < WW_GSI_N_COUNTERS; i++)
    CHECK(rd(g, i) == 0, "counter %u = %" PRIu64 " after clear_i", i, rd(g, i));
  ww_gsi_free(g);

  /* clear_i to a value V: counters and accumulators start at V and wrap */
  ctx = "clear value";
  g = make(2, 32);
  const uint64_t top = 0xffffffffull;       /* 2^32 - 1 */
  idle_inputs(&in);
  in.clear_i = 1;
  in.clear_val_i = top;
  step(g, &in);
  for (unsigned i = 0; i < WW_GSI_N_COUNTERS; i++)
    CHECK(rd(g, i) == (i == WW_GSI_CNT_MD_PENDING ? (2 * top) & top : top),
          "counter %u = %" PRIu64 " after clear_i to 2^32 - 1", i, rd(g, i));
  in.clear_i = 0;
  in.clear_val_i = 5;                       /* ignored without clear_i */
  ww_gsi_set_cls_in(&in, 0, MEM_STRUCT);    /* warp 0 waits on its own load */
  ww_gsi_set_cls_in(&in, 1, IDLE);
  in.infl_i = 1;
  in.infl_kind_i = WW_GSI_KIND_LOAD;
  in.ld_start_i = 1;
  in.ld_start_wid_i = 0;
  step(g, &in);                             /* direct to the last source, L1 */
  CHECK(rd(g, WW_GSI_CNT_MEM_DATA) == 0 && rd(g, WW_GSI_CNT_CYCLES) == 0 &&
        rd(g, WW_GSI_CNT_MD_L1) == 0 && rd(g, WW_GSI_CNT_IDLE) == top,
        "one memory-data cycle wraps mem_data %" PRIu64 ", cycles %" PRIu64 ", md_l1 %" PRIu64
        "; idle stays %" PRIu64, rd(g, WW_GSI_CNT_MEM_DATA), rd(g, WW_GSI_CNT_CYCLES),
        rd(g, WW_GSI_CNT_MD_L1), rd(g, WW_GSI_CNT_IDLE));
  in.ld_start_i = 0;
  step(g, &in);                             /* pending: warp 0's accumulator wraps */
  CHECK(rd(g, WW_GSI_CNT_MD_PENDING) == top, "md_pending %" PRIu64 " (0 + 2^32 - 1)",
        rd(g, WW_GSI_CNT_MD_PENDING));
  in.ld_done_i = 1;
  in.ld_done_wid_i = 1;                     /* warp 1 flushes its preset accumulator */
  in.ld_done_src_i = WW_GSI_SRC_L2;
  step(g, &in);
  CHECK(rd(g, WW_GSI_CNT_MD_L2) == top - 1 && rd(g, WW_GSI_CNT_MD_PENDING) == 1,
        "flush of 2^32 - 1 into md_l2 (2^32 - 1): %" PRIu64 ", md_pending %" PRIu64,
        rd(g, WW_GSI_CNT_MD_L2), rd(g, WW_GSI_CNT_MD_PENDING));
  in.ld_done_i = 0;
  in.rst_ni = 0;                            /* reset wins over clear_i */
  in.clear_i = 1;
  in.clear_val_i = 0x12345678;
  step(g, &in);
  for (unsigned i = 0; i < WW_GSI_N_COUNTERS; i++)
    CHECK(rd(g, i) == 0, "counter %u = %" PRIu64 " after a reset with clear_i", i, rd(g, i));
  ww_gsi_free(g);
}

/* ---- KILO TM: SYNC sub-classes ------------------------------------------------ */

static void test_tm(void)
{
  ctx = "sync sub-classes";
  ww_gsi_t *g = make(3, 32);
  ww_gsi_in_t in;
  idle_inputs(&in);
  /* other: warp 1 at a barrier, warp 0 idle, no TM bit */
  ww_gsi_set_cls_in(&in, 0, IDLE);
  ww_gsi_set_cls_in(&in, 1, SYNC);
  ww_gsi_set_cls_in(&in, 2, IDLE);
  ww_gsi_out_t o = step(g, &in);
  CHECK(o.cls_o == SYNC && o.wid_o == 1, "barrier: %u/w%u", (unsigned)o.cls_o, (unsigned)o.wid_o);
  CHECK(rd(g, WW_GSI_CNT_SY_OTHER) == 1 && rd(g, WW_GSI_CNT_SY_TX_BEGIN) == 0 &&
        rd(g, WW_GSI_CNT_SY_TX_COMMIT) == 0, "barrier: sy %" PRIu64 "/%" PRIu64 "/%" PRIu64,
        rd(g, WW_GSI_CNT_SY_OTHER), rd(g, WW_GSI_CNT_SY_TX_BEGIN), rd(g, WW_GSI_CNT_SY_TX_COMMIT));
  /* tx_begin: warp 1's outermost ww.tx.begin held by the limit, twice */
  in.tx_begin_i = 2;
  step(g, &in);
  step(g, &in);
  CHECK(rd(g, WW_GSI_CNT_SY_TX_BEGIN) == 2 && rd(g, WW_GSI_CNT_SY_OTHER) == 1,
        "tx begin: sy_tx_begin %" PRIu64 " sy_other %" PRIu64, rd(g, WW_GSI_CNT_SY_TX_BEGIN),
        rd(g, WW_GSI_CNT_SY_OTHER));
  /* tx_commit: warp 1's ww.tx.commit validates (an in-flight SYNC-kind
   * instruction holds its next one); the begin bit of the same warp loses */
  ww_gsi_set_cls_in(&in, 1, COMP_STRUCT);
  in.infl_i = 2;
  in.infl_kind_i = (uint64_t)WW_GSI_KIND_SYNC << (2 * 1);
  in.tx_commit_i = 2;
  for (unsigned i = 0; i < 3; i++) {
    o = step(g, &in);
    CHECK(o.cls_o == SYNC && o.wid_o == 1 && o.sub_o == 0, "tx commit: %u/w%u/sub %u",
          (unsigned)o.cls_o, (unsigned)o.wid_o, (unsigned)o.sub_o);
  }
  CHECK(rd(g, WW_GSI_CNT_SY_TX_COMMIT) == 3 && rd(g, WW_GSI_CNT_SY_TX_BEGIN) == 2,
        "tx commit: sy_tx_commit %" PRIu64 " sy_tx_begin %" PRIu64,
        rd(g, WW_GSI_CNT_SY_TX_COMMIT), rd(g, WW_GSI_CNT_SY_TX_BEGIN));
  /* the attributed warp decides: warp 0 at a barrier (other) beats warp 1's commit */
  ww_gsi_set_cls_in(&in, 0, SYNC);
  o = step(g, &in);
  CHECK(o.cls_o == SYNC && o.wid_o == 0 && rd(g, WW_GSI_CNT_SY_OTHER) == 2 &&
        rd(g, WW_GSI_CNT_SY_TX_COMMIT) == 3, "lowest warp: w%u, other %" PRIu64
        " commit %" PRIu64, (unsigned)o.wid_o, rd(g, WW_GSI_CNT_SY_OTHER),
        rd(g, WW_GSI_CNT_SY_TX_COMMIT));
  /* GPUDet: warp 0 at a barrier, held by GPUDet: one cycle per phase; the
   * TM bits of warp 0 win over the hold */
  in.tx_commit_i = 2;
  in.tx_begin_i = 0;
  in.det_hold_i = 1;
  static const struct { unsigned ph, cnt; } det_ph[] = {
    { WW_DETPH_QUANTUM, WW_GSI_CNT_SY_DET_QUANTUM }, { WW_DETPH_COMMIT, WW_GSI_CNT_SY_DET_COMMIT },
    { WW_DETPH_SERIAL, WW_GSI_CNT_SY_DET_SERIAL },  { WW_DETPH_OFF, WW_GSI_CNT_SY_OTHER } };
  for (unsigned i = 0; i < 4; i++) {
    in.det_phase_i = det_ph[i].ph;
    uint64_t before = rd(g, det_ph[i].cnt);
    o = step(g, &in);
    CHECK(o.cls_o == SYNC && o.wid_o == 0 && rd(g, det_ph[i].cnt) == before + 1,
          "det phase %u: counter %u %" PRIu64 " -> %" PRIu64, det_ph[i].ph, det_ph[i].cnt, before,
          rd(g, det_ph[i].cnt));
  }
  in.tx_begin_i = 1;
  in.det_phase_i = WW_DETPH_COMMIT;
  uint64_t txb_before = rd(g, WW_GSI_CNT_SY_TX_BEGIN);
  step(g, &in);
  CHECK(rd(g, WW_GSI_CNT_SY_TX_BEGIN) == txb_before + 1, "det hold loses to tx begin");
  in.det_hold_i = 0;
  in.det_phase_i = 0;
  ww_gsi_set_cls_in(&in, 0, SYNC);
  /* not SYNC: warp 2 issues; the TM bits count nothing */
  ww_gsi_set_cls_in(&in, 2, NONE);
  in.tx_begin_i = 7;
  in.tx_commit_i = 7;
  o = step(g, &in);
  uint64_t sy_sum = 0;
  for (unsigned i = 0; i < WW_GSI_CNT_SY_N; i++)
    sy_sum += rd(g, WW_GSI_CNT_SY_FIRST + i);
  CHECK(o.cls_o == NONE && sy_sum == 12 && rd(g, WW_GSI_CNT_SYNC) == 12,
        "no SYNC cycle: sy sum %" PRIu64 " sync %" PRIu64, sy_sum, rd(g, WW_GSI_CNT_SYNC));
  /* en_i low: a SYNC cycle with a commit is not counted */
  ww_gsi_set_cls_in(&in, 2, IDLE);
  in.en_i = 0;
  step(g, &in);
  CHECK(rd(g, WW_GSI_CNT_SY_TX_COMMIT) == 3 && rd(g, WW_GSI_CNT_SYNC) == 12, "en_i low counted");
  ww_gsi_free(g);
}

/* ---- random streams: reference tally and invariants ------------------------- */

static void run_random(unsigned warps, unsigned cnt_w, uint64_t cycles, int legal,
                       uint64_t hist[WW_GSI_N_COUNTERS])
{
  static char buf[96];
  snprintf(buf, sizeof buf, "random WARPS=%u CNT_W=%u %s", warps, cnt_w,
           legal ? "legal" : "arbitrary");
  ctx = buf;
  ww_gsi_t *g = make(warps, cnt_w);
  const uint64_t m = cnt_w >= 64 ? ~0ull : (1ull << cnt_w) - 1;
  const unsigned wid_w = warps > 1 ? ww_clog2(warps) : 1;
  uint64_t ref[WW_GSI_N_COUNTERS] = { 0 };   /* [12] unused: owed[] below */
  uint64_t owed[32] = { 0 };                 /* counted MEM_DATA cycles owed to a pending load */
  int pend[32] = { 0 };                      /* as the block sees it */
  unsigned last_src[32] = { 0 };
  int shadow_pend[32] = { 0 };               /* legal stimulus: the LSU's loads */
  uint64_t base = 0;                         /* the last clear's value (0 after reset) */
  uint64_t preset[32] = { 0 };               /* the part of owed[w] that is base, not cycles */
  for (uint64_t cyc = 0; cyc < cycles && failures < 10; cyc++) {
    ww_gsi_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_ni = !ww_rng_chance(&rng, 1, 20000);
    in.clear_i = ww_rng_chance(&rng, 1, 3000);
    switch (ww_rng_below(&rng, 4)) {           /* 0, random, just below 2^CNT_W */
    case 0: in.clear_val_i = 0; break;
    case 1: in.clear_val_i = ww_rng_bits(&rng, cnt_w); break;
    default: in.clear_val_i = (0 - 1 - ww_rng_below(&rng, 8)) & m; break;
    }
    in.en_i = !ww_rng_chance(&rng, 1, 10);
    unsigned busy = (unsigned)((cyc / 64) % 3);   /* phases: NONE common / rare / absent */
    for (unsigned w = 0; w < warps; w++) {
      unsigned c = (unsigned)ww_rng_below(&rng, 8);
      if (c == NONE && busy && !ww_rng_chance(&rng, 1, busy == 1 ? 4 : 50))
        c = (unsigned)ww_rng_below(&rng, 7);
      ww_gsi_set_cls_in(&in, w, c);
    }
    in.infl_i = ww_rng_bits(&rng, warps);
    in.infl_kind_i = ww_rng_bits(&rng, 2 * warps);
    in.lsu_why_i = ww_rng_bits(&rng, 3);
    in.tx_begin_i = ww_rng_bits(&rng, warps) & ww_rng_bits(&rng, warps);
    in.tx_commit_i = ww_rng_bits(&rng, warps) & ww_rng_bits(&rng, warps);
    in.det_hold_i = ww_rng_bits(&rng, warps);
    in.det_phase_i = ww_rng_bits(&rng, WW_DETPH_W);
    in.rd_idx_i = ww_rng_bits(&rng, 5);
    in.ld_done_src_i = ww_rng_bits(&rng, 2);
    if (legal) {
      unsigned d = (unsigned)ww_rng_below(&rng, warps), s = (unsigned)ww_rng_below(&rng, warps);
      if (shadow_pend[d] && ww_rng_chance(&rng, 1, 6)) {
        in.ld_done_i = 1;
        in.ld_done_wid_i = d;
        shadow_pend[d] = 0;
      }
      if (!shadow_pend[s] && ww_rng_chance(&rng, 1, 4)) {
        in.ld_start_i = 1;
        in.ld_start_wid_i = s;
        shadow_pend[s] = 1;
      }
      /* a pending load shows as a held load in flight */
      for (unsigned w = 0; w < warps; w++)
        if (shadow_pend[w] && ww_rng_chance(&rng, 3, 4)) {
          in.infl_i |= 1ull << w;
          in.infl_kind_i = (in.infl_kind_i & ~(3ull << 2 * w)) | (1ull << 2 * w);
          ww_gsi_set_cls_in(&in, w, ww_rng_chance(&rng, 1, 2) ? MEM_STRUCT : COMP_STRUCT);
        }
      if (!in.rst_ni || in.clear_i)
        memset(shadow_pend, 0, sizeof shadow_pend);
    } else {
      in.ld_start_i = ww_rng_chance(&rng, 1, 4);
      in.ld_start_wid_i = ww_rng_bits(&rng, wid_w);
      in.ld_done_i = ww_rng_chance(&rng, 1, 4);
      in.ld_done_wid_i = ww_rng_bits(&rng, wid_w);
    }

    /* expected outputs, from the rule text */
    unsigned rc[32], best = IDLE;
    int own[32];
    for (unsigned w = 0; w < warps; w++) {
      unsigned c = ww_gsi_cls_in(&in, w);
      unsigned kind = (unsigned)(in.infl_kind_i >> WW_GSI_KIND_W * w) & ((1u << WW_GSI_KIND_W) - 1);
      int held = (in.infl_i >> w & 1) && (c == MEM_STRUCT || c == COMP_STRUCT);
      rc[w] = (in.infl_i >> w & 1) ? refined_infl[c][kind] : c;
      own[w] = held && kind == WW_GSI_KIND_STORE;
      if (rc[w] == MEM_STRUCT && !own[w] && in.lsu_why_i == WW_GSI_WHY_SYNC)
        rc[w] = SYNC;        /* behind another warp's atomic */
      if (rank[rc[w]] > rank[best])
        best = rc[w];
    }
    unsigned aw = 0;
    while (rc[aw] != best)
      aw++;
    static const unsigned by_why[WW_GSI_WHY_N] = {   /* SYNC: own store only */
      [WW_GSI_WHY_READY] = WW_GSI_MS_LSU_BUSY,      [WW_GSI_WHY_BUSY] = WW_GSI_MS_LSU_BUSY,
      [WW_GSI_WHY_MSHR_FULL] = WW_GSI_MS_MSHR_FULL, [WW_GSI_WHY_WQ_FULL] = WW_GSI_MS_STORE,
      [WW_GSI_WHY_BANK_CONFLICT] = WW_GSI_MS_BANK_CONFLICT, [WW_GSI_WHY_FENCE] = WW_GSI_MS_FENCE,
      [WW_GSI_WHY_SYNC] = WW_GSI_MS_LSU_BUSY,       [WW_GSI_WHY_SCORD] = WW_GSI_MS_SCORD };
    unsigned sub = best != MEM_STRUCT ? 0 : own[aw] ? 2 : by_why[in.lsu_why_i];
    /* SYNC sub-class: the attributed warp's commit, else its begin, else
     * GPUDet's hold by phase, else other */
    static const unsigned by_phase[4] = {
      [WW_DETPH_OFF] = WW_GSI_SY_OTHER,         [WW_DETPH_QUANTUM] = WW_GSI_SY_DET_QUANTUM,
      [WW_DETPH_COMMIT] = WW_GSI_SY_DET_COMMIT, [WW_DETPH_SERIAL] = WW_GSI_SY_DET_SERIAL };
    unsigned sy = (in.tx_commit_i >> aw & 1) ? WW_GSI_SY_TX_COMMIT
                : (in.tx_begin_i >> aw & 1) ? WW_GSI_SY_TX_BEGIN
                : (in.det_hold_i >> aw & 1) ? by_phase[in.det_phase_i] : WW_GSI_SY_OTHER;
    uint64_t owed_sum = 0;
    for (unsigned w = 0; w < warps; w++)
      owed_sum += owed[w];
    uint64_t want_rd = in.rd_idx_i == WW_GSI_CNT_MD_PENDING ? owed_sum & m
                     : in.rd_idx_i < WW_GSI_N_COUNTERS ? ref[in.rd_idx_i] : 0;

    ww_gsi_out_t o = step(g, &in);
    CHECK(o.cls_o == best && o.wid_o == aw && o.sub_o == sub,
          "cycle %" PRIu64 ": cls/wid/sub %u/%u/%u, want %u/%u/%u", cyc, (unsigned)o.cls_o,
          (unsigned)o.wid_o, (unsigned)o.sub_o, best, aw, sub);
    CHECK(o.rd_data_o == want_rd, "cycle %" PRIu64 ": counter %u reads %" PRIu64
          ", reference %" PRIu64, cyc, (unsigned)in.rd_idx_i, (uint64_t)o.rd_data_o, want_rd);

    /* the reference tally's clock edge */
    if (!in.rst_ni || in.clear_i) {
      base = in.rst_ni ? in.clear_val_i : 0;
      for (unsigned i = 0; i < WW_GSI_N_COUNTERS; i++)
        ref[i] = base;
      for (unsigned w = 0; w < 32; w++)
        owed[w] = preset[w] = base;          /* paid to the source like owed cycles */
      memset(pend, 0, sizeof pend);
      memset(last_src, 0, sizeof last_src);
    } else {
      if (in.en_i) {
        hist[best]++;
        ref[best]++;
        ref[WW_GSI_CNT_CYCLES]++;
        if (best == MEM_STRUCT) {
          ref[WW_GSI_CNT_MS_LSU_BUSY + sub]++;
          hist[WW_GSI_CNT_MS_LSU_BUSY + sub]++;
        }
        if (best == SYNC) {
          ref[WW_GSI_CNT_SY_OTHER + sy]++;
          hist[WW_GSI_CNT_SY_OTHER + sy]++;
        }
        if (best == MEM_DATA) {
          if (pend[aw]) {
            owed[aw]++;
            hist[WW_GSI_CNT_MD_PENDING]++;
          } else {
            ref[WW_GSI_CNT_MD_L1 + last_src[aw]]++;
          }
        }
      }
      if (in.ld_done_i && in.ld_done_wid_i < warps) {
        unsigned w = (unsigned)in.ld_done_wid_i, s = (unsigned)in.ld_done_src_i;
        ref[WW_GSI_CNT_MD_L1 + s] += owed[w];
        hist[WW_GSI_CNT_MD_L1 + s] += owed[w] - preset[w];
        owed[w] = preset[w] = 0;
        pend[w] = 0;
        last_src[w] = s;
      }
      if (in.ld_start_i && in.ld_start_wid_i < warps)
        pend[in.ld_start_wid_i] = 1;
      for (unsigned i = 0; i < WW_GSI_N_COUNTERS; i++)
        ref[i] &= m;
    }

    /* invariants on the model's counters */
    uint64_t c[WW_GSI_N_COUNTERS], s_cls = 0, s_md = 0, s_ms = 0, s_sy = 0;
    for (unsigned i = 0; i < WW_GSI_N_COUNTERS; i++)
      c[i] = ww_gsi_counter(g, i);
    for (unsigned i = WW_GSI_CNT_IDLE; i <= WW_GSI_CNT_NO_STALL; i++)
      s_cls += c[i];
    for (unsigned i = WW_GSI_CNT_MD_L1; i <= WW_GSI_CNT_MD_PENDING; i++)
      s_md += c[i];
    for (unsigned i = WW_GSI_CNT_MS_LSU_BUSY; i <= WW_GSI_CNT_MS_SCORD; i++)
      s_ms += c[i];
    for (unsigned i = WW_GSI_CNT_SY_FIRST; i < WW_GSI_CNT_SY_FIRST + WW_GSI_CNT_SY_N; i++)
      s_sy += c[i];
    /* after a clear to base: every counter and accumulator started at base */
    s_cls -= 7 * base;
    s_md -= (3 + (uint64_t)warps) * base;
    s_ms -= 5 * base;
    s_sy -= (WW_GSI_CNT_SY_N - 1) * base;
    CHECK((s_cls & m) == c[WW_GSI_CNT_CYCLES], "cycle %" PRIu64 ": sum(0..7) - 7V %" PRIu64
          " != cycles %" PRIu64, cyc, s_cls & m, c[WW_GSI_CNT_CYCLES]);
    CHECK((s_md & m) == c[WW_GSI_CNT_MEM_DATA], "cycle %" PRIu64 ": sum(8..12) - (3 + WARPS)V %"
          PRIu64 " != mem_data %" PRIu64, cyc, s_md & m, c[WW_GSI_CNT_MEM_DATA]);
    CHECK((s_ms & m) == c[WW_GSI_CNT_MEM_STRUCT], "cycle %" PRIu64 ": sum(13..18) - 5V %" PRIu64
          " != mem_struct %" PRIu64, cyc, s_ms & m, c[WW_GSI_CNT_MEM_STRUCT]);
    CHECK((s_sy & m) == c[WW_GSI_CNT_SYNC], "cycle %" PRIu64 ": sum(19..24) - 5V %" PRIu64
          " != sync %" PRIu64, cyc, s_sy & m, c[WW_GSI_CNT_SYNC]);
  }
  ww_gsi_free(g);
}

int main(int argc, char **argv)
{
  uint64_t seed = 1, cycles = 100000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--cycles") && i + 1 < argc)
      cycles = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: test_gsi [--seed N] [--cycles N]\n");
      return 2;
    }
  }
  rng.s = seed;
  test_refinement();
  test_sync();
  test_alg2();
  test_scord();
  test_sub();
  test_deferred();
  test_tm();
  uint64_t hist[WW_GSI_N_COUNTERS] = { 0 };
  static const unsigned widths[] = { 2, 5, 32, 64 };
  for (unsigned w = 1; w <= MAXW; w++)
    for (unsigned k = 0; k < 4; k++)
      for (int legal = 0; legal < 2; legal++)
        run_random(w, widths[k], cycles, legal, hist);
  ctx = "coverage";
  for (unsigned i = 0; i < WW_GSI_N_COUNTERS; i++)
    if (i < WW_GSI_CNT_MD_L1 || (i >= WW_GSI_CNT_MD_PENDING && i < WW_GSI_CNT_CYCLES))
      CHECK(hist[i] != 0, "counter %s never moved", ww_gsi_counter_name(i));
  for (unsigned s = 0; s < 4; s++)
    CHECK(hist[WW_GSI_CNT_MD_L1 + s] != 0, "no owed cycle was paid to counter %s",
          ww_gsi_counter_name(WW_GSI_CNT_MD_L1 + s));
  printf("test_gsi: WARPS 1..%u, CNT_W 2/5/32/64, %" PRIu64 " cycles per stream; cycles by "
         "class idle/ctl/sync/mdata/mstruct/cdata/cstruct/none %" PRIu64 "/%" PRIu64 "/%" PRIu64
         "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 ", owed %" PRIu64 ": %s\n",
         MAXW, cycles, hist[0], hist[1], hist[2], hist[3], hist[4], hist[5], hist[6], hist[7],
         hist[WW_GSI_CNT_MD_PENDING], failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
