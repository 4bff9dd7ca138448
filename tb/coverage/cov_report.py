#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
#
# cov_report.py -- the per-module coverage table of `make coverage`
# (docs/coverage.md) from a merged Verilator coverage file.
#
#   cov_report.py MERGED.dat EXCLUSIONS.txt OUT.json [--list N]
#
# MERGED.dat is verilator_coverage's own format (written by the model and
# merged by `verilator_coverage --write`): one point per line,
#   C '<key>\x02<value>\x01<key>\x02<value>...' <count>
# with the keys of verilated_cov_key.h (f file, l line, page type/module,
# o comment, h hierarchy). Points of type v_line (blocks, branches) and
# v_toggle (signal bits) are counted per module (page "v_line/ww_sm" ->
# ww_sm); the hierarchies of a module's instances are already collapsed by
# the model, and the parameterized copies (ww_sm__SB6b, ...) are merged here
# by source point (file, line, column, comment): a point is hit when any
# instance of any copy hit it. Toggle counts are transitions of the bit
# (either direction), hit = toggled at least once.
#
# EXCLUSIONS.txt: "FILE | WHERE | KIND | REASON" per line (# comments).
# FILE: the RTL file, or its tail (ww_sm.v matches rtl/sm/ww_sm.v wherever
# it moves). WHERE: "text=SOURCE TEXT" (the one line of FILE that contains
# it; "text=... +K" adds the K lines after it), "N" or "N-M" (line numbers),
# or for toggles "sig=NAME" (every bit of signal NAME). KIND: line or
# toggle. A line point on such a line is unreachable: it leaves the
# "reachable" count and is listed with the reason. An entry that matches no
# point, or a text that is not in its file exactly once, is an error (the
# RTL changed: the list must follow).
#
# Prints the table (lines hit/total raw and reachable, toggles hit/total)
# and the never-hit reachable line points; writes OUT.json with the same
# numbers, every never-hit point (line and toggle) and the excluded ones.
import json
import re
import sys
from collections import defaultdict


def parse_dat(path):
    points = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for ln in f:
            if not ln.startswith("C '"):
                continue
            end = ln.rfind("'")
            body, count = ln[3:end], int(ln[end + 1:].strip())
            keys = {}
            for item in body.split("\x01"):
                if "\x02" in item:
                    k, v = item.split("\x02", 1)
                    keys[k] = v
            points.append((keys, count))
    return points


def parse_exclusions(path):
    excl = []
    with open(path, encoding="utf-8") as f:
        for n, ln in enumerate(f, 1):
            ln = ln.strip()
            if not ln or ln.startswith("#"):
                continue
            parts = [x.strip() for x in ln.split("|")]
            if len(parts) != 4 or parts[2] not in ("line", "toggle"):
                sys.exit(f"{path}:{n}: expected 'FILE | WHERE | line|toggle | REASON'")
            fname, where, kind, reason = parts
            e = {"file": fname, "kind": kind, "reason": reason, "src": f"{path}:{n}",
                 "sig": None, "text": None, "extra": 0, "lo": None, "hi": None, "used": 0}
            if where.startswith("sig="):
                e["sig"] = re.compile(where[4:] + r"(\[\d+\])*$")
            elif where.startswith("text="):
                m = re.fullmatch(r"text=(.*?)(?:\s*\+(\d+))?", where)
                e["text"], e["extra"] = m.group(1), int(m.group(2) or 0)
            else:
                m = re.fullmatch(r"(\d+)(?:-(\d+))?", where)
                if not m:
                    sys.exit(f"{path}:{n}: bad WHERE '{where}' (N, N-M, text=SOURCE TEXT[ +K], sig=NAME)")
                e["lo"] = int(m.group(1))
                e["hi"] = int(m.group(2) or m.group(1))
            excl.append(e)
    return excl


_src_cache = {}


def anchor_lines(e, fname):
    """The lines [lo, hi] of a text= anchor in fname: it must occur exactly once."""
    key = (e["src"], fname)
    if key not in _src_cache:
        try:
            with open(fname, encoding="utf-8", errors="replace") as f:
                lines = f.read().split("\n")
        except OSError:
            lines = []
        hits = [i + 1 for i, t in enumerate(lines) if e["text"] in t]
        if len(hits) != 1:
            sys.exit(f"{e['src']}: '{e['text']}' occurs {len(hits)} times in {fname}, "
                     "expected once")
        _src_cache[key] = (hits[0], hits[0] + e["extra"])
    return _src_cache[key]


def excluded_by(excl, kind, fname, line, comment):
    for e in excl:
        if e["kind"] != kind or not (fname == e["file"] or fname.endswith("/" + e["file"])):
            continue
        if e["sig"] is not None:
            if e["sig"].match(comment):
                return e
            continue
        lo, hi = anchor_lines(e, fname) if e["text"] is not None else (e["lo"], e["hi"])
        if lo <= line <= hi:
            return e
    return None


def pct(h, t):
    return 100.0 * h / t if t else 100.0


