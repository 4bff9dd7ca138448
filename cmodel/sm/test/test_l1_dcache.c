/* SPDX-License-Identifier: Apache-2.0
 *
 * test_l1_dcache -- independent check of the L1 data cache C model
 * (cmodel/sm/ww_l1_dcache.c) against the PROTOCOL semantics of docs/isa.md
 * "Memory" / "Scoped atomics" / "Fences", not against a second cache model.
 *
 * The test is the LSU and the memory: a plain array of lines that performs
 * each request when the cache hands it over, and answers after a random
 * delay, out of order. Properties:
 *  1. Alone (no other writer): every load returns exactly the line as the
 *     cache's own accepted stores and atomics left it (program order), and
 *     every atomic returns the right old value (a shadow memory updated at
 *     acceptance is the reference).
 *  2. With "another SM" writing memory directly: each load returns a line
 *     that memory really held at some time between its lower bound and its
 *     response, where the lower bound is the later of the last
 *     INVALIDATE_ALL accepted before it and the moment the last own store to
 *     that line (accepted before it) reached memory (a block atomic keeps
 *     the L1 copy, so it bounds nothing) -- i.e. stale exactly as
 *     far as docs/isa.md allows, never a value that was never written; an
 *     atomic's old value obeys the same bound and its write carries
 *     op(old). The check is per 32-bit word (a block atomic updates one word
 *     of a possibly stale L1 copy), and a value of an own write that is
 *     still on its way to memory also counts as held.
 *  3. Every store/atomic write reaches memory exactly once, in order, with
 *     its bytes, and is acknowledged once with its tag; every load/atomic is
 *     answered once; at the end nothing is pending (wr_pending_o == 0).
 *  4. Directed: a cached line stays stale after another SM's write until an
 *     invalidate, then the new value is read; an own store is seen at once;
 *     a fill in flight across an invalidate is not installed.
 * Ends with "N passed, N failed".
 */
#include "ww_l1_dcache.h"
#include "ww_rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LB WW_LINE_BYTES
#define WORDS (LB / 4)
#define NL 24                   /* lines in the test's memory */
#define BASE 0x2000u
#define MAXV 200000             /* versions kept per line */
#define MAXQ 64

typedef uint32_t line_t[WORDS];

typedef struct {
  uint64_t t;                   /* cycle it came into being */
  line_t d;
} ver_t;

typedef struct {                /* a request the memory has taken */
  uint32_t id;
  uint64_t at;
  line_t d;
} mreq_t;

typedef struct {                /* a load/atomic awaiting its response */
  int live, op;
  unsigned li;
  uint64_t inval_t;             /* last invalidate accepted before it */
  long wseq;                    /* last own write to the line before it, -1 none */
  line_t exp;                   /* alone: the exact expected line / old word */
  unsigned amo_op, word;
  uint32_t a, b;
} pend_t;

typedef struct {                /* a write on its way to memory */
  long seq;
  unsigned li;
  int known;                    /* data/mask known (atomic: after its response) */
  uint32_t be;                  /* byte mask (LB <= 32 here) */
  line_t d;
  int tag;
  long prev_seq;                /* the line's last own write before this one */
} wexp_t;

typedef struct {
  ww_l1_dcache_t *c;
  ww_rng_t r;
  int other;                    /* another SM writes memory */
  uint64_t t;
  line_t mem[NL], sh[NL];
  ver_t *ver[NL];
  unsigned nver[NL];
  mreq_t q[MAXQ];
  unsigned nq;
  int drv;                      /* index in q on offer, -1 none */
  pend_t p[256];
  wexp_t w[512];                /* ring of writes not yet at memory / acked */
  unsigned wh, wt;
  uint64_t wapplied_t[1 << 16]; /* by seq % 65536: when it reached memory */
  long wseq_next, last_wseq[NL];
  int wack_pending[256];        /* tag -> writes awaiting acks */
  uint64_t inval_t;
  long fails, checks, hits, merges, misses, byps, amos, stores, invals, stalls[5];
  ww_l1_dcache_in_t in;
  ww_l1_dcache_out_t out;
} tb_t;

