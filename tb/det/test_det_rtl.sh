#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_det_rtl.sh WARPWATCH RACEY_ELF SW_TESTS_RTL -- GPUDet in the RTL
# (docs/det.md), against the RTL's own nondeterminism: its timing seeds
# (--seed on verilator: DRAM latency jitter).
#   racey   the GPU-Racey-style kernel (sw/det/racey.c, 4096 words: the
#           array misses the L2 at first, so the DRAM's timing matters)
#           under DET_RTL_SEEDS timing seeds (default 6): at least two
#           different final arrays without --det, exactly one with it, the
#           golden model's in deterministic mode (quantum 200, and 37 on
#           three seeds). Every --det run on verilator also compares the
#           whole final memory with the model's (the backend does).
#   json    the RTL's counters (quanta, end reasons) equal the model's, the
#           cycle breakdown's four modes are present and add up to at most
#           the run's cycles.
#   gsi     the stall inspector's GPUDet sub-classes (--stalls): on every SM
#           sy_det_quantum <= distribution + parallel cycles, sy_det_commit
#           <= commit cycles (> 0), sy_det_serial <= serial cycles; all
#           three are 0 without --det.
#   lock    the lock-based commit (--det-commit lock): the racey kernel's
#           memory equal to the model's, its commit mode no shorter than
#           the Z-buffer units' on the same seed.
#   order   last_writer.elf: the commit's depth order on the RTL.
#   barrier barrier_pass.elf and barrier_atomic.elf (quantum 50: a warp
#           waits at a ww.bar across quanta; in the second an atomic is the
#           instruction after the barrier) on two seeds: what warp 0 stored
#           before the barrier is what warp 1 reads after it, every
#           thread's atomic counted, the RTL's end reasons the model's.
#   dwp     --det-dwp (workgroup partitioning, sec. 4.2.2) on racey with
#           64 one-warp blocks: one array over the timing seeds, the
#           model's with DWP, in fewer quanta than without; the vecadd
#           suite group with --det --det-dwp (memory equal to the model's).
#   tx      a transaction traps (TX_UNIMPL) in deterministic mode, as in
#           the model.
#   suite   the kernel-suite groups DET_RTL_GROUPS on DET_RTL_SUITE_SEEDS
#           (sw_tests_rtl --det: each kernel's host reference, and its
#           memory equal to the model's).
# Prints PASS/FAIL per check and "N passed, N failed"; exit 1 on a failure.
set -uo pipefail
ww=${1:?usage: test_det_rtl.sh WARPWATCH RACEY_ELF SW_TESTS_RTL}
elf=${2:?usage: test_det_rtl.sh WARPWATCH RACEY_ELF SW_TESTS_RTL}
swt=${3:?usage: test_det_rtl.sh WARPWATCH RACEY_ELF SW_TESTS_RTL}
seeds=${DET_RTL_SEEDS:-6}
groups=${DET_RTL_GROUPS:-atomics vecadd reduction histogram bfs work-queue spinlock scoped-race matmul}
suite_seeds=${DET_RTL_SUITE_SEEDS:-1,2}
lanes=$(sed -n 's/^#define WW_LANES *\([0-9]*\).*/\1/p' cmodel/include/ww_config.h)
pass=0 fail=0
check() {   # check OK MESSAGE
  if [ "$1" = 1 ]; then echo "PASS $2"; pass=$((pass + 1)); else echo "FAIL $2"; fail=$((fail + 1)); fi
}
args=(--grid 4 --block 32 --arg buf:16384 --arg 4096 --arg 40)
sig() {   # sig BACKEND EXTRA-ARGS...: the array's words, hashed (or the error)
  local be=$1; shift
  "$ww" run "$elf" "${args[@]}" --print 0:x32:4096 --backend "$be" "$@" 2>&1 |
    grep -v '^ok:\|^rtl:\|^det:' | md5sum | cut -c1-12
}

n=$(for s in $(seq 1 "$seeds"); do sig verilator --seed "$s" --cosim off; done | sort -u | wc -l)
check $([ "$n" -ge 2 ] && echo 1 || echo 0) \
  "RTL without --det: the racey array depends on the timing seed ($n signatures over $seeds seeds)"
for q in 200 37; do
  ref=$(sig cmodel --det --quantum $q)
  ns=$seeds; [ $q = 37 ] && ns=3
  got=$(for s in $(seq 1 "$ns"); do sig verilator --seed "$s" --det --quantum $q; done | sort -u)
  check $([ "$(wc -l <<<"$got")" -eq 1 ] && [ "$got" = "$ref" ] && echo 1 || echo 0) \
    "RTL --det --quantum $q: one array over $ns timing seeds, the golden model's ($(tr '\n' ' ' <<<"$got")vs $ref)"
