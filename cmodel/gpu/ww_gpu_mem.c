/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_gpu_mem -- the memory system of the golden GPU model, as docs/isa.md
 * "Memory", "Scoped atomics" and "Strong accesses" define it:
 *   - memory map: null guard, global (DRAM = L2, the one shared level),
 *     per-block shared memory window; anything else traps;
 *   - per-SM non-coherent L1 (l1_sets x l1_ways lines, LRU): ordinary loads
 *     read through it (a hit may be stale), ordinary and strong stores write
 *     L2 and drop the SM's own copy, strong loads read L2;
 *   - device-scope atomics at L2 (own line dropped), block-scope atomics on
 *     the SM's L1 copy (filled on a miss) and written through to L2;
 *     shared-memory atomics act on the block's shared memory;
 *   - lanes are performed in lane order; every lane's address is checked
 *     before any lane is performed.
 * A device write into the predecoded code range drops the decoded copy, so
 * instruction fetch always sees global memory.
 */
#include "ww_gpu_int.h"

#include <string.h>

void ww_l1_clear(ww_gpu_t *g, unsigned s)
{
  memset(g->sm[s].valid, 0, (size_t)g->cfg.l1_sets * g->cfg.l1_ways);
}

/* Drops this SM's copy of the line holding a (write-evict). */
static inline void l1_evict(ww_gpu_t *g, ww_sm_t *sm, uint32_t a)
{
  uint32_t line = a >> g->line_shift;
  unsigned ways = g->cfg.l1_ways, base = (line & g->set_mask) * ways;
  for (unsigned i = base; i < base + ways; i++)
    if (sm->valid[i] && sm->tag[i] == line)
      sm->valid[i] = 0;
}

/* The SM's L1 copy of byte a, filling the line from L2 on a miss (LRU victim). */
static inline uint8_t *l1_access(ww_gpu_t *g, ww_sm_t *sm, uint32_t a)
{
  uint32_t line = a >> g->line_shift, lb = g->cfg.line_bytes;
  unsigned ways = g->cfg.l1_ways, base = (line & g->set_mask) * ways, victim = base;
  uint32_t off = a & (lb - 1);
  sm->clock++;
  for (unsigned i = base; i < base + ways; i++) {
    if (sm->valid[i] && sm->tag[i] == line) {
      sm->stamp[i] = sm->clock;
      g->st.l1_hits++;
      return sm->data + (size_t)i * lb + off;
    }
  }
  for (unsigned i = base; i < base + ways; i++) {
    if (!sm->valid[i]) {
      victim = i;
      break;
    }
    if (sm->stamp[i] < sm->stamp[victim])
      victim = i;
  }
  g->st.l1_misses++;
  sm->valid[victim] = 1;
  sm->tag[victim] = line;
  sm->stamp[victim] = sm->clock;
  uint8_t *p = sm->data + (size_t)victim * lb;
  memcpy(p, g->gmem + ((size_t)line << g->line_shift), lb);
  return p + off;
}

static inline void pdc_drop(ww_gpu_t *g, uint32_t a)
{
  if ((a >> 2) < g->pdc_n)
    g->pdc[a >> 2].ok = 0;
}

/* Checks one lane's n-byte access at a. 0: global, 1: shared; -1 after
 * recording the trap. */
