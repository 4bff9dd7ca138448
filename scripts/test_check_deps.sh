#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# test_check_deps.sh -- shows that scripts/check_deps catches back edges: on
# a copy of the tracked tree it must pass unmodified, then fail, naming the
# file and line, on each deliberately introduced back edge (one at a time):
# a runtime source including a test-bench header, a runtime Makefile
# fragment naming tb/, an RTL file including a test-bench file, a block C
# model including the golden GPU model, synthesis naming cmodel/.
set -uo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
copy() {
  rm -rf "$tmp/t" && mkdir -p "$tmp/t"
  git ls-files -z | xargs -0 cp --parents -t "$tmp/t"
}
expect() {  # expect WANT_EXIT WANT_TEXT NAME
  local out rc
  out=$(scripts/check_deps "$tmp/t" 2>&1); rc=$?
  if [ "$rc" = "$1" ] && grep -F -- "$2" <<<"$out" >/dev/null; then
    pass=$((pass + 1)); echo "ok    $3"
  else
    fail=$((fail + 1)); echo "FAIL  $3 (exit $rc, wanted $1 and '$2')"; echo "$out" | tail -5 | sed 's/^/      | /'
  fi
}
copy; expect 0 "every dependency points one way" "unmodified tree passes"
copy; ( cd "$tmp/t" && sed -i '0,/#include "ww_rt_internal.h"/s//#include "ww_rt_internal.h"\n#include "ww_scord_ref.h"/' sw/runtime/ww_device.c )
expect 1 "sw/runtime/ww_device.c:" "runtime includes a tb/ header"
copy; ( cd "$tmp/t" && echo 'RT_CFLAGS += -Itb/scord' >> sw/runtime/runtime.mk )
expect 1 "sw/runtime/runtime.mk:" "runtime fragment names tb/"
copy; ( cd "$tmp/t" && sed -i '1i `include "../../tb/gsi/tb_gsi_trace.v"' rtl/sm/ww_alu.v )
expect 1 "rtl/sm/ww_alu.v:" "RTL includes a test bench"
copy; ( cd "$tmp/t" && sed -i '0,/#include "ww_alu.h"/s//#include "ww_alu.h"\n#include "ww_gpu.h"/' cmodel/sm/ww_alu.c )
expect 1 "a block model may not use the golden GPU model" "block model includes the golden model"
copy; ( cd "$tmp/t" && echo '# a comment naming tb/x is fine' >> synth/run_synth.sh && echo 'x=cmodel/include/ww_config.h' >> synth/run_synth.sh )
expect 1 "synth/run_synth.sh:" "synthesis names cmodel/"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
