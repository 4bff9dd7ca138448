/* SPDX-License-Identifier: Apache-2.0
 *
 * Lockstep block: ww_lsu (rtl/sm/ww_lsu.v), the SM's memory stage.
 * Stimulus: plays the SM on one side and the crossbar with the memory
 * partitions on the other, within the protocol the real ones keep:
 *  - the SM (rtl/sm/ww_sm.v) offers one memory instruction at a time, only
 *    when in_ready_o was 1 last cycle and nothing was accepted then (its
 *    issue stage checks the LSU's ready and that none is being offered),
 *    for a warp with no memory instruction in flight (a warp's next only
 *    after its previous one completed on done_*); a CAS's rs3 on in_swap_i
 *    the cycle after acceptance. An offered instruction that faults
 *    (fault_o: a null, out-of-range or misaligned lane) is a trap in the
 *    SM, which then holds in_valid_i low: such instructions are shown for
 *    one cycle with in_valid_i = 0 (about 1 in 25 offers);
 *  - ops: lb/lh/lw/lbu/lhu, sb/sh/sw, lw.strong/sw.strong, all block and
 *    device atomics with CAS, fence / fence.dev, and fence.blk while ScoRD
 *    is on (it reaches the LSU only then); random masks (full, one lane,
 *    random, now and then empty); per lane a shared-window address (a few
 *    words, so banks conflict), a global address on a pool of lines
 *    crowded onto three L1 sets (hits, merges, evictions; a hot subset in
 *    phases), or a local-memory address (above the local base, untracked
 *    by ScoRD); coalesced, few-line and scattered shapes; random imm;
 *    data from a small value set half of the time so CAS compares match;
 *  - scord_en_i in phases, switched only while no instruction is in
 *    flight (it is constant for a launch); random barrier ids and lock
 *    Blooms; done_ready_i and mreq_ready_i in phases (always, random,
 *    rare); a mid-run reset now and then (ww_stim_rst_n);
 *  - the crossbar takes every request handed over (last cycle's
 *    mreq_valid_o && mreq_ready_i) and answers it by id as the partitions
 *    do (rtl/top/ww_gpu.v, rtl/mem/ww_part_port.v): an L1 READ with the
 *    line from a host memory image (taken when the request arrives, as the
 *    L2 is the point of coherence), an L1 WRITE with an ack after its bytes
 *    are applied to the image, a BYPASS device atomic performed on the
 *    image with the old word in word 0; SCORD records get no response, and
 *    a FENCE record of a device fence (sideband sk = FENCE, op not
 *    fence.blk) gets a scord_ack_i pulse of its partition (the record's
 *    line) later, as ww_scord_det acks one. Responses wait a random delay
 *    (phases: short, mixed, long), go out one at a time in random order,
 *    held until mrsp_ready_o; mrsp_miss_i in phases.
 * Check beside the lockstep (both descriptions may share an error): a
 * global load (no shared lane) whose lines no store or atomic touches from
 * before its acceptance to its retire, and of which the L1 can hold no old
 * copy (a read of the line went out while a device atomic on it was in
 * flight, and no fence.dev was accepted since), retires the host image's
 * bytes, sized and sign-extended, on every active lane; the run fails
 * (exit 1) otherwise. It fired in 3 of 3 seeds (by cycle 4835) against a
 * stimulus whose image took lb as lbu.
 * WW_LSU_STATS=1 in the environment prints what a run exercised.
 * Measured with WW_LSU_STATS=1, seeds 1..5, 100 000 cycles each, per run
 * (min..max) at the default point (4 warps, 8 lanes, 32-byte lines, CTX 4,
 * 2 partitions), small (2 warps, 4 lanes, CTX 2, 1 partition, L1 2 sets x
 * 2 ways, 2 MSHRs, 2 write slots) and wide (8 warps, 32 lanes, 128-byte
 * lines, 3 partitions, 3 SMs, narrower ScoRD fields):
 *                                        default        small          wide
 *   instructions accepted and retired  4053..4349    4207..4719    2838..3257
 *   offers that fault (in_valid_i 0)    147..183      153..183      102..123
 *   loads / stores / strong            1871..2036 /  1942..2185 /  1342..1452 /
 *                                       883..984 /    870..1060 /   586..764 /
 *                                       408..461      388..480      268..329
 *   block / device atomics (CAS)        453..554 /    504..560 /    343..392 /
 *                                       449..533      507..581      332..388
 *                                      (207..282)    (236..288)    (171..214)
 *   fence, fence.dev / fence.blk        234..269 /    253..308 /    176..212 /
 *                                        47..108       75..103       56..79
 *   all-shared / shared and global      740..849 /    812..891 /    471..558 /
 *                                       747..862      523..647      660..758
 *   with local-memory lanes             574..645      608..683      420..502
 *   L1 reads / writes / bypass atomics 1955..2189 /  1884..2197 /  1538..1711 /
 *                                      2057..2408 /  1813..2055 /  2290..2768 /
 *                                       769..977      642..757     1470..1768
 *   CHECK / FENCE records, fence acks  1175..2310 /  1427..1767 /  1220..1724 /
 *                                       254..558 /    167..241 /    426..495 /
 *                                       156..340       92..140      230..327
 *   responses held (mrsp_ready_o low)   512..981      141..206      474..754
 *   lock-table operations               810..1027     754..892     1242..1654
 *   loads served by L1 / merged /       665..772 /    703..783 /    456..510 /
 *     L2 / DRAM (ld_src_o)               27..46 /      14..24 /      18..27 /
 *                                       526..639 /    551..645 /    380..466 /
 *                                       550..695      618..743      401..527
 *   cycles why_o MSHR full / WQ full /  157..312 /   1040..1562 /   108..214 /
 *     bank conflict / fence / scord      29..254 /    463..723 /     43..220 /
 *                                       415..517 /    239..295 /    649..769 /
 *                                      4962..6550 /  3651..4214 /  4105..4943 /
 *                                      3164..5177    2760..4008    3420..4684
 *   cycles with every warp busy        4168..4854   28403..33946     0
 *   loads checked against the image     848..912     1025..1160     509..591
 *   cycles with ScoRD on              33872..69231  44660..56303  47798..60513
 *   mid-run resets                        0..5          0..3          0..4
 * Atomics and fences hold the FSM (device atomics one L2 round trip a
 * lane): about half of the cycles why_o is SYNC. After every reset the
 * shared memory clears itself for about 1000 cycles (ww_shmem's CLEAR
 * sweep), so nothing with a shared lane finishes before that.
 * Mutants (seeds 1..30, 1 000 000 cycles at most, cycle of the first
 * mismatch min / median / max): LSU_FENCE_SKIPS_WB_WAIT 30/30, 137 / 1519
 * / 3588; LSU_DEV_ATOMIC_NO_DROP 30/30, 7 / 1140 / 1536;
 * LSU_FACK_ANY_PARTITION 30/30, 11 / 1835 / 13681; LSU_CHECK_UNTRACKED
 * 30/30, 5 / 1155 / 6024. Unmutated: seeds 1..40 x 100 000 cycles at
 * each point, 20 x 1 000 000 at default, all pass. About 0.44 M
 * cycles/s at default, 0.65 small, 0.09 wide.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_amo.h"
#include "ww_isa.h"
#include "ww_lsu.h"
#include "ww_lockstep.h"

#define WW_PORTS_DEF "ww_lsu.ports.def"
#define WW_IN_T ww_lsu_in_t
#define WW_OUT_T ww_lsu_out_t
#include "ww_lockstep_ports.h"

#define LANES WW_LANES
#define WARPS WW_WARPS_PER_SM
#define LB WW_LINE_BYTES
#define WORDS (LB / 4)
#define OFF_W WW_CLOG2(LB)
#define NPART WW_NUM_PART
#define WID_W WW_IDX_W(WARPS)
#define LANE_MASK ((uint32_t)((1ull << LANES) - 1))
#define LOCAL_BASE0 ((uint32_t)WW_GMEM_BYTES - (uint32_t)(WW_NUM_SM * WARPS * LANES * WW_LOCAL_BYTES))
#define NGLOB 21                /* global pool lines: 7 on each of 3 L1 sets */
#define NLOC 4                  /* local-memory lines */
#define NPOOL (NGLOB + NLOC)
#define MAXP 64                 /* requests awaiting their answer */
#define MAXACK 16

