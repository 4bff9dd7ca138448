/* SPDX-License-Identifier: Apache-2.0
 *
 * ww_elf -- reads a kernel ELF and checks it before anything touches device
 * memory: ELF32, little-endian, EM_RISCV, ET_EXEC, every table and segment
 * inside the file, every loadable segment inside [mem_lo, mem_hi), no two
 * overlapping, and the entry point inside an executable segment; then
 * (ww_elf_check_code) the code inside the SM instruction memory. Each refusal is one line naming
 * the first problem found. Header fields are checked from the raw bytes
 * before libelf (gelf) reads the tables, so no field is trusted unchecked.
 */
#include "ww_rt_internal.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_ELF_BYTES (256u << 20)   /* no kernel image comes near this */

static int fail(char *err, size_t n, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  if (err && n)
    vsnprintf(err, n, fmt, ap);
  va_end(ap);
  return -1;
}

static const char *machine_name(unsigned m)
{
  switch (m) {
  case EM_386:     return "x86";
  case EM_X86_64:  return "x86-64";
  case EM_ARM:     return "ARM";
  case EM_AARCH64: return "AArch64";
  case EM_MIPS:    return "MIPS";
  case EM_PPC:     return "PowerPC";
  case EM_PPC64:   return "PowerPC64";
  case EM_S390:    return "S/390";
  case EM_RISCV:   return "RISC-V";
  default:         return "unknown machine";
  }
}

static const char *type_name(unsigned t)
{
  switch (t) {
  case ET_NONE: return "ET_NONE, no file type";
  case ET_REL:  return "ET_REL, a relocatable object: link it first";
  case ET_DYN:  return "ET_DYN, a shared object or PIE: link it static at CODE_BASE";
  case ET_CORE: return "ET_CORE, a core dump";
  default:      return "unknown type";
  }
}

/* Reads the whole file; the reason names errno or the size problem. */
static int read_file(const char *path, uint8_t **buf, size_t *size, char *err, size_t n)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return fail(err, n, "cannot open: %s", strerror(errno));
  struct stat st;
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
    fclose(f);
    return fail(err, n, "not a regular file");
  }
  if ((uint64_t)st.st_size > MAX_ELF_BYTES) {
    fclose(f);
    return fail(err, n, "too large for a kernel image (%lld bytes)", (long long)st.st_size);
  }
  size_t len = (size_t)st.st_size;
  uint8_t *p = malloc(len ? len : 1);
  if (!p) {
    fclose(f);
    return fail(err, n, "out of host memory");
  }
  size_t got = fread(p, 1, len, f);
  int rerr = ferror(f);
  fclose(f);
  if (rerr || got != len) {
    free(p);
    return fail(err, n, "read error");
  }
  *buf = p;
  *size = len;
  return 0;
}

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Identification and ELF header, from the raw bytes. */
static int check_header(const uint8_t *b, size_t size, char *err, size_t n)
{
  if (size == 0)
    return fail(err, n, "not an ELF file (empty)");
  if (size < SELFMAG || memcmp(b, ELFMAG, SELFMAG) != 0)
    return fail(err, n, "not an ELF file (no \\177ELF magic)");
  if (size < EI_NIDENT)
    return fail(err, n, "truncated ELF file (%zu bytes, the identification needs %d)",
                size, EI_NIDENT);
  unsigned cls = b[EI_CLASS], data = b[EI_DATA];
  if (cls != ELFCLASS32 && cls != ELFCLASS64)
    return fail(err, n, "not a valid ELF file (bad class byte %u)", cls);
  if (data != ELFDATA2LSB && data != ELFDATA2MSB)
    return fail(err, n, "not a valid ELF file (bad data-encoding byte %u)", data);
  size_t hsize = cls == ELFCLASS32 ? sizeof(Elf32_Ehdr) : sizeof(Elf64_Ehdr);
  if (size < hsize)
    return fail(err, n, "truncated ELF file (%zu bytes, the ELF header needs %zu)", size, hsize);
  unsigned mach = data == ELFDATA2LSB ? rd16(b + 18) : (unsigned)(b[18] << 8 | b[19]);
  if (cls != ELFCLASS32)
    return fail(err, n, "wrong ELF class: ELF64 (%s), expected an ELF32 RISC-V (rv32) kernel",
                machine_name(mach));
  if (data != ELFDATA2LSB)
    return fail(err, n, "wrong endianness: big-endian (%s), expected little-endian RISC-V",
                machine_name(mach));
  if (mach != EM_RISCV)
    return fail(err, n, "wrong machine: %s (e_machine %u), expected RISC-V (%u)",
                machine_name(mach), mach, EM_RISCV);
  if (b[EI_VERSION] != EV_CURRENT || rd32(b + 20) != EV_CURRENT)
    return fail(err, n, "not a valid ELF file (unknown ELF version)");
  unsigned type = rd16(b + 16);
  if (type != ET_EXEC)
    return fail(err, n, "not an executable (%s)", type_name(type));
  return 0;
}

