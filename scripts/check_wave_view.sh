#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# check_wave_view.sh LOCKSTEP_BINARY -- runs a short lockstep run with
# --wave, converts the FST with GTKWave's fst2vcd, and fails unless every
# signal the saved view (.gtkw) names exists in the wave file.
set -euo pipefail

bin=${1:?usage: check_wave_view.sh LOCKSTEP_BINARY}
out=build/wave-check
mkdir -p "$out"
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
  base=${sig%%[*}
  grep -qx "$base" "$out/vars.txt" || { echo "view names $sig, not in the FST"; missing=1; }
done < <(grep -v '^[[@*-]' "$out/view.gtkw")
[ $n -gt 0 ] || { echo "the view names no signals"; exit 1; }
[ $missing -eq 0 ] && echo "wave view: all $n signals of view.gtkw are in view.fst"
exit $missing
