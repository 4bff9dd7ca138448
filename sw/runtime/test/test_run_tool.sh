#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_run_tool.sh -- `warpwatch run` as a tool around the user's kernel, on
# both backends (issue 12):
#   - the watchdog: an endless wait (endless.c) is stopped within 10 s of
#     wall time on each backend, as a spin (every warp back in an earlier
#     state), and the report names the spin's file:line and every live warp;
#     warps that spin while another computes without storing are no hang
#     (spin_then_go.c); a loop whose state never repeats (count_forever.c)
#     is stopped by the hang limit; --hang-limit 0 leaves it to the total
#     limit;
#     Ctrl-C stops a run with a partial report and exit status 130;
#   - RTL timing seeds: --seed N reproduces a run bit for bit (cycles, the
#     trace) and another N changes the timing;
#   - --json: cycles, IPC and the co-simulation mode and verdict on the RTL,
#     null on the golden model; only measured counters (no L1 hit counts on
#     the RTL); the stop reason and the warps of a stopped run;
#   - --memcheck on both backends: out-of-bounds stores and loads, writes to
#     code, with the buffer, offset, lane and file:line; --error-exitcode;
#   - every option/backend pair is honoured or refused with the backend named.
# usage: test_run_tool.sh [WARPWATCH [KERNEL_DIR [SUITE_KERNEL_DIR]]]
#   defaults: build/bin/warpwatch build/runtime/kernels build/kernels
# Outputs go to build/runtime/run-tool-test/. Last line: "N passed, N failed".
set -uo pipefail

WW=${1:-build/bin/warpwatch}
K=${2:-build/runtime/kernels}
SK=${3:-build/kernels}
OUT=build/runtime/run-tool-test
SRC=sw/runtime/test
mkdir -p "$OUT"
source "$(dirname "$0")/cli_lib.sh"

# within SECONDS CMD... : CMD finishes within SECONDS of wall time
within() {
  local limit=$1 t0 t1
  shift
  t0=$(date +%s.%N)
  "$@"
  local rc=$?
  t1=$(date +%s.%N)
  if python3 -c "import sys; sys.exit(0 if $t1 - $t0 <= $limit else 1)"; then
    ok
  else
    bad "took $(python3 -c "print(round($t1 - $t0, 1))") s, more than $limit s"
  fi
  return $rc
}

# ---- the watchdog -----------------------------------------------------------------
spin_line=$(grep -n 'SPIN HERE' "$SRC/endless.c" | cut -d: -f1)
lanes=$(grep -m1 'define WW_LANES ' cmodel/include/ww_config.h | awk '{print $3}')
for b in cmodel verilator; do
  within 10 run 3 run "$K/endless.elf" --grid 4 --block 32 --arg buf:16 --backend $b
  has stderr "hang: no store, atomic, barrier or exit for"
  has stderr "and every live warp repeats a cycle of states"
  has stderr "[endless.c:$spin_line]"
  has stderr "warps when it stopped (8 live"
  n=$(grep -c "^  SM [0-9] warp [0-9] (block [0-9]): pc .*\[endless.c:$spin_line\]" "$OUT/stderr")
  if [ "$n" -eq 8 ]; then ok; else bad "$b: $n of 8 warps named at endless.c:$spin_line"; fi
  run 3 run "$K/endless.elf" --grid 4 --block 32 --arg buf:16 --backend $b --json
  json_ok "j['status'] == 'hang' and j['stop'] == 'hang' and j['trap']['kind'] == 'STEP_LIMIT' and \
j['trap']['srcline'] == 'endless.c:$spin_line' and len(j['warps']) == 8 and \
all(w['live'] and w['srcline'] == 'endless.c:$spin_line' for w in j['warps'])"
  # no watchdog: the total limit stops it, and says so
  run 3 run "$K/endless.elf" --grid 1 --block 8 --arg buf:16 --backend $b --hang-limit 0 \
    --max-steps 600000 --json
  json_ok "j['stop'] == 'limit' and j['trap']['srcline'] == 'endless.c:$spin_line'"
  # spinning warps wait for one that computes (no stores) past the spin
  # window (32768 cycles or steps, and a poll): not a hang
  run 0 run "$K/spin_then_go.elf" --grid 1 --block $((2 * lanes)) --arg buf:16 --arg 6000 \
    --backend $b --json
  json_ok "j['status'] == 'ok' and (j['cycles'] or j['stats']['steps']) > 36864"
  # an endless counting loop never repeats a state: the hang limit stops it
  count_line=$(grep -n 'COUNT HERE' "$SRC/count_forever.c" | cut -d: -f1)
  run 3 run "$K/count_forever.elf" --grid 1 --block 16 --arg buf:16 --backend $b \
    --hang-limit 50000
  has stderr "hang: no store, atomic, barrier or exit for"
  has stderr "[count_forever.c:$count_line]"
  if grep -q 'every live warp repeats' "$OUT/stderr"; then
    bad "$b: count_forever.c named as a spin, though its counter never repeats"
  else ok; fi
  # a long but busy kernel is not a hang: the watchdog resets at every store
  run 0 run "$K/spin_store.elf" --grid 2 --block 16 --arg buf:256 --arg 20000 --backend $b \
    --hang-limit 2000 --json
  json_ok "j['status'] == 'ok'"
  # Ctrl-C: a partial report, exit 130
  last_cmd="$WW run endless.elf --backend $b --hang-limit 0 (SIGINT after 1 s)"
  "$WW" run "$K/endless.elf" --grid 4 --block 32 --arg buf:16 --backend $b --hang-limit 0 \
    >"$OUT/stdout" 2>"$OUT/stderr" &
  pid=$!
  sleep 1
  kill -INT $pid
  wait $pid
  rc=$?
  if [ $rc -eq 130 ]; then ok; else bad "$b: Ctrl-C gave exit $rc, expected 130"; fi
  has stderr "interrupted (Ctrl-C) after"
  has stderr "warps when it stopped"
