#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_det_cmodel.sh WARPWATCH RACEY_ELF -- GPUDet on the golden model
# (docs/det.md): the GPU-Racey-style kernel (sw/det/racey.c) under N
# interleaving seeds (--seed; random warp interleavings) must give at least
# two different final arrays without --det (else the test proves nothing)
# and one array with --det, for the default quantum and two others; the
# statistics must add up; last_writer.elf (beside RACEY_ELF) must show the
# commit's depth order; bad --det/--quantum use must be refused with a
# message and exit status 2.
set -uo pipefail
ww=${1:?usage: test_det_cmodel.sh WARPWATCH RACEY_ELF}
elf=${2:?usage: test_det_cmodel.sh WARPWATCH RACEY_ELF}
seeds=${DET_SEEDS:-20}
lanes=$(sed -n 's/^#define WW_LANES *\([0-9]*\).*/\1/p' cmodel/include/ww_config.h)
pass=0 fail=0
check() {   # check OK MESSAGE
  if [ "$1" = 1 ]; then echo "PASS $2"; pass=$((pass + 1)); else echo "FAIL $2"; fail=$((fail + 1)); fi
}
# the array's signature: the printed words, hashed
sig() {
  "$ww" run "$elf" --grid 4 --block 32 --arg buf:4096 --arg 1024 --arg 40 --print 0:x32:1024 \
    "$@" 2>&1 | grep -v '^ok:' | md5sum | cut -c1-12
}
distinct() {   # distinct EXTRA-ARGS...: how many different signatures over the seeds
  for s in $(seq 1 "$seeds"); do sig --seed "$s" "$@"; done | sort -u | wc -l
}

n=$(distinct)
check $([ "$n" -ge 2 ] && echo 1 || echo 0) \
  "without --det the racey array depends on the interleaving: $n signatures over $seeds seeds"
for q in "" 1 37; do
  n=$(distinct --det ${q:+--quantum $q})
  check $([ "$n" -eq 1 ] && echo 1 || echo 0) \
    "--det${q:+ --quantum $q}: one signature over $seeds seeds (got $n)"
done

# the report: quanta, the ends that add up, the JSON object
out=$("$ww" run "$elf" --grid 4 --block 32 --arg buf:4096 --arg 1024 --arg 40 --det --json)
ok=$(python3 - "$out" "$lanes" <<'PY'
import json, sys
d, lanes = json.loads(sys.argv[1]), int(sys.argv[2])
det = d["det"]
e = det["ends"]
# each of the 4 x ceil(32 / lanes) warps exits once; 40 iterations of about
# ten instructions, each store up to a line per lane, take more than one
# quantum of 200 or more than one store buffer (DET_SB_LINES)
print(1 if d["status"] == "ok" and det["quanta"] > 1 and det["quantum"] == 200
      and e["exit"] == 4 * -(-32 // lanes) and e["count"] + e["buffer_full"] > 0
      and det["commit_bytes"] > 0
      else 0)
PY
)
check "$ok" "--det --json: a \"det\" object with quanta, ends by reason and committed bytes"

# the commit order (tb/det's host view of the paper's depth): one full block
# per SM, every warp slot used; out[0] written by all in one quantum (lowest
# slot wins), out[1] by slot s in quantum s + 2 (the highest slot wins)
wps=$(sed -n 's/^#define WW_WARPS_PER_SM *\([0-9]*\).*/\1/p' cmodel/include/ww_config.h)
nsm=$(sed -n 's/^#define WW_NUM_SM *\([0-9]*\).*/\1/p' cmodel/include/ww_config.h)
for s in 1 2 3; do
  got=$("$ww" run "${elf%/*}/last_writer.elf" --grid "$nsm" --block $((wps * lanes)) --arg buf:8 \
        --arg "$wps" --det --seed "$s" --print 0:u32:2 2>&1 | sed -n 's/^arg0 u32\[2\]: *//p')
  check $([ "$got" = "1 $((nsm * wps))" ] && echo 1 || echo 0) \
    "--det --seed $s: same quantum, the lowest warp slot wins; a later quantum wins over a lower slot (want '1 $((nsm * wps))', got '$got')"
done

# refused with a message, exit status 2
bad() {   # bad MESSAGE-PATTERN ARGS...
  local pat=$1; shift
  local msg rc
  msg=$("$ww" run "$elf" --grid 1 --block 8 --arg buf:64 --arg 16 --arg 1 "$@" 2>&1); rc=$?
  check $([ $rc -eq 2 ] && grep -q -- "$pat" <<<"$msg" && echo 1 || echo 0) \
    "refused: $* (exit $rc: $(head -1 <<<"$msg" | cut -c1-90))"
}
bad "drop --cosim" --det --backend verilator --cosim sync
bad "--quantum 0" --det --quantum 0
bad "needs --det" --quantum 10
bad "--quantum x" --det --quantum x

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
