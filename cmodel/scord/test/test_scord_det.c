/* SPDX-License-Identifier: Apache-2.0
 *
 * Independent check of the ScoRD detector's C model (rtl/scord/ww_scord_det.v,
 * docs/scord.md §3 "Detector", "Address map", "Race log"), apart from the
 * lockstep test. Hand-built record streams go through the model, which talks
 * to a plain memory (a byte image by line, fixed latency, every request
 * logged); the expectations are written from the document, with the address
 * map and the metadata layout (Fig. 7) re-derived here in bytes, not taken
 * from the model's helpers:
 *   address map   md line and byte offset of a word, full and cached mode
 *                 (S, tag), both halves, partition 1 of 2, partition 2 of 3;
 *                 log header and entry lines; untracked lines and wmask 0
 *                 touch no metadata
 *   md RMW        one READ per md line in use, ascending; the WRITE enables
 *                 exactly the changed entries' 8 bytes; a record that changes
 *                 nothing writes nothing; neighbouring entries keep their bytes
 *   md contents   REINIT after a first store (owner, fence IDs = fC, Bloom,
 *                 barrier), tag in cached mode, INIT after a tag miss
 *   log entries   every word of an entry (pc, byte address, count, kind /
 *                 scope / type, ctaid, SM and warp bytes, previous BlockID,
 *                 sequence number), the race event port
 *   dedup         a repeat increments the count and rewrites only the count
 *                 word; ring wrap (LOG_ENTRIES = 4) counts overwrites and a
 *                 key whose entry left the ring is appended again
 *   header        all eight words, exact once idle_o is high
 *   fences        block fences move only BlkFenceID, device fences (fence,
 *                 ww.fence.dev) only DevFenceID, per global warp; a fence
 *                 between the accesses turns race (a)/(b) into (c) for plain
 *                 accesses and into no race for strong ones; device fences
 *                 are acked (with en_i low too), block fences not
 *   queue         queue-full cycles counted exactly (QUEUE = 2, memory
 *                 stalled); en_i = 0 drops records; clear_i zeroes counters,
 *                 fence file and dedup table and forces a header
 * Usage: test_scord_det
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_isa.h"
#include "ww_scord_det.h"

static int failures, checks;

#define CHECK(cond, ...)                                                         \
  do {                                                                           \
    checks++;                                                                    \
    if (!(cond) && failures++ < 20) {                                            \
      printf("FAIL: %s:%d: ", __func__, __LINE__);                               \
      printf(__VA_ARGS__);                                                       \
      printf("\n");                                                              \
    }                                                                            \
  } while (0)

#define LB WW_LINE_BYTES
#define NW (LB / 4)
#define HALF (NW / 2)
#define NMEM 4096
#define NTRACE 4096
#define NPEND 32
#define NEV 256

/* ---- metadata layout, Fig. 7, from the widths ----------------------------- */

enum {
  F_LOCK = 0,
  F_STRONG = WW_SCORD_BLOOM_W,
  F_SCOPE = F_STRONG + 1,
  F_ATOM = F_STRONG + 2,
  F_DS = F_STRONG + 3,
  F_BS = F_STRONG + 4,
  F_M = F_STRONG + 5,
  F_BAR = F_STRONG + 6,
  F_BLKF = F_BAR + WW_SCORD_BARID_W,
  F_DEVF = F_BLKF + WW_SCORD_FENCEID_W,
  F_WARP = F_DEVF + WW_SCORD_FENCEID_W,
  F_BLOCK = F_WARP + WW_SCORD_WARPID_W,
  F_TAG = F_BLOCK + WW_SCORD_BLOCKID_W
};

static uint64_t fld(uint64_t md, unsigned lsb, unsigned w)
{
  return (md >> lsb) & ((1ull << w) - 1);
}

static const uint64_t INIT = (1ull << F_M) | (1ull << F_BS) | (1ull << F_DS);

/* ---- the test bench: model + plain memory --------------------------------- */

typedef struct {
  uint32_t op, line;
  uint8_t be[LB], data[LB];
} req_t;

typedef struct {
  uint32_t pc, addr, type, scope, dup;
} ev_t;

typedef struct {
  ww_scord_det_cfg_t cfg;
  ww_scord_det_t *m;
  ww_scord_det_in_t in;
  ww_scord_det_out_t out;
  unsigned nmem;
  uint32_t mline[NMEM];
  uint8_t mdata[NMEM][LB];
  unsigned pending, phead;      /* responses due, in request order, from phead */
  uint64_t due[NPEND];          /* the cycle each is answered */
  uint32_t pop[NPEND];          /* its op */
  uint8_t rdata[NPEND][LB];
  unsigned latency;
  int pipe;                     /* 0: one request at a time; 1: up to NPEND in flight */
  unsigned rd_fly, rd_fly_max;  /* READs in flight, and the most at once */
  int stall;
  req_t tr[NTRACE];
  unsigned ntr;
  ev_t ev[NEV];
  unsigned nev;
  unsigned acks;
  uint32_t ack_sm;
  uint64_t qfull, cycle;
  int en, cached;
} tb_t;

/* byte image; md lines (between GMEM and 3 GMEM) start as INIT entries */
static uint8_t *mem_line(tb_t *t, uint32_t line)
{
  for (unsigned i = 0; i < t->nmem; i++)
    if (t->mline[i] == line)
      return t->mdata[i];
  if (t->nmem == NMEM) {
    printf("FAIL: memory image full\n");
    exit(1);
  }
  unsigned i = t->nmem++;
  t->mline[i] = line;
  uint64_t lo = (uint64_t)t->cfg.gmem_bytes / LB, hi = 3ull * t->cfg.gmem_bytes / LB;
  for (unsigned b = 0; b < LB; b++)
    t->mdata[i][b] = (line >= lo && line < hi) ? (uint8_t)(INIT >> (8 * (b % 8))) : 0;
  return t->mdata[i];
}

static uint32_t mem_word(tb_t *t, uint32_t line, unsigned w)
{
  const uint8_t *d = mem_line(t, line);
  return (uint32_t)d[4 * w] | (uint32_t)d[4 * w + 1] << 8 | (uint32_t)d[4 * w + 2] << 16 |
         (uint32_t)d[4 * w + 3] << 24;
}

static uint64_t mem_entry(tb_t *t, uint32_t line, unsigned e)
{
  return (uint64_t)mem_word(t, line, 2 * e) | (uint64_t)mem_word(t, line, 2 * e + 1) << 32;
}

static void mem_set_entry(tb_t *t, uint32_t line, unsigned e, uint64_t v)
{
  uint8_t *d = mem_line(t, line);
  for (unsigned b = 0; b < 8; b++)
    d[8 * e + b] = (uint8_t)(v >> (8 * b));
}

static void tb_init(tb_t *t, const ww_scord_det_cfg_t *c)
{
  memset(t, 0, sizeof *t);
  t->cfg = *c;
  t->m = ww_scord_det_new(c);
  if (!t->m) {
    printf("FAIL: cannot create the model\n");
    exit(1);
  }
  t->latency = 4;
  t->en = 1;
}