done
run 2 run "$K/endless.elf" --grid 1 --block 8 --hang-limit x && one_line_error "--hang-limit: bad number 'x'"

# ---- RTL timing seeds ---------------------------------------------------------------
HIST=(--grid 4 --block 32 --arg i32:$(seq -s, 1 7 1400) --arg 200 --arg buf:64 --arg 16 --print 2:u32)
cyc() { python3 -c "import json; print(json.load(open('$OUT/stdout'))['cycles'])"; }
run 0 run "$SK/histogram.elf" "${HIST[@]}" --backend verilator --json --seed 5 --trace "$OUT/t5a"
c5a=$(cyc)
run 0 run "$SK/histogram.elf" "${HIST[@]}" --backend verilator --json --seed 5 --trace "$OUT/t5b"
c5b=$(cyc)
run 0 run "$SK/histogram.elf" "${HIST[@]}" --backend verilator --json --seed 0
c0=$(cyc)
run 0 run "$SK/histogram.elf" "${HIST[@]}" --backend verilator --json --seed 6
c6=$(cyc)
if [ "$c5a" = "$c5b" ] && cmp -s "$OUT/t5a" "$OUT/t5b"; then ok; else bad "seed 5 did not reproduce (cycles $c5a, $c5b)"; fi
if [ "$c0" != "$c5a" ] || [ "$c6" != "$c5a" ]; then ok; else bad "seeds 0, 5, 6 all take $c0 cycles"; fi
json_ok "j['seed'] == 6 and j['cosim']['mode'] == 'sync' and j['cosim']['verdict'] == 'agrees'"

# ---- --json keys ------------------------------------------------------------------------
run 0 run "$SK/histogram.elf" "${HIST[@]}" --backend verilator --json --stats
json_ok "j['cycles'] == j['stats']['cycles'] > 0 and abs(j['ipc'] - j['stats']['warp_insns'] / j['cycles'] / $(grep -m1 'define WW_NUM_SM ' cmodel/include/ww_config.h | awk '{print $3}')) < 1e-3 and \
'l1_hits' not in j['stats'] and 'steps' not in j['stats'] and j['stop'] is None and 'warps' not in j"
run 0 run "$SK/histogram.elf" "${HIST[@]}" --backend verilator --cosim off --json
json_ok "j['cosim'] == {'mode': 'off', 'verdict': None}"
run 0 run "$SK/histogram.elf" "${HIST[@]}" --json
json_ok "j['cycles'] is None and j['ipc'] is None and j['cosim'] is None and j['stats']['steps'] > 0 \
and 'l1_hits' in j['stats']"
run 0 run "$SK/histogram.elf" "${HIST[@]}" --backend verilator --stats
if grep -q "L1 hits" "$OUT/stdout"; then bad "--stats prints L1 hits the RTL did not count"; else ok; fi

