/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_lockstep -- the generic lockstep engine and command line.
 *
 * Each cycle: the block's stimulus makes legal inputs (from the seed and last
 * cycle's outputs); the DUT gets them with clk_i low and settles; the C model
 * steps on the same inputs; every output port is compared (a port with a
 * guard only while its guard is 1; a guard of G > 1 bits guards G equal
 * slices of its port, slice i while bit i is 1); then clk_i rises. The first mismatching
 * cycle prints cycle, port, expected, actual, the inputs and the seed, and the
 * run is replayed from the same seed with FST tracing into --wave-dir together
 * with a saved GTKWave view (.gtkw) of the block's ports.
 *
 * Outputs are compared from the cycle after the first clock edge with rst_ni
 * low (a synchronous reset: before that edge the state is not yet defined).
 *
 * Exit: 0 all cycles agree; 3 mismatch; 2 bad command line; 1 other error (an
 * RTL assertion that fails before any mismatch, too).
 */
#define _POSIX_C_SOURCE 200809L  /* realpath, getpid */
#define _XOPEN_SOURCE 700
#include "ww_lockstep.h"

#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define EXIT_MISMATCH 3

typedef struct {
  uint32_t    seed;
  uint64_t    cycles;
  const char *wave;       /* trace the whole run into this FST, or NULL */
  uint64_t    trace_from; /* first traced cycle */
  const char *wave_dir;   /* where a failing run's FST and view go */
  int         quiet;
  int         strict;     /* an output never exercised fails the run */
} opts_t;

typedef struct {
  int      in_guard;      /* guard is an input port (else an output), -1 = always */
  unsigned guard_idx;
  unsigned slice;         /* guard of several bits: bits per slice of the port, else 0 */
  uint64_t compared;      /* cycles on which this output was compared */
  uint64_t first;         /* first compared value */
  int      varied;        /* a later compared value differed from `first` */
} out_check_t;

static uint64_t mask_w(unsigned w)
{
  return w >= 64 ? ~0ull : ((1ull << w) - 1);
}

/* Value of a narrow port (masked to its width). */
static uint64_t port_val(const ww_port_t *p, const void *s)
{
  uint64_t v;
  memcpy(&v, (const char *)s + p->offset, sizeof v);
  return v & mask_w(p->width);
}

/* Word i of any port, masked to the port's width. */
static uint32_t port_word(const ww_port_t *p, const void *s, unsigned i)
{
  if (!p->wide)
    return (uint32_t)(port_val(p, s) >> (32 * i));
  uint32_t w;
  memcpy(&w, (const char *)s + p->offset + 4 * i, sizeof w);
  unsigned top = p->width - 32 * i;
  return top >= 32 ? w : w & (uint32_t)mask_w(top);
}

static unsigned port_words(const ww_port_t *p) { return (p->width + 31) / 32; }

/* Word i of a port with only its guarded slices: slice j (of `slice` bits)
 * kept while bit j of the guard value g is 1; slice 0 = the whole port. */
static uint32_t port_word_g(const ww_port_t *p, const void *s, unsigned i, uint64_t g,
                            unsigned slice)
{
  uint32_t w = port_word(p, s, i), keep = 0;
  if (!slice)
    return w;
  for (unsigned b = 0; b < 32 && 32 * i + b < p->width; b++)
    keep |= (uint32_t)(g >> ((32 * i + b) / slice) & 1) << b;
  return w & keep;
}

static int port_eq(const ww_port_t *p, const void *a, const void *b, uint64_t g, unsigned slice)
{
  for (unsigned i = 0; i < port_words(p); i++)
    if (port_word_g(p, a, i, g, slice) != port_word_g(p, b, i, g, slice))
      return 0;
  return 1;
}

