#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# lint.sh -- three-tool lint of every RTL file, called by `make lint`.
# For each TOP:file1.v,file2.v argument it runs
#   verilator --lint-only -Wall   (plus rtl/lint/verilator.vlt, the waiver file)
#   iverilog -g2005               (the strict Verilog-2005 language gate)
#   yosys read_verilog; hierarchy -check -top TOP   (Verilog-2005 front end)
# A tool fails on a non-zero exit OR on any message at all (warnings included),
# so a clean run prints only one "ok" line per (tool, top).
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: scripts/lint.sh TOP:file1.v,file2.v [TOP2:fileA.v,...]...
  Lints each top module with Verilator -Wall, Icarus -g2005 and Yosys
  (read_verilog + hierarchy -check). Run from the repository root; the
  include directory is rtl/include. Any warning counts as a failure;
  Verilator waivers go in rtl/lint/verilator.vlt (line-scoped, commented).
  Prints "ok|FAIL  tool  top" per check and ends with "lint: N passed, N failed";
  exits non-zero if anything failed.
USAGE
}

case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  '') usage >&2; exit 2 ;;
esac

INC=rtl/include
VLT=rtl/lint/verilator.vlt
pass=0
fail=0

# report TOOL TOP OUTPUT RC: one line per check, the tool's messages on failure
report() {
  if [[ $4 -eq 0 && -z $3 ]]; then
    printf 'ok    %-9s %s\n' "$1" "$2"
    pass=$((pass + 1))
  else
    printf 'FAIL  %-9s %s (exit %s)\n' "$1" "$2" "$4"
    [[ -n $3 ]] && printf '%s\n' "$3" | sed 's/^/      /'
    fail=$((fail + 1))
  fi
}

for arg in "$@"; do
  top=${arg%%:*}
  IFS=, read -r -a files <<< "${arg#*:}"
  if [[ $arg != *:* || -z $top || ${#files[@]} -eq 0 ]]; then
    echo "lint.sh: bad argument '$arg' (want TOP:file1.v,file2.v)" >&2
    exit 2
  fi
  missing=""
  for f in "${files[@]}"; do [[ -f $f ]] || missing+=" $f"; done
  if [[ -n $missing ]]; then
    report files "$top" "missing:$missing" 1
    continue
  fi

  vlt=()
  [[ -f $VLT ]] && vlt=("$VLT")
  rc=0; out=$(verilator --lint-only -Wall -I"$INC" --top-module "$top" \
                "${vlt[@]}" "${files[@]}" 2>&1) || rc=$?
  report verilator "$top" "$out" "$rc"

  rc=0; out=$(iverilog -g2005 -I"$INC" -s "$top" -o /dev/null "${files[@]}" 2>&1) || rc=$?
  report iverilog "$top" "$out" "$rc"

  rc=0; out=$(yosys -q -p "read_verilog -I$INC ${files[*]}; hierarchy -check -top $top" 2>&1) || rc=$?
  report yosys "$top" "$out" "$rc"
done

echo "lint: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
