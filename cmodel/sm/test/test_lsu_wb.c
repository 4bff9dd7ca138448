/* SPDX-License-Identifier: Apache-2.0
 *
 * test_lsu_wb -- independent check of the LSU write-back table C model
 * (cmodel/sm/ww_lsu_wb.c) against the contract in the header comment of
 * rtl/sm/ww_lsu_wb.v, not against a second copy of the model.
 *
 * The test is the LSU's issue FSM and the L1. It allocates an instruction
 * (load, store, atomic, fence) when its reference has a FREE entry, enters
 * and sends the lines of the FRONT entry one by one, writes the lanes the
 * FSM answers itself (shared memory, atomics' old values), hands the entry
 * over (fin, possibly in the cycle of its last line), and answers the lines
 * in flight in random order across all entries (loads with random line
 * bytes and GSI level, stores with acks), with random retire back-pressure.
 * Every field not qualified by its valid carries random bits, and so do the
 * tag bits above {entry, line}. The reference keeps, per entry, its state,
 * the instruction, the lines entered / sent / answered, whether fin was
 * given, and the expected result word of every lane, computed from the
 * answers as a byte-addressed read: the access's n bytes at the lane's
 * address in the line (or in the FSM's word), little-endian, sign-extended
 * from the top byte for signed loads; results start at 0. Properties:
 *  1. Data: whenever done_valid_o is 1, the offered entry (named by the
 *     serial number the test put in its wdata lane 0) has done_rd_o equal to
 *     the expected word of every lane, done_src_o the highest GSI level of
 *     its load answers (at least L1), and wid, addr, wdata, mem, bytes and
 *     load as allocated.
 *  2. An entry is offered only after fin was given and all its lines were
 *     sent and answered; and it is offered from the cycle after that
 *     (counting the fin cycle's answers), not later.
 *  3. The offered entry is the lowest DONE one.
 *  4. Allocation goes to an entry that is FREE; each instruction retires
 *     (returns its entry to FREE) exactly once; at the end of a drained run
 *     retires == allocs and every entry is FREE (none lost).
 *  5. The entries in the states FREE, FRONT, WAIT and DONE are disjoint
 *     and number WW_LSU_CTX (the configured CTX) every cycle, and free_o,
 *     waiting_o and done_valid_o agree with them; rsp_load_o is 1 exactly
 *     for an answer to a load entry (atomics' answers are ignored, and so
 *     are write acks of entries that are not stores).
 * The model's state is opaque: the reference's entry table is moved by the
 * contract and by what the model shows (the entry free_ctx_o it allocates,
 * the entry it offers and retires), and cross-checked with its outputs.
 * Directed cases: one entry (literal byte/halfword results, answers out of
 * order, fin before and with the last answer, results restart at 0); all
 * entries busy (free_o low, offers lowest first whatever the answer order);
 * an answer for entry k while entry 0 is FRONT with a different line table;
 * a reset with entries busy. Random runs sweep CTX 1..WW_LSU_CTX, LANES and
 * LINE_BYTES, each from the seed and its position.
 * Usage: test_lsu_wb [--seed N] [--iters N]   (N instructions per random run)
 * Ends with "N passed, N failed".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_lsu_wb.h"
#include "ww_rng.h"

#define ML WW_LANES
#define MC WW_LSU_CTX
#define MLB WW_LINE_BYTES
_Static_assert(WW_LANES >= 4 && WW_LANES <= 32 && WW_LINE_BYTES >= 8 && WW_LSU_CTX <= 32,
               "the directed cases use four lanes and the byte offsets of an 8-byte line");

enum { S_FREE, S_FRONT, S_WAIT, S_DONE, S_N };
static const char *const st_name[S_N] = { "FREE", "FRONT", "WAIT", "DONE" };
enum { K_LOAD, K_STORE, K_ATOMIC, K_FENCE, K_N };

typedef struct {                /* a warp memory instruction as the test issues it */
  uint32_t serial;              /* also its wdata lane 0: names it on done_* */
  unsigned kind, wid, mem, n;
  int load, sgn, store;
  uint32_t addr[ML], wdata[ML];
  uint32_t gl_lanes, sh_lanes;  /* lanes in L1 lines; lanes the FSM writes (wr_i) */
  unsigned nlines;
  uint32_t line_lanes[ML];
} insn_t;

typedef struct {                /* an entry of the reference */
  insn_t i;
  uint32_t exp[ML];             /* the expected result word of each lane */
  unsigned lvl;                 /* the expected GSI level */
  unsigned n_line, n_out, n_ans;  /* lines entered, sent, answered */
  uint32_t sh_left;             /* lanes the FSM has still to write */
  int fin;                      /* fin given in an earlier cycle */
} ent_t;

typedef struct {                /* what the test drives in one cycle */
  int rst, alloc, line, out, wr, rsp, wack, fin, ready;
  insn_t ins;
  unsigned line_ctx, line_idx, out_ctx, wr_ctx, rsp_ctx, rsp_line, rsp_lvl, wack_ctx, wack_line,
      fin_ctx;
  uint32_t line_lanes, wr_mask, wr_data[ML];
  uint8_t rsp_bytes[MLB];
} act_t;

typedef struct {
  char name[80];
  ww_lsu_wb_cfg_t cfg;
  unsigned C, L, LB, li_w, ctx_w;
  ww_lsu_wb_t *m;
  ww_rng_t r;
  uint64_t cyc;
  ent_t e[MC];
  uint32_t set[S_N];            /* the entries in each state, one bit each */
  uint32_t serial0, nser, cap;  /* serials serial0 .. serial0 + nser - 1 */
  uint8_t *fate;                /* per serial: 0 in flight, 1 retired, 2 lost to a reset */
  int offered;                  /* the entry offered this cycle, -1 none */
  uint64_t allocs, retires, discarded, kinds[K_N];
  long fails, checks;
  uint64_t answers, ooo, cross, full, multi_done, fin_wait, fin_done, fin_ans;
  ww_lsu_wb_in_t in;
  ww_lsu_wb_out_t out;
} tb_t;

#define CHECK(tb, cond, ...)                                                     \
  do {                                                                           \
    (tb)->checks++;                                                              \
    if (!(cond) && (tb)->fails++ < 8) {                                          \
      printf("  FAIL %s cycle %" PRIu64 ": ", (tb)->name, (tb)->cyc);            \
      printf(__VA_ARGS__);                                                       \
      printf("\n");                                                              \
    }                                                                            \
  } while (0)

static uint64_t g_seed = 1, g_iters = 20000;
static long g_failed, g_runs;

/* ---- the reference ---------------------------------------------------- */

/* A byte-addressed read: n bytes at b[off..], little-endian, sign-extended
 * from the top byte when sgn (n < 4). */
static uint32_t ref_load(const uint8_t *b, unsigned off, unsigned n, int sgn)
{
  uint32_t v = 0;
  for (unsigned i = 0; i < n; i++)
    v |= (uint32_t)b[off + i] << (8 * i);
  if (sgn && n < 4 && (b[off + n - 1] & 0x80u))
    v |= 0xFFFFFFFFu << (8 * n);
  return v;
}

