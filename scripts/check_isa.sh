#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# check_isa.sh -- fails if rtl/include/ww_isa.vh drifted from
# cmodel/include/ww_isa.def, or if two table entries can match one word.
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
