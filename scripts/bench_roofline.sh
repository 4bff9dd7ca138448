#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# bench_roofline.sh -- the roofline part of `make bench` (issue 13): the
# memory bandwidth the kernels `stream` and `vecadd` achieve on the RTL GPU
# (--backend verilator --cosim off), against two bounds of the configuration.
# scripts/bench.sh runs it and puts its report into build/reports/bench.json
# under "roofline"; it also runs alone.
#
# Bytes: the kernel's footprint in whole cache lines -- every distinct line
#   the kernel reads or writes counts LINE_BYTES once (computed from the
#   buffers' addresses, printed by the run, and the kernel's index pattern).
#   That is the compulsory traffic between the L1s and L2/DRAM; for vecadd
#   (coalesced int32 arrays) it equals its useful bytes, 12 per element;
#   stream uses one word of each line it reads, so its useful bytes are an
#   eighth of its footprint at 32-byte lines. The same definition for every
#   kernel and both bounds, which count whole lines too.
#   achieved = footprint bytes / RTL cycles of the run          (measured)
#
# (a) Little's law: littles_bound = outstanding lines x WW_LINE_BYTES / round trip
#     outstanding lines = WW_L1_MSHRS x WW_NUM_SM              (configuration)
#       A load that misses holds one of the L1's MSHRs until its line returns
#       (rtl/sm/ww_l1_dcache.v: MSHR full stalls the LSU), so at most
#       L1_MSHRS line reads per SM wait for memory; the LSU (ww_lsu.v) sends
#       the lines of one warp instruction back to back, never more than the
#       MSHRs take. Write-through stores wait in the L1's write slots
#       (WW_L1_WQ) instead; they are not counted (the LSU finishes a store
#       before the next instruction, so reads and writes of one SM do not
#       overlap today). Below the L1s each L2 slice (rtl/mem/ww_l2_slice.v)
#       keeps up to WW_L2_MSHRS misses in flight, so the slices do not
#       lower the bound at the default configuration (WW_NUM_PART x
#       WW_L2_MSHRS >= WW_L1_MSHRS x WW_NUM_SM); the "in_flight" column
#       shows how many lines a run kept in flight.
#     round trip = cycles per load of a pointer chase               (measured)
#       pchase (sw/kernels/pchase.c), one warp with one lane: each load's
#       address is the previous load's value, every node on its own line,
#       each visited once, so every load misses in L1 and L2 and goes to
#       DRAM. Two runs of S1 and S2 steps; round trip = (cycles(S2) -
#       cycles(S1)) / (S2 - S1): the launch, the end-of-grid flush and the
#       final store cancel. It includes the add forming the next address
#       (and an eighth of the loop's counter and branch): the issue-to-issue
#       time of a dependent load as a warp sees it.
#     lines in flight = achieved / WW_LINE_BYTES x round trip: Little's law
#       backwards, the mean number of lines the run had in flight.
# (b) DRAM peak = WW_NUM_PART channels x WW_LINE_BYTES / interval  (configuration)
#       the DRAM model (sw/sim/ww_dram.c) has one channel per partition that
#       accepts a line request every `interval` cycles (1 by default, the
#       model's default configuration; WW_DRAM_INTERVAL overrides it, in the
#       backend and in dram_peak alike). Also measured on the model by
#       build/vgpu/dram_peak (tb/gpu/dram_peak.c); the two must agree.
#   Configuration values are read from cmodel/include/ww_config.h at run
#   time, the interval from dram_peak's report; nothing is typed here.
#
# Every RTL run is also run on the golden C model (the same command without
# --backend) and its printed result must be the same: pchase's end offset
# (also walked on the host), stream's sums, vecadd's c (also a + b on the
# host).
#
# Problem sizes (seconds each on the RTL; printed with the table):
#   pchase  a chain of ROOF_PCHASE_NODES lines (256), runs of 64 and 256 steps
#   stream  ROOF_STREAM_ROUNDS (8) rounds x UNROLL loads (stream.c) x grid x
#           block threads lines (2048 at the defaults: 64 KiB), each read once;
#           grid = WW_NUM_SM, block = WW_WARPS_PER_SM x WW_LANES
#   vecadd  ROOF_VECADD_N elements (4096: three 16 KiB arrays), block as stream
#
# Writes $ROOF_OUT/roofline.json (raw runs under $ROOF_OUT/roofline/):
#   {"bytes": definition, "config": {...}, "round_trip_cycles",
#    "outstanding_lines", "littles_bound_bytes_per_cycle",
#    "dram_peak_bytes_per_cycle", "dram_peak_measured_bytes_per_cycle",
#    "kernels": {"stream": {...}, "vecadd": {...}}, "round_trip_runs": [...],
#    "kind": {key: "measured: ..." | "derived: ..."}, "commands": {...}}
# Exit status: 0; 1 if a run failed, a result differs from the golden model
# or the host, the round trip is not positive, or the measured DRAM peak
# differs from the derived one.
#
# Tools (overridable, e.g. to test this script with stand-ins,
# scripts/test_bench_roofline.sh):
#   ROOF_WW         the CLI                          (build/bin/warpwatch)
#   ROOF_DRAM_PEAK  the DRAM peak tool               (build/vgpu/dram_peak)
#   ROOF_CONFIG     the generated configuration      (cmodel/include/ww_config.h)
#   ROOF_KERNELS    directory of the kernel images   (build/kernels)
#   ROOF_STREAM_SRC stream's source, for UNROLL      (sw/kernels/stream.c)
#   ROOF_OUT        the report directory             (build/reports)
set -euo pipefail

