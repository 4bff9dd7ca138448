#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# config_tree.sh DEST NAME=VALUE... -- a copy of this source tree whose
# configuration defaults (cmodel/include/ww_config.def) are the given
# values, its generated config files regenerated: every C model, the
# runtime, the kernels and the RTL in DEST are then built at that
# configuration by the same Makefile (fpga/fpga.mk: `make fpga-gpu-check`
# runs the kernel suite at the GPU's board configuration this way).
# Run from the repository root. Idempotent: a file is copied only when it
# differs, and the configuration is regenerated only when its values
# change, so a second run rebuilds only what changed.
set -euo pipefail
[[ $# -ge 1 ]] || { sed -n '4,12p' "$0" >&2; exit 2; }
dest=$1; shift
def=cmodel/include/ww_config.def
gen="rtl/include/ww_config.vh cmodel/include/ww_config.h sw/link/ww_config.ld"
[[ -f $def ]] || { echo "config_tree.sh: run from the repository root" >&2; exit 2; }
case $dest in build/*) ;; *) echo "config_tree.sh: DEST must be under build/ (got '$dest')" >&2; exit 2;; esac

# the configuration: the .def with each NAME's default replaced
tmp=$(mktemp) && trap 'rm -f "$tmp"' EXIT
cp "$def" "$tmp"
for nv in "$@"; do
  [[ $nv =~ ^(WW_)?([A-Z0-9_]+)=([0-9]+)$ ]] \
    || { echo "config_tree.sh: '$nv' is not NAME=DECIMAL (e.g. WW_LANES=2)" >&2; exit 2; }
  name=${BASH_REMATCH[2]} val=${BASH_REMATCH[3]}
  grep -q "^WW_CFG($name," "$tmp" \
    || { echo "config_tree.sh: no configuration value $name in $def" >&2; exit 2; }
  sed -i "s/^\(WW_CFG($name, *\)[0-9][0-9]*/\1$val/" "$tmp"
done

# the sources (tracked files; without git: everything but build/)
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
  files=$(git ls-files)
else
  files=$(find . -path ./build -prune -o -type f -print | sed 's#^\./##')
fi
mkdir -p "$dest"
n=0
for f in $files; do
  case " $gen $def " in *" $f "*) continue;; esac
  if ! cmp -s "$f" "$dest/$f"; then
    mkdir -p "$dest/$(dirname "$f")" && cp -p "$f" "$dest/$f" && n=$((n + 1))
  fi
done
changed=0
if ! cmp -s "$tmp" "$dest/$def"; then cp "$tmp" "$dest/$def"; changed=1; fi
for g in $gen; do [[ -f $dest/$g ]] || changed=1; done
if (( changed )); then
  make --no-print-directory -s -C "$dest" gen > "$dest/gen.log" 2>&1 \
    || { cat "$dest/gen.log" >&2; exit 1; }
fi
echo "config_tree: $dest ($n files copied, configuration ${*:-the defaults}$( ((changed)) && echo ', regenerated'))"