static void tb_free(tb_t *t)
{
  ww_scord_det_free(t->m);
}

static ww_scord_det_cfg_t base_cfg(void)
{
  return ww_scord_det_default_cfg();
}

static uint32_t bit32(const uint32_t *w, unsigned b)
{
  return w[b / 32] >> (b % 32) & 1;
}

/* one clock cycle */
static void tb_step(tb_t *t)
{
  t->in.rst_ni = t->cycle >= 2;
  t->in.en_i = (uint64_t)t->en;
  t->in.cached_i = (uint64_t)t->cached;
  t->in.mreq_ready_i = (t->pipe ? t->pending < NPEND : !t->pending) && !t->stall;
  t->in.mrsp_valid_i = 0;
  if (t->pending && t->cycle >= t->due[t->phead]) {
    t->in.mrsp_valid_i = 1;
    memset(t->in.mrsp_data_i, 0, sizeof t->in.mrsp_data_i);
    for (unsigned b = 0; b < LB; b++)
      t->in.mrsp_data_i[b / 4] |= (uint32_t)t->rdata[t->phead][b] << (8 * (b % 4));
    t->rd_fly -= t->pop[t->phead] == WW_L2_READ;
    t->phead = (t->phead + 1) % NPEND;
    t->pending--;
  }
  ww_scord_det_step(t->m, &t->in, &t->out);
  if (t->in.rst_ni) {
    if (t->in.in_valid_i && !t->out.in_ready_o)
      t->qfull++;
    if (t->out.mreq_valid_o && t->in.mreq_ready_i) {
      req_t *r = &t->tr[t->ntr < NTRACE ? t->ntr++ : NTRACE - 1];
      uint8_t *d = mem_line(t, (uint32_t)t->out.mreq_line_o);
      r->op = (uint32_t)t->out.mreq_op_o;
      r->line = (uint32_t)t->out.mreq_line_o;
      for (unsigned b = 0; b < LB; b++) {
        r->be[b] = (uint8_t)bit32(t->out.mreq_be_o, b);
        r->data[b] = (uint8_t)(t->out.mreq_data_o[b / 4] >> (8 * (b % 4)));
        if (r->op == WW_L2_WRITE && r->be[b])
          d[b] = r->data[b];
      }
      unsigned k = (t->phead + t->pending++) % NPEND;
      memcpy(t->rdata[k], d, LB);
      t->due[k] = t->cycle + t->latency;
      t->pop[k] = r->op;
      if (r->op == WW_L2_READ && ++t->rd_fly > t->rd_fly_max)
        t->rd_fly_max = t->rd_fly;
    }
    if (t->out.race_valid_o && t->nev < NEV) {
      ev_t *e = &t->ev[t->nev++];
      e->pc = (uint32_t)t->out.race_pc_o;
      e->addr = (uint32_t)t->out.race_addr_o;
      e->type = (uint32_t)t->out.race_type_o;
      e->scope = (uint32_t)t->out.race_scope_blk_o;
      e->dup = (uint32_t)t->out.race_dup_o;
    }
    if (t->out.ack_valid_o) {
      t->acks++;
      t->ack_sm = (uint32_t)t->out.ack_sm_o;
    }
  }
  t->in.clear_i = 0;
  t->cycle++;
}

static void tb_reset(tb_t *t)
{
  while (t->cycle < 3)
    tb_step(t);
}

/* present one record until it is taken */
static void tb_send(tb_t *t, unsigned src, uint32_t line, const ww_scord_det_sb_t *sb)
{
  t->in.in_valid_i = 1;
  t->in.in_src_i = src;
  t->in.in_line_i = line;
  ww_scord_det_sb_pack(sb, t->in.in_sb_i);
  for (unsigned n = 0; n < 100000; n++) {
    tb_step(t);
    if (t->out.in_ready_o)
      break;
  }
  t->in.in_valid_i = 0;
}

static void tb_drain(tb_t *t)
{
  for (unsigned n = 0; n < 100000; n++) {
    tb_step(t);
    if (t->out.idle_o && !t->pending)
      return;
  }
  CHECK(0, "no idle_o after 100000 cycles");
}

/* records */

static ww_scord_det_sb_t acc(uint32_t op, unsigned wid, uint32_t ctaid, uint32_t pc,
                             uint32_t wmask)
{
  ww_scord_det_sb_t sb;
  memset(&sb, 0, sizeof sb);
  sb.op = op;
  sb.wid = wid;
  sb.ctaid = ctaid;
  sb.pc = pc;
  sb.sk = WW_SCORD_SK_CHECK;
  sb.wmask = wmask;
  return sb;
}

static void check_rec(tb_t *t, uint32_t op, unsigned src, unsigned wid, uint32_t ctaid,
                      uint32_t pc, uint32_t line, uint32_t wmask)
{
  ww_scord_det_sb_t sb = acc(op, wid, ctaid, pc, wmask);
  tb_send(t, src, line, &sb);
}

static void fence_rec(tb_t *t, uint32_t op, unsigned src, unsigned wid)
{
  ww_scord_det_sb_t sb;
  memset(&sb, 0, sizeof sb);
  sb.op = op;
  sb.wid = wid;
  sb.sk = WW_SCORD_SK_FENCE;
  tb_send(t, src, t->cfg.part, &sb);
}

/* ---- the address map, re-derived in bytes ---------------------------------- */

static uint64_t local_base0(const ww_scord_det_cfg_t *c)
{
  return (uint64_t)c->gmem_bytes - (uint64_t)c->num_sm * c->warps * c->lanes * c->local_bytes;
}

/* S: a power of two, the smallest with S * 2^TAG_W >= tracked lines per partition */
static uint64_t cache_sets(const ww_scord_det_cfg_t *c)
{
  uint64_t per_part = (local_base0(c) / LB + c->num_part - 1) / c->num_part;
  uint64_t s = 1;
  while (s * (1ull << c->tag_w) < per_part)
    s *= 2;
  return s;
}

static uint64_t md_base_byte(const ww_scord_det_cfg_t *c)
{
  uint64_t lines = c->gmem_bytes / LB;
  return (lines + c->num_part - 1) / c->num_part * c->num_part * LB;
}

static uint64_t log_base_byte(const ww_scord_det_cfg_t *c)
{
  uint64_t lines = 3ull * c->gmem_bytes / LB;
  return (lines + c->num_part - 1) / c->num_part * c->num_part * LB;
}

/* byte address of word k's metadata entry for data line L */
static uint64_t md_byte(const ww_scord_det_cfg_t *c, int cached, uint32_t L, unsigned k)
{
  uint64_t i = L / c->num_part, j = cached ? i % cache_sets(c) : i;
  return md_base_byte(c) + ((2 * j + k / HALF) * c->num_part + c->part) * LB + 8 * (k % HALF);
}