done

# the RTL's counters against the model's; the cycle breakdown
rtl=$("$ww" run "$elf" "${args[@]}" --det --backend verilator --seed 5 --json --stalls)
mod=$("$ww" run "$elf" "${args[@]}" --det --json)
ok=$(python3 - "$rtl" "$mod" <<'PY'
import json, sys
r, m = json.loads(sys.argv[1]), json.loads(sys.argv[2])
rd, md = r["det"], m["det"]
c = rd["cycles"]
print(1 if r["status"] == "ok" and rd["memory_equals_model"] is True and rd["quanta"] == md["quanta"]
      and rd["quanta"] > 1 and rd["ends"] == md["ends"]
      and set(c) == {"distribution", "parallel", "commit", "serial"}
      and c["parallel"] > 0 and c["commit"] > 0 and sum(c.values()) <= r["cycles"]
      and "commit_bytes" not in rd else 0)
PY
)
check "$ok" "RTL --det --json: quanta and end reasons equal the model's; a cycle per mode, only measured keys"

# the stall inspector's GPUDet sub-classes, against the controller's cycles
off=$("$ww" run "$elf" "${args[@]}" --backend verilator --seed 5 --cosim off --json --stalls)
ok=$(python3 - "$rtl" "$off" <<'PY'
import json, sys
r, o = json.loads(sys.argv[1]), json.loads(sys.argv[2])
c = r["det"]["cycles"]
sms = r["stalls"]["sm"]
det = ("sy_det_quantum", "sy_det_commit", "sy_det_serial")
ok = len(sms) > 0 and all(
    s["sync"]["sy_det_quantum"] <= c["distribution"] + c["parallel"]
    and 0 < s["sync"]["sy_det_commit"] <= c["commit"]
    and s["sync"]["sy_det_serial"] <= c["serial"] for s in sms)
ok = ok and all(s["sync"][k] == 0 for s in o["stalls"]["sm"] for k in det)
print(1 if ok else 0)
PY
)
check "$ok" "RTL --det --stalls: GPUDet's sync sub-classes within the controller's cycles per mode, none without --det"

# the lock-based commit: the same memory, a commit no shorter than the Z-buffer's
lock=$("$ww" run "$elf" "${args[@]}" --det --det-commit lock --backend verilator --seed 5 --json)
ok=$(python3 - "$rtl" "$lock" <<'PY'
import json, sys
z, l = json.loads(sys.argv[1]), json.loads(sys.argv[2])
print(1 if l["status"] == "ok" and l["det"]["memory_equals_model"] is True
      and l["det"]["commit_mode"] == "lock" and z["det"]["commit_mode"] == "zbuf"
      and l["det"]["quanta"] == z["det"]["quanta"]
      and l["det"]["cycles"]["commit"] >= z["det"]["cycles"]["commit"] else 0)
PY
)
check "$ok" "RTL --det --det-commit lock: the model's memory, commit mode no shorter than the Z-buffer units' ($(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["det"]["cycles"]["commit"], "vs", json.loads(sys.argv[2])["det"]["cycles"]["commit"])' "$lock" "$rtl" 2>/dev/null) cycles)"

# the commit's depth order on the RTL (see test_det_cmodel.sh)
wps=$(sed -n 's/^#define WW_WARPS_PER_SM *\([0-9]*\).*/\1/p' cmodel/include/ww_config.h)
nsm=$(sed -n 's/^#define WW_NUM_SM *\([0-9]*\).*/\1/p' cmodel/include/ww_config.h)
for s in 1 2 3; do
  got=$("$ww" run "${elf%/*}/last_writer.elf" --grid "$nsm" --block $((wps * lanes)) --arg buf:8 \
        --arg "$wps" --det --backend verilator --seed "$s" --print 0:u32:2 2>&1 |
        sed -n 's/^arg0 u32\[2\]: *//p')
  check $([ "$got" = "1 $((nsm * wps))" ] && echo 1 || echo 0) \
    "RTL --det --seed $s: the lowest warp slot wins in a quantum, a later quantum over a lower slot (want '1 $((nsm * wps))', got '$got')"
done

