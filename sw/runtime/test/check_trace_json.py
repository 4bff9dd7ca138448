#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
#
# check_trace_json.py -- validates a `warpwatch run --trace-json` file
# against the run's own `--json` report (docs: "Looking at a run in
# Perfetto" in README.md). The file is read with the json module only.
#
# usage: check_trace_json.py TRACE.json RUN.json BACKEND SOURCE_NAME
#   RUN.json     the --json output of the same run (its stats are the truth)
#   BACKEND      cmodel or verilator
#   SOURCE_NAME  a source file the kernel was built from ("vecadd.c"): some
#                instruction must carry it in its srcline
# Prints one line per failed check and exits 1 if any failed; else prints a
# summary line of what it measured and exits 0.
import collections
import json
import re
import sys

PROTO = "cmodel/include/ww_proto.def"   # relative to the repository root (the cwd)


def proto_codes(group):
    """(NAME, text) of every WW_CODE(group, NAME, value, "text") line of ww_proto.def."""
    with open(PROTO, encoding="utf-8") as f:
        return re.findall(r'^WW_CODE\(' + group + r',\s*(\w+),\s*\w+,\s*"([^"]*)"\)',
                          f.read(), re.M)


# the trace names a memory kind by its ww_mem_kind_t name in lower case and a
# stall class by its counter name (ww_trace_json.c)
MEM_KINDS = {name.lower() for name, _ in proto_codes("MEM") if name != "NONE"}
GSI_CLASSES = {text for _, text in proto_codes("GSI")}

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
    return cond