/* Table [off, off + cnt * entsize) must lie inside the file. */
static int check_table(const char *what, uint64_t off, uint64_t cnt, uint64_t entsize,
                       size_t size, char *err, size_t n)
{
  uint64_t end = off + cnt * entsize;
  if (off > size || end > size)
    return fail(err, n, "truncated ELF file: the %s ends at byte %llu, the file has %zu",
                what, (unsigned long long)end, size);
  return 0;
}

/* Also finds the code: the extent of the allocated executable sections
 * (e->code_lo/hi; empty when there are none). */
static int check_sections(ww_elf_t *e, Elf *elf, const uint8_t *b, size_t size,
                          char *err, size_t n)
{
  uint32_t shoff = rd32(b + 32);
  unsigned shentsize = rd16(b + 46), shnum = rd16(b + 48);
  if (shoff == 0)
    return 0;                                   /* no section headers: allowed */
  if (shentsize != sizeof(Elf32_Shdr))
    return fail(err, n, "corrupt ELF file: section header size %u, expected %zu",
                shentsize, sizeof(Elf32_Shdr));
  if (check_table("section header table", shoff, shnum ? shnum : 1, shentsize, size, err, n))
    return -1;
  size_t count;
  if (elf_getshdrnum(elf, &count) != 0)
    return fail(err, n, "corrupt ELF file: %s", elf_errmsg(-1));
  if (check_table("section header table", shoff, count, shentsize, size, err, n))
    return -1;
  size_t i = 0;
  for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr sh;
    i++;
    if (!gelf_getshdr(scn, &sh))
      return fail(err, n, "corrupt ELF file: section %zu: %s", i, elf_errmsg(-1));
    if ((sh.sh_flags & (SHF_ALLOC | SHF_EXECINSTR)) == (SHF_ALLOC | SHF_EXECINSTR) &&
        sh.sh_size) {
      uint64_t lo = sh.sh_addr, hi = (uint64_t)sh.sh_addr + sh.sh_size;
      if (e->code_hi == 0 || lo < e->code_lo)
        e->code_lo = lo;
      if (hi > e->code_hi)
        e->code_hi = hi;
    }
    if (sh.sh_type == SHT_NOBITS || sh.sh_size == 0)
      continue;
    if (sh.sh_offset > size || sh.sh_size > size - sh.sh_offset)
      return fail(err, n, "truncated ELF file: section %zu ends at byte %llu, the file has %zu",
                  i, (unsigned long long)(sh.sh_offset + sh.sh_size), size);
  }
  return 0;
}

