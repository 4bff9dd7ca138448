/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_races -- warpwatch's ScoRD race report; see ww_races.h.
 */
#include "ww_races.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

static const char *race_kind(unsigned kind)
{
  static const char *const t[1u << WW_SCORD_KIND_W] = {
#define RACE_KIND(name, value, text) [value] = text,
    WW_SCORD_KIND_LIST(RACE_KIND)
#undef RACE_KIND
  };
  const char *s = t[kind & ((1u << WW_SCORD_KIND_W) - 1)];
  return s ? s : "?";
}

/* The access of a retired instruction, in words (ww_mem_kind_t). */
static const char *mem_text(unsigned mem)
{
  switch (mem) {
  case WW_MEM_LOAD: return "load";
  case WW_MEM_STORE: return "store";
  case WW_MEM_LOAD_STRONG: return "strong load";
  case WW_MEM_STORE_STRONG: return "strong store";
  case WW_MEM_ATOMIC_BLK: return "block atomic";
  case WW_MEM_ATOMIC_DEV: return "device atomic";
  default: return "?";
  }
}

/* Where pc is in the kernel's source (where[n]) and, when that line is in an
 * inlined function, the kernel line it was inlined at (inl[n], else ""):
 * the innermost location outside warpwatch.h, whose intrinsics are not the
 * user's code. A CAS in a helper `claim()` that a kernel calls on line 35 is
 * "k.c:28" inlined at "k.c:35"; the outermost call site alone would name
 * line 35 for every access in the helper (docs/scord.md §5). */
static void race_where(const ww_kernel_t *k, uint32_t pc, char *where, char *inl, size_t n)
{
  char chain[16][64];
  int m = ww_srcline_chain(ww_kernel_elf(k)->lines, pc, chain, 16);
  where[0] = inl[0] = '\0';
  int i = 0;
  while (i < m - 1 && strncmp(chain[i], "warpwatch.h:", 12) == 0)
    i++;
  if (m > 0)
    snprintf(where, n, "%.63s", chain[i]);
  if (i < m - 1)
    snprintf(inl, n, "%.63s", chain[m - 1]);
}

int ww_races_collect(ww_races_t *g, ww_dev_t *dev, const ww_kernel_t *k, const char *kernel,
                     int mode, const ww_lastacc_t *acc, unsigned block_threads)
{
  static ww_race_t r[WW_RACES_MAX];
  memset(g, 0, sizeof *g);
  g->mode = mode;
  snprintf(g->kernel, sizeof g->kernel, "%s", kernel);
  if (ww_dev_races(dev, r, WW_RACES_MAX, &g->n, &g->st) != 0)
    return -1;
  if (acc) {
    g->have_acc = 1;
    ww_lastacc_stats(acc, &g->acc);
  }
  for (size_t i = 0; i < g->n && i < WW_RACES_MAX; i++) {
    ww_race_report_t *p = &g->rep[i];
    p->r = r[i];
    if (acc) {
      ww_lastacc_resolve(acc, &r[i], block_threads, &p->cur, &p->prev);
    } else {
      p->cur = (ww_accessor_t){ .why = "not recorded", .sm = r[i].sm, .warp = r[i].warp,
                                .block = r[i].ctaid, .pc = r[i].pc, .lane = -1, .thread = -1 };
      p->prev = (ww_accessor_t){ .why = "not recorded", .sm = r[i].prev_sm,
                                 .warp = r[i].prev_warp, .block = r[i].prev_block, .lane = -1,
                                 .thread = -1 };
    }
    race_where(k, p->r.pc, p->cur_where, p->cur_inlined, sizeof p->cur_where);
    if (p->prev.known)
      race_where(k, p->prev.pc, p->prev_where, p->prev_inlined, sizeof p->prev_where);
    ww_dev_describe(dev, p->r.addr, p->region, sizeof p->region);
    ww_region_t reg;
    if (ww_dev_region(dev, p->r.addr, &reg) == 0) {
      snprintf(p->region_name, sizeof p->region_name, "%s", reg.name);
      p->region_offset = p->r.addr - reg.base;
    }
  }
  return 0;
}

/* " k.c:28 (inlined at k.c:35)", or "" without line info */
static void where_text(const char *where, const char *inl, char *buf, size_t n)
{
  if (!where[0])
    buf[0] = '\0';
  else if (inl[0])
    snprintf(buf, n, " %s (inlined at %s)", where, inl);
  else
    snprintf(buf, n, " %s", where);
}

/* "SM 1 warp 0 block 1 thread 11 (lane 3)" */
static void who_text(const ww_accessor_t *a, int is_prev, char *buf, size_t n)
{
  char thr[64] = "";
  if (a->thread >= 0)
    snprintf(thr, sizeof thr, " thread %d (lane %d)", a->thread, a->lane);
  else if (a->known)
    snprintf(thr, sizeof thr, " thread unknown (its lane varied)");
  if (is_prev && !a->known)
    snprintf(buf, n, "SM %u warp %u block id %" PRIu32, a->sm, a->warp, a->block);
  else
    snprintf(buf, n, "SM %u warp %u block %" PRIu32 "%s", a->sm, a->warp, a->block, thr);
}

