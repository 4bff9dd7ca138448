/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_cfgopt -- `warpwatch run --config KEY=VAL[,KEY=VAL...]` (ww_cfgopt.h).
 *
 * A configuration is named canonically, sms<N>-warps<N>-lanes<N>, then
 * -l1_mshrs<N>, -l1_wq<N> and -det_bloom<N> when they differ from
 * ww_config.def. This
 * program knows its own configuration (the WW_* values it was compiled
 * with; a build/config/NAME/warpwatch also carries WW_CONFIG_NAME). When the
 * request names it, --config is a no-op. Otherwise the tool finds the
 * Warpwatch tree (ww_find_tree), runs `make build/config/NAME/warpwatch`
 * there (sw/runtime/config.mk derives the -D defines from NAME) when
 * `make -q` says it is not up to date, and execs that program with the same
 * arguments minus --config. The child is told which configuration it must
 * be (WW_CONFIG_EXPECT) and refuses to run as another one; it never sees
 * --config, so it cannot recurse.
 *
 * Limits (README "Configurations"):
 *   sms       1..16      the C model's SM array, WW_VGPU_MAX_SM, WW_NUM_SM_MAX
 *                        of the stall records
 *   warps     1..32, a power of two: the SM's fetch round robin wraps
 *                        modulo WARPS (rtl/sm/ww_sm.v; tried: 3 warps hang
 *                        the RTL); WW_VGPU_MAX_WARPS
 *   lanes     1..32, a power of two: shared memory has LANES banks, a power
 *                        of two (rtl/sm/ww_shmem.v; tried: with 3 lanes the
 *                        co-simulation fails at the first instruction);
 *                        WW_MAX_LANES
 *   sms x warps <= 2^SCORD_WARPID_W (32): ScoRD's metadata WarpID names
 *                        every hardware warp (rtl/scord/ww_scord_det.v)
 *   l1_mshrs, l1_wq  1..8 (ww_config.def, rtl/sm/ww_l1_dcache.v)
 *   det_bloom 64..16384, a power of two: GPUDet's Bloom filter bits per
 *                        warp (rtl/det/ww_det_sbuf.v: WARPS * bits / K a
 *                        power of two)
 *   and the local memory (stacks) of every hardware thread, and the
 *   transaction logs below it (docs/tm.md sec. 5), must fit in global
 *   memory above the null guard.
 */
#include "ww_cfgopt.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ww_cc.h"
#include "ww_gpu.h"      /* WW_MAX_LANES */
#include "ww_stalls.h"   /* WW_NUM_SM_MAX */

/* This program's configuration: ww_config.h with the -D defines it was
 * built with. */
#include "ww_config.h"
enum {
  CUR_SMS = WW_NUM_SM, CUR_WARPS = WW_WARPS_PER_SM, CUR_LANES = WW_LANES,
  CUR_MSHRS = WW_L1_MSHRS, CUR_WQ = WW_L1_WQ, CUR_WARPID_W = WW_SCORD_WARPID_W,
  CUR_BLOOM = WW_DET_BLOOM_BITS,
};
static const uint64_t LOCAL_BYTES = WW_LOCAL_BYTES, GMEM_BYTES = WW_GMEM_BYTES,
                      NULL_GUARD = WW_NULL_GUARD_BYTES, TX_LOG_WORDS = WW_TX_LOG_WORDS;
/* The ww_config.def defaults of the keys, whatever the defines: keys left
 * out of --config take these. (ww_config.h guards each value by #ifndef.) */
#undef WW_CONFIG_H
#undef WW_NUM_SM
#undef WW_WARPS_PER_SM
#undef WW_LANES
#undef WW_L1_MSHRS
#undef WW_L1_WQ
#undef WW_DET_BLOOM_BITS
#include "ww_config.h"
enum {
  DEF_SMS = WW_NUM_SM, DEF_WARPS = WW_WARPS_PER_SM, DEF_LANES = WW_LANES,
  DEF_MSHRS = WW_L1_MSHRS, DEF_WQ = WW_L1_WQ, DEF_BLOOM = WW_DET_BLOOM_BITS,
};

enum { CFG_OK = 0, CFG_FAIL = 1, CFG_USAGE = 2 };
enum { K_SMS, K_WARPS, K_LANES, K_MSHRS, K_WQ, K_BLOOM, NKEYS };

typedef struct {
  const char *key;       /* in --config and, as a prefix, in the name */
  unsigned def, cur;     /* ww_config.def's value, this program's */
  unsigned min, max;
  int pow2;              /* must be a power of two */
  int always_named;      /* in the name even at its default */
  const char *why;       /* where the limit comes from */
} cfgkey_t;