WW=${ROOF_WW:-build/bin/warpwatch}
PEAK=${ROOF_DRAM_PEAK:-build/vgpu/dram_peak}
CONFIG=${ROOF_CONFIG:-cmodel/include/ww_config.h}
KDIR=${ROOF_KERNELS:-build/kernels}
STREAM_SRC=${ROOF_STREAM_SRC:-sw/kernels/stream.c}
OUT=${ROOF_OUT:-build/reports}
PCHASE_NODES=${ROOF_PCHASE_NODES:-256}
PCHASE_STEPS=${ROOF_PCHASE_STEPS:-64 256}
STREAM_ROUNDS=${ROOF_STREAM_ROUNDS:-8}
VECADD_N=${ROOF_VECADD_N:-4096}
self_cmd="$0${*:+ $*}"

cfg() {
  local v
  v=$(sed -n "s/^#define WW_$1 *\([0-9]*\).*/\1/p" "$CONFIG")
  [ -n "$v" ] || { echo "bench_roofline: WW_$1 not found in $CONFIG" >&2; exit 1; }
  echo "$v"
}
NSM=$(cfg NUM_SM)
WARPS=$(cfg WARPS_PER_SM)
LANES=$(cfg LANES)
LINE=$(cfg LINE_BYTES)
BLOCK=$((WARPS * LANES)) THREADS=$((NSM * WARPS * LANES))
UNROLL=$(sed -n 's/^#define UNROLL *\([0-9]*\).*/\1/p' "$STREAM_SRC")
[ -n "$UNROLL" ] || { echo "bench_roofline: no '#define UNROLL' in $STREAM_SRC" >&2; exit 1; }

[ -x "$WW" ] || { echo "bench_roofline: missing $WW (make $WW)" >&2; exit 1; }
[ -x "$PEAK" ] || { echo "bench_roofline: missing $PEAK (make $PEAK)" >&2; exit 1; }
for k in pchase stream vecadd; do
  [ -f "$KDIR/$k.elf" ] || { echo "bench_roofline: missing $KDIR/$k.elf (make $KDIR/$k.elf)" >&2; exit 1; }
done