static void word_bytes(uint32_t w, uint8_t b[4])
{
  for (unsigned i = 0; i < 4; i++)
    b[i] = (uint8_t)(w >> (8 * i));
}

static unsigned state_of(const tb_t *tb, unsigned c)
{
  for (unsigned s = 0; s < S_N; s++)
    if ((tb->set[s] >> c) & 1u)
      return s;
  return S_N;
}

static void move(tb_t *tb, unsigned c, unsigned s)
{
  for (unsigned k = 0; k < S_N; k++)
    tb->set[k] &= ~(1u << c);
  tb->set[s] |= 1u << c;
}

static int lowest(uint32_t m) { return m ? __builtin_ctz(m) : -1; }

static int front_of(const tb_t *tb) { return lowest(tb->set[S_FRONT]); }

static void tb_init(tb_t *tb, const char *name, ww_lsu_wb_cfg_t cfg, uint64_t seed, uint64_t cap)
{
  memset(tb, 0, sizeof *tb);
  snprintf(tb->name, sizeof tb->name, "%s", name);
  tb->cfg = cfg;
  tb->C = cfg.ctx;
  tb->L = cfg.lanes;
  tb->LB = cfg.line_bytes;
  tb->li_w = ww_clog2(cfg.lanes);
  tb->ctx_w = WW_IDX_W(cfg.ctx);
  tb->m = ww_lsu_wb_new(&cfg);
  if (!tb->m) {
    printf("  FAIL %s: the model refused the configuration\n", name);
    exit(1);
  }
  tb->r.s = seed;
  tb->serial0 = 0x5E000000u + (uint32_t)ww_rng_bits(&tb->r, 20);
  tb->cap = (uint32_t)cap;
  tb->fate = calloc(cap, 1);
  if (!tb->fate)
    exit(1);
  tb->set[S_FREE] = (1u << tb->C) - 1;   /* until the reset cycle, nothing is known */
  tb->offered = -1;
}

static void tb_free(tb_t *tb)
{
  ww_lsu_wb_free(tb->m);
  free(tb->fate);
}

/* One clock cycle: drive a (every unqualified field random), step the model,
 * check its outputs against the reference, then move the reference. */
