#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""report.py -- turn the Yosys `stat -json` files left by synth/run_synth.sh
into one table and build/reports/synth.json. Every number is read from Yosys
output; nothing is computed here except picking fields out of the JSON.

usage: synth/report.py --out FILE --command CMD [--script-command CMD]
                       [--dir build/synth] [--research FILE] NAME:TOP...
Reads DIR/NAME.generic.json, DIR/NAME.cmos.json and DIR/NAME.ecp5.json.
--research FILE (synth/research.txt): a second table, each research
mechanism's blocks times their instances in the GPU and its share of the
`gpu` row, beside the paper's claim; the counts come from ww_config.h."""

import argparse
import json
import os
import re

ECP5_CELLS = {"lut4": "LUT4", "ff": "TRELLIS_FF", "bram": "DP16KD",
              "dsp": "MULT18X18D", "lutram": "TRELLIS_DPR16X4", "carry": "CCU2C"}

COLUMNS = [("block", "name"), ("top", "top"), ("generic cells", "generic_cells"),
           ("CMOS transistors", "cmos"), ("memory bits", "memory_bits"),
           ("LUT4", "lut4"), ("FF", "ff"), ("BRAM(DP16KD)", "bram"),
           ("DSP", "dsp"), ("LUTRAM", "lutram"), ("CCU2C", "carry")]


def load_stat(path):
    """(creator, whole-design stat dict) of one `stat -json` file.

    Yosys 0.23 prints the text tree of a hierarchical design ("design
    hierarchy", unquoted module names) into the middle of `stat -json`'s
    output; those lines are not JSON and are dropped."""
    with open(path) as f:
        text = f.read()
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        keep = [ln for ln in text.splitlines() if not ln.strip() or ln.strip()[0] in '"{}[]']
        data = json.loads("\n".join(keep))
    if "design" in data:
        return data["creator"], data["design"]
    mods = list(data["modules"].values())
    if len(mods) != 1:
        raise SystemExit(f"report.py: {path}: no 'design' entry and {len(mods)} modules")
    return data["creator"], mods[0]


def block_row(directory, name, top):
    creator, generic = load_stat(os.path.join(directory, f"{name}.generic.json"))
    _, cmos = load_stat(os.path.join(directory, f"{name}.cmos.json"))
    _, ecp5 = load_stat(os.path.join(directory, f"{name}.ecp5.json"))
    transistors = str(cmos["estimated_num_transistors"])
    by_type = ecp5.get("num_cells_by_type", {})
    return creator, {
        "name": name,
        "top": top,
        "generic_cells": generic["num_cells"],
        "cmos_transistors": int(transistors.rstrip("+")),
        # "+" from Yosys: some logic cell has no CMOS cost, so the count is a lower bound
        "cmos_exact": not transistors.endswith("+"),
        "memory_bits": cmos["num_memory_bits"],
        "ecp5": {key: by_type.get(cell, 0) for key, cell in ECP5_CELLS.items()},
    }


def print_table(blocks):
    rows = []
    for b in blocks:
        flat = dict(b, **b["ecp5"])
        flat["cmos"] = f"{b['cmos_transistors']}{'' if b['cmos_exact'] else '+'}"
        rows.append([str(flat[key]) for _, key in COLUMNS])
    heads = [head for head, _ in COLUMNS]
    widths = [max(len(x) for x in col) for col in zip(heads, *rows)]
    for i, line in enumerate([heads] + rows):
        cells = [x.ljust(w) if c < 2 else x.rjust(w)
                 for c, (x, w) in enumerate(zip(line, widths))]
        print("  ".join(cells).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))


SHARE_KEYS = [("memory bits", "memory_bits"), ("LUT4", "lut4"), ("FF", "ff"),
              ("BRAM(DP16KD)", "bram"), ("LUTRAM", "lutram"), ("CCU2C", "carry")]


def config_value(name, header="cmodel/include/ww_config.h"):
    """WW_<name>'s default from the generated config header."""
    with open(header) as f:
        m = re.search(r"#define\s+WW_%s\s+(\d+)" % re.escape(name), f.read())
    if not m:
        raise SystemExit(f"report.py: no WW_{name} in {header}")
    return int(m.group(1))


def research_rows(path, blocks):
    """One row per mechanism of FILE: summed block numbers, share of `gpu`."""
    by_name = {b["name"]: b for b in blocks}
    gpu = by_name.get("gpu")
    rows = []
    with open(path) as f:
        for ln in f:
            if not ln.strip() or ln.lstrip().startswith("#"):
                continue
            mech, parts, claim = (x.strip() for x in ln.split("|", 2))
            row = {"mechanism": mech, "blocks": [], "paper_claim": claim}
            total = {key: 0 for _, key in SHARE_KEYS}
            missing = []
            for part in parts.split():
                name, count = part.split("*")
                n = int(count) if count.isdigit() else config_value(count)
                b = by_name.get(name)
                if b is None:
                    missing.append(name)
                    continue
                row["blocks"].append({"name": name, "instances": n})
                flat = dict(b, **b["ecp5"])
                for _, key in SHARE_KEYS:
                    total[key] += n * flat[key]
            row["missing_blocks"] = missing
            row["total"] = total
            if gpu and not missing:
                gflat = dict(gpu, **gpu["ecp5"])
                row["share_of_gpu"] = {key: (total[key] / gflat[key] if gflat[key] else None)
                                       for _, key in SHARE_KEYS}
            rows.append(row)
    return rows


def print_research(rows):
    print()
    print("research blocks (each block's own run x its instances in ww_gpu; share of the gpu row):")
    for r in rows:
        tot = r["total"]
        share = r.get("share_of_gpu")
        cells = []
        for head, key in SHARE_KEYS:
            pct = f" ({100 * share[key]:.1f} %)" if share and share[key] is not None else ""
            cells.append(f"{head} {tot[key]}{pct}")
        insts = " ".join(f"{b['name']}x{b['instances']}" for b in r["blocks"])
        print(f"  {r['mechanism']}: " + ", ".join(cells))
        print(f"    blocks: {insts}" + (f"; not in this run: {' '.join(r['missing_blocks'])}"
                                          if r["missing_blocks"] else "")
              + ("" if share else "; no share (not every block, or not the gpu row, is in this run)"))
        print(f"    paper: {r['paper_claim']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--command", required=True)
    ap.add_argument("--script-command")
    ap.add_argument("--dir", default="build/synth")
    ap.add_argument("--research")
    ap.add_argument("blocks", nargs="+", metavar="NAME:TOP")
    args = ap.parse_args()

    blocks, versions = [], set()
    for spec in args.blocks:
        name, top = spec.split(":", 1)
        creator, row = block_row(args.dir, name, top)
        versions.add(creator.removeprefix("Yosys "))
        blocks.append(row)

    report = {"blocks": blocks, "command": args.command,
              "yosys_version": " / ".join(sorted(versions))}
    research = research_rows(args.research, blocks) if args.research else None
    if research is not None:
        report["research"] = research
    if args.script_command and args.script_command != args.command:
        report["script_command"] = args.script_command
    with open(args.out, "w") as f:
        json.dump(report, f, indent=2)
        f.write("\n")

    print_table(blocks)
    if not all(b["cmos_exact"] for b in blocks):
        print("(+: a logic cell has no CMOS cost in Yosys; the count is a lower bound)")
    if research is not None:
        print_research(research)
    print(f"Yosys {report['yosys_version']}; written to {args.out}")
    produced_by = args.command
    if "script_command" in report:
        produced_by += f"  ->  {args.script_command}"
    print(f"command: {produced_by}")


if __name__ == "__main__":
    main()
