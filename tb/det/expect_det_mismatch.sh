#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# expect_det_mismatch.sh WARPWATCH RACEY_ELF -- WARPWATCH is linked with a
# mutant GPU whose Z-buffer units commit in the wrong depth order (the
# highest warp slot wins a byte, ww_zbuf WW_MUTANT_ZBUF_HIGH_SLOT_WINS).
# Passes only if the determinism check catches it: the racey kernel with
# --det must end with the RTL's final memory differing from the golden
# model's in deterministic mode (docs/det.md sec. 5).
set -uo pipefail
ww=${1:?usage: expect_det_mismatch.sh WARPWATCH RACEY_ELF}
elf=${2:?usage: expect_det_mismatch.sh WARPWATCH RACEY_ELF}
out=$("$ww" run "$elf" --grid 4 --block 32 --arg buf:16384 --arg 4096 --arg 40 --det \
      --backend verilator --seed 1 2>&1)
rc=$?
if [ $rc -ne 0 ] && grep -q '^cosim: first divergence .*deterministic mode: final global memory differs' <<<"$out"; then
  echo "MISMATCH caught: $(grep -m1 '^cosim: first divergence' <<<"$out" | cut -c1-140)"
  exit 0
fi
echo "$out" | tail -n 20
echo "NOT caught: the RTL's memory was not reported different from the model's (exit $rc)"
exit 1
