/* SPDX-License-Identifier: Apache-2.0
 *
 * test_hl_link -- the host link's RTL (tb/fpga/tb_hl_link.v: UART, CRC-32,
 * parser, executor, framer, run control, memory) against a C model of the
 * protocol of docs/fpga.md sec. 1, transaction by transaction, with random
 * frames: every command, valid and invalid lengths, addresses and
 * arguments, damaged frames (a bit flipped after the length: BAD_CRC with
 * the SEQ as received), truncated frames (no answer; the next frame is
 * served), garbage between frames, LAUNCH retried with the same SEQ (not
 * run twice), kernels that finish or trap (the harness plays the GPU), and
 * requests refused while a kernel runs. Each answer must be the model's
 * frame byte for byte; the instruction-memory writes and the launch
 * registers must be the model's; at the end all memory is read back.
 *
 *   test_hl_link [--seed N] [--frames N]
 *
 * The seed is printed; the same seed replays the same frames. The first
 * difference prints the transaction, the request and both answers, and
 * exits 1. Ends with "N passed, N failed".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tb_hl_link_glue.h"
#include "ww_config.h"
#include "ww_hl_link.h"

/* tb_hl_link's parameters */
#define CPB 4
#define MEM_LINES 512
#define MAXP 64
#define RX_TIMEOUT 320
#define IMEM_BYTES 1024
#define CODE_BASE 4096
#define NUM_SM 2
#define NUM_PART 2
#define LANES 8
#define WARPS 4
#define LB 32
#define MEM_BYTES (MEM_LINES * LB)
#define IMEM_WORDS (IMEM_BYTES / 4)
#define QCNT_W 20

static uint64_t rng_s;
static uint32_t rnd(void)
{
  rng_s = rng_s * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(rng_s >> 33);
}
static uint32_t below(uint32_t n) { return n ? rnd() % n : 0; }

/* ---- the model ------------------------------------------------------------- */
typedef struct {
  uint8_t  mem[MEM_BYTES];
  uint32_t imem[IMEM_WORDS];
  uint8_t  imem_known[IMEM_WORDS];
  unsigned state;
  int      last_valid;
  uint8_t  last_seq;
  uint32_t launch[7];
  int      counters_known;
  uint64_t cycles, warps, threads;
  uint32_t blocks;
  int      det_ovf;
  uint32_t trap[9];
} model_t;

