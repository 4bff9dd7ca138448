#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# check_synth.sh [BLOCK...] -- after `make synth`: fails if a block maps onto
# DSPs without being listed (modules whose rtl/<area>/rtl.mk entry sets _DSP := 1).
# A stray DSP is nearly always an index times a field width
# (`v[i*W +: W]`) that Yosys turned into a multiplier: select with a loop
# over constant indices instead (see rtl/mem/ww_switch.v).
set -euo pipefail
report=build/reports/synth.json
[ -s "$report" ] || { echo "no $report: run make synth first"; exit 1; }
python3 - "$report" "$@" <<'PY'
import json, sys
report, allowed = sys.argv[1], set(sys.argv[2:])
blocks = json.load(open(report))["blocks"]
bad = [b for b in blocks if b["ecp5"]["dsp"] and b["name"] not in allowed]
for b in bad:
    print("%s maps onto %d DSPs but is not allowed to (set %s_DSP := 1 if it multiplies)"
          % (b["name"], b["ecp5"]["dsp"], b["name"]))
print("synth: %d blocks, DSPs only in %s" % (len(blocks), ", ".join(sorted(allowed)) or "none"))
sys.exit(1 if bad else 0)
PY
