#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_drf_fpga.sh SIM -- the DRF tester's board top (fpga/boards/ulx3s/
# ulx3s_drf.v: the tester on the memory system, its memory in block RAM, the
# run controller, the UART report) Verilated (fpga/sim/ulx3s_drf_sim.cpp
# decodes the UART): on the correct memory system 8 runs pass with seeds
# 1..8 in order, each with cycles and the same number of episodes; with an
# injected bug (plusarg) the board halts at a failing run whose report
# line has the bug's failure kind, and the LEDs show "failed" only.
# Exit 0 when all hold.
set -uo pipefail
sim=$1
fails=0
out=$("$sim" --runs 8 2>&1)
mapfile -t lines < <(grep '^[PF] ' <<<"$out")
ok=1
[ ${#lines[@]} -eq 8 ] || ok=0
ep0=""
for i in "${!lines[@]}"; do
  read -r tag seed kind cycles eps _ <<<"${lines[$i]}"
  [ "$tag" = P ] && [ $((16#$seed)) -eq $((i + 1)) ] && [ $((16#$kind)) -eq 0 ] && \
    [ $((16#$cycles)) -gt 0 ] && [ $((16#$eps)) -gt 0 ] || ok=0
  [ -z "$ep0" ] && ep0=$eps
  [ "$eps" = "$ep0" ] || ok=0
done
if [ $ok -eq 1 ]; then
  echo "ok   no bug: 8 runs passed, seeds 1..8, $((16#$ep0)) episodes each ($(tail -1 <<<"$out"))"
else
  echo "FAIL no bug: expected 8 passing runs with seeds 1..8:"; echo "$out" | tail -10; fails=$((fails + 1))
fi
# BUG KIND (WW_DRF_FAIL_*: 1 load, 2 atomic not unique)
for c in "L2_AMO_NO_FWD 2" "L1_INVAL_KEEPS_LINES 1" "L1_MERGE_WRONG_WORD 1"; do
  read -r bug kind <<<"$c"
  out=$("$sim" --runs 20 "+WW_BUG_$bug" 2>&1)
  f=$(grep -m1 '^F ' <<<"$out")
  read -r _ seed k _ <<<"$f"
  if [ -n "$f" ] && [ $((16#$k)) -eq "$kind" ] && grep -q 'leds 0x02$' <<<"$out"; then
    echo "ok   $bug: run with seed $((16#$seed)) failed with kind $kind: $f"
  else
    echo "FAIL $bug: expected a failing run of kind $kind and the failed LED:"; echo "$out" | tail -4
    fails=$((fails + 1))
  fi
done
[ $fails -eq 0 ]