static uint32_t hdr_line(const ww_scord_det_cfg_t *c)
{
  return (uint32_t)(log_base_byte(c) / LB + c->part);
}

static uint32_t entry_line(const ww_scord_det_cfg_t *c, uint32_t n)
{
  /* a log record (8 words) takes 32 / LB lines when lines are narrower */
  const uint32_t lp = LB >= 32 ? 1 : 32 / LB;
  return (uint32_t)(log_base_byte(c) / LB + lp * (1 + n % c->log_entries) * c->num_part +
                    c->part);
}

/* a tracked data line of partition p with local index i */
static uint32_t dline(const ww_scord_det_cfg_t *c, uint32_t i)
{
  return i * c->num_part + c->part;
}

static int wrote_bytes(const req_t *r, unsigned from, unsigned n)
{
  for (unsigned b = 0; b < LB; b++)
    if (r->be[b] != (b >= from && b < from + n))
      return 0;
  return 1;
}

static uint64_t req_entry(const req_t *r, unsigned e)
{
  uint64_t v = 0;
  for (unsigned b = 0; b < 8; b++)
    v |= (uint64_t)r->data[8 * e + b] << (8 * b);
  return v;
}

static void check_header(tb_t *t, const uint32_t want[7], const char *what)
{
  uint32_t h = hdr_line(&t->cfg);
  static const char *names[8] = { "entries", "races",     "overwrites", "records",
                                  "md reads", "md writes", "qfull",     "magic" };
  for (unsigned w = 0; w < 7; w++)
    CHECK(mem_word(t, h, w) == want[w], "%s: header %s = %u, want %u", what, names[w],
          mem_word(t, h, w), want[w]);
  CHECK(mem_word(t, h, 7) == (0x5C0D0000u | t->cfg.part), "%s: header magic %08x", what,
        mem_word(t, h, 7));
}

/* ---- the cases ---------------------------------------------------------------- */

static void t_constants(void)
{
  ww_scord_det_cfg_t c = base_cfg();
  /* Fig. 7 at the default widths */
  if (WW_SCORD_BLOOM_W == 16 && WW_SCORD_BARID_W == 8 && WW_SCORD_FENCEID_W == 6 &&
      WW_SCORD_WARPID_W == 5 && WW_SCORD_BLOCKID_W == 7 && WW_SCORD_TAG_W == 4) {
    CHECK(F_BAR == 22 && F_BLKF == 30 && F_DEVF == 36 && F_WARP == 42 && F_BLOCK == 47 &&
              F_TAG == 54 && INIT == 0x380000ull,
          "Fig. 7 layout");
  }
  /* docs/scord.md at the default configuration */
  if (c.gmem_bytes == 16777216u && LB == 32 && c.num_part == 2 && c.num_sm == 2 &&
      c.warps == 4 && c.lanes == 8 && c.local_bytes == 2048 && c.tag_w == 4) {
    CHECK(cache_sets(&c) == 16384, "S = %" PRIu64, cache_sets(&c));
    CHECK(md_base_byte(&c) == 16777216u && log_base_byte(&c) == 3u * 16777216u, "bases");
  }
  /* the model's helpers agree with the derivation here */
  for (unsigned part = 0; part < 2; part++) {
    c.part = part;
    for (uint32_t i = 2048; i < 2048 + 40000; i += 997)
      for (int cached = 0; cached < 2; cached++)
        for (unsigned h = 0; h < 2; h++)
          CHECK((uint64_t)ww_scord_det_md_line(&c, cached, dline(&c, i), h) * LB ==
                    md_byte(&c, cached, dline(&c, i), h * HALF),
                "md line i=%u cached=%d half=%u", i, cached, h);
    CHECK(ww_scord_det_hdr_line(&c) == hdr_line(&c), "header line");
    for (uint32_t n = 0; n < 600; n += 77)
      CHECK(ww_scord_det_entry_line(&c, n) == entry_line(&c, n), "entry line %u", n);
  }
}

/* a first store: md READ, REINIT entry WRITE with exactly its 8 bytes, header */
static void t_first_store(int cached, unsigned part, unsigned num_part)
{
  ww_scord_det_cfg_t c = base_cfg();
  c.num_part = num_part;
  c.part = part;
  tb_t *t = calloc(1, sizeof *t);
  tb_init(t, &c);
  t->cached = cached;
  tb_reset(t);
  uint64_t S = cache_sets(&c);
  uint32_t i = cached ? 3 * (uint32_t)S + 77 : 5000;   /* tag 3 in cached mode */
  uint32_t L = dline(&c, i);
  unsigned k = 2, k2 = HALF + 1;                      /* one word in each half */
  ww_scord_det_sb_t sb = acc(WW_OP_SW, 1, 5, 0x10040, (1u << k) | (1u << k2));
  sb.bar = 3;
  sb.lk = 0x0201;
  tb_send(t, 1, L, &sb);                              /* SM 1, warp 1: global warp WARPS+1 */
  tb_drain(t);
  const char *what = cached ? "cached" : "full";
  /* the second half's md line is read ahead, before the first one is written */
  CHECK(t->ntr == 5, "%s: %u requests, want READ READ WRITE WRITE + header", what, t->ntr);
  if (t->ntr == 5) {
    uint64_t a0 = md_byte(&c, cached, L, k), a1 = md_byte(&c, cached, L, k2);
    CHECK(t->tr[0].op == WW_L2_READ && t->tr[0].line == a0 / LB, "%s: READ 0", what);
    CHECK(t->tr[1].op == WW_L2_READ && t->tr[1].line == a1 / LB, "%s: READ 1", what);
    CHECK(t->tr[2].op == WW_L2_WRITE && t->tr[2].line == a0 / LB &&
              wrote_bytes(&t->tr[2], (unsigned)(a0 % LB), 8),
          "%s: WRITE 0 line %u", what, t->tr[2].line);
    CHECK(t->tr[3].op == WW_L2_WRITE && t->tr[3].line == a1 / LB &&
              wrote_bytes(&t->tr[3], (unsigned)(a1 % LB), 8),
          "%s: WRITE 1", what);
    CHECK(t->tr[4].line == hdr_line(&c) && wrote_bytes(&t->tr[4], 0, 32), "%s: header", what);
    uint64_t md = req_entry(&t->tr[2], (unsigned)(a0 % LB) / 8);
    uint64_t want = (1ull << F_M) | ((uint64_t)0x0201 << F_LOCK) | (3ull << F_BAR) |
                    ((uint64_t)(c.warps + 1) << F_WARP) | (5ull << F_BLOCK) |
                    (cached ? 3ull << F_TAG : 0);
    CHECK(md == want, "%s: REINIT entry %016" PRIx64 ", want %016" PRIx64, what, md, want);
    CHECK(req_entry(&t->tr[3], (unsigned)(a1 % LB) / 8) == want, "%s: second entry", what);
  }
  uint32_t hw[7] = { 0, 0, 0, 1, 2, 2, 0 };
  check_header(t, hw, what);
  CHECK(t->nev == 0, "%s: %u races", what, t->nev);
  tb_free(t);
  free(t);
}

