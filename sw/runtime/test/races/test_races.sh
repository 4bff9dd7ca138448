#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_races.sh -- checks warpwatch's ScoRD race report end to end on the
# RTL (docs/scord.md §3 "Host: both accessors"):
#   - cas_blocks (sw/runtime/test/races/cas_blocks.c, a block-scope CAS on a
#     word blocks on both SMs share, then a load): both races name both
#     accessors with the PCs that `warpwatch disasm` gives for the CAS and
#     the load, the source lines found in the kernel's source (the CAS's own
#     line inside the inlined helper, and its call site), the lane and thread
#     of the thread chosen at random (--arg who), the region "arg 0 (...) + 0";
#   - message_passing: the producer's `*data = 42` races with the consumer's
#     load before it (r1), not its last load of the word (r3);
#   - the summary line's count equals the races listed, text and JSON;
#   - --save writes JSON (parsed by python3) with the new fields, creating
#     its directories; --json has them too;
#   - --error-exitcode 7 exits 7 on a racy kernel and 0 on a race-free one
#     (vecadd); without it a racy run exits 0.
# usage: test_races.sh [WARPWATCH]   (default build/bin/warpwatch, with the
#   verilator backend). Outputs go to build/runtime/races-test/. Last line:
#   "N passed, N failed".
set -uo pipefail

WW=${1:-build/bin/warpwatch}
RK=build/runtime/races
KS=build/kernels
SRC=sw/runtime/test/races
OUT=build/runtime/races-test
rm -rf "$OUT"
mkdir -p "$OUT"

# ok, bad, run, has FILE TEXT, json checks (sw/runtime/test/cli_lib.sh)
source "$(dirname "$0")/../cli_lib.sh"
# py EXPR FILE : the JSON in FILE, as j, satisfies the python expression EXPR
py() {
  if python3 - "$2" "$1" <<'PYEOF'
import json, sys
j = json.load(open(sys.argv[1]))
sys.exit(0 if eval("(" + sys.argv[2] + ")") else 1)
PYEOF
  then ok; else bad "JSON $2 fails: $1"; fi
}
# summary_matches : "scord summary: N distinct races displayed" with N = the race lines
summary_matches() {
  local n listed
  n=$(sed -n 's/^scord summary: \([0-9]*\) distinct race.*/\1/p' "$OUT/stdout")
  listed=$(grep -c '^race (' "$OUT/stdout")
  if [ -n "$n" ] && [ "$n" -eq "$listed" ]; then ok; else bad "summary says '${n}', $listed races listed"; fi
}

if [ ! -x "$WW" ]; then
  echo "FAIL: no $WW (make build/bin/warpwatch): the race report needs the verilator backend"
  echo "0 passed, 1 failed"
  exit 1
fi
cfg() { sed -n "s/^#define $1 *\([0-9]*\).*/\1/p" cmodel/include/ww_config.h; }
LANES=$(cfg WW_LANES)
BLOCK=$(( $(cfg WW_WARPS_PER_SM) * LANES ))   # a block fills an SM: block b runs on SM b

# ---- cas_blocks: both accessors, lines, lanes, region --------------------------
K=$RK/cas_blocks.elf
"$WW" disasm "$K" >"$OUT/disasm" 2>/dev/null || bad "disasm $K"
CAS_PC=$(awk '$3 == "ww.cas.blk" { sub(":", "", $1); print $1 }' "$OUT/disasm")
L_CAS=$(grep -n 'return ww_atomic_cas_block(' "$SRC/cas_blocks.c" | cut -d: -f1)
L_CALL=$(grep -n '= claim(args' "$SRC/cas_blocks.c" | cut -d: -f1)
L_LOAD=$(grep -n '/\* the level \*/' "$SRC/cas_blocks.c" | cut -d: -f1)
LOAD_PCS=$(awk -v l="cas_blocks.c:$L_LOAD" '$3 == "lw" && $NF == l { sub(":", "", $1); print $1 }' "$OUT/disasm")
if [ -z "$CAS_PC" ] || [ -z "$L_CAS" ] || [ -z "$L_CALL" ] || [ -z "$L_LOAD" ] || [ -z "$LOAD_PCS" ]; then
  bad "cas_blocks: could not find the CAS/load PCs or lines (disasm in $OUT/disasm)"
