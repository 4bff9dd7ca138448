#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# run_coverage.sh -- the run of `make coverage` (tb/coverage/coverage.mk,
# docs/coverage.md): every program below drives the GPU built with Verilator
# line and toggle coverage; each GPU instance writes its counts to
# $WW_COVERAGE_DIR when it is freed (sw/sim/ww_vgpu.cpp, VM_COVERAGE), and
# after each step verilator_coverage merges them into one file per step.
# Then all steps are merged into build/coverage/merged.dat, written as lcov
# (coverage.info) and annotated sources (annotated/), and reported per module
# by tb/coverage/cov_report.py (table + build/reports/coverage.json).
#
# Steps (each logged to build/coverage/logs/STEP.log):
#   suite/<group>     build/coverage/bin/sw_tests_rtl, the suite groups of
#                     COV_SUITE, strict or follow as tb/gpu/cosim.mk runs them
#   randprog-a, -b    COV_RANDPROG_N random programs (sw/randprog), once each
#   scord/*           the ScoRD microbenchmarks (full, cached), two applications
#   directed          tb/coverage/directed.sh: traps, DRAM back-pressure, ...
# A step that fails is reported and the run goes on; the exit status is 1
# when any step failed or the report failed (an exclusion matches no point,
# or an excluded point was hit).
#
# usage: run_coverage.sh [--seed S] [--only STEP-PREFIX]
#   --seed S   random programs from seed S (default 1), suite seeds 0 and S
#   --only P   only the steps whose name starts with P; the report merges
#              the other steps' parts of the last run
# Environment (tb/coverage/coverage.mk): COV_DIR COV_CLI COV_SWT COV_MICRO
# COV_APPS COV_KDIR COV_RANDPROG_N COV_SUITE (groups) COV_FOLLOW (those of
# them co-simulated in follow mode) COV_JOBS (steps at once, default 2), and
# the RANDPROG_* variables of sw/randprog/randprog.mk.
set -uo pipefail

SEED=
ONLY=
while [ $# -gt 0 ]; do
  case $1 in
    --seed) SEED=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    *) echo "usage: run_coverage.sh [--seed S] [--only STEP-PREFIX]" >&2; exit 2 ;;
  esac
done

: "${COV_DIR:?}" "${COV_CLI:?}" "${COV_SWT:?}" "${COV_MICRO:?}" "${COV_APPS:?}" "${COV_KDIR:?}"
RAW=$COV_DIR/raw
PARTS=$COV_DIR/parts
LOGS=$COV_DIR/logs
MERGED=$COV_DIR/merged.dat
REPORT=build/reports/coverage.json
rm -rf "$RAW" "$LOGS"
[ -z "$ONLY" ] && rm -rf "$PARTS"
mkdir -p "$RAW" "$PARTS" "$LOGS" build/reports

t_start=$SECONDS
JOBS=${COV_JOBS:-2}

