#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# bench_gsi.sh -- `make bench-gsi`: the GSI case studies of seed paper 002 on
# the RTL GPU, measured with its stall counters (warpwatch --stalls):
#   uts      unbalanced tree search with one global queue + lock (uts_central)
#            and with a queue + lock per SM and stealing (uts_decentral),
#            section VI: how much of the time is synchronization
#   mshr     the streaming kernel (one cache line per lane) on GPUs built with
#            1, 2 and 4 L1 MSHRs per SM, section VII-D: memory structural
#            stalls on a full MSHR as the MSHRs shrink
# Every RTL run is also run on the golden C model, and its result (UTS: node
# count and checksum; stream: every output word) must be the same.
#
# Writes build/reports/gsi.json:
#   {"command": "<this script's command line>",
#    "runs": [{<the "stalls" object of the run: name, cycles, sum_equals_cycles,
#              classes, mem_data, mem_struct, sm>, "kernel", "mshrs",
#              "command" (the exact warpwatch command), "warp_insns", "check"}, ...],
#    "uts": {"sync_share_central": x, "sync_share_decentral": y, ...},
#    "mshr_sweep": [{"mshrs": N, "mem_struct_share": s, "ms_mshr_full_share": f,
#                    "cycles": C}, ...]}
# (shares: counter summed over the SMs / (cycles x SMs)), the charts
# build/reports/gsi_uts.svg and gsi_mshr.svg (stall classes) and
# gsi_mshr_struct.svg (the MSHR runs' memory-structural sub-classes: MSHR
# full, LSU busy, store, ...; build/bin/ww_stallplot --view mem_struct), drawn
# from gsi_uts_runs.json and gsi_mshr_runs.json beside them, and prints a
# table with the exact command behind every number.
# Exit status: 0; 1 if a run failed, a result differs from the golden model,
# or a run's stall classes do not sum to its cycles (sum_equals_cycles false).
#
# Tools (overridable, e.g. to test this script with stand-ins):
#   GSI_WW        the CLI for the UTS runs        (build/bin/warpwatch)
#   GSI_VARIANTS  directory of mshr<N>/warpwatch  (build/variants)
#   GSI_PLOT      the chart tool                  (build/bin/ww_stallplot)
#   GSI_OUT       the report directory            (build/reports)
#   GSI_MSHRS     the MSHR counts of the sweep    ("1 2 4 8")
set -euo pipefail

WW=${GSI_WW:-build/bin/warpwatch}
VARIANTS=${GSI_VARIANTS:-build/variants}
PLOT=${GSI_PLOT:-build/bin/ww_stallplot}
OUT=${GSI_OUT:-build/reports}
MSHRS=${GSI_MSHRS:-1 2 4 8}
self_cmd="$0${*:+ $*}"

cfg() { sed -n "s/^#define WW_$1 *\([0-9]*\).*/\1/p" cmodel/include/ww_config.h; }
NSM=$(cfg NUM_SM) WARPS=$(cfg WARPS_PER_SM) LANES=$(cfg LANES) LINE=$(cfg LINE_BYTES)
GRID=$NSM BLOCK=$((WARPS * LANES)) THREADS=$((NSM * WARPS * LANES))

need() {
  [ -x "$1" ] || { echo "bench_gsi: missing $1 (make $1)" >&2; exit 1; }
}
need "$WW"
need "$PLOT"
for n in $MSHRS; do need "$VARIANTS/mshr$n/warpwatch"; done
for k in uts_central uts_decentral stream; do
  [ -f "build/kernels/$k.elf" ] || { echo "bench_gsi: missing build/kernels/$k.elf (make build/kernels/$k.elf)" >&2; exit 1; }
done