/* read-modify-write: neighbours keep their bytes, no change -> no WRITE */
static void t_rmw(void)
{
  ww_scord_det_cfg_t c = base_cfg();
  tb_t *t = calloc(1, sizeof *t);
  tb_init(t, &c);
  tb_reset(t);
  uint32_t L = dline(&c, 7000);
  uint32_t mdl = (uint32_t)(md_byte(&c, 0, L, 0) / LB);
  mem_set_entry(t, mdl, 3, 0x0123456789ABCDEFull);   /* a neighbour entry */
  /* a load by one warp: words 0 and 2 */
  check_rec(t, WW_OP_LW, 0, 2, 4, 0x10000, L, 0x5);
  tb_drain(t);
  CHECK(t->ntr == 3 && t->tr[0].op == WW_L2_READ && t->tr[1].op == WW_L2_WRITE,
        "first load: %u requests", t->ntr);
  if (t->ntr >= 2) {
    int ok = 1;
    for (unsigned b = 0; b < LB; b++)
      ok &= t->tr[1].be[b] == ((b < 8) || (b >= 16 && b < 24));
    CHECK(ok, "first load: byte enables of entries 0 and 2 only");
  }
  CHECK(mem_entry(t, mdl, 3) == 0x0123456789ABCDEFull, "neighbour entry changed");
  CHECK(mem_entry(t, mdl, 1) == INIT, "untouched entry 1 changed");
  uint64_t e0 = mem_entry(t, mdl, 0);
  CHECK(fld(e0, F_M, 1) == 0 && fld(e0, F_BS, 1) == 0 && fld(e0, F_DS, 1) == 0 &&
            fld(e0, F_WARP, 5) == 2 && fld(e0, F_BLOCK, 7) == 4,
        "load REINIT %016" PRIx64, e0);
  /* the same load again: program order, nothing changes, no WRITE; its md
   * line is the detector's own (the line buffer's): forwarded, not READ */
  t->ntr = 0;
  check_rec(t, WW_OP_LW, 0, 2, 4, 0x10000, L, 0x5);
  tb_drain(t);
  CHECK(t->ntr == 1 && t->tr[0].line == hdr_line(&c),
        "repeated load: %u requests, want the header only", t->ntr);
  uint32_t hw[7] = { 0, 0, 0, 2, 1, 1, 0 };
  check_header(t, hw, "rmw");
  /* untracked lines and an empty wmask: no metadata traffic */
  t->ntr = 0;
  check_rec(t, WW_OP_SW, 0, 1, 4, 0x10004, dline(&c, 0), 0x1);                 /* null guard */
  check_rec(t, WW_OP_SW, 0, 1, 4, 0x10004,
            dline(&c, (uint32_t)(local_base0(&c) / LB / c.num_part) + 1), 0x1); /* local */
  check_rec(t, WW_OP_SW, 0, 1, 4, 0x10004, L, 0x0);                           /* no words */
  tb_drain(t);
  CHECK(t->ntr == 1 && t->tr[0].line == hdr_line(&c), "untracked: %u requests", t->ntr);
  uint32_t hw2[7] = { 0, 0, 0, 5, 1, 1, 0 };
  check_header(t, hw2, "untracked");
  tb_free(t);
  free(t);
}

/* a race (b) and its log entry; then dedup counting */
static void t_log_dedup(void)
{
  ww_scord_det_cfg_t c = base_cfg();
  tb_t *t = calloc(1, sizeof *t);
  tb_init(t, &c);
  tb_reset(t);
  uint32_t L = dline(&c, 9001);
  const unsigned k = 3;
  const uint32_t pcA = 0x10104, pcB = 0x10200;   /* different dedup slots */
  const unsigned wpB = 1 * c.warps + 2;                   /* SM 1, warp 2 */
  check_rec(t, WW_OP_SW, 0, 1, 3, pcA, L, 1u << k);       /* A: SM 0 warp 1, block 3 */
  check_rec(t, WW_OP_LW, 1, 2, 9, pcB, L, 1u << k);       /* B: other block, no fence */
  tb_drain(t);
  CHECK(t->nev == 1, "%u races, want 1", t->nev);
  if (t->nev >= 1)
    CHECK(t->ev[0].pc == pcB && t->ev[0].addr == L * LB + 4 * k && t->ev[0].type == 2 &&
              t->ev[0].scope == 0 && t->ev[0].dup == 0,
          "race event pc %x addr %x type %u scope %u dup %u", t->ev[0].pc, t->ev[0].addr,
          t->ev[0].type, t->ev[0].scope, t->ev[0].dup);
  uint32_t e = entry_line(&c, 0);
  const uint32_t want[8] = { pcB, L * LB + 4 * k, 1, (0u << 4) | (0u << 3) | 2u, 9,
                             1u << 24 | 0u << 16 | wpB << 8 | 1u, 3, 0 };
  for (unsigned w = 0; w < 8; w++)
    CHECK(mem_word(t, e, w) == want[w], "entry word %u = %08x, want %08x", w, mem_word(t, e, w),
          want[w]);
  uint32_t hw[7] = { 1, 1, 0, 2, 1, 2, 0 };   /* B's md line forwarded from A's */
  check_header(t, hw, "one race");

  /* A stores again (race (b) at pcA: a new entry), B loads again (a repeat) */
  check_rec(t, WW_OP_SW, 0, 1, 3, pcA, L, 1u << k);
  tb_drain(t);
  t->ntr = 0;
  check_rec(t, WW_OP_LW, 1, 2, 9, pcB, L, 1u << k);
  tb_drain(t);
  CHECK(t->nev == 3 && t->ev[1].pc == pcA && t->ev[1].type == 2 && !t->ev[1].dup &&
            t->ev[2].pc == pcB && t->ev[2].dup,
        "dedup events");
  CHECK(mem_word(t, e, 2) == 2, "count after a repeat = %u", mem_word(t, e, 2));
  CHECK(mem_word(t, entry_line(&c, 1), 0) == pcA && mem_word(t, entry_line(&c, 1), 7) == 1,
        "second entry");
  /* the repeat (md line forwarded): WRITE md, count word only, header */
  CHECK(t->ntr == 3, "repeat: %u requests", t->ntr);
  if (t->ntr == 3)
    CHECK(t->tr[1].line == e && wrote_bytes(&t->tr[1], 8, 4) && t->tr[1].data[8] == 2,
          "count rewrite");
  uint32_t hw2[7] = { 2, 3, 0, 4, 1, 4, 0 };
  check_header(t, hw2, "dedup");

  /* clear_i forgets the dedup table: both races again are new entries 0, 1 */
  t->in.clear_i = 1;
  tb_step(t);
  tb_drain(t);
  check_rec(t, WW_OP_SW, 0, 1, 3, pcA, L, 1u << k);
  check_rec(t, WW_OP_LW, 1, 2, 9, pcB, L, 1u << k);
  tb_drain(t);
  CHECK(t->nev == 5 && !t->ev[3].dup && !t->ev[4].dup, "after clear: want no duplicates");
  CHECK(mem_word(t, e, 0) == pcA && mem_word(t, e, 2) == 1 && mem_word(t, e, 7) == 0 &&
            mem_word(t, entry_line(&c, 1), 0) == pcB && mem_word(t, entry_line(&c, 1), 2) == 1,
        "entries after clear");
  uint32_t hw3[7] = { 2, 2, 0, 2, 1, 2, 0 };   /* clear_i: the first READ again */
  check_header(t, hw3, "after clear");
  tb_free(t);
  free(t);
}