static uint32_t rd32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static void wr32(uint8_t *p, uint32_t v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

typedef struct {
  int      answer;           /* 0: no answer expected */
  uint8_t  seq, status;
  uint16_t len;
  uint8_t  pl[MAXP];
  int      status_loose;     /* STATUS while running or after an abort: only word 0 */
  int      launched;         /* the GPU starts */
} expect_t;

static void ex_status(expect_t *e, uint8_t st) { e->answer = 1; e->status = st; e->len = 0; }

/* The model executes a whole (undamaged) request. */
static void model_request(model_t *m, uint8_t seq, uint8_t cmd, const uint8_t *pl, uint16_t len,
                          expect_t *e)
{
  memset(e, 0, sizeof *e);
  e->seq = seq;
  int known = 1, len_good = 0;
  const int aligned = len % 4 == 0;
  switch (cmd) {
  case WW_HL_CMD_INFO: len_good = len == 0; break;
  case WW_HL_CMD_MEM_WRITE: len_good = aligned && len >= 8; break;
  case WW_HL_CMD_MEM_READ: len_good = len == 8; break;
  case WW_HL_CMD_MEM_FILL: len_good = len == 16; break;
  case WW_HL_CMD_IMEM_WRITE: len_good = aligned && len >= 8; break;
  case WW_HL_CMD_LAUNCH: len_good = len == 28; break;
  case WW_HL_CMD_STATUS: case WW_HL_CMD_TRAP: case WW_HL_CMD_ABORT: len_good = len == 0; break;
  case WW_HL_CMD_COUNTERS: len_good = len == 4; break;
  default: known = 0;
  }
  if (!known)
    return ex_status(e, WW_HL_ST_BAD_CMD);
  if (len > MAXP || !len_good)
    return ex_status(e, WW_HL_ST_BAD_LEN);
  if (m->state == WW_HL_STATE_BUSY &&
      (cmd == WW_HL_CMD_MEM_WRITE || cmd == WW_HL_CMD_MEM_READ || cmd == WW_HL_CMD_MEM_FILL ||
       cmd == WW_HL_CMD_IMEM_WRITE || cmd == WW_HL_CMD_LAUNCH))
    return ex_status(e, WW_HL_ST_BUSY);
  uint32_t a[7] = { 0 };
  for (unsigned i = 0; i < 7 && 4 * i + 4 <= len; i++)
    a[i] = rd32(pl + 4 * i);
  const uint64_t a0 = a[0], a1 = a[1];
  unsigned bank = a[0] & 0xFF, sel = a[0] >> 8 & 0xFF, first = a[0] >> 16 & 0xFF, count = a[0] >> 24;
  unsigned n_of_bank = bank == WW_HL_BANK_GSI ? WW_GSI_CNT_N : bank == WW_HL_BANK_TM ? WW_TM_CNT_N
                       : bank == WW_HL_BANK_DET ? WW_DETC_N : 0;
  unsigned sels = bank == WW_HL_BANK_GSI ? NUM_SM : bank == WW_HL_BANK_TM ? NUM_PART : 1;
  switch (cmd) {
  case WW_HL_CMD_MEM_WRITE:
    if (a0 & 3)
      return ex_status(e, WW_HL_ST_BAD_ARG);
    if (a0 + len - 4 > MEM_BYTES)
      return ex_status(e, WW_HL_ST_ADDR_RANGE);
    break;
  case WW_HL_CMD_MEM_READ:
    if ((a0 & 3) || (a1 & 3) || a1 == 0 || a1 > MAXP)
      return ex_status(e, WW_HL_ST_BAD_ARG);
    if (a0 + a1 > MEM_BYTES)
      return ex_status(e, WW_HL_ST_ADDR_RANGE);
    break;
  case WW_HL_CMD_MEM_FILL:
    if (a0 % LB || a1 % LB || a1 == 0)
      return ex_status(e, WW_HL_ST_BAD_ARG);
    if (a0 + a1 > MEM_BYTES)
      return ex_status(e, WW_HL_ST_ADDR_RANGE);
    break;
  case WW_HL_CMD_IMEM_WRITE:
    if (a0 + len / 4 - 1 > IMEM_WORDS)
      return ex_status(e, WW_HL_ST_ADDR_RANGE);
    break;
  case WW_HL_CMD_LAUNCH:
    if ((a0 & 3) || a1 == 0 || a[2] == 0 || a[2] > WARPS * LANES || a[6] == 0 ||
        a[6] >= (1u << QCNT_W))
      return ex_status(e, WW_HL_ST_BAD_ARG);
    break;
  case WW_HL_CMD_COUNTERS:
    if (!n_of_bank || sel >= sels || count == 0 || first + count > n_of_bank || count * 4 > MAXP)
      return ex_status(e, WW_HL_ST_BAD_ARG);
    break;
  default: break;
  }
  /* executed */
  e->answer = 1;
  e->status = WW_HL_ST_OK;
  const int dup = m->last_valid && m->last_seq == seq;
  m->last_valid = 1;
  m->last_seq = seq;
  switch (cmd) {
  case WW_HL_CMD_INFO: {
    const uint32_t w[10] = { 0x4C485757u, (uint32_t)MAXP << 16 | 1u,
                             NUM_SM | NUM_PART << 8 | WARPS << 16 | (uint32_t)LANES << 24, LB,
                             IMEM_BYTES, MEM_BYTES, WW_GMEM_BYTES, CODE_BASE, CPB,
                             WW_GSI_CNT_N | WW_TM_CNT_N << 8 | WW_DETC_N << 16 };
    for (int i = 0; i < 10; i++)
      wr32(e->pl + 4 * i, w[i]);
    e->len = 40;
    break;
  }
  case WW_HL_CMD_MEM_WRITE:
    memcpy(m->mem + a0, pl + 4, len - 4u);
    break;
  case WW_HL_CMD_MEM_READ:
    memcpy(e->pl, m->mem + a0, a1);
    e->len = (uint16_t)a1;
    break;
  case WW_HL_CMD_MEM_FILL:
    for (uint64_t x = a0; x < a0 + a1; x += 4)
      wr32(m->mem + x, (x / 4) % 2 == 0 ? a[2] : a[3]);
    break;
  case WW_HL_CMD_IMEM_WRITE:
    for (unsigned i = 0; i + 1 < len / 4u; i++) {
      m->imem[a0 + i] = rd32(pl + 4 + 4 * i);
      m->imem_known[a0 + i] = 1;
    }
    break;
  case WW_HL_CMD_LAUNCH:
    if (dup)
      break;   /* a retry: answered, not run again */
    memcpy(m->launch, a, sizeof m->launch);
    if (a[4] >> WW_HL_LF_IMEM_LSB & 1)
      for (unsigned i = 0; i < IMEM_WORDS; i++) {
        uint64_t x = CODE_BASE + 4ull * i;
        m->imem[i] = x + 4 <= MEM_BYTES ? rd32(m->mem + x) : 0;
        m->imem_known[i] = 1;
      }
    m->state = WW_HL_STATE_BUSY;
    m->cycles = m->warps = m->threads = 0;
    m->blocks = 0;
    m->counters_known = 1;
    memset(m->trap, 0, sizeof m->trap);
    e->launched = 1;
    break;
  case WW_HL_CMD_STATUS: {
    uint32_t w[8] = { m->state | (uint32_t)m->det_ovf << 8, (uint32_t)m->cycles,
                      (uint32_t)(m->cycles >> 32), (uint32_t)m->warps, (uint32_t)(m->warps >> 32),
                      (uint32_t)m->threads, (uint32_t)(m->threads >> 32), m->blocks };
    for (int i = 0; i < 8; i++)
      wr32(e->pl + 4 * i, w[i]);
    e->len = 32;
    e->status_loose = m->state == WW_HL_STATE_BUSY || !m->counters_known;
    break;
  }
  case WW_HL_CMD_TRAP:
    for (int i = 0; i < 9; i++)
      wr32(e->pl + 4 * i, m->trap[i]);
    e->len = 36;
    break;
  case WW_HL_CMD_COUNTERS:
    for (unsigned i = 0; i < count; i++)
      wr32(e->pl + 4 * i, bank << 24 | sel << 16 | (first + i) << 8 | 0xDE);
    e->len = (uint16_t)(4 * count);
    break;
  case WW_HL_CMD_ABORT:
    if (m->state == WW_HL_STATE_BUSY)
      m->counters_known = 0;   /* stopped at some cycle */
    m->state = WW_HL_STATE_IDLE;
    break;
  default: break;
  }
}

/* ---- the bench: UART bits, the GPU's side --------------------------------- */
typedef struct {
  tbhl_t    *t;
  tbhl_in_t  in;
  tbhl_out_t out;
  uint64_t   cycle;
  /* the host's UART */
  const uint8_t *txb;
  size_t     txn, txi;
  int        txbit;            /* -1 idle */
  unsigned   txcnt;
  uint8_t    rxbuf[4096];
  size_t     rxn;
  int        rxbusy;
  unsigned   rxbit, rxcnt;
  uint8_t    rxbyte;
  /* the GPU */
  int        run;              /* 0 idle, 1 start seen, 2 running */
  int64_t    left;             /* busy cycles left; < 0: until aborted */
  int        trap_at;          /* busy cycle of a trap, -1 none */
  unsigned   trap_sms;
  int64_t    busy_n;
  uint64_t   warps, threads;
  uint32_t   blocks;
  int        finished;         /* 1 done, 2 trapped */
  int        started;
  /* the next run, decided before each request (a LAUNCH starts it) */
  int64_t    next_left;
  int        next_trap_at;
  unsigned   next_trap_sms;
  uint32_t   next_trap_seed;
  int        next_det_ovf;
  uint32_t   launch_regs[7];
  uint32_t   imem[IMEM_WORDS];
  uint8_t    imem_w[IMEM_WORDS];
} bench_t;

static void step(bench_t *b)
{
  /* the host's transmitter */
  if (b->txbit < 0 && b->txi < b->txn) {
    b->txbit = 0;
    b->txcnt = CPB;
  }
  b->in.rx = b->txbit < 0 ? 1 : b->txbit == 0 ? 0 : b->txbit == 9 ? 1
           : b->txb[b->txi] >> (b->txbit - 1) & 1;
  /* the GPU's side for this cycle */
  b->in.busy = b->in.done = 0;
  b->in.ret_valid = 0;
  b->in.ret_mask = 0;
  b->in.launch_valid = 0;
  if (b->run == 1) {
    b->run = 2;
  } else if (b->run == 2) {
    if (b->trap_at >= 0 && b->busy_n == b->trap_at) {
      b->in.busy = 1;
      b->in.trap_valid = b->trap_sms;
      b->run = 0;
      b->finished = 2;
    } else if (b->left != 0) {
      b->in.busy = 1;
      if (b->left > 0)
        b->left--;
    } else {
      b->in.done = 1;
      b->run = 0;
      b->finished = 1;
    }
    if (b->in.busy) {
      b->busy_n++;
      b->in.ret_valid = rnd() & 3;
      b->in.ret_mask = rnd() & 0xFFFF;
      b->in.launch_valid = below(8) == 0;
      for (unsigned s = 0; s < NUM_SM; s++)
        if (b->in.ret_valid >> s & 1) {
          b->warps++;
          b->threads += (uint64_t)__builtin_popcount(b->in.ret_mask >> (8 * s) & 0xFF);
        }
      b->blocks += (uint32_t)b->in.launch_valid;
    }
  }
  tbhl_cycle(b->t, &b->in, &b->out);
  b->cycle++;
  if (!b->out.gpu_rst_n) {
    b->in.trap_valid = 0;
    if (b->run == 2 && b->left < 0)
      b->run = 0;   /* aborted */
  }
  if (b->out.start) {
    b->run = 1;
    b->started = 1;
    b->finished = 0;
    b->busy_n = 0;
    b->warps = b->threads = 0;
    b->blocks = 0;
    b->left = b->next_left;
    b->trap_at = b->next_trap_at;
    b->trap_sms = b->next_trap_sms;
    b->in.trap_seed = b->next_trap_seed;
    b->in.det_ovf = b->next_det_ovf;
    b->launch_regs[0] = b->out.entry;
    b->launch_regs[1] = b->out.grid;
    b->launch_regs[2] = b->out.block;
    b->launch_regs[3] = b->out.kargs;
    b->launch_regs[4] = b->out.flags;
    b->launch_regs[5] = b->out.txwd;
    b->launch_regs[6] = b->out.quantum;
  }
  if (b->out.imem_we) {
    b->imem[b->out.imem_addr] = b->out.imem_data;
    b->imem_w[b->out.imem_addr] = 1;
  }
  if (b->txbit >= 0 && --b->txcnt == 0) {
    b->txcnt = CPB;
    if (++b->txbit == 10) {
      b->txbit = -1;
      b->txi++;
    }
  }
  /* the host's receiver */
  if (!b->rxbusy) {
    if (!b->out.tx) {
      b->rxbusy = 1;
      b->rxbit = 0;
      b->rxcnt = CPB / 2;
    }
  } else if (--b->rxcnt == 0) {
    b->rxcnt = CPB;
    if (b->rxbit == 0) {
      if (b->out.tx)
        b->rxbusy = 0;
    } else if (b->rxbit <= 8) {
      b->rxbyte = (uint8_t)(b->rxbyte >> 1 | (b->out.tx ? 0x80 : 0));
    } else {
      b->rxbusy = 0;
      if (b->out.tx && b->rxn < sizeof b->rxbuf)
        b->rxbuf[b->rxn++] = b->rxbyte;
    }
    b->rxbit++;
  }
}

static void hexdump(const char *what, const uint8_t *p, size_t n)
{
  fprintf(stderr, "  %s (%zu bytes):", what, n);
  for (size_t i = 0; i < n && i < 96; i++)
    fprintf(stderr, " %02x", p[i]);
  fprintf(stderr, "%s\n", n > 96 ? " ..." : "");
}

static uint64_t g_seed;
static int g_fail;
static unsigned g_traps;

static void fail_tx(unsigned k, const char *why, const uint8_t *req, size_t rn, const uint8_t *want,
                    size_t wn, const uint8_t *got, size_t gn)
{
  fprintf(stderr, "FAIL seed %" PRIu64 " transaction %u: %s\n", g_seed, k, why);
  hexdump("request", req, rn);
  hexdump("expected answer", want, wn);
  hexdump("answer", got, gn);
  fprintf(stderr, "  replay: test_hl_link --seed %" PRIu64 "\n", g_seed);
  g_fail = 1;
}

/* Sends req (n bytes) and collects the answer: exactly the expected frame,
 * or nothing (e->answer == 0) within the frame timeout. */
static int transact(bench_t *b, model_t *m, unsigned k, const uint8_t *req, size_t n,
                    const expect_t *e)
{
  uint8_t want[WW_HL_HDR + MAXP + WW_HL_CRC];
  size_t wn = e->answer ? ww_hl_frame(want, WW_HL_SYNC_RSP, e->seq, e->status, e->pl, e->len) : 0;
  b->txb = req;
  b->txn = n;
  b->txi = 0;
  b->rxn = 0;
  const uint64_t cap = b->cycle + (n + wn + 8) * CPB * 11 + 4 * RX_TIMEOUT + 4000;
  while (b->cycle < cap && (b->txi < b->txn || (e->answer ? b->rxn < wn : 1)))
    step(b);
  while (b->rxbusy || b->txbit >= 0)
    step(b);
  if (b->rxn != wn) {
    fail_tx(k, e->answer ? "the answer is missing or has the wrong length" : "an answer to a "
            "frame that should get none", req, n, want, wn, b->rxbuf, b->rxn);
    return -1;
  }
  if (e->status_loose) {
    /* STATUS of a running (or aborted) kernel: the state word, a well-formed frame */
    uint32_t crc = ww_hl_crc(b->rxbuf + 1, wn - 1 - WW_HL_CRC);
    if (memcmp(b->rxbuf, want, WW_HL_HDR + 4) || rd32(b->rxbuf + wn - 4) != crc) {
      fail_tx(k, "STATUS of a running kernel: header, state word or CRC differ", req, n, want,
              wn, b->rxbuf, b->rxn);
      return -1;
    }
  } else if (memcmp(b->rxbuf, want, wn)) {
    fail_tx(k, "the answer differs from the model's", req, n, want, wn, b->rxbuf, b->rxn);
    return -1;
  }
  (void)m;
  return 0;
}

/* After a LAUNCH: the GPU runs; let it finish (or keep running) and put
 * its outcome into the model. */
static void run_gpu(bench_t *b, model_t *m)
{
  for (uint64_t stop = b->cycle + 100000; !b->finished && b->cycle < stop;)
    step(b);
  for (int i = 0; i < 4; i++)
    step(b);
  if (b->finished == 1) {
    m->state = WW_HL_STATE_DONE;
  } else if (b->finished == 2) {
    m->state = WW_HL_STATE_TRAP;
    g_traps++;
    unsigned s = (unsigned)__builtin_ctz(b->trap_sms);
    uint32_t v = b->in.trap_seed ^ (0x9E3779B9u * (s + 1));
    uint32_t t[9] = { v & 31, s, v >> 8 & 3, v ^ 0xB10Cu, v >> 16 & 0xFF, v & ~3u, ~v,
                      v >> 24 & 63, v + 1 };
    memcpy(m->trap, t, sizeof t);
  }
  m->cycles = (uint64_t)b->busy_n + (b->finished == 1);
  m->warps = b->warps;
  m->threads = b->threads;
  m->blocks = b->blocks;
}

int main(int argc, char **argv)
{
  g_seed = (uint64_t)time(NULL) ^ (uint64_t)clock();
  unsigned frames = 400;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      g_seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--frames") && i + 1 < argc)
      frames = (unsigned)strtoul(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: test_hl_link [--seed N] [--frames N]\n");
      return 2;
    }
  }
  printf("test_hl_link: seed %" PRIu64 ", %u frames\n", g_seed, frames);
  rng_s = g_seed;
  static model_t m;
  static bench_t b;
  memset(&m, 0, sizeof m);
  m.state = WW_HL_STATE_IDLE;
  b.t = tbhl_new(g_seed);
  b.txbit = -1;
  b.in.rst_n = 0;
  for (int i = 0; i < 8; i++)
    step(&b);
  b.in.rst_n = 1;
  for (int i = 0; i < 8; i++)
    step(&b);

  static const uint8_t cmds[] = { WW_HL_CMD_INFO, WW_HL_CMD_MEM_WRITE, WW_HL_CMD_MEM_READ,
                                  WW_HL_CMD_MEM_FILL, WW_HL_CMD_IMEM_WRITE, WW_HL_CMD_LAUNCH,
                                  WW_HL_CMD_STATUS, WW_HL_CMD_TRAP, WW_HL_CMD_COUNTERS,
                                  WW_HL_CMD_ABORT };
  unsigned counts[8] = { 0 };   /* ok, refused, bad CRC, truncated, launch, dup, trap, busy */
  uint8_t seq = 0, last_launch[WW_HL_HDR + 28 + WW_HL_CRC];
  size_t last_launch_n = 0;
  uint8_t last_launch_seq = 0;
  for (unsigned k = 0; k < frames && !g_fail; k++) {
    uint8_t pl[MAXP + 16], req[2 * (WW_HL_HDR + MAXP + 16 + WW_HL_CRC)];
    uint16_t len = 0;
    uint8_t cmd = cmds[below(sizeof cmds)];
    if (below(40) == 0)
      cmd = (uint8_t)(0x10 + below(200));   /* unknown */
    const int good = below(5) != 0;          /* mostly valid arguments */
    uint32_t w[16];
    for (int i = 0; i < 16; i++)
      w[i] = rnd();
    switch (cmd) {
    case WW_HL_CMD_MEM_WRITE: {
      unsigned nw = 1 + below(MAXP / 4 - 1);
      w[0] = good ? 4 * below((MEM_BYTES - 4 * nw) / 4 + 1) : rnd() % (MEM_BYTES + 64);
      len = (uint16_t)(4 + 4 * nw);
      break;
    }
    case WW_HL_CMD_MEM_READ:
      w[1] = good ? 4 + 4 * below(MAXP / 4) : below(MAXP + 8);
      w[0] = good ? 4 * below((MEM_BYTES - w[1]) / 4 + 1) : rnd() % (MEM_BYTES + 64);
      len = 8;
      break;
    case WW_HL_CMD_MEM_FILL:
      w[1] = good ? LB * (1 + below(4)) : below(5 * LB);
      w[0] = good ? LB * below(MEM_LINES - 4) : rnd() % (MEM_BYTES + LB);
      len = 16;
      break;
    case WW_HL_CMD_IMEM_WRITE: {
      unsigned nw = 1 + below(MAXP / 4 - 1);
      w[0] = good ? below(IMEM_WORDS - nw + 1) : below(IMEM_WORDS + 8);
      len = (uint16_t)(4 + 4 * nw);
      break;
    }
    case WW_HL_CMD_LAUNCH:
      w[0] = good ? 4 * below(1024) : w[0];
      w[1] = good ? 1 + below(16) : below(3);
      w[2] = good ? 1 + below(WARPS * LANES) : below(WARPS * LANES + 4);
      w[4] = (good ? 1u : below(2)) << WW_HL_LF_IMEM_LSB | (w[4] & 0x7E);
      w[6] = good ? 1 + below(1000) : below(2) ? 0 : 1u << QCNT_W;
      len = 28;
      break;
    case WW_HL_CMD_COUNTERS: {
      unsigned bank = good ? below(3) : below(5), sel = below(bank == 1 ? NUM_PART : NUM_SM + 1);
      unsigned n = bank == 0 ? WW_GSI_CNT_N : bank == 1 ? WW_TM_CNT_N : WW_DETC_N;
      unsigned first = below(n), count = good ? 1 + below(n - first < 16 ? n - first : 16)
                                              : below(20);
      w[0] = bank | sel << 8 | first << 16 | count << 24;
      len = 4;
      break;
    }
    default:
      len = 0;
      break;
    }
    if (!good && below(3) == 0)
      len = (uint16_t)(below(2) ? len + 1 + below(3) : below(MAXP + 12));   /* a bad length */
    for (unsigned i = 0; i < 16; i++)
      wr32(pl + 4 * i, w[i]);
    for (unsigned i = 64; i < sizeof pl; i++)
      pl[i] = (uint8_t)rnd();
    seq++;
    size_t n;
    expect_t e;
    const unsigned kind = below(20);
    static model_t snap;
    snap = m;   /* a damaged or truncated request changes nothing */
    if (kind == 0 && last_launch_n) {
      /* a LAUNCH retried with the SEQ of the last executed request */
      memcpy(req, last_launch, last_launch_n);
      n = last_launch_n;
      model_request(&m, last_launch_seq, WW_HL_CMD_LAUNCH, last_launch + WW_HL_HDR, 28, &e);
      counts[5]++;
    } else {
      uint16_t flen = len <= MAXP + 12 ? len : MAXP + 12;
      n = ww_hl_frame(req, WW_HL_SYNC_REQ, seq, cmd, pl, flen);
      model_request(&m, seq, cmd, pl, flen, &e);
      if (cmd == WW_HL_CMD_LAUNCH && len == 28) {
        memcpy(last_launch, req, n);
        last_launch_n = n;
        last_launch_seq = seq;
      }
    }
    if (kind == 1) {
      /* damaged after the length: BAD_CRC, SEQ as received; nothing runs */
      size_t at = below(2) ? 1 : 2 + below((unsigned)(n - 2));
      if (at >= 3 && at <= 4)
        at = n - 1;
      req[at] ^= (uint8_t)(1u << below(8));
      m = snap;
      memset(&e, 0, sizeof e);
      e.seq = req[1];
      ex_status(&e, WW_HL_ST_BAD_CRC);
      counts[2]++;
    } else if (kind == 2) {
      /* truncated: no answer; the frame timeout drops it */
      n = 1 + below((unsigned)n - 1);
      m = snap;
      memset(&e, 0, sizeof e);
      counts[3]++;
    }
    if (kind == 3) {
      /* garbage before the frame (not a sync byte) */
      memmove(req + 3, req, n);
      req[0] = 0x00;
      req[1] = 0x5A;
      req[2] = 0xFF;
      n += 3;
    }
    /* the GPU plays the next run: finish in a few cycles, trap, or run until ABORT */
    const unsigned how = below(6);
    b.next_left = how == 0 ? -1 : (int64_t)below(60);
    b.next_trap_at = how == 1 ? (int)below(40) : -1;
    b.next_trap_sms = 1 + below(3);
    b.next_trap_seed = rnd();
    b.next_det_ovf = (int)below(2);
    b.started = 0;
    if (transact(&b, &m, k, req, n, &e))
      break;
    if (e.answer && e.status == WW_HL_ST_OK)
      counts[0]++;
    else if (e.answer && e.status != WW_HL_ST_BAD_CRC)
      counts[1]++;
    if (e.status == WW_HL_ST_BUSY)
      counts[7]++;
    if (e.launched) {
      counts[4]++;
      if (!b.started) {
        fprintf(stderr, "FAIL seed %" PRIu64 " transaction %u: LAUNCH answered OK, no start "
                "pulse\n", g_seed, k);
        g_fail = 1;
        break;
      }
      m.det_ovf = b.in.det_ovf;
      if (b.left >= 0) {
        run_gpu(&b, &m);
      }
      if (memcmp(b.launch_regs, m.launch, sizeof m.launch) != 0) {
        fprintf(stderr, "FAIL seed %" PRIu64 " transaction %u: the launch registers differ\n",
                g_seed, k);
        g_fail = 1;
      }
    }
    for (unsigned i = 0; i < IMEM_WORDS && !g_fail; i++)
      if (m.imem_known[i] && (!b.imem_w[i] || b.imem[i] != m.imem[i])) {
        fprintf(stderr, "FAIL seed %" PRIu64 " transaction %u: imem word %u is 0x%08x, the "
                "model's 0x%08x\n", g_seed, k, i, b.imem[i], m.imem[i]);
        g_fail = 1;
      }
  }
  /* stop a kernel left running, then read all memory back */
  if (!g_fail && m.state == WW_HL_STATE_BUSY) {
    uint8_t req[16];
    expect_t e;
    size_t n = ww_hl_frame(req, WW_HL_SYNC_REQ, ++seq, WW_HL_CMD_ABORT, NULL, 0);
    model_request(&m, seq, WW_HL_CMD_ABORT, NULL, 0, &e);
    transact(&b, &m, frames, req, n, &e);
  }
  for (uint32_t a = 0; a < MEM_BYTES && !g_fail; a += MAXP) {
    uint8_t pl[8], req[32];
    expect_t e;
    wr32(pl, a);
    wr32(pl + 4, MAXP);
    size_t n = ww_hl_frame(req, WW_HL_SYNC_REQ, ++seq, WW_HL_CMD_MEM_READ, pl, 8);
    model_request(&m, seq, WW_HL_CMD_MEM_READ, pl, 8, &e);
    transact(&b, &m, frames + 1 + a / MAXP, req, n, &e);
  }
  tbhl_free(b.t);
  printf("test_hl_link: %" PRIu64 " cycles; %u answered OK, %u refused with a status, %u damaged "
         "(BAD_CRC), %u truncated (no answer), %u launches (%u trapped), %u LAUNCH retries, "
         "%u BUSY; memory read back\n", b.cycle, counts[0], counts[1], counts[2], counts[3],
         counts[4], g_traps, counts[5], counts[7]);
  int ok = !g_fail && counts[2] && counts[3] && counts[4] && counts[5];
  if (!g_fail && !ok)
    fprintf(stderr, "FAIL seed %" PRIu64 ": too few frames to cover damaged, truncated, launch "
            "and retried frames (--frames)\n", g_seed);
  printf("%d passed, %d failed\n", ok ? 1 : 0, ok ? 0 : 1);
  return ok ? 0 : 1;
}
