/* SPDX-License-Identifier: Apache-2.0
 *
 * warpwatch -- the command-line tool over the host runtime (ww_runtime.h):
 *   warpwatch run KERNEL.elf --grid N --block N [--arg A]... [options]
 *   warpwatch disasm KERNEL.elf
 *   warpwatch cc K.c [more.c|.S ...] -o K.elf [flags]   (ww_cc.c)
 *   warpwatch cflags [--ldflags|--crt0|...]            (ww_cc.c)
 * Exit status: 0 ok, 1 runtime failure, 2 usage error, 3 the kernel trapped;
 * N with --error-exitcode N when the run completed and a checker found errors.
 * Every error is one line on stderr; nothing here aborts on bad input.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ww_cc.h"
#include "ww_cfgopt.h"
#include "ww_config.h"
#include "ww_isa.h"
#include "ww_races.h"
#include "ww_rt_internal.h"
#include "ww_runtime.h"
#include "ww_stalls.h"

enum { EXIT_OK = 0, EXIT_RUNTIME = 1, EXIT_USAGE = 2, EXIT_TRAP = 3, EXIT_INTERRUPT = 130 };

#define MAX_ARGS 64
#define MAX_PRINTS 64
#define MAX_GRID (1u << 24)

static const char main_usage[] =
  "usage: warpwatch COMMAND [ARGS]\n"
  "\n"
  "Builds Warpwatch GPU kernels (ELF32 RISC-V executables) and runs them on a\n"
  "backend.\n"
  "\n"
  "commands:\n"
  "  run KERNEL.elf --grid N --block N [options]   run a kernel (see 'warpwatch run --help')\n"
  "  disasm KERNEL.elf                            disassemble the loadable code with source lines\n"
  "  cc INPUT... -o KERNEL.elf [flags]            build a kernel from .c/.S/.s/.o with clang\n"
  "                                               and ld.lld (see 'warpwatch cc --help')\n"
  "  cflags [--ldflags|--crt0|--home]             print the kernel compiler (or linker)\n"
  "                                               flags for other build systems\n"
  "  help [COMMAND]                               this text, or a command's\n"
  "\n"
  "exit status: 0 ok, 1 runtime failure, 2 usage error, 3 the kernel trapped\n";

/* A printf format: %u is the largest block. */
static const char run_usage[] =
  "usage: warpwatch run KERNEL.elf --grid N --block N [--arg A]... [options]\n"
  "\n"
  "Loads KERNEL.elf, packs the --arg values in order as 32-bit words into the\n"
  "argument block (the kargs CSR points at it), runs the grid to completion or\n"
  "trap, and prints the requested buffers.\n"
  "\n"
  "  --grid N          blocks in the grid (1..16777216)\n"
  "  --block N         threads per block (1..%u, WARPS_PER_SM x LANES)\n"
  "  --arg A           next argument word; A is one of\n"
  "                      42, -7, 0x10      a scalar (32 bits)\n"
  "                      buf:BYTES         a zeroed device buffer; its address is passed\n"
  "                      buf:BYTES=FILE    a buffer filled from FILE (the rest zeroed)\n"
  "                      buf:=FILE         a buffer of FILE's size, filled from it\n"
  "                      i32:1,-2,0x3      a buffer holding these 32-bit words\n"
  "                      f32:1.5,2         a buffer holding these floats\n"
  "                    BYTES takes a k or M suffix (1024, 1048576)\n"
  "  --print N:T[:C]   after the run print buffer argument N (0-based among --arg)\n"
  "                    as C (default: all) values of type T: i32, u32, x32, f32\n"
  "  --backend NAME    cmodel (default, the golden C model), verilator (the RTL,\n"
  "                    co-simulated against the golden model; needs a build that\n"
  "                    links the Verilated GPU: build/bin/warpwatch has it) or fpga\n"
  "                    (the GPU on an FPGA over its UART host link, docs/fpga.md)\n"
  "  --port DEV        fpga: the serial device (/dev/ttyUSB0; $WW_FPGA_BAUD, default\n"
  "                    115200), or sim: the Verilated FPGA top behind a pty\n"
  "                    (build/bin/ww-fpga-sim; its options may follow: 'sim --stats')\n"
  "  --cosim MODE      verilator: how the RTL is checked against the golden model\n"
  "                    (every retired instruction and the final memory):\n"
  "                      sync    (default) exact, except values whose order is legally\n"
  "                              timing-dependent (device atomics, strong loads): taken\n"
  "                              from the RTL, they must fit one serial order per word\n"
  "                      strict  every value from the model (race-free kernels without\n"
  "                              contended atomics or spin loops)\n"
  "                      follow  every loaded value from the RTL (racy kernels)\n"
  "                      off     the RTL alone\n"
  "  --wave FILE.fst   verilator: write waves and a GTKWave view FILE.gtkw\n"
  "                    (gtkwave FILE.gtkw: cycle N at N ns, opens at the launch)\n"
  "  --seed N          cmodel: warp interleaving, 0 round robin (default), else random\n"
  "                    from N; verilator: 0 fixed timing (default), else DRAM latency\n"
  "                    jitter from N (the same N reproduces the run bit for bit)\n"
  "  --max-steps N     total limit: scheduler steps (cmodel) or cycles (verilator)\n"
  "                    before the run stops (default 100000000)\n"
  "  --hang-limit N    watchdog: stop when no warp stored, did an atomic, passed a\n"
  "                    barrier, exited or committed for N cycles/steps (default\n"
  "                    524288; 0: never), or for 32768 when every running warp goes\n"
  "                    round a cycle of states (a spin); the report names\n"
  "                    every live warp's PC and source line\n"
  "  --progress, --no-progress\n"
  "                    a progress line on stderr every second of a run longer than\n"
  "                    two seconds (default: when stderr is a terminal). Ctrl-C stops\n"
  "                    a run cleanly with a partial report (exit status 130)\n"
  "  --trace FILE      one line per retired warp instruction to FILE ('-': stdout)\n"
  "  --trace-json FILE a Chrome/Perfetto trace (Trace Event Format) to FILE: a track\n"
  "                    per warp, a slice per retired instruction (cycles on verilator,\n"
  "                    scheduler steps on cmodel) and on verilator GSI stall slices\n"
  "  --stats           print instruction, memory and L1 statistics and model speed\n"
  "  --tm-stats        transactions (docs/isa.md, KILO TM): commits, aborts, aborts per\n"
  "                    commit; cmodel: watchdog restarts, the most warps of an SM in\n"
  "                    transactions at once and the begins that waited for a slot;\n"
  "                    verilator: commits and aborts (the RTL's, with co-simulation\n"
  "                    on) and the commit units' counters measured in the RTL, summed\n"
  "                    over the partitions: entry-cycles in each commit stage (xfer,\n"
  "                    hazard, validate, revalidate, final, commit), local passes and\n"
  "                    fails, hazards, false-writer waits (hazards whose writer came\n"
  "                    from the LWH's recency filter), revalidations, resends after a\n"
  "                    buffer overflow (docs/tm.md sec. 4.1); in --json as \"tm\"\n"
  "  --tm-warps N      cmodel: at most N warps of an SM in transactions at once (KILO\n"
  "                    TM's concurrency limit); an outermost ww.tx.begin waits for a\n"
  "                    slot. 0: unlimited; default %u (TM_WARPS_PER_SM); N <= %u\n"
  "                    (WARPS_PER_SM)\n"
  "  --tx-watchdog N   KILO TM's watchdog: after N warp instructions of one attempt\n"
  "                    a transaction's read logs are validated, a doomed attempt\n"
  "                    restarts (both backends; on verilator the RTL decides, at\n"
  "                    most its built TX_WATCHDOG). 0: off; default TX_WATCHDOG\n"
  "  --det             GPUDet deterministic execution (docs/det.md): warps run in\n"
  "                    quanta, isolated (stores buffered per warp), commit by depth\n"
  "                    (Z-buffer units), atomics in a serial mode; the final memory\n"
  "                    does not depend on --seed. Prints quanta and why warps ended\n"
  "                    them (verilator: and the cycles of each mode); in --json as\n"
  "                    \"det\". On verilator without co-simulation: the RTL's final\n"
  "                    memory is compared with the golden model's in that mode.\n"
  "                    With --scord: the SMs and their warps take turns in parallel\n"
  "                    mode, so the race report is the same under every --seed\n"
  "  --quantum N       with --det: warp instructions per quantum (default %u,\n"
  "                    DET_QUANTUM), 1..1000000\n"
  "  --det-serial MODE verilator, with --det: serial mode per SM (sm, the default:\n"
  "                    an SM's atomics back to back, SMs in turn) or per warp (warp:\n"
  "                    one atomic at a time, the paper's W-Ser baseline)\n"
  "  --det-commit MODE verilator, with --det: commit through the Z-buffer units\n"
  "                    (zbuf, the default: requests overlap) or lock-based (lock: one\n"
  "                    store-buffer entry at a time, each acknowledged before the next,\n"
  "                    the paper's baseline); the same final memory\n"
  "  --det-dwp         with --det: deterministic workgroup partitioning (GPUDet sec.\n"
  "                    4.2.2): each busy block slot gets one pending block when a\n"
  "                    quantum begins and is refilled with it in parallel mode as soon\n"
  "                    as its block finishes; off: blocks start only between quanta\n"
  "  --json            print one JSON object (status, trap, stats, buffers) instead of text\n"
  "  --memcheck        check every global access of every lane against the\n"
  "                    allocations (buffers, the kernel image, stacks): out of\n"
  "                    bounds, writes to code, another thread's stack; each error\n"
  "                    with the allocation, warp, lane, PC and file:line; any backend\n"
  "  --scord[=MODE]    verilator: ScoRD scoped race detection in the RTL (docs/scord.md):\n"
  "                    cached (default: the metadata cache, the paper's ScoRD) or full\n"
  "                    (full metadata); prints every race with its type, scope, source\n"
  "                    line and both accessors; with --json a \"scord\" object\n"
  "  --save FILE       with --scord: write the race report to FILE as JSON (the\n"
  "                    \"scord\" object of --json)\n"
  "  --error-exitcode N  exit with N (1..255) instead of 0 when the run completed but\n"
  "                    a checker found errors (--scord: any race; --memcheck: any\n"
  "                    invalid access); default: 0\n"
  "  --stalls          verilator: print the GSI stall breakdown per SM (docs/gsi.md): the\n"
  "                    cycle classes (they sum to the cycles; checked on every run),\n"
  "                    memory-data stalls by where the load was served, memory-\n"
  "                    structural stalls by cause, synchronization stalls by KILO TM\n"
  "                    cause (sy_tx_begin, sy_tx_commit) and GPUDet phase\n"
  "                    (sy_det_quantum, sy_det_commit, sy_det_serial); with --json a\n"
  "                    \"stalls\" object\n"
  "  --stalls-plot F   verilator: draw the stacked breakdown per SM to F (.svg or .png,\n"
  "                    with gnuplot); implies --stalls\n"
  WW_CFGOPT_USAGE
  "  -h, --help        this text\n"
  "\n"
  "exit status: 0 ok, 1 runtime failure, 2 usage error, 3 the kernel trapped or the\n"
  "watchdog stopped it, 130 Ctrl-C, N (--error-exitcode N) the run completed and a\n"
  "checker found errors\n";

