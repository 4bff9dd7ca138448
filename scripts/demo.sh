#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# demo.sh -- the main job (make run): kernels on the golden C model and on
# the Verilated GPU (co-simulated against the golden model) with their
# cycles and IPC, a ScoRD race report from the RTL's race log, and the GSI
# stall breakdown of a lock-bound kernel with its plot under build/reports/.
# Prints the wall time at the end. The lockstep table of every block is
# scripts/demo_lockstep.sh (make demo-lockstep).
set -uo pipefail

t0=${WW_RUN_T0:-$(date +%s)}   # make run passes the time its build began
status=0
printf 'Kernels on the golden C model (build/bin/warpwatch):\n\n'
for sc in 0 1; do
  name=$([ $sc = 0 ] && echo "block scope (insufficient)" || echo "device scope")
  out=$(build/bin/warpwatch run build/kernels/scoped_race.elf --grid 8 --block 32 \
        --arg buf:4 --arg $sc --arg 4 --print 0:u32:1) || status=1
  printf '  scoped_race, %-27s total %5s of 1024\n' "$name:" "$(awk '/^arg0/ {print $3}' <<<"$out")"
done
printf '  (warpwatch run build/kernels/scoped_race.elf --grid 8 --block 32 --arg buf:4 --arg SCOPE --arg 4 --print 0:u32:1)\n\n'
printf 'The GPU in RTL (Verilator), co-simulated against the golden model:\n\n'
rtl_run() {  # NAME SHOWN-ARGS ARGS...: one kernel on the RTL, its result and cycles/IPC
  local name=$1 shown=$2; shift 2
  local out
  out=$(build/bin/warpwatch run "$@" --backend verilator 2>&1) || { status=1; echo "$out" | tail -n 5; }
  printf '  %-30s %s\n' "$name" "$(grep -m1 '^rtl:' <<<"$out" | sed 's/^rtl: //')"
  grep '^arg' <<<"$out" | sed 's/^/      /' | cut -c1-110
  printf '      (build/bin/warpwatch run %s --backend verilator)\n' "${shown:-$*}"
}
rtl_run "alu_loop (compute-bound)" "" build/kernels/alu_loop.elf --grid 4 --block 32 \
  --arg buf:512 --arg 1000 --print 0:x32:8
rtl_run "vecadd 1000 elements" \
  "build/kernels/vecadd.elf --grid 8 --block 32 --arg i32:0,...,999 --arg i32:1000,...,1999 --arg buf:4000 --arg 1000 --print 2:i32:8" \
  build/kernels/vecadd.elf --grid 8 --block 32 \
  --arg "i32:$(seq -s, 0 999)" --arg "i32:$(seq -s, 1000 1999)" --arg buf:4000 --arg 1000 \
  --print 2:i32:8
for sc in 0 1; do
  rtl_run "scoped_race, $([ $sc = 0 ] && echo block || echo device) scope" "" build/kernels/scoped_race.elf --grid 8 --block 32 \
    --arg buf:4 --arg $sc --arg 4 --print 0:u32:1 --cosim follow
done
printf '\nScoRD in the RTL: races in message_passing (flags strong, data plain, docs/scord.md §5):\n\n'
out=$(build/bin/warpwatch run build/kernels/message_passing.elf --grid 2 --block 32 --arg buf:4 \
      --arg buf:4 --arg buf:4 --arg buf:20 --backend verilator --cosim follow --scord=full 2>&1) \
  || { status=1; echo "$out" | tail -n 5; }
grep -E '^(scord|race|  (current|previous):)' <<<"$out" | sed 's/^/  /' | cut -c1-150
printf '  (build/bin/warpwatch run build/kernels/message_passing.elf --grid 2 --block 32 --arg buf:4 --arg buf:4 --arg buf:4 --arg buf:20 --backend verilator --cosim follow --scord=full)\n'
printf '\nGSI in the RTL: where the cycles of uts_central go (one global queue lock, docs/gsi.md):\n\n'
uts=(build/kernels/uts_central.elf --grid 2 --block 32 --arg buf:16416 --arg 1 --arg 4096 --arg i32:1
     --arg buf:256 --arg buf:256 --arg 6 --arg 128 --arg 4 --arg 14746 --arg 40 --arg 8)
out=$(build/bin/warpwatch run "${uts[@]}" --backend verilator --cosim off --stalls \
      --stalls-plot build/reports/demo_stalls.svg 2>&1) || { status=1; echo "$out" | tail -n 5; }
grep -E '^(GSI|class|idle|control|sync|mem_data|mem_struct|comp_data|comp_struct|no_stall|cycles|classes|stalls)' <<<"$out" | sed 's/^/  /'
printf '  (build/bin/warpwatch run %s --backend verilator --cosim off --stalls --stalls-plot build/reports/demo_stalls.svg)\n' "${uts[*]}"
printf '\n'
printf 'more: make demo-lockstep (every block against its C model), make test, make bench\n'
printf 'make run: %s in %d s\n' "$([ $status = 0 ] && echo ok || echo FAILED)" $(( $(date +%s) - t0 ))
exit $status
