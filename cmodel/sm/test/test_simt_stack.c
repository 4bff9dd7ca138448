/* SPDX-License-Identifier: Apache-2.0
 *
 * Property test of the reconvergence protocol (docs/isa.md) on the stack's
 * C model, independent of the lockstep test. Random nested if/else trees
 * with random per-lane predicates are executed the way the compiled code of
 * `ww_if (p) {A} else {B}` runs on the GPU:
 *     S:   ww.split p
 *     S+4: beqz p, ELSE      -- must be uniform over the active lanes
 *          A; j J
 *     ELSE: B
 *     J:   ww.join           -- ELSE entry: back to S+4 with the other lanes
 * Checked: every branch at S+4 is uniform (no divergent-branch trap), each
 * lane executes exactly the blocks a recursive host walk of the tree gives
 * for that lane, the mask after each if equals the mask before it, and the
 * stack is empty at the end (a further join underflows).
 * empty_o is checked on every cycle against the test's own count of each
 * warp's entries (a split pushes 2 when the active lanes disagree, else 1,
 * unless that overflows DEPTH; a join pops one; a clear empties): before a
 * request is accepted it shows the old count, from the next cycle the new
 * one (the cycle of a diverging split's second write included), and answers
 * carry the error the count predicts. Before each tree, random requests on
 * the other warps, in push-heavy and pop-heavy phases, leave their stacks at
 * varied depths (and overflow and underflow them); then the tree's warp is
 * cleared, as at a warp launch.
 * Transactions (KILO TM's retry, docs/tm.md sec. 3): a tree node may be a
 * transaction (not inside another: nesting is flattened by the SM) run as
 *     T:   ww.tx.begin       -- TX_BEGIN: push, pc T+4
 *          body; ww.tx.commit at T+8 with the lanes that fail this attempt
 * where each lane fails a random 0..2 attempts before it passes. Checked:
 * a commit with failures answers exactly the failed lanes at T+4, one
 * without answers the mask the transaction began with at T+12, and each
 * lane runs the body once per attempt (the host walk repeats it).
 * Usage: test_simt_stack [--seed N] [--trees N]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_rng.h"
#include "ww_simt_stack.h"

#define LANES WW_LANES
#define MAX_NODES 64
#define MAX_TRACE 256

typedef struct node {
  int is_if, is_tx;
  int fails[LANES];           /* tx: attempts each lane fails before it passes */
  int block;                  /* leaf: block id */
  uint32_t pred;              /* if: lanes whose predicate is true */
  uint32_t pc;                /* if: pc of its split */
  struct node *then_s[4], *else_s[4];
  int n_then, n_else;
} node_t;

static node_t pool[MAX_NODES];
static int n_nodes, n_blocks, failures;
static ww_rng_t rng;
static int trace[LANES][MAX_TRACE], trace_n[LANES];
static int ref[LANES][MAX_TRACE], ref_n[LANES];

static node_t *gen(int depth, int in_tx)
{
  static node_t spare_leaf = { .block = -1 };   /* shared once the pool is full */
  if (n_nodes >= MAX_NODES)
    return &spare_leaf;
  node_t *n = &pool[n_nodes++];
  memset(n, 0, sizeof *n);
  if (depth == 0 || n_nodes > MAX_NODES - 10 || ww_rng_chance(&rng, 1, 3)) {
    n->block = n_blocks++;
    return n;
  }
  n->pc = 0x1000u + 16u * (uint32_t)n_nodes;
  if (!in_tx && ww_rng_chance(&rng, 1, 4)) {
    n->is_tx = 1;
    for (int l = 0; l < LANES; l++)
      n->fails[l] = ww_rng_chance(&rng, 1, 2) ? 0 : 1 + (int)ww_rng_below(&rng, 2);
    n->n_then = 1 + (int)ww_rng_below(&rng, 2);
    for (int i = 0; i < n->n_then; i++)
      n->then_s[i] = gen(depth - 1, 1);
    return n;
  }
  n->is_if = 1;
  n->pred = ww_rng_chance(&rng, 1, 4) ? (ww_rng_chance(&rng, 1, 2) ? 0 : (1u << LANES) - 1)
                                      : (uint32_t)ww_rng_bits(&rng, LANES);
  n->n_then = 1 + (int)ww_rng_below(&rng, 2);
  n->n_else = (int)ww_rng_below(&rng, 3);
  for (int i = 0; i < n->n_then; i++)
    n->then_s[i] = gen(depth - 1, in_tx);
  for (int i = 0; i < n->n_else; i++)
    n->else_s[i] = gen(depth - 1, in_tx);
  return n;
}

