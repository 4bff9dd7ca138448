#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# run_tests.sh -- runs the checks listed in a file, one per line:
#   NAME|EXPECT|COMMAND
# EXPECT is `pass` (exit 0) or `mismatch` (a mutant: the lockstep test must
# exit 3, i.e. it found the broken line). Each check's output goes to
# build/test-logs/; a failing check prints its log's tail. The last line is
# "N passed, N failed"; before it, with WW_TEST_T0 (a start time, date +%s)
# set, the wall time since then.
set -uo pipefail

list=${1:?usage: run_tests.sh TESTS.list}
logdir=build/test-logs
mkdir -p "$logdir"
pass=0 fail=0
failed=()

while IFS='|' read -r name expect cmd; do
  [ -z "$name" ] && continue
  log="$logdir/$(echo "$name" | tr '/@' '__').log"
  t0=$(date +%s%N)
  bash -c "$cmd" >"$log" 2>&1
  rc=$?
  ms=$((($(date +%s%N) - t0) / 1000000))
  secs=$((ms / 1000)).$(((ms % 1000) / 100))
  if [ "$expect" = mismatch ]; then
    ok=$([ $rc -eq 3 ] && echo 1 || echo 0)
    what=$(grep -m1 '^MISMATCH' "$log" | sed 's/^MISMATCH //')
    [ $rc -eq 0 ] && what="mutant NOT caught: the test passed against broken RTL"
  else
    ok=$([ $rc -eq 0 ] && echo 1 || echo 0)
    what=$(grep -v '^\s*$' "$log" | tail -n 1)
  fi
  if [ "$ok" = 1 ]; then
    pass=$((pass + 1))
    printf 'PASS  %-40s %6ss  %s\n' "$name" "$secs" "${what:0:110}"
  else
    fail=$((fail + 1))
    failed+=("$name")
    printf 'FAIL  %-40s %6ss  exit %d (expected %s)\n' "$name" "$secs" "$rc" "$expect"
    tail -n 25 "$log" | sed 's/^/      | /'
    echo "      | replay: $cmd"
  fi
done <"$list"

[ $fail -gt 0 ] && printf 'failed: %s\n' "${failed[*]}"
[ -n "${WW_TEST_T0:-}" ] && echo "wall time: $(( $(date +%s) - WW_TEST_T0 )) s (build and checks)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
