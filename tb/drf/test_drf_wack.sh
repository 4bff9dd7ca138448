#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_drf_wack.sh VOQ_RUN -- (make test-long) the voq configuration (the
# request crossbar's virtual output queues) with request links held at
# random (--hold) and DRAM refresh, over many seeds (docs/drf.md sec. 5):
# without a bug every run passes (no false alarm where an SM's packets to
# different partitions pass each other); L1_WACK_ON_SEND (a release that
# waits for its writes to leave the L1, not for their acknowledgements) is
# caught in many of the runs, and a failing run replays to the same
# failure. Exit 0 when all hold.
set -uo pipefail
run=$1
settings=("--range 8 --len 4 --episodes 30 --latency 10 --hold 500"
          "--range 10 --len 4 --episodes 30 --hold 300 --refresh 400"
          "--range 11 --len 8 --episodes 20 --hold 100 --jitter 50")
fails=0
for s in "${settings[@]}"; do
  if ! out=$("$run" --seeds 100 $s --quiet 2>&1); then
    echo "FAIL no bug, --seeds 100 $s: $(grep -m1 '^FAIL' <<<"$out")"; fails=$((fails + 1))
  else
    echo "ok   no bug, --seeds 100 $s: $(tail -3 <<<"$out" | head -1)"
  fi
  out=$("$run" --seeds 100 $s --bug L1_WACK_ON_SEND --quiet 2>&1)
  n=$(grep -c '^FAIL seed' <<<"$out")
  if [ "$n" -eq 0 ]; then
    echo "FAIL L1_WACK_ON_SEND: not caught in --seeds 100 $s"; fails=$((fails + 1)); continue
  fi
  first=$(grep -m1 '^FAIL seed' <<<"$out")
  seed=$(sed 's/^FAIL seed \([0-9]*\):.*/\1/' <<<"$first")
  again=$("$run" --seed "$seed" $s --bug L1_WACK_ON_SEND --quiet 2>&1 | grep -m1 '^FAIL seed')
  if [ "$again" != "$first" ]; then
    echo "FAIL L1_WACK_ON_SEND: seed $seed replayed as '$again', was '$first'"; fails=$((fails + 1))
    continue
  fi
  loads=$(grep -c '^FAIL seed.*load returned' <<<"$out")
  echo "ok   L1_WACK_ON_SEND caught in $n of 100 runs ($loads as a stale load), $s"
done
[ $fails -eq 0 ]
