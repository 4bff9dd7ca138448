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
 *    phases), a local-memory address (above the local base, untracked
 *    by ScoRD), or a line at the edges of KILO TM's log region (the last
 *    line below TX_LOG_BASE, the region's first and last lines); coalesced,
 *    few-line and scattered shapes; random imm; data from a small value set
 *    half of the time so CAS compares match;
 *  - KILO TM, the SM's side: warps in a transaction in phases (none 60 %,
 *    each warp toggling 30 %, all 10 % of the time: in_tx_i of the offered
 *    warp), full logs in phases (never, now and then, often:
 *    in_tx_full_i). An offer whose transactional lanes (a plain load or
 *    store's global lanes below TX_LOG_BASE) meet a full log is a
 *    TX_LOG_FULL trap in the SM: shown with in_valid_i = 0 like the other
 *    faulting offers. Off an offer, in_tx_i / in_tx_full_i are random;
 *  - GPUDet's parallel mode (in_det_i) in a third of the phases without
 *    transactions: a store's lanes below local memory go to the same
 *    socket, and a load's whose line the store buffers' filter has
 *    (det_hit_i: every lane, random lanes or none, in phases); the other
 *    load lanes read the image;
 *  - a ww_tm_sm stand-in: takes tm_acc_* with tm_acc_ready_i in phases
 *    (always, random, rare) and answers tm_acc_done_i after a random delay
 *    (phases: 0..2, 0..10, 5..60 cycles) with random words on
 *    tm_acc_word_i (random every cycle); L1 requests held until
 *    tm_l1_req_ready_o, one outstanding per source (0, the log unit:
 *    LOAD_STRONG or STORE of a whole line, mostly to log lines; 1, the
 *    commit side: LOAD_STRONG or, 1 in 16, INVAL), the fields random while
 *    none is offered; TM packets (random kind, CID, partition, address,
 *    data) held until tm_pkt_ready_o; all three in phases (none, some,
 *    many). TM requests wait for the first acceptance after power-up and
 *    packets for the line table to be known written (see ltab_full: the
 *    RTL's sideband of those requests names registers it does not reset);
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
 *    line) later, as ww_scord_det acks one; a TM packet gets, half of the
 *    time, a commit unit's message back (a response of id class TM with
 *    random TMMSG data), and such messages also come unasked in TM phases.
 *    Responses wait a random delay (phases: short, mixed, long), go out
 *    one at a time in random order, held until mrsp_ready_o; mrsp_miss_i
 *    in phases.
 * Checks beside the lockstep (both descriptions may share an error; each
 * fails the run with ww_stim_fail, like a mismatch):
 *  - a global load (no shared lane) whose lines no store or atomic touches
 *    from before its acceptance to its retire, and of which the L1 can hold
 *    no old copy (a read of the line went out while a device atomic on it
 *    was in flight, and no fence.dev was accepted since), retires the host
 *    image's bytes, sized and sign-extended, on every active lane that is
 *    not transactional. It fired in 3 of 3 seeds (by cycle 4835) against a
 *    stimulus whose image took lb as lbu;
 *  - a transactional access: tm_acc_* names the offered warp's
 *    transactional lanes (mask, addresses, op, size) once it is taken, the
 *    warp retires only after done, and a load's transactional lanes retire
 *    the stand-in's words, sized and sign-extended (fired in 3 of 3 seeds,
 *    by cycle 7696, against a stand-in that took lb as lbu);
 *  - an offer the stimulus made legal does not fault; one with a full log
 *    faults TX_LOG_FULL at lane 0, address 0;
 *  - ww_tm_sm's L1: an answer or a write acknowledgement only for a
 *    request awaiting one; a strong load of a pool line with no write in
 *    flight when it was taken and none since answers the image's line
 *    (fired in 3 of 3 seeds, by cycle 237, against the neighbouring line);
 *  - a TM packet leaves as the one held (id TM, op READ, line = the word's
 *    line or the partition, {cid, kind} in data, byte address and word in
 *    amo_a / amo_b) exactly when tm_pkt_ready_o; a TM message carries the
 *    TMMSG fields of the response taken, and comes only then.
 * WW_LSU_STATS=1 in the environment prints what a run exercised.
 * Measured with WW_LSU_STATS=1, seeds 1..5, 100 000 cycles each, per run
 * (min..max) at the default point (4 warps, 8 lanes, 32-byte lines, CTX 4,
 * 2 partitions), small (2 warps, 4 lanes, CTX 2, 1 partition, L1 2 sets x
 * 2 ways, 2 MSHRs, 2 write slots) and wide (8 warps, 32 lanes, 128-byte
 * lines, 3 partitions, 3 SMs, narrower ScoRD fields; built with
 * SELRANGE waived, see below):
 *                                        default        small          wide
 *   instructions accepted and retired  3507..4330    3707..4223    2633..2932
 *   offers that fault (in_valid_i 0)    193..316      190..264      119..217
 *     of them log-full faults            68..160       46..101       24..88
 *   loads / stores / strong            1631..2080 /  1666..1939 /  1228..1392 /
 *                                       790..957 /    838..962 /    598..680 /
 *                                       337..453      386..430      252..328
 *   block / device atomics (CAS)        414..527 /    455..541 /    312..367 /
 *                                       426..524      438..515      329..357
 *                                      (202..284)    (215..275)    (133..184)
 *   fence, fence.dev / fence.blk        211..265 /    221..276 /    139..183 /
 *                                        53..83        33..111       35..64
 *   all-shared / shared and global      647..815 /    740..837 /    451..535 /
 *                                       669..854      456..531      612..692
 *   with local-memory lanes             514..673      521..633      401..484
 *   with transactional lanes            258..397      133..354      197..296
 *   L1 reads / writes / bypass atomics 3561..5259 /  4207..4545 /  3705..4651 /
 *                                      2424..3235 /  2485..2649 /  2770..3282 /
 *                                       769..953      560..640     1107..1652
 *   CHECK / FENCE records, fence acks  1034..1572 /   649..1716 /   685..1435 /
 *                                       250..427 /     86..258 /    234..453 /
 *                                       134..274       53..163      129..261
 *   responses held (mrsp_ready_o low)  1270..2469    1061..1269    1766..2340
 *   lock-table operations               857..963      649..799      922..1144
 *   loads served by L1 / merged /       675..813 /    648..848 /    476..567 /
 *     L2 / DRAM (ld_src_o)                6..16 /       8..14 /       8..16 /
 *                                       363..577 /    422..563 /    302..370 /
 *                                       457..697      474..598      388..502
 *   cycles why_o MSHR full / WQ full /  202..666 /   2654..3841 /   310..797 /
 *     bank conflict / fence / scord      69..204 /    614..1080 /    41..197 /
 *                                       364..487 /    239..282 /    549..690 /
 *                                      4509..6475 /  3480..5037 /  3709..4429 /
 *                                      2013..4174    1113..3515    1562..3100
 *   cycles with every warp busy        2722..4193   25287..28090     0
 *   loads checked against the image     562..814      747..876      413..528
 *   transactional loads checked         184..279      104..250      135..223
 *   TM L1 strong loads / stores /      2020..3206 /  2569..2929 /  2202..3228 /
 *     invalidates                       718..1091 /   900..1042 /   721..1137 /
 *                                        98..156      103..128       97..129
 *   TM strong loads checked (image)     960..1519    1189..1413     993..1489
 *   TM packets / messages              5605..7706 /  5672..7749 /  5647..9164 /
 *                                      3233..4674    3488..4547    3542..5333
 *   cycles with ScoRD on              37698..62259  24438..65121  30494..58196
 *   mid-run resets                        0..1          1..4          2..3
 * Atomics and fences hold the FSM (device atomics one L2 round trip a
 * lane): about half of the cycles why_o is SYNC. After every reset the
 * shared memory clears itself for about 1000 cycles (ww_shmem's CLEAR
 * sweep), so nothing with a shared lane finishes before that.
 * Transactional lanes go to the stand-in, not to the L1: in transaction
 * phases fewer loads merge in the L1 than before KILO TM (27..46 then).
 * Mutants (seeds 1..30, 1 000 000 cycles at most, cycle of the first
 * mismatch min / median / max): LSU_FENCE_SKIPS_WB_WAIT 30/30, 98 / 1492
 * / 3628; LSU_DEV_ATOMIC_NO_DROP 30/30, 5 / 1170 / 1893 (the early ones
 * on tm_l1_req_ready_o: the FSM leaves the L1 free);
 * LSU_FACK_ANY_PARTITION 30/30, 57 / 2153 / 20360; LSU_CHECK_UNTRACKED
 * 30/30, 4 / 542 / 3716. Unmutated: seeds 1..40 x 100 000 cycles at each
 * point with --strict, 20 x 1 000 000 at default, 10 at small, 5 at wide,
 * all pass. About 0.37 M cycles/s at default, 0.52 small, 0.08 wide.
 * The wide point does not elaborate since the KILO TM ports (9300543):
 * CTX_W + LI_W = 7 there, and the tie-off l1_rsp_tag[6:LI_W+CTX_W] of
 * rtl/sm/ww_lsu.v is then a reversed range (Verilator SELRANGE); its
 * numbers here come from a build with that warning waived.
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
/* KILO TM's log region just below local memory, as the LSU's */
#define TX_LOG_BASE (LOCAL_BASE0 - (uint32_t)(WW_NUM_SM * WARPS * 2 * WW_TX_LOG_WORDS * 2 * LANES * 4))
#define PART_W WW_IDX_W(NPART)
#define LINE_MASK ((uint32_t)((1ull << (32 - OFF_W)) - 1))
#define NGLOB 21                /* global pool lines: 7 on each of 3 L1 sets */
#define NLOC 4                  /* local-memory lines */
#define NBND 3                  /* lines at the log region's edges */
#define NPOOL (NGLOB + NLOC + NBND)
#define NLOGL 4                 /* log lines of ww_tm_sm's L1 requests (not in the pool) */
#define SPREAD_LINE0 ((0x100000u >> OFF_W) + 1u)   /* lines of spread loads (not in the pool) */
#define MAXP 64                 /* requests awaiting their answer */
#define MAXACK 16
#define MAXTM 8                 /* TM messages awaiting their turn */