RAW=$OUT/gsi
mkdir -p "$RAW"
rm -f "$RAW"/*.json "$RAW"/*.err "$RAW"/manifest.tsv

# ---- the runs ----------------------------------------------------------------------
# UTS tree: seed 6, root with 128 children, each other node 4 children with
# probability 14746/65536 (expected subtree 10 nodes), depth limit 40, 8 mix
# rounds per node: 3269 nodes. A queue holds at most every node: cap 4096.
UTS_TREE=(--arg 6 --arg 128 --arg 4 --arg 14746 --arg 40 --arg 8)
UTS_CAP=4096
uts_args() {   # $1 = number of queues
  echo --grid "$GRID" --block "$BLOCK" --arg "buf:$(($1 * 4 * (8 + UTS_CAP)))" --arg "$1" \
       --arg "$UTS_CAP" --arg i32:1 --arg "buf:$((4 * THREADS))" --arg "buf:$((4 * THREADS))" \
       "${UTS_TREE[@]}" --print 3:u32 --print 4:u32 --print 5:u32
}
# stream: 1024 lines (32 KiB, a power of two), 8 rounds of 4 loads per
# thread: every line is read twice (the second time from L2: the L1 holds
# 2 KiB), input from a fixed pseudo-random file.
STREAM_LINES=1024 STREAM_ROUNDS=8
STREAM_IN=$RAW/stream_in.bin
python3 -c '
import random, sys
r = random.Random(2011)
open(sys.argv[1], "wb").write(bytes(r.getrandbits(8) for _ in range(int(sys.argv[2]))))' \
  "$STREAM_IN" $((STREAM_LINES * LINE))
stream_args() {
  echo --grid "$GRID" --block "$BLOCK" --arg "buf:=$STREAM_IN" --arg "buf:$((4 * THREADS))" \
       --arg "$STREAM_LINES" --arg "$STREAM_ROUNDS" --print 1:u32
}

# run NAME KERNEL MSHRS CLI ARGS...: the RTL run with stalls, then the same on
# the golden model; both JSON outputs kept under $RAW, one manifest line.
run() {
  local name=$1 kernel=$2 mshrs=$3 cli=$4
  shift 4
  local rtl=("$cli" run "build/kernels/$kernel.elf" "$@" --backend verilator --cosim off --stalls --json)
  local ref=("$cli" run "build/kernels/$kernel.elf" "$@" --json)
  local shown
  shown=$(printf '%q ' "${rtl[@]}")
  echo "bench_gsi: $name ..." >&2
  # the status inside the JSON says what happened; stderr is kept for when
  # there is no JSON at all
  "${rtl[@]}" >"$RAW/$name.rtl.json" 2>"$RAW/$name.rtl.err" || true
  "${ref[@]}" >"$RAW/$name.ref.json" 2>"$RAW/$name.ref.err" || true
  printf '%s\t%s\t%s\t%s\n' "$name" "$kernel" "$mshrs" "${shown% }" >>"$RAW/manifest.tsv"
}

# shellcheck disable=SC2046  # the argument lists are words without blanks
run uts_central uts_central "$(cfg L1_MSHRS)" "$WW" $(uts_args 1)
# shellcheck disable=SC2046
run uts_decentral uts_decentral "$(cfg L1_MSHRS)" "$WW" $(uts_args "$NSM")
for n in $MSHRS; do
  # shellcheck disable=SC2046
  run "stream_mshr$n" stream "$n" "$VARIANTS/mshr$n/warpwatch" $(stream_args)
done

# ---- the report ----------------------------------------------------------------------
set +e
python3 - "$RAW" "$OUT" "$self_cmd" <<'PY'
import json, os, sys

raw, out, self_cmd = sys.argv[1:4]
problems = []
runs = []
GROUPS = ("classes", "mem_data", "mem_struct", "sync")
STALL_KEYS = ("name", "cycles", "sum_equals_cycles") + GROUPS + ("sm",)

def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        err = path[:-len(".json")] + ".err"
        try:
            with open(err) as f:
                lines = [l.strip() for l in f if l.strip()]
        except OSError:
            lines = []
        if lines:
            return {"status": "error", "error": "no JSON output; stderr: %s" % lines[-1]}
        return {"status": "error", "error": "%s: %s" % (path, e)}

def why(d):
    if d.get("error"):
        return d["error"]
    t = d.get("trap") or {}
    return t.get("message") or t.get("detail") or d.get("status", "?")

def check(name, kernel, rtl, ref):
    """The RTL run's printed buffers against the golden model's."""
    rb = {b["arg"]: b["values"] for b in rtl.get("buffers", [])}
    cb = {b["arg"]: b["values"] for b in ref.get("buffers", [])}
    if kernel.startswith("uts"):
        try:
            got = (rb[3][0], sum(rb[4]), sum(rb[5]) & 0xFFFFFFFF)
            want = (cb[3][0], sum(cb[4]), sum(cb[5]) & 0xFFFFFFFF)
        except (KeyError, IndexError):
            return False, "no pending/counts/sums buffers printed"
        ok = got == want and got[0] == 0
        return ok, "%d nodes, checksum 0x%08x, pending %d (golden model: %d, 0x%08x, %d)" % (
            got[1], got[2], got[0], want[1], want[2], want[0])
    if rb.get(1) is None or cb.get(1) is None:
        return False, "no output buffer printed"
    bad = sum(1 for a, b in zip(rb[1], cb[1]) if a != b) + abs(len(rb[1]) - len(cb[1]))
    return bad == 0, "%d output words, %d differ from the golden model" % (len(cb[1]), bad)

with open(os.path.join(raw, "manifest.tsv")) as f:
    manifest = [line.rstrip("\n").split("\t") for line in f if line.strip()]

for name, kernel, mshrs, cmd in manifest:
    rtl = load(os.path.join(raw, name + ".rtl.json"))
    ref = load(os.path.join(raw, name + ".ref.json"))
    if rtl.get("status") != "ok":
        problems.append("%s: the RTL run failed: %s" % (name, why(rtl)))
        continue
    if ref.get("status") != "ok":
        problems.append("%s: the golden-model run failed: %s" % (name, why(ref)))
        continue
    st = rtl.get("stalls")
    if not isinstance(st, dict) or any(k not in st for k in STALL_KEYS):
        problems.append("%s: no complete \"stalls\" object in the output (warpwatch --stalls --json)" % name)
        continue
    ok, what = check(name, kernel, rtl, ref)
    if not ok:
        problems.append("%s: result check failed: %s" % (name, what))
    if st["sum_equals_cycles"] is not True:
        problems.append("%s: stall classes do not sum to the cycles (sum_equals_cycles false)" % name)
    r = {k: st[k] for k in STALL_KEYS}
    r["name"] = name
    r.update({"kernel": kernel, "mshrs": int(mshrs), "command": cmd,
              "warp_insns": rtl.get("stats", {}).get("warp_insns"), "check": what})
    runs.append(r)

def share(r, group, key):
    whole = r["cycles"] * len(r["sm"])
    return round(r[group][key] / whole, 4) if whole else 0.0

by = {r["name"]: r for r in runs}
report = {"command": self_cmd, "runs": runs}
if "uts_central" in by and "uts_decentral" in by:
    c, d = by["uts_central"], by["uts_decentral"]
    report["uts"] = {
        "sync_share_central": share(c, "classes", "sync"),
        "sync_share_decentral": share(d, "classes", "sync"),
        "cycles_central": c["cycles"], "cycles_decentral": d["cycles"],
        "speedup_decentral": round(c["cycles"] / d["cycles"], 3) if d["cycles"] else None,
    }
report["mshr_sweep"] = [
    {"mshrs": r["mshrs"], "mem_struct_share": share(r, "classes", "mem_struct"),
     "ms_mshr_full_share": share(r, "mem_struct", "ms_mshr_full"), "cycles": r["cycles"]}
    for r in runs if r["kernel"] == "stream"]

with open(os.path.join(out, "gsi.json"), "w") as f:
    json.dump(report, f, indent=1)
    f.write("\n")
# the charts' inputs: the stall objects only (ww_stallplot reads exactly those)
for fname, keep in (("gsi_uts_runs.json", lambda r: r["kernel"].startswith("uts")),
                    ("gsi_mshr_runs.json", lambda r: r["kernel"] == "stream")):
    with open(os.path.join(out, fname), "w") as f:
        json.dump({"runs": [{k: r[k] for k in STALL_KEYS} for r in runs if keep(r)]}, f, indent=1)
        f.write("\n")

# ---- the table
CLASSES = ("idle", "control", "sync", "mem_data", "mem_struct", "comp_data", "comp_struct", "no_stall")
short = {"comp_struct": "c_struct", "comp_data": "c_data", "mem_struct": "m_struct",
         "mem_data": "m_data", "no_stall": "none"}
print("\nGSI stall breakdown on the RTL GPU (measured now; % of cycles x SMs)\n")
print("%-15s %5s %9s %9s " % ("run", "MSHRs", "cycles", "warp ins") +
      " ".join("%8s" % short.get(c, c) for c in CLASSES) + "  sum=cycles")
for r in runs:
    print("%-15s %5d %9d %9s " % (r["name"], r["mshrs"], r["cycles"], r["warp_insns"]) +
          " ".join("%7.2f%%" % (100 * share(r, "classes", c)) for c in CLASSES) +
          "  %s" % ("yes" if r["sum_equals_cycles"] else "NO"))
if "uts" in report:
    u = report["uts"]
    print("\nuts: sync share %.4f (central) vs %.4f (decentral); cycles %d vs %d (%.2fx)" % (
        u["sync_share_central"], u["sync_share_decentral"], u["cycles_central"],
        u["cycles_decentral"], u["speedup_decentral"] or 0))
if report["mshr_sweep"]:
    print("\nmshr sweep (stream): %5s %16s %18s %9s" % ("MSHRs", "mem_struct share",
                                                       "ms_mshr_full share", "cycles"))
    for m in report["mshr_sweep"]:
        print("                     %5d %16.4f %18.4f %9d" % (m["mshrs"], m["mem_struct_share"],
                                                             m["ms_mshr_full_share"], m["cycles"]))
print("\nchecks against the golden model:")
for r in runs:
    print("  %-15s %s" % (r["name"], r["check"]))
print("\ncommands (exact):")
print("  report: %s" % self_cmd)
for r in runs:
    print("  %-15s %s" % (r["name"], r["command"]))
print("\nwrote %s" % os.path.join(out, "gsi.json"))
for p in problems:
    print("bench_gsi: FAIL: %s" % p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
rc=$?
set -e

# ---- the charts (also after a failed check: they help to see why) -------------------------
# chart NAME RUNS VIEW WHAT: $OUT/NAME.svg drawn from $OUT/RUNS in VIEW
# (ww_stallplot --view), if RUNS holds any run
plot_rc=0
chart() {
  local svg=$OUT/$1.svg runs=$OUT/$2 view=$3 what=$4 log=$RAW/plot_${1#gsi_}.log
  if ! { [ -s "$runs" ] && grep -q '"name"' "$runs"; }; then
    return 0
  fi
  if "$PLOT" --view "$view" "$svg" "$runs" >"$log" 2>&1; then
    echo "wrote $svg ($what)"
  else
    plot_rc=1
    cat "$log" >&2
  fi
}
chart gsi_uts gsi_uts_runs.json classes "UTS: stall classes per SM"
chart gsi_mshr gsi_mshr_runs.json classes "MSHR sweep: stall classes per SM"
chart gsi_mshr_struct gsi_mshr_runs.json mem_struct \
  "MSHR sweep: memory-structural sub-classes per SM, mem_struct view"
[ $rc -eq 0 ] && [ $plot_rc -eq 0 ]
