#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# bench_tm.sh -- `make bench-tm`: KILO TM on the RTL GPU measured like the
# paper's evaluation (Fung et al., MICRO 2011, §6: Fig. 6 against fine-grained
# locks, the concurrency limit of §4.6, the LWH size of §6.3.2). Every number
# comes from the runs of this one invocation; the table shows the exact
# command behind each.
#
#   main    every application (sw/tm/README.md: ht-h ht-l atm atm-nod list)
#           as transactions (mode 0), fine-grained locks (1) and one global
#           lock (2) on the default GPU (build/tm/apps/tm_apps_rtl
#           --backend=verilator --only=APP --modes=M --seeds=S --json=F),
#           co-simulated in sync mode: the model applies every RTL final
#           outcome in commit-ID order (the serial replay of the committed
#           transactions) and its final memory must equal the RTL's.
#   limit   transactions on GPUs built with WW_TM_WARPS_PER_SM = 1 and 0
#           (unlimited) beside the default 2 (the main runs)
#   lwh     transactions on GPUs built with a very large LWH (8192 entries
#           per commit unit) and a small one (16) beside the default 512
#
# Writes BENCH_TM_OUT/tm.json:
#   {"command", "commands": {run: exact command}, "seeds", "wall_seconds",
#    "apps": [{"name", "cycles_tm", "cycles_fgl", "cycles_global_lock"
#              (first seed), "tx_commits", "tx_aborts", "aborts_per_commit"
#              (first seed), "speedup_vs_global_lock" (global / tm),
#              "fraction_of_fgl" (fgl / tm: performance relative to
#              fine-grained locks), "serial_replay_ok" (every mode-0 run of
#              the app: co-simulation passed and the invariant held),
#              "locks_ok" (every mode-1/2 run passed), "per_seed": [...]}],
#    "mean_fraction_of_fgl", "geomean_fraction_of_fgl", "mean_speedup_vs_global_lock",
#    "limit_sweep": [{"limit" (0 = unlimited), "apps": [{"name", "cycles_tm",
#                    "tx_commits", "tx_aborts", "aborts_per_commit",
#                    "tx_warps_max", "fraction_of_fgl", "serial_replay_ok"}]}],
#    "lwh_sweep": [{"lwh", "lwh_entries", "apps": [...the same]}],
#    "raw": {run: raw JSON file}, "problems": [...]}
# Raw runner output and JSON: BENCH_TM_OUT/tm/.
# Exit status: 0; 1 if a run failed (non-zero exit, an invariant or the
# co-simulation failed), a JSON is missing or unreadable, or a tool is missing.
#
# Environment (all optional):
#   BENCH_TM_RTL       the default runner            (build/tm/apps/tm_apps_rtl)
#   BENCH_TM_VARIANTS  directory of the variant GPUs' runners, VARIANT/tm_apps_rtl
#                      (build/vgpu); variants tm_limit1 tm_limit0 tm_lwh_exact tm_lwh_small
#   BENCH_TM_APPS      applications                  (ht-h ht-l atm atm-nod list)
#   BENCH_TM_SEEDS     DRAM timing seeds of the main runs, comma-separated (0,1;
#                      the sweeps run the first one)
#   BENCH_TM_QUICK=1   one application (ht-l unless BENCH_TM_APPS), seed 0, no sweeps
#   BENCH_TM_OUT       report directory              (build/reports)
#   BENCH_TM_JOBS      runs at a time                (2)
set -euo pipefail

RTL=${BENCH_TM_RTL:-build/tm/apps/tm_apps_rtl}
VAR=${BENCH_TM_VARIANTS:-build/vgpu}
OUT=${BENCH_TM_OUT:-build/reports}
JOBS=${BENCH_TM_JOBS:-2}
QUICK=${BENCH_TM_QUICK:-0}
if [ "$QUICK" = 1 ]; then
  APPS=${BENCH_TM_APPS:-ht-l}
  SEEDS=${BENCH_TM_SEEDS:-0}
  VARIANTS=()
else
  APPS=${BENCH_TM_APPS:-ht-h ht-l atm atm-nod list}
  SEEDS=${BENCH_TM_SEEDS:-0,1}
  VARIANTS=(tm_limit1 tm_limit0 tm_lwh_exact tm_lwh_small)
fi
self_cmd="$0${*:+ $*}"
[ "$QUICK" = 1 ] && self_cmd="BENCH_TM_QUICK=1 $self_cmd"
first_seed=${SEEDS%%,*}
t_start=$(date +%s)

need() {
  [ -x "$1" ] || { echo "bench_tm: missing $1 (make $1)" >&2; exit 1; }
}
need "$RTL"
for v in "${VARIANTS[@]}"; do
  need "$VAR/$v/tm_apps_rtl"