static const cfgkey_t keys[NKEYS] = {
  [K_SMS] = { "sms", DEF_SMS, CUR_SMS, 1, WW_NUM_SM_MAX, 0, 1,
              "the C model, the Verilated GPU's port records and the stall records hold at most 16"
              " SMs" },
  [K_WARPS] = { "warps", DEF_WARPS, CUR_WARPS, 1, 32, 1, 1,
                "the SM's fetch round robin wraps modulo WARPS (rtl/sm/ww_sm.v; with 3 warps "
                "the RTL hangs); WW_VGPU_MAX_WARPS is 32" },
  [K_LANES] = { "lanes", DEF_LANES, CUR_LANES, 1, WW_MAX_LANES, 1, 1,
                "shared memory has one bank per lane and a power-of-two number of banks "
                "(rtl/sm/ww_shmem.v; with 3 lanes the RTL's masks differ from the model's); "
                "WW_MAX_LANES is 32" },
  [K_MSHRS] = { "l1_mshrs", DEF_MSHRS, CUR_MSHRS, 1, 8, 0, 0,
                "L1 miss status holding registers per SM (ww_config.def, rtl/sm/ww_l1_dcache.v)" },
  [K_WQ] = { "l1_wq", DEF_WQ, CUR_WQ, 1, 8, 0, 0,
             "L1 write slots per SM (ww_config.def, rtl/sm/ww_l1_dcache.v)" },
  [K_BLOOM] = { "det_bloom", DEF_BLOOM, CUR_BLOOM, 64, 16384, 1, 0,
                "GPUDet's Bloom filter bits per warp (docs/det.md sec. 2; rtl/det/ww_det_sbuf.v "
                "splits them into DET_BLOOM_K power-of-two sub-arrays)" },
};

/* ScoRD names a hardware warp SM*WARPS+warp in SCORD_WARPID_W bits. */
#define MAX_HW_WARPS (1u << CUR_WARPID_W)

/* Build time, measured on 2 busy cores: sms1-warps2-lanes4 34 s,
 * sms4-warps8-lanes16 159 s (README "Configurations"); larger GPUs take longer. */
#define BUILD_TIME_TEXT "0.5 to 3 min"