enum { R_READ, R_WRITE, R_BYP, R_TM };

typedef struct {
  int kind;
  uint32_t id, line;
  uint64_t ready;
  uint64_t seq;                 /* order sent: bypass atomics are answered in it */
  uint32_t data[WORDS];
} preq_t;

typedef struct {
  int busy;                     /* a memory instruction in flight */
  int chk;                      /* a global load to check against the image */
  uint32_t op, mask, addr[LANES];
  uint32_t imask;               /* lanes checked against the image (not transactional) */
  uint32_t txm;                 /* its transactional lanes (to ww_tm_sm) */
  int txdone;                   /* ww_tm_sm answered them */
  uint32_t txw[LANES];          /* and with these words */
  int tx;                       /* the warp is in a transaction */
  int spread;                   /* a spread load (every lane on a line of its own) */
  uint64_t acc;                 /* the cycle of its acceptance */
  unsigned gen[NPOOL];          /* the lines' store generations then */
} warp_t;

/* a request of ww_tm_sm on the LSU's L1 port, one per source */
typedef struct {
  int st;                       /* 0 none, 1 offered (held until ready), 2 awaiting its answer */
  uint32_t op, line, wdata[WORDS];
  int pi;                       /* its pool line or -1 */
  int chk;                      /* LOAD_STRONG: no write in flight to the line when taken */
  unsigned gen;                 /* the line's store generation then */
} tml1_t;

