#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_check_proto.sh -- self-test of scripts/check_proto.sh (make test:
# proto-drift/catches-literal). On temporary copies of rtl/ cmodel/ sw/ tb/
# scripts/ it checks that check_proto.sh
#   - passes on the unmodified copy;
#   - fails, naming FILE:LINE, on each deliberate mistake below: a request-id
#     class, an LSU reason, a trap cause, a CSR number, a sideband offset
#     written as a literal (Verilog and C), and a drifted generated include /
#     header.
# Run from the repository root. Exit 0 when every case behaves.
set -uo pipefail

if [[ ! -f scripts/check_proto.sh ]]; then
  echo "test_check_proto.sh: run from the repository root" >&2
  exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ww-proto-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

# a fresh copy of the tree in $tmp/$1
copy() {
  mkdir -p "$tmp/$1"
  cp -r rtl cmodel sw tb scripts "$tmp/$1/"
}

# run check_proto.sh in copy $1; $2: pass or fail; $3: text the output must hold
run() {
  local out rc=0
  out=$(cd "$tmp/$1" && WW_PROTO_CHECK_DIR="$tmp/$1.out" scripts/check_proto.sh 2>&1) || rc=$?
  if [[ $2 == pass && $rc -eq 0 ]] || [[ $2 == fail && $rc -ne 0 && $out == *"$3"* ]]; then
    echo "ok    $1"
    pass=$((pass + 1))
  else
    echo "FAIL  $1: want $2${3:+ naming '$3'}, got exit $rc:"
    head -20 <<<"$out" | sed 's/^/      /'
    fail=$((fail + 1))
  fi
}

# replace the first line of $2 (in copy $1) that holds $3 with $4; prints
# that line's number (the case fails at once if there is none)
mutate() {
  local f="$tmp/$1/$2" n
  n=$(grep -nF -- "$3" "$f" | head -1 | cut -d: -f1)
  [[ -n $n ]] || { echo "0"; return; }
  FROM="$3" TO="$4" N="$n" perl -i -pe 'if ($. == $ENV{N}) { s/\Q$ENV{FROM}\E/$ENV{TO}/ }' "$f"
  echo "$n"
}

# case NAME FILE FROM TO: the mistake must be reported at FILE:LINE
case_literal() {
  copy "$1"
  local n
  n=$(mutate "$1" "$2" "$3" "$4")
  if [[ $n == 0 ]]; then
    echo "FAIL  $1: '$3' not found in $2 (update the self-test)"
    fail=$((fail + 1))
    return
  fi
  run "$1" fail "$2:$n:"
}

copy clean
run clean pass

case_literal reqid-verilog rtl/sm/ww_lsu.v "rec_valid ? \`WW_REQID_SCORD" "rec_valid ? 8'h40"
case_literal why-verilog rtl/sm/ww_lsu.v "S_FENCE, S_FACK: why_o = \`WW_GSI_WHY_FENCE;" "S_FENCE, S_FACK: why_o = 3'd5;"
case_literal trap-verilog rtl/sm/ww_sm_retire.v "trap_kind_c = \`WW_TRAP_BAR_DEADLOCK;" \
  "trap_kind_c = 5'd9;"
case_literal csr-verilog rtl/sm/ww_sm_exec.v "(csr >= {20'd0, WW_CSR_TID})" "(csr >= 32'hCC0)"
case_literal sideband-verilog rtl/top/ww_gpu.v \
  "localparam SK_LSB = \`WW_SB_SK_LSB(WID_W, LINE_BYTES / 4," \
  "localparam SK_LSB = 7 + WID_W + 64; // (WID_W, LINE_BYTES / 4,"
case_literal local-copy-verilog rtl/gsi/ww_gsi.v "localparam N_CNT  = \`WW_GSI_CNT_N;" \
  "localparam N_CNT  = \`WW_GSI_CNT_N; localparam [2:0] WHY_SCORD = 3'd7;"
case_literal sideband-c sw/sim/ww_vgpu.cpp \
  "constexpr unsigned SB_SK      = WW_SB_SK_LSB(WID_W, LB / 4," \
  "constexpr unsigned SB_SK      = 7 + WID_W + 64; // (WID_W, LB / 4,"
case_literal trap-c sw/sim/ww_backend_verilator.c "b->trap.kind = WW_TRAP_COSIM;" \
  "b->trap.kind = 15;"
case_literal why-c cmodel/gsi/ww_gsi.c "== WW_GSI_WHY_SYNC)" "== 6)"
case_literal racelog-c sw/runtime/ww_racelog.c "word(h, WW_SCORD_HDR_RACES)" "word(h, 1)"

# the generated files drift from the table
copy drift-vh
perl -i -pe 's/^(`define WW_REQID_SCORD\s+\d+.h)080/${1}081/' "$tmp/drift-vh/rtl/include/ww_proto.vh"
run drift-vh fail "proto drift: rtl/include/ww_proto.vh"
copy drift-h
echo "#define WW_HAND_EDIT 1" >>"$tmp/drift-h/cmodel/include/ww_proto.h"
run drift-h fail "proto drift: cmodel/include/ww_proto.h"

echo "test_check_proto: $pass passed, $fail failed"
exit $((fail != 0))