RAW=$OUT/roofline
mkdir -p "$RAW"
rm -f "$RAW"/*.json "$RAW"/*.err "$RAW"/*.bin "$RAW"/manifest.tsv "$RAW"/dram_peak.txt

# ---- inputs (fixed pseudo-random files) --------------------------------------------
STREAM_LINES=$((STREAM_ROUNDS * UNROLL * THREADS))   # every line read once
case $STREAM_LINES in
  *[!0-9]*|0) echo "bench_roofline: bad stream size" >&2; exit 1 ;;
esac
if [ $((STREAM_LINES & (STREAM_LINES - 1))) -ne 0 ]; then
  echo "bench_roofline: stream needs a power-of-two line count; $STREAM_ROUNDS rounds x $UNROLL x $THREADS threads = $STREAM_LINES (set ROOF_STREAM_ROUNDS)" >&2
  exit 1
fi
VECADD_GRID=$(((VECADD_N + BLOCK - 1) / BLOCK))
python3 - "$RAW" "$LINE" "$PCHASE_NODES" "$STREAM_LINES" "$VECADD_N" <<'PY'
import random, struct, sys
raw, line, nodes, slines, n = sys.argv[1], *map(int, sys.argv[2:])
wpl = line // 4
# pchase: node k on line k at word k % wpl, visited in a random cyclic order from node 0
r = random.Random(13)
order = list(range(1, nodes)); r.shuffle(order); order = [0] + order
words = [r.getrandbits(32) for _ in range(nodes * wpl)]
for i, k in enumerate(order):
    nxt = order[(i + 1) % nodes]
    words[k * wpl + k % wpl] = 4 * (nxt * wpl + nxt % wpl)
open(raw + "/pchase_chain.bin", "wb").write(struct.pack("<%dI" % len(words), *words))
r = random.Random(2011)
open(raw + "/stream_in.bin", "wb").write(bytes(r.getrandbits(8) for _ in range(slines * line)))
r = random.Random(7)
for name in ("a", "b"):
    v = [r.getrandbits(32) for _ in range(n)]
    open("%s/vecadd_%s.bin" % (raw, name), "wb").write(struct.pack("<%dI" % n, *v))
PY

# ---- the runs ----------------------------------------------------------------------
# run NAME KERNEL ARGS...: the RTL run, then the same on the golden model;
# both JSON outputs kept under $RAW, one manifest line with both commands.
run() {
  local name=$1 kernel=$2
  shift 2
  local rtl=("$WW" run "$KDIR/$kernel.elf" "$@" --backend verilator --cosim off --json)
  local ref=("$WW" run "$KDIR/$kernel.elf" "$@" --json)
  local shown_rtl shown_ref
  shown_rtl=$(printf '%q ' "${rtl[@]}")
  shown_ref=$(printf '%q ' "${ref[@]}")
  echo "bench_roofline: $name ..." >&2
  "${rtl[@]}" >"$RAW/$name.rtl.json" 2>"$RAW/$name.rtl.err" || true
  "${ref[@]}" >"$RAW/$name.ref.json" 2>"$RAW/$name.ref.err" || true
  printf '%s\t%s\t%s\t%s\n' "$name" "$kernel" "${shown_rtl% }" "${shown_ref% }" >>"$RAW/manifest.tsv"
}

peak_show="$PEAK"
"$PEAK" >"$RAW/dram_peak.txt" 2>&1 || true
for s in $PCHASE_STEPS; do
  run "pchase_$s" pchase --grid 1 --block 1 --arg "buf:=$RAW/pchase_chain.bin" --arg 0 \
    --arg "$s" --arg buf:4 --print 3:u32
done
run stream stream --grid "$NSM" --block "$BLOCK" --arg "buf:=$RAW/stream_in.bin" \
  --arg "buf:$((4 * THREADS))" --arg "$STREAM_LINES" --arg "$STREAM_ROUNDS" --print 0:u32:1 --print 1:u32
run vecadd vecadd --grid "$VECADD_GRID" --block "$BLOCK" --arg "buf:=$RAW/vecadd_a.bin" \
  --arg "buf:=$RAW/vecadd_b.bin" --arg "buf:$((4 * VECADD_N))" --arg "$VECADD_N" \
  --print 0:i32:1 --print 1:i32:1 --print 2:i32

# ---- the report ----------------------------------------------------------------------
set +e
python3 - "$RAW" "$OUT" "$CONFIG" "$self_cmd" "$peak_show" "$UNROLL" "$STREAM_ROUNDS" \
  "$STREAM_LINES" "$VECADD_N" "$PCHASE_NODES" <<'PY'
import json, os, re, struct, sys

raw, out, config_h, self_cmd, peak_cmd = sys.argv[1:6]
unroll, rounds, slines, vn, nodes = map(int, sys.argv[6:11])
problems = []

cfg = {}
with open(config_h) as f:
    for l in f:
        m = re.match(r"#define WW_(\w+)\s+(\d+)", l)
        if m:
            cfg[m.group(1)] = int(m.group(2))
NSM, NPART, LINE = cfg["NUM_SM"], cfg["NUM_PART"], cfg["LINE_BYTES"]
MSHRS, WARPS, LANES = cfg["L1_MSHRS"], cfg["WARPS_PER_SM"], cfg["LANES"]
BLOCK, THREADS, WPL = WARPS * LANES, NSM * WARPS * LANES, LINE // 4

def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        try:
            with open(path[:-len(".json")] + ".err") as f:
                lines = [l.strip() for l in f if l.strip()]
        except OSError:
            lines = []
        return {"status": "error",
                "error": ("no JSON output; stderr: %s" % lines[-1]) if lines else "%s: %s" % (path, e)}

def why(d):
    t = d.get("trap") or {}
    return d.get("error") or t.get("message") or t.get("detail") or d.get("status", "?")

def bufs(d):
    return {b.get("arg"): b for b in d.get("buffers", []) if isinstance(b, dict)}

def words(path):
    data = open(path, "rb").read()
    return list(struct.unpack("<%dI" % (len(data) // 4), data))

def lines_of(addrs):
    return len({a // LINE for a in addrs})

# ---- the runs
with open(os.path.join(raw, "manifest.tsv")) as f:
    manifest = [l.rstrip("\n").split("\t") for l in f if l.strip()]
runs = {}
for name, kernel, rtl_cmd, ref_cmd in manifest:
    rtl = load(os.path.join(raw, name + ".rtl.json"))
    ref = load(os.path.join(raw, name + ".ref.json"))
    r = {"name": name, "kernel": kernel, "command": rtl_cmd, "golden_command": ref_cmd,
         "rtl": rtl, "ref": ref, "ok": False, "check": "not checked"}
    runs[name] = r
    if rtl.get("status") != "ok":
        problems.append("%s: the RTL run failed: %s" % (name, why(rtl)))
    elif ref.get("status") != "ok":
        problems.append("%s: the golden-model run failed: %s" % (name, why(ref)))
    elif not isinstance(rtl.get("cycles"), int) or rtl["cycles"] <= 0:
        problems.append("%s: the RTL run reports no cycles" % name)
    else:
        r["ok"] = True
        r["cycles"] = rtl["cycles"]

def result(r, arg):
    """(RTL values, golden values) of printed buffer arg; None when missing."""
    a, b = bufs(r["rtl"]).get(arg), bufs(r["ref"]).get(arg)
    if not a or not b or not isinstance(a.get("values"), list) or not isinstance(b.get("values"), list):
        return None
    return a["values"], b["values"]

def addr(r, arg):
    b = bufs(r["rtl"]).get(arg)
    return b.get("addr") if b and isinstance(b.get("addr"), int) else None

def fail(r, what):
    r["ok"] = False
    r["check"] = what
    problems.append("%s: result check failed: %s" % (r["name"], what))

# ---- pchase: the round trip
chain = words(os.path.join(raw, "pchase_chain.bin"))
chase = sorted((r for r in runs.values() if r["kernel"] == "pchase"),
               key=lambda r: int(r["name"].split("_")[-1]))
for r in chase:
    steps = int(r["name"].split("_")[-1])
    r["steps"] = steps
    if not r["ok"]:
        continue
    off = 0
    for _ in range(steps):
        off = chain[off // 4]
    got = result(r, 3)
    if got is None:
        fail(r, "no output buffer printed")
    elif got[0] != [off] or got[1] != [off]:
        fail(r, "end offset %s, golden model %s, host %d" % (got[0], got[1], off))
    else:
        r["check"] = "%d steps end at byte offset %d, as on the golden model and the host" % (steps, off)
rtt = None
if len(chase) < 2:
    problems.append("pchase: two runs with different step counts are needed (ROOF_PCHASE_STEPS)")
elif all(r["ok"] for r in chase):
    a, b = chase[0], chase[-1]
    if b["steps"] > nodes:
        problems.append("pchase: %d steps revisit lines of a %d-line chain: not every load misses"
                        % (b["steps"], nodes))
    if b["steps"] > a["steps"] and b["cycles"] > a["cycles"]:
        rtt = (b["cycles"] - a["cycles"]) / (b["steps"] - a["steps"])
    else:
        problems.append("pchase: no positive round trip from %d steps in %d cycles and %d steps in %d cycles"
                        % (a["steps"], a["cycles"], b["steps"], b["cycles"]))

# ---- the DRAM peak
peak_meas = interval = None
try:
    text = open(os.path.join(raw, "dram_peak.txt")).read()
except OSError:
    text = ""
m = re.search(r"channels=(\d+) line_bytes=(\d+) latency=(\d+) interval=(\d+) .*bytes_per_cycle=([0-9.]+)", text)
if not m:
    problems.append("dram_peak: no report (%s)" % (text.strip().splitlines()[-1] if text.strip() else "no output"))
else:
    ch, lb, lat, interval, peak_meas = int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4)), float(m.group(5))
    if (ch, lb) != (NPART, LINE):
        problems.append("dram_peak: ran %d channels of %d-byte lines, the configuration has %d of %d"
                        % (ch, lb, NPART, LINE))
peak = NPART * LINE / interval if interval else None
if peak is not None and peak_meas is not None and abs(peak_meas - peak) > 1e-3 * peak:
    problems.append("dram_peak: measured %.3f B/cycle, derived %.3f (WW_NUM_PART x WW_LINE_BYTES / interval)"
                    % (peak_meas, peak))

outstanding = MSHRS * NSM
littles = outstanding * LINE / rtt if rtt else None

# ---- stream and vecadd: checks and footprints
kernels = {}
def sig(x):
    """x to 5 significant digits"""
    return float("%.5g" % x)

def kernel_entry(r, nbytes, problem):
    ach = nbytes / r["cycles"]
    e = {"problem": problem, "bytes": nbytes, "cycles": r["cycles"],
         "achieved_bytes_per_cycle": sig(ach),
         "command": r["command"], "golden_command": r["golden_command"], "check": r["check"]}
    if littles:
        e["littles_bound_bytes_per_cycle"] = sig(littles)
        e["of_littles_bound"] = sig(ach / littles)
        e["lines_in_flight"] = sig(ach / LINE * rtt)
    if peak:
        e["dram_peak_bytes_per_cycle"] = sig(peak)
        e["of_dram_peak"] = sig(ach / peak)
    kernels[r["kernel"]] = e

r = runs.get("stream")
if r and r["ok"]:
    got = result(r, 1)
    base, obase = addr(r, 0), addr(r, 1)
    if got is None or base is None or obase is None:
        fail(r, "output buffer or buffer addresses not printed")
    else:
        bad = sum(1 for x, y in zip(*got) if x != y) + abs(len(got[0]) - len(got[1]))
        if bad or len(got[0]) != THREADS:
            fail(r, "%d of %d output words differ from the golden model" % (bad, THREADS))
        else:
            r["check"] = "%d sums, as on the golden model" % THREADS
            mask = slines - 1
            rd = [base + 4 * (l * WPL + l % WPL)
                  for rr in range(rounds) for u in range(unroll) for g in range(THREADS)
                  for l in [((rr * unroll + u) * THREADS + g) & mask]]
            wr = [obase + 4 * g for g in range(THREADS)]
            nl = lines_of(rd) + lines_of(wr)
            kernel_entry(r, nl * LINE, "%d lines (%d KiB) read once, one word each, by grid %d x block %d "
                         "(%d rounds x %d loads); %d sums stored" % (slines, slines * LINE // 1024, NSM,
                                                                    BLOCK, rounds, unroll, THREADS))

r = runs.get("vecadd")
if r and r["ok"]:
    got = result(r, 2)
    ba, bb, bc = addr(r, 0), addr(r, 1), addr(r, 2)
    if got is None or None in (ba, bb, bc):
        fail(r, "output buffer or buffer addresses not printed")
    else:
        a = words(os.path.join(raw, "vecadd_a.bin"))
        b = words(os.path.join(raw, "vecadd_b.bin"))
        want = [((x + y + 2**31) % 2**32) - 2**31 for x, y in zip(a, b)]
        bad_ref = sum(1 for x, y in zip(*got) if x != y) + abs(len(got[0]) - len(got[1]))
        bad_host = sum(1 for x, y in zip(got[0], want) if x != y) + abs(len(got[0]) - vn)
        if bad_ref or bad_host:
            fail(r, "%d of %d words differ from the golden model, %d from a + b on the host"
                 % (bad_ref, vn, bad_host))
        else:
            r["check"] = "c = a + b: %d words, as on the golden model and the host" % vn
            nl = sum(lines_of([base + 4 * i for i in range(vn)]) for base in (ba, bb, bc))
            grid = (vn + BLOCK - 1) // BLOCK
            kernel_entry(r, nl * LINE, "n %d int32 (a, b, c: %d KiB each), grid %d x block %d"
                         % (vn, vn * 4 // 1024, grid, BLOCK))

# ---- the report
report = {
    "bytes": "footprint in whole lines: every distinct cache line a kernel reads or writes, once, "
             "x LINE_BYTES (the compulsory L1<->L2/DRAM traffic; vecadd: its useful bytes; stream: "
             "one used word per line read)",
    "config": {"num_sm": NSM, "num_part": NPART, "line_bytes": LINE, "l1_mshrs": MSHRS,
               "l1_wq": cfg.get("L1_WQ"), "dram_latency": cfg.get("DRAM_LATENCY"),
               "dram_interval": interval, "source": config_h + "; dram_interval: the DRAM model (dram_peak)"},
    "round_trip_cycles": sig(rtt) if rtt else None,
    "outstanding_lines": outstanding,
    "littles_bound_bytes_per_cycle": sig(littles) if littles else None,
    "dram_peak_bytes_per_cycle": sig(peak) if peak else None,
    "dram_peak_measured_bytes_per_cycle": peak_meas,
    "kernels": kernels,
    "round_trip_runs": [{"steps": r["steps"], "cycles": r.get("cycles"), "command": r["command"],
                         "golden_command": r["golden_command"], "check": r["check"]} for r in chase],
    "kind": {
        "round_trip_cycles": "measured: pchase, (cycles(S2) - cycles(S1)) / (S2 - S1), one lane, every load a DRAM miss",
        "outstanding_lines": "derived: WW_L1_MSHRS x WW_NUM_SM (configuration)",
        "littles_bound_bytes_per_cycle": "derived: outstanding_lines x WW_LINE_BYTES / round_trip_cycles (configuration, measured round trip)",
        "dram_peak_bytes_per_cycle": "derived: WW_NUM_PART x WW_LINE_BYTES / dram_interval (configuration)",
        "dram_peak_measured_bytes_per_cycle": "measured: the DRAM model with every channel offered a read every cycle (dram_peak)",
        "kernels.*.bytes": "derived: footprint in lines of the run's buffers (addresses printed by the run) x WW_LINE_BYTES",
        "kernels.*.cycles": "measured: RTL cycles of the run",
        "kernels.*.achieved_bytes_per_cycle": "measured: bytes / cycles",
        "kernels.*.of_littles_bound": "achieved / littles_bound",
        "kernels.*.of_dram_peak": "achieved / dram_peak (the derived one)",
        "kernels.*.lines_in_flight": "achieved / WW_LINE_BYTES x round_trip_cycles (Little's law: mean lines in flight)",
    },
    "commands": {"report": self_cmd, "dram_peak": peak_cmd},
}
with open(os.path.join(out, "roofline.json"), "w") as f:
    json.dump(report, f, indent=1)
    f.write("\n")

def num(x, fmt):
    return fmt % x if x is not None else "-"

print("\nRoofline: memory bandwidth on the RTL GPU (measured now; --backend verilator --cosim off)")
print("bytes = footprint in whole %d-byte lines (every distinct line read or written, once)\n" % LINE)
if chase and all(r.get("cycles") for r in chase):
    a, b = chase[0], chase[-1]
    how = "measured: pchase, (%d - %d) cycles / (%d - %d) loads, one lane, each load a DRAM miss" % (
        b["cycles"], a["cycles"], b["steps"], a["steps"])
else:
    how = "measured: pchase (failed)"
print("  %-17s %10s cycles   %s" % ("round trip", num(rtt, "%.2f"), how))
print("  %-17s %10d lines    derived: WW_L1_MSHRS %d x WW_NUM_SM %d (%s)" % (
    "outstanding", outstanding, MSHRS, NSM, config_h))
print("  %-17s %10s B/cycle  derived: %d lines x %d B / %s cycles" % (
    "littles_bound", num(littles, "%.3f"), outstanding, LINE, num(rtt, "%.2f")))
print("  %-17s %10s B/cycle  derived: WW_NUM_PART %d x WW_LINE_BYTES %d / interval %s; measured %s on the model (dram_peak)" % (
    "dram_peak", num(peak, "%.3f"), NPART, LINE, num(interval, "%d"), num(peak_meas, "%.3f")))
print("\n%-7s %8s %9s %10s %10s %8s %10s %8s %9s" % (
    "kernel", "bytes", "cycles", "achieved", "littles", "of_lit", "dram_peak", "of_dram", "in_flight"))
for k in ("stream", "vecadd"):
    e = kernels.get(k)
    if not e:
        print("%-7s (failed)" % k)
        continue
    print("%-7s %8d %9d %10.4f %10s %8s %10s %8s %9s" % (
        k, e["bytes"], e["cycles"], e["achieved_bytes_per_cycle"],
        num(e.get("littles_bound_bytes_per_cycle"), "%.3f"), num(e.get("of_littles_bound"), "%.4f"),
        num(e.get("dram_peak_bytes_per_cycle"), "%.3f"), num(e.get("of_dram_peak"), "%.5f"),
        num(e.get("lines_in_flight"), "%.2f")))
print("(achieved, littles and dram_peak in B/cycle; in_flight = achieved / %d B x round trip: the mean\n"
      " lines in flight, of %d the L1 MSHRs allow)" % (LINE, outstanding))
print("\nproblems:")
for k in ("stream", "vecadd"):
    if k in kernels:
        print("  %-7s %s" % (k, kernels[k]["problem"]))
print("  %-7s a chain of %d lines, runs of %s steps, grid 1 x block 1" % (
    "pchase", nodes, " and ".join(str(r["steps"]) for r in chase)))
print("\nchecks against the golden model:")
for r in runs.values():
    print("  %-12s %s" % (r["name"], r["check"]))
print("\ncommands (exact; the golden-model run is the same without --backend verilator --cosim off):")
print("  %-12s %s" % ("report", self_cmd))
print("  %-12s %s" % ("dram_peak", peak_cmd))
for r in runs.values():
    print("  %-12s %s" % (r["name"], r["command"]))
print("\nwrote %s" % os.path.join(out, "roofline.json"))
for p in problems:
    print("bench_roofline: FAIL: %s" % p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
rc=$?
set -e
exit $rc
