#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# check_wave_view.sh BINARY [OUT_DIR] -- runs a short run of BINARY (a
# lockstep binary, or the GPU's tb/gpu/test_vgpu) with --wave, converts the
# FST with GTKWave's fst2vcd, and fails unless every signal the saved view
# (.gtkw) names exists in the wave file. A name keeps its generate-scope
# indices: only a trailing bit range is dropped
# (TOP.ww_gpu.g_sm[1].u_sm.ret_pc_o[31:0] is looked up as
# TOP.ww_gpu.g_sm[1].u_sm.ret_pc_o); a trace shown under an alias
# (`+{sm1 retire pc} NAME`) is looked up by its NAME; filter lines (`^...`)
# name no signal.
set -euo pipefail

bin=${1:?usage: check_wave_view.sh BINARY [OUT_DIR]}
out=${2:-build/wave-check}
mkdir -p "$out"
rm -f "$out/view.fst" "$out/view.gtkw"
"$bin" --seed 1 --cycles 300 --quiet --wave "$out/view.fst" >/dev/null
[ -s "$out/view.fst" ] || { echo "no FST written"; exit 1; }
[ -s "$out/view.gtkw" ] || { echo "no .gtkw view written"; exit 1; }
fst2vcd "$out/view.fst" >"$out/view.vcd" 2>/dev/null
# full names of all variables in the VCD, scope.path.name
awk '$1=="$scope"{s[++d]=$3} $1=="$upscope"{d--}
     $1=="$var"{p=s[1]; for(i=2;i<=d;i++) p=p"."s[i]; print p"."$5}' "$out/view.vcd" | sort -u >"$out/vars.txt"
missing=0 n=0
while read -r sig; do
  n=$((n + 1))
  base=$(sed -E 's/^\+\{[^}]*\} //; s/\[[0-9]+:[0-9]+\]$//' <<<"$sig")
  grep -qxF "$base" "$out/vars.txt" || { echo "view names $sig, not in the FST"; missing=1; }
done < <(grep -v '^[][@*^-]' "$out/view.gtkw")
[ $n -gt 0 ] || { echo "the view names no signals"; exit 1; }
[ $missing -eq 0 ] && echo "wave view: all $n signals of view.gtkw are in view.fst"
exit $missing
