#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_fpga_faults.sh SW_TESTS_FPGA WARPWATCH KERNEL_DIR -- the fpga backend
# on a broken link (docs/fpga.md sec. 5):
#   * the simulator flips a bit of one byte in 1000 at random (both
#     directions; frames are up to 265 bytes): the CRC catches each, the
#     backend retries, the vecadd and reduction groups still pass against
#     their host references, and retries were counted;
#   * it loses one byte in 5000: the frame times out, the backend retries,
#     the group passes;
#   * a dead link (the simulator drops every byte): warpwatch fails with one
#     error line naming the port, the frame and the tries, exit 1.
# Short deadlines ($WW_FPGA_TIMEOUT_MS) keep it fast. Ends with "N passed, N failed".
set -u
SWT=$1 WW=$2 KD=$3
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
# shellcheck source=sw/runtime/test/cli_lib.sh
source sw/runtime/test/cli_lib.sh
export WW_FPGA_TIMEOUT_MS=400 WW_FPGA_LINK_STATS=1
# sw_tests_fpga is not in build/bin: the server beside warpwatch
WW_FPGA_SIM=$(cd "$(dirname "$WW")" && pwd)/ww-fpga-sim
export WW_FPGA_SIM

retries() { grep -o -E '[0-9]+ retries' "$OUT/stderr" | awk '{ s += $1 } END { print s + 0 }'; }

for g in vecadd reduction; do
  run_with "$SWT" 0 --backend=fpga "--port=sim --corrupt-every 1000 --stats" --seeds=0 --only=$g && \
    has stdout " 0 failed"
  r=$(retries)
  if [ "$r" -gt 0 ]; then ok; else bad "corrupted link, group $g: no retry counted"; fi
  c=$(grep -o -E '[0-9]+ bytes corrupted' "$OUT/stderr" | awk '{ s += $1 } END { print s + 0 }')
  if [ "$c" -gt 0 ]; then ok; else bad "the simulator corrupted no byte"; fi
  echo "corrupt-every 1000, $g: $c bytes corrupted, $r retries"
done

WW_FPGA_TIMEOUT_MS=250 run_with "$SWT" 0 --backend=fpga "--port=sim --drop-every 5000 --stats" --seeds=0 --only=vecadd && \
  has stdout " 0 failed"
r=$(retries)
if [ "$r" -gt 0 ]; then ok; else bad "lossy link: no retry counted"; fi
echo "drop-every 5000, vecadd: $r retries"

A=(--grid 1 --block 8 --arg buf:32 --arg buf:32 --arg buf:32 --arg 8)
WW_FPGA_TIMEOUT_MS=200 WW_FPGA_RETRIES=3 WW_FPGA_LINK_STATS= \
  run 1 run "$KD/vecadd.elf" "${A[@]}" --backend fpga --port "sim --dead" && \
  one_line_error "no answer from the FPGA on sim --dead: INFO (seq 1) timed out after 200 ms, 3 tries"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
