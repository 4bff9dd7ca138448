#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_trace_json.sh -- checks `warpwatch run --trace-json FILE` (the
# Chrome/Perfetto trace, sw/runtime/ww_trace_json.c) end to end: suite
# kernels on the cmodel backend (the ASan + UBSan build) and on the verilator
# backend, each file validated by check_trace_json.py against the run's own
# --json stats (instruction events = warp instructions, memory events =
# loads + stores + atomics, named tracks, on verilator stall slices summing
# to the launch's cycles per warp); the validator must reject damaged traces;
# a trapping kernel still leaves a valid file; parent directories are
# created; an unwritable file is a one-line runtime error (exit 1) and a
# missing file name a usage error (exit 2).
#
# usage: test_trace_json.sh [WARPWATCH_ASAN [WARPWATCH [KERNEL_DIR [TEST_KERNEL_DIR]]]]
#   defaults: build/bin/warpwatch-asan build/bin/warpwatch build/kernels
#             build/runtime/kernels
# Outputs go to build/runtime/trace-json-test/. Last line: "N passed, N failed".
set -uo pipefail

WWA=${1:-build/bin/warpwatch-asan}
WWV=${2:-build/bin/warpwatch}
K=${3:-build/kernels}
TK=${4:-build/runtime/kernels}
OUT=build/runtime/trace-json-test
CHECK=sw/runtime/test/check_trace_json.py
rm -rf "$OUT"
mkdir -p "$OUT"
export ASAN_OPTIONS=exitcode=99:detect_leaks=1
export UBSAN_OPTIONS=exitcode=98:print_stacktrace=1:halt_on_error=1

# ok, bad (sw/runtime/test/cli_lib.sh)
source "$(dirname "$0")/cli_lib.sh"

for f in "$WWA" "$WWV" "$K/vecadd.elf" "$K/histogram.elf" "$TK/trap_misaligned.elf"; do
  [ -e "$f" ] || { echo "FAIL: $f is missing (make build/bin/warpwatch build/bin/warpwatch-asan" \
                        "build/kernels/vecadd.elf build/kernels/histogram.elf runtime)"; exit 1; }
done

# run_json WW EXPECTED_EXIT NAME ARGS... : warpwatch run ARGS --trace-json
# $OUT/NAME.json --json > $OUT/NAME.run.json; checks the exit status and that
# no sanitizer spoke.
run_json() {
  local ww=$1 want=$2 name=$3
  shift 3
  last_cmd="$ww run $* --trace-json $OUT/$name.json --json"
  "$ww" run "$@" --trace-json "$OUT/$name.json" --json >"$OUT/${name//\//_}.run.json" 2>"$OUT/stderr"
  local rc=$?
  if grep -q -E 'Sanitizer|runtime error:' "$OUT/stderr"; then
    bad "$name: sanitizer report (exit $rc)"
    return 1
  fi
  if [ "$rc" -ne "$want" ]; then
    bad "$name: exit $rc, expected $want"
    return 1
  fi
  ok
}

# validate NAME BACKEND SOURCE : check_trace_json.py must accept the files
validate() {
  if python3 "$CHECK" "$OUT/$1.json" "$OUT/$1.run.json" "$2" "$3" >"$OUT/$1.check" 2>&1; then
    ok
    echo "$1 ($2): $(tail -n 1 "$OUT/$1.check")"
  else
    bad "$1 ($2): the trace does not check out"
    sed 's/^/      | /' "$OUT/$1.check" | head -n 12
  fi
}

N=200
A=$(seq -s, 1 $N)
B=$(seq -s, 1000 1000 $((N * 1000)))
VEC=(--grid 7 --block 32 --arg "i32:$A" --arg "i32:$B" --arg buf:$((N * 4)) --arg $N)
IN=$(for i in $(seq 1 300); do echo $(((i * 7919) % 1000)); done | paste -sd,)
HIST=(--grid 3 --block 24 --arg "i32:$IN" --arg 300 --arg buf:64 --arg 16)

for be in cmodel verilator; do
  ww=$WWA
  [ "$be" = verilator ] && ww=$WWV
  run_json "$ww" 0 "vecadd-$be" "$K/vecadd.elf" "${VEC[@]}" --backend "$be" &&
    validate "vecadd-$be" "$be" vecadd.c
  run_json "$ww" 0 "histogram-$be" "$K/histogram.elf" "${HIST[@]}" --backend "$be" &&
    validate "histogram-$be" "$be" histogram.c
done

# histogram's atomics must show up as atomic memory events, shared and device
kinds=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(sorted({e["args"]["mem"]["kind"] for e in d["traceEvents"]
                       if "mem" in e.get("args", {})})))' "$OUT/histogram-verilator.json")