/* fences: counting, acks, and what they do to the verdict */
static void t_fences(void)
{
  ww_scord_det_cfg_t c = base_cfg();
  tb_t *t = calloc(1, sizeof *t);
  tb_init(t, &c);
  tb_reset(t);
  uint32_t L = dline(&c, 12000);
  /* SM 1 warp 3: two device fences (fence, ww.fence.dev), one block fence */
  fence_rec(t, WW_OP_FENCE, 1, 3);
  fence_rec(t, WW_OP_FENCE_BLK, 1, 3);
  fence_rec(t, WW_OP_FENCE_DEV, 1, 3);
  tb_drain(t);
  CHECK(t->acks == 2 && t->ack_sm == 1, "acks %u (sm %u), want 2 device fences", t->acks,
        t->ack_sm);
  check_rec(t, WW_OP_SW, 1, 3, 6, 0x10300, L, 1);
  tb_drain(t);
  uint32_t mdl = (uint32_t)(md_byte(&c, 0, L, 0) / LB);
  uint64_t e0 = mem_entry(t, mdl, 0);
  CHECK(fld(e0, F_DEVF, WW_SCORD_FENCEID_W) == 2 && fld(e0, F_BLKF, WW_SCORD_FENCEID_W) == 1 &&
            fld(e0, F_WARP, WW_SCORD_WARPID_W) == c.warps + 3,
        "fence IDs in md %016" PRIx64, e0);
  /* another warp's fences are not this warp's */
  fence_rec(t, WW_OP_FENCE_DEV, 0, 3);
  check_rec(t, WW_OP_SW, 0, 3, 6, 0x10304, L, 2);
  tb_drain(t);
  uint64_t e1 = mem_entry(t, mdl, 1);
  CHECK(fld(e1, F_DEVF, WW_SCORD_FENCEID_W) == 1 && fld(e1, F_BLKF, WW_SCORD_FENCEID_W) == 0 &&
            fld(e1, F_WARP, WW_SCORD_WARPID_W) == 3,
        "fence IDs per warp %016" PRIx64, e1);

  /* A stores, fences (device), B (other block) loads: plain -> (c), strong -> none */
  uint32_t L2 = dline(&c, 12001);
  unsigned n0 = t->nev;
  check_rec(t, WW_OP_SW, 0, 1, 1, 0x10400, L2, 1);
  fence_rec(t, WW_OP_FENCE_DEV, 0, 1);
  check_rec(t, WW_OP_LW, 1, 0, 2, 0x10404, L2, 1);
  tb_drain(t);
  CHECK(t->nev == n0 + 1 && t->ev[n0].type == 3 && t->ev[n0].scope == 0,
        "device fence, plain: want one race (c)");
  n0 = t->nev;
  check_rec(t, WW_OP_SW_STRONG, 0, 1, 1, 0x10408, L2, 2);
  fence_rec(t, WW_OP_FENCE_DEV, 0, 1);
  check_rec(t, WW_OP_LW_STRONG, 1, 0, 2, 0x1040C, L2, 2);
  tb_drain(t);
  CHECK(t->nev == n0, "device fence, strong: want no race");
  /* same block, other warp: no fence -> (a); a block fence and strong -> none */
  n0 = t->nev;
  check_rec(t, WW_OP_SW_STRONG, 0, 1, 1, 0x10410, L2, 4);
  check_rec(t, WW_OP_LW_STRONG, 0, 2, 1, 0x10414, L2, 4);
  tb_drain(t);
  CHECK(t->nev == n0 + 1 && t->ev[n0].type == 1 && t->ev[n0].scope == 1,
        "same block, no fence: want one race (a), block scope");
  n0 = t->nev;
  check_rec(t, WW_OP_SW_STRONG, 0, 1, 1, 0x10418, L2, 8);
  fence_rec(t, WW_OP_FENCE_BLK, 0, 1);
  check_rec(t, WW_OP_LW_STRONG, 0, 2, 1, 0x1041C, L2, 8);
  tb_drain(t);
  CHECK(t->nev == n0, "block fence, strong: want no race");
  /* a block fence does not order another block: (b) */
  n0 = t->nev;
  check_rec(t, WW_OP_SW_STRONG, 0, 1, 1, 0x10420, L2, 16);
  fence_rec(t, WW_OP_FENCE_BLK, 0, 1);
  check_rec(t, WW_OP_LW_STRONG, 1, 1, 2, 0x10424, L2, 16);
  tb_drain(t);
  CHECK(t->nev == n0 + 1 && t->ev[n0].type == 2, "block fence, other block: want race (b)");
  /* device atomics after device atomics never race; a block atomic seen by another block: (d) */
  n0 = t->nev;
  check_rec(t, WW_OP_AMOADD_DEV, 0, 1, 1, 0x10430, L2, 32);
  check_rec(t, WW_OP_AMOADD_DEV, 1, 1, 2, 0x10434, L2, 32);
  tb_drain(t);
  CHECK(t->nev == n0, "device atomics: want no race");
  check_rec(t, WW_OP_AMOADD_BLK, 0, 1, 1, 0x10438, L2, 64);
  check_rec(t, WW_OP_AMOADD_BLK, 1, 1, 2, 0x1043C, L2, 64);
  tb_drain(t);
  CHECK(t->nev == n0 + 1 && t->ev[n0].type == 4, "block atomics across blocks: want (d)");
  if (t->nev == n0 + 1) {
    uint32_t e = entry_line(&c, (uint32_t)(mem_word(t, hdr_line(&c), 0) - 1));
    CHECK(mem_word(t, e, 3) == (2u << 4 | 0u << 3 | 4u), "kind word %08x", mem_word(t, e, 3));
  }
  tb_free(t);
  free(t);
}

/* ring wrap (LOG_ENTRIES = 4, DEDUP = 2). Dedup slot = ((pc >> 2) ^ word
 * address ^ type) mod 2: B's race at word 1 takes slot 1, the races at words
 * 0, 2, 4, 6 slot 0 */