enum {
  T_OFFER, T_ACCEPT, T_FAULT, T_LOAD, T_STORE, T_STRONG, T_ATOM_BLK, T_ATOM_DEV, T_CAS,
  T_FENCE, T_FENCE_BLK, T_SHARED, T_MIXED, T_LOCAL, T_RETIRE, T_L1_READ, T_L1_WRITE, T_BYPASS,
  T_CHECK, T_FREC, T_ACK, T_RSP_HELD, T_LK, T_LD_L1, T_LD_MERGE, T_LD_L2, T_LD_DRAM,
  T_WHY_BUSY, T_WHY_MSHR, T_WHY_WQ, T_WHY_BANK, T_WHY_FENCE, T_WHY_SYNC, T_WHY_SCORD,
  T_ALLBUSY, T_IMG_CHECKED, T_IMG_BAD, T_RESET, T_SCORD_CYC, T_TX_INSN, T_TX_FULL, T_TX_ACC,
  T_TX_CHECKED, T_TML1_LD, T_TML1_ST, T_TML1_INV, T_TML1_CHECKED, T_TM_PKT, T_TM_MSG,
  T_TM_MSG_HELD, T_N
};
static const char *const stat_name[T_N] = {
  "offers", "accepted", "faulting offers", "loads", "stores", "strong", "block atomics",
  "device atomics", "CAS", "fence/fence.dev", "fence.blk",
  "all-shared", "shared+global", "with local lanes", "retired", "L1 reads", "L1 writes",
  "bypass atomics", "CHECK records", "FENCE records", "fence acks", "responses held (not ready)",
  "lock-table ops", "loads from L1", "loads merged", "loads from L2", "loads from DRAM",
  "why busy", "why MSHR full", "why WQ full", "why bank conflict", "why fence", "why sync",
  "why scord", "cycles with every warp busy", "loads checked against the image",
  "image mismatches", "mid-run resets", "cycles with ScoRD on",
  "transactional instructions", "log-full faults", "ww_tm_sm accesses",
  "transactional loads checked", "TM L1 strong loads", "TM L1 stores", "TM L1 invalidates",
  "TM strong loads checked against the image", "TM packets", "TM messages",
  "TM messages held (not ready)"
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
  uint64_t seq;                 /* requests sent so far */
  unsigned np, ntm;             /* requests awaiting their answer, TM messages among them */
  int drv;                      /* the response on offer (index into p) or -1 */
  uint64_t ack_at[MAXACK];
  unsigned ack_part[MAXACK], nack;
  /* last cycle's drive */
  int off_valid, off_cas, off_wid, last_mreq_ready, last_done_ready;
  uint32_t off_op, off_mask, off_addr[LANES], off_sh, off_txm;
  int off_chk;                  /* check last cycle's offer: 1 no fault, 2 a full log */
  int off_spread;
  /* every entry of the LSU's line table written since power-up (it is not
   * reset, and the sideband mreq_sb_o of a request that is neither an L1
   * request nor a record names the tracked lanes of entry chk_q, whatever
   * it holds: a TM packet before would show the RTL's random initial
   * state, which the model does not know); TM packets only after */
  int ltab_full;
  /* an instruction accepted since power-up: the barrier id and lock Bloom
   * in every request's sideband are registers the RTL does not reset, so
   * ww_tm_sm's L1 requests (whose misses go out with that sideband) wait
   * for it */
  int ever_acc;
  int was_rst;                  /* last cycle was a reset: its outputs are no events */
  /* the ww_tm_sm stand-in: its access (0 none, 1 awaiting done at acc_at),
   * its L1 requests, its packet */
  int acc_st, last_acc_ready;
  unsigned acc_wid;
  uint64_t acc_at;
  tml1_t tl[2];
  int l1_drv;                   /* the source offered last cycle, or -1 */
  uint32_t logl[NLOGL];
  int pkt_valid, pkt_seen;
  uint32_t pkt_part, pkt_kind, pkt_cid, pkt_addr, pkt_data;
  uint32_t cas_swap[LANES];
  int swap_next;
  /* phases */
  unsigned dmode, dleft, rmode, rleft, qmode, qleft, omode, oleft, mmode, mleft, hleft;
  unsigned xmode, xleft, fmode, fleft, amode, aleft, tmode, tleft, gdet, ghit;
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
  /* the last transactional line, the log region's first and last lines */
  s->pool[NGLOB + NLOC + 0] = (TX_LOG_BASE >> OFF_W) - 1;
  s->pool[NGLOB + NLOC + 1] = TX_LOG_BASE >> OFF_W;
  s->pool[NGLOB + NLOC + 2] = (LOCAL_BASE0 >> OFF_W) - 1;
  for (int i = 0; i < NLOGL; i++)
    s->logl[i] = (TX_LOG_BASE >> OFF_W) + 2 + (uint32_t)i * 5;
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
static int is_plain_ld(uint32_t op) { return op >= WW_OP_LB && op <= WW_OP_LHU; }
static int is_plain_st(uint32_t op) { return op >= WW_OP_SB && op <= WW_OP_SW; }

/* a load's result from the word holding byte address a */
static uint32_t ld_word(uint32_t op, uint32_t word, uint32_t a)
{
  uint32_t wv = word >> (8 * (a & 3u));
  switch (op) {
  case WW_OP_LB: return (uint32_t)(int32_t)(int8_t)(wv & 0xFFu);
  case WW_OP_LBU: return wv & 0xFFu;
  case WW_OP_LH: return (uint32_t)(int32_t)(int16_t)(wv & 0xFFFFu);
  case WW_OP_LHU: return wv & 0xFFFFu;
  default: return wv;
  }
}

/* a new instruction for warp w on the SM's side; returns whether it faults.
 * spread: a strong load of every lane, each on a line of its own (outside
 * the pool), so the LSU's line table gets every entry written */
static int make_insn(stim_t *s, ww_rng_t *r, unsigned w, ww_lsu_in_t *in, int spread)
{
  unsigned k = (unsigned)ww_rng_below(r, 100);
  uint32_t op;
  if (spread)
    op = WW_OP_LW_STRONG;
  else if (k < 34)
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
  if (spread)
    mask = LANE_MASK;
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
  int bnd = ww_rng_chance(r, 1, s->w[w].tx ? 3 : 8);   /* the log region's edges */
  unsigned shape = (unsigned)ww_rng_below(r, 3);  /* coalesced, few lines, scattered */
  uint32_t lines[3];
  for (int i = 0; i < 3; i++) {
    unsigned pi = s->hleft ? (s->hot + (unsigned)ww_rng_below(r, 4)) % NGLOB
                           : (unsigned)ww_rng_below(r, NGLOB);
    if (loc && ww_rng_chance(r, 1, 2))
      pi = NGLOB + (unsigned)ww_rng_below(r, NLOC);
    else if (bnd && ww_rng_chance(r, 1, 2))
      pi = NGLOB + NLOC + (unsigned)ww_rng_below(r, NBND);
    lines[i] = s->pool[pi];
  }
  unsigned wbase = (unsigned)ww_rng_below(r, WORDS);
  uint32_t boff = sz == 1 ? (uint32_t)ww_rng_below(r, 4) : sz == 2 ? 2u * (uint32_t)ww_rng_below(r, 2) : 0;
  uint32_t sh_n = 0, gl_n = 0;
  s->off_sh = 0;
  uint32_t imm = (uint32_t)((int32_t)ww_rng_below(r, 128) - 64);
  in->in_imm_i = imm;
  for (unsigned l = 0; l < LANES; l++) {
    int sh = shp == 5 || (shp == 3 && ww_rng_below(r, 4) == 0) || (shp == 4 && ww_rng_chance(r, 1, 2));
    uint32_t a;
    if (spread) {
      sh = 0;
      a = ((SPREAD_LINE0 + 3u * l) << OFF_W) + 4u * (uint32_t)ww_rng_below(r, WORDS);
    } else if (sh) {
      a = (uint32_t)WW_SHARED_BASE + 4u * (uint32_t)ww_rng_below(r, 4 * LANES) + boff;
    } else {
      uint32_t line = shape == 0 ? lines[0] : shape == 1 ? lines[ww_rng_below(r, 2)]
                                                         : lines[ww_rng_below(r, 3)];
      unsigned wd = shape == 0 ? (wbase + l) % WORDS : (unsigned)ww_rng_below(r, WORDS);
      a = (line << OFF_W) + 4u * wd + (sz == 1 && shape ? (uint32_t)ww_rng_below(r, 4) : boff);
      if (sz == 2)
        a &= ~1u;
    }
    if (sh)
      s->off_sh |= 1u << l;
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
  if (!is_fence(op) && !spread && ww_rng_chance(r, 1, 25)) {
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

/* a response's delay in the current phase */
static unsigned rsp_delay(const stim_t *s, ww_rng_t *r)
{
  switch (s->dmode) {
  case 0: return 1 + (unsigned)ww_rng_below(r, 3);
  case 1: return ww_rng_chance(r, 1, 4) ? 5 + (unsigned)ww_rng_below(r, 40) : 1 + (unsigned)ww_rng_below(r, 4);
  default: return 10 + (unsigned)ww_rng_below(r, 80);
  }
}

/* a commit unit's message (a response of id class TM, random TMMSG fields) */
static void add_tm_msg(stim_t *s, ww_rng_t *r, uint64_t cycle)
{
  if (s->ntm >= MAXTM || s->np >= MAXP - 20)
    return;
  preq_t *p = &s->p[s->np++];
  s->ntm++;
  p->kind = R_TM;
  p->id = WW_REQID_TM;
  p->line = 0;
  p->ready = cycle + rsp_delay(s, r);
  for (unsigned k = 0; k < WORDS; k++)
    p->data[k] = (uint32_t)ww_rng_bits(r, 32);
}

/* the request handed over last cycle, as the partition takes it */
static void take_request(stim_t *s, ww_rng_t *r, uint64_t cycle, const ww_lsu_out_t *o)
{
  uint32_t id = (uint32_t)o->mreq_id_o, line = (uint32_t)o->mreq_line_o;
  int pi = pool_of(s, line);
  if (id & (1u << WW_REQID_TM_BIT)) {
    /* ww_tm_sm's packet (the one held, as the spec lays it out), to a
     * commit unit: now and then a message back */
    int word = s->pkt_kind == WW_TM_PKT_RLOG || s->pkt_kind == WW_TM_PKT_WLOG;
    uint32_t want_line = word ? s->pkt_addr >> (OFF_W - 2) : s->pkt_part;
    uint32_t want_data = s->pkt_cid << WW_TMPKT_CID_LSB(WW_CID_W) |
                         s->pkt_kind << WW_TMPKT_KIND_LSB(WW_CID_W);
    int data_ok = o->mreq_data_o[0] == want_data;
    for (unsigned k = 1; k < WORDS; k++)
      data_ok &= o->mreq_data_o[k] == 0;
    if (!s->pkt_valid || id != WW_REQID_TM || o->mreq_op_o != WW_L2_READ || line != want_line ||
        !data_ok || o->mreq_amo_a_o != s->pkt_addr << 2 || o->mreq_amo_b_o != s->pkt_data)
      ww_stim_fail("lsu stimulus: cycle %llu: TM request id %03x line %x data %08x a %08x b "
                   "%08x is not the packet held (kind %u cid %x part %u addr %08x data %08x)",
                   (unsigned long long)cycle - 1, id, line, o->mreq_data_o[0],
                   (uint32_t)o->mreq_amo_a_o, (uint32_t)o->mreq_amo_b_o, s->pkt_kind,
                   s->pkt_cid, s->pkt_part, s->pkt_addr, s->pkt_data);
    s->stat[T_TM_PKT]++;
    s->pkt_seen = 1;
    if (ww_rng_chance(r, 1, 2))
      add_tm_msg(s, r, cycle);
    return;
  }
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
    return;   /* cannot happen: the L1's ids and one line's bypass lanes bound what is out */
  preq_t *p = &s->p[s->np++];
  p->id = id;
  p->line = line;
  p->ready = cycle + rsp_delay(s, r);
  p->seq = s->seq++;
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
  return ld_word(op, s->mem[pi][(a >> 2) & (WORDS - 1)], a);
}

/* whether lanes m of a global instruction touch line pi */
static int touches_m(const warp_t *w, uint32_t m, int pi, const stim_t *s)
{
  for (unsigned l = 0; l < LANES; l++)
    if (((m >> l) & 1u) && (w->addr[l] >> OFF_W) == s->pool[pi])
      return 1;
  return 0;
}
static int touches(const warp_t *w, int pi, const stim_t *s) { return touches_m(w, w->mask, pi, s); }

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
    s->ntm = 0;
    s->nack = 0;
    s->drv = -1;
    s->off_valid = 0;
    s->off_chk = 0;
    s->swap_next = 0;
    s->last_mreq_ready = 0;
    s->last_done_ready = 0;
    s->acc_st = 0;
    s->last_acc_ready = 0;
    memset(s->tl, 0, sizeof s->tl);
    s->l1_drv = -1;
    s->pkt_valid = 0;
    s->was_rst = 1;
    return;
  }
  const int after_rst = s->was_rst;
  s->was_rst = 0;

  /* ---- what happened at last cycle's edge ----------------------------- */
  int accepted = s->off_valid && prev->in_ready_o;
  if (accepted) {
    warp_t *w = &s->w[s->off_wid];
    w->busy = 1;
    w->op = s->off_op;
    w->mask = s->off_mask;
    memcpy(w->addr, s->off_addr, sizeof w->addr);
    /* transactional lanes: ww_tm_sm's words, the others the image's */
    w->txm = s->off_txm;
    w->txdone = 0;
    w->spread = s->off_spread;
    w->imask = w->mask & ~w->txm;
    if (w->txm)
      s->stat[T_TX_INSN]++;
    int glob = 1;
    for (unsigned l = 0; l < LANES; l++)
      if (((w->imask >> l) & 1u) && pool_of(s, w->addr[l] >> OFF_W) < 0)
        glob = 0;   /* shared lanes: not checked against the image */
    w->chk = is_load(w->op) && w->imask && glob;
    if (w->chk)
      for (int i = 0; i < NPOOL; i++)
        if (touches_m(w, w->imask, i, s) && (s->written[i] || s->stale_at[i]))
          w->chk = 0;
    w->acc = cycle - 1;
    memcpy(w->gen, s->gen, sizeof w->gen);
    mark_writes(s, w, 1);
    s->stat[T_ACCEPT]++;
    s->ever_acc = 1;
  }
  /* last cycle's offer: a legal one does not fault, a full log does */
  if (s->off_chk == 1 && prev->fault_o)
    ww_stim_fail("lsu stimulus: cycle %llu: an instruction without a faulting lane or a full "
                 "log faults (kind %u lane %u addr %08x)", (unsigned long long)cycle - 1,
                 (unsigned)prev->fault_kind_o, (unsigned)prev->fault_lane_o,
                 (uint32_t)prev->fault_addr_o);
  if (s->off_chk == 2 && (!prev->fault_o || prev->fault_kind_o != WW_TRAP_TX_LOG_FULL ||
                          prev->fault_lane_o != 0 || prev->fault_addr_o != 0))
    ww_stim_fail("lsu stimulus: cycle %llu: a transactional access with its log full gives "
                 "fault %u kind %u lane %u addr %08x, not TX_LOG_FULL at lane 0 addr 0",
                 (unsigned long long)cycle - 1, (unsigned)prev->fault_o,
                 (unsigned)prev->fault_kind_o, (unsigned)prev->fault_lane_o,
                 (uint32_t)prev->fault_addr_o);
  s->off_chk = 0;
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
        if (touches_m(w, w->imask, i, s) && (s->gen[i] != w->gen[i] || s->stale_at[i]))
          ok = 0;
      if (ok) {
        s->stat[T_IMG_CHECKED]++;
        for (unsigned l = 0; l < LANES; l++)
          if (((w->imask >> l) & 1u) && prev->done_rd_o[l] != img_load(s, w->op, w->addr[l])) {
            /* both descriptions agree (the outputs were compared) on a
             * wrong value: an error the lockstep cannot show */
            s->stat[T_IMG_BAD]++;
            ww_stim_fail("lsu stimulus: cycle %llu warp %u lane %u op %u addr %08x: rd %08x, "
                         "memory image %08x (the load disagrees with the image)",
                         (unsigned long long)cycle - 1, wid, l, (unsigned)w->op, w->addr[l],
                         prev->done_rd_o[l], img_load(s, w->op, w->addr[l]));
            break;
          }
      }
    }
    /* transactional lanes: answered by ww_tm_sm before the retire; a
     * load's retire ww_tm_sm's words, sized and sign-extended */
    if (w->busy && w->txm) {
      if (!w->txdone)
        ww_stim_fail("lsu stimulus: cycle %llu: warp %u retires before ww_tm_sm answered its "
                     "transactional lanes %08x", (unsigned long long)cycle - 1, wid, w->txm);
      else if (is_load(w->op)) {
        s->stat[T_TX_CHECKED]++;
        for (unsigned l = 0; l < LANES; l++)
          if (((w->txm >> l) & 1u) && prev->done_rd_o[l] != ld_word(w->op, w->txw[l], w->addr[l])) {
            ww_stim_fail("lsu stimulus: cycle %llu warp %u lane %u op %u addr %08x: rd %08x, "
                         "ww_tm_sm's word %08x gives %08x", (unsigned long long)cycle - 1, wid, l,
                         (unsigned)w->op, w->addr[l], prev->done_rd_o[l], w->txw[l],
                         ld_word(w->op, w->txw[l], w->addr[l]));
            break;
          }
      }
    }
    if (w->busy && w->spread)
      s->ltab_full = 1;   /* its lines all went through the line table */
    if (w->busy)
      mark_writes(s, w, -1);
    w->busy = 0;
    s->stat[T_RETIRE]++;
  }
  s->pkt_seen = 0;
  if (s->last_mreq_ready && prev->mreq_valid_o)
    take_request(s, r, cycle, prev);
  /* ww_tm_sm's packet: taken when ready, as the crossbar saw it */
  if (s->pkt_valid && prev->tm_pkt_ready_o) {
    if (!s->pkt_seen)
      ww_stim_fail("lsu stimulus: cycle %llu: tm_pkt_ready_o but no TM request went out",
                   (unsigned long long)cycle - 1);
    s->pkt_valid = 0;
  } else if (s->pkt_seen) {
    ww_stim_fail("lsu stimulus: cycle %llu: a TM request went out without tm_pkt_ready_o",
                 (unsigned long long)cycle - 1);
  }
  /* the response on offer: a TM message is passed on as it is, when taken */
  if (!after_rst) {
    int tm_on = s->drv >= 0 && s->p[s->drv].kind == R_TM && prev->mrsp_ready_o;
    if (tm_on) {
      const uint32_t *d = s->p[s->drv].data;
      uint32_t mk = d[0] & ((1u << WW_TM_MSG_W) - 1);
      uint32_t mc = (uint32_t)(((((uint64_t)d[1] << 32) | d[0]) >> WW_TMMSG_CID_LSB(WW_CID_W, PART_W)) &
                               ((1ull << WW_CID_W) - 1));
      uint32_t mp = (uint32_t)(((((uint64_t)d[1] << 32) | d[0]) >> WW_TMMSG_PART_LSB(WW_CID_W, PART_W)) &
                               ((1ull << PART_W) - 1));
      if (!prev->tm_msg_valid_o || prev->tm_msg_kind_o != mk || prev->tm_msg_cid_o != mc ||
          prev->tm_msg_part_o != mp)
        ww_stim_fail("lsu stimulus: cycle %llu: TM message valid %u kind %u cid %x part %u, the "
                     "response's is kind %u cid %x part %u", (unsigned long long)cycle - 1,
                     (unsigned)prev->tm_msg_valid_o, (unsigned)prev->tm_msg_kind_o,
                     (unsigned)prev->tm_msg_cid_o, (unsigned)prev->tm_msg_part_o, mk, mc, mp);
      s->stat[T_TM_MSG]++;
    } else if (prev->tm_msg_valid_o) {
      ww_stim_fail("lsu stimulus: cycle %llu: a TM message without a TM response taken",
                   (unsigned long long)cycle - 1);
    }
  }
  if (s->drv >= 0) {
    if (prev->mrsp_ready_o) {
      if (s->p[s->drv].kind == R_TM)
        s->ntm--;
      s->p[s->drv] = s->p[--s->np];
      s->drv = -1;
    } else {
      s->stat[s->p[s->drv].kind == R_TM ? T_TM_MSG_HELD : T_RSP_HELD]++;
    }
  }

  /* ---- the ww_tm_sm stand-in: what happened at last cycle's edge ------- */
  if (prev->tm_acc_valid_o && s->last_acc_ready) {
    /* an access taken: the offered warp's transactional lanes */
    unsigned wid = (unsigned)prev->tm_acc_wid_o;
    warp_t *w = &s->w[wid < WARPS ? wid : 0];
    int ok = !s->acc_st && w->busy && w->txm && prev->tm_acc_mask_o == w->txm &&
             prev->tm_acc_op_o == (uint64_t)(is_load(w->op) ? WW_TXL_LOAD : WW_TXL_STORE) &&
             prev->tm_acc_bytes_o == op_size(w->op);
    for (unsigned l = 0; l < LANES; l++)
      if ((w->txm >> l) & 1u)
        ok &= prev->tm_acc_addr_o[l] == w->addr[l];
    if (!ok)
      ww_stim_fail("lsu stimulus: cycle %llu: access to ww_tm_sm warp %u op %u mask %08x bytes "
                   "%u; the warp's instruction op %u, transactional lanes %08x%s",
                   (unsigned long long)cycle - 1, wid, (unsigned)prev->tm_acc_op_o,
                   (uint32_t)prev->tm_acc_mask_o, (unsigned)prev->tm_acc_bytes_o, w->op, w->txm,
                   s->acc_st ? " (an access is still in work)" : "");
    s->acc_st = 1;
    s->acc_wid = wid < WARPS ? wid : 0;
    unsigned d = s->amode == 0 ? (unsigned)ww_rng_below(r, 3)
                 : s->amode == 1 ? (unsigned)ww_rng_below(r, 11)
                                 : 5 + (unsigned)ww_rng_below(r, 56);
    s->acc_at = cycle + d;
    s->stat[T_TX_ACC]++;
  }
  /* its L1 answers: a strong load's line, a store's acknowledgement (not
   * those shown in a reset cycle: the L1 had no time to clear them) */
  if (prev->tm_l1_rsp_valid_o && !after_rst) {
    tml1_t *t = &s->tl[prev->tm_l1_rsp_src_o & 1u];
    if (t->st != 2 || t->op != WW_L1_LOAD_STRONG) {
      ww_stim_fail("lsu stimulus: cycle %llu: a TM L1 answer to source %u, which awaits none",
                   (unsigned long long)cycle - 1, (unsigned)(prev->tm_l1_rsp_src_o & 1u));
    } else if (t->chk && t->gen == s->gen[t->pi]) {
      /* no write to the line since it was taken: the image's line */
      s->stat[T_TML1_CHECKED]++;
      if (memcmp(prev->tm_l1_rsp_data_o, s->mem[t->pi], sizeof s->mem[t->pi]) != 0)
        ww_stim_fail("lsu stimulus: cycle %llu: TM strong load of line %x answers %08x.., the "
                     "memory image %08x..", (unsigned long long)cycle - 1, t->line,
                     prev->tm_l1_rsp_data_o[0], s->mem[t->pi][0]);
    }
    t->st = 0;
  }
  if (prev->tm_l1_wack_o && !after_rst) {
    tml1_t *t = &s->tl[0];   /* only the log unit (source 0) stores */
    if (t->st != 2 || t->op != WW_L1_STORE)
      ww_stim_fail("lsu stimulus: cycle %llu: a TM write acknowledgement, no TM store awaits one",
                   (unsigned long long)cycle - 1);
    else if (t->pi >= 0)
      s->written[t->pi]--;
    t->st = 0;
  }
  /* its L1 request taken */
  if (s->l1_drv >= 0 && prev->tm_l1_req_ready_o) {
    tml1_t *t = &s->tl[s->l1_drv];
    t->st = t->op == WW_L1_INVAL ? 0 : 2;
    if (t->op == WW_L1_STORE && t->pi >= 0) {
      s->written[t->pi]++;
      s->gen[t->pi]++;
    }
    t->chk = t->op == WW_L1_LOAD_STRONG && t->pi >= 0 && !s->written[t->pi];
    if (t->pi >= 0)
      t->gen = s->gen[t->pi];
    s->l1_drv = -1;
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
  if (s->xleft-- == 0) {   /* warps in transactions: none (60 %), some (30 %), all (10 %) */
    unsigned x = (unsigned)ww_rng_below(r, 10);
    s->xmode = x < 6 ? 0 : x < 9 ? 1 : 2;
    /* GPUDet's parallel mode in a third of the phases without transactions */
    s->gdet = s->xmode == 0 && ww_rng_chance(r, 1, 3);
    /* the store buffers' filter answers for the lanes: all hit, random, none */
    s->ghit = (unsigned)ww_rng_below(r, 3);
    s->xleft = 200 + (unsigned)ww_rng_below(r, 2000);
  }
  if (s->fleft-- == 0) {   /* full logs: never, now and then, often */
    s->fmode = (unsigned)ww_rng_below(r, 3);
    s->fleft = 200 + (unsigned)ww_rng_below(r, 2000);
  }
  if (s->aleft-- == 0) {   /* ww_tm_sm's access: quick, mixed, slow */
    s->amode = (unsigned)ww_rng_below(r, 3);
    s->aleft = 100 + (unsigned)ww_rng_below(r, 1000);
  }
  if (s->tleft-- == 0) {   /* ww_tm_sm's L1 requests, packets, messages: none, some, many */
    s->tmode = (unsigned)ww_rng_below(r, 3);
    s->tleft = 100 + (unsigned)ww_rng_below(r, 1500);
  }
  if (s->xmode == 1)
    for (unsigned w = 0; w < WARPS; w++)
      if (ww_rng_chance(r, 1, 400))
        s->w[w].tx = !s->w[w].tx;
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
    /* until the line table is known written, now and then a spread load */
    int spread = !s->ltab_full && ww_rng_chance(r, 1, 3);
    int fault = make_insn(s, r, w, in, spread);
    s->off_spread = spread;
    s->stat[T_OFFER]++;
    /* KILO TM: the warp in a transaction, its logs full; the transactional
     * lanes (a plain load or store's global lanes below the log region) */
    int wtx = s->xmode == 2 || (s->xmode == 1 && s->w[w].tx);
    uint32_t full = s->fmode == 0   ? 0
                    : s->fmode == 1 ? (ww_rng_chance(r, 1, 6) ? (uint32_t)ww_rng_bits(r, 2) : 0)
                                    : (uint32_t)ww_rng_bits(r, 2);
    in->in_tx_i = (uint64_t)wtx;
    in->in_tx_full_i = full;
    in->in_det_i = (uint64_t)s->gdet;
    in->det_hit_i = s->ghit == 0 ? (((uint64_t)1 << LANES) - 1) : s->ghit == 1 ? ww_rng_bits(r, LANES) : 0;
    uint32_t op = s->off_op, txm = 0;
    if (wtx && (is_plain_ld(op) || is_plain_st(op)))
      for (unsigned l = 0; l < LANES; l++)
        if (((s->off_mask & ~s->off_sh) >> l) & 1u && s->off_addr[l] < TX_LOG_BASE)
          txm |= 1u << l;
    /* GPUDet: a store's lanes below local memory, and a load's whose line
     * the filter has (docs/det.md sec. 2) */
    const int dst = is_plain_st(op) || op == WW_OP_SW_STRONG;
    if (s->gdet && (dst || is_plain_ld(op) || op == WW_OP_LW_STRONG))
      for (unsigned l = 0; l < LANES; l++)
        if (((s->off_mask & ~s->off_sh) >> l) & 1u && s->off_addr[l] < LOCAL_BASE0 &&
            (dst || (in->det_hit_i >> l & 1u)))
          txm |= 1u << l;
    int txfull = wtx && txm && (((is_plain_ld(op) || op_size(op) != 4) && (full & 1u)) ||
                         (is_plain_st(op) && (full & 2u)));
    s->off_txm = txm;
    if (fault) {
      s->stat[T_FAULT]++;
    } else if (txfull) {
      /* the log-full fault: a trap in the SM, in_valid_i stays low */
      s->stat[T_FAULT]++;
      s->stat[T_TX_FULL]++;
      s->off_chk = 2;
    } else {
      in->in_valid_i = 1;
      s->off_valid = 1;
      s->off_wid = (int)w;
      s->off_chk = 1;
    }
  } else if (ww_rng_chance(r, 1, 4)) {
    /* the execute stage holds some other instruction: fields only */
    in->in_op_i = ww_rng_bits(r, 7);
    in->in_mask_i = ww_rng_bits(r, LANES);
    for (unsigned l = 0; l < LANES; l++)
      in->in_base_i[l] = (uint32_t)ww_rng_bits(r, 32);
    in->in_imm_i = ww_rng_bits(r, 32);
  }
  if (!try_offer) {
    in->in_tx_i = ww_rng_bits(r, 1);
    in->in_tx_full_i = ww_rng_bits(r, 2);
    in->in_det_i = ww_rng_bits(r, 1);
    in->det_hit_i = ww_rng_bits(r, LANES);
  }
  if (!nfree)
    s->stat[T_ALLBUSY]++;

  /* ---- the ww_tm_sm stand-in: this cycle's drive ------------------------ */
  in->tm_acc_ready_i = s->amode == 0   ? 1
                       : s->amode == 1 ? (uint64_t)ww_rng_chance(r, 1, 2)
                                       : (uint64_t)ww_rng_chance(r, 1, 8);
  s->last_acc_ready = (int)in->tm_acc_ready_i;
  for (unsigned l = 0; l < LANES; l++)
    in->tm_acc_word_i[l] = small_or_rand(r);
  if (s->acc_st && cycle >= s->acc_at) {
    /* done: each lane's word (a load's go to the write-back entry) */
    warp_t *w = &s->w[s->acc_wid];
    in->tm_acc_done_i = 1;
    memcpy(w->txw, in->tm_acc_word_i, sizeof w->txw);
    w->txdone = 1;
    s->acc_st = 0;
  }
  /* L1 requests: source 0 (the log unit) strong loads and stores, source 1
   * (the commit side) strong loads and INVAL; one outstanding per source */
  unsigned l1_rate = s->tmode == 0 ? 0 : s->tmode == 1 ? 40 : 4;
  for (unsigned src = 0; src < 2; src++) {
    tml1_t *t = &s->tl[src];
    if (t->st || !s->ever_acc || !l1_rate || !ww_rng_chance(r, 1, l1_rate))
      continue;
    t->st = 1;
    t->op = src == 0 ? (ww_rng_chance(r, 1, 2) ? WW_L1_LOAD_STRONG : WW_L1_STORE)
                     : (ww_rng_chance(r, 1, 16) ? WW_L1_INVAL : WW_L1_LOAD_STRONG);
    if (t->op == WW_L1_STORE)   /* the logs, now and then a pool line */
      t->line = ww_rng_chance(r, 1, 4) ? s->pool[ww_rng_below(r, NPOOL)]
                                       : ww_rng_chance(r, 1, 2) ? s->pool[NGLOB + NLOC + 1 + ww_rng_below(r, 2)]
                                                                : s->logl[ww_rng_below(r, NLOGL)];
    else
      t->line = ww_rng_chance(r, 1, 2) ? s->pool[ww_rng_below(r, NPOOL)] : s->logl[ww_rng_below(r, NLOGL)];
    for (unsigned k = 0; k < WORDS; k++)
      t->wdata[k] = (uint32_t)ww_rng_bits(r, 32);
    t->pi = pool_of(s, t->line);
    s->stat[t->op == WW_L1_STORE ? T_TML1_ST : t->op == WW_L1_INVAL ? T_TML1_INV : T_TML1_LD]++;
  }
  if (s->l1_drv < 0) {   /* the next request to offer; an offered one is held */
    if (s->tl[0].st == 1 && s->tl[1].st == 1)
      s->l1_drv = (int)ww_rng_below(r, 2);
    else if (s->tl[0].st == 1 || s->tl[1].st == 1)
      s->l1_drv = s->tl[0].st == 1 ? 0 : 1;
  }
  if (s->l1_drv >= 0) {
    const tml1_t *t = &s->tl[s->l1_drv];
    in->tm_l1_req_valid_i = 1;
    in->tm_l1_req_src_i = (uint64_t)s->l1_drv;
    in->tm_l1_req_op_i = t->op;
    in->tm_l1_req_line_i = t->line;
    memcpy(in->tm_l1_req_wdata_i, t->wdata, sizeof in->tm_l1_req_wdata_i);
  } else {   /* nothing offered: the fields must not matter */
    in->tm_l1_req_src_i = ww_rng_bits(r, 1);
    in->tm_l1_req_op_i = ww_rng_bits(r, WW_L1_W);
    in->tm_l1_req_line_i = (uint32_t)ww_rng_bits(r, 32) & LINE_MASK;
    for (unsigned k = 0; k < WORDS; k++)
      in->tm_l1_req_wdata_i[k] = (uint32_t)ww_rng_bits(r, 32);
  }
  /* packets to the commit units, held until ready; messages back */
  if (!s->pkt_valid && s->ltab_full && s->tmode && ww_rng_chance(r, 1, s->tmode == 1 ? 30 : 3)) {
    s->pkt_valid = 1;
    s->pkt_kind = (uint32_t)ww_rng_below(r, 4);
    s->pkt_cid = (uint32_t)ww_rng_bits(r, WW_CID_W);
    s->pkt_part = (uint32_t)ww_rng_below(r, NPART);
    s->pkt_addr = ww_rng_chance(r, 1, 2)
                      ? (s->pool[ww_rng_below(r, NPOOL)] << (OFF_W - 2)) + (uint32_t)ww_rng_below(r, WORDS)
                      : (uint32_t)ww_rng_bits(r, 30);
    s->pkt_data = small_or_rand(r);
  }
  if (s->pkt_valid) {
    in->tm_pkt_valid_i = 1;
    in->tm_pkt_kind_i = s->pkt_kind;
    in->tm_pkt_cid_i = s->pkt_cid;
    in->tm_pkt_part_i = s->pkt_part;
    in->tm_pkt_addr_i = s->pkt_addr;
    in->tm_pkt_data_i = s->pkt_data;
  } else {
    in->tm_pkt_kind_i = ww_rng_bits(r, WW_TM_PKT_W);
    in->tm_pkt_cid_i = ww_rng_bits(r, WW_CID_W);
    in->tm_pkt_part_i = ww_rng_bits(r, PART_W);
    in->tm_pkt_addr_i = ww_rng_bits(r, 30);
    in->tm_pkt_data_i = ww_rng_bits(r, 32);
  }
  if (s->tmode && ww_rng_chance(r, 1, s->tmode == 1 ? 300 : 40))
    add_tm_msg(s, r, cycle);

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

  /* one response: the held one, or a random due one; a device atomic's only
   * when no older one waits (one line, one partition: answered in order) */
  if (s->drv < 0 && s->np && ww_rng_chance(r, 3, 4)) {
    unsigned cand[MAXP], nc = 0;
    for (unsigned i = 0; i < s->np; i++) {
      int older = 0;
      for (unsigned k = 0; k < s->np && s->p[i].kind == R_BYP; k++)
        older |= s->p[k].kind == R_BYP && s->p[k].seq < s->p[i].seq;
      if (s->p[i].ready <= cycle && !older)
        cand[nc++] = i;
    }
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
