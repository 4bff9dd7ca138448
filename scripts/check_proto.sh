#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# check_proto.sh -- the hardware protocol table (cmodel/include/ww_proto.def,
# docs/gpu_rtl.md "The hardware protocol table") is the only place its codes,
# field positions and counter indices are written down:
#   1. drift: rtl/include/ww_proto.vh and cmodel/include/ww_proto.h must be
#      what cmodel/tools/ww_gen_proto.c makes of the .def (run `make gen`);
#   2. literals: no file in rtl/ cmodel/ sw/ tb/ systemc/ may spell one of those
#      values where the generated name belongs. Each rule below is a pattern
#      on one line with its comments removed, aimed at one kind of value, so
#      that it finds what it looks for and nothing else; every hit is
#      reported as file:line.
# Run from the repository root (or any copy of it: scripts/test_check_proto.sh
# runs it on a temporary copy). Exit 0 when both hold, 1 otherwise.
set -uo pipefail

if [[ ! -f cmodel/include/ww_proto.def ]]; then
  echo "check_proto.sh: run from the repository root" >&2
  exit 2
fi
out=${WW_PROTO_CHECK_DIR:-build/proto-check}
mkdir -p "$out"
bad=0

# ---- 1. the generated files -------------------------------------------------
if ! gcc -std=c11 -Wall -Wextra -Werror -Icmodel/include cmodel/tools/ww_gen_proto.c \
       -o "$out/gen" ||
   ! "$out/gen" "$out/ww_proto.vh" "$out/ww_proto.h"; then
  echo "proto: cmodel/tools/ww_gen_proto.c failed on cmodel/include/ww_proto.def"
  exit 1
fi
for f in rtl/include/ww_proto.vh cmodel/include/ww_proto.h; do
  if ! cmp -s "$f" "$out/$(basename "$f")"; then
    echo "proto drift: $f differs from what cmodel/include/ww_proto.def generates (run 'make gen')"
    diff -u "$f" "$out/$(basename "$f")" | head -20
    bad=1
  fi
done

# ---- 2. literals -----------------------------------------------------------
# rule LANG REGEX WHAT: a line (comments removed) that matches the extended
# REGEX is a literal where WHAT belongs. LANG v = Verilog (.v .vh), c = C /
# C++ (.c .h .cpp .def). A Verilog REGEX "NAMES@W" is a shorthand: a line
# that names a signal matching NAMES and holds a W-bit sized literal (W'd..,
# W'h.., W'b..; W = * for any width) -- a code written as a number where that
# signal is driven or compared. Patterns are single-quoted; Q is the
# apostrophe of a Verilog sized literal.
rules_lang=() rules_re=() rules_what=()
rule() { rules_lang+=("$1"); rules_re+=("${2//Q/\'}"); rules_what+=("$3"); }

# request-id classes and the sideband layout
rule v '\b8Q[hH](20|40|80)\b' 'a request-id class: `WW_REQID_* (bit: `WW_REQID_*_BIT)'
rule v '_id_?[io]?\w*\[ *[0-9]+ *\]' 'a request-id bit by number: `WW_REQID_<CLASS>_BIT'
rule v '(\b(7|64) *\+ *WID_W\b|\bWID_W *\+ *(7|64)\b|\bSB_W *- *64\b)' \
  'sideband arithmetic: `WW_SB_*_LSB(...) / `WW_SB_W(...)'