static void tb_cycle(tb_t *tb, const act_t *a)
{
  ww_lsu_wb_in_t *in = &tb->in;
  const ww_lsu_wb_out_t *o = &tb->out;
  ww_rng_t *r = &tb->r;
  const unsigned C = tb->C, L = tb->L, tag_hi = tb->li_w + tb->ctx_w;

  in->rst_ni = (uint64_t)!a->rst;
  in->alloc_i = (uint64_t)a->alloc;
  in->alloc_wid_i = ww_rng_bits(r, tb->cfg.wid_w);
  in->alloc_load_i = ww_rng_bits(r, 1);
  in->alloc_signed_i = ww_rng_bits(r, 1);
  in->alloc_store_i = ww_rng_bits(r, 1);
  in->alloc_bytes_i = ww_rng_bits(r, 3);
  in->alloc_mem_i = ww_rng_bits(r, WW_MEM_W);
  for (unsigned l = 0; l < ML; l++) {
    in->alloc_addr_i[l] = (uint32_t)ww_rng_bits(r, 32);
    in->alloc_wdata_i[l] = (uint32_t)ww_rng_bits(r, 32);
  }
  if (a->alloc) {
    in->alloc_wid_i = a->ins.wid;
    in->alloc_load_i = (uint64_t)a->ins.load;
    in->alloc_signed_i = (uint64_t)a->ins.sgn;
    in->alloc_store_i = (uint64_t)a->ins.store;
    in->alloc_bytes_i = a->ins.n;
    in->alloc_mem_i = a->ins.mem;
    for (unsigned l = 0; l < L; l++) {
      in->alloc_addr_i[l] = a->ins.addr[l];
      in->alloc_wdata_i[l] = a->ins.wdata[l];
    }
  }
  in->line_i = (uint64_t)a->line;
  in->line_ctx_i = a->line ? a->line_ctx : ww_rng_bits(r, tb->ctx_w);
  in->line_idx_i = a->line ? a->line_idx : ww_rng_bits(r, tb->li_w);
  in->line_lanes_i = a->line ? a->line_lanes : ww_rng_bits(r, L);
  in->out_i = (uint64_t)a->out;
  in->out_ctx_i = a->out ? a->out_ctx : ww_rng_bits(r, tb->ctx_w);
  in->wr_i = (uint64_t)a->wr;
  in->wr_ctx_i = a->wr ? a->wr_ctx : ww_rng_bits(r, tb->ctx_w);
  in->wr_mask_i = a->wr ? a->wr_mask : ww_rng_bits(r, L);
  for (unsigned l = 0; l < ML; l++)
    in->wr_data_i[l] = a->wr && l < L ? a->wr_data[l] : (uint32_t)ww_rng_bits(r, 32);
  in->rsp_valid_i = (uint64_t)a->rsp;
  in->rsp_tag_i = a->rsp ? (ww_rng_bits(r, 8 - tag_hi) << tag_hi) |
                               ((uint64_t)a->rsp_ctx << tb->li_w) | a->rsp_line
                         : ww_rng_bits(r, 8);
  for (unsigned w = 0; w < MLB / 4; w++)
    in->rsp_data_i[w] = (uint32_t)ww_rng_bits(r, 32);
  if (a->rsp)
    for (unsigned b = 0; b < tb->LB; b += 4)
      in->rsp_data_i[b / 4] = a->rsp_bytes[b] | (uint32_t)a->rsp_bytes[b + 1] << 8 |
                              (uint32_t)a->rsp_bytes[b + 2] << 16 |
                              (uint32_t)a->rsp_bytes[b + 3] << 24;
  in->rsp_lvl_i = a->rsp ? a->rsp_lvl : ww_rng_bits(r, WW_GSI_SRC_W);
  in->wack_valid_i = (uint64_t)a->wack;
  in->wack_tag_i = a->wack ? (ww_rng_bits(r, 8 - tag_hi) << tag_hi) |
                                 ((uint64_t)a->wack_ctx << tb->li_w) | a->wack_line
                           : ww_rng_bits(r, 8);
  in->fin_i = (uint64_t)a->fin;
  in->fin_ctx_i = a->fin ? a->fin_ctx : ww_rng_bits(r, tb->ctx_w);
  in->done_ready_i = (uint64_t)a->ready;

  ww_lsu_wb_step(tb->m, in, &tb->out);
  if (tb->cyc == 0) {           /* the state before the first reset is unknown */
    tb->cyc++;
    tb->set[S_FREE] = (1u << C) - 1;
    return;
  }

  /* ---- the outputs, before the clock edge ---- */
  const uint32_t fr = tb->set[S_FREE], dn = tb->set[S_DONE];
  CHECK(tb, o->free_o == (fr != 0), "free_o %u, reference FREE entries 0x%x", (unsigned)o->free_o, fr);
  if (o->free_o)
    CHECK(tb, o->free_ctx_o < C && ((fr >> o->free_ctx_o) & 1u),
          "free_ctx_o %u is not FREE (reference FREE 0x%x)", (unsigned)o->free_ctx_o, fr);
  CHECK(tb, o->waiting_o == ((tb->set[S_WAIT] | dn) != 0), "waiting_o %u, reference WAIT 0x%x DONE 0x%x",
        (unsigned)o->waiting_o, tb->set[S_WAIT], dn);
  CHECK(tb, o->done_valid_o == (dn != 0), "done_valid_o %u, reference DONE entries 0x%x",
        (unsigned)o->done_valid_o, dn);
  int rl = a->rsp && tb->e[a->rsp_ctx].i.load;
  CHECK(tb, o->rsp_load_o == (uint64_t)rl, "rsp_load_o %u for an answer to entry %u (load %d)",
        (unsigned)o->rsp_load_o, a->rsp ? a->rsp_ctx : 0u, rl);
  tb->offered = -1;
  if (o->done_valid_o) {
    uint32_t s = o->done_wdata_o[0];
    int k = -1;
    for (unsigned c = 0; c < C; c++)
      if (!((fr >> c) & 1u) && tb->e[c].i.serial == s)
        k = (int)c;
    CHECK(tb, k >= 0, "done_* offers serial 0x%08x, no instruction in flight", s);
    if (k >= 0) {
      const ent_t *x = &tb->e[k];
      CHECK(tb, x->fin && x->n_line == x->i.nlines && x->n_out == x->i.nlines &&
                    x->n_ans == x->i.nlines,
            "entry %d offered before it is complete: fin %d, lines %u entered %u sent %u answered",
            k, x->fin, x->n_line, x->n_out, x->n_ans);
      CHECK(tb, state_of(tb, (unsigned)k) == S_DONE, "entry %d offered in state %s", k,
            st_name[state_of(tb, (unsigned)k)]);
      CHECK(tb, k == lowest(dn), "entry %d offered, the lowest DONE is %d (DONE 0x%x)", k, lowest(dn), dn);
      CHECK(tb, o->done_wid_o == x->i.wid && o->done_mem_o == x->i.mem && o->done_bytes_o == x->i.n &&
                    o->done_load_o == (uint64_t)x->i.load,
            "entry %d retire fields wid %u mem %u bytes %u load %u, allocated %u %u %u %d", k,
            (unsigned)o->done_wid_o, (unsigned)o->done_mem_o, (unsigned)o->done_bytes_o,
            (unsigned)o->done_load_o, x->i.wid, x->i.mem, x->i.n, x->i.load);
      CHECK(tb, o->done_src_o == x->lvl, "entry %d done_src_o %u, reference level %u", k,
            (unsigned)o->done_src_o, x->lvl);
      for (unsigned l = 0; l < L; l++) {
        CHECK(tb, o->done_addr_o[l] == x->i.addr[l] && o->done_wdata_o[l] == x->i.wdata[l],
              "entry %d lane %u addr/wdata %08x/%08x, allocated %08x/%08x", k, l, o->done_addr_o[l],
              o->done_wdata_o[l], x->i.addr[l], x->i.wdata[l]);
        CHECK(tb, o->done_rd_o[l] == x->exp[l],
              "entry %d (kind %u, n %u, signed %d) lane %u addr %08x: done_rd_o %08x, reference %08x",
              k, x->i.kind, x->i.n, x->i.sgn, l, x->i.addr[l], o->done_rd_o[l], x->exp[l]);
      }
      tb->offered = k;
      if (__builtin_popcount(dn) > 1)
        tb->multi_done++;
    }
  }
  if (!fr)
    tb->full++;
  if (a->alloc)
    CHECK(tb, o->free_o, "the test allocated (reference FREE 0x%x) but free_o is 0", fr);

  /* ---- the clock edge ---- */
  tb->cyc++;
  if (a->rst) {
    for (unsigned c = 0; c < C; c++)
      if (state_of(tb, c) != S_FREE) {
        tb->fate[tb->e[c].i.serial - tb->serial0] = 2;
        tb->discarded++;
      }
    tb->set[S_FREE] = (1u << C) - 1;
    tb->set[S_FRONT] = tb->set[S_WAIT] = tb->set[S_DONE] = 0;
    return;
  }
  if (a->rsp) {
    ent_t *x = &tb->e[a->rsp_ctx];
    if (x->i.load) {
      x->n_ans++;
      if (a->rsp_lvl > x->lvl)
        x->lvl = a->rsp_lvl;
      for (unsigned l = 0; l < L; l++)
        if ((x->i.line_lanes[a->rsp_line] >> l) & 1u)
          x->exp[l] = ref_load(a->rsp_bytes, x->i.addr[l] & (tb->LB - 1), x->i.n, x->i.sgn);
    }
  }
  if (a->wack && tb->e[a->wack_ctx].i.store)
    tb->e[a->wack_ctx].n_ans++;
  if (a->wr) {
    ent_t *x = &tb->e[a->wr_ctx];
    for (unsigned l = 0; l < L; l++)
      if ((a->wr_mask >> l) & 1u) {
        uint8_t b[4];
        word_bytes(a->wr_data[l], b);
        x->exp[l] = x->i.load ? ref_load(b, x->i.addr[l] & 3u, x->i.n, x->i.sgn) : a->wr_data[l];
      }
    x->sh_left &= ~a->wr_mask;
  }
  if (a->line)
    tb->e[a->line_ctx].n_line++;
  if (a->out)
    tb->e[a->out_ctx].n_out++;
  uint32_t wait = tb->set[S_WAIT];
  if (a->fin) {
    ent_t *x = &tb->e[a->fin_ctx];
    x->fin = 1;
    int done = x->n_out == x->n_ans;
    move(tb, a->fin_ctx, done ? S_DONE : S_WAIT);
    if (done)
      tb->fin_done++;
    else
      tb->fin_wait++;
  }
  for (unsigned c = 0; c < C; c++)
    if (((wait >> c) & 1u) && tb->e[c].n_out == tb->e[c].n_ans)
      move(tb, c, S_DONE);
  if (tb->offered >= 0 && a->ready) {
    uint32_t i = tb->e[tb->offered].i.serial - tb->serial0;
    CHECK(tb, tb->fate[i] == 0, "serial 0x%08x retired twice", tb->e[tb->offered].i.serial);
    tb->fate[i] = 1;
    tb->retires++;
    move(tb, (unsigned)tb->offered, S_FREE);
  }
  if (a->alloc && o->free_o && o->free_ctx_o < C && ((fr >> o->free_ctx_o) & 1u)) {
    unsigned c = (unsigned)o->free_ctx_o;
    ent_t *x = &tb->e[c];
    memset(x, 0, sizeof *x);
    x->i = a->ins;
    x->lvl = WW_GSI_SRC_L1;
    x->sh_left = a->ins.sh_lanes;
    move(tb, c, S_FRONT);
    tb->allocs++;
    tb->kinds[a->ins.kind]++;
  }

  /* ---- every cycle: the states partition the entries ---- */
  uint32_t all = 0;
  unsigned sum = 0;
  for (unsigned s = 0; s < S_N; s++) {
    CHECK(tb, !(all & tb->set[s]), "entries 0x%x in two states", all & tb->set[s]);
    all |= tb->set[s];
    sum += (unsigned)__builtin_popcount(tb->set[s]);
  }
  CHECK(tb, sum == C && all == (1u << C) - 1, "state counts sum to %u of %u (entries 0x%x)", sum, C, all);
  CHECK(tb, __builtin_popcount(tb->set[S_FRONT]) <= 1, "two FRONT entries 0x%x", tb->set[S_FRONT]);
}

