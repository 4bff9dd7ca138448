#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# check_gpu_equiv.sh [REV] [-D DEF]... -- proves with Yosys that the GPU top
# level's glue in the work tree (rtl/top/ww_gpu.v and the modules it pulls in
# that are not listed below) is cycle-for-cycle equivalent to ww_gpu.v at git
# revision REV (default main). The big blocks the top instantiates (ww_sm,
# ww_xbar, ww_l2_slice, ww_scord_det, ww_block_dist) are black boxes, the
# same cells in both: their inputs must get the same values in every cycle,
# and every output of the top likewise (equiv_make; equiv_simple -seq 2;
# equiv_induct; equiv_status -assert). Use it for a refactor of the top's
# glue that must not change behaviour (docs/gpu_rtl.md "Partition port":
# the partition mux moved into ww_part_port). -D defines are passed to the
# work tree's files only (e.g. -D WW_MUTANT_PART_PORT_RSP_LEAKS must fail).
# About 40 s at the default configuration. Exit 0: proven; 1: not proven.
set -euo pipefail
[[ -d rtl/include ]] || { echo "check_gpu_equiv.sh: run from the repository root" >&2; exit 2; }
rev=main
defs=()
while (($#)); do
  case $1 in
    -D) defs+=("-D$2"); shift 2 ;;
    -*) echo "usage: $0 [REV] [-D DEF]..." >&2; exit 2 ;;
    *) rev=$1; shift ;;
  esac
done
out=build/formal/gpu_equiv
mkdir -p "$out"
git show "$rev:rtl/top/ww_gpu.v" | sed 's/^module ww_gpu /module ww_gpu_gold /' > "$out/ww_gpu_gold.v"
boxes="rtl/sm/ww_sm.v rtl/mem/ww_xbar.v rtl/mem/ww_l2_slice.v rtl/scord/ww_scord_det.v rtl/top/ww_block_dist.v"
# the work tree's top and the glue modules it instantiates besides the boxes
glue=$(ls rtl/mem/ww_part_port.v 2>/dev/null || true)
cat > "$out/equiv.ys" <<YS
read_verilog -Irtl/include -DSYNTHESIS -lib $boxes
read_verilog -Irtl/include -DSYNTHESIS ${defs[*]} $glue rtl/top/ww_gpu.v
read_verilog -Irtl/include -DSYNTHESIS $out/ww_gpu_gold.v
hierarchy -check
proc
flatten
opt_clean
rename ww_gpu_gold gold
rename ww_gpu gate
equiv_make gold gate equiv
hierarchy -top equiv
equiv_simple -seq 2
equiv_induct
equiv_status -assert
YS
if yosys -q -l "$out/equiv.log" "$out/equiv.ys" > /dev/null 2>&1; then
  echo "check_gpu_equiv: ww_gpu equivalent to $rev:rtl/top/ww_gpu.v ($(grep -m1 -o 'Found [0-9]* \$equiv cells' "$out/equiv.log" | tail -1 | sed 's/Found //') proven)"
else
  echo "check_gpu_equiv: NOT proven equivalent to $rev (log: $out/equiv.log)"
  grep -E 'unproven|ERROR' "$out/equiv.log" | tail -3
  exit 1
fi