def main():
    trace_path, run_path, backend, source = sys.argv[1:5]
    if not check("load" in MEM_KINDS and "idle" in GSI_CLASSES,
                 f"{PROTO}: read {len(MEM_KINDS)} memory kinds, {len(GSI_CLASSES)} GSI classes"):
        print("FAIL:", failures[-1])
        return 1
    with open(trace_path, encoding="utf-8") as f:
        doc = json.load(f)
    with open(run_path, encoding="utf-8") as f:
        run = json.load(f)
    check(run.get("status") == "ok", f"the run did not complete: {run.get('status')}")
    stats = run["stats"]

    check(isinstance(doc, dict), "top level is not a JSON object")
    events = doc.get("traceEvents")
    check(isinstance(events, list) and events, "no traceEvents array")
    check(doc.get("displayTimeUnit") == "ns", "displayTimeUnit is not \"ns\"")
    other = doc.get("otherData", {})
    check(other.get("backend") == backend, f"otherData.backend {other.get('backend')!r}")

    insns = collections.defaultdict(list)     # (pid, tid) -> [(ts, dur)]
    stalls = collections.defaultdict(list)
    thread_names, process_names = {}, {}
    mem_events = 0
    src_hits = 0
    per_pid_insns = collections.Counter()
    for i, e in enumerate(events):
        if not check(isinstance(e, dict), f"event {i} is not an object"):
            continue
        missing = [k for k in ("ph", "ts", "pid", "tid", "name") if k not in e]
        if not check(not missing, f"event {i} lacks {missing}: {e}"):
            continue
        check(isinstance(e["ts"], (int, float)) and e["ts"] >= 0, f"event {i}: bad ts {e['ts']}")
        key = (e["pid"], e["tid"])
        if e["ph"] == "M":
            if e["name"] == "thread_name":
                thread_names[key] = e["args"]["name"]
            elif e["name"] == "process_name":
                process_names[e["pid"]] = e["args"]["name"]
            continue
        if not check(e["ph"] == "X", f"event {i}: unexpected ph {e['ph']!r}"):
            continue
        if not check(isinstance(e.get("dur"), (int, float)) and e["dur"] > 0,
                     f"event {i}: X without a positive dur: {e}"):
            continue
        if e.get("cat") == "insn":
            insns[key].append((e["ts"], e["dur"]))
            per_pid_insns[e["pid"]] += 1
            a = e.get("args", {})
            check(re.fullmatch(r"0x[0-9a-f]{8}", a.get("pc", "")) is not None,
                  f"event {i}: pc {a.get('pc')!r}")
            check(re.fullmatch(r"0x[0-9a-f]+", a.get("mask", "")) is not None
                  and int(a["mask"], 16) != 0, f"event {i}: mask {a.get('mask')!r}")
            check(e["name"] and not e["name"].startswith("?"), f"event {i}: name {e['name']!r}")
            if source in a.get("srcline", ""):
                src_hits += 1
            m = a.get("mem")
            if m is not None:
                mem_events += 1
                check(m.get("kind") in MEM_KINDS, f"event {i}: memory kind {m.get('kind')!r}")
                check(m.get("size") in (1, 2, 4), f"event {i}: memory size {m.get('size')!r}")
                lines = m.get("lines", [])
                check(lines and len(set(lines)) == len(lines)
                      and all(isinstance(x, int) and x >= 0 for x in lines),
                      f"event {i}: lines {lines!r} are not distinct line numbers")
        elif e.get("cat") == "stall":
            check(e["name"] in GSI_CLASSES, f"event {i}: stall class {e['name']!r}")
            stalls[key].append((e["ts"], e["dur"]))
        else:
            check(False, f"event {i}: unknown category {e.get('cat')!r}")

    n_insn = sum(len(v) for v in insns.values())
    check(n_insn == stats["warp_insns"],
          f"{n_insn} instruction events, the run retired {stats['warp_insns']} warp instructions")
    n_mem = stats["loads"] + stats["stores"] + stats["atomics"]
    check(mem_events == n_mem, f"{mem_events} memory events, the run had {n_mem} "
          "loads + stores + atomics")
    for sm, n in enumerate(stats["sm_warp_insns"]):
        check(per_pid_insns.get(sm + 1, 0) == n,
              f"SM {sm}: {per_pid_insns.get(sm + 1, 0)} instruction events, stats say {n}")
    check(src_hits > 0, f"no instruction has a srcline naming {source}")

    for key, sl in insns.items():
        name = thread_names.get(key)
        check(name is not None and re.match(r"warp \d+ \(blocks? \d", name),
              f"track {key} has instructions but thread_name {name!r}")
        check(process_names.get(key[0]) == f"SM {key[0] - 1}",
              f"process {key[0]} is named {process_names.get(key[0])!r}")
        sl.sort()
        check(all(a[0] + a[1] <= b[0] for a, b in zip(sl, sl[1:])),
              f"track {key}: instruction slices overlap")

    steps = stats["cycles"] if backend == "verilator" else stats["steps"]
    if backend == "verilator":
        check(stalls, "no stall slices on the verilator backend")
        for key in insns:
            check(any(k[0] == key[0] and thread_names.get(k, "").startswith(
                thread_names.get(key, "?").split(" (")[0] + " stalls") for k in stalls),
                f"warp track {key} ({thread_names.get(key)}) has no stall track")
        for key, sl in stalls.items():
            sl.sort()
            total = sum(d for _, d in sl)
            check(total == steps, f"stall track {key} ({thread_names.get(key)}): slices sum "
                  f"to {total} cycles, the launch took {steps}")
            check(all(a[0] + a[1] == b[0] for a, b in zip(sl, sl[1:])),
                  f"stall track {key}: slices are not back to back")
            check(re.fullmatch(r"warp \d+ stalls", thread_names.get(key, "")) is not None,
                  f"stall track {key} is named {thread_names.get(key)!r}")
        last = max(ts + d for sl in insns.values() for ts, d in sl)
        first = min(ts for sl in stalls.values() for ts, _ in sl)
        check(last <= first + steps, f"an instruction ends at cycle {last}, after the "
              f"launch's {steps} cycles from {first}")
    else:
        check(not stalls, f"{len(stalls)} stall tracks on the {backend} backend")
        last = max(ts for sl in insns.values() for ts, _ in sl)
        check(last < steps, f"an instruction at step {last}, the run took {steps} steps")

    for f_ in failures[:20]:
        print("FAIL:", f_)
    if failures:
        print(f"{len(failures)} checks failed")
        return 1
    n_stall = sum(len(v) for v in stalls.values())
    print(f"ok: {n_insn} instruction events on {len(insns)} warp tracks, {mem_events} with "
          f"memory lines, {n_stall} stall slices on {len(stalls)} tracks, {steps} "
          f"{'cycles' if backend == 'verilator' else 'steps'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
