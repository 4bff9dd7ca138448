#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# systemc/test_cycles.sh WW_SC WW_SC_VCHECK KDIR -- the SystemC model takes
# exactly as many cycles as the verilator backend when the memory timing is
# the same (docs/systemc.md "Cross-check"): for each kernel and DRAM timing
# below, build/systemc/ww_sc and build/systemc/ww_sc_vcheck (the same job on
# the runtime's verilator backend, its ww_dram set to latency L + xfer and
# interval xfer) must both pass and print the same cycle count.
set -u
sc=$1 vc=$2 kdir=$3
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
fails=0 n=0
cycles_of() { sed -n 's/.*: \([0-9][0-9]*\) cycles.*/\1/p' <<<"$1" | head -1; }
# kernel | options (latency: access cycles, bandwidth: bytes per cycle per channel)
while IFS='|' read -r k opts; do
  [ -z "$k" ] && continue
  n=$((n + 1))
  a=$("$sc" --quiet $opts "$kdir/$k.elf" 2>&1); ra=$?
  b=$("$vc" $opts "$kdir/$k.elf" 2>&1); rb=$?
  ca=$(cycles_of "$a") cb=$(cycles_of "$b")
  if [ $ra -ne 0 ] || [ $rb -ne 0 ] || [ -z "$ca" ] || [ "$ca" != "$cb" ]; then
    echo "FAIL $k $opts: SystemC ${ca:-?} cycles (exit $ra), verilator backend ${cb:-?} cycles (exit $rb)"
    echo "$a" | sed 's/^/  sc: /'
    echo "$b" | sed 's/^/  vl: /'
    fails=$((fails + 1))
  else
    echo "ok   $k $opts: $ca cycles on both"
  fi
done <<'LIST'
vecadd|
histogram|
saxpy|
vecadd|--latency 20 --bandwidth 8
histogram|--latency 0 --bandwidth 16
vecadd|--latency 300 --bandwidth 32 --n 300
LIST
# the check can fail: one cycle more of DRAM latency must change the count
n=$((n + 1))
a=$("$sc" --quiet --latency 100 "$kdir/vecadd.elf" 2>&1)
b=$("$vc" --latency 99 "$kdir/vecadd.elf" 2>&1)
ca=$(cycles_of "$a") cb=$(cycles_of "$b")
if [ -n "$ca" ] && [ -n "$cb" ] && [ "$ca" != "$cb" ]; then
  echo "ok   vecadd: SystemC --latency 100 takes $ca cycles, the verilator backend at --latency 99 $cb"
else
  echo "FAIL vecadd: SystemC --latency 100 (${ca:-?} cycles) vs verilator --latency 99 (${cb:-?}): must differ"
  fails=$((fails + 1))
fi
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
