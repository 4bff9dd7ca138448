#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# bench_drf.sh -- `make bench-drf`: the DRF tester measured like the paper's
# evaluation (the autonomous DRF GPU testing paper, sec. V): transition
# coverage of the L1 and L2 by the tester against the kernel suite, the
# cycles and wall time each needs, the injected bugs it catches and how
# fast. Every number comes from the runs of this one invocation; the report
# names the command behind each. docs/drf.md sec. 4.
#
#   suite    the whole kernel suite on the RTL GPU (sw_tests_rtl
#            --backend=verilator --cosim=off --seeds=1), its L1/L2
#            transition pulses summed (WW_COV_OUT) and its cycles summed
#            over its launches (--runs)
#   tester   drf_run runs, one seed at a time, over a mix of the paper's
#            Table III-like settings on the three configurations (small and
#            default caches; wide: 8 wavefronts of 16 lanes): the coverage after each, the cycles and wall time
#            until it covers every transition the suite covers and until
#            its own final coverage
#   bugs     each injected bug (sw/drf/ww_drf_cov.c) on the small caches:
#            caught or not, the cycles to detection (the failing run's
#            cycle plus the cycles of the seeds before it), the report
#   heatmap  per controller the tester's and the suite's counts as a
#            state x event picture (gnuplot; like the paper's Fig. 7)
# Output: table on stdout, build/reports/drf.json, build/reports/drf_l1.png,
# build/reports/drf_l2.png (and their data), build/reports/drf/*.txt logs.
set -euo pipefail
cd "$(dirname "$0")/.."

SMALL=build/drf/small/drf_run
DEFAULT=build/drf/default/drf_run
VOQ=build/drf/voq/drf_run
SWT=build/tests/sw/sw_tests_rtl
OUT=build/reports/drf
JSON=build/reports/drf.json
mkdir -p "$OUT"
rm -f "$OUT"/*.txt "$OUT"/*.dat

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# ---- coverage sets from a drf_run summary ------------------------------
# inactive transitions (one per line, "L1 I/Load") of a summary
inactive() { grep '^L[12] transitions' <<<"$1" | while read -r ctl _ rest; do
               sed -n 's/.*inactive: //p' <<<"$rest" | tr ' ' '\n' | sed "/^$/d; s/^/$ctl /"; done | sort; }
counts() { grep "^$1 transitions" <<<"$2" | sed 's/.*: \([0-9]*\) of \([0-9]*\) .*/\1 \2/'; }

# ---- the suite ------------------------------------------------------------
echo "suite: $SWT --backend=verilator --cosim=off --seeds=1 (WW_COV_OUT)"
rm -f "$OUT/suite_cov.txt" "$OUT/suite_runs.jsonl"
t0=$(now)
WW_COV_OUT="$OUT/suite_cov.txt" "$SWT" --backend=verilator --cosim=off --seeds=1 \
  --runs="$OUT/suite_runs.jsonl" > "$OUT/suite.txt" 2>&1 || { tail -20 "$OUT/suite.txt"; exit 1; }
t1=$(now)
suite_wall=$(secs "$t0" "$t1")
suite_cycles=$(grep -o '"steps": [0-9]*' "$OUT/suite_runs.jsonl" | awk '{ s += $2 } END { print s + 0 }')
suite_launches=$(wc -l < "$OUT/suite_runs.jsonl")
suite_sum=$("$SMALL" --cov-report "$OUT/suite_cov.txt" --json "$OUT/suite_cov.json")
echo "$suite_sum"
suite_inactive=$(inactive "$suite_sum")
read -r s1a s1r <<<"$(counts L1 "$suite_sum")"
read -r s2a s2r <<<"$(counts L2 "$suite_sum")"

