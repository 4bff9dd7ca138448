#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_drf_wack.sh VOQ_RUN -- L1_WACK_ON_SEND (a release that waits for its
# writes to leave the L1, not for their acknowledgements) on the memory
# system that can show it: the voq configuration (the request crossbar's
# virtual output queues) with DRAM refresh stalling one partition at a
# time (docs/drf.md sec. 5). It is caught only now and then (a few runs in
# a hundred, as a final-memory mismatch), so this is a make test-long
# sweep: at least one run of it fails, and every failing run replays to the
# same failure; without the bug every run passes. Exit 0 when all hold.
set -uo pipefail
run=$1
opts="--seeds 30 --range 10 --refresh 400 --len 2 --episodes 50"
out=$("$run" $opts --bug L1_WACK_ON_SEND --quiet 2>&1)
n=$(grep -c '^FAIL seed' <<<"$out")
if [ "$n" -eq 0 ]; then
  echo "FAIL L1_WACK_ON_SEND: not caught in $opts"; exit 1
fi
first=$(grep -m1 '^FAIL seed' <<<"$out")
seed=$(sed 's/^FAIL seed \([0-9]*\):.*/\1/' <<<"$first")
again=$("$run" --seed "$seed" --range 10 --refresh 400 --len 2 --episodes 50 --bug L1_WACK_ON_SEND \
        --quiet 2>&1 | grep -m1 '^FAIL seed')
if [ "$again" != "$first" ]; then
  echo "FAIL L1_WACK_ON_SEND: seed $seed replayed as '$again', was '$first'"; exit 1
fi
if ! "$run" $opts --quiet > /dev/null 2>&1; then
  echo "FAIL no bug, $opts: a run failed"; exit 1
fi
echo "ok   L1_WACK_ON_SEND caught in $n of 30 runs ($opts): $first"
echo "ok   no bug, $opts: every run passes"