/* The distinct source lines of the racing accesses. */
static size_t distinct_lines(const ww_races_t *g)
{
  size_t lines = 0;
  for (size_t i = 0; i < g->n && i < WW_RACES_MAX; i++) {
    const char *w = g->rep[i].cur_where;
    size_t j = 0;
    while (j < i && strcmp(g->rep[j].cur_where, w) != 0)
      j++;
    lines += j == i;
  }
  return lines;
}

void ww_races_print(FILE *f, const ww_races_t *g)
{
  fprintf(f, "scord (%s metadata): %zu distinct race%s, %" PRIu64 " in all; %" PRIu64
          " records checked, %" PRIu64 " metadata reads, %" PRIu64 " writes, %" PRIu64
          " queue-full cycles\n", g->mode == WW_SCORD_FULL ? "full" : "cached", g->n,
          g->n == 1 ? "" : "s", g->st.races, g->st.records, g->st.md_reads, g->st.md_writes,
          g->st.queue_full_cycles);
  uint64_t occ = 0;
  size_t blk = 0;
  for (size_t i = 0; i < g->n && i < WW_RACES_MAX; i++) {
    const ww_race_report_t *p = &g->rep[i];
    const ww_race_t *r = &p->r;
    occ += r->count;
    blk += r->scope_blk != 0;
    char cw[160], pw[160];
    where_text(p->cur_where, p->cur_inlined, cw, sizeof cw);
    where_text(p->prev_where, p->prev_inlined, pw, sizeof pw);
    fprintf(f, "race (%c) %s, %s scope: %s at pc 0x%08" PRIx32 "%s, word 0x%08" PRIx32
            " (%s)", WW_RACE_LETTER(r->type), ww_race_type_text(r->type),
            r->scope_blk ? "block" : "device", race_kind(r->kind), r->pc, cw, r->addr,
            p->region);
    if (r->count > 1)
      fprintf(f, ", %" PRIu32 " times", r->count);
    fputc('\n', f);
    char who[160];
    who_text(&p->cur, 0, who, sizeof who);
    fprintf(f, "  current:  %-13s by %s at pc 0x%08" PRIx32 "%s\n",
            p->cur.known ? mem_text(p->cur.mem) : race_kind(r->kind), who, r->pc, cw);
    who_text(&p->prev, 1, who, sizeof who);
    if (p->prev.known)
      fprintf(f, "  previous: %-13s by %s at pc 0x%08" PRIx32 "%s\n", mem_text(p->prev.mem), who,
              p->prev.pc, pw);
    else
      fprintf(f, "  previous: %-13s by %s at pc unknown (%s)\n", "access", who, p->prev.why);
  }
  if (g->n > WW_RACES_MAX)
    fprintf(f, "(%zu more not shown)\n", g->n - WW_RACES_MAX);
  if (g->st.overwrites)
    fprintf(f, "warning: the race log ring overwrote %" PRIu64 " entries\n", g->st.overwrites);
  if (g->have_acc && g->acc.dropped)
    fprintf(f, "warning: the access table was full (%zu entries): %" PRIu64 " word accesses "
            "not recorded, their races name no earlier PC\n", g->acc.capacity, g->acc.dropped);
  size_t shown = g->n < WW_RACES_MAX ? g->n : WW_RACES_MAX;
  fprintf(f, "scord summary: %zu distinct race%s displayed (%zu device scope, %zu block scope; "
          "%" PRIu64 " occurrence%s) at %zu source line%s", shown, shown == 1 ? "" : "s",
          shown - blk, blk, occ, occ == 1 ? "" : "s", distinct_lines(g),
          distinct_lines(g) == 1 ? "" : "s");
  if (g->n > shown)
    fprintf(f, "; %zu in all", g->n);
  fputc('\n', f);
}

static void json_str_or_null(FILE *f, const char *s)
{
  if (s && *s)
    ww_json_str(f, s);
  else
    fputs("null", f);
}

static void json_int_or_null(FILE *f, int known, int64_t v)
{
  if (known)
    fprintf(f, "%" PRId64, v);
  else
    fputs("null", f);
}

