#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# build.sh -- builds one lockstep binary: a block's C model + stimulus +
# the generic engine (gcc, C11), linked into its Verilated RTL and the
# shared C++ adapter.
#
# usage: tb/lockstep/build.sh OUTDIR TOP "DEFINES" "RTL FILES" "C FILES" "INCLUDES"
#        tb/lockstep/build.sh --runtime RTDIR
#   INCLUDES the C models' -I flags, relative to the repository root
#            (CMODEL_INC of cmodel/cmodel.mk, the one place they are written)
#   DEFINES  NAME=VALUE words given to gcc and Verilator alike, so one
#            parameter point or mutant selects both descriptions at once.
set -euo pipefail

# Verilator's runtime (verilated.o, verilated_fst_c.o, verilated_threads.o)
# is the same in every lockstep binary: it is compiled once, by --runtime,
# into build/lockstep/.vlrt and copied into each build instead of being
# compiled ~200 times (about 7 CPU-seconds each); so is verilated.h,
# precompiled (tb/lockstep/opt.mk).
VLRT_OBJS="verilated.o verilated_fst_c.o verilated_threads.o"
if [ "${1:-}" = --runtime ]; then
  rt=$2
  mkdir -p "$rt"
  printf 'module ww_vlrt(input wire clk);\nendmodule\n' > "$rt/ww_vlrt.v"
  verilator --cc --trace-fst --top-module ww_vlrt --Mdir "$rt/obj_dir" "$rt/ww_vlrt.v" \
    >"$rt/verilator.log" 2>&1 || { tail -40 "$rt/verilator.log" >&2; exit 1; }
  env -u MAKEFLAGS -u MFLAGS make --no-print-directory -s -j 2 -C "$rt/obj_dir" \
    -f Vww_vlrt.mk $VLRT_OBJS >>"$rt/verilator.log" 2>&1 \
    || { tail -40 "$rt/verilator.log" >&2; exit 1; }
  for o in $VLRT_OBJS; do cp "$rt/obj_dir/$o" "$rt/$o"; done
  # verilated.h precompiled (tb/lockstep/opt.mk), linked into every build
  rm -rf "$rt/obj_dir/verilated.h.gch" "$rt/verilated.h.gch"
  env -u MAKEFLAGS -u MFLAGS make --no-print-directory -s -C "$rt/obj_dir" -f Vww_vlrt.mk \
    -f "$(pwd)/tb/lockstep/opt.mk" verilated.h.gch >>"$rt/verilator.log" 2>&1 \
    || { tail -40 "$rt/verilator.log" >&2; exit 1; }
  mv "$rt/obj_dir/verilated.h.gch" "$rt/verilated.h.gch"
  echo "built $rt (Verilator runtime)"
  exit 0
fi

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

rt=$(dirname "$(dirname "$out")")/.vlrt
t0=$(date +%s)
verilator --cc --exe --trace-fst --x-assign unique --x-initial unique \
  --top-module "$top" -I"$root/rtl/include" "${dflags[@]}" \
  --Mdir "$out/obj_dir" -o "$root/$out/lockstep" \
  -CFLAGS "-DWW_BLOCK=$top ${inc[*]} ${dflags[*]}" \
  $rtl "$root/tb/lockstep/ww_lockstep_dut.cpp" "$root/$out/libmodel.a" >"$out/verilator.log" 2>&1 \
  || { tail -40 "$out/verilator.log" >&2; exit 1; }
# copied after Verilator wrote V<top>.mk, so make takes them as up to date;
# the precompiled verilated.h and a link to the header (a second #include
# of it must find a file where the first found the .gch)
for o in $VLRT_OBJS; do cp "$rt/$o" "$out/obj_dir/$o"; done
ln -sfn "$root/$rt/verilated.h.gch" "$out/obj_dir/verilated.h.gch"
ln -sf "$(verilator --getenv VERILATOR_ROOT)/include/verilated.h" "$out/obj_dir/verilated.h"
# the optimisation levels: tb/lockstep/opt.mk
env -u MAKEFLAGS -u MFLAGS make --no-print-directory -s -j 2 -C "$out/obj_dir" -f "V$top.mk" \
  -f "$root/tb/lockstep/opt.mk" >>"$out/verilator.log" 2>&1 || { tail -40 "$out/verilator.log" >&2; exit 1; }
echo "built $out/lockstep ($(( $(date +%s) - t0 )) s)"
