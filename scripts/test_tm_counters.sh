#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_tm_counters.sh -- `make test`: tm/rtl-counters. The KILO TM commit
# units' counters (docs/tm.md sec. 4.1 "Counters"), measured in the RTL and
# read by `warpwatch run --backend verilator --tm-stats --json`, against the
# co-simulated model's commits and aborts (threads: one commit ID per thread
# attempt) and against each other:
#   ht   (mode 0: transactions, 8 buckets, contended) and
#   list (mode 0, 16 insertions into one list: read sets past a buffer's 8
#        words, so resends): per partition passes + fails = commits + aborts
#        (every CID has an entry in every unit); fails <= aborts <= the sum of
#        the fails (an abort fails in at least one unit); at least a cycle per
#        CID in hazard detection, validation, waiting for FINAL and commit;
#        revalidation entry-cycles >= hazards >= revalidations, false-writer
#        waits <= hazards; the totals are the partitions' sums; ht has aborts
#        and hazards, list resends;
#   vecadd (no transaction): every counter 0;
#   cmodel: the "tm" object has no commit-unit counters (nothing measured).
# Then the checker must reject doctored reports (a pass too many in one
# partition, a stage zeroed, a hazard too many, vecadd with one count).
# Usage: scripts/test_tm_counters.sh [WARPWATCH]   (default build/bin/warpwatch)
set -uo pipefail

ww=${1:-build/bin/warpwatch}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() {  # run NAME ARGS...: the JSON report of one run in $tmp/NAME.json
  local name=$1
  shift
  echo "\$ $ww run $*"
  "$ww" run "$@" --tm-stats --json >"$tmp/$name.json" 2>"$tmp/$name.err"
  local rc=$?
  [ $rc = 0 ] || { echo "FAIL $name: warpwatch exited $rc"; tail -5 "$tmp/$name.err"; }
  return $rc
}

ok=1
run ht build/tm/apps/ht.elf --backend verilator --grid 4 --block 32 --arg 0 --arg 8 --arg 1 \
  --arg i32:$(seq -s, 1 128) --arg buf:32 --arg buf:32 --arg buf:4 --arg buf:2048 || ok=0
# list: node 0 the head sentinel {0, next 1}, node 1 the tail {0xFFFFFFFF}, 16 nodes
nodes="0,1,0,0,-1,0,0,0$(printf ',0%.0s' $(seq 1 64))"
run list build/tm/apps/list.elf --backend verilator --grid 1 --block 16 --arg 0 --arg 1 \
  --arg i32:$(seq -s, 1000 37 1555) --arg buf:4 --arg "i32:$nodes" || ok=0
run vecadd build/kernels/vecadd.elf --backend verilator --grid 2 --block 32 \
  --arg i32:$(seq -s, 0 63) --arg i32:$(seq -s, 64 127) --arg buf:256 --arg 64 || ok=0
run cmodel build/tm/apps/ht.elf --backend cmodel --grid 4 --block 32 --arg 0 --arg 8 --arg 1 \
  --arg i32:$(seq -s, 1 128) --arg buf:32 --arg buf:32 --arg buf:4 --arg buf:2048 || ok=0
[ $ok = 1 ] || exit 1

python3 - "$tmp" <<'PY'
import copy, json, sys

tmp = sys.argv[1]
STAGES = ["xfer", "hazard", "validate", "revalidate", "final", "commit"]
EVENTS = ["passes", "fails", "hazards", "false_writer_waits", "revalidations",
          "resends_read", "resends_write"]

