#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# check_config.sh -- fails if the checked-in rtl/include/ww_config.vh,
# cmodel/include/ww_config.h or sw/link/ww_config.ld drifted from
# cmodel/include/ww_config.def:
#   1. regenerating both from the .def must reproduce the checked-in files;
#   2. every value, read back through each language's own tool (gcc on the
#      C header, Icarus on the Verilog include), must be equal.
set -euo pipefail

out=build/config-check
mkdir -p "$out"
gcc -std=c11 -Wall -Wextra -Werror -Icmodel/include cmodel/tools/ww_gen_config.c -o "$out/gen"
"$out/gen" "$out/ww_config.vh" "$out/ww_config.h" "$out/ww_config.ld"
status=0
for f in rtl/include/ww_config.vh cmodel/include/ww_config.h sw/link/ww_config.ld; do
  if ! cmp -s "$f" "$out/$(basename "$f")"; then
    echo "config drift: $f differs from what ww_config.def generates (run 'make gen'):"
    diff -u "$f" "$out/$(basename "$f")" | head -20
    status=1
  fi
done

names=$(sed -n 's/^WW_CFG(\([A-Z0-9_]*\),.*/\1/p' cmodel/include/ww_config.def)
n=$(echo "$names" | wc -l)
{
  echo '#include <stdio.h>'
  echo '#include "ww_config.h"'
  echo 'int main(void) {'
  for x in $names; do echo "  printf(\"$x %ld\\n\", (long)(WW_$x));"; done
  echo '  return 0; }'
} >"$out/values.c"
{
  echo '`include "ww_config.vh"'
  echo 'module values; initial begin'
  for x in $names; do echo "  \$display(\"$x %0d\", \`WW_$x);"; done
  echo 'end endmodule'
} >"$out/values.v"
gcc -std=c11 -Icmodel/include "$out/values.c" -o "$out/values_c" && "$out/values_c" >"$out/values_c.txt"
iverilog -g2005 -Irtl/include -o "$out/values.vvp" "$out/values.v" && vvp -n "$out/values.vvp" >"$out/values_v.txt"
if ! diff -u "$out/values_c.txt" "$out/values_v.txt"; then
  echo "config drift: the C header and the Verilog include disagree"
  status=1
fi
[ $status -eq 0 ] && echo "config: $n parameters, generated files and both languages agree"
exit $status