static void t_ring(void)
{
  ww_scord_det_cfg_t c = base_cfg();
  c.log_entries = 4;
  c.dedup = 2;
  tb_t *t = calloc(1, sizeof *t);
  tb_init(t, &c);
  tb_reset(t);
  uint32_t L = dline(&c, 15000);   /* even line: word address parity = word parity */
  static const unsigned ks[5] = { 1, 0, 2, 4, 6 };
  for (unsigned n = 0; n < 5; n++) {   /* five distinct races (b), seq 0..4 */
    unsigned k = ks[n];
    check_rec(t, WW_OP_SW, 0, 1, 1, 0x11000 + 0x10 * k, L, 1u << k);   /* fresh word: none */
    check_rec(t, WW_OP_LW, 1, 1, 2, 0x12000 + 0x10 * k, L, 1u << k);   /* race (b) */
  }
  tb_drain(t);
  CHECK(t->nev == 5, "ring: %u races", t->nev);
  for (unsigned n = 1; n < 5; n++) {
    uint32_t e = entry_line(&c, n);
    CHECK(mem_word(t, e, 7) == n && mem_word(t, e, 0) == 0x12000 + 0x10 * ks[n],
          "ring slot of entry %u: seq %u", n, mem_word(t, e, 7));
  }
  CHECK(entry_line(&c, 4) == entry_line(&c, 0), "entry 4 reuses entry 0's line");
  /* md reads: the first record on each half READs it, the rest forward */
  uint32_t hw[7] = { 5, 5, 1, 10, 2, 10, 0 };
  check_header(t, hw, "ring");
  /* word 1 again: A's store races now (slot 0, new entry 5); B's key hits
   * slot 1 but entry 0 left the ring: appended anew as entry 6 */
  check_rec(t, WW_OP_SW, 0, 1, 1, 0x11004, L, 2);
  check_rec(t, WW_OP_LW, 1, 1, 2, 0x12010, L, 2);
  tb_drain(t);
  CHECK(t->nev == 7 && !t->ev[5].dup && !t->ev[6].dup && t->ev[6].pc == 0x12010,
        "left the ring: want a new entry");
  CHECK(mem_word(t, entry_line(&c, 6), 7) == 6 && mem_word(t, entry_line(&c, 6), 2) == 1 &&
            mem_word(t, entry_line(&c, 6), 0) == 0x12010,
        "entry 6");
  /* both again: duplicates of entries 5 and 6, still in the ring */
  check_rec(t, WW_OP_SW, 0, 1, 1, 0x11004, L, 2);
  check_rec(t, WW_OP_LW, 1, 1, 2, 0x12010, L, 2);
  tb_drain(t);
  CHECK(t->nev == 9 && t->ev[7].dup && t->ev[8].dup, "dups in the ring");
  CHECK(mem_word(t, entry_line(&c, 5), 2) == 2 && mem_word(t, entry_line(&c, 6), 2) == 2,
        "counts %u %u", mem_word(t, entry_line(&c, 5), 2), mem_word(t, entry_line(&c, 6), 2));
  uint32_t hw2[7] = { 7, 9, 3, 14, 3, 14, 0 };
  check_header(t, hw2, "ring 2");
  tb_free(t);
  free(t);
}

/* queue-full cycles, en_i = 0, clear_i */
static void t_queue_clear(void)
{
  ww_scord_det_cfg_t c = base_cfg();
  c.queue = 2;
  tb_t *t = calloc(1, sizeof *t);
  tb_init(t, &c);
  tb_reset(t);
  uint32_t L = dline(&c, 16000);
  fence_rec(t, WW_OP_FENCE_DEV, 0, 1);     /* before the clear: forgotten */
  tb_drain(t);
  t->stall = 1;                            /* memory holds ready low */
  for (unsigned n = 0; n < 4; n++) {
    ww_scord_det_sb_t sb = acc(WW_OP_SW, 1, 1, 0x13000, 1);
    t->in.in_valid_i = 1;
    t->in.in_src_i = 0;
    t->in.in_line_i = L;
    ww_scord_det_sb_pack(&sb, t->in.in_sb_i);
    unsigned waited = 0;
    for (;;) {
      tb_step(t);
      if (t->out.in_ready_o)
        break;
      if (++waited == 20)
        t->stall = 0;                      /* let it drain */
    }
    t->in.in_valid_i = 0;
  }
  t->stall = 0;
  tb_drain(t);
  CHECK(t->qfull > 0, "no queue-full cycles");
  CHECK(mem_word(t, hdr_line(&c), 6) == t->qfull, "header qfull %u, counted %" PRIu64,
        mem_word(t, hdr_line(&c), 6), t->qfull);
  CHECK(mem_word(t, hdr_line(&c), 3) == 5, "records %u", mem_word(t, hdr_line(&c), 3));

  /* en_i = 0: taken and dropped, device fences still acked */
  t->en = 0;
  t->ntr = 0;
  unsigned acks = t->acks;
  check_rec(t, WW_OP_SW, 0, 1, 1, 0x13000, L, 1);
  fence_rec(t, WW_OP_FENCE_DEV, 1, 0);
  for (unsigned n = 0; n < 20; n++)
    tb_step(t);
  CHECK(t->ntr == 0 && t->out.idle_o && t->out.in_ready_o, "en_i = 0: traffic");
  CHECK(t->acks == acks + 1 && t->ack_sm == 1, "en_i = 0: fence ack");
  t->en = 1;

  /* clear: counters, fence file and dedup table zero; a header is written */
  t->in.clear_i = 1;
  tb_step(t);
  tb_drain(t);
  uint32_t hw[7] = { 0, 0, 0, 0, 0, 0, 0 };
  check_header(t, hw, "after clear");
  uint32_t L3 = dline(&c, 16001);
  check_rec(t, WW_OP_SW, 0, 1, 1, 0x13100, L3, 1);
  tb_drain(t);
  uint64_t e = mem_entry(t, (uint32_t)(md_byte(&c, 0, L3, 0) / LB), 0);
  CHECK(fld(e, F_DEVF, WW_SCORD_FENCEID_W) == 0, "fence file not cleared: %016" PRIx64, e);
  tb_free(t);
  free(t);
}

/* cached mode: a tag miss is INIT (no race), a tag hit keeps the entry */
static void t_cached(void)
{
  ww_scord_det_cfg_t c = base_cfg();
  tb_t *t = calloc(1, sizeof *t);
  tb_init(t, &c);
  t->cached = 1;
  tb_reset(t);
  uint64_t S = cache_sets(&c);
  uint32_t La = dline(&c, (uint32_t)S + 100), Lb = dline(&c, 2 * (uint32_t)S + 100);
  CHECK(md_byte(&c, 1, La, 0) == md_byte(&c, 1, Lb, 0), "aliasing lines share an entry");
  check_rec(t, WW_OP_SW, 0, 1, 1, 0x14000, La, 1);     /* tag 1 */
  check_rec(t, WW_OP_LW, 1, 1, 2, 0x14004, Lb, 1);     /* tag 2: miss, INIT, no race */
  tb_drain(t);
  CHECK(t->nev == 0, "tag miss raced");
  uint64_t e = mem_entry(t, (uint32_t)(md_byte(&c, 1, Lb, 0) / LB), 0);
  CHECK(fld(e, F_TAG, WW_SCORD_TAG_W) == 2 && fld(e, F_WARP, WW_SCORD_WARPID_W) == c.warps + 1,
        "entry after the miss %016" PRIx64, e);
  check_rec(t, WW_OP_SW, 0, 1, 1, 0x14008, Lb, 1);     /* tag 2 hit: race (b) */
  tb_drain(t);
  CHECK(t->nev == 1 && t->ev[0].type == 2, "tag hit: want race (b)");
  tb_free(t);
  free(t);
}

