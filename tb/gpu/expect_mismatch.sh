#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# expect_mismatch.sh CMD... -- runs CMD (a co-simulation of a mutant GPU)
# and passes only if it fails with a co-simulation mismatch: the proof that
# the co-simulation catches the mutant. Prints CMD's first divergence report.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: tb/gpu/expect_mismatch.sh CMD [ARGS...]" >&2; exit 2; }
out=$("$@" 2>&1)
rc=$?
if [ $rc -ne 0 ] && grep -q 'co-simulation mismatch\|^cosim: first divergence' <<<"$out"; then
  grep -m1 -A3 '^cosim: first divergence' <<<"$out"
  echo "MISMATCH caught: $(grep -m1 '^cosim: first divergence' <<<"$out" | cut -c1-100)"
  exit 0
fi
echo "$out" | tail -n 20
echo "NOT caught: the co-simulation did not report a mismatch (exit $rc)"
exit 1