# CSR numbers (ww_isa.def)
rule v '\b[0-9]+Q[hH][cC][cC][0-9a-fA-F]\b' 'a CSR number: WW_CSR_* of ww_isa.vh'
# codes carried by named signals
rule v 'why@3' 'a GSI LSU reason: `WW_GSI_WHY_*'
rule v '\b(cls|rcls|cyc|stall_o|dbg_stall)\w*@3' 'a GSI class: `WW_GSI_*'
rule v '\b(l1_stall|req_stall\w*|stall)\b@3' 'an L1 stall reason: `WW_L1_STALL_*'
rule v '(ld_src|ld_done_src|lvl|aw_src|src_q)\w*@2' 'a GSI load source: `WW_GSI_SRC_*'
rule v '(\bsub\b|sub_o)@3' 'a GSI memory-structural sub-class: `WW_GSI_MS_*'
rule v '\bsy\b@3' 'a GSI synchronization sub-class: `WW_GSI_SY_*'
rule v '(infl_kind|\bkind\b)\w*@2' 'a GSI in-flight kind: `WW_GSI_KIND_*'
rule v '(trap_kind|_trap_c|fault_kind|fkind)\w*@5' 'a trap cause: `WW_TRAP_* (WW_TRAP_W bits)'
rule v '\b(ret_mem_o|ret_mem_q|mem_q|done_mem_o|lsu_mem|mem_kind)\b@4' \
  'a retire memory kind: `WW_MEM_*'
rule v '\b(rec_sk|in_sk|h_sk|x_rec|sk_lsb|SK_LSB)\b@2' 'a ScoRD record kind: `WW_SCORD_SK_*'
rule v '\b(mreq_op|req_op|rsp_op|det_mreq_op)\w*@*' \
  'a request op: `WW_L2_* / `WW_L1_* / `WW_SHM_* / `WW_STACK_*'
rule v '\blk_op\w*@2' 'a lock-table op: `WW_SCORD_LOCK_OP_*'
rule v '(rtype|race_type|lg_type|v_type|dd_type)\w*@3' 'a race type: `WW_SCORD_RACE_*'
rule v '\b(rec_kind)\b@2' 'a race-log access kind: `WW_SCORD_KIND_*'
rule v '(sk_err|rsp_err)\w*@2' 'a SIMT-stack answer: `WW_STACK_ERR_*'
rule v '(amo_op|amo_code|\baop\b)\w*@4' 'an atomic op: `WW_AMO_*'
rule v '(mode_i|sched_mode)\w*@2' 'a GPUDet mode: `WW_SCHED_*'
rule v '\b(entry_c|header_c|linebuf_q)\[ *[0-9]+ *\* *32\b' \
  'a race-log word by number: `WW_SCORD_ENT_* / `WW_SCORD_HDR_*'
rule v '\blocalparam\b.*\b(T|TRAP|MEM|WHY|MS|RACE|SK|SL|MODE)_[A-Z_]+ *= *[0-9]+Q[dDhH]' \
  'a local copy of a protocol code: the `WW_* name itself'
# C: the same values in the models, the runtime, the tools
rule c '(\b(7|64) *\+ *(WID_W|WW_IDX_W)|\bWID_W *\+ *(7|64)\b|\+ *64 *\+ *2 *\+)' \
  'sideband arithmetic: WW_SB_*_LSB(...) / WW_SB_W(...)'
rule c '(trap\w*(\.|->)kind|trap_kind\w*)\s*(==|!=|=)\s*[0-9]+\b' \
  'a trap cause by number: WW_TRAP_*'
rule c '(\.|->)mem\s*(==|!=|=)\s*[0-9]+\b' 'a retire memory kind by number: WW_MEM_*'
rule c '\binfl_kind\w*\s*(==|!=|=)\s*[0-9]+\b' 'a GSI in-flight kind by number: WW_GSI_KIND_*'
rule c '(ww_trap_kind_t|ww_mem_kind_t)\)\s*[0-9]' \
  'a trap cause / memory kind by number: WW_TRAP_* / WW_MEM_*'
rule c '(\bwhy\s*(==|!=)|\b(lsu_why_i|why_o)\b[^;=!,]*(==|!=)|\b(lsu_why_i|why_o)\s*=)\s*[0-9]+\b' \
  'a GSI LSU reason by number: WW_GSI_WHY_*'
rule c '\b(cls|cls_i|cls_o|rcls|stall)\s*(==|!=)\s*[0-9]+\b' 'a GSI class by number: WW_GSI_*'
rule c '\bid\w*\b[^;]*\b0x(20|40|80)u?\b' 'a request-id class: WW_REQID_*'
rule c 'QaQ *\+[^;]*type[^;]*- *1\b' "a race type's letter: 'a' + type - WW_SCORD_RACE_A"
rule c '\btype\s*(<=|<|>=|>)\s*[0-9]+\b' \
  'a race-type range by number: WW_SCORD_RACE_A .. WW_SCORD_RACE_F'
