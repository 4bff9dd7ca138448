#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# check_formal.sh -- SAT proofs of the `ifdef FORMAL properties of
# rtl/scord/ww_scord_check.v (docs/scord.md §4) with Yosys:
#   read_verilog -formal; prep; sat -tempinduct -prove-asserts -verify
# at the default widths and at three other width points. Proved, for every
# input (all inputs free, every step):
#   P1 metadata with M, BS and DS set (init, Table III(a)) never races;
#   P2 same-warp program order (Table III(b)) never races;
#   P3 a device atomic after a device atomic (md.IsAtom, Scope = device)
#      never races;
#   P4 a race leaves REINIT metadata (owner = the access, M = W, BS = DS = 0,
#      Strong = xs, Lock = its Bloom, Tag kept or tag_i in cached mode), and
#      the registered outputs carry the decision one cycle later.
# Fails (non-zero exit) if a property is violated, if an induction does not
# close, or if the design has fewer asserts than expected (FORMAL not read).
# Usage: tb/scord/check_formal.sh [RTL_FILE]   (default rtl/scord/ww_scord_check.v;
#        another file, e.g. a deliberately broken copy, checks the checker)
set -euo pipefail

rtl=${1:-rtl/scord/ww_scord_check.v}
[[ -d rtl/include ]] || { echo "check_formal.sh: run from the repository root" >&2; exit 2; }
[[ -f $rtl ]] || { echo "check_formal.sh: no file $rtl" >&2; exit 2; }
out=build/formal/scord_check
mkdir -p "$out"

# name:defines (WW_X=v, comma separated)
points=(
  "default:"
  "tag2:WW_SCORD_TAG_W=2"
  "narrow:WW_SCORD_BLOCKID_W=2,WW_SCORD_WARPID_W=1,WW_SCORD_FENCEID_W=2,WW_SCORD_BARID_W=1,WW_SCORD_TAG_W=1,WW_SCORD_BLOOM_W=4"
  "full64:WW_SCORD_TAG_W=10"
)
min_asserts=8

fail=0
for p in "${points[@]}"; do
  name=${p%%:*}
  defs=""
  IFS=, read -r -a dl <<< "${p#*:}"
  for d in "${dl[@]}"; do [[ -n $d ]] && defs+=" -D$d"; done
  log=$out/$name.log
  rc=0
  yosys -q -l "$log" -p "read_verilog -formal -Irtl/include$defs $rtl; prep -top ww_scord_check; \
    select -assert-min $min_asserts t:\$assert; \
    sat -tempinduct -prove-asserts -verify -show-inputs" >/dev/null 2>&1 || rc=$?
  if [[ $rc -eq 0 ]] && grep -q "Induction step proven: SUCCESS" "$log"; then
    printf 'ok    scord_check formal @%s\n' "$name"
  else
    printf 'FAIL  scord_check formal @%s (yosys exit %s), log %s:\n' "$name" "$rc" "$log"
    # the counterexample: from the failing proof to the end, at most 60 lines
    awk '/model found|proof did fail|ERROR/ { on = 1 } on && n++ < 60 { print "      " $0 }' "$log" || true
    fail=$((fail + 1))
  fi
done
if [[ $fail -ne 0 ]]; then
  echo "scord/check-formal: $fail point(s) failed"
  exit 1
fi
echo "scord/check-formal: P1-P4 proved at ${#points[@]} width points"
