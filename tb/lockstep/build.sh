#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# build.sh -- builds one lockstep binary: a block's C model + stimulus +
# the generic engine (gcc, C11), linked into its Verilated RTL and the
# shared C++ adapter.
#
# usage: tb/lockstep/build.sh OUTDIR TOP "DEFINES" "RTL FILES" "C FILES" "INCLUDES"
#   INCLUDES the C models' -I flags, relative to the repository root
#            (CMODEL_INC of cmodel/cmodel.mk, the one place they are written)
#   DEFINES  NAME=VALUE words given to gcc and Verilator alike, so one
#            parameter point or mutant selects both descriptions at once.
set -euo pipefail

out=$1 top=$2 defs=$3 rtl=$4 csrc=$5 cinc=$6
root=$(pwd)
mkdir -p "$out/obj"
dflags=()
for d in $defs; do dflags+=("-D$d"); done
inc=()
for f in $cinc; do inc+=("-I$root/${f#-I}"); done
inc+=(-I"$root/tb/lockstep")

objs=()
for c in $csrc tb/lockstep/ww_lockstep.c; do
  o="$out/obj/$(basename "${c%.c}").o"
  gcc -std=c11 -O2 -g -Wall -Wextra -Werror "${dflags[@]}" "${inc[@]}" -c "$c" -o "$o"
  objs+=("$root/$o")
done
rm -f "$out/libmodel.a" "$out/lockstep"   # Verilator's make does not track the archive
ar rcs "$out/libmodel.a" "${objs[@]}"

verilator --cc --exe --build -j 2 --trace-fst --x-assign unique --x-initial unique \
  --top-module "$top" -I"$root/rtl/include" "${dflags[@]}" \
  --Mdir "$out/obj_dir" -o "$root/$out/lockstep" \
  -CFLAGS "-DWW_BLOCK=$top ${inc[*]} ${dflags[*]}" \
  $rtl "$root/tb/lockstep/ww_lockstep_dut.cpp" "$root/$out/libmodel.a" >"$out/verilator.log" 2>&1 \
  || { tail -40 "$out/verilator.log" >&2; exit 1; }
echo "built $out/lockstep"
