# SPDX-License-Identifier: Apache-2.0
#
# cli_lib.sh -- the checks the warpwatch command-line tests share (sourced
# by test_cli.sh and test_run_tool.sh). The caller sets WW (the tool) and
# OUT (a directory for stdout/stderr) first; it ends with
#   echo "$pass passed, $fail failed"
# Every check counts one pass or one fail; a sanitizer report is a fail.

pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() {
  fail=$((fail + 1))
  echo "FAIL: $*"
  echo "      command: ${last_cmd:-}"
  [ -f "$OUT/stdout" ] && sed 's/^/      stdout| /' "$OUT/stdout" | head -n 8
  [ -f "$OUT/stderr" ] && sed 's/^/      stderr| /' "$OUT/stderr" | head -n 8
  return 0
}

# run EXPECTED_EXIT ARGS... : runs warpwatch, checks the exit status and that
# no sanitizer spoke. stdout and stderr are left in $OUT/stdout, $OUT/stderr.
# run_with PROGRAM EXPECTED_EXIT ARGS... : the same with another program.
# RUN_DIR=DIR run ... : runs it in DIR.
run() { run_with "$WW" "$@"; }
run_with() {
  local bin=$1 want=$2
  shift 2
  [ -n "${RUN_DIR:-}" ] && [[ "$bin" == */* ]] && bin=$(realpath "$bin")
  last_cmd="${RUN_DIR:+(cd $RUN_DIR) }$bin $*"
  (cd "${RUN_DIR:-.}" && "$bin" "$@") >"$OUT/stdout" 2>"$OUT/stderr"
  local rc=$?
  if grep -q -E 'Sanitizer|runtime error:' "$OUT/stderr"; then
    bad "sanitizer report (exit $rc)"
    return 1
  fi
  if [ "$rc" -ne "$want" ]; then
    bad "exit $rc, expected $want"
    return 1
  fi
  ok
  return 0
}

# has FILE TEXT : FILE contains TEXT literally
has() {
  if grep -q -F -- "$2" "$OUT/$1"; then ok; else bad "$1 lacks: $2"; fi
}

# one_line_error TEXT : stderr is exactly one line, "warpwatch: error: ...TEXT..."
one_line_error() {
  local n
  n=$(wc -l <"$OUT/stderr")
  if [ "$n" -eq 1 ] && grep -q '^warpwatch: error: ' "$OUT/stderr" && grep -q -F -- "$1" "$OUT/stderr"; then
    ok
  else
    bad "stderr is not one error line with: $1"
  fi
}

# json_ok PYTHON_EXPR : stdout parses as JSON and the expression on `j` holds
json_ok() {
  if python3 -m json.tool "$OUT/stdout" >/dev/null 2>&1 &&
    python3 -c "import json,sys; j=json.load(open('$OUT/stdout')); sys.exit(0 if ($1) else 1)"; then
    ok
  else
    bad "JSON check failed: $1"
  fi
}

