#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# expect_app_fail.sh CMD... -- runs CMD (tm_apps on a mutant GPU with
# co-simulation off) and passes only if an application fails by its own
# checks: its host-reference invariant, or the run does not complete (a
# trap or the step limit). The proof that the suite catches the mutant
# without the golden model. Prints the first failure.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: tb/tm/expect_app_fail.sh CMD [ARGS...]" >&2; exit 2; }
out=$("$@" 2>&1)
rc=$?
if [ $rc -eq 1 ] && grep -q '^FAIL ' <<<"$out"; then
  grep -m1 -A2 '^FAIL ' <<<"$out"
  echo "APP FAIL caught: $(grep -m1 '^FAIL ' <<<"$out" | cut -c1-100)"
  exit 0
fi
echo "$out" | tail -n 20
echo "NOT caught: every application passed its checks (exit $rc)"
exit 1