enum { R_READ, R_WRITE, R_BYP };

typedef struct {
  int kind;
  uint32_t id, line;
  uint64_t ready;
  uint32_t data[WORDS];
} preq_t;

typedef struct {
  int busy;                     /* a memory instruction in flight */
  int chk;                      /* a global load to check against the image */
  uint32_t op, mask, addr[LANES];
  uint64_t acc;                 /* the cycle of its acceptance */
  unsigned gen[NPOOL];          /* the lines' store generations then */
} warp_t;

enum {
  T_OFFER, T_ACCEPT, T_FAULT, T_LOAD, T_STORE, T_STRONG, T_ATOM_BLK, T_ATOM_DEV, T_CAS,
  T_FENCE, T_FENCE_BLK, T_SHARED, T_MIXED, T_LOCAL, T_RETIRE, T_L1_READ, T_L1_WRITE, T_BYPASS,
  T_CHECK, T_FREC, T_ACK, T_RSP_HELD, T_LK, T_LD_L1, T_LD_MERGE, T_LD_L2, T_LD_DRAM,
  T_WHY_BUSY, T_WHY_MSHR, T_WHY_WQ, T_WHY_BANK, T_WHY_FENCE, T_WHY_SYNC, T_WHY_SCORD,
  T_ALLBUSY, T_IMG_CHECKED, T_IMG_BAD, T_RESET, T_SCORD_CYC, T_N
};
static const char *const stat_name[T_N] = {
  "offers", "accepted", "faulting offers", "loads", "stores", "strong", "block atomics",
  "device atomics", "CAS", "fence/fence.dev", "fence.blk",
  "all-shared", "shared+global", "with local lanes", "retired", "L1 reads", "L1 writes",
  "bypass atomics", "CHECK records", "FENCE records", "fence acks", "responses held (not ready)",
  "lock-table ops", "loads from L1", "loads merged", "loads from L2", "loads from DRAM",
  "why busy", "why MSHR full", "why WQ full", "why bank conflict", "why fence", "why sync",
  "why scord", "cycles with every warp busy", "loads checked against the image",
  "image mismatches", "mid-run resets", "cycles with ScoRD on"
};