static void print_run_usage(void)
{
  printf(run_usage, WW_WARPS_PER_SM * WW_LANES, WW_TM_WARPS_PER_SM, WW_WARPS_PER_SM,
         WW_DET_QUANTUM);
}

static const char disasm_usage[] =
  "usage: warpwatch disasm KERNEL.elf\n"
  "\n"
  "Checks KERNEL.elf as 'run' would, then disassembles its executable segments:\n"
  "address, instruction word, instruction, and file:line when it has debug info.\n";

/* ---- errors --------------------------------------------------------------- */
static int usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int usage_error(const char *cmd, const char *fmt, ...)
{
  va_list ap;
  fputs("warpwatch: error: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, " (see 'warpwatch %s--help')\n", cmd);
  return EXIT_USAGE;
}

/* ---- errors the checkers found (--error-exitcode) -------------------------
 * A checker (ScoRD races; memcheck) reports its errors and the run still
 * completes. Like compute-sanitizer, the exit status stays 0 unless
 * --error-exitcode N was given; then a completed run with errors exits N. */
static int g_error_exitcode;     /* 0: not given */

/* The exit status of a run whose status so far is rc, after a checker found
 * `errors` errors: N when rc is EXIT_OK, errors > 0 and --error-exitcode N. */
static int report_errors_exit(int rc, uint64_t errors)
{
  return rc == EXIT_OK && errors > 0 && g_error_exitcode > 0 ? g_error_exitcode : rc;
}

/* ---- numbers ---------------------------------------------------------- */
/* Decimal or 0x hex, optional '-', the whole string; value in [min, max]. */
static int parse_int(const char *s, int64_t min, int64_t max, int64_t *out)
{
  int neg = 0;
  if (*s == '-' || *s == '+')
    neg = *s++ == '-';
  unsigned base = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s += 2;
  }
  if (!*s)
    return -1;
  uint64_t v = 0;
  for (; *s; s++) {
    unsigned d;
    if (*s >= '0' && *s <= '9')
      d = (unsigned)(*s - '0');
    else if (base == 16 && *s >= 'a' && *s <= 'f')
      d = (unsigned)(*s - 'a' + 10);
    else if (base == 16 && *s >= 'A' && *s <= 'F')
      d = (unsigned)(*s - 'A' + 10);
    else
      return -1;
    if (v > (UINT64_MAX - d) / base)
      return -1;
    v = v * base + d;
  }
  if (v > (uint64_t)INT64_MAX)
    return -1;
  int64_t x = neg ? -(int64_t)v : (int64_t)v;
  if (x < min || x > max)
    return -1;
  *out = x;
  return 0;
}

static int parse_u64(const char *s, uint64_t *out)
{
  int64_t v;
  if (parse_int(s, 0, INT64_MAX, &v))
    return -1;
  *out = (uint64_t)v;
  return 0;
}

/* A buffer size: a number with an optional k/K or m/M suffix, 1..GMEM_BYTES. */
static int parse_size(const char *s, uint32_t *out)
{
  char tmp[32];
  size_t len = strlen(s);
  uint64_t mul = 1;
  if (len == 0 || len >= sizeof tmp)
    return -1;
  memcpy(tmp, s, len + 1);
  if (tmp[len - 1] == 'k' || tmp[len - 1] == 'K')
    mul = 1024;
  else if (tmp[len - 1] == 'm' || tmp[len - 1] == 'M')
    mul = 1024 * 1024;
  if (mul != 1)
    tmp[len - 1] = '\0';
  int64_t v;
  if (tmp[0] == '-' || parse_int(tmp, 1, WW_GMEM_BYTES, &v) || (uint64_t)v * mul > WW_GMEM_BYTES)
    return -1;
  *out = (uint32_t)((uint64_t)v * mul);
  return 0;
}

/* ---- kernel arguments ---------------------------------------------------- */
typedef struct {
  const char *text;       /* as given */
  int is_buf;
  uint32_t word;          /* scalar value, or the buffer's device address */
  uint32_t bytes;         /* buffer size */
  uint8_t *init;          /* initial buffer contents (bytes long), NULL = zeroes */
} karg_t;

typedef struct {
  unsigned arg;
  char type[4];           /* i32 u32 x32 f32 */
  uint32_t count;         /* 0 = the whole buffer */
} print_t;

/* Reads FILE for buf:[BYTES]=FILE; bytes == 0 means "the file's size".
 * -2 (a runtime failure, not a usage error) when the file is the problem. */
static int read_init_file(karg_t *a, const char *path, char *err, size_t n)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return snprintf(err, n, "--arg %s: cannot open '%s': %s", a->text, path, strerror(errno)), -2;
  uint32_t cap = a->bytes ? a->bytes : WW_GMEM_BYTES;
  uint8_t *buf = calloc(1, (size_t)cap + 1);
  size_t got = buf ? fread(buf, 1, (size_t)cap + 1, f) : 0;
  int bad = !buf || ferror(f);
  fclose(f);
  if (bad) {
    free(buf);
    return snprintf(err, n, "--arg %s: cannot read '%s'", a->text, path), -2;
  }
  if (got > cap) {
    free(buf);
    return snprintf(err, n, "--arg %s: '%s' is larger than the %u-byte buffer", a->text, path,
                    cap), -2;
  }
  if (a->bytes == 0) {
    if (got == 0) {
      free(buf);
      return snprintf(err, n, "--arg %s: '%s' is empty", a->text, path), -2;
    }
    a->bytes = (uint32_t)got;
  }
  a->init = buf;
  return 0;
}

/* i32:... or f32:... lists. */
static int parse_list(karg_t *a, const char *list, int is_float, char *err, size_t n)
{
  size_t count = 1;
  for (const char *p = list; *p; p++)
    count += *p == ',';
  if (count > WW_GMEM_BYTES / 4)
    return snprintf(err, n, "--arg %s: too many values", a->text), -1;
  uint32_t *w = calloc(count, 4);
  char *copy = strdup(list);
  if (!w || !copy) {
    free(w);
    free(copy);
    return snprintf(err, n, "out of host memory"), -1;
  }
  size_t i = 0;
  int bad = 0;
  for (char *tok = copy, *next; tok && !bad; tok = next, i++) {
    next = strchr(tok, ',');
    if (next)
      *next++ = '\0';
    if (is_float) {
      char *end;
      errno = 0;
      float f = strtof(tok, &end);
      bad = !*tok || *end || errno == ERANGE;
      memcpy(&w[i], &f, 4);
    } else {
      int64_t v;
      bad = parse_int(tok, INT32_MIN, UINT32_MAX, &v) != 0;
      w[i] = (uint32_t)v;
    }
    if (bad)
      snprintf(err, n, "--arg %s: bad %s value '%s'", a->text, is_float ? "f32" : "i32", tok);
  }
  free(copy);
  if (bad) {
    free(w);
    return -1;
  }
  a->bytes = (uint32_t)(count * 4);
  a->init = (uint8_t *)w;
  return 0;
}

static int parse_karg(karg_t *a, const char *s, char *err, size_t n)
{
  memset(a, 0, sizeof *a);
  a->text = s;
  if (strncmp(s, "buf:", 4) == 0) {
    a->is_buf = 1;
    const char *size = s + 4, *eq = strchr(size, '=');
    char num[32];
    size_t len = eq ? (size_t)(eq - size) : strlen(size);
    if (len >= sizeof num)
      return snprintf(err, n, "--arg %s: bad buffer size", s), -1;
    memcpy(num, size, len);
    num[len] = '\0';
    if (len == 0 && !eq)
      return snprintf(err, n, "--arg %s: missing buffer size (buf:BYTES)", s), -1;
    if (len && parse_size(num, &a->bytes))
      return snprintf(err, n, "--arg %s: bad buffer size '%s' (1..%u bytes)", s, num,
                      WW_GMEM_BYTES), -1;
    if (eq && !eq[1])
      return snprintf(err, n, "--arg %s: missing file name after '='", s), -1;
    return eq ? read_init_file(a, eq + 1, err, n) : 0;
  }
  if (strncmp(s, "i32:", 4) == 0 || strncmp(s, "f32:", 4) == 0) {
    a->is_buf = 1;
    if (!s[4])
      return snprintf(err, n, "--arg %s: no values", s), -1;
    return parse_list(a, s + 4, s[0] == 'f', err, n);
  }
  int64_t v;
  if (parse_int(s, INT32_MIN, UINT32_MAX, &v))
    return snprintf(err, n, "--arg %s: not a 32-bit number or buffer (buf:BYTES, i32:LIST, "
                    "f32:LIST)", s), -1;
  a->word = (uint32_t)v;
  return 0;
}