/* ---- instructions ------------------------------------------------------ */

/* The lines of the lanes in gl_lanes: one per distinct line address, in the
 * order of the lanes in ord[] (each lane in the line of its address). */
static void group_lines(const tb_t *tb, insn_t *ins, const unsigned *ord)
{
  uint32_t base[ML];
  ins->nlines = 0;
  memset(ins->line_lanes, 0, sizeof ins->line_lanes);
  for (unsigned k = 0; k < tb->L; k++) {
    unsigned l = ord[k];
    if (!((ins->gl_lanes >> l) & 1u))
      continue;
    uint32_t b = ins->addr[l] & ~(tb->LB - 1);
    unsigned j = 0;
    while (j < ins->nlines && base[j] != b)
      j++;
    if (j == ins->nlines)
      base[ins->nlines++] = b;
    ins->line_lanes[j] |= 1u << l;
  }
}

static void new_insn(tb_t *tb, insn_t *ins, unsigned kind)
{
  memset(ins, 0, sizeof *ins);
  if (tb->nser >= tb->cap) {
    printf("  FAIL %s: more instructions than planned\n", tb->name);
    exit(1);
  }
  ins->serial = tb->serial0 + tb->nser++;
  ins->kind = kind;
  ins->wid = (unsigned)ww_rng_bits(&tb->r, tb->cfg.wid_w);
  ins->mem = (unsigned)ww_rng_bits(&tb->r, WW_MEM_W);
  ins->load = kind == K_LOAD;
  ins->store = kind == K_STORE;
  for (unsigned l = 0; l < tb->L; l++) {
    ins->addr[l] = (uint32_t)ww_rng_bits(&tb->r, 32);
    ins->wdata[l] = (uint32_t)ww_rng_bits(&tb->r, 32);
  }
  ins->wdata[0] = ins->serial;
}

static void random_insn(tb_t *tb, insn_t *ins)
{
  ww_rng_t *r = &tb->r;
  unsigned k = (unsigned)ww_rng_below(r, 100);
  unsigned kind = k < 45 ? K_LOAD : k < 75 ? K_STORE : k < 92 ? K_ATOMIC : K_FENCE;
  new_insn(tb, ins, kind);
  if (kind == K_FENCE)
    return;                                   /* bytes 0, no lanes */
  static const unsigned sizes[3] = { 1, 2, 4 };
  ins->n = sizes[ww_rng_below(r, 3)];
  ins->sgn = ins->load && ins->n < 4 && ww_rng_chance(r, 1, 2);
  uint32_t all = (1u << tb->L) - 1;
  uint32_t mask = ww_rng_chance(r, 1, 4) ? all : (uint32_t)ww_rng_bits(r, tb->L);
  if (kind == K_ATOMIC)
    ins->sh_lanes = mask;                     /* old values, one lane at a time */
  else {
    unsigned s = (unsigned)ww_rng_below(r, 6);
    ins->sh_lanes = s == 0 ? mask : s == 1 ? mask & (uint32_t)ww_rng_bits(r, tb->L) : 0;
    ins->gl_lanes = mask & ~ins->sh_lanes;
  }
  /* a few candidate lines; each lane at an n-aligned offset of one of them */
  unsigned nb = 1 + (unsigned)ww_rng_below(r, tb->L < 4 ? tb->L : 4);
  uint32_t base[4];
  for (unsigned j = 0; j < nb; j++) {
    int dup;
    do {
      base[j] = (uint32_t)ww_rng_bits(r, 32) & ~(tb->LB - 1);
      dup = 0;
      for (unsigned i = 0; i < j; i++)
        dup |= base[i] == base[j];
    } while (dup);
  }
  for (unsigned l = 0; l < tb->L; l++)
    ins->addr[l] = base[ww_rng_below(r, nb)] + (uint32_t)ww_rng_below(r, tb->LB / ins->n) * ins->n;
  unsigned ord[ML];
  for (unsigned l = 0; l < tb->L; l++)
    ord[l] = l;
  for (unsigned l = tb->L; l-- > 1;) {
    unsigned j = (unsigned)ww_rng_below(r, l + 1), t = ord[l];
    ord[l] = ord[j];
    ord[j] = t;
  }
  group_lines(tb, ins, ord);
}

/* ---- random runs -------------------------------------------------------- */

typedef struct {
  unsigned c, line;
} pend_t;