typedef struct {
  warp_t w[WARPS];
  uint32_t pool[NPOOL];         /* line numbers */
  uint32_t mem[NPOOL][WORDS];   /* the host memory image */
  int written[NPOOL];           /* stores/atomics in flight per line (for the image check) */
  unsigned gen[NPOOL];          /* stores/atomics accepted per line */
  uint64_t stale_at[NPOOL];     /* 1 + the last cycle a read of the line went out while a
                                   device atomic on it was in flight: the L1 may keep an
                                   old copy until a fence's invalidate */
  preq_t p[MAXP];
  unsigned np;
  int drv;                      /* the response on offer (index into p) or -1 */
  uint64_t ack_at[MAXACK];
  unsigned ack_part[MAXACK], nack;
  /* last cycle's drive */
  int off_valid, off_cas, off_wid, last_mreq_ready, last_done_ready;
  uint32_t off_op, off_mask, off_addr[LANES];
  uint32_t cas_swap[LANES];
  int swap_next;
  /* phases */
  unsigned dmode, dleft, rmode, rleft, qmode, qleft, omode, oleft, mmode, mleft, hleft;
  unsigned hot;
  int scord, scord_want;
  uint64_t stat[T_N];
} stim_t;

WW_MODEL_HOOKS(ww_lsu)

static void *ww_stim_new(void) { return calloc(1, sizeof(stim_t)); }

/* WW_LSU_STATS=1: what the run exercised, at its end */
static void ww_stim_free(void *vs)
{
  const stim_t *s = vs;
  if (s && getenv("WW_LSU_STATS")) {
    fprintf(stderr, "lsu stimulus:");
    for (unsigned i = 0; i < T_N; i++)
      fprintf(stderr, " %s=%llu;", stat_name[i], (unsigned long long)s->stat[i]);
    fprintf(stderr, "\n");
  }
  if (s && s->stat[T_IMG_BAD])
    fprintf(stderr, "lsu stimulus: %llu loads disagree with the memory image\n",
            (unsigned long long)s->stat[T_IMG_BAD]);
  free(vs);
}

static int pool_of(const stim_t *s, uint32_t line)
{
  for (int i = 0; i < NPOOL; i++)
    if (s->pool[i] == line)
      return i;
  return -1;
}

static void init_pool(stim_t *s, ww_rng_t *r)
{
  /* 7 global lines on each of 3 L1 sets, above the null guard and tracked */
  uint32_t g0 = (0x20000u >> OFF_W) & ~(uint32_t)(WW_L1_SETS - 1);
  for (int i = 0; i < NGLOB; i++)
    s->pool[i] = g0 + (uint32_t)(i % 3) + (uint32_t)(i / 3) * WW_L1_SETS * 5;
  for (int i = 0; i < NLOC; i++)
    s->pool[NGLOB + i] = (LOCAL_BASE0 >> OFF_W) + (uint32_t)i * 3;
  for (int i = 0; i < NPOOL; i++)
    for (int k = 0; k < WORDS; k++)
      s->mem[i][k] = ww_rng_chance(r, 1, 2) ? (uint32_t)ww_rng_below(r, 4)
                                            : (uint32_t)ww_rng_bits(r, 32);
}

static uint32_t small_or_rand(ww_rng_t *r)
{
  return ww_rng_chance(r, 1, 2) ? (uint32_t)ww_rng_below(r, 4) : (uint32_t)ww_rng_bits(r, 32);
}

static const uint32_t ld_ops[] = { WW_OP_LB, WW_OP_LH, WW_OP_LW, WW_OP_LBU, WW_OP_LHU };
static const uint32_t st_ops[] = { WW_OP_SB, WW_OP_SH, WW_OP_SW };

static unsigned op_size(uint32_t op)
{
  if (op == WW_OP_LB || op == WW_OP_LBU || op == WW_OP_SB)
    return 1;
  if (op == WW_OP_LH || op == WW_OP_LHU || op == WW_OP_SH)
    return 2;
  return 4;
}
static int is_load(uint32_t op) { return (op >= WW_OP_LB && op <= WW_OP_LHU) || op == WW_OP_LW_STRONG; }
static int is_store(uint32_t op) { return (op >= WW_OP_SB && op <= WW_OP_SW) || op == WW_OP_SW_STRONG; }
static int is_fence(uint32_t op)
{
  return op == WW_OP_FENCE || op == WW_OP_FENCE_DEV || op == WW_OP_FENCE_BLK;
}
static int is_dev(uint32_t op)
{
  return (op >= WW_OP_AMOADD_DEV && op <= WW_OP_AMOXOR_DEV) || op == WW_OP_CAS_DEV;
}
static int is_cas(uint32_t op) { return op == WW_OP_CAS_BLK || op == WW_OP_CAS_DEV; }