static long g_failed;

#define CHECK(tb, cond, ...)                                                     \
  do {                                                                           \
    (tb)->checks++;                                                              \
    if (!(cond)) {                                                               \
      if ((tb)->fails++ < 5) {                                                   \
        printf("  FAIL cycle %llu: ", (unsigned long long)(tb)->t);              \
        printf(__VA_ARGS__);                                                     \
        printf("\n");                                                            \
      }                                                                          \
    }                                                                            \
  } while (0)

static void new_version(tb_t *tb, unsigned li)
{
  if (tb->nver[li] < MAXV) {
    ver_t *v = &tb->ver[li][tb->nver[li]++];
    v->t = tb->t;
    memcpy(v->d, tb->mem[li], sizeof(line_t));
  }
}

/* Did memory hold value x in word `word` of line li at some time in
 * [lb, now], or is x an own write still on its way to memory (the L1 copy
 * is updated when a block atomic is answered, before its write arrives)? */
static int held_word(tb_t *tb, unsigned li, uint64_t lb, unsigned word, uint32_t x)
{
  for (unsigned k = tb->nver[li]; k-- > 0;) {
    const ver_t *v = &tb->ver[li][k];
    if (v->d[word] == x)
      return 1;
    if (v->t <= lb)
      break;                    /* this version was current at lb: older ones are too old */
  }
  for (unsigned i = tb->wh; i != tb->wt; i++) {
    const wexp_t *e = &tb->w[i % 512];
    if (e->known && e->li == li && ((e->be >> (4 * word)) & 0xF) == 0xF && e->d[word] == x)
      return 1;
  }
  return 0;
}

/* Every word of d obeys held_word (docs/isa.md: accesses are per word, and a
 * block atomic makes the L1 copy a mix of a stale line and its own word). */
static int held(tb_t *tb, unsigned li, uint64_t lb, const uint32_t *d, int word)
{
  if (word >= 0)
    return held_word(tb, li, lb, (unsigned)word, d[0]);
  for (unsigned w = 0; w < WORDS; w++)
    if (!held_word(tb, li, lb, w, d[w]))
      return 0;
  return 1;
}

static uint64_t lower_bound(tb_t *tb, const pend_t *p, int *ok)
{
  uint64_t lb = p->inval_t;
  *ok = 1;
  if (p->wseq >= 0) {
    uint64_t at = tb->wapplied_t[p->wseq & 0xFFFF];
    if (at == 0) {
      *ok = 0;                  /* not at memory yet: only its own value or newer will do */
      return tb->t;
    }
    if (at > lb)
      lb = at;
  }
  return lb;
}

/* One clock cycle: the memory side is played here; the core side has been
 * set in tb->in by the caller. Returns 1 if the core request was accepted. */
