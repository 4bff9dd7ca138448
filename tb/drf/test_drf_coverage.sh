#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_drf_coverage.sh DRF_RUN FILE -- a mix of the paper's Table III-like
# settings reaches every reachable L1 and L2 transition (docs/drf.md sec.
# 3; the paper's goal). The summed counts are left in FILE.
set -uo pipefail
run=$1 acc=$2
rm -f "$acc"
mkdir -p "$(dirname "$acc")"
for opts in "--seeds 3 --range 8 --episodes 4" "--seeds 6 --range 10" "--seeds 3 --len 4 --range 9 --episodes 64" \
            "--seeds 3 --len 1 --range 9 --episodes 64" "--seeds 3 --range 12"; do
  "$run" $opts --quiet --cov-acc "$acc" > /dev/null || { echo "FAIL: a run failed ($opts)"; exit 1; }
done
out=$("$run" --cov-report "$acc")
echo "$out"
l1=$(grep '^L1 ' <<<"$out") l2=$(grep '^L2 ' <<<"$out")
fails=0
if grep -q 'inactive' <<<"$l1"; then echo "FAIL: L1 transitions left inactive"; fails=1; fi
if grep -q 'inactive' <<<"$l2"; then echo "FAIL: L2 transitions left inactive"; fails=1; fi
[ $fails -eq 0 ]