static int check_segments(ww_elf_t *e, Elf *elf, uint32_t mem_lo, uint32_t mem_hi,
                          char *err, size_t n)
{
  const uint8_t *b = e->buf;
  uint32_t phoff = rd32(b + 28);
  unsigned phentsize = rd16(b + 42), phnum = rd16(b + 44);
  if (phoff == 0 || phnum == 0)
    return fail(err, n, "no program headers: not a loadable executable");
  if (phentsize != sizeof(Elf32_Phdr))
    return fail(err, n, "corrupt ELF file: program header size %u, expected %zu",
                phentsize, sizeof(Elf32_Phdr));
  if (check_table("program header table", phoff, phnum, phentsize, e->size, err, n))
    return -1;
  size_t count;
  if (elf_getphdrnum(elf, &count) != 0)
    return fail(err, n, "corrupt ELF file: %s", elf_errmsg(-1));
  if (check_table("program header table", phoff, count, phentsize, e->size, err, n))
    return -1;
  e->lo = UINT32_MAX;
  e->hi = 0;
  for (size_t i = 0; i < count; i++) {
    GElf_Phdr ph;
    if (!gelf_getphdr(elf, (int)i, &ph))
      return fail(err, n, "corrupt ELF file: program header %zu: %s", i, elf_errmsg(-1));
    if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
      continue;
    if (ph.p_offset > e->size || ph.p_filesz > e->size - ph.p_offset)
      return fail(err, n, "truncated ELF file: segment %zu ends at byte %llu, the file has %zu",
                  i, (unsigned long long)(ph.p_offset + ph.p_filesz), e->size);
    if (ph.p_filesz > ph.p_memsz)
      return fail(err, n, "corrupt ELF file: segment %zu has more file bytes than memory bytes",
                  i);
    uint64_t lo = ph.p_vaddr, hi = ph.p_vaddr + ph.p_memsz;
    if (lo < mem_lo)
      return fail(err, n, "segment %zu [0x%08llx, 0x%08llx) lies in the null guard [0, 0x%x)",
                  i, (unsigned long long)lo, (unsigned long long)hi, mem_lo);
    if (hi > mem_hi)
      return fail(err, n, "segment %zu [0x%08llx, 0x%08llx) is outside global memory "
                  "[0x%x, 0x%x) (the transaction log region and local memory start at 0x%x)",
                  i, (unsigned long long)lo, (unsigned long long)hi, mem_lo, mem_hi, mem_hi);
    if (e->nseg == WW_ELF_MAX_SEGS)
      return fail(err, n, "too many loadable segments (at most %d)", WW_ELF_MAX_SEGS);
    for (unsigned j = 0; j < e->nseg; j++) {
      const ww_elf_seg_t *o = &e->seg[j];
      if (lo < (uint64_t)o->vaddr + o->memsz && o->vaddr < hi)
        return fail(err, n, "segment %zu [0x%08llx, 0x%08llx) overlaps segment [0x%08x, 0x%08x)",
                    i, (unsigned long long)lo, (unsigned long long)hi, o->vaddr,
                    o->vaddr + o->memsz);
    }
    ww_elf_seg_t *s = &e->seg[e->nseg++];
    s->vaddr = (uint32_t)lo;
    s->memsz = (uint32_t)ph.p_memsz;
    s->offset = (uint32_t)ph.p_offset;
    s->filesz = (uint32_t)ph.p_filesz;
    s->flags = ph.p_flags;
    if (s->vaddr < e->lo)
      e->lo = s->vaddr;
    if ((uint32_t)hi > e->hi)
      e->hi = (uint32_t)hi;
  }
  if (e->nseg == 0)
    return fail(err, n, "no loadable segments");
  if (e->code_hi == 0) {                        /* no section headers: the PF_X segments */
    for (unsigned i = 0; i < e->nseg; i++) {
      const ww_elf_seg_t *s = &e->seg[i];
      if (!(s->flags & PF_X))
        continue;
      if (e->code_hi == 0 || s->vaddr < e->code_lo)
        e->code_lo = s->vaddr;
      if ((uint64_t)s->vaddr + s->memsz > e->code_hi)
        e->code_hi = (uint64_t)s->vaddr + s->memsz;
    }
  }
  e->entry = rd32(b + 24);
  for (unsigned i = 0; i < e->nseg; i++) {
    const ww_elf_seg_t *s = &e->seg[i];
    if (e->entry >= s->vaddr && e->entry - s->vaddr < s->memsz && (s->flags & PF_X))
      return 0;
  }
  return fail(err, n, "entry point 0x%08x is not inside an executable segment", e->entry);
}