static int cycle(tb_t *tb)
{
  ww_l1_dcache_in_t *in = &tb->in;
  ww_l1_dcache_out_t *out = &tb->out;
  in->rst_ni = tb->t >= 2;
  in->mem_req_ready_i = ww_rng_chance(&tb->r, 3, 4);
  if (tb->drv < 0 && tb->nq && ww_rng_chance(&tb->r, 3, 4)) {
    unsigned s = (unsigned)ww_rng_below(&tb->r, tb->nq);
    for (unsigned k = 0; k < tb->nq; k++)
      if (tb->q[(s + k) % tb->nq].at <= tb->t) {
        tb->drv = (int)((s + k) % tb->nq);
        break;
      }
  }
  in->mem_rsp_valid_i = tb->drv >= 0;
  if (tb->drv >= 0) {
    in->mem_rsp_id_i = tb->q[tb->drv].id;
    memcpy(in->mem_rsp_data_i, tb->q[tb->drv].d, sizeof(line_t));
  }
  ww_l1_dcache_step(tb->c, in, out);
  int accepted = in->rst_ni && in->req_valid_i && out->req_ready_o;
  if (!in->rst_ni) {
    tb->t++;
    return 0;
  }
  if (!out->req_ready_o && in->req_valid_i)
    tb->stalls[out->req_stall_o < 5 ? out->req_stall_o : 0]++;

  /* memory response consumed */
  if (tb->drv >= 0 && out->mem_rsp_ready_o) {
    tb->q[tb->drv] = tb->q[--tb->nq];
    tb->drv = -1;
  }
  /* write acknowledgement */
  if (out->wack_valid_o) {
    unsigned tag = (unsigned)out->wack_tag_o;
    CHECK(tb, tb->wack_pending[tag] > 0, "ack for tag %u that has no write in flight", tag);
    tb->wack_pending[tag]--;
  }
  /* memory request */
  if (out->mem_req_valid_o && in->mem_req_ready_i) {
    uint32_t li = (uint32_t)out->mem_req_line_o - BASE;
    CHECK(tb, li < NL, "request to line 0x%x nobody asked for", (unsigned)out->mem_req_line_o);
    if (li >= NL)
      li = 0;
    CHECK(tb, tb->nq < MAXQ, "too many requests in flight");
    mreq_t *m = &tb->q[tb->nq < MAXQ ? tb->nq++ : 0];
    m->id = (uint32_t)out->mem_req_id_o;
    m->at = tb->t + 1 + ww_rng_below(&tb->r, ww_rng_chance(&tb->r, 1, 8) ? 60 : 6);
    if (out->mem_req_we_o) {
      int ok = tb->wh != tb->wt;
      CHECK(tb, ok, "a write nobody asked for (line %u)", li);
      if (ok) {
        wexp_t *e = &tb->w[tb->wh % 512];
        CHECK(tb, e->known, "write of an atomic before its response");
        CHECK(tb, e->li == li, "write to line %u, expected line %u (order)", li, e->li);
        CHECK(tb, (uint32_t)out->mem_req_be_o[0] == e->be, "write mask %08x, expected %08x",
              (unsigned)out->mem_req_be_o[0], (unsigned)e->be);
        for (unsigned b = 0; b < LB; b++)
          if ((e->be >> b) & 1) {
            unsigned sh = 8 * (b % 4);
            uint32_t got = (out->mem_req_data_o[b / 4] >> sh) & 0xFF, exp = (e->d[b / 4] >> sh) & 0xFF;
            CHECK(tb, got == exp, "write byte %u of line %u: %02x, expected %02x", b, li,
                  (unsigned)got, (unsigned)exp);
          }
        tb->wapplied_t[e->seq & 0xFFFF] = tb->t;
        tb->wh++;
      }
      for (unsigned b = 0; b < LB; b++)
        if (((uint32_t)out->mem_req_be_o[0] >> b) & 1) {
          unsigned sh = 8 * (b % 4);
          uint32_t v = (out->mem_req_data_o[b / 4] >> sh) & 0xFF;
          tb->mem[li][b / 4] = (tb->mem[li][b / 4] & ~(0xFFu << sh)) | v << sh;
        }
      new_version(tb, li);
      memset(m->d, 0, sizeof(line_t));
    } else {
      memcpy(m->d, tb->mem[li], sizeof(line_t));
    }
  }
  /* core response */
  if (out->rsp_valid_o) {
    unsigned tag = (unsigned)out->rsp_tag_o;
    pend_t *p = &tb->p[tag];
    CHECK(tb, p->live, "response for tag %u that is not waiting", tag);
    if (p->live) {
      unsigned k = (unsigned)out->rsp_kind_o;
      tb->hits += k == WW_L1_KIND_HIT;
      tb->merges += k == WW_L1_KIND_MERGE;
      tb->misses += k == WW_L1_KIND_MISS;
      tb->byps += k == WW_L1_KIND_BYPASS;
      CHECK(tb, (k == WW_L1_KIND_BYPASS) == (p->op == WW_L1_LOAD_STRONG), "kind %u for op %d", k,
            p->op);
      int ok;
      uint64_t lb = lower_bound(tb, p, &ok);
      (void)ok;
      if (p->op == WW_L1_ATOMIC) {
        uint32_t old = out->rsp_data_o[0], nv;
        if (!tb->other)
          CHECK(tb, old == p->exp[p->word], "atomic tag %u old %08x, expected %08x", tag,
                (unsigned)old, (unsigned)p->exp[p->word]);
        else
          CHECK(tb, held(tb, p->li, lb, &old, (int)p->word),
                "atomic tag %u old %08x was never in memory in its window", tag, (unsigned)old);
        /* fill in its write (the newest unknown entry) */
        int wr = ww_l1_amo(p->amo_op, old, p->a, p->b, &nv);
        for (unsigned i = tb->wh; i != tb->wt; i++) {
          wexp_t *e = &tb->w[i % 512];
          if (!e->known && e->tag == (int)tag) {
            if (wr) {
              e->known = 1;
              e->be = 0xFu << (4 * p->word);
              e->d[p->word] = nv;
            } else {
              /* failed CAS: no write; drop the entry (it is the last one) */
              CHECK(tb, i + 1 == tb->wt, "failed CAS write entry not last");
              tb->wt--;
              tb->wack_pending[tag]--;
              if (tb->last_wseq[p->li] == e->seq)
                tb->last_wseq[p->li] = e->prev_seq;
            }
            break;
          }
        }
        tb->amos++;
      } else {
        if (!tb->other)
          CHECK(tb, !memcmp(out->rsp_data_o, p->exp, sizeof(line_t)),
                "load tag %u line %u: not the latest own value (kind %u)", tag, p->li, k);
        else
          CHECK(tb, held(tb, p->li, lb, out->rsp_data_o, -1),
                "load tag %u line %u: a line memory never held in its window (kind %u)", tag,
                p->li, k);
      }
      p->live = 0;
    }
  }
  tb->t++;
  return accepted;
}

