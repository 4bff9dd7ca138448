/* SPDX-License-Identifier: Apache-2.0
 *
 * gsi_replay -- checks a GSI trace written by rtl/gsi/ww_gsi.v (built with
 * -DWW_GSI_TRACE, run with +gsi_trace=PREFIX: one file PREFIX.sm<N> per SM)
 * against the C model cmodel/gsi/ww_gsi.c.
 *
 * Trace format (the RTL's trace block):
 *   # ww_gsi trace WARPS=<n> CNT_W=<n> TRACE_ID=<n>     (first line)
 *   # rst_ni clear_i ... rd_data_o                         (field names)
 *   <20 hex fields>                                        (one line per cycle)
 * The fields are the ports of cmodel/gsi/ww_gsi.ports.def in order: the
 * inputs as sampled at the clock edge, then the outputs of that cycle.
 * Logging starts at the first clock edge after the first reset edge, so the
 * model starts from its reset state; later reset cycles are in the trace.
 *
 * For each line the model steps on the line's inputs and every output is
 * compared. The first mismatch prints the cycle (0 = first line of
 * fields), the file line, the port, the model's value (expected) and the
 * trace's (actual).
 *
 * usage: gsi_replay [--quiet] FILE...
 * Exit: 0 all files agree; 3 a mismatch; 2 usage error or bad input
 * (printed as FILE:LINE: message); 1 other error.
 */
#define _POSIX_C_SOURCE 200809L  /* getline */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_gsi.h"

#define EXIT_MISMATCH 3
#define EXIT_BAD 2

/* width of a field for a given configuration (codes: ww_proto.def) */
enum { W_1, W_5, W_GSI, W_WHY, W_SRC, W_MS, W_CLS, W_WARPS, W_KIND, W_WID, W_CNT, W_PH };

typedef struct {
  const char *name;
  int out;              /* an output (compared) */
  int wide;             /* uint32_t[] field, else uint64_t */
  size_t offset;        /* in the in or out struct */
  int width;            /* W_* */
} field_t;

#define IN(n, w) { #n, 0, 0, offsetof(ww_gsi_in_t, n), w }
#define INW(n, w) { #n, 0, 1, offsetof(ww_gsi_in_t, n), w }
#define OUT(n, w) { #n, 1, 0, offsetof(ww_gsi_out_t, n), w }
static const field_t fields[] = {
  IN(rst_ni, W_1),        IN(clear_i, W_1),        IN(clear_val_i, W_CNT), IN(en_i, W_1),
  INW(cls_i, W_CLS),      IN(infl_i, W_WARPS),     IN(infl_kind_i, W_KIND),
  IN(tx_begin_i, W_WARPS), IN(tx_commit_i, W_WARPS), IN(det_hold_i, W_WARPS),
  IN(det_phase_i, W_PH),
  IN(lsu_why_i, W_WHY),   IN(ld_start_i, W_1),     IN(ld_start_wid_i, W_WID),
  IN(ld_done_i, W_1),     IN(ld_done_wid_i, W_WID), IN(ld_done_src_i, W_SRC),
  IN(rd_idx_i, W_5),
  OUT(cls_o, W_GSI),      OUT(wid_o, W_WID),       OUT(sub_o, W_MS),
  OUT(rd_data_o, W_CNT),
};
#define N_FIELDS (sizeof fields / sizeof fields[0])

/* the port names of the .ports.def, to keep this table in its order */
static const char *const def_names[] = {
#define WW_IN(name, width) #name,
#define WW_INW(name, width) #name,
#define WW_OUT(name, width, guard) #name,
#define WW_OUTW(name, width, guard) #name,
#include "ww_gsi.ports.def"
#undef WW_IN
#undef WW_INW
#undef WW_OUT
#undef WW_OUTW
};

static int quiet;

static unsigned field_width(int w, unsigned warps, unsigned cnt_w)
{
  switch (w) {
  case W_1: return 1;
  case W_5: return 5;
  case W_GSI: return WW_GSI_W;
  case W_WHY: return WW_GSI_WHY_W;
  case W_SRC: return WW_GSI_SRC_W;
  case W_MS: return WW_GSI_MS_W;
  case W_CLS: return WW_GSI_W * warps;
  case W_WARPS: return warps;
  case W_KIND: return WW_GSI_KIND_W * warps;
  case W_WID: return warps > 1 ? ww_clog2(warps) : 1;
  case W_PH: return WW_DETPH_W;
  default: return cnt_w;
  }
}

