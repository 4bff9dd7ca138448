/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_wave_view -- the saved GTKWave view of the Verilated GPU (see the
 * header). The .gtkw format: `[key] value` settings and `[*]` comments; a
 * line `*ZOOM MARKER A B ...` (zoom: 2^-ZOOM time units per pixel, then the
 * marker and the 26 named markers, -1 = unset); `@HEX` sets the trace flags
 * of the following rows; `-TEXT` is a comment row (with the group flags a
 * group's begin or end); `+{ALIAS} SIGNAL` a trace shown as ALIAS; before a
 * trace, `^N FILE` names its translate filter file and `^>N PROGRAM ARG` its
 * process filter (GTKWave runs PROGRAM with the rest of the line as its one
 * argument, writes each value in the trace's base on a line of its stdin and
 * reads one line back).
 */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1   /* realpath */
#endif
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_proto.h"
#include "ww_wave_view.h"

/* GTKWave's trace flags, the hex number of an @ line: the display base,
 * comment rows, groups (open or closed), filters. */
enum {
  TR_HEX = 0x2, TR_DEC = 0x4, TR_BIN = 0x8, TR_RJUSTIFY = 0x20, TR_BLANK = 0x200,
  TR_COLLAPSED = 0x1000, TR_FTRANSLATED = 0x2000, TR_PTRANSLATED = 0x4000,
  TR_CLOSED = 0x400000, TR_GRP_BEGIN = 0x800000, TR_GRP_END = 0x1000000,
};
#define F_BIN   (TR_RJUSTIFY | TR_BIN)
#define F_HEX   (TR_RJUSTIFY | TR_HEX)
#define F_DEC   (TR_RJUSTIFY | TR_DEC)
#define F_NAMED (F_DEC | TR_FTRANSLATED)   /* decimal value -> name (translate filter file) */
#define F_PROC  (F_HEX | TR_PTRANSLATED)   /* hex value -> text (process filter) */

/* Zoom: GTKWave draws a time-axis division ("frame") of 2^-ZOOM time units
 * every 200 pixels and labels it in whole ns when that is a whole number of
 * ns: 10 cycles per division, 20 pixels per cycle, about 40 cycles in the
 * saved window. The exponent is rounded away from zero so that the division
 * is not a hair under 10 cycles (GTKWave truncates it to whole units). */
#define VIEW_FRAME_CYCLES 10u
#define VIEW_BEFORE       2u     /* cycles shown before the launch */
#define PATH_BYTES   4096

static uint64_t pow10u(int e)
{
  uint64_t r = 1;
  for (int i = 0; i < e; i++)
    r *= 10;
  return r;
}

uint64_t ww_wave_ticks_per_cycle(int prec)
{
  return prec <= -10 && prec >= -18 ? pow10u(-9 - prec) : 0;
}

/* GTKWave counts time in the unit of the dump's time scale rounded down to
 * s, ms, us, ns, ps or fs (an FST of 100 ps counts in ps): that unit's count
 * per clock cycle (ns). */
static uint64_t units_per_cycle(int prec)
{
  int dim = prec >= 0 ? prec / 3 * 3 : -((-prec + 2) / 3 * 3);
  return dim <= -9 ? pow10u(-9 - dim) : 1;
}

/* X.gtkw -> X.WHAT.txt */
static void filter_path(const ww_wave_view_t *p, const char *what, char *buf, size_t n)
{
  size_t len = strlen(p->gtkw);
  if (len > 5 && strcmp(p->gtkw + len - 5, ".gtkw") == 0)
    len -= 5;
  snprintf(buf, n, "%.*s.%s.txt", (int)len, p->gtkw, what);
}

/* the absolute form of path into buf (path itself when it cannot be
 * resolved); buf may be path */
static void abs_path(const char *path, char *buf, size_t n)
{
  char r[PATH_MAX];
  if (realpath(path, r))
    snprintf(buf, n, "%s", r);
  else if (buf != path)
    snprintf(buf, n, "%s", path);
}

/* ---- translate filter files: "value name" per code, value in decimal ---- */
static void put_lower(FILE *f, const char *s)
{
  for (; *s; s++)
    fputc(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s, f);
}

static FILE *filter_open(const ww_wave_view_t *p, const char *what, const char *title)
{
  char path[PATH_BYTES];
  filter_path(p, what, path, sizeof path);
  FILE *f = fopen(path, "w");
  if (f)
    fprintf(f, "# GTKWave translate filter file (Warpwatch %s): %s\n", p->gtkw, title);
  return f;
}

int ww_wave_filters_write(const ww_wave_view_t *p)
{
  int rc = 0;
  FILE *f = filter_open(p, "gsi", "GSI stall classes, WW_GSI_* of cmodel/include/ww_proto.def");
  if (!f)
    return -1;
#define X(NAME, VAL, TEXT) fprintf(f, "%u %s\n", (unsigned)(VAL), TEXT);
  WW_GSI_LIST(X)
#undef X
  rc |= fclose(f);
  f = filter_open(p, "trap", "trap kinds, WW_TRAP_* of cmodel/include/ww_proto.def");
  if (!f)
    return -1;
#define X(NAME, VAL, TEXT) fprintf(f, "%u ", (unsigned)(VAL)), put_lower(f, #NAME), fputc('\n', f);
  WW_TRAP_LIST(X)
  rc |= fclose(f);
  f = filter_open(p, "mem", "memory access kinds, WW_MEM_* of cmodel/include/ww_proto.def");
  if (!f)
    return -1;
  WW_MEM_LIST(X)
#undef X
  rc |= fclose(f);
  return rc ? -1 : 0;
}

/* ---- the view -------------------------------------------------------------- */
/* Rows and groups. A closed group (one row until clicked open) is saved as
 * GTKWave's CloseTrace() leaves it: TR_CLOSED on its begin and end rows,
 * TR_COLLAPSED on its end row; its members keep their own flags. */
typedef struct {
  FILE    *f;
  int      depth;
  struct { char label[64]; int closed; } g[4];
} vw_t;

static void vw_flags(vw_t *w, unsigned fl) { fprintf(w->f, "@%x\n", fl); }

static void vw_group(vw_t *w, int closed, const char *fmt, ...)
{
  if (w->depth == (int)(sizeof w->g / sizeof w->g[0]))
    abort();   /* the layout below nests two deep */
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(w->g[w->depth].label, sizeof w->g[0].label, fmt, ap);
  va_end(ap);
  vw_flags(w, TR_BLANK | TR_GRP_BEGIN | (closed ? TR_CLOSED : 0u));
  fprintf(w->f, "-%s\n", w->g[w->depth].label);
  w->g[w->depth].closed = closed;
  w->depth++;
}

static void vw_end(vw_t *w)
{
  w->depth--;
  unsigned fl = TR_BLANK | TR_GRP_END;
  if (w->g[w->depth].closed)
    fl |= TR_CLOSED | TR_COLLAPSED;
  vw_flags(w, fl);
  fprintf(w->f, "-%s\n", w->g[w->depth].label);
}

/* One trace shown as `alias`; filter: its "^..." line or NULL; the name is
 * printf-formatted. */
static void vw_sig(vw_t *w, unsigned fl, const char *filter, const char *alias,
                   const char *fmt, ...)
{
  vw_flags(w, fl);
  if (filter)
    fprintf(w->f, "%s\n", filter);
  fprintf(w->f, "+{%s} ", alias);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(w->f, fmt, ap);
  va_end(ap);
  fputc('\n', w->f);
}

/* "[W-1:0]" for a vector of W > 1 bits, "" for a bit */
static const char *rng(unsigned wbits, char *buf, size_t n)
{
  if (wbits > 1)
    snprintf(buf, n, "[%u:0]", wbits - 1);
  else
    buf[0] = '\0';
  return buf;
}

int ww_wave_view_write(const ww_wave_view_t *p)
{
  FILE *f = fopen(p->gtkw, "w");
  if (!f)
    return -1;
  const uint64_t upc = units_per_cycle(p->time_precision);
  char fst[PATH_BYTES], path[PATH_BYTES];
  char flt_gsi[PATH_BYTES + 8], flt_trap[PATH_BYTES + 8], flt_mem[PATH_BYTES + 8];
  char flt_pc[2 * PATH_BYTES + 8], flt_insn[PATH_BYTES + 8];
  abs_path(p->fst, fst, sizeof fst);
  filter_path(p, "gsi", path, sizeof path);
  abs_path(path, path, sizeof path);
  snprintf(flt_gsi, sizeof flt_gsi, "^1 %s", path);
  filter_path(p, "trap", path, sizeof path);
  abs_path(path, path, sizeof path);
  snprintf(flt_trap, sizeof flt_trap, "^2 %s", path);
  filter_path(p, "mem", path, sizeof path);
  abs_path(path, path, sizeof path);
  snprintf(flt_mem, sizeof flt_mem, "^3 %s", path);
  const int dis = p->disasm && *p->disasm, dis_pc = dis && p->elf && *p->elf;
  snprintf(flt_pc, sizeof flt_pc, "^>1 %s %s", dis ? p->disasm : "", dis_pc ? p->elf : "");
  snprintf(flt_insn, sizeof flt_insn, "^>2 %s", dis ? p->disasm : "");
  const char *fpc = dis_pc ? flt_pc : NULL, *finsn = dis ? flt_insn : NULL;
  const unsigned F_PC = dis_pc ? F_PROC : F_HEX, F_INSN = dis ? F_PROC : F_HEX;

  /* the window: from VIEW_BEFORE cycles before the launch */
  const uint64_t start = p->launched ? p->start : 0;
  const uint64_t end = p->ended ? p->end : 0;
  const uint64_t first = start > VIEW_BEFORE ? start - VIEW_BEFORE : 0;
  const double zoom = -(log2((double)(VIEW_FRAME_CYCLES * upc)) + 1e-4);
  const long long m_start = p->launched ? (long long)(start * upc) : -1;
  const long long m_end = p->ended ? (long long)(end * upc) : -1;

  fprintf(f, "[*] Warpwatch GPU (ww_gpu): NUM_SM=%u NUM_PART=%u WARPS=%u LANES=%u\n",
          p->num_sm, p->num_part, p->warps, p->lanes);
  fprintf(f, "[*] time: clock cycle N (counted from the GPU's creation: reset and\n"
             "[*] instruction loading come first) is at N ns; inputs change at N ns,\n"
             "[*] the clock rises at N ns + 500 ps. Kernel cycle K is cycle launch + K.\n");
  if (p->launched)
    fprintf(f, "[*] kernel cycle 0 (the start pulse) is cycle %llu: the marker and marker A\n",
            (unsigned long long)start);
  if (p->ended)
    fprintf(f, "[*] the kernel's last cycle (done, trap or the last simulated) is cycle %llu:\n"
               "[*] marker B\n", (unsigned long long)end);
  fprintf(f, "[*] warpwatch-view launch_cycle=%lld end_cycle=%lld units_per_cycle=%llu\n",
          p->launched ? (long long)start : -1LL, p->ended ? (long long)end : -1LL,
          (unsigned long long)upc);
  fprintf(f, "[dumpfile] \"%s\"\n", fst);
  fprintf(f, "[timestart] %llu\n", (unsigned long long)(first * upc));
  fprintf(f, "[size] 1400 900\n[pos] -1 -1\n");
  fprintf(f, "*%.4f %lld %lld %lld", zoom, m_start, m_start, m_end);
  for (int i = 2; i < 26; i++)
    fprintf(f, " -1");
  fprintf(f, "\n[markername] Alaunch (kernel cycle 0)\n[markername] Bkernel end\n");
  fprintf(f, "[sst_width] 240\n[signals_width] 320\n");

  const char *g = "TOP.ww_gpu";
  char r1[16], r2[16];
  vw_t w;
  memset(&w, 0, sizeof w);
  w.f = f;
  vw_sig(&w, F_BIN, NULL, "clk", "TOP.clk_i");
  vw_sig(&w, F_BIN, NULL, "rst_n", "TOP.rst_ni");
  vw_group(&w, 0, "host");
  vw_sig(&w, F_BIN, NULL, "imem_we", "TOP.imem_we_i");
  vw_sig(&w, F_BIN, NULL, "start", "TOP.start_i");
  vw_sig(&w, F_BIN, NULL, "busy", "TOP.busy_o");
  vw_sig(&w, F_BIN, NULL, "done", "TOP.done_o");
  vw_sig(&w, F_PC, fpc, "entry pc", "TOP.entry_pc_i[31:0]");
  vw_sig(&w, F_DEC, NULL, "grid", "TOP.grid_i[31:0]");
  vw_sig(&w, F_DEC, NULL, "block", "TOP.block_i[31:0]");
  vw_end(&w);
  vw_group(&w, 0, "placements");
  vw_sig(&w, F_BIN, NULL, "launch", "TOP.launch_valid_o");
  vw_sig(&w, F_DEC, NULL, "launch sm", "TOP.launch_sm_o%s", rng(p->sm_w, r1, sizeof r1));
  vw_sig(&w, F_DEC, NULL, "launch ctaid", "TOP.launch_ctaid_o[31:0]");
  vw_end(&w);
  char a[64];
  for (unsigned s = 0; s < p->num_sm; s++) {
    vw_group(&w, 0, "SM %u", s);
#define SA(what) (snprintf(a, sizeof a, "sm%u %s", s, what), a)
    vw_sig(&w, F_BIN, NULL, SA("issue"), "%s.g_sm[%u].u_sm.u_issue.u_sched.issue_valid_o", g, s);
    vw_sig(&w, F_DEC, NULL, SA("issue warp"), "%s.g_sm[%u].u_sm.u_issue.u_sched.issue_wid_o%s", g, s,
           rng(p->wid_w, r1, sizeof r1));
    vw_sig(&w, F_NAMED, flt_gsi, SA("GSI cycle class"), "%s.g_sm[%u].u_sm.u_gsi.cyc%s", g, s,
           rng(WW_GSI_W, r1, sizeof r1));
    vw_sig(&w, F_BIN, NULL, SA("retire"), "%s.g_sm[%u].u_sm.ret_valid_o", g, s);
    vw_sig(&w, F_DEC, NULL, SA("retire warp"), "%s.g_sm[%u].u_sm.ret_warp_o%s", g, s,
           rng(p->wid_w, r1, sizeof r1));
    vw_sig(&w, F_PC, fpc, SA("retire pc"), "%s.g_sm[%u].u_sm.ret_pc_o[31:0]", g, s);
    vw_sig(&w, F_INSN, finsn, SA("retire insn"), "%s.g_sm[%u].u_sm.ret_insn_o[31:0]", g, s);
    vw_sig(&w, F_BIN, NULL, SA("retire mask"), "%s.g_sm[%u].u_sm.ret_mask_o%s", g, s,
           rng(p->lanes, r1, sizeof r1));
    vw_sig(&w, F_NAMED, flt_mem, SA("retire mem"), "%s.g_sm[%u].u_sm.ret_mem_o%s", g, s,
           rng(WW_MEM_W, r1, sizeof r1));
    vw_sig(&w, F_BIN, NULL, SA("trap"), "%s.g_sm[%u].u_sm.trap_valid_o", g, s);
    vw_sig(&w, F_NAMED, flt_trap, SA("trap kind"), "%s.g_sm[%u].u_sm.trap_kind_o%s", g, s,
           rng(WW_TRAP_W, r1, sizeof r1));
#undef SA
    for (unsigned k = 0; k < p->warps; k++) {
      /* SM 0's warps open, the other SMs' closed (one row each) */
      vw_group(&w, s != 0, "SM %u warp %u", s, k);
#define WA(what) (snprintf(a, sizeof a, "w%u %s", k, what), a)
      vw_sig(&w, F_PC, fpc, WA("pc"), "%s.g_sm[%u].u_sm.g_dbg[%u].pc[31:0]", g, s, k);
      vw_sig(&w, F_BIN, NULL, WA("active"), "%s.g_sm[%u].u_sm.g_dbg[%u].active", g, s, k);
      vw_sig(&w, F_BIN, NULL, WA("valid"), "%s.g_sm[%u].u_sm.g_dbg[%u].valid", g, s, k);
      vw_sig(&w, F_BIN, NULL, WA("issue"), "%s.g_sm[%u].u_sm.g_dbg[%u].issue", g, s, k);
      vw_sig(&w, F_BIN, NULL, WA("in flight"), "%s.g_sm[%u].u_sm.g_dbg[%u].inflight", g, s, k);
      vw_sig(&w, F_NAMED, flt_gsi, WA("stall class"), "%s.g_sm[%u].g_warp[%u].dbg_stall%s", g, s,
             k, rng(WW_GSI_W, r1, sizeof r1));
      vw_sig(&w, F_NAMED, flt_gsi, WA("stall GSI"), "%s.g_sm[%u].u_sm.u_gsi.g_warp[%u].r%s",
             g, s, k, rng(WW_GSI_W, r1, sizeof r1));
      vw_sig(&w, F_BIN, NULL, WA("active mask"), "%s.g_sm[%u].u_sm.g_dbg[%u].mask%s", g, s, k,
             rng(p->lanes, r2, sizeof r2));
#undef WA
      vw_end(&w);
    }
    vw_end(&w);
  }
  for (unsigned q = 0; q < p->num_part; q++) {
    vw_group(&w, 1, "partition %u", q);
#define PA(what) (snprintf(a, sizeof a, "p%u %s", q, what), a)
    vw_sig(&w, F_BIN, NULL, PA("req valid"), "%s.g_part[%u].u_l2.req_valid_i", g, q);
    vw_sig(&w, F_BIN, NULL, PA("req ready"), "%s.g_part[%u].u_l2.req_ready_o", g, q);
    vw_sig(&w, F_BIN, NULL, PA("dram req valid"), "%s.g_part[%u].u_l2.dram_req_valid_o", g, q);
    vw_sig(&w, F_BIN, NULL, PA("dram req ready"), "%s.g_part[%u].u_l2.dram_req_ready_i", g, q);
    vw_sig(&w, F_BIN, NULL, PA("dram req we"), "%s.g_part[%u].u_l2.dram_req_we_o", g, q);
    vw_sig(&w, F_BIN, NULL, PA("dram rsp valid"), "%s.g_part[%u].u_l2.dram_rsp_valid_i", g, q);
    vw_sig(&w, F_HEX, NULL, PA("dram req line"), "%s.g_part[%u].u_l2.dram_req_line_o%s", g, q,
           rng(p->line_w, r1, sizeof r1));
#undef PA
    vw_end(&w);
  }
  return fclose(f) == 0 ? 0 : -1;
}