static void walk_ref(const node_t *n, int lane)
{
  if (n->is_tx) {   /* the body once per attempt */
    for (int a = 0; a <= n->fails[lane]; a++)
      for (int i = 0; i < n->n_then; i++)
        walk_ref(n->then_s[i], lane);
    return;
  }
  if (!n->is_if) {
    if (ref_n[lane] < MAX_TRACE)
      ref[lane][ref_n[lane]++] = n->block;
    return;
  }
  int t = (n->pred >> lane) & 1;
  for (int i = 0; i < (t ? n->n_then : n->n_else); i++)
    walk_ref(t ? n->then_s[i] : n->else_s[i], lane);
}

/* ---- driving the cycle model ---- */
static ww_simt_stack_t *st;
static ww_simt_stack_cfg_t cfg;
static unsigned wid;
static unsigned ref_depth[64];   /* the test's own count of each warp's entries */

/* empty_o must show exactly the warps whose reference count is 0. */
static void check_empty(const ww_simt_stack_out_t *out, const char *when)
{
  uint64_t want = 0;
  for (unsigned w = 0; w < cfg.warps; w++)
    want |= (uint64_t)(ref_depth[w] == 0) << w;
  if (out->empty_o != want) {
    if (failures < 5)
      printf("FAIL: empty_o 0x%" PRIx64 " %s, reference 0x%" PRIx64 "\n",
             (uint64_t)out->empty_o, when, want);
    failures++;
  }
}

/* The reference effect of an accepted request on warp wid; returns the
 * error the answer must carry. */
static unsigned ref_apply(unsigned op, uint32_t tmask, uint32_t pred)
{
  unsigned *d = &ref_depth[wid];
  if (op == WW_STACK_CLEAR) {
    *d = 0;
  } else if (op == WW_STACK_JOIN) {
    if (*d == 0)
      return WW_STACK_ERR_UNDERFLOW;
    (*d)--;
  } else if (op == WW_STACK_TX_COMMIT) {
    if (*d == 0)
      return WW_STACK_ERR_TX_NONE;
    if ((tmask & pred) == 0)
      (*d)--;
  } else {
    uint32_t t = tmask & pred;
    unsigned n = (t != 0 && t != tmask) ? 2 : 1;
    if (*d + n > cfg.depth)
      return WW_STACK_ERR_OVERFLOW;
    *d += n;
  }
  return WW_STACK_ERR_OK;
}

static ww_simt_stack_out_t call(unsigned op, uint32_t tmask, uint32_t pred, uint32_t pc)
{
  ww_simt_stack_in_t in = { 0 };
  ww_simt_stack_out_t out;
  in.rst_ni = 1;
  in.req_valid_i = 1;
  in.req_op_i = op;
  in.req_wid_i = wid;
  in.req_tmask_i = tmask;
  in.req_pred_i = pred;
  in.req_pc_i = pc;
  for (int guard = 0; guard < 8; guard++) {
    ww_simt_stack_step(st, &in, &out);
    check_empty(&out, "before a request is accepted");
    if (out.req_ready_o)
      break;            /* accepted at this edge */
  }
  unsigned err = ref_apply(op, tmask, pred);
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  for (int guard = 0; guard < 8; guard++) {
    ww_simt_stack_step(st, &in, &out);
    check_empty(&out, "after a request was accepted");
    if (out.rsp_valid_o) {
      if (out.rsp_err_o != err) {
        printf("FAIL: op %u on warp %u answered err %u, reference %u\n", op, wid,
               (unsigned)out.rsp_err_o, err);
        failures++;
      }
      return out;
    }
  }
  printf("FAIL: no answer\n");
  failures++;
  return out;
}

