/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_cc -- `warpwatch cc` (build a kernel image with the stock clang and
 * ld.lld) and `warpwatch cflags` (print the kernel flags for other build
 * systems). The toolchain is not described here: both commands read
 * sw/kernel_flags.mk, the file sw/sw.mk includes, from the Warpwatch tree
 * they find, so the project's kernels and the tool's are built alike.
 *
 * The tree: $WW_HOME if set (it must be a tree), else the first of the
 * program's directory and its next three parents that holds
 * sw/kernel_flags.mk (build/bin/warpwatch -> the tree it sits in), else the
 * tree the program was built in (WW_BUILD_HOME, set by runtime.mk).
 */
#include "ww_cc.h"

#include <errno.h>
#include <limits.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

enum { CC_OK = 0, CC_FAIL = 1, CC_USAGE = 2 };

#define FLAGS_FILE "sw/kernel_flags.mk"
#define MAX_FLAGS_BYTES (64u << 10)
#define MAX_VARS 32

const char ww_cc_usage[] =
  "usage: warpwatch cc INPUT... -o KERNEL.elf [options] [compiler flags]\n"
  "\n"
  "Builds a kernel image with the stock clang and ld.lld (Debian packages clang,\n"
  "lld): compiles every .c, .S (assembly through the C preprocessor) and .s\n"
  "input and the start-up code crt0.S with the kernel flags, then links them at\n"
  "WW_CODE_BASE with sw/link/kernel.ld (which includes the generated\n"
  "sw/link/ww_config.ld). .o inputs are linked as they are. Compiler, linker,\n"
  "flags, crt0 and linker script come from sw/kernel_flags.mk of the Warpwatch\n"
  "tree, the file the project's own kernel build uses ('warpwatch cflags'\n"
  "prints them).\n"
  "\n"
  "  -o FILE          the image to write (required)\n"
  "  -c               compile the single input to the object FILE; no crt0, no link\n"
  "  -v               print the tree used and each command before running it\n"
  "  -nostartfiles    link no crt0: a pure-assembly kernel that defines _start\n"
  "                   in section .text.start itself (docs/isa.md)\n"
  "  -Wl,A[,B]  -Xlinker A  -L DIR  -lNAME\n"
  "                   passed to ld.lld\n"
  "  -FLAG            any other option goes to clang, after the defaults -O2 -g\n"
  "                   -Wall -Wextra (so -O1, -g0, -Wno-... override them); e.g.\n"
  "                   -DN=4, -I DIR, -include FILE, -Werror\n"
  "  -h, --help       this text\n"
  "\n"
  "Every input is assembled with -mno-relax (lld links no relaxable objects), so\n"
  "assembly may use .align 3 and more. The image is refused at link time if its\n"
  "code exceeds the SM instruction memory (WW_IMEM_BYTES) and at load time by\n"
  "'warpwatch run' if it does not fit the configuration.\n"
  "\n"
  "The tree: $WW_HOME if set, else the one the program sits in (build/bin/..),\n"
  "else the one it was built in.\n"
  "\n"
  "exit status: 0 ok, 1 a step failed (missing input or tree, compile or link\n"
  "error, compiler not installed), 2 usage error\n";

const char ww_cflags_usage[] =
  "usage: warpwatch cflags [--cflags | --ldflags | --crt0 | --cc | --ld | --home]\n"
  "\n"
  "Prints, on one line, what a kernel build needs, from sw/kernel_flags.mk of\n"
  "the Warpwatch tree (as for 'warpwatch cc'):\n"
  "  --cflags    (default) the clang flags of every kernel source, C or assembly:\n"
  "              target, ABI, -mno-relax, freestanding, convergent functions and\n"
  "              the include directories (add your own -O2 -g)\n"
  "  --ldflags   the ld.lld flags: the linker script kernel.ld and its directory\n"
  "  --crt0      the start-up code to compile and link first (sw/crt0.S)\n"
  "  --cc, --ld  the compiler and the linker (clang, ld.lld)\n"
  "  --home      the tree's top directory\n"
  "\n"
  "A kernel by hand, the way 'warpwatch cc' builds it:\n"
  "  clang $(warpwatch cflags) -O2 -g -c k.c -o k.o\n"
  "  clang $(warpwatch cflags) -c $(warpwatch cflags --crt0) -o crt0.o\n"
  "  ld.lld $(warpwatch cflags --ldflags) crt0.o k.o -o k.elf\n";