/* a new instruction for warp w on the SM's side; returns whether it faults */
static int make_insn(stim_t *s, ww_rng_t *r, unsigned w, ww_lsu_in_t *in)
{
  unsigned k = (unsigned)ww_rng_below(r, 100);
  uint32_t op;
  if (k < 34)
    op = ld_ops[ww_rng_below(r, 5)];
  else if (k < 40)
    op = WW_OP_LW_STRONG;
  else if (k < 58)
    op = st_ops[ww_rng_below(r, 3)];
  else if (k < 62)
    op = WW_OP_SW_STRONG;
  else if (k < 74)
    op = ww_rng_chance(r, 1, 4) ? WW_OP_CAS_BLK : WW_OP_AMOADD_BLK + (uint32_t)ww_rng_below(r, 9);
  else if (k < 86)
    op = ww_rng_chance(r, 1, 4) ? WW_OP_CAS_DEV : WW_OP_AMOADD_DEV + (uint32_t)ww_rng_below(r, 9);
  else if (k < 92)
    op = ww_rng_chance(r, 1, 2) ? WW_OP_FENCE : WW_OP_FENCE_DEV;
  else if (k < 96 && s->scord)
    op = WW_OP_FENCE_BLK;
  else
    op = WW_OP_LW;
  const unsigned sz = op_size(op);

  uint32_t mask;
  unsigned mk = (unsigned)ww_rng_below(r, 16);
  if (mk < 5)
    mask = LANE_MASK;
  else if (mk < 7)
    mask = 1u << ww_rng_below(r, LANES);
  else if (mk == 7 && ww_rng_chance(r, 1, 4))
    mask = 0;
  else
    mask = (uint32_t)ww_rng_bits(r, LANES) & LANE_MASK;
  /* atomics go lane by lane: mostly one to three lanes, so loads and stores
   * keep several write-back entries busy */
  if (!is_load(op) && !is_store(op) && !is_fence(op) && mask && ww_rng_chance(r, 3, 4)) {
    uint32_t m2 = 0;
    for (unsigned i = 0, n = 1 + (unsigned)ww_rng_below(r, 3); i < n; i++)
      m2 |= 1u << ww_rng_below(r, LANES);
    mask = m2;
  }

  /* regions: share of shared lanes, local lanes, the lines' shape */
  unsigned shp = (unsigned)ww_rng_below(r, 6);   /* 0..2: none, 3: 1/4, 4: 1/2, 5: all */
  int loc = ww_rng_chance(r, 1, 6);
  unsigned shape = (unsigned)ww_rng_below(r, 3);  /* coalesced, few lines, scattered */
  uint32_t lines[3];
  for (int i = 0; i < 3; i++) {
    unsigned pi = s->hleft ? (s->hot + (unsigned)ww_rng_below(r, 4)) % NGLOB
                           : (unsigned)ww_rng_below(r, NGLOB);
    if (loc && ww_rng_chance(r, 1, 2))
      pi = NGLOB + (unsigned)ww_rng_below(r, NLOC);
    lines[i] = s->pool[pi];
  }
  unsigned wbase = (unsigned)ww_rng_below(r, WORDS);
  uint32_t boff = sz == 1 ? (uint32_t)ww_rng_below(r, 4) : sz == 2 ? 2u * (uint32_t)ww_rng_below(r, 2) : 0;
  uint32_t sh_n = 0, gl_n = 0;
  uint32_t imm = (uint32_t)((int32_t)ww_rng_below(r, 128) - 64);
  in->in_imm_i = imm;
  for (unsigned l = 0; l < LANES; l++) {
    int sh = shp == 5 || (shp == 3 && ww_rng_below(r, 4) == 0) || (shp == 4 && ww_rng_chance(r, 1, 2));
    uint32_t a;
    if (sh) {
      a = (uint32_t)WW_SHARED_BASE + 4u * (uint32_t)ww_rng_below(r, 4 * LANES) + boff;
    } else {
      uint32_t line = shape == 0 ? lines[0] : shape == 1 ? lines[ww_rng_below(r, 2)]
                                                         : lines[ww_rng_below(r, 3)];
      unsigned wd = shape == 0 ? (wbase + l) % WORDS : (unsigned)ww_rng_below(r, WORDS);
      a = (line << OFF_W) + 4u * wd + (sz == 1 && shape ? (uint32_t)ww_rng_below(r, 4) : boff);
      if (sz == 2)
        a &= ~1u;
    }
    if ((mask >> l) & 1u) {
      if (sh)
        sh_n++;
      else
        gl_n++;
    }
    s->off_addr[l] = a;
    in->in_base_i[l] = a - imm;
    in->in_data_i[l] = small_or_rand(r);
    s->cas_swap[l] = small_or_rand(r);
  }
  if (is_fence(op))
    for (unsigned l = 0; l < LANES; l++)
      in->in_base_i[l] = (uint32_t)ww_rng_bits(r, 32);   /* fences never fault */

  /* now and then a faulting lane: the SM traps, in_valid_i stays low */
  int fault = 0;
  if (!is_fence(op) && ww_rng_chance(r, 1, 25)) {
    if (!mask)
      mask = 1;
    unsigned fl = 0;
    do
      fl = (unsigned)ww_rng_below(r, LANES);
    while (!((mask >> fl) & 1u));
    unsigned fk = (unsigned)ww_rng_below(r, 4);
    uint32_t a;
    if (fk == 0)
      a = (uint32_t)ww_rng_below(r, WW_NULL_GUARD_BYTES);
    else if (fk == 1)
      a = (uint32_t)WW_GMEM_BYTES + (uint32_t)ww_rng_below(r, 0x1000000u);
    else if (fk == 2 && sz > 1)
      a = s->off_addr[fl] | 1u;
    else
      a = (uint32_t)WW_SHARED_BASE + (uint32_t)WW_SHMEM_BYTES + 4u * (uint32_t)ww_rng_below(r, 16);
    in->in_base_i[fl] = a - imm;
    fault = 1;
  }

  in->in_wid_i = w;
  in->in_op_i = op;
  in->in_pc_i = (uint32_t)ww_rng_bits(r, 32) & ~3u;
  in->in_ctaid_i = (uint32_t)ww_rng_below(r, 1000);
  in->in_slot_i = ww_rng_below(r, WW_BLOCKS_PER_SM);
  in->in_mask_i = mask;
  s->off_op = op;
  s->off_mask = mask;
  if (!fault) {
    s->stat[is_load(op) ? T_LOAD : is_store(op) ? T_STORE : is_fence(op) ? T_FENCE
                                                : is_dev(op) ? T_ATOM_DEV : T_ATOM_BLK]++;
    if (op == WW_OP_FENCE_BLK) {
      s->stat[T_FENCE]--;
      s->stat[T_FENCE_BLK]++;
    }
    if (op == WW_OP_LW_STRONG || op == WW_OP_SW_STRONG)
      s->stat[T_STRONG]++;
    if (is_cas(op))
      s->stat[T_CAS]++;
    if (!is_fence(op) && mask) {
      if (sh_n && !gl_n)
        s->stat[T_SHARED]++;
      else if (sh_n && gl_n)
        s->stat[T_MIXED]++;
      if (loc)
        s->stat[T_LOCAL]++;
    }
  }
  return fault;
}

