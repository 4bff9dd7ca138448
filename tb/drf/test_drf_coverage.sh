#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_drf_coverage.sh DRF_RUN FILE -- a mix of the paper's Table III-like
# settings reaches every reachable L1 transition, and every reachable L2
# transition except the four WriteFull ones (the tester's stores are single
# words; docs/drf.md sec. 3). The summed counts are left in FILE.
set -uo pipefail
run=$1 acc=$2
rm -f "$acc"
mkdir -p "$(dirname "$acc")"
for opts in "--range 8 --episodes 4" "--range 10" "--len 4 --range 9 --episodes 64" "--range 12"; do
  "$run" --seeds 3 $opts --quiet --cov-acc "$acc" > /dev/null || { echo "FAIL: a run failed ($opts)"; exit 1; }
done
out=$("$run" --cov-report "$acc")
echo "$out"
l1=$(grep '^L1 ' <<<"$out") l2=$(grep '^L2 ' <<<"$out")
fails=0
if grep -q 'inactive' <<<"$l1"; then echo "FAIL: L1 transitions left inactive"; fails=1; fi
rest=$(sed -n 's/.*inactive: //p' <<<"$l2" | tr ' ' '\n' | grep -v '/WriteFull$' | tr '\n' ' ')
if [ -n "${rest// /}" ]; then echo "FAIL: L2 transitions left inactive: $rest"; fails=1; fi
[ $fails -eq 0 ]
