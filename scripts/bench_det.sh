#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# bench_det.sh -- `make bench-det`: GPUDet in the RTL measured like the
# paper's evaluation (Jooybar et al., ASPLOS 2013, §5: determinism, the
# slowdown against nondeterministic execution, the quantum size). Every
# number comes from the runs of this one invocation; the report names the
# exact command behind each.
#
#   racey    the GPU-Racey-style kernel (sw/det/racey.c: grid 4 x 32, 4096
#            words, 40 read-writes per thread) under BENCH_DET_SEEDS RTL
#            timing seeds without and with --det: how many different final
#            arrays each gives, and whether the --det array is the golden
#            model's (--backend cmodel --det)
#   kernels  kernel-suite groups (their host references checked) on the RTL
#            without GPUDet (--cosim=off) and with it, on BENCH_DET_KSEEDS:
#            per group the slowdown (cycles with / without, summed over its
#            launches, first seed), the cycles of each GPUDet mode, and
#            whether every launch left the same memory on every seed with
#            --det (digest of the group's allocations) -- and without
#   serial   the same groups with --det and the RTL's serial mode per warp
#            (--det-serial=warp, the paper's W-Ser) on the first seed:
#            cycles against the default per-SM serial mode
#   commit   the same groups with --det and the lock-based commit
#            (--det-commit=lock: one store-buffer entry at a time, each
#            acknowledged before the next; the paper's baseline, sec. 5.3)
#            on the first seed: commit-mode cycles against the Z-buffer
#            units' overlapped commit
#   dwp      the same groups with --det --det-dwp (deterministic workgroup
#            partitioning, sec. 4.2.2: a block slot refilled within a
#            quantum) on the first seed: cycles and slowdown against the
#            default distribution (blocks only between quanta)
#   quantum  the racey kernel with --det at quanta 50..1000 (first seed)
#   bloom    the racey kernel with --det (seed 1) on GPUs whose store
#            buffers have BENCH_DET_BLOOMS Bloom filter bits per warp (the
#            default 1024 is the run above): `warpwatch run --config
#            det_bloom=N` builds each GPU the first time (minutes)
#   stalls   the racey kernel with --det on seed 1 with --stalls: the share
#            of the SMs' cycles in each GSI sync sub-class GPUDet adds
#            (sy_det_quantum, sy_det_commit, sy_det_serial)
#
# Writes BENCH_DET_OUT/det.json:
#   {"command", "commands": {run: exact command}, "wall_seconds",
#    "racey": {"seeds", "signatures_off_distinct", "signatures_on_distinct",
#              "on_equals_model", "stalls": {"sy_det_quantum", "sy_det_commit",
#              "sy_det_serial", "sync", "mem_struct"...: share of the SMs' cycles}},
#    "kernels": [{"name", "slowdown", "cycles_off", "cycles_on", "launches",
#                 "cycles_on_warp_serial", "warp_serial_over_sm_serial",
#                 "commit_cycles_zbuf", "commit_cycles_lock", "lock_over_zbuf_commit",
#                 "cycles_on_dwp", "slowdown_dwp", "quanta_dwp",
#                 "identical_across_seeds" (with --det), "off_distinct_digests"
#                 (launches whose memory differed across seeds without it),
#                 "cycles": {"distribution", "parallel", "commit", "serial"},
#                 "quanta"}],
#    "mean_slowdown", "geomean_slowdown", "geomean_slowdown_dwp", "geomean_lock_over_zbuf_commit",
#    "quantum_sweep": [{"quantum", "cycles", "slowdown", "quanta"}],
#    "bloom_sweep": [{"bits", "cycles", "parallel_cycles", "over_default"}],
#    "problems": [...]}
# Raw output: BENCH_DET_OUT/det/. Exit status: 0; 1 if a run failed.
#
# Environment (all optional):
#   BENCH_DET_SEEDS    racey timing seeds               (20)
#   BENCH_DET_KSEEDS   kernel seeds, comma-separated    (1,2,3)
#   BENCH_DET_GROUPS   suite groups                     (vecadd reduction histogram
#                      bfs matmul atomics spinlock work-queue scoped-race block-counter)
#   BENCH_DET_BLOOMS   Bloom bits per warp to sweep    (64 256 4096)
#   BENCH_DET_QUICK=1  racey on 6 seeds, kernels vecadd bfs on 1,2, quanta 100 400,
#                      no Bloom sweep
#   BENCH_DET_OUT      report directory                 (build/reports)
set -euo pipefail

