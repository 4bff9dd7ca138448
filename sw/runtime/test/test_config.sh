#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_config.sh -- `warpwatch run --config` (README "Configurations";
# sw/tools/ww_cfgopt.c, sw/runtime/config.mk) end to end, on one non-default
# configuration NAME (make test: CFG_TEST, built with everything else):
#   - bad keys and out-of-limit values are usage errors (exit 2) naming the
#     key, the value and the limit, and build nothing;
#   - the configuration is built once: after the first run `make -q` finds
#     build/config/NAME/warpwatch up to date, and a second run neither
#     rebuilds (no "building configuration" line) nor touches it;
#   - vecadd and histogram (co-simulated in the default sync mode: the
#     order of histogram's device atomics depends on timing) give, on the C model and on the RTL of
#     NAME, the same buffers as on the default configuration and as the host;
#   - the configuration's sizes reach the C model and runtime (block limit
#     WARPS x LANES, one stats entry per SM) and the RTL (the "N SMs" line;
#     the glue's static_asserts hold the RTL's port widths to the same sizes);
#   - --json has the "config" object; --config naming the program's own
#     configuration is a no-op; no source tree, or a program that is not
#     the configuration its caller expects, is an error (exit 1).
# usage: test_config.sh [NAME]   (default sms1-warps2-lanes4)
# Last line: "N passed, N failed".
set -uo pipefail

NAME=${1:-sms1-warps2-lanes4}
WW=build/bin/warpwatch
CFG=build/config/$NAME/warpwatch
K=build/kernels
OUT=build/runtime/config-test
mkdir -p "$OUT"
unset WW_HOME WW_CONFIG_EXPECT   # the tree is this one, found around the programs

num() { sed -n "s/.*$1\([0-9][0-9]*\).*/\1/p" <<<"$NAME"; }
SMS=$(num sms) WARPS=$(num warps) LANES=$(num lanes)
CONF="sms=$SMS,warps=$WARPS,lanes=$LANES"
BLOCK=$((WARPS * LANES))

# ok, bad, run, run_with, has FILE TEXT (sw/runtime/test/cli_lib.sh)
source "$(dirname "$0")/cli_lib.sh"
lacks() { if grep -q -F -- "$2" "$OUT/$1"; then bad "$1 has: $2"; else ok; fi; }
one_line_error() {
  if [ "$(wc -l <"$OUT/stderr")" -eq 1 ] && grep -q '^warpwatch: error: ' "$OUT/stderr"; then
    for t in "$@"; do has stderr "$t"; done
  else
    bad "stderr is not one error line"
  fi
}
json_ok() {
  if python3 -c "import json,sys; j=json.load(open('$OUT/stdout')); sys.exit(0 if ($1) else 1)" \
    2>/dev/null; then ok; else bad "JSON check failed: $1"; fi
}

for f in "$WW" "$K/vecadd.elf" "$K/histogram.elf"; do
  [ -e "$f" ] || { echo "FAIL: missing $f (make $f)"; echo "0 passed, 1 failed"; exit 1; }
done

run 0 run --help && has stdout "--config K=V,..." && has stdout "sms x warps <= 32"

# ---- usage errors: exit 2, the key, the value and the limit; nothing built --
V=("$K/vecadd.elf" --grid 1 --block 8 --arg i32:1 --arg i32:2 --arg buf:4 --arg 1)
ls build/config >"$OUT/before" 2>/dev/null
run 2 run "${V[@]}" --config "$CONF,bogus=1" && one_line_error "unknown key 'bogus'" "keys: sms, warps, lanes"
run 2 run "${V[@]}" --config lanes=64 && one_line_error "lanes=64" "1..32"
run 2 run "${V[@]}" --config warps=3 && one_line_error "warps=3" "power of two in 1..32"
run 2 run "${V[@]}" --config sms=0 && one_line_error "sms=0" "1..16"
run 2 run "${V[@]}" --config l1_mshrs=9 && one_line_error "l1_mshrs=9" "1..8"
run 2 run "${V[@]}" --config det_bloom=1000 && one_line_error "det_bloom=1000" "power of two in 64..16384"
run 2 run "${V[@]}" --config sms=8,warps=8 && one_line_error "sms x warps = 64" "limit 32"
run 2 run "${V[@]}" --config sms=2,lanes && one_line_error "lanes needs a value"
run 2 run "${V[@]}" --config && one_line_error "--config needs a value"
ls build/config >"$OUT/after" 2>/dev/null
if cmp -s "$OUT/before" "$OUT/after"; then ok; else bad "a usage error created files in build/config"; fi

# ---- errors of the environment: exit 1 ---------------------------------------
run_with env 1 WW_HOME=/nonexistent "$WW" run "${V[@]}" --config sms=3,warps=2,lanes=4 &&
  one_line_error "building configuration sms3-warps2-lanes4 needs the Warpwatch source tree" "WW_HOME"

# an installed copy: a tree with the kernel toolchain but no sources to build from
rm -rf "$OUT/inst" && mkdir -p "$OUT/inst/bin" "$OUT/inst/sw" && cp "$WW" "$OUT/inst/bin/" &&
  cp sw/kernel_flags.mk "$OUT/inst/sw/"
