#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# install_deps.sh -- installs what Warpwatch's make targets need, from
# Debian's packages. Idempotent: checks each package first and prints
# nothing when everything is already there.
set -euo pipefail

PKGS=(make gcc g++ python3 verilator iverilog yosys gtkwave libsystemc-dev clang lld)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install_deps: installing ${missing[*]}"
SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install_deps: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  SUDO=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install_deps: done"