def problems(name, d, kind):
    """What is wrong with report d of run `name`; kind: tx (transactions),
    none (no transaction) or model (the golden model)."""
    bad = []
    def need(cond, msg):
        if not cond:
            bad.append("%s: %s" % (name, msg))
    if d.get("status") != "ok":
        return ["%s: status %r" % (name, d.get("status"))]
    tm = d.get("tm")
    if not isinstance(tm, dict):
        return ["%s: no \"tm\" object" % name]
    if kind == "model":
        extra = [k for k in ("stage_cycles", "hazards", "false_writer_waits", "resends",
                             "partitions") if k in tm]
        need(not extra, "the golden model reports commit-unit counters %s" % extra)
        return bad
    parts = tm.get("partitions")
    if not isinstance(parts, list) or not parts:
        return ["%s: no partitions" % name]
    for p in parts:
        need(sorted(p) == sorted(STAGES + EVENTS), "partition keys %s" % sorted(p))
        if bad:
            return bad
    tot = lambda k: sum(p[k] for p in parts)
    need(tm["stage_cycles"] == {s: tot(s) for s in STAGES},
         "stage_cycles %s are not the partitions' sums" % tm["stage_cycles"])
    need(tm["hazards"] == tot("hazards") and tm["false_writer_waits"] == tot("false_writer_waits")
         and tm["resends"] == tot("resends_read") + tot("resends_write"),
         "hazards / false_writer_waits / resends are not the partitions' sums")
    if kind == "none":
        nz = {k: tot(k) for k in STAGES + EVENTS if tot(k)}
        need(not nz, "no transaction, but counters %s" % nz)
        return bad
    c, a = tm["commits"], tm["aborts"]
    n = c + a
    need(c > 0, "commits %d > 0" % c)
    for i, p in enumerate(parts):
        w = "partition %d" % i
        need(p["passes"] + p["fails"] == n, "%s: passes %d + fails %d != commits %d + aborts %d"
             % (w, p["passes"], p["fails"], c, a))
        need(p["fails"] <= a, "%s: fails %d > aborts %d" % (w, p["fails"], a))
        for s in ("hazard", "validate", "final", "commit"):
            need(p[s] >= n, "%s: %s stage %d entry-cycles < %d CIDs" % (w, s, p[s], n))
        need(p["revalidate"] >= p["hazards"] >= p["revalidations"],
             "%s: revalidate cycles %d >= hazards %d >= revalidations %d"
             % (w, p["revalidate"], p["hazards"], p["revalidations"]))
        need(p["false_writer_waits"] <= p["hazards"], "%s: false-writer waits %d > hazards %d"
             % (w, p["false_writer_waits"], p["hazards"]))
    need(a <= tot("fails"), "aborts %d > the partitions' fails %d" % (a, tot("fails")))
    return bad

rep = {k: json.load(open("%s/%s.json" % (tmp, k))) for k in ("ht", "list", "vecadd", "cmodel")}
kinds = {"ht": "tx", "list": "tx", "vecadd": "none", "cmodel": "model"}
fails = 0
for k in ("ht", "list", "vecadd", "cmodel"):
    p = problems(k, rep[k], kinds[k])
    tm = rep[k].get("tm", {})
    print("%s %s: %s" % ("FAIL" if p else "PASS", k, "; ".join(p) if p else json.dumps(tm)))
    fails += bool(p)
# what the runs must have exercised
t = rep["ht"]["tm"]
ok = t["aborts"] > 0 and t["hazards"] > 0
print("%s ht: aborts %d and hazards %d both > 0" % ("PASS" if ok else "FAIL", t["aborts"], t["hazards"]))
fails += not ok
t = rep["list"]["tm"]
ok = t["resends"] > 0
print("%s list: resends %d > 0 (read %d, write %d)" % ("PASS" if ok else "FAIL", t["resends"],
      t["resends_read"], t["resends_write"]))
fails += not ok

# the checker must reject doctored reports
def doctor(k, f):
    d = copy.deepcopy(rep[k])
    f(d["tm"])
    return problems(k + " (doctored)", d, kinds[k])
def extra_pass(tm):
    tm["partitions"][0]["passes"] += 1
def zero_stage(tm):
    tm["partitions"][-1]["commit"] = 0
    tm["stage_cycles"]["commit"] = sum(p["commit"] for p in tm["partitions"])
def extra_hazard(tm):
    tm["partitions"][0]["hazards"] = tm["partitions"][0]["revalidate"] + 1
    tm["hazards"] = sum(p["hazards"] for p in tm["partitions"])
def one_count(tm):
    tm["partitions"][0]["passes"] = 1
for k, f in (("ht", extra_pass), ("list", zero_stage), ("ht", extra_hazard), ("vecadd", one_count)):
    p = doctor(k, f)
    print("%s checker rejects %s with %s: %s" % ("PASS" if p else "FAIL", k, f.__name__,
          p[0] if p else "accepted"))
    fails += not p
print("tm counters: %s" % ("FAIL" if fails else "PASS"))
sys.exit(1 if fails else 0)
PY