done
for k in ht atm list; do
  [ -f "build/tm/apps/$k.elf" ] || { echo "bench_tm: missing build/tm/apps/$k.elf (make build/tm/apps/$k.elf)" >&2; exit 1; }
done

RAW=$OUT/tm
mkdir -p "$RAW"
rm -f "$RAW"/*.json "$RAW"/*.log "$RAW"/*.err "$RAW"/*.rc "$RAW"/manifest.tsv

# ---- the runs ----------------------------------------------------------------------
# job NAME GPU APP MODE SEED: the runner of GPU (main = the default) for one
# application, mode and seed in the background (at most $JOBS at a time);
# stdout to NAME.log, stderr to NAME.err, exit status to NAME.rc, the
# runner's JSON to NAME.json; one manifest line with the exact command.
job() {
  local name=$1 gpu=$2 app=$3 mode=$4 seed=$5 runner=$RTL
  [ "$gpu" = main ] || runner=$VAR/$gpu/tm_apps_rtl
  local cmd=("$runner" --backend=verilator "--only=$app" "--modes=$mode" "--seeds=$seed"
             "--json=$RAW/$name.json")
  local shown
  shown=$(printf '%q ' "${cmd[@]}")
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$gpu" "$app" "$mode" "$seed" "${shown% }" \
    >>"$RAW/manifest.tsv"
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
    wait -n || true
  done
  echo "bench_tm: $name ..." >&2
  ( rc=0; "${cmd[@]}" >"$RAW/$name.log" 2>"$RAW/$name.err" || rc=$?; echo "$rc" >"$RAW/$name.rc" ) &
}

# transactions first (list in mode 0 is the longest run, ~100 s), then the locks
IFS=, read -r -a seed_list <<<"$SEEDS"
read -r -a app_list <<<"$APPS"
ordered=()
for a in "${app_list[@]}"; do [ "$a" = list ] && ordered+=("$a"); done
for a in "${app_list[@]}"; do [ "$a" = list ] || ordered+=("$a"); done
for a in "${ordered[@]}"; do
  for s in "${seed_list[@]}"; do
    job "main_${a}_m0_s$s" main "$a" 0 "$s"
  done
  for v in "${VARIANTS[@]}"; do
    job "${v}_${a}_m0_s$first_seed" "$v" "$a" 0 "$first_seed"
  done
done
for a in "${ordered[@]}"; do
  for m in 1 2; do
    for s in "${seed_list[@]}"; do
      job "main_${a}_m${m}_s$s" main "$a" "$m" "$s"
    done
  done
done
wait

# ---- the report ----------------------------------------------------------------------
set +e
python3 - "$RAW" "$OUT" "$self_cmd" "$SEEDS" "$APPS" "$t_start" "${VARIANTS[*]}" <<'PY'
import json, math, os, sys, time

raw, out, self_cmd, seeds_s, apps_s, t_start, variants_s = sys.argv[1:8]
seeds = [int(s) for s in seeds_s.split(",")]
app_names = apps_s.split()
variants = variants_s.split()
problems = []

with open(os.path.join(raw, "manifest.tsv")) as f:
    manifest = [l.rstrip("\n").split("\t") for l in f if l.strip()]
commands = {m[0]: m[5] for m in manifest}

def tail(path):
    try:
        with open(path) as f:
            lines = [l.strip() for l in f if l.strip()]
        return lines[-1] if lines else ""
    except OSError:
        return ""

def run(name):
    """The runner's single run record (app, mode, seed), or None (and a problem)."""
    if name not in commands:
        return None
    try:
        rc = int(open(os.path.join(raw, name + ".rc")).read().strip())
    except (OSError, ValueError):
        rc = None
    try:
        with open(os.path.join(raw, name + ".json")) as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        problems.append("%s: no JSON (%s); exit %s; %s" % (name, e, rc,
                        tail(os.path.join(raw, name + ".err")) or tail(os.path.join(raw, name + ".log"))))
        return None
    runs = d.get("runs", [])
    if rc != 0 or len(runs) != 1 or runs[0].get("status") != "pass":
        problems.append("%s: exit %s, %s (see %s)" % (name, rc,
                        runs[0].get("status") + ": " + runs[0].get("detail", "") if len(runs) == 1
                        else "%d runs" % len(runs), os.path.join(raw, name + ".log")))
    return runs[0] if len(runs) == 1 else None

def ok(r):
    return r is not None and r.get("status") == "pass"

def cyc(r):
    return r["cycles"] if r is not None and r.get("status") == "pass" else None

def ratio(a, b):
    return a / b if a is not None and b else None

def tx_fields(r):
    c = r["tx_commits"] if r is not None else None
    a = r["tx_aborts"] if r is not None else None
    return {"tx_commits": c, "tx_aborts": a,
            "aborts_per_commit": ratio(a, c) if ok(r) else None,
            "tx_warps_max": r["tx_warps_max"] if r is not None else None}

apps = []
for name in app_names:
    per_seed = []
    for s in seeds:
        tm, fgl, gl = (run("main_%s_m%d_s%d" % (name, m, s)) for m in (0, 1, 2))
        e = {"seed": s, "cycles_tm": cyc(tm), "cycles_fgl": cyc(fgl), "cycles_global_lock": cyc(gl),
             "speedup_vs_global_lock": ratio(cyc(gl), cyc(tm)),
             "fraction_of_fgl": ratio(cyc(fgl), cyc(tm)),
             "serial_replay_ok": ok(tm), "locks_ok": ok(fgl) and ok(gl),
             "warp_insns_tm": tm["warp_insns"] if tm else None,
             "warp_insns_fgl": fgl["warp_insns"] if fgl else None,
             "warp_insns_global_lock": gl["warp_insns"] if gl else None,
             "commands": {v: commands.get("main_%s_m%d_s%d" % (name, m, s))
                          for v, m in (("tm", 0), ("fgl", 1), ("global_lock", 2))}}
        e.update(tx_fields(tm))
        per_seed.append(e)
    f = per_seed[0]
    a = {"name": name, "seed": f["seed"]}
    for k in ("cycles_tm", "cycles_fgl", "cycles_global_lock", "tx_commits", "tx_aborts",
              "aborts_per_commit", "tx_warps_max", "speedup_vs_global_lock", "fraction_of_fgl",
              "warp_insns_tm", "warp_insns_fgl", "warp_insns_global_lock"):
        a[k] = f[k]
    a["serial_replay_ok"] = all(e["serial_replay_ok"] for e in per_seed)
    a["locks_ok"] = all(e["locks_ok"] for e in per_seed)
    fr = [e["fraction_of_fgl"] for e in per_seed if e["fraction_of_fgl"] is not None]
    sp = [e["speedup_vs_global_lock"] for e in per_seed if e["speedup_vs_global_lock"] is not None]
    a["fraction_of_fgl_range"] = [min(fr), max(fr)] if fr else None
    a["speedup_vs_global_lock_range"] = [min(sp), max(sp)] if sp else None
    a["per_seed"] = per_seed
    apps.append(a)

def mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else None

def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None

by_name = {a["name"]: a for a in apps}

def sweep_apps(gpu):
    res = []
    for name in app_names:
        if gpu == "main":
            r = run("main_%s_m0_s%d" % (name, seeds[0]))
            cmd = commands.get("main_%s_m0_s%d" % (name, seeds[0]))
        else:
            r = run("%s_%s_m0_s%d" % (gpu, name, seeds[0]))
            cmd = commands.get("%s_%s_m0_s%d" % (gpu, name, seeds[0]))
        e = {"name": name, "cycles_tm": cyc(r), "serial_replay_ok": ok(r),
             "fraction_of_fgl": ratio(by_name[name]["cycles_fgl"], cyc(r)), "command": cmd}
        e.update(tx_fields(r))
        res.append(e)
    return res

limit_sweep, lwh_sweep = [], []
if variants:
    for lim, gpu in ((1, "tm_limit1"), (2, "main"), (0, "tm_limit0")):
        limit_sweep.append({"limit": lim, "gpu": gpu, "apps": sweep_apps(gpu)})
        for e in limit_sweep[-1]["apps"]:   # the limit held (the model counts the RTL's warps)
            if lim and e["tx_warps_max"] is not None and e["tx_warps_max"] > lim:
                problems.append("limit %d: %s had %d warps of an SM in transactions"
                                % (lim, e["name"], e["tx_warps_max"]))
    for lwh, entries, gpu in (("exact", 8192, "tm_lwh_exact"), ("512", 512, "main"),
                              ("small", 16, "tm_lwh_small")):
        lwh_sweep.append({"lwh": lwh, "lwh_entries": entries, "gpu": gpu, "apps": sweep_apps(gpu)})

report = {
    "command": self_cmd,
    "seeds": seeds,
    "wall_seconds": int(time.time()) - int(t_start),
    "apps": apps,
    "mean_fraction_of_fgl": mean(a["fraction_of_fgl"] for a in apps),
    "geomean_fraction_of_fgl": geomean(a["fraction_of_fgl"] for a in apps),
    "mean_speedup_vs_global_lock": mean(a["speedup_vs_global_lock"] for a in apps),
    "geomean_speedup_vs_global_lock": geomean(a["speedup_vs_global_lock"] for a in apps),
    "limit_sweep": limit_sweep,
    "lwh_sweep": lwh_sweep,
    "commands": commands,
    "raw": {m[0]: os.path.join(raw, m[0] + ".json") for m in manifest},
    "problems": problems,
}
with open(os.path.join(out, "tm.json"), "w") as f:
    json.dump(report, f, indent=1)
    f.write("\n")

# ---- the table -------------------------------------------------------------------------
def n(x):
    return "-" if x is None else str(x)

def x2(x, fmt="%.2f"):
    return "-" if x is None else fmt % x

def pct(x):
    return "-" if x is None else ("%.0f%%" if x >= 0.1 else "%.1f%%") % (100 * x)

def yes(b):
    return "yes" if b else "NO"

print("\nKILO TM on the RTL GPU, measured now (first seed %d; paper: Fig. 6, TM at 59%% of FGL"
      % seeds[0])
print("on average; goal here >= 90%)\n")
print("%-8s %10s %10s %10s %9s %8s %9s %11s %7s" % ("app", "cyc tm", "cyc fgl", "cyc global",
      "spd/glob", "tm/fgl", "aborts/c", "commits", "replay"))
for a in apps:
    print("%-8s %10s %10s %10s %9s %8s %9s %11s %7s" % (a["name"], n(a["cycles_tm"]),
          n(a["cycles_fgl"]), n(a["cycles_global_lock"]), x2(a["speedup_vs_global_lock"], "%.2fx"),
          pct(a["fraction_of_fgl"]), x2(a["aborts_per_commit"], "%.3f"), n(a["tx_commits"]),
          yes(a["serial_replay_ok"] and a["locks_ok"])))
print("%-8s %10s %10s %10s %9s %8s" % ("mean", "", "", "", x2(report["mean_speedup_vs_global_lock"],
      "%.2fx"), pct(report["mean_fraction_of_fgl"])))
print("%-8s %10s %10s %10s %9s %8s" % ("geomean", "", "", "",
      x2(report["geomean_speedup_vs_global_lock"], "%.2fx"), pct(report["geomean_fraction_of_fgl"])))
print("\n  spd/glob = cycles global lock / cycles tm; tm/fgl = cycles fgl / cycles tm (TM's")
print("  performance as a fraction of fine-grained locks'); aborts/c = aborted / committed")
print("  transactions (threads); replay = co-simulation passed (every RTL outcome re-validated")
print("  in commit-ID order, final memory equal) and every invariant held, in all three modes.")
if len(seeds) > 1:
    print("\n  over DRAM timing seeds %s:" % ",".join(map(str, seeds)))
    for a in apps:
        fr, sp = a["fraction_of_fgl_range"], a["speedup_vs_global_lock_range"]
        print("    %-8s tm/fgl %s..%s  spd/glob %s..%s  aborts/c %s" % (a["name"],
              pct(fr[0]) if fr else "-", pct(fr[1]) if fr else "-",
              x2(sp[0] if sp else None, "%.2fx"), x2(sp[1] if sp else None, "%.2fx"),
              " ".join(x2(e["aborts_per_commit"], "%.3f") for e in a["per_seed"])))

def sweep_table(title, rows, label):
    print("\n%s: transactions, seed %d" % (title, seeds[0]))
    print("  cells: cycles / aborts per commit / tm/fgl / most warps of one SM in transactions\n")
    print("%-12s" % label + "".join("%24s" % a for a in app_names))
    for row, lab in rows:
        cells = []
        for e in row["apps"]:
            if e["cycles_tm"] is None:
                cells.append("%24s" % "FAIL")
            else:
                cells.append("%24s" % ("%d/%.3f/%s/%s" % (e["cycles_tm"], e["aborts_per_commit"] or 0,
                             pct(e["fraction_of_fgl"]), n(e["tx_warps_max"]))))
        print("%-12s" % lab + "".join(cells))

if limit_sweep:
    sweep_table("Concurrency limit (WW_TM_WARPS_PER_SM)",
                [(r, {1: "1", 2: "2 (default)", 0: "unlimited"}[r["limit"]]) for r in limit_sweep],
                "limit")
    sweep_table("LWH size (entries per commit unit)",
                [(r, {"exact": "8192 (exact)", "512": "512 (default)", "small": "16"}[r["lwh"]])
                 for r in lwh_sweep], "LWH")

print("\nCommands (each run's raw output and JSON: %s/NAME.{log,json}):" % raw)
for m in manifest:
    print("  %-28s %s" % (m[0], m[5]))
print("\nreport: %s; wall time %d s" % (os.path.join(out, "tm.json"), report["wall_seconds"]))
if problems:
    print("\nPROBLEMS:")
    for p in problems:
        print("  " + p)
    sys.exit(1)
PY