fi
WHO=$(( RANDOM % BLOCK ))
echo "cas_blocks: thread $WHO claims; CAS at 0x$CAS_PC (cas_blocks.c:$L_CAS inlined at :$L_CALL)"
SAVE=$OUT/new/dir/cas.json
run 7 run "$K" --grid 2 --block "$BLOCK" --arg buf:4 --arg buf:16 --arg "$WHO" --arg 1 \
  --backend verilator --cosim follow --scord=full --save "$SAVE" --error-exitcode 7
WHERE_CAS="pc 0x$CAS_PC cas_blocks.c:$L_CAS (inlined at cas_blocks.c:$L_CALL)"
THR="thread $WHO (lane $((WHO % LANES)))"
re() { sed 's/[][\.*^$()+?{}|]/\\&/g' <<<"$1"; }   # TEXT as an extended regex
RE_THR=$(re "$THR") RE_CAS=$(re "$WHERE_CAS")
has stdout "race (d) scoped atomic, device scope: atomic at $WHERE_CAS, word"
has stdout "(arg 0 (buf:4) + 0)"
# the CAS race: both accessors are the CAS, in the two blocks
if grep -A2 -F "atomic at $WHERE_CAS" "$OUT/stdout" | grep -q -E "^  current:  block atomic +by SM [01] warp [0-9]+ block [01] $RE_THR at $RE_CAS\$" &&
   grep -A2 -F "atomic at $WHERE_CAS" "$OUT/stdout" | grep -q -E "^  previous: block atomic +by SM [01] warp [0-9]+ block [01] $RE_THR at $RE_CAS\$"; then
  ok
else
  bad "cas_blocks: the CAS race does not name the CAS ($WHERE_CAS) with $THR for both accessors"
fi
# the load's race (Table IV (d) reported at the later access): the CAS is the previous accessor
load_ok=0
for pc in $LOAD_PCS; do
  if grep -A2 -F "load at pc 0x$pc cas_blocks.c:$L_LOAD, word" "$OUT/stdout" |
       grep -q -E "^  previous: block atomic +by SM [01] warp [0-9]+ block [01] $RE_THR at $RE_CAS\$"; then
    load_ok=1
  fi
done
if [ $load_ok = 1 ]; then ok; else bad "cas_blocks: no race at the load (cas_blocks.c:$L_LOAD) after the CAS"; fi
has stdout "scord: race report written to $SAVE"
summary_matches
py "len(j['list']) == j['distinct'] == 2 and all(
      r['region'] == 'arg 0 (buf:4) + 0' and r['region_name'] == 'arg 0 (buf:4)' and r['region_offset'] == 0
      and r['previous']['known'] and r['current']['known']
      and r['previous']['pc'] == int('$CAS_PC', 16) and r['previous']['srcline'] == 'cas_blocks.c:$L_CAS'
      and r['previous']['inlined_at'] == 'cas_blocks.c:$L_CALL'
      and r['previous']['access'] == 'block atomic'
      and r['current']['pc'] == r['pc'] and r['current']['srcline'] == r['srcline']
      and {r['current']['block'], r['previous']['block']} == {0, 1} and r['current']['sm'] != r['previous']['sm']
      and all(a['lane'] == $WHO % $LANES and a['thread'] == $WHO for a in (r['current'], r['previous']))
      for r in j['list'])
    and sorted(r['current']['access'] for r in j['list']) == ['block atomic', 'load']
    and j['access_table']['dropped'] == 0" "$SAVE"

# the same run: --json carries the same report and the exit status
run 7 run "$K" --grid 2 --block "$BLOCK" --arg buf:4 --arg buf:16 --arg "$WHO" --arg 1 \
  --backend verilator --cosim follow --scord=full --json --error-exitcode 7
