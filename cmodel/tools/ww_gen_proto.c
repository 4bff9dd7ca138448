/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_gen_proto -- writes rtl/include/ww_proto.vh and cmodel/include/ww_proto.h
 * from cmodel/include/ww_proto.def, the hardware protocol table (its top
 * describes the format and every generated name). The Verilog include holds
 * `define macros only, so the names work in module parameter lists; the C
 * header holds enums, function-like macros and X-lists.
 *
 * Checks (exit 1 with a message): a code's value fits its group's width and
 * is unique in the group; a code, field or counter names a group / layout /
 * bank declared before it; a field's width is a number or an expression of
 * its layout's DIMs only; counter names taken from code texts are
 * identifiers; no generated name is generated twice; the sideband's OP field
 * is as wide as ww_isa.def's op index (WW_OP_W).
 *
 * Usage: ww_gen_proto OUT.vh OUT.h
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kind { K_ENUM, K_CODE, K_LAYOUT, K_FIELD, K_COUNTERS, K_CCODES, K_COUNTER };

typedef struct {
  enum kind k;
  const char *p;      /* prefix (group, layout, bank) */
  const char *name;   /* code / field / counter name */
  const char *width;  /* ENUM: width; FIELD: width expression */
  const char *ctype;  /* ENUM: C type */
  const char *text;   /* description / text */
  const char *dims;   /* LAYOUT: "(A, B)" or "()" */
  const char *range;  /* counters */
  const char *e;      /* CCODES: the enum */
  unsigned long long value;
} ent_t;

static const ent_t tab[] = {
#define WW_ENUM(p_, w_, ct_, what_) \
  { .k = K_ENUM, .p = #p_, .width = #w_, .ctype = #ct_, .text = what_ },
#define WW_CODE(p_, n_, v_, t_) \
  { .k = K_CODE, .p = #p_, .name = #n_, .text = t_, .value = (v_) },
#define WW_LAYOUT(p_, d_, what_) { .k = K_LAYOUT, .p = #p_, .dims = #d_, .text = what_ },
#define WW_FIELD(p_, n_, w_, what_) \
  { .k = K_FIELD, .p = #p_, .name = #n_, .width = #w_, .text = what_ },
#define WW_COUNTERS(p_, what_) { .k = K_COUNTERS, .p = #p_, .text = what_ },
#define WW_COUNTER_CODES(p_, r_, e_) { .k = K_CCODES, .p = #p_, .range = #r_, .e = #e_ },
#define WW_COUNTER(p_, r_, n_, t_) \
  { .k = K_COUNTER, .p = #p_, .range = #r_, .name = #n_, .text = t_ },
#include "ww_proto.def"
};
#define N_TAB (sizeof tab / sizeof tab[0])

/* the ISA's op count, for the sideband's OP width */
static const char *const isa_ops[] = {
#define WW_INSN(name, mnem, match, mask, fmt, cls) #name,
#include "ww_isa.def"
};
#define N_ISA_OPS (sizeof isa_ops / sizeof isa_ops[0])

static void die(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "ww_gen_proto: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  exit(1);
}

/* ---- names: every generated name once ---------------------------------- */
#define MAX_NAMES 2048
static char *names[MAX_NAMES];
static unsigned n_names;

static void claim(const char *fmt, ...)
{
  char buf[160];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  for (unsigned i = 0; i < n_names; i++)
    if (!strcmp(names[i], buf))
      die("the name %s is generated twice", buf);
  if (n_names == MAX_NAMES)
    die("too many names");
  names[n_names] = malloc(strlen(buf) + 1);
  if (!names[n_names])
    die("out of memory");
  strcpy(names[n_names++], buf);
}

/* ---- helpers ------------------------------------------------------------ */
static int is_number(const char *s)
{
  if (!*s)
    return 0;
  for (; *s; s++)
    if (!isdigit((unsigned char)*s))
      return 0;
  return 1;
}

static int is_ident(const char *s)
{
  if (!*s || isdigit((unsigned char)*s))
    return 0;
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && *s != '_')
      return 0;
  return 1;
}

static const ent_t *find(enum kind k, const char *p, size_t before)
{
  for (size_t i = 0; i < before; i++)
    if (tab[i].k == k && !strcmp(tab[i].p, p))
      return &tab[i];
  return NULL;
}

static unsigned enum_width(const ent_t *e)
{
  if (!is_number(e->width))
    die("group %s: width '%s' is not a number", e->p, e->width);
  unsigned w = (unsigned)strtoul(e->width, NULL, 10);
  if (w < 1 || w > 32)
    die("group %s: width %u (1..32)", e->p, w);
  return w;
}

static int single_bit(unsigned long long v) { return v && !(v & (v - 1)); }
static unsigned bit_index(unsigned long long v)
{
  unsigned b = 0;
  while (!(v >> b & 1))
    b++;
  return b;
}

/* the codes of group e in value order (indices into tab) */
static unsigned codes_of(const ent_t *e, size_t *out, unsigned max)
{
  unsigned n = 0;
  for (size_t i = 0; i < N_TAB; i++)
    if (tab[i].k == K_CODE && !strcmp(tab[i].p, e->p)) {
      if (n == max)
        die("group %s: too many codes", e->p);
      out[n++] = i;
    }
  for (unsigned a = 1; a < n; a++)   /* insertion sort by value */
    for (unsigned b = a; b > 0 && tab[out[b - 1]].value > tab[out[b]].value; b--) {
      size_t t = out[b];
      out[b] = out[b - 1];
      out[b - 1] = t;
    }
  return n;
}

/* dims "(A, B)" -> "(A, B)" or "" for "()"; also checks the syntax */
static void dims_args(const ent_t *l, char *buf, size_t n)
{
  const char *d = l->dims;
  size_t len = strlen(d);
  if (len < 2 || d[0] != '(' || d[len - 1] != ')')
    die("layout %s: DIMs '%s' must be parenthesized", l->p, d);
  if (len == 2)
    buf[0] = '\0';
  else
    snprintf(buf, n, "%s", d);
}

/* 1 if `id` is one of the layout's DIMs */
static int is_dim(const ent_t *l, const char *id)
{
  const char *d = l->dims;
  size_t n = strlen(id);
  for (const char *s = strstr(d, id); s; s = strstr(s + 1, id)) {
    char b = s == d ? '(' : s[-1], a = s[n];
    if ((b == '(' || b == ',' || b == ' ') && (a == ')' || a == ',' || a == ' '))
      return 1;
  }
  return 0;
}

/* a field width: a number, or an expression whose identifiers are DIMs */
static void check_width_expr(const ent_t *l, const ent_t *f)
{
  const char *s = f->width;
  while (*s) {
    if (isalpha((unsigned char)*s) || *s == '_') {
      char id[64];
      size_t k = 0;
      while ((isalnum((unsigned char)*s) || *s == '_') && k < sizeof id - 1)
        id[k++] = *s++;
      id[k] = '\0';
      if (!is_dim(l, id))
        die("layout %s field %s: width '%s' uses '%s', not one of %s", l->p, f->name, f->width,
            id, l->dims);
    } else {
      s++;
    }
  }
}

/* An expression "c + t1 + t2 ..." as text: the constant part summed. */
typedef struct {
  unsigned long long c;
  char terms[512];
} sum_t;

static void sum_add(sum_t *s, const char *w)
{
  if (is_number(w)) {
    s->c += strtoull(w, NULL, 10);
    return;
  }
  size_t len = strlen(s->terms);   /* parenthesized: the DIMs are macro arguments */
  snprintf(s->terms + len, sizeof s->terms - len, "%s(%s)", len ? " + " : "", w);
}

static void sum_text(const sum_t *s, char *buf, size_t n)
{
  if (!s->terms[0])
    snprintf(buf, n, "%llu", s->c);
  else if (!s->c)
    snprintf(buf, n, "(%s)", s->terms);
  else
    snprintf(buf, n, "(%s + %llu)", s->terms, s->c);
}

/* ---- output -------------------------------------------------------------- */
static FILE *fv, *fh;

static void upcase(char *dst, const char *src, size_t n)
{
  size_t i = 0;
  for (; src[i] && i < n - 1; i++)
    dst[i] = (char)toupper((unsigned char)src[i]);
  dst[i] = '\0';
}

static void gen_enum(size_t idx)
{
  const ent_t *e = &tab[idx];
  unsigned w = enum_width(e);
  size_t c[256];
  unsigned n = codes_of(e, c, 256);
  if (!n)
    die("group %s has no codes", e->p);
  for (unsigned i = 0; i < n; i++) {
    const ent_t *x = &tab[c[i]];
    if (c[i] < idx)
      die("code %s_%s comes before its group", x->p, x->name);
    if (w < 64 && x->value >> w)
      die("code %s_%s = %llu does not fit %u bits", x->p, x->name, x->value, w);
    if (i && tab[c[i - 1]].value == x->value)
      die("codes %s_%s and %s_%s are both %llu", x->p, tab[c[i - 1]].name, x->p, x->name,
          x->value);
  }
  int hex = w >= 8;
  claim("WW_%s_W", e->p);
  claim("WW_%s_N", e->p);
  claim("WW_%s_LIST", e->p);
  fprintf(fv, "\n// ---- %s: %u bits; text = %s\n", e->p, w, e->text);
  fprintf(fv, "`define WW_%s_W %u\n`define WW_%s_N %u\n", e->p, w, e->p, n);
  fprintf(fh, "\n/* ---- %s: %u bits; text = %s */\n", e->p, w, e->text);
  fprintf(fh, "#define WW_%s_W %u\n#define WW_%s_N %u\n", e->p, w, e->p, n);
  fprintf(fh, "typedef enum {\n");
  /* .def order for the enum and list; bits for single-bit codes */
  for (size_t i = idx + 1; i < N_TAB; i++) {
    const ent_t *x = &tab[i];
    if (x->k != K_CODE || strcmp(x->p, e->p))
      continue;
    char name[128];
    snprintf(name, sizeof name, "WW_%s_%s", x->p, x->name);
    claim("%s", name);
    if (hex) {
      fprintf(fv, "`define %-28s %u'h%0*llX  // %s\n", name, w, (int)((w + 3) / 4), x->value,
              x->text);
      fprintf(fh, "  %-28s = 0x%0*llX,  /* %s */\n", name, (int)((w + 3) / 4), x->value, x->text);
    } else {
      fprintf(fv, "`define %-28s %u'd%llu  // %s\n", name, w, x->value, x->text);
      fprintf(fh, "  %-28s = %llu,  /* %s */\n", name, x->value, x->text);
    }
  }
  fprintf(fh, "} %s;\n", e->ctype);
  /* a group of class bits (8 bits or more, every nonzero code one bit) */
  int flags = w >= 8;
  for (unsigned i = 0; i < n; i++)
    flags &= !tab[c[i]].value || single_bit(tab[c[i]].value);
  for (size_t i = idx + 1; i < N_TAB && flags; i++) {
    const ent_t *x = &tab[i];
    if (x->k == K_CODE && !strcmp(x->p, e->p) && single_bit(x->value)) {
      claim("WW_%s_%s_BIT", x->p, x->name);
      fprintf(fv, "`define WW_%s_%s_BIT %u\n", x->p, x->name, bit_index(x->value));
      fprintf(fh, "#define WW_%s_%s_BIT %u\n", x->p, x->name, bit_index(x->value));
    }
  }
  fprintf(fh, "#define WW_%s_LIST(X)", e->p);
  for (size_t i = idx + 1; i < N_TAB; i++) {
    const ent_t *x = &tab[i];
    if (x->k == K_CODE && !strcmp(x->p, e->p))
      fprintf(fh, " \\\n  X(%s, %s%llX, \"%s\")", x->name, "0x", x->value, x->text);
  }
  fprintf(fh, "\n");
}