/* ---- the read-ahead (docs/scord.md §3 "Processing") ---------------------------- */

/* streams of CHECKs and FENCEs, sent back to back (the queue fills) */
enum { S_DISTINCT, S_DISTINCT2, S_SAME_CHG, S_SAME_NOCHG, S_SAME_RACE, S_FENCE, S_N };
static const char *const stream_name[S_N] = {
  "one md line per record, changed (distinct lines)",
  "two md lines per record, changed (distinct lines)",
  "one md line, the same for every record, changed",
  "one md line, the same for every record, unchanged",
  "one md line, the same, a race every record (duplicates)",
  "FENCE records"
};

static void send_stream(tb_t *t, unsigned kind, unsigned n0, unsigned n)
{
  const uint32_t L = dline(&t->cfg, 20000);
  for (unsigned r = n0; r < n0 + n; r++) {
    ww_scord_det_sb_t sb;
    switch (kind) {
    case S_DISTINCT:
      sb = acc(WW_OP_SW, 1, 1, 0x15000, 1);
      tb_send(t, 0, dline(&t->cfg, 21000 + r), &sb);
      break;
    case S_DISTINCT2:
      sb = acc(WW_OP_SW, 1, 1, 0x15000, (1u << NW) - 1);
      tb_send(t, 0, dline(&t->cfg, 21000 + r), &sb);
      break;
    case S_SAME_CHG:   /* program order; the lock Bloom alternates: Lock changes */
      sb = acc(WW_OP_SW, 1, 1, 0x15000, 1);
      sb.lk = (r & 1) ? 0x0202 : 0x0101;
      tb_send(t, 0, L, &sb);
      break;
    case S_SAME_NOCHG:   /* program order: only the first load changes the entry */
      sb = acc(WW_OP_LW, 1, 1, 0x15000, 1);
      tb_send(t, 0, L, &sb);
      break;
    case S_SAME_RACE:   /* two blocks store by turns: race (b) each time after the first */
      sb = acc(WW_OP_SW, 1, (r & 1) ? 9 : 1, (r & 1) ? 0x15100 : 0x15000, 1);
      tb_send(t, r & 1, L, &sb);
      break;
    default:
      fence_rec(t, WW_OP_FENCE_BLK, 0, 1);
      break;
    }
  }
}

static int find_req(const tb_t *t, uint32_t op, uint32_t line, unsigned from)
{
  for (unsigned i = from; i < t->ntr; i++)
    if (t->tr[i].op == op && t->tr[i].line == line)
      return (int)i;
  return -1;
}

/* the request order: the next md line is read before the current one is
 * written, unless it is the same line; the results stay those of one record
 * at a time */
static void t_readahead(void)
{
  ww_scord_det_cfg_t c = base_cfg();
  tb_t *t = calloc(1, sizeof *t);
  const unsigned N = 40;
  /* distinct lines, a memory that keeps requests in flight (pipelined, in
   * order, 100 cycles): the READs of the next READAHEAD records go before
   * the WRITE of record r, and READAHEAD READs are in flight at once */
  for (unsigned pipe = 0; pipe < 2; pipe++) {
    tb_init(t, &c);
    t->pipe = (int)pipe;
    t->latency = pipe ? 100 : 4;
    tb_reset(t);
    send_stream(t, S_DISTINCT, 0, N);
    tb_drain(t);
    unsigned ahead = 0, want = 0;
    for (unsigned r = 0; r + 1 < N; r++) {
      uint32_t a = (uint32_t)(md_byte(&c, 0, dline(&c, 21000 + r), 0) / LB);
      int wa = find_req(t, WW_L2_WRITE, a, 0);
      CHECK(wa >= 0, "distinct: record %u: no WRITE", r);
      CHECK(mem_entry(t, a, 0) != INIT, "distinct: record %u not written", r);
      /* in flight, READAHEAD lines are read ahead of the WRITE (one
       * request at a time: only that every record is read) */
      for (unsigned d = 1; d <= (pipe ? c.readahead : 1) && r + d < N; d++) {
        uint32_t b = (uint32_t)(md_byte(&c, 0, dline(&c, 21000 + r + d), 0) / LB);
        int rb = find_req(t, WW_L2_READ, b, 0);
        CHECK(rb >= 0, "distinct: record %u: no READ", r + d);
        want++;
        ahead += wa >= 0 && rb >= 0 && (!pipe || rb < wa);
      }
    }
    CHECK(ahead == want, "distinct (pipe %u): %u of %u READs in the expected order", pipe, ahead,
          want);
    CHECK(t->rd_fly_max == (pipe ? c.readahead : 1), "distinct (pipe %u): %u READs in flight",
          pipe, t->rd_fly_max);
    uint32_t hw[7] = { 0, 0, 0, N, N, N, (uint32_t)t->qfull };
    check_header(t, hw, "distinct");
    tb_free(t);
  }

  /* the same md line, changed every time: one READ, then every record
   * forwards the line the one before it wrote: READ WRITE WRITE ... */
  tb_init(t, &c);
  tb_reset(t);
  send_stream(t, S_SAME_CHG, 0, N);
  tb_drain(t);
  uint32_t mdl = (uint32_t)(md_byte(&c, 0, dline(&c, 20000), 0) / LB);
  int alt = t->ntr == N + 2;
  for (unsigned i = 0; alt && i <= N; i++)
    alt = t->tr[i].line == mdl && t->tr[i].op == (i ? WW_L2_WRITE : WW_L2_READ);
  CHECK(alt, "same line, changed: %u requests, want one READ, N WRITEs + header", t->ntr);
  CHECK(fld(mem_entry(t, mdl, 0), F_LOCK, WW_SCORD_BLOOM_W) == ((N - 1) & 1 ? 0x0202u : 0x0101u),
        "same line: the last record's Bloom %016" PRIx64, mem_entry(t, mdl, 0));
  CHECK(t->nev == 0, "same line: %u races", t->nev);
  tb_free(t);

  /* the same md line, unchanged after the first: one READ, one WRITE */
  tb_init(t, &c);
  tb_reset(t);
  send_stream(t, S_SAME_NOCHG, 0, N);
  tb_drain(t);
  unsigned rd = 0, wr = 0;
  for (unsigned i = 0; i < t->ntr; i++) {
    rd += t->tr[i].op == WW_L2_READ;
    wr += t->tr[i].op == WW_L2_WRITE && t->tr[i].line == mdl;
  }
  CHECK(rd == 1 && wr == 1 && find_req(t, WW_L2_WRITE, mdl, 0) == 1,
        "same line, unchanged: %u READs, %u WRITEs", rd, wr);
  tb_free(t);

  /* races on eight lines, logged in record order while READs run ahead */
  tb_init(t, &c);
  tb_reset(t);
  for (unsigned r = 0; r < 8; r++)
    check_rec(t, WW_OP_SW, 0, 1, 3, 0x16000, dline(&c, 22000 + r), 1);
  for (unsigned r = 0; r < 8; r++)
    check_rec(t, WW_OP_LW, 1, 2, 9, 0x16100, dline(&c, 22000 + r), 1);
  tb_drain(t);
  CHECK(t->nev == 8, "eight races: %u", t->nev);
  for (unsigned r = 0; r < 8 && r < t->nev; r++) {
    CHECK(t->ev[r].addr == dline(&c, 22000 + r) * LB && t->ev[r].type == 2 && !t->ev[r].dup,
          "race %u at %08x type %u", r, t->ev[r].addr, t->ev[r].type);
    CHECK(mem_word(t, entry_line(&c, r), 1) == dline(&c, 22000 + r) * LB &&
              mem_word(t, entry_line(&c, r), 7) == r,
          "log entry %u", r);
  }
  uint32_t hw2[7] = { 8, 8, 0, 16, 16, 16, (uint32_t)t->qfull };
  check_header(t, hw2, "eight races");
  tb_free(t);
  free(t);
}

