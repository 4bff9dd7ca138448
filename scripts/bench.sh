#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# bench.sh -- `make bench`: measures in one run, prints a table with the exact
# command behind every number, writes build/reports/bench.json.
#   cmodel_alu       golden C model on an ALU loop (cmodel/gpu/test, no I/O)
#   cmodel_matmul    golden C model running the compiled matmul kernel through
#                    the runtime and CLI (120x120x120 int32, 5x5 tiles: 576 blocks of 25)
#   verilator_hz          simulated clock cycles per host second of the default
#                         GPU in Verilator (alu_loop kernel, co-simulation off)
#   cmodel_over_verilator warp instructions per second of the golden model over
#                         those of the Verilated GPU, on the same alu_loop run
#   ipc_compute           warp instructions per cycle per SM of the RTL on
#                         alu_loop (compute-bound; goal >= 0.8, limit 1.0)
#   roofline              memory bandwidth of stream and vecadd on the RTL against
#                         Little's law (outstanding lines x line / measured round
#                         trip) and the DRAM model's peak: scripts/bench_roofline.sh
#                         (its header has the definitions), under "roofline" in
#                         bench.json ("status" ok or failed)
# Exit status: 0; 1 if a run fails (the roofline part's failures after
# bench.json is written).
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

# ---- the RTL: one alu_loop run on each backend --------------------------------
al_cmd=(build/bin/warpwatch run build/kernels/alu_loop.elf --grid 4 --block 32
        --arg buf:1024 --arg 3000 --json)
al_rtl=$("${al_cmd[@]}" --backend verilator --cosim off)
al_cm=$("${al_cmd[@]}")
read -r v_cycles v_insns v_secs c_secs < <(python3 -c '
import json, sys
r, c = (json.loads(x) for x in sys.argv[1:3])
assert r["status"] == "ok" and c["status"] == "ok", (r, c)
assert r["stats"]["warp_insns"] == c["stats"]["warp_insns"]
print(r["cycles"], r["stats"]["warp_insns"], r["stats"]["host_seconds"],
      c["stats"]["host_seconds"])' "$al_rtl" "$al_cm")
read -r v_hz ratio ipc < <(python3 -c '
import sys
cyc, ins, vs, cs, nsm = (float(x) for x in sys.argv[1:6])
print("%.0f %.1f %.3f" % (cyc / vs, (ins / cs) / (ins / vs), ins / cyc / nsm))' \
  "$v_cycles" "$v_insns" "$v_secs" "$c_secs" "$(sed -n 's/^#define WW_NUM_SM *\([0-9]*\).*/\1/p' cmodel/include/ww_config.h)")
al_show="${al_cmd[*]} --backend verilator --cosim off   (and the same without --backend)"

printf '\nWarpwatch benchmarks (measured now, on this machine)\n\n'
printf '%-16s %14s %16s   %s\n' measure "M warp insn/s" "M thread insn/s" command
printf '%-16s %14s %16s   %s\n' cmodel_alu "$alu_warp" "$alu_thread" "build/gpu-test/test_gpu_bench"
printf '%-16s %14s %16s   %s\n' cmodel_matmul "$mm_warp" "-" "$mm_show"
printf '\nmatmul: %s warp instructions in %s s of host time\n' "$mm_insns" "$mm_secs"
printf '\n%-22s %12s   %s\n' measure value command
printf '%-22s %12s   %s\n' verilator_hz "$v_hz" "$al_show"
printf '%-22s %12s   %s\n' cmodel_over_verilator "$ratio" "(same runs: warp insns/s cmodel / verilator)"
printf '%-22s %12s   %s\n' ipc_compute "$ipc" "(same RTL run: $v_insns warp insns in $v_cycles cycles on each of the SMs)"

# ---- the roofline (scripts/bench_roofline.sh): its table, then its report in bench.json
rm -f build/reports/roofline.json
roof_rc=0
scripts/bench_roofline.sh || roof_rc=$?

python3 - "$alu_warp" "$alu_thread" "$mm_warp" "$mm_insns" "$mm_secs" "$mm_show" \
  "$v_hz" "$ratio" "$ipc" "$v_cycles" "$v_insns" "$al_show" "$roof_rc" <<'PY'
import json, os, sys
a_w, a_t, m_w, m_i, m_s, cmd, v_hz, ratio, ipc, v_cyc, v_ins, al_cmd, roof_rc = sys.argv[1:]
roof = {}
if os.path.exists("build/reports/roofline.json"):
    with open("build/reports/roofline.json") as f:
        roof = json.load(f)
roof["status"] = "ok" if roof_rc == "0" else "failed"
json.dump({
  "verilator_hz": float(v_hz),
  "cmodel_over_verilator": float(ratio),
  "ipc_compute": float(ipc),
  "alu_loop_cycles": int(v_cyc),
  "alu_loop_warp_insns": int(v_ins),
  "cmodel_alu_warp_insns_per_s": float(a_w) * 1e6,
  "cmodel_alu_thread_insns_per_s": float(a_t) * 1e6,
  "cmodel_matmul_warp_insns_per_s": float(m_w) * 1e6,
  "cmodel_matmul_warp_insns": int(m_i),
  "cmodel_matmul_host_seconds": float(m_s),
  "roofline": roof,
  "commands": {"cmodel_alu": "build/gpu-test/test_gpu_bench", "cmodel_matmul": cmd,
               "verilator_hz": al_cmd, "cmodel_over_verilator": al_cmd, "ipc_compute": al_cmd,
               "roofline": "scripts/bench_roofline.sh"},
  "command": "make bench",
}, open("build/reports/bench.json", "w"), indent=2)
PY
echo "written to build/reports/bench.json (command: make bench)"
exit "$roof_rc"
