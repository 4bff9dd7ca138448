#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# tx_doomed.sh [MODE] -- KILO TM's watchdog (docs/tm.md sec. 4.3 step 7) on
# the kernel sw/kernels/tx_doomed.c, whose reader transactions spin forever
# when they saw a writer's commit between their two reads.
#   rtl     (default) the RTL, co-simulated (sync): the grid completes with
#           the serial result (ab[0] = 24 = -ab[8], every reader thread's
#           count 2) and the RTL's watchdog restarted at least one attempt
#           (--tm-stats "watchdog restarts N", N > 0); the model followed
#           every validation and abort (co-simulation agrees).
#   rtl-off the RTL with --tx-watchdog 0: the doomed transaction spins until
#           the cycle limit (--max-steps, the hang watchdog off): a STEP_LIMIT
#           stop, never a completed grid (the negative check).
#   cmodel  the golden model alone, its own watchdog: completes, restarts > 0.
# Ends with one "N passed, N failed" line.
set -uo pipefail
mode=${1:-rtl}
ww=build/bin/warpwatch
elf=build/kernels/tx_doomed.elf
args=(run "$elf" --grid 1 --block 32 --arg buf:64 --arg 3 --arg 2 --arg 200 --arg buf:128
      --print 0:i32:9 --print 4:u32 --tm-stats)
case $mode in
  rtl)     extra=(--backend verilator) ;;
  rtl-off) extra=(--backend verilator --tx-watchdog 0 --max-steps 200000 --hang-limit 0) ;;
  cmodel)  extra=() ;;
  *) echo "usage: tb/tm/tx_doomed.sh [rtl|rtl-off|cmodel]" >&2; exit 2 ;;
esac
echo "+ $ww ${args[*]} ${extra[*]}"
out=$("$ww" "${args[@]}" "${extra[@]}" 2>&1)
rc=$?
echo "$out" | tail -n 8
fail() { echo "FAIL tx_doomed/$mode: $*"; echo "0 passed, 1 failed"; exit 1; }
if [ "$mode" = rtl-off ]; then
  [ $rc -ne 0 ] || fail "the grid completed without the watchdog (exit 0)"
  grep -q "the grid did not finish within 200000 cycles" <<<"$out" ||
    fail "not stopped by the cycle limit (200 000 cycles)"
  spin=$(grep -n 'doomed: only the watchdog' sw/kernels/tx_doomed.c | cut -d: -f1)
  grep -q "^  SM 0 warp [0-9] (block 0): pc .*\[tx_doomed.c:$spin\]" <<<"$out" ||
    fail "no reader named at its spin loop (tx_doomed.c:$spin)"
  echo "PASS tx_doomed/$mode: without the watchdog the doomed transaction spins to the cycle limit"
  echo "1 passed, 0 failed"
  exit 0
fi
[ $rc -eq 0 ] || fail "exit $rc"
grep -q "^arg0 i32\[9\]: 24 0 0 0 0 0 0 0 -24$" <<<"$out" || fail "a, b are not 24, -24"
grep -q "^arg4 u32\[32\]: 0 0 0 0 0 0 0 0\( 2\)\{24\}$" <<<"$out" || fail "reader counts are not 2"
n=$(sed -n 's/.*watchdog restarts \([0-9]*\).*/\1/p' <<<"$out" | head -n 1)
[ -n "$n" ] && [ "$n" -gt 0 ] || fail "no watchdog restart (${n:-none})"
if [ "$mode" = rtl ]; then
  grep -q "co-simulation (sync) agrees" <<<"$out" || fail "co-simulation did not agree"
fi
echo "PASS tx_doomed/$mode: completed with the serial result, $n watchdog restarts"
echo "1 passed, 0 failed"
