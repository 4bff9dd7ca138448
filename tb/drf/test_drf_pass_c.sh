#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_drf_pass_c.sh SMALL_RUN DEFAULT_RUN SEEDS -- the DRF tester on the C
# memory system (drf_run --model c: cmodel/drf/ww_drf_top.c) passes: SEEDS
# seeds in each of several settings on the small caches (the settings of
# test_drf_pass.sh) and two on the default caches; every run must finish
# without a failure and with its final memory compared after the L2 flush
# (every variable of every pool, none different; read from --json).
set -uo pipefail
small=$1 default=$2 seeds=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 runs=0

# check JSON: every run done, passed, its final memory compared and equal
check() {
  python3 - "$1" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
bad = [r for r in d["runs"] if not r["done"] or r["fail"] or r["final_checked"] == 0 or r["final_bad"]]
n = sum(r["final_checked"] for r in d["runs"])
print("%d runs, final memory: %d words compared" % (len(d["runs"]), n))
sys.exit(1 if bad or d["model"] != "c" else 0)
EOF
}

run() {   # CONFIG RUNNER OPTIONS...
  local cfg=$1 bin=$2
  shift 2
  local out j=$tmp/run.json
  if out=$("$bin" --model c --seeds "$seeds" "$@" --quiet --json "$j" 2>&1) && sum=$(check "$j"); then
    echo "ok   $cfg $*: $sum; $(grep -m1 'runs,' <<<"$out")"
  else
    echo "FAIL $cfg $*:"; grep -v '^L[12] ' <<<"$out" | head -20; fails=$((fails + 1))
  fi
  runs=$((runs + seeds))
}

for opts in "--range 8" "--range 10" "--range 12 --len 8" "--len 2 --episodes 48 --range 9" \
            "--range 10 --jitter 40"; do
  run small "$small" $opts
done
run default "$default" --range 10
run default "$default" --range 13 --len 8 --jitter 20
if [ $fails -eq 0 ]; then
  echo "$runs runs of the C memory system passed (small and default caches), final memory compared"
else
  echo "$fails settings failed"
fi
[ $fails -eq 0 ]