static int check_addr(ww_gpu_t *g, unsigned s, unsigned hw, const ww_pdi_t *d, uint32_t pc,
                      unsigned lane, uint32_t a, unsigned n, const char *verb)
{
  const ww_gpu_cfg_t *c = &g->cfg;
  int region;
  if (a >= c->null_guard && a <= c->gmem_bytes - n) {
    region = 0;
  } else if (a < c->null_guard) {
    ww_gpu_set_trap(g, WW_TRAP_NULL_ACCESS, s, hw, pc, d->raw, (int)lane, a,
                    "lane %u %s %u bytes at 0x%08x, in the null guard (below 0x%x)",
                    lane, verb, n, a, c->null_guard);
    return -1;
  } else if (a >= c->shared_base && c->shmem_bytes >= n && a - c->shared_base <= c->shmem_bytes - n) {
    region = 1;
  } else {
    ww_gpu_set_trap(g, WW_TRAP_OUT_OF_RANGE, s, hw, pc, d->raw, (int)lane, a,
                    "lane %u %s %u bytes at 0x%08x, outside global memory (0x%x..0x%08x) "
                    "and shared memory (0x%08x..0x%08x)", lane, verb, n, a, c->null_guard,
                    c->gmem_bytes - 1, c->shared_base, c->shared_base + c->shmem_bytes - 1);
    return -1;
  }
  if (a & (n - 1)) {
    ww_gpu_set_trap(g, WW_TRAP_MISALIGNED, s, hw, pc, d->raw, (int)lane, a,
                    "lane %u %s %u bytes at 0x%08x, not %u-byte aligned%s", lane, verb, n, a, n,
                    !region && a >= g->tx_log_base && a < g->local_base0
                        ? " (in the transaction log region)" : "");
    return -1;
  }
  return region;
}

/* Checks every active lane in lane order; fills g->rec.addr. Returns the
 * region of the lowest active lane (the retire record's kind), or -1. */
static int check_lanes(ww_gpu_t *g, unsigned s, unsigned hw, const ww_pdi_t *d, uint32_t pc,
                       unsigned n, const char *verb)
{
  const ww_warp_t *w = &g->sm[s].warps[hw];
  int first = -1;
  for (uint32_t m = w->mask; m; m &= m - 1) {
    unsigned l = (unsigned)__builtin_ctz(m);
    uint32_t a = w->x[d->rs1][l] + (uint32_t)d->imm;
    int r = check_addr(g, s, hw, d, pc, l, a, n, verb);
    if (r < 0)
      return -1;
    if (first < 0)
      first = r;
    g->rec.addr[l] = a;
  }
  return first;
}

int ww_mem_load(ww_gpu_t *g, unsigned s, unsigned hw, const ww_pdi_t *d, uint32_t pc)
{
  ww_sm_t *sm = &g->sm[s];
  ww_warp_t *w = &sm->warps[hw];
  unsigned n = 4;
  int sext = 0, strong = d->op == WW_OP_LW_STRONG;
  switch (d->op) {
  case WW_OP_LB: n = 1; sext = 1; break;
  case WW_OP_LH: n = 2; sext = 1; break;
  case WW_OP_LBU: n = 1; break;
  case WW_OP_LHU: n = 2; break;
  default: break;
  }
  int first = check_lanes(g, s, hw, d, pc, n, "loads");
  if (first < 0)
    return -1;
  const int tx = ww_tm_prepare(g, s, hw, d, pc, 0, n);   /* in a transaction */
  if (tx < 0)
    return -1;
  const uint32_t sbase = g->cfg.shared_base;
  uint8_t *shm = sm->bslots[w->bslot].shmem;
  for (uint32_t m = w->mask; m; m &= m - 1) {
    unsigned l = (unsigned)__builtin_ctz(m);
    uint32_t a = g->rec.addr[l], v;
    if (tx && a < sbase && ww_tm_addr(g, a)) {
      const uint32_t *rtl = g->follow && (g->follow_lanes >> l & 1) ? &g->follow->rd_val[l] : NULL;
      v = ww_tm_load(g, w, l, a, n, rtl);
      if (rtl)
        v = *rtl;                   /* co-simulation: the value the RTL read */
      else if (sext)
        v = n == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
      w->x[d->rdw][l] = v;
      continue;
    }
    const uint8_t *p = a >= sbase ? shm + (a - sbase) : strong ? g->gmem + a : l1_access(g, sm, a);
    uint8_t own[4];
    if (ww_det_buffers(g, a)) {     /* GPUDet: the warp's own buffered bytes over memory */
      memcpy(own, p, n);
      ww_det_load(w, a, n, own);
      p = own;
    }
    if (g->follow && (g->follow_lanes >> l & 1))
      v = g->follow->rd_val[l];     /* co-simulation: the value the RTL read */
    else if (n == 4)
      v = ww_ld32(p);
    else if (n == 2)
      v = sext ? (uint32_t)(int32_t)(int16_t)(uint16_t)(p[0] | p[1] << 8) : (uint32_t)(p[0] | p[1] << 8);
    else
      v = sext ? (uint32_t)(int32_t)(int8_t)p[0] : p[0];
    w->x[d->rdw][l] = v;
  }
  g->rec.mem = (uint8_t)(first ? WW_MEM_SHARED_LOAD : strong ? WW_MEM_LOAD_STRONG : WW_MEM_LOAD);
  g->rec.mem_bytes = (uint8_t)n;
  g->st.loads++;
  return 0;
}

