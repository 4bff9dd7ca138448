#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# install_deps.sh -- installs what Warpwatch's make targets need, from
# Debian's packages. Idempotent: checks each package first and prints
# nothing when everything is already there.
set -euo pipefail

PKGS=(make gcc g++ python3 verilator iverilog yosys gtkwave libsystemc-dev clang lld llvm
      libelf-dev libdw-dev gnuplot-nox)

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
# Run apt's download sandbox as root: on some machines /dev/null is not
# writable by the _apt user and signature checks fail otherwise.
APT=("${SUDO[@]}" apt-get -o APT::Sandbox::User=root)
log=$(mktemp)
"${APT[@]}" update -qq >"$log" 2>&1 || echo "install_deps: warning: apt-get update failed; trying the cached package lists"
if ! "${APT[@]}" install -y -qq --no-install-recommends "${missing[@]}" >>"$log" 2>&1; then
  tail -n 20 "$log" >&2
  echo "install_deps: could not install ${missing[*]}" >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
echo "install_deps: done"
