#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# check_vgpu_wave.sh TEST_BINARY -- gpu/wave-view: runs the GPU API test
# (tb/gpu/test_vgpu.c) in its --wave mode, converts the FST with GTKWave's
# fst2vcd, and fails unless every signal the saved view (.gtkw) names exists
# in the wave file. As scripts/check_wave_view.sh, except that a name keeps
# its generate-scope indices (TOP.ww_gpu.g_sm[1].u_sm.ret_pc_o[31:0] is
# looked up as TOP.ww_gpu.g_sm[1].u_sm.ret_pc_o).
set -euo pipefail

bin=${1:?usage: check_vgpu_wave.sh TEST_BINARY}
out=build/vgpu/wave-check
mkdir -p "$out"
rm -f "$out/view.fst" "$out/view.gtkw"
"$bin" --seed 1 --cycles 300 --quiet --wave "$out/view.fst" >/dev/null
[ -s "$out/view.fst" ] || { echo "no FST written"; exit 1; }
[ -s "$out/view.gtkw" ] || { echo "no .gtkw view written"; exit 1; }
fst2vcd "$out/view.fst" >"$out/view.vcd" 2>/dev/null
awk '$1=="$scope"{s[++d]=$3} $1=="$upscope"{d--}
     $1=="$var"{p=s[1]; for(i=2;i<=d;i++) p=p"."s[i]; print p"."$5}' "$out/view.vcd" | sort -u >"$out/vars.txt"
missing=0 n=0
while read -r sig; do
  n=$((n + 1))
  base=$(sed -E 's/\[[0-9]+:[0-9]+\]$//' <<<"$sig")
  grep -qxF "$base" "$out/vars.txt" || { echo "view names $sig, not in the FST"; missing=1; }
done < <(grep -v '^[[@*-]' "$out/view.gtkw")
[ $n -gt 0 ] || { echo "the view names no signals"; exit 1; }
[ $missing -eq 0 ] && echo "wave view: all $n signals of view.gtkw are in view.fst"
exit $missing
