#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_drf_bugs.sh DRF_RUN VOQ_RUN -- every injected protocol bug of the
# memory system (sw/drf/ww_drf_cov.c, docs/drf.md sec. 5) is caught by the
# DRF tester within a small budget, with the failure kind the bug must cause,
# and the failure report names a variable whose event log is printed; with no
# bug the same runs pass (no false alarm). DRF_RUN is the small
# configuration's runner; VOQ_RUN the voq configuration's (virtual output
# queues: L1_WACK_ON_SEND needs an SM's write to be passed by its later
# release on another link, with the network's links held at random, --hold).
# Exit 0 when all hold.
set -uo pipefail
run=$1
voq=$2
fails=0
# NAME  KIND (extended regex over the texts of WW_DRF_FAIL_*)  extra
# options: a configuration that exercises the bug's path within the budget.
# A write lost at L2 shows as a stale load, or, when a sync variable shares
# the line, as an atomic counter set back (a value returned twice).
cases=(
  "L2_WRITE_NO_FWD|load returned|atomic returned a value returned before|--range 10"
  "L1_INVAL_KEEPS_LINES|load returned|--range 8 --len 2 --episodes 64"
  "L2_AMO_NO_FWD|atomic returned a value returned before|--range 10"
  "L1_MERGE_WRONG_WORD|load returned|--range 10"
  "L1_FILL_AFTER_STORE|load returned|--range 10"
  "L2_REFETCH_BEFORE_WB|load returned|--range 10"
)
budget="--seeds 8 --episodes 16 --len 16"
# check RUN BUG KIND OPTS: caught as KIND, with an event log, replayable
check() {
  local run=$1 bug=$2 kind=$3 opts=$4 out rc first replay again
  out=$("$run" $opts --bug "$bug" --expect-fail --quiet 2>&1)
  rc=$?
  first=$(grep -m1 '^FAIL' <<<"$out")
  if [ $rc -ne 0 ]; then
    echo "FAIL $bug: not caught in $opts"; fails=$((fails + 1)); return
  fi
  if ! grep -Eq "$kind" <<<"$first"; then
    echo "FAIL $bug: caught as '$first', expected '$kind'"; fails=$((fails + 1)); return
  fi
  if [[ "$first" == *"load returned"* ]] && ! grep -q "last writer" <<<"$out"; then
    echo "FAIL $bug: no event log in the report"; fails=$((fails + 1)); return
  fi
  # the replay line reproduces the first failure
  replay=$(grep -m1 'replay:' <<<"$out" | sed 's/^ *replay: //')
  again=$($replay --quiet 2>&1 | grep -m1 '^FAIL' | sed 's/^FAIL seed [0-9]*: //')
  if [ "$again" != "$(sed 's/^FAIL seed [0-9]*: //' <<<"$first")" ]; then
    echo "FAIL $bug: replay '$replay' gave '$again'"; fails=$((fails + 1)); return
  fi
  echo "ok   $bug: $(sed 's/^FAIL //' <<<"$first")"
}
for c in "${cases[@]}"; do
  bug=${c%%|*}; opts=${c##*|}; kind=${c#*|}; kind=${kind%|*}
  check "$run" "$bug" "$kind" "$budget $opts"
done
# a release that does not wait for its writes' acknowledgements: the write
# held on its link, the next episode's acquire and load pass it (a stale
# load), or a later store does (the final memory)
wack="--seeds 20 --episodes 30 --len 4 --range 8 --latency 10 --hold 500"
check "$voq" L1_WACK_ON_SEND "load returned|final memory" "$wack"
# the same configurations without a bug: no false alarm
for t in "$run|$budget --range 8" "$run|$budget --range 10" "$voq|$wack"; do
  r=${t%%|*}; opts=${t#*|}
  if "$r" $opts --quiet >/dev/null 2>&1; then
    echo "ok   no bug, $(basename "$(dirname "$r")") $opts: every run passes"
  else
    echo "FAIL no bug, $(basename "$(dirname "$r")") $opts: a run failed"; fails=$((fails + 1))
  fi
done
[ $fails -eq 0 ]