run_with "$OUT/inst/bin/warpwatch" 1 run "${V[@]}" --config sms=3,warps=2,lanes=4 &&
  one_line_error "has no sources to build configuration sms3-warps2-lanes4" "set WW_HOME"
rm -rf "$OUT/inst"

# ---- the configuration, built once -------------------------------------------
# 64-element vecadd: the host's answer, then the same on every GPU
A=$(seq -s, 0 63) B=$(seq -s, 1000 1063)
WANT="arg2 i32[64]: $(for i in $(seq 0 63); do printf '%d ' $((2 * i + 1000)); done)"
WANT=${WANT% }
VA=("$K/vecadd.elf" --arg "i32:$A" --arg "i32:$B" --arg buf:256 --arg 64 --print 2:i32)

run 0 run "${VA[@]}" --grid $((64 / BLOCK)) --block "$BLOCK" --config "$CONF" || true
if grep -q "building configuration $NAME" "$OUT/stderr"; then
  echo "note: the first run built $NAME: $(grep 'built in' "$OUT/stderr")"
fi
[ -x "$CFG" ] && ok || bad "$CFG was not built"
if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -q --no-print-directory "$CFG" 2>/dev/null; then ok; else bad "make -q: $CFG is not up to date after a run"; fi
stamp=$(stat -c %Y.%s "$CFG" 2>/dev/null)
t0=$(date +%s%N)
run 0 run "${VA[@]}" --grid $((64 / BLOCK)) --block "$BLOCK" --config "$CONF" && lacks stderr "building configuration"
t1=$(date +%s%N)
echo "note: a second run with --config took $(((t1 - t0) / 1000000)) ms"
[ "$(stat -c %Y.%s "$CFG" 2>/dev/null)" = "$stamp" ] && ok || bad "the second run rebuilt $CFG"
has stdout "$WANT"

# the same buffers on both backends of both configurations
for backend in cmodel verilator; do
  run 0 run "${VA[@]}" --grid 2 --block 32 --backend "$backend" && has stdout "$WANT"
  run 0 run "${VA[@]}" --grid $((64 / BLOCK)) --block "$BLOCK" --backend "$backend" --config "$CONF" &&
    has stdout "$WANT"
  [ "$backend" = verilator ] && has stdout "($SMS SMs), co-simulation (sync) agrees"
done

# histogram: 200 values into 16 bins (shared memory, barriers, device atomics)
IN=$(for i in $(seq 0 199); do printf '%d,' $(((i * 37 + i / 7) % 1000)); done)
IN=${IN%,}
declare -a bins
for i in $(seq 0 15); do bins[i]=0; done
for v in ${IN//,/ }; do bins[v % 16]=$((bins[v % 16] + 1)); done
HWANT="arg2 u32[16]: ${bins[*]}"
H=("$K/histogram.elf" --arg "i32:$IN" --arg 200 --arg buf:64 --arg 16 --print 2:u32)
run 0 run "${H[@]}" --grid 2 --block 32 --backend verilator && has stdout "$HWANT"
run 0 run "${H[@]}" --grid 3 --block "$BLOCK" --config "$CONF" && has stdout "$HWANT"
run 0 run "${H[@]}" --grid 3 --block "$BLOCK" --backend verilator --config "$CONF" &&
  has stdout "$HWANT" && has stdout "co-simulation (sync) agrees"

# ---- the sizes reach every part ----------------------------------------------
run 2 run "${VA[@]}" --grid 1 --block $((BLOCK + 1)) --config "$CONF" &&
  one_line_error "at most WARPS_PER_SM x LANES = $BLOCK threads"
run 0 run "${VA[@]}" --grid 1 --block $((BLOCK + 1)) && has stdout "completed"
run 0 run "${VA[@]}" --grid $((64 / BLOCK)) --block "$BLOCK" --backend verilator --json --config "$CONF" &&
  json_ok "j['config']['name'] == '$NAME' and j['config']['sms'] == $SMS and j['config']['warps'] == $WARPS and j['config']['lanes'] == $LANES and len(j['stats']['sm_warp_insns']) == $SMS and j['buffers'][0]['values'] == list(range(1000, 1128, 2))"
run 0 run "${VA[@]}" --grid 2 --block 32 --json &&
  json_ok "j['config'] == {'name': 'sms2-warps4-lanes8', 'sms': 2, 'warps': 4, 'lanes': 8, 'l1_mshrs': 4, 'l1_wq': 4, 'det_bloom': 1024}"

# ---- no-ops and the child's check --------------------------------------------
run 0 run "${VA[@]}" --grid 2 --block 32 --config sms=2,warps=4,lanes=8 --json && json_ok "j['config']['sms'] == 2"
run_with "$CFG" 0 run "${VA[@]}" --grid 8 --block "$BLOCK" --config "$CONF" --json &&
  json_ok "j['config']['name'] == '$NAME'" && lacks stderr "building"
run_with env 1 WW_CONFIG_EXPECT=sms9-warps2-lanes4 "$CFG" run "${VA[@]}" --grid 8 --block "$BLOCK" &&
  one_line_error "is configuration $NAME, not sms9-warps2-lanes4"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