static void random_run(ww_lsu_wb_cfg_t cfg, uint64_t seed, int print)
{
  char name[80];
  snprintf(name, sizeof name, "random CTX=%u LANES=%u LINE_BYTES=%u", cfg.ctx, cfg.lanes, cfg.line_bytes);
  tb_t *tb = malloc(sizeof *tb);
  if (!tb)
    exit(1);
  tb_init(tb, name, cfg, seed, g_iters + 1);
  ww_rng_t *r = &tb->r;
  act_t a;
  memset(&a, 0, sizeof a);
  a.rst = 1;
  tb_cycle(tb, &a);
  pend_t pool[MC * ML];
  unsigned np = 0, phase = 1, phase_left = 0, l1_rate = 2, l1_left = 0;
  uint64_t limit = g_iters * 200 + 10000;
  while (tb->fails == 0) {
    int drained = tb->allocs == g_iters && tb->set[S_FREE] == (1u << tb->C) - 1;
    if (drained || tb->cyc > limit)
      break;
    memset(&a, 0, sizeof a);
    if (!phase_left) {                        /* retire: runs of stalls and of flow */
      phase = !ww_rng_chance(r, 1, 5);
      phase_left = 1 + (unsigned)ww_rng_below(r, 4 * tb->C + 8);
    }
    phase_left--;
    a.ready = tb->allocs == g_iters ? ww_rng_chance(r, 1, 2) : phase && ww_rng_chance(r, 3, 4);
    /* the FSM: one step on the FRONT entry (line, out or write), fin when it is through */
    int f = front_of(tb);
    if (f >= 0) {
      ent_t *x = &tb->e[f];
      int can_line = x->n_line == x->n_out && x->n_line < x->i.nlines;
      int can_out = x->n_out < x->n_line;
      int can_wr = x->sh_left != 0;
      if ((can_line || can_out || can_wr) && ww_rng_chance(r, 3, 4)) {
        unsigned pick = (unsigned)ww_rng_below(r, (unsigned)(can_line || can_out) + (unsigned)can_wr);
        if (pick == 0 && (can_line || can_out)) {
          if (can_line) {
            a.line = 1;
            a.line_ctx = (unsigned)f;
            a.line_idx = x->n_line;
            a.line_lanes = x->i.line_lanes[x->n_line];
          } else {
            a.out = 1;
            a.out_ctx = (unsigned)f;
          }
        } else {
          a.wr = 1;
          a.wr_ctx = (unsigned)f;
          if (x->i.kind == K_ATOMIC)          /* one old value at a time */
            a.wr_mask = 1u << lowest(x->sh_left);
          else                                /* some lanes, maybe again */
            a.wr_mask = (x->i.sh_lanes & (uint32_t)ww_rng_bits(r, tb->L)) |
                        1u << lowest(x->sh_left);
          for (unsigned l = 0; l < tb->L; l++)
            a.wr_data[l] = (uint32_t)ww_rng_bits(r, 32);
        }
      }
      int through = x->n_line == x->i.nlines && x->n_out + (unsigned)a.out == x->i.nlines &&
                    x->sh_left == 0 && !a.wr;
      if (through && ww_rng_chance(r, 1, a.out ? 3 : 2)) {
        a.fin = 1;
        a.fin_ctx = (unsigned)f;
      }
    }
    /* the L1: answer lines in flight, in any order, across entries, at a
     * rate that changes now and then (slow: many lines pile up) */
    if (!l1_left) {
      l1_rate = 1 + (unsigned)ww_rng_below(r, 6);
      l1_left = 1 + (unsigned)ww_rng_below(r, 200);
    }
    l1_left--;
    unsigned ld[MC * ML], st[MC * ML], nld = 0, nst = 0;
    for (unsigned i = 0; i < np; i++) {
      if (tb->e[pool[i].c].i.load)
        ld[nld++] = i;
      else
        st[nst++] = i;
    }
    int rsp_i = -1, wack_i = -1;
    if (nld && ww_rng_chance(r, 1, l1_rate)) {
      rsp_i = (int)ld[ww_rng_below(r, nld)];
      a.rsp = 1;
      a.rsp_ctx = pool[rsp_i].c;
      a.rsp_line = pool[rsp_i].line;
      a.rsp_lvl = (unsigned)ww_rng_bits(r, WW_GSI_SRC_W);
      for (unsigned b = 0; b < tb->LB; b++)
        a.rsp_bytes[b] = (uint8_t)ww_rng_bits(r, 8);
    }
    if (nst && ww_rng_chance(r, 1, l1_rate)) {
      wack_i = (int)st[ww_rng_below(r, nst)];
      a.wack = 1;
      a.wack_ctx = pool[wack_i].c;
      a.wack_line = pool[wack_i].line;
    }
    if (f >= 0 && tb->e[f].i.kind == K_ATOMIC) {  /* the atomic's own answers: not the table's */
      if (!a.rsp && ww_rng_chance(r, 1, 3)) {
        a.rsp = 1;
        a.rsp_ctx = (unsigned)f;
        a.rsp_line = (unsigned)ww_rng_bits(r, tb->li_w);
        a.rsp_lvl = (unsigned)ww_rng_bits(r, WW_GSI_SRC_W);
        for (unsigned b = 0; b < tb->LB; b++)
          a.rsp_bytes[b] = (uint8_t)ww_rng_bits(r, 8);
      }
      if (!a.wack && ww_rng_chance(r, 1, 3)) {
        a.wack = 1;
        a.wack_ctx = (unsigned)f;
        a.wack_line = (unsigned)ww_rng_bits(r, tb->li_w);
      }
    }
    for (int i = 0; i < (int)np; i++) {       /* coverage */
      if (i == rsp_i || i == wack_i) {
        tb->answers++;
        if (i > 0)
          tb->ooo++;
        if (f >= 0 && pool[i].c != (unsigned)f)
          tb->cross++;
        if (a.fin && pool[i].c == a.fin_ctx)
          tb->fin_ans++;
      }
    }
    /* issue: the FSM takes an instruction when the reference has a FREE entry */
    if (tb->allocs < g_iters && (f < 0 || a.fin) && tb->set[S_FREE] && ww_rng_chance(r, 2, 3)) {
      a.alloc = 1;
      random_insn(tb, &a.ins);
    }
    unsigned out_line = f >= 0 ? tb->e[f].n_out : 0;
    tb_cycle(tb, &a);
    /* the pool: drop the answered lines (higher index first), add the sent one */
    int hi = rsp_i > wack_i ? rsp_i : wack_i, lo = rsp_i > wack_i ? wack_i : rsp_i;
    if (hi >= 0)
      memmove(&pool[hi], &pool[hi + 1], (np - (unsigned)hi - 1) * sizeof *pool), np--;
    if (lo >= 0)
      memmove(&pool[lo], &pool[lo + 1], (np - (unsigned)lo - 1) * sizeof *pool), np--;
    if (a.out) {
      pool[np].c = (unsigned)f;
      pool[np++].line = out_line;
    }
  }
  /* drained: nothing lost */
  CHECK(tb, tb->cyc <= limit, "not drained after %" PRIu64 " cycles: %" PRIu64 " allocs, %" PRIu64
        " retires, FREE 0x%x FRONT 0x%x WAIT 0x%x DONE 0x%x", tb->cyc, tb->allocs, tb->retires,
        tb->set[S_FREE], tb->set[S_FRONT], tb->set[S_WAIT], tb->set[S_DONE]);
  if (tb->fails == 0) {
    memset(&a, 0, sizeof a);
    tb_cycle(tb, &a);                         /* the model's outputs when drained */
    CHECK(tb, tb->out.free_o && !tb->out.waiting_o && !tb->out.done_valid_o,
          "drained but free_o %u waiting_o %u done_valid_o %u", (unsigned)tb->out.free_o,
          (unsigned)tb->out.waiting_o, (unsigned)tb->out.done_valid_o);
    CHECK(tb, tb->retires == tb->allocs && tb->allocs == g_iters && np == 0,
          "%" PRIu64 " allocs, %" PRIu64 " retires, %u lines unanswered", tb->allocs, tb->retires, np);
    for (uint32_t i = 0; i < tb->nser; i++)
      CHECK(tb, tb->fate[i] == 1, "serial 0x%08x never retired", tb->serial0 + i);
  }
  /* the traffic must have reached the interesting cases */
  int thin = !tb->full || !tb->fin_wait || !tb->fin_done || !tb->kinds[K_FENCE] ||
             (tb->C > 1 && (!tb->multi_done || !tb->cross || !tb->ooo));
  if (thin && tb->fails == 0 && g_iters >= 1000)
    CHECK(tb, 0, "traffic too thin: full %" PRIu64 " fin->WAIT %" PRIu64 " fin->DONE %" PRIu64
          " fences %" PRIu64 " several DONE %" PRIu64 " cross %" PRIu64 " out of order %" PRIu64,
          tb->full, tb->fin_wait, tb->fin_done, tb->kinds[K_FENCE], tb->multi_done, tb->cross, tb->ooo);
  if (print || tb->fails)
    printf("  %s: %" PRIu64 " insns (%" PRIu64 " loads %" PRIu64 " stores %" PRIu64 " atomics %" PRIu64
           " fences), %" PRIu64 " answers (%" PRIu64 " out of order, %" PRIu64 " for an entry not FRONT"
           " while one is), %" PRIu64 " cycles all busy, %" PRIu64 " offers among several DONE, fin"
           " -> WAIT %" PRIu64 " / DONE %" PRIu64 " (%" PRIu64 " with an answer), %" PRIu64
           " cycles, %ld checks\n",
           tb->name, tb->allocs, tb->kinds[K_LOAD], tb->kinds[K_STORE], tb->kinds[K_ATOMIC],
           tb->kinds[K_FENCE], tb->answers, tb->ooo, tb->cross, tb->full, tb->multi_done, tb->fin_wait,
           tb->fin_done, tb->fin_ans, tb->cyc, tb->checks);
  g_runs++;
  if (tb->fails) {
    printf("FAIL %s (%ld failed checks); replay: test_lsu_wb --seed %" PRIu64 " --iters %" PRIu64 "\n",
           tb->name, tb->fails, g_seed, g_iters);
    g_failed++;
  }
  tb_free(tb);
  free(tb);
}