/* Output `name` is listed in ww_block.constant (constant at this point by design). */
static int by_design(const char *name)
{
  const size_t n = strlen(name);
  for (const char *p = ww_block.constant; p && (p = strstr(p, name)); p += n)
    if ((p == ww_block.constant || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
      return 1;
  return 0;
}

/* A 64-bit digest of a port's (guarded) value, to notice that it changed. */
static uint64_t port_digest(const ww_port_t *p, const void *s, uint64_t g, unsigned slice)
{
  uint64_t h = 1469598103934665603ull;
  for (unsigned i = 0; i < port_words(p); i++)
    h = (h ^ port_word_g(p, s, i, g, slice)) * 1099511628211ull;
  return h;
}

/* "0x..." of the port; wide ports as 32-bit words, most significant first. */
static const char *port_hex(const ww_port_t *p, const void *s, char *buf, size_t n)
{
  if (!p->wide) {
    snprintf(buf, n, "0x%" PRIx64, port_val(p, s));
    return buf;
  }
  size_t o = (size_t)snprintf(buf, n, "0x");
  for (unsigned i = port_words(p); i-- > 0 && o < n;)
    o += (size_t)snprintf(buf + o, n - o, i ? "%08" PRIx32 "_" : "%08" PRIx32, port_word(p, s, i));
  return buf;
}

/* A stimulus's host reference disagreed (ww_stim_fail); in a traced
 * replay the messages are not printed again. */
static int g_stim_failed, g_replay;

void ww_stim_fail(const char *fmt, ...)
{
  if (!g_replay && !g_stim_failed) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "lockstep %s: host reference: ", ww_block.name);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
  }
  g_stim_failed = 1;
}

int ww_stim_rst_n(ww_rng_t *rng, uint64_t cycle)
{
  if (cycle < 2)
    return 0;
  return !ww_rng_chance(rng, 1, 50000);
}

static void usage(FILE *f, const char *argv0)
{
  fprintf(f,
          "usage: %s [--seed N] [--cycles N] [--wave FILE.fst] [--wave-dir DIR] [--quiet]\n"
          "          [--strict]\n"
          "Lockstep test of block '%s' (%s): RTL (Verilator) against its C model,\n"
          "every output port compared every cycle.\n"
          "  --seed N        stimulus seed (default: from the clock, printed)\n"
          "  --cycles N      cycles to run (default 100000)\n"
          "  --wave FILE     write an FST of the whole run and FILE's .gtkw view\n"
          "  --wave-dir DIR  where a failing run leaves its FST + view (default build/waves)\n"
          "  --quiet         print only failures and the one-line result\n"
          "  --strict        fail if some output was never compared or never changed\n"
          "                  (the stimulus did not exercise it; make test uses this)\n"
          "Exit status: 0 agree, 3 mismatch, 2 usage error, 1 other error.\n",
          argv0, ww_block.name, ww_block.params);
}

static int parse_u64(const char *s, uint64_t *v)
{
  char *end;
  errno = 0;
  if (!s || !*s || *s == '-')
    return -1;
  unsigned long long x = strtoull(s, &end, 0);
  if (errno || *end)
    return -1;
  *v = x;
  return 0;
}

static int parse_args(int argc, char **argv, opts_t *o)
{
  int have_seed = 0;
  o->cycles = 100000;
  o->wave = NULL;
  o->trace_from = 0;
  o->wave_dir = "build/waves";
  o->quiet = 0;
  o->strict = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    uint64_t x;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout, argv[0]);
      exit(0);
    } else if (!strcmp(a, "--quiet")) {
      o->quiet = 1;
    } else if (!strcmp(a, "--strict")) {
      o->strict = 1;
    } else if (!strcmp(a, "--seed") || !strcmp(a, "--cycles")) {
      if (parse_u64(v, &x) || (a[2] == 's' && x > 0xFFFFFFFFull)) {
        fprintf(stderr, "%s: %s needs a non-negative integer%s, got '%s'\n", argv[0], a,
                a[2] == 's' ? " below 2^32" : "", v ? v : "(nothing)");
        return -1;
      }
      if (a[2] == 's') {
        o->seed = (uint32_t)x;
        have_seed = 1;
      } else {
        o->cycles = x;
      }
      i++;
    } else if (!strcmp(a, "--wave") || !strcmp(a, "--wave-dir")) {
      if (!v) {
        fprintf(stderr, "%s: %s needs a path\n", argv[0], a);
        return -1;
      }
      if (a[6] == '-')
        o->wave_dir = v;
      else
        o->wave = v;
      i++;
    } else {
      fprintf(stderr, "%s: unknown argument '%s' (try --help)\n", argv[0], a);
      return -1;
    }
  }
  if (!have_seed)
    o->seed = (uint32_t)(time(NULL) ^ ((uint64_t)getpid() << 16));
  return 0;
}

static int mkdir_p(const char *dir)
{
  char buf[4096];
  size_t n = strlen(dir);
  if (n >= sizeof buf)
    return -1;
  memcpy(buf, dir, n + 1);
  for (char *p = buf + 1; *p; p++) {
    if (*p == '/') {
      *p = 0;
      if (mkdir(buf, 0777) && errno != EEXIST)
        return -1;
      *p = '/';
    }
  }
  return (mkdir(buf, 0777) && errno != EEXIST) ? -1 : 0;
}