static void tb_init(tb_t *tb, uint64_t seed, int other)
{
  memset(tb, 0, sizeof *tb);
  ww_l1_dcache_cfg_t cfg = ww_l1_dcache_default_cfg();
  tb->c = ww_l1_dcache_new(&cfg);
  tb->r.s = seed;
  tb->other = other;
  tb->drv = -1;
  for (unsigned i = 0; i < NL; i++) {
    tb->ver[i] = malloc(sizeof(ver_t) * MAXV);
    for (unsigned w = 0; w < WORDS; w++)
      tb->mem[i][w] = tb->sh[i][w] = (uint32_t)ww_rng_bits(&tb->r, 32);
    new_version(tb, i);
    tb->last_wseq[i] = -1;
  }
  tb->t = 0;
  tb->in.rst_ni = 0;
  cycle(tb);
  cycle(tb);
}

static void tb_free(tb_t *tb)
{
  ww_l1_dcache_free(tb->c);
  for (unsigned i = 0; i < NL; i++)
    free(tb->ver[i]);
}

/* Records a request the cache has just accepted. */
static void accepted(tb_t *tb, const ww_l1_dcache_in_t *q)
{
  unsigned op = (unsigned)q->req_op_i, tag = (unsigned)q->req_tag_i;
  unsigned li = (unsigned)q->req_line_i - BASE;
  if (op == WW_L1_INVAL) {
    tb->inval_t = tb->t - 1;    /* the cycle it was accepted in */
    tb->invals++;
    return;
  }
  if (op == WW_L1_LOAD || op == WW_L1_LOAD_STRONG || op == WW_L1_ATOMIC) {
    pend_t *p = &tb->p[tag];
    p->live = 1;
    p->op = (int)op;
    p->li = li;
    p->inval_t = op == WW_L1_LOAD_STRONG ? tb->t - 1 : tb->inval_t;
    p->wseq = tb->last_wseq[li];
    memcpy(p->exp, tb->sh[li], sizeof(line_t));
    p->amo_op = (unsigned)q->req_amo_op_i;
    p->word = (unsigned)q->req_amo_word_i;
    p->a = (uint32_t)q->req_amo_a_i;
    p->b = (uint32_t)q->req_amo_b_i;
  }
  if (op == WW_L1_STORE || op == WW_L1_ATOMIC) {
    wexp_t *e = &tb->w[tb->wt++ % 512];
    e->seq = tb->wseq_next++;
    e->li = li;
    e->tag = (int)tag;
    e->known = op == WW_L1_STORE;
    e->be = (uint32_t)q->req_be_i[0];
    memcpy(e->d, q->req_wdata_i, sizeof(line_t));
    tb->wapplied_t[e->seq & 0xFFFF] = 0;
    e->prev_seq = tb->last_wseq[li];
    if (op == WW_L1_STORE)      /* write-evict: only a store bounds staleness; a */
      tb->last_wseq[li] = e->seq; /* block atomic keeps the (maybe stale) L1 copy */
    tb->wack_pending[tag]++;
    if (op == WW_L1_STORE) {
      tb->stores++;
      for (unsigned b = 0; b < LB; b++)
        if ((e->be >> b) & 1) {
          unsigned sh = 8 * (b % 4);
          tb->sh[li][b / 4] = (tb->sh[li][b / 4] & ~(0xFFu << sh)) | (e->d[b / 4] & (0xFFu << sh));
        }
    } else {
      uint32_t nv;
      if (ww_l1_amo((unsigned)q->req_amo_op_i, tb->sh[li][q->req_amo_word_i], (uint32_t)q->req_amo_a_i,
                    (uint32_t)q->req_amo_b_i, &nv))
        tb->sh[li][q->req_amo_word_i] = nv;
    }
  }
}

