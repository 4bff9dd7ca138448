#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# systemc/test_errors.sh WW_SC KDIR RT_KDIR -- build/systemc/ww_sc fails
# clearly: each case below must exit with its status (2 setup, 3 cycle
# limit, 4 trap) and say what went wrong (a pattern of its message).
set -u
sc=$1 kdir=$2 rtk=$3
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
fails=0 n=0
check() {   # expected-status pattern args...
  local want=$1 pat=$2
  shift 2
  n=$((n + 1))
  out=$("$sc" "$@" 2>&1); r=$?
  if [ $r -ne "$want" ] || ! grep -qE -- "$pat" <<<"$out"; then
    echo "FAIL ww_sc $*: exit $r (want $want), message must match /$pat/:"
    echo "$out" | sed 's/^/  /'
    fails=$((fails + 1))
  else
    echo "ok   ww_sc $*: exit $r: $(grep -E -m1 -- "$pat" <<<"$out")"
  fi
}
check 2 "no/such.elf.*(cannot|No such)" no/such.elf
check 2 "not an ELF|ELF" --kernel vecadd systemc/systemc.mk
check 2 "instruction memory" --kernel vecadd "$rtk/imem_over.elf"
check 2 "no host setup for kernel 'add_scalar'" "$rtk/add_scalar.elf"
check 2 "--latency needs a number" --latency x "$kdir/vecadd.elf"
check 3 "timeout: .* after 500 cycles \(the limit" --max-cycles 500 "$kdir/vecadd.elf"
check 4 "misaligned" --kernel vecadd "$rtk/trap_misaligned.elf"
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
