#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# run_synth.sh -- Yosys area report per block, called by `make synth`.
# Two flows per block, each a job; two jobs at a time, the SM and GPU first:
#   generic: synth to Yosys internal gates with memories kept as $mem_v2
#            cells; fails on a latch or a `check` problem; reports cells,
#            CMOS transistors (logic + flops) and memory bits separately.
#   ecp5:    synth_ecp5 -nowidelut; reports LUT4, FF, DP16KD, MULT18X18D, DPR16X4, CCU2C.
# Scripts, logs and stat JSON go to build/synth/, the summary to
# build/reports/synth.json (written by synth/report.py). See synth/README.md.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: synth/run_synth.sh NAME:TOP:file1.v,file2.v[:hier] [NAME2:TOP2:...]...
  Synthesizes each block with Yosys (generic gates + ECP5), two at a time,
  flattened, or keeping the module hierarchy with ':hier' (the SM, the GPU),
  from the repository root (include dir rtl/include). Logs and scripts:
  build/synth/NAME.{generic,ecp5}.{ys,log}. Prints one table row per block
  and writes build/reports/synth.json. Exits non-zero if any flow fails
  (Yosys error, inferred latch, `check -assert`), after printing its log tail.
  How to read the numbers: synth/README.md.
USAGE
}

case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  '') usage >&2; exit 2 ;;
esac
[[ -d rtl/include ]] || { echo "run_synth.sh: run from the repository root" >&2; exit 2; }

OUT=build/synth
REPORT=build/reports/synth.json
JOBS=2
mkdir -p "$OUT" "$(dirname "$REPORT")"
rm -f "$REPORT"

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# write_scripts NAME TOP MODE FILES...: the two Yosys scripts of one block.
# MODE flat (blocks) flattens; hier (the SM, the GPU) keeps the hierarchy, so
# each distinct module is optimized once and the design totals count every
# instance (flattening two SMs made Yosys run for most of an hour).
write_scripts() {
  local name=$1 top=$2 mode=$3; shift 3
  local read="read_verilog -Irtl/include $*"
  local flatten="-flatten" noflatten=""
  # hier also skips the generic flow's SAT-based resource sharing: on the SM
  # it took 546 s of 680 for 0.5% of area (measured)
  if [[ $mode == hier ]]; then flatten="-noshare" noflatten="-noflatten"; fi
  cat > "$OUT/$name.generic.ys" <<YS
$read
synth $flatten -top $top -run :fine
# finish synth's 'fine' step without memory_map: memories stay \$mem_v2 cells
opt -fast -full
opt -full
techmap
opt -fast
select -assert-none t:\$_DLATCH*
# plain D flops (reset/enable become gates) so 'stat -tech cmos' knows them all
dfflegalize -cell \$_DFF_?_ 01 -cell \$_DFF_???_ 01
abc -fast
opt -fast
hierarchy -check
check -assert
tee -q -o $OUT/$name.generic.json stat -json
# \$mem_v2 cells -> memory objects + port cells; drop the port cells (no CMOS
# cost): stat then counts the memory bits and the transistors of the rest
memory_unpack
delete t:\$mem*
tee -q -o $OUT/$name.cmos.json stat -tech cmos -json
YS
  # -nowidelut: LUT4s only, as the board flow maps the GPU (fpga/fpga.mk);
  # abc9's default LUT5-LUT7 (LUT4 pairs and slice muxes) trades area for
  # depth, up to 2x the LUT4s of a line-wide multiplexer (docs/fpga_flow.md)
  cat > "$OUT/$name.ecp5.ys" <<YS
$read
synth_ecp5 $noflatten -nowidelut -top $top
tee -q -o $OUT/$name.ecp5.json stat -json
YS
}

# run_flow NAME FLOW -- runs in the background; leaves NAME.FLOW.status
run_flow() {
  local name=$1 flow=$2 t
  t=$(now)
  if ! yosys -s "$OUT/$name.$flow.ys" > "$OUT/$name.$flow.log" 2>&1; then
    echo "FAIL $flow" > "$OUT/$name.$flow.status"
    echo "synth: FAIL  $name: $flow flow after $(since "$t") s"
    return 0
  fi
  echo ok > "$OUT/$name.$flow.status"
  echo "synth: done  $name $flow in $(since "$t") s"
}

blocks=()
for spec in "$@"; do
  IFS=: read -r name top files mode <<< "$spec"
  if [[ -z ${name:-} || -z ${top:-} || -z ${files:-} || ! ${mode:-flat} =~ ^(flat|hier)$ ]]; then
    echo "run_synth.sh: bad argument '$spec' (want NAME:TOP:file1.v,file2.v[:hier])" >&2
    exit 2
  fi
  blocks+=("$name:$top")
  IFS=, read -r -a flist <<< "$files"
  rm -f "$OUT/$name".*
  write_scripts "$name" "$top" "${mode:-flat}" "${flist[@]}"
done

# Every flow is a job of its own, two at a time; the hierarchical designs
# (the SM, the GPU: minutes each) start first, so they do not finish alone
# at the end while the other core idles.
jobs_list=()
for spec in "$@"; do
  IFS=: read -r name top files mode <<< "$spec"
  [[ ${mode:-flat} == hier ]] && jobs_list=("$name:generic" "$name:ecp5" "${jobs_list[@]}")
done
for spec in "$@"; do
  IFS=: read -r name top files mode <<< "$spec"
  [[ ${mode:-flat} == hier ]] || jobs_list+=("$name:generic" "$name:ecp5")
done

# each flow runs in its own process group, so an interrupt can stop its Yosys
set -m
trap 'for p in $(jobs -p); do kill -- "-$p" 2>/dev/null; done; exit 130' INT TERM
for job in "${jobs_list[@]}"; do
  while (( $(jobs -rp | wc -l) >= JOBS )); do wait -n || true; done
  run_flow "${job%%:*}" "${job##*:}" &
done
wait
for nt in "${blocks[@]}"; do   # NAME.status: ok, or the first flow that failed
  name=${nt%%:*}
  st=ok
  for flow in generic ecp5; do
    read -r s f < "$OUT/$name.$flow.status" 2>/dev/null || { s=FAIL; f=$flow; }
    [[ $s == ok || $st != ok ]] || st="FAIL $f"
  done
  echo "$st" > "$OUT/$name.status"
done

failed=0
for nt in "${blocks[@]}"; do
  name=${nt%%:*}
  read -r status flow < "$OUT/$name.status" 2>/dev/null || status=FAIL flow=generic
  if [[ $status != ok ]]; then
    failed=1
    echo "---- $name: $flow flow failed; tail of $OUT/$name.$flow.log:"
    tail -n 25 "$OUT/$name.$flow.log"
  fi
done
[[ $failed -eq 0 ]] || { echo "synth: FAILED (no report written)"; exit 1; }

script_cmd=$0
for a in "$@"; do
  [[ $a =~ ^[[:alnum:]_./:,=+-]+$ ]] || a=$(printf '%q' "$a")
  script_cmd+=" $a"
done
command=${MAKELEVEL:+make synth}
python3 synth/report.py --out "$REPORT" --command "${command:-$script_cmd}" \
  --script-command "$script_cmd" --dir "$OUT" --research synth/research.txt "${blocks[@]}"