/* ---- errors --------------------------------------------------------------- */
static int error(int rc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int error(int rc, const char *fmt, ...)
{
  va_list ap;
  fflush(stdout);
  fputs("warpwatch: error: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  if (rc == CC_USAGE)
    fputs(" (see 'warpwatch cc --help')", stderr);
  fputc('\n', stderr);
  return rc;
}

/* ---- word lists -------------------------------------------------------------- */
typedef struct {
  char **v;                 /* NULL-terminated when n > 0 */
  size_t n, cap;
} words_t;

static int words_addn(words_t *w, const char *s, size_t len)
{
  if (w->n + 2 > w->cap) {
    size_t cap = w->cap ? 2 * w->cap : 16;
    char **v = realloc(w->v, cap * sizeof *v);
    if (!v)
      return -1;
    w->v = v;
    w->cap = cap;
  }
  char *c = malloc(len + 1);
  if (!c)
    return -1;
  memcpy(c, s, len);
  c[len] = '\0';
  w->v[w->n++] = c;
  w->v[w->n] = NULL;
  return 0;
}

static int words_add(words_t *w, const char *s) { return words_addn(w, s, strlen(s)); }

static int words_cat(words_t *w, const words_t *more)
{
  for (size_t i = 0; i < more->n; i++)
    if (words_add(w, more->v[i]))
      return -1;
  return 0;
}

static void words_free(words_t *w)
{
  for (size_t i = 0; i < w->n; i++)
    free(w->v[i]);
  free(w->v);
  memset(w, 0, sizeof *w);
}

/* A word as a POSIX shell reads it back: quoted when it has to be. */
static void put_word(FILE *f, const char *s)
{
  int plain = *s != '\0';
  for (const char *p = s; *p; p++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=/.,:@%", *p))
      plain = 0;
  if (plain) {
    fputs(s, f);
    return;
  }
  fputc('\'', f);
  for (const char *p = s; *p; p++) {
    if (*p == '\'')
      fputs("'\\''", f);
    else
      fputc(*p, f);
  }
  fputc('\'', f);
}

static void put_words(FILE *f, char *const *v, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    if (i)
      fputc(' ', f);
    put_word(f, v[i]);
  }
  fputc('\n', f);
}

/* ---- the tree ------------------------------------------------------------------ */
static int is_tree(const char *dir)
{
  char p[PATH_MAX];
  struct stat st;
  return (size_t)snprintf(p, sizeof p, "%s/" FLAGS_FILE, dir) < sizeof p && stat(p, &st) == 0 &&
         S_ISREG(st.st_mode);
}

/* Finds the tree; home gets its absolute path. how says where it came from.
 * 0, or -1 with the reason in err (ww_cc.h). */
int ww_find_tree(char *home, const char **how, char *err, size_t n)
{
  const char *env = getenv("WW_HOME");
  if (env && *env) {
    if (!is_tree(env) || !realpath(env, home))
      return snprintf(err, n, "WW_HOME is '%s', which is not a Warpwatch tree (no %s there): "
                      "set WW_HOME to the tree's top directory, or unset it", env, FLAGS_FILE),
             -1;
    *how = "WW_HOME";
    return 0;
  }
  char exe[PATH_MAX];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (len > 0) {
    exe[len] = '\0';
    for (int up = 0; up < 4; up++) {
      char *slash = strrchr(exe, '/');
      if (!slash || slash == exe)
        break;
      *slash = '\0';
      if (is_tree(exe) && realpath(exe, home)) {
        *how = "the tree the program is in";
        return 0;
      }
    }
  }
#ifdef WW_BUILD_HOME
  if (is_tree(WW_BUILD_HOME) && realpath(WW_BUILD_HOME, home)) {
    *how = "the tree the program was built in";
    return 0;
  }
  const char *built = WW_BUILD_HOME;
#else
  const char *built = "(not recorded)";
#endif
  return snprintf(err, n, "cannot find the Warpwatch tree (the directory with %s): not around "
                  "the program, nor where it was built, %s; set WW_HOME to its top directory",
                  FLAGS_FILE, built), -1;
}

static int find_tree(char home[PATH_MAX], const char **how)
{
  char err[PATH_MAX + 256];
  return ww_find_tree(home, how, err, sizeof err) ? error(CC_FAIL, "%s", err) : CC_OK;
}

/* ---- sw/kernel_flags.mk -------------------------------------------------------- */
typedef struct {
  char name[64];
  words_t val;
} var_t;

typedef struct {
  var_t v[MAX_VARS];
  size_t n;
  char path[PATH_MAX + 32];
} flags_t;

static void flags_free(flags_t *f)
{
  for (size_t i = 0; i < f->n; i++)
    words_free(&f->v[i].val);
  f->n = 0;
}

static const words_t *flags_get(const flags_t *f, const char *name)
{
  for (size_t i = 0; i < f->n; i++)
    if (strcmp(f->v[i].name, name) == 0)
      return &f->v[i].val;
  return NULL;
}

/* Appends one word of a value: a whole-word $(NAME) expands to NAME's words;
 * $(WW_KERNEL_HOME) anywhere is the tree. */
static int expand_word(const flags_t *f, const char *home, const char *w, size_t len,
                       words_t *out, unsigned line)
{
  static const char HOME_REF[] = "$(WW_KERNEL_HOME)";
  const size_t hlen = sizeof HOME_REF - 1;
  if (len > 3 && w[0] == '$' && w[1] == '(' && w[len - 1] == ')' &&
      !(len == hlen && memcmp(w, HOME_REF, hlen) == 0)) {
    char name[64];
    if (len - 3 >= sizeof name)
      return error(CC_FAIL, "%s:%u: variable name too long", f->path, line);
    memcpy(name, w + 2, len - 3);
    name[len - 3] = '\0';
    const words_t *v = flags_get(f, name);
    if (!v)
      return error(CC_FAIL, "%s:%u: $(%s) is not defined above", f->path, line, name);
    return words_cat(out, v) ? error(CC_FAIL, "out of memory") : CC_OK;
  }
  char buf[2 * PATH_MAX];
  size_t o = 0;
  for (size_t i = 0; i < len;) {
    if (w[i] == '$') {
      if (len - i < hlen || memcmp(w + i, HOME_REF, hlen) != 0)
        return error(CC_FAIL, "%s:%u: '%.*s': only $(WW_KERNEL_HOME) and whole-word $(NAME) "
                     "are understood", f->path, line, (int)len, w);
      size_t hl = strlen(home);
      if (o + hl >= sizeof buf)
        return error(CC_FAIL, "%s:%u: word too long", f->path, line);
      memcpy(buf + o, home, hl);
      o += hl;
      i += hlen;
    } else {
      if (o + 1 >= sizeof buf)
        return error(CC_FAIL, "%s:%u: word too long", f->path, line);
      buf[o++] = w[i++];
    }
  }
  return words_addn(out, buf, o) ? error(CC_FAIL, "out of memory") : CC_OK;
}

/* One logical line (continuations joined, comment removed). */
static int parse_line(flags_t *f, const char *home, char *s, unsigned line)
{
  while (*s == ' ' || *s == '\t')
    s++;
  if (!*s)
    return CC_OK;
  size_t nl = 0;
  while ((s[nl] >= 'A' && s[nl] <= 'Z') || (s[nl] >= 'a' && s[nl] <= 'z') ||
         (s[nl] >= '0' && s[nl] <= '9') || s[nl] == '_')
    nl++;
  char *p = s + nl;
  while (*p == ' ' || *p == '\t')
    p++;
  if (nl == 0 || nl >= sizeof f->v[0].name || !(p[0] == '=' || (p[0] == ':' && p[1] == '=')))
    return error(CC_FAIL, "%s:%u: not understood: only 'NAME := words' lines are (see the "
                 "file's header)", f->path, line);
  p += p[0] == ':' ? 2 : 1;
  if (f->n == MAX_VARS)
    return error(CC_FAIL, "%s:%u: more than %d variables", f->path, line, MAX_VARS);
  var_t *v = &f->v[f->n];
  memset(v, 0, sizeof *v);
  memcpy(v->name, s, nl);
  v->name[nl] = '\0';
  while (*p) {
    while (*p == ' ' || *p == '\t')
      p++;
    size_t wl = 0;
    while (p[wl] && p[wl] != ' ' && p[wl] != '\t')
      wl++;
    if (wl && expand_word(f, home, p, wl, &v->val, line)) {
      words_free(&v->val);
      return CC_FAIL;
    }
    p += wl;
  }
  /* A later definition replaces an earlier one, as in make. */
  for (size_t i = 0; i < f->n; i++) {
    if (strcmp(f->v[i].name, v->name) == 0) {
      words_free(&f->v[i].val);
      f->v[i].val = v->val;
      return CC_OK;
    }
  }
  f->n++;
  return CC_OK;
}

static const char *const required[] = {
  "WW_KERNEL_CC", "WW_KERNEL_LD", "WW_KERNEL_TARGET", "WW_KERNEL_CFLAGS",
  "WW_KERNEL_DEFAULT_CFLAGS", "WW_KERNEL_LDFLAGS", "WW_KERNEL_CRT0",
};

static int read_flags(flags_t *f, const char *home)
{
  memset(f, 0, sizeof *f);
  snprintf(f->path, sizeof f->path, "%s/" FLAGS_FILE, home);
  FILE *in = fopen(f->path, "r");
  if (!in)
    return error(CC_FAIL, "cannot open %s: %s", f->path, strerror(errno));
  char *text = malloc(MAX_FLAGS_BYTES + 1);
  size_t len = text ? fread(text, 1, MAX_FLAGS_BYTES + 1, in) : 0;
  int rerr = ferror(in);
  fclose(in);
  if (!text)
    return error(CC_FAIL, "out of memory");
  if (rerr || len > MAX_FLAGS_BYTES) {
    free(text);
    return error(CC_FAIL, "%s: %s", f->path, rerr ? "read error" : "too large");
  }
  text[len] = '\0';
  if (memchr(text, '\0', len)) {
    free(text);
    return error(CC_FAIL, "%s: not a text file", f->path);
  }
  /* Logical lines: backslash-newline joins (as a space), then '#' starts a
   * comment, as in make. */
  int rc = CC_OK;
  unsigned lineno = 1;
  char *s = text;
  while (rc == CC_OK && *s) {
    unsigned start = lineno;
    char *w = s, *r = s;
    for (;;) {
      if (*r == '\0')
        break;
      if (*r == '\n') {
        lineno++;
        r++;
        break;
      }
      if (r[0] == '\\' && r[1] == '\n') {
        *w++ = ' ';
        r += 2;
        lineno++;
        continue;
      }
      *w++ = *r++;
    }
    char *next = r;
    *w = '\0';
    char *hash = strchr(s, '#');
    if (hash)
      *hash = '\0';
    for (char *t = s; *t; t++)
      if (*t == '\r')
        *t = ' ';
    rc = parse_line(f, home, s, start);
    s = next;
  }
  free(text);
  for (size_t i = 0; rc == CC_OK && i < sizeof required / sizeof required[0]; i++) {
    const words_t *v = flags_get(f, required[i]);
    if (!v || v->n == 0)
      rc = error(CC_FAIL, "%s: %s is not defined", f->path, required[i]);
  }
  const words_t *crt0 = flags_get(f, "WW_KERNEL_CRT0");
  const words_t *cc = flags_get(f, "WW_KERNEL_CC");
  const words_t *ld = flags_get(f, "WW_KERNEL_LD");
  if (rc == CC_OK && (crt0->n != 1 || cc->n != 1 || ld->n != 1))
    rc = error(CC_FAIL, "%s: WW_KERNEL_CC, WW_KERNEL_LD and WW_KERNEL_CRT0 must be one word each",
               f->path);
  if (rc != CC_OK)
    flags_free(f);
  return rc;
}

/* ---- running the toolchain ------------------------------------------------------- */
static int found_in_path(const char *prog)
{
  if (strchr(prog, '/'))
    return access(prog, X_OK) == 0;
  const char *path = getenv("PATH");
  if (!path || !*path)
    path = "/usr/local/bin:/usr/bin:/bin";
  for (const char *p = path;;) {
    const char *end = strchr(p, ':');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    char full[PATH_MAX];
    if (snprintf(full, sizeof full, "%.*s/%s", (int)len, len ? p : ".", prog) <
        (int)sizeof full) {
      struct stat st;
      if (stat(full, &st) == 0 && S_ISREG(st.st_mode) && access(full, X_OK) == 0)
        return 1;
    }
    if (!end)
      return 0;
    p = end + 1;
  }
}

/* The Debian package of a program of the toolchain. */
static const char *package_of(const char *prog)
{
  const char *base = strrchr(prog, '/');
  base = base ? base + 1 : prog;
  if (strncmp(base, "ld.lld", 6) == 0 || strncmp(base, "lld", 3) == 0)
    return "lld";
  if (strncmp(base, "clang", 5) == 0)
    return "clang";
  return "llvm";
}

static int check_installed(const char *prog)
{
  if (found_in_path(prog))
    return CC_OK;
  return error(CC_FAIL, "%s is not installed (not found in PATH): install the Debian package "
               "'%s' (scripts/install_deps.sh installs every dependency of Warpwatch)",
               prog, package_of(prog));
}

/* Runs argv (argv[0] from PATH) and waits; CC_OK when it exits 0. what
 * names the step in the error line. */
static int run_cmd(char **argv, int verbose, const char *what)
{
  size_t n = 0;
  while (argv[n])
    n++;
  fflush(stdout);
  if (verbose) {
    put_words(stderr, argv, n);
    fflush(stderr);
  }
  pid_t pid;
  int e = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
  if (e != 0)
    return error(CC_FAIL, "cannot run %s: %s", argv[0], strerror(e));
  int st;
  while (waitpid(pid, &st, 0) < 0) {
    if (errno != EINTR)
      return error(CC_FAIL, "waiting for %s: %s", argv[0], strerror(errno));
  }
  if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
    return CC_OK;
  if (WIFEXITED(st))
    return error(CC_FAIL, "%s failed (exit status %d) %s", argv[0], WEXITSTATUS(st), what);
  return error(CC_FAIL, "%s was killed by signal %d %s", argv[0],
               WIFSIGNALED(st) ? WTERMSIG(st) : 0, what);
}

/* ---- warpwatch cc ------------------------------------------------------------------- */
enum { IN_C, IN_ASM_CPP, IN_ASM, IN_OBJ };

typedef struct {
  const char *path;
  int kind;
} input_t;

static int input_kind(const char *path)
{
  const char *dot = strrchr(path, '.');
  const char *slash = strrchr(path, '/');
  if (!dot || (slash && dot < slash))
    return -1;
  if (strcmp(dot, ".c") == 0)
    return IN_C;
  if (strcmp(dot, ".S") == 0)
    return IN_ASM_CPP;
  if (strcmp(dot, ".s") == 0)
    return IN_ASM;
  if (strcmp(dot, ".o") == 0)
    return IN_OBJ;
  return -1;
}

/* Compiler options whose value is the next argument (when not joined). */
static int takes_value(const char *a)
{
  static const char *const opts[] = {
    "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter",
    "-MF", "-MT", "-MQ", "-Xclang", "-mllvm",
  };
  for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
    if (strcmp(a, opts[i]) == 0)
      return 1;
  return 0;
}

typedef struct {
  input_t *in;
  size_t nin;
  const char *out;
  int compile_only, verbose, no_crt0;
  words_t cflags;           /* the user's compiler flags */
  words_t ldflags;          /* the user's linker flags */
} cc_opts_t;

static int add_split(words_t *w, const char *list)   /* "a,b,c" -> a b c */
{
  for (const char *p = list;;) {
    const char *c = strchr(p, ',');
    size_t len = c ? (size_t)(c - p) : strlen(p);
    if (len && words_addn(w, p, len))
      return -1;
    if (!c)
      return 0;
    p = c + 1;
  }
}

/* CC_OK, CC_USAGE (error printed), or -1 when --help was printed. */
static int parse_cc(cc_opts_t *o, int argc, char **argv)
{
  o->in = calloc((size_t)argc + 1, sizeof *o->in);
  if (!o->in)
    return error(CC_FAIL, "out of memory");
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    int nomem = 0;
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(ww_cc_usage, stdout);
      return -1;
    }
    if (a[0] != '-' || a[1] == '\0') {
      int kind = input_kind(a);
      if (kind < 0)
        return error(CC_USAGE, "'%s': unknown kind of input (expected .c, .S, .s or .o)", a);
      o->in[o->nin].path = a;
      o->in[o->nin++].kind = kind;
      continue;
    }
    if (strcmp(a, "-o") == 0 || (strncmp(a, "-o", 2) == 0 && a[2])) {
      const char *v = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : NULL);
      if (!v)
        return error(CC_USAGE, "option -o needs a value");
      if (o->out)
        return error(CC_USAGE, "-o given twice ('%s', '%s')", o->out, v);
      o->out = v;
    } else if (strcmp(a, "-c") == 0) {
      o->compile_only = 1;
    } else if (strcmp(a, "-v") == 0) {
      o->verbose = 1;
    } else if (strcmp(a, "-nostartfiles") == 0) {
      o->no_crt0 = 1;
    } else if (strcmp(a, "-E") == 0 || strcmp(a, "-S") == 0 || strcmp(a, "-M") == 0 ||
               strcmp(a, "-MM") == 0 || strncmp(a, "-x", 2) == 0 || strcmp(a, "-shared") == 0 ||
               strncmp(a, "-fuse-ld", 8) == 0) {
      return error(CC_USAGE, "%s is not supported: warpwatch cc builds kernel images (for "
                   "anything else run clang $(warpwatch cflags) yourself)", a);
    } else if (strncmp(a, "-Wl,", 4) == 0) {
      nomem = add_split(&o->ldflags, a + 4);
    } else if (strcmp(a, "-Xlinker") == 0 || strcmp(a, "-L") == 0 || strcmp(a, "-l") == 0) {
      if (i + 1 >= argc)
        return error(CC_USAGE, "option %s needs a value", a);
      if (strcmp(a, "-Xlinker") != 0)
        nomem = words_add(&o->ldflags, a);
      nomem |= words_add(&o->ldflags, argv[++i]);
    } else if (strncmp(a, "-L", 2) == 0 || strncmp(a, "-l", 2) == 0) {
      nomem = words_add(&o->ldflags, a);
    } else if (takes_value(a)) {
      if (i + 1 >= argc)
        return error(CC_USAGE, "option %s needs a value", a);
      nomem = words_add(&o->cflags, a) || words_add(&o->cflags, argv[++i]);
    } else {
      nomem = words_add(&o->cflags, a);
    }
    if (nomem)
      return error(CC_FAIL, "out of memory");
  }
  if (o->nin == 0)
    return error(CC_USAGE, "no input files (give .c, .S, .s or .o files)");
  if (!o->out)
    return error(CC_USAGE, "no output file: give -o %s", o->compile_only ? "FILE.o" : "KERNEL.elf");
  if (o->compile_only && (o->nin != 1 || o->in[0].kind == IN_OBJ))
    return error(CC_USAGE, "-c compiles exactly one .c, .S or .s input");
  for (size_t i = 0; i < o->nin; i++)
    if (strcmp(o->in[i].path, o->out) == 0)
      return error(CC_USAGE, "-o %s would overwrite an input", o->out);
  return CC_OK;
}