/* Hex text s[0..n) -> words (least significant first); 0 if it is not
 * hex or does not fit in `width` bits. */
static int parse_hex(const char *s, size_t n, unsigned width, uint32_t *words, unsigned nwords)
{
  memset(words, 0, nwords * sizeof *words);
  unsigned bit = 0;
  for (size_t i = n; i-- > 0;) {
    int c = tolower((unsigned char)s[i]);
    unsigned v;
    if (c >= '0' && c <= '9')
      v = (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f')
      v = (unsigned)(c - 'a' + 10);
    else
      return 0;
    for (unsigned b = 0; b < 4; b++, bit++) {
      if (!(v >> b & 1u))
        continue;
      if (bit >= width)
        return 0;
      words[bit / 32] |= 1u << (bit % 32);
    }
  }
  return n > 0;
}

static uint64_t word64(const uint32_t *w) { return w[0] | (uint64_t)w[1] << 32; }

static void print_hex(FILE *f, const uint32_t *w, unsigned width)
{
  unsigned n = (width + 31) / 32;
  fprintf(f, "0x");
  int lead = 1;
  for (unsigned i = n; i-- > 0;) {
    if (lead && w[i] == 0 && i > 0)
      continue;
    fprintf(f, lead ? "%" PRIx32 : "%08" PRIx32, w[i]);
    lead = 0;
  }
}

static int replay(const char *path)
{
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "gsi_replay: %s: %s\n", path, strerror(errno));
    return EXIT_BAD;
  }
  char *line = NULL;
  size_t cap = 0;
  unsigned long lineno = 0;
  uint64_t cyc = 0;
  unsigned warps = 0, cnt_w = 0, trace_id = 0;
  int have_names = 0, rc = 0;
  ww_gsi_t *g = NULL;