/* ---- directed cases ----------------------------------------------------- */

static act_t idle(void)
{
  act_t a;
  memset(&a, 0, sizeof a);
  return a;
}

/* one cycle of a single action on entry c (line: idx; rsp/wack: line) */
enum { A_IDLE, A_LINE, A_OUT, A_FIN, A_OUT_FIN, A_READY };
static void act1(tb_t *tb, unsigned what, unsigned c, unsigned idx)
{
  act_t a = idle();
  switch (what) {
  case A_LINE:
    a.line = 1;
    a.line_ctx = c;
    a.line_idx = idx;
    a.line_lanes = tb->e[c].i.line_lanes[idx];
    break;
  case A_OUT_FIN:
    a.fin = 1;
    a.fin_ctx = c;
    /* fall through */
  case A_OUT:
    a.out = 1;
    a.out_ctx = c;
    break;
  case A_FIN:
    a.fin = 1;
    a.fin_ctx = c;
    break;
  case A_READY:
    a.ready = 1;
    break;
  default:
    break;
  }
  tb_cycle(tb, &a);
}

/* allocate ins; returns its entry */
static unsigned alloc1(tb_t *tb, const insn_t *ins)
{
  act_t a = idle();
  a.alloc = 1;
  a.ins = *ins;
  tb_cycle(tb, &a);
  return (unsigned)tb->out.free_ctx_o;
}

/* allocate, enter and send every line, hand over with the last line */
static unsigned issue(tb_t *tb, const insn_t *ins)
{
  unsigned c = alloc1(tb, ins);
  for (unsigned k = 0; k < ins->nlines; k++) {
    act1(tb, A_LINE, c, k);
    act1(tb, k + 1 == ins->nlines ? A_OUT_FIN : A_OUT, c, 0);
  }
  if (!ins->nlines)
    act1(tb, A_FIN, c, 0);
  return c;
}

static void answer(tb_t *tb, unsigned c, unsigned line, const uint8_t *bytes, unsigned lvl, int fin)
{
  act_t a = idle();
  if (tb->e[c].i.store) {
    a.wack = 1;
    a.wack_ctx = c;
    a.wack_line = line;
  } else {
    a.rsp = 1;
    a.rsp_ctx = c;
    a.rsp_line = line;
    a.rsp_lvl = lvl;
    if (bytes)
      memcpy(a.rsp_bytes, bytes, tb->LB);
    else
      for (unsigned b = 0; b < tb->LB; b++)
        a.rsp_bytes[b] = (uint8_t)ww_rng_bits(&tb->r, 8);
  }
  a.fin = fin;
  a.fin_ctx = c;
  tb_cycle(tb, &a);
}

/* a load (n bytes, signed) of the lanes in mask at addr[], lines in lane order */
static void load_insn(tb_t *tb, insn_t *ins, unsigned n, int sgn, uint32_t mask, const uint32_t *addr)
{
  new_insn(tb, ins, K_LOAD);
  ins->n = n;
  ins->sgn = sgn;
  ins->gl_lanes = mask;
  for (unsigned l = 0; l < tb->L; l++)
    if ((mask >> l) & 1u)
      ins->addr[l] = addr[l];
  unsigned ord[ML];
  for (unsigned l = 0; l < ML; l++)
    ord[l] = l;
  group_lines(tb, ins, ord);
}

/* retire what is offered until every entry is FREE (cycles bounded) */
static void drain_retire(tb_t *tb)
{
  for (unsigned k = 0; k < 4 * tb->C + 4 && tb->set[S_FREE] != (1u << tb->C) - 1; k++)
    act1(tb, A_READY, 0, 0);
  act1(tb, A_IDLE, 0, 0);
  CHECK(tb, tb->set[S_FREE] == (1u << tb->C) - 1 && tb->out.free_o && !tb->out.waiting_o &&
                !tb->out.done_valid_o,
        "not drained: FREE 0x%x, free_o %u waiting_o %u done_valid_o %u", tb->set[S_FREE],
        (unsigned)tb->out.free_o, (unsigned)tb->out.waiting_o, (unsigned)tb->out.done_valid_o);
  CHECK(tb, tb->retires + tb->discarded == tb->allocs, "%" PRIu64 " allocs, %" PRIu64 " retires, %"
        PRIu64 " lost to a reset", tb->allocs, tb->retires, tb->discarded);
}

static void directed_end(tb_t *tb)
{
  g_runs++;
  printf("  %s: %" PRIu64 " cycles, %ld checks%s\n", tb->name, tb->cyc, tb->checks,
         tb->fails ? ": FAIL" : "");
  if (tb->fails)
    g_failed++;
  tb_free(tb);
}

static ww_lsu_wb_cfg_t cfg_with_ctx(unsigned ctx)
{
  ww_lsu_wb_cfg_t cfg = ww_lsu_wb_default_cfg();
  cfg.ctx = ctx;
  return cfg;
}

/* One entry: a signed byte load over two lines answered in reverse order
 * after fin, then a signed halfword load answered in the fin cycle. */
