#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# run_tests.sh -- runs the checks listed in a file, one per line:
#   NAME|EXPECT|COMMAND
# EXPECT is `pass` (exit 0) or `mismatch` (a mutant: the lockstep test must
# exit 3, i.e. it found the broken line); `,alone` after it (`pass,alone`)
# runs the check by itself after all the others (lint and synthesis: they
# use both cores and share build/synth). The others run WW_TEST_JOBS at a
# time (default 2, the CI machine's cores); results are printed in list
# order as they come in. Each check's output goes to build/test-logs/; a
# failing check prints its log's tail. The last line is "N passed, N
# failed"; before it, with WW_TEST_T0 (a start time, date +%s) set, the wall
# time since then.
set -uo pipefail

list=${1:?usage: run_tests.sh TESTS.list}
jobs_max=${WW_TEST_JOBS:-2}
[[ $jobs_max =~ ^[1-9][0-9]*$ ]] || { echo "run_tests.sh: WW_TEST_JOBS must be a positive integer, not '$jobs_max'" >&2; exit 2; }
logdir=build/test-logs
resdir=$logdir/.results
rm -rf "$resdir"
mkdir -p "$resdir"
pass=0 fail=0
failed=()

names=() expects=() cmds=() alone=()
while IFS='|' read -r name expect cmd; do
  [ -z "$name" ] && continue
  names+=("$name") cmds+=("$cmd")
  if [[ $expect == *,alone ]]; then alone+=(1); expects+=("${expect%,alone}"); else alone+=(0); expects+=("$expect"); fi
done <"$list"
n=${#names[@]}

logof() { echo "$logdir/$(echo "${names[$1]}" | tr '/@' '__').log"; }

# run_one I: runs check I, leaves "rc ms" in $resdir/I when it is done
run_one() {
  local t0 rc
  t0=$(date +%s%N)
  bash -c "${cmds[$1]}" >"$(logof "$1")" 2>&1 </dev/null
  rc=$?
  echo "$rc $((($(date +%s%N) - t0) / 1000000))" >"$resdir/$1.tmp" && mv "$resdir/$1.tmp" "$resdir/$1"
}

# report I: prints check I's line (its result file exists)
report() {
  local i=$1 rc ms secs ok what log
  read -r rc ms <"$resdir/$i"
  log=$(logof "$i")
  secs=$((ms / 1000)).$(((ms % 1000) / 100))
  if [ "${expects[$i]}" = mismatch ]; then
    ok=$([ "$rc" -eq 3 ] && echo 1 || echo 0)
    what=$(grep -m1 '^MISMATCH' "$log" | sed 's/^MISMATCH //')
    [ "$rc" -eq 0 ] && what="mutant NOT caught: the test passed against broken RTL"
  else
    ok=$([ "$rc" -eq 0 ] && echo 1 || echo 0)
    what=$(grep -v '^\s*$' "$log" | tail -n 1)
  fi
  if [ "$ok" = 1 ]; then
    pass=$((pass + 1))
    printf 'PASS  %-40s %6ss  %s\n' "${names[$i]}" "$secs" "${what:0:110}"
  else
    fail=$((fail + 1))
    failed+=("${names[$i]}")
    printf 'FAIL  %-40s %6ss  exit %d (expected %s)\n' "${names[$i]}" "$secs" "$rc" "${expects[$i]}"
    tail -n 25 "$log" | sed 's/^/      | /'
    echo "      | replay: ${cmds[$i]}"
  fi
}

# prints, in list order, every check of the parallel group that is done
next=0
flush() {
  while [ $next -lt $n ]; do
    if [ "${alone[$next]}" = 1 ]; then next=$((next + 1)); continue; fi
    [ -e "$resdir/$next" ] || break
    report $next
    next=$((next + 1))
  done
}

for ((i = 0; i < n; i++)); do
  [ "${alone[$i]}" = 1 ] && continue
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; flush; done
  run_one $i &
done
wait
flush
for ((i = 0; i < n; i++)); do
  [ "${alone[$i]}" = 1 ] || continue
  run_one $i
  report $i
done

[ $fail -gt 0 ] && printf 'failed: %s\n' "${failed[*]}"
[ -n "${WW_TEST_T0:-}" ] && echo "wall time: $(( $(date +%s) - WW_TEST_T0 )) s (build and checks)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