static void gen_layout(size_t idx)
{
  const ent_t *l = &tab[idx];
  char args[256];
  dims_args(l, args, sizeof args);
  fprintf(fv, "\n// ---- %s: %s; fields from bit 0 up\n", l->p, l->text);
  fprintf(fh, "\n/* ---- %s: %s; fields from bit 0 up */\n", l->p, l->text);
  sum_t pos = { 0, "" };
  unsigned nf = 0;
  for (size_t i = idx + 1; i < N_TAB; i++) {
    const ent_t *f = &tab[i];
    if (f->k != K_FIELD || strcmp(f->p, l->p))
      continue;
    check_width_expr(l, f);
    char lsb[600], wid[300];
    sum_text(&pos, lsb, sizeof lsb);
    if (is_number(f->width))
      snprintf(wid, sizeof wid, "%s", f->width);
    else
      snprintf(wid, sizeof wid, "(%s)", f->width);
    claim("WW_%s_%s_LSB", l->p, f->name);
    claim("WW_%s_%s_W", l->p, f->name);
    fprintf(fv, "`define WW_%s_%s_LSB%s %s  // %s\n", l->p, f->name, args, lsb, f->text);
    fprintf(fv, "`define WW_%s_%s_W%s %s\n", l->p, f->name, args, wid);
    fprintf(fh, "#define WW_%s_%s_LSB%s %s  /* %s */\n", l->p, f->name, args, lsb, f->text);
    fprintf(fh, "#define WW_%s_%s_W%s %s\n", l->p, f->name, args, wid);
    sum_add(&pos, f->width);
    nf++;
  }
  if (!nf)
    die("layout %s has no fields", l->p);
  char total[600];
  sum_text(&pos, total, sizeof total);
  claim("WW_%s_W", l->p);
  fprintf(fv, "`define WW_%s_W%s %s\n", l->p, args, total);
  fprintf(fh, "#define WW_%s_W%s %s\n", l->p, args, total);
}

