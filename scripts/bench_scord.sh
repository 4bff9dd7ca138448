#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# bench_scord.sh -- `make bench-scord`: ScoRD in the RTL GPU measured like the
# paper's evaluation (ISCA 2020, §V, Table VI, Fig. 8/9), every number from
# the runs of this one invocation:
#   micro   the 32 microbenchmarks (sw/scord/micro/, labels in their headers)
#           with the detector in cached and in full-metadata mode
#           (build/scord/micro_tests_rtl --rtl=MODE --seeds=0 --json=F)
#   apps    the 6 applications (sw/scord/apps/, SCORD-INJECT labels), every
#           race switch incl. 0, with the detector off, cached and full
#           (build/scord/apps/app_tests_rtl --backend=verilator --scord=MODE
#           --seeds=0 --json=F): races present vs found, false positives on
#           race 0, cycle overhead on race 0, metadata share, queue-full stalls
#   suite   race-free kernels of the main suite (vecadd, saxpy, matmul,
#           reduction, alu_loop) with build/bin/warpwatch --scord=full and
#           =cached: false positives there
#
# Writes build/reports/scord.json (keys: docs/scord.md "Measured"):
#   {"command", "commands": {run: exact command},
#    "micro": {full mode: "racy_total", "racy_detected", "racy_exact",
#              "racefree_total", "false_positives", "false_positive_reports",
#              "races_total", "races_found", "unlabelled_reports", "kernels"},
#    "micro_cached": {the same, cached mode},
#    "apps": [{"name", "races_injected", "races_found", "races_found_cached",
#              "false_positives", "false_positives_cached", "overhead",
#              "overhead_full", "cycles_off", "cycles_cached", "cycles_full",
#              "md_share", "md_share_full", "queue_full_cycles", ...,
#              "switches": [...]}],
#    "mean_overhead", "mean_overhead_full", "table_vi": {...},
#    "suite_false_positives", "suite_false_positives_cached", "suite": [...],
#    "raw": {run: raw JSON file}}
# prints a table (Table VI, overhead per application and the mean, metadata
# share, queue-full cycles) and the exact command behind every number.
# Raw runner output and JSON: build/reports/scord/.
# Exit status: 0; 1 if a runner or a warpwatch run failed (non-zero exit, a
# run that did not complete) or a JSON is missing or unreadable.
#
# Tools (overridable, e.g. to test this script with stand-ins):
#   SCORD_MICRO   the microbenchmark runner   (build/scord/micro_tests_rtl)
#   SCORD_APPS    the application runner      (build/scord/apps/app_tests_rtl)
#   SCORD_WW      the CLI for the suite runs  (build/bin/warpwatch)
#   SCORD_OUT     the report directory        (build/reports)
#   SCORD_JOBS    runs at a time              (2)
set -euo pipefail

MICRO=${SCORD_MICRO:-build/scord/micro_tests_rtl}
APPS=${SCORD_APPS:-build/scord/apps/app_tests_rtl}
WW=${SCORD_WW:-build/bin/warpwatch}
OUT=${SCORD_OUT:-build/reports}
JOBS=${SCORD_JOBS:-2}
SUITE_KERNELS=(vecadd saxpy matmul reduction alu_loop)
self_cmd="$0${*:+ $*}"

need() {
  [ -x "$1" ] || { echo "bench_scord: missing $1 (make $1)" >&2; exit 1; }
}
need "$MICRO"
need "$APPS"
need "$WW"
for k in "${SUITE_KERNELS[@]}"; do
  [ -f "build/kernels/$k.elf" ] || { echo "bench_scord: missing build/kernels/$k.elf (make build/kernels/$k.elf)" >&2; exit 1; }
done