WW=build/bin/warpwatch
SWT=build/tests/sw/sw_tests_rtl
OUT=${BENCH_DET_OUT:-build/reports}
if [ "${BENCH_DET_QUICK:-0}" = 1 ]; then
  SEEDS=${BENCH_DET_SEEDS:-6}
  KSEEDS=${BENCH_DET_KSEEDS:-1,2}
  KGROUPS=${BENCH_DET_GROUPS:-vecadd bfs}
  QUANTA="100 400"
  BLOOMS=${BENCH_DET_BLOOMS:-}
else
  SEEDS=${BENCH_DET_SEEDS:-20}
  KSEEDS=${BENCH_DET_KSEEDS:-1,2,3}
  KGROUPS=${BENCH_DET_GROUPS:-vecadd reduction histogram bfs matmul atomics spinlock work-queue scoped-race block-counter}
  QUANTA="50 100 400 1000"
  BLOOMS=${BENCH_DET_BLOOMS:-64 256 4096}
fi
self_cmd="$0${*:+ $*}"
[ "${BENCH_DET_QUICK:-0}" = 1 ] && self_cmd="BENCH_DET_QUICK=1 $self_cmd"
t_start=$(date +%s)
for f in "$WW" "$SWT" build/det/racey.elf; do
  [ -e "$f" ] || { echo "bench_det: missing $f (make $f)" >&2; exit 1; }
