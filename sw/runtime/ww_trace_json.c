/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_trace_json -- a run as a Chrome/Perfetto trace (the Trace Event Format,
 * its JSON object form), for ui.perfetto.dev and chrome://tracing:
 *
 *   {"traceEvents": [ ...one event per line... ],
 *    "displayTimeUnit": "ns", "otherData": {...}}
 *
 * Processes are SMs (pid = SM + 1, named "SM 0", ...). Each hardware warp
 * slot has two threads (tracks), tid = 100 (SM + 1) + slot and that + 50:
 *   - "warp 3 (block 5)": one complete event ("ph": "X", dur 1) per retired
 *     warp instruction, named by its disassembly, at ts = the cycle
 *     (verilator) or the scheduler step (cmodel); args pc, mask, block,
 *     srcline (when the ELF has line info) and, for memory instructions,
 *     mem = {kind, size, lines}: the ww_mem_kind_t name, the access size and
 *     the distinct cache lines the active lanes touch (address / LINE_BYTES);
 *   - "warp 3 stalls" (backends with a cycle hook: verilator): one "X" slice
 *     per run of consecutive cycles in the same GSI stall class, named by
 *     the class (docs/gsi.md); per warp they cover every cycle of the launch.
 * The stall slices are separate tracks because a stall run is written when
 * it ends, after the instructions inside it: on one track two slices with
 * the same ts would nest by file order, which would then be wrong.
 *
 * Events are written as they happen; only each warp's current stall run and
 * the blocks it hosted (for its track name) are held. Track names, sort
 * indices and the counts in otherData are written at the end.
 */
#include "ww_rt_internal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ww_isa.h"

#define NSLOTS (WW_NUM_SM * WW_WARPS_PER_SM)
#define NAMED_BLOCKS 4          /* blocks a track name lists before "and N more" */
#define CACHE_SLOTS 1024        /* disassembly and source line per pc, direct mapped */
#define STALL_TID_OFFSET 50

_Static_assert(WW_WARPS_PER_SM <= STALL_TID_OFFSET, "warp slots fit the tid numbering");

typedef struct {
  /* instructions */
  uint64_t insns;
  uint32_t blocks[NAMED_BLOCKS];
  unsigned nblocks;             /* listed in blocks[] */
  uint64_t more_blocks;         /* hosted after those */
  uint32_t last_block;
  /* stalls: the current run */
  uint64_t run_start, run_len;
  uint8_t run_cls;
  uint64_t stall_slices;
} slot_t;

typedef struct {
  int valid;
  uint32_t pc, insn;
  char dis[96];
  char src[200];
} pc_info_t;

struct ww_trace_json {
  ww_dev_t *dev;
  const ww_kernel_t *k;
  FILE *f;
  int cycles;                   /* the backend reports stall classes */
  uint64_t events, insn_events, mem_events, stall_events;
  slot_t slot[NSLOTS];
  pc_info_t cache[CACHE_SLOTS];
};

static const char *const mem_names[WW_MEM_N] = {
#define WW_MEM_NAME(name, value, text) [value] = #name,
  WW_MEM_LIST(WW_MEM_NAME)
#undef WW_MEM_NAME
};

static const char *const gsi_names[WW_GSI_N] = {
#define WW_GSI_NAME(name, value, text) [value] = text,
  WW_GSI_LIST(WW_GSI_NAME)
#undef WW_GSI_NAME
};

/* A JSON string: '"', '\\' and control characters escaped; a byte that does
 * not start a valid UTF-8 sequence becomes U+FFFD. */