int ww_elf_open(ww_elf_t *e, const char *path, uint32_t mem_lo, uint32_t mem_hi,
                char *err, size_t err_len)
{
  memset(e, 0, sizeof *e);
  if (read_file(path, &e->buf, &e->size, err, err_len))
    return -1;
  if (check_header(e->buf, e->size, err, err_len))
    goto bad;
  if (elf_version(EV_CURRENT) == EV_NONE) {
    fail(err, err_len, "libelf: %s", elf_errmsg(-1));
    goto bad;
  }
  Elf *elf = elf_memory((char *)e->buf, e->size);
  if (!elf || elf_kind(elf) != ELF_K_ELF) {
    fail(err, err_len, "not a valid ELF file: %s", elf_errmsg(-1));
    if (elf)
      elf_end(elf);
    goto bad;
  }
  e->elf = elf;
  if (check_sections(e, elf, e->buf, e->size, err, err_len) ||
      check_segments(e, elf, mem_lo, mem_hi, err, err_len))
    goto bad;
  e->lines = ww_srcline_open(elf);
  return 0;
bad:
  ww_elf_close(e);
  return -1;
}

int ww_elf_check_code(const ww_elf_t *e, uint32_t code_base, uint32_t imem_bytes,
                      char *err, size_t n)
{
  uint64_t end = (uint64_t)code_base + imem_bytes;
  if (e->code_lo < code_base)
    return fail(err, n, "kernel code starts at 0x%08llx, below the SM instruction memory at "
                "0x%x (WW_CODE_BASE): link it at WW_CODE_BASE",
                (unsigned long long)e->code_lo, code_base);
  if (e->code_hi > end) {
    if (e->code_lo == code_base)
      return fail(err, n, "kernel code is %llu bytes; the SM instruction memory holds %u bytes "
                  "(WW_IMEM_BYTES, from WW_CODE_BASE 0x%x)",
                  (unsigned long long)(e->code_hi - e->code_lo), imem_bytes, code_base);
    return fail(err, n, "kernel code [0x%08llx, 0x%08llx) ends %llu bytes above WW_CODE_BASE "
                "0x%x; the SM instruction memory holds %u bytes (WW_IMEM_BYTES)",
                (unsigned long long)e->code_lo, (unsigned long long)e->code_hi,
                (unsigned long long)(e->code_hi - code_base), code_base, imem_bytes);
  }
  if (e->entry < code_base || e->entry >= end)
    return fail(err, n, "entry point 0x%08x is outside the SM instruction memory "
                "[0x%x, 0x%llx) (WW_CODE_BASE, WW_IMEM_BYTES)",
                e->entry, code_base, (unsigned long long)end);
  return 0;
}

void ww_elf_close(ww_elf_t *e)
{
  if (!e)
    return;
  ww_srcline_free(e->lines);
  if (e->elf)
    elf_end(e->elf);
  free(e->buf);
  memset(e, 0, sizeof *e);
}

const char *ww_elf_symbol_at(const ww_elf_t *e, uint32_t addr)
{
  Elf *elf = e->elf;
  if (!elf)
    return NULL;
  for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0)
      continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    if (!d)
      continue;
    size_t cnt = sh.sh_size / sh.sh_entsize;
    const char *best = NULL;
    for (size_t i = 0; i < cnt; i++) {
      GElf_Sym sym;
      if (!gelf_getsym(d, (int)i, &sym) || sym.st_value != addr || sym.st_name == 0 ||
          sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE)
        continue;                               /* no linker-script constants */
      unsigned t = GELF_ST_TYPE(sym.st_info);
      if (t != STT_FUNC && t != STT_NOTYPE)
        continue;
      const char *name = elf_strptr(elf, sh.sh_link, sym.st_name);
      if (!name || !*name || name[0] == '.' || name[0] == '$')
        continue;
      /* Prefer a function symbol, then a global one. */
      if (!best || t == STT_FUNC || GELF_ST_BIND(sym.st_info) == STB_GLOBAL)
        best = name;
    }
    if (best)
      return best;
  }
  return NULL;
}