RAW=$OUT/scord
mkdir -p "$RAW"
rm -f "$RAW"/*.json "$RAW"/*.log "$RAW"/*.err "$RAW"/*.rc "$RAW"/*.bin "$RAW"/manifest.tsv

# ---- the runs ----------------------------------------------------------------------
# job NAME KIND CMD...: runs CMD in the background (at most $JOBS at a time),
# stdout to NAME.log (the runners) or NAME.json (warpwatch --json), stderr to
# NAME.err, exit status to NAME.rc; one manifest line with the exact command.
# The runners write NAME.json themselves (--json=).
job() {
  local name=$1 kind=$2
  shift 2
  local shown
  shown=$(printf '%q ' "$@")
  printf '%s\t%s\t%s\n' "$name" "$kind" "${shown% }" >>"$RAW/manifest.tsv"
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
    wait -n || true
  done
  echo "bench_scord: $name ..." >&2
  local out=$RAW/$name.log
  [ "$kind" = suite ] && out=$RAW/$name.json
  ( rc=0; "$@" >"$out" 2>"$RAW/$name.err" || rc=$?; echo "$rc" >"$RAW/$name.rc" ) &
}

# the applications first: they take the longest (~70 s each on the RTL)
for mode in off cached full; do
  job "apps_$mode" runner "$APPS" --backend=verilator "--scord=$mode" --seeds=0 \
      "--json=$RAW/apps_$mode.json"
done
for mode in cached full; do
  job "micro_$mode" runner "$MICRO" "--rtl=$mode" --seeds=0 "--json=$RAW/micro_$mode.json"
done

# suite kernels, small sizes (argument layouts: sw/tests/suite_tests.c)
words() {   # N SEED: a file of N pseudo-random int32 in [-1000, 1000]; prints its name
  local f=$RAW/in_$1_$2.bin
  python3 -c '
import random, struct, sys
r = random.Random(int(sys.argv[2]))
n = int(sys.argv[1])
open(sys.argv[3], "wb").write(struct.pack("<%di" % n, *(r.randint(-1000, 1000) for _ in range(n))))' \
    "$1" "$2" "$f"
  echo "$f"
}
suite_args() {   # KERNEL -> its warpwatch arguments
  case $1 in
    vecadd)    # a, b, c, n: 100 elements, grid 4 x block 32
      echo --grid 4 --block 32 --arg "buf:=$(words 100 1)" --arg "buf:=$(words 100 2)" \
           --arg buf:400 --arg 100 --print 2:i32 ;;
    saxpy)     # a, x, y, n: y = a*x + y, 100 elements
      echo --grid 4 --block 32 --arg -7 --arg "buf:=$(words 100 3)" --arg "buf:=$(words 100 4)" \
           --arg 100 --print 2:i32 ;;
    matmul)    # a, b, c, m, k, n, tile: 8x8 * 8x8, tile 4 (grid 4 x block 16)
      echo --grid 4 --block 16 --arg "buf:=$(words 64 5)" --arg "buf:=$(words 64 6)" \
           --arg buf:256 --arg 8 --arg 8 --arg 8 --arg 4 --print 2:i32 ;;
    reduction) # in, n, partial, total: 300 elements, grid 4 x block 32
      echo --grid 4 --block 32 --arg "buf:=$(words 300 7)" --arg 300 --arg buf:16 --arg buf:4 \
           --print 2:i32 --print 3:i32 ;;
    alu_loop)  # out, iters: 50 rounds, grid 4 x block 32
      echo --grid 4 --block 32 --arg buf:512 --arg 50 --print 0:u32 ;;
  esac
}
for k in "${SUITE_KERNELS[@]}"; do
  for mode in full cached; do
    # shellcheck disable=SC2046  # the argument lists are words without blanks
    job "suite_${k}_$mode" suite "$WW" run "build/kernels/$k.elf" $(suite_args "$k") \
        --backend verilator --cosim follow "--scord=$mode" --json
  done
done
wait

# ---- the report ----------------------------------------------------------------------
set +e
python3 - "$RAW" "$OUT" "$self_cmd" <<'PY'
import json, os, sys

raw, out, self_cmd = sys.argv[1:4]
problems = []

with open(os.path.join(raw, "manifest.tsv")) as f:
    manifest = [l.rstrip("\n").split("\t") for l in f if l.strip()]
commands = {name: cmd for name, kind, cmd in manifest}

def tail(path):
    try:
        with open(path) as f:
            lines = [l.strip() for l in f if l.strip()]
        return lines[-1] if lines else ""
    except OSError:
        return ""

def load(name):
    """The run's JSON and its exit status; None (and a problem) if missing."""
    path = os.path.join(raw, name + ".json")
    try:
        rc = int(open(os.path.join(raw, name + ".rc")).read().strip())
    except (OSError, ValueError):
        rc = None
    try:
        with open(path) as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        problems.append("%s: no JSON (%s); exit %s; %s" % (name, e, rc,
                        tail(os.path.join(raw, name + ".err")) or tail(os.path.join(raw, name + ".log"))))
        return None, rc
    return d, rc

def runner(name):
    d, rc = load(name)
    if d is None:
        return []
    if rc != 0:
        problems.append("%s: exit status %s (%s; see %s)" % (name, rc,
                        tail(os.path.join(raw, name + ".log")), os.path.join(raw, name + ".log")))
    for r in d.get("runs", []):
        if not r.get("completed"):
            problems.append("%s: %s did not complete: %s" % (
                name, r.get("kernel") or "%s race=%s" % (r.get("app"), r.get("race")), r.get("error")))
    return d.get("runs", [])

def key(x):
    return (x["type"], x["scope"], x["line"])

# ---- microbenchmarks ----------------------------------------------------------------
def micro_summary(runs, mode):
    racy = [r for r in runs if r["racy"]]
    free = [r for r in runs if not r["racy"]]
    kernels, detected, exact, races_total, races_found, unlabelled = [], 0, 0, 0, 0, 0
    fp_kernels, fp_reports = 0, 0
    for r in runs:
        found = {key(x) for x in r["races"]}
        want = {key(x) for x in r["expected"]}
        hit = len(want & found)
        extra = sum(1 for x in r["races"] if key(x) not in want)
        kernels.append({"kernel": r["kernel"], "category": r["category"], "racy": r["racy"],
                        "races_present": len(want), "races_found": hit,
                        "unlabelled_reports": extra, "match": r["match"],
                        "cycles": r["cycles"], "scord": r["scord"],
                        "found": sorted("%s/%s@%d" % k for k in found)})
        if r["racy"]:
            races_total += len(want)
            races_found += hit
            detected += hit == len(want) and r["completed"]
            exact += bool(r["match"])
            unlabelled += extra
        elif r["races"]:
            fp_kernels += 1
            fp_reports += len(r["races"])
    return {"mode": mode, "racy_total": len(racy), "racy_detected": detected,
            "racy_detected_means": "racy kernels whose every labelled (type, scope, line) race "
                                   "is in the detector's log",
            "racy_exact": exact, "racefree_total": len(free),
            "false_positives": fp_kernels, "false_positive_reports": fp_reports,
            "races_total": races_total, "races_found": races_found,
            "unlabelled_reports": unlabelled, "kernels": kernels}

micro = {m: micro_summary(runner("micro_" + m), m) for m in ("full", "cached")}
for m in ("full", "cached"):
    if len(micro[m]["kernels"]) != 32:
        problems.append("micro_%s: %d kernels (want 32)" % (m, len(micro[m]["kernels"])))

# ---- applications ----------------------------------------------------------------------
apps_runs = {m: runner("apps_" + m) for m in ("off", "cached", "full")}
names = []
for r in apps_runs["off"] + apps_runs["cached"] + apps_runs["full"]:
    if r["app"] not in names:
        names.append(r["app"])

def find(mode, app, race):
    for r in apps_runs[mode]:
        if r["app"] == app and r["race"] == race and r["completed"]:
            return r
    return None

def share(sc):
    if not sc:
        return None
    md = sc["md_reads"] + sc["md_writes"]
    return md / (md + sc["l2_requests"]) if md + sc["l2_requests"] else None

def overhead(on, off):
    if not on or not off or not off["cycles"]:
        return None
    return on["cycles"] / off["cycles"] - 1

apps = []
for name in names:
    races = sorted({r["race"] for m in apps_runs for r in apps_runs[m] if r["app"] == name})
    switches, injected, found = [], 0, {"full": 0, "cached": 0}
    for race in races:
        sw = {"race": race}
        base = find("full", name, race) or find("cached", name, race) or find("off", name, race)
        want = {key(x) for x in base["expected"]} if base else set()
        sw["labels"] = sorted("%s/%s@%d" % k for k in want)
        injected += len(want)
        for m in ("off", "cached", "full"):
            r = find(m, name, race)
            sw["cycles_" + m] = r["cycles"] if r else None
            sw["output_ok_" + m] = r["output_ok"] if r else None
            if m == "off":
                continue
            got = {key(x) for x in r["races"]} if r else set()
            hit = len(want & got)
            found[m] += hit
            sw["found_" + m] = hit
            sw["distinct_" + m] = r["distinct"] if r else None
            sw["unlabelled_" + m] = (sum(1 for x in r["races"] if key(x) not in want)
                                     if r else None)
            sw["match_" + m] = r["match"] if r else None
        switches.append(sw)
    off, cached, full = (find(m, name, 0) for m in ("off", "cached", "full"))
    sc_c = cached["scord"] if cached else None
    sc_f = full["scord"] if full else None
    apps.append({
        "name": name,
        "races_injected": injected,
        "races_found": found["full"],
        "races_found_cached": found["cached"],
        "false_positives": full["distinct"] if full else None,
        "false_positives_cached": cached["distinct"] if cached else None,
        "overhead": overhead(cached, off),
        "overhead_full": overhead(full, off),
        "cycles_off": off["cycles"] if off else None,
        "cycles_cached": cached["cycles"] if cached else None,
        "cycles_full": full["cycles"] if full else None,
        "warp_insns_off": off["warp_insns"] if off else None,
        "warp_insns_cached": cached["warp_insns"] if cached else None,
        "warp_insns_full": full["warp_insns"] if full else None,
        "md_share": share(sc_c),
        "md_share_full": share(sc_f),
        "md_reads": sc_c["md_reads"] if sc_c else None,
        "md_writes": sc_c["md_writes"] if sc_c else None,
        "l2_requests": sc_c["l2_requests"] if sc_c else None,
        "records": sc_c["records"] if sc_c else None,
        "queue_full_cycles": sc_c["queue_full_cycles"] if sc_c else None,
        "queue_full_cycles_full": sc_f["queue_full_cycles"] if sc_f else None,
        "scord_cached": sc_c, "scord_full": sc_f,
        "commands": {m: commands.get("apps_" + m) for m in ("off", "cached", "full")},
        "switches": switches,
    })
    for k in ("overhead", "overhead_full", "md_share"):
        if apps[-1][k] is None:
            problems.append("%s: no %s (a race=0 run is missing)" % (name, k))
if len(apps) != 6:
    problems.append("apps: %d applications (want 6)" % len(apps))

def mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else None

# ---- suite kernels ---------------------------------------------------------------------
suite = []
fp = {"full": 0, "cached": 0}
for name, kind, cmd in manifest:
    if kind != "suite":
        continue
    kernel, mode = name[len("suite_"):].rsplit("_", 1)
    d, rc = load(name)
    if d is None:
        continue
    sc = d.get("scord")
    if rc != 0 or d.get("status") != "ok" or not sc:
        problems.append("%s: exit %s, status %s%s" % (name, rc, d.get("status"),
                        "" if sc else ", no scord object"))
        continue
    if sc["distinct"]:
        fp[mode] += 1
    suite.append({"kernel": kernel, "mode": mode, "distinct": sc["distinct"],
                  "list": sc.get("list", []), "cycles": d["cycles"],
                  "md_reads": sc["md_reads"], "md_writes": sc["md_writes"],
                  "l2_requests": sc.get("l2_requests"),
                  "queue_full_cycles": sc["queue_full_cycles"], "command": cmd})

mf, mc = micro["full"], micro["cached"]
table_vi = {
    "races_present": sum(a["races_injected"] for a in apps) + mf["racy_total"],
    "found_full": sum(a["races_found"] for a in apps) + mf["racy_detected"],
    "found_cached": sum(a["races_found_cached"] for a in apps) + mc["racy_detected"],
    "means": "application label rows plus racy microbenchmarks (a microbenchmark counts "
             "when every one of its labels is found), like the paper's Table VI",
}
report = {
    "command": self_cmd,
    "commands": commands,
    "micro": mf,
    "micro_cached": mc,
    "apps": apps,
    "mean_overhead": mean(a["overhead"] for a in apps),
    "mean_overhead_full": mean(a["overhead_full"] for a in apps),
    "mean_md_share": mean(a["md_share"] for a in apps),
    "table_vi": table_vi,
    "suite_false_positives": fp["full"],
    "suite_false_positives_cached": fp["cached"],
    "suite_kernels": sorted({s["kernel"] for s in suite}),
    "suite": suite,
    "raw": {name: os.path.join(raw, name + ".json") for name, kind, cmd in manifest},
    "problems": problems,
}
with open(os.path.join(out, "scord.json"), "w") as f:
    json.dump(report, f, indent=1)
    f.write("\n")

# ---- the table ---------------------------------------------------------------------------
def pct(x):
    return "%+.1f%%" % (100 * x) if x is not None else "-"

def num(x):
    return "-" if x is None else str(x)

print("\nScoRD on the RTL GPU, measured now (paper: Table VI, Fig. 8)\n")
print("%-22s %8s %11s %12s %17s" % ("workload", "present", "found full", "found cached",
                                    "false pos. f/c"))
for a in apps:
    print("%-22s %8d %11d %12d %17s" % (a["name"], a["races_injected"], a["races_found"],
          a["races_found_cached"], "%s/%s" % (num(a["false_positives"]),
                                              num(a["false_positives_cached"]))))
print("%-22s %8d %11d %12d %17s" % ("microbenchmarks", mf["racy_total"], mf["racy_detected"],
      mc["racy_detected"], "%d/%d kernels" % (mf["false_positives"], mc["false_positives"])))
print("%-22s %8d %11d %12d" % ("total", table_vi["races_present"], table_vi["found_full"],
      table_vi["found_cached"]))
print("\n  applications: present = labelled (race, type, scope, line) rows over all race")
print("  switches; found = rows in that switch's race log; false positives = distinct")
print("  reports on race = 0 (full/cached).")
print("  microbenchmarks: present = racy kernels; found = racy kernels whose every label")
print("  is in the log (label rows: %d, found full %d, cached %d; exact verdicts full %d,"
      % (mf["races_total"], mf["races_found"], mc["races_found"], mf["racy_exact"]))
print("  cached %d); false positives = race-free kernels (of %d) with any report (reports:"
      % (mc["racy_exact"], mf["racefree_total"]))
print("  full %d, cached %d); unlabelled reports on racy kernels: full %d, cached %d."
      % (mf["false_positive_reports"], mc["false_positive_reports"], mf["unlabelled_reports"],
         mc["unlabelled_reports"]))
print("  suite kernels (%s), race-free: kernels with a report: full %d, cached %d"
      % (" ".join(report["suite_kernels"]), fp["full"], fp["cached"]))

print("\nOverhead on race = 0 (cycles; on = cached, the paper's ScoRD; paper mean: 35%)\n")
print("%-18s %9s %9s %9s %9s %9s %8s %8s %10s" % ("application", "off", "cached", "full",
      "ovh cach", "ovh full", "md shr", "md shr f", "queue-full"))
for a in apps:
    print("%-18s %9s %9s %9s %9s %9s %8s %8s %10s" % (
        a["name"], num(a["cycles_off"]), num(a["cycles_cached"]), num(a["cycles_full"]),
        pct(a["overhead"]), pct(a["overhead_full"]),
        "%.3f" % a["md_share"] if a["md_share"] is not None else "-",
        "%.3f" % a["md_share_full"] if a["md_share_full"] is not None else "-",
        num(a["queue_full_cycles"])))
print("%-18s %9s %9s %9s %9s %9s %8s" % ("mean", "", "", "", pct(report["mean_overhead"]),
      pct(report["mean_overhead_full"]),
      "%.3f" % report["mean_md_share"] if report["mean_md_share"] is not None else "-"))
print("\n  md shr = (md_reads + md_writes) / (md_reads + md_writes + l2_requests), the")
print("  detector's metadata line accesses against the SMs' ordinary L2 requests;")
print("  queue-full = cycles a record waited for a full detector queue (cached mode).")
odd = [a for a in apps if a["overhead"] is not None and a["overhead"] < 0]
for a in odd:
    print("  note: %s runs faster with the detector on (%s); warp instructions off %s, "
          "cached %s: its work depends on timing" % (a["name"], pct(a["overhead"]),
          num(a["warp_insns_off"]), num(a["warp_insns_cached"])))

print("\ncommands (exact):")
print("  report: %s" % self_cmd)
for name, kind, cmd in manifest:
    print("  %-22s %s" % (name, cmd))
print("\nwrote %s" % os.path.join(out, "scord.json"))
for p in problems:
    print("bench_scord: FAIL: %s" % p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
status=$?
exit $status
