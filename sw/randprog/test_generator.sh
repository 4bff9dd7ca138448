#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_generator.sh -- checks ww_randprog itself (normally its ASan + UBSan
# build): usage errors exit 2, the same seed gives the same program,
# --print-launch agrees with the header and with the documented output size
# (grid*block*128 + grid*64 + 64), --grid/--block override the seed's shape,
# the shapes over many seeds span grid 1..6 and block 1..32 with partial and
# full warps, and the mutants carry their marker.
#
# usage: test_generator.sh [GENERATOR]     default build/bin/ww_randprog
# Last line: "N passed, N failed".
set -uo pipefail

GEN=${1:-build/bin/ww_randprog}
OUT=build/randprog/gen-test
mkdir -p "$OUT"
export ASAN_OPTIONS=exitcode=99:detect_leaks=1
export UBSAN_OPTIONS=exitcode=98:print_stacktrace=1:halt_on_error=1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect_exit CODE ARGS...
expect_exit() {
  local want=$1
  shift
  "$GEN" "$@" >"$OUT/stdout" 2>"$OUT/stderr"
  local rc=$?
  if grep -q -E 'Sanitizer|runtime error:' "$OUT/stderr"; then
    bad "sanitizer report: $GEN $*"
  elif [ $rc -ne "$want" ]; then
    bad "exit $rc, expected $want: $GEN $*"
  else
    ok
  fi
}

expect_exit 0 --help
expect_exit 2
expect_exit 2 --seed
expect_exit 2 --seed x
expect_exit 2 --seed -1
expect_exit 2 --seed 1 --grid 0
expect_exit 2 --seed 1 --grid 7
expect_exit 2 --seed 1 --block 33
expect_exit 2 --seed 1 --insns 5000
expect_exit 2 --seed 1 --inject-bug nothing
expect_exit 2 --seed 1 --frobnicate
expect_exit 2 --seed 1 --print-launch -o -
expect_exit 2 --seed 1 -o /nonexistent-dir/x.S
grep -q 'cannot write' "$OUT/stderr" && ok || bad "-o into a missing directory: no 'cannot write' message"

# determinism and the header
for s in 0 1 42 18446744073709551615; do
  expect_exit 0 --seed "$s" -o "$OUT/a.S"
  expect_exit 0 --seed "$s" -o "$OUT/b.S"
  cmp -s "$OUT/a.S" "$OUT/b.S" && ok || bad "seed $s: two runs differ"
  read -r g b n < <("$GEN" --seed "$s" --print-launch)
  grep -q "launch: grid=$g block=$b out_bytes=$n\$" "$OUT/a.S" && ok ||
    bad "seed $s: header does not say grid=$g block=$b out_bytes=$n"
  [ "$n" -eq $((g * b * 128 + g * 64 + 64)) ] && ok || bad "seed $s: out_bytes $n is not grid*block*128 + grid*64 + 64"
  "$GEN" --seed "$s" >"$OUT/c.S" && cmp -s "$OUT/a.S" "$OUT/c.S" && ok || bad "seed $s: stdout differs from -o"
done
"$GEN" --seed 1 -o "$OUT/a.S" && "$GEN" --seed 2 -o "$OUT/b.S"
cmp -s "$OUT/a.S" "$OUT/b.S" && bad "seeds 1 and 2 give the same program" || ok

# overrides
read -r g b n < <("$GEN" --seed 9 --grid 3 --block 17 --print-launch)
[ "$g $b $n" = "3 17 $((3 * 17 * 128 + 3 * 64 + 64))" ] && ok || bad "--grid 3 --block 17 gave '$g $b $n'"

# shapes over many seeds
shapes=$(for s in $(seq 1 300); do "$GEN" --seed "$s" --print-launch; done)
grids=$(awk '{ print $1 }' <<<"$shapes" | sort -un | tr '\n' ' ')
[ "$grids" = "1 2 3 4 5 6 " ] && ok || bad "grids seen: $grids"
awk '$2 < 1 || $2 > 32 { exit 1 }' <<<"$shapes" && ok || bad "a block outside 1..32"
awk '$2 == 1 { a = 1 } $2 == 32 { b = 1 } $2 % 8 != 0 { c = 1 } $2 % 8 == 0 { d = 1 }
     END { exit !(a && b && c && d) }' <<<"$shapes" && ok ||
  bad "blocks do not include 1, 32, partial and full warps"

# mutants are marked, legal programs are not
for m in divergent bar race; do
  "$GEN" --seed 5 --inject-bug "$m" -o "$OUT/m.S" && grep -q "INJECTED BUG" "$OUT/m.S" && ok ||
    bad "--inject-bug $m: no INJECTED BUG marker"
done
grep -q "INJECTED" "$OUT/a.S" && bad "a legal program mentions INJECTED" || ok

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
