#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# replay_kernels.sh GSI_REPLAY WARPWATCH -- the GSI classifier's C model
# against the RTL on the per-cycle pipeline signals of real kernel runs
# (issue 6): each kernel runs on the Verilated GPU with WW_GSI_TRACE set, so
# every SM's ww_gsi writes its inputs and outputs cycle by cycle, and
# gsi_replay steps the C model on those inputs and compares every output.
# Kernels: stream (memory structural, MSHR full, L2/DRAM data), uts_central
# (lock spinning: synchronization, atomics), reduction (barriers, shared
# memory), alu_loop (compute), ht (KILO TM hash table, transactions: the
# sync sub-classes sy_tx_begin and sy_tx_commit, tx_begin_i / tx_commit_i),
# racey with --det (GPUDet: the sync sub-classes sy_det_*, det_hold_i /
# det_phase_i).
set -euo pipefail
replay=$1 ww=$2
out=build/gsi/kernels
mkdir -p "$out"
rm -f "$out"/*.sm*
pass=0 fail=0
run() {   # NAME ARGS...
  local name=$1
  shift
  if ! WW_GSI_TRACE="$out/$name" "$ww" run "$@" --backend verilator --cosim off --stalls \
      >"$out/$name.log" 2>&1; then
    echo "FAIL gsi/replay $name: the run failed"; tail -5 "$out/$name.log"; fail=$((fail + 1)); return
  fi
  for t in "$out/$name".sm*; do
    if "$replay" "$t" >"$t.replay" 2>&1; then
      echo "PASS gsi/replay $name $(basename "$t"): $(tail -1 "$t.replay" | sed 's/.*: //')"
      pass=$((pass + 1))
    else
      echo "FAIL gsi/replay $name $(basename "$t")"; tail -5 "$t.replay"; fail=$((fail + 1))
    fi
  done
}
python3 -c 'import random, sys; r = random.Random(7); open(sys.argv[1], "wb").write(bytes(r.getrandbits(8) for _ in range(8192)))' "$out/stream_in.bin"
run stream build/kernels/stream.elf --grid 2 --block 32 --arg "buf:=$out/stream_in.bin" --arg buf:256 --arg 256 --arg 2
run uts_central build/kernels/uts_central.elf --grid 2 --block 32 --arg buf:$((4 * (8 + 1024))) --arg 1 \
    --arg 1024 --arg i32:1 --arg buf:256 --arg buf:256 --arg 3 --arg 16 --arg 4 --arg 14746 --arg 10 --arg 2
run reduction build/kernels/reduction.elf --grid 2 --block 32 --arg i32:$(seq -s, 1 64) --arg 64 --arg buf:8 --arg buf:4
run alu_loop build/kernels/alu_loop.elf --grid 2 --block 32 --arg buf:256 --arg 50
run ht build/tm/apps/ht.elf --grid 4 --block 32 --arg 0 --arg 8 --arg 1 --arg i32:$(seq -s, 1 128) \
    --arg buf:32 --arg buf:32 --arg buf:4 --arg buf:2048
run racey_det build/det/racey.elf --grid 4 --block 32 --arg buf:4096 --arg 1024 --arg 10 --det
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
