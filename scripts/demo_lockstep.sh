#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# demo_lockstep.sh BLOCK... -- (make demo-lockstep) runs each block's RTL
# against its C model in lockstep (fresh random seed, 200000 cycles), tries
# every mutant of the block, prints one summary table, then the property
# tests' tables (Bloom false-positive rate vs analytic; LWH answers vs the
# true youngest writer across CID wrap-around).
set -uo pipefail

cycles=${CYCLES:-200000}
source <(make -s --no-print-directory -f tb/blocks.mk -f - <<'MK'
print:
	@$(foreach b,$(BLOCKS),echo '$(b)_mutants="$($(b)_MUTANTS)"';)
	@$(foreach b,$(BLOCKS),echo '$(b)_points="$(foreach p,$($(b)_POINTS),$(word 1,$(subst :, ,$(p))))"';)
MK
)

status=0
printf '\nWarpwatch lockstep demo: RTL (Verilator) vs C model, every output port every cycle\n\n'
printf '%-14s %-10s %-8s %10s %12s %9s %10s\n' block point result cycles seed Mcyc/s mutants
printf '%s\n' "-------------------------------------------------------------------------------"
for b in "$@"; do
  mv=${b}_mutants pv=${b}_points
  caught=0 total=0
  for m in ${!mv}; do
    total=$((total + 1))
    build/lockstep/$b/mut_$m/lockstep --cycles 1000000 --quiet --wave-dir build/waves/mutants >/dev/null 2>&1
    [ $? -eq 3 ] && caught=$((caught + 1))
  done
  [ $caught -eq $total ] || status=1
  for p in default ${!pv}; do
    line=$(build/lockstep/$b/$p/lockstep --cycles "$cycles" --quiet 2>&1 | tail -n 1)
    res=$(echo "$line" | awk '{print $3}')
    seed=$(echo "$line" | sed -n 's/.*seed=\([0-9]*\).*/\1/p')
    rate=$(echo "$line" | sed -n 's/.*(\([0-9.]*\) Mcycles.*/\1/p')
    [ "$res" = PASS ] || status=1
    muts="-"
    [ "$p" = default ] && muts="$caught/$total caught"
    printf '%-14s %-10s %-8s %10s %12s %9s %10s\n' "$b" "$p" "${res:-ERROR}" "$cycles" \
      "${seed:--}" "${rate:--}" "$muts"
    [ "$res" = PASS ] || echo "    $line"
  done
done
printf '\nIndependent checks of the C models (paper invariants, host references):\n\n'
for t in build/ctest/test_bloom_filter build/ctest/test_lwh; do
  "$t" 2>/dev/null | grep -v '^FAIL' || status=1
  echo
done
printf 'replay any row: build/lockstep/<block>/<point>/lockstep --seed <seed>\n'
printf 'waves of a run: make waves BLOCK=<block> SEED=<seed>\n'
exit $status