/* whether a device atomic in flight touches line pi */
static int dev_on(const stim_t *s, int pi);

/* the request handed over last cycle, as the partition takes it */
static void take_request(stim_t *s, ww_rng_t *r, uint64_t cycle, const ww_lsu_out_t *o)
{
  uint32_t id = (uint32_t)o->mreq_id_o, line = (uint32_t)o->mreq_line_o;
  int pi = pool_of(s, line);
  if (id & (1u << WW_REQID_SCORD_BIT)) {
    unsigned sk_lsb = WW_SB_SK_LSB(WID_W, WORDS, WW_SCORD_BARID_W, WW_SCORD_BLOOM_W);
    unsigned sk = (o->mreq_sb_o[sk_lsb / 32] >> (sk_lsb % 32)) & 3u;
    uint32_t op = o->mreq_sb_o[0] & 0x7Fu;   /* WW_SB_OP_LSB = 0 */
    if (sk == WW_SCORD_SK_CHECK)
      s->stat[T_CHECK]++;
    if (sk == WW_SCORD_SK_FENCE) {
      s->stat[T_FREC]++;
      if (op != WW_OP_FENCE_BLK && s->nack < MAXACK) {
        unsigned d = 1 + (unsigned)ww_rng_below(r, s->dmode == 2 ? 60 : 8);
        s->ack_at[s->nack] = cycle + d;
        s->ack_part[s->nack++] = line % NPART;
      }
    }
    return;   /* records get no response */
  }
  if (s->np == MAXP)
    return;   /* cannot happen: the L1's ids and one bypass bound what is out */
  preq_t *p = &s->p[s->np++];
  p->id = id;
  p->line = line;
  unsigned d;
  switch (s->dmode) {
  case 0: d = 1 + (unsigned)ww_rng_below(r, 3); break;
  case 1: d = ww_rng_chance(r, 1, 4) ? 5 + (unsigned)ww_rng_below(r, 40) : 1 + (unsigned)ww_rng_below(r, 4); break;
  default: d = 10 + (unsigned)ww_rng_below(r, 80); break;
  }
  p->ready = cycle + d;
  for (unsigned k = 0; k < WORDS; k++)
    p->data[k] = (uint32_t)ww_rng_bits(r, 32);
  if (id & (1u << WW_REQID_BYPASS_BIT)) {
    p->kind = R_BYP;
    s->stat[T_BYPASS]++;
    unsigned wd = (unsigned)o->mreq_amo_word_o & (WORDS - 1);
    uint32_t old = pi >= 0 ? s->mem[pi][wd] : (uint32_t)ww_rng_bits(r, 32);
    int wr;
    uint32_t nv = ww_amo((unsigned)o->mreq_amo_op_o, old, (uint32_t)o->mreq_amo_a_o,
                         (uint32_t)o->mreq_amo_b_o, &wr);
    if (pi >= 0 && (wr || o->mreq_amo_op_o > 9))
      s->mem[pi][wd] = wr ? nv : old;
    p->data[0] = old;
  } else if (o->mreq_op_o == WW_L2_WRITE) {
    p->kind = R_WRITE;
    s->stat[T_L1_WRITE]++;
    if (pi >= 0)
      for (unsigned b = 0; b < LB; b++)
        if ((o->mreq_be_o[b / 32] >> (b % 32)) & 1u) {
          uint32_t byte = (o->mreq_data_o[b / 4] >> (8 * (b % 4))) & 0xFFu;
          s->mem[pi][b / 4] = (s->mem[pi][b / 4] & ~(0xFFu << (8 * (b % 4)))) | (byte << (8 * (b % 4)));
        }
  } else {
    p->kind = R_READ;
    s->stat[T_L1_READ]++;
    if (pi >= 0) {
      memcpy(p->data, s->mem[pi], sizeof p->data);
      if (dev_on(s, pi))
        s->stale_at[pi] = cycle + 1;
    }
  }
}