static int parse_print(print_t *p, const char *s, char *err, size_t n)
{
  char copy[64];
  if (strlen(s) >= sizeof copy)
    return snprintf(err, n, "--print %s: bad spec (N:TYPE[:COUNT])", s), -1;
  strcpy(copy, s);
  char *type = strchr(copy, ':');
  char *count = type ? strchr(type + 1, ':') : NULL;
  if (type)
    *type++ = '\0';
  if (count)
    *count++ = '\0';
  int64_t v;
  if (!type || parse_int(copy, 0, MAX_ARGS - 1, &v))
    return snprintf(err, n, "--print %s: bad spec (N:TYPE[:COUNT], N = argument index)", s), -1;
  p->arg = (unsigned)v;
  if (strcmp(type, "i32") && strcmp(type, "u32") && strcmp(type, "x32") && strcmp(type, "f32"))
    return snprintf(err, n, "--print %s: unknown type '%s' (i32, u32, x32, f32)", s, type), -1;
  strcpy(p->type, type);
  p->count = 0;
  if (count && parse_int(count, 1, WW_GMEM_BYTES / 4, &v))
    return snprintf(err, n, "--print %s: bad count '%s'", s, count), -1;
  if (count)
    p->count = (uint32_t)v;
  return 0;
}

/* ---- run options -------------------------------------------------------- */
typedef struct {
  const char *kernel;
  uint64_t grid, block;
  int have_grid, have_block;
  const char *backend;
  const char *port;              /* --port DEV (fpga) */
  uint64_t seed, max_steps, hang_limit;
  int have_hang_limit;
  int progress;                  /* -1 auto (a terminal), 0, 1 */
  int cosim;
  int have_cosim;                /* --cosim was given */
  const char *wave;
  const char *trace;
  const char *trace_json;
  int stats, json;
  int tm_stats;
  uint64_t tm_warps;             /* --tm-warps N */
  int have_tm_warps;
  uint64_t tx_watchdog;          /* --tx-watchdog N */
  int have_tx_watchdog;
  int det;                       /* --det */
  uint64_t quantum;              /* --quantum N */
  int have_quantum;
  int det_wser, have_det_serial;   /* --det-serial warp|sm */
  int det_lock, have_det_commit;   /* --det-commit lock|zbuf */
  int det_dwp;                   /* --det-dwp */
  int stalls;
  const char *stalls_plot;
  int scord;
  int memcheck;
  const char *save;              /* --save FILE: the race report as JSON */
  unsigned nargs, nprints;
  karg_t args[MAX_ARGS];
  print_t prints[MAX_PRINTS];
} run_opts_t;

static void free_opts(run_opts_t *o)
{
  for (unsigned i = 0; i < o->nargs; i++)
    free(o->args[i].init);
}

static int parse_run(run_opts_t *o, int argc, char **argv)
{
  static const char *const with_value[] = { "--grid", "--block", "--arg", "--backend", "--seed",
                                            "--max-steps", "--trace", "--print", "--cosim",
                                            "--wave", "--stalls-plot", "--hang-limit", "--save",
                                            "--error-exitcode", "--trace-json", "--tm-warps",
                                            "--tx-watchdog", "--quantum", "--det-serial",
                                            "--det-commit", "--port" };
  char err[512];
  memset(o, 0, sizeof *o);
  o->backend = "cmodel";
  o->progress = -1;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      print_run_usage();
      return -1;
    }
    if (strcmp(a, "--stats") == 0) {
      o->stats = 1;
      continue;
    }
    if (strcmp(a, "--tm-stats") == 0) {
      o->tm_stats = 1;
      continue;
    }
    if (strcmp(a, "--det") == 0) {
      o->det = 1;
      continue;
    }
    if (strcmp(a, "--det-dwp") == 0) {
      o->det_dwp = 1;
      continue;
    }
    if (strcmp(a, "--json") == 0) {
      o->json = 1;
      continue;
    }
    if (strcmp(a, "--stalls") == 0) {
      o->stalls = 1;
      continue;
    }
    if (strcmp(a, "--progress") == 0 || strcmp(a, "--no-progress") == 0) {
      o->progress = a[2] == 'p';
      continue;
    }
    if (strcmp(a, "--memcheck") == 0) {
      o->memcheck = 1;
      continue;
    }
    if (strncmp(a, "--scord", 7) == 0 && (a[7] == '\0' || a[7] == '=')) {
      o->scord = a[7] ? ww_scord_mode(a + 8) : WW_SCORD_CACHED;
      if (o->scord <= 0)
        return usage_error("run ", "%s: expected --scord, --scord=cached or --scord=full", a);
      continue;
    }
    if (a[0] != '-' || strcmp(a, "-") == 0) {
      if (o->kernel)
        return usage_error("run ", "unexpected argument '%s' (one kernel file only)", a);
      o->kernel = a;
      continue;
    }
    /* --name VALUE or --name=VALUE */
    char name[32];
    const char *val = NULL, *eq = strchr(a, '=');
    size_t nlen = eq ? (size_t)(eq - a) : strlen(a);
    if (nlen >= sizeof name)
      return usage_error("run ", "unknown option '%s'", a);
    memcpy(name, a, nlen);
    name[nlen] = '\0';
    int known = 0;
    for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
      known |= strcmp(name, with_value[k]) == 0;
    if (!known)
      return usage_error("run ", "unknown option '%s'", name);
    if (eq)
      val = eq + 1;
    else if (i + 1 < argc)
      val = argv[++i];
    else
      return usage_error("run ", "option %s needs a value", name);
    if (strcmp(name, "--grid") == 0 || strcmp(name, "--block") == 0) {
      int grid = name[2] == 'g';
      uint64_t v;
      if (parse_u64(val, &v))
        return usage_error("run ", "%s: bad number '%s'", name, val);
      if (v == 0)
        return usage_error("run ", "%s must be at least 1", name);
      if (grid && v > MAX_GRID)
        return usage_error("run ", "--grid %s is too large (at most %u blocks)", val, MAX_GRID);
      if (!grid && v > WW_WARPS_PER_SM * WW_LANES)
        return usage_error("run ", "--block %s is too large (at most WARPS_PER_SM x LANES = "
                           "%u threads)", val, WW_WARPS_PER_SM * WW_LANES);
      *(grid ? &o->grid : &o->block) = v;
      *(grid ? &o->have_grid : &o->have_block) = 1;
    } else if (strcmp(name, "--seed") == 0 || strcmp(name, "--max-steps") == 0) {
      if (parse_u64(val, name[2] == 's' ? &o->seed : &o->max_steps))
        return usage_error("run ", "%s: bad number '%s'", name, val);
    } else if (strcmp(name, "--tm-warps") == 0) {
      int64_t v;
      if (parse_int(val, 0, WW_WARPS_PER_SM, &v))
        return usage_error("run ", "--tm-warps %s: expected a number of warps per SM from 0 "
                           "(unlimited) to %u (WARPS_PER_SM)", val, WW_WARPS_PER_SM);
      o->tm_warps = (uint64_t)v;
      o->have_tm_warps = 1;
    } else if (strcmp(name, "--quantum") == 0) {
      int64_t v;
      if (parse_int(val, 1, 1000000, &v))
        return usage_error("run ", "--quantum %s: expected a number of warp instructions from "
                           "1 to 1000000", val);
      o->quantum = (uint64_t)v;
      o->have_quantum = 1;
    } else if (strcmp(name, "--det-serial") == 0) {
      if (strcmp(val, "sm") != 0 && strcmp(val, "warp") != 0)
        return usage_error("run ", "--det-serial %s: expected sm (atomics of an SM back to back, "
                           "the default) or warp (one at a time, W-Ser)", val);
      o->det_wser = strcmp(val, "warp") == 0;
      o->have_det_serial = 1;
    } else if (strcmp(name, "--det-commit") == 0) {
      if (strcmp(val, "zbuf") != 0 && strcmp(val, "lock") != 0)
        return usage_error("run ", "--det-commit %s: expected zbuf (the Z-buffer units, the "
                           "default) or lock (one acknowledged request at a time, the baseline)",
                           val);
      o->det_lock = strcmp(val, "lock") == 0;
      o->have_det_commit = 1;
    } else if (strcmp(name, "--tx-watchdog") == 0) {
      if (parse_u64(val, &o->tx_watchdog) || o->tx_watchdog >= UINT32_MAX)
        return usage_error("run ", "--tx-watchdog %s: expected a number of warp instructions "
                           "(0: off)", val);
      o->have_tx_watchdog = 1;
    } else if (strcmp(name, "--hang-limit") == 0) {
      if (parse_u64(val, &o->hang_limit))
        return usage_error("run ", "--hang-limit: bad number '%s' (cycles or steps; 0: never)", val);
      o->have_hang_limit = 1;
    } else if (strcmp(name, "--backend") == 0) {
      if (!ww_backend_find(val))
        return usage_error("run ", "unknown backend '%s' (available: %s)", val,
                           ww_backend_names());
      o->backend = val;
    } else if (strcmp(name, "--port") == 0) {
      if (!*val)
        return usage_error("run ", "--port needs a serial device or sim");
      o->port = val;
    } else if (strcmp(name, "--cosim") == 0) {
      o->cosim = ww_cosim_mode(val);
      o->have_cosim = 1;
      if (o->cosim < 0)
        return usage_error("run ", "--cosim %s: expected sync, strict, follow or off", val);
    } else if (strcmp(name, "--wave") == 0) {
      if (!*val)
        return usage_error("run ", "--wave needs a file name");
      o->wave = val;
    } else if (strcmp(name, "--stalls-plot") == 0) {
      size_t n = strlen(val);
      if (n < 5 || (strcmp(val + n - 4, ".svg") != 0 && strcmp(val + n - 4, ".png") != 0))
        return usage_error("run ", "--stalls-plot %s: the file name must end in .svg or .png",
                           val);
      o->stalls_plot = val;
      o->stalls = 1;
    } else if (strcmp(name, "--save") == 0) {
      if (!*val)
        return usage_error("run ", "--save needs a file name");
      o->save = val;
    } else if (strcmp(name, "--error-exitcode") == 0) {
      int64_t v;
      if (parse_int(val, 1, 255, &v))
        return usage_error("run ", "--error-exitcode %s: expected a number from 1 to 255", val);
      g_error_exitcode = (int)v;
    } else if (strcmp(name, "--trace") == 0) {
      if (!*val)
        return usage_error("run ", "--trace needs a file name");
      o->trace = val;
    } else if (strcmp(name, "--trace-json") == 0) {
      if (!*val)
        return usage_error("run ", "--trace-json needs a file name");
      o->trace_json = val;
    } else if (strcmp(name, "--arg") == 0) {
      if (o->nargs == MAX_ARGS)
        return usage_error("run ", "too many --arg (at most %d)", MAX_ARGS);
      karg_t *k = &o->args[o->nargs++];
      int krc = parse_karg(k, val, err, sizeof err);
      if (krc == -2) {
        fprintf(stderr, "warpwatch: error: %s\n", err);
        return EXIT_RUNTIME;
      }
      if (krc)
        return usage_error("run ", "%s", err);
    } else {   /* --print */
      if (o->nprints == MAX_PRINTS)
        return usage_error("run ", "too many --print (at most %d)", MAX_PRINTS);
      if (parse_print(&o->prints[o->nprints++], val, err, sizeof err))
        return usage_error("run ", "%s", err);
    }
  }
  if (!o->kernel)
    return usage_error("run ", "no kernel file given");
  if (!o->have_grid)
    return usage_error("run ", "missing --grid N");
  if (!o->have_block)
    return usage_error("run ", "missing --block N");
  /* the FPGA: no retire records cross its link */
  const int fpga = strcmp(o->backend, "fpga") == 0;
  if (fpga && !o->port)
    return usage_error("run ", "--backend fpga needs --port DEV (a serial device such as "
                       "/dev/ttyUSB0) or --port sim (the Verilated FPGA top)");
  if (o->port && !fpga)
    return usage_error("run ", "--port is the fpga backend's: backend %s has no link", o->backend);
  if (fpga && (o->trace || o->trace_json || o->memcheck || o->have_hang_limit || o->seed))
    return usage_error("run ", "%s needs the retired instructions or the RTL's timing: the fpga "
                       "backend reports neither over its link (use --backend verilator)",
                       o->trace ? "--trace" : o->trace_json ? "--trace-json"
                       : o->memcheck ? "--memcheck" : o->seed ? "--seed" : "--hang-limit");
  if (fpga && o->stalls_plot)
    return usage_error("run ", "--stalls-plot needs the per-cycle stall classes: the fpga "
                       "backend has the counters only (--stalls)");
  /* options only the RTL can honour */
  const int rtl = strcmp(o->backend, "verilator") == 0;
  const int hw = rtl || fpga;   /* the RTL's counters and race log */
  if (o->scord && !hw)
    return usage_error("run ", "--scord needs --backend verilator or fpga: the race detector is "
                       "in the RTL");
  if (o->save && !o->scord)
    return usage_error("run ", "--save writes the race report: it needs --scord");
  if (o->stalls && !hw)
    return usage_error("run ", "--stalls needs --backend verilator or fpga: the stall counters "
                       "are in the RTL (the golden model has no pipeline timing)");
  if (o->have_cosim && !rtl)
    return usage_error("run ", "--cosim needs --backend verilator: it checks the RTL against "
                       "the golden model, and backend %s runs the golden model alone", o->backend);
  if (o->det && rtl && o->have_cosim && o->cosim != WW_COSIM_OFF)
    return usage_error("run ", "--det runs the RTL without co-simulation (its final memory is "
                       "compared with the golden model's in deterministic mode): drop --cosim");
  if (o->det && rtl)
    o->cosim = WW_COSIM_OFF;
  if (o->have_quantum && !o->det)
    return usage_error("run ", "--quantum sets GPUDet's quantum: it needs --det");
  if (o->det_dwp && !o->det)
    return usage_error("run ", "--det-dwp partitions GPUDet's work distribution: it needs --det");
  if (o->have_det_commit && (!o->det || !rtl))
    return usage_error("run ", "--det-commit chooses how the RTL commits the store buffers: "
                       "it needs --det and --backend verilator (the model has no timing, its "
                       "results are the same)");
  if (o->have_det_serial && (!o->det || !rtl))
    return usage_error("run ", "--det-serial chooses how the RTL's serial mode issues atomics: "
                       "it needs --det and --backend verilator (the model has no timing, its "
                       "results are the same)");
  if (o->have_tm_warps && strcmp(o->backend, "cmodel") != 0)
    return usage_error("run ", "--tm-warps needs --backend cmodel: the golden model runs "
                       "transactions, the RTL does not yet");
  if (o->wave && !rtl)
    return usage_error("run ", "--wave needs --backend verilator: backend %s has no signals to "
                       "trace (--trace FILE writes its retired instructions)", o->backend);
  if (o->json && o->trace && strcmp(o->trace, "-") == 0)
    return usage_error("run ", "--trace - would mix the trace into the --json output");
  for (unsigned i = 0; i < o->nprints; i++) {
    print_t *p = &o->prints[i];
    if (p->arg >= o->nargs)
      return usage_error("run ", "--print %u: there are only %u --arg", p->arg, o->nargs);
    const karg_t *k = &o->args[p->arg];
    if (!k->is_buf)
      return usage_error("run ", "--print %u: argument %u (%s) is a scalar, not a buffer",
                         p->arg, p->arg, k->text);
    if (p->count * 4ull > k->bytes)
      return usage_error("run ", "--print %u: %u values do not fit the %u-byte buffer",
                         p->arg, p->count, k->bytes);
  }
  return 0;
}