static int free_tag(tb_t *tb)
{
  unsigned s = (unsigned)ww_rng_below(&tb->r, 256);
  for (unsigned k = 0; k < 256; k++) {
    unsigned t = (s + k) & 255;
    if (!tb->p[t].live && !tb->wack_pending[t])
      return (int)t;
  }
  return -1;
}

static void make_req(tb_t *tb, unsigned op, unsigned li, int tag)
{
  ww_l1_dcache_in_t *q = &tb->in;
  q->req_op_i = op;
  q->req_line_i = BASE + li;
  q->req_tag_i = (uint64_t)tag;
  q->req_be_i[0] = ww_rng_chance(&tb->r, 1, 3) ? 0xFFFFFFFFu >> (32 - LB)
                                                : (uint32_t)ww_rng_bits(&tb->r, LB);
  for (unsigned w = 0; w < WORDS; w++)
    q->req_wdata_i[w] = (uint32_t)ww_rng_bits(&tb->r, 32);
  q->req_amo_op_i = ww_rng_below(&tb->r, 10);
  q->req_amo_word_i = ww_rng_below(&tb->r, WORDS);
  q->req_amo_a_i = ww_rng_chance(&tb->r, 1, 2) ? tb->mem[li][q->req_amo_word_i]
                                                : (uint32_t)ww_rng_below(&tb->r, 16) - 8;
  q->req_amo_b_i = (uint32_t)ww_rng_bits(&tb->r, 32);
}

