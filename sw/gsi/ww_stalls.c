/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_stalls -- GSI stall counters on the host: check, table, JSON writer and
 * reader, gnuplot bar chart (ww_stalls.h describes each).
 */
#define _POSIX_C_SOURCE 200809L

#include "ww_stalls.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *const stall_names[WW_STALL_COUNTERS] = {
#define WW_STALL_NAME(name, idx, text) [idx] = text,
  WW_GSI_CNT_LIST(WW_STALL_NAME)
#undef WW_STALL_NAME
};

_Static_assert(WW_STALL_MD_FIRST == WW_STALL_CLASS_FIRST + WW_STALL_NCLASSES &&
               WW_STALL_MS_FIRST == WW_STALL_MD_FIRST + WW_STALL_NMD &&
               WW_STALL_SY_FIRST == WW_STALL_MS_FIRST + WW_STALL_NMS &&
               WW_STALL_CYCLES == WW_STALL_SY_FIRST + WW_STALL_NSY &&
               WW_STALL_COUNTERS == WW_STALL_CYCLES + 1,
               "the counter groups tile 0 .. WW_STALL_COUNTERS - 1");

/* One colour per counter, the same in every chart and view. Classes: Paul
 * Tol's "bright" and "vibrant" schemes; sub-classes: his "muted" and
 * "high-contrast" ones, so that no sub-class looks like a class (all are
 * distinguishable with the common colour-vision deficiencies). */
static const char *const counter_colors[WW_STALL_CYCLES] = {
  [WW_STALL_IDLE] = "#BBBBBB",           /* grey */
  [WW_STALL_CONTROL] = "#EE7733",        /* orange */
  [WW_STALL_SYNC] = "#CC3311",           /* red */
  [WW_STALL_MEM_DATA] = "#0077BB",       /* blue */
  [WW_STALL_MEM_STRUCT] = "#33BBEE",     /* cyan */
  [WW_STALL_COMP_DATA] = "#009988",      /* teal */
  [WW_STALL_COMP_STRUCT] = "#AA3377",    /* purple */
  [WW_STALL_NO_STALL] = "#66CC66",       /* green */
  [WW_STALL_MD_L1] = "#44AA99",          /* muted teal */
  [WW_STALL_MD_L1_COALESCE] = "#999933", /* olive */
  [WW_STALL_MD_L2] = "#DDAA33",          /* ochre */
  [WW_STALL_MD_DRAM] = "#882255",        /* wine */
  [WW_STALL_MD_PENDING] = "#DDDDDD",     /* pale grey (not yet attributed) */
  [WW_STALL_MS_LSU_BUSY] = "#332288",    /* indigo */
  [WW_STALL_MS_MSHR_FULL] = "#CC6677",   /* rose */
  [WW_STALL_MS_STORE] = "#DDCC77",       /* sand */
  [WW_STALL_MS_BANK_CONFLICT] = "#117733", /* green */
  [WW_STALL_MS_FENCE] = "#88CCEE",       /* light cyan */
  [WW_STALL_MS_SCORD] = "#AA4499",       /* magenta */
  [WW_STALL_SY_OTHER] = "#EE8866",       /* salmon (Tol "light") */
  [WW_STALL_SY_TX_BEGIN] = "#77AADD",    /* light blue */
  [WW_STALL_SY_TX_COMMIT] = "#994455",   /* dark red (Tol "medium-contrast") */
  [WW_STALL_SY_DET_QUANTUM] = "#EEDD88", /* light yellow (Tol "light") */
  [WW_STALL_SY_DET_COMMIT] = "#004488",  /* dark blue (Tol "high-contrast") */
  [WW_STALL_SY_DET_SERIAL] = "#AAAA00",  /* pear (Tol "light") */
};
/* a counter added to ww_proto.def without a colour here is drawn grey */
#define COUNTER_COLOR(c) (counter_colors[c] ? counter_colors[c] : "#777777")

/* What each view stacks, and how its chart is labelled. */
static const struct {
  const char *name;       /* ww_stall_view_name */
  unsigned first, count;  /* the counters stacked, bottom up */
  unsigned total;         /* the class they add up to (WW_STALL_CYCLES: all cycles) */
  const char *title, *key;
} views[WW_STALL_NVIEWS] = {
  [WW_STALL_VIEW_CLASSES] = { "classes", WW_STALL_CLASS_FIRST, WW_STALL_NCLASSES, WW_STALL_CYCLES,
                              "GSI stalls, classes view: stall classes",
                              "stall class" },
  [WW_STALL_VIEW_MEM_STRUCT] = { "mem_struct", WW_STALL_MS_FIRST, WW_STALL_NMS, WW_STALL_MEM_STRUCT,
                                 "GSI stalls, mem_struct view: memory-structural sub-classes", "mem_struct sub-class" },
  [WW_STALL_VIEW_MEM_DATA] = { "mem_data", WW_STALL_MD_FIRST, WW_STALL_NMD, WW_STALL_MEM_DATA,
                               "GSI stalls, mem_data view: memory-data sources",
                               "mem_data source" },
  [WW_STALL_VIEW_SYNC] = { "sync", WW_STALL_SY_FIRST, WW_STALL_NSY, WW_STALL_SYNC,
                           "GSI stalls, sync view: synchronization sub-classes (KILO TM, GPUDet)",
                           "sync sub-class" },
};

const char *ww_stall_view_name(ww_stall_view_t view)
{
  return (unsigned)view < WW_STALL_NVIEWS ? views[view].name : "?";
}

int ww_stall_view_parse(const char *s, ww_stall_view_t *view)
{
  for (unsigned v = 0; s && v < WW_STALL_NVIEWS; v++)
    if (!strcmp(s, views[v].name)) {
      *view = (ww_stall_view_t)v;
      return 0;
    }
  return -1;
}

