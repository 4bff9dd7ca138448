#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# trace_replay.sh -- end-to-end check of the GSI trace path (rtl/gsi/ww_gsi.v
# built with -DWW_GSI_TRACE, tb/gsi/gsi_replay.c), the `gsi/trace-replay`
# test of tb/gsi/gsi.mk:
#   * the bench tb/gsi/tb_gsi_trace.v (two ww_gsi instances: WARPS default /
#     CNT_W 32, and WARPS 3 / CNT_W 6) runs on Icarus and on Verilator for a
#     few seeds; every trace file must replay on the C model without a
#     mismatch, and both simulators must write byte-identical traces;
#   * gsi_replay must report a trace whose output field was altered (exit 3,
#     a MISMATCH line naming cycle and port) and reject malformed input
#     (exit 2 with FILE:LINE): bad hex, a value too wide, a missing field, no
#     header, wrong field names, no cycles, a missing file, no arguments;
#   * each RTL mutant bench (Icarus, -DWW_MUTANT_...) must be caught (exit 3).
# usage: trace_replay.sh GSI_REPLAY IVL_VVP VLT_BIN [MUTANT_VVP...]
# Outputs go to build/gsi/trace-test/. Last line: "N passed, N failed".
set -uo pipefail

REPLAY=${1:?usage: trace_replay.sh GSI_REPLAY IVL_VVP VLT_BIN [MUTANT_VVP...]}
IVL=${2:?missing IVL_VVP}
VLT=${3:?missing VLT_BIN}
shift 3
OUT=build/gsi/trace-test
rm -rf "$OUT"
mkdir -p "$OUT"
CYCLES=${GSI_TRACE_CYCLES:-5000}

pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok    $*"; }
bad() { fail=$((fail + 1)); echo "FAIL  $*"; }

# expect RC NAME CMD...: CMD must exit RC (its output in $OUT/NAME.log)
expect() {
  local want=$1 name=$2; shift 2
  "$@" >"$OUT/$name.log" 2>&1
  local rc=$?
  if [[ $rc -eq $want ]]; then
    ok "$name (exit $rc)"
  else
    bad "$name: exit $rc, expected $want"
    tail -n 5 "$OUT/$name.log" | sed 's/^/      | /'
  fi
}

# ---- agreement on both simulators ---------------------------------------
for seed in 1 2 3; do
  expect 0 "icarus-seed$seed" vvp -n "$IVL" +gsi_trace="$OUT/ivl$seed" +seed=$seed +cycles=$CYCLES
  expect 0 "verilator-seed$seed" "$VLT" +gsi_trace="$OUT/vlt$seed" +seed=$seed +cycles=$CYCLES
  for sm in 0 1; do
    expect 0 "replay-icarus-seed$seed-sm$sm" "$REPLAY" "$OUT/ivl$seed.sm$sm"
    expect 0 "replay-verilator-seed$seed-sm$sm" "$REPLAY" "$OUT/vlt$seed.sm$sm"
    expect 0 "same-trace-seed$seed-sm$sm" cmp "$OUT/ivl$seed.sm$sm" "$OUT/vlt$seed.sm$sm"
  done
done
n=$(grep -vc '^#' "$OUT/ivl1.sm0")
if [[ $n -eq $CYCLES ]]; then ok "trace has one line per cycle ($n)"; else bad "trace has $n lines for $CYCLES cycles"; fi

# ---- the replay finds a difference and rejects bad input ------------------
T=$OUT/ivl1.sm0
hdr=2                                       # header lines
mid=$((hdr + 1000))
# cycle 999: flip the low bit of rd_data_o (last field)
awk -v L=$mid 'NR == L { n = split($0, f, " "); v = substr(f[n], length(f[n])); 
  d = index("0123456789abcdef", v) - 1; d = (d % 2) ? d - 1 : d + 1;
  f[n] = substr(f[n], 1, length(f[n]) - 1) substr("0123456789abcdef", d + 1, 1);
  s = f[1]; for (i = 2; i <= n; i++) s = s " " f[i]; print s; next } { print }' "$T" >"$OUT/flip.sm0"
expect 3 "altered-output" "$REPLAY" "$OUT/flip.sm0"
if grep -q "^MISMATCH $OUT/flip.sm0:$mid cycle=999 port=rd_data_o " "$OUT/altered-output.log"; then
  ok "mismatch report names file:line, cycle and port"
else
  bad "mismatch report: $(head -1 "$OUT/altered-output.log")"
fi
# cycle 0: change cls_o (the fourth field from the end)
awk -v L=$((hdr + 1)) 'NR == L { $(NF - 3) = ($(NF - 3) == "7") ? "6" : "7" } { print }' "$T" >"$OUT/cls.sm0"
expect 3 "altered-class" "$REPLAY" "$OUT/cls.sm0"

malformed() {   # NAME AWK-PROGRAM: the trace edited by the program must be rejected with FILE:LINE
  local name=$1 prog=$2
  awk "$prog" "$T" >"$OUT/$name.sm0"
  expect 2 "bad-$name" "$REPLAY" "$OUT/$name.sm0"
  if ! grep -q "^$OUT/$name.sm0:[0-9]*: " "$OUT/bad-$name.log"; then
    bad "bad-$name: no FILE:LINE message: $(head -1 "$OUT/bad-$name.log")"
  fi
}
malformed hex        "NR == $mid { \$5 = \"zz\" } { print }"
malformed xvalue     "NR == $mid { \$NF = \"xxxxxxxx\" } { print }"
malformed wide       "NR == $mid { \$1 = \"2\" } { print }"
malformed short      "NR == $mid { \$NF = \"\" } { print }"
malformed long       "NR == $mid { \$0 = \$0 \" 0\" } { print }"
malformed header     "NR > 1 { print }"
malformed names      "NR == 2 { sub(/en_i/, \"enable_i\") } { print }"
malformed nocycles   "NR <= $hdr { print }"
expect 2 "missing-file" "$REPLAY" "$OUT/does-not-exist.sm0"
expect 2 "no-arguments" "$REPLAY"

# ---- RTL mutants -----------------------------------------------------------
for m in "$@"; do
  name=$(basename "$m" .vvp)
  expect 0 "$name-run" vvp -n "$m" +gsi_trace="$OUT/$name" +seed=1 +cycles=$CYCLES
  expect 3 "$name-caught" "$REPLAY" --quiet "$OUT/$name.sm0" "$OUT/$name.sm1"
done

echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