static void directed_one_entry(void)
{
  tb_t tb;
  tb_init(&tb, "directed one entry", cfg_with_ctx(1), 11, 16);
  act_t a = idle();
  a.rst = 1;
  tb_cycle(&tb, &a);
  uint32_t addr[ML] = { 0x1001, 0x1002, 0x2005, 0x2007 };
  insn_t ins;
  load_insn(&tb, &ins, 1, 1, 0xF, addr);
  uint8_t la[MLB], lb[MLB];
  for (unsigned b = 0; b < MLB; b++) {
    la[b] = (uint8_t)(0x10 + b);
    lb[b] = (uint8_t)(0x40 + b);
  }
  la[1] = 0x80;
  la[2] = 0x7F;
  lb[5] = 0xFF;
  lb[7] = 0x01;
  unsigned c = issue(&tb, &ins);
  CHECK(&tb, c == 0 && ins.nlines == 2 && ins.line_lanes[0] == 0x3 && ins.line_lanes[1] == 0xC,
        "setup: entry %u, %u lines", c, ins.nlines);
  answer(&tb, c, 1, lb, WW_GSI_SRC_DRAM, 0);   /* the second line first */
  CHECK(&tb, !tb.out.free_o && tb.out.waiting_o && !tb.out.done_valid_o,
        "after fin with two lines out: free_o %u waiting_o %u done_valid_o %u", (unsigned)tb.out.free_o,
        (unsigned)tb.out.waiting_o, (unsigned)tb.out.done_valid_o);
  act1(&tb, A_IDLE, 0, 0);
  CHECK(&tb, !tb.out.done_valid_o, "offered with one line unanswered");
  answer(&tb, c, 0, la, WW_GSI_SRC_L2, 0);
  CHECK(&tb, !tb.out.done_valid_o, "offered in the cycle of the last answer");
  act1(&tb, A_IDLE, 0, 0);
  static const uint32_t want1[4] = { 0xFFFFFF80u, 0x0000007Fu, 0xFFFFFFFFu, 0x00000001u };
  CHECK(&tb, tb.out.done_valid_o && tb.out.done_src_o == WW_GSI_SRC_DRAM && tb.out.done_bytes_o == 1 &&
                 tb.out.done_load_o,
        "lb: done_valid_o %u src %u bytes %u load %u", (unsigned)tb.out.done_valid_o,
        (unsigned)tb.out.done_src_o, (unsigned)tb.out.done_bytes_o, (unsigned)tb.out.done_load_o);
  for (unsigned l = 0; l < 4; l++)
    CHECK(&tb, tb.out.done_rd_o[l] == want1[l], "lb lane %u: %08x, want %08x", l, tb.out.done_rd_o[l],
          want1[l]);
  act1(&tb, A_READY, 0, 0);
  act1(&tb, A_IDLE, 0, 0);
  CHECK(&tb, tb.out.free_o && tb.out.free_ctx_o == 0 && !tb.out.waiting_o && !tb.out.done_valid_o,
        "after the retire: free_o %u free_ctx_o %u waiting_o %u done_valid_o %u",
        (unsigned)tb.out.free_o, (unsigned)tb.out.free_ctx_o, (unsigned)tb.out.waiting_o,
        (unsigned)tb.out.done_valid_o);
  /* lh: lanes 0 and 2 of one line; lanes 1, 3 restart at 0 */
  uint32_t addr2[ML] = { 0x3002, 0, 0x3004 };
  load_insn(&tb, &ins, 2, 1, 0x5, addr2);
  for (unsigned b = 0; b < MLB; b++)
    la[b] = 0;
  la[2] = 0x34;
  la[3] = 0x92;
  la[4] = 0xCD;
  la[5] = 0x7B;
  c = alloc1(&tb, &ins);
  act1(&tb, A_LINE, c, 0);
  act1(&tb, A_OUT, c, 0);
  answer(&tb, c, 0, la, WW_GSI_SRC_L1, 1);     /* answered in the fin cycle: DONE at once */
  act1(&tb, A_IDLE, 0, 0);
  static const uint32_t want2[4] = { 0xFFFF9234u, 0, 0x00007BCDu, 0 };
  CHECK(&tb, tb.out.done_valid_o && tb.out.done_src_o == WW_GSI_SRC_L1,
        "lh: done_valid_o %u src %u (fin with the last answer)", (unsigned)tb.out.done_valid_o,
        (unsigned)tb.out.done_src_o);
  for (unsigned l = 0; l < 4; l++)
    CHECK(&tb, tb.out.done_rd_o[l] == want2[l], "lh lane %u: %08x, want %08x", l, tb.out.done_rd_o[l],
          want2[l]);
  drain_retire(&tb);
  directed_end(&tb);
}

/* All entries busy (each a one-line load in WAIT), answered highest first:
 * free_o is low, and the lowest DONE is offered and retired first. */
static void directed_all_busy(void)
{
  tb_t tb;
  tb_init(&tb, "directed all busy", cfg_with_ctx(MC), 12, 32);
  act_t a = idle();
  a.rst = 1;
  tb_cycle(&tb, &a);
  unsigned ent[MC];
  uint32_t ser[MC];
  for (unsigned j = 0; j < MC; j++) {
    uint32_t addr[ML] = { 0 };
    addr[j % tb.L] = 0x8000u + 0x100u * j + 4u * (j % tb.L);
    insn_t ins;
    load_insn(&tb, &ins, 4, 0, 1u << (j % tb.L), addr);
    ent[j] = issue(&tb, &ins);
    ser[j] = ins.serial;
  }
  act1(&tb, A_IDLE, 0, 0);
  CHECK(&tb, !tb.out.free_o && !tb.out.done_valid_o && tb.out.waiting_o,
        "all %u entries in WAIT: free_o %u done_valid_o %u waiting_o %u", MC, (unsigned)tb.out.free_o,
        (unsigned)tb.out.done_valid_o, (unsigned)tb.out.waiting_o);
  /* answer from the highest entry down; hold the retire */
  unsigned order[MC];
  for (unsigned j = 0; j < MC; j++)
    order[j] = j;
  for (unsigned j = 0; j < MC; j++)
    for (unsigned k = j + 1; k < MC; k++)
      if (ent[order[k]] > ent[order[j]]) {
        unsigned t = order[j];
        order[j] = order[k];
        order[k] = t;
      }
  for (unsigned j = 0; j < MC; j++) {
    answer(&tb, ent[order[j]], 0, NULL, (unsigned)ww_rng_bits(&tb.r, WW_GSI_SRC_W), 0);
    act1(&tb, A_IDLE, 0, 0);
    CHECK(&tb, tb.out.done_valid_o && tb.out.done_wdata_o[0] == ser[order[j]],
          "after answering entry %u (answers so far from the top): offered serial 0x%08x, want 0x%08x",
          ent[order[j]], tb.out.done_wdata_o[0], ser[order[j]]);
  }
  /* retire all: in ascending entry order */
  unsigned prev = 0;
  for (unsigned j = 0; j < MC; j++) {
    act1(&tb, A_READY, 0, 0);
    CHECK(&tb, tb.offered >= 0 && (j == 0 || (unsigned)tb.offered > prev),
          "retire %u took entry %d after entry %u", j, tb.offered, prev);
    prev = tb.offered >= 0 ? (unsigned)tb.offered : 0;
  }
  drain_retire(&tb);
  directed_end(&tb);
}

/* An answer for entry k while entry 0 is FRONT: B (entry 1) waits on a line
 * of lanes 1, 2; A (entry 0) retires; C takes entry 0, enters its line 0
 * with lanes 0, 3; B's answer must fill B's lanes 1, 2 only. */