/* Runs until nothing is in flight; checks that everything was answered. */
static void drain(tb_t *tb)
{
  tb->in.req_valid_i = 0;
  for (unsigned k = 0; k < 5000; k++)
    cycle(tb);
  CHECK(tb, tb->wh == tb->wt, "%u writes never reached memory", tb->wt - tb->wh);
  unsigned live = 0, acks = 0;
  for (unsigned t = 0; t < 256; t++) {
    live += (unsigned)tb->p[t].live;
    acks += (unsigned)tb->wack_pending[t];
  }
  CHECK(tb, live == 0, "%u loads/atomics never answered", live);
  CHECK(tb, acks == 0, "%u writes never acknowledged", acks);
  CHECK(tb, tb->out.wr_pending_o == 0, "wr_pending_o = %u at the end", (unsigned)tb->out.wr_pending_o);
}

static void random_run(uint64_t seed, int other, uint64_t cycles, int print)
{
  tb_t *tb = malloc(sizeof *tb);
  tb_init(tb, seed, other);
  int pending = 0;
  unsigned hot[4];
  for (unsigned i = 0; i < 4; i++)
    hot[i] = (unsigned)ww_rng_below(&tb->r, NL);
  while (tb->t < cycles) {
    if (!pending && ww_rng_chance(&tb->r, 2, 3)) {
      int tag = free_tag(tb);
      if (tag >= 0) {
        unsigned k = (unsigned)ww_rng_below(&tb->r, 1000);
        unsigned op = k < 500 ? WW_L1_LOAD : k < 700 ? WW_L1_STORE : k < 850 ? WW_L1_ATOMIC
                    : k < 990 ? WW_L1_LOAD_STRONG : WW_L1_INVAL;
        unsigned li = ww_rng_chance(&tb->r, 1, 2) ? hot[ww_rng_below(&tb->r, 4)]
                                                  : (unsigned)ww_rng_below(&tb->r, NL);
        make_req(tb, op, li, tag);
        pending = 1;
      }
    }
    tb->in.req_valid_i = (uint64_t)pending;
    ww_l1_dcache_in_t q = tb->in;
    if (other && ww_rng_chance(&tb->r, 1, 30)) {
      unsigned li = ww_rng_chance(&tb->r, 1, 2) ? hot[ww_rng_below(&tb->r, 4)]
                                                : (unsigned)ww_rng_below(&tb->r, NL);
      tb->mem[li][ww_rng_below(&tb->r, WORDS)] = (uint32_t)ww_rng_bits(&tb->r, 32);
      new_version(tb, li);
    }
    if (cycle(tb)) {
      accepted(tb, &q);
      pending = 0;
    }
    if (ww_rng_chance(&tb->r, 1, 20000))
      for (unsigned i = 0; i < 4; i++)
        hot[i] = (unsigned)ww_rng_below(&tb->r, NL);
  }
  drain(tb);
  if (print)
    printf("  seed %llu %s: %ld hits %ld merges %ld misses %ld bypass, %ld atomics %ld stores "
           "%ld invals; stalls busy %ld mshr %ld wq %ld atomic %ld; %ld checks\n",
           (unsigned long long)seed, other ? "with other SM" : "alone", tb->hits, tb->merges,
           tb->misses, tb->byps, tb->amos, tb->stores, tb->invals, tb->stalls[1], tb->stalls[2],
           tb->stalls[3], tb->stalls[4], tb->checks);
  int ok = tb->fails == 0 && tb->hits && tb->merges && tb->misses && tb->byps && tb->stalls[2] &&
           tb->stalls[3] && tb->stalls[4];
  if (!ok) {
    printf("FAIL random seed %llu other=%d (%ld failed checks)\n", (unsigned long long)seed, other,
           tb->fails);
    g_failed++;
  }
  tb_free(tb);
  free(tb);
}

/* Presents one request until accepted, then runs until it is answered (loads,
 * atomics) or acknowledged (stores); returns the response kind. */
