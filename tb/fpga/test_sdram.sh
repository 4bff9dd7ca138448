#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_sdram.sh [--bench sdram|fpga_sdram] [--mutant NAME] [--seed N]
# [--requests N] -- the SDRAM controller (rtl/fpga/ww_sdram_ctrl.v) on the
# SDRAM model that checks JEDEC's rules (tb/fpga/sdram_model.v), random
# line requests against a host reference, under Icarus: bench sdram
# (tb/fpga/tb_sdram.v: the controller alone) or fpga_sdram
# (tb/fpga/tb_fpga_sdram.v: the board memory's three ports at once onto
# it), seeds 1..3 or the one given. A failing seed is run again with an
# FST wave, build/waves/sdram/<bench>-<mutant or rtl>-seed<N>.fst.
# --mutant NAME builds the RTL with `define WW_MUTANT_NAME (a mutant must be
# caught).
# Exit 0: every seed passed; 3: a seed failed (its "MISMATCH" line
# printed); 2: bad arguments; 1: the bench did not build.
set -uo pipefail
mutant="" seeds="1 2 3" requests="" bench=sdram
while [[ $# -gt 0 ]]; do
  case $1 in
    --bench)    bench=${2:?--bench sdram or fpga_sdram}; shift 2 ;;
    --mutant)   mutant=${2:?--mutant NAME}; shift 2 ;;
    --seed)     seeds=${2:?--seed N}; shift 2 ;;
    --requests) requests=${2:?--requests N}; shift 2 ;;
    -h|--help)  sed -n '4,16p' "$0"; exit 0 ;;
    *) echo "test_sdram.sh: unknown argument '$1' (--bench B, --mutant NAME, --seed N, --requests N)" >&2; exit 2 ;;
  esac
done
[[ $seeds =~ ^[0-9]+( [0-9]+)*$ && $requests =~ ^[0-9]*$ ]] \
  || { echo "test_sdram.sh: --seed and --requests take a number" >&2; exit 2; }
case $bench in
  sdram)      rtl=(rtl/fpga/ww_sdram_ctrl.v) ;;
  fpga_sdram) rtl=(rtl/fpga/ww_mem_arb.v rtl/fpga/ww_sdram_ctrl.v rtl/fpga/ww_fpga_sdram.v) ;;
  *) echo "test_sdram.sh: no bench '$bench' (sdram, fpga_sdram)" >&2; exit 2 ;;
esac
name=$bench-${mutant:-rtl}
dir=build/fpga/tb_sdram wdir=build/waves/sdram
mkdir -p "$dir" "$wdir"
sim=$dir/$name.vvp
plus=()
[[ -n $requests ]] && plus=(+requests="$requests")
defs=()
[[ -n $mutant ]] && defs=(-DWW_MUTANT_"$mutant")
if ! iverilog -g2005 -Irtl/include "${defs[@]}" -s "tb_$bench" -o "$sim" \
     "${rtl[@]}" tb/fpga/sdram_model.v "tb/fpga/tb_$bench.v" 2> "$dir/iverilog_$name.log"; then
  cat "$dir/iverilog_$name.log" >&2; exit 1
fi
rc=0
for s in $seeds; do
  out=$(vvp -n "$sim" +seed="$s" "${plus[@]}" 2>&1)
  if grep -q '^MISMATCH' <<< "$out"; then
    grep '^MISMATCH\|^  ' <<< "$out"
    wave=$wdir/$name-seed$s.fst
    vvp -n "$sim" -fst +seed="$s" "${plus[@]}" +wave="$wave" > /dev/null 2>&1
    echo "  wave: $wave; replay: tb/fpga/test_sdram.sh --bench $bench${mutant:+ --mutant $mutant} --seed $s"
    rc=3
    break
  elif ! grep -q '^PASS' <<< "$out"; then
    echo "MISMATCH seed=$s: the bench ended without a verdict:"; tail -5 <<< "$out"; rc=3; break
  else
    grep '^PASS' <<< "$out"
  fi
done
exit $rc