int ww_mem_store(ww_gpu_t *g, unsigned s, unsigned hw, const ww_pdi_t *d, uint32_t pc)
{
  ww_sm_t *sm = &g->sm[s];
  ww_warp_t *w = &sm->warps[hw];
  unsigned n = d->op == WW_OP_SB ? 1 : d->op == WW_OP_SH ? 2 : 4;
  int first = check_lanes(g, s, hw, d, pc, n, "stores");
  if (first < 0)
    return -1;
  const int tx = ww_tm_prepare(g, s, hw, d, pc, 1, n);   /* in a transaction */
  if (tx < 0)
    return -1;
  const uint32_t sbase = g->cfg.shared_base;
  uint8_t *shm = sm->bslots[w->bslot].shmem;
  for (uint32_t m = w->mask; m; m &= m - 1) {
    unsigned l = (unsigned)__builtin_ctz(m);
    uint32_t a = g->rec.addr[l], v = w->x[d->rs2][l];
    uint8_t *p;
    g->rec.wdata[l] = n == 4 ? v : v & ((1u << (8 * n)) - 1);
    if (tx && a < sbase && ww_tm_addr(g, a)) {
      ww_tm_store(g, w, l, a, n, v);   /* logged; memory at commit */
      continue;
    }
    if (ww_det_buffers(g, a)) {
      ww_det_store(g, w, a, n, v);         /* GPUDet: memory at commit */
      continue;
    }
    if (a >= sbase) {
      p = shm + (a - sbase);
    } else {
      /* Ordinary and strong stores alike: write L2, drop the own L1 copy. */
      p = g->gmem + a;
      l1_evict(g, sm, a);
      pdc_drop(g, a);
    }
    p[0] = (uint8_t)v;
    if (n >= 2)
      p[1] = (uint8_t)(v >> 8);
    if (n == 4) {
      p[2] = (uint8_t)(v >> 16);
      p[3] = (uint8_t)(v >> 24);
    }
  }
  g->rec.mem = (uint8_t)(first ? WW_MEM_SHARED_STORE
                               : d->op == WW_OP_SW_STRONG ? WW_MEM_STORE_STRONG : WW_MEM_STORE);
  g->rec.mem_bytes = (uint8_t)n;
  g->st.stores++;
  return 0;
}

void ww_mem_write_l2(ww_gpu_t *g, uint32_t a, uint32_t v)
{
  ww_st32(g->gmem + a, v);
  pdc_drop(g, a);
}

static inline uint32_t amo_op(unsigned op, uint32_t old, uint32_t b)
{
  switch (op) {
  case WW_OP_AMOADD_BLK: case WW_OP_AMOADD_DEV: return old + b;
  case WW_OP_AMOEXCH_BLK: case WW_OP_AMOEXCH_DEV: return b;
  case WW_OP_AMOMIN_BLK: case WW_OP_AMOMIN_DEV: return (int32_t)old < (int32_t)b ? old : b;
  case WW_OP_AMOMAX_BLK: case WW_OP_AMOMAX_DEV: return (int32_t)old > (int32_t)b ? old : b;
  case WW_OP_AMOMINU_BLK: case WW_OP_AMOMINU_DEV: return old < b ? old : b;
  case WW_OP_AMOMAXU_BLK: case WW_OP_AMOMAXU_DEV: return old > b ? old : b;
  case WW_OP_AMOAND_BLK: case WW_OP_AMOAND_DEV: return old & b;
  case WW_OP_AMOOR_BLK: case WW_OP_AMOOR_DEV: return old | b;
  case WW_OP_AMOXOR_BLK: case WW_OP_AMOXOR_DEV: return old ^ b;
  default: return old;
  }
}