static void accessor_json(FILE *f, const ww_accessor_t *a, int is_prev, const char *where,
                          const char *inl, const char *kind_if_unknown)
{
  int pc_known = a->known || !is_prev;
  fprintf(f, "{\"known\": %s, \"sm\": %u, \"warp\": %u, \"block\": ", a->known ? "true" : "false",
          a->sm, a->warp);
  json_int_or_null(f, a->known || !is_prev, a->block);
  fprintf(f, ", \"block_id\": %" PRIu32 ", \"pc\": ",
          a->block & ((1u << WW_SCORD_BLOCKID_W) - 1));
  json_int_or_null(f, pc_known, a->pc);
  fputs(", \"srcline\": ", f);
  json_str_or_null(f, pc_known ? where : NULL);
  fputs(", \"inlined_at\": ", f);
  json_str_or_null(f, pc_known ? inl : NULL);
  fputs(", \"access\": ", f);
  json_str_or_null(f, a->known ? mem_text(a->mem) : kind_if_unknown);
  fputs(", \"lane\": ", f);
  json_int_or_null(f, a->lane >= 0, a->lane);
  fputs(", \"thread\": ", f);
  json_int_or_null(f, a->thread >= 0, a->thread);
  fputs(", \"first_cycle\": ", f);
  json_int_or_null(f, a->known, (int64_t)a->first);
  fputs(", \"last_cycle\": ", f);
  json_int_or_null(f, a->known, (int64_t)a->last);
  fputs(", \"retires\": ", f);
  json_int_or_null(f, a->known, a->n);
  fputs(", \"why_unknown\": ", f);
  json_str_or_null(f, a->known ? NULL : a->why);
  fputc('}', f);
}

void ww_races_json_object(FILE *f, const ww_races_t *g)
{
  fputs("{\"kernel\": ", f);
  ww_json_str(f, g->kernel);
  fprintf(f, ", \"mode\": \"%s\", \"distinct\": %zu, \"races\": %" PRIu64
          ", \"records\": %" PRIu64 ", \"md_reads\": %" PRIu64 ", \"md_writes\": %" PRIu64
          ", \"queue_full_cycles\": %" PRIu64 ", \"log_overwrites\": %" PRIu64
          ", \"l2_requests\": %" PRIu64, g->mode == WW_SCORD_FULL ? "full" : "cached", g->n,
          g->st.races, g->st.records, g->st.md_reads, g->st.md_writes, g->st.queue_full_cycles,
          g->st.overwrites, g->st.l2_requests);
  if (g->have_acc)
    fprintf(f, ", \"access_table\": {\"capacity\": %zu, \"entries\": %zu, \"dropped\": %" PRIu64
            ", \"bytes\": %zu}", g->acc.capacity, g->acc.entries, g->acc.dropped, g->acc.bytes);
  fputs(", \"list\": [", f);
  for (size_t i = 0; i < g->n && i < WW_RACES_MAX; i++) {
    const ww_race_report_t *p = &g->rep[i];
    const ww_race_t *r = &p->r;
    fprintf(f, "%s{\"type\": \"%c\", \"text\": ", i ? ", " : "", WW_RACE_LETTER(r->type));
    ww_json_str(f, ww_race_type_text(r->type));
    fprintf(f, ", \"scope\": \"%s\", \"pc\": %" PRIu32 ", \"srcline\": ",
            r->scope_blk ? "block" : "device", r->pc);
    ww_json_str(f, p->cur_where);
    fputs(", \"inlined_at\": ", f);
    json_str_or_null(f, p->cur_inlined);
    fprintf(f, ", \"addr\": %" PRIu32 ", \"access\": \"%s\", \"count\": %" PRIu32
            ", \"sm\": %u, \"warp\": %u, \"block\": %" PRIu32 ", \"prev_sm\": %u"
            ", \"prev_warp\": %u, \"prev_block_id\": %" PRIu32 ", \"region\": ",
            r->addr, race_kind(r->kind), r->count, r->sm, r->warp, r->ctaid, r->prev_sm,
            r->prev_warp, r->prev_block);
    ww_json_str(f, p->region);
    fputs(", \"region_name\": ", f);
    json_str_or_null(f, p->region_name);
    fputs(", \"region_offset\": ", f);
    json_int_or_null(f, p->region_name[0] != 0, p->region_offset);
    fputs(", \"current\": ", f);
    accessor_json(f, &p->cur, 0, p->cur_where, p->cur_inlined, race_kind(r->kind));
    fputs(", \"previous\": ", f);
    accessor_json(f, &p->prev, 1, p->prev_where, p->prev_inlined, NULL);
    fputc('}', f);
  }
  fputs("]}", f);
}

void ww_races_json(FILE *f, const ww_races_t *g)
{
  fputs(", \"scord\": ", f);
  ww_races_json_object(f, g);
}

int ww_races_save(const char *path, const ww_races_t *g, char *err, size_t n)
{
  FILE *f = fopen(path, "w");
  if (!f)
    return snprintf(err, n, "--save %s: cannot open: %s", path, strerror(errno)), -1;
  ww_races_json_object(f, g);
  fputc('\n', f);
  int bad = ferror(f);
  if (fclose(f) != 0 || bad)
    return snprintf(err, n, "--save %s: cannot write: %s", path, strerror(errno)), -1;
  return 0;
}
