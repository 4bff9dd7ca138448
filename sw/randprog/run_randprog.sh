#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# run_randprog.sh -- generates random race-free SIMT programs (ww_randprog),
# builds them with the kernel toolchain of sw/sw.mk (clang + lld, sw/crt0.S,
# sw/link/kernel.ld) and runs each on the golden C model through the
# warpwatch CLI under round robin and two random warp interleavings. A
# program passes when
#   (a) no run traps (and none exceeds the step limit),
#   (b) the output buffer is identical in the three runs (race freedom),
#   (c) the output is not trivial: every thread wrote its marker
#       0x5EED0000 + gid, and some other word is non-zero,
#   and its code fits 6 KiB and it retires at most 20000 warp instructions.
# On a failure it prints the seed, keeps the files in build/randprog/fail/,
# and prints the commands that replay it.
#
# With --inject-bug KIND every program is a deliberately illegal variant and
# the expectation is reversed: each one must be caught by (a) or (b). This is
# the mutant that proves the check can fail.
#
# usage: run_randprog.sh [--seed S] [--count N] [--jobs J] [--insns K]
#                        [--inject-bug divergent|bar|race] [--keep DIR]
#                        [--build-only]
#   --seed S       first seed (default: a fresh random one, printed)
#   --count N      programs S .. S+N-1 (default 100)
#   --jobs J       parallel workers (default: the number of CPUs)
#   --insns K      passed to ww_randprog
#   --keep DIR     keep every program in DIR: rp_S.S, rp_S.elf, and
#                  DIR/manifest.txt with "SEED ELF GRID BLOCK OUT_BYTES" lines
#   --build-only   generate and build, do not run (with --keep: the inputs
#                  of a co-simulation runner)
# Environment (the Makefile passes sw/sw.mk's values):
#   RANDPROG_CC    kernel compiler and flags   RANDPROG_LD  linker and flags
#   RANDPROG_GEN   the generator binary        WARPWATCH    the CLI
#   RANDPROG_WW_OPTS  extra options for every `warpwatch run` (e.g. a backend)
#   RANDPROG_RTL_SEEDED=1  on the verilator backend, run with a non-zero seed
#                     (DRAM timing noise) instead of seed 0
# Exit status 0 when every program passes (or, with --inject-bug, every
# mutant is caught); the last line is "randprog: N passed, N failed ...".
set -uo pipefail

