#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_fpga_cli.sh WARPWATCH KERNEL_DIR RUNTIME_KERNEL_DIR -- warpwatch on the
# fpga backend through the simulated UART (docs/fpga.md sec. 5):
#   * vecadd and saxpy: the buffers --print shows are the cmodel backend's;
#     --stats counts the same warp and thread instructions (architectural);
#     --stalls reads every SM's GSI counters over the link, and their classes
#     sum to the cycles (GSI's invariant, checked by the report itself);
#   * a misaligned load: the same trap report (kind, SM, warp, block, mask,
#     PC, instruction, source line) as on cmodel, exit 3;
#   * a device that does not exist, /dev/null: one clear error line, exit 1;
#     a missing --port, --port on another backend, an option the link cannot
#     honour: a usage error, exit 2.
# Ends with "N passed, N failed".
set -u
WW=$1 KD=$2 RK=$3
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
# shellcheck source=sw/runtime/test/cli_lib.sh
source sw/runtime/test/cli_lib.sh

# the lines of --print ("argN i32[n]: ..."), cmodel's against fpga's
same_print() {
  if diff <(grep -E '^arg[0-9]+ ' "$OUT/ref") <(grep -E '^arg[0-9]+ ' "$OUT/stdout") >"$OUT/diff"; then
    if grep -q -E '^arg[0-9]+ ' "$OUT/ref"; then ok; else bad "no printed values to compare"; fi
  else
    bad "fpga output differs from cmodel: $(head -3 "$OUT/diff" | tr '\n' ' ')"
  fi
}

A=(--grid 2 --block 32 --arg "i32:$(seq -s, 1 64)" --arg "i32:$(seq -s, 1000 1063)" --arg buf:256
   --arg 64 --print 2:i32)
run 0 run "$KD/vecadd.elf" "${A[@]}" --stats && cp "$OUT/stdout" "$OUT/ref"
run 0 run "$KD/vecadd.elf" "${A[@]}" --stats --stalls --backend fpga --port sim && same_print
for s in "warp insns" "thread insns"; do
  r=$(grep -o -E "$s [0-9]+" "$OUT/ref" | head -1) f=$(grep -o -E "$s [0-9]+" "$OUT/stdout" | head -1)
  if [ -n "$r" ] && [ "$r" = "$f" ]; then ok; else bad "$s: cmodel '$r', fpga '$f'"; fi
done
has stdout "stalls"

S=(--grid 3 --block 24 --arg 3 --arg "i32:$(seq -s, 0 71)" --arg "i32:$(seq -s, 5 76)" --arg 72
   --print 2:i32)
run 0 run "$KD/saxpy.elf" "${S[@]}" && cp "$OUT/stdout" "$OUT/ref"
run 0 run "$KD/saxpy.elf" "${S[@]}" --backend fpga --port sim && same_print

T=(--grid 1 --block 8 --arg buf:64)
run 3 run "$RK/trap_misaligned.elf" "${T[@]}" && cp "$OUT/stderr" "$OUT/ref"
run 3 run "$RK/trap_misaligned.elf" "${T[@]}" --backend fpga --port sim
# the report up to the source line: kind, SM, warp, block, mask, pc, instruction
want=$(grep -o -E '^trap: misaligned access .*\]' "$OUT/ref" | head -1)
if [ -n "$want" ] && grep -q -F -- "$want" "$OUT/stderr"; then ok; else bad "trap report differs from cmodel's: '$want'"; fi

run 1 run "$KD/vecadd.elf" "${A[@]}" --backend fpga --port /dev/ww-no-such-tty && \
  has stderr "cannot open the serial port /dev/ww-no-such-tty: No such file or directory"
run 2 run "$KD/vecadd.elf" "${A[@]}" --backend fpga && one_line_error "--backend fpga needs --port"
run 2 run "$KD/vecadd.elf" "${A[@]}" --port sim && one_line_error "--port is the fpga backend's"
run 2 run "$KD/vecadd.elf" "${A[@]}" --backend fpga --port sim --memcheck && \
  one_line_error "--memcheck needs the retired instructions"
run 1 run "$KD/vecadd.elf" "${A[@]}" --backend fpga --port /dev/null && has stderr "/dev/null is not a serial port"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