# ---- the tester -----------------------------------------------------------
# the mix: configuration | seeds | settings; each entry runs its seeds one
# at a time. Many short runs first (different seeds map the variables to
# different lines: breadth), then longer ones and the large caches.
S=${BENCH_DRF_SEEDS:-3}
mix=(
  "small|$((2 * S))|--len 2 --range 11 --episodes 4"
  "small|$S|--range 8 --episodes 4"
  "small|$((2 * S))|--range 10"
  "small|$S|--len 4 --range 9 --episodes 64"
  "small|$S|--len 1 --range 9 --episodes 64"
  "small|$S|--range 12"
  "default|$S|--range 9"
  "default|$S|--range 13 --len 8"
  "wide|$S|--range 10 --episodes 8"
)
acc="$OUT/tester_cov.txt"
rm -f "$acc"
t_cycles=0 t_wall=0 reach_suite_cycles="" reach_suite_wall="" runs=0
echo "tester: drf_run, one seed at a time, coverage summed over the runs (--cov-acc)"
for m in "${mix[@]}"; do
  IFS='|' read -r cfg nseeds opts <<<"$m"
  run=build/drf/$cfg/drf_run
  for ((k = 1; k <= nseeds; k++)); do
    t0=$(now)
    out=$("$run" --seed "$k" $opts --quiet --cov-acc "$acc")
    t1=$(now)
    runs=$((runs + 1))
    grep -q '0 failed, 0 unfinished' <<<"$out" || { echo "FAIL: $run --seed $k $opts"; echo "$out"; exit 1; }
    c=$(sed -n 's/.*unfinished; \([0-9]*\) cycles.*/\1/p' <<<"$out")
    t_cycles=$((t_cycles + c))
    t_wall=$(awk -v a="$t_wall" -v b="$(secs "$t0" "$t1")" 'BEGIN { printf "%.2f", a + b }')
    if [ -z "$reach_suite_cycles" ]; then
      # every transition the suite covers is covered
      missing=$(comm -23 <(inactive "$out") <(echo "$suite_inactive") || true)
      if [ -z "$missing" ]; then reach_suite_cycles=$t_cycles reach_suite_wall=$t_wall; fi
    fi
  done
  echo "  $cfg, $nseeds seeds, $opts: $(grep '^L1 transitions' <<<"$out" | cut -d' ' -f3-6) L1, $(grep '^L2 transitions' <<<"$out" | cut -d' ' -f3-6) L2 (cumulative $t_cycles cycles)"
done
tester_sum=$("$SMALL" --cov-report "$acc" --json "$OUT/tester_cov.json")
echo "$tester_sum"
read -r t1a t1r <<<"$(counts L1 "$tester_sum")"
read -r t2a t2r <<<"$(counts L2 "$tester_sum")"
[ -n "$reach_suite_cycles" ] || { reach_suite_cycles=$t_cycles; reach_suite_wall=$t_wall; }
speedup=$(awk -v s="$suite_cycles" -v t="$reach_suite_cycles" 'BEGIN { printf "%.1f", s / t }')
wall_speedup=$(awk -v s="$suite_wall" -v t="$reach_suite_wall" 'BEGIN { printf "%.1f", (t > 0) ? s / t : 0 }')