# ---- memcheck -----------------------------------------------------------------------------
line_of() { grep -n "$1" "$SRC/oob.c" | cut -d: -f1; }
oob_line=$(line_of 'OOB STORE') code_line=$(line_of 'CODE STORE') far_line=$(line_of 'FAR LOAD')
OOB=(run "$K/oob.elf" --grid 2 --block 16 --memcheck)
for b in cmodel verilator; do
  run 0 "${OOB[@]}" --arg buf:64 --arg 0 --backend $b && has stdout "memcheck summary: 0 errors (0 distinct)"
  run 0 "${OOB[@]}" --arg buf:16 --arg 1 --backend $b
  has stdout "memcheck: invalid store of 4 bytes at"
  # the first report is the first faulting store to retire: which thread that
  # is depends on the RTL's timing, so its offset must match its thread
  # (thread t of the grid stores 400 + 4t bytes in: 384 + 4t past the end)
  if python3 - "$OUT/stdout" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
m = re.search(r"\(out of bounds\): (\d+) bytes past the end of arg 0 \(buf:16\)\n"
              r"\s+by SM \d+ warp \d+ lane \d+ \(block (\d+), thread (\d+)\)", t)
sys.exit(0 if m and int(m.group(1)) == 384 + 4 * (16 * int(m.group(2)) + int(m.group(3))) else 1)
PY
  then ok; else bad "the first out-of-bounds report's offset does not match its thread"; fi
  has stdout "[oob.c:$oob_line]; 32 times at this pc"
  has stdout "memcheck summary: 32 errors (1 distinct)"
  run 7 "${OOB[@]}" --arg buf:16 --arg 1 --backend $b --error-exitcode 7
  run 0 "${OOB[@]}" --arg buf:64 --arg 0 --backend $b --error-exitcode 7
  run 0 "${OOB[@]}" --arg buf:64 --arg 2 --backend $b
  has stdout "(write to the kernel's code): kernel code (oob.elf) + "
  has stdout "[oob.c:$code_line]"
  run 0 "${OOB[@]}" --arg buf:64 --arg 3 --backend $b --json
  json_ok "j['memcheck']['errors'] == 32 and j['memcheck']['distinct'] == 1 and \
j['memcheck']['list'][0]['kind'] == 'out of bounds' and j['memcheck']['list'][0]['access'] == 'load' and \
j['memcheck']['list'][0]['srcline'] == 'oob.c:$far_line' and \
j['memcheck']['list'][0]['where'].endswith('bytes past the end of arg 0 (buf:64)') and \
sorted(j['memcheck']['list'][0]) == sorted(['kind', 'access', 'addr', 'bytes', 'where', 'sm', 'warp', \
'lane', 'block', 'thread', 'pc', 'srcline', 'count'])"
done
# the transaction log region (docs/tm.md sec. 5) is the hardware's: any kernel
# access is an error, named down to the log entry (the golden model only:
# memcheck checks the retire records, the same on both backends)
cfg() { grep -m1 "define WW_$1 " cmodel/include/ww_config.h | awk '{print $3}'; }
local0=$(( $(cfg GMEM_BYTES) - $(cfg NUM_SM) * $(cfg WARPS_PER_SM) * $(cfg LANES) * $(cfg LOCAL_BYTES) ))
log_line=$(line_of 'LOG LOAD')
run 0 "${OOB[@]}" --arg buf:128 --arg 4 --arg $((local0 - 256))
has stdout "(the transaction log region (the hardware's)): the transaction log (SM $(( $(cfg NUM_SM) - 1 ))"
has stdout "warp $(( $(cfg WARPS_PER_SM) - 1 )) write log, entry $(( $(cfg TX_LOG_WORDS) - 4 )), lane 0's address)"
has stdout "[oob.c:$log_line]; 32 times at this pc"
# without --memcheck nothing is checked and the run is quiet about it
run 0 run "$K/oob.elf" --grid 2 --block 16 --arg buf:16 --arg 1
if grep -q memcheck "$OUT/stdout"; then bad "memcheck output without --memcheck"; else ok; fi

# ---- every option on a backend that cannot honour it is refused, naming it ----------------
for opt in "--cosim sync" "--wave $OUT/w.fst" "--scord" "--stalls" "--stalls-plot $OUT/p.svg"; do
  run 2 run "$K/endless.elf" --grid 1 --block 8 --arg buf:16 $opt &&
    has stderr "needs --backend verilator"
done
run 2 run "$K/endless.elf" --grid 1 --block 8 --cosim fast --backend verilator &&
  one_line_error "--cosim fast: expected sync, strict, follow or off"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