static void put_str(FILE *f, const char *s)
{
  const unsigned char *p = (const unsigned char *)s;
  fputc('"', f);
  while (*p) {
    unsigned c = *p;
    if (c < 0x80) {
      if (c == '"' || c == '\\')
        fprintf(f, "\\%c", (int)c);
      else if (c < 0x20)
        fprintf(f, "\\u%04x", c);
      else
        fputc((int)c, f);
      p++;
      continue;
    }
    /* lead byte: 2, 3 or 4 byte sequences, no overlong 2-byte forms */
    unsigned need = c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2
                  : c >= 0xF0 && c <= 0xF4 ? 3 : 0;
    unsigned i = 1;
    while (need && i <= need && (p[i] & 0xC0) == 0x80)
      i++;
    if (need && i == need + 1) {
      fwrite(p, 1, need + 1, f);
      p += need + 1;
    } else {
      fputs("\\ufffd", f);
      p++;
    }
  }
  fputc('"', f);
}

static char *lower_copy(char *dst, size_t n, const char *src)
{
  size_t i = 0;
  for (; src[i] && i + 1 < n; i++)
    dst[i] = (char)(src[i] >= 'A' && src[i] <= 'Z' ? src[i] - 'A' + 'a' : src[i]);
  dst[i] = '\0';
  return dst;
}

/* Starts the next element of traceEvents: the separator, then "{". */
static void begin(ww_trace_json_t *t)
{
  fputs(t->events++ ? ",\n{" : "{", t->f);
}

static unsigned pid_of(unsigned sm) { return sm + 1; }
static unsigned tid_of(unsigned sm, unsigned w, int stalls)
{
  return 100 * (sm + 1) + w + (stalls ? STALL_TID_OFFSET : 0);
}

static const pc_info_t *pc_info(ww_trace_json_t *t, uint32_t pc, uint32_t insn)
{
  pc_info_t *c = &t->cache[(pc >> 2) % CACHE_SLOTS];
  if (c->valid && c->pc == pc && c->insn == insn)
    return c;
  ww_insn_t d;
  ww_decode(insn, &d);
  ww_disasm(&d, pc, c->dis, sizeof c->dis);
  c->src[0] = '\0';
  if (t->k && ww_kernel_srcline(t->k, pc, c->src, sizeof c->src) == 0) {
    char call[128];
    if (ww_srcline_callsite(ww_kernel_elf(t->k)->lines, pc, call, sizeof call) == 0) {
      size_t len = strlen(c->src);
      snprintf(c->src + len, sizeof c->src - len, " inlined at %s", call);
    }
  }
  c->valid = 1;
  c->pc = pc;
  c->insn = insn;
  return c;
}

static void note_block(slot_t *s, uint32_t block)
{
  if (s->insns && block == s->last_block)
    return;
  s->last_block = block;
  if (s->nblocks < NAMED_BLOCKS)
    s->blocks[s->nblocks++] = block;
  else
    s->more_blocks++;
}

static void mem_args(FILE *f, const ww_retire_t *r, unsigned lanes)
{
  char kind[32];
  fputs(", \"mem\": {\"kind\": ", f);
  put_str(f, r->mem < WW_MEM_N ? lower_copy(kind, sizeof kind, mem_names[r->mem]) : "unknown");
  fprintf(f, ", \"size\": %u, \"lines\": [", (unsigned)r->mem_bytes);
  uint32_t seen[WW_MAX_LANES];
  unsigned n = 0;
  for (unsigned l = 0; l < lanes; l++) {
    if (!(r->mask >> l & 1))
      continue;
    uint32_t line = r->addr[l] / WW_LINE_BYTES;
    unsigned i = 0;
    while (i < n && seen[i] != line)
      i++;
    if (i < n)
      continue;
    seen[n] = line;
    fprintf(f, "%s%" PRIu32, n ? ", " : "", line);
    n++;
  }
  fputs("]}", f);
}