# ---- worker: one seed --------------------------------------------------------
# Prints one result line (plus details on failure); exit 0 = as expected.
worker() {
  local s=$1 d=$RP_WORK/$1
  mkdir -p "$d"
  local src=$d/rp_$s.S obj=$d/rp_$s.o elf=$d/rp_$s.elf
  local gen_cmd=("$RP_GEN" --seed "$s" -o "$src" --print-launch)
  [ -n "$RP_INSNS" ] && gen_cmd+=(--insns "$RP_INSNS")
  [ -n "$RP_BUG" ] && gen_cmd+=(--inject-bug "$RP_BUG")
  local launch
  if ! launch=$("${gen_cmd[@]}" 2>"$d/gen.err"); then
    echo "FAIL seed $s: the generator failed: $(head -c 300 "$d/gen.err")"
    keep_fail "$s" "$d"
    return 1
  fi
  local grid block bytes
  read -r grid block bytes <<<"$launch"
  # shellcheck disable=SC2086  # the flags are word lists
  if ! $RP_CC -c "$src" -o "$obj" 2>"$d/cc.err" ||
     ! $RP_LD "$RP_CRT0" "$obj" -o "$elf" 2>>"$d/cc.err"; then
    echo "FAIL seed $s: the program does not build: $(head -c 400 "$d/cc.err")"
    keep_fail "$s" "$d"
    return 1
  fi
  local text
  text=$(llvm-size -A "$elf" | awk '$1 == ".text" { print $2 }')
  if [ -z "$text" ] || [ "$text" -gt 6144 ]; then
    echo "FAIL seed $s: .text is ${text:-?} bytes, more than 6144"
    keep_fail "$s" "$d"
    return 1
  fi
  if [ -n "$RP_KEEP" ]; then
    cp "$src" "$elf" "$RP_KEEP/"
    echo "$s $RP_KEEP/rp_$s.elf $grid $block $bytes" >"$RP_KEEP/rp_$s.launch"
  fi
  if [ -n "$RP_BUILD_ONLY" ]; then
    echo "BUILT seed $s: grid $grid block $block out_bytes $bytes text $text"
    rm -rf "$d"
    return 0
  fi

  # Round robin, then two random interleavings derived from the seed.
  local iseeds=(0 $((2 * s + 1)) $((2 * s + 2)))
  local run=("$RP_WW" run "$elf" --grid "$grid" --block "$block" --arg "buf:$bytes"
             --arg "$bytes" --print 0:x32 --max-steps 2000000)
  # shellcheck disable=SC2206  # extra options are a word list
  [ -n "$RP_WW_OPTS" ] && run+=($RP_WW_OPTS)
  local i why="" detected="" insns="" runs="0 1 2"
  # The RTL has one interleaving of its own and co-simulates every run
  # against the model: one run suffices there.
  # With RANDPROG_RTL_SEEDED=1 that run uses a non-zero seed: on the RTL the
  # DRAM timing noise of docs/gpu_rtl.md "RTL timing seeds".
  case " $RP_WW_OPTS " in
    *" verilator "*|*"=verilator "*) runs="0"; [ "${RANDPROG_RTL_SEEDED:-0}" = 1 ] && iseeds[0]=$((2 * s + 1)) ;;
  esac
  for i in $runs; do
    "${run[@]}" --seed "${iseeds[$i]}" >"$d/out$i" 2>"$d/err$i"
    local rc=$?
    if [ $rc -ne 0 ]; then
      why="interleaving --seed ${iseeds[$i]}: exit $rc: $(grep -v '^\s*$' "$d/err$i" | head -n 2 | tr '\n' ' ')"
      detected="trap"
      break
    fi
    local n
    n=$(sed -n 's/^ok: .* \([0-9]*\) warp instructions$/\1/p' "$d/out$i")
    grep -m1 '^arg0 x32' "$d/out$i" >"$d/buf$i"
    insns=${insns:-$n}
    if [ -z "$n" ] || [ "$n" -gt 20000 ]; then
      why="interleaving --seed ${iseeds[$i]}: ${n:-?} warp instructions (limit 20000)"
      break
    fi
    if [ $i -gt 0 ] && ! cmp -s "$d/buf0" "$d/buf$i"; then
      local first
      first=$(paste -d' ' <(tr ' ' '\n' <"$d/buf0") <(tr ' ' '\n' <"$d/buf$i") |
              awk 'NR > 2 && $1 != $2 { printf "word %d (byte %d): %s vs %s", NR - 3, 4 * (NR - 3), $1, $2; exit }')
      why="output differs between round robin and --seed ${iseeds[$i]}: $first"
      detected="race"
      break
    fi
  done
  if [ -z "$why" ]; then
    # (c): markers and a non-trivial image
    why=$(tr ' ' '\n' <"$d/buf0" | tail -n +3 |
          awk -v nthr=$((grid * block)) '
            { w = NR - 1 }
            w < nthr * 32 && w % 32 == 31 {
              if ($1 != sprintf("0x%08x", 1592590336 + int(w / 32))) {
                printf "thread %d has no end marker (word %d is %s)", int(w / 32), w, $1; bad = 1; exit
              }
              next
            }
            $1 != "0x00000000" { nz++ }
            END { if (!bad && nz == 0) printf "the output is all zero apart from the markers" }')
  fi

  local replay="sw/randprog/run_randprog.sh --seed $s --count 1 --keep build/randprog/replay${RP_BUG:+ --inject-bug $RP_BUG}"
  local manual="$RP_GEN --seed $s${RP_BUG:+ --inject-bug $RP_BUG} -o rp.S && $RP_CC -c rp.S -o rp.o && $RP_LD $RP_CRT0 rp.o -o rp.elf && $RP_WW run rp.elf --grid $grid --block $block --arg buf:$bytes --arg $bytes --print 0:x32${RP_WW_OPTS:+ $RP_WW_OPTS} --seed ${iseeds[${i:-0}]}"
  [ "$detected" = race ] && manual+="   (and the same with --seed 0 to compare)"
  if [ -n "$RP_BUG" ]; then
    if [ -n "$detected" ]; then
      echo "CAUGHT seed $s ($RP_BUG, grid $grid block $block): $why"
      rm -rf "$d"
      return 0
    fi
    echo "MISSED seed $s: the injected '$RP_BUG' bug was not detected${why:+ ($why)}"
    echo "  replay: $replay"
    keep_fail "$s" "$d"
    return 1
  fi
  if [ -n "$why" ]; then
    echo "FAIL seed $s (grid $grid block $block): $why"
    echo "  replay: $replay"
    echo "  by hand: $manual"
    keep_fail "$s" "$d"
    return 1
  fi
  echo "PASS seed $s: grid $grid block $block, $insns warp instructions, text $text bytes"
  rm -rf "$d"
  return 0
}

keep_fail() {
  mkdir -p build/randprog/fail
  rm -rf "build/randprog/fail/$1"
  mv "$2" "build/randprog/fail/$1"
  echo "  files: build/randprog/fail/$1/"
}

if [ "${1:-}" = "--worker" ]; then
  # One write per seed, so that parallel workers' reports do not interleave.
  report=$(worker "$2")
  rc=$?
  printf '%s\n' "$report"
  exit $rc
fi