/* A GTKWave save file showing clk_i, then every input, then every output. */
static int write_gtkw(const char *fst, const char *gtkw, uint64_t mark_cycle)
{
  FILE *f = fopen(gtkw, "w");
  if (!f)
    return -1;
  char abs_fst[4096];
  if (!realpath(fst, abs_fst))
    snprintf(abs_fst, sizeof abs_fst, "%s", fst);
  const char *top = ww_dut_top_scope();
  fprintf(f, "[*] Warpwatch lockstep view of block %s (%s)\n", ww_block.name, ww_block.params);
  fprintf(f, "[dumpfile] \"%s\"\n", abs_fst);
  fprintf(f, "[size] 1400 800\n[pos] -1 -1\n");
  /* about 27 cycles in view (zoom -6; each step of -1 doubles the span),
   * the marker on the mismatch; a failure's FST starts 25 cycles before it */
  fprintf(f, "*-6.000000 %" PRId64, mark_cycle ? (int64_t)(mark_cycle * 10) : (int64_t)-1);
  for (int i = 0; i < 26; i++)
    fprintf(f, " -1");
  fprintf(f, "\n[sst_width] 240\n[signals_width] 260\n");
  fprintf(f, "@28\n%s.clk_i\n", top);
  fprintf(f, "@200\n-inputs\n");
  for (unsigned i = 0; i < ww_block.n_in; i++) {
    const ww_port_t *p = &ww_block.in_ports[i];
    if (p->width == 1)
      fprintf(f, "@28\n%s.%s\n", top, p->name);
    else
      fprintf(f, "@22\n%s.%s[%u:0]\n", top, p->name, p->width - 1);
  }
  fprintf(f, "@200\n-outputs\n");
  for (unsigned i = 0; i < ww_block.n_out; i++) {
    const ww_port_t *p = &ww_block.out_ports[i];
    if (p->width == 1)
      fprintf(f, "@28\n%s.%s\n", top, p->name);
    else
      fprintf(f, "@22\n%s.%s[%u:0]\n", top, p->name, p->width - 1);
  }
  return fclose(f);
}

static int resolve_guards(out_check_t *chk)
{
  for (unsigned i = 0; i < ww_block.n_out; i++) {
    const char *g = ww_block.out_ports[i].guard;
    chk[i].in_guard = -1;
    chk[i].slice = 0;
    chk[i].compared = 0;
    if (!strcmp(g, "always"))
      continue;
    int found = 0;
    for (unsigned j = 0; j < ww_block.n_out && !found; j++)
      if (!strcmp(ww_block.out_ports[j].name, g)) {
        chk[i].in_guard = 0;
        chk[i].guard_idx = j;
        found = 1;
      }
    for (unsigned j = 0; j < ww_block.n_in && !found; j++)
      if (!strcmp(ww_block.in_ports[j].name, g)) {
        chk[i].in_guard = 1;
        chk[i].guard_idx = j;
        found = 1;
      }
    if (!found) {
      fprintf(stderr, "lockstep %s: output %s is guarded by unknown port '%s'\n",
              ww_block.name, ww_block.out_ports[i].name, g);
      return -1;
    }
    const ww_port_t *gp = chk[i].in_guard ? &ww_block.in_ports[chk[i].guard_idx]
                                          : &ww_block.out_ports[chk[i].guard_idx];
    if (gp->wide) {
      fprintf(stderr, "lockstep %s: guard %s of %s must be a narrow port\n", ww_block.name, g,
              ww_block.out_ports[i].name);
      return -1;
    }
    /* a guard of G > 1 bits guards G equal slices (per-partition fields) */
    if (gp->width > 1) {
      if (ww_block.out_ports[i].width % gp->width) {
        fprintf(stderr, "lockstep %s: guard %s (%u bits) of %s (%u bits): a guard of several "
                "bits guards as many equal slices\n", ww_block.name, g, gp->width,
                ww_block.out_ports[i].name, ww_block.out_ports[i].width);
        return -1;
      }
      chk[i].slice = ww_block.out_ports[i].width / gp->width;
    }
  }
  return 0;
}

/* One run from `seed`. Returns the first mismatching cycle, or UINT64_MAX.
 * With `report`, prints each mismatching port of that cycle. */
