#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# expect_missed.sh CMD... -- runs CMD (a label check of a mutant GPU's ScoRD,
# e.g. build/scord/mut_X/micro_tests_rtl --rtl=full) and passes only if it
# fails because a labelled race was not reported or an unlabelled one was:
# the proof that the labels catch the mutant (docs/scord.md §5).
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: tb/scord/expect_missed.sh CMD [ARGS...]" >&2; exit 2; }
out=$("$@" 2>&1)
rc=$?
if [ $rc -ne 0 ] && grep -q 'RTL: expected race .* not reported\|RTL: unexpected race' <<<"$out"; then
  grep -m3 'RTL: expected race .* not reported\|RTL: unexpected race' <<<"$out"
  echo "CAUGHT: the detector's log no longer matches the labels"
  exit 0
fi
echo "$out" | tail -n 20
echo "NOT caught: every label still holds (exit $rc)"
exit 1
