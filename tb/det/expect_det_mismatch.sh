#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# expect_det_mismatch.sh WARPWATCH ELF RUN-ARGS... -- WARPWATCH is linked
# with a mutant GPU (a GPUDet block broken on purpose, tb/det/det_tests.mk
# DET_GPU_MUTANTS). Passes only if the determinism check catches it: the
# kernel with --det (RUN-ARGS: its geometry and arguments) must end with the
# RTL's final memory differing from the golden model's in deterministic
# mode (docs/det.md sec. 5).
set -uo pipefail
ww=${1:?usage: expect_det_mismatch.sh WARPWATCH ELF RUN-ARGS...}
elf=${2:?usage: expect_det_mismatch.sh WARPWATCH ELF RUN-ARGS...}
shift 2
out=$("$ww" run "$elf" "$@" --det --backend verilator --seed 1 2>&1)
rc=$?
if [ $rc -ne 0 ] && grep -q '^cosim: first divergence .*deterministic mode: final global memory differs' <<<"$out"; then
  echo "MISMATCH caught: $(grep -m1 '^cosim: first divergence' <<<"$out" | cut -c1-140)"
  exit 0
fi
echo "$out" | tail -n 20
echo "NOT caught: the RTL's memory was not reported different from the model's (exit $rc)"
exit 1