rule c '\bword\(\w+, *[0-9]+ *\)' \
  'a race-log word by number: WW_SCORD_HDR_* / WW_SCORD_ENT_*'
rule c '#define +WW_\w*COUNTERS +[0-9]+' 'a counter count by number: WW_GSI_CNT_N'
rule c 'WARPS(_PER_SM)? *\* *3\b' 'a GSI class field width by number: WW_GSI_W'

# generated from the tables, or the tables themselves: nothing to check
skip_re='^(rtl/include/ww_(proto|isa|config)\.vh|cmodel/include/ww_(proto|config)\.h'
skip_re+='|cmodel/include/ww_(proto|isa|config)\.def|sw/link/ww_config\.ld)$'

# Every file, comments removed, as "FILE:LINE:code" lines (one awk each for
# Verilog and C; a C block comment may span lines).
strip_v() {
  awk '{ line = $0; sub(/\/\/.*$/, "", line); printf "%s:%d:%s\n", FILENAME, FNR, line }' "$@"
}
strip_c() {
  awk 'FNR == 1 { incom = 0 }
  {
    line = $0; out = ""
    while (length(line) > 0) {
      if (incom) {
        e = index(line, "*/"); if (!e) { line = ""; break }
        line = substr(line, e + 2); incom = 0
      } else {
        s = index(line, "/*"); d = index(line, "//")
        if (d && (!s || d < s)) { out = out substr(line, 1, d - 1); line = ""; break }
        if (!s) { out = out line; line = ""; break }
        out = out substr(line, 1, s - 1); line = substr(line, s + 2); incom = 1
      }
    }
    printf "%s:%d:%s\n", FILENAME, FNR, out
  }' "$@"
}

vfiles=() cfiles=()
while IFS= read -r f; do
  [[ $f =~ $skip_re ]] && continue
  case $f in
    *.v | *.vh) vfiles+=("$f") ;;
    *) cfiles+=("$f") ;;
  esac
done < <(find rtl cmodel sw tb systemc -type f \( -name '*.v' -o -name '*.vh' -o -name '*.c' \
           -o -name '*.h' -o -name '*.cpp' -o -name '*.def' \) | sort)
strip_v "${vfiles[@]}" >"$out/text.v"
strip_c "${cfiles[@]}" >"$out/text.c"

hits=0
for i in "${!rules_re[@]}"; do
  lang=${rules_lang[$i]} pat=${rules_re[$i]} what=${rules_what[$i]}
  if [[ $lang == v && $pat == *@* ]]; then
    names=${pat%@*} w=${pat##*@}
    [[ $w == '*' ]] && w='[0-9]+'
    found=$(grep -E "^[^:]+:[0-9]+:.*($names)" "$out/text.$lang" |
            grep -E "^[^:]+:[0-9]+:.*\b$w'[dDhHbB][0-9a-fA-F_]+" || true)
  else
    found=$(grep -E "^[^:]+:[0-9]+:.*($pat)" "$out/text.$lang" || true)
  fi
  [[ -n $found ]] || continue
  while IFS= read -r l; do
    file=${l%%:*} loc=${l#*:}
    code=${loc#*:}
    code=${code#"${code%%[![:space:]]*}"}
    echo "$file:${loc%%:*}: $what: $code"
    hits=$((hits + 1))
  done <<<"$found"
done
if ((hits)); then
  echo "proto: $hits literal(s) where a ww_proto.def name belongs"
  bad=1
fi
if ((!bad)); then
  n=$(grep -cE '^WW_(CODE|FIELD|COUNTER|COUNTER_CODES)\(' cmodel/include/ww_proto.def)
  echo "proto: $((${#vfiles[@]} + ${#cfiles[@]})) files clean, $n table entries," \
       "ww_proto.vh and ww_proto.h up to date"
fi
exit $bad