# global data across a ww.bar, a warp held at one across quanta, an atomic after it
for k in barrier_pass barrier_atomic; do
  bargs=(--grid 2 --block 16 --arg buf:256 --arg buf:256 --arg 100)
  [ $k = barrier_atomic ] && bargs+=(--arg buf:4 --arg 1 --print 3:u32:1)
  bargs+=(--det --quantum 50 --json --print 0:u32:64 --print 1:u32:64)
  bmod=$("$ww" run "${elf%/*}/$k.elf" "${bargs[@]}")
  for s in 1 2; do
    brtl=$(timeout 300 "$ww" run "${elf%/*}/$k.elf" "${bargs[@]}" --backend verilator --seed "$s")
    ok=$(python3 - "$brtl" "$bmod" "$lanes" "$k" <<'PY'
import json, sys
try:
    r, m, lanes, k = json.loads(sys.argv[1]), json.loads(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    words = {b["arg"]: b["values"] for b in r["buffers"]}
    data, out = words[0], words[1]
    good = all(out[32 * b + l] == data[32 * b + l] == 1000 * b + l + 1
               for b in range(2) for l in range(lanes))
    if k == "barrier_atomic":
        good = good and words[3][0] == 2 * 16 and r["det"]["ends"]["atomic"] > 0
    print(1 if r["status"] == "ok" and r["det"]["memory_equals_model"] is True and good
          and r["det"]["ends"] == m["det"]["ends"] and r["det"]["ends"]["barrier"] > 0 else 0)
except Exception as e:
    print(0)
PY
)
    check "$ok" "RTL --det --seed $s: $k hands warp 0's stores to warp 1 across a ww.bar held over quanta$([ $k = barrier_atomic ] && echo ', every atomic after it counted'), end reasons the model's"
  done
done

# DWP: blocks refilled in parallel mode, deterministically
dargs=(--grid 64 --block 8 --arg buf:16384 --arg 4096 --arg 3)
dsig() { "$ww" run "$elf" "${dargs[@]}" --print 0:x32:4096 "$@" 2>&1 | grep -v '^ok:\|^rtl:\|^det:' |
         md5sum | cut -c1-12; }
quanta() { "$ww" run "$elf" "${dargs[@]}" --json "$@" |
           python3 -c 'import json,sys; print(json.load(sys.stdin)["det"]["quanta"])'; }
ref=$(dsig --det --det-dwp)
got=$(for s in $(seq 1 "$seeds"); do dsig --backend verilator --seed "$s" --det --det-dwp; done | sort -u)
q_on=$(quanta --det --det-dwp --backend verilator --seed 1) q_off=$(quanta --det)
check $([ "$(wc -l <<<"$got")" -eq 1 ] && [ "$got" = "$ref" ] && [ "$q_on" -lt "$q_off" ] &&
        echo 1 || echo 0) \
  "RTL --det --det-dwp, 64 short blocks: one array over $seeds timing seeds, the golden model's ($(tr '\n' ' ' <<<"$got")vs $ref), $q_on quanta (without DWP $q_off)"
out=$("$swt" --backend=verilator --det --det-dwp --seeds="$suite_seeds" --only=vecadd 2>&1)
last=$(tail -1 <<<"$out")
check $(grep -q '^[1-9][0-9]* passed, 0 failed$' <<<"$last" && echo 1 || echo 0) \
  "suite group vecadd, RTL --det --det-dwp, seeds $suite_seeds: $last"

# transactions trap in deterministic mode, in the RTL as in the model
tx=$("$ww" run build/kernels/tx_doomed.elf --grid 1 --block 32 --arg buf:64 --arg 3 --arg 2 \
     --arg 200 --arg buf:128 --det --backend verilator 2>&1); rc=$?
check $([ $rc -ne 0 ] && grep -q "^trap: transactions not implemented at sm 0 warp 0" <<<"$tx" &&
        echo 1 || echo 0) "RTL --det: ww.tx.begin traps (exit $rc: $(head -1 <<<"$tx" | cut -c1-80))"

# the kernel suite in deterministic mode on the RTL
for g in $groups; do
  out=$("$swt" --backend=verilator --det --seeds="$suite_seeds" --only="$g" 2>&1)
  last=$(tail -1 <<<"$out")
  ok=$(grep -q '^[1-9][0-9]* passed, 0 failed$' <<<"$last" && echo 1 || echo 0)
  [ "$ok" = 1 ] || grep '^FAIL' <<<"$out" | head -5
  check "$ok" "suite group $g, RTL --det, seeds $suite_seeds: $last"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