static void gen_counters(size_t idx)
{
  const ent_t *b = &tab[idx];
  fprintf(fv, "\n// ---- %s: %s (index)\n", b->p, b->text);
  fprintf(fh, "\n/* ---- %s: %s (index) */\n", b->p, b->text);
  char list[8192] = "";
  unsigned n = 0, first = 0;
  const char *range = NULL;
  for (size_t i = idx + 1; i <= N_TAB; i++) {
    const ent_t *c = i < N_TAB ? &tab[i] : NULL;
    int mine = c && (c->k == K_CCODES || c->k == K_COUNTER) && !strcmp(c->p, b->p);
    /* a run of one RANGE ends */
    if (range && (!mine || strcmp(c->range, range))) {
      claim("WW_%s_%s_FIRST", b->p, range);
      claim("WW_%s_%s_N", b->p, range);
      fprintf(fv, "`define WW_%s_%s_FIRST %u\n`define WW_%s_%s_N %u\n", b->p, range, first, b->p,
              range, n - first);
      fprintf(fh, "#define WW_%s_%s_FIRST %u\n#define WW_%s_%s_N %u\n", b->p, range, first, b->p,
              range, n - first);
      range = NULL;
    }
    if (!mine)
      continue;
    if (!range) {
      range = c->range;
      first = n;
    }
    size_t one[1];
    size_t codes[256];
    unsigned k;
    if (c->k == K_CCODES) {
      const ent_t *e = find(K_ENUM, c->e, i);
      if (!e)
        die("counters %s: group %s is not declared before them", b->p, c->e);
      k = codes_of(e, codes, 256);
    } else {
      one[0] = i;
      k = 1;
    }
    for (unsigned j = 0; j < k; j++) {
      const ent_t *x = c->k == K_CCODES ? &tab[codes[j]] : &tab[one[0]];
      char nm[128];
      if (c->k == K_CCODES) {
        if (!is_ident(x->text))
          die("counters %s: code %s_%s's text '%s' is not a counter name", b->p, x->p, x->name,
              x->text);
        upcase(nm, x->text, sizeof nm);
      } else {
        snprintf(nm, sizeof nm, "%s", x->name);
      }
      claim("WW_%s_%s", b->p, nm);
      fprintf(fv, "`define WW_%s_%-20s %u  // %s\n", b->p, nm, n, x->text);
      fprintf(fh, "#define WW_%s_%-20s %u  /* %s */\n", b->p, nm, n, x->text);
      size_t len = strlen(list);
      snprintf(list + len, sizeof list - len, " \\\n  X(%s, %u, \"%s\")", nm, n, x->text);
      n++;
    }
  }
  claim("WW_%s_N", b->p);
  claim("WW_%s_LIST", b->p);
  fprintf(fv, "`define WW_%s_N %u\n", b->p, n);
  fprintf(fh, "#define WW_%s_N %u\n#define WW_%s_LIST(X)%s\n", b->p, n, b->p, list);
}