const char *ww_stall_name(unsigned idx)
{
  return idx < WW_STALL_COUNTERS ? stall_names[idx] : "?";
}

static void set_err(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_err(char *err, size_t n, const char *fmt, ...)
{
  if (!err || !n)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, n, fmt, ap);
  va_end(ap);
}

/* Sum of counters [first, first + count) of one SM, with overflow flagged. */
static uint64_t group_sum(const uint64_t *c, unsigned first, unsigned count, int *overflow)
{
  uint64_t s = 0;
  for (unsigned i = first; i < first + count; i++) {
    if (c[i] > UINT64_MAX - s)
      *overflow = 1;
    s += c[i];
  }
  return s;
}

int ww_stalls_check(const ww_stall_run_t *r, char *err, size_t n)
{
  if (r->n_sm < 1 || r->n_sm > WW_NUM_SM_MAX) {
    set_err(err, n, "%u SMs (expected 1..%d)", r->n_sm, WW_NUM_SM_MAX);
    return -1;
  }
  for (unsigned s = 0; s < r->n_sm; s++) {
    const uint64_t *c = r->cnt[s];
    int ovf = 0;
    uint64_t cls = group_sum(c, WW_STALL_CLASS_FIRST, WW_STALL_NCLASSES, &ovf);
    uint64_t md = group_sum(c, WW_STALL_MD_FIRST, WW_STALL_NMD, &ovf);
    uint64_t ms = group_sum(c, WW_STALL_MS_FIRST, WW_STALL_NMS, &ovf);
    uint64_t sy = group_sum(c, WW_STALL_SY_FIRST, WW_STALL_NSY, &ovf);
    if (ovf) {
      set_err(err, n, "SM %u: a counter sum overflows 64 bits", s);
      return -1;
    }
    if (c[WW_STALL_CYCLES] != r->cycles) {
      set_err(err, n, "SM %u: cycles counter %" PRIu64 " != run cycles %" PRIu64, s,
              c[WW_STALL_CYCLES], r->cycles);
      return -1;
    }
    if (cls != r->cycles) {
      set_err(err, n, "SM %u: classes sum to %" PRIu64 ", cycles %" PRIu64, s, cls, r->cycles);
      return -1;
    }
    if (md != c[WW_STALL_MEM_DATA]) {
      set_err(err, n, "SM %u: mem_data sub-classes sum to %" PRIu64 ", mem_data %" PRIu64, s, md,
              c[WW_STALL_MEM_DATA]);
      return -1;
    }
    if (ms != c[WW_STALL_MEM_STRUCT]) {
      set_err(err, n, "SM %u: mem_struct sub-classes sum to %" PRIu64 ", mem_struct %" PRIu64,
              s, ms, c[WW_STALL_MEM_STRUCT]);
      return -1;
    }
    if (sy != c[WW_STALL_SYNC]) {
      set_err(err, n, "SM %u: sync sub-classes sum to %" PRIu64 ", sync %" PRIu64, s, sy,
              c[WW_STALL_SYNC]);
      return -1;
    }
  }
  set_err(err, n, "ok");
  return 0;
}

/* Counter i summed over the SMs (wraps like the JSON sums; a run that
 * passes ww_stalls_check cannot wrap with <= 16 SMs of 2^59 cycles). */
static uint64_t total_of(const ww_stall_run_t *r, unsigned i)
{
  uint64_t s = 0;
  unsigned nsm = r->n_sm <= WW_NUM_SM_MAX ? r->n_sm : WW_NUM_SM_MAX;
  for (unsigned k = 0; k < nsm; k++)
    s += r->cnt[k][i];
  return s;
}

static double pct(uint64_t part, uint64_t whole)
{
  return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* ---- the table ------------------------------------------------------------------ */
static void print_row(FILE *f, const ww_stall_run_t *r, unsigned nsm, unsigned i, int indent)
{
  fprintf(f, "%s%-*s", indent ? "  " : "", indent ? 16 : 18, stall_names[i]);
  for (unsigned s = 0; s < nsm; s++)
    fprintf(f, " %12" PRIu64 " %6.2f%%", r->cnt[s][i], pct(r->cnt[s][i], r->cnt[s][WW_STALL_CYCLES]));
  if (nsm > 1)
    fprintf(f, " %12" PRIu64 " %6.2f%%", total_of(r, i), pct(total_of(r, i), total_of(r, WW_STALL_CYCLES)));
  fputc('\n', f);
}

void ww_stalls_print(FILE *f, const ww_stall_run_t *r)
{
  unsigned nsm = r->n_sm <= WW_NUM_SM_MAX ? r->n_sm : WW_NUM_SM_MAX;
  char why[160];
  int ok = ww_stalls_check(r, why, sizeof why) == 0;

  fprintf(f, "GSI stalls: %.*s, %u SM%s, %" PRIu64 " cycles (%% of each SM's cycles)\n",
          (int)strnlen(r->name, sizeof r->name), r->name, r->n_sm, r->n_sm == 1 ? "" : "s",
          r->cycles);
  fprintf(f, "%-18s", "class");
  for (unsigned s = 0; s < nsm; s++) {
    char h[24];
    snprintf(h, sizeof h, "SM%u cycles", s);
    fprintf(f, " %12s %7s", h, "%");
  }
  if (nsm > 1)
    fprintf(f, " %12s %7s", "total cycles", "%");
  fputc('\n', f);
  for (unsigned c = 0; c < WW_STALL_NCLASSES; c++) {
    print_row(f, r, nsm, c, 0);
    if (c == WW_STALL_SYNC)
      for (unsigned i = 0; i < WW_STALL_NSY; i++)
        print_row(f, r, nsm, WW_STALL_SY_FIRST + i, 1);
    if (c == WW_STALL_MEM_DATA)
      for (unsigned i = 0; i < WW_STALL_NMD; i++)
        print_row(f, r, nsm, WW_STALL_MD_FIRST + i, 1);
    if (c == WW_STALL_MEM_STRUCT)
      for (unsigned i = 0; i < WW_STALL_NMS; i++)
        print_row(f, r, nsm, WW_STALL_MS_FIRST + i, 1);
  }
  print_row(f, r, nsm, WW_STALL_CYCLES, 0);
  if (ok)
    fprintf(f, "classes sum to cycles: yes\n");
  else
    fprintf(f, "classes sum to cycles: NO (%s)\n", why);
}

/* ---- JSON out ---------------------------------------------------------------------- */
static void json_string(FILE *f, const char *s, size_t max)
{
  fputc('"', f);
  for (size_t i = 0; i < max && s[i]; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch == '"' || ch == '\\')
      fprintf(f, "\\%c", ch);
    else if (ch == '\n')
      fputs("\\n", f);
    else if (ch == '\t')
      fputs("\\t", f);
    else if (ch < 0x20 || ch == 0x7F)
      fprintf(f, "\\u%04x", ch);
    else
      fputc(ch, f);
  }
  fputc('"', f);
}