static void exec_seq(node_t *const *s, int n, uint32_t mask);

static uint64_t tx_attempts;

static void exec_tx(const node_t *n, uint32_t mask)
{
  ww_simt_stack_out_t r = call(WW_STACK_TX_BEGIN, mask, 0, n->pc);
  if (r.rsp_err_o || (uint32_t)r.rsp_tmask_o != mask || (uint32_t)r.rsp_pc_o != n->pc + 4) {
    printf("FAIL: tx.begin at 0x%x answered mask 0x%x pc 0x%x err %u, entered with 0x%x\n",
           n->pc, (uint32_t)r.rsp_tmask_o, (uint32_t)r.rsp_pc_o, (unsigned)r.rsp_err_o, mask);
    failures++;
    return;
  }
  uint32_t m = mask;
  for (int attempt = 0; attempt < 3; attempt++) {
    tx_attempts++;
    exec_seq(n->then_s, n->n_then, m);
    uint32_t fail = 0;
    for (int l = 0; l < LANES; l++)
      if (((m >> l) & 1) && attempt < n->fails[l])
        fail |= 1u << l;
    r = call(WW_STACK_TX_COMMIT, m, fail, n->pc + 8);
    const uint32_t want_m = fail ? fail : mask, want_pc = fail ? n->pc + 4 : n->pc + 12;
    if (r.rsp_err_o || (uint32_t)r.rsp_tmask_o != want_m || (uint32_t)r.rsp_pc_o != want_pc) {
      printf("FAIL: tx.commit at 0x%x (failed 0x%x) answered mask 0x%x pc 0x%x err %u, "
             "want 0x%x at 0x%x\n", n->pc + 8, fail, (uint32_t)r.rsp_tmask_o,
             (uint32_t)r.rsp_pc_o, (unsigned)r.rsp_err_o, want_m, want_pc);
      failures++;
      return;
    }
    if (!fail)
      return;
    m = fail;
  }
  printf("FAIL: tx at 0x%x still retrying after 3 attempts\n", n->pc);
  failures++;
}

static void exec(const node_t *n, uint32_t mask)
{
  if (n->is_tx) {
    exec_tx(n, mask);
    return;
  }
  if (!n->is_if) {
    for (int l = 0; l < LANES; l++)
      if (((mask >> l) & 1) && trace_n[l] < MAX_TRACE)
        trace[l][trace_n[l]++] = n->block;
    return;
  }
  ww_simt_stack_out_t r = call(WW_STACK_SPLIT, mask, n->pred, n->pc);
  uint32_t m = (uint32_t)r.rsp_tmask_o, pc = (uint32_t)r.rsp_pc_o;
  for (int round = 0; round < 3; round++) {
    if (pc != n->pc + 4 || r.rsp_err_o) {
      printf("FAIL: if at 0x%x: unexpected pc 0x%x err %u\n", n->pc, pc, (unsigned)r.rsp_err_o);
      failures++;
      return;
    }
    uint32_t t = m & n->pred;
    if (t != 0 && t != m) {
      printf("FAIL: branch at 0x%x diverges: mask 0x%x pred 0x%x\n", n->pc + 4, m, n->pred);
      failures++;
      return;
    }
    if (t)
      exec_seq(n->then_s, n->n_then, m);
    else
      exec_seq(n->else_s, n->n_else, m);
    r = call(WW_STACK_JOIN, m, 0, n->pc + 8);
    m = (uint32_t)r.rsp_tmask_o;
    pc = (uint32_t)r.rsp_pc_o;
    if (pc == n->pc + 12)        /* RECONV: past the join */
      break;
  }
  if (m != mask) {
    printf("FAIL: if at 0x%x reconverged to 0x%x, entered with 0x%x\n", n->pc, m, mask);
    failures++;
  }
}

static void exec_seq(node_t *const *s, int n, uint32_t mask)
{
  for (int i = 0; i < n; i++)
    exec(s[i], mask);
}