int main(int argc, char **argv)
{
  if (argc != 3) {
    fprintf(stderr, "usage: %s OUT.vh OUT.h\n", argv[0]);
    return 2;
  }
  /* every code / field / counter belongs to something declared before it */
  for (size_t i = 0; i < N_TAB; i++) {
    const ent_t *t = &tab[i];
    if ((t->k == K_CODE && !find(K_ENUM, t->p, i)) ||
        (t->k == K_FIELD && !find(K_LAYOUT, t->p, i)) ||
        ((t->k == K_CCODES || t->k == K_COUNTER) && !find(K_COUNTERS, t->p, i)))
      die("%s %s: its group / layout / bank is not declared before it", t->p,
          t->name ? t->name : "");
    if ((t->k == K_ENUM || t->k == K_LAYOUT || t->k == K_COUNTERS) && find(t->k, t->p, i))
      die("%s is declared twice", t->p);
  }
  /* the sideband's op field carries ww_op_t */
  unsigned op_w = 1;
  while ((1u << op_w) < N_ISA_OPS + 1)
    op_w++;
  for (size_t i = 0; i < N_TAB; i++)
    if (tab[i].k == K_FIELD && !strcmp(tab[i].p, "SB") && !strcmp(tab[i].name, "OP") &&
        strtoul(tab[i].width, NULL, 10) != op_w)
      die("field SB_OP is %s bits, ww_isa.def's op index WW_OP_W is %u", tab[i].width, op_w);

  fv = fopen(argv[1], "w");
  fh = fopen(argv[2], "w");
  if (!fv || !fh) {
    perror(!fv ? argv[1] : argv[2]);
    return 1;
  }
  fprintf(fv, "// SPDX-License-Identifier: Apache-2.0\n//\n"
              "// ww_proto.vh -- GENERATED by cmodel/tools/ww_gen_proto.c"
              " from cmodel/include/ww_proto.def.\n"
              "// Do not edit: change the .def file and run `make gen`.\n"
              "// The hardware protocol: codes, packed-record fields, counter indices.\n"
              "// `define macros only: include at the top of a file, after ww_config.vh.\n"
              "// Layout macros take the layout's DIMs as arguments (ww_proto.def).\n\n"
              "`ifndef WW_PROTO_VH\n`define WW_PROTO_VH\n");
  fprintf(fh, "/* SPDX-License-Identifier: Apache-2.0\n *\n"
              " * ww_proto.h -- GENERATED by cmodel/tools/ww_gen_proto.c"
              " from cmodel/include/ww_proto.def.\n"
              " * Do not edit: change the .def file and run `make gen`.\n"
              " * The hardware protocol: codes (enums), packed-record fields (macros taking\n"
              " * the layout's DIMs), counter indices; X-lists WW_<P>_LIST(X) of each.\n"
              " */\n#ifndef WW_PROTO_H\n#define WW_PROTO_H\n");
  for (size_t i = 0; i < N_TAB; i++) {
    if (tab[i].k == K_ENUM)
      gen_enum(i);
    else if (tab[i].k == K_LAYOUT)
      gen_layout(i);
    else if (tab[i].k == K_COUNTERS)
      gen_counters(i);
  }
  fprintf(fv, "\n`endif  // WW_PROTO_VH\n");
  fprintf(fh, "\n#endif /* WW_PROTO_H */\n");
  int bad = fclose(fv) != 0;
  bad |= fclose(fh) != 0;
  for (unsigned i = 0; i < n_names; i++)
    free(names[i]);
  return bad;
}