static uint64_t run(const opts_t *o, const char *fst, out_check_t *chk, int report)
{
  void *model = ww_block.model_new();
  void *stim = ww_block.stim_new();
  void *dut = ww_dut_new(o->seed);
  void *in = calloc(1, ww_block.in_size);
  void *exp = calloc(1, ww_block.out_size);
  void *act = calloc(1, ww_block.out_size);
  void *prev = calloc(1, ww_block.out_size);
  if (!model || !stim || !dut || !in || !exp || !act || !prev) {
    fprintf(stderr, "lockstep %s: out of memory or model refused its configuration\n",
            ww_block.name);
    exit(1);
  }

  ww_rng_t rng = { 0x5EEDull * o->seed + 1 };
  uint64_t bad = UINT64_MAX;
  uint64_t step = o->cycles / 10;
  const ww_port_t *rst = NULL;
  for (unsigned i = 0; i < ww_block.n_in; i++)
    if (!strcmp(ww_block.in_ports[i].name, "rst_ni"))
      rst = &ww_block.in_ports[i];
  int defined = rst == NULL;    /* state is defined once a reset edge has passed */
  for (uint64_t c = 0; c < o->cycles; c++) {
    if (fst && c == o->trace_from && ww_dut_trace_open(dut, fst)) {
      fprintf(stderr, "lockstep %s: cannot write %s\n", ww_block.name, fst);
      exit(1);
    }
    ww_block.stim(stim, &rng, c, prev, in);
    if (g_stim_failed && bad == UINT64_MAX) {   /* about last cycle's outputs */
      bad = c;
      if (report)
        printf("MISMATCH block=%s cycle=%" PRIu64 " host reference of the stimulus (above) "
               "seed=%" PRIu32 "\n", ww_block.name, c, o->seed);
    }
    ww_dut_set_inputs(dut, in);
    ww_dut_get_outputs(dut, act);
    ww_block.model_step(model, in, exp);
    for (unsigned i = 0; i < ww_block.n_out && defined; i++) {
      const ww_port_t *p = &ww_block.out_ports[i];
      uint64_t g = ~0ull;
      if (chk[i].in_guard == 0)
        g = port_val(&ww_block.out_ports[chk[i].guard_idx], exp);
      if (chk[i].in_guard == 1)
        g = port_val(&ww_block.in_ports[chk[i].guard_idx], in);
      if (!g)
        continue;
      if (chk[i].compared++ == 0)
        chk[i].first = port_digest(p, exp, g, chk[i].slice);
      else if (port_digest(p, exp, g, chk[i].slice) != chk[i].first)
        chk[i].varied = 1;
      if (port_eq(p, exp, act, g, chk[i].slice))
        continue;
      if (bad == UINT64_MAX)
        bad = c;
      if (report) {
        char e[600], a[600];
        printf("MISMATCH block=%s cycle=%" PRIu64 " port=%s expected=%s actual=%s seed=%" PRIu32
               "\n", ww_block.name, c, p->name, port_hex(p, exp, e, sizeof e),
               port_hex(p, act, a, sizeof a), o->seed);
        if (chk[i].slice)
          printf("  (%s is compared in the slices of %u bits whose guard bit is 1: guard %s = "
                 "0x%" PRIx64 ")\n", p->name, chk[i].slice, p->guard, g);
      }
    }
    ww_dut_posedge(dut);
    /* an RTL assertion with no mismatch yet fails the run; after one (a
     * mutant's context cycles) the mismatch is the verdict */
    if (ww_dut_got_error(dut) && bad == UINT64_MAX) {
      printf("lockstep %s: RTL assertion failed at cycle %" PRIu64 " seed=%" PRIu32 "\n",
             ww_block.name, c, o->seed);
      exit(1);
    }
    if (rst && !port_val(rst, in))
      defined = 1;
    memcpy(prev, act, ww_block.out_size);
    if (bad != UINT64_MAX) {
      if (report) {
        printf("  inputs at cycle %" PRIu64 ":", c);
        char v[600];
        for (unsigned i = 0; i < ww_block.n_in; i++)
          printf(" %s=%s", ww_block.in_ports[i].name,
                 port_hex(&ww_block.in_ports[i], in, v, sizeof v));
        printf("\n");
      }
      /* a traced replay runs two cycles past the mismatch for context */
      if (!fst || c >= bad + 2)
        break;
    }
    if (!o->quiet && !fst && step >= 100000 && c && c % step == 0)
      fprintf(stderr, "  ... %" PRIu64 "%% (%" PRIu64 " cycles)\n", c * 100 / o->cycles, c);
  }
  ww_dut_free(dut);
  ww_block.model_free(model);
  ww_block.stim_free(stim);
  free(in);
  free(exp);
  free(act);
  free(prev);
  return bad;
}