static int fail(int rc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(int rc, const char *fmt, ...)
{
  va_list ap;
  fflush(stdout);
  fputs("warpwatch: error: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  if (rc == CFG_USAGE)
    fputs(" (see 'warpwatch run --help')", stderr);
  fputc('\n', stderr);
  return rc;
}

static void cfg_name(const unsigned v[NKEYS], char *buf, size_t n)
{
  size_t len = 0;
  buf[0] = '\0';
  for (unsigned k = 0; k < NKEYS; k++)
    if (keys[k].always_named || v[k] != keys[k].def) {
      int w = snprintf(buf + len, n - len, "%s%s%u", len ? "-" : "", keys[k].key, v[k]);
      if (w < 0 || (size_t)w >= n - len)
        return;
      len += (size_t)w;
    }
}

static void current(unsigned v[NKEYS])
{
  for (unsigned k = 0; k < NKEYS; k++)
    v[k] = keys[k].cur;
}

/* Parses "KEY=VAL,..." into v (starting from the defaults). */
static int parse_config(const char *text, unsigned v[NKEYS])
{
  for (unsigned k = 0; k < NKEYS; k++)
    v[k] = keys[k].def;
  if (!*text)
    return fail(CFG_USAGE, "--config needs KEY=VALUE pairs, e.g. --config sms=4,warps=8,lanes=16");
  int seen[NKEYS] = { 0 };
  const char *p = text;
  while (*p) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    char item[64];
    if (len == 0 || len >= sizeof item)
      return fail(CFG_USAGE, "--config %s: expected KEY=VALUE[,KEY=VALUE...]", text);
    memcpy(item, p, len);
    item[len] = '\0';
    char *eq = strchr(item, '=');
    if (eq)
      *eq = '\0';
    unsigned k = 0;
    while (k < NKEYS && strcmp(item, keys[k].key) != 0)
      k++;
    if (k == NKEYS)
      return fail(CFG_USAGE, "--config: unknown key '%s' (keys: sms, warps, lanes, l1_mshrs, l1_wq, "
                  "det_bloom)",
                  item);
    if (!eq || !eq[1])
      return fail(CFG_USAGE, "--config: %s needs a value (%s=N)", item, item);
    if (seen[k]++)
      return fail(CFG_USAGE, "--config: %s given twice", item);
    const char *num = eq + 1;
    unsigned long val = 0;
    int ok = strlen(num) <= 9;
    for (const char *d = num; ok && *d; d++) {
      ok = *d >= '0' && *d <= '9';
      val = val * 10 + (unsigned long)(*d - '0');
    }
    if (!ok)
      return fail(CFG_USAGE, "--config %s=%s: not a number", item, num);
    const cfgkey_t *c = &keys[k];
    if (val < c->min || val > c->max || (c->pow2 && (val & (val - 1)) != 0))
      return fail(CFG_USAGE, "--config %s=%lu: %s must be %s%u..%u: %s", item, val, item,
                  c->pow2 ? "a power of two in " : "", c->min, c->max, c->why);
    v[k] = (unsigned)val;
    p = end ? end + 1 : p + len;
    if (end && !*p)
      return fail(CFG_USAGE, "--config %s: expected KEY=VALUE after the last ','", text);
  }
  unsigned hw = v[K_SMS] * v[K_WARPS];
  if (hw > MAX_HW_WARPS)
    return fail(CFG_USAGE, "--config sms=%u,warps=%u: sms x warps = %u hardware warps, more than "
                "the limit %u (ScoRD's WarpID field, SCORD_WARPID_W = %u bits, names every "
                "hardware warp)", v[K_SMS], v[K_WARPS], hw, MAX_HW_WARPS, (unsigned)CUR_WARPID_W);
  uint64_t local = (uint64_t)hw * v[K_LANES] * LOCAL_BYTES;
  if (local > GMEM_BYTES - NULL_GUARD)
    return fail(CFG_USAGE, "--config: sms x warps x lanes x LOCAL_BYTES = %llu bytes of stacks, "
                "more than the limit %llu (global memory above the null guard)",
                (unsigned long long)local, (unsigned long long)(GMEM_BYTES - NULL_GUARD));
  /* the transaction logs just below the stacks (docs/tm.md sec. 5) */
  const uint64_t logs = (uint64_t)hw * 2u * TX_LOG_WORDS * 2u * v[K_LANES] * 4u;
  if (local + logs > GMEM_BYTES - NULL_GUARD)
    return fail(CFG_USAGE, "--config: %llu bytes of stacks and sms x warps x 2 x TX_LOG_WORDS x "
                "2 x lanes x 4 = %llu bytes of transaction logs, more than the limit %llu "
                "(global memory above the null guard)", (unsigned long long)local,
                (unsigned long long)logs, (unsigned long long)(GMEM_BYTES - NULL_GUARD));
  return CFG_OK;
}

/* ---- building ----------------------------------------------------------------- */
static int is_file(const char *dir, const char *rel)
{
  char p[PATH_MAX];
  struct stat st;
  return (size_t)snprintf(p, sizeof p, "%s/%s", dir, rel) < sizeof p && stat(p, &st) == 0 &&
         S_ISREG(st.st_mode);
}

static int make_dir(const char *path)
{
  return mkdir(path, 0777) == 0 || errno == EEXIST ? 0 : -1;
}

/* Runs make in home with the arguments; output to log (or nowhere). Make's
 * own variables of a make this tool runs under are dropped: this is a new,
 * independent build. The exit status, or -1. */
static int run_make(const char *home, const char *log, const char *const *args)
{
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    int fd = open(log ? log : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0)
      _exit(127);
    dup2(fd, 1);
    dup2(fd, 2);
    close(fd);
    unsetenv("MAKEFLAGS");
    unsetenv("MFLAGS");
    unsetenv("MAKELEVEL");
    unsetenv("MAKEOVERRIDES");
    char *argv[16];
    size_t n = 0;
    argv[n++] = (char *)"make";
    argv[n++] = (char *)"--no-print-directory";
    argv[n++] = (char *)"-C";
    argv[n++] = (char *)home;
    for (size_t i = 0; args[i] && n < 15; i++)
      argv[n++] = (char *)args[i];
    argv[n] = NULL;
    execvp("make", argv);
    _exit(127);
  }
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The last lines of the build log, indented, on stderr. */
static void log_tail(const char *log, unsigned lines)
{
  FILE *f = fopen(log, "r");
  if (!f)
    return;
  static char ring[24][256];
  unsigned n = 0;
  while (n < 100000 && fgets(ring[n % 24], sizeof ring[0], f))
    n++;
  fclose(f);
  unsigned first = n > lines ? n - lines : 0;
  for (unsigned i = first; i < n; i++) {
    const char *s = ring[i % 24];
    fprintf(stderr, "  | %s%s", s, strchr(s, '\n') ? "" : "\n");
  }
}

static double seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Builds home/build/config/name/warpwatch if it is not up to date, then
 * execs it with argv; returns only on an error. */
static int build_and_exec(const char *text, const char *name, char **argv)
{
  char home[PATH_MAX], err[PATH_MAX + 256];
  const char *how = NULL;
  if (ww_find_tree(home, &how, err, sizeof err) != 0)
    return fail(CFG_FAIL, "--config %s: building configuration %s needs the Warpwatch source "
                "tree: %s", text, name, err);
  if (!is_file(home, "Makefile") || !is_file(home, "rtl/top/ww_gpu.v") ||
      !is_file(home, "sw/runtime/config.mk"))
    return fail(CFG_FAIL, "--config %s: the Warpwatch tree %s (%s) has no sources to build "
                "configuration %s from (Makefile, rtl/, sw/runtime/config.mk); set WW_HOME to "
                "a source tree", text, home, how, name);
  char dir[PATH_MAX + 16], lock[PATH_MAX + 160], log[PATH_MAX + 160], prog[PATH_MAX + 160];
  char target[200];
  for (int step = 0; step < 2; step++) {
    snprintf(dir, sizeof dir, "%s/build%s", home, step ? "/config" : "");
    if (make_dir(dir) != 0)
      return fail(CFG_FAIL, "--config: cannot create %s: %s", dir, strerror(errno));
  }
  snprintf(lock, sizeof lock, "%s/%s.lock", dir, name);
  snprintf(log, sizeof log, "%s/%s.log", dir, name);
  snprintf(prog, sizeof prog, "%s/%s/warpwatch", dir, name);
  snprintf(target, sizeof target, "build/config/%s/warpwatch", name);

  /* one build of a configuration at a time; others wait, then find it built */
  int lfd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (lfd < 0 || flock(lfd, LOCK_EX) != 0)
    return fail(CFG_FAIL, "--config: cannot lock %s: %s", lock, strerror(errno));
  const char *query[] = { "-q", target, NULL };
  if (run_make(home, NULL, query) != 0) {
    fprintf(stderr, "warpwatch: building configuration %s (once; a first build takes about " BUILD_TIME_TEXT
            "; log %s)...\n", name, log);
    double t0 = seconds();
    const char *build[] = { "-j2", target, NULL };
    int rc = run_make(home, log, build);
    if (rc != 0) {
      close(lfd);
      log_tail(log, 15);
      return fail(CFG_FAIL, "--config %s: building configuration %s failed (make exit %d; "
                  "log %s)", text, name, rc, log);
    }
    fprintf(stderr, "warpwatch: configuration %s built in %.0f s: %s\n", name, seconds() - t0,
            prog);
  }
  close(lfd);
  if (setenv("WW_CONFIG_EXPECT", name, 1) != 0)
    return fail(CFG_FAIL, "--config: %s", strerror(errno));
  fflush(stdout);
  fflush(stderr);
  argv[0] = prog;
  execv(prog, argv);
  return fail(CFG_FAIL, "--config %s: cannot run %s: %s", text, prog, strerror(errno));
}

/* ---- the option ---------------------------------------------------------------- */
int ww_cfgopt_select(int *argc, char **argv)
{
  unsigned cur[NKEYS], want[NKEYS];
  char cur_name[128], want_name[128];
  current(cur);
  cfg_name(cur, cur_name, sizeof cur_name);
#ifdef WW_CONFIG_NAME
  if (strcmp(cur_name, WW_CONFIG_NAME) != 0)
    return fail(CFG_FAIL, "this program was built as configuration %s but has the sizes of %s",
                WW_CONFIG_NAME, cur_name);
#endif
  /* a parent that exec'd this program for a configuration: is it that one? */
  const char *expect = getenv("WW_CONFIG_EXPECT");
  if (expect) {
    if (strcmp(expect, cur_name) != 0)
      return fail(CFG_FAIL, "this program is configuration %s, not %s as its caller expected "
                  "(a stale build/config/%s/warpwatch?)", cur_name, expect, expect);
    unsetenv("WW_CONFIG_EXPECT");
  }
  const char *text = NULL;
  int out = 2;
  for (int i = 2; i < *argc; i++) {
    const char *a = argv[i];
    const char *val = NULL;
    if (strcmp(a, "--config") == 0) {
      if (i + 1 >= *argc)
        return fail(CFG_USAGE, "option --config needs a value");
      val = argv[++i];
    } else if (strncmp(a, "--config=", 9) == 0) {
      val = a + 9;
    } else {
      argv[out++] = argv[i];
      continue;
    }
    if (text)
      return fail(CFG_USAGE, "--config given twice");
    text = val;
  }
  *argc = out;
  argv[out] = NULL;
  if (!text)
    return CFG_OK;
  int rc = parse_config(text, want);
  if (rc != CFG_OK)
    return rc;
  cfg_name(want, want_name, sizeof want_name);
  if (strcmp(want_name, cur_name) == 0)
    return CFG_OK;   /* this program is that configuration */
  return build_and_exec(text, want_name, argv);
}

void ww_cfgopt_json(FILE *f)
{
  unsigned cur[NKEYS];
  char name[128];
  current(cur);
  cfg_name(cur, name, sizeof name);
  fprintf(f, ", \"config\": {\"name\": \"%s\"", name);
  for (unsigned k = 0; k < NKEYS; k++)
    fprintf(f, ", \"%s\": %u", keys[k].key, cur[k]);
  fputc('}', f);
}
