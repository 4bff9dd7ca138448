#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# directed.sh -- the directed kernels of tb/coverage/kernels/ (and the
# runtime's trap kernels) on the RTL GPU, co-simulated strictly against the
# golden model (warpwatch run --backend verilator): each must end as its
# line below says -- the trap kind and PC the RTL reports (and the model
# agrees with, or the run ends in a co-simulation mismatch instead), or a
# clean exit. They reach the SM's trap paths, the SIMT stack's overflow and
# underflow, barrier deadlocks, and (with a slow DRAM) the L2's DRAM
# back-pressure: points the kernel suite never reaches (docs/coverage.md).
#
# usage: directed.sh WARPWATCH KERNEL_DIR [RUNTIME_KERNEL_DIR]
#   defaults of the last: build/runtime/kernels
# Used by `make coverage` (with the coverage build of warpwatch) and by
# `make test` as coverage/directed (with build/bin/warpwatch).
# Last line: "N passed, N failed".
set -uo pipefail

WW=${1:?usage: directed.sh WARPWATCH KERNEL_DIR [RUNTIME_KERNEL_DIR]}
K=${2:?usage: directed.sh WARPWATCH KERNEL_DIR [RUNTIME_KERNEL_DIR]}
RK=${3:-build/runtime/kernels}
OUT=build/coverage/directed/$(echo "$WW" | tr / _)   # per binary: make test and make coverage may overlap
mkdir -p "$OUT"
pass=0 fail=0

# expect NAME EXIT TEXT [ENV=VAL...] -- ARGS...: runs warpwatch ARGS on the RTL,
# wants exit status EXIT and TEXT in its stderr (trap) or stdout (EXIT 0)
expect() {
  local name=$1 want=$2 text=$3
  shift 3
  local envs=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    envs+=("$1")
    shift
  done
  shift
  env "${envs[@]}" "$WW" run "$@" --backend verilator >"$OUT/$name.out" 2>"$OUT/$name.err"
  local rc=$?
  local where=$OUT/$name.err
  [ "$want" -eq 0 ] && where=$OUT/$name.out
  if [ $rc -eq "$want" ] && grep -q -F -- "$text" "$where"; then
    pass=$((pass + 1))
    echo "PASS $name"
  else
    fail=$((fail + 1))
    echo "FAIL $name: exit $rc (expected $want), wanted '$text' in $(basename "$where")"
    echo "      command: ${envs[*]} $WW run $* --backend verilator"
    sed 's/^/      | /' "$OUT/$name.err" | head -n 6
  fi
}