/* clang FLAGS... -c src -o obj */
static int compile(const flags_t *f, const words_t *extra, const char *src, const char *obj,
                   int verbose)
{
  words_t cmd = { 0 };
  int nomem = words_cat(&cmd, flags_get(f, "WW_KERNEL_CC")) ||
              words_cat(&cmd, flags_get(f, "WW_KERNEL_CFLAGS")) ||
              words_cat(&cmd, flags_get(f, "WW_KERNEL_DEFAULT_CFLAGS")) ||
              (extra && words_cat(&cmd, extra)) || words_add(&cmd, "-c") ||
              words_add(&cmd, src) || words_add(&cmd, "-o") || words_add(&cmd, obj);
  char what[PATH_MAX + 16];
  snprintf(what, sizeof what, "compiling %s", src);
  int rc = nomem ? error(CC_FAIL, "out of memory") : run_cmd(cmd.v, verbose, what);
  words_free(&cmd);
  return rc;
}

static int do_cc(cc_opts_t *o)
{
  for (size_t i = 0; i < o->nin; i++) {
    struct stat st;
    if (stat(o->in[i].path, &st) != 0)
      return error(CC_FAIL, "%s: cannot open: %s", o->in[i].path, strerror(errno));
    if (!S_ISREG(st.st_mode))
      return error(CC_FAIL, "%s: not a regular file", o->in[i].path);
  }
  char home[PATH_MAX];
  const char *how = NULL;
  if (find_tree(home, &how))
    return CC_FAIL;
  static flags_t f;
  if (read_flags(&f, home))
    return CC_FAIL;
  if (o->verbose)
    fprintf(stderr, "warpwatch cc: Warpwatch tree %s (%s)\n", home, how);
  const char *cc = flags_get(&f, "WW_KERNEL_CC")->v[0];
  const char *ld = flags_get(&f, "WW_KERNEL_LD")->v[0];
  const char *crt0 = flags_get(&f, "WW_KERNEL_CRT0")->v[0];
  int rc = check_installed(cc);
  if (rc == CC_OK && !o->compile_only)
    rc = check_installed(ld);
  if (rc == CC_OK && !o->compile_only && !o->no_crt0 && access(crt0, R_OK) != 0)
    rc = error(CC_FAIL, "the start-up code %s is missing (WW_KERNEL_CRT0 in %s)", crt0, f.path);
  if (rc != CC_OK || o->compile_only) {
    if (rc == CC_OK)
      rc = compile(&f, &o->cflags, o->in[0].path, o->out, o->verbose);
    flags_free(&f);
    return rc;
  }

  /* Objects go to a private temporary directory, removed at the end. */
  const char *tmp = getenv("TMPDIR");
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s/ww-cc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    rc = error(CC_FAIL, "cannot create a temporary directory %s: %s", dir, strerror(errno));
    flags_free(&f);
    return rc;
  }
  words_t objs = { 0 }, made = { 0 };
  char obj[PATH_MAX + 300];
  if (!o->no_crt0) {
    snprintf(obj, sizeof obj, "%s/crt0.o", dir);
    if (words_add(&objs, obj) || words_add(&made, obj))
      rc = error(CC_FAIL, "out of memory");
    else
      rc = compile(&f, NULL, crt0, obj, o->verbose);
  }
  for (size_t i = 0; rc == CC_OK && i < o->nin; i++) {
    if (o->in[i].kind == IN_OBJ) {
      if (words_add(&objs, o->in[i].path))
        rc = error(CC_FAIL, "out of memory");
      continue;
    }
    const char *base = strrchr(o->in[i].path, '/');
    base = base ? base + 1 : o->in[i].path;
    snprintf(obj, sizeof obj, "%s/%zu-%.200s.o", dir, i, base);
    if (words_add(&objs, obj) || words_add(&made, obj))
      rc = error(CC_FAIL, "out of memory");
    else
      rc = compile(&f, &o->cflags, o->in[i].path, obj, o->verbose);
  }
  if (rc == CC_OK) {
    words_t cmd = { 0 };
    if (words_cat(&cmd, flags_get(&f, "WW_KERNEL_LD")) ||
        words_cat(&cmd, flags_get(&f, "WW_KERNEL_LDFLAGS")) || words_cat(&cmd, &o->ldflags) ||
        words_cat(&cmd, &objs) || words_add(&cmd, "-o") || words_add(&cmd, o->out))
      rc = error(CC_FAIL, "out of memory");
    else
      rc = run_cmd(cmd.v, o->verbose, "linking");
    words_free(&cmd);
  }
  for (size_t i = 0; i < made.n; i++)
    unlink(made.v[i]);
  rmdir(dir);
  words_free(&objs);
  words_free(&made);
  flags_free(&f);
  return rc;
}