/* ---- output ---------------------------------------------------------------- */
/* The launch's stall counters, when --stalls read them (print_json adds them). */
static const ww_stall_run_t *g_stalls;

/* The launch's races, when --scord found them (print_json adds them;
 * sw/tools/ww_races.c formats them). */
static const ww_races_t *g_races;

/* A JSON string (ww_races.c). */
static void json_str(FILE *f, const char *s) { ww_json_str(f, s); }

static void print_value(FILE *f, const char *type, uint32_t w, int json)
{
  if (type[0] == 'i') {
    fprintf(f, "%" PRId32, (int32_t)w);
  } else if (type[0] == 'u') {
    fprintf(f, "%" PRIu32, w);
  } else if (type[0] == 'x') {
    fprintf(f, json ? "\"0x%08" PRIx32 "\"" : "0x%08" PRIx32, w);
  } else {
    float v;
    memcpy(&v, &w, 4);
    if (json && !isfinite(v))
      fprintf(f, "\"%s\"", isnan(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity");
    else
      fprintf(f, "%.9g", (double)v);
  }
}

/* Reads a printed buffer from the device; NULL after an error message. */
static uint32_t *read_buffer(ww_dev_t *dev, const run_opts_t *o, const print_t *p, uint32_t *cnt)
{
  const karg_t *k = &o->args[p->arg];
  *cnt = p->count ? p->count : k->bytes / 4;
  uint32_t *w = calloc(*cnt ? *cnt : 1, 4);
  if (!w || ww_dev_copy_from(dev, w, k->word, (size_t)*cnt * 4) != 0) {
    fprintf(stderr, "warpwatch: error: --print %u: %s\n", p->arg,
            w ? ww_dev_error(dev) : "out of host memory");
    free(w);
    return NULL;
  }
  return w;
}

static void print_buffers_text(ww_dev_t *dev, const run_opts_t *o)
{
  for (unsigned i = 0; i < o->nprints; i++) {
    const print_t *p = &o->prints[i];
    uint32_t cnt;
    uint32_t *w = read_buffer(dev, o, p, &cnt);
    if (!w)
      continue;
    printf("arg%u %s[%u]:", p->arg, p->type, cnt);
    for (uint32_t j = 0; j < cnt; j++) {
      putchar(' ');
      print_value(stdout, p->type, w[j], 0);
    }
    putchar('\n');
    free(w);
  }
}

static double hit_rate(const ww_gpu_stats_t *s)
{
  uint64_t n = s->l1_hits + s->l1_misses;
  return n ? 100.0 * (double)s->l1_hits / (double)n : 0.0;
}

static void print_stats_text(const ww_gpu_stats_t *s, const char *backend, double secs)
{
  printf("stats: warp insns %" PRIu64 "  thread insns %" PRIu64 " (%.2f lanes/insn)  steps %"
         PRIu64 "\n", s->warp_insns, s->thread_insns,
         s->warp_insns ? (double)s->thread_insns / (double)s->warp_insns : 0.0, s->steps);
  if (strcmp(backend, "cmodel") == 0)   /* the RTL's L1 has no hit counters */
    printf("stats: loads %" PRIu64 "  stores %" PRIu64 "  atomics %" PRIu64 "  L1 hits %" PRIu64
           " misses %" PRIu64 " (hit rate %.1f%%)\n", s->loads, s->stores, s->atomics, s->l1_hits,
           s->l1_misses, hit_rate(s));
  else
    printf("stats: loads %" PRIu64 "  stores %" PRIu64 "  atomics %" PRIu64 "\n", s->loads,
           s->stores, s->atomics);
  printf("stats: barriers %" PRIu64 "  divergent splits %" PRIu64 "  blocks done %" PRIu64
         "  warp insns per SM", s->barriers, s->divergent_splits, s->blocks_done);
  for (unsigned i = 0; i < WW_NUM_SM && i < 16; i++)
    printf(" %" PRIu64, s->sm_warp_insns[i]);
  printf("\nstats: %s speed %.3f M warp insns/s (%.6f s host time)\n", backend,
         secs > 0 ? (double)s->warp_insns / secs / 1e6 : 0.0, secs);
}

/* GPUDet (docs/det.md): quanta and why warps ended their parallel mode;
 * on the RTL the cycles of each mode, on the model its commit and serial
 * counts (each prints what it measures). */
static void print_det_text(const ww_gpu_stats_t *s, uint64_t quantum, int rtl, int ok)
{
  printf("det: %" PRIu64 " quanta of up to %" PRIu64 " warp instructions; parallel mode ended "
         "by count %" PRIu64 ", atomic %" PRIu64 ", fence %" PRIu64 ", barrier %" PRIu64
         ", exit %" PRIu64 ", full store buffer %" PRIu64 "\n", s->det_quanta, quantum,
         s->det_end_count, s->det_end_atomic, s->det_end_fence, s->det_end_barrier,
         s->det_end_exit, s->det_end_full);
  if (rtl) {
    const uint64_t all = s->det_cycles_dist + s->det_cycles_par + s->det_cycles_commit +
                         s->det_cycles_serial;
    const double d = all ? 100.0 / (double)all : 0.0;
    printf("det: cycles: distribution %" PRIu64 " (%.1f %%), parallel %" PRIu64 " (%.1f %%), "
           "commit %" PRIu64 " (%.1f %%), serial %" PRIu64 " (%.1f %%)%s\n", s->det_cycles_dist, d * (double)s->det_cycles_dist,
           s->det_cycles_par, d * (double)s->det_cycles_par, s->det_cycles_commit,
           d * (double)s->det_cycles_commit, s->det_cycles_serial,
           d * (double)s->det_cycles_serial,
           ok ? "; the final memory equals the golden model's in deterministic mode" : "");
  } else {
    printf("det: %" PRIu64 " atomics in serial mode, %" PRIu64 " bytes committed from the "
           "store buffers\n", s->det_serial_atomics, s->det_commit_bytes);
  }
}

/* Transactions. On the RTL the commits and aborts are the co-simulated
 * model's, which applies every outcome the RTL decides (docs/tm.md sec. 5);
 * the limit's counts are the model's own scheduling, so cmodel only. The
 * commit units' counters (docs/tm.md sec. 4.1 "Counters": stage
 * entry-cycles, hazards, false-writer waits, resends) are measured in the
 * RTL: verilator only, summed over the partitions. */
static int tm_hw(ww_dev_t *dev, const char *backend, ww_tm_counters_t *hw, uint64_t *sum)
{
  if (strcmp(backend, "verilator") != 0 || !dev || ww_dev_tm_counters(dev, hw) != 0)
    return -1;
  for (unsigned i = 0; i < WW_TM_COUNTERS; i++) {
    sum[i] = 0;
    for (unsigned p = 0; p < hw->n_part && p < WW_NUM_PART; p++)
      sum[i] += hw->cnt[p][i];
  }
  return 0;
}

static void print_tm_text(ww_dev_t *dev, const ww_gpu_stats_t *s, const char *backend, int cosim)
{
  const int rtl = strcmp(backend, "cmodel") != 0;
  if (rtl && cosim == WW_COSIM_OFF)
    printf("tm: commits and aborts not measured on the %s backend without co-simulation "
           "(--cosim sync)\n", backend);
  else
    printf("tm: commits %" PRIu64 "  aborts %" PRIu64 " (%.3f aborts per commit)  watchdog "
           "restarts %" PRIu64 " of %" PRIu64 " validations%s\n", s->tx_commits, s->tx_aborts,
           s->tx_commits ? (double)s->tx_aborts / (double)s->tx_commits : 0.0,
           s->tx_watchdog_aborts, s->tx_watchdog_checks, rtl ? "  (the RTL's outcomes)" : "");
  if (!rtl) {
    printf("tm: at most %" PRIu32 " warps of an SM in transactions at once  begins that waited "
           "for a slot %" PRIu64 "\n", s->tx_warps_max, s->tx_limit_waits);
    return;
  }
  static ww_tm_counters_t hw;
  uint64_t c[WW_TM_COUNTERS];
  if (tm_hw(dev, backend, &hw, c) != 0) {
    printf("tm: commit-unit counters: %s\n", dev ? ww_dev_error(dev) : "no device");
    return;
  }
  printf("tm: commit units (%u partitions, summed): local passes %" PRIu64 "  fails %" PRIu64
         "  hazards %" PRIu64 "  false-writer waits %" PRIu64 "  revalidations %" PRIu64
         "  resends %" PRIu64 " (read set %" PRIu64 ", write set %" PRIu64 ")\n", hw.n_part,
         c[WW_TM_CNT_PASSES], c[WW_TM_CNT_FAILS], c[WW_TM_CNT_HAZARDS],
         c[WW_TM_CNT_FILTER_HAZARDS], c[WW_TM_CNT_REVALIDATIONS],
         c[WW_TM_CNT_RESENDS_R] + c[WW_TM_CNT_RESENDS_W], c[WW_TM_CNT_RESENDS_R],
         c[WW_TM_CNT_RESENDS_W]);
  uint64_t tot = 0;
  printf("tm: entry-cycles per commit stage:");
  for (unsigned i = WW_TM_CNT_STAGE_FIRST; i < WW_TM_CNT_STAGE_FIRST + WW_TM_CNT_STAGE_N; i++)
    tot += c[i];
#define X(name, idx, text)                                                                 \
  if ((unsigned)(idx) - WW_TM_CNT_STAGE_FIRST < WW_TM_CNT_STAGE_N)                        \
    printf(" %s %" PRIu64 " (%.1f%%)", text, c[idx], tot ? 100.0 * (double)c[idx] / (double)tot : 0.0);
  WW_TM_CNT_LIST(X)
#undef X
  printf("  total %" PRIu64 "\n", tot);
}

/* The "tm" object's RTL part: ", \"stage_cycles\": {...}, ..." (summed over
 * the partitions) and "partitions": every counter of each unit; nulls when
 * the counters cannot be read (a trap). */
static void tm_hw_json(FILE *f, ww_dev_t *dev, const char *backend)
{
  static ww_tm_counters_t hw;
  uint64_t c[WW_TM_COUNTERS];
  if (tm_hw(dev, backend, &hw, c) != 0) {
    fputs(", \"stage_cycles\": null, \"hazards\": null, \"false_writer_waits\": null, "
          "\"resends\": null, \"partitions\": null", f);
    return;
  }
  fputs(", \"stage_cycles\": {", f);
#define X(name, idx, text)                                                                 \
  if ((unsigned)(idx) - WW_TM_CNT_STAGE_FIRST < WW_TM_CNT_STAGE_N)                        \
    fprintf(f, "%s\"%s\": %" PRIu64, (idx) == WW_TM_CNT_STAGE_FIRST ? "" : ", ", text, c[idx]);
  WW_TM_CNT_LIST(X)
#undef X
  fprintf(f, "}, \"hazards\": %" PRIu64 ", \"false_writer_waits\": %" PRIu64
          ", \"revalidations\": %" PRIu64 ", \"resends\": %" PRIu64 ", \"resends_read\": %" PRIu64
          ", \"resends_write\": %" PRIu64 ", \"local_passes\": %" PRIu64
          ", \"local_fails\": %" PRIu64 ", \"partitions\": [",
          c[WW_TM_CNT_HAZARDS], c[WW_TM_CNT_FILTER_HAZARDS], c[WW_TM_CNT_REVALIDATIONS],
          c[WW_TM_CNT_RESENDS_R] + c[WW_TM_CNT_RESENDS_W], c[WW_TM_CNT_RESENDS_R],
          c[WW_TM_CNT_RESENDS_W], c[WW_TM_CNT_PASSES], c[WW_TM_CNT_FAILS]);
  for (unsigned p = 0; p < hw.n_part && p < WW_NUM_PART; p++) {
    fputs(p ? ", {" : "{", f);
#define X(name, idx, text) fprintf(f, "%s\"%s\": %" PRIu64, (idx) ? ", " : "", text, hw.cnt[p][idx]);
    WW_TM_CNT_LIST(X)
#undef X
    fputc('}', f);
  }
  fputc(']', f);
}

static void json_str_or_null(FILE *f, const char *s)
{
  if (s && *s)
    json_str(f, s);
  else
    fputs("null", f);
}

static const ww_kernel_t *g_kernel;   /* the kernel of the run (for warp and memcheck reports) */

/* ---- memcheck ---------------------------------------------------------------- */
static const char *mem_verb(const ww_memcheck_err_t *e)
{
  return e->mem == WW_MEM_ATOMIC_BLK || e->mem == WW_MEM_ATOMIC_DEV ? "atomic"
         : e->write ? "store" : "load";
}

static void memcheck_print(FILE *f, ww_dev_t *dev)
{
  const ww_memcheck_err_t *e;
  uint64_t total;
  size_t n = ww_dev_memcheck(dev, &e, &total);
  for (size_t i = 0; i < n; i++) {
    char src[256] = "", call[256] = "";
    ww_kernel_srcline(g_kernel, e[i].pc, src, sizeof src);
    if (ww_srcline_callsite(ww_kernel_elf(g_kernel)->lines, e[i].pc, call, sizeof call) == 0)
      snprintf(src, sizeof src, "%s", call);
    fprintf(f, "memcheck: invalid %s of %u bytes at 0x%08" PRIx32 " (%s): %s\n", mem_verb(&e[i]),
            e[i].bytes, e[i].addr, ww_memcheck_kind_text(e[i].kind), e[i].where);
    fprintf(f, "  by SM %u warp %u lane %u (block %" PRIu32 ", thread %u) at pc 0x%08" PRIx32
            "%s%s%s; %" PRIu64 " time%s at this pc\n", e[i].sm, e[i].warp, e[i].lane, e[i].block,
            e[i].thread, e[i].pc, src[0] ? " [" : "", src, src[0] ? "]" : "", e[i].count,
            e[i].count == 1 ? "" : "s");
  }
  fprintf(f, "memcheck summary: %" PRIu64 " error%s (%zu distinct)\n", total,
          total == 1 ? "" : "s", n);
}

static void memcheck_json(FILE *f, ww_dev_t *dev)
{
  const ww_memcheck_err_t *e;
  uint64_t total;
  size_t n = ww_dev_memcheck(dev, &e, &total);
  fprintf(f, ", \"memcheck\": {\"errors\": %" PRIu64 ", \"distinct\": %zu, \"list\": [", total, n);
  for (size_t i = 0; i < n; i++) {
    char src[256] = "", call[256] = "";
    ww_kernel_srcline(g_kernel, e[i].pc, src, sizeof src);
    if (ww_srcline_callsite(ww_kernel_elf(g_kernel)->lines, e[i].pc, call, sizeof call) == 0)
      snprintf(src, sizeof src, "%s", call);
    fprintf(f, "%s{\"kind\": ", i ? ", " : "");
    json_str(f, ww_memcheck_kind_text(e[i].kind));
    fprintf(f, ", \"access\": \"%s\", \"addr\": %" PRIu32 ", \"bytes\": %u, \"where\": ",
            mem_verb(&e[i]), e[i].addr, e[i].bytes);
    json_str(f, e[i].where);
    fprintf(f, ", \"sm\": %u, \"warp\": %u, \"lane\": %u, \"block\": %" PRIu32 ", \"thread\": %u"
            ", \"pc\": %" PRIu32 ", \"srcline\": ", e[i].sm, e[i].warp, e[i].lane, e[i].block,
            e[i].thread, e[i].pc);
    json_str_or_null(f, src);
    fprintf(f, ", \"count\": %" PRIu64 "}", e[i].count);
  }
  fputs("]}", f);
}

static const char *stop_name(int stop)
{
  return stop == WW_STOP_LIMIT ? "limit" : stop == WW_STOP_HANG ? "hang"
         : stop == WW_STOP_INTERRUPT ? "interrupt" : NULL;
}

static const char *cosim_name(int mode)
{
  return mode == WW_COSIM_SYNC ? "sync" : mode == WW_COSIM_STRICT ? "strict"
         : mode == WW_COSIM_FOLLOW ? "follow" : "off";
}

/* The warps where a stopped run left them: PC, instruction, source line. */
static void warp_where(ww_dev_t *dev, const ww_kernel_t *k, const ww_warp_pos_t *w, char *dis,
                       size_t ndis, char *src, size_t nsrc)
{
  uint8_t b[4] = { 0 };
  ww_dev_copy_from(dev, b, w->pc, 4);
  ww_insn_t d;
  ww_decode((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24, &d);
  ww_disasm(&d, w->pc, dis, ndis);
  char call[256] = "";
  src[0] = '\0';
  ww_kernel_srcline(k, w->pc, src, nsrc);
  if (ww_srcline_callsite(ww_kernel_elf(k)->lines, w->pc, call, sizeof call) == 0)
    snprintf(src, nsrc, "%s", call);   /* an intrinsic: the caller's line */
}

static void warps_json(FILE *f, ww_dev_t *dev)
{
  ww_warp_pos_t w[WW_NUM_SM * WW_WARPS_PER_SM];
  size_t n = ww_dev_warps(dev, w, sizeof w / sizeof w[0]);
  fputs(", \"warps\": [", f);
  for (size_t i = 0; i < n && g_kernel; i++) {
    char dis[96], src[256];
    warp_where(dev, g_kernel, &w[i], dis, sizeof dis, src, sizeof src);
    fprintf(f, "%s{\"sm\": %u, \"warp\": %u, \"block\": %" PRIu32 ", \"live\": %s, "
            "\"retired\": %" PRIu64 ", \"pc\": %" PRIu32 ", \"disasm\": ", i ? ", " : "", w[i].sm,
            w[i].warp, w[i].block, w[i].live ? "true" : "false", w[i].retired, w[i].pc);
    json_str(f, dis);
    fputs(", \"srcline\": ", f);
    json_str_or_null(f, src);
    fputc('}', f);
  }
  fputc(']', f);
}

static void warps_print(FILE *f, ww_dev_t *dev)
{
  ww_warp_pos_t w[WW_NUM_SM * WW_WARPS_PER_SM];
  size_t n = ww_dev_warps(dev, w, sizeof w / sizeof w[0]), live = 0;
  for (size_t i = 0; i < n; i++)
    live += w[i].live;
  fprintf(f, "warps when it stopped (%zu live; each at its last retired instruction):\n", live);
  for (size_t i = 0; i < n && g_kernel; i++) {
    if (!w[i].live)
      continue;
    char dis[96], src[256];
    warp_where(dev, g_kernel, &w[i], dis, sizeof dis, src, sizeof src);
    fprintf(f, "  SM %u warp %u (block %" PRIu32 "): pc 0x%08" PRIx32 " %-28s %s%s%s\n", w[i].sm,
            w[i].warp, w[i].block, w[i].pc, dis, src[0] ? "[" : "", src, src[0] ? "]" : "");
  }
}

static void print_json(ww_dev_t *dev, const run_opts_t *o, const char *status, int code,
                       const char *error, const ww_result_t *res, const char *srcline,
                       const char *callsite, double secs)
{
  FILE *f = stdout;
  fputs("{\"status\": ", f);
  json_str(f, status);
  fprintf(f, ", \"exit_code\": %d, \"kernel\": ", code);
  json_str(f, o->kernel);
  fputs(", \"backend\": ", f);
  json_str(f, o->backend);
  fprintf(f, ", \"grid\": %" PRIu64 ", \"block\": %" PRIu64 ", \"seed\": %" PRIu64,
          o->grid, o->block, o->seed);
  ww_cfgopt_json(f);
  if (error) {
    fputs(", \"error\": ", f);
    json_str(f, error);
  }
  fputs(", \"trap\": ", f);
  if (res && !res->ok && res->trap.kind != WW_TRAP_NONE) {
    const ww_trap_t *t = &res->trap;
    ww_insn_t d;
    char dis[96];
    ww_decode(t->insn, &d);
    ww_disasm(&d, t->pc, dis, sizeof dis);
    fputs("{\"kind\": ", f);
    json_str(f, ww_trap_id(t->kind));
    fputs(", \"text\": ", f);
    json_str(f, ww_trap_text(t->kind));
    fprintf(f, ", \"sm\": %u, \"warp\": %u, \"block\": %" PRIu32 ", \"mask\": %" PRIu32
            ", \"pc\": %" PRIu32 ", \"insn\": %" PRIu32 ", \"disasm\": ",
            t->sm, t->warp, t->block, t->mask, t->pc, t->insn);
    json_str(f, dis);
    fputs(", \"srcline\": ", f);
    json_str_or_null(f, srcline);
    fputs(", \"callsite\": ", f);
    json_str_or_null(f, callsite);
    fprintf(f, ", \"lane\": %d, \"addr\": %" PRIu32 ", \"detail\": ", t->lane, t->addr);
    json_str(f, t->detail);
    fputs(", \"message\": ", f);
    json_str(f, res->message);
    fputc('}', f);
  } else {
    fputs("null", f);
  }
  const int rtl = strcmp(o->backend, "verilator") == 0;
  fputs(", \"stop\": ", f);
  json_str_or_null(f, res && !res->ok ? stop_name(res->stop) : NULL);
  /* the RTL counts clock cycles; the golden model has no timing */
  if (res && rtl)
    fprintf(f, ", \"cycles\": %" PRIu64 ", \"ipc\": %.4f", res->stats.steps,
            res->stats.steps ? (double)res->stats.warp_insns / (double)res->stats.steps / WW_NUM_SM
                             : 0.0);
  else
    fputs(", \"cycles\": null, \"ipc\": null", f);
  fputs(", \"cosim\": ", f);
  if (rtl) {
    fprintf(f, "{\"mode\": \"%s\", \"verdict\": ", cosim_name(o->cosim));
    json_str_or_null(f, !res || o->cosim == WW_COSIM_OFF ? NULL
                        : res->ok ? "agrees"
                        : res->trap.kind == WW_TRAP_COSIM ? "mismatch" : "agreed until the trap");
    fputc('}', f);
  } else {
    fputs("null", f);
  }
  if (res && !res->ok && res->trap.kind == WW_TRAP_STEP_LIMIT)
    warps_json(f, dev);
  fputs(", \"stats\": ", f);
  if (res) {
    const ww_gpu_stats_t *s = &res->stats;
    fprintf(f, "{\"%s\": %" PRIu64 ", \"warp_insns\": %" PRIu64 ", \"thread_insns\": %" PRIu64
            ", \"loads\": %" PRIu64 ", \"stores\": %" PRIu64 ", \"atomics\": %" PRIu64,
            rtl ? "cycles" : "steps", s->steps, s->warp_insns, s->thread_insns, s->loads,
            s->stores, s->atomics);
    if (!rtl)   /* the golden model's L1; the RTL's L1 has no hit counters */
      fprintf(f, ", \"l1_hits\": %" PRIu64 ", \"l1_misses\": %" PRIu64 ", \"l1_hit_rate\": %.4f",
              s->l1_hits, s->l1_misses, hit_rate(s) / 100.0);
    fprintf(f, ", \"barriers\": %" PRIu64 ", \"divergent_splits\": %" PRIu64
            ", \"blocks_done\": %" PRIu64 ", \"sm_warp_insns\": [", s->barriers,
            s->divergent_splits, s->blocks_done);
    for (unsigned i = 0; i < WW_NUM_SM && i < 16; i++)
      fprintf(f, "%s%" PRIu64, i ? ", " : "", s->sm_warp_insns[i]);
    fprintf(f, "], \"host_seconds\": %.6f, \"warp_insns_per_second\": %.1f}", secs,
            secs > 0 ? (double)s->warp_insns / secs : 0.0);
    if (o->det) {
      fprintf(f, ", \"det\": {\"quantum\": %" PRIu64 ", \"dwp\": %s, \"quanta\": %" PRIu64
              ", \"ends\": {\"count\": %" PRIu64 ", \"atomic\": %" PRIu64 ", \"fence\": %" PRIu64
              ", \"barrier\": %" PRIu64 ", \"exit\": %" PRIu64 ", \"buffer_full\": %" PRIu64 "}",
              o->have_quantum ? o->quantum : (uint64_t)WW_DET_QUANTUM,
              o->det_dwp ? "true" : "false", s->det_quanta,
              s->det_end_count, s->det_end_atomic, s->det_end_fence, s->det_end_barrier,
              s->det_end_exit, s->det_end_full);
      if (rtl)
        fprintf(f, ", \"serial_mode\": \"%s\", \"commit_mode\": \"%s\", \"cycles\": {\"distribution\": %" PRIu64
                ", \"parallel\": %" PRIu64 ", \"commit\": %" PRIu64 ", \"serial\": %" PRIu64 "}, "
                "\"memory_equals_model\": %s}", o->det_wser ? "warp" : "sm",
                o->det_lock ? "lock" : "zbuf", s->det_cycles_dist, s->det_cycles_par,
                s->det_cycles_commit, s->det_cycles_serial, res->ok ? "true" : "false");
      else
        fprintf(f, ", \"serial_atomics\": %" PRIu64 ", \"commit_bytes\": %" PRIu64 "}",
                s->det_serial_atomics, s->det_commit_bytes);
    }
    if (o->tm_stats && rtl) {   /* the RTL's outcomes (co-simulated); its counters */
      if (o->cosim != WW_COSIM_OFF)
        fprintf(f, ", \"tm\": {\"commits\": %" PRIu64 ", \"aborts\": %" PRIu64
                ", \"aborts_per_commit\": %.4f, \"watchdog_restarts\": %" PRIu64
                ", \"watchdog_validations\": %" PRIu64, s->tx_commits, s->tx_aborts,
                s->tx_commits ? (double)s->tx_aborts / (double)s->tx_commits : 0.0,
                s->tx_watchdog_aborts, s->tx_watchdog_checks);
      else
        fputs(", \"tm\": {\"commits\": null, \"aborts\": null, \"aborts_per_commit\": null, "
              "\"watchdog_restarts\": null, \"watchdog_validations\": null", f);
      tm_hw_json(f, dev, o->backend);
      fputc('}', f);
    }
    if (o->tm_stats && !rtl)   /* measured by the golden model only */
      fprintf(f, ", \"tm\": {\"commits\": %" PRIu64 ", \"aborts\": %" PRIu64
              ", \"aborts_per_commit\": %.4f, \"watchdog_restarts\": %" PRIu64
              ", \"tm_warps_per_sm\": %" PRIu64 ", \"tx_warps_max\": %" PRIu32
              ", \"limit_waits\": %" PRIu64 "}",
              s->tx_commits, s->tx_aborts,
              s->tx_commits ? (double)s->tx_aborts / (double)s->tx_commits : 0.0,
              s->tx_watchdog_aborts, o->have_tm_warps ? o->tm_warps : WW_TM_WARPS_PER_SM,
              s->tx_warps_max, s->tx_limit_waits);
  } else {
    fputs("null", f);
  }
  fputs(", \"buffers\": [", f);
  for (unsigned i = 0; res && i < o->nprints; i++) {
    const print_t *p = &o->prints[i];
    uint32_t cnt;
    uint32_t *w = read_buffer(dev, o, p, &cnt);
    if (!w)
      continue;
    fprintf(f, "%s{\"arg\": %u, \"type\": \"%s\", \"addr\": %" PRIu32 ", \"count\": %" PRIu32
            ", \"values\": [", i ? ", " : "", p->arg, p->type, o->args[p->arg].word, cnt);
    for (uint32_t j = 0; j < cnt; j++) {
      if (j)
        fputs(", ", f);
      print_value(f, p->type, w[j], 1);
    }
    fputs("]}", f);
    free(w);
  }
  fputc(']', f);
  if (g_stalls) {
    fputs(", \"stalls\": ", f);
    ww_stalls_json(f, g_stalls);
  }
  if (g_races)
    ww_races_json(f, g_races);
  if (o->memcheck && res && g_kernel)
    memcheck_json(f, dev);
  fputs("}\n", f);
}

/* ---- run ------------------------------------------------------------------- */
static int runtime_error(const run_opts_t *o, const char *msg)
{
  fprintf(stderr, "warpwatch: error: %s\n", msg);
  if (o->json)
    print_json(NULL, o, "error", EXIT_RUNTIME, msg, NULL, NULL, NULL, 0.0);
  return EXIT_RUNTIME;
}

/* Allocates and fills the buffers; packs the argument words. */
static int setup_args(ww_dev_t *dev, run_opts_t *o, uint32_t *words)
{
  for (unsigned i = 0; i < o->nargs; i++) {
    karg_t *a = &o->args[i];
    if (a->is_buf) {
      a->word = ww_dev_alloc(dev, a->bytes);
      if (a->word) {
        char name[64];
        snprintf(name, sizeof name, "arg %u (%.40s)", i, a->text);
        ww_dev_name_alloc(dev, a->word, name);
      }
      uint8_t *zero = a->init ? NULL : calloc(1, a->bytes);
      int bad = !a->word || (!a->init && !zero) ||
                ww_dev_copy_to(dev, a->word, a->init ? a->init : zero, a->bytes) != 0;
      free(zero);
      if (bad) {
        char msg[700];
        snprintf(msg, sizeof msg, "--arg %s: %s", a->text,
                 a->word || zero || a->init ? ww_dev_error(dev) : "out of host memory");
        return runtime_error(o, msg);
      }
    }
    words[i] = a->word;
  }
  return 0;
}

/* The launch's GSI counters as a ww_stall_run_t named after the kernel file;
 * checks the sums again on the host side. 0, or -1 after an error message. */
static int read_stalls(ww_dev_t *dev, const run_opts_t *o, ww_stall_run_t *run)
{
  static ww_stalls_t st;
  if (ww_dev_stalls(dev, &st) != 0)
    return runtime_error(o, ww_dev_error(dev)), -1;
  memset(run, 0, sizeof *run);
  const char *base = strrchr(o->kernel, '/');
  snprintf(run->name, sizeof run->name, "%s", base ? base + 1 : o->kernel);
  char *dot = strrchr(run->name, '.');
  if (dot)
    *dot = '\0';
  run->cycles = st.cycles;
  run->n_sm = st.n_sm < WW_NUM_SM_MAX ? st.n_sm : WW_NUM_SM_MAX;
  for (unsigned s = 0; s < run->n_sm; s++)
    for (unsigned i = 0; i < WW_STALL_COUNTERS; i++)
      run->cnt[s][i] = st.cnt[s][i];
  char err[256];
  if (ww_stalls_check(run, err, sizeof err) != 0) {
    char msg[300];
    snprintf(msg, sizeof msg, "stall counters: %s", err);
    return runtime_error(o, msg), -1;
  }
  return 0;
}

/* Creates the missing parent directories of an output file named by OPTION,
 * so `--stalls-plot build/reports/x.svg` works on a clean tree. Returns 0, or
 * -1 with a one-line reason in err. */
static int make_parents(const char *option, const char *path, char *err, size_t n)
{
  char dir[4096];
  size_t len = strlen(path);
  if (len >= sizeof dir)
    return snprintf(err, n, "%s %.200s: the path is longer than %zu bytes", option, path,
                    sizeof dir - 1), -1;
  memcpy(dir, path, len + 1);
  for (char *s = strchr(dir + 1, '/'); s; s = strchr(s + 1, '/')) {
    *s = '\0';
    struct stat sb;
    if (stat(dir, &sb) != 0) {
      if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return snprintf(err, n, "%s %.200s: cannot create the directory '%.200s': %s", option, path,
                        dir, strerror(errno)), -1;
    } else if (!S_ISDIR(sb.st_mode)) {
      return snprintf(err, n, "%s %.200s: '%.200s' exists and is not a directory", option, path, dir),
             -1;
    }
    *s = '/';
  }
  return 0;
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Ctrl-C: the first stops the run at the next poll (a partial report), a
 * second one kills the process. */
static ww_dev_t *volatile g_dev;

static void on_sigint(int sig)
{
  (void)sig;
  if (g_dev)
    ww_dev_interrupt(g_dev);
  signal(SIGINT, SIG_DFL);
}

static int do_run(run_opts_t *o)
{
  ww_dev_opts_t dopts = { .backend = o->backend, .seed = o->seed, .max_steps = o->max_steps,
                          .cosim = o->cosim, .wave = o->wave, .scord = o->scord,
                          .hang_limit = !o->have_hang_limit ? 0
                                        : o->hang_limit ? o->hang_limit : UINT64_MAX,
                          .progress = o->progress >= 0 ? o->progress : isatty(2),
                          .memcheck = o->memcheck,
                          .tm_warps = !o->have_tm_warps ? 0
                                      : o->tm_warps ? (uint32_t)o->tm_warps : UINT32_MAX,
                          .tx_watchdog = !o->have_tx_watchdog ? 0
                                         : o->tx_watchdog ? (uint32_t)o->tx_watchdog : UINT32_MAX,
                          .det = o->det, .det_quantum = (uint32_t)o->quantum,
                          .det_wser = o->det_wser, .det_lock = o->det_lock,
                          .det_dwp = o->det_dwp, .port = o->port,
                          .wave_kernel = o->kernel };
  char err[512];
  const struct { const char *option, *path; } outs[] = {
    { "--wave", o->wave }, { "--stalls-plot", o->stalls_plot },
    { "--trace", o->trace && strcmp(o->trace, "-") != 0 ? o->trace : NULL },
    { "--save", o->save },
    { "--trace-json", o->trace_json },
  };
  for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++)
    if (outs[i].path && make_parents(outs[i].option, outs[i].path, err, sizeof err) != 0)
      return runtime_error(o, err);
  ww_dev_t *dev = ww_dev_open(&dopts, err, sizeof err);
  if (!dev)
    return runtime_error(o, err);
  int rc = EXIT_RUNTIME;
  FILE *trace = NULL;
  ww_lastacc_t *acc = NULL;       /* --scord: the accesses per word, for both accessors */
  ww_trace_json_t *tjson = NULL;
  ww_kernel_t *k = ww_kernel_load(dev, o->kernel);
  g_kernel = k;
  uint32_t words[MAX_ARGS];
  if (!k) {
    rc = runtime_error(o, ww_dev_error(dev));
    goto out;
  }
  if (setup_args(dev, o, words) != 0)
    goto out;
  if (o->trace) {
    trace = strcmp(o->trace, "-") == 0 ? stdout : fopen(o->trace, "w");
    if (!trace) {
      snprintf(err, sizeof err, "cannot open trace file '%s': %s", o->trace, strerror(errno));
      rc = runtime_error(o, err);
      goto out;
    }
    ww_dev_trace(dev, trace);
  }
  if (o->scord) {
    acc = ww_lastacc_new(0);
    if (!acc) {
      rc = runtime_error(o, "out of host memory");
      goto out;
    }
    ww_dev_set_retire_hook(dev, ww_lastacc_retire, acc);
  }
  if (o->trace_json && !(tjson = ww_trace_json_open(dev, o->trace_json, k, err, sizeof err))) {
    rc = runtime_error(o, err);
    goto out;
  }
  if (ww_launch(dev, k, (uint32_t)o->grid, (uint32_t)o->block, o->nargs ? words : NULL,
                (size_t)o->nargs * 4) != 0) {
    rc = runtime_error(o, ww_dev_error(dev));
    goto out;
  }
  static ww_result_t res;
  double t0 = now();
  g_dev = dev;
  struct sigaction sa, old_sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_sa);
  int wrc = ww_wait(dev, &res);
  sigaction(SIGINT, &old_sa, NULL);
  g_dev = NULL;
  double secs = now() - t0;
  if (trace) {
    ww_dev_trace(dev, NULL);
    if (trace != stdout)
      fclose(trace);
    else
      fflush(stdout);
    trace = NULL;
  }
  if (tjson) {
    int jrc = ww_trace_json_close(tjson, err, sizeof err);
    tjson = NULL;
    if (jrc != 0) {
      rc = runtime_error(o, err);
      goto out;
    }
  }
  char src[256] = "", call[256] = "";
  if (wrc != 0 && res.trap.kind == WW_TRAP_NONE) {
    rc = runtime_error(o, ww_dev_error(dev));
    goto out;
  }
  rc = res.ok ? EXIT_OK : res.stop == WW_STOP_INTERRUPT ? EXIT_INTERRUPT : EXIT_TRAP;
  const char *status = res.ok ? "ok" : res.stop == WW_STOP_INTERRUPT ? "interrupted"
                       : res.stop == WW_STOP_HANG ? "hang" : "trap";
  if (acc)
    ww_dev_set_retire_hook(dev, NULL, NULL);
  static ww_races_t races;
  if (res.ok && o->scord) {
    if (ww_races_collect(&races, dev, k, o->kernel, o->scord, acc, (uint32_t)o->block) != 0) {
      rc = runtime_error(o, ww_dev_error(dev));
      goto out;
    }
    g_races = &races;
    if (o->save && ww_races_save(o->save, &races, err, sizeof err) != 0) {
      rc = runtime_error(o, err);
      goto out;
    }
    rc = report_errors_exit(rc, races.n);
  }
  if (o->memcheck) {
    const ww_memcheck_err_t *mc;
    uint64_t mc_total;
    ww_dev_memcheck(dev, &mc, &mc_total);
    rc = report_errors_exit(rc, mc_total);
  }
  static ww_stall_run_t run;
  if (res.ok && o->stalls) {
    if (read_stalls(dev, o, &run) != 0) {
      rc = EXIT_RUNTIME;
      goto out;
    }
    g_stalls = &run;
  }
  if (!res.ok) {
    ww_kernel_srcline(k, res.trap.pc, src, sizeof src);
    ww_srcline_callsite(ww_kernel_elf(k)->lines, res.trap.pc, call, sizeof call);
  }
  if (o->json) {
    print_json(dev, o, status, rc, NULL, &res, src, call, secs);
  } else {
    if (res.ok)
      printf("ok: %s completed, grid %" PRIu64 " x block %" PRIu64 ", %" PRIu64
             " warp instructions\n", o->kernel, o->grid, o->block, res.stats.warp_insns);
    if (res.ok && strcmp(o->backend, "verilator") == 0)
      printf("rtl: %" PRIu64 " cycles, IPC %.3f warp instructions per cycle per SM (%u SMs)%s\n",
             res.stats.steps, res.stats.steps ? (double)res.stats.warp_insns /
             (double)res.stats.steps / WW_NUM_SM : 0.0, WW_NUM_SM,
             o->cosim == WW_COSIM_OFF ? "" : o->cosim == WW_COSIM_FOLLOW ?
             ", co-simulation (follow) agrees" : o->cosim == WW_COSIM_SYNC ?
             ", co-simulation (sync) agrees" : ", co-simulation (strict) agrees");
    else if (!res.ok)
      fprintf(stderr, "%s\n", res.message);
    if (!res.ok && res.trap.kind == WW_TRAP_STEP_LIMIT)
      warps_print(stderr, dev);
    print_buffers_text(dev, o);
    if (o->stats)
      print_stats_text(&res.stats, o->backend, secs);
    if (o->tm_stats)
      print_tm_text(dev, &res.stats, o->backend, o->cosim);
    if (o->det)
      print_det_text(&res.stats, o->have_quantum ? o->quantum : WW_DET_QUANTUM,
                     strcmp(o->backend, "verilator") == 0, res.ok);
    if (g_stalls)
      ww_stalls_print(stdout, g_stalls);
    if (g_races)
      ww_races_print(stdout, g_races);
    if (o->memcheck)
      memcheck_print(stdout, dev);
    if (g_races && o->save)
      printf("scord: race report written to %s\n", o->save);
  }
  if (g_stalls && o->stalls_plot) {
    if (ww_stalls_plot(o->stalls_plot, g_stalls, 1, err, sizeof err) != 0) {
      fprintf(stderr, "warpwatch: error: --stalls-plot: %s\n", err);
      rc = EXIT_RUNTIME;
    } else if (!o->json) {
      printf("stalls: plot written to %s\n", o->stalls_plot);
    }
  }
out:
  if (trace && trace != stdout)
    fclose(trace);
  ww_lastacc_free(acc);
  if (tjson)
    ww_trace_json_close(tjson, err, sizeof err);
  ww_kernel_free(k);
  ww_dev_close(dev);
  return rc;
}

/* ---- disasm ------------------------------------------------------------------ */
static int do_disasm(int argc, char **argv)
{
  const char *path = NULL;
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
      fputs(disasm_usage, stdout);
      return EXIT_OK;
    }
    if (argv[i][0] == '-' && argv[i][1])
      return usage_error("disasm ", "unknown option '%s'", argv[i]);
    if (path)
      return usage_error("disasm ", "unexpected argument '%s' (one kernel file only)", argv[i]);
    path = argv[i];
  }
  if (!path)
    return usage_error("disasm ", "no kernel file given");
  char err[512];
  ww_dev_t *dev = ww_dev_open(NULL, err, sizeof err);
  if (!dev) {
    fprintf(stderr, "warpwatch: error: %s\n", err);
    return EXIT_RUNTIME;
  }
  ww_kernel_t *k = ww_kernel_load(dev, path);
  if (!k) {
    fprintf(stderr, "warpwatch: error: %s\n", ww_dev_error(dev));
    ww_dev_close(dev);
    return EXIT_RUNTIME;
  }
  const ww_elf_t *e = ww_kernel_elf(k);
  printf("%s: entry 0x%08" PRIx32 "\n", path, e->entry);
  for (unsigned s = 0; s < e->nseg; s++) {
    const ww_elf_seg_t *seg = &e->seg[s];
    if (!(seg->flags & 1))   /* PF_X */
      continue;
    printf("\nsegment %u [0x%08" PRIx32 ", 0x%08" PRIx32 ")\n", s, seg->vaddr,
           seg->vaddr + seg->memsz);
    for (uint32_t off = 0; off + 4 <= seg->filesz; off += 4) {
      uint32_t pc = seg->vaddr + off, w;
      memcpy(&w, e->buf + seg->offset + off, 4);
      const char *sym = ww_elf_symbol_at(e, pc);
      if (sym)
        printf("\n%08" PRIx32 " <%s>:\n", pc, sym);
      ww_insn_t d;
      char dis[96], src[256];
      ww_decode(w, &d);
      ww_disasm(&d, pc, dis, sizeof dis);
      if (ww_kernel_srcline(k, pc, src, sizeof src) == 0)
        printf("  %08" PRIx32 ":  %08" PRIx32 "  %-36s %s\n", pc, w, dis, src);
      else
        printf("  %08" PRIx32 ":  %08" PRIx32 "  %s\n", pc, w, dis);
    }
  }
  ww_kernel_free(k);
  ww_dev_close(dev);
  return EXIT_OK;
}