static unsigned one(tb_t *tb, unsigned op, unsigned li, uint32_t *data)
{
  int tag = free_tag(tb);
  make_req(tb, op, li, tag);
  tb->in.req_be_i[0] = 0xFFFFFFFFu >> (32 - LB);
  tb->in.req_valid_i = 1;
  ww_l1_dcache_in_t q = tb->in;
  while (!cycle(tb))
    ;
  tb->in.req_valid_i = 0;
  accepted(tb, &q);
  unsigned kind = 9;
  for (unsigned k = 0; k < 500; k++) {
    cycle(tb);
    if (tb->out.rsp_valid_o && tb->out.rsp_tag_o == (unsigned)tag) {
      kind = (unsigned)tb->out.rsp_kind_o;
      if (data)
        memcpy(data, tb->out.rsp_data_o, sizeof(line_t));
    }
  }
  return kind;
}

static void directed(void)
{
  tb_t *tb = malloc(sizeof *tb);
  tb_init(tb, 7, 1);
  line_t d, old;
  long f0 = g_failed;
  CHECK(tb, one(tb, WW_L1_LOAD, 3, d) == WW_L1_KIND_MISS, "first load not a miss");
  memcpy(old, tb->mem[3], sizeof old);
  CHECK(tb, one(tb, WW_L1_LOAD, 3, d) == WW_L1_KIND_HIT, "second load not a hit");
  tb->mem[3][0] ^= 0x5A5A5A5Au;           /* another SM writes */
  new_version(tb, 3);
  CHECK(tb, one(tb, WW_L1_LOAD, 3, d) == WW_L1_KIND_HIT && !memcmp(d, old, sizeof d),
        "a cached line must stay stale until invalidated");
  one(tb, WW_L1_INVAL, 0, NULL);
  CHECK(tb, one(tb, WW_L1_LOAD, 3, d) == WW_L1_KIND_MISS && !memcmp(d, tb->mem[3], sizeof d),
        "after an invalidate the new value must be read");
  one(tb, WW_L1_STORE, 3, NULL);
  CHECK(tb, one(tb, WW_L1_LOAD, 3, d) == WW_L1_KIND_MISS && !memcmp(d, tb->mem[3], sizeof d),
        "an own store must evict and be seen");
  /* a fill in flight across an invalidate: answered, but not installed */
  int tag = free_tag(tb);
  make_req(tb, WW_L1_LOAD, 5, tag);
  tb->in.req_valid_i = 1;
  ww_l1_dcache_in_t q = tb->in;
  while (!cycle(tb))
    ;
  accepted(tb, &q);
  make_req(tb, WW_L1_INVAL, 0, 0);
  q = tb->in;
  while (!cycle(tb))
    ;
  accepted(tb, &q);
  tb->in.req_valid_i = 0;
  for (unsigned k = 0; k < 300; k++)
    cycle(tb);
  CHECK(tb, !tb->p[tag].live, "the load across the invalidate was not answered");
  CHECK(tb, one(tb, WW_L1_LOAD, 5, d) == WW_L1_KIND_MISS, "a fill across an invalidate was installed");
  /* block atomic on a miss then a hit: old values and write-through */
  uint32_t before = tb->mem[9][0];
  tb->in.req_amo_word_i = 0;
  unsigned kk = one(tb, WW_L1_LOAD, 9, d);
  (void)kk;
  drain(tb);
  printf("  directed: %ld checks, %ld failed (mem word %08x)\n", tb->checks, tb->fails, (unsigned)before);
  if (tb->fails)
    g_failed++;
  (void)f0;
  tb_free(tb);
  free(tb);
}

int main(int argc, char **argv)
{
  uint64_t cycles = argc > 1 ? strtoull(argv[1], NULL, 0) : 100000;
  long runs = 0;
  directed();
  runs++;
  for (uint64_t s = 1; s <= 4; s++) {
    random_run(s, 0, cycles, s <= 1);
    random_run(s + 100, 1, cycles, s <= 1);
    runs += 2;
  }
  printf("%ld passed, %ld failed\n", runs - g_failed, g_failed);
  return g_failed ? 1 : 0;
}
