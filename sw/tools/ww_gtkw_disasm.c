/* SPDX-License-Identifier: Apache-2.0
 *
 * ww-gtkw-disasm -- a GTKWave process filter (Data Format > Translate Filter
 * Process; `^>N PROGRAM ARG` in a .gtkw) for the Verilated GPU's waves
 * (sw/sim/ww_wave_view.c attaches it). GTKWave writes each value of a trace,
 * in hex, on a line of its stdin and reads one line back; every answer is
 * flushed at once.
 *
 *   ww-gtkw-disasm              a value is an instruction word: its
 *                               disassembly (branch and jump targets relative:
 *                               "beq a2, zero, pc+48")
 *   ww-gtkw-disasm KERNEL.elf   a value is a PC: "10028: lw a4, 12(a0)  vecadd.c:23",
 *                               the text `warpwatch disasm KERNEL.elf` prints
 *                               for that PC; "10080: (no code)" outside the
 *                               kernel's executable segments
 *
 * A line that is not a hex number (GTKWave's x and z values, blanks) comes
 * back unchanged; "$" or "0x" before the digits is allowed. Exit: 0 at the end of the input, 1 when KERNEL.elf cannot
 * be loaded (a one-line reason on stderr), 2 on a usage error.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ww_isa.h"
#include "ww_rt_internal.h"
#include "ww_runtime.h"

static const char usage[] =
    "usage: ww-gtkw-disasm [KERNEL.elf]\n"
    "A GTKWave process filter: one hex value per line on stdin, one line of text\n"
    "per value on stdout. Without KERNEL.elf the values are instruction words\n"
    "(their disassembly); with it they are PCs (\"pc: disassembly  file:line\").\n";

/* value of a line of hex digits (GTKWave pads to the trace's width; with its
 * base symbols on it puts a '$' before them); -1 if the line is anything else */
static int parse_hex(const char *s, uint32_t *v)
{
  if (s[0] == '$')
    s++;
  else if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    s += 2;
  size_t n = strlen(s);
  if (n == 0 || n > 8)
    return -1;
  uint32_t x = 0;
  for (size_t i = 0; i < n; i++) {
    int c = (unsigned char)s[i];
    if (!isxdigit(c))
      return -1;
    x = x << 4 | (uint32_t)(isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
  }
  *v = x;
  return 0;
}

/* An instruction word without its address: pc-relative targets as offsets. */
static void word_text(uint32_t w, char *buf, size_t n)
{
  ww_insn_t d;
  ww_decode(w, &d);
  ww_disasm(&d, 0, buf, n);
  ww_fmt_t f = d.op < WW_OP_COUNT ? ww_op_format(d.op) : WW_FMT_NONE;
  if (f == WW_FMT_B || f == WW_FMT_J) {
    char *last = strrchr(buf, ',');   /* the target is the last operand */
    if (last) {
      size_t at = (size_t)(last - buf);
      int64_t off = d.imm;
      snprintf(last, n - at, ", pc%c%" PRId64, off < 0 ? '-' : '+', off < 0 ? -off : off);
    }
  }
}

/* The word at pc in an executable segment of e: 0, or -1 outside them. */
static int code_word(const ww_elf_t *e, uint32_t pc, uint32_t *w)
{
  for (unsigned s = 0; s < e->nseg; s++) {
    const ww_elf_seg_t *g = &e->seg[s];
    if (!(g->flags & 1) || (pc & 3) || pc < g->vaddr || pc - g->vaddr >= g->filesz ||
        g->filesz - (pc - g->vaddr) < 4)
      continue;
    memcpy(w, e->buf + g->offset + (pc - g->vaddr), 4);
    return 0;
  }
  return -1;
}

static void pc_text(const ww_kernel_t *k, uint32_t pc, char *buf, size_t n)
{
  uint32_t w;
  if (code_word(ww_kernel_elf(k), pc, &w) != 0) {
    snprintf(buf, n, "%" PRIx32 ": (no code)", pc);
    return;
  }
  ww_insn_t d;
  char dis[96], src[256];
  ww_decode(w, &d);
  ww_disasm(&d, pc, dis, sizeof dis);
  if (ww_kernel_srcline(k, pc, src, sizeof src) == 0)
    snprintf(buf, n, "%" PRIx32 ": %s  %s", pc, dis, src);
  else
    snprintf(buf, n, "%" PRIx32 ": %s", pc, dis);
}

int main(int argc, char **argv)
{
  if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
    int help = argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"));
    fputs(usage, help ? stdout : stderr);
    return help ? 0 : 2;
  }
  ww_dev_t *dev = NULL;
  ww_kernel_t *k = NULL;
  if (argc == 2) {
    char err[512];
    dev = ww_dev_open(NULL, err, sizeof err);
    if (!dev) {
      fprintf(stderr, "ww-gtkw-disasm: error: %s\n", err);
      return 1;
    }
    k = ww_kernel_load(dev, argv[1]);
    if (!k) {
      fprintf(stderr, "ww-gtkw-disasm: error: %s\n", ww_dev_error(dev));
      ww_dev_close(dev);
      return 1;
    }
  }
  char line[4096], out[512];
  while (fgets(line, sizeof line, stdin)) {
    size_t n = strlen(line);
    int whole = n > 0 && line[n - 1] == '\n';
    while (n > 0 && isspace((unsigned char)line[n - 1]))
      line[--n] = '\0';
    const char *s = line;
    while (isspace((unsigned char)*s))
      s++;
    if (!whole && !feof(stdin)) {   /* longer than any value: skip the rest, echo a mark */
      int c;
      while ((c = getchar()) != EOF && c != '\n')
        ;
      s = "?";
    }
    uint32_t v;
    if (parse_hex(s, &v) != 0)
      snprintf(out, sizeof out, "%s", s);
    else if (k)
      pc_text(k, v, out, sizeof out);
    else
      word_text(v, out, sizeof out);
    printf("%s\n", out);
    fflush(stdout);
  }
  ww_kernel_free(k);
  ww_dev_close(dev);
  return 0;
}
