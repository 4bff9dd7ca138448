/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_trace -- the text forms of retire records and traps.
 *
 * Trace: one line per retired warp instruction, meant to be diffed against
 * the RTL's trace, so the format is fixed:
 *
 *   step=12 sm=0 warp=1 blk=0 pc=000100a4 mask=ff  addi a0, a0, 1  a0=[1,2,3,-,5,6,7,8]
 *
 * step, sm, warp (hardware slot) and blk are decimal; pc is 8 hex digits;
 * mask is hex with one digit per 4 lanes (bit i = lane i). Two spaces, the
 * disassembly, then per-lane lists in lane order (lane 0 first), values in
 * lower-case hex without 0x, '-' for a lane not in the mask:
 *   <rd>=[...]    the value written to rd (only when rd != x0)
 *   addr=[...]    the address of a memory access
 *   data=[...]    store data, or the atomic operand (rs2)
 */
#include "ww_rt_internal.h"

#include "ww_isa.h"

static const char *const reg_names[32] = {
  "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
  "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
  "t5", "t6",
};

const char *ww_reg_name(unsigned r) { return reg_names[r & 31]; }

static const char *const trap_texts[WW_TRAP_N] = {
#define WW_TRAP_TEXT(name, value, text) [value] = text,
  WW_TRAP_LIST(WW_TRAP_TEXT)
#undef WW_TRAP_TEXT
};

static const char *const trap_ids[WW_TRAP_N] = {
#define WW_TRAP_ID(name, value, text) [value] = #name,
  WW_TRAP_LIST(WW_TRAP_ID)
#undef WW_TRAP_ID
};

#define NKINDS (sizeof trap_texts / sizeof trap_texts[0])

const char *ww_trap_text(ww_trap_kind_t kind)
{
  return (unsigned)kind < NKINDS ? trap_texts[kind] : "unknown trap";
}

/* The enum's name ("KERNEL_TRAP"), for JSON. */
const char *ww_trap_id(ww_trap_kind_t kind)
{
  return (unsigned)kind < NKINDS ? trap_ids[kind] : "UNKNOWN";
}

static int is_mem_trap(ww_trap_kind_t k)
{
  return k == WW_TRAP_MISALIGNED || k == WW_TRAP_NULL_ACCESS || k == WW_TRAP_OUT_OF_RANGE;
}

void ww_trap_format(const ww_trap_t *t, unsigned lanes, const char *srcline, char *buf,
                    size_t n)
{
  ww_insn_t d;
  char dis[96];
  ww_decode(t->insn, &d);
  ww_disasm(&d, t->pc, dis, sizeof dis);
  int len = snprintf(buf, n, "trap: %s at sm %u warp %u (block %u) mask 0x%0*x pc 0x%08x: %s",
                     ww_trap_text(t->kind), t->sm, t->warp, t->block, ww_mask_digits(lanes),
                     t->mask, t->pc, dis);
  if (len < 0 || (size_t)len >= n)
    return;
  if (srcline && *srcline)
    len += snprintf(buf + len, n - (size_t)len, "  [%s]", srcline);
  if ((size_t)len >= n)
    return;
  if (t->detail[0])
    snprintf(buf + len, n - (size_t)len, ": %.*s", (int)sizeof t->detail, t->detail);
  else if (is_mem_trap(t->kind) && t->lane >= 0)
    snprintf(buf + len, n - (size_t)len, ": lane %d address 0x%08x", t->lane, t->addr);
}

static void lane_list(FILE *f, const char *name, const uint32_t *v, uint32_t mask,
                      unsigned lanes)
{
  fprintf(f, "  %s=[", name);
  for (unsigned l = 0; l < lanes; l++) {
    if (l)
      fputc(',', f);
    if (mask >> l & 1)
      fprintf(f, "%x", v[l]);
    else
      fputc('-', f);
  }
  fputc(']', f);
}

static int has_data(unsigned mem)
{
  return mem == WW_MEM_STORE || mem == WW_MEM_STORE_STRONG || mem == WW_MEM_ATOMIC_BLK ||
         mem == WW_MEM_ATOMIC_DEV || mem == WW_MEM_SHARED_STORE || mem == WW_MEM_SHARED_ATOMIC;
}

void ww_trace_write(FILE *f, const ww_retire_t *r, unsigned lanes)
{
  ww_insn_t d;
  char dis[96];
  if (lanes > WW_MAX_LANES)
    lanes = WW_MAX_LANES;
  ww_decode(r->insn, &d);
  ww_disasm(&d, r->pc, dis, sizeof dis);
  fprintf(f, "step=%llu sm=%u warp=%u blk=%u pc=%08x mask=%0*x  %s",
          (unsigned long long)r->step, r->sm, r->warp, r->block, r->pc,
          ww_mask_digits(lanes), r->mask, dis);
  if (r->rd)
    lane_list(f, ww_reg_name(r->rd), r->rd_val, r->mask, lanes);
  if (r->mem != WW_MEM_NONE) {
    lane_list(f, "addr", r->addr, r->mask, lanes);
    if (has_data(r->mem))
      lane_list(f, "data", r->wdata, r->mask, lanes);
  }
  fputc('\n', f);
}