/* Timing: the steady-state cycles per record, measured as the difference
 * between 2N and N records, with three memories: (a) one request at a time,
 * each answered 4 cycles after acceptance and the next accepted the cycle
 * after (ww_l2_slice's hit timing, one requester alone); (b) requests
 * accepted every cycle and answered in order 4 cycles after acceptance
 * (pipelined hits); (c) the same, 100 cycles (every md line a DRAM read, as
 * in vecadd). Printed (the header's Timing and docs/scord.md quote them);
 * checked only where the port or the read-ahead must be the limit: in (a)
 * distinct changed lines keep the port busy, one READ and one WRITE of 5
 * cycles per md line; in (c) READAHEAD READs in flight give one md line per
 * 100/READAHEAD cycles, and the FSM's work per line must hide under that. */
static void t_timing(void)
{
  ww_scord_det_cfg_t c = base_cfg();
  tb_t *t = calloc(1, sizeof *t);
  const unsigned N = 100;
  static const struct { int pipe; unsigned lat; const char *name; } mems[3] = {
    { 0, 4, "one at a time, 4" }, { 1, 4, "in flight, 4" }, { 1, 100, "in flight, 100" }
  };
  for (unsigned mi = 0; mi < 3; mi++) {
    for (unsigned k = 0; k < S_N; k++) {
      uint64_t cyc[2];
      for (unsigned x = 0; x < 2; x++) {
        tb_init(t, &c);
        t->pipe = mems[mi].pipe;
        t->latency = mems[mi].lat;
        tb_reset(t);
        tb_drain(t);                         /* the reset's header */
        uint64_t t0 = t->cycle;
        send_stream(t, k, 0, (x + 1) * N);
        tb_drain(t);
        cyc[x] = t->cycle - t0;
        tb_free(t);
      }
      double per = (double)(cyc[1] - cyc[0]) / N;
      printf("timing (%-16s): %-56s %6.2f cycles per record\n", mems[mi].name, stream_name[k],
             per);
      if (mi == 0 && k == S_DISTINCT)
        CHECK(cyc[1] - cyc[0] == 10 * N,
              "distinct lines: %.2f cycles per record, want 10 (port)", per);
      if (mi == 0 && k == S_DISTINCT2)
        CHECK(cyc[1] - cyc[0] == 20 * N, "two md lines: %.2f cycles per record, want 20 (port)",
              per);
      if (mi == 2 && (k == S_DISTINCT || k == S_DISTINCT2)) {
        double lines = k == S_DISTINCT ? 1.0 : 2.0;
        double want = lines * (double)mems[mi].lat / (double)c.readahead;
        CHECK(per <= want * 1.05, "%s, 100 cycles: %.2f cycles per record, want <= %.2f",
              stream_name[k], per, want);
      }
    }
  }
  free(t);
}

/* deferral: while the crossbar wants the slice (xbar_req_i), the detector
 * presents no request until half its queue holds records; then it goes
 * first again. Without the crossbar it works at once. */
static void t_defer(void)
{
  ww_scord_det_cfg_t c = base_cfg();
  tb_t *t = calloc(1, sizeof *t);
  tb_init(t, &c);
  tb_reset(t);
  tb_drain(t);                             /* the reset's header */
  t->ntr = 0;
  t->in.xbar_req_i = 1;
  const unsigned half = c.queue / 2;
  /* records of distinct lines, one at a time, while the queue is below half:
   * the detector pops the first and then holds every request back */
  unsigned sent = 0;
  for (; sent < half; sent++) {
    check_rec(t, WW_OP_SW, 0, 1, 1, 0x17000, dline(&c, 23000 + sent), 1);
    for (unsigned n = 0; n < 40; n++)
      tb_step(t);
  }
  /* the first record left the queue; half - 1 wait: not urgent yet */
  CHECK(t->ntr == 0, "deferral: %u requests while the crossbar waits", t->ntr);
  check_rec(t, WW_OP_SW, 0, 1, 1, 0x17000, dline(&c, 23000 + sent), 1);
  sent++;
  for (unsigned n = 0; n < 40; n++)
    tb_step(t);
  CHECK(t->ntr > 0, "deferral: no request with half the queue full");
  t->in.xbar_req_i = 0;
  tb_drain(t);
  uint32_t hw[7] = { 0, 0, 0, sent, sent, sent, (uint32_t)t->qfull };
  check_header(t, hw, "deferral");
  for (unsigned r = 0; r < sent; r++)
    CHECK(mem_entry(t, (uint32_t)(md_byte(&c, 0, dline(&c, 23000 + r), 0) / LB), 0) != INIT,
          "deferral: record %u not written", r);
  tb_free(t);
  free(t);
}

int main(int argc, char **argv)
{
  (void)argv;
  if (argc > 1) {
    fprintf(stderr, "usage: test_scord_det\n");
    return 2;
  }
  t_constants();
  t_first_store(0, 0, 2);
  t_first_store(1, 0, 2);
  t_first_store(0, 1, 2);
  t_first_store(1, 1, 2);
  t_first_store(0, 2, 3);
  t_first_store(1, 2, 3);
  t_rmw();
  t_log_dedup();
  t_fences();
  t_ring();
  t_queue_clear();
  t_cached();
  t_readahead();
  t_defer();
  t_timing();
  printf("test_scord_det: %d checks: %s\n", checks, failures ? "FAIL" : "PASS");
  printf("%d passed, %d failed\n", checks - failures, failures);
  return failures ? 1 : 0;
}