static void directed_cross(void)
{
  tb_t tb;
  tb_init(&tb, "directed answer while entry 0 is FRONT", cfg_with_ctx(MC > 1 ? 2 : 1), 13, 16);
  if (tb.C < 2 || tb.L < 4) {                 /* needs two entries and four lanes */
    directed_end(&tb);
    return;
  }
  act_t a = idle();
  a.rst = 1;
  tb_cycle(&tb, &a);
  insn_t A, B, Cn;
  uint32_t aa[ML] = { 0x100 }, ab[ML] = { 0, 0x204, 0x208 }, ac[ML] = { 0x300, 0, 0, 0x304 };
  load_insn(&tb, &A, 4, 0, 0x1, aa);
  load_insn(&tb, &B, 4, 0, 0x6, ab);
  load_insn(&tb, &Cn, 4, 0, 0x9, ac);
  unsigned ea = issue(&tb, &A), eb = issue(&tb, &B);
  answer(&tb, ea, 0, NULL, WW_GSI_SRC_L1, 0);
  act1(&tb, A_READY, 0, 0);                    /* A retires */
  unsigned ec = alloc1(&tb, &Cn);
  act1(&tb, A_LINE, ec, 0);
  /* (the lowest FREE entry is taken, so A and C are in entry 0; the
   * contract only forces C into A's entry, the one FREE) */
  CHECK(&tb, ec == ea && eb != ea && state_of(&tb, ec) == S_FRONT && state_of(&tb, eb) == S_WAIT,
        "setup: A in %u, B in %u, C in %u; C's entry %s, B's entry %s", ea, eb, ec,
        st_name[state_of(&tb, ec)], st_name[state_of(&tb, eb)]);
  uint8_t lb[MLB];
  for (unsigned b = 0; b < MLB; b++)
    lb[b] = (uint8_t)(0xA0 + b);
  answer(&tb, eb, 0, lb, WW_GSI_SRC_COALESCE, 0);
  act1(&tb, A_IDLE, 0, 0);
  CHECK(&tb, tb.out.done_valid_o && tb.out.done_wdata_o[0] == B.serial && tb.out.done_rd_o[0] == 0 &&
                 tb.out.done_rd_o[1] == 0xA7A6A5A4u && tb.out.done_rd_o[2] == 0xABAAA9A8u &&
                 tb.out.done_rd_o[3] == 0 && tb.out.done_src_o == WW_GSI_SRC_COALESCE,
        "B: valid %u serial 0x%08x rd %08x %08x %08x %08x src %u", (unsigned)tb.out.done_valid_o,
        tb.out.done_wdata_o[0], tb.out.done_rd_o[0], tb.out.done_rd_o[1], tb.out.done_rd_o[2],
        tb.out.done_rd_o[3], (unsigned)tb.out.done_src_o);
  act1(&tb, A_READY, 0, 0);                    /* B retires while C is FRONT */
  act1(&tb, A_OUT_FIN, ec, 0);
  for (unsigned b = 0; b < MLB; b++)
    lb[b] = (uint8_t)(0x30 + b);
  answer(&tb, ec, 0, lb, WW_GSI_SRC_L2, 0);
  act1(&tb, A_IDLE, 0, 0);
  CHECK(&tb, tb.out.done_valid_o && tb.out.done_wdata_o[0] == Cn.serial && tb.out.done_rd_o[0] == 0x33323130u &&
                 tb.out.done_rd_o[1] == 0 && tb.out.done_rd_o[2] == 0 && tb.out.done_rd_o[3] == 0x37363534u,
        "C: valid %u serial 0x%08x rd %08x %08x %08x %08x", (unsigned)tb.out.done_valid_o,
        tb.out.done_wdata_o[0], tb.out.done_rd_o[0], tb.out.done_rd_o[1], tb.out.done_rd_o[2],
        tb.out.done_rd_o[3]);
  drain_retire(&tb);
  directed_end(&tb);
}

/* A reset with entries FRONT, WAIT and DONE: all FREE, then work again. */
static void directed_reset(void)
{
  tb_t tb;
  tb_init(&tb, "directed reset while busy", cfg_with_ctx(MC), 14, 16);
  act_t a = idle();
  a.rst = 1;
  tb_cycle(&tb, &a);
  insn_t ins;
  uint32_t addr[ML] = { 0x40, 0x44 };
  load_insn(&tb, &ins, 4, 0, 0x3, addr);
  unsigned e0 = issue(&tb, &ins);                          /* WAIT */
  if (MC > 1) {
    load_insn(&tb, &ins, 4, 0, 0x3, addr);
    unsigned e1 = issue(&tb, &ins);
    answer(&tb, e1, 0, NULL, WW_GSI_SRC_DRAM, 0);            /* DONE */
  }
  if (MC > 2) {
    load_insn(&tb, &ins, 4, 0, 0x3, addr);
    alloc1(&tb, &ins);                                     /* FRONT */
  }
  a = idle();
  a.rst = 1;
  tb_cycle(&tb, &a);
  act1(&tb, A_IDLE, 0, 0);
  CHECK(&tb, tb.out.free_o && tb.out.free_ctx_o == 0 && !tb.out.waiting_o && !tb.out.done_valid_o,
        "after the reset: free_o %u free_ctx_o %u waiting_o %u done_valid_o %u", (unsigned)tb.out.free_o,
        (unsigned)tb.out.free_ctx_o, (unsigned)tb.out.waiting_o, (unsigned)tb.out.done_valid_o);
  load_insn(&tb, &ins, 4, 0, 0x3, addr);
  unsigned e = issue(&tb, &ins);
  answer(&tb, e, 0, NULL, WW_GSI_SRC_L1, 0);
  act1(&tb, A_IDLE, 0, 0);
  CHECK(&tb, tb.out.done_valid_o && tb.out.done_wdata_o[0] == ins.serial && tb.out.done_src_o == WW_GSI_SRC_L1,
        "after the reset a load: done_valid_o %u serial 0x%08x src %u", (unsigned)tb.out.done_valid_o,
        tb.out.done_wdata_o[0], (unsigned)tb.out.done_src_o);
  (void)e0;
  drain_retire(&tb);
  directed_end(&tb);
}

int main(int argc, char **argv)
{
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      g_seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--iters") && i + 1 < argc)
      g_iters = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: test_lsu_wb [--seed N] [--iters N]\n");
      return 2;
    }
  }
  printf("test_lsu_wb: seed=%" PRIu64 " iters=%" PRIu64 "\n", g_seed, g_iters);
  directed_one_entry();
  directed_all_busy();
  directed_cross();
  directed_reset();
  /* CTX x LANES x LINE_BYTES: the default point first */
  const ww_lsu_wb_cfg_t def = ww_lsu_wb_default_cfg();
  const unsigned lanes[3] = { ML, 2, ML >= 8 ? 4 : 2 }, lbytes[2] = { MLB, 8 };
  unsigned k = 0;
  for (unsigned ctx = MC; ctx >= 1; ctx--)
    for (unsigned li = 0; li < 3; li++)
      for (unsigned bi = 0; bi < 2; bi++) {
        if ((li == 2 && lanes[2] == lanes[1]) || (bi == 1 && lbytes[1] == lbytes[0]))
          continue;
        if (li != 0 && bi != 0 && ctx != MC && ctx != 1)
          continue;                           /* the corners at the ends of CTX only */
        ww_lsu_wb_cfg_t cfg = def;
        cfg.ctx = ctx;
        cfg.lanes = lanes[li];
        cfg.line_bytes = lbytes[bi];
        random_run(cfg, g_seed * 0x100000001B3ull + k++, ctx == MC && li == 0 && bi == 0);
      }
  printf("%ld passed, %ld failed\n", g_runs - g_failed, g_failed);
  return g_failed ? 1 : 0;
}
