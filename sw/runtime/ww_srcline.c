/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_srcline -- PC -> "file.c:42" from the kernel's DWARF line table (libdw).
 * clang emits no .debug_aranges by default, so when dwarf_addrdie() finds no
 * unit the lookup walks the compile units and asks each whether it covers
 * the PC. A kernel without debug info simply has no source lines.
 * For code inlined from another function (the intrinsics of warpwatch.h) the
 * outermost call site names the kernel's own line.
 */
#include "ww_rt_internal.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <stdlib.h>
#include <string.h>

struct ww_srcline {
  Dwarf *dbg;
};

ww_srcline_t *ww_srcline_open(void *elf)
{
  Dwarf *dbg = dwarf_begin_elf((Elf *)elf, DWARF_C_READ, NULL);
  if (!dbg)
    return NULL;
  ww_srcline_t *s = malloc(sizeof *s);
  if (!s) {
    dwarf_end(dbg);
    return NULL;
  }
  s->dbg = dbg;
  return s;
}

void ww_srcline_free(ww_srcline_t *s)
{
  if (!s)
    return;
  dwarf_end(s->dbg);
  free(s);
}

static const char *base_name(const char *path);

/* The compile unit DIE that covers pc. */
static int find_cu(Dwarf *dbg, uint32_t pc, Dwarf_Die *cu)
{
  if (dwarf_addrdie(dbg, pc, cu))
    return 0;
  Dwarf_CU *unit = NULL, *next;
  Dwarf_Half version;
  uint8_t unit_type;
  Dwarf_Die cudie;
  for (unsigned guard = 0; guard < 100000; guard++) {
    if (dwarf_get_units(dbg, unit, &next, &version, &unit_type, &cudie, NULL) != 0)
      break;
    unit = next;
    if (dwarf_tag(&cudie) == DW_TAG_compile_unit && dwarf_haspc(&cudie, pc) == 1) {
      *cu = cudie;
      return 0;
    }
  }
  return -1;
}

int ww_srcline_lookup(const ww_srcline_t *s, uint32_t pc, char *buf, size_t n)
{
  if (n)
    buf[0] = '\0';
  if (!s)
    return -1;
  Dwarf_Die cu;
  if (find_cu(s->dbg, pc, &cu))
    return -1;
  Dwarf_Line *line = dwarf_getsrc_die(&cu, pc);
  int lineno = 0;
  const char *file = line ? dwarf_linesrc(line, NULL, NULL) : NULL;
  if (!file || dwarf_lineno(line, &lineno) != 0 || lineno <= 0)
    return -1;
  snprintf(buf, n, "%s:%d", base_name(file), lineno);
  return 0;
}

static const char *base_name(const char *path)
{
  const char *b = strrchr(path, '/');
  return b ? b + 1 : path;
}

/* The outermost DW_TAG_inlined_subroutine under parent that covers pc,
 * descending through the subprograms and lexical blocks that cover it.
 * (dwarf_getscopes() leaks on some malformed DWARF, so this walks itself;
 * *budget bounds the walk whatever the sibling links say.) */
static int find_inlined(Dwarf_Die *parent, uint32_t pc, Dwarf_Die *out, unsigned depth,
                        unsigned *budget)
{
  Dwarf_Die child;
  if (depth > 64 || dwarf_child(parent, &child) != 0)
    return -1;
  do {
    if ((*budget)-- == 0)
      return -1;
    int tag = dwarf_tag(&child);
    if (tag != DW_TAG_inlined_subroutine && tag != DW_TAG_subprogram &&
        tag != DW_TAG_lexical_block)
      continue;
    if (dwarf_haspc(&child, pc) != 1)
      continue;
    if (tag == DW_TAG_inlined_subroutine) {
      *out = child;
      return 0;
    }
    return find_inlined(&child, pc, out, depth + 1, budget);
  } while (dwarf_siblingof(&child, &child) == 0);
  return -1;
}

int ww_srcline_callsite(const ww_srcline_t *s, uint32_t pc, char *buf, size_t n)
{
  if (n)
    buf[0] = '\0';
  Dwarf_Die cu, inl;
  unsigned budget = 100000;
  if (!s || find_cu(s->dbg, pc, &cu) || find_inlined(&cu, pc, &inl, 0, &budget))
    return -1;
  Dwarf_Attribute attr;
  Dwarf_Word file = 0, line = 0;
  Dwarf_Files *files;
  size_t nfiles;
  const char *name = NULL;
  if (dwarf_formudata(dwarf_attr(&inl, DW_AT_call_file, &attr), &file) == 0 &&
      dwarf_formudata(dwarf_attr(&inl, DW_AT_call_line, &attr), &line) == 0 && line > 0 &&
      dwarf_getsrcfiles(&cu, &files, &nfiles) == 0 && file < nfiles)
    name = dwarf_filesrc(files, file, NULL, NULL);
  if (!name)
    return -1;
  snprintf(buf, n, "%s:%llu", base_name(name), (unsigned long long)line);
  return 0;
}

/* Appends to out[*n] the call sites of the DW_TAG_inlined_subroutine DIEs
 * under parent that cover pc, outermost first, descending through
 * subprograms, lexical blocks and the inlined calls themselves. */
static void inlined_chain(Dwarf_Die *cu, Dwarf_Die *parent, uint32_t pc, char (*out)[64],
                          int max, int *n, unsigned depth, unsigned *budget)
{
  Dwarf_Die child;
  if (depth > 64 || dwarf_child(parent, &child) != 0)
    return;
  do {
    if ((*budget)-- == 0)
      return;
    int tag = dwarf_tag(&child);
    if (tag != DW_TAG_inlined_subroutine && tag != DW_TAG_subprogram &&
        tag != DW_TAG_lexical_block)
      continue;
    if (dwarf_haspc(&child, pc) != 1)
      continue;
    if (tag == DW_TAG_inlined_subroutine && *n < max) {
      Dwarf_Attribute attr;
      Dwarf_Word file = 0, line = 0;
      Dwarf_Files *files;
      size_t nfiles;
      const char *name = NULL;
      if (dwarf_formudata(dwarf_attr(&child, DW_AT_call_file, &attr), &file) == 0 &&
          dwarf_formudata(dwarf_attr(&child, DW_AT_call_line, &attr), &line) == 0 && line > 0 &&
          dwarf_getsrcfiles(cu, &files, &nfiles) == 0 && file < nfiles)
        name = dwarf_filesrc(files, file, NULL, NULL);
      snprintf(out[(*n)++], 64, "%s:%llu", name ? base_name(name) : "?",
               (unsigned long long)line);
    }
    inlined_chain(cu, &child, pc, out, max, n, depth + 1, budget);
    return;   /* one DIE covers pc at each level */
  } while (dwarf_siblingof(&child, &child) == 0);
}

int ww_srcline_chain(const ww_srcline_t *s, uint32_t pc, char (*out)[64], int max)
{
  Dwarf_Die cu;
  char line[64];
  if (max < 1 || ww_srcline_lookup(s, pc, line, sizeof line) != 0 || find_cu(s->dbg, pc, &cu))
    return 0;
  /* the call sites come outermost first; the chain wants them innermost first */
  int n = 0;
  unsigned budget = 100000;
  inlined_chain(&cu, &cu, pc, out + 1, max - 1, &n, 0, &budget);
  for (int i = 0; i < n / 2; i++) {
    char t[64];
    memcpy(t, out[1 + i], 64);
    memcpy(out[1 + i], out[n - i], 64);
    memcpy(out[n - i], t, 64);
  }
  snprintf(out[0], 64, "%s", line);
  return n + 1;
}