/* the load's expected result of lane l from the image */
static uint32_t img_load(const stim_t *s, uint32_t op, uint32_t a)
{
  int pi = pool_of(s, a >> OFF_W);
  uint32_t wv = s->mem[pi][(a >> 2) & (WORDS - 1)] >> (8 * (a & 3u));
  switch (op) {
  case WW_OP_LB: return (uint32_t)(int32_t)(int8_t)(wv & 0xFFu);
  case WW_OP_LBU: return wv & 0xFFu;
  case WW_OP_LH: return (uint32_t)(int32_t)(int16_t)(wv & 0xFFFFu);
  case WW_OP_LHU: return wv & 0xFFFFu;
  default: return wv;
  }
}

/* whether a global instruction's lanes touch line pi */
static int touches(const warp_t *w, int pi, const stim_t *s)
{
  for (unsigned l = 0; l < LANES; l++)
    if (((w->mask >> l) & 1u) && (w->addr[l] >> OFF_W) == s->pool[pi])
      return 1;
  return 0;
}

static int dev_on(const stim_t *s, int pi)
{
  for (unsigned w = 0; w < WARPS; w++)
    if (s->w[w].busy && is_dev(s->w[w].op) && touches(&s->w[w], pi, s))
      return 1;
  return 0;
}

static void mark_writes(stim_t *s, const warp_t *w, int d)
{
  if (is_load(w->op) || is_fence(w->op))
    return;
  for (int i = 0; i < NPOOL; i++)
    if (touches(w, i, s)) {
      s->written[i] += d;
      if (d > 0)
        s->gen[i]++;
    }
}