int main(int argc, char **argv)
{
  if (argc < 2) {
    fputs(main_usage, stderr);
    return EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "help") == 0) {
    const char *sub = argc > 2 ? argv[2] : "";
    if (strcmp(sub, "run") == 0)
      print_run_usage();
    else
      fputs(strcmp(sub, "disasm") == 0   ? disasm_usage
            : strcmp(sub, "cc") == 0     ? ww_cc_usage
            : strcmp(sub, "cflags") == 0 ? ww_cflags_usage
                                         : main_usage, stdout);
    return EXIT_OK;
  }
  if (strcmp(cmd, "run") == 0) {
    static run_opts_t o;
    int rc = ww_cfgopt_select(&argc, argv);   /* --config: may build and exec another */
    if (rc == 0)
      rc = parse_run(&o, argc - 2, argv + 2);
    if (rc == 0)
      rc = do_run(&o);
    else if (rc < 0)
      rc = EXIT_OK;   /* --help was printed */
    free_opts(&o);
    return rc;
  }
  if (strcmp(cmd, "disasm") == 0)
    return do_disasm(argc - 2, argv + 2);
  if (strcmp(cmd, "cc") == 0)
    return ww_cc_main(argc - 2, argv + 2);
  if (strcmp(cmd, "cflags") == 0)
    return ww_cflags_main(argc - 2, argv + 2);
  fprintf(stderr, "warpwatch: error: unknown command '%s' (see 'warpwatch --help')\n", cmd);
  return EXIT_USAGE;
}