# ---- driver ------------------------------------------------------------------------
# Paths are relative to the repository root, like every other script's.
self=$(readlink -f "$0")
cd "$(dirname "$self")/../.." || exit 2
seed="" count=100 jobs=$(nproc 2>/dev/null || echo 2) insns="" bug="" keep="" build_only=""
while [ $# -gt 0 ]; do
  opt=$1
  shift
  case $opt in
    --seed|--count|--jobs|--insns|--inject-bug|--keep)
      [ $# -gt 0 ] || { echo "run_randprog.sh: $opt needs a value" >&2; exit 2; }
      val=$1
      shift
      case $opt in
        --seed) seed=$val ;;
        --count) count=$val ;;
        --jobs) jobs=$val ;;
        --insns) insns=$val ;;
        --inject-bug) bug=$val ;;
        --keep) keep=$val ;;
      esac ;;
    --build-only) build_only=1 ;;
    -h|--help) sed -n '4,/^set -uo/p' "$self" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run_randprog.sh: unknown argument '$opt' (see --help)" >&2; exit 2 ;;
  esac
done
num() { [[ $2 =~ ^[0-9]+$ ]] || { echo "run_randprog.sh: $1 needs a number, not '$2'" >&2; exit 2; }; }
[ -z "$seed" ] && seed=$(( (RANDOM << 15 | RANDOM) % 1000000000 ))
num --seed "$seed"
num --count "$count"
num --jobs "$jobs"
[ -n "$insns" ] && num --insns "$insns"
[ "$seed" -lt 1000000000000 ] || { echo "run_randprog.sh: --seed must be below 10^12" >&2; exit 2; }
[ "$jobs" -ge 1 ] || jobs=1
[ "$count" -ge 1 ] || { echo "run_randprog.sh: --count must be at least 1" >&2; exit 2; }
case $bug in ""|divergent|bar|race) ;; *) echo "run_randprog.sh: --inject-bug: divergent, bar or race" >&2; exit 2 ;; esac

export RP_GEN=${RANDPROG_GEN:-build/bin/ww_randprog}
export RP_WW=${WARPWATCH:-build/bin/warpwatch}
export RP_CC=${RANDPROG_CC:-clang --target=riscv32-unknown-elf -march=rv32im -mabi=ilp32 -O2 -g -ffreestanding -nostdlib -fno-builtin -Xclang -fconvergent-functions -Wall -Wextra -Werror -Isw/include -Icmodel/include}
export RP_LD=${RANDPROG_LD:-ld.lld -m elf32lriscv -T sw/link/kernel.ld -L sw/link --gc-sections}
export RP_CRT0=${RANDPROG_CRT0:-build/kernels/obj/crt0.o}
export RP_WW_OPTS=${RANDPROG_WW_OPTS:-}
export RP_INSNS=$insns RP_BUG=$bug RP_BUILD_ONLY=$build_only RP_KEEP=$keep
for f in "$RP_GEN" "$RP_CRT0"; do
  [ -e "$f" ] || { echo "run_randprog.sh: $f is missing (make $f)" >&2; exit 2; }
done
[ -n "$build_only" ] || [ -x "$RP_WW" ] || { echo "run_randprog.sh: $RP_WW is missing (make $RP_WW)" >&2; exit 2; }
if [ -n "$keep" ]; then
  mkdir -p "$keep" || exit 2
  rm -f "$keep"/rp_*.launch
fi
mkdir -p build/randprog
RP_WORK=$(mktemp -d build/randprog/work.XXXXXX)
export RP_WORK
trap 'rm -rf "$RP_WORK"' EXIT

last=$((seed + count - 1))
what=""
[ -n "$bug" ] && what=" with the injected bug '$bug' (each must be caught)"
echo "randprog: seeds $seed..$last, $jobs jobs$what"
t0=$(date +%s%N)
log=$RP_WORK/results
seq "$seed" "$last" | xargs -P "$jobs" -n 1 "$self" --worker >"$log" 2>&1
grep -v -E '^(PASS|CAUGHT|BUILT) ' "$log" | sed -n '1,60p'
pass=$(grep -c -E '^(PASS|CAUGHT|BUILT) ' "$log")
fail=$((count - pass))
if [ -n "$keep" ]; then
  cat "$keep"/rp_*.launch 2>/dev/null | sort -n >"$keep/manifest.txt"
  rm -f "$keep"/rp_*.launch
  echo "randprog: kept in $keep/ (manifest.txt: SEED ELF GRID BLOCK OUT_BYTES)"
fi
secs=$(( ($(date +%s%N) - t0) / 1000000 ))
if [ -n "$build_only" ]; then
  echo "randprog: $pass built, $fail failed (seeds $seed..$last, $((secs / 1000)).$(( (secs % 1000) / 100 ))s)"
elif [ -z "$bug" ]; then
  insns_total=$(awk '/^PASS/ { n += $8 } END { print n + 0 }' "$log")
  echo "randprog: $pass passed, $fail failed (seeds $seed..$last, $insns_total warp instructions, $((secs / 1000)).$(( (secs % 1000) / 100 ))s)"
else
  echo "randprog: $pass passed, $fail failed: $pass of $count '$bug' mutants caught (seeds $seed..$last, $((secs / 1000)).$(( (secs % 1000) / 100 ))s)"
fi
[ "$fail" -eq 0 ]