int main(int argc, char **argv)
{
  opts_t o;
  if (parse_args(argc, argv, &o))
    return 2;
  out_check_t *chk = calloc(ww_block.n_out, sizeof *chk);
  if (!chk || resolve_guards(chk))
    return 1;
  if (!o.quiet)
    printf("lockstep %s (%s): seed=%" PRIu32 " cycles=%" PRIu64 "\n", ww_block.name,
           ww_block.params, o.seed, o.cycles);

  clock_t t0 = clock();
  uint64_t bad = run(&o, o.wave, chk, 1);
  double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;

  if (o.wave) {
    char gtkw[4096];
    snprintf(gtkw, sizeof gtkw, "%.*s.gtkw", (int)(strlen(o.wave) - (strstr(o.wave, ".fst") ? 4 : 0)), o.wave);
    if (write_gtkw(o.wave, gtkw, bad == UINT64_MAX ? 0 : bad))
      fprintf(stderr, "lockstep %s: cannot write %s\n", ww_block.name, gtkw);
    else if (!o.quiet)
      printf("waves: gtkwave %s\n", gtkw);
  }

  if (bad != UINT64_MAX) {
    if (!o.wave) {
      char fst[4096], gtkw[4096];
      snprintf(fst, sizeof fst, "%s/%s-seed%" PRIu32 ".fst", o.wave_dir, ww_block.name, o.seed);
      snprintf(gtkw, sizeof gtkw, "%s/%s-seed%" PRIu32 ".gtkw", o.wave_dir, ww_block.name, o.seed);
      opts_t replay = o;
      replay.cycles = bad + 3;
      replay.trace_from = bad > 25 ? bad - 25 : 0;
      out_check_t *chk2 = calloc(ww_block.n_out, sizeof *chk2);
      if (mkdir_p(o.wave_dir) || !chk2 || resolve_guards(chk2)) {
        fprintf(stderr, "lockstep %s: cannot create %s\n", ww_block.name, o.wave_dir);
      } else {
        g_replay = 1;
        g_stim_failed = 0;
        run(&replay, fst, chk2, 0);
        if (write_gtkw(fst, gtkw, bad) == 0)
          printf("waves: gtkwave %s   (mismatch at time %" PRIu64 ")\n", gtkw, bad * 10);
      }
      free(chk2);
    }
    printf("replay: %s --seed %" PRIu32 " --cycles %" PRIu64 "\n", argv[0], o.seed, bad + 1);
    printf("lockstep %s: FAIL at cycle %" PRIu64 " seed=%" PRIu32 "\n", ww_block.name, bad, o.seed);
    free(chk);
    return EXIT_MISMATCH;
  }

  /* Every output must have been compared and must have changed value, or the
   * stimulus never exercised it and the agreement proves nothing. */
  int vacuous = 0;
  for (unsigned i = 0; i < ww_block.n_out; i++) {
    if (!o.quiet)
      printf("  %-16s compared on %" PRIu64 " cycles%s\n", ww_block.out_ports[i].name,
             chk[i].compared, chk[i].varied ? ""
             : by_design(ww_block.out_ports[i].name) ? " (constant at this point by design)"
                                                     : " (never changed value)");
    if (!chk[i].compared || (!chk[i].varied && !by_design(ww_block.out_ports[i].name))) {
      fflush(stdout);
      fprintf(stderr, "lockstep %s: %s output %s was %s: the stimulus did not exercise it%s"
              " (seed=%" PRIu32 ", %" PRIu64 " cycles)\n",
              ww_block.name, o.strict ? "error:" : "note:", ww_block.out_ports[i].name,
              chk[i].compared ? "constant" : "never compared",
              o.strict ? "" : " (run more cycles)", o.seed, o.cycles);
      vacuous = o.strict;
    }
  }
  free(chk);
  if (vacuous) {
    fprintf(stderr, "replay: %s --seed %" PRIu32 " --cycles %" PRIu64 " --strict\n", argv[0], o.seed,
            o.cycles);
    return 1;
  }
  printf("lockstep %s: PASS %" PRIu64 " cycles seed=%" PRIu32 " (%.2f Mcycles/s)\n",
         ww_block.name, o.cycles, o.seed, secs > 0 ? o.cycles / secs / 1e6 : 0.0);
  return 0;
}