int main(int argc, char **argv)
{
  uint64_t trees = 20000;
  rng.s = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--seed") && i + 1 < argc)
      rng.s = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--trees") && i + 1 < argc)
      trees = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--seed N] [--trees N]\n", argv[0]);
      return 2;
    }
  }
  printf("test_simt_stack: seed=%" PRIu64 " trees=%" PRIu64 " lanes=%d\n", rng.s, trees, LANES);
  cfg = ww_simt_stack_default_cfg();
  st = ww_simt_stack_new(&cfg);   /* refuses WARPS > 64, the size of ref_depth */
  if (!st)
    return 1;
  ww_simt_stack_in_t rst = { 0 };
  ww_simt_stack_out_t out;
  ww_simt_stack_step(st, &rst, &out);
  rst.rst_ni = 1;
  ww_simt_stack_step(st, &rst, &out);
  check_empty(&out, "after reset");
  uint64_t ifs = 0, max_nodes = 0, busy_other = 0;
  int pushing[64] = { 0 };   /* other warps: a push-heavy or a pop-heavy phase */
  for (uint64_t t = 0; t < trees && failures < 5; t++) {
    n_nodes = n_blocks = 0;
    node_t *root = gen(1 + (int)ww_rng_below(&rng, 6), 0);
    uint32_t mask;
    do
      mask = (uint32_t)ww_rng_bits(&rng, LANES);
    while (!mask);
    unsigned tree_wid = (unsigned)ww_rng_below(&rng, cfg.warps);
    /* other warps: random requests, so their stacks sit at varied depths */
    for (int i = (int)ww_rng_below(&rng, 9); i > 0 && cfg.warps > 1; i--) {
      do
        wid = (unsigned)ww_rng_below(&rng, cfg.warps);
      while (wid == tree_wid);
      uint32_t m;
      do
        m = (uint32_t)ww_rng_bits(&rng, LANES);
      while (!m);
      if (ww_rng_chance(&rng, 1, 30))
        pushing[wid] = !pushing[wid];
      unsigned op = ww_rng_chance(&rng, 1, 100) ? WW_STACK_CLEAR
                  : ww_rng_chance(&rng, pushing[wid] ? 3 : 1, 4) ? WW_STACK_SPLIT : WW_STACK_JOIN;
      call(op, m, (uint32_t)ww_rng_bits(&rng, LANES), 0x8000u);
    }
    wid = tree_wid;
    call(WW_STACK_CLEAR, mask, 0, 0x1000u);   /* warp launch */
    for (unsigned w = 0; w < cfg.warps; w++)
      busy_other += (uint64_t)(w != wid && ref_depth[w] != 0);
    for (int l = 0; l < LANES; l++) {
      trace_n[l] = ref_n[l] = 0;
      if ((mask >> l) & 1)
        walk_ref(root, l);
    }
    exec(root, mask);
    for (int l = 0; l < LANES; l++)
      if (trace_n[l] != ref_n[l] || memcmp(trace[l], ref[l], sizeof(int) * (size_t)ref_n[l])) {
        printf("FAIL: tree %" PRIu64 " lane %d executed %d blocks, reference %d\n", t, l,
               trace_n[l], ref_n[l]);
        failures++;
        break;
      }
    ww_simt_stack_out_t r = call(WW_STACK_JOIN, mask, 0, 0);
    if (r.rsp_err_o != WW_STACK_ERR_UNDERFLOW) {
      printf("FAIL: tree %" PRIu64 ": stack not empty afterwards\n", t);
      failures++;
    }
    for (int i = 0; i < n_nodes; i++)
      ifs += (uint64_t)pool[i].is_if;
    if ((uint64_t)n_nodes > max_nodes)
      max_nodes = (uint64_t)n_nodes;
  }
  ww_simt_stack_free(st);
  printf("test_simt_stack: %" PRIu64 " if/else executed, %" PRIu64 " transaction attempts, "
         "largest tree %" PRIu64 " nodes, %" PRIu64 " other warps busy at a tree's start: %s\n",
         ifs, tx_attempts, max_nodes, busy_other, failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
