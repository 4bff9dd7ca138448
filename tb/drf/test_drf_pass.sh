#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_drf_pass.sh DRF_RUN SEEDS -- no false alarm: the DRF tester passes on
# the correct memory system for SEEDS seeds in each of several settings
# (address windows from every-word-a-variable to sparse, short and long
# episodes, DRAM timing noise); every run also compares the final memory.
set -uo pipefail
run=$1 seeds=$2
fails=0
for opts in "--range 8" "--range 10" "--range 12 --len 8" "--len 2 --episodes 48 --range 9" \
            "--range 10 --jitter 40"; do
  if out=$("$run" --seeds "$seeds" $opts --quiet 2>&1); then
    echo "ok   $opts: $(grep -m1 'runs,' <<<"$out")"
  else
    echo "FAIL $opts:"; grep -v '^L[12] ' <<<"$out" | head -20; fails=$((fails + 1))
  fi
done
[ $fails -eq 0 ]