static void json_group(FILE *f, const char *key, const uint64_t *c, unsigned first, unsigned count)
{
  fprintf(f, "\"%s\": {", key);
  for (unsigned i = first; i < first + count; i++)
    fprintf(f, "%s\"%s\": %" PRIu64, i == first ? "" : ", ", stall_names[i], c[i]);
  fputc('}', f);
}

void ww_stalls_json(FILE *f, const ww_stall_run_t *r)
{
  unsigned nsm = r->n_sm <= WW_NUM_SM_MAX ? r->n_sm : WW_NUM_SM_MAX;
  uint64_t tot[WW_STALL_COUNTERS];
  for (unsigned i = 0; i < WW_STALL_COUNTERS; i++)
    tot[i] = total_of(r, i);
  fputs("{\"name\": ", f);
  json_string(f, r->name, sizeof r->name);
  fprintf(f, ", \"cycles\": %" PRIu64 ", \"sum_equals_cycles\": %s, ", r->cycles,
          ww_stalls_check(r, NULL, 0) == 0 ? "true" : "false");
  json_group(f, "classes", tot, WW_STALL_CLASS_FIRST, WW_STALL_NCLASSES);
  fputs(", ", f);
  json_group(f, "mem_data", tot, WW_STALL_MD_FIRST, WW_STALL_NMD);
  fputs(", ", f);
  json_group(f, "mem_struct", tot, WW_STALL_MS_FIRST, WW_STALL_NMS);
  fputs(", ", f);
  json_group(f, "sync", tot, WW_STALL_SY_FIRST, WW_STALL_NSY);
  fputs(", \"sm\": [", f);
  for (unsigned s = 0; s < nsm; s++) {
    const uint64_t *c = r->cnt[s];
    fprintf(f, "%s{\"sm\": %u, \"cycles\": %" PRIu64 ", ", s ? ", " : "", s, c[WW_STALL_CYCLES]);
    json_group(f, "classes", c, WW_STALL_CLASS_FIRST, WW_STALL_NCLASSES);
    fputs(", ", f);
    json_group(f, "mem_data", c, WW_STALL_MD_FIRST, WW_STALL_NMD);
    fputs(", ", f);
    json_group(f, "mem_struct", c, WW_STALL_MS_FIRST, WW_STALL_NMS);
    fputs(", ", f);
    json_group(f, "sync", c, WW_STALL_SY_FIRST, WW_STALL_NSY);
    fputc('}', f);
  }
  fputs("]}", f);
}

/* ---- JSON in: a strict reader for {"runs": [<ww_stalls_json object>, ...]} ------- */
typedef struct {
  const char *s;       /* the text, NUL-terminated */
  size_t pos;
  unsigned line;
  const char *fname;
  char *err;
  size_t en;
  int failed;
} rd_t;