done
RAW=$OUT/det
mkdir -p "$RAW"
rm -f "$RAW"/*
: >"$RAW/commands.tsv"
cmd() {   # cmd NAME ARGS...: record the exact command, run it, stdout to NAME.out
  local name=$1; shift
  printf '%s\t%s\n' "$name" "$(printf '%q ' "$@")" >>"$RAW/commands.tsv"
  "$@" >"$RAW/$name.out" 2>"$RAW/$name.err" || echo "$?" >"$RAW/$name.rc"
}

# ---- racey: signatures over the timing seeds -------------------------------------
RARGS=(--grid 4 --block 32 --arg buf:16384 --arg 4096 --arg 40 --print 0:x32:4096)
for s in $(seq 1 "$SEEDS"); do
  echo "bench_det: racey seed $s ..." >&2
  cmd "racey_off_s$s" "$WW" run build/det/racey.elf "${RARGS[@]}" --backend verilator --seed "$s" --cosim off
  cmd "racey_on_s$s" "$WW" run build/det/racey.elf "${RARGS[@]}" --backend verilator --seed "$s" --det --json \
    $([ "$s" = 1 ] && echo --stalls)
done
cmd racey_model "$WW" run build/det/racey.elf "${RARGS[@]}" --det --json
cmd racey_off_json "$WW" run build/det/racey.elf "${RARGS[@]}" --backend verilator --seed 1 --cosim off --json
for q in $QUANTA; do
  echo "bench_det: racey quantum $q ..." >&2
  cmd "racey_q$q" "$WW" run build/det/racey.elf "${RARGS[@]}" --backend verilator --seed 1 --det --quantum "$q" --json
done

for b in $BLOOMS; do
  echo "bench_det: racey with $b Bloom bits per warp (builds that GPU the first time) ..." >&2
  cmd "racey_bloom$b" "$WW" run build/det/racey.elf "${RARGS[@]}" --backend verilator --seed 1 --det \
    --json --config "det_bloom=$b"
done

# ---- kernels: with and without GPUDet -------------------------------------------
for g in $KGROUPS; do
  echo "bench_det: $g ..." >&2
  cmd "k_${g}_off" "$SWT" --backend=verilator --cosim=off --seeds="$KSEEDS" --only="$g" --runs="$RAW/k_${g}_off.jsonl"
  cmd "k_${g}_on" "$SWT" --backend=verilator --det --seeds="$KSEEDS" --only="$g" --runs="$RAW/k_${g}_on.jsonl"
  cmd "k_${g}_wser" "$SWT" --backend=verilator --det --det-serial=warp --seeds="${KSEEDS%%,*}" \
    --only="$g" --runs="$RAW/k_${g}_wser.jsonl"
  cmd "k_${g}_lock" "$SWT" --backend=verilator --det --det-commit=lock --seeds="${KSEEDS%%,*}" \
    --only="$g" --runs="$RAW/k_${g}_lock.jsonl"
  cmd "k_${g}_dwp" "$SWT" --backend=verilator --det --det-dwp --seeds="${KSEEDS%%,*}" \
    --only="$g" --runs="$RAW/k_${g}_dwp.jsonl"
done

# ---- the report -------------------------------------------------------------------
set +e
python3 - "$RAW" "$OUT" "$self_cmd" "$SEEDS" "$KSEEDS" "$KGROUPS" "$QUANTA" "$t_start" "$BLOOMS" <<'PY'
import hashlib, json, math, os, sys, time

raw, out, self_cmd, seeds, kseeds, groups, quanta, t_start, blooms = sys.argv[1:10]
blooms = [int(b) for b in blooms.split()]
seeds = int(seeds)
kseeds = [int(s) for s in kseeds.split(",")]
groups, quanta = groups.split(), [int(q) for q in quanta.split()]
problems = []
commands = dict(l.rstrip("\n").split("\t", 1) for l in open(os.path.join(raw, "commands.tsv")))

def failed(name):
    p = os.path.join(raw, name + ".rc")
    if os.path.exists(p):
        err = open(os.path.join(raw, name + ".err")).read().strip().splitlines()
        problems.append("%s: exit %s: %s" % (name, open(p).read().strip(), err[-1] if err else ""))
        return True
    return False

def text(name):
    return open(os.path.join(raw, name + ".out")).read()

def js(name):
    if failed(name):
        return None
    try:
        return json.loads(text(name))
    except ValueError as e:
        problems.append("%s: no JSON (%s)" % (name, e))
        return None

def words(out):   # the printed array: the lines after the ok/rtl/det lines
    return hashlib.md5("".join(l for l in out.splitlines(True)
                               if not l.startswith(("ok:", "rtl:", "det:"))).encode()).hexdigest()

def words_json(d):
    return hashlib.md5(json.dumps(d["buffers"], sort_keys=True).encode()).hexdigest() if d else None

off = set(); on = set(); on_runs = []
for s in range(1, seeds + 1):
    if not failed("racey_off_s%d" % s):
        off.add(words(text("racey_off_s%d" % s)))
    d = js("racey_on_s%d" % s)
    if d:
        on.add(words_json(d)); on_runs.append(d)
model = js("racey_model")
racey = {"seeds": seeds, "signatures_off_distinct": len(off), "signatures_on_distinct": len(on),
         "on_equals_model": bool(model) and on == {words_json(model)}}
s1 = js("racey_on_s1")
if s1 and "stalls" in s1:
    st = s1["stalls"]; cyc = sum(sm["cycles"] for sm in st["sm"]) or 1
    share = {k: v / cyc for k, v in st["classes"].items()}
    share.update({k: v / cyc for k, v in st["sync"].items() if k.startswith("sy_det_")})
    racey["stalls"] = share
else:
    problems.append("racey_on_s1: no stall breakdown")

base = js("racey_off_json")
sweep = []
for q in quanta:
    d = js("racey_q%d" % q)
    if d and base:
        sweep.append({"quantum": q, "cycles": d["cycles"], "slowdown": d["cycles"] / base["cycles"],
                      "quanta": d["det"]["quanta"]})
if on_runs and base:
    d = on_runs[0]
    sweep.append({"quantum": d["det"]["quantum"], "cycles": d["cycles"],
                  "slowdown": d["cycles"] / base["cycles"], "quanta": d["det"]["quanta"]})
sweep.sort(key=lambda e: e["quantum"])

bsweep = []
for b in blooms:
    d = js("racey_bloom%d" % b)
    if d:
        if d.get("config", {}).get("det_bloom") != b:
            problems.append("racey_bloom%d: ran on %s" % (b, d.get("config")))
        bsweep.append({"bits": b, "cycles": d["cycles"], "parallel_cycles": d["det"]["cycles"]["parallel"]})
if on_runs and bsweep:
    d = on_runs[0]
    bsweep.append({"bits": d["config"]["det_bloom"], "cycles": d["cycles"],
                   "parallel_cycles": d["det"]["cycles"]["parallel"]})
    for e in bsweep:
        e["over_default"] = e["cycles"] / d["cycles"]
bsweep.sort(key=lambda e: e["bits"])

def runs(name):
    p = os.path.join(raw, name + ".jsonl")
    failed(name)
    if not os.path.exists(p):
        problems.append("%s: no runs file" % name)
        return []
    return [json.loads(l) for l in open(p) if l.strip()]

kernels = []
for g in groups:
    r_off, r_on, r_ws = runs("k_%s_off" % g), runs("k_%s_on" % g), runs("k_%s_wser" % g)
    r_lk, r_dw = runs("k_%s_lock" % g), runs("k_%s_dwp" % g)
    first = kseeds[0]
    f_off = [r for r in r_off if r["seed"] == first]
    f_on = [r for r in r_on if r["seed"] == first]
    if not f_off or len(f_off) != len(f_on):
        problems.append("%s: %d launches without GPUDet, %d with it" % (g, len(f_off), len(f_on)))
        continue
    c_off = sum(r["steps"] for r in f_off); c_on = sum(r["steps"] for r in f_on)
    c_ws = sum(r["steps"] for r in r_ws) if len(r_ws) == len(f_on) else None
    if c_ws is None:
        problems.append("%s: %d launches with --det-serial=warp, %d with the default" %
                        (g, len(r_ws), len(f_on)))
    c_dw = sum(r["steps"] for r in r_dw) if len(r_dw) == len(f_on) else None
    if c_dw is None:
        problems.append("%s: %d launches with --det-dwp, %d with the default" % (g, len(r_dw), len(f_on)))
    cm_z = sum(r["cycles_commit"] for r in f_on)
    cm_l = sum(r["cycles_commit"] for r in r_lk) if len(r_lk) == len(f_on) else None
    if cm_l is None:
        problems.append("%s: %d launches with --det-commit=lock, %d with the default" %
                        (g, len(r_lk), len(f_on)))
    elif [r["digest"] for r in r_lk] != [r["digest"] for r in f_on]:
        problems.append("%s: the lock-based commit left other memory than the Z-buffer's" % g)
    def same(rs):   # every launch index: one digest over the seeds
        by = {}
        for r in rs:
            by.setdefault(r["launch"], set()).add(r["digest"])
        return by
    on_by, off_by = same(r_on), same(r_off)
    kernels.append({
        "name": g, "launches": len(f_on), "cycles_off": c_off, "cycles_on": c_on,
        "slowdown": c_on / c_off,
        "cycles_on_warp_serial": c_ws,
        "warp_serial_over_sm_serial": c_ws / c_on if c_ws else None,
        "commit_cycles_zbuf": cm_z, "commit_cycles_lock": cm_l,
        "lock_over_zbuf_commit": cm_l / cm_z if cm_l and cm_z else None,
        "cycles_on_dwp": c_dw, "slowdown_dwp": c_dw / c_off if c_dw else None,
        "quanta_dwp": sum(r["quanta"] for r in r_dw) if c_dw else None,
        "identical_across_seeds": all(len(v) == 1 for v in on_by.values()) and
                                  all(len({r["seed"] for r in r_on if r["launch"] == k}) == len(kseeds)
                                      for k in on_by),
        "off_distinct_digests": sum(1 for v in off_by.values() if len(v) > 1),
        "quanta": sum(r["quanta"] for r in f_on),
        "cycles": {k: sum(r["cycles_" + v] for r in f_on)
                   for k, v in (("distribution", "dist"), ("parallel", "par"),
                                ("commit", "commit"), ("serial", "serial"))}})

sl = [k["slowdown"] for k in kernels]
sd = [k["slowdown_dwp"] for k in kernels if k["slowdown_dwp"]]
lz = [k["lock_over_zbuf_commit"] for k in kernels if k["lock_over_zbuf_commit"]]
rep = {"command": self_cmd, "commands": commands, "wall_seconds": int(time.time()) - int(t_start),
       "racey": racey, "kernels": kernels,
       "mean_slowdown": sum(sl) / len(sl) if sl else None,
       "geomean_slowdown": math.exp(sum(math.log(x) for x in sl) / len(sl)) if sl else None,
       "geomean_slowdown_dwp": math.exp(sum(math.log(x) for x in sd) / len(sd)) if sd else None,
       "geomean_lock_over_zbuf_commit": math.exp(sum(math.log(x) for x in lz) / len(lz)) if lz else None,
       "quantum_sweep": sweep, "bloom_sweep": bsweep, "problems": problems}
with open(os.path.join(out, "det.json"), "w") as f:
    json.dump(rep, f, indent=1)

print("GPUDet in the RTL -- measured by: %s" % self_cmd)
print("racey (grid 4 x 32, 4096 words): %d timing seeds: %d different arrays without --det, "
      "%d with it%s" % (seeds, len(off), len(on),
                        ", the golden model's" if racey["on_equals_model"] else ", NOT the model's"))
if "stalls" in racey:
    st = racey["stalls"]
    print("racey --det stalls (GSI, %% of the SMs' cycles, seed 1): quantum barrier %.1f %%, commit "
          "%.1f %%, serial mode %.1f %%; mem_struct %.1f %%, issuing %.1f %%" % tuple(
              100.0 * st[k] for k in ("sy_det_quantum", "sy_det_commit", "sy_det_serial",
                                      "mem_struct", "no_stall")))
print()
print("%-14s %8s %12s %12s %9s %9s %9s %9s  %-22s %s" % ("kernel", "launches", "cycles off", "cycles on",
                                            "slowdown", "with DWP", "W-Ser/SM", "lock/Z", "mode cycles d/p/c/s %",
                                            "same memory on every seed"))
for k in kernels:
    c = k["cycles"]; t = sum(c.values()) or 1
    print("%-14s %8d %12d %12d %8.2fx %8.2fx %8.3fx %8.2fx  %-22s %s (without: %d of %d launches differ)" % (
        k["name"], k["launches"], k["cycles_off"], k["cycles_on"], k["slowdown"], k["slowdown_dwp"] or 0.0,
        k["warp_serial_over_sm_serial"] or 0.0, k["lock_over_zbuf_commit"] or 0.0,
        "%.0f/%.0f/%.0f/%.0f" % tuple(100.0 * c[x] / t for x in ("distribution", "parallel", "commit", "serial")),
        "yes" if k["identical_across_seeds"] else "NO", k["off_distinct_digests"], k["launches"]))
if sl:
    print("mean slowdown %.2fx, geometric mean %.2fx (paper: about 2x; goal <= 1.5x)" %
          (rep["mean_slowdown"], rep["geomean_slowdown"]))
if sd:
    print("with --det-dwp (first seed): geometric mean slowdown %.2fx (paper, Fig. 8: DWP 19 %% faster "
          "on the kernels with short workgroups)" % rep["geomean_slowdown_dwp"])
if lz:
    print("commit mode, lock-based over the Z-buffer units' (cycles in commit mode, first seed): "
          "geometric mean %.2fx (paper, Fig. 9: the Z-buffer commit 60 %% faster on average)" %
          rep["geomean_lock_over_zbuf_commit"])
print()
print("quantum sweep (racey, seed 1): " + ", ".join("%d: %.2fx (%d quanta)" % (e["quantum"], e["slowdown"], e["quanta"]) for e in sweep))
if bsweep:
    print("Bloom sweep (racey, seed 1, bits per warp: cycles, parallel-mode cycles, over 1024 bits): " +
          ", ".join("%d: %d, %d, %.3fx" % (e["bits"], e["cycles"], e["parallel_cycles"], e["over_default"])
                    for e in bsweep))
print("report: %s; raw runs and their commands: %s" % (os.path.join(out, "det.json"), raw))
for p in problems:
    print("problem: " + p)
sys.exit(1 if problems else 0)
PY