static void stim(void *vs, ww_rng_t *r, uint64_t cycle, const void *vprev, void *vin)
{
  stim_t *s = vs;
  const ww_lsu_out_t *prev = vprev;
  ww_lsu_in_t *in = vin;
  memset(in, 0, sizeof *in);
  if (cycle == 0) {
    init_pool(s, r);
    s->drv = -1;
    s->scord_want = ww_rng_chance(r, 1, 2);   /* half of the runs start with ScoRD on */
  }

  in->rst_ni = (uint64_t)ww_stim_rst_n(r, cycle);
  if (!in->rst_ni) {
    if (cycle >= 2)
      s->stat[T_RESET]++;
    memset(s->w, 0, sizeof s->w);
    memset(s->written, 0, sizeof s->written);
    memset(s->stale_at, 0, sizeof s->stale_at);
    s->np = 0;
    s->nack = 0;
    s->drv = -1;
    s->off_valid = 0;
    s->swap_next = 0;
    s->last_mreq_ready = 0;
    s->last_done_ready = 0;
    return;
  }

  /* ---- what happened at last cycle's edge ----------------------------- */
  int accepted = s->off_valid && prev->in_ready_o;
  if (accepted) {
    warp_t *w = &s->w[s->off_wid];
    w->busy = 1;
    w->op = s->off_op;
    w->mask = s->off_mask;
    memcpy(w->addr, s->off_addr, sizeof w->addr);
    int glob = 1;
    for (unsigned l = 0; l < LANES; l++)
      if (((w->mask >> l) & 1u) && pool_of(s, w->addr[l] >> OFF_W) < 0)
        glob = 0;   /* shared lanes: not checked against the image */
    w->chk = is_load(w->op) && w->mask && glob;
    if (w->chk)
      for (int i = 0; i < NPOOL; i++)
        if (touches(w, i, s) && (s->written[i] || s->stale_at[i]))
          w->chk = 0;
    w->acc = cycle - 1;
    memcpy(w->gen, s->gen, sizeof w->gen);
    mark_writes(s, w, 1);
    s->stat[T_ACCEPT]++;
  }
  if (s->last_done_ready && prev->done_valid_o) {
    unsigned wid = (unsigned)prev->done_wid_o;
    warp_t *w = &s->w[wid < WARPS ? wid : 0];
    if (w->busy && (w->op == WW_OP_FENCE || w->op == WW_OP_FENCE_DEV))
      for (int i = 0; i < NPOOL; i++)   /* the L1 was invalidated since its acceptance */
        if (s->stale_at[i] && s->stale_at[i] <= w->acc + 1)
          s->stale_at[i] = 0;
    if (w->chk && w->busy) {
      /* no store or atomic touched its lines since acceptance: the image */
      int ok = 1;
      for (int i = 0; i < NPOOL; i++)
        if (touches(w, i, s) && (s->gen[i] != w->gen[i] || s->stale_at[i]))
          ok = 0;
      if (ok) {
        s->stat[T_IMG_CHECKED]++;
        for (unsigned l = 0; l < LANES; l++)
          if (((w->mask >> l) & 1u) && prev->done_rd_o[l] != img_load(s, w->op, w->addr[l])) {
            /* both descriptions agree (the outputs were compared) on a
             * wrong value: an error the lockstep cannot show */
            fprintf(stderr, "lsu stimulus: cycle %llu warp %u lane %u op %u addr %08x: "
                    "rd %08x, memory image %08x (the load disagrees with the image)\n",
                    (unsigned long long)cycle - 1, wid, l, (unsigned)w->op, w->addr[l],
                    prev->done_rd_o[l], img_load(s, w->op, w->addr[l]));
            exit(1);
          }
      }
    }
    if (w->busy)
      mark_writes(s, w, -1);
    w->busy = 0;
    s->stat[T_RETIRE]++;
  }
  if (s->last_mreq_ready && prev->mreq_valid_o)
    take_request(s, r, cycle, prev);
  if (s->drv >= 0) {
    if (prev->mrsp_ready_o) {
      s->p[s->drv] = s->p[--s->np];
      s->drv = -1;
    } else {
      s->stat[T_RSP_HELD]++;
    }
  }
  if (prev->lk_valid_o)
    s->stat[T_LK]++;
  switch (prev->why_o) {
  case WW_GSI_WHY_BUSY: s->stat[T_WHY_BUSY]++; break;
  case WW_GSI_WHY_MSHR_FULL: s->stat[T_WHY_MSHR]++; break;
  case WW_GSI_WHY_WQ_FULL: s->stat[T_WHY_WQ]++; break;
  case WW_GSI_WHY_BANK_CONFLICT: s->stat[T_WHY_BANK]++; break;
  case WW_GSI_WHY_FENCE: s->stat[T_WHY_FENCE]++; break;
  case WW_GSI_WHY_SYNC: s->stat[T_WHY_SYNC]++; break;
  case WW_GSI_WHY_SCORD: s->stat[T_WHY_SCORD]++; break;
  default: break;
  }
  if (prev->ld_done_o && prev->done_valid_o)
    s->stat[prev->ld_src_o == WW_GSI_SRC_L1 ? T_LD_L1 : prev->ld_src_o == WW_GSI_SRC_COALESCE
                ? T_LD_MERGE : prev->ld_src_o == WW_GSI_SRC_L2 ? T_LD_L2 : T_LD_DRAM]++;

  /* ---- phases ---------------------------------------------------------- */
  if (s->dleft-- == 0) {
    s->dmode = (unsigned)ww_rng_below(r, 3);
    s->dleft = 200 + (unsigned)ww_rng_below(r, 1500);
  }
  if (s->rleft-- == 0) {
    s->rmode = (unsigned)ww_rng_below(r, 3);
    s->rleft = 50 + (unsigned)ww_rng_below(r, 400);
  }
  if (s->qleft-- == 0) {
    s->qmode = (unsigned)ww_rng_below(r, 3);
    s->qleft = 50 + (unsigned)ww_rng_below(r, 400);
  }
  if (s->oleft-- == 0) {
    s->omode = (unsigned)ww_rng_below(r, 3);
    s->oleft = 100 + (unsigned)ww_rng_below(r, 600);
  }
  if (s->mleft-- == 0) {
    s->mmode = (unsigned)ww_rng_below(r, 3);
    s->mleft = 100 + (unsigned)ww_rng_below(r, 1000);
  }
  if (s->hleft)
    s->hleft--;
  else if (ww_rng_chance(r, 1, 800)) {
    s->hot = (unsigned)ww_rng_below(r, NGLOB);
    s->hleft = 300 + (unsigned)ww_rng_below(r, 1000);
  }
  if (ww_rng_chance(r, 1, 3000))
    s->scord_want = !s->scord_want;
  int any_busy = 0;
  for (unsigned w = 0; w < WARPS; w++)
    any_busy |= s->w[w].busy;
  if (!any_busy && !accepted && !s->off_valid && !s->nack)
    s->scord = s->scord_want;   /* constant while anything is in flight */
  in->scord_en_i = (uint64_t)s->scord;
  if (s->scord)
    s->stat[T_SCORD_CYC]++;
  in->scord_bar_i = ww_rng_bits(r, WW_SCORD_BARID_W);
  in->scord_lk_i = ww_rng_bits(r, WW_SCORD_BLOOM_W);

  /* ---- the SM: rs3 of a CAS, the next instruction ---------------------- */
  for (unsigned l = 0; l < LANES; l++)
    in->in_swap_i[l] = (uint32_t)ww_rng_bits(r, 32);
  if (accepted && is_cas(s->off_op))
    memcpy(in->in_swap_i, s->cas_swap, sizeof in->in_swap_i);
  s->off_valid = 0;
  unsigned free_w[WARPS], nfree = 0;
  for (unsigned w = 0; w < WARPS; w++)
    if (!s->w[w].busy)
      free_w[nfree++] = w;
  int try_offer = prev->in_ready_o && !accepted && nfree &&
                  ww_rng_chance(r, s->omode == 0 ? 1 : s->omode == 1 ? 1 : 3, s->omode == 0 ? 1 : 3);
  if (try_offer) {
    unsigned w = free_w[ww_rng_below(r, nfree)];
    int fault = make_insn(s, r, w, in);
    s->stat[T_OFFER]++;
    if (fault) {
      s->stat[T_FAULT]++;
    } else {
      in->in_valid_i = 1;
      s->off_valid = 1;
      s->off_wid = (int)w;
    }
  } else if (ww_rng_chance(r, 1, 4)) {
    /* the execute stage holds some other instruction: fields only */
    in->in_op_i = ww_rng_bits(r, 7);
    in->in_mask_i = ww_rng_bits(r, LANES);
    for (unsigned l = 0; l < LANES; l++)
      in->in_base_i[l] = (uint32_t)ww_rng_bits(r, 32);
    in->in_imm_i = ww_rng_bits(r, 32);
  }
  if (!nfree)
    s->stat[T_ALLBUSY]++;

  /* ---- the SM's retire side, the crossbar ------------------------------ */
  switch (s->rmode) {
  case 0: in->done_ready_i = 1; break;
  case 1: in->done_ready_i = (uint64_t)ww_rng_chance(r, 1, 2); break;
  default: in->done_ready_i = (uint64_t)ww_rng_chance(r, 1, 10); break;
  }
  s->last_done_ready = (int)in->done_ready_i;
  switch (s->qmode) {
  case 0: in->mreq_ready_i = 1; break;
  case 1: in->mreq_ready_i = (uint64_t)ww_rng_chance(r, 1, 2); break;
  default: in->mreq_ready_i = (uint64_t)ww_rng_chance(r, 1, 8); break;
  }
  s->last_mreq_ready = (int)in->mreq_ready_i;

  /* fence acknowledgements due */
  for (unsigned i = 0; i < s->nack;) {
    if (s->ack_at[i] <= cycle && !((in->scord_ack_i >> s->ack_part[i]) & 1u)) {
      in->scord_ack_i |= 1ull << s->ack_part[i];
      s->stat[T_ACK]++;
      s->ack_at[i] = s->ack_at[s->nack - 1];
      s->ack_part[i] = s->ack_part[--s->nack];
    } else {
      i++;
    }
  }

  /* one response: the held one, or a random due one */
  if (s->drv < 0 && s->np && ww_rng_chance(r, 3, 4)) {
    unsigned cand[MAXP], nc = 0;
    for (unsigned i = 0; i < s->np; i++)
      if (s->p[i].ready <= cycle)
        cand[nc++] = i;
    if (nc)
      s->drv = (int)cand[ww_rng_below(r, nc)];
  }
  if (s->drv >= 0) {
    const preq_t *p = &s->p[s->drv];
    in->mrsp_valid_i = 1;
    in->mrsp_id_i = p->id;
    memcpy(in->mrsp_data_i, p->data, sizeof in->mrsp_data_i);
    in->mrsp_miss_i = s->mmode == 0 ? 0 : s->mmode == 1 ? (uint64_t)ww_rng_chance(r, 1, 2) : 1;
  } else {
    in->mrsp_id_i = ww_rng_bits(r, WW_REQID_W);
    for (unsigned k = 0; k < WORDS; k++)
      in->mrsp_data_i[k] = (uint32_t)ww_rng_bits(r, 32);
  }
}

#define WW_XSTR2(x) #x
#define WW_XSTR(x) WW_XSTR2(x)

const ww_block_t ww_block = {
  .name = "lsu",
  .params = "WARPS=" WW_XSTR(WW_WARPS_PER_SM) " LANES=" WW_XSTR(WW_LANES) " LINE_BYTES=" WW_XSTR(
      WW_LINE_BYTES) " CTX=" WW_XSTR(WW_LSU_CTX) " NUM_PART=" WW_XSTR(WW_NUM_PART),
  WW_BLOCK_PORTS,
  WW_BLOCK_HOOKS,
  .stim = stim,
};