static int rd_fail(rd_t *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int rd_fail(rd_t *p, const char *fmt, ...)
{
  if (p->failed)
    return -1;
  p->failed = 1;
  if (p->err && p->en) {
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(p->err, p->en, "%s:%u: %s", p->fname, p->line, msg);
  }
  return -1;
}

static void rd_ws(rd_t *p)
{
  for (;;) {
    char c = p->s[p->pos];
    if (c == '\n')
      p->line++;
    else if (c != ' ' && c != '\t' && c != '\r')
      return;
    p->pos++;
  }
}

/* What is at the cursor, for messages. */
static const char *rd_what(const rd_t *p)
{
  char c = p->s[p->pos];
  if (!c)
    return "end of input";
  static const struct { char c; const char *what; } tab[] = {
    { '{', "'{'" }, { '}', "'}'" }, { '[', "'['" }, { ']', "']'" }, { ',', "','" },
    { ':', "':'" }, { '"', "a string" },
  };
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (tab[i].c == c)
      return tab[i].what;
  if (c >= '0' && c <= '9')
    return "a number";
  return "an unexpected character";
}

static int rd_expect(rd_t *p, char c)
{
  rd_ws(p);
  if (p->s[p->pos] != c)
    return rd_fail(p, "expected '%c', found %s", c, rd_what(p));
  p->pos++;
  return 0;
}

/* 1 if the next non-blank character is c (consumed), else 0. */
static int rd_accept(rd_t *p, char c)
{
  rd_ws(p);
  if (p->s[p->pos] != c)
    return 0;
  p->pos++;
  return 1;
}

static int hexval(char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* A JSON string into out[0..cap) (NUL-terminated; longer is an error). */
static int rd_string(rd_t *p, char *out, size_t cap, const char *what)
{
  rd_ws(p);
  if (p->s[p->pos] != '"')
    return rd_fail(p, "expected %s (a string), found %s", what, rd_what(p));
  p->pos++;
  size_t n = 0;
  for (;;) {
    unsigned char c = (unsigned char)p->s[p->pos];
    unsigned cp;
    if (c == '"') {
      p->pos++;
      break;
    }
    if (c == 0 || c == '\n')
      return rd_fail(p, "unterminated string");
    if (c < 0x20)
      return rd_fail(p, "control character in a string");
    p->pos++;
    if (c != '\\') {
      cp = c;                 /* UTF-8 bytes pass through */
    } else {
      char e = p->s[p->pos++];
      switch (e) {
      case '"': cp = '"'; break;
      case '\\': cp = '\\'; break;
      case '/': cp = '/'; break;
      case 'b': cp = '\b'; break;
      case 'f': cp = '\f'; break;
      case 'n': cp = '\n'; break;
      case 'r': cp = '\r'; break;
      case 't': cp = '\t'; break;
      case 'u': {
        cp = 0;
        for (int i = 0; i < 4; i++) {
          int h = hexval(p->s[p->pos]);
          if (h < 0)
            return rd_fail(p, "bad \\u escape");
          cp = cp << 4 | (unsigned)h;
          p->pos++;
        }
        if (cp == 0 || (cp >= 0xD800 && cp <= 0xDFFF))
          return rd_fail(p, "\\u%04x is not allowed here", cp);
        break;
      }
      default:
        p->pos--;
        return rd_fail(p, "bad escape in a string");
      }
    }
    /* encode cp as UTF-8 (raw bytes >= 0x80 are copied as they are) */
    unsigned char buf[3];
    size_t k;
    if (cp < 0x80 || c != '\\') {
      buf[0] = (unsigned char)cp, k = 1;
    } else if (cp < 0x800) {
      buf[0] = (unsigned char)(0xC0 | cp >> 6), buf[1] = (unsigned char)(0x80 | (cp & 0x3F)), k = 2;
    } else {
      buf[0] = (unsigned char)(0xE0 | cp >> 12), buf[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
      buf[2] = (unsigned char)(0x80 | (cp & 0x3F)), k = 3;
    }
    if (n + k >= cap)
      return rd_fail(p, "%s is longer than %zu bytes", what, cap - 1);
    memcpy(out + n, buf, k);
    n += k;
  }
  out[n] = 0;
  return 0;
}

static int rd_u64(rd_t *p, uint64_t *v, const char *what)
{
  rd_ws(p);
  const char *s = p->s + p->pos;
  if (*s < '0' || *s > '9')
    return rd_fail(p, "expected %s (a non-negative integer), found %s", what, rd_what(p));
  if (s[0] == '0' && s[1] >= '0' && s[1] <= '9')
    return rd_fail(p, "%s: leading zero", what);
  uint64_t x = 0;
  size_t i = 0;
  for (; s[i] >= '0' && s[i] <= '9'; i++) {
    unsigned d = (unsigned)(s[i] - '0');
    if (x > (UINT64_MAX - d) / 10)
      return rd_fail(p, "%s does not fit in 64 bits", what);
    x = x * 10 + d;
  }
  if (s[i] == '.' || s[i] == 'e' || s[i] == 'E')
    return rd_fail(p, "%s must be an integer", what);
  p->pos += i;
  *v = x;
  return 0;
}

static int rd_bool(rd_t *p, int *v, const char *what)
{
  rd_ws(p);
  if (!strncmp(p->s + p->pos, "true", 4)) {
    p->pos += 4, *v = 1;
    return 0;
  }
  if (!strncmp(p->s + p->pos, "false", 5)) {
    p->pos += 5, *v = 0;
    return 0;
  }
  return rd_fail(p, "expected %s (true or false), found %s", what, rd_what(p));
}

/* Object iteration: rd_key() returns 1 with the next key in key (after its
 * ':'), 0 at the closing '}', -1 on error. Call after rd_expect(p, '{'). */
static int rd_key(rd_t *p, int *first, char *key, size_t cap)
{
  if (rd_accept(p, '}'))
    return 0;
  if (!*first && !rd_accept(p, ','))
    return rd_fail(p, "expected ',' or '}', found %s", rd_what(p));
  *first = 0;
  if (rd_string(p, key, cap, "a key") || rd_expect(p, ':'))
    return -1;
  return 1;
}

/* Index of key within names[first, first + count), or -1. */
static int find_name(const char *key, unsigned first, unsigned count)
{
  for (unsigned i = first; i < first + count; i++)
    if (!strcmp(key, stall_names[i]))
      return (int)i;
  return -1;
}

/* {"name": N, ...} for one group into c[first..first+count). */
static int rd_group(rd_t *p, const char *gname, uint64_t *c, unsigned first, unsigned count)
{
  unsigned seen = 0;
  int f = 1, k;
  char key[64];
  if (rd_expect(p, '{'))
    return -1;
  while ((k = rd_key(p, &f, key, sizeof key)) == 1) {
    int i = find_name(key, first, count);
    if (i < 0)
      return rd_fail(p, "\"%s\" has no counter \"%s\"", gname, key);
    if (seen >> (i - (int)first) & 1)
      return rd_fail(p, "\"%s\": duplicate key \"%s\"", gname, key);
    seen |= 1u << (i - (int)first);
    if (rd_u64(p, &c[i], key))
      return -1;
  }
  if (k < 0)
    return -1;
  for (unsigned i = 0; i < count; i++)
    if (!(seen >> i & 1))
      return rd_fail(p, "\"%s\" lacks \"%s\"", gname, stall_names[first + i]);
  return 0;
}

enum { K_CLASSES = 1, K_MD = 2, K_MS = 4, K_SM = 8, K_CYCLES = 16, K_NAME = 32, K_SUM = 64,
       K_SY = 128 };

/* Shared by the run object and its SM objects: the four groups. Returns
 * 1 if key was one of them (and read it), 0 if not, -1 on error. */
static int rd_groups(rd_t *p, const char *key, uint64_t *c, unsigned *seen)
{
  static const struct { const char *key; unsigned bit, first, count; } g[4] = {
    { "classes", K_CLASSES, WW_STALL_CLASS_FIRST, WW_STALL_NCLASSES },
    { "mem_data", K_MD, WW_STALL_MD_FIRST, WW_STALL_NMD },
    { "mem_struct", K_MS, WW_STALL_MS_FIRST, WW_STALL_NMS },
    { "sync", K_SY, WW_STALL_SY_FIRST, WW_STALL_NSY },
  };
  for (int i = 0; i < 4; i++) {
    if (strcmp(key, g[i].key))
      continue;
    if (*seen & g[i].bit)
      return rd_fail(p, "duplicate key \"%s\"", key);
    *seen |= g[i].bit;
    return rd_group(p, key, c, g[i].first, g[i].count) ? -1 : 1;
  }
  return 0;
}

static int rd_missing(rd_t *p, unsigned seen, unsigned want, const char *where)
{
  static const struct { unsigned bit; const char *key; } k[] = {
    { K_NAME, "name" }, { K_CYCLES, "cycles" }, { K_SUM, "sum_equals_cycles" },
    { K_CLASSES, "classes" }, { K_MD, "mem_data" }, { K_MS, "mem_struct" }, { K_SY, "sync" },
    { K_SM, "sm" },
  };
  for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
    if ((want & k[i].bit) && !(seen & k[i].bit))
      return rd_fail(p, "%s lacks \"%s\"", where, k[i].key);
  return 0;
}

/* {"sm": i, "cycles": N, "classes": {...}, "mem_data": {...}, "mem_struct": {...},
 *  "sync": {...}} */
static int rd_sm(rd_t *p, ww_stall_run_t *r, unsigned idx)
{
  unsigned seen = 0;
  int f = 1, k;
  char key[64];
  uint64_t *c = r->cnt[idx];
  if (rd_expect(p, '{'))
    return -1;
  while ((k = rd_key(p, &f, key, sizeof key)) == 1) {
    int g = rd_groups(p, key, c, &seen);
    if (g < 0)
      return -1;
    if (g)
      continue;
    if (!strcmp(key, "sm")) {
      uint64_t v;
      if (seen & K_NAME)
        return rd_fail(p, "duplicate key \"sm\"");
      seen |= K_NAME;
      if (rd_u64(p, &v, "sm"))
        return -1;
      if (v != idx)
        return rd_fail(p, "SM object %u says \"sm\": %" PRIu64 " (SMs must be listed in order)",
                       idx, v);
    } else if (!strcmp(key, "cycles")) {
      if (seen & K_CYCLES)
        return rd_fail(p, "duplicate key \"cycles\"");
      seen |= K_CYCLES;
      if (rd_u64(p, &c[WW_STALL_CYCLES], "cycles"))
        return -1;
    } else {
      return rd_fail(p, "unknown key \"%s\" in an SM object", key);
    }
  }
  if (k < 0)
    return -1;
  if (!(seen & K_NAME))
    return rd_fail(p, "SM object %u lacks \"sm\"", idx);
  return rd_missing(p, seen, K_CYCLES | K_CLASSES | K_MD | K_MS | K_SY, "an SM object");
}

static int rd_run(rd_t *p, ww_stall_run_t *r, unsigned idx)
{
  unsigned seen = 0;
  int f = 1, k, sum_flag = 0;
  unsigned start_line;
  char key[64];
  uint64_t tot[WW_STALL_COUNTERS] = { 0 };
  memset(r, 0, sizeof *r);
  if (rd_expect(p, '{'))
    return -1;
  start_line = p->line;
  while ((k = rd_key(p, &f, key, sizeof key)) == 1) {
    int g = rd_groups(p, key, tot, &seen);
    if (g < 0)
      return -1;
    if (g)
      continue;
    unsigned bit = !strcmp(key, "name") ? K_NAME : !strcmp(key, "cycles") ? K_CYCLES
                 : !strcmp(key, "sum_equals_cycles") ? K_SUM : !strcmp(key, "sm") ? K_SM : 0;
    if (!bit)
      return rd_fail(p, "unknown key \"%s\" in run %u", key, idx);
    if (seen & bit)
      return rd_fail(p, "duplicate key \"%s\"", key);
    seen |= bit;
    if (bit == K_NAME) {
      if (rd_string(p, r->name, sizeof r->name, "the run name"))
        return -1;
    } else if (bit == K_CYCLES) {
      if (rd_u64(p, &r->cycles, "cycles"))
        return -1;
    } else if (bit == K_SUM) {
      if (rd_bool(p, &sum_flag, "sum_equals_cycles"))
        return -1;
    } else {
      if (rd_expect(p, '['))
        return -1;
      if (!rd_accept(p, ']')) {
        do {
          if (r->n_sm >= WW_NUM_SM_MAX)
            return rd_fail(p, "more than %d SMs", WW_NUM_SM_MAX);
          if (rd_sm(p, r, r->n_sm))
            return -1;
          r->n_sm++;
        } while (rd_accept(p, ','));
        if (!rd_accept(p, ']'))
          return rd_fail(p, "expected ',' or ']', found %s", rd_what(p));
      }
    }
  }
  if (k < 0 || rd_missing(p, seen, K_NAME | K_CYCLES | K_SUM | K_CLASSES | K_MD | K_MS | K_SY |
                          K_SM, "a run"))
    return -1;
  /* consistency: the groups are the SM sums, the flag is the check's verdict */
  if (r->n_sm == 0)
    return rd_fail(p, "run \"%s\" has no SMs", r->name);
  for (unsigned i = 0; i < WW_STALL_CYCLES; i++)
    if (total_of(r, i) != tot[i])
      return rd_fail(p, "run \"%s\": \"%s\" is %" PRIu64 " but its SMs sum to %" PRIu64,
                     r->name, stall_names[i], tot[i], total_of(r, i));
  char why[160];
  int ok = ww_stalls_check(r, why, sizeof why) == 0;
  if (ok != sum_flag) {
    p->line = start_line;
    return rd_fail(p, "run \"%s\" says \"sum_equals_cycles\": %s, but %s", r->name,
                   sum_flag ? "true" : "false", ok ? "the counters do add up" : why);
  }
  return 0;
}

ww_stall_run_t *ww_stalls_parse_runs(const char *text, const char *fname, unsigned *n, char *err,
                                     size_t en)
{
  rd_t p = { .s = text, .line = 1, .fname = fname ? fname : "<input>", .err = err, .en = en };
  ww_stall_run_t *runs = NULL;
  unsigned count = 0, cap = 0;
  int f = 1, k, have_runs = 0;
  char key[64];
  *n = 0;
  if (rd_expect(&p, '{'))
    return NULL;
  while ((k = rd_key(&p, &f, key, sizeof key)) == 1) {
    if (strcmp(key, "runs")) {
      rd_fail(&p, "unknown key \"%s\" (expected only \"runs\")", key);
      goto fail;
    }
    if (have_runs) {
      rd_fail(&p, "duplicate key \"runs\"");
      goto fail;
    }
    have_runs = 1;
    if (rd_expect(&p, '['))
      goto fail;
    if (rd_accept(&p, ']'))
      continue;
    do {
      if (count == cap) {
        unsigned ncap = cap ? 2 * cap : 8;
        ww_stall_run_t *nr = realloc(runs, (size_t)ncap * sizeof *nr);
        if (!nr) {
          rd_fail(&p, "out of memory");
          goto fail;
        }
        runs = nr, cap = ncap;
      }
      if (rd_run(&p, &runs[count], count))
        goto fail;
      count++;
    } while (rd_accept(&p, ','));
    if (!rd_accept(&p, ']')) {
      rd_fail(&p, "expected ',' or ']', found %s", rd_what(&p));
      goto fail;
    }
  }
  if (k < 0)
    goto fail;
  rd_ws(&p);
  if (p.s[p.pos]) {
    rd_fail(&p, "trailing text after the document");
    goto fail;
  }
  if (!have_runs) {
    rd_fail(&p, "no \"runs\" key");
    goto fail;
  }
  if (!count) {
    rd_fail(&p, "\"runs\" is empty");
    goto fail;
  }
  *n = count;
  return runs;
fail:
  free(runs);
  return NULL;
}

ww_stall_run_t *ww_stalls_read_runs(const char *path, unsigned *n, char *err, size_t en)
{
  *n = 0;
  FILE *f = fopen(path, "rb");
  if (!f) {
    set_err(err, en, "%s: %s", path, strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t got = fread(buf + len, 1, cap - len - 1, f);
    len += got;
    if (len < cap - 1)
      break;
    if (cap > (size_t)1 << 30) {
      set_err(err, en, "%s: larger than 1 GiB", path);
      free(buf), fclose(f);
      return NULL;
    }
    char *nb = realloc(buf, cap * 2);
    if (!nb)
      free(buf);
    buf = nb, cap *= 2;
  }
  if (!buf) {
    set_err(err, en, "%s: out of memory", path);
    fclose(f);
    return NULL;
  }
  int rerr = ferror(f);
  fclose(f);
  if (rerr) {
    set_err(err, en, "%s: read error", path);
    free(buf);
    return NULL;
  }
  buf[len] = 0;
  if (strlen(buf) != len) {
    set_err(err, en, "%s: contains a NUL byte", path);
    free(buf);
    return NULL;
  }
  ww_stall_run_t *runs = ww_stalls_parse_runs(buf, path, n, err, en);
  free(buf);
  return runs;
}

/* ---- the chart -------------------------------------------------------------------- */
/* s as a gnuplot double-quoted string body (backslash and quote escaped;
 * control characters dropped). */
static void gp_string(FILE *f, const char *s, size_t max)
{
  fputc('"', f);
  for (size_t i = 0; i < max && s[i]; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      fputc('\\', f);
    if (c >= 0x20 && c != 0x7F)
      fputc(c, f);
  }
  fputc('"', f);
}

static int ends_with(const char *s, const char *suf)
{
  size_t a = strlen(s), b = strlen(suf);
  if (a < b)
    return 0;
  for (size_t i = 0; i < b; i++) {
    char c = s[a - b + i];
    if (c >= 'A' && c <= 'Z')
      c = (char)(c - 'A' + 'a');
    if (c != suf[i])
      return 0;
  }
  return 1;
}

/* The y axis of a sub-class view: the smallest "nice" top >= the tallest
 * bar (in %) and its tick step. */
static void y_axis(double tallest, double *top, double *step)
{
  static const struct { double top, step; } nice[] = {
    { 1, 0.1 }, { 2, 0.2 }, { 3, 0.5 }, { 4, 0.5 }, { 5, 0.5 }, { 6, 1 }, { 8, 1 }, { 10, 1 },
    { 12, 2 }, { 16, 2 }, { 20, 2 }, { 25, 5 }, { 30, 5 }, { 40, 5 }, { 50, 10 }, { 60, 10 },
    { 70, 10 }, { 80, 10 }, { 90, 10 },
  };
  for (size_t i = 0; i < sizeof nice / sizeof nice[0]; i++)
    if (tallest <= nice[i].top + 1e-9) {
      *top = nice[i].top, *step = nice[i].step;
      return;
    }
  *top = 100, *step = 10;
}

/* Writes the gnuplot script for the chart to f. */
static void write_script(FILE *f, const char *path, int png, const ww_stall_run_t *runs, unsigned n,
                         ww_stall_view_t view)
{
  const unsigned first = views[view].first, count = views[view].count;
  const int sub = view != WW_STALL_VIEW_CLASSES;
  unsigned bars = 0;
  for (unsigned r = 0; r < n; r++)
    bars += runs[r].n_sm;
  /* about 55 px per bar and 30 between groups, plus the margins and the key
   * (the sub-class names are longer than the class names) */
  unsigned width = (sub ? 380 : 330) + 55 * bars + 30 * n;
  if (width < (sub ? 820u : 760u))
    width = sub ? 820 : 760;
  if (width > 6000)
    width = 6000;
  const unsigned height = 560;

  if (png) {
    fprintf(f, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
               "  set terminal pngcairo size %u,%u font 'sans,11' noenhanced background rgb 'white'\n"
               "} else {\n"
               "  set terminal png size %u,%u noenhanced background rgb 'white'\n"
               "}\n", width, height, width, height);
  } else {
    fprintf(f, "set terminal svg size %u,%u font 'sans,12' noenhanced background rgb 'white'\n",
            width, height);
  }
  fputs("set output ", f);
  gp_string(f, path, strlen(path));
  fputc('\n', f);

  /* one datablock per run: "SMk" then the view's shares in %; the bars of
   * run r start at x = x0[r] (one empty slot between runs) */
  double tallest = 0;
  unsigned x0 = 0;
  for (unsigned r = 0; r < n; r++) {
    fprintf(f, "$run%u << EOD\n", r);
    for (unsigned s = 0; s < runs[r].n_sm && s < WW_NUM_SM_MAX; s++) {
      double sum = 0;
      fprintf(f, "\"SM%u\"", s);
      for (unsigned c = first; c < first + count; c++) {
        double p = pct(runs[r].cnt[s][c], runs[r].cycles);
        sum += p;
        fprintf(f, " %.4f", p);
      }
      fputc('\n', f);
      if (sum > tallest)
        tallest = sum;
    }
    fputs("EOD\n", f);
  }
  if (sub) {
    /* the total above every bar: the class's share of the SM's cycles */
    fputs("$totals << EOD\n", f);
    for (unsigned r = 0; r < n; r++) {
      for (unsigned s = 0; s < runs[r].n_sm && s < WW_NUM_SM_MAX; s++) {
        double sum = 0;
        for (unsigned c = first; c < first + count; c++)
          sum += pct(runs[r].cnt[s][c], runs[r].cycles);
        fprintf(f, "%u %.4f \"%.*f%%\"\n", x0 + s, sum, sum >= 1 || sum == 0 ? 1 : 2, sum);
      }
      x0 += runs[r].n_sm + 1;
    }
    fputs("EOD\n", f);
  }

  fprintf(f, "set title \"%s\\n(%% of each SM's cycles%s)\" font ',14'\n", views[view].title,
          sub ? "; the other classes not drawn" : "");
  fputs("set ylabel 'share of SM cycles (%)'\n", f);
  /* the group titles take the xlabel's place: the axis label goes below them */
  if (sub)
    fprintf(f, "set label 1 'x: one bar per SM, grouped by run; above a bar: its %s share' "
               "at graph 0.5, screen 0.03 center\n", ww_stall_name(views[view].total));
  else
    fputs("set label 1 'x: one bar per SM, grouped by run' at graph 0.5, screen 0.03 center\n", f);
  if (sub) {
    /* zoomed to the tallest bar (small shares stay visible), with room for
     * the totals above the bars */
    double top, step;
    y_axis(tallest, &top, &step);
    fprintf(f, "set yrange [0:%g]\nset ytics 0,%g,%g nomirror\n", top * 1.1, step, top);
  } else {
    fputs("set yrange [0:100]\nset ytics 10 nomirror\n", f);
  }
  fputs("set grid ytics lc rgb '#DDDDDD' lt 1\n"
        "set border 3\n"
        "set xtics nomirror scale 0\n"
        "set bmargin 6.5\n"
        "set style data histograms\n"
        "set style histogram rowstacked title offset 0,-0.5\n"
        "set style fill solid 1.0 border rgb '#333333'\n"
        "set boxwidth 0.75 relative\n", f);
  fprintf(f, "set key outside right top vertical invert reverse Left samplen 2 spacing 1.3 "
             "title '%s'\n", views[view].key);

  fputs("plot ", f);
  x0 = 0;
  for (unsigned r = 0; r < n; r++) {
    char title[128];
    snprintf(title, sizeof title, "%.*s\n(%" PRIu64 " cycles)",
             (int)strnlen(runs[r].name, sizeof runs[r].name), runs[r].name, runs[r].cycles);
    fputs(r ? ", \\\n  newhistogram " : "newhistogram ", f);
    /* gnuplot interprets \n inside double quotes: write the title by hand */
    fputc('"', f);
    for (const char *t = title; *t; t++) {
      if (*t == '\n')
        fputs("\\n", f);
      else if (*t == '"' || *t == '\\')
        fprintf(f, "\\%c", *t);
      else if ((unsigned char)*t >= 0x20)
        fputc(*t, f);
    }
    fprintf(f, "\" lt 1 at %u", x0);
    x0 += runs[r].n_sm + 1;
    for (unsigned c = first; c < first + count; c++) {
      fprintf(f, ", \\\n  $run%u using %u%s lc rgb '%s' ", r, c - first + 2,
              c == first ? ":xtic(1)" : "", COUNTER_COLOR(c));
      if (r == 0)
        fprintf(f, "title '%s'", stall_names[c]);
      else
        fputs("notitle", f);
    }
  }
  if (sub)
    fputs(", \\\n  $totals using 1:2:3 with labels offset 0,0.8 font ',10' tc rgb '#222222' notitle",
          f);
  fputs("\nunset output\n", f);
}

int ww_stalls_plot(const char *path, const ww_stall_run_t *runs, unsigned n, char *err, size_t en)
{
  return ww_stalls_plot_view(path, runs, n, WW_STALL_VIEW_CLASSES, err, en);
}

int ww_stalls_plot_view(const char *path, const ww_stall_run_t *runs, unsigned n,
                        ww_stall_view_t view, char *err, size_t en)
{
  int png;
  if ((unsigned)view >= WW_STALL_NVIEWS) {
    set_err(err, en, "unknown view %d (expected classes, mem_struct, mem_data or sync)", (int)view);
    return -1;
  }
  if (!path || !*path) {
    set_err(err, en, "no output file");
    return -1;
  }
  if (ends_with(path, ".svg"))
    png = 0;
  else if (ends_with(path, ".png"))
    png = 1;
  else {
    set_err(err, en, "%s: the output must end in .svg or .png", path);
    return -1;
  }
  if (strchr(path, '\n') || strchr(path, '\r')) {
    set_err(err, en, "output path contains a line break");
    return -1;
  }
  if (!runs || n == 0) {
    set_err(err, en, "no runs to plot");
    return -1;
  }
  for (unsigned r = 0; r < n; r++)
    if (runs[r].n_sm < 1 || runs[r].n_sm > WW_NUM_SM_MAX) {
      set_err(err, en, "run %u has %u SMs (expected 1..%d)", r, runs[r].n_sm, WW_NUM_SM_MAX);
      return -1;
    }

  /* The script goes to a temporary file and gnuplot's messages come back
   * through the pipe: no SIGPIPE when gnuplot is missing or stops early. */
  const char *tmpdir = getenv("TMPDIR");
  if (!tmpdir || !*tmpdir || strchr(tmpdir, '\'') || strlen(tmpdir) > 200)
    tmpdir = "/tmp";
  char script[256];
  snprintf(script, sizeof script, "%s/ww_stalls_XXXXXX", tmpdir);
  int fd = mkstemp(script);
  if (fd < 0) {
    set_err(err, en, "cannot create a temporary file in %s: %s", tmpdir, strerror(errno));
    return -1;
  }
  FILE *sf = fdopen(fd, "w");
  if (!sf) {
    set_err(err, en, "fdopen: %s", strerror(errno));
    close(fd);
    unlink(script);
    return -1;
  }
  write_script(sf, path, png, runs, n, view);
  if (fclose(sf) != 0) {
    set_err(err, en, "writing %s: %s", script, strerror(errno));
    unlink(script);
    return -1;
  }

  /* an old output must not pass for a new one */
  if (unlink(path) != 0 && errno != ENOENT) {
    set_err(err, en, "%s: cannot replace: %s", path, strerror(errno));
    unlink(script);
    return -1;
  }

  char cmd[320];
  snprintf(cmd, sizeof cmd, "gnuplot '%s' 2>&1", script);
  FILE *gp = popen(cmd, "r");
  if (!gp) {
    set_err(err, en, "cannot run gnuplot: %s", strerror(errno));
    unlink(script);
    return -1;
  }
  char msg[512] = "", line[256];
  size_t mlen = 0;
  while (fgets(line, sizeof line, gp)) {
    size_t l = strlen(line);
    if (mlen + l < sizeof msg) {
      memcpy(msg + mlen, line, l + 1);
      mlen += l;
    }
  }
  int st = pclose(gp);
  unlink(script);
  while (mlen && (msg[mlen - 1] == '\n' || msg[mlen - 1] == ' '))
    msg[--mlen] = 0;
  /* one line, blanks squeezed (gnuplot points at errors with a spaced caret) */
  size_t o = 0;
  for (size_t i = 0; i < mlen; i++) {
    char c = msg[i] == '\n' || msg[i] == '\t' ? ' ' : msg[i];
    if (c == ' ' && (o == 0 || msg[o - 1] == ' '))
      continue;
    msg[o++] = c;
  }
  msg[o] = 0;
  mlen = o;

  if (st == -1 || !WIFEXITED(st)) {
    set_err(err, en, "gnuplot did not finish normally%s%s", mlen ? ": " : "", msg);
    return -1;
  }
  if (WEXITSTATUS(st) == 127) {
    set_err(err, en, "gnuplot not found on PATH (Debian package gnuplot-nox; "
                     "scripts/install_deps.sh installs it)");
    return -1;
  }
  if (WEXITSTATUS(st) != 0) {
    set_err(err, en, "gnuplot failed (exit %d)%s%s", WEXITSTATUS(st), mlen ? ": " : "", msg);
    return -1;
  }
  struct stat sb;
  if (stat(path, &sb) != 0 || sb.st_size == 0) {
    set_err(err, en, "gnuplot wrote no %s%s%s", path, mlen ? ": " : "", msg);
    return -1;
  }
  set_err(err, en, "ok");
  return 0;
}
