#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_bench_tm.sh -- `make test`: tm/bench-quick. Runs scripts/bench_tm.sh in
# its quick mode (one application, BENCH_TM_APPS or ht-l; DRAM timing seed 0;
# no sweeps) on the real RTL runner into a scratch directory, then checks the
# report, not its numbers: every key the issue names is there, the cycles are
# positive counts, the ratios are the ones the counters give, aborts per
# commit is aborts / commits, the co-simulated serial replay passed, and the
# runner's own JSON (the raw run) carries the same counters. A second run
# with a runner that fails must make the script exit non-zero.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() {  # check OK MESSAGE
  if [ "$1" = 1 ]; then
    pass=$((pass + 1)); echo "PASS $2"
  else
    fail=$((fail + 1)); echo "FAIL $2"
  fi
}

rc=0
BENCH_TM_QUICK=1 BENCH_TM_OUT="$tmp/out" "$here/bench_tm.sh" >"$tmp/bench.log" 2>&1 || rc=$?
cat "$tmp/bench.log"
check "$([ $rc = 0 ] && echo 1)" "bench_tm.sh quick mode exits 0 (got $rc)"

python3 - "$tmp/out/tm.json" >"$tmp/checks.txt" 2>&1 <<'PY'
import json, sys

def say(ok, msg):
    print(("PASS " if ok else "FAIL ") + msg)

try:
    d = json.load(open(sys.argv[1]))
except (OSError, ValueError) as e:
    say(False, "report readable: %s" % e)
    sys.exit(0)
say(isinstance(d.get("apps"), list) and len(d["apps"]) == 1, "one application in quick mode")
for a in d.get("apps", []):
    keys = ["name", "cycles_tm", "cycles_fgl", "cycles_global_lock", "aborts_per_commit",
            "serial_replay_ok", "speedup_vs_global_lock", "fraction_of_fgl", "tx_commits",
            "tx_aborts"]
    missing = [k for k in keys if k not in a]
    say(not missing, "%s: keys present (missing: %s)" % (a.get("name"), missing or "none"))
    if missing:
        continue
    cyc = [a["cycles_tm"], a["cycles_fgl"], a["cycles_global_lock"]]
    say(all(isinstance(c, int) and c > 0 for c in cyc), "%s: cycles are positive counts %s"
        % (a["name"], cyc))
    say(a["serial_replay_ok"] is True, "%s: serial replay (co-simulation + invariant) ok" % a["name"])
    say(isinstance(a["tx_commits"], int) and a["tx_commits"] > 0
        and isinstance(a["tx_aborts"], int) and a["tx_aborts"] >= 0,
        "%s: commits %s > 0, aborts %s >= 0" % (a["name"], a["tx_commits"], a["tx_aborts"]))
    if all(isinstance(c, int) and c > 0 for c in cyc) and a["tx_commits"]:
        close = lambda x, y: x is not None and abs(x - y) <= 1e-9 * max(1.0, abs(y))
        say(close(a["speedup_vs_global_lock"], a["cycles_global_lock"] / a["cycles_tm"]),
            "%s: speedup = global / tm (%s)" % (a["name"], a["speedup_vs_global_lock"]))
        say(close(a["fraction_of_fgl"], a["cycles_fgl"] / a["cycles_tm"]),
            "%s: fraction of FGL = fgl / tm (%s)" % (a["name"], a["fraction_of_fgl"]))
        say(close(a["aborts_per_commit"], a["tx_aborts"] / a["tx_commits"]),
            "%s: aborts per commit = aborts / commits (%s)" % (a["name"], a["aborts_per_commit"]))
    # the raw run of mode 0 carries the same counters
    raw = d.get("raw", {}).get("main_%s_m0_s0" % a["name"])
    try:
        r = json.load(open(raw))["runs"][0]
        say(r["cycles"] == a["cycles_tm"] and r["tx_commits"] == a["tx_commits"]
            and r["tx_aborts"] == a["tx_aborts"] and r["mode"] == 0,
            "%s: report = the runner's JSON (cycles %s, commits %s, aborts %s)"
            % (a["name"], r["cycles"], r["tx_commits"], r["tx_aborts"]))
    except (OSError, ValueError, KeyError, IndexError, TypeError) as e:
        say(False, "%s: raw run JSON readable (%s)" % (a["name"], e))
say(d.get("problems") == [], "no problems listed (%s)" % d.get("problems"))
say(isinstance(d.get("commands"), dict) and len(d["commands"]) == 3
    and all("--backend=verilator" in c for c in d["commands"].values()),
    "three exact commands recorded")
PY
while read -r l; do
  case $l in
    PASS\ *) check 1 "${l#PASS }" ;;
    *) check 0 "${l#FAIL }" ;;
  esac
done <"$tmp/checks.txt"

# a broken runner: the script must fail
cat >"$tmp/broken" <<'EOF'
#!/usr/bin/env bash
echo "stand-in runner that fails"; exit 1
EOF
chmod +x "$tmp/broken"
rc=0
BENCH_TM_QUICK=1 BENCH_TM_RTL="$tmp/broken" BENCH_TM_OUT="$tmp/out2" "$here/bench_tm.sh" \
  >"$tmp/bench2.log" 2>&1 || rc=$?
check "$([ $rc != 0 ] && echo 1)" "a failing runner makes bench_tm.sh exit non-zero (got $rc)"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