# merge NAME: the instance files of step NAME -> parts/NAME.dat
merge() {
  local name=$1 dir=$RAW/$1
  shopt -s nullglob
  local files=("$dir"/*.dat)
  shopt -u nullglob
  [ ${#files[@]} -eq 0 ] && return 1
  # in batches: a long list would pass the argument limit
  local acc=$PARTS/$name.dat i
  rm -f "$acc"
  for ((i = 0; i < ${#files[@]}; i += 200)); do
    local prev=()
    [ -f "$acc" ] && prev=("$acc")
    verilator_coverage --write "$acc.tmp" "${prev[@]}" "${files[@]:i:200}" >/dev/null || return 1
    mv "$acc.tmp" "$acc"
  done
  rm -rf "$dir"
}

# run_step NAME COMMAND...: one step (in the background), output in
# logs/NAME.log, coverage in raw/NAME/; writes logs/NAME.status
run_step() {
  local name=$1
  shift
  local t0=$SECONDS
  mkdir -p "$RAW/$name"
  WW_COVERAGE_DIR=$RAW/$name "$@" >"$LOGS/$name.log" 2>&1
  local rc=$?
  local note=
  merge "$name" || note=" (no coverage written)"
  local tail_line
  tail_line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$LOGS/$name.log" | tail -n 1)
  printf '%-26s %s %4ds  %s%s\n' "$name" "$([ $rc -eq 0 ] && echo "ok    " || echo "FAILED")" \
    $((SECONDS - t0)) "$tail_line" "$note"
  echo "$rc" >"$LOGS/$name.status"
}

# step NAME COMMAND...: runs it, at most JOBS steps at once
step() {
  local name=${1//\//_}
  shift
  if [ -n "$ONLY" ] && [[ $name != "${ONLY//\//_}"* ]]; then
    return
  fi
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
    wait -n
  done
  run_step "$name" "$@" &
}

seeds=0
[ -n "$SEED" ] && seeds=0,$SEED

# ---- the RTL suite, as tb/gpu/cosim.mk runs it ---------------------------------
# (the slowest first, so that the two lanes end together)
for g in $COV_SUITE; do
  mode=strict
  [[ " $COV_FOLLOW " == *" $g "* ]] && mode=follow
  step "suite/$g" "$COV_SWT" --backend=verilator --cosim=$mode --seeds=$seeds --only="$g"
done

# ---- random programs ----------------------------------------------------------------
# Built by sw/randprog/run_randprog.sh, each run once on the RTL in strict
# co-simulation (the runner's three interleavings matter on the model, not
# here). A fixed first seed keeps the report reproducible; --seed S moves it.
rp_n=${COV_RANDPROG_N:-10}
rp_dir=$COV_DIR/randprog
rm -rf "$rp_dir"
mkdir -p "$rp_dir"
if [ -z "$ONLY" ] || [[ randprog == "$ONLY"* ]]; then
  sw/randprog/run_randprog.sh --build-only --keep "$rp_dir" --count "$rp_n" --seed "${SEED:-1}" \
    >"$LOGS/randprog-build.log" 2>&1 || failed_build=1
fi
# rp_run LANE LANES: every LANES-th program of the manifest from LANE on
rp_run() {
  local lane=$1 lanes=$2 i=0 pass=0 fail=0 seed elf grid block bytes
  while read -r seed elf grid block bytes; do
    i=$((i + 1))
    [ $(((i - 1) % lanes)) -eq "$lane" ] || continue
    if "$COV_CLI" run "$elf" --grid "$grid" --block "$block" --arg "buf:$bytes" --arg "$bytes" \
         --backend verilator >"$rp_dir/rp_$seed.out" 2>&1 && grep -q '^ok: ' "$rp_dir/rp_$seed.out"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL seed $seed: $(tail -n 3 "$rp_dir/rp_$seed.out")"
    fi
  done <"$rp_dir/manifest.txt"
  echo "randprog: $pass passed, $fail failed"
  [ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
}
step randprog-a rp_run 0 2
step randprog-b rp_run 1 2

# ---- ScoRD: microbenchmarks and applications with the detector on -----------------
step scord/micro-full "$COV_MICRO" --rtl=full --seeds=0
step scord/micro-cached "$COV_MICRO" --rtl=cached --seeds=0
# two applications, correct versions: rule110's detector back-pressure stalls
# other warps' memory instructions (the GSI's ms_scord sub-class); all six
# with their racy versions take ~10 minutes here and reach no other line
step scord/apps-rule110 "$COV_APPS" --backend=verilator --scord=cached --seeds=0 --only=rule110 --race=0
# and matmul_lock (locks and fences: the fence file's counters)
step scord/apps-matmul_lock "$COV_APPS" --backend=verilator --scord=cached --seeds=0 \
  --only=matmul_lock --race=0

# ---- directed kernels -------------------------------------------------------------------
step directed tb/coverage/directed.sh "$COV_CLI" "$COV_KDIR"

wait
failed=()
[ -n "${failed_build:-}" ] && failed+=(randprog-build)
for f in "$LOGS"/*.status; do
  [ "$(cat "$f")" = 0 ] || failed+=("$(basename "$f" .status)")
done

# ---- merge and report -------------------------------------------------------------------
shopt -s nullglob
parts=("$PARTS"/*.dat)
shopt -u nullglob
if [ ${#parts[@]} -eq 0 ]; then
  echo "coverage: no coverage data" >&2
  exit 1
fi
verilator_coverage --write "$MERGED" "${parts[@]}" >/dev/null
verilator_coverage --write-info "$COV_DIR/coverage.info" "$MERGED" >/dev/null
rm -rf "$COV_DIR/annotated"
verilator_coverage --annotate "$COV_DIR/annotated" --annotate-min 1 "$MERGED" \
  >"$LOGS/annotate.log" 2>&1
echo
echo "coverage of ${#parts[@]} steps merged in $MERGED ($((SECONDS - t_start)) s);" \
  "lcov: $COV_DIR/coverage.info, annotated sources: $COV_DIR/annotated/"
echo
python3 tb/coverage/cov_report.py "$MERGED" tb/coverage/exclusions.txt "$REPORT"
rc=$?
echo "report: $REPORT"
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed steps: ${failed[*]} (logs in $LOGS/)"
  rc=1
fi
exit $rc