# ---- bugs -----------------------------------------------------------------
bugs_json=""
caught=0 nbugs=0
echo "bugs: $SMALL --bug NAME --seeds 8 --expect-fail, --range 10 --len 16 --episodes 16 (L1_INVAL_KEEPS_LINES: --range 8 --len 2 --episodes 64; L1_WACK_ON_SEND: $VOQ --seeds 20 --range 8 --len 4 --episodes 30 --latency 10 --hold 500)"
while read -r bug _; do
  brun=$SMALL nseeds=8
  case $bug in
    L1_INVAL_KEEPS_LINES) bopts="--range 8 --len 2 --episodes 64" ;;
    L1_WACK_ON_SEND) brun=$VOQ nseeds=20 bopts="--range 8 --len 4 --episodes 30 --latency 10 --hold 500" ;;
    *) bopts="--range 10 --len 16 --episodes 16" ;;
  esac
  nbugs=$((nbugs + 1))
  "$brun" --bug "$bug" --seeds $nseeds $bopts --expect-fail --quiet \
    --json "$OUT/bug_$bug.json" > "$OUT/bug_$bug.txt" 2> "$OUT/bug_$bug.err" || true
  first=$(grep -m1 '^FAIL' "$OUT/bug_$bug.txt" || true)
  if [ -n "$first" ]; then
    caught=$((caught + 1))
    fseed=$(sed 's/^FAIL seed \([0-9]*\):.*/\1/' <<<"$first")
    # cycles of the seeds before the failing one, plus its failure cycle
    before=$(grep -o '"seed": [0-9]*, "cycles": [0-9]*' "$OUT/bug_$bug.json" |
             awk -v f="$fseed" '{ gsub(",", ""); if ($2 < f) s += $4 } END { print s + 0 }')
    fcyc=$(grep -m1 -A1 '^FAIL' "$OUT/bug_$bug.txt" | sed -n 's/^  cycle \([0-9]*\),.*/\1/p')
    # a final-memory failure is seen when its run ends: all of its cycles
    [ -n "$fcyc" ] || fcyc=$(grep -o '"seed": [0-9]*, "cycles": [0-9]*' "$OUT/bug_$bug.json" |
                             awk -v f="$fseed" '{ gsub(",", ""); if ($2 == f) print $4 }')
    detect=$((before + ${fcyc:-0}))
    kind=$(sed 's/^FAIL seed [0-9]*: //' <<<"$first")
    log=$(sed -n '/^FAIL/,/replay:/p' "$OUT/bug_$bug.txt" | head -12 | sed 's/\\/\\\\/g; s/"/\\"/g' | awk '{ printf "%s\\n", $0 }')
    printf '  %-22s caught  %8d cycles  %s\n' "$bug" "$detect" "$kind"
    bugs_json+="${bugs_json:+,}
    {\"name\": \"$bug\", \"caught\": true, \"cycles_to_detect\": $detect, \"kind\": \"$kind\", \"report\": \"$log\"}"
  else
    printf '  %-22s NOT caught in %d seeds (docs/drf.md sec. 5)\n' "$bug" "$nseeds"
    bugs_json+="${bugs_json:+,}
    {\"name\": \"$bug\", \"caught\": false, \"cycles_to_detect\": null}"
  fi
done < <("$SMALL" --list-bugs)

# ---- heat maps ----------------------------------------------------------------
heat() {   # ctl(L1|L2) states events tester.json suite.json png
  local ctl=$1 key lc
  lc=$(tr 'A-Z' 'a-z' <<<"$ctl")
  for who in tester suite; do
    # counts matrix rows of the JSON
    sed -n "/\"$lc\": {/,/undefined/p" "$OUT/${who}_cov.json" | sed -n 's/.*"counts": \[\(.*\)\],*$/\1/p' |
      sed 's/\], \[/\n/g; s/[][]//g; s/,//g' > "$OUT/${lc}_${who}.dat"
    sed -n "/\"$lc\": {/,/^ *}/p" "$OUT/${who}_cov.json" | sed -n 's/.*"undefined": \[\(.*\)\]}.*/\1/p' |
      sed 's/\], \[/\n/g; s/[][]//g; s/,//g; s/true/1/g; s/false/0/g' > "$OUT/${lc}_undef.dat"
  done
  local states events
  states=$(sed -n "/\"$lc\": {/,/events/p" "$OUT/tester_cov.json" | sed -n 's/.*"states": \[\([^]]*\)\].*/\1/p' | tr -d '"' | tr -d ' ')
  events=$(sed -n "/\"$lc\": {/,/events/p" "$OUT/tester_cov.json" | sed -n 's/.*"events": \[\([^]]*\)\].*/\1/p' | tr -d '"' | tr -d ' ')
  # labels: x = undefined, 0 = reachable but never taken
  for who in tester suite; do
    paste -d' ' <(awk '{ for (i = 1; i <= NF; i++) print NR - 1, i - 1, $i }' "$OUT/${lc}_${who}.dat") \
                <(awk '{ for (i = 1; i <= NF; i++) print $i }' "$OUT/${lc}_undef.dat") |
      awk '{ if ($4) print $2, $1, "x"; else if ($3 == 0) print $2, $1, "0" }' > "$OUT/${lc}_${who}_labels.dat"
  done
  local ytics="" xtics="" i=0
  IFS=',' read -ra S <<<"$states"; IFS=',' read -ra E <<<"$events"
  for s in "${S[@]}"; do ytics+="${ytics:+, }\"$s\" $i"; i=$((i + 1)); done
  i=0; for e in "${E[@]}"; do xtics+="${xtics:+, }\"$e\" $i"; i=$((i + 1)); done
  gnuplot <<EOF
set terminal pngcairo size 1100,420 font "sans,10"
set output "build/reports/drf_${lc}.png"
set multiplot layout 1,2 title "$ctl transitions: log10(count + 1); x = undefined, 0 = reachable but never taken"
set palette defined (0 "white", 0.01 "#fde0dd", 1 "#fa9fb5", 3 "#c51b8a", 6 "#49006a")
set cbrange [0:6]
set xtics ($xtics) rotate by 30 right
set ytics ($ytics)
set yrange [${#S[@]}-0.5:-0.5]
set xrange [-0.5:${#E[@]}-0.5]
unset key
do for [w in "tester suite"] {
  set title (w eq "tester" ? "DRF tester ($runs runs)" : "kernel suite ($suite_launches launches)")
  plot "$OUT/${lc}_".w.".dat" matrix using 1:2:(log10(\$3+1)) with image, \
       "$OUT/${lc}_".w."_labels.dat" using 1:2:3 with labels
}
unset multiplot
EOF
}
heat L1
heat L2

# ---- report ---------------------------------------------------------------------
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", 100 * a / b }'; }
echo
echo "DRF tester vs the kernel suite (docs/drf.md sec. 4)"
printf '%-28s %12s %12s\n' "" "tester" "suite"
printf '%-28s %12s %12s\n' "L1 transitions active" "$t1a / $t1r" "$s1a / $s1r"
printf '%-28s %12s %12s\n' "L2 transitions active" "$t2a / $t2r" "$s2a / $s2r"
printf '%-28s %11s%% %11s%%\n' "L1 coverage" "$(pct "$t1a" "$t1r")" "$(pct "$s1a" "$s1r")"
printf '%-28s %11s%% %11s%%\n' "L2 coverage" "$(pct "$t2a" "$t2r")" "$(pct "$s2a" "$s2r")"
printf '%-28s %12s %12s\n' "cycles (all runs)" "$t_cycles" "$suite_cycles"
printf '%-28s %12s %12s\n' "wall seconds (all runs)" "$t_wall" "$suite_wall"
printf '%-28s %12s\n' "cycles to the suite's cov." "$reach_suite_cycles"
printf '%-28s %12s\n' "wall s to the suite's cov." "$reach_suite_wall"
printf '%-28s %11sx (wall %sx)\n' "speed-up vs the suite" "$speedup" "$wall_speedup"
printf '%-28s %12s\n' "bugs caught" "$caught / $nbugs"
echo "heat maps: build/reports/drf_l1.png build/reports/drf_l2.png"

cat > "$JSON" <<EOF
{
  "command": "make bench-drf",
  "coverage": {
    "l1": {"reachable": $t1r, "active": $t1a},
    "l2": {"reachable": $t2r, "active": $t2a}
  },
  "suite_coverage": {
    "l1": {"reachable": $s1r, "active": $s1a},
    "l2": {"reachable": $s2r, "active": $s2a}
  },
  "tester": {"runs": $runs, "cycles": $t_cycles, "wall_s": $t_wall,
             "cycles_to_suite_coverage": $reach_suite_cycles, "wall_s_to_suite_coverage": $reach_suite_wall,
             "mix": "$(printf '%s; ' "${mix[@]}")"},
  "suite": {"launches": $suite_launches, "cycles": $suite_cycles, "wall_s": $suite_wall,
            "command": "WW_COV_OUT=... $SWT --backend=verilator --cosim=off --seeds=1"},
  "speedup_vs_suite": $speedup,
  "wall_speedup_vs_suite": $wall_speedup,
  "bugs": [$bugs_json
  ]
}
EOF
echo "wrote $JSON"
