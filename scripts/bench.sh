#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# bench.sh -- `make bench`: measures in one run, prints a table with the exact
# command behind every number, writes build/reports/bench.json.
#   cmodel_alu       golden C model on an ALU loop (cmodel/gpu/test, no I/O)
#   cmodel_matmul    golden C model running the compiled matmul kernel through
#                    the runtime and CLI (120x120x120 int32, 5x5 tiles: 576 blocks of 25)
# Later issues add the Verilator numbers (verilator_hz, cmodel_over_verilator).
set -euo pipefail

mkdir -p build/reports
n=120
vals() { python3 -c "import sys; print(','.join(str((i * 7 + int(sys.argv[1])) % 23 - 11) for i in range($n * $n)))" "$1"; }
mm_cmd=(build/bin/warpwatch run build/kernels/matmul.elf --grid 576 --block 25
        --arg "i32:$(vals 1)" --arg "i32:$(vals 5)" --arg "buf:$((n * n * 4))"
        --arg $n --arg $n --arg $n --arg 5 --json)
mm_show="build/bin/warpwatch run build/kernels/matmul.elf --grid 576 --block 25 --arg i32:<120x120> --arg i32:<120x120> --arg buf:57600 --arg 120 --arg 120 --arg 120 --arg 5 --json"

alu_line=$(build/gpu-test/test_gpu_bench | grep -m1 'M warp-insns/s')
alu_thread=$(sed -n 's/.* \([0-9.]*\) M thread-instructions.*/\1/p' <<<"$alu_line")
alu_warp=$(sed -n 's/.*(\([0-9.]*\) M warp-insns.*/\1/p' <<<"$alu_line")

mm_json=$("${mm_cmd[@]}")
read -r mm_warp mm_insns mm_secs < <(python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
assert d["status"] == "ok", d
s = d["stats"]
print("%.2f %d %.3f" % (s["warp_insns_per_second"] / 1e6, s["warp_insns"], s["host_seconds"]))' <<<"$mm_json")

printf '\nWarpwatch benchmarks (measured now, on this machine)\n\n'
printf '%-16s %14s %16s   %s\n' measure "M warp insn/s" "M thread insn/s" command
printf '%-16s %14s %16s   %s\n' cmodel_alu "$alu_warp" "$alu_thread" "build/gpu-test/test_gpu_bench"
printf '%-16s %14s %16s   %s\n' cmodel_matmul "$mm_warp" "-" "$mm_show"
printf '\nmatmul: %s warp instructions in %s s of host time\n' "$mm_insns" "$mm_secs"

python3 - "$alu_warp" "$alu_thread" "$mm_warp" "$mm_insns" "$mm_secs" "$mm_show" <<'PY'
import json, sys
a_w, a_t, m_w, m_i, m_s, cmd = sys.argv[1:]
json.dump({
  "cmodel_alu_warp_insns_per_s": float(a_w) * 1e6,
  "cmodel_alu_thread_insns_per_s": float(a_t) * 1e6,
  "cmodel_matmul_warp_insns_per_s": float(m_w) * 1e6,
  "cmodel_matmul_warp_insns": int(m_i),
  "cmodel_matmul_host_seconds": float(m_s),
  "commands": {"cmodel_alu": "build/gpu-test/test_gpu_bench", "cmodel_matmul": cmd},
  "command": "make bench",
}, open("build/reports/bench.json", "w"), indent=2)
PY
echo "written to build/reports/bench.json (command: make bench)"