#define BAD(...)                                                                 \
  do {                                                                           \
    fprintf(stderr, "%s:%lu: ", path, lineno);                                   \
    fprintf(stderr, __VA_ARGS__);                                                \
    fprintf(stderr, "\n");                                                       \
    rc = EXIT_BAD;                                                               \
    goto done;                                                                   \
  } while (0)

  while (getline(&line, &cap, f) >= 0) {
    lineno++;
    size_t len = strlen(line);
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
      line[--len] = 0;
    if (lineno == 1) {
      if (sscanf(line, "# ww_gsi trace WARPS=%u CNT_W=%u TRACE_ID=%u", &warps, &cnt_w,
                 &trace_id) != 3)
        BAD("not a ww_gsi trace: want \"# ww_gsi trace WARPS=n CNT_W=n TRACE_ID=n\"");
      if (!warps || warps > WW_WARPS_PER_SM || cnt_w < 2 || cnt_w > 64)
        BAD("WARPS=%u CNT_W=%u: this replay takes WARPS 1..%u, CNT_W 2..64", warps, cnt_w,
            WW_WARPS_PER_SM);
      ww_gsi_cfg_t cfg = { warps, cnt_w };
      g = ww_gsi_new(&cfg);
      if (!g)
        BAD("cannot create the model");
      continue;
    }
    if (line[0] == '#') {
      if (!strncmp(line, "# rst_ni", 8)) {   /* the field names: must be ours */
        char want[512] = "#";
        for (unsigned i = 0; i < N_FIELDS; i++) {
          strcat(want, " ");
          strcat(want, fields[i].name);
        }
        if (strcmp(line, want))
          BAD("the trace's fields differ from this replay's:\n  trace:  %s\n  replay: %s", line,
              want);
        have_names = 1;
      }
      continue;
    }
    if (!have_names)
      BAD("cycle line before the field-name line");

    ww_gsi_in_t in;
    ww_gsi_out_t want, got;
    memset(&in, 0, sizeof in);
    memset(&got, 0, sizeof got);
    const char *p = line;
    for (unsigned i = 0; i < N_FIELDS; i++) {
      while (*p == ' ' || *p == '\t')
        p++;
      const char *q = p;
      while (*q && *q != ' ' && *q != '\t')
        q++;
      if (q == p)
        BAD("%u fields, want %u", i, (unsigned)N_FIELDS);
      unsigned width = field_width(fields[i].width, warps, cnt_w);
      uint32_t words[WW_PORT_WORDS(WW_WARPS_PER_SM * WW_GSI_W) + 2];
      if (!parse_hex(p, (size_t)(q - p), width, words, sizeof words / sizeof words[0]))
        BAD("field %s: \"%.*s\" is not a %u-bit hex value", fields[i].name, (int)(q - p), p,
            width);
      char *base = fields[i].out ? (char *)&got : (char *)&in;
      if (fields[i].wide)
        memcpy(base + fields[i].offset, words, WW_PORT_WORDS(width) * sizeof(uint32_t));
      else {
        uint64_t v = word64(words);
        memcpy(base + fields[i].offset, &v, sizeof v);
      }
      p = q;
    }
    while (*p == ' ' || *p == '\t')
      p++;
    if (*p)
      BAD("more than %u fields", (unsigned)N_FIELDS);

    ww_gsi_step(g, &in, &want);
    for (unsigned i = 0; i < N_FIELDS; i++) {
      if (!fields[i].out)
        continue;
      uint64_t e, a;
      memcpy(&e, (char *)&want + fields[i].offset, sizeof e);
      memcpy(&a, (char *)&got + fields[i].offset, sizeof a);
      if (e != a) {
        uint32_t ew[2] = { (uint32_t)e, (uint32_t)(e >> 32) };
        uint32_t aw[2] = { (uint32_t)a, (uint32_t)(a >> 32) };
        unsigned width = field_width(fields[i].width, warps, cnt_w);
        printf("MISMATCH %s:%lu cycle=%" PRIu64 " port=%s expected=", path, lineno, cyc,
               fields[i].name);
        print_hex(stdout, ew, width);
        printf(" actual=");
        print_hex(stdout, aw, width);
        printf(" (expected: C model, actual: trace)\n");
        printf("  inputs: %s\n", line);
        rc = EXIT_MISMATCH;
        goto done;
      }
    }
    cyc++;
  }
  if (ferror(f)) {
    fprintf(stderr, "gsi_replay: %s: read error\n", path);
    rc = 1;
    goto done;
  }
  if (!g) {
    lineno = 0;
    BAD("empty file");
  }
  if (!cyc)
    BAD("no cycles in the trace");
  if (!quiet)
    printf("gsi_replay: %s: WARPS=%u CNT_W=%u sm%u: %" PRIu64 " cycles agree\n", path, warps,
           cnt_w, trace_id, cyc);
done:
#undef BAD
  ww_gsi_free(g);
  free(line);
  fclose(f);
  return rc;
}

int main(int argc, char **argv)
{
  if (N_FIELDS != sizeof def_names / sizeof def_names[0]) {
    fprintf(stderr, "gsi_replay: %u fields, ww_gsi.ports.def has %u ports\n",
            (unsigned)N_FIELDS, (unsigned)(sizeof def_names / sizeof def_names[0]));
    return 1;
  }
  for (unsigned i = 0; i < N_FIELDS; i++)
    if (strcmp(fields[i].name, def_names[i])) {
      fprintf(stderr, "gsi_replay: field %u is %s, ww_gsi.ports.def says %s\n", i,
              fields[i].name, def_names[i]);
      return 1;
    }
  int first = 1;
  for (; first < argc && argv[first][0] == '-'; first++) {
    if (!strcmp(argv[first], "--quiet"))
      quiet = 1;
    else
      break;
  }
  if (first >= argc || argv[first][0] == '-') {
    fprintf(stderr, "usage: gsi_replay [--quiet] FILE...\n"
                    "  Replays GSI traces (rtl/gsi/ww_gsi.v, -DWW_GSI_TRACE, +gsi_trace=PREFIX)\n"
                    "  on the C model; exit 0 agree, 3 mismatch, 2 bad input.\n");
    return EXIT_BAD;
  }
  int rc = 0;
  for (int i = first; i < argc; i++) {
    int r = replay(argv[i]);
    if (r == EXIT_MISMATCH || (r && rc != EXIT_MISMATCH))
      rc = r;
  }
  return rc;
}