def main():
    args = sys.argv[1:]
    nlist = 200
    if "--list" in args:
        i = args.index("--list")
        nlist = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 3:
        sys.exit(__doc__ if __doc__ else "usage: cov_report.py MERGED.dat EXCLUSIONS.txt OUT.json")
    dat, excl_path, out = args
    points = parse_dat(dat)
    excl = parse_exclusions(excl_path)

    mods = defaultdict(lambda: {"line_total": 0, "line_hit": 0, "line_excluded": 0,
                                "line_excluded_hit": 0, "toggle_total": 0, "toggle_hit": 0,
                                "toggle_excluded": 0, "file": ""})
    missed_line, missed_toggle, excluded = [], [], []
    # Verilator names a parameterized copy of a module ww_x__<hash>: its
    # points are the same source points, so they merge (hit in any copy)
    merged = {}
    for keys, count in points:
        page = keys.get("page", "")
        if "/" not in page:
            continue
        kind, mod = page.split("/", 1)
        kind = {"v_line": "line", "v_toggle": "toggle"}.get(kind)
        if kind is None:
            continue
        mod = re.sub(r"__.*$", "", mod)
        key = (kind, mod, keys.get("f", "?"), int(keys.get("l", "0")), keys.get("n", ""),
               keys.get("o", ""))
        merged[key] = merged.get(key, 0) + count
    for (kind, mod, fname, line, _col, comment), count in merged.items():
        m = mods[mod]
        m["file"] = fname
        e = excluded_by(excl, kind, fname, line, comment)
        where = {"module": mod, "file": fname, "line": line, "what": comment, "count": count}
        if e:
            e["used"] += 1
            m[kind + "_excluded"] += 1
            if kind == "line" and count:
                m["line_excluded_hit"] += 1
            excluded.append(dict(where, kind=kind, reason=e["reason"], rule=e["src"]))
            if kind == "toggle":
                continue   # excluded toggles leave the toggle count altogether
        m[kind + "_total"] += 1
        if count:
            m[kind + "_hit"] += 1
        elif not e:
            (missed_line if kind == "line" else missed_toggle).append(where)

    unused = [e["src"] for e in excl if not e["used"]]

    rows = []
    tot = defaultdict(int)
    for mod in sorted(mods):
        m = mods[mod]
        reach_t = m["line_total"] - m["line_excluded"]
        reach_h = m["line_hit"] - m["line_excluded_hit"]
        row = {"module": mod, "file": m["file"],
               "lines_hit": m["line_hit"], "lines_total": m["line_total"],
               "lines_pct": round(pct(m["line_hit"], m["line_total"]), 2),
               "lines_excluded": m["line_excluded"],
               "reachable_hit": reach_h, "reachable_total": reach_t,
               "reachable_pct": round(pct(reach_h, reach_t), 2),
               "toggles_hit": m["toggle_hit"], "toggles_total": m["toggle_total"],
               "toggles_excluded": m["toggle_excluded"],
               "toggles_pct": round(pct(m["toggle_hit"], m["toggle_total"]), 2)}
        rows.append(row)
        for k in ("lines_hit", "lines_total", "lines_excluded", "reachable_hit", "reachable_total",
                  "toggles_hit", "toggles_total", "toggles_excluded"):
            tot[k] += row[k]
    total = dict(tot)
    total["lines_pct"] = round(pct(tot["lines_hit"], tot["lines_total"]), 2)
    total["reachable_pct"] = round(pct(tot["reachable_hit"], tot["reachable_total"]), 2)
    total["toggles_pct"] = round(pct(tot["toggles_hit"], tot["toggles_total"]), 2)

    # ---- the table ----
    hdr = f"{'module':<20} {'lines hit/total':>16} {'%':>6}  {'reachable':>13} {'%':>6}  " \
          f"{'toggles hit/total':>18} {'%':>6}"
    print(hdr)
    print("-" * len(hdr))

    def line(name, r):
        print(f"{name:<20} {r['lines_hit']:>7}/{r['lines_total']:<8} {r['lines_pct']:>6.2f}  "
              f"{r['reachable_hit']:>6}/{r['reachable_total']:<6} {r['reachable_pct']:>6.2f}  "
              f"{r['toggles_hit']:>8}/{r['toggles_total']:<9} {r['toggles_pct']:>6.2f}")
    for r in rows:
        line(r["module"], r)
    print("-" * len(hdr))
    line("total", total)
    print(f"\nexcluded line points: {total['lines_excluded']} "
          f"({sum(1 for x in excluded if x['kind'] == 'line' and x['count'])} of them hit anyway), "
          f"toggle bits: {total['toggles_excluded']} ({excl_path})")
    wrong = [x for x in excluded if x["kind"] == "line" and x["count"]]
    for x in wrong:
        print(f"error: {x['file']}:{x['line']} ({x['what']}) is excluded as unreachable "
              f"({x['rule']}) but was hit {x['count']} times")
    missed_line.sort(key=lambda x: (x["file"], x["line"]))
    print(f"never-hit reachable line points: {len(missed_line)}")
    for p in missed_line[:nlist]:
        print(f"  {p['file']}:{p['line']}  {p['module']}  {p['what']}")
    if len(missed_line) > nlist:
        print(f"  ... {len(missed_line) - nlist} more in {out}")
    print(f"never-hit toggle bits: {len(missed_toggle)} (listed in {out})")
    if unused:
        print("exclusions that match no point (update tb/coverage/exclusions.txt): " +
              ", ".join(unused))

    missed_toggle.sort(key=lambda x: (x["file"], x["line"], x["what"]))
    excluded.sort(key=lambda x: (x["file"], x["line"]))
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"tool": "verilator --coverage-line --coverage-toggle",
                   "merged": dat, "exclusions": excl_path,
                   "total": total, "modules": rows,
                   "never_hit": {"line": missed_line, "toggle": missed_toggle},
                   "excluded": excluded, "unused_exclusions": unused,
                   "excluded_but_hit": wrong}, f, indent=1)
        f.write("\n")
    return 1 if unused or wrong else 0


if __name__ == "__main__":
    sys.exit(main())
