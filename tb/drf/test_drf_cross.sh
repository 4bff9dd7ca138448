#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_drf_cross.sh SMALL_RUN DEFAULT_RUN [VOQ_RUN] -- the C memory system is
# cycle-exact: drf_run --model rtl (the Verilated ww_drf_top) and --model c
# (its C model) on the same seeds and settings write the same JSON but for
# the model's name and the wall time: the same cycles, done / fail, every
# status word (counters, a failure and its event log), the final memory
# check, and every L1 and L2 transition count. The settings include passing
# runs (small and default caches, DRAM jitter, a longer DRAM latency, DRAM
# refresh; request links held at random, --hold; the voq configuration:
# the request crossbar's virtual output queues) and failing ones (a watchdog too short: HANG, with its status
# words).
set -uo pipefail
small=$1 default=$2 voq=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0 cycles=0 n=0

# compare RTL.json C.json: equal but for "model" and "wall_s"; prints the cycles
same() {
  python3 - "$1" "$2" <<'EOF'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
if a.pop("model") != "rtl" or b.pop("model") != "c":
    sys.exit("the JSON does not name the models rtl and c")
a.pop("wall_s"), b.pop("wall_s")
if a != b:
    for k in a:
        if a[k] != b.get(k):
            if k == "runs":
                for ra, rb in zip(a[k], b[k]):
                    if ra != rb:
                        print("seed %d: rtl %s" % (ra["seed"], json.dumps(ra)[:600]))
                        print("seed %d: c   %s" % (rb["seed"], json.dumps(rb)[:600]))
                        break
            else:
                print("%s: rtl %s, c %s" % (k, json.dumps(a[k])[:300], json.dumps(b.get(k))[:300]))
    sys.exit(1)
print(a["cycles"], sum(r["fail"] for r in a["runs"]))
EOF
}

cross() {   # CONFIG RUNNER OPTIONS...
  local cfg=$1 bin=$2
  shift 2
  "$bin" --model rtl "$@" --quiet --json "$tmp/rtl.json" >/dev/null 2>&1
  local rc_rtl=$?
  "$bin" --model c "$@" --quiet --json "$tmp/c.json" >/dev/null 2>&1
  local rc_c=$? res
  if [ $rc_rtl -eq $rc_c ] && res=$(same "$tmp/rtl.json" "$tmp/c.json"); then
    read -r cyc nfail <<<"$res"
    echo "ok   $cfg $*: identical ($cyc cycles, $nfail failed runs)"
    cycles=$((cycles + cyc))
  else
    echo "FAIL $cfg $*: exit rtl $rc_rtl, c $rc_c"; echo "$res" | head -8; fails=$((fails + 1))
  fi
  n=$((n + 1))
}

cross small "$small" --seed 1 --seeds 2 --range 10
cross small "$small" --seed 2 --seeds 2 --range 11 --refresh 600
[ -n "$voq" ] && cross voq "$voq" --seed 4 --seeds 2 --range 11 --len 2 --episodes 24 --refresh 400
[ -n "$voq" ] && cross voq "$voq" --seed 9 --seeds 2 --range 8 --len 4 --episodes 24 --latency 10 --hold 500
cross small "$small" --seed 6 --seeds 2 --range 9 --len 4 --episodes 16 --hold 40
cross small "$small" --seed 7 --seeds 2 --range 8 --len 4 --episodes 24 --jitter 40
cross small "$small" --seed 3 --seeds 2 --range 12 --latency 250 --jitter 100
cross small "$small" --seed 5 --seeds 3 --range 9 --watchdog 150
cross small "$small" --seed 11 --seeds 4 --range 11 --watchdog 1000 --jitter 200
cross default "$default" --seed 2 --seeds 2 --range 11 --jitter 20
if [ $fails -eq 0 ]; then
  echo "$n settings: RTL and C model identical ($cycles cycles, coverage, status words)"
else
  echo "$fails of $n settings differ between the RTL and the C model"
fi
[ $fails -eq 0 ]