void ww_trace_json_retire(ww_trace_json_t *t, const ww_retire_t *r)
{
  if (r->sm >= WW_NUM_SM || r->warp >= WW_WARPS_PER_SM)
    return;
  unsigned lanes = t->dev->lanes < WW_MAX_LANES ? t->dev->lanes : WW_MAX_LANES;
  slot_t *s = &t->slot[r->sm * WW_WARPS_PER_SM + r->warp];
  note_block(s, r->block);
  s->insns++;
  const pc_info_t *pi = pc_info(t, r->pc, r->insn);
  FILE *f = t->f;
  begin(t);
  fputs("\"name\": ", f);
  put_str(f, pi->dis);
  fprintf(f, ", \"cat\": \"insn\", \"ph\": \"X\", \"ts\": %" PRIu64 ", \"dur\": 1, \"pid\": %u"
          ", \"tid\": %u, \"args\": {\"pc\": \"0x%08" PRIx32 "\", \"mask\": \"0x%0*" PRIx32
          "\", \"block\": %" PRIu32, r->step, pid_of(r->sm), tid_of(r->sm, r->warp, 0), r->pc,
          ww_mask_digits(lanes), r->mask, r->block);
  if (pi->src[0]) {
    fputs(", \"srcline\": ", f);
    put_str(f, pi->src);
  }
  if (r->mem != WW_MEM_NONE) {
    mem_args(f, r, lanes);
    t->mem_events++;
  }
  fputs("}}", f);
  t->insn_events++;
}

/* Writes slot i's current stall run (if any) as a slice. */
static void flush_run(ww_trace_json_t *t, unsigned i)
{
  slot_t *s = &t->slot[i];
  if (!s->run_len)
    return;
  unsigned sm = i / WW_WARPS_PER_SM, w = i % WW_WARPS_PER_SM;
  begin(t);
  fputs("\"name\": ", t->f);
  put_str(t->f, s->run_cls < WW_GSI_N ? gsi_names[s->run_cls] : "unknown");
  fprintf(t->f, ", \"cat\": \"stall\", \"ph\": \"X\", \"ts\": %" PRIu64 ", \"dur\": %" PRIu64
          ", \"pid\": %u, \"tid\": %u}", s->run_start, s->run_len, pid_of(sm),
          tid_of(sm, w, 1));
  s->run_len = 0;
  s->stall_slices++;
  t->stall_events++;
}

static void on_cycle(void *ctx, uint64_t cycle, unsigned sm, const uint8_t *cls, unsigned n)
{
  ww_trace_json_t *t = ctx;
  if (sm >= WW_NUM_SM)
    return;
  for (unsigned w = 0; w < n && w < WW_WARPS_PER_SM; w++) {
    unsigned i = sm * WW_WARPS_PER_SM + w;
    slot_t *s = &t->slot[i];
    if (s->run_len && s->run_cls == cls[w] && cycle == s->run_start + s->run_len) {
      s->run_len++;
      continue;
    }
    flush_run(t, i);
    s->run_cls = cls[w];
    s->run_start = cycle;
    s->run_len = 1;
  }
}

ww_trace_json_t *ww_trace_json_open(ww_dev_t *dev, const char *path, const ww_kernel_t *k,
                                    char *err, size_t err_len)
{
  if (dev->tjson) {
    snprintf(err, err_len, "a JSON trace is already open on this device");
    return NULL;
  }
  ww_trace_json_t *t = calloc(1, sizeof *t);
  if (!t) {
    snprintf(err, err_len, "out of host memory");
    return NULL;
  }
  t->f = fopen(path, "w");
  if (!t->f) {
    snprintf(err, err_len, "cannot open JSON trace file '%s': %s", path, strerror(errno));
    free(t);
    return NULL;
  }
  t->dev = dev;
  t->k = k;
  fputs("{\"traceEvents\": [\n", t->f);
  dev->tjson = t;
  ww_dev_update_hook(dev);
  if (dev->ops->set_cycle_hook) {
    dev->ops->set_cycle_hook(dev->be, on_cycle, t);
    t->cycles = 1;
  }
  return t;
}

