#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_cov_report.sh -- checks tb/coverage/cov_report.py on a small coverage
# file written here in Verilator's format (test coverage/report of `make
# test`): per-module counts with a parameterized copy merged by source point,
# reachable counts with exclusions by text anchor, line range and tail path,
# the never-hit list, and the errors: an exclusion that matches no point, an
# excluded point that was hit, an anchor that is not in its file exactly once.
# Last line: "N passed, N failed".
set -uo pipefail

OUT=build/coverage/test-report
rm -rf "$OUT"
mkdir -p "$OUT/rtl/x"
pass=0 fail=0
check() {   # check WHAT COMMAND...: the command must succeed
  local what=$1
  shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $what"; fi
}

# a module source the text anchors point into
cat >"$OUT/rtl/x/ww_m.v" <<'EOF'
module ww_m;
  always @(*) begin
    case (s)
      0: a = 1;
      1: a = 2;
      default: a = 3;
    endcase
  end
endmodule
EOF

# point FILE LINE PAGE COMMENT COUNT: one line of a Verilator coverage file
point() {
  printf "C '\001f\002%s\001l\002%s\001n\0023\001page\002%s\001o\002%s\001h\002TOP.x' %s\n" "$@"
}
{
  echo "# SystemC::Coverage-3"
  point "$OUT/rtl/x/ww_m.v" 2 v_line/ww_m block 10
  point "$OUT/rtl/x/ww_m.v" 4 v_line/ww_m case 5
  point "$OUT/rtl/x/ww_m.v" 5 v_line/ww_m case 0
  point "$OUT/rtl/x/ww_m.v" 5 v_line/ww_m__P1 case 2    # a parameterized copy hit it
  point "$OUT/rtl/x/ww_m.v" 6 v_line/ww_m case 0
  point "$OUT/rtl/x/ww_n.v" 3 v_line/ww_n if 0
  point "$OUT/rtl/x/ww_m.v" 1 v_toggle/ww_m 'a[0]' 4
  point "$OUT/rtl/x/ww_m.v" 1 v_toggle/ww_m 'a[1]' 0
  point "$OUT/rtl/x/ww_m.v" 1 v_toggle/ww_m__P1 'a[1]' 1
  point "$OUT/rtl/x/ww_m.v" 1 v_toggle/ww_m 'a[2]' 0
} >"$OUT/cov.dat"

report() {   # report EXCLUSIONS: runs the report, status in $rc, JSON in $OUT/r.json
  python3 tb/coverage/cov_report.py "$OUT/cov.dat" "$1" "$OUT/r.json" >"$OUT/stdout" 2>"$OUT/stderr"
  rc=$?
}
json() { python3 -c "import json,sys; j=json.load(open('$OUT/r.json')); sys.exit(0 if ($1) else 1)"; }

# ---- no exclusions ----
: >"$OUT/none.txt"
report "$OUT/none.txt"
check "no exclusions: exit 0" [ $rc -eq 0 ]
check "raw counts: 3 of 5 lines, 2 of 3 toggles" \
  json "j['total']['lines_hit'] == 3 and j['total']['lines_total'] == 5 and j['total']['toggles_hit'] == 2 and j['total']['toggles_total'] == 3"
check "copies merge: ww_m has 4 points, 3 hit" \
  json "[(m['lines_hit'], m['lines_total']) for m in j['modules'] if m['module'] == 'ww_m'] == [(3, 4)]"
check "never hit: ww_m.v:6 and ww_n.v:3" \
  json "sorted((p['file'].split('/')[-1], p['line']) for p in j['never_hit']['line']) == [('ww_m.v', 6), ('ww_n.v', 3)]"
check "never-hit toggle: a[2]" json "[p['what'] for p in j['never_hit']['toggle']] == ['a[2]']"
check "table printed" grep -q -E '^total +3/5 ' "$OUT/stdout"

# ---- exclusions by text (tail path) and by line ----
printf '%s\n' "# comment" "ww_m.v | text=default: a = 3; | line | [default] test" \
  "rtl/x/ww_n.v | 3 | line | [interface] test" >"$OUT/ok.txt"
report "$OUT/ok.txt"
check "exclusions: exit 0" [ $rc -eq 0 ]
check "reachable 3 of 3, raw still 3 of 5" \
  json "j['total']['reachable_hit'] == 3 and j['total']['reachable_total'] == 3 and j['total']['lines_total'] == 5 and j['total']['lines_excluded'] == 2"
check "excluded points carry their reason" \
  json "sorted(x['reason'] for x in j['excluded']) == ['[default] test', '[interface] test'] and j['never_hit']['line'] == []"

# ---- errors ----
printf '%s\n' "ww_m.v | 8 | line | nothing there" >"$OUT/unused.txt"
report "$OUT/unused.txt"
check "an exclusion matching no point fails" [ $rc -ne 0 ]
check "... and is named" grep -q "match no point" "$OUT/stdout"
printf '%s\n' "ww_m.v | text=0: a = 1; | line | wrong" >"$OUT/hit.txt"
report "$OUT/hit.txt"
check "an excluded point that was hit fails" [ $rc -ne 0 ]
check "... and is named" grep -q "is excluded as unreachable" "$OUT/stdout"
printf '%s\n' "ww_m.v | text=a = | line | ambiguous" >"$OUT/dup.txt"
report "$OUT/dup.txt"
check "an anchor found more than once fails" [ $rc -ne 0 ]
check "... and says so" grep -q "occurs 3 times" "$OUT/stderr"
printf '%s\n' "ww_m.v 4 line no pipes" >"$OUT/bad.txt"
report "$OUT/bad.txt"
check "a malformed line fails" [ $rc -ne 0 ]

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