/* Ops whose final value does not depend on the order of the operands. */
static int amo_commutes(unsigned op)
{
  return op != WW_OP_AMOEXCH_BLK && op != WW_OP_AMOEXCH_DEV && op != WW_OP_CAS_BLK &&
         op != WW_OP_CAS_DEV;
}

static int is_dev_scope(unsigned op)
{
  switch (op) {
  case WW_OP_AMOADD_DEV: case WW_OP_AMOEXCH_DEV: case WW_OP_AMOMIN_DEV: case WW_OP_AMOMAX_DEV:
  case WW_OP_AMOMINU_DEV: case WW_OP_AMOMAXU_DEV: case WW_OP_AMOAND_DEV: case WW_OP_AMOOR_DEV:
  case WW_OP_AMOXOR_DEV: case WW_OP_CAS_DEV:
    return 1;
  default:
    return 0;
  }
}

int ww_mem_atomic(ww_gpu_t *g, unsigned s, unsigned hw, const ww_pdi_t *d, uint32_t pc)
{
  ww_sm_t *sm = &g->sm[s];
  ww_warp_t *w = &sm->warps[hw];
  int first = check_lanes(g, s, hw, d, pc, 4, "does an atomic on");
  if (first < 0)
    return -1;
  const int dev = is_dev_scope(d->op), cas = d->op == WW_OP_CAS_BLK || d->op == WW_OP_CAS_DEV;
  const uint32_t sbase = g->cfg.shared_base;
  uint8_t *shm = sm->bslots[w->bslot].shmem;
  for (uint32_t m = w->mask; m; m &= m - 1) {
    unsigned l = (unsigned)__builtin_ctz(m);
    uint32_t a = g->rec.addr[l], b = w->x[d->rs2][l], old, nv;
    int write;
    uint8_t *p = a >= sbase ? shm + (a - sbase) : dev ? g->gmem + a : l1_access(g, sm, a);
    const int fl = g->follow && (g->follow_lanes >> l & 1);
    old = fl ? g->follow->rd_val[l] : ww_ld32(p);
    if (cas) {
      write = old == b;
      nv = w->x[d->rs3][l];
    } else {
      write = 1;
      /* ww_gpu_step_warp_sync: an order-independent device atomic updates
       * the model's own value, so the word ends as the RTL's does whatever
       * order the L2 chose; exch and CAS write what the RTL's wrote */
      nv = amo_op(d->op, fl && g->follow_sync && dev && amo_commutes(d->op) ? ww_ld32(p) : old, b);
    }
    if (write)
      ww_st32(p, nv);
    if (a < sbase) {
      if (dev)
        l1_evict(g, sm, a);              /* performed at L2; drop the own copy */
      else if (write)
        ww_st32(g->gmem + a, nv);        /* block scope: L1 copy, written through */
      if (write)
        pdc_drop(g, a);
    }
    w->x[d->rdw][l] = old;
    g->rec.wdata[l] = b;
    g->rec.swap[l] = cas ? nv : 0;     /* rs3, read before rd is written */
  }
  g->rec.mem = (uint8_t)(first ? WW_MEM_SHARED_ATOMIC : dev ? WW_MEM_ATOMIC_DEV : WW_MEM_ATOMIC_BLK);
  g->rec.mem_bytes = 4;
  g->st.atomics++;
  return 0;
}

uint32_t ww_gpu_amo_result(uint32_t insn, uint32_t old, uint32_t b, uint32_t swap, int *commutes)
{
  ww_insn_t d;
  ww_decode(insn, &d);
  if (commutes)
    *commutes = amo_commutes(d.op);
  if (d.op == WW_OP_CAS_BLK || d.op == WW_OP_CAS_DEV)
    return old == b ? swap : old;
  return amo_op(d.op, old, b);
}
