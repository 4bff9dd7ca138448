#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_host_example.sh -- checks the host API example (sw/runtime/examples/
# host_example.c, docs/host_api.md): docs/host_api.md shows the file
# verbatim (and the check catches a changed line); the example runs on the
# cmodel backend and, in its RTL build, on the verilator backend, checking
# its own results (exit 0) and printing both launches; an unknown backend
# and a missing kernel are one-line errors with exit 1.
#
# usage: test_host_example.sh [EXAMPLE [EXAMPLE_RTL [KERNEL_DIR]]]
#   defaults: build/runtime/host_example build/runtime/host_example-rtl build/kernels
# Last line: "N passed, N failed".
set -uo pipefail

EX=${1:-build/runtime/host_example}
EXR=${2:-build/runtime/host_example-rtl}
K=${3:-build/kernels}
DOC=docs/host_api.md
OUT=build/runtime/host-example-test
mkdir -p "$OUT"

# ok, bad (sw/runtime/test/cli_lib.sh)
source "$(dirname "$0")/cli_lib.sh"

# the page shows the file verbatim ...
if python3 sw/runtime/test/check_doc_verbatim.py "$DOC" >"$OUT/stdout" 2>"$OUT/stderr"; then
  ok
  cat "$OUT/stdout"
else
  bad "$DOC does not show the example verbatim"
fi
# ... and the check notices one changed line
sed '0,/ww_dev_open(&opts, err, sizeof err);/s//ww_dev_open(\&opts, err, sizeof err); \/\/ drift/' \
  "$DOC" >"$OUT/drifted.md"
if cmp -s "$DOC" "$OUT/drifted.md"; then
  bad "could not plant a change in a copy of $DOC"
elif python3 sw/runtime/test/check_doc_verbatim.py "$OUT/drifted.md" >"$OUT/stdout" 2>"$OUT/stderr"; then
  bad "check_doc_verbatim.py accepted a page whose example was changed"
else
  ok
fi

# run_ex PROGRAM EXPECTED_EXIT ARGS...
run_ex() {
  local prog=$1 want=$2
  shift 2
  if [ ! -x "$prog" ]; then
    bad "$prog is missing (make $prog)"
    return 1
  fi
  "$prog" "$@" >"$OUT/stdout" 2>"$OUT/stderr"
  local rc=$?
  if [ $rc -ne "$want" ]; then
    bad "$prog $*: exit $rc, expected $want"
    return 1
  fi
  ok
}

# expect_out TEXT : stdout has a line matching the extended regex TEXT
expect_out() {
  if grep -q -E -- "$1" "$OUT/stdout"; then ok; else bad "stdout lacks /$1/"; fi
}

for be in cmodel verilator; do
  prog=$EX
  unit="scheduler steps"
  [ "$be" = verilator ] && prog=$EXR && unit=cycles
  if run_ex "$prog" 0 "$be" "$K"; then
    sed "s/^/$be| /" "$OUT/stdout"
    expect_out "^launch 1 \(c = a \+ b\): grid 4 x block 32, [1-9][0-9]* warp instructions, .* [1-9][0-9]* $unit\$"
    expect_out "^launch 2 \(d = c \+ a\): grid 4 x block 32, [1-9][0-9]* warp instructions"
    expect_out "^results: c = a \+ b and d = c \+ a hold for all 100 elements"
    expect_out "^address 0x[0-9a-f]{8} is 8 bytes past the end of d"
    if [ "$be" = verilator ]; then
      expect_out "^launch 2 \(d = c \+ a\): SM 0 issued in [1-9][0-9]* of [1-9][0-9]* cycles"
    fi
  fi
done
# the two launches' statistics are the same kernel on the same sizes
l1=$(grep '^launch 1' "$OUT/stdout" | head -1 | sed 's/.*block 32, \([0-9]*\) warp.*/\1/')
l2=$(grep '^launch 2 (d = c + a): grid' "$OUT/stdout" | sed 's/.*block 32, \([0-9]*\) warp.*/\1/')
if [ -n "$l1" ] && [ "$l1" = "$l2" ]; then ok; else bad "launches retired '$l1' and '$l2' warp instructions"; fi

run_ex "$EX" 1 verilator "$K" &&
  if [ "$(wc -l <"$OUT/stderr")" -eq 1 ] && grep -q "unknown backend 'verilator' (available: cmodel)" "$OUT/stderr"; then
    ok
  else
    bad "the cmodel-only build did not refuse the verilator backend in one line"
  fi
run_ex "$EX" 1 cmodel "$OUT/no-such-dir" &&
  if [ "$(wc -l <"$OUT/stderr")" -eq 1 ] && grep -q "no-such-dir/vecadd.elf" "$OUT/stderr"; then
    ok
  else
    bad "a missing kernel is not a one-line error naming the file"
  fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
