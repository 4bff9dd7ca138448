#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_det_scord.sh WARPWATCH RACEY_ELF MICRO_RTL APPS_RTL -- reproducible race
# reports (docs/det.md sec. 6): with --det --scord the RTL runs one SM and one
# warp at a time in parallel mode, so ScoRD sees every access in an order
# that does not depend on timing, and its race report must be the same under
# every RTL timing seed (--seed on verilator: DRAM latency jitter).
#   racey   the GPU-Racey-style kernel (grid 4 x 32, 1024 words, 10
#           read-writes per thread) on DET_SCORD_SEEDS timing seeds (default
#           3): with --det --scord one race report (every race's type,
#           scope, pc, word and count, who accessed it before, and the
#           totals; not the cycles: when an access retired, the detector's
#           back-pressure, its metadata traffic), at least two different
#           ones with --scord alone
#   micro   the ScoRD microbenchmarks (MICRO_RTL --rtl=cached --det) on
#           timing seeds 1 and 2: each verdict as labelled, and each
#           kernel's race list the same on both seeds
#   apps    the ScoRD applications DET_SCORD_APPS (default rule110
#           reduction_scoped; APPS_RTL --scord=cached --det) on seeds 1 and
#           2: as labelled, each (app, race) run's race list the same
# Every --det run also compares the whole final memory with the golden
# model's in deterministic mode (the backend does). Prints PASS/FAIL per
# check and "N passed, N failed"; exit 1 on a failure.
set -uo pipefail
usage="usage: test_det_scord.sh WARPWATCH RACEY_ELF MICRO_RTL APPS_RTL"
ww=${1:?$usage}
elf=${2:?$usage}
micro=${3:?$usage}
apps=${4:?$usage}
seeds=${DET_SCORD_SEEDS:-3}
app_list=${DET_SCORD_APPS-rule110 reduction_scoped}   # empty: none
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {   # check OK MESSAGE
  if [ "$1" = 1 ]; then echo "PASS $2"; pass=$((pass + 1)); else echo "FAIL $2"; fail=$((fail + 1)); fi
}

# the race report of a --json run, without its timing counters
report() {   # report JSON-FILE: a digest of the races, or "error: ..."
  python3 - "$1" <<'PY'
import hashlib, json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:
    print("error: no JSON (%s)" % e); sys.exit(0)
if d.get("status") != "ok" or "scord" not in d:
    print("error: status %s" % d.get("status")); sys.exit(0)
s = d["scord"]
def untimed(x):   # the cycles an access retired at are timing: left out
    if isinstance(x, dict):
        return {k: untimed(v) for k, v in x.items() if not k.endswith("_cycle")}
    return [untimed(v) for v in x] if isinstance(x, list) else x
# (metadata reads and writes are left out too: the read-ahead forwards a line
# an earlier record still works on, so their count is timing)
keep = untimed({k: s[k] for k in ("distinct", "races", "records", "log_overwrites", "list")})
if d.get("det") is not None and d["det"].get("memory_equals_model") is not True:
    print("error: memory differs from the model's"); sys.exit(0)
print(hashlib.md5(json.dumps(keep, sort_keys=True).encode()).hexdigest()[:12],
      "%d-distinct" % s["distinct"])
PY
  [ ${PIPESTATUS[0]} -eq 0 ] || echo "error: the report script failed"
}

args=(--grid 4 --block 32 --arg buf:4096 --arg 1024 --arg 10 --backend verilator --scord --json)
for s in $(seq 1 "$seeds"); do
  "$ww" run "$elf" "${args[@]}" --seed "$s" --det >"$tmp/on$s.json" 2>"$tmp/on$s.err"
  report "$tmp/on$s.json" >>"$tmp/on"
  "$ww" run "$elf" "${args[@]}" --seed "$s" --cosim off >"$tmp/off$s.json" 2>"$tmp/off$s.err"
  report "$tmp/off$s.json" >>"$tmp/off"
done
on=$(sort -u "$tmp/on") off=$(sort -u "$tmp/off")
check $([ -n "$on" ] && [ "$(wc -l <<<"$on")" -eq 1 ] && ! grep -q error <<<"$on" && echo 1 || echo 0) \
  "racey --det --scord: one race report over $seeds timing seeds ($(tr '\n' ' ' <<<"$on"))"
check $([ -n "$off" ] && [ "$(wc -l <<<"$off")" -ge 2 ] && ! grep -q error <<<"$off" && echo 1 || echo 0) \
  "racey --scord without --det: the race report depends on the timing seed ($(wc -l <<<"$off") reports over $seeds seeds)"

# the same race list on every seed, per kernel (micro) or per (app, race)
same_races() {   # same_races JSON KEY...: "OK n" or the first run that differs
  python3 - "$@" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); keys = sys.argv[2:]
by = {}
for r in d["runs"]:
    k = tuple(r[x] for x in keys)
    races = sorted(json.dumps(x, sort_keys=True) for x in (r.get("races") or []))
    by.setdefault(k, set()).add("\n".join(races))
bad = [k for k, v in by.items() if len(v) != 1]
print("OK %d" % len(by) if by and not bad else "DIFFER %s" % (bad[:3],))
PY
}

out=$("$micro" --rtl=cached --det --seeds=1,2 --json="$tmp/micro.json" 2>&1)
last=$(tail -1 <<<"$out")
ok=$(grep -q '^[1-9][0-9]* passed, 0 failed$' <<<"$last" && echo 1 || echo 0)
[ "$ok" = 1 ] || grep '^FAIL' <<<"$out" | head -5
check "$ok" "ScoRD microbenchmarks with --det, seeds 1 and 2: verdicts as labelled ($last)"
same=$(same_races "$tmp/micro.json" kernel)
check $([[ $same == OK* ]] && echo 1 || echo 0) \
  "ScoRD microbenchmarks with --det: each kernel's race list the same on both seeds ($same)"

for a in $app_list; do
  out=$("$apps" --backend=verilator --scord=cached --det --seeds=1,2 --only="$a" \
        --json="$tmp/app_$a.json" 2>&1)
  last=$(tail -1 <<<"$out")
  ok=$(grep -q '^[1-9][0-9]* passed, 0 failed$' <<<"$last" && echo 1 || echo 0)
  [ "$ok" = 1 ] || grep '^FAIL' <<<"$out" | head -5
  check "$ok" "ScoRD app $a with --det, seeds 1 and 2: as labelled ($last)"
  same=$(same_races "$tmp/app_$a.json" app race)
  check $([[ $same == OK* ]] && echo 1 || echo 0) \
    "ScoRD app $a with --det: each (app, race) run's race list the same on both seeds ($same)"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
