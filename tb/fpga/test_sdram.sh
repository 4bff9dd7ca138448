#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_sdram.sh [--mutant NAME] [--seed N] [--requests N] -- the board's
# SDRAM memory (rtl/fpga/ww_fpga_sdram.v: the ports' grant, ww_mem_arb, and
# the controller, ww_sdram_ctrl) on the SDRAM model that checks JEDEC's
# rules (sw/fpga/ww_sdram_model.v), random line requests from three ports at
# once against a host reference (tb/fpga/tb_fpga_sdram.v), under Icarus:
# seeds 1..3 or the one given. A failing seed is run again with an FST
# wave, build/waves/sdram/<mutant or rtl>-seed<N>.fst. --mutant NAME builds
# the RTL with `define WW_MUTANT_NAME (a mutant must be caught).
# Exit 0: every seed passed; 3: a seed failed (its "MISMATCH" line
# printed); 2: bad arguments; 1: the bench did not build.
set -uo pipefail
mutant="" seeds="1 2 3" requests=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --mutant)   mutant=${2:?--mutant NAME}; shift 2 ;;
    --seed)     seeds=${2:?--seed N}; shift 2 ;;
    --requests) requests=${2:?--requests N}; shift 2 ;;
    -h|--help)  sed -n '4,14p' "$0"; exit 0 ;;
    *) echo "test_sdram.sh: unknown argument '$1' (--mutant NAME, --seed N, --requests N)" >&2; exit 2 ;;
  esac
done
[[ $seeds =~ ^[0-9]+( [0-9]+)*$ && $requests =~ ^[0-9]*$ ]] \
  || { echo "test_sdram.sh: --seed and --requests take a number" >&2; exit 2; }
name=${mutant:-rtl}
dir=build/fpga/tb_sdram wdir=build/waves/sdram
mkdir -p "$dir" "$wdir"
sim=$dir/$name.vvp
plus=()
[[ -n $requests ]] && plus=(+requests="$requests")
defs=()
[[ -n $mutant ]] && defs=(-DWW_MUTANT_"$mutant")
if ! iverilog -g2005 -Irtl/include "${defs[@]}" -s tb_fpga_sdram -o "$sim" \
     rtl/fpga/ww_mem_arb.v rtl/fpga/ww_sdram_ctrl.v rtl/fpga/ww_fpga_sdram.v \
     sw/fpga/ww_sdram_model.v tb/fpga/tb_fpga_sdram.v 2> "$dir/iverilog_$name.log"; then
  cat "$dir/iverilog_$name.log" >&2; exit 1
fi
rc=0
for s in $seeds; do
  out=$(vvp -n "$sim" +seed="$s" "${plus[@]}" 2>&1)
  if grep -q '^MISMATCH' <<< "$out"; then
    grep '^MISMATCH\|^  ' <<< "$out"
    wave=$wdir/$name-seed$s.fst
    vvp -n "$sim" -fst +seed="$s" "${plus[@]}" +wave="$wave" > /dev/null 2>&1
    echo "  wave: $wave; replay: tb/fpga/test_sdram.sh${mutant:+ --mutant $mutant} --seed $s"
    rc=3
    break
  elif ! grep -q '^PASS' <<< "$out"; then
    echo "MISMATCH seed=$s: the bench ended without a verdict:"; tail -5 <<< "$out"; rc=3; break
  else
    grep '^PASS' <<< "$out"
  fi
done
exit $rc