if [[ " $kinds " == *" shared_atomic "* && " $kinds " == *" atomic_dev "* && " $kinds " == *" load "* ]]; then
  ok
else
  bad "histogram's memory kinds are '$kinds' (expected load, shared_atomic, atomic_dev among them)"
fi

# The validator must catch damage: one instruction event dropped, one stall
# slice shortened, one thread name removed.
damage() {   # damage NAME BACKEND SOURCE PYTHON-EXPR-ON-events WHAT
  if ! python3 "$CHECK" "$OUT/$1.json" "$OUT/$1.run.json" "$2" "$3" >/dev/null 2>&1; then
    bad "$1: no valid trace to damage"
    return
  fi
  python3 - "$OUT/$1.json" "$OUT/$1-damaged.json" "$4" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"]
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))
EOF
  cp "$OUT/$1.run.json" "$OUT/$1-damaged.run.json"
  if python3 "$CHECK" "$OUT/$1-damaged.json" "$OUT/$1-damaged.run.json" "$2" "$3" >"$OUT/damaged.check" 2>&1; then
    bad "the validator accepted $1 with $5"
  else
    ok
  fi
}
damage vecadd-cmodel cmodel vecadd.c \
  'i = next(i for i, e in enumerate(ev) if e.get("cat") == "insn"); del ev[i]' "an instruction dropped"
damage vecadd-verilator verilator vecadd.c \
  'e = next(e for e in ev if e.get("cat") == "stall" and e["dur"] > 1); e["dur"] -= 1' "a stall slice shortened"
damage histogram-verilator verilator histogram.c \
  'i = next(i for i, e in enumerate(ev) if e.get("name") == "thread_name"); del ev[i]' "a thread name removed"
damage histogram-cmodel cmodel histogram.c \
  'e = next(e for e in ev if "mem" in e.get("args", {})); del e["args"]["mem"]' "a memory event's lines removed"

# A trap stops the kernel; the trace of what retired is still a valid file.
run_json "$WWA" 3 trap "$TK/trap_misaligned.elf" --grid 1 --block 4 --arg buf:64
if python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert any(e.get("cat") == "insn" for e in d["traceEvents"])' "$OUT/trap.json" 2>"$OUT/stderr"; then
  ok
else
  bad "the trapping run left no valid trace with instructions"
fi

# Parent directories are created; an unwritable file is an error, exit 1.
run_json "$WWA" 0 "new/dirs/vecadd" "$K/vecadd.elf" "${VEC[@]}" &&
  { [ -s "$OUT/new/dirs/vecadd.json" ] && ok || bad "no trace in new directories"; }
mkdir -p "$OUT/ro"
touch "$OUT/ro/file"
last_cmd="$WWA run $K/vecadd.elf ... --trace-json $OUT/ro/file/x.json"
"$WWA" run "$K/vecadd.elf" "${VEC[@]}" --trace-json "$OUT/ro/file/x.json" >/dev/null 2>"$OUT/stderr"
rc=$?
if [ $rc -eq 1 ] && [ "$(wc -l <"$OUT/stderr")" -eq 1 ] &&
   grep -q "^warpwatch: error: --trace-json .*exists and is not a directory" "$OUT/stderr"; then
  ok
else
  bad "a trace path under a file: exit $rc, expected 1 with one error line"
fi
mkdir -p "$OUT/dir.json"
last_cmd="$WWA run $K/vecadd.elf ... --trace-json $OUT/dir.json"
"$WWA" run "$K/vecadd.elf" "${VEC[@]}" --trace-json "$OUT/dir.json" >/dev/null 2>"$OUT/stderr"
rc=$?
if [ $rc -eq 1 ] && grep -q "^warpwatch: error: cannot open JSON trace file" "$OUT/stderr"; then
  ok
else
  bad "a trace path that is a directory: exit $rc, expected 1 with 'cannot open JSON trace file'"
fi
last_cmd="$WWA run $K/vecadd.elf --grid 1 --block 8 --trace-json"
"$WWA" run "$K/vecadd.elf" --grid 1 --block 8 --trace-json >/dev/null 2>"$OUT/stderr"
rc=$?
if [ $rc -eq 2 ] && grep -q -- "--trace-json needs a value" "$OUT/stderr"; then
  ok
else
  bad "--trace-json without a file: exit $rc, expected 2"
fi
last_cmd="$WWA run --help"
"$WWA" run --help >"$OUT/help.txt" 2>&1
if grep -q -- "--trace-json FILE" "$OUT/help.txt"; then ok; else bad "run --help lacks --trace-json"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