static void meta(ww_trace_json_t *t, const char *what, unsigned pid, unsigned tid,
                 const char *name, unsigned sort)
{
  begin(t);
  fprintf(t->f, "\"name\": \"%s_name\", \"ph\": \"M\", \"ts\": 0, \"pid\": %u, \"tid\": %u, "
          "\"args\": {\"name\": ", what, pid, tid);
  put_str(t->f, name);
  fputs("}}", t->f);
  begin(t);
  fprintf(t->f, "\"name\": \"%s_sort_index\", \"ph\": \"M\", \"ts\": 0, \"pid\": %u, "
          "\"tid\": %u, \"args\": {\"sort_index\": %u}}", what, pid, tid, sort);
}

static void track_name(const slot_t *s, unsigned w, char *buf, size_t n)
{
  int len = snprintf(buf, n, "warp %u (block%s", w, s->nblocks > 1 ? "s" : "");
  for (unsigned b = 0; b < s->nblocks && len > 0 && (size_t)len < n; b++)
    len += snprintf(buf + len, n - (size_t)len, "%s %" PRIu32, b ? "," : "", s->blocks[b]);
  if (len > 0 && (size_t)len < n && s->more_blocks)
    len += snprintf(buf + len, n - (size_t)len, " and %" PRIu64 " more", s->more_blocks);
  if (len > 0 && (size_t)len < n)
    snprintf(buf + len, n - (size_t)len, ")");
}

int ww_trace_json_close(ww_trace_json_t *t, char *err, size_t err_len)
{
  if (!t)
    return 0;
  ww_dev_t *dev = t->dev;
  if (t->cycles)
    dev->ops->set_cycle_hook(dev->be, NULL, NULL);
  dev->tjson = NULL;
  ww_dev_update_hook(dev);
  for (unsigned i = 0; i < NSLOTS; i++)
    flush_run(t, i);
  char name[160];
  for (unsigned sm = 0; sm < WW_NUM_SM; sm++) {
    int any = 0;
    for (unsigned w = 0; w < WW_WARPS_PER_SM; w++) {
      const slot_t *s = &t->slot[sm * WW_WARPS_PER_SM + w];
      any |= s->insns || s->stall_slices;
      if (s->insns) {
        track_name(s, w, name, sizeof name);
        meta(t, "thread", pid_of(sm), tid_of(sm, w, 0), name, 2 * w);
      }
      if (s->stall_slices) {
        snprintf(name, sizeof name, "warp %u stalls", w);
        meta(t, "thread", pid_of(sm), tid_of(sm, w, 1), name, 2 * w + 1);
      }
    }
    if (any) {
      snprintf(name, sizeof name, "SM %u", sm);
      meta(t, "process", pid_of(sm), 0, name, sm);
    }
  }
  FILE *f = t->f;
  fputs("\n],\n\"displayTimeUnit\": \"ns\",\n\"otherData\": {\"kernel\": ", f);
  put_str(f, t->k ? t->k->name : "");
  fputs(", \"backend\": ", f);
  put_str(f, dev->ops->name);
  fprintf(f, ", \"time_unit\": \"%s\", \"num_sm\": %u, \"warps_per_sm\": %u, \"lanes\": %u"
          ", \"line_bytes\": %u, \"insn_events\": %" PRIu64 ", \"mem_insn_events\": %" PRIu64
          ", \"stall_events\": %" PRIu64 "}}\n",
          t->cycles ? "1 us of ts = 1 clock cycle" : "1 us of ts = 1 scheduler step",
          WW_NUM_SM, WW_WARPS_PER_SM, dev->lanes, WW_LINE_BYTES, t->insn_events,
          t->mem_events, t->stall_events);
  int bad = ferror(f);
  int cerr = fclose(f) != 0 ? errno : 0;
  free(t);
  if (bad || cerr) {
    snprintf(err, err_len, "writing the JSON trace failed%s%s", cerr ? ": " : "",
             cerr ? strerror(cerr) : "");
    return -1;
  }
  return 0;
}