cp "$OUT/stdout" "$OUT/cas_run.json"
py "j['exit_code'] == 7 and j['scord']['distinct'] == len(j['scord']['list']) == 2 and
    all('current' in r and 'previous' in r and 'region' in r for r in j['scord']['list'])" "$OUT/cas_run.json"
# without --error-exitcode the racy run exits 0, and the summary still counts
run 0 run "$K" --grid 2 --block "$BLOCK" --arg buf:4 --arg buf:16 --arg "$WHO" --arg 0 \
  --backend verilator --cosim follow --scord
summary_matches
has stdout "scord summary: 1 distinct race displayed"

# ---- message_passing: the earlier accessor is the one before the race ----------
MP=$KS/message_passing.elf
MPSRC=sw/kernels/message_passing.c
"$WW" disasm "$MP" >"$OUT/mp_disasm" 2>/dev/null || bad "disasm $MP"
L_STORE=$(grep -n '^ *\*data = 42;' "$MPSRC" | cut -d: -f1)
L_R1=$(grep -n 'uint32_t r1 = \*data;' "$MPSRC" | cut -d: -f1)
R1_PCS=$(awk -v l="message_passing.c:$L_R1" '$3 == "lw" && $NF == l { sub(":", "", $1); print $1 }' "$OUT/mp_disasm")
run 7 run "$MP" --grid 2 --block "$BLOCK" --arg buf:4 --arg buf:4 --arg buf:4 --arg buf:20 \
  --backend verilator --cosim follow --scord=full --error-exitcode 7 --save "$OUT/mp.json"
summary_matches
mp_ok=0
for pc in $R1_PCS; do
  if grep -A2 -F "message_passing.c:$L_STORE, word" "$OUT/stdout" |
       grep -q -E "^  previous: load +by SM [01] warp [0-9]+ block [01] thread 0 \(lane 0\) at pc 0x$pc message_passing.c:$L_R1\$"; then
    mp_ok=1
  fi
done
if [ $mp_ok = 1 ]; then ok; else bad "message_passing: the race at *data = 42 (line $L_STORE) does not name r1's load (line $L_R1, pc ${R1_PCS:-?})"; fi
py "len(j['list']) == j['distinct'] > 0 and all(r['previous']['known'] and
      r['previous']['srcline'].startswith('message_passing.c:') and r['region'].startswith('arg ')
      for r in j['list'])" "$OUT/mp.json"

# ---- usage errors (exit 2, one line naming the option) -----------------------------
for v in 0 256 -1 x; do
  run 2 run "$KS/vecadd.elf" --grid 1 --block 8 --error-exitcode "$v" &&
    { if [ "$(wc -l <"$OUT/stderr")" -eq 1 ] && grep -q -F -- "--error-exitcode $v: expected a number from 1 to 255" "$OUT/stderr"; then ok; else bad "--error-exitcode $v: no one-line usage error"; fi; }
done
run 2 run "$KS/vecadd.elf" --grid 1 --block 8 --save "$OUT/x.json" &&
  { if grep -q -F -- "--save writes the race report: it needs --scord" "$OUT/stderr" && [ ! -e "$OUT/x.json" ]; then ok; else bad "--save without --scord"; fi; }
# an unwritable --save path is a runtime failure (exit 1)
touch "$OUT/file"
run 1 run "$RK/cas_blocks.elf" --grid 2 --block "$BLOCK" --arg buf:4 --arg buf:16 --arg 0 --arg 0 \
  --backend verilator --cosim follow --scord --save "$OUT/file/r.json"

# ---- a race-free kernel: exit 0 with --error-exitcode ------------------------------
run 0 run "$KS/vecadd.elf" --grid 2 --block "$BLOCK" --arg i32:1,2,3,4 --arg i32:5,6,7,8 \
  --arg buf:16 --arg 4 --backend verilator --scord --error-exitcode 7 --print 2:i32
has stdout "arg2 i32[4]: 6 8 10 12"
has stdout "scord summary: 0 distinct races displayed"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
