#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# check_images.sh -- static checks of the kernel toolchain's output, no GPU
# needed:
#   - every kernel image (build/kernels/*.elf) is entered at WW_CODE_BASE
#     (_start first), its PT_LOAD segments lie in global memory, and its
#     .shared section (if any) is NOBITS at WW_SHARED_BASE, in no segment,
#     within WW_SHMEM_BYTES;
#   - every instruction word decodes with the ISA table (the warpwatch
#     disassembler, built from cmodel/include/ww_isa.def): none is illegal,
#     and every word llvm-objdump cannot decode is a ww.* instruction, so the
#     .insn encodings of sw/include/warpwatch.h agree with the table;
#   - a kernel with more WW_SHARED data than WW_SHMEM_BYTES fails to link.
# Usage: sw/tests/check_images.sh [ELF...]   (default: build/kernels/*.elf)
set -uo pipefail

cfg() { sed -n "s/^$1 = \(.*\);/\1/p" sw/link/ww_config.ld; }
CODE_BASE=$(cfg WW_CODE_BASE)
SHARED_BASE=$(cfg WW_SHARED_BASE)
SHMEM_BYTES=$(cfg WW_SHMEM_BYTES)
GMEM_BYTES=$(cfg WW_GMEM_BYTES)
WW=${WARPWATCH:-build/bin/warpwatch}

pass=0 fail=0
check() {  # check OK MESSAGE
  if [ "$1" = 1 ]; then
    pass=$((pass + 1)); echo "PASS $2"
  else
    fail=$((fail + 1)); echo "FAIL $2"
  fi
}

elfs=("$@")
[ ${#elfs[@]} -eq 0 ] && elfs=(build/kernels/*.elf)

for elf in "${elfs[@]}"; do
  name=$(basename "$elf")
  entry=$(llvm-readelf -h "$elf" | awk '/Entry point/ {print $4}')
  start=$(llvm-nm "$elf" | awk '$3 == "_start" {print $1}')
  ok=$(( entry == CODE_BASE && 0x$start == CODE_BASE ))
  check $ok "$name: entry $entry = _start = WW_CODE_BASE"

  ok=1
  while read -r type off vaddr paddr filesz memsz rest; do
    [ "$type" = LOAD ] || continue
    if (( vaddr < CODE_BASE || vaddr + memsz > GMEM_BYTES )); then ok=0; fi
  done < <(llvm-readelf -lW "$elf")
  check $ok "$name: PT_LOAD segments inside global memory [WW_CODE_BASE, WW_GMEM_BYTES)"

  shared=$(llvm-readelf -SW "$elf" | sed -n 's/^ *\[ *[0-9]*\] *//p' |
           awk '$1 == ".shared" {print $2, $3, $5}')
  if [ -n "$shared" ]; then
    read -r stype saddr ssize <<<"$shared"
    in_seg=$(llvm-readelf -lW "$elf" | awk '/Section to Segment/ {m=1} m && /^ +[0-9]+ / && /\.shared/' )
    ok=$(( $([ "$stype" = NOBITS ] && echo 1 || echo 0) && 0x$saddr == SHARED_BASE &&
           0x$ssize <= SHMEM_BYTES ))
    [ -n "$in_seg" ] && ok=0
    check $ok "$name: .shared is NOBITS at WW_SHARED_BASE, 0x$ssize bytes, in no segment"
  fi

  dis=$("$WW" disasm "$elf" 2>&1)
  nill=$(grep -c ' illegal ' <<<"$dis")
  nww=$(grep -cE '^ +[0-9a-f]{8}: +[0-9a-f]{8} +ww\.' <<<"$dis")
  nunk=$(llvm-objdump -d "$elf" | grep -c '<unknown>')
  ok=$(( nill == 0 && nww == nunk ))
  check $ok "$name: every word decodes ($nww ww.* instructions = $nunk words llvm-objdump does not know, $nill illegal)"
  [ "$nill" != 0 ] && grep ' illegal ' <<<"$dis" | head -5 | sed 's/^/      /'
done

# The linker script refuses too much shared memory.
tmp=$(mktemp -d)
cat >"$tmp/big.c" <<'EOF'
#include "warpwatch.h"
WW_SHARED static volatile char big[WW_SHMEM_BYTES + 4];
WW_KERNEL(big_kernel)(void *args) { (void)args; big[ww_tid()] = 1; }
EOF
# (built the way users build kernels: warpwatch cc, the flags of sw/kernel_flags.mk)
out=$("$WW" cc "$tmp/big.c" -o "$tmp/big.elf" 2>&1)
rc=$?
ok=$(( rc != 0 )); grep -q 'exceed WW_SHMEM_BYTES' <<<"$out" || ok=0
check $ok "a kernel with WW_SHMEM_BYTES + 4 bytes of WW_SHARED data does not link"
rm -rf "$tmp"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
