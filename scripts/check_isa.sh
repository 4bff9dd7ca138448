#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# check_isa.sh -- fails if rtl/include/ww_isa.vh drifted from
# cmodel/include/ww_isa.def, if two table entries can match one word, or if
# the encoding table of docs/isa.md ("Encodings") differs from ww_isa.def
# (every row, match and mask) or one of its `.insn` forms, assembled by the
# stock clang, does not give its instruction.
set -euo pipefail
out=build/isa-check
mkdir -p "$out"
gcc -std=c11 -Wall -Wextra -Werror -Icmodel/include cmodel/tools/ww_gen_isa.c -o "$out/gen"
"$out/gen" "$out/ww_isa.vh"
if ! cmp -s rtl/include/ww_isa.vh "$out/ww_isa.vh"; then
  echo "isa drift: rtl/include/ww_isa.vh differs from what ww_isa.def generates (run 'make gen')"
  diff -u rtl/include/ww_isa.vh "$out/ww_isa.vh" | head -20
  exit 1
fi
cat >"$out/overlap.c" <<'C'
#include <stdio.h>
#include <stdint.h>
static const struct { const char *n; uint32_t match, mask; } t[] = {
#define WW_INSN(name, mnem, match, mask, fmt, cls) { mnem, match, mask },
#include "ww_isa.def"
};
int main(void) {
  unsigned n = sizeof t / sizeof t[0], bad = 0;
  for (unsigned i = 0; i < n; i++) {
    if ((t[i].match & ~t[i].mask) != 0) { printf("%s: match has bits outside its mask\n", t[i].n); bad++; }
    for (unsigned j = i + 1; j < n; j++) {
      uint32_t common = t[i].mask & t[j].mask;   /* a word can match both iff they agree on common bits */
      if (((t[i].match ^ t[j].match) & common) == 0) { printf("%s and %s can match the same word\n", t[i].n, t[j].n); bad++; }
    }
  }
  if (!bad) printf("isa: %u instructions, encodings disjoint, ww_isa.vh up to date\n", n);
  return bad != 0;
}
C
gcc -std=c11 -Wall -Wextra -Werror -Icmodel/include "$out/overlap.c" -o "$out/overlap"
"$out/overlap"

# docs/isa.md's encoding table against the def, and its .insn forms assembled.
python3 - "$out" <<'PY'
import re, subprocess, sys
out = sys.argv[1]
defs = {}
for line in open("cmodel/include/ww_isa.def"):
    m = re.match(r'WW_INSN\(\w+,\s*"([^"]+)",\s*(0x[0-9A-Fa-f]+),\s*(0x[0-9A-Fa-f]+)', line)
    if m:
        defs[m[1]] = (int(m[2], 16), int(m[3], 16))
docs, forms, bad = {}, [], 0
row = re.compile(r'^\| `([a-z0-9.]+)` \| [^|]*\| `(0x[0-9A-F]{8})` \| `(0x[0-9A-F]{8})` \| *(?:`(\.insn [^`]*)`)? *\|$')
for line in open("docs/isa.md"):
    m = row.match(line.rstrip())
    if m:
        docs[m[1]] = (int(m[2], 16), int(m[3], 16))
        if m[4]:
            forms.append((m[1], m[4]))
for n in sorted(set(defs) | set(docs)):
    if defs.get(n) != docs.get(n):
        hx = lambda t: "match 0x%08X mask 0x%08X" % t if t else "no row"
        print(f"isa docs drift: {n}: ww_isa.def {hx(defs.get(n))}, docs/isa.md {hx(docs.get(n))}")
        bad += 1
# Each form with rd=a0 (10), rs1=a1 (11), rs2=a2 (12), rs3=a3 (13), imm=8.
asm = [".text"]
for n, f in forms:
    asm.append(f.replace("imm(rs1)", "8(a1)").replace("rd", "a0").replace("rs1", "a1")
                .replace("rs2", "a2").replace("rs3", "a3"))
asm.append("csrr a0, 0xCCB")
open(f"{out}/forms.S", "w").write("\n".join(asm) + "\n")
try:
    subprocess.run(["clang", "--target=riscv32-unknown-elf", "-march=rv32im", "-mno-relax", "-c",
                    f"{out}/forms.S", "-o", f"{out}/forms.o"], check=True)
    subprocess.run(["llvm-objcopy", "-O", "binary", "--only-section=.text", f"{out}/forms.o",
                    f"{out}/forms.bin"], check=True)
except (OSError, subprocess.CalledProcessError) as e:
    print(f"isa docs: cannot assemble the .insn forms: {e}")
    sys.exit(1)
b = open(f"{out}/forms.bin", "rb").read()
words = [int.from_bytes(b[i:i + 4], "little") for i in range(0, len(b), 4)]
if len(words) != len(forms) + 1:
    print(f"isa docs: {len(words)} words for {len(forms) + 1} forms")
    sys.exit(1)
for (n, f), w in zip(forms, words):
    match, mask = defs.get(n, (None, None))
    ok = match is not None and (w & mask) == match
    ops = f.split(None, 2)[2] if len(f.split(None, 2)) > 2 else ""
    want = {"rd": (7, 10), "rs1": (15, 11), "rs2": (20, 12), "rs3": (27, 13)}
    for op, (shift, reg) in want.items():
        if re.search(r"\b%s\b" % op, ops) and (w >> shift) & 31 != reg:
            ok = False
    if "imm(rs1)" in ops:
        imm = (w >> 20) if f.startswith(".insn i") else ((w >> 7) & 31) | ((w >> 25) << 5)
        ok = ok and imm == 8
    if not ok:
        print(f"isa docs: '{f}' assembles to 0x{w:08X}, which is not {n}")
        bad += 1
if words[-1] != 0xCCB02573:
    print(f"isa docs: csrr a0, 0xCCB is 0x{words[-1]:08X}, docs/isa.md says 0xCCB02573")
    bad += 1
if bad:
    sys.exit(1)
print(f"isa docs: {len(docs)} encodings match ww_isa.def, {len(forms)} .insn forms assemble to them")
PY