# trap TEST KIND-TEXT PC-OFFSET [ARGS...]: kernel $K/TEST.elf on one block of
# 8 threads (or ARGS) must trap with KIND-TEXT at pc 0x10000 + PC-OFFSET
# (@ADDR: at pc ADDR, a fetch trap)
trap() {
  local t=$1 kind=$2 off=$3
  shift 3
  local pc
  if [[ $off == @* ]]; then
    pc=$(printf '0x%08x' $((${off#@})))
  else
    pc=$(printf '0x%08x' $((0x10000 + off)))
  fi
  [ $# -eq 0 ] && set -- --grid 1 --block 8
  expect "$t" 3 "trap: $kind at sm " -- "$K/$t.elf" "$@" &&
    if grep -q -F "pc $pc" "$OUT/$t.err"; then :; else
      pass=$((pass - 1)) fail=$((fail + 1))
      echo "FAIL $t: the trap is not at pc $pc: $(head -n 1 "$OUT/$t.err")"
    fi
}

# ---- illegal instructions (the SM's decode and CSR checks) -------------------------
trap trap_illegal     "illegal instruction" 4
trap trap_csrw        "illegal instruction" 4
trap trap_csrother    "illegal instruction" 0
trap trap_fencei      "illegal instruction" 4
trap trap_amo_a       "illegal instruction" 4
# ---- control flow -----------------------------------------------------------------------
trap trap_jalr_div    "divergent branch outside split/join" 20
trap trap_jump_mis    "misaligned access" 12
trap trap_fetch_null  "null/unmapped access" @0x8
trap trap_fetch_range "out-of-range access" @0x20000000
# ---- the SIMT stack ----------------------------------------------------------------------
trap trap_join        "join without split" 4
trap trap_overflow    "reconvergence stack overflow" 4
trap trap_exit_div    "exit in divergent code" 16
trap trap_exit_stack  "exit in divergent code" 8
# ---- barriers -----------------------------------------------------------------------------
trap trap_bar_div     "barrier in divergent code" 16
trap trap_deadlock1   "barrier deadlock" 24 --grid 1 --block 16
trap trap_deadlock2   "barrier deadlock" 8 --grid 1 --block 16
# ---- memory access checks (the LSU) ------------------------------------------------------
trap trap_mis_store   "misaligned access" 4 --grid 1 --block 8 --arg buf:64
trap trap_null        "null/unmapped access" 20 --grid 1 --block 8
trap trap_range       "out-of-range access" 32 --grid 1 --block 8 --arg buf:64
trap trap_shrange     "out-of-range access" 12
trap trap_shstore     "out-of-range access" 24
# ---- kernel traps and the transaction rules (docs/isa.md "Transactions") -------------------
trap trap_ecall       "kernel trap (ecall/ebreak)" 4
trap trap_tx          "ww.bar or ww.exit inside a transaction" 8
trap trap_txc         "ww.tx.commit outside a transaction" 4
# ---- the runtime's trap kernels (sw/runtime/test), on the RTL -------------------------------
expect rt_ebreak 3 "trap: kernel trap (ecall/ebreak) at sm 0 warp 0 (block 0) mask 0xff pc 0x00010004" \
  -- "$RK/trap_ebreak.elf" --grid 1 --block 8
expect rt_misaligned 3 "trap: misaligned access at sm 0 warp 0 (block 0) mask 0x0f pc 0x00010008" \
  -- "$RK/trap_misaligned.elf" --grid 1 --block 4 --arg buf:64
expect rt_divergent 3 "trap: divergent branch outside split/join at sm 0 warp 0 (block 0) mask 0xff pc 0x00010008" \
  -- "$RK/trap_divergent.elf" --grid 1 --block 8

# ---- the ordered branches, taken and not taken (a partial second warp)
expect branches 0 "arg0 i32[12]: 38 38 38 38 38 38 38 38 38 38 38 38" -- "$K/branches.elf" \
  --grid 1 --block 12 --arg buf:48 --print 0:i32

# ---- eight lines per warp instruction: more than the L1's MSHRs and write slots
expect strong_lines 0 "arg0 i32[2]: 7 14" -- "$K/strong_lines.elf" --grid 1 --block 8 \
  --arg buf:512 --print 0:i32:2

# ---- a slow DRAM (one request per 32 cycles per channel): the L2 waits on DRAM
# back-pressure with a dirty victim's write-back, a fill and the end-of-grid
# flush; vecadd over 96 KiB (three times the L2) must still be exact
expect dram_slow 0 "arg2 i32[4]: 0 1 2 3" WW_DRAM_LATENCY=4 WW_DRAM_INTERVAL=32 -- build/kernels/vecadd.elf \
  --grid 256 --block 32 --arg i32:$(seq -s, 0 8191) --arg buf:32768 --arg buf:32768 --arg 8192 \
  --print 2:i32:4
# (strict co-simulation compares every loaded value and the final memory)

# ---- ScoRD: more distinct races than the race log's ring holds (512 per
# partition, 256 entries): the oldest entries are overwritten and reported
expect race_ring_full 0 "warning: the race log ring overwrote 512 entries" -- \
  "$K/race_many.elf" --grid 2 --block 32 --arg buf:4096 --arg 1024 --scord=full --cosim follow
expect race_ring_cached 0 "warning: the race log ring overwrote" -- \
  "$K/race_many.elf" --grid 2 --block 32 --arg buf:4096 --arg 1024 --scord=cached --cosim follow

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