int ww_cc_main(int argc, char **argv)
{
  cc_opts_t o = { 0 };
  int rc = parse_cc(&o, argc, argv);
  if (rc == CC_OK)
    rc = do_cc(&o);
  else if (rc < 0)
    rc = CC_OK;
  free(o.in);
  words_free(&o.cflags);
  words_free(&o.ldflags);
  return rc;
}

/* ---- warpwatch cflags ------------------------------------------------------------------ */
int ww_cflags_main(int argc, char **argv)
{
  static const struct {
    const char *opt, *var;
  } what[] = {
    { "--cflags", "WW_KERNEL_CFLAGS" }, { "--ldflags", "WW_KERNEL_LDFLAGS" },
    { "--crt0", "WW_KERNEL_CRT0" },     { "--cc", "WW_KERNEL_CC" },
    { "--ld", "WW_KERNEL_LD" },         { "--home", NULL },
  };
  size_t pick = 0;
  if (argc > 0 && (strcmp(argv[0], "-h") == 0 || strcmp(argv[0], "--help") == 0)) {
    fputs(ww_cflags_usage, stdout);
    return CC_OK;
  }
  if (argc > 1) {
    fprintf(stderr, "warpwatch: error: one option at most (see 'warpwatch cflags --help')\n");
    return CC_USAGE;
  }
  if (argc == 1) {
    for (pick = 0; pick < sizeof what / sizeof what[0]; pick++)
      if (strcmp(argv[0], what[pick].opt) == 0)
        break;
    if (pick == sizeof what / sizeof what[0]) {
      fprintf(stderr, "warpwatch: error: unknown option '%s' (see 'warpwatch cflags --help')\n",
              argv[0]);
      return CC_USAGE;
    }
  }
  char home[PATH_MAX];
  const char *how = NULL;
  if (find_tree(home, &how))
    return CC_FAIL;
  if (!what[pick].var) {
    char *v[] = { home, NULL };
    put_words(stdout, v, 1);
    return CC_OK;
  }
  static flags_t f;
  if (read_flags(&f, home))
    return CC_FAIL;
  const words_t *w = flags_get(&f, what[pick].var);
  put_words(stdout, w->v, w->n);
  flags_free(&f);
  return CC_OK;
}
